"""One JSON parser for the API, with its size cap as a parameter and no way to crash on
hostile input."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser

from referee.rules.text import surrogate_problems

from .errors import RequestTooLarge

MAX_BODY_BYTES = 64 * 1024
"""The largest body accepted. The biggest valid request (a blast with 20 targets, or an attack
with three full profiles) is a few kilobytes. DRF reads the request stream itself, so Django's
DATA_UPLOAD_MAX_MEMORY_SIZE does not guard it; this does."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def size(limit: int) -> str:
    """``64 KiB``, ``4 MiB``: a byte limit as the messages and the docs say it."""
    if limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MiB"
    return f"{limit // 1024} KiB"


def load_json(raw: bytes) -> Any:
    """A JSON document from UTF-8 bytes: ParseError for anything that is not one, and a
    ValidationError naming each string that holds a lone surrogate, which JSON may spell
    (``"\\ud800"``) but no database stores and no page shows."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ParseError("The request body is not UTF-8 encoded JSON.") from None
    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except ValueError as exc:
        raise ParseError(f"The request body is not valid JSON: {exc}.") from None
    except RecursionError:
        raise ParseError("The request body is nested too deeply.") from None
    problems = surrogate_problems(document)
    if problems:
        raise ValidationError(problems)
    return document


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, but it refuses bodies over ``max_bytes`` (413) before reading
    more than that, and answers any unreadable body with a 400 rather than a 500."""

    max_bytes = MAX_BODY_BYTES
    what = "The request body"

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        raw = stream.read(self.max_bytes + 1)
        if len(raw) > self.max_bytes:
            raise RequestTooLarge(f"{self.what} is larger than {size(self.max_bytes)}.")
        return load_json(raw)
