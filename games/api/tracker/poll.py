"""The API's poll of a game (``GET /api/games/<id>/`` with ``If-None-Match`` and
``Authorization: Token <key>``), answered 304 before anything else runs: no DRF, no session,
no URL resolution, no view. A tool asks every second; while nothing it may see has changed,
the answer costs one query (``http.token_glance``): the token's account, when knox would take
the token (known, not expired, of an active account: ``tokens.account_sql``), and the game's
version and seats and who that account is to it, the same facts the view decides from.

Everything else goes on to the view as usual: no token or one knox would refuse (revoked,
expired, unknown: the view's 401 says so), a viewer who may not see the game (its 403), an
ETag that is not the viewer's current one (its 200), an Accept DRF has no renderer for (its
406), another method or address. A 304 is all this can answer, and only for the ETag of what
that viewer sees now.

The 304 carries what the view's would (a test holds the two to the same headers): the ETag,
``Cache-Control``, DRF's ``Allow`` and ``Vary: Accept``, and ``Vary: Cookie``, since the view
reads the session for watch tokens. SecurityMiddleware and the Content-Security-Policy
middleware, placed before this one, add theirs on the way out.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers

from games.tokens import account_sql, token_digest
from games.tracker.http import token_glance

# The state's address (games/api/urls.py names it "api:game"; a test holds the two together).
STATE_PATH = re.compile(
    r"/api/games/(?P<pk>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/"
)
# What DRF adds to GameView's answers: the methods it serves, and Vary: Accept (it has more
# than one renderer); the session's middleware adds Cookie.
ALLOW = "GET, HEAD, OPTIONS"
VARY = ("Accept", "Cookie")
# The media ranges that DRF's negotiation matches to one of the API's renderers (JSON, and the
# browsable API's HTML): another Accept is DRF's 406 to give, and ?format= its to read.
ACCEPTED = frozenset({"*/*", "application/*", "application/json", "text/*", "text/html"})


def _negotiable(request: Any) -> bool:
    """Whether DRF would find a renderer for the request, as the view's 304 needs: no query
    but ``watch``, and an Accept (if any) naming JSON or HTML."""
    if any(name != "watch" for name in request.GET):
        return False
    accept = request.headers.get("Accept")
    if accept is None:
        return True
    ranges = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    return not ranges.isdisjoint(ACCEPTED)


def not_modified(request: Any, pk: uuid.UUID) -> HttpResponse | None:
    """A 304 when the request's token is one knox takes and its If-None-Match is the ETag of
    what that account (with the request's ``?watch=`` token) sees of game ``pk`` now; None
    otherwise, for the view to answer.

    The view also counts watch tokens kept in the session. Leaving them out here can only
    make a viewer an outsider, who is never answered here, so whoever is answered here is
    who the view would find."""
    digest = token_digest(request.headers["Authorization"])
    if digest is None:
        return None
    watch = request.GET.get("watch")
    seen = token_glance(pk, account_sql(digest), [watch] if watch else [])
    # compared as the view compares it (play.GameView.get): the one ETag, as sent
    if seen is None or not seen.access.can_see or request.headers["If-None-Match"] != seen.etag:
        return None
    response = HttpResponse(status=304)
    response["ETag"] = seen.etag
    response["Cache-Control"] = "no-cache"
    response["Allow"] = ALLOW
    patch_vary_headers(response, VARY)
    response["X-Frame-Options"] = settings.X_FRAME_OPTIONS.upper()
    return response


class StatePollMiddleware:
    """Answers the API's poll of a game (see the module's docstring). Placed right after
    ``games.tracker.http.PollMiddleware``, the table page's own door."""

    def __init__(self, get_response: Callable[[Any], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> HttpResponse:
        if (
            request.method == "GET"
            and "If-None-Match" in request.headers
            and "Authorization" in request.headers
        ):
            found = STATE_PATH.fullmatch(request.path_info)
            if found is not None and _negotiable(request):
                answer = not_modified(request, uuid.UUID(found["pk"]))
                if answer is not None:
                    return answer
        return self.get_response(request)
