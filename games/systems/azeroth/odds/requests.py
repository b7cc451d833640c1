"""Azeroth at War odds requests read into the engine's types, in plain Python (no DRF).

A request body is JSON as ``json.loads`` gives it: the REST API's body after its serializer
has let it through, or a Celery task's payload as it was queued. Each reader checks the body's
shape (objects, the keys each object takes, which are required, and each value's JSON type or
choice) and builds the engine's dataclasses; ranges and contradictions are the engine's to
find. The keys are those of ``mapping`` and the types and required fields those of
the engine's dataclasses, so nothing here restates either. A bad body raises
``InvalidInput`` keyed by the API's dotted paths, worded as the API words the same problems
(``games.errors``), every problem at once.
"""

from __future__ import annotations

import dataclasses
import math
import types
from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from typing import Any, Union, get_args, get_origin, get_type_hints

from games import errors
from referee.rules.azeroth.profiles import (
    Attack,
    Attacker,
    Blast,
    BlastTarget,
    Defender,
    Keywords,
    MoraleTest,
    MoraleTrigger,
    Rulings,
    Situation,
    SpellAttempt,
)
from referee.rules.errors import InvalidInput

from . import mapping
from .mapping import Name

__all__ = ["Data", "read_attack", "read_blast", "read_morale", "read_spell"]

# A decoded JSON body: the readers take whatever arrived and refuse anything but an object.
Data = Mapping[str, Any] | list[Any] | str | int | float | bool | None


def _same(*names: str) -> tuple[Name, ...]:
    """Inputs called the same in the engine and in the API."""
    return tuple(Name(name, name, name) for name in names)


# The API's keys of each engine type read from a body: the mapping's tables, and the objects
# that hold others.
KEYS: dict[type, tuple[Name, ...]] = {
    Attack: _same("mode", "attacker", "defender", "situation", "rulings", "second_target")
    + _same("friendly"),
    Attacker: (*mapping.ATTACKER, *_same("keywords")),
    Keywords: mapping.KEYWORDS,
    Defender: mapping.DEFENDER,
    Situation: mapping.SITUATION,
    Rulings: _same("natural_rolls"),
    MoraleTest: mapping.MORALE_TEST,
    # The page alone asks for the wounds given back (R30); the API leaves them unsaid.
    MoraleTrigger: tuple(n for n in mapping.MORALE_TRIGGER if n.engine != "wounds_given_back"),
    SpellAttempt: (*mapping.SPELL, *_same("rulings")),
    Blast: (*mapping.BLAST, *_same("targets", "rulings")),
    BlastTarget: mapping.BLAST_TARGET,
}


@dataclasses.dataclass(frozen=True)
class _Key:
    engine: str
    hint: Any
    required: bool


@cache
def _keys(cls: type) -> dict[str, _Key]:
    """The API's keys of ``cls``, each with its engine field's type and whether it has no
    default (and so must be given)."""
    hints = get_type_hints(cls)
    fields = {field.name: field for field in dataclasses.fields(cls)}
    keys = {}
    for name in KEYS[cls]:
        field = fields[name.engine]
        required = (
            field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        )
        keys[name.api] = _Key(name.engine, hints[name.engine], required)
    return keys


class _Bad:
    """A value that could not be read (its problem is filed)."""


BAD = _Bad()


def _at(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def _shown(value: object, limit: int = 40) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _json_kind(data: Any) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, int | float):
        return "a number"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, list):
        return "a list"
    return type(data).__name__


class _Reader:
    def __init__(self) -> None:
        self.problems: dict[str, list[str]] = {}
        self.extras: dict[str, Any] = {}

    def fail(self, path: str, message: str) -> _Bad:
        self.problems.setdefault(path or errors.BODY, []).append(message)
        return BAD

    def body(self, data: Any, cls: type, extra: Mapping[str, Any] | None = None) -> Any:
        """The request body as ``cls``; ``extra`` names the keys it may hold beside the engine
        type's own (name: type), which are read into ``self.extras``."""
        if not isinstance(data, Mapping):
            self.fail(errors.BODY, f"Expected a JSON object, but got {_json_kind(data)}.")
        found = self.obj(data, "", cls, extra or {})
        if self.problems:
            raise InvalidInput(self.problems)
        return found

    def obj(self, data: Any, path: str, cls: type, extra: Mapping[str, Any] | None = None) -> Any:
        """``data`` as an instance of the engine type ``cls``, or BAD. Problems come in the
        order of the keys, then the unknown keys, as the API lists them."""
        if not isinstance(data, Mapping):
            if not path:
                return BAD
            return self.fail(path, errors.NOT_AN_OBJECT.format(datatype=type(data).__name__))
        keys = _keys(cls)
        extra = extra or {}
        before = len(self.problems)
        values = {}
        for api, key in keys.items():
            if api not in data:
                if key.required:
                    self.fail(_at(path, api), errors.REQUIRED)
                continue
            value = self.value(data[api], key.hint, _at(path, api))
            if value is not BAD:
                values[key.engine] = value
        for api, hint in extra.items():
            if api in data:
                self.extras[api] = self.value(data[api], hint, _at(path, api))
        for api in data:
            if api not in keys and api not in extra:
                self.fail(_at(path, str(api)), errors.UNKNOWN_FIELD)
        if len(self.problems) != before:
            return BAD
        return cls(**values)

    def value(self, data: Any, hint: Any, path: str) -> Any:
        """``data`` read as the engine type ``hint``, or BAD."""
        origin = get_origin(hint)
        if origin in (Union, types.UnionType):
            if data is None:
                return None
            (hint,) = (arg for arg in get_args(hint) if arg is not type(None))
            origin = get_origin(hint)
        if data is None:
            return self.fail(path, errors.NOT_NULL)
        if origin is tuple:
            if not isinstance(data, list):
                return self.fail(path, errors.NOT_A_LIST.format(input_type=type(data).__name__))
            item_hint = get_args(hint)[0]
            items = [self.value(item, item_hint, _at(path, i)) for i, item in enumerate(data)]
            return BAD if any(item is BAD for item in items) else tuple(items)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self.obj(data, path, hint)
        if isinstance(hint, type) and issubclass(hint, StrEnum):
            return self.choice(data, hint, path)
        return self.scalar(data, hint, path)

    def choice(self, data: Any, enum: type[StrEnum], path: str) -> Any:
        values = [member.value for member in enum]
        if not isinstance(data, str) or data not in values:
            message = errors.NOT_A_CHOICE.format(input=_shown(data), choices=", ".join(values))
            return self.fail(path, message)
        return enum(data)

    def scalar(self, data: Any, hint: Any, path: str) -> Any:
        number = isinstance(data, int | float) and not isinstance(data, bool)
        if hint is bool:
            return data if isinstance(data, bool) else self.fail(path, errors.NOT_A_BOOLEAN)
        if hint is int:
            if not number or (isinstance(data, float) and not data.is_integer()):
                return self.fail(path, errors.NOT_AN_INTEGER)
            return int(data)
        if hint is float:
            if not number or not math.isfinite(data):
                return self.fail(path, errors.NOT_A_NUMBER)
            return float(data)
        if hint is str:
            # Surrounding blanks are trimmed, as the API's text fields do.
            return data.strip() if isinstance(data, str) else self.fail(path, errors.NOT_A_STRING)
        raise TypeError(f"no reader for {hint!r} at {path}")


def read_attack(data: Data) -> tuple[Attack, float | None]:
    """The engine's Attack for an attack-odds request, and its goal (or None)."""
    reader = _Reader()
    attack: Attack = reader.body(data, Attack, {"goal": float | None})
    return attack, reader.extras.get("goal")


def read_morale(data: Data) -> tuple[MoraleTest, MoraleTrigger | None]:
    """The engine's morale test for a morale-odds request, and its trigger (or None)."""
    reader = _Reader()
    test: MoraleTest = reader.body(data, MoraleTest, {"trigger": MoraleTrigger | None})
    trigger: MoraleTrigger | None = reader.extras.get("trigger")
    if trigger is not None:
        # The trigger shares the test's Undead / Mechanical answer.
        trigger = dataclasses.replace(trigger, undead_or_mechanical=test.undead_or_mechanical)
    return test, trigger


def read_spell(data: Data) -> SpellAttempt:
    """The engine's SpellAttempt for a spell-odds request."""
    attempt: SpellAttempt = _Reader().body(data, SpellAttempt)
    return attempt


def read_blast(data: Data) -> Blast:
    """The engine's Blast for a blast-odds request."""
    blast: Blast = _Reader().body(data, Blast)
    return blast
