"""The table page played through its stream of server-sent events, in Chromium, with the
whole site served by uvicorn (an ASGI server, ``LIVE_EVENTS`` on) as it is deployed beside
gunicorn: each tablet holds ``GET /games/<id>/events/`` open and the live part is pushed to
it as the game changes.

- An action recorded on one tablet reaches the other player's tablet and the spectator's
  without any of them polling: once its stream is open, no tablet sends the poll (a GET of
  the table page with ``HX-Request``), and each did open an EventSource.
- Two actions sent from two tablets against the same version (a heal on each side in the
  Mana stage, which the rules play at once) are both recorded, and every tablet ends on the
  state the engine holds.
- A part pushed while a player is choosing in a menu of the live part is put aside: the menu
  keeps the choice and the focus, and the board catches up once they are done.
- A viewer who may no longer see the game is told through the stream, and the page reloads
  to the page that says they are not at this game; the other player stays at the table.
- A part pushed just after another swap of the live part (an action's answer) is swapped in
  too, however late htmx readies the swapped-in part; an answer that a pushed part overtook
  is not swapped over it. Either way the tablet shows the newest part, which the stream sends
  once, without polling.

PostgreSQL only: uvicorn answers each request in a thread of its own, and the tablets write
at the same moment (the game's row lock orders them, as it does in production; the
in-memory SQLite of the other browser tests has none). Screenshots of the table page served
this way at 1280x800, 800x1280 and 360x740 are saved under /tmp/shots/live-events/."""

from __future__ import annotations

import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import uvicorn
from django.contrib.auth.models import User
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application
from django.db import connection, connections
from playwright.sync_api import Browser, Locator, Request, Route, expect

from games.models import Game
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join, watch
from games.views.events import HUB
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from tests.games.tracker.support import PASSWORD, free_seat
from tests.rules.azeroth.tracker_game import setup

from .conftest import WAIT_MS, OpenTab, Tab, Tabs
from .test_tracker_azeroth_play import TARGETS
from .test_tracker_table import _record

pytestmark = [pytest.mark.browser, pytest.mark.postgres]

SHOTS = Path("/tmp/shots/live-events")

# Kept by each tab from its first script on, in the tab's sessionStorage so that it outlasts
# a reload: every XMLHttpRequest the page sends (and whether its stream had opened then) and
# each one answered, each pushed part and whether it was swapped in, the version of each live
# part swapped in, and how each stream closed.
PROBES = """
(() => {
  const read = (key) => JSON.parse(sessionStorage.getItem(key) || "[]");
  const add = (key, item) => sessionStorage.setItem(key, JSON.stringify([...read(key), item]));
  let opened = false;  // this page's stream has opened (it may have closed since)
  window.__probe = read;
  document.addEventListener("htmx:sseOpen", () => { opened = true; add("opened", Date.now()); });
  document.addEventListener("htmx:sseClose", (event) => { add("closed", event.detail.type); });
  document.addEventListener("htmx:load", (event) => {
    if (event.target.id === "live") add("shown", Number(event.target.getAttribute("data-version")));
  });
  // after tracker.js's own listener on <body>: whether it put the part aside
  document.addEventListener("htmx:sseBeforeMessage", (event) => {
    add("pushed", {
      id: event.detail.lastEventId,
      swapped: !event.defaultPrevented,
      version: document.getElementById("live").getAttribute("data-version"),
    });
  });
  const open = XMLHttpRequest.prototype.open;
  const header = XMLHttpRequest.prototype.setRequestHeader;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.__sent = { method: method.toUpperCase(), path: new URL(url, location.href).pathname,
                    htmx: false };
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.setRequestHeader = function (name, value) {
    if (name.toLowerCase() === "hx-request" && this.__sent) this.__sent.htmx = true;
    return header.call(this, name, value);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    const sent = { ...this.__sent, opened };
    add("xhr", sent);
    // after its "load", whose handler (htmx's) has swapped the answer in, or not
    this.addEventListener("loadend", () => add("answered", { ...sent, status: this.status }));
    return send.apply(this, args);
  };
})();
"""


# --- the site under uvicorn ------------------------------------------------------------------


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return bool(answer.status == 200)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


@pytest.fixture
def asgi_site(
    transactional_db: None, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """The whole site (static files too) served by uvicorn on a free port, in a thread with
    its own event loop, with streams on: its URL. The test's database is committed to, so
    the server's threads see what the test writes and the reverse. Each connection a server
    thread opens is closed when its request ends, and the hub's when the server stops."""
    settings.LIVE_EVENTS = True
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 0)
    application = ASGIStaticFilesHandler(get_asgi_application())
    config = uvicorn.Config(
        application,
        host="127.0.0.1",
        log_level="warning",
        lifespan="off",
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listening.bind(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{listening.getsockname()[1]}"
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [listening]}, name="uvicorn", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + WAIT_MS / 1000
    while not _answers(f"{url}/healthz"):
        assert thread.is_alive(), "uvicorn stopped before it answered"
        assert time.monotonic() < deadline, f"uvicorn did not answer at {url}/healthz"
        time.sleep(0.05)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(WAIT_MS / 1000)
        listening.close()
        HUB._executor.submit(connections.close_all).result()
        assert not thread.is_alive(), "uvicorn did not stop"


@pytest.fixture
def open_live_tab(browser: Browser, asgi_site: str) -> Iterator[OpenTab]:
    """``open_tab`` on the uvicorn site, each tab with the probes; closed (and checked for
    Content-Security-Policy breaches) before the server stops."""
    tabs = Tabs(browser, asgi_site)

    def open_(*args: Any, **kwargs: Any) -> Tab:
        tab = tabs.open(*args, **kwargs)
        tab.page.add_init_script(PROBES)
        return tab

    yield open_
    tabs.close()


# --- the table -------------------------------------------------------------------------------


@dataclass
class Table:
    game: Game
    path: str


def _table(scenario: Scenario, recorded: list[tuple[str, dict[str, Any]]]) -> Table:
    """An Azeroth at War game (Ana's Horde at seat 0, Ben's Alliance at seat 1) hosted by an
    account at no seat, watched by a third, with ``recorded`` (type, payload) recorded by
    the host."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    ana = User.objects.create_user("anna", password=PASSWORD)
    ben = User.objects.create_user("benny", password=PASSWORD)
    watcher = User.objects.create_user("watcher", password=PASSWORD)
    data = AZEROTH.setup_to_json(setup(scenario))
    game = create_game(host=host, system="azeroth", name="Horde v Alliance", setup=data)
    join(game, ana, game.join_token, 0)
    join(game, ben, game.join_token, 1)
    watch(game, watcher, game.watch_token)
    for type, payload in recorded:
        _record(game, "hostess", None, type, **payload)
    return Table(game, f"/games/{game.pk}/")


@pytest.fixture
def mana_stage(transactional_db: None) -> Table:
    """Hold the Line, in round 1's Mana stage (both players play it at once), Ana's
    Warchief 2 Wounds down."""
    return _table(
        Scenario.HOLD_THE_LINE,
        [
            ("edge_roll_off", {"rolls": [2, 5]}),
            ("end_stage", {}),  # Deployment
            ("damage", {"seat": 0, "model": "warchief-1", "amount": 2}),
        ],
    )


@pytest.fixture
def deployment(transactional_db: None) -> Table:
    """Assassination, in the Deployment stage, the table edge rolled for: each player
    nominates a Warlord in secret."""
    return _table(Scenario.ASSASSINATION, [("edge_roll_off", {"rolls": [2, 5]})])


# --- helpers ---------------------------------------------------------------------------------


@dataclass
class Sent:
    """A request a tab sent, as the network saw it."""

    kind: str  # Playwright's resource type: "document", "xhr", "eventsource", ...
    method: str
    path: str


def _network(tab: Tab) -> list[Sent]:
    """Every request ``tab`` sends from now on."""
    sent: list[Sent] = []

    def seen(request: Request) -> None:
        sent.append(Sent(request.resource_type, request.method, urlsplit(request.url).path))

    tab.page.on("request", seen)
    return sent


def _at_the_table(open_live_tab: OpenTab, table: Table, username: str) -> tuple[Tab, list[Sent]]:
    """A tablet signed in as ``username`` on the table page, its stream open."""
    tab = open_live_tab()
    network = _network(tab)
    # as Tab.sign_in, but never waiting for the network to be idle: the stream never is
    tab.page.goto(f"{tab.base_url}/accounts/login/?next={table.path}")
    tab.page.fill("#id_username", username)
    tab.page.fill("#id_password", PASSWORD)
    tab.page.get_by_role("button", name="Sign in").click()
    tab.page.wait_for_url(f"**{table.path}")
    tab.page.wait_for_function("() => window.__probe('opened').length > 0")
    return tab, network


def _probe(tab: Tab, key: str) -> list[Any]:
    found: list[Any] = tab.page.evaluate("(key) => window.__probe(key)", key)
    return found


def _polls_since_the_stream_opened(tab: Tab, table: Table) -> list[dict[str, Any]]:
    """The page's polls (a GET of the table page with HX-Request) sent once its stream had
    opened."""
    return [
        sent
        for sent in _probe(tab, "xhr")
        if sent["method"] == "GET" and sent["path"] == table.path and sent["htmx"]
        if sent["opened"]
    ]


def _streams(network: list[Sent], table: Table) -> list[Sent]:
    return [s for s in network if s.kind == "eventsource" and s.path == f"{table.path}events/"]


def _version(tab: Tab) -> str:
    return tab.page.locator("#live").get_attribute("data-version") or ""


def _commit_ready(tab: Tab, testid: str, headline: str) -> Locator:
    """Tap a counter once and wait until its pending change can be committed."""
    tab.page.get_by_test_id(testid).click()
    pending = tab.page.get_by_test_id("pending")
    expect(pending).to_contain_text(headline)
    commit = pending.get_by_role("button", name="Commit")
    expect(commit).to_be_enabled()
    return commit


def _wounds(tab: Tab, seat: int, model: str) -> Locator:
    return tab.page.get_by_test_id(f"wounds-{seat}-{model}")


def _engine(table: Table) -> Any:
    return current_game(Game.objects.get(pk=table.game.pk))


# --- the tests -------------------------------------------------------------------------------


def test_an_action_reaches_every_tablet_through_the_stream_without_a_poll(
    open_live_tab: OpenTab, mana_stage: Table
) -> None:
    table = mana_stage
    ana, ana_net = _at_the_table(open_live_tab, table, "anna")
    ben, ben_net = _at_the_table(open_live_tab, table, "benny")
    watcher, watcher_net = _at_the_table(open_live_tab, table, "watcher")
    tablets = (ana, ben, watcher)
    start = _engine(table).version
    for tab in tablets:
        expect(tab.page.locator("#live")).to_have_attribute("data-version", str(start))
    expect(ben.page.get_by_test_id("role")).to_have_text("Playing as Ben")
    expect(watcher.page.get_by_test_id("role")).to_have_text("Watching")

    # Ana takes a Wound off Ben's Paladin: Ben's tablet and the spectator's show it
    _commit_ready(ana, "wounds-minus-1-paladin-1", "Damage x1").click()
    expect(ana.page.locator("#pending")).to_be_hidden()
    after = _engine(table)
    assert after.version == start + 1
    paladin = after.state.sides[1].find("paladin-1").wounds_left
    assert paladin == 4  # 5 Wounds, one lost
    for tab in tablets:
        expect(tab.page.locator("#live")).to_have_attribute("data-version", str(after.version))
        expect(_wounds(tab, 1, "paladin-1")).to_have_text(str(paladin))
        expect(tab.page.get_by_test_id(f"log-{after.version}")).to_contain_text("Paladin")
    for tab in (ben, watcher):
        pushed = [p for p in _probe(tab, "pushed") if p["swapped"]]
        etag = tab.page.locator("#live").get_attribute("data-etag")
        assert [p["id"] for p in pushed] == [etag], "the new part came through the stream"
    for tab, network in ((ana, ana_net), (ben, ben_net), (watcher, watcher_net)):
        assert len(_streams(network, table)) == 1
        assert _polls_since_the_stream_opened(tab, table) == []

    # Both heal their own model at once: each tablet's commit is held on its way until the
    # other's is sent too, so both are sent against the version every tablet shows. The
    # rules play the Mana stage at once: neither is refused as stale, whichever is first.
    ana_commit = _commit_ready(ana, "wounds-plus-0-warchief-1", "Heal x1")
    ben_commit = _commit_ready(ben, "wounds-plus-1-paladin-1", "Heal x1")
    held: list[Route] = []

    def together(route: Route) -> None:
        held.append(route)
        if len(held) == 2:
            for each in held:
                each.continue_()

    for tab in (ana, ben):
        tab.page.route(f"**{table.path}act/", together)
    ana_commit.click()
    ben_commit.click()
    final = start + 3
    for tab in tablets:
        expect(tab.page.locator("#live")).to_have_attribute("data-version", str(final))
    sent = [parse_qs(route.request.post_data or "")["version"] for route in held]
    assert sent == [[str(start + 1)], [str(start + 1)]]
    end = _engine(table)
    assert end.version == final
    warchief = end.state.sides[0].find("warchief-1").wounds_left
    paladin = end.state.sides[1].find("paladin-1").wounds_left
    assert (warchief, paladin) == (5, 5)  # 6 - 2 + 1 and 5 - 1 + 1
    heals = sorted((a.type, a.by, a.payload["model"]) for a in end.log[start + 1 :])
    assert heals == [("heal", 0, "warchief-1"), ("heal", 1, "paladin-1")]
    for tab in tablets:
        expect(_wounds(tab, 0, "warchief-1")).to_have_text(str(warchief))
        expect(_wounds(tab, 1, "paladin-1")).to_have_text(str(paladin))
        for seq in (final - 1, final):
            expect(tab.page.get_by_test_id(f"log-{seq}")).to_be_visible()
        expect(tab.page.get_by_test_id("notice")).to_have_count(0)
        assert _polls_since_the_stream_opened(tab, table) == []

    ana.at_every_size(SHOTS, "mana-ana", TARGETS)
    watcher.at_every_size(SHOTS, "mana-watcher", TARGETS)


def test_a_part_pushed_while_a_player_chooses_in_a_menu_keeps_their_choice(
    open_live_tab: OpenTab, deployment: Table
) -> None:
    table = deployment
    ana, _ = _at_the_table(open_live_tab, table, "anna")
    ben, _ = _at_the_table(open_live_tab, table, "benny")
    nominate = "Nominate your Warlord in secret"
    menu = ben.page.locator("form.tr-control", has=ben.page.get_by_role("button", name=nominate))
    menu = menu.get_by_role("combobox")
    expect(menu).to_have_value("sorceress-1")  # as listed
    anas_warlord = ben.page.get_by_test_id("warlord-0")
    expect(anas_warlord).to_have_text("No Warlord named yet")
    menu.focus()
    menu.select_option(label="Paladin")
    menu.evaluate("select => { select.__chosenHere = true; }")
    start = _version(ben)

    # Ana nominates hers while Ben is still in his menu
    theirs = ana.page.locator("form.tr-control", has=ana.page.get_by_role("button", name=nominate))
    theirs.get_by_role("combobox").select_option(label="Warchief")
    menu.select_option(label="Paladin")  # Ben is still choosing
    ana.page.get_by_role("button", name=nominate).click()
    expect(ana.page.get_by_test_id("warlord-0")).to_have_text("Warlord: Warchief")
    ben.page.wait_for_function("() => window.__probe('pushed').length > 0")
    assert [p["swapped"] for p in _probe(ben, "pushed")] == [False]
    # the part was put aside: the menu is the one Ben chose in, chosen and focused
    assert _version(ben) == start
    assert menu.evaluate("select => select.__chosenHere === true && select.value") == "paladin-1"
    assert ben.page.evaluate("document.activeElement.__chosenHere === true")
    expect(anas_warlord).to_have_text("No Warlord named yet")
    assert _polls_since_the_stream_opened(ben, table) == []  # nor polled while choosing

    # done choosing: the next poll fetches the part put aside, and the menu keeps the Paladin
    ben.page.locator("h1").click()
    expect(anas_warlord).to_have_text("Warlord: secret")
    expect(ben.page.locator("#live")).to_have_attribute("data-version", str(_engine(table).version))
    expect(menu).to_have_value("paladin-1")
    assert not menu.evaluate("select => select.__chosenHere === true")  # a new part's menu
    assert len(_polls_since_the_stream_opened(ben, table)) >= 1
    ben.page.get_by_role("button", name=nominate).click()
    expect(ben.page.get_by_test_id("warlord-1")).to_have_text("Warlord: Paladin")
    sides = _engine(table).state.sides
    assert (sides[0].warlord_id, sides[1].warlord_id) == ("warchief-1", "paladin-1")
    expect(ana.page.get_by_test_id("warlord-1")).to_have_text("Warlord: secret")


def test_a_player_who_loses_their_seat_is_sent_away_by_the_stream(
    open_live_tab: OpenTab, mana_stage: Table
) -> None:
    table = mana_stage
    ana, _ = _at_the_table(open_live_tab, table, "anna")
    ben, ben_net = _at_the_table(open_live_tab, table, "benny")
    pages_before = sum(1 for s in ben_net if s.kind == "document" and s.path == table.path)
    # Ben's tablet is slow to load the page again (as a busy one is): his reload is held for
    # more than two of the page's poll intervals, and the page it leaves sends no poll meanwhile.
    # (The page cannot be asked anything while its reload is held: what it sends is seen here.)
    reloads: list[Route] = []
    sent: list[str] = []

    def held(route: Route) -> None:
        if route.request.resource_type == "document":
            reloads.append(route)
            return
        sent.append(f"{route.request.method} {route.request.resource_type}")
        route.continue_()

    page_url = f"**{table.path}"
    ben.page.route(page_url, held)

    free_seat(table.game, 1)
    deadline = time.monotonic() + WAIT_MS / 1000
    while not reloads:
        assert time.monotonic() < deadline, "the page was not loaded again"
        ben.page.wait_for_timeout(20)
    ben.page.wait_for_timeout(2500)
    assert sent == []  # no poll of the page it is leaving
    reloads[0].continue_()
    ben.page.unroute(page_url)
    expect(ben.page.locator("h1")).to_have_text("You are not at this game")
    expect(ben.page.locator("#live")).to_have_count(0)
    assert _probe(ben, "closed") == ["message"]  # the stream's "gone"
    assert _polls_since_the_stream_opened(ben, table) == []
    pages = sum(1 for s in ben_net if s.kind == "document" and s.path == table.path)
    assert pages == pages_before + 1
    ben.at_every_size(SHOTS, "gone-ben", "main a, main button")

    # Ana is still at the table, her stream still open
    expect(ana.page.locator("h1")).to_have_text("Horde v Alliance")
    assert _probe(ana, "closed") == []
    _commit_ready(ana, "wounds-plus-0-warchief-1", "Heal x1").click()
    expect(_wounds(ana, 0, "warchief-1")).to_have_text("5")
    assert _polls_since_the_stream_opened(ana, table) == []


def test_a_part_pushed_while_the_last_swap_settles_is_swapped_in(
    open_live_tab: OpenTab, mana_stage: Table
) -> None:
    """htmx readies a swapped-in live part a moment after the swap (its settle delay, here
    made long, as on a busy tablet whose timers run late). A part pushed in that moment, here
    one recorded by the host right after Ana's own action was answered, is swapped in all
    the same: the stream sends it once, and the tablet does not poll while it is open."""
    table = mana_stage
    ana, _ = _at_the_table(open_live_tab, table, "anna")
    ana.page.evaluate("() => { window.htmx.config.defaultSettleDelay = 10000; }")
    start = _engine(table).version
    _commit_ready(ana, "wounds-plus-0-warchief-1", "Heal x1").click()
    expect(ana.page.locator("#live")).to_have_attribute("data-version", str(start + 1))
    _record(table.game, "hostess", None, "damage", seat=1, model="paladin-1", amount=1)
    newest = _engine(table)
    assert newest.version == start + 2
    expect(ana.page.locator("#live")).to_have_attribute("data-version", str(newest.version))
    paladin = newest.state.sides[1].find("paladin-1").wounds_left
    warchief = newest.state.sides[0].find("warchief-1").wounds_left
    assert (warchief, paladin) == (5, 4)
    expect(_wounds(ana, 1, "paladin-1")).to_have_text(str(paladin))
    expect(_wounds(ana, 0, "warchief-1")).to_have_text(str(warchief))
    assert _polls_since_the_stream_opened(ana, table) == []


def test_a_part_pushed_while_the_tablet_awaits_its_own_answer_waits_for_it(
    open_live_tab: OpenTab, mana_stage: Table
) -> None:
    """Ana's tablet sends an action, and the stream pushes a newer part (her action and one
    the host recorded after it) before the action's answer arrives. The answer is the part
    to show first (a refusal or a notice would be in it): the pushed part is put aside, no
    poll is sent while the answer is awaited, and once it is shown the next poll brings the
    newest part. The tablet never goes back to an older version."""
    table = mana_stage
    ana, _ = _at_the_table(open_live_tab, table, "anna")
    start = _engine(table).version
    held: list[Route] = []
    ana.page.route(f"**{table.path}act/", lambda route: held.append(route))
    _commit_ready(ana, "wounds-plus-0-warchief-1", "Heal x1").click()
    deadline = time.monotonic() + WAIT_MS / 1000
    while not held:
        assert time.monotonic() < deadline, "the commit was not sent"
        ana.page.wait_for_timeout(20)
    answer = held[0].fetch()  # recorded; the answer is kept on its way
    assert answer.status == 200 and f'data-version="{start + 1}"' in answer.text()
    _record(table.game, "hostess", None, "damage", seat=1, model="paladin-1", amount=1)
    newest = _engine(table)
    assert newest.version == start + 2
    ana.page.wait_for_function("() => window.__probe('pushed').length > 0")
    ana.page.wait_for_timeout(1500)  # more than a poll's second: none is sent meanwhile
    assert _polls_since_the_stream_opened(ana, table) == []
    expect(ana.page.locator("#live")).to_have_attribute("data-version", str(start))
    held[0].fulfill(response=answer)
    expect(ana.page.locator("#live")).to_have_attribute("data-version", str(newest.version))
    shown = _probe(ana, "shown")
    assert shown == sorted(shown), shown  # never back to an older version
    assert start + 1 in shown
    expect(_wounds(ana, 0, "warchief-1")).to_have_text("5")  # healed: 6 - 2 + 1
    expect(_wounds(ana, 1, "paladin-1")).to_have_text("4")  # 5 - 1
    expect(ana.page.locator("#pending")).to_be_hidden()
    assert len(_polls_since_the_stream_opened(ana, table)) == 1  # the one that fetched it
