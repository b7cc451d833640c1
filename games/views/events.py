"""The table page's live part pushed to each tablet as it changes (server-sent events),
instead of every tablet asking for it every second.

``GET /games/<id>/events/`` opens a stream for one viewer. It is checked once, when it opens,
as the page is (the session's account, the watch link it holds), and each event is what the
page's poll would have answered that viewer: the live part of their place at the game's new
version (``live.marked``, rendered once for each place and shared with the polls), with their
own poll ticket and a freshly masked CSRF token in it. The event's id is the viewer's ETag,
so a stream opened again (the browser does so by itself, sending the last id it had) sends
nothing until something changes.

Each server process has one ``Hub``. Every ``CHECK_SECONDS`` it reads, in one query, the
version, host, watch link and seats of every game it has a stream of: what a viewer's ETag
and place are made of. For a game where that changed, it reads the game once and, for each
stream of it, checks the viewer again (their session still there, their place from the new
row: a viewer who may no longer see the game gets a ``gone`` event and the stream ends),
then hands each its part. The query and the rendering run in one thread of the hub's own,
never on the server's event loop.

Streams need an ASGI server (``referee.asgi``, under uvicorn): a WSGI worker would be held by
each one. The page connects only where ``LIVE_EVENTS`` says such a server answers the path;
anywhere else the path answers 404 and the page polls, as it also does while its stream is
down. A stream ends after ``LIVE_EVENTS_MAX_SECONDS`` (the browser opens it again, checked
afresh) and carries a comment every ``KEEP_ALIVE_SECONDS`` so proxies keep it open.

Each stream is compressed as one gzip stream when the browser accepts it, flushed after
every event: consecutive live parts are nearly the same, so a change costs a few KB on the
wire."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import uuid
import zlib
from collections.abc import AsyncIterator, Collection, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.backends import cached_db, db
from django.core.cache import caches
from django.core.handlers.asgi import ASGIRequest
from django.db import DatabaseError, close_old_connections, connection, connections
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.views.decorators.http import require_GET

from games.models import Game, Seat
from games.sql import column, fetch_all, table
from games.tracker.access import Access, access_for
from games.tracker.current import CoreGame, current_game
from games.tracker.http import etag, poll_ticket, watch_tokens
from games.tracker.selectors import game_with_seats
from games.views import live
from referee import compression

logger = logging.getLogger(__name__)

KEEP_ALIVE_SECONDS = 20
GONE = "gone"
LIVE = "live"

Mark = tuple[Any, ...]
"""What a game's viewers' ETags and places are made of: its version, host, watch link and
who sits in each seat."""


@dataclass(eq=False)
class Stream:
    """One viewer's open stream: who they are, as checked when it opened, and the newest
    event waiting to be sent (older ones are dropped: only the latest part matters)."""

    game: uuid.UUID
    request: HttpRequest
    user: Any
    tokens: list[str]
    ticket: str
    loop: asyncio.AbstractEventLoop
    mark: Mark | None = None  # what the viewer was last sent (None: nothing yet)
    waiting: tuple[str, str, bytes] | None = None  # (event, id, html: UTF-8)
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    def push(self, event: str, event_id: str, html: bytes) -> None:
        """Called from the hub's thread: the event replaces any not yet sent."""

        def put() -> None:
            self.waiting = (event, event_id, html)
            self.ready.set()

        with contextlib.suppress(RuntimeError):  # the loop closed: the server is stopping
            self.loop.call_soon_threadsafe(put)


def _marks_sql(count: int) -> str:
    games, seats = table(Game), table(Seat)
    places = ", ".join(["%s"] * count)
    return (
        f"SELECT g.{column(Game, 'id')}, g.{column(Game, 'version')}, "
        f"g.{column(Game, 'host')}, g.{column(Game, 'watch_token')}, "
        f"s.{column(Seat, 'index')}, s.{column(Seat, 'user')} "
        f"FROM {games} g LEFT JOIN {seats} s ON s.{column(Seat, 'game')} = g.{column(Game, 'id')} "
        f"WHERE g.{column(Game, 'id')} IN ({places})"
    )


def read_marks(pks: Collection[uuid.UUID]) -> dict[uuid.UUID, Mark]:
    """Each game's ``Mark``, in one query; a game that is gone has none."""
    if not pks:
        return {}
    prep = Game._meta.get_field("id")
    ids = [prep.get_db_prep_value(pk, connection) for pk in pks]
    found: dict[uuid.UUID, dict[str, Any]] = {}
    for game_id, version, host, watch, index, user in fetch_all(_marks_sql(len(ids)), ids):
        pk = game_id if isinstance(game_id, uuid.UUID) else uuid.UUID(str(game_id))
        row = found.setdefault(pk, {"head": (version, host, watch), "seats": []})
        if index is not None:
            row["seats"].append((index, user))
    return {pk: (*row["head"], tuple(sorted(row["seats"]))) for pk, row in found.items()}


def mark_of(game: Game) -> Mark:
    """``game``'s ``Mark`` from its row (its seats loaded)."""
    seats = tuple(sorted((s.index, s.user_id) for s in game.seats.all()))
    return (game.version, game.host_id, game.watch_token, seats)


def _session_key(request: HttpRequest) -> str | None:
    return getattr(getattr(request, "session", None), "session_key", None) or None


def _sessions_alive(keys: Collection[str]) -> set[str]:
    """Those of ``keys`` whose session is still there (not signed out, flushed or expired),
    as the session engine's ``exists`` says, in one query (and, with ``cached_db``, one read
    of the cache first) for the database's engines rather than one a stream."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    if not issubclass(store, db.SessionStore):
        return {key for key in keys if store().exists(key)}
    alive: set[str] = set()
    if issubclass(store, cached_db.SessionStore):
        cache = caches[settings.SESSION_CACHE_ALIAS]
        kept = cache.get_many([store.cache_key_prefix + key for key in keys])
        alive = {key for key in keys if store.cache_key_prefix + key in kept}
    rest = [key for key in keys if key not in alive]
    if rest:
        found = store.get_model_class().objects.filter(session_key__in=rest)
        alive.update(found.values_list("session_key", flat=True))
    return alive


class Hub:
    """The streams this process serves, and the one thread that looks for their changes."""

    def __init__(self) -> None:
        self._streams: dict[uuid.UUID, set[Stream]] = {}
        self._lock = threading.Lock()
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="live-events")
        self._task: asyncio.Task[None] | None = None

    def open(self, stream: Stream) -> None:
        with self._lock:
            self._streams.setdefault(stream.game, set()).add(stream)
        if self._task is None or self._task.done() or self._task.get_loop() is not stream.loop:
            self._task = stream.loop.create_task(self._watch())

    def close(self, stream: Stream) -> None:
        with self._lock:
            streams = self._streams.get(stream.game)
            if streams is not None:
                streams.discard(stream)
                if not streams:
                    del self._streams[stream.game]

    def count(self) -> int:
        with self._lock:
            return sum(len(streams) for streams in self._streams.values())

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while self.count():
            await asyncio.sleep(settings.LIVE_EVENTS_CHECK_SECONDS)
            try:
                await loop.run_in_executor(self._executor, self.check)
            except DatabaseError:  # the database away for a moment: look again next time
                logger.exception("live events: looking for changes failed")

    def check(self) -> None:
        """Sends every stream whose game changed since it was last sent its new part (in the
        hub's thread; a test calls it directly)."""
        with self._lock:
            watched = {pk: list(streams) for pk, streams in self._streams.items()}
        if not watched:
            return
        close_old_connections()
        try:
            marks = read_marks(watched)
            for pk, streams in watched.items():
                behind = [s for s in streams if s.mark is None or s.mark != marks.get(pk)]
                if not behind:
                    continue
                try:
                    self._send(pk, marks.get(pk), behind)
                except DatabaseError:
                    raise
                except Exception:
                    # a part that cannot be made: its viewers are sent away to load the page,
                    # which shows what went wrong, rather than left waiting on a silent stream
                    logger.exception("live events: game %s could not be sent", pk)
                    for stream in behind:
                        stream.mark = marks.get(pk)
                        stream.push(GONE, "", b"")
        finally:
            close_old_connections()

    def _send(self, pk: uuid.UUID, mark: Mark | None, streams: Iterable[Stream]) -> None:
        game = game_with_seats(pk) if mark else None
        current: CoreGame | None = None
        # a stream opened without a session has none to lose
        keys = {stream: _session_key(stream.request) for stream in streams}
        opened = {key for key in keys.values() if key is not None}
        alive = _sessions_alive(opened) if game is not None and opened else set()
        for stream, key in keys.items():
            if game is None:
                stream.mark = mark
                stream.push(GONE, "", b"")
                continue
            stream.mark = mark_of(game)
            access = access_for(game, stream.user, stream.tokens)
            if not access.can_see or (key is not None and key not in alive):
                stream.push(GONE, "", b"")
                continue
            current = current_game(game) if current is None else current
            stream.push(LIVE, etag(game, access), part(stream, game, current, access))


HUB = Hub()


def part(stream: Stream, game: Game, current: CoreGame, access: Access) -> bytes:
    """The viewer's live part with the marks in, or rendered for them alone with their
    ticket when it cannot be kept (``live.marked``)."""
    html = live.marked(stream.request, game, current, access)
    if html is None:
        return live.alone(stream.request, game, current, access, stream.ticket)
    return html


def event_bytes(event: str, event_id: str, data: bytes) -> bytes:
    """One server-sent event: each line of ``data`` (UTF-8) on a ``data:`` line of its own."""
    lines = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
    head = f"event: {event}\nid: {event_id}\n".encode()
    return head + b"".join(b"data: " + line + b"\n" for line in lines) + b"\n"


def squeezer() -> zlib._Compress:
    """A stream's compressor: gzip (wbits 31) with the whole window, so an event finds the
    last one's text to point back to; a smaller hash table (memLevel 4: 142 KB a stream, not
    262 KB, for the same size and speed on a live part); at the level every answer is
    compressed at (``referee.compression``)."""
    return zlib.compressobj(compression.LEVEL, zlib.DEFLATED, 31, 4)


async def _events(stream: Stream, gzip: bool) -> AsyncIterator[bytes]:
    squeeze = squeezer() if gzip else None

    def sent(chunk: bytes) -> bytes:
        if squeeze is None:
            return chunk
        return squeeze.compress(chunk) + squeeze.flush(zlib.Z_SYNC_FLUSH)

    loop = asyncio.get_running_loop()
    until = loop.time() + settings.LIVE_EVENTS_MAX_SECONDS
    # The request's own work is done (the view, the session saved): its thread's database
    # connection is closed now, not when the stream ends, so open streams hold none; the
    # hub's one thread reads for them all.
    await sync_to_async(connections.close_all)()
    HUB.open(stream)
    try:
        # how soon the browser opens it again after it ends (in milliseconds)
        yield sent(b"retry: 1000\n\n")
        while (left := until - loop.time()) > 0:
            try:
                await asyncio.wait_for(stream.ready.wait(), min(KEEP_ALIVE_SECONDS, left))
            except TimeoutError:
                yield sent(b": still here\n\n")
                continue
            stream.ready.clear()
            waiting, stream.waiting = stream.waiting, None
            if waiting is None:
                continue
            event, event_id, html = waiting
            if event == GONE:
                yield sent(event_bytes(GONE, "", b""))
                break
            html = live.filled(html, stream.request, stream.ticket)
            yield sent(event_bytes(event, event_id, html))
        if squeeze is not None:
            yield squeeze.flush()
    finally:
        HUB.close(stream)


def _opened(request: HttpRequest, pk: uuid.UUID) -> tuple[Game, Access, Any, list[str]]:
    game = game_with_seats(pk)
    if game is None:
        raise Http404
    user = request.user if isinstance(request.user, User) else None
    tokens = watch_tokens(request)
    return game, access_for(game, user, tokens), user, tokens


@require_GET
async def game_events(request: HttpRequest, pk: uuid.UUID) -> HttpResponseBase:
    """The viewer's stream of the table's live part (see the module's docstring)."""
    if not settings.LIVE_EVENTS or not isinstance(request, ASGIRequest):
        return HttpResponse(
            "Live events are not served here: the table page polls instead.",
            status=404,
            content_type="text/plain; charset=utf-8",
        )
    game, access, user, tokens = await sync_to_async(_opened)(request, pk)
    if not access.can_see:
        return HttpResponse(
            "You are not at this game.", status=403, content_type="text/plain; charset=utf-8"
        )
    stream = Stream(
        game=pk,
        request=request,
        user=user,
        tokens=tokens,
        ticket=poll_ticket(game, user, tokens),
        loop=asyncio.get_running_loop(),
    )
    # opened again by the browser, or from a page at this ETag: nothing to send yet
    seen = request.headers.get("Last-Event-ID") or request.GET.get("since", "")
    if seen == etag(game, access):
        stream.mark = mark_of(game)
    gzip = "gzip" in request.headers.get("Accept-Encoding", "")
    response = StreamingHttpResponse(_events(stream, gzip), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    if gzip:
        response["Content-Encoding"] = "gzip"  # and GZipMiddleware leaves it be
    response["Vary"] = "Accept-Encoding, Cookie"
    return response
