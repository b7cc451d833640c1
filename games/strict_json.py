"""JSON as Referee reads it from the outside: the API's bodies, batch uploads, game exports,
catalog files and the table page's batch field all go through ``read_json``, each with its own
limits as parameters.

What it refuses, each with an error of its own so that every caller can say it in its own
words (an API's 400 or 413, a batch's row, a form's message):

- more bytes than ``max_bytes`` (``TooLarge``), or more JSON values than ``max_values``,
  counted before anything is built (``TooManyValues``): a document costs memory by its values,
  and ``{}`` is two bytes of JSON but sixty-four of Python;
- NaN and Infinity, which Python's reader takes but JSON does not (``ValueError``);
- nesting deeper than Python can read, or than ``max_depth`` (``TooDeep``), never a crash;
- a lone surrogate in any string or key (``NotText``): JSON may spell one (``"\\ud800"``),
  but it is no character, and no database stores it nor page shows it.
"""

from __future__ import annotations

import json
from typing import Any

from games.limits import may_spell_surrogates, most_json_values
from referee.rules.text import surrogate_problems


class TooLarge(ValueError):
    """The text is longer than ``limit`` bytes (as UTF-8)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"it is larger than {limit:,} bytes")
        self.limit = limit


class TooManyValues(ValueError):
    """The text holds more than ``limit`` JSON values (keys included)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"it holds more than {limit:,} JSON values")
        self.limit = limit


class TooDeep(ValueError):
    """The document is nested deeper than Python can read, or than the caller allows."""


class NotText(ValueError):
    """A string of the document holds a lone surrogate. ``problems`` names each place
    (``cards[2].id``; ``body`` for the document itself) with its message; the error's own
    message is the first of them."""

    def __init__(self, problems: dict[str, list[str]]) -> None:
        where, messages = next(iter(problems.items()))
        super().__init__(f"{where} {messages[0]}")
        self.problems = problems


def _not_a_number(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def depth(value: object, most: int) -> int:
    """How deeply ``value`` nests, counted up to ``most + 1``: level by level, looking only at
    lists and dictionaries, so no document is too deep to measure and a wide one is quick."""
    level: list[Any] = [value] if isinstance(value, dict | list) else []
    found = 0
    while level and found <= most:
        found += 1
        below: list[Any] = []
        for node in level:
            children = node.values() if isinstance(node, dict) else node
            below.extend(child for child in children if isinstance(child, dict | list))
        level = below
    return max(found, 1)


def _lone_surrogates(value: Any, text: str, root: str) -> dict[str, list[str]]:
    """Where the parsed ``text`` holds a lone surrogate. Only text spelling a surrogate's
    escape can; of those, encoding the whole value as UTF-8 answers for the clean (a pair,
    such as an escaped emoji) at C speed, and only a value that fails is walked."""
    if not may_spell_surrogates(text):
        return {}
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return surrogate_problems(value, root)
    return {}


def read_json(
    text: str,
    *,
    max_bytes: int | None = None,
    max_values: int | None = None,
    max_depth: int | None = None,
    root: str = "",
) -> Any:
    """The JSON value of ``text``, held to the limits given (None: no limit of that kind).
    Raises TooLarge, TooManyValues, TooDeep or NotText as described above, and ValueError
    saying why for anything else that is not JSON. ``root`` starts the path a lone
    surrogate's place is named by (``batch`` names it ``batch[0].payload.guardian``)."""
    if max_bytes is not None and len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise TooLarge(max_bytes)
    if max_values is not None and most_json_values(text) > max_values:
        raise TooManyValues(max_values)
    try:
        value = json.loads(text, parse_constant=_not_a_number)
    except RecursionError:
        raise TooDeep("it is nested too deeply") from None
    if max_depth is not None and depth(value, max_depth) > max_depth:
        raise TooDeep(f"it is nested too deeply (more than {max_depth} levels)")
    problems = _lone_surrogates(value, text, root)
    if problems:
        raise NotText(problems)
    return value
