"""How large a request body may be, and the refusal of a larger one before it is read.

Each limit is one setting (``referee/settings.py``; README's configuration table and
``docs/operations.md`` list them). ``LIMITS`` names the endpoints that take more than their
kind's default: the API's JSON bodies are held to ``API_BODY_MAX_BYTES``, every other body
(the pages' forms) to Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE``.

``RequestSizeLimitMiddleware`` compares the body's declared ``Content-Length`` with the limit
of the view its URL names. It runs before CSRF's check, which parses a form's body (files
included) to find the token, so a body over its limit is refused unread. A WSGI server never
hands Django more than ``Content-Length`` bytes, so a body that declares less than it sends
cannot get past the limit either. The API's parsers (``games.api.parsers``) read the same
settings and stop reading at the limit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

from games.errors import BODY, bad_request_body

API_DEFAULT = "API_BODY_MAX_BYTES"
PAGE_DEFAULT = "DATA_UPLOAD_MAX_MEMORY_SIZE"

LIMITS: Mapping[str, str] = {
    "api:batches": "BATCH_UPLOAD_MAX_BYTES",
    "batches": "BATCH_UPLOAD_MAX_BYTES",
    "api:catalog-import": "CATALOG_UPLOAD_MAX_BYTES",
    "catalogs": "CATALOG_UPLOAD_MAX_BYTES",
    "api:game-import": "GAME_IMPORT_MAX_BYTES",
    "game-import": "GAME_IMPORT_MAX_BYTES",
}
"""The setting that limits each endpoint (by URL name) taking more than its kind's default."""

MULTIPART_ENVELOPE = 64 * 1024
"""Room around a file in a multipart form: its boundaries and the form's other fields, so a
file of exactly the limit's size is taken."""


def size_text(limit: int) -> str:
    """``64 KiB``, ``20 MiB``: a byte limit as the messages and the docs say it."""
    if limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MiB"
    if limit % 1024 == 0:
        return f"{limit // 1024} KiB"
    return f"{limit:,} bytes"


@dataclass(frozen=True)
class Limit:
    """A body limit: its size in bytes and the setting that gives it (empty: a fixed one)."""

    bytes: int
    setting: str = ""

    def message(self, what: str = "The request body") -> str:
        where = f" ({self.setting})" if self.setting else ""
        return f"{what} is larger than {size_text(self.bytes)}, the most taken here{where}."

    def values_message(self, what: str = "The request body") -> str:
        """The refusal of a body holding more JSON values than this limit (``bytes`` counts
        values, not bytes, here)."""
        where = f" ({self.setting})" if self.setting else ""
        return f"{what} holds more than {self.bytes:,} JSON values, the most taken here{where}."


def limit_named(setting: str) -> Limit:
    return Limit(bytes=int(getattr(settings, setting)), setting=setting)


def is_api(request: HttpRequest) -> bool:
    match = request.resolver_match
    if match is not None:
        return match.namespace == "api"
    return request.path_info.startswith("/api/")


def limit_for(request: HttpRequest) -> Limit:
    """The limit of the endpoint ``request`` is for (its URL must have been resolved)."""
    match = request.resolver_match
    name = match.view_name if match is not None else ""
    return limit_named(LIMITS.get(name) or (API_DEFAULT if is_api(request) else PAGE_DEFAULT))


def most_json_values(text: str) -> int:
    """An upper bound of the values ``json.loads(text)`` builds (keys included), counted before
    parsing: each but the first follows a ``[``, ``,`` or ``:``, and each key a ``{`` or ``,``.
    What a parsed document costs in memory grows with its values, not its bytes (``{}`` is
    two bytes of JSON and 64 of Python), so a large body is bounded by this too."""
    return 1 + sum(text.count(mark) for mark in "[{,:")


SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""How JSON spells a surrogate: a pair's first half, its second, or one alone."""


def may_spell_surrogates(text: str) -> bool:
    """Whether JSON ``text`` may hold a lone surrogate, which comes in only as an escape (UTF-8
    cannot spell one). When it cannot, nothing need walk its values looking for one: a walk
    that is slow on half a million values."""
    return SURROGATE_ESCAPE.search(text) is not None


def declared_length(request: Any) -> int:
    """The body's declared size; 0 when it declares none or nonsense, as Django then reads no
    body at all."""
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except (TypeError, ValueError):
        return 0


def is_multipart(request: Any) -> bool:
    return str(request.META.get("CONTENT_TYPE", "")).lower().startswith("multipart/")


def over(request: Any, limit: Limit) -> bool:
    """Whether the body ``request`` declares is larger than ``limit`` allows (a multipart form
    has room for its envelope)."""
    room = MULTIPART_ENVELOPE if is_multipart(request) else 0
    return declared_length(request) > limit.bytes + room


def too_large(request: HttpRequest, limit: Limit) -> HttpResponse:
    """413: on the API the JSON error body naming the limit, elsewhere a short page."""
    if is_api(request):
        return JsonResponse(bad_request_body({BODY: [limit.message()]}), status=413)
    context = {"limit": size_text(limit.bytes), "back": _back(request)}
    return render(request, "too_large.html", context, status=413)


def _back(request: HttpRequest) -> str:
    """The page the form was sent from, when it is this site's; else the address sent to."""
    referer = str(request.META.get("HTTP_REFERER", ""))
    allowed = {request.get_host()}
    if referer and url_has_allowed_host_and_scheme(referer, allowed, request.is_secure()):
        return referer
    return request.path


class RequestSizeLimitMiddleware:
    """Refuses a body larger than its endpoint's limit before anything reads it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: tuple[Any, ...],
        view_kwargs: dict[str, Any],
    ) -> HttpResponse | None:
        limit = limit_for(request)
        return too_large(request, limit) if over(request, limit) else None
