"""Reading the ``batch`` field the table page posts: the JSON list of the changes gathered
before one Commit (``[{"type": ..., "payload": {...}}, ...]``).

Only the JSON is read here; what the list must hold (1 to 50 of the game's own actions, each
``{type, payload}``) is the rules core's to say (``referee.rules.tracker.batches.batch_actions``),
so the page and the API refuse a bad batch with the same words.
"""

from __future__ import annotations

import json
from typing import Any

from games.strict_json import NotText, TooDeep, TooLarge, read_json

MAX_BATCH_BYTES = 64 * 1024
"""The longest batch field read: fifty changes are a few kilobytes."""


def read_batch(raw: str) -> Any:
    """The JSON value of a posted batch field. Raises ValueError with a sentence a player
    reads when it is empty, too long, not JSON, or holds text no database can store (a
    lone surrogate, a NUL)."""
    if not raw.strip():
        raise ValueError("The batch is empty: it holds the JSON list of the changes.")
    try:
        value = read_json(raw, max_bytes=MAX_BATCH_BYTES, root="batch")
    except TooLarge:
        raise ValueError(f"The batch is longer than {MAX_BATCH_BYTES // 1024} KiB.") from None
    except TooDeep:
        raise ValueError("The batch is nested too deeply.") from None
    except NotText as error:
        raise ValueError(f"The {error}.") from None
    except ValueError as error:
        raise ValueError(f"The batch is not valid JSON: {error}.") from None
    if "\\u0000" in json.dumps(value):
        raise ValueError("The batch holds a NUL character, which no text may hold.")
    return value
