"""What the tracker's pages and its REST API both need from a request: the watch tokens a
browser holds, the ETag of what one viewer sees of a game, and the cheap answer to a poll
when nothing changed.

A page's poll carries a *poll ticket* beside its ETag: who the viewer was when the page was
rendered (the game, the account, the watch link that let them in), signed with the site's
key. With it, a poll that finds nothing changed is answered without reading the session or
the account: one query, as cheap as the health check. The ticket only ever earns a 304 for
an ETag the viewer was already given; anything else (a change, a seat taken, a link replaced,
a signature that does not check) goes down the full path, which reads the session and checks
access as every other request does. So a ticket grants nothing: kept after signing out, or
read off another tablet, it tells only that the game has not changed since a page its holder
could see."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core import signing
from django.http import HttpResponse
from django.utils.http import parse_etags

from ..models import Game, Seat, Spectator
from ..sql import column, fetch_all, table, written
from .access import Access, Role

WATCH_SESSION_KEY = "watch_tokens"
MAX_WATCH_TOKENS = 50
POLL_TICKET_HEADER = "X-Poll-Ticket"
_POLL_TICKET = signing.Signer(salt="games.tracker.http.poll-ticket")


def watch_tokens(request: Any) -> list[str]:
    """Watch tokens this browser holds (kept in its session) or this request carries."""
    tokens = list(request.session.get(WATCH_SESSION_KEY, [])) if hasattr(request, "session") else []
    given = request.GET.get("watch")
    if given:
        tokens.append(given)
    return tokens


def remember_watch_token(request: Any, token: str) -> None:
    """Keep ``token`` in the browser's session (a spectator without an account)."""
    tokens = [t for t in request.session.get(WATCH_SESSION_KEY, []) if t != token]
    request.session[WATCH_SESSION_KEY] = [*tokens, token][-MAX_WATCH_TOKENS:]


def _etag(version: int, access: Access, seat_users: Iterable[int | None]) -> str:
    taken = "".join("1" if user_id is not None else "0" for user_id in seat_users)
    return f'W/"{version}.{access.role.value}.{access.seat}.{taken}"'


def etag(game: Game, access: Access) -> str:
    """Changes whenever what this viewer sees may change: the version, who they are and
    which seats are taken. Nothing else of the viewer goes in, so two viewers in the same
    role and seat get the same ETag."""
    return _etag(game.version, access, (seat.user_id for seat in game.seats.all()))


@dataclass(frozen=True, slots=True)
class Glance:
    """A game as one viewer's poll sees it: who the viewer is to it and the ETag of what
    they see."""

    access: Access
    etag: str


def _glance_sql(viewer: str = "%s", *, echo: bool = False) -> str:
    """One row per seat, each carrying the game's version, host and watch token and whether
    the account opened the watch link. Written out because the poll runs every second on
    every tablet, and building this query through the ORM costs several times what running
    it does (``games.sql``).

    ``viewer`` is the SQL of the account's id: a parameter, or a subquery (the account of
    the token the API's poll sends), which ``echo`` adds as the last column."""
    seats, games, watchers = (table(m) for m in (Seat, Game, Spectator))
    return (
        f"SELECT s.{column(Seat, 'index')}, s.{column(Seat, 'user')}, "
        f"g.{column(Game, 'version')}, g.{column(Game, 'host')}, g.{column(Game, 'watch_token')}, "
        f"EXISTS (SELECT 1 FROM {watchers} w WHERE w.{column(Spectator, 'game')} = %s "
        f"AND w.{column(Spectator, 'user')} = {viewer}){f', {viewer}' if echo else ''} "
        f"FROM {seats} s JOIN {games} g ON g.{column(Game, 'id')} = s.{column(Seat, 'game')} "
        f"WHERE s.{column(Seat, 'game')} = %s ORDER BY s.{column(Seat, 'index')}"
    )


def poll_ticket(game: Game, user: Any, tokens: Collection[str]) -> str:
    """The poll ticket of this viewer of ``game`` (see the module's docstring). It holds
    nothing but who the viewer is to the game, so two viewers in the same place hold the same
    ticket, whatever the game's state or any seat's secrets; it carries no time, so the page
    that holds it reads the same from one second to the next."""
    user_id = user.pk if isinstance(user, User) else None
    watch = game.watch_token if game.watch_token in tokens else ""
    return _POLL_TICKET.sign_object([game.pk.hex, user_id, watch])


def _ticket_holder(request: Any, pk: uuid.UUID) -> tuple[int | None, list[str]] | None:
    """The account id and watch tokens a request's poll ticket names for game ``pk``; None
    without a ticket, or with one that is not for this game or does not check."""
    sent = request.headers.get(POLL_TICKET_HEADER)
    if not sent:
        return None
    try:
        game, user_id, watch = _POLL_TICKET.unsign_object(sent)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if game != pk.hex or not (user_id is None or isinstance(user_id, int)):
        return None
    return user_id, [watch] if isinstance(watch, str) and watch else []


def glance(pk: uuid.UUID, user: Any, tokens: Collection[str]) -> Glance | None:
    """The viewer's access and ETag from one query (``_glance_sql``); None when there is no
    such game, for the full path to answer.

    ``user`` is the account (or its id, from a poll ticket). The role is decided as
    ``access.access_for`` decides it, from the same facts; a test holds the two to the same
    answer for every role."""
    user_id = user if isinstance(user, int) else user.pk if isinstance(user, User) else None
    game_id = _game_id(pk)
    rows = fetch_all(_glance_sql(), [game_id, user_id, game_id])
    return _decided(rows, user_id, tokens)


def token_glance(
    pk: uuid.UUID, account: tuple[str, Sequence[Any]], tokens: Collection[str]
) -> Glance | None:
    """``glance`` for the account that ``account`` (SQL and its parameters:
    ``tokens.account_sql``) finds, read in the same query; None when it finds none (a token
    knox would refuse) or there is no such game."""
    viewer, params = account
    game_id = _game_id(pk)
    rows = fetch_all(_glance_sql(viewer, echo=True), [game_id, *params, *params, game_id])
    if not rows or rows[0][-1] is None:
        return None
    return _decided([row[:-1] for row in rows], int(rows[0][-1]), tokens)


def _game_id(pk: uuid.UUID) -> Any:
    return written(Game, "id", pk)


def _decided(
    rows: Sequence[Sequence[Any]], user_id: int | None, tokens: Collection[str]
) -> Glance | None:
    if not rows:
        return None
    _, _, version, host_id, watch_token, watching = rows[0]
    seat = next((row[0] for row in rows if user_id is not None and row[1] == user_id), None)
    if user_id is not None and host_id == user_id:
        access = Access(Role.HOST, seat)
    elif seat is not None:
        access = Access(Role.PLAYER, seat)
    elif watching or watch_token in tokens:
        access = Access(Role.SPECTATOR)
    else:
        access = Access(Role.OUTSIDER)
    return Glance(access, _etag(version, access, (row[1] for row in rows)))


# The table page's address (games/urls.py names it "game"; a test holds the two together).
GAME_PATH = re.compile(
    r"/games/(?P<pk>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/"
)


class PollMiddleware:
    """Answers a table page's poll that carries its poll ticket before anything else runs:
    no session, no account, no URL resolution, no view; one query, and a 304 when nothing
    the viewer sees has changed. Every other request, and a poll that finds a change or a
    ticket that does not check, goes on to the view as usual (which answers it in full).

    Placed right after SecurityMiddleware, so the 304 still carries its headers."""

    def __init__(self, get_response: Callable[[Any], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> HttpResponse:
        if (
            request.method == "GET"
            and POLL_TICKET_HEADER in request.headers
            and "If-None-Match" in request.headers
        ):
            found = GAME_PATH.fullmatch(request.path_info)
            if found is not None:
                pk = uuid.UUID(found["pk"])
                holder = _ticket_holder(request, pk)
                if holder is not None:
                    answer = _unchanged(request, glance(pk, holder[0], holder[1]))
                    if answer is not None:
                        return answer
                    request.glanced = holder  # found changed for this viewer: not_modified
        return self.get_response(request)


def _unchanged(request: Any, seen: Glance | None) -> HttpResponse | None:
    sent = request.headers.get("If-None-Match", "")
    if seen is None or not seen.access.can_see or seen.etag not in parse_etags(sent):
        return None
    response = HttpResponse(status=304)
    response["ETag"] = seen.etag
    response["Cache-Control"] = "no-cache"
    return response


def not_modified(request: Any, pk: uuid.UUID) -> HttpResponse | None:
    """A 304 when the request's If-None-Match holds the ETag of what this viewer sees of the
    game now; None otherwise (no such game, a viewer who may not see it, or a change), for
    the full path to answer. It costs one query beside the session's and the account's. A
    poll with a poll ticket that could be answered so was answered by ``PollMiddleware``
    already; one that reaches here is checked by who the session says the viewer is, unless
    ``PollMiddleware`` found a change for that same viewer (an ETag, made of a version that
    only grows, never matches again once it has not)."""
    if not request.headers.get("If-None-Match"):
        return None
    tokens = watch_tokens(request)
    user = request.user
    if getattr(request, "glanced", None) == (user.pk if isinstance(user, User) else None, tokens):
        return None
    return _unchanged(request, glance(pk, user, tokens))
