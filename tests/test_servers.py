"""Several servers of one site (docs/operations.md, "More than one server"): each request may
land on any of them, so whatever one relies on from an earlier request is in the database,
in the shared cache, or signed with the site's one SECRET_KEY.

Each server here is a process of its own (tests/serving.py) started with the same settings:
the same database (a SQLite file), the same SECRET_KEY and, in the second test, the same
Redis cache. None has seen the game before it is asked about it. What one server gave a
tablet (its session, its poll ticket, its ETag, its API token) is honoured by another; a
server with another SECRET_KEY reads neither the session nor the poll ticket.
"""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.conftest import broker_url
from tests.test_settings import manage, run

CSRF_INPUT = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
HTMX = {"HX-Request": "true"}


class Site:
    """The settings every server of the site is started with."""

    def __init__(self, database: Path, cache_url: str = "") -> None:
        self.env = {
            "DATABASE_URL": f"sqlite:///{database}",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "testserver",
            "CACHE_URL": cache_url,
        }
        done = manage("migrate", "--noinput", **self.env)
        assert done.returncode == 0, done.stderr

    def serve(self, step: str, given: dict[str, Any], **changed: str) -> Any:
        """What a server of this site (or of a site differing by ``changed``) answers."""
        done = run("-m", "tests.serving", step, json.dumps(given), **{**self.env, **changed})
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.splitlines()[-1])


def same_but_tokens(html: str) -> str:
    return CSRF_INPUT.sub(r"\1<csrf>\2", html)


def test_a_tablet_is_answered_alike_by_every_server_of_the_site(tmp_path: Path) -> None:
    site = Site(tmp_path / "shared.sqlite3")
    opened = site.serve("open", {"host": "hostess", "player": "benny"})
    page, api = f"/games/{opened['game']}/", f"/api/games/{opened['game']}/"
    cookies, ticket = opened["cookies"], _ticket(opened["live"])
    poll = {**HTMX, "If-None-Match": opened["etag"]}
    ticketed = {**poll, "X-Poll-Ticket": ticket}
    token = {"Authorization": f"Token {opened['token']}", "If-None-Match": opened["etag"]}

    # another server: the page's poll with its ticket, in one query; with the session
    # alone; and the API's poll with the token
    early = site.serve("get", {"url": page, "headers": ticketed})
    assert (early["status"], early["etag"], early["queries"]) == (304, opened["etag"], 1)
    by_session = site.serve("get", {"url": page, "cookies": cookies, "headers": poll})
    assert by_session["status"] == 304
    by_token = site.serve("get", {"url": api, "headers": token})
    assert (by_token["status"], by_token["queries"]) == (304, 1)

    # a third records an action; a fourth answers the tablet's next poll with the change,
    # the same ticket for its next poll, and the part any server renders for that viewer
    acted = site.serve("act", {"game": opened["game"], "token": opened["token"], "version": 0})
    assert acted == {"status": 201, "version": 1}
    changed = site.serve("get", {"url": page, "cookies": cookies, "headers": ticketed})
    assert changed["status"] == 200 and 'data-version="1"' in changed["body"]
    assert changed["poll"]["X-Poll-Ticket"] == ticket
    again = site.serve("get", {"url": page, "cookies": cookies, "headers": HTMX})
    assert same_but_tokens(again["body"]) == same_but_tokens(changed["body"])
    assert again["etag"] == changed["etag"] != opened["etag"]

    # a server with another SECRET_KEY reads neither the ticket nor the session
    stranger = {"SECRET_KEY": secrets.token_urlsafe(50)}
    foreign = site.serve("get", {"url": page, "cookies": cookies, "headers": ticketed}, **stranger)
    assert foreign["status"] == 403


@pytest.mark.real_worker
def test_servers_sharing_redis_share_the_live_parts_and_the_throttles(tmp_path: Path) -> None:
    """With CACHE_URL (the Redis that .ci/run starts for the broker, in a database of its
    own), a live part one server rendered is read by another, and failed sign-ins counted
    by one are counted by all."""
    parts = urlsplit(broker_url())
    site = Site(tmp_path / "shared.sqlite3", urlunsplit(parts._replace(path="/7")))
    name = f"benny-{secrets.token_hex(4)}"
    opened = site.serve("open", {"host": f"hostess-{name}", "player": name})
    page = f"/games/{opened['game']}/"
    read = site.serve("get", {"url": page, "cookies": opened["cookies"], "headers": HTMX})
    assert read["status"] == 200 and read["rendered"] == 0
    assert same_but_tokens(read["body"]) == same_but_tokens(opened["live"])

    few = {"THROTTLE_SIGN_IN_ACCOUNT": "2/hour"}
    for _ in range(2):
        assert site.serve("sign_in", {"username": name}, **few)["status"] == 400
    assert site.serve("sign_in", {"username": name}, **few)["status"] == 429


def _ticket(live: str) -> str:
    found = re.search(r"&quot;X-Poll-Ticket&quot;: &quot;([^&]*)&quot;", live)
    assert found, "the live part names its poll ticket"
    return found.group(1)
