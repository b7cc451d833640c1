"""What the tracker's pages and its REST API both need from a request: the watch tokens a
browser holds, the ETag of what one viewer sees of a game, and the cheap answer to a poll
when nothing changed."""

from __future__ import annotations

import uuid
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Field, Model
from django.http import HttpResponse
from django.utils.http import parse_etags

from ..models import Game, Seat, Spectator
from .service import Access, Role

WATCH_SESSION_KEY = "watch_tokens"
MAX_WATCH_TOKENS = 50


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


def _glance_sql() -> str:
    """One row per seat, each carrying the game's version, host and watch token and whether
    the account opened the watch link. Written out because the poll runs every second on
    every tablet, and building this query through the ORM costs several times what running
    it does."""
    q = connection.ops.quote_name

    def column(model: type[Model], name: str) -> str:
        field = model._meta.get_field(name)
        if not isinstance(field, Field) or not field.column:
            raise TypeError(f"{model.__name__}.{name} is not a column")
        return q(field.column)

    seats, games, watchers = (q(m._meta.db_table) for m in (Seat, Game, Spectator))
    return (
        f"SELECT s.{column(Seat, 'index')}, s.{column(Seat, 'user')}, "
        f"g.{column(Game, 'version')}, g.{column(Game, 'host')}, g.{column(Game, 'watch_token')}, "
        f"EXISTS (SELECT 1 FROM {watchers} w WHERE w.{column(Spectator, 'game')} = %s "
        f"AND w.{column(Spectator, 'user')} = %s) "
        f"FROM {seats} s JOIN {games} g ON g.{column(Game, 'id')} = s.{column(Seat, 'game')} "
        f"WHERE s.{column(Seat, 'game')} = %s ORDER BY s.{column(Seat, 'index')}"
    )


def glance(pk: uuid.UUID, user: Any, tokens: Collection[str]) -> Glance | None:
    """The viewer's access and ETag from one query (``_glance_sql``); None when there is no
    such game, for the full path to answer.

    The role is decided as ``service.access_for`` decides it, from the same facts; a test
    holds the two to the same answer for every role."""
    user_id = user.pk if isinstance(user, User) else None
    game_id = Game._meta.get_field("id").get_db_prep_value(pk, connection)
    with connection.cursor() as cursor:
        cursor.execute(_glance_sql(), [game_id, user_id, game_id])
        rows = cursor.fetchall()
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


def not_modified(request: Any, pk: uuid.UUID) -> HttpResponse | None:
    """A 304 when the request's If-None-Match holds the ETag of what this viewer sees of the
    game now; None otherwise (no such game, a viewer who may not see it, or a change), for
    the full path to answer. It costs one query beside the session's and the account's, so
    a poll every second from every tablet stays cheap."""
    sent = request.headers.get("If-None-Match")
    if not sent:
        return None
    seen = glance(pk, request.user, watch_tokens(request))
    if seen is None or not seen.access.can_see or seen.etag not in parse_etags(sent):
        return None
    response = HttpResponse(status=304)
    response["ETag"] = seen.etag
    response["Cache-Control"] = "no-cache"
    return response
