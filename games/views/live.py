"""The table page's live part, as a tablet's poll fetches it after a change: rendered once
for a game at a version and a place at it, and read from the ``live`` cache by the next
viewer in the same place (a second spectator, a second tablet of the same account, a poll
sent again before the first was answered).

What the live part shows is decided by the game row (its version, name, host and seats)
with the log up to that version, and by where the viewer is: their role and seat
(``Access``), from which ``table_page.live_part`` builds everything, their own secrets, the
controls the engine lists for them and the requests to undo worded for them included. So
those are the key, with a digest of the code, templates and static files that render it (a
deploy reads nothing written before it); two viewers in different places never share an
entry, whatever else they have in common.

Two things in it belong to the request: the CSRF token every form posts, and the poll
ticket its next poll sends (who the viewer is: two spectators hold different ones). The
part is rendered and kept with marks in their place, and each answer has its own filled
in. It is kept, filled and sent as UTF-8: encoded once when it is rendered, never decoded
again (a part holds characters beyond Latin-1, which Python keeps two bytes a character).
A rendering that made the response's CSP nonce is never kept (the live part makes none:
the page's one ``<style>`` is outside it). A part holding a refusal or a notice (a form
refused, an action gone stale) is its sender's alone and is never looked up or kept.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from functools import cache
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.html import conditional_escape

from games.models import Game
from games.templatetags.fragments import CSRF_MARK, code_digest
from games.tracker import table_page
from games.tracker.access import Access
from games.tracker.current import CoreGame, current_game

CACHE = "live"
TEMPLATE = "games/game.html#live"
# What renders the live part: the templates, the Django side and the rules engines (the
# words and the views), and the static files whose (hashed) names it links.
SOURCES = ("templates", "static", "games", "referee")
SUFFIXES = (".html", ".py", ".css", ".js", ".svg")
TICKET_MARK = "\x00ticket\x00"


@cache
def generation() -> str:
    """A digest of every file that renders the live part, read once per process."""
    return code_digest(SOURCES, SUFFIXES)


def key(game: Game, access: Access) -> str:
    """The cache key of ``access``'s live part of ``game`` at its version."""
    seats = [(s.index, s.name, s.colour, s.user_id) for s in game.seats.all()]
    facts = json.dumps([game.system, game.name, game.host_id, game.finished, seats])
    row = hashlib.sha256(facts.encode()).hexdigest()[:32]
    place = f"{access.role.value}:{'' if access.seat is None else access.seat}"
    return f"live:{generation()}:{game.pk.hex}:{game.version}:{place}:{row}"


def _in_html(ticket: str) -> str:
    """``ticket`` as the live part writes it: in the JSON of its poll's headers, in an
    attribute."""
    return str(conditional_escape(json.dumps(ticket)[1:-1]))


# The marks as a kept part holds them, in UTF-8.
TICKET_BYTES = _in_html(TICKET_MARK).encode()
CSRF_BYTES = CSRF_MARK.encode()


def filled(html: bytes, request: HttpRequest, ticket: str) -> bytes:
    """The kept ``html`` with this request's poll ticket and a CSRF token (masked afresh on
    each call) in the marks."""
    html = html.replace(TICKET_BYTES, _in_html(ticket).encode())
    if CSRF_BYTES in html:
        html = html.replace(CSRF_BYTES, get_token(request).encode())
    return html


def live_response(
    request: HttpRequest,
    game: Game,
    current: CoreGame | None,
    access: Access,
    *,
    poll_ticket: str,
    status: int = 200,
) -> HttpResponse:
    """The live part of ``game`` for ``access`` as it stands (``current``: the game as
    ``game_apply`` answered it, or None to read it only if the part must be rendered),
    from the cache or rendered and kept there."""
    html = marked(request, game, current, access)
    if html is None:  # not kept: rendered for this request alone
        current = current_game(game) if current is None else current
        return HttpResponse(alone(request, game, current, access, poll_ticket), status=status)
    return HttpResponse(filled(html, request, poll_ticket), status=status)


def marked(
    request: HttpRequest, game: Game, current: CoreGame | None, access: Access
) -> bytes | None:
    """The live part of ``game`` for ``access`` with the marks in place of the poll ticket
    and the CSRF token (``filled`` puts a viewer's in), from the cache or rendered and kept
    there; None when it cannot be kept (this process's game is ahead of the row read, or
    something a player typed holds a mark), and must be rendered for the viewer alone."""
    store = caches[CACHE]
    cache_key = key(game, access)
    kept = store.get(cache_key)
    if isinstance(kept, bytes):
        return zlib.decompress(kept)
    if current is None:
        current = current_game(game)
    if current.version != game.version:  # this process's game is ahead of the row read
        return None
    text = _rendered(request, game, current, access, TICKET_MARK, {"csrf_token": CSRF_MARK})
    if text.count(_in_html(TICKET_MARK)) != 1:  # the mark is in something a player typed
        return None
    html = text.encode()
    if not getattr(request, "csp_nonce", False):  # django-csp's: true once a nonce is made
        store.set(cache_key, zlib.compress(html, 1), settings.LIVE_SECONDS)
    return html


def alone(
    request: HttpRequest, game: Game, current: CoreGame, access: Access, poll_ticket: str
) -> bytes:
    """The live part rendered for this viewer alone, with their ticket (not kept)."""
    return _rendered(request, game, current, access, poll_ticket).encode()


def _rendered(
    request: HttpRequest,
    game: Game,
    current: CoreGame,
    access: Access,
    poll_ticket: str,
    extra: dict[str, Any] | None = None,
) -> str:
    context = table_page.live_part(game, current, access, poll_ticket=poll_ticket)
    return render_to_string(TEMPLATE, {**context, **(extra or {})}, request)
