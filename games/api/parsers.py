"""The API's parsers: one JSON parser and one multipart parser, each with its size limit as a
parameter (a setting's name), and no way to crash on hostile input.

They read the request's stream themselves, never ``request.body``: DRF hands a ``JSONParser``
subclass the whole body read through ``request.body``, which Django caps at
``DATA_UPLOAD_MAX_MEMORY_SIZE`` with an HTML 400. A body declaring more than the limit is
refused before a byte is read (413, the JSON error body naming the limit); the middleware in
``games.limits`` has usually refused it already.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.renderers import JSONRenderer

from games.limits import API_DEFAULT, Limit, declared_length, limit_named, over
from games.strict_json import NotText, TooDeep, TooManyValues, read_json

from .errors import RequestTooLarge

MAX_BODY_BYTES: int = settings.API_BODY_MAX_BYTES
"""The largest JSON body most endpoints take (``API_BODY_MAX_BYTES``, 64 KiB unless set). The
biggest valid request (a blast with 20 targets, or an attack with three full profiles) is a few
kilobytes."""


def load_json(raw: bytes, most_values: Limit | None = None) -> Any:
    """A JSON document from UTF-8 bytes: ParseError for anything that is not one, and a
    ValidationError naming each string that holds a lone surrogate, which JSON may spell
    (``"\\ud800"``) but no database stores and no page shows. With ``most_values``, a body
    holding more JSON values than it allows is a 413, found before any is built."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ParseError("The request body is not UTF-8 encoded JSON.") from None
    try:
        return read_json(text, max_values=None if most_values is None else most_values.bytes)
    except TooManyValues:
        assert most_values is not None
        raise RequestTooLarge(most_values.values_message()) from None
    except TooDeep:
        raise ParseError("The request body is nested too deeply.") from None
    except NotText as error:
        raise ValidationError(error.problems) from None
    except ValueError as exc:
        raise ParseError(f"The request body is not valid JSON: {exc}.") from None


class BoundedJSONParser(BaseParser):
    """JSON bodies up to the setting ``limit`` names: a larger one is a 413 before more than
    the limit is read, and any unreadable body a 400, never a 500."""

    media_type = "application/json"
    renderer_class = JSONRenderer
    limit = API_DEFAULT
    what = "The request body"

    def cap(self) -> Limit:
        return limit_named(self.limit)

    def most_values(self) -> Limit | None:
        """The most JSON values a body may hold (``bytes`` counts values here), when more than
        its size bounds them: a large body of ``{}`` costs thirty times its size in memory."""
        return None

    def parse(
        self,
        stream: IO[Any] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        cap = self.cap()
        request = (parser_context or {}).get("request")
        if request is not None and declared_length(request) > cap.bytes:
            raise RequestTooLarge(cap.message(self.what))
        raw = stream.read(cap.bytes + 1) if stream is not None else b""
        if len(raw) > cap.bytes:
            raise RequestTooLarge(cap.message(self.what))
        return load_json(raw, self.most_values())


class BoundedMultiPartParser(MultiPartParser):
    """Multipart forms up to the setting ``limit`` names, with room for the form's envelope:
    a larger one is a 413 before its body is read; Django's own refusals (too many fields, a
    field too large) are the API's 400 and 413 rather than an HTML page."""

    limit = API_DEFAULT
    what = "The upload"

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        cap = limit_named(self.limit)
        request = (parser_context or {}).get("request")
        if request is not None and over(request, cap):
            raise RequestTooLarge(cap.message(self.what))
        try:
            return super().parse(stream, media_type, parser_context)
        except RequestDataTooBig:
            limit = limit_named("DATA_UPLOAD_MAX_MEMORY_SIZE")
            raise RequestTooLarge(limit.message("A form field other than the file")) from None
        except (TooManyFieldsSent, TooManyFilesSent) as error:
            raise ParseError(f"The form cannot be read: {error}") from None


class GameImportJSONParser(BoundedJSONParser):
    """A whole game's export: its log grows with every action, past the 64 KiB of a request."""

    limit = "GAME_IMPORT_MAX_BYTES"
    what = "The game export"

    def most_values(self) -> Limit:
        return limit_named("GAME_IMPORT_MAX_VALUES")
