"""Stored states, so a game opens without replaying its log, in any worker, after a restart.

The log stays the truth; these are caches of its replay, written as the game is played:
- ``GameState``: the latest state, with the history read through undo and redo and what the
  rules refuse, if anything (``Broken``). Opening a game reads it and applies only the
  entries recorded since (none, usually).
- ``GameSnapshot``: every ``EVERY`` entries, the state then and which entries were in effect
  (their count and a digest), for an undo or a redo to replay from instead of the setup.

A stored state is Python's pickle of the engine's frozen dataclasses, signed with the site's
secret key so that only what this site wrote is ever read back. It is used only when it was
written by the same system at the same ``state_version`` and every dataclass in it still has
all of its fields; otherwise the game is replayed from its log (``replay_until_refused``),
which also says which entry, if any, the rules of this version refuse.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import pickle
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import DatabaseError, transaction
from django.utils.crypto import salted_hmac

from referee.rules.tracker import Action, System, start
from referee.rules.tracker import Game as RulesGame
from referee.rules.tracker import game_apply as rules_game_apply
from referee.rules.tracker.replaying import Broken
from referee.rules.tracker.undo import History

from .. import pickling
from ..models.tracker import Game, GameSnapshot, GameState
from ..sql import column, execute, table, written

FORMAT = 1
EVERY = 25  # entries between two snapshots an undo may replay from
_SALT = "games.tracker.snapshots"
_SIGNATURE = 32  # bytes of SHA-256

CoreGame = RulesGame[Any, Any]
Base = Callable[[tuple[int, ...]], tuple[int, Any] | None]
"""Given the entries now in effect, a stored state of the longest prefix of them: (how
many, the state), or None (``rules_game_apply``'s ``base``)."""


@dataclass(frozen=True, slots=True)
class Stored:
    """A game's latest stored state: the log's version it stands at, the state, the
    history and the entry the rules refuse, if any."""

    version: int
    state: Any
    history: History
    broken: Broken | None


def _sign(body: bytes) -> bytes:
    return salted_hmac(_SALT, body, algorithm="sha256").digest()


def encode(system: System[Any, Any], value: Any) -> bytes:
    # pickle's bytes, written faster (games/pickling.py)
    body = pickling.dumps((FORMAT, system.slug, system.state_version, value), protocol=5)
    return _sign(body) + body


def decode(system: System[Any, Any], blob: bytes | memoryview | None) -> Any:
    """What ``encode`` stored for ``system``, or None when it is not there, not this site's,
    or made by other rules (another format or state version, or a dataclass in it that lacks
    a field it has now)."""
    if not blob:
        return None
    data = bytes(blob)
    signature, body = data[:_SIGNATURE], data[_SIGNATURE:]
    if not hmac.compare_digest(signature, _sign(body)):
        return None
    try:
        # signed above: only what this site wrote is ever unpickled
        stamp_format, slug, state_version, value = pickle.loads(body)
    except Exception:  # a class renamed or moved since: replay instead
        return None
    if (stamp_format, slug, state_version) != (FORMAT, system.slug, system.state_version):
        return None
    return value if _whole(value) else None


def _whole(value: Any, depth: int = 0) -> bool:
    """Whether every dataclass in ``value`` has each of its fields, as its class has them
    now (a state pickled before a field was added lacks it)."""
    if depth > 200:
        return True
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            if not hasattr(value, item.name):
                return False
            if not _whole(getattr(value, item.name), depth + 1):
                return False
        return True
    if isinstance(value, (tuple, list, frozenset, set)):
        return all(_whole(item, depth + 1) for item in value)
    if isinstance(value, Mapping):
        return all(_whole(item, depth + 1) for item in value.values())
    return True


def digest(seqs: Iterable[int]) -> str:
    return hashlib.sha256(",".join(map(str, seqs)).encode()).hexdigest()


# --- the latest state -----------------------------------------------------------------------


def latest(game: Game, system: System[Any, Any]) -> Stored | None:
    row = GameState.objects.filter(game=game).first()
    if row is None:
        return None
    value = decode(system, row.blob)
    if not isinstance(value, Stored) or value.version != row.version:
        return None
    return value


def store(game: Game, result: CoreGame) -> None:
    """Keep ``result`` as the game's latest state, and as a snapshot every ``EVERY``
    entries."""
    value = Stored(result.version, result.state, result.history, result.broken)
    # one INSERT ... ON CONFLICT DO UPDATE: no savepoint, no row locked and read first;
    # written out and prepared (games/sql.py), as every action makes it
    blob = encode(result.system, value)
    execute(
        _store_sql(),
        [
            written(GameState, "game", game.pk),
            written(GameState, "version", result.version),
            written(GameState, "blob", blob),
        ],
    )
    if result.version and result.version % EVERY == 0 and result.broken is None:
        keep(game, result.system, [(result.version, result.history.effective, result.state)])


@cache
def _store_sql() -> str:
    game, version, blob = (column(GameState, name) for name in ("game", "version", "blob"))
    return (
        f"INSERT INTO {table(GameState)} ({game}, {version}, {blob}) VALUES (%s, %s, %s) "
        f"ON CONFLICT ({game}) DO UPDATE SET {version} = EXCLUDED.{version}, "
        f"{blob} = EXCLUDED.{blob}"
    )


def keep_latest(game: Game, result: CoreGame) -> None:
    """``store`` on the way to reading a game: a cache write that fails (another reader
    stored the same state first) never fails the read."""
    try:
        with transaction.atomic():
            store(game, result)
    except DatabaseError:
        pass


def keep(
    game: Game,
    system: System[Any, Any],
    states: Sequence[tuple[int, tuple[int, ...], Any]],
) -> None:
    """Store snapshots: each the log's version, the entries then in effect and the state."""
    GameSnapshot.objects.bulk_create(
        (
            GameSnapshot(
                game=game,
                seq=seq,
                count=len(effective),
                digest=digest(effective),
                blob=encode(system, state),
            )
            for seq, effective, state in states
        ),
        ignore_conflicts=True,
    )


def finder(game: Game, system: System[Any, Any], below: int | None = None) -> Base:
    """What ``rules_game_apply`` replays from (its ``base``): given the entries now in
    effect, the stored snapshot of the longest prefix of them, as (how many, state).
    ``below``: only snapshots taken before that version."""

    def find(effective: tuple[int, ...]) -> tuple[int, Any] | None:
        rows = GameSnapshot.objects.filter(game=game, count__lte=len(effective))
        if below is not None:
            rows = rows.filter(seq__lte=below)
        for row in rows.order_by("-count", "-seq")[:40]:
            if row.digest != digest(effective[: row.count]):
                continue
            state = decode(system, row.blob)
            if state is not None:
                return row.count, state
        return None

    return find


def caught_up(game: CoreGame, entries: Iterable[Action], base: Base | None) -> CoreGame:
    """``game`` with ``entries`` (already recorded) applied in turn as a replay applies them,
    an undo or a redo replaying from ``base``. Raises IllegalAction for one refused."""
    for action in entries:
        game = rules_game_apply(
            game,
            type=action.type,
            by=action.by,
            payload=action.payload,
            at=action.at,
            base=base,
            replaying=True,
        )
    return game


def replayed(
    system: System[Any, Any], setup: Any, log: Sequence[Action]
) -> tuple[CoreGame, list[tuple[int, tuple[int, ...], Any]]]:
    """The game ``log`` leads to, entry by entry as it was recorded (each replayed as
    ``referee.rules.tracker.replay`` would), and its snapshots every ``EVERY`` entries for ``keep``.
    Raises IllegalAction for an entry that is refused."""
    game: CoreGame = start(system, setup)
    states: list[tuple[int, tuple[int, ...], Any]] = []

    def base(effective: tuple[int, ...]) -> tuple[int, Any] | None:
        for _seq, kept, state in reversed(states):
            if effective[: len(kept)] == kept:
                return len(kept), state
        return None

    for action in log:
        game = caught_up(game, (action,), base)
        if game.version % EVERY == 0:
            states.append((game.version, game.history.effective, game.state))
    return game, states
