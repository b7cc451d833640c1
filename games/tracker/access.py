"""Who may do what at a tracked game: each viewer's role and seat, what that lets them see
and do, whose actions they may undo, and the checks an action passes before the rules
engine applies it for real (a refusal never depends on what the sender may not see).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
    ANSWER_UNDO,
    BATCH,
    REDO,
    REQUEST_UNDO,
    UNDO,
    Action,
    IllegalAction,
)
from referee.rules.tracker import game_apply as rules_game_apply
from referee.rules.tracker.batches import batch_actions

from ..models.tracker import Game
from .current import CoreGame

AnyUser = User | AnonymousUser | Any  # what request.user may be


class Role(StrEnum):
    HOST = "host"
    PLAYER = "player"
    SPECTATOR = "spectator"
    OUTSIDER = "outsider"


@dataclass(frozen=True, slots=True)
class Access:
    """What one viewer is to one game: their role, and their seat when they sit at it."""

    role: Role
    seat: int | None = None

    @property
    def can_see(self) -> bool:
        return self.role is not Role.OUTSIDER

    @property
    def can_act(self) -> bool:
        return self.role in (Role.HOST, Role.PLAYER)

    @property
    def viewer(self) -> int | None:
        """The seat whose secrets the viewer may see (None: nobody's)."""
        return self.seat

    @property
    def is_table(self) -> bool:
        """The host at no seat: the table's shared device, passed round the table. It acts
        for any seat and undoes anything, and shows a seat's secrets only while that seat's
        hold-to-reveal is pressed. A host who took a seat is a player of that seat who
        also manages the links."""
        return self.role is Role.HOST and self.seat is None


class Forbidden(Exception):
    """The viewer may not do this to this game; the message says why."""


# --- who the viewer is, and what that lets them do ------------------------------------------


def access_for(game: Game, user: AnyUser, watch_tokens: Collection[str] = ()) -> Access:
    """The viewer's role: the host (and their seat, if they took one), a seated player, a
    spectator (an account that opened the watch link, or a browser session holding the
    current watch token), or an outsider."""
    if isinstance(user, User):
        seat = next((s.index for s in game.seats.all() if s.user_id == user.pk), None)
        if game.host_id == user.pk:
            return Access(Role.HOST, seat)
        if seat is not None:
            return Access(Role.PLAYER, seat)
        if game.spectators.filter(user_id=user.pk).exists():
            return Access(Role.SPECTATOR)
    if game.watch_token in watch_tokens:
        return Access(Role.SPECTATOR)
    return Access(Role.OUTSIDER)


def require_see(access: Access) -> None:
    if not access.can_see:
        raise Forbidden("You are not at this game: ask the host for a player or watch link.")


def require_act(access: Access) -> None:
    require_see(access)
    if not access.can_act:
        raise Forbidden("Spectators can watch but not act: only the host and players can.")


def require_host(access: Access) -> None:
    if access.role is not Role.HOST:
        raise Forbidden("Only the host can do this.")


def acting_seat(access: Access, requested: int | None, seats: int) -> int | None:
    """The seat an action is taken for. A player (a seated host too) acts for their own
    seat; the table's device acts for the seat it names, or none (the rules engine then
    takes the active player)."""
    require_act(access)
    if requested is not None and not 0 <= requested < seats:
        raise InvalidInput({"seat": [f"Seats are numbered 0 to {seats - 1} (got {requested})."]})
    if access.is_table:
        return requested
    if requested is not None and requested != access.seat:
        raise Forbidden("You can act only for your own seat.")
    return access.seat


def knowing_seat(access: Access, system: Any, by: int | None) -> int | None:
    """Whose knowledge an action is checked and previewed against: the acting seat's, but
    nobody's when the table's device acts in a game whose table knows no secret (face-down
    back rows, R53): a preview of a swap by place then shows the face-down card
    coming in, not which Guardian it is."""
    if access.is_table and not system.table_knows_secrets:
        return None
    return by


# --- what an action may do, before the rules apply it ---------------------------------------


def check_rights(
    access: Access,
    current: CoreGame,
    game: Game,
    *,
    type: str,
    by: int | None,
    payload: Mapping[str, Any],
) -> int | None:
    """Refuse what the sender may not do (another seat's undo or redo, a request about
    another seat's private notes) or what the rules refuse in the state as they know it;
    answer the seat the entry is recorded for."""
    if type in (UNDO, REDO):
        require_may_undo(access, current, payload.get("target"), game)
    elif type == ANSWER_UNDO:
        return answering_seat(access, current, payload.get("request"), game, by)
    elif type == REQUEST_UNDO:  # a request changes no state: the core checks the rest
        target = current.entry(payload.get("target"))
        if target is not None and _private_to_other(current, target, by):
            raise IllegalAction(
                f"#{target.seq} is {current.seat_name(target.by)}'s own private notes: "
                "nobody else is asked about it.",
                "payload.target",
            )
    else:
        if access.seat is None and _edits_private_notes(current, type, by, payload):
            whose = current.seat_name(by) if by is not None else "a player"
            raise Forbidden(
                f"That is {whose}'s own private notes: only their own tablet edits them, "
                "never the table's shared device."
            )
        knows = knowing_seat(access, current.system, by)
        check_unseen(current, type=type, by=by, payload=payload, knows=knows)
    return by


def _edits_private_notes(
    current: CoreGame, type: str, by: int | None, payload: Mapping[str, Any]
) -> bool:
    """Whether the action, or any action of the batch, edits a seat's private notes."""
    sent = Action(current.version + 1, type, by, dict(payload))
    try:
        parts = batch_actions(current.system, sent) if type == BATCH else (sent,)
    except IllegalAction:
        return False  # a batch of the wrong shape: the rules refuse it as such
    return any(current.system.private_edit(part) for part in parts)


def _private_to_other(current: CoreGame, action: Action, seat: int | None) -> bool:
    """Whether ``action`` only edits another seat's private notes (``System.private_edit``)."""
    return action.by is not None and action.by != seat and current.system.private_edit(action)


def check_unseen(
    current: CoreGame,
    *,
    type: str,
    by: int | None,
    payload: Mapping[str, Any],
    knows: int | None = None,
) -> None:
    """Refuse an ordinary action the rules refuse in the state as its sender knows it
    (``knows``: the seat whose secrets they hold, if any), with that refusal, before it is
    applied for real: a refusal never depends on what the actor may not see."""
    known = replace(current, state=current.system.conceal(current.state, knows))
    rules_game_apply(known, type=type, by=by, payload=payload)


# --- undo: whose actions a viewer takes back, and who answers a request ---------------------


def require_may_undo(access: Access, current: CoreGame, target: object, game: Game) -> None:
    """A player (a seated host too) takes back only their own seat's actions; the table's
    device (the host at no seat) takes back anything. A target not in the log is left to
    the rules to refuse."""
    action = _others(access, current, target)
    if action is None:
        return
    seat = next((s for s in game.seats.all() if s.index == action.by), None)
    if seat is None:
        raise Forbidden(
            f"Action #{action.seq} was taken by the table's shared device (the host at no "
            "seat): undo it there."
        )
    raise Forbidden(
        f"Action #{action.seq} was taken for seat {action.by} ({seat.name}): that seat's "
        "player must undo it, so ask them to (Ask to undo in the history; request_undo "
        "over the API), or the host, from the table's shared device."
    )


def _others(access: Access, current: CoreGame, target: object) -> Action | None:
    """Entry ``target`` when it is another seat's, which ``access`` may not undo; None when
    it is theirs, ``access`` is the table's device, or there is no such entry."""
    if access.is_table:
        return None
    action = current.entry(target)
    if action is None or action.by == access.seat:
        return None
    return action


def may_undo(access: Access, current: CoreGame, target: int, game: Game) -> bool:
    """Whether ``access`` may undo entry ``target`` directly (else they may ask): as
    ``require_may_undo`` allows, asked of every line of the history without its refusal
    worded each time."""
    return access.can_act and _others(access, current, target) is None


def answering_seat(
    access: Access, current: CoreGame, request: object, game: Game, by: int | None
) -> int | None:
    """The seat an answer to request ``request`` is recorded for: the seat whose action the
    request is about. Whoever may undo that action directly answers (its seat's player, or
    the table's device); anyone else is refused. A request that is not open is left to the
    rules to refuse (with ``by``, the seat the sender acts for)."""
    found = next((r for r in current.undo_requests if r.seq == request), None)
    if found is None:
        return by
    if not may_undo(access, current, found.target, game):
        whose = current.seat_name(found.to)
        raise Forbidden(
            f"Request #{found.seq} asks {whose} to undo #{found.target}: only that seat's "
            "player answers it, or the host from the table's shared device."
        )
    return found.to


def undo_control(access: Access, current: CoreGame, seq: int, game: Game) -> str:
    """What the history offers ``access`` beside entry ``seq`` that is in effect:
    ``"undo"`` (theirs to undo), ``"ask"`` (another seat's: ask its player), ``"asked"``
    (a request about it is waiting) or ``""`` (nothing: a spectator, or the table's device
    asking no one)."""
    if not access.can_act:
        return ""
    if may_undo(access, current, seq, game):
        return "undo"
    action = current.entry(seq)
    if action is not None and _private_to_other(current, action, access.seat):
        return ""
    if any(request.target == seq for request in current.undo_requests):
        return "asked"
    return "ask" if access.seat is not None else ""
