"""The vocabulary of a game's log: its entries (``Action``), the entry types every game has
beside its system's own, what each action type is for and what its payload holds, and
reading a payload's fields."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .json_values import JSON
from .refusals import IllegalAction

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
    faces: tuple[JSON, ...] = D6  # what one of those dice shows (a game's own dice may differ)


@dataclass(frozen=True, slots=True)
class ActionType:
    """What an action type is for and what its payload holds (for the API schema)."""

    name: str
    description: str
    fields: tuple[PayloadField, ...] = ()


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
