"""A tracked game as it stands now: its log and the state the rules engine makes of it.

The state is derived from the log. Each process keeps the games it has seen in a small cache
keyed by game and version; a request that finds its cache behind applies only the entries
it has not seen (other processes wrote them), so a long game is not replayed from the start
on every request.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, TypeVar

from games import registry
from games.bounded import Bounded
from games.sql import column, fetch_all, instance, selected, table, written
from referee.rules.tracker import Action, IllegalAction, replay
from referee.rules.tracker import Game as RulesGame
from referee.rules.tracker.replaying import replay_until_refused

from ..models.tracker import Game, GameAction
from . import snapshots

# Enough for every table of a club night, with room: at 256, bench/tracker.py's 268 tables,
# visited in turn by the stream server's hub, overran it, so each game was opened from
# storage again (its whole log read) at every change.
CACHE_SIZE = 1024

CoreGame = RulesGame[Any, Any]
"""A game as the rules engine holds it: its system, setup, log, state and history."""


Recorder = tuple[int | None, int | None]
"""Who recorded a log entry: the seat it is for, and the account that sent it (None for
the app's own entries)."""


class _Cache(Bounded[CoreGame]):
    """The latest state of each recently used game, in this process."""

    def put(self, key: str, game: CoreGame) -> None:
        with self._lock:
            current = self._kept.get(key)
            if current is not None and current.version > game.version:
                return
            self._kept[key] = game
            self._used(key)


CACHE = _Cache(CACHE_SIZE)


class _Recorders(Bounded[list[Recorder]]):
    """Who recorded each entry of the games this process has read or written, seq by seq
    from the first: an entry never changes once it is in the log, so what a process has
    read of a game's log, or written to it, stays true, and the history's "at the table"
    marks are worked out from it rather than from the log's rows read again."""

    def extend(self, key: str, first: int, recorders: list[Recorder]) -> None:
        """The entries from seq ``first`` on were recorded by ``recorders``. Kept when they
        follow what is known of the game without a gap (from the first entry, what was
        known is replaced: it is the log read whole)."""
        with self._lock:
            known = self._kept.get(key)
            if first == 1:
                self._kept[key] = list(recorders)
            elif known is not None and len(known) >= first - 1:
                del known[first - 1 :]
                known.extend(recorders)
            else:
                return
            self._used(key)

    def upto(self, key: str, version: int) -> tuple[Recorder, ...] | None:
        """Who recorded entries 1 to ``version``; None unless all of them are known."""
        with self._lock:
            known = self._kept.get(key)
            if known is None or len(known) < version:
                return None
            return tuple(known[:version])


RECORDERS = _Recorders(CACHE_SIZE)

Worked = TypeVar("Worked")


class _Derived(Bounded[tuple[object, dict[Hashable, Any]]]):
    """What this process worked out from the states it holds (a seat's legal actions, the
    state as nobody knows it), by the state: each is read by several of a table's requests
    at the same version (each player's refresh lists their seat's actions, the table's
    device every seat's). A state never changes, so nothing kept here is stale; each entry
    holds its state, so the state's id is not taken by another while it is kept."""


DERIVED = _Derived(256)


def derived(state: object, what: Hashable, work: Callable[[], Worked]) -> Worked:
    """``work()``, which depends on ``state`` alone, worked out once in this process for
    each state object and each ``what``."""
    key = str(id(state))
    found = DERIVED.get(key)
    if found is None or found[0] is not state:
        found = (state, {})
        DERIVED.put(key, found)
    kept = found[1]
    if what not in kept:
        kept[what] = work()
    result: Worked = kept[what]
    return result


def to_action(row: GameAction) -> Action:
    """A stored log entry as the rules engine sees it."""
    return Action(row.seq, row.type, row.seat, row.payload, row.at.isoformat())


def _recorders(rows: list[GameAction]) -> list[Recorder]:
    """Who recorded each of these stored entries."""
    return [(row.seat, row.user_id) for row in rows]


def _from_storage(game: Game) -> CoreGame:
    """The game as stored: its log, and its latest stored state when that still reads, with
    any entries recorded since applied; else its log replayed until the rules refuse an
    entry, if they do (R210), and that state stored for next time. Never raises for an
    entry the rules now refuse: the game opens at the state just before it."""
    system = registry.tracker(game.system)
    setup = system.setup_from_json(game.setup)
    rows = list(game.actions.order_by("seq"))
    log = tuple(to_action(row) for row in rows)
    RECORDERS.extend(str(game.pk), 1, _recorders(rows))
    stored = snapshots.latest(game, system)
    if stored is not None and stored.version <= len(log):
        result: CoreGame = RulesGame(
            system, setup, log[: stored.version], stored.state, stored.history, stored.broken
        )
        try:
            return snapshots.caught_up(
                result, log[stored.version :], snapshots.finder(game, system)
            )
        except IllegalAction:
            pass  # recorded under other rules: replay the whole log below
    state, history, broken = replay_until_refused(system, setup, log)
    result = RulesGame(system, setup, log, state, history, broken)
    snapshots.keep_latest(game, result)
    return result


def current_game(game: Game) -> CoreGame:
    """The game's log and state at ``game.version``: from this process's cache, brought up
    to date with the entries it has not seen, or opened from the stored state."""
    key = str(game.pk)
    cached = CACHE.get(key)
    if cached is not None and cached.version >= game.version:
        return cached  # a reader holding an older row may see a newer state, never an older
    result = None
    if cached is not None:
        unseen = _unseen(game, cached.version)
        try:
            result = snapshots.caught_up(cached, unseen, snapshots.finder(game, cached.system))
        except IllegalAction:
            result = None
    if result is None:
        result = _from_storage(game)
    CACHE.put(key, result)
    return result


def _unseen(game: Game, seen: int) -> list[Action]:
    """The game's entries after ``seen`` up to its version, in order, in one query written
    out and prepared (``games/sql.py``): every process that shows a change another process
    recorded reads them, and through the ORM the query cost more to build than to run."""
    game_id = written(GameAction, "game", game.pk)
    rows = [
        instance(GameAction, row) for row in fetch_all(_unseen_sql(), [game_id, seen, game.version])
    ]
    if rows and rows[0].seq == seen + 1:
        RECORDERS.extend(str(game.pk), seen + 1, _recorders(rows))
    return [to_action(row) for row in rows]


@cache
def _unseen_sql() -> str:
    seq = column(GameAction, "seq")
    return (
        f"SELECT {selected(GameAction, 'a')} FROM {table(GameAction)} a "
        f"WHERE a.{column(GameAction, 'game')} = %s AND a.{seq} > %s AND a.{seq} <= %s "
        f"ORDER BY a.{seq}"
    )


def state_at(current: CoreGame, game: Game, version: int) -> Any:
    """The state the game had at ``version`` (after its first ``version`` entries), replayed
    from the nearest snapshot taken by then."""
    if version == current.version:
        return current.state
    base = snapshots.finder(game, current.system, below=version)
    return replay(current.system, current.setup, current.log[:version], base)


def finished(result: CoreGame) -> bool:
    """Whether the game is over, as its system decides (``System.over``: never a secret)."""
    return bool(result.system.over(result.state))
