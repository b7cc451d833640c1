"""An append-only game log, replayed through a game system's pure rules engine.

The state of a game is never stored as the truth: it is whatever replaying the log gives.
Undo and redo are ordinary entries of that log, so nothing is overwritten or lost, and the
same log always replays to the identical state.

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

A ``batch`` {actions: [{type, payload}, ...]} is one entry holding several ordinary actions
of the entry's seat, applied in order, all or nothing; undo and redo take back and restore
all of it.

A stored game outlives the rules it was recorded under. When a newer version of the rules
refuses an entry in effect (``Broken``), the game opens at the state just before it, and the
table may go on from there: the app then records a ``set_aside`` {from, reason}, which takes
that entry and every later one out of effect (they stay in the log, and in any export), as
if undone, but for good (R210).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, TypeVar

from referee.rules.errors import RulesError
from referee.rules.text import lone_surrogate

JSON = Any  # a JSON value: None, bool, int, float, str, list or dict of JSON values

UNDO = "undo"
REDO = "redo"
REQUEST_UNDO = "request_undo"
ANSWER_UNDO = "answer_undo"
BATCH = "batch"
SET_ASIDE = "set_aside"
META_TYPES = frozenset({UNDO, REDO, REQUEST_UNDO, ANSWER_UNDO, SET_ASIDE})
"""Entries about other entries: never in effect themselves, never undone, never previewed."""
CORE_TYPES = frozenset({UNDO, REDO, REQUEST_UNDO, ANSWER_UNDO, BATCH})
"""The entry types every game has and a player sends, beside its system's own action types.
A ``set_aside`` is the app's alone (``Broken``)."""
MAX_BATCH = 50
"""The most actions one batch holds."""


class IllegalAction(RulesError):
    """An action the rules do not allow in the current state; the message says why."""


class StaleVersion(RulesError):
    """An action was posted against a version of the game that is no longer current."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(
            f"The game has moved on: you saw version {expected}, it is now at version "
            f"{actual}. Look at the new state and try again.",
            "version",
        )
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of the log. ``seq`` is its 1-based position; ``by`` is a seat index, or
    None for the host or the system."""

    seq: int
    type: str
    by: int | None = None
    payload: Mapping[str, JSON] = field(default_factory=dict)
    at: str | None = None

    def to_json(self) -> dict[str, JSON]:
        return {
            "seq": self.seq,
            "type": self.type,
            "by": self.by,
            "payload": dict(self.payload),
            "at": self.at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Action:
        return cls(
            seq=int(data["seq"]),
            type=str(data["type"]),
            by=None if data.get("by") is None else int(data["by"]),
            payload=dict(data.get("payload") or {}),
            at=data.get("at"),
        )


D6: tuple[JSON, ...] = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class PayloadField:
    name: str
    kind: str  # "int", "str", "bool", "list[str]", ...
    description: str
    required: bool = True
    dice: int = 0  # a roll of this many dice the app may make for the table when asked
    faces: tuple[JSON, ...] = D6  # what one of those dice shows (Rune Age's has skulls)


@dataclass(frozen=True, slots=True)
class ActionType:
    """What an action type is for and what its payload holds (for the API schema)."""

    name: str
    description: str
    fields: tuple[PayloadField, ...] = ()


# What a seat may do now -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OneOf:
    """The field takes one of these values. JSON: the list of values."""

    values: tuple[JSON, ...]

    def allows(self, value: JSON) -> bool:
        return any(_same(value, allowed) for allowed in self.values)

    def to_json(self) -> JSON:
        return list(self.values)


@dataclass(frozen=True, slots=True)
class Amount:
    """The field is a whole number from ``min`` to ``max``. JSON: ``{"min": .., "max": ..}``."""

    min: int
    max: int

    def allows(self, value: JSON) -> bool:
        return _is_int(value) and self.min <= value <= self.max

    def to_json(self) -> JSON:
        return {"min": self.min, "max": self.max}


@dataclass(frozen=True, slots=True)
class Rolls:
    """The field is what ``dice`` dice show, each one of ``faces``; one die is a single
    value, several a list. ``labels`` says whose each die is, in order ("Ana's die", "Ben's
    die"), when the system knows. JSON: ``{"dice": .., "faces": [..]}``, with ``"labels"``
    when there are some."""

    dice: int
    faces: tuple[JSON, ...] = D6
    labels: tuple[str, ...] = ()

    def allows(self, value: JSON) -> bool:
        values = [value] if self.dice == 1 and not isinstance(value, list) else value
        return (
            isinstance(values, list)
            and len(values) == self.dice
            and all(any(_same(v, face) for face in self.faces) for v in values)
        )

    def to_json(self) -> JSON:
        body: dict[str, JSON] = {"dice": self.dice, "faces": list(self.faces)}
        if self.labels:
            body["labels"] = list(self.labels)
        return body


@dataclass(frozen=True, slots=True)
class Order:
    """The field lists these items, each once, in the order the player chooses.
    JSON: ``{"order": [..]}``."""

    items: tuple[JSON, ...]

    def allows(self, value: JSON) -> bool:
        return (
            isinstance(value, list)
            and len(value) == len(self.items)
            and sorted(map(_key, value)) == sorted(map(_key, self.items))
        )

    def to_json(self) -> JSON:
        return {"order": list(self.items)}


@dataclass(frozen=True, slots=True)
class SomeOf:
    """The field lists from ``min`` to ``max`` different values of ``values``.
    JSON: ``{"some_of": [..], "min": .., "max": ..}``."""

    values: tuple[JSON, ...]
    min: int = 0
    max: int | None = None

    def allows(self, value: JSON) -> bool:
        if not isinstance(value, list) or len(set(map(_key, value))) != len(value):
            return False
        most = len(self.values) if self.max is None else self.max
        return self.min <= len(value) <= most and all(OneOf(self.values).allows(v) for v in value)

    def to_json(self) -> JSON:
        most = len(self.values) if self.max is None else self.max
        return {"some_of": list(self.values), "min": self.min, "max": most}


@dataclass(frozen=True, slots=True)
class Text:
    """The field is words the player types (a card's name the tracker does not know), 1 to
    ``max`` characters. JSON: ``{"text": {"max": ..}}``."""

    max: int = 120

    def allows(self, value: JSON) -> bool:
        return (
            isinstance(value, str)
            and 0 < len(value.strip()) <= self.max
            and not lone_surrogate(value)
        )

    def to_json(self) -> JSON:
        return {"text": {"max": self.max}}


Choice = OneOf | Amount | Rolls | Order | SomeOf | Text


def _is_int(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _key(value: JSON) -> str:
    return json.dumps(value, sort_keys=True)


def _same(a: JSON, b: JSON) -> bool:
    """JSON equality: 1 and True differ, as they do on the wire."""
    return _key(a) == _key(b)


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One action the engine accepts from ``seat`` now, as python-chess lists legal moves.

    ``payload`` is complete: sent as it is, the action applies. ``choices`` names the fields
    a player picks, each with what it may be; any combination of allowed values applies
    too. ``label`` says it in words, for a button.

    ``at`` names the piece of the board the action concerns, as the system's view names it
    (``"guardian:1:Bard"``, ``"model:0:footman-1"``; empty for the game as a whole), so a
    board puts the control beside that piece. ``names`` says in words the ids that appear
    in the payload or the choices (``{"footman-1": "Footman 1"}``), so no raw code is shown."""

    type: str
    label: str
    seat: int
    payload: Mapping[str, JSON] = field(default_factory=dict)
    choices: Mapping[str, Choice] = field(default_factory=dict)
    at: str = ""
    names: Mapping[str, str] = field(default_factory=dict)

    def allows(self, payload: Mapping[str, JSON]) -> bool:
        """Whether ``payload`` is this action with allowed values in its choice fields."""
        if set(payload) != set(self.payload):
            return False
        for name, value in payload.items():
            choice = self.choices.get(name)
            if choice is None:
                if not _same(value, self.payload[name]):
                    return False
            elif not choice.allows(value):
                return False
        return True

    def to_json(self) -> dict[str, JSON]:
        return {
            "type": self.type,
            "label": self.label,
            "seat": self.seat,
            "payload": dict(self.payload),
            "choices": {name: choice.to_json() for name, choice in self.choices.items()},
            "at": self.at,
            "names": dict(self.names),
        }


class Listing:
    """The legal actions of one seat, gathered as an engine finds them.

    ``table``: listed for the table's shared device rather than for the seat's own player
    (an engine that must not name a hidden card there says so by this)."""

    def __init__(self, seat: int, table: bool = False) -> None:
        self.seat = seat
        self.table = table
        self.entries: list[LegalAction] = []

    def add(
        self,
        type_: str,
        label: str,
        payload: Mapping[str, JSON],
        choices: Mapping[str, Choice] | None = None,
        *,
        at: str,
        names: Mapping[str, str] | None = None,
    ) -> None:
        self.entries.append(
            LegalAction(
                type_, label, self.seat, dict(payload), choices or {}, at, dict(names or {})
            )
        )

    def actions(self) -> tuple[LegalAction, ...]:
        return tuple(self.entries)


S = TypeVar("S")
Setup = TypeVar("Setup")


class System(ABC, Generic[Setup, S]):
    """A game system: its setup, its pure rules and what each viewer may see.

    A setup travels as JSON (stored with the game, exported with its log), so each system
    reads and writes its own: ``setup_from_json(setup_to_json(setup)) == setup``.
    Every ``view`` holds at least ``winner`` (a seat or None) and ``reason``."""

    slug: str
    name: str
    action_types: tuple[ActionType, ...]
    seats: ClassVar[tuple[int, int]] = (2, 2)  # how many players: (fewest, most)
    # Raised when the same fields of the state come to mean something else: a stored state
    # of another version is then made again by replaying the log. (A field added or
    # removed is noticed without it.)
    state_version: ClassVar[int] = 1

    @abstractmethod
    def setup_from_json(self, data: Mapping[str, JSON]) -> Setup:
        """The setup ``data`` describes; raises InvalidInput naming each bad field."""

    @abstractmethod
    def setup_to_json(self, setup: Setup) -> dict[str, JSON]: ...

    def check_new_setup(self, setup: Setup) -> None:
        """Raises InvalidInput naming each field a setup must have to start a new game
        beyond what ``setup_from_json`` asks of a stored or imported one, which must still
        replay when it was made before a system asked for more. Nothing, unless a system
        says otherwise."""

    @abstractmethod
    def seat_names(self, setup: Setup) -> tuple[str, ...]:
        """The players' names, one per seat, in seat order."""

    @abstractmethod
    def initial_state(self, setup: Setup) -> S: ...

    def describe(
        self, action: Action, setup: Setup | None = None, viewer: int | None = None
    ) -> str:
        """A short line for the history list, as ``viewer`` (a seat, or None for a
        spectator) may read it: it names nothing that viewer may not see. Systems may say
        it better, with names from the ``setup`` when given."""
        details = ", ".join(f"{key} {value}" for key, value in action.payload.items())
        label = action.type.replace("_", " ")
        return f"{label} ({details})" if details else label

    def describe_secret(self, action: Action, setup: Setup | None = None) -> str:
        """The history line of an entry whose payload the viewer may not see
        (``visible_payload`` gave None): it may say who did what kind of thing, never
        anything read from the payload. Systems may say it better."""
        return f"{action.type.replace('_', ' ')} (secret)"

    def aftermath(self, seq: int, state: S) -> str:
        """What log entry ``seq`` led to that its payload does not say (a deck made again
        from the played cards), read from the current ``state``; said after its history
        line. Nothing, unless a system says otherwise; never a secret."""
        return ""

    def visible_payload(
        self, action: Action, state: S, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """The payload of a log entry as ``viewer`` may see it in the history, given the
        current state; None hides it (a secret nomination before it is revealed)."""
        return action.payload

    def action_type(self, name: str) -> ActionType | None:
        for action_type in self.action_types:
            if action_type.name == name:
                return action_type
        return None

    @abstractmethod
    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``; raises IllegalAction when it is not allowed there."""

    @abstractmethod
    def view(self, state: S, viewer: int | None) -> dict[str, JSON]:
        """The state as ``viewer`` (a seat, or None for a spectator) may see it."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> tuple[LegalAction, ...]:
        """Every action ``seat`` may take now, each applying as listed (python-chess's
        ``legal_moves``). What is listed depends only on what ``seat`` may see."""

    # Whether the table's shared device, acting for a seat, knows that seat's secrets. When
    # not, what it sends is checked and previewed against the game as nobody knows it.
    table_knows_secrets: bool = True

    def table_actions(self, state: S, seat: int) -> tuple[LegalAction, ...]:
        """What the table's shared device (the host at no seat) may do for ``seat`` now: the
        seat's legal actions, less anything that names one of its secrets (the device shows
        no secret, R53). A game whose seats have no secrets lists the seat's own."""
        return self.legal_actions(state, seat)

    def conceal(self, state: S, viewer: int | None) -> S:
        """``state`` with every secret ``viewer`` may not see replaced by the same stand-in,
        whatever it was: what a preview for ``viewer`` is computed from, so that trying an
        action can tell nothing a viewer could not know. No secrets: the state itself."""
        return state

    def commutes(self, seen: S, recorded: Action, pending: Action) -> bool:
        """Whether ``pending``, chosen by a player looking at ``seen``, means the same after
        ``recorded``, an entry recorded since that they had not seen: the two commute, so
        ``pending`` is recorded as if sent now rather than refused as stale. Both are
        ordinary actions (a batch is asked part by part); undo, redo and requests never
        commute. True only where the rules make the two independent: actions of different
        seats in a step the rules play simultaneously, an edit of one's own private hand.
        Decided from the two actions' seats and types and the public part of ``seen``, never
        from a secret, so whether an action is merged tells nobody anything. Nothing
        commutes, unless a system says otherwise."""
        return False

    def private_edit(self, action: Action) -> bool:
        """Whether ``action`` only edits its own seat's private notes (a hand entered for
        oneself): it is nobody else's business, so no other seat is offered to ask to undo
        it, and the table's history need not list each tap. Nothing is, unless a system
        says otherwise."""
        return False

    def replay_apply(self, state: S, action: Action) -> S:
        """The state after ``action``, an entry already in the log, replayed after an undo or
        a redo changed what came before it (and in every replay). As ``apply``, with one
        difference a system may make: it must never refuse an entry for a reason only
        another seat may know (what a private hand holds), since whether an undo is allowed
        must not tell the undoer anything (R50). Such an entry is kept as far as it still
        fits. Wherever ``apply`` accepts, the same state."""
        return self.apply(state, action)

    def over(self, state: S) -> bool:
        """Whether the game is over: a winner, a draw or everyone losing. The one place it is
        decided for every game; who won and whether it is over are never secret. Read from
        the view for nobody, unless a system says otherwise."""
        view = self.view(state, None)
        return view.get("winner") is not None or bool(view.get("over"))

    @abstractmethod
    def example_setup(self) -> dict[str, JSON]:
        """A setup, as JSON, that ``setup_from_json`` accepts: for other tools to start a
        game without reading our code."""


def roll_missing_dice(
    action_type: ActionType,
    payload: Mapping[str, JSON],
    roll: Callable[[Sequence[JSON]], JSON],
) -> dict[str, JSON]:
    """The payload with every dice field the table left out rolled by ``roll``, which picks
    one of a die's faces (one die: a value; several: a list). The rolls are recorded in the
    action like any other, so the log replays to the same state."""
    filled = dict(payload)
    for payload_field in action_type.fields:
        if payload_field.dice and payload_field.name not in filled:
            rolls = [roll(payload_field.faces) for _ in range(payload_field.dice)]
            listed = payload_field.kind.startswith("list")
            filled[payload_field.name] = rolls if listed else rolls[0]
    return filled


def payload_value(payload: Mapping[str, JSON], name: str, kind: type, default: Any = ...) -> Any:
    """``payload[name]`` checked to be a ``kind`` (an int is never a bool); a missing
    required value (no ``default``) or a wrong type raises IllegalAction naming the field."""
    value = payload.get(name, default)
    if value is ...:
        raise IllegalAction(f"The action needs '{name}'.", f"payload.{name}")
    if value is None and default is None:
        return None
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise IllegalAction(f"'{name}' must be a whole number.", f"payload.{name}")
    if not isinstance(value, kind):
        raise IllegalAction(f"'{name}' must be a {kind.__name__}.", f"payload.{name}")
    return value


def check_version(expected: int, actual: int) -> None:
    """Refuse an action posted against a version that is no longer the current one."""
    if expected != actual:
        raise StaleVersion(expected, actual)


def version(log: Sequence[Action]) -> int:
    """A game's version is the number of entries in its log."""
    return len(log)


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
            target = _target(action)
            if not self.effective:
                raise IllegalAction("There is nothing to undo.", "payload.target")
            if target not in self.effective:
                raise IllegalAction(
                    f"Action #{target} is not in effect, so it cannot be undone (R50).",
                    "payload.target",
                )
            return self._undo(target)
        if action.type == REDO:
            target = _target(action)
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
        target = _target(action)
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
        if not _is_int(number):
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


def _target(action: Action) -> int:
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
                if _is_int(target) and _is_int(first) and target >= first:
                    del open_by_target[target]
                    outcomes[seq] = RequestOutcome(LAPSED, action.seq)
    return outcomes


def batch_actions(system: System[Any, Any], action: Action) -> tuple[Action, ...]:
    """The actions a ``batch`` entry holds, each an entry of the batch's seat, number and
    time. Raises IllegalAction naming the part of the payload that is wrong."""
    extra = sorted(str(key) for key in action.payload if key != "actions")
    if extra:
        raise IllegalAction(
            f"A batch's payload holds only 'actions' (not {', '.join(extra)}).",
            f"payload.{extra[0]}",
        )
    items = action.payload.get("actions")
    if not isinstance(items, list):
        raise IllegalAction(
            "A batch lists its actions in 'actions', each {type, payload}.", "payload.actions"
        )
    if not 1 <= len(items) <= MAX_BATCH:
        raise IllegalAction(
            f"A batch holds 1 to {MAX_BATCH} actions (got {len(items)}).", "payload.actions"
        )
    known = [action_type.name for action_type in system.action_types]
    actions: list[Action] = []
    for index, item in enumerate(items):
        where = f"payload.actions.{index}"
        change = f"Change {index + 1} of {len(items)}"
        if not isinstance(item, Mapping):
            raise IllegalAction(f"{change} must be an object: {{type, payload}}.", where)
        unknown = sorted(str(key) for key in item if key not in ("type", "payload"))
        if unknown:
            raise IllegalAction(
                f"{change} holds only 'type' and 'payload' (not {', '.join(unknown)}): every "
                "action of a batch is the batch's seat's.",
                f"{where}.{unknown[0]}",
            )
        kind = item.get("type")
        if kind in CORE_TYPES:
            raise IllegalAction(
                f"{change}: a batch holds the game's own actions, not {kind!r}.", f"{where}.type"
            )
        if not isinstance(kind, str) or kind not in known:
            raise IllegalAction(
                f"{change}: {system.name} has no action {kind!r}; there are: {', '.join(known)}.",
                f"{where}.type",
            )
        payload = item.get("payload")
        if payload is not None and not isinstance(payload, Mapping):
            raise IllegalAction(f"{change}: its payload must be an object.", f"{where}.payload")
        actions.append(Action(action.seq, kind, action.by, dict(payload or {}), action.at))
    return tuple(actions)


def apply_entry(
    system: System[Setup, S], setup: Setup, state: S, action: Action, *, replaying: bool = False
) -> S:
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
    system: System[Setup, S],
    setup: Setup,
    log: Sequence[Action],
    base: Callable[[tuple[int, ...]], tuple[int, S] | None] | None = None,
) -> S:
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
    system: System[Setup, S], setup: Setup, log: Sequence[Action]
) -> tuple[S, History, Broken | None]:
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


@dataclass(frozen=True, slots=True)
class Game(Generic[Setup, S]):
    """A log with its system, setup and the state it replays to (a cache of that replay).
    ``broken``: the entry the rules now refuse, when they do (``replay_until_refused``); the
    state and history then stand just before it, and the next entry recorded first sets the
    refused entries aside (``set_aside``)."""

    system: System[Setup, S]
    setup: Setup
    log: tuple[Action, ...]
    state: S
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
            text = "; ".join(self._plain_line(part, viewer) for part in self._parts(action))
        else:
            text = self._plain_line(action, viewer)
        after = self.system.aftermath(action.seq, self.state)
        return f"{text}; {after}" if after else text

    def entry(self, seq: object) -> Action | None:
        """Log entry number ``seq``, or None when there is none."""
        if isinstance(seq, int) and not isinstance(seq, bool) and 0 < seq <= len(self.log):
            return self.log[seq - 1]
        return None

    def _parts(self, action: Action) -> tuple[Action, ...]:
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


def start(system: System[Setup, S], setup: Setup, log: Sequence[Action] = ()) -> Game[Setup, S]:
    return Game(system, setup, tuple(log), replay(system, setup, log), history(log))


def game_apply(
    game: Game[Setup, S],
    *,
    type: str,
    by: int | None = None,
    payload: Mapping[str, JSON] | None = None,
    at: str | None = None,
    expected_version: int | None = None,
    base: Callable[[tuple[int, ...]], tuple[int, S] | None] | None = None,
    replaying: bool = False,
) -> Game[Setup, S]:
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
        target = _changed(game.history, new_history)
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


def stale_conflict(
    game: Game[Setup, S],
    seen: S,
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


def set_aside(game: Game[Setup, S], at: str | None = None) -> Game[Setup, S]:
    """``game`` with a ``set_aside`` of the entry the rules now refuse, and every later one,
    recorded by the app: the table goes on from the state just before it (R210)."""
    if game.broken is None:
        return game
    payload = {"from": game.broken.seq, "reason": game.broken.reason}
    entry = Action(game.version + 1, SET_ASIDE, None, payload, at)
    log = (*game.log, entry)
    return replace(game, log=log, history=game.history.step(entry, log), broken=None)


def _changed(before: History, after: History) -> int:
    """The one entry an undo, a redo or an accepted request took back or restored."""
    moved = set(before.effective) ^ set(after.effective)
    return moved.pop()


# Building blocks the game systems share -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Counter:
    """A number kept between optional bounds: a life total, damage, a Mana pool (cap 10), a
    player's Celestial Gems (cap 3)."""

    value: int = 0
    minimum: int | None = 0
    maximum: int | None = None

    def add(self, amount: int) -> Counter:
        """Gain ``amount`` (or lose, when negative); anything past a bound is lost, as a
        gain at the cap gives nothing."""
        value = self.value + amount
        if self.maximum is not None:
            value = min(value, self.maximum)
        if self.minimum is not None:
            value = max(value, self.minimum)
        return replace(self, value=value)

    def spend(self, amount: int, what: str = "points") -> Counter:
        """Pay ``amount`` in full or refuse."""
        if amount < 0:
            raise IllegalAction(f"Cannot spend a negative number of {what}.")
        floor = self.minimum if self.minimum is not None else 0
        if self.value - amount < floor:
            raise IllegalAction(f"Not enough {what}: {amount} needed, {self.value} held.")
        return replace(self, value=self.value - amount)

    @property
    def at_maximum(self) -> bool:
        return self.maximum is not None and self.value >= self.maximum


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    checklist: tuple[str, ...] = ()  # what the phase asks of the players, in order


@dataclass(frozen=True, slots=True)
class Clock:
    """Rounds, turns and phases. A round is complete when every seat has had a turn."""

    phases: tuple[Phase, ...]
    seats: int
    first_seat: int = 0
    turn: int = 1  # turns of the game so far, 1-based
    phase_index: int = 0
    done: frozenset[str] = frozenset()  # checklist items ticked in the current phase

    @property
    def phase(self) -> Phase:
        return self.phases[self.phase_index]

    @property
    def active_seat(self) -> int:
        return (self.first_seat + self.turn - 1) % self.seats

    @property
    def round(self) -> int:
        return (self.turn - 1) // self.seats + 1

    def tick(self, item: str) -> Clock:
        if item not in self.phase.checklist:
            raise IllegalAction(f"'{item}' is not a step of the {self.phase.name} phase.")
        return replace(self, done=self.done | {item})

    def next_phase(self) -> Clock:
        """The following phase; after the last one the next seat's turn begins."""
        if self.phase_index + 1 < len(self.phases):
            return replace(self, phase_index=self.phase_index + 1, done=frozenset())
        return self.next_turn()

    def next_turn(self) -> Clock:
        return replace(self, turn=self.turn + 1, phase_index=0, done=frozenset())


@dataclass(frozen=True, slots=True)
class OncePerTurn:
    """Keys of once-per-turn actions already used this turn; reset when the turn changes."""

    used: frozenset[str] = frozenset()

    def use(self, key: str, message: str) -> OncePerTurn:
        if key in self.used:
            raise IllegalAction(message)
        return OncePerTurn(self.used | {key})

    def reset(self) -> OncePerTurn:
        return OncePerTurn()


@dataclass(frozen=True, slots=True)
class Status:
    """A named status; ``remaining`` counts the turns (or rounds) left, None for lasting."""

    name: str
    remaining: int | None = None


@dataclass(frozen=True, slots=True)
class Statuses:
    items: tuple[Status, ...] = ()

    def has(self, name: str) -> bool:
        return any(status.name == name for status in self.items)

    def add(self, name: str, duration: int | None = None) -> Statuses:
        """Apply ``name`` for ``duration`` turns (None: until removed); a status applied
        again takes the new duration."""
        if duration is not None and duration < 1:
            raise IllegalAction("A status lasts at least one turn.")
        kept = tuple(status for status in self.items if status.name != name)
        return Statuses((*kept, Status(name, duration)))

    def remove(self, name: str) -> Statuses:
        return Statuses(tuple(status for status in self.items if status.name != name))

    def tick(self) -> Statuses:
        """One turn (or round) passes: counted statuses lose one and expire at zero."""
        kept: list[Status] = []
        for status in self.items:
            if status.remaining is None:
                kept.append(status)
            elif status.remaining > 1:
                kept.append(Status(status.name, status.remaining - 1))
        return Statuses(tuple(kept))


@dataclass(frozen=True, slots=True)
class Secret(Generic[S]):
    """A value only its owner may see (a secretly nominated Warlord, a hand of cards)."""

    owner: int
    value: S

    def visible_to(self, viewer: int | None) -> bool:
        return viewer == self.owner

    def shown(self, viewer: int | None) -> S | None:
        return self.value if self.visible_to(viewer) else None


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game stands: the seats eliminated so far (in order), and once it is over the
    places, best first. A place may hold several seats: a tie, or a victory the players
    share. A game that ends with no place at all is one everyone lost."""

    eliminated: tuple[int, ...] = ()
    over: bool = False
    places: tuple[frozenset[int], ...] = ()
    reason: str = ""

    @classmethod
    def win(cls, winners: Iterable[int], seats: int, reason: str) -> Outcome:
        """``winners`` win (together, when several); everyone else shares second place."""
        first = frozenset(winners)
        rest = frozenset(range(seats)) - first
        return cls((), True, (first, rest) if rest else (first,), reason)

    @classmethod
    def ranked(cls, places: Iterable[Iterable[int]], reason: str) -> Outcome:
        """Places in finishing order, best first."""
        return cls((), True, tuple(frozenset(place) for place in places), reason)

    @classmethod
    def draw(cls, seats: int, reason: str) -> Outcome:
        return cls((), True, (frozenset(range(seats)),), reason)

    @classmethod
    def everyone_loses(cls, reason: str) -> Outcome:
        return cls((), True, (), reason)

    @property
    def winners(self) -> frozenset[int]:
        return self.places[0] if self.over and self.places else frozenset()

    @property
    def winner(self) -> int | None:
        """The one seat that won alone, or None (not over, a tie, shared or nobody)."""
        return next(iter(self.winners)) if len(self.winners) == 1 else None

    def place_of(self, seat: int) -> int | None:
        """A seat's finishing place (1 is best), None while the game goes on or when
        everyone lost."""
        for index, place in enumerate(self.places, start=1):
            if seat in place:
                return index
        return None

    def eliminate(self, seat: int, seats: int, reason: str) -> Outcome:
        """Eliminate ``seat``; when one seat is left standing it wins for ``reason``, and the
        others place in reverse order of elimination."""
        eliminated = (*self.eliminated, seat) if seat not in self.eliminated else self.eliminated
        standing = [s for s in range(seats) if s not in eliminated]
        if len(standing) != 1:
            return replace(self, eliminated=eliminated)
        places = (frozenset(standing), *(frozenset({s}) for s in reversed(eliminated)))
        return Outcome(eliminated, True, places, reason)

    def to_json(self) -> dict[str, JSON]:
        return {
            "over": self.over,
            "winners": sorted(self.winners),
            "places": [sorted(place) for place in self.places],
            "eliminated": list(self.eliminated),
            "everyone_lost": self.over and not self.places,
            "reason": self.reason,
        }
