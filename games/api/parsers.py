"""A JSON parser with a size cap and no way to crash on hostile input."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from .errors import RequestTooLarge

MAX_BODY_BYTES = 64 * 1024
"""The largest body accepted. The biggest valid request (a blast with 20 targets, or an attack
with three full profiles) is a few kilobytes. DRF reads the request stream itself, so Django's
DATA_UPLOAD_MAX_MEMORY_SIZE does not guard it; this does."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, but it refuses oversized bodies (413) and turns nesting deep enough
    to exhaust the interpreter's recursion limit into a ParseError rather than a 500."""

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        raw = stream.read(MAX_BODY_BYTES + 1)
        if len(raw) > MAX_BODY_BYTES:
            raise RequestTooLarge(f"The request body is larger than {MAX_BODY_BYTES // 1024} KiB.")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ParseError("The request body is not UTF-8 encoded JSON.") from None
        try:
            return json.loads(text, parse_constant=_reject_constant)
        except ValueError as exc:
            raise ParseError(f"The request body is not valid JSON: {exc}.") from None
        except RecursionError:
            raise ParseError("The request body is nested too deeply.") from None
