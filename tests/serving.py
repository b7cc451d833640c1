"""One server of the site, for one step of tests/test_servers.py: a process of its own, started
with the settings it is given (the database, the cache, the secret key), that has never seen
the game before. ``python -m tests.serving <step> <json>`` prints its answer as JSON.

Each step uses Django's test client as its WSGI entry: the requests go through the whole
middleware stack and the views exactly as gunicorn would send them, without a socket."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from html import unescape
from typing import Any

import django

Given = dict[str, Any]
HTMX = {"HX-Request": "true"}


def _client(cookies: dict[str, str]) -> Any:
    from django.test import Client

    client = Client()
    for name, value in cookies.items():
        client.cookies[name] = value
    return client


def _poll_headers(html: str) -> dict[str, str]:
    found = re.search(r'hx-headers="([^"]*)"', html)
    assert found, "the live part names its poll's headers"
    headers: dict[str, str] = json.loads(unescape(found.group(1)))
    return headers


def open_game(given: Given) -> Given:
    """The host starts a game, the player joins it and signs in on a tablet that opens the
    table page; and the player makes an API token."""
    from django.contrib.auth.models import User

    from games.tracker.lifecycle import create_game, join
    from tests.games.tracker.support import AZRAH_SETUP
    from tests.tokens import token_for

    host = User.objects.create_user(given["host"])
    player = User.objects.create_user(given["player"])
    game = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    join(game, player, game.join_token, 1)
    tablet = _client({})
    tablet.force_login(player)
    tablet.get(f"/games/{game.pk}/")  # the whole page: its CSRF cookie
    part = tablet.get(f"/games/{game.pk}/", headers=HTMX)
    return {
        "game": str(game.pk),
        "cookies": {name: morsel.value for name, morsel in tablet.cookies.items()},
        "token": token_for(player),
        "status": part.status_code,
        "etag": part["ETag"],
        "live": part.content.decode(),
    }


def get(given: Given) -> Given:
    """One GET with the cookies and headers given: its answer, the queries it cost and how
    many live parts were rendered for it (rather than read from the cache)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.views import live

    rendered = 0
    render = live._rendered

    def counted(*args: Any) -> str:
        nonlocal rendered
        rendered += 1
        return render(*args)

    live._rendered = counted  # type: ignore[assignment]
    client = _client(given.get("cookies", {}))
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(given["url"], headers=given.get("headers", {}))
    body = answer.content.decode()
    return {
        "status": answer.status_code,
        "etag": answer.get("ETag"),
        "queries": len(queries),
        "rendered": rendered,
        "body": body,
        "poll": _poll_headers(body) if 'id="live"' in body else None,
    }


def act(given: Given) -> Given:
    """The player records an action through the API with their token."""
    client = _client({})
    body = {
        "system": "azrah",
        "type": "deal_damage",
        "payload": {"seat": 1, "guardian": "Bard", "amount": 1},
        "version": given["version"],
    }
    answer = client.post(
        f"/api/games/{given['game']}/actions/",
        json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Token {given['token']}"},
    )
    return {"status": answer.status_code, "version": answer.json()["game"]["version"]}


def sign_in(given: Given) -> Given:
    """One sign-in through the API with a wrong password."""
    client = _client({})
    body = json.dumps({"username": given["username"], "password": "not the password"})
    answer = client.post("/api/auth/token/", body, content_type="application/json")
    return {"status": answer.status_code}


STEPS: dict[str, Callable[[Given], Given]] = {
    "open": open_game,
    "get": get,
    "act": act,
    "sign_in": sign_in,
}


def main() -> None:
    django.setup()
    step, given = sys.argv[1], json.loads(sys.argv[2])
    print(json.dumps(STEPS[step](given)))


if __name__ == "__main__":
    main()
