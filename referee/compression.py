"""How answers are compressed on the way out: Django's ``GZipMiddleware`` at level 3 rather
than its 6.

Every change at a table sends each tablet the live part again (some 50 KB of HTML), so the
compression is a sizeable share of a change's cost to the server. Level 3 writes it three
times as fast as level 6, for about a fifth more bytes (a change still costs each tablet a
few KB on the wire). Everything else is Django's: which answers are compressed, ``Vary``,
the weakened ETag, and the random padding against BREACH (docs/operations.md, "Compression
and caching"). Streaming answers are left to Django's own code."""

from __future__ import annotations

import gzip
import secrets
from typing import Any

from django.http import HttpRequest, HttpResponseBase
from django.middleware import gzip as django_gzip
from django.utils.cache import patch_vary_headers

LEVEL = 3
SMALLEST = 200  # bytes: shorter answers are not worth compressing (Django's own limit)


def gzipped(data: bytes, max_random_bytes: int) -> bytes:
    """``data`` gzipped at ``LEVEL``, with a file name of a random length (up to
    ``max_random_bytes``) in the header, as Django's ``compress_string`` pads it."""
    compressed = gzip.compress(data, compresslevel=LEVEL, mtime=0)
    header = bytearray(compressed[:10])
    header[3] = gzip.FNAME
    padding = b"a" * secrets.randbelow(max_random_bytes) + b"\x00"
    return bytes(header) + padding + compressed[10:]


class GZipMiddleware(django_gzip.GZipMiddleware):
    def process_response(self, request: HttpRequest, response: Any) -> HttpResponseBase:
        accepts = django_gzip.re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))
        if (
            response.streaming
            or len(response.content) < SMALLEST
            or response.has_header("Content-Encoding")
            or not accepts
        ):
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Encoding",))
        compressed = gzipped(response.content, self.max_random_bytes)
        if len(compressed) >= len(response.content):
            return response  # type: ignore[no-any-return]
        response.content = compressed
        response.headers["Content-Length"] = str(len(compressed))
        etag = response.get("ETag")
        if etag and etag.startswith('"'):  # a strong ETag made weak, as Django does
            response.headers["ETag"] = "W/" + etag
        response.headers["Content-Encoding"] = "gzip"
        return response  # type: ignore[no-any-return]
