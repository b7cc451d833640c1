"""JSON as Referee reads it from the outside (API bodies, uploads, the table page's batch
field): NaN and Infinity, which Python's reader accepts but JSON does not, are refused, and a
document nested deeper than Python can read is an error like any other, never a crash."""

from __future__ import annotations

import json
from typing import Any


class TooDeep(ValueError):
    """The document is nested deeper than Python can read."""


def _not_a_number(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def strict_json(text: str) -> Any:
    """The JSON value of ``text``; ValueError saying why not (TooDeep when it nests too
    deeply)."""
    try:
        return json.loads(text, parse_constant=_not_a_number)
    except RecursionError:
        raise TooDeep("it is nested too deeply") from None
