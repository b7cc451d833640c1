"""Whole numbers written as text: the one reader for every number a page posts (a version, a
seat, a log number, a roll typed into a payload field).

The API takes its integers as JSON numbers (``games.fields.StrictIntegerField``): never a
string, and no larger than the JSON parser reads. A page can only post text, so this is its
counterpart with the same spirit: the ASCII digits 0 to 9 and an optional minus sign, nothing
else. ``str.isdigit`` is not enough: it accepts superscripts ("²") and other scripts' digits,
which ``int`` then either refuses (a 500) or reads as a number nobody typed, and ``int`` also
refuses numbers longer than 4,300 digits. Eighteen digits keep every value inside a 64-bit
integer, far beyond any count a table keeps.
"""

from __future__ import annotations

MAX_DIGITS = 18
ASCII_DIGITS = frozenset("0123456789")


def _shown(text: str, limit: int = 20) -> str:
    """A short quotation of what was sent, so a message never echoes a huge value back."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def whole_number(text: str, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """The whole number ``text`` spells (spaces around it allowed), or ValueError saying
    what is wrong in words that fit after a field's name ("must be ...")."""
    stripped = text.strip()
    digits = stripped[1:] if stripped.startswith("-") else stripped
    if not digits or not set(digits) <= ASCII_DIGITS:
        raise ValueError(
            f"must be a whole number written with the digits 0 to 9 (got {_shown(text)})"
        )
    if len(digits) > MAX_DIGITS:
        raise ValueError(f"must be a whole number of at most {MAX_DIGITS} digits")
    value = int(stripped)
    if minimum is not None and value < minimum:
        raise ValueError(f"must be at least {minimum} (got {value})")
    if maximum is not None and value > maximum:
        raise ValueError(f"must be at most {maximum} (got {value})")
    return value
