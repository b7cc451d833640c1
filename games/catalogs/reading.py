"""Reading one object of a catalog file field by field, noting every problem on the way.

Each reader returns a usable value even when the input is wrong (a default, or None), so the
check goes on and reports every problem in the file at once rather than stopping at the first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, TypeVar

from referee.rules.text import clean_key, surrogate_problem

from .errors import CatalogProblem

E = TypeVar("E", bound=StrEnum)

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CARD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
MISSING: Any = object()


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def one_of(values: Iterable[str]) -> str:
    quoted = [f'"{value}"' for value in values]
    return ", ".join(quoted[:-1]) + f" or {quoted[-1]}" if len(quoted) > 1 else quoted[0]


class Problems:
    """The problems found so far in one file."""

    def __init__(self) -> None:
        self.items: list[CatalogProblem] = []

    def add(self, entry: str, field: str, message: str) -> None:
        self.items.append(CatalogProblem(entry, field, message))

    def __bool__(self) -> bool:
        return bool(self.items)


def entry_label(section: str, index: int, data: object) -> str:
    """``units[3] 'Orc Grunt'``: where an entry is, and its name when it has a readable one."""
    name = data.get("name") if isinstance(data, Mapping) else None
    label = f"{section}[{index}]"
    return f"{label} {name!r}" if isinstance(name, str) and name.strip() else label


class Entry:
    """One JSON object of the file. Unknown fields are problems too: a misspelt optional field
    would otherwise be dropped without a word."""

    def __init__(
        self, problems: Problems, label: str, data: object, fields: Iterable[str], prefix: str = ""
    ) -> None:
        self.problems = problems
        self.label = label
        self.prefix = prefix
        if isinstance(data, Mapping):
            self.data: Mapping[str, Any] = data
        else:
            self.data = {}
            self.add("", f"must be a JSON object, not {kind(data)}")
        known = set(fields)
        for key in self.data:
            if key not in known:
                self.add(clean_key(key), f"unknown field (the fields are: {', '.join(fields)})")

    def path(self, field: str) -> str:
        return f"{self.prefix}.{field}" if self.prefix and field else self.prefix or field

    def add(self, field: str, message: str) -> None:
        self.problems.add(self.label, self.path(field), message)

    def raw(self, field: str, default: Any = MISSING) -> Any:
        if field in self.data:
            return self.data[field]
        if default is MISSING:
            self.add(field, "is required")
        return default

    def text(
        self,
        field: str,
        *,
        default: Any = MISSING,
        max_length: int = 120,
        blank: bool = False,
        pattern: re.Pattern[str] | None = None,
        pattern_help: str = "",
    ) -> str:
        value = self.raw(field, default)
        if value is MISSING:
            return ""
        if not isinstance(value, str):
            self.add(field, f"must be a string, not {kind(value)}")
            return ""
        surrogate = surrogate_problem(value)
        if surrogate is not None:
            self.add(field, surrogate)
        elif "\x00" in value:
            # PostgreSQL cannot store it, and no card prints it.
            self.add(field, "must not contain the NUL character (\\u0000)")
        elif not blank and not value.strip():
            self.add(field, "must not be blank")
        elif value != value.strip() and not blank:
            self.add(field, "must not start or end with spaces")
        elif len(value) > max_length:
            self.add(field, f"must be at most {max_length} characters (it has {len(value)})")
        elif pattern is not None and not pattern.match(value):
            self.add(field, f"{value!r} is not valid: {pattern_help}")
        return value

    def optional_text(self, field: str, *, max_length: int = 120) -> str | None:
        if self.data.get(field) is None:
            return None
        return self.text(field, max_length=max_length)

    def integer(
        self, field: str, low: int, high: int, *, default: Any = MISSING, nullable: bool = False
    ) -> int | None:
        value = self.raw(field, default)
        if value is MISSING:
            return None
        return self.check_integer(field, value, low, high, nullable=nullable)

    def check_integer(
        self, field: str, value: object, low: int, high: int, *, nullable: bool = False
    ) -> int | None:
        if value is None:
            if not nullable:
                self.add(field, "must be a whole number, not null")
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(field, f"must be a whole number, not {kind(value)}")
            return None
        if not low <= value <= high:
            self.add(field, f"must be between {low} and {high} (it is {value})")
            return None
        return value

    def boolean(self, field: str, *, default: Any = MISSING) -> bool:
        value = self.raw(field, default)
        if value is MISSING:
            return False
        if not isinstance(value, bool):
            self.add(field, f"must be true or false, not {kind(value)}")
            return False
        return value

    def choice(self, field: str, enum: type[E], *, default: Any = MISSING) -> E | None:
        value = self.raw(field, default)
        if value is MISSING:
            return None
        return self.check_choice(field, value, enum)

    def check_choice(self, field: str, value: object, enum: type[E]) -> E | None:
        try:
            if isinstance(value, str):
                return enum(value)
        except ValueError:
            pass
        self.add(field, f"{value!r} is not one of {one_of(member.value for member in enum)}")
        return None

    def array(self, field: str, *, default: Any = MISSING) -> list[Any]:
        value = self.raw(field, default)
        if value is MISSING:
            return []
        if not isinstance(value, list):
            self.add(field, f"must be a list, not {kind(value)}")
            return []
        return value

    def mapping(self, field: str, *, default: Any = MISSING) -> Mapping[str, Any]:
        value = self.raw(field, default)
        if value is MISSING:
            return {}
        if not isinstance(value, Mapping):
            self.add(field, f"must be a JSON object, not {kind(value)}")
            return {}
        return value


def kind(value: object) -> str:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def check_unique(
    problems: Problems,
    entries: list[tuple[str, str]],
    field: str,
    what: str,
    *,
    fold_case: bool = False,
) -> None:
    """Report every entry whose ``field`` repeats an earlier entry's. ``entries`` holds
    (label, value) pairs; empty values are skipped (they were reported already)."""
    seen: dict[str, str] = {}
    for label, value in entries:
        if not value:
            continue
        key = value.casefold() if fold_case else value
        if key in seen:
            problems.add(label, field, f"{what} {value!r} is already used by {seen[key]}")
        else:
            seen[key] = label


def section(problems: Problems, data: Mapping[str, Any], name: str) -> list[Any]:
    """A top-level list of entries (``"units"``, ``"cards"`` ...); required, may be empty."""
    if name not in data:
        problems.add("catalog", name, "is required (a list, which may be empty)")
        return []
    value = data[name]
    if not isinstance(value, list):
        problems.add("catalog", name, f"must be a list, not {kind(value)}")
        return []
    return value
