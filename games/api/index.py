"""The REST API's own views: its index (``GET /api/``, every endpoint, each game's from the
registry), the reference pages (plain HTML, Swagger UI, ReDoc) and the JSON 404 of any other
path. Each game's endpoints are in its package (``games/systems/<slug>/api*.py``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import engines
from django.templatetags.static import static
from django.urls import Resolver404, resolve
from django.urls import reverse as url_reverse
from django.utils.cache import patch_cache_control
from django.utils.safestring import mark_safe
from django.views.decorators.http import condition, require_safe
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from games import registry
from games.pagecache import deployment_digest, reader_etag

from . import reference
from .serializers import ApiRootSerializer

ENDPOINTS: tuple[tuple[str, str, str, str], ...] = (
    # (URL name, method, short name, one-line description), after each game's own
    # (``Game.api_endpoints``)
    (
        "api:catalogs",
        "GET",
        "Catalogs: browse and search",
        "Every catalog version (?system=), each with what it holds; a catalog's detail, its "
        "export as the import file (?format=export), and a search of its entries.",
    ),
    (
        "api:catalog-import",
        "POST",
        "Catalogs: import (staff)",
        "Import a catalog file; a bad file is a 400 listing every problem by entry and field, "
        "and nothing is written.",
    ),
    (
        "api:batches",
        "POST",
        "Batch validation: check many lists",
        "Upload many lists of one game (a ZIP of text or JSON lists, or a JSON array); a task "
        "checks them. Poll GET /api/batches/<id>/ for progress and rows, and fetch "
        "/api/batches/<id>/results.csv. Whoever holds a job's id can read it.",
    ),
    (
        "api:saved-lists",
        "GET",
        "Saved lists",
        "Your saved armies, decks and rosters with their last check; POST saves one, and "
        "/api/lists/<id>/ reads, changes, deletes, exports (text or JSON) or shares it. Send a "
        "session or a token.",
    ),
    (
        "api:games",
        "GET",
        "Game tracker",
        "Your tracked games; POST starts one (from a setup or two saved lists). Each game has "
        "its state (/api/games/<id>/, polled with If-None-Match for 304), actions (POST "
        "/actions/ naming the game's system, with the version you saw; 409 when stale), "
        "/undo/, /redo/, /preview/, "
        "/log/, /export/ and /links/; join and watch with a link's token; import an export.",
    ),
    (
        "api:game-systems",
        "GET",
        "Game tracker: action types",
        "Each tracked system's action types and the fields of their payloads.",
    ),
    (
        "api:auth-token",
        "POST",
        "API token",
        "Trade a username and password for a token; send it as 'Authorization: Token <key>' "
        "to use the saved lists from another tool.",
    ),
)


def _endpoints() -> list[tuple[str, str, str, str]]:
    """Every endpoint the index lists: each game's own, in the registry's order, then the
    others."""
    games = [
        (e.url_name, e.method, e.name, e.description)
        for game in registry.games()
        for e in game.api_endpoints
    ]
    return [*games, *ENDPOINTS]


class ApiRootView(APIView):
    authentication_classes = ()
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="api_root",
        tags=["API"],
        summary="What this API offers",
        description="Every endpoint with its URL and purpose, and links to the schema and docs.",
        responses={200: ApiRootSerializer},
    )
    def get(self, request: Request) -> Response:
        body: dict[str, Any] = {
            "name": "Referee API",
            "version": str(settings.SPECTACULAR_SETTINGS["VERSION"]),
            "endpoints": [
                {
                    "name": name,
                    "method": method,
                    "url": reverse(url_name, request=request),
                    "description": description,
                }
                for url_name, method, name, description in _endpoints()
            ],
            "schema": reverse("api:schema", request=request),
            "docs": reverse("api:docs", request=request),
            "redoc": reverse("api:redoc", request=request),
        }
        return Response(body)


def _is_endpoint(path: str) -> bool:
    try:
        return resolve(path).url_name != "not-found"
    except Resolver404:
        return False


class NotFoundView(APIView):
    """Any other path under /api/: DRF's JSON 404 for every method, with a hint when the path
    only lacks its trailing slash. Without it a POST to ``.../attack-odds`` (no slash) would
    meet Django's APPEND_SLASH, which cannot redirect a POST and fails instead."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    schema = None  # not an operation

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        path = request.path
        if not path.endswith("/") and _is_endpoint(request.path_info + "/"):
            raise NotFound(f"No such endpoint: {path}. Did you mean {path}/ ?")
        raise NotFound(f"No such endpoint: {path}. GET /api/ lists them all.")


# The docs pages may load nothing from another host: the table may have no internet, and the
# project contacts no outside host. The policy makes the browser hold to that even where a
# vendored bundle names one (ReDoc's sidebar links its logo from its maker's CDN). It is the
# pages' policy but for styles: Swagger UI and ReDoc style their markup inline. Scripts are the
# site's own files only (Swagger UI's start-up script is served apart, at ?script).
DOCS_CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
    ]
)


class SwaggerView(SpectacularSwaggerSplitView):
    """drf-spectacular's Swagger UI (vendored by its sidecar) under the docs policy, its
    start-up script served apart (``?script``) so that no script is inline, and without the
    standalone preset its layout does not use (templates/api/swagger_ui.html)."""

    template_name = "api/swagger_ui.html"

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)
        response["Content-Security-Policy"] = DOCS_CONTENT_SECURITY_POLICY
        return response


# drf-spectacular's own ReDoc page pulls its fonts from Google; this one loads only the
# vendored bundle.
_REDOC_PAGE = engines["django"].from_string(
    """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
</head>
<body>
<div id="redoc" data-spec-url="{{ schema_url }}"></div>
<script src="{{ redoc_js }}"></script>
<script src="{{ init_js }}"></script>
</body>
</html>
"""
)


@require_safe
def redoc(request: HttpRequest) -> HttpResponse:
    """The API reference rendered by ReDoc, from the vendored bundle only."""
    context = {
        "title": settings.SPECTACULAR_SETTINGS["TITLE"],
        "redoc_js": static("drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"),
        "schema_url": url_reverse("api:schema"),
        "init_js": static("js/redoc-init.js"),
    }
    response = HttpResponse(_REDOC_PAGE.render(context, request))
    response["Content-Security-Policy"] = DOCS_CONTENT_SECURITY_POLICY
    return response


@cache
def _reference_page_digest(page: str) -> str:
    """What a page of the reference is made of apart from who reads it: its content (from
    the schema) and the templates around it."""
    content = f"{page}\n{reference.rendered(page).digest}"
    return deployment_digest(content, ("base.html", "api/reference.html"))


def _reference_view(page: str, title: str) -> Callable[[HttpRequest], HttpResponse]:
    def etag(request: HttpRequest) -> str:
        return reader_etag(request, _reference_page_digest(page))

    @require_safe
    @condition(etag_func=etag)
    def view(request: HttpRequest) -> HttpResponse:
        # Rendered with autoescaping from the schema, once (templates/api/_reference*.html).
        content = mark_safe(reference.rendered(page).html)
        response = render(request, "api/reference.html", {"content": content, "title": title})
        patch_cache_control(response, private=True, no_cache=True)
        return response

    return view


# The API reference as plain HTML, no script (/api/docs/), and the objects its bodies are
# made of (/api/docs/schemas/). A browser opening either again is answered 304: they change
# only with a deployment.
reference_page = _reference_view("operations", "API reference")
reference_schemas_page = _reference_view("schemas", "API schemas")
