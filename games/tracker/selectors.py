"""What a viewer of a tracked game receives: the state as they may see it, what they may do
now, the log worded for them, and the seats whose secrets the table's device may reveal.
Nothing here writes; nothing shows a secret that is not the viewer's.

Each reader takes the game as it stands (``current``) when the caller holds it already (the
result of ``game_apply``, for the answer to an action), and reads it otherwise.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from django.db import connection
from django.db.transaction import TransactionManagementError

from games.sql import column, fetch_all, instance, selected, table, written
from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
    META_TYPES,
    Action,
    LegalAction,
    RequestOutcome,
    System,
    request_outcomes,
)

from ..models.tracker import Game, GameAction, Seat
from .access import Access, Forbidden, require_see
from .current import RECORDERS, CoreGame, current_game, derived, finished


def _as_it_stands(game: Game, current: CoreGame | None) -> CoreGame:
    return current_game(game) if current is None else current


def game_with_seats(pk: uuid.UUID, *, lock: bool = False) -> Game | None:
    """The game ``pk`` with its seats, as ``Game.objects.prefetch_related("seats")`` reads it
    (``game.seats.all()`` reads nothing more), in one query written out and prepared
    (``games/sql.py``): every refresh of a table page and of the API's state reads it, and
    through the ORM the two queries cost more to build than to run. None when there is no
    such game. With ``lock``, the game's row is locked until the transaction ends, as
    ``select_for_update(of=("self",))`` locks it (one writer at a time: ``apply.locking``);
    outside a transaction that is refused, as Django refuses it."""
    if lock and connection.get_autocommit():
        raise TransactionManagementError(
            "select_for_update cannot be used outside of a transaction."
        )
    locked = lock and connection.features.has_select_for_update_of
    rows = fetch_all(_game_sql(locked), [written(Game, "id", pk)])
    if not rows:
        return None
    width = len(Game._meta.concrete_fields)
    game: Game = instance(Game, rows[0][:width])
    seats = [instance(Seat, row[width:]) for row in rows if row[width] is not None]
    to_game = Seat._meta.get_field("game")
    for seat in seats:
        to_game.set_cached_value(seat, game)
    held = game.seats.get_queryset()  # filtered to this game, as prefetch_related leaves it
    held._result_cache = seats
    held._prefetch_done = True  # type: ignore[attr-defined]  # as prefetch_related sets them
    game._prefetched_objects_cache = {"seats": held}  # type: ignore[attr-defined]
    return game


@cache
def _game_sql(lock: bool) -> str:
    return (
        f"SELECT {selected(Game, 'g')}, {selected(Seat, 's')} FROM {table(Game)} g "
        f"LEFT JOIN {table(Seat)} s ON s.{column(Seat, 'game')} = g.{column(Game, 'id')} "
        f"WHERE g.{column(Game, 'id')} = %s ORDER BY s.{column(Seat, 'index')}"
        + (" FOR UPDATE OF g" if lock else "")
    )


# --- the state ------------------------------------------------------------------------------


def state_for(game: Game, access: Access, current: CoreGame | None = None) -> dict[str, Any]:
    """Everything a viewer's screen shows: the state as they may see it (no secret that
    is not theirs), the seats, the version, and what undo and redo would take back."""
    require_see(access)
    current = _as_it_stands(game, current)
    view = current.system.view(current.state, access.viewer)
    return {
        "id": str(game.pk),
        "system": game.system,
        "name": game.name,
        "version": current.version,
        "role": access.role.value,
        "seat": access.seat,
        "seats": [
            {"index": s.index, "name": s.name, "colour": s.colour, "taken": s.user_id is not None}
            for s in game.seats.all()
        ],
        "next_undo": current.next_undo(),
        "next_redo": current.next_redo(),
        "finished": finished(current),
        "state": view,
        "legal_actions": legal_actions_for(current, access, len(game.seats.all())),
        "undo_requests": undo_requests_for(current, access),
        "refused": refused_for(current, access),
    }


def refused_for(current: CoreGame, access: Access) -> dict[str, Any] | None:
    """The entry the rules of this version refuse, when a stored game holds one (R210): its
    number, its history line as the viewer may read it, and why, said to that entry's own
    seat alone (the engine's reason may name what only they may see). None otherwise."""
    if current.broken is None:
        return None
    entry = current.log[current.broken.seq - 1]
    mine = entry.by is not None and entry.by == access.seat
    return {
        "seq": entry.seq,
        "text": current.line(entry, access.viewer),
        "reason": current.broken.reason if mine else "",
        "set_aside": len(current.log) - entry.seq + 1,
    }


def undo_requests_for(current: CoreGame, access: Access) -> list[dict[str, Any]]:
    """The open requests to undo, each worded as ``access`` may read it: who asks (``by``),
    the entry (``target``), the seat asked (``to``; None: the table's device) and the line."""
    return [
        {
            "seq": request.seq,
            "by": request.by,
            "target": request.target,
            "to": request.to,
            "text": current.line(current.log[request.seq - 1], access.viewer),
        }
        for request in current.undo_requests
    ]


# --- what the viewer may do now -------------------------------------------------------------


def legal_actions_for(current: CoreGame, access: Access, seats: int) -> list[dict[str, Any]]:
    """What the viewer may do now, as the engine lists it: a seated player (or host) their
    seat's actions; the host at no seat (the table's shared device) every seat's as the
    table may take them (``table_actions``: nothing naming a face-down card), each naming its
    seat; a spectator nothing."""
    if not access.can_act:
        return []
    system, state = current.system, current.state
    if access.seat is not None:
        return [legal.to_json() for legal in _legal(system, state, access.seat)]
    # The table's device shows no seat's secret but during a hold-to-reveal (R53): it is
    # offered only what is listed alike from the state as nobody knows it, so nothing it
    # is offered names, or depends on, a card in someone's hand.
    hidden = derived(state, "conceal", lambda: system.conceal(state, None))
    listed = [_table(system, state, seat) for seat in range(seats)]
    if hidden == state:  # nothing is concealed: the two lists are one
        return [legal.to_json() for actions in listed for legal in actions]
    concealed = [_table(system, hidden, seat) for seat in range(seats)]
    if list(map(repr, concealed)) == list(map(repr, listed)):
        # written alike, values and their types (True is not 1 there), so the same JSON:
        # every one is kept, without writing each out to compare
        return [legal.to_json() for actions in listed for legal in actions]
    public = {_canonical(legal.to_json()) for actions in concealed for legal in actions}
    return [
        entry
        for actions in listed
        for entry in (legal.to_json() for legal in actions)
        if _canonical(entry) in public
    ]


def _legal(system: Any, state: Any, seat: int) -> tuple[LegalAction, ...]:
    """``seat``'s legal actions, worked out once in this process for each state."""
    listed: tuple[LegalAction, ...] = derived(
        state, ("legal", seat), lambda: system.legal_actions(state, seat)
    )
    return listed


def _table(system: Any, state: Any, seat: int) -> tuple[LegalAction, ...]:
    """What the table's device may do for ``seat`` (``table_actions``), worked out once in
    this process for each state: a seat's own legal actions where the system lists those."""
    if type(system).table_actions is System.table_actions:
        return _legal(system, state, seat)
    listed: tuple[LegalAction, ...] = derived(
        state, ("table", seat), lambda: system.table_actions(state, seat)
    )
    return listed


_canonical = json.JSONEncoder(sort_keys=True).encode
"""A legal action's JSON written one way whatever the order of its keys, to compare two."""


def shown_legal_actions(game: Game, access: Access) -> list[dict[str, Any]]:
    """The legal actions a page shows as controls: the viewer's (``legal_actions_for``,
    where the table's device is offered nothing naming a secret), as ``state_for`` lists
    them."""
    return legal_actions_for(current_game(game), access, len(game.seats.all()))


# --- the table's device's hold-to-reveal ----------------------------------------------------


def secret_views(game: Game, access: Access, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The view for nobody and the view for ``seat``, for the table's device's
    hold-to-reveal: what differs between the two is exactly that seat's secrets, whatever
    the game. Raises Forbidden for anyone but the table's device (a player sees their own
    secrets on their page already) and InvalidInput naming ``seat`` when there is no such
    seat."""
    require_see(access)
    if not access.is_table:
        raise Forbidden(
            "Only the table's shared device (the host at no seat) shows a seat's secrets, "
            "while that seat's button is held."
        )
    seats = len(game.seats.all())
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise InvalidInput({"seat": [f"Seats are numbered 0 to {seats - 1}."]})
    current = current_game(game)
    system = current.system
    return system.view(current.state, None), system.view(current.state, seat)


def seats_with_secrets(game: Game, access: Access, current: CoreGame | None = None) -> list[int]:
    """The seats holding a secret now (their view differs from the view for nobody), each
    offered a hold-to-reveal on the table's device; nobody else is offered any."""
    if not access.is_table:
        return []
    current = _as_it_stands(game, current)
    system = current.system
    public = system.view(current.state, None)
    return [
        seat for seat in range(len(game.seats.all())) if system.view(current.state, seat) != public
    ]


# --- the log --------------------------------------------------------------------------------


def log_for(
    game: Game,
    access: Access,
    *,
    latest: int | None = None,
    current: CoreGame | None = None,
) -> list[dict[str, Any]]:
    """The log, newest last, each entry with a readable line, whether it is in effect (an
    undone action stays in the log, marked) and whether the table's shared device recorded
    it (``at_table``): ``by`` is the seat an action was taken for, not who tapped it. With
    ``latest``, only that many of the newest entries."""
    require_see(access)
    current = _as_it_stands(game, current)
    effective = set(current.history.effective)
    names = {s.index: s.name for s in game.seats.all()}
    outcomes = request_outcomes(current.log)
    at_table = recorded_at_table(game, current.version)
    shown = current.log if latest is None else current.log[max(0, len(current.log) - latest) :]
    return [
        {
            **log_entry(current, action, access, names, effective, outcomes.get(action.seq)),
            "at_table": action.seq in at_table,
        }
        for action in shown
    ]


@dataclass(frozen=True, slots=True)
class LogCounts:
    """How long the log is: its entries, the actions among them (an undo, a redo or a
    request about one is an entry, not an action) and how many of those are undone."""

    entries: int
    recorded: int
    undone: int


def log_counts(game: Game, access: Access, current: CoreGame | None = None) -> LogCounts:
    """The log's counts, the same for every viewer who may see the game."""
    require_see(access)
    current = _as_it_stands(game, current)
    effective = set(current.history.effective)
    actions = [a for a in current.log if a.type not in META_TYPES]
    undone = sum(1 for a in actions if a.seq not in effective)
    return LogCounts(entries=len(current.log), recorded=len(actions), undone=undone)


def recorded_at_table(game: Game, version: int | None = None) -> frozenset[int]:
    """The entries up to ``version`` (the row's, unless a newer log is shown) that the host
    recorded at no seat, on the table's shared device (for any seat, or for none). Once the
    host sits at a seat, an entry of that seat is theirs."""
    host_seat = next((s.index for s in game.seats.all() if s.user_id == game.host_id), None)
    upto = game.version if version is None else version
    return _recorded_at_table(game.pk, upto, game.host_id, host_seat)


@lru_cache(maxsize=1024)
def _recorded_at_table(
    pk: uuid.UUID, version: int, host_id: int, host_seat: int | None
) -> frozenset[int]:
    """Worked out once per process for a game at a version, not once per viewer: the log's
    entries up to ``version`` never change, nor who recorded them, and the host and their
    seat are in the key. From who recorded each entry, where this process has read or
    written them all (``current.RECORDERS``); else read from the log's rows."""
    known = RECORDERS.upto(str(pk), version)
    if known is not None:  # this process has read or written every entry up to there
        pairs = [(seq, seat) for seq, (seat, user) in enumerate(known, 1) if user == host_id]
    else:
        pairs = fetch_all(_recorders_sql(), [written(GameAction, "game", pk), version, host_id])
    return frozenset(seq for seq, seat in pairs if host_seat is None or seat != host_seat)


@cache
def _recorders_sql() -> str:
    """The seq and seat of a game's entries up to a version that one account recorded,
    written out (``games/sql.py``): every process reads it once for each version of each
    game it shows, and through the ORM building the query cost three times running it."""
    seq, seat = column(GameAction, "seq"), column(GameAction, "seat")
    return (
        f"SELECT {seq}, {seat} FROM {table(GameAction)} "
        f"WHERE {column(GameAction, 'game')} = %s AND {seq} <= %s "
        f"AND {column(GameAction, 'user')} = %s"
    )


def forget_recorded_at_table() -> None:
    """Forget what ``recorded_at_table`` read (the tests' databases are emptied between
    tests)."""
    _recorded_at_table.cache_clear()
    RECORDERS.clear()


def log_entry(
    current: CoreGame,
    action: Action,
    access: Access,
    names: Mapping[int, str],
    effective: Collection[int] | None = None,
    outcome: RequestOutcome | None = None,
) -> dict[str, Any]:
    """One log entry as ``access`` may see it: a secret payload not theirs is hidden (in a
    batch, that action's payload), and so is its line. ``outcome``: what became of a
    request to undo, when the caller worked them all out at once."""
    if effective is None:
        effective = set(current.history.effective)
    shown = current.payload_for(action, access.viewer)
    entry = action.to_json()
    entry["payload"] = dict(shown) if shown is not None else None
    return {
        **entry,
        "by_name": names.get(action.by) if action.by is not None else None,
        "text": current.line(action, access.viewer, outcome),
        "in_effect": action.seq in effective if action.type not in META_TYPES else None,
    }
