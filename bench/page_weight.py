"""How heavy is each page on the wire: the bytes a browser receives when it first opens a page,
and when it opens the page again.

Run from the project root (Debian's Chromium at /usr/bin/chromium)::

    .venv/bin/python bench/page_weight.py
    .venv/bin/python bench/page_weight.py --page home --page odds

It makes a throwaway SQLite database, migrates it, loads the starter catalogs, makes an
account hosting one game of each tracked system (set up by each engine's example, through the
tracker's service) with a saved roster it shares and a checked batch of decks, collects the
static files and serves Referee under gunicorn as deployed (DEBUG off, bench/server.py). Then
Chromium opens each main page in a fresh browser context, empty cache, signed in as the host
(with the CSRF cookie that signing in leaves), and counts every byte it receives over the
network until the page is loaded and quiet (headers included, bodies as sent, compressed or
not); it leaves the page, opens it again in the same context and counts again. A resource the
browser takes from its cache costs nothing; one it asks for again costs its answer (a 304's
headers, or the whole file). The target: every page under 60 KB first and under 15 KB again;
Swagger UI and ReDoc, which a developer opens by choice from the API reference to try
requests, are measured but exempt.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, bench/ would be first on the path instead
    sys.path.insert(0, str(ROOT))

from bench.server import collect_static, gunicorn_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
FIRST_TARGET = 60 * 1000
AGAIN_TARGET = 15 * 1000
QUIET_MS = 600  # a page is settled once nothing has moved on the network for this long

PREPARE = """
import json
from importlib import import_module
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from games.batches.service import start_batch
from games.lists.service import save_list, share
from games.models import Catalog
from games.tracker.lifecycle import create_game
from games import registry

host = User.objects.create_user("bench-host")
games = {}
for slug, engine in registry.trackers().items():
    game = create_game(host=host, system=slug, name="", setup=engine.example_setup())
    games[slug] = str(game.pk)
store = import_module(settings.SESSION_ENGINE).SessionStore()
store[SESSION_KEY] = str(host.pk)
store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
store[HASH_SESSION_KEY] = host.get_session_auth_hash()
store.save()
catalog = Catalog.objects.order_by("system", "slug").first()
roster = {
    "format": "azrah-roster",
    "guardians": [f"AZR-{n:03}" for n in range(1, 16)],
    "mana": 10,
    "gems": 3,
    "party": {"front": ["AZR-001", "AZR-002", "AZR-003"], "back": ["AZR-004", "AZR-005"]},
}
saved = save_list(owner=host, system="azrah", name="Dawn party", payload=roster)
deck = "Leader: AZK-001\\nGate: AZK-003\\n4 AZK-010\\n3 AZK-999\\n"
job = start_batch(
    system="azuki",
    lists=[{"name": f"deck {n}", "format": "text", "data": deck} for n in range(20)],
)
print(json.dumps({
    "games": games,
    "session": store.session_key,
    "catalog": f"/catalogs/{catalog.system}/{catalog.slug}/{catalog.version}/",
    "shared": f"/lists/shared/{share(saved)}/",
    "batch": f"/batches/{job.pk}/",
}))
"""


@dataclass(frozen=True)
class Weight:
    path: str
    first: int  # bytes received opening the page with an empty cache
    first_requests: int  # responses that came over the network
    again: int  # bytes received opening it again
    again_requests: int
    detail: tuple[tuple[str, int, int], ...]  # each URL: bytes first, bytes again


def pages(prepared: dict[str, Any]) -> dict[str, str]:
    """The main pages by name: each a path on the site."""
    named = {
        "home": "/",
        "odds": "/azeroth/odds/",
        "army builder": "/azeroth/army/",
        "deck builder": "/azuki/deck/",
        "roster builder": "/azrah/roster/",
        "catalogs": "/catalogs/",
        "catalog detail": prepared["catalog"],
        "batch upload": "/batches/",
        "batch results": prepared["batch"],
        "my lists": "/lists/",
        "shared list": prepared["shared"],
        "sign in": "/accounts/login/",
        "sign up": "/accounts/signup/",
        "games": "/games/",
    }
    for slug, pk in prepared["games"].items():
        named[f"game: {slug}"] = f"/games/{pk}/"
    named["game history"] = f"/games/{prepared['games']['azrah']}/history/"
    named["rulings"] = "/rulings/"
    named["API docs"] = "/api/docs/"
    named["API schemas"] = "/api/docs/schemas/"
    named["Swagger UI"] = "/api/docs/try/"
    named["ReDoc"] = "/api/redoc/"
    return named


# The interactive API pages, opened by choice from the reference at /api/docs/ (which meets the
# target) to try requests: their script is the weight, and they say so where they are linked.
EXEMPT = frozenset({"Swagger UI", "ReDoc"})


def prepare(env: dict[str, str]) -> dict[str, Any]:
    for command in (["migrate", "--verbosity=0"], ["load_starter_data"]):
        subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    made = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PREPARE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if made.returncode != 0:
        sys.exit(f"error: preparing the pages' data failed:\n{made.stderr}")
    result: dict[str, Any] = json.loads(made.stdout.strip().splitlines()[-1])
    return result


def measure(browser: Any, base_url: str, session: str, path: str) -> Weight:
    """Open ``path`` in a fresh context with an empty cache, then again, counting the bytes
    received each time (Chromium's own count of what came over the network)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_cookies([{"name": "sessionid", "value": session, "url": base_url}])
    # A player signed in through the sign-in form, which left its CSRF cookie: a page with a
    # form sets it here, outside the page's cache and its count.
    context.request.get(base_url + "/lists/")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    received: dict[str, int] = {}  # bytes by URL, of one opening
    cdp.on("Network.requestWillBeSent", lambda event: urls.update({
        event["requestId"]: event["request"]["url"].removeprefix(base_url)
    }))  # fmt: skip

    def finished(event: dict[str, Any]) -> None:
        url = urls.get(event["requestId"], "?")
        received[url] = received.get(url, 0) + int(event["encodedDataLength"])

    cdp.on("Network.loadingFinished", finished)

    def open_once() -> dict[str, int]:
        received.clear()
        response = page.goto(base_url + path, wait_until="load")
        if response is None or response.status != 200:
            status = None if response is None else response.status
            raise RuntimeError(f"{path} answered {status}")
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(QUIET_MS)
        return dict(received)

    first = open_once()
    page.goto("about:blank")
    again = open_once()
    context.close()
    detail = tuple((url, first.get(url, 0), again.get(url, 0)) for url in {**first, **again})
    return Weight(
        path,
        sum(first.values()),
        sum(1 for size in first.values() if size),
        sum(again.values()),
        sum(1 for size in again.values() if size),
        detail,
    )


def kb(size: int) -> str:
    return f"{size / 1000:,.1f} KB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--page", action="append", help="measure only this page (by name; may be repeated)"
    )
    parser.add_argument("--detail", action="store_true", help="also print each URL's bytes")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="referee-weight-") as folder:
        secret = {"SECRET_KEY": secrets.token_urlsafe(50), "LOG_LEVEL": "ERROR"}
        database = {"DATABASE_URL": f"sqlite:///{folder}/db.sqlite3"}
        static_root = str(Path(folder) / "static")
        collecting = collect_static(static_root, secret)  # meanwhile, the data is made
        prepared = prepare({**os.environ, **database, **secret})
        if collecting.wait() != 0:
            sys.exit("error: collectstatic failed")
        os.environ.update(database)  # gunicorn_server passes os.environ on
        named = pages(prepared)
        chosen = args.page or list(named)
        unknown = [name for name in chosen if name not in named]
        if unknown:
            sys.exit(f"error: no page named {', '.join(unknown)}; pages: {', '.join(named)}")
        with (
            gunicorn_server(2, extra_env=secret, static_root=static_root) as base_url,
            sync_playwright() as playwright,
        ):
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            weights = {
                name: measure(browser, base_url, prepared["session"], named[name])
                for name in chosen
            }
            browser.close()
    print(f"{'page':<20} {'first open':>22} {'opened again':>22}")
    over = []
    for name, weight in weights.items():
        first = f"{kb(weight.first)} ({weight.first_requests})"
        again = f"{kb(weight.again)} ({weight.again_requests})"
        exempt = "  (exempt: interactive, linked from the reference)" if name in EXEMPT else ""
        print(f"{name:<20} {first:>22} {again:>22}{exempt}")
        if args.detail:
            for url, first_bytes, again_bytes in weight.detail:
                print(f"  {url[:60]:<60} {kb(first_bytes):>10} {kb(again_bytes):>10}")
        if name in EXEMPT:
            continue
        if weight.first > FIRST_TARGET or weight.again > AGAIN_TARGET:
            over.append(name)
    print(
        f"(bytes received, headers included; in brackets the responses that came over the "
        f"network, not from the cache. Target: under "
        f"{kb(FIRST_TARGET)} first, under {kb(AGAIN_TARGET)} again.)"
    )
    if over:
        print(f"over the target: {', '.join(over)}")


if __name__ == "__main__":
    main()
