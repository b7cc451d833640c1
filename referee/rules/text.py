"""Text that is really text.

JSON may spell a lone UTF-16 surrogate (``"\\ud800"``) and Python keeps it in a ``str``, but it
is no character: it cannot be encoded as UTF-8, so no database stores it and no page shows it.
Every door where text comes in asks these functions first and refuses such text by field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")

SURROGATE_MESSAGE = "must not contain a lone surrogate ({escape}): it is not a character"


def _escape(char: str) -> str:
    return f"\\u{ord(char):04x}"


def lone_surrogate(text: str) -> str | None:
    """The first lone surrogate in ``text`` written as an escape (``\\ud800``), or None."""
    found = _SURROGATE.search(text)
    return None if found is None else _escape(found.group())


def surrogate_problem(text: str) -> str | None:
    """The message for ``text`` when it holds a lone surrogate, or None when it is clean."""
    escape = lone_surrogate(text)
    return None if escape is None else SURROGATE_MESSAGE.format(escape=escape)


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]" if path else f"[{key}]"
    return f"{path}.{key}" if path else key


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, child in value.items():
            child_path = _join(path, clean_key(key))
            if isinstance(key, str):
                yield child_path, key
            yield from _strings(child, child_path)
    elif isinstance(value, list | tuple):
        for index, child in enumerate(value):
            yield from _strings(child, _join(path, index))


def clean_key(key: object) -> str:
    """A JSON key fit to name in a message: its surrogates replaced by their escapes."""
    text = str(key)
    return _SURROGATE.sub(lambda found: _escape(found.group()), text)


def surrogate_problems(value: Any, path: str = "") -> dict[str, list[str]]:
    """Every string (keys included) of a JSON document that holds a lone surrogate, as
    {dotted path: [message]}; empty when the document is clean."""
    problems: dict[str, list[str]] = {}
    for where, text in _strings(value, path):
        message = surrogate_problem(text)
        if message is not None:
            problems.setdefault(where or "body", []).append(message)
    return problems


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun that agrees with it: "1 Guardian", "0 Guardians", "2 Mana
    cards". ``plural`` is needed only when adding an "s" to the last word is wrong."""
    if count == 1:
        return f"{count} {singular}"
    return f"{count} {plural if plural is not None else singular + 's'}"


def possessive(name: str) -> str:
    """``name`` with its possessive ending: "Ana's", "Brand of Embers'" (a name ending in
    s takes the apostrophe alone)."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")


def number_word(count: int) -> str:
    """A small count in words at the start of a heading ("Five"), else its digits."""
    return NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
