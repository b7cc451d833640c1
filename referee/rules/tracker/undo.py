"""The log read through undo and redo: which entries are in effect, which may be redone, and
the requests to undo still open.

Undo/redo rule (R50): an ``undo`` takes back any action still in effect (one applied and
not taken back), not only the latest: the game is replayed without it, and the undo is
refused, naming the action, when something recorded later would no longer be legal without
it. A ``redo`` restores the most recently undone action in its original place. Undo and redo
themselves are never the target of an undo; a redo is how an undo is taken back. Any new
ordinary action clears the redo chain, as in an editor. Both carry the seq of their target in
the payload, so a tablet that saw a different log is refused rather than undoing the wrong
thing.

Undo requests: a seat asks the seat whose action it is to take it back (``request_undo``
{target}), and that seat answers (``answer_undo`` {request, accept}). Both are entries of the
log. Accepting is an undo of the target, refused the same way; declining changes nothing
else. A request is open until it is answered, or until its target leaves the game some other
way (an undo): it then lapses, and the history says which entry made it lapse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .actions import ANSWER_UNDO, REDO, REQUEST_UNDO, SET_ASIDE, UNDO, Action
from .json_values import is_whole_number
from .refusals import IllegalAction


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """An open request (entry ``seq``) from seat ``by`` to undo entry ``target``, which
    seat ``to`` answers (None: the host, whose action it was)."""

    seq: int
    by: int
    target: int
    to: int | None


OPEN = "open"
ACCEPTED = "accepted"
DECLINED = "declined"
LAPSED = "lapsed"


@dataclass(frozen=True, slots=True)
class RequestOutcome:
    """What became of a request to undo: ``open``, ``accepted``, ``declined`` or ``lapsed``
    (its target was undone directly first), and the entry that closed it."""

    status: str
    closed_by: int | None = None


@dataclass(frozen=True, slots=True)
class History:
    """The log read through undo and redo: the seqs in effect, in order, the undone seqs
    that may still be redone (last is next), and the open requests to undo."""

    effective: tuple[int, ...] = ()
    redoable: tuple[int, ...] = ()
    requests: tuple[UndoRequest, ...] = ()

    def step(self, action: Action, log: Sequence[Action]) -> History:
        """The history after one more log entry (R50); ``log`` holds at least the entries
        before it (entry n at index n - 1), where a request reads whose its target is.
        Raises IllegalAction for an undo of an action not in effect, a redo of anything but
        the latest undone action, or a request or answer that does not fit."""
        if action.type == UNDO:
            target = _target_seq(action)
            if not self.effective:
                raise IllegalAction("There is nothing to undo.", "payload.target")
            if target not in self.effective:
                raise IllegalAction(
                    f"Action #{target} is not in effect, so it cannot be undone (R50).",
                    "payload.target",
                )
            return self._undo(target)
        if action.type == REDO:
            target = _target_seq(action)
            if not self.redoable:
                raise IllegalAction("There is nothing to redo.", "payload.target")
            if target != self.redoable[-1]:
                raise IllegalAction(
                    f"Only the latest undone action (#{self.redoable[-1]}) can be redone, "
                    f"not #{target} (R50).",
                    "payload.target",
                )
            restored = tuple(sorted((*self.effective, target)))
            return History(restored, self.redoable[:-1], self.requests)
        if action.type == REQUEST_UNDO:
            return self._request(action, log)
        if action.type == ANSWER_UNDO:
            return self._answer(action)
        if action.type == SET_ASIDE:
            first = action.payload.get("from")
            if not isinstance(first, int) or isinstance(first, bool) or not 0 < first < action.seq:
                raise IllegalAction("A set_aside names the first entry it sets aside.", "from")
            return self.set_aside(first)
        return History((*self.effective, action.seq), (), self.requests)

    def set_aside(self, first: int) -> History:
        """Entry ``first`` and every later one out of effect for good: they are neither
        redone nor asked about any more (R210)."""
        return History(
            tuple(seq for seq in self.effective if seq < first),
            tuple(seq for seq in self.redoable if seq < first),
            tuple(request for request in self.requests if request.target < first),
        )

    def _undo(self, target: int) -> History:
        """``target`` taken back; a request to undo it lapses (or is the one answered)."""
        kept = tuple(seq for seq in self.effective if seq != target)
        still_open = tuple(request for request in self.requests if request.target != target)
        return History(kept, (*self.redoable, target), still_open)

    def _request(self, action: Action, log: Sequence[Action]) -> History:
        target = _target_seq(action)
        if action.by is None:
            raise IllegalAction(
                "A request to undo comes from a seat; the host undoes directly.", "seat"
            )
        if target not in self.effective:
            raise IllegalAction(
                f"Action #{target} is not in effect, so there is nothing to ask to undo (R50).",
                "payload.target",
            )
        owner = log[target - 1].by
        if owner == action.by:
            raise IllegalAction(
                f"Action #{target} is your own seat's: undo it directly, there is no one to ask.",
                "payload.target",
            )
        asked = next((r for r in self.requests if r.target == target), None)
        if asked is not None:
            raise IllegalAction(
                f"#{asked.seq} already asks to undo #{target}: wait for the answer.",
                "payload.target",
            )
        request = UndoRequest(action.seq, action.by, target, owner)
        return replace(self, requests=(*self.requests, request))

    def _answer(self, action: Action) -> History:
        number = action.payload.get("request")
        accept = action.payload.get("accept")
        if not is_whole_number(number):
            raise IllegalAction(
                "An answer needs the number of the request it answers.", "payload.request"
            )
        if not isinstance(accept, bool):
            raise IllegalAction(
                "An answer says whether the undo is accepted: accept is true or false.",
                "payload.accept",
            )
        found = next((r for r in self.requests if r.seq == number), None)
        if found is None:
            raise IllegalAction(
                f"#{number} is not an open request to undo: it was answered, it lapsed, or it "
                "never was one.",
                "payload.request",
            )
        if action.by != found.to:
            raise IllegalAction(
                f"Request #{number} is answered by the seat whose action #{found.target} is.",
                "seat",
            )
        if accept:
            return self._undo(found.target)
        return replace(self, requests=tuple(r for r in self.requests if r.seq != number))


def _target_seq(action: Action) -> int:
    target = action.payload.get("target")
    if not isinstance(target, int) or isinstance(target, bool):
        raise IllegalAction(
            f"An {action.type} needs the number of the action it targets.", "payload.target"
        )
    return target


def history(log: Sequence[Action]) -> History:
    result = History()
    for index, action in enumerate(log, start=1):
        if action.seq != index:
            raise IllegalAction(
                f"The log has a gap: entry {index} carries number {action.seq}.", "seq"
            )
        result = result.step(action, log)
    return result


def request_outcomes(log: Sequence[Action]) -> dict[int, RequestOutcome]:
    """What became of every request to undo in a (legal) log, by the request's seq. A
    request closes when it is answered or, while open, when its target is undone directly:
    only one request per target is open at a time, so nothing else can close it."""
    outcomes: dict[int, RequestOutcome] = {}
    open_by_target: dict[Any, int] = {}
    for action in log:
        if action.type == REQUEST_UNDO:
            outcomes[action.seq] = RequestOutcome(OPEN)
            open_by_target[action.payload.get("target")] = action.seq
        elif action.type == ANSWER_UNDO:
            number = action.payload.get("request")
            for target, seq in list(open_by_target.items()):
                if seq == number:
                    del open_by_target[target]
                    status = ACCEPTED if action.payload.get("accept") is True else DECLINED
                    outcomes[seq] = RequestOutcome(status, action.seq)
        elif action.type == UNDO:
            closed = open_by_target.pop(action.payload.get("target"), None)
            if closed is not None:
                outcomes[closed] = RequestOutcome(LAPSED, action.seq)
        elif action.type == SET_ASIDE:
            first = action.payload.get("from")
            for target, seq in list(open_by_target.items()):
                if is_whole_number(target) and is_whole_number(first) and target >= first:
                    del open_by_target[target]
                    outcomes[seq] = RequestOutcome(LAPSED, action.seq)
    return outcomes
