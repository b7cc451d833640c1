"""The state a log leads to: each entry in effect applied in order through its system's
rules, from the setup or from a stored state; and, for a stored game the rules have been
tightened since, the state just before the first entry they now refuse (``Broken``, R210).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .actions import BATCH, Action
from .batches import batch_actions
from .refusals import IllegalAction
from .system import Setup, State, System
from .undo import History, history


def apply_entry(
    system: System[Setup, State],
    setup: Setup,
    state: State,
    action: Action,
    *,
    replaying: bool = False,
) -> State:
    """The state after one entry in effect: an action, or each action of a batch in order,
    all or nothing. A batch's refusal names the action refused and keeps its field
    (``payload.actions.1.payload.guardian``). ``replaying``: the entry is already in the log
    (``System.replay_apply``)."""
    apply = system.replay_apply if replaying else system.apply
    if action.type != BATCH:
        return apply(state, action)
    actions = batch_actions(system, action)
    for index, part in enumerate(actions):
        try:
            state = apply(state, part)
        except IllegalAction as error:
            line = system.describe(part, setup, action.by)
            where = f"payload.actions.{index}" + (f".{error.field}" if error.field else "")
            raise IllegalAction(
                f"Change {index + 1} of {len(actions)} ({line}): {error.message}", where
            ) from None
    return state


def replay(
    system: System[Setup, State],
    setup: Setup,
    log: Sequence[Action],
    base: Callable[[tuple[int, ...]], tuple[int, State] | None] | None = None,
) -> State:
    """The state the log leads to: every effective ordinary action applied in order, from
    the stored state ``base`` finds for the longest prefix of them, if any (as in
    ``game_apply``)."""
    by_seq = {action.seq: action for action in log}
    effective = history(log).effective
    found = base(effective) if base is not None else None
    start_at, state = found if found is not None else (0, system.initial_state(setup))
    for seq in effective[start_at:]:
        state = apply_entry(system, setup, state, by_seq[seq], replaying=True)
    return state


@dataclass(frozen=True, slots=True)
class Broken:
    """Entry ``seq``, in effect, is refused by the rules as they are now (they were tightened
    since it was recorded), for ``reason``: the game stands as it was just before it
    (R210)."""

    seq: int
    reason: str


def replay_until_refused(
    system: System[Setup, State], setup: Setup, log: Sequence[Action]
) -> tuple[State, History, Broken | None]:
    """The state the log leads to, its history and None; or, when the rules now refuse an
    entry in effect, the state just before it, the history with that entry and every later
    one set aside, and what was refused and why. Never raises for a refused entry: a stored
    game always opens (R210)."""
    full = history(log)
    by_seq = {action.seq: action for action in log}
    state = system.initial_state(setup)
    for seq in full.effective:
        try:
            state = apply_entry(system, setup, state, by_seq[seq], replaying=True)
        except IllegalAction as error:
            return state, full.set_aside(seq), Broken(seq, error.message)
    return state, full, None
