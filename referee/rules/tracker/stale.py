"""An action sent against a version the game has moved on from: whether what was recorded
since can change what it means."""

from __future__ import annotations

from collections.abc import Mapping

from .actions import BATCH, META_TYPES, Action
from .batches import batch_actions
from .game import Game
from .json_values import JSON
from .refusals import IllegalAction
from .system import Setup, State


def stale_conflict(
    game: Game[Setup, State],
    seen: State,
    seen_version: int,
    type: str,
    by: int | None,
    payload: Mapping[str, JSON],
) -> Action | None:
    """The first entry recorded after ``seen_version`` (the version whose state, ``seen``,
    the sender looked at) that can change what their action means, or None when every one
    of them commutes with it (``System.commutes``): the action is then recorded as if sent
    now. An undo, a redo or a request about one never commutes, nor does anything sent as
    an undo, a redo or a request."""
    if type in META_TYPES:
        return game.log[seen_version] if seen_version < len(game.log) else None
    pending = Action(game.version + 1, type, by, dict(payload))
    try:
        mine = batch_actions(game.system, pending) if type == BATCH else (pending,)
    except IllegalAction:
        mine = (pending,)
    for entry in game.log[seen_version:]:
        if entry.type in META_TYPES:
            return entry
        theirs = batch_actions(game.system, entry) if entry.type == BATCH else (entry,)
        if not all(game.system.commutes(seen, r, p) for r in theirs for p in mine):
            return entry
    return None
