"""What a player may pick for one field of a legal action: one of some values, an amount, what
some dice show, an order, a few of some values, or words typed. Each says whether a value is
allowed and how it is written in JSON."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.text import lone_surrogate

from .actions import D6
from .json_values import JSON, canonical, is_whole_number, same_json


@dataclass(frozen=True, slots=True)
class OneOf:
    """The field takes one of these values. JSON: the list of values."""

    values: tuple[JSON, ...]

    def allows(self, value: JSON) -> bool:
        return any(same_json(value, allowed) for allowed in self.values)

    def to_json(self) -> JSON:
        return list(self.values)


@dataclass(frozen=True, slots=True)
class Amount:
    """The field is a whole number from ``min`` to ``max``. JSON: ``{"min": .., "max": ..}``."""

    min: int
    max: int

    def allows(self, value: JSON) -> bool:
        return is_whole_number(value) and self.min <= value <= self.max

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
            and all(any(same_json(v, face) for face in self.faces) for v in values)
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
            and sorted(map(canonical, value)) == sorted(map(canonical, self.items))
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
        if not isinstance(value, list) or len(set(map(canonical, value))) != len(value):
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
