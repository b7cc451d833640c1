"""A game: a log with its system, setup and the state it replays to, and the one way it
changes (``game_apply``).

The state of a game is never stored as the truth: it is whatever replaying the log gives.
Undo and redo are ordinary entries of that log, so nothing is overwritten or lost, and the
same log always replays to the identical state.

A stored game outlives the rules it was recorded under. When a newer version of the rules
refuses an entry in effect (``Broken``), the game opens at the state just before it, and the
table may go on from there: the app then records a ``set_aside`` {from, reason}, which takes
that entry and every later one out of effect (they stay in the log, and in any export), as
if undone, but for good (R210).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic

from .actions import ANSWER_UNDO, BATCH, META_TYPES, REDO, REQUEST_UNDO, SET_ASIDE, UNDO, Action
from .batches import batch_actions
from .json_values import JSON
from .refusals import IllegalAction, check_version
from .replaying import Broken, apply_entry, replay
from .system import Setup, State, System
from .undo import LAPSED, OPEN, History, RequestOutcome, UndoRequest, history, request_outcomes


@dataclass(frozen=True, slots=True)
class Game(Generic[Setup, State]):
    """A log with its system, setup and the state it replays to (a cache of that replay).
    ``broken``: the entry the rules now refuse, when they do (``replay_until_refused``); the
    state and history then stand just before it, and the next entry recorded first sets the
    refused entries aside (``set_aside``)."""

    system: System[Setup, State]
    setup: Setup
    log: tuple[Action, ...]
    state: State
    history: History
    broken: Broken | None = None

    @property
    def version(self) -> int:
        return len(self.log)

    def next_undo(self) -> int | None:
        return self.history.effective[-1] if self.history.effective else None

    def next_redo(self) -> int | None:
        return self.history.redoable[-1] if self.history.redoable else None

    @property
    def undo_requests(self) -> tuple[UndoRequest, ...]:
        """The requests to undo still waiting for an answer, oldest first."""
        return self.history.requests

    def seat_name(self, seat: int | None) -> str:
        names = self.system.seat_names(self.setup)
        if seat is None:
            return "The host"
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat}"

    def payload_for(self, action: Action, viewer: int | None) -> Mapping[str, JSON] | None:
        """The payload of a log entry as ``viewer`` may see it (None: a secret). A batch
        shows each of its actions so, a secret one with ``"payload": null``."""
        if action.type in META_TYPES:
            return action.payload
        if action.type != BATCH:
            return self.system.visible_payload(action, self.state, viewer)
        shown: list[JSON] = []
        for part in batch_actions(self.system, action):
            payload = self.system.visible_payload(part, self.state, viewer)
            shown.append({"type": part.type, "payload": None if payload is None else payload})
        return {"actions": shown}

    def line(
        self, action: Action, viewer: int | None, outcome: RequestOutcome | None = None
    ) -> str:
        """The history line of a log entry as ``viewer`` may read it: nothing that viewer
        may not see. A request to undo says what became of it (``outcome``, when the caller
        has worked out every request's at once with ``request_outcomes``)."""
        if action.type in (UNDO, REDO):
            verb = "Undid" if action.type == UNDO else "Redid"
            return f"{verb} #{action.payload.get('target')}"
        if action.type == REQUEST_UNDO:
            target = action.payload.get("target")
            text = f"{self.seat_name(action.by)} asks to undo #{target}"
            asked = self.entry(target)
            if asked is not None:
                text += f" ({self.line(asked, viewer)})"
            if outcome is None:
                outcome = request_outcomes(self.log[action.seq - 1 :]).get(action.seq)
            return text + _outcome_words(outcome, target)
        if action.type == SET_ASIDE:
            first = action.payload.get("from")
            refused = self.entry(first)
            # The engine's reason is worded for whoever sent that entry and may name what
            # only they may see: it is quoted to them alone.
            reason = action.payload.get("reason", "")
            why = f": {reason}" if refused is not None and refused.by == viewer else ""
            return (
                f"#{first} and every later entry are set aside, kept in the log: the rules of "
                f"this version refuse #{first}{why} (R210)"
            )
        if action.type == ANSWER_UNDO:
            request = self.entry(action.payload.get("request"))
            target = request.payload.get("target") if request is not None else "?"
            who = self.seat_name(action.by)
            if action.payload.get("accept") is True:
                return f"{who} accepts: #{target} is undone"
            return f"{who} declines: #{target} stays"
        if action.type == BATCH:
            text = "; ".join(self._plain_line(part, viewer) for part in self._batch_parts(action))
        else:
            text = self._plain_line(action, viewer)
        after = self.system.aftermath(action.seq, self.state)
        return f"{text}; {after}" if after else text

    def entry(self, seq: object) -> Action | None:
        """Log entry number ``seq``, or None when there is none."""
        if isinstance(seq, int) and not isinstance(seq, bool) and 0 < seq <= len(self.log):
            return self.log[seq - 1]
        return None

    def _batch_parts(self, action: Action) -> tuple[Action, ...]:
        try:
            return batch_actions(self.system, action)
        except IllegalAction:
            return ()

    def _plain_line(self, action: Action, viewer: int | None) -> str:
        """The line of one action, said from its payload as ``viewer`` may see it now (a
        Guardian face up on the board is named, one face down is not)."""
        visible = self.system.visible_payload(action, self.state, viewer)
        if visible is None:
            return self.system.describe_secret(replace(action, payload={}), self.setup)
        return self.system.describe(replace(action, payload=visible), self.setup, viewer)


def _outcome_words(outcome: RequestOutcome | None, target: JSON) -> str:
    if outcome is None or outcome.status == OPEN:
        return ""
    if outcome.status == LAPSED:
        return f": lapsed, #{outcome.closed_by} undid #{target} first"
    return f": {outcome.status} in #{outcome.closed_by}"


def start(
    system: System[Setup, State], setup: Setup, log: Sequence[Action] = ()
) -> Game[Setup, State]:
    return Game(system, setup, tuple(log), replay(system, setup, log), history(log))


def game_apply(
    game: Game[Setup, State],
    *,
    type: str,
    by: int | None = None,
    payload: Mapping[str, JSON] | None = None,
    at: str | None = None,
    expected_version: int | None = None,
    base: Callable[[tuple[int, ...]], tuple[int, State] | None] | None = None,
    replaying: bool = False,
) -> Game[Setup, State]:
    """The one way a game changes: check the version, append the action and derive the
    new state. An ordinary action (or a batch) is applied to the cached state; an undo, a
    redo or an accepted request to undo replays the effective history, so the result is
    exactly what a fresh replay gives; a request and a declined one change no state.
    ``base`` finds a stored state to replay from: given the seqs now in effect, the longest
    stored prefix of them (how many, and the state they lead to), or None. ``replaying``:
    the entry is already in the log (read from storage or an import), so it is applied as
    a replay applies it (``System.replay_apply``)."""
    if expected_version is not None:
        check_version(expected_version, game.version)
    if game.broken is not None:
        game = set_aside(game, at)
    action = Action(game.version + 1, type, by, dict(payload or {}), at)
    new_history = game.history.step(action, game.log)
    log = (*game.log, action)
    if type in META_TYPES and new_history.effective == game.history.effective:
        state = game.state
    elif type in META_TYPES:
        target = _moved_entry(game.history, new_history)
        by_seq = {entry.seq: entry for entry in log}
        found = base(new_history.effective) if base is not None else None
        start_at, state = found if found is not None else (0, game.system.initial_state(game.setup))
        for seq in new_history.effective[start_at:]:
            try:
                state = apply_entry(game.system, game.setup, state, by_seq[seq], replaying=True)
            except IllegalAction as error:
                verb = "Redoing" if type == REDO else "Undoing"
                broken = by_seq[seq]
                line = replace(game, log=log).line(broken, by)
                # The engine's reason is worded for whoever sent that entry and may name
                # what only they may see: it is quoted to them alone.
                reason = f": {error.message}" if broken.by == by else "."
                raise IllegalAction(
                    f"{verb} #{target} would make #{seq} ({line}) illegal{reason} "
                    f"Undo #{seq} first (R50).",
                    "payload.target" if type != ANSWER_UNDO else "payload.request",
                ) from None
    else:
        state = apply_entry(game.system, game.setup, game.state, action, replaying=replaying)
    return replace(game, log=log, state=state, history=new_history)


def set_aside(game: Game[Setup, State], at: str | None = None) -> Game[Setup, State]:
    """``game`` with a ``set_aside`` of the entry the rules now refuse, and every later one,
    recorded by the app: the table goes on from the state just before it (R210)."""
    if game.broken is None:
        return game
    payload = {"from": game.broken.seq, "reason": game.broken.reason}
    entry = Action(game.version + 1, SET_ASIDE, None, payload, at)
    log = (*game.log, entry)
    return replace(game, log=log, history=game.history.step(entry, log), broken=None)


def _moved_entry(before: History, after: History) -> int:
    """The one entry an undo, a redo or an accepted request took back or restored."""
    moved = set(before.effective) ^ set(after.effective)
    return moved.pop()
