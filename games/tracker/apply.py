"""The one way a tracked game changes, and what an action would do before it is sent.

``game_apply`` is the only writer of a game's log. It locks the game's row, checks the
version the caller saw, applies the action through the system's pure rules engine
(``referee.rules.tracker.game_apply``) and appends it, all in one transaction: an action
is applied exactly once or refused, and the log never has a gap. ``preview`` works out the
same action on the state as the sender knows it, and records nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games import registry
from games.sql import column, execute, table, written
from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
    BATCH,
    CORE_TYPES,
    META_TYPES,
    Action,
    IllegalAction,
    StaleVersion,
    roll_missing_dice,
    stale_conflict,
)
from referee.rules.tracker import game_apply as rules_game_apply

from ..models.tracker import Game, GameAction
from . import snapshots
from .access import (
    Access,
    AnyUser,
    access_for,
    acting_seat,
    check_rights,
    knowing_seat,
    require_act,
)
from .current import CACHE, RECORDERS, CoreGame, current_game, finished, state_at
from .selectors import game_with_seats

MAX_LOG = 20_000  # entries a game (or an imported log) may hold


class Stale(Exception):
    """The action was sent against an old version and something recorded since may change
    what it means (``conflict``, the first such entry; None when the action no longer
    applies at all, or the version is not one the game had); ``game`` is the current one
    and ``seen`` the version the sender looked at."""

    def __init__(
        self,
        error: StaleVersion,
        game: Game,
        current: CoreGame,
        conflict: Action | None = None,
    ) -> None:
        super().__init__(error.message)
        self.error = error
        self.game = game
        self.current = current
        self.seen = error.expected
        self.conflict = conflict


@dataclass(frozen=True, slots=True)
class Applied:
    """What ``game_apply`` did: the game row (seats loaded), the game as it stands after
    the action, the new log entry and the sender's access."""

    game: Game
    result: CoreGame
    action: Action
    access: Access


# --- the app's dice -------------------------------------------------------------------------


def roll_die(faces: Sequence[Any]) -> Any:
    """One die the app rolls for the table (one of its ``faces``): unpredictable, and
    recorded in the action."""
    return faces[secrets.randbelow(len(faces))]


def roll_dice(system: str, type: str, payload: Mapping[str, Any] | None) -> dict[str, Any]:
    """The payload with the app's rolls for every dice field the table left out; in a
    batch, each action's (a part of the wrong shape is left for the rules to refuse)."""
    if type == BATCH and isinstance(payload, Mapping):
        parts = payload.get("actions")
        if isinstance(parts, list):
            rolled = [
                {**part, "payload": roll_dice(system, part["type"], part.get("payload"))}
                if isinstance(part, Mapping)
                and isinstance(part.get("type"), str)
                and isinstance(part.get("payload", {}), Mapping)
                else part
                for part in parts
            ]
            return {**payload, "actions": rolled}
    action_type = registry.tracker(system).action_type(type)
    if action_type is None:
        return dict(payload or {})
    return roll_missing_dice(action_type, payload or {}, roll_die)


# --- applying an action ---------------------------------------------------------------------


def _check_type(game: Game, type: object) -> str:
    system = registry.tracker(game.system)
    names = [action_type.name for action_type in system.action_types]
    if not isinstance(type, str) or (type not in names and type not in CORE_TYPES):
        known = ", ".join([*names, *sorted(CORE_TYPES)])
        raise InvalidInput({"type": [f"{system.name} has no action {type!r}; there are: {known}."]})
    return type


def _check_payload(payload: object) -> dict[str, Any]:
    if payload is None:
        return {}
    if not isinstance(payload, Mapping):
        raise InvalidInput({"payload": ["The payload must be an object."]})
    return dict(payload)


def game_apply(
    *,
    game: Game,
    user: AnyUser,
    type: str,
    payload: Mapping[str, Any] | None = None,
    expected_version: int,
    seat: int | None = None,
    watch_tokens: Collection[str] = (),
    locked: bool = False,
) -> Applied:
    """Apply one action to ``game`` for ``user``, atomically, and say what was done.

    ``locked``: the caller read ``game`` through ``locking`` in the transaction it holds
    (its checks of the sender and of the body made on that row), so it is not read again;
    the action is then part of that transaction, which the caller lets end.

    Raises Forbidden (not the host or a seated player, or acting for another's seat;
    checked before the version), Stale (``expected_version`` is not the game's version:
    nothing is applied), InvalidInput (an unknown type or a payload that is not an object)
    or IllegalAction (the rules do not allow it now; the message says why).

    An answer to a request to undo is recorded for the seat whose action it is, whoever of
    those who may undo it directly sends it (that seat's player, or the table's device)."""
    type = _check_type(game, type)
    clean = _check_payload(payload)
    if not locked:
        require_act(access_for(game, user, watch_tokens))
    with transaction.atomic(savepoint=not locked):
        locked_game = game if locked else locking(game.pk)
        access = access_for(locked_game, user, watch_tokens)
        if locked:
            require_act(access)
        by = acting_seat(access, seat, len(locked_game.seats.all()))
        current = current_game(locked_game)
        stale = expected_version != current.version
        if stale:
            check_merge(current, locked_game, expected_version, type=type, by=by, payload=clean)
        if current.version >= MAX_LOG:
            raise IllegalAction(f"A game holds at most {MAX_LOG} actions.", "type")
        try:
            by = check_rights(access, current, locked_game, type=type, by=by, payload=clean)
            at = timezone.now()
            result = rules_game_apply(
                current,
                type=type,
                by=by,
                payload=clean,
                at=at.isoformat(),
                base=snapshots.finder(locked_game, current.system),
            )
        except IllegalAction:
            if not stale:
                raise
            # It commuted with what was recorded since, but no longer applies as it stands
            # now: the sender looks at the table again, as for any other stale action.
            error = StaleVersion(expected_version, current.version)
            raise Stale(error, locked_game, current) from None
        action = result.log[-1]
        # Before the action, the app's own set_aside when the rules of this version refuse
        # an earlier entry (R210): it is nobody's, so no account sent it.
        sender = user.pk if isinstance(user, User) else None
        entries = [
            (entry.seq, entry.type, entry.by, sender if entry is action else None, entry.payload)
            for entry in result.log[current.version :]
        ]
        _record(locked_game, entries, at)
        _advance(locked_game, result.version, finished(result))
        snapshots.store(locked_game, result)
    kept = partial(_keep, str(locked_game.pk), result, current.version + 1, entries)
    if locked:  # once the caller's transaction is committed: never a state rolled back
        transaction.on_commit(kept)
    else:
        kept()
    return Applied(locked_game, result, action, access)


Entry = tuple[int, str, int | None, int | None, Mapping[str, Any]]
"""A log entry as an action writes it: its seq, type, seat, the sending account's id (None
for the app's own) and payload."""


def _keep(
    key: str,
    result: CoreGame,
    first: int,
    entries: Sequence[Entry],
) -> None:
    """This process's game as the action left it, and who recorded its new entries."""
    CACHE.put(key, result)
    RECORDERS.extend(key, first, [(seat, sender) for _, _, seat, sender, _ in entries])


# What an action writes, in statements written out and prepared (games/sql.py): every action
# makes them, and through the ORM each cost more to build than to run.
_ENTRY = ("game", "seq", "type", "seat", "user", "payload", "at")


def _record(
    game: Game,
    entries: Sequence[Entry],
    at: Any,
) -> None:
    """Append ``entries`` to the log."""
    params: list[Any] = []
    for seq, kind, seat, sender, payload in entries:
        values = (game.pk, seq, kind, seat, sender, dict(payload), at)
        pairs = zip(_ENTRY, values, strict=True)
        params += [written(GameAction, name, value) for name, value in pairs]
    execute(_record_sql(len(entries)), params)


@cache
def _record_sql(count: int) -> str:
    row = "(" + ", ".join(["%s"] * len(_ENTRY)) + ")"
    names = ", ".join(column(GameAction, name) for name in _ENTRY)
    return f"INSERT INTO {table(GameAction)} ({names}) VALUES " + ", ".join([row] * count)


def _advance(game: Game, version: int, over: bool) -> None:
    """The game's row at ``version``, over or not, changed now (as ``save`` would set its
    ``updated``)."""
    game.version, game.finished, game.updated = version, over, timezone.now()
    execute(
        _advance_sql(),
        [
            written(Game, "version", version),
            written(Game, "finished", over),
            written(Game, "updated", game.updated),
            written(Game, "id", game.pk),
        ],
    )


@cache
def _advance_sql() -> str:
    names = ("version", "finished", "updated")
    changed = ", ".join(f"{column(Game, name)} = %s" for name in names)
    return f"UPDATE {table(Game)} SET {changed} WHERE {column(Game, 'id')} = %s"


def locking(pk: Any) -> Game:
    """The game with its seats, its row read locked until the transaction ends: one writer
    at a time (``game_apply``). Raises ``Game.DoesNotExist`` when there is none."""
    found = game_with_seats(pk, lock=True)
    if found is None:
        raise Game.DoesNotExist(f"No game {pk}.")
    return found


def check_merge(
    current: CoreGame,
    game: Game,
    seen: int,
    *,
    type: str,
    by: int | None,
    payload: Mapping[str, Any],
) -> None:
    """Raise Stale unless an action sent against version ``seen`` may be recorded now: the
    version is one the game had, and every entry recorded since commutes with the action
    (``stale_conflict``: actions of different seats in a step the rules play at
    once, an edit of one's own private hand). Whether it merges depends only on what was
    recorded and the sender's own action, never on another seat's secret."""
    error = StaleVersion(seen, current.version)
    if isinstance(seen, bool) or not 0 <= seen < current.version:
        raise Stale(error, game, current)
    before = state_at(current, game, seen)
    conflict = stale_conflict(current, before, seen, type, by, payload)
    if conflict is not None:
        raise Stale(error, game, current, conflict)


# --- what an action would do ----------------------------------------------------------------


def preview(
    *,
    game: Game,
    access: Access,
    type: str,
    payload: Mapping[str, Any] | None = None,
    seat: int | None = None,
) -> dict[str, Any]:
    """What the viewer would see after the action, without recording it. Raises as
    ``game_apply`` does.

    The answer is worked out from the state as the acting seat may know it (``conceal``),
    never the real one: otherwise trying an action would tell, by its result or its
    refusal, what is hidden (whether a guess at a secret Warlord is right). It is the same
    state ``game_apply`` checks the action against, so a preview is refused exactly when
    the action would be: the table's device acting for a seat previews as that seat knows
    the game, and sees the result as it sees every state (no secrets). Undo and redo are
    not previewed: they replay the game from its setup, which holds every secret."""
    type = _check_type(game, type)
    if type in META_TYPES:
        raise InvalidInput({"type": [f"An {type} cannot be previewed: send it, or not."]})
    clean = _check_payload(payload)
    by = acting_seat(access, seat, game.seats.count())
    current = current_game(game)
    system = current.system
    known = replace(current, state=system.conceal(current.state, knowing_seat(access, system, by)))
    result = rules_game_apply(known, type=type, by=by, payload=clean)
    return system.view(result.state, access.viewer)
