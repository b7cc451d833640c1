"""Pages that change only with a deployment (the rulings, the API reference): a browser opening
one again sends the ETag it kept and is answered 304, a few hundred bytes instead of the page.

A page's tag is a digest of what it is made of apart from who reads it (its content, the
templates around it, and the static files they link, by their hashed names when deployed),
plus what of the reader it shows: whether they are signed in, and then which CSRF secret the
sign-out form's token was made from, so a page kept from an earlier sign-in is not reused.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from django.conf import settings
from django.http import HttpRequest
from django.template.loader import get_template
from django.templatetags.static import static

_STATIC_TAG = re.compile(r"""\{% static ['"]([^'"]+)['"] %\}""")


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def deployment_digest(content: str, templates: Iterable[str]) -> str:
    """A digest of ``content`` and of the ``templates`` (by name) with the static files they
    link. Each changes only with a new deployment, which starts new processes, so callers
    may compute it once per process."""
    parts = [content]
    for name in templates:
        source = get_template(name).template.source  # type: ignore[attr-defined]
        parts.append(source)
        parts.extend(static(asset) for asset in _STATIC_TAG.findall(source))
    return _sha("\n".join(parts))


def reader_etag(request: HttpRequest, digest: str) -> str:
    """The page's ETag for this reader: ``digest`` and what of the reader the page shows."""
    if not request.user.is_authenticated:
        return f"{digest}-out"
    secret = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    return f"{digest}-in-{_sha(secret)[:12]}"
