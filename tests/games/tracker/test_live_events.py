"""The table page's live part pushed as it changes (server-sent events,
games/views/events.py): a stream is checked once when it opens as the page is, each event is
byte for byte what the page's poll would have answered that viewer (but for the CSRF token,
masked afresh), a viewer who may no longer see the game is told so and the stream ends, and
what a stream sends never depends on another seat's secret.

The streams are opened through Django's ASGI test client; the hub that looks for changes is
run by the test at the moments it chooses (``look``), not by its own clock."""

from __future__ import annotations

import asyncio
import html
import re
import zlib
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass
from importlib import import_module
from typing import Any, TypeVar

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.db import connections
from django.test import AsyncClient, Client

from games.models import Game
from games.tracker.access import Access, Role
from games.tracker.http import etag
from games.views import events, live
from games.views.events import HUB, event_bytes
from referee.rules.azrah.system import AZRAH
from tests.games.tracker.support import client_for, free_seat, game, host, player, spectator
from tests.games.tracker.test_noninterference_pages import (
    CSRF_INPUT,
    account,
    normalised,
    pair,
    record,
)
from tests.games.tracker.test_polling import as_the_page_polls, damage, poll
from tests.rules.azrah.test_tracker_noninterference import other_setup
from tests.rules.tracker.azrah_game import CARDED

__all__ = ["game", "host", "player", "spectator"]

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"HX-Request": "true"}
BARD_HIT = {"seat": 1, "guardian": "Bard", "amount": 1}  # a Guardian in Ben's front row
T = TypeVar("T")


@pytest.fixture(autouse=True)
def streams_on(settings: Any) -> None:
    settings.LIVE_EVENTS = True
    settings.LIVE_EVENTS_CHECK_SECONDS = 3600  # the hub looks only when a test says so
    caches["live"].clear()
    caches["fragments"].clear()


def run(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``scenario`` run to its end; then the database connections its requests opened, in
    the thread Django's ASGI side runs them in, are closed (the test database is dropped at
    the end of the run, and a connection left open would hold it)."""

    async def whole() -> T:
        try:
            return await scenario()
        finally:
            await sync_to_async(connections.close_all)()

    return asyncio.run(whole())


@dataclass
class Event:
    name: str
    id: str
    data: str


def parsed(text: str) -> list[Event]:
    """The events in ``text`` (comments and the retry line aside)."""
    found = []
    for block in text.split("\n\n"):
        fields: dict[str, list[str]] = {}
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(": ")
            fields.setdefault(name, []).append(value)
        if "event" in fields:
            found.append(
                Event(fields["event"][0], fields.get("id", [""])[0], "\n".join(fields["data"]))
            )
    return found


class Stream:
    """One viewer's open stream, read a chunk at a time."""

    def __init__(self, response: Any) -> None:
        self.response = response
        self.chunks: AsyncIterator[bytes] = response.streaming_content.__aiter__()
        self.hub: events.Stream | None = None  # the hub's side of it, once it has opened
        self.inflate = (
            zlib.decompressobj(31) if response.get("Content-Encoding") == "gzip" else None
        )

    async def read(self) -> str:
        chunk = await asyncio.wait_for(self.chunks.__anext__(), 10)
        return (self.inflate.decompress(chunk) if self.inflate else chunk).decode()

    async def events_after_a_look(self) -> list[Event]:
        """What the stream sends when the hub next looks for changes."""
        await look()
        # the hub hands the stream its event through the loop; nothing waiting: nothing sent
        await asyncio.sleep(0.05)
        if self.hub is None or not self.hub.ready.is_set():
            return []
        return parsed(await self.read())

    async def close(self) -> None:
        await self.chunks.aclose()  # type: ignore[attr-defined]


def hub_streams() -> set[events.Stream]:
    return {s for streams in HUB._streams.values() for s in streams}


async def look() -> None:
    await sync_to_async(HUB.check)()


async def opened(
    user: User | None, game: Game, since: str | None = None, headers: dict[str, str] | None = None
) -> Stream:
    client = AsyncClient()
    if user is not None:
        await client.aforce_login(user)
    query = {} if since is None else {"since": since}
    response = await client.get(f"/games/{game.pk}/events/", query, headers=headers)
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "text/event-stream"
    stream = Stream(response)
    before = hub_streams()
    assert "retry: 1000" in await stream.read()
    (stream.hub,) = hub_streams() - before
    return stream


async def status_of(user: User | None, path: str) -> int:
    client = AsyncClient()
    if user is not None:
        await client.aforce_login(user)
    response = await client.get(path)
    return int(response.status_code)


def as_polled(client: Client, game: Game) -> str:
    """What the page's poll answers this viewer now (the live part)."""
    response = client.get(f"/games/{game.pk}/", headers=HTMX)
    assert response.status_code == 200
    return str(response.content.decode())


def same_but_csrf(pushed: str, polled: str) -> None:
    assert CSRF_INPUT.sub("<csrf>", pushed) == CSRF_INPUT.sub("<csrf>", polled)


# --- who may open one -----------------------------------------------------------------------


def test_a_stream_opens_only_for_someone_at_the_game(
    game: Game, player: User, spectator: User
) -> None:
    stranger = User.objects.create_user("stranger")
    path = f"/games/{game.pk}/events/"

    async def scenario() -> list[int]:
        return [
            await status_of(stranger, path),
            await status_of(None, path),
            await status_of(player, "/games/00000000-0000-0000-0000-000000000000/events/"),
        ]

    assert run(scenario) == [403, 403, 404]


def test_a_wsgi_server_never_holds_a_stream(game: Game, player: User) -> None:
    """Under WSGI (gunicorn's sync workers, runserver) each stream would hold a worker: the
    path answers 404 at once, and the page polls."""
    response = client_for(player).get(f"/games/{game.pk}/events/")
    assert response.status_code == 404
    assert not response.streaming


def test_streams_are_off_unless_the_site_says_an_asgi_server_serves_them(
    game: Game, player: User, settings: Any
) -> None:
    settings.LIVE_EVENTS = False
    assert run(lambda: status_of(player, f"/games/{game.pk}/events/")) == 404
    page = client_for(player).get(f"/games/{game.pk}/").content.decode()
    assert "sse-connect" not in page and "htmx-ext-sse" not in page


def test_the_page_connects_its_stream_where_the_site_serves_it(game: Game, player: User) -> None:
    tablet = client_for(player)
    page = tablet.get(f"/games/{game.pk}/").content.decode()
    tag = etag(Game.objects.get(pk=game.pk), Access(Role.PLAYER, 1))
    connect = re.search(r'<div hx-ext="sse" sse-connect="([^"]*)"[^>]*>\s*<div id="live"', page)
    assert connect is not None
    assert connect.group(1).startswith(f"/games/{game.pk}/events/?since=")
    assert "js/htmx-ext-sse" in page
    assert f'data-etag="{html.escape(tag)}"' in page
    # the wrapper, never swapped itself, swaps the live part inside it with each pushed part
    wrapper = connect.group(0)
    assert 'sse-swap="live" hx-target="#live" hx-swap="outerHTML"' in wrapper
    assert 'hx-disinherit="hx-target hx-swap"' in wrapper
    assert "sse-swap" not in as_polled(tablet, game)


# --- what it sends --------------------------------------------------------------------------


def test_a_change_is_pushed_as_the_poll_would_answer_it(
    game: Game, player: User, spectator: User, host: User
) -> None:
    tablet, watcher = client_for(player), client_for(spectator)
    first = poll(tablet, game)

    async def scenario() -> tuple[list[Event], list[Event], str, list[Event]]:
        mine = await opened(player, game, since=first["ETag"])
        theirs = await opened(spectator, game)  # no ETag given: sent the part as it is
        quiet = await mine.events_after_a_look()
        opening = parsed(await theirs.read())
        watched = await sync_to_async(as_polled)(watcher, game)
        await sync_to_async(damage)(game, host)
        pushed = await mine.events_after_a_look()
        await mine.close()
        await theirs.close()
        return quiet, opening, watched, pushed

    quiet, opening, watched, pushed = run(scenario)
    assert quiet == []
    assert [e.name for e in opening] == ["live"]
    same_but_csrf(opening[0].data, watched)
    assert [e.name for e in pushed] == ["live"]
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    assert pushed[0].id == etag(row, Access(Role.PLAYER, 1))
    assert f'data-version="{row.version}"' in pushed[0].data
    assert CSRF_INPUT.search(pushed[0].data), "the player's forms carry a CSRF token"
    same_but_csrf(pushed[0].data, as_polled(tablet, game))
    # the poll ticket in it is the viewer's own: their next poll is answered 304 as usual
    response = type("R", (), {"content": pushed[0].data.encode()})()
    assert as_the_page_polls(tablet, game, response).status_code == 304


def test_each_event_masks_the_csrf_token_afresh(game: Game, player: User, host: User) -> None:
    async def scenario() -> list[str]:
        stream = await opened(player, game)
        tokens = []
        for _ in range(2):
            await sync_to_async(damage)(game, host)
            (event,) = await stream.events_after_a_look()
            tokens.append(CSRF_INPUT.search(event.data).group(0))  # type: ignore[union-attr]
        await stream.close()
        return tokens

    first, second = run(scenario)
    assert first != second


def test_a_stream_is_one_gzip_stream_when_the_browser_takes_one(
    game: Game, player: User, host: User
) -> None:
    async def scenario() -> tuple[str, list[Event]]:
        stream = await opened(player, game, headers={"Accept-Encoding": "gzip, deflate"})
        await sync_to_async(damage)(game, host)
        pushed = await stream.events_after_a_look()
        await stream.close()
        return stream.response["Content-Encoding"], pushed

    encoding, pushed = run(scenario)
    assert encoding == "gzip"
    assert [e.name for e in pushed] == ["live"]


def test_a_viewer_who_loses_their_seat_is_told_and_the_stream_ends(
    game: Game, player: User
) -> None:
    async def scenario() -> tuple[list[Event], bool]:
        stream = await opened(player, game, since="x")
        await stream.events_after_a_look()  # the part as it stands
        await sync_to_async(free_seat)(game, 1)
        gone = await stream.events_after_a_look()
        try:
            await stream.read()
        except StopAsyncIteration:
            return gone, True
        return gone, False

    gone, ended = run(scenario)
    assert [(e.name, e.data) for e in gone] == [("gone", "")]
    assert ended


def test_a_signed_out_session_is_sent_nothing_more(game: Game, player: User, host: User) -> None:
    async def scenario() -> list[Event]:
        stream = await opened(player, game)
        await stream.events_after_a_look()
        await sync_to_async(Session.objects.all().delete)()
        await sync_to_async(damage)(game, host)
        return await stream.events_after_a_look()

    assert [(e.name, e.data) for e in run(scenario)] == [("gone", "")]


def test_only_the_signed_out_viewer_s_stream_ends(game: Game, player: User, host: User) -> None:
    async def scenario() -> tuple[list[Event], list[Event]]:
        mine, theirs = await opened(player, game), await opened(host, game)
        for stream in (mine, theirs):
            await stream.events_after_a_look()
        assert mine.hub is not None
        key = mine.hub.request.session.session_key
        await sync_to_async(Session.objects.filter(session_key=key).delete)()
        await sync_to_async(damage)(game, host)
        await look()
        await asyncio.sleep(0.05)
        return parsed(await mine.read()), parsed(await theirs.read())

    gone, pushed = run(scenario)
    assert [e.name for e in gone] == ["gone"]
    assert [e.name for e in pushed] == ["live"]


@pytest.mark.parametrize(
    "engine",
    [
        "django.contrib.sessions.backends.db",
        "django.contrib.sessions.backends.cached_db",
        "games.sessions",
    ],
)
def test_the_hub_asks_after_every_stream_s_session_at_once(
    engine: str, settings: Any, django_assert_max_num_queries: Any
) -> None:
    """Whether each stream's session is still there is what the session engine's own
    ``exists`` says, asked in one query for all of a game's streams, not one a stream."""
    settings.SESSION_ENGINE = engine
    store = import_module(engine).SessionStore
    keys = []
    for n in range(3):
        session = store()
        session["n"] = n
        session.create()
        keys.append(str(session.session_key))
    store().delete(keys[1])
    asked = [*keys, "x" * 32]
    with django_assert_max_num_queries(1):
        alive = events._sessions_alive(asked)
    assert alive == {key for key in asked if store().exists(key)} == {keys[0], keys[2]}


def test_a_stream_ends_when_the_game_is_deleted(game: Game, player: User) -> None:
    async def scenario() -> list[Event]:
        stream = await opened(player, game)
        await stream.events_after_a_look()
        await sync_to_async(Game.objects.filter(pk=game.pk).delete)()
        return await stream.events_after_a_look()

    assert [e.name for e in run(scenario)] == ["gone"]


# --- secrets --------------------------------------------------------------------------------


@pytest.mark.parametrize("hidden", [0, 1])
def test_what_a_stream_sends_never_depends_on_another_seat_s_secret(hidden: int) -> None:
    """Two AZRAH games alike but for one seat's face-down back row (R52, R53): the other
    seat's player and the spectator are pushed the same parts, byte for byte once the
    games' own ids and tokens are written alike, as the same public action is recorded."""
    setups = (CARDED, other_setup(hidden, CARDED)[0])
    games = pair(
        "azrah", (AZRAH.setup_to_json(setups[0]), AZRAH.setup_to_json(setups[1])), hidden, False
    )
    viewers = [games.seated[games.other], games.viewers["spectator"]]
    host = account("hostess")

    async def scenario() -> dict[str, list[list[Event]]]:
        sent: dict[str, list[list[Event]]] = {}
        for name, row in (("a", games.a), ("b", games.b)):
            streams = [await opened(viewer, row) for viewer in viewers]
            seen = [await s.events_after_a_look() for s in streams]
            await sync_to_async(record)(row, host, "deal_damage", None, BARD_HIT)
            for index, stream in enumerate(streams):
                seen[index] += await stream.events_after_a_look()
                await stream.close()
            sent[name] = seen
        return sent

    sent = run(scenario)
    both = (games.a, games.b)
    for index in range(len(viewers)):
        a = [(e.name, normalised(e.data, both)) for e in sent["a"][index]]
        b = [(e.name, normalised(e.data, both)) for e in sent["b"][index]]
        assert [name for name, _ in a] == ["live", "live"]
        assert a == b


# --- the event's form ------------------------------------------------------------------------


def test_an_event_puts_each_line_of_its_data_on_a_data_line() -> None:
    assert event_bytes("live", 'W/"3"', "<a>\r\n<b>\r</b>\n</a> é ✓".encode()) == (
        b'event: live\nid: W/"3"\ndata: <a>\ndata: <b>\ndata: </b>\n'
        b"data: </a> \xc3\xa9 \xe2\x9c\x93\n\n"
    )


def test_a_part_that_cannot_be_made_sends_its_viewers_to_the_page(
    game: Game, player: User, host: User, monkeypatch: Any
) -> None:
    """A stream never goes silent while its page waits on it (the page's polls pause while
    it is open): a part the hub cannot make sends its viewers a ``gone``, and the page loads
    afresh."""

    def broken(*args: Any) -> str:
        raise ValueError("a template that cannot render")

    async def scenario() -> list[Event]:
        stream = await opened(player, game)
        await stream.events_after_a_look()
        monkeypatch.setattr(live, "marked", broken)
        await sync_to_async(damage)(game, host)
        return await stream.events_after_a_look()

    assert [e.name for e in run(scenario)] == ["gone"]
