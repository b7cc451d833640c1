"""JSON values as they travel: what the log, the payloads and the choices hold, and how two
of them are compared the way the wire compares them."""

from __future__ import annotations

import json
from typing import Any

JSON = Any  # a JSON value: None, bool, int, float, str, list or dict of JSON values


def is_whole_number(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def canonical(value: JSON) -> str:
    """``value`` written out one way only (keys sorted), to compare or sort values by."""
    return json.dumps(value, sort_keys=True)


def same_json(a: JSON, b: JSON) -> bool:
    """JSON equality: 1 and True differ, as they do on the wire."""
    return canonical(a) == canonical(b)
