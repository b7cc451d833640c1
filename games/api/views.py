"""The REST API's views: one per operation, each a thin wrapper around a function in
``games.odds.azeroth`` that validates, calls the engine and renders the answer.

The odds endpoints are stateless calculations open to any tool (list builders, bots), so they
take no authentication and need no CSRF token.
"""

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
from drf_spectacular.utils import OpenApiResponse, extend_schema
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from games import registry
from games.odds.azeroth import (
    attack_odds_response,
    blast_odds_response,
    morale_odds_response,
    spell_odds_response,
)
from games.odds.serializers import (
    AttackOddsResultSerializer,
    AttackOddsSerializer,
    BlastOddsResultSerializer,
    BlastOddsSerializer,
    MoraleOddsResultSerializer,
    MoraleOddsSerializer,
    SpellOddsResultSerializer,
    SpellOddsSerializer,
)
from games.pagecache import deployment_digest, reader_etag

from . import examples, reference
from .parsers import MAX_BODY_BYTES, BoundedJSONParser
from .serializers import ApiRootSerializer, BadRequestSerializer, DetailSerializer

AZEROTH = "Azeroth at War"

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


def error_responses() -> dict[int, OpenApiResponse]:
    return {
        400: OpenApiResponse(
            BadRequestSerializer,
            description=(
                "Bad input: malformed JSON, a body that is not an object, unknown, missing, "
                "mistyped or out-of-range fields, or inputs the rules do not allow together. "
                "'errors' names every bad field by its dotted path."
            ),
        ),
        413: OpenApiResponse(
            BadRequestSerializer,
            description=f"The body is larger than {MAX_BODY_BYTES // 1024} KiB.",
        ),
        415: OpenApiResponse(DetailSerializer, description="The body is not application/json."),
    }


class OddsView(APIView):
    """Shared set-up of the odds endpoints: open, JSON in, size-capped."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = (BoundedJSONParser,)


class AttackOddsView(OddsView):
    @extend_schema(
        operation_id="azeroth_attack_odds",
        tags=[AZEROTH],
        summary="Odds of one attack",
        description=(
            "The exact damage distribution of one melee or ranged attack (rulebook 4.4-4.6, "
            "5.2 and 7; rulings A1-A9), with every modifier explained. Cleave's second model "
            "and the friendly struck when shooting into melee are answered when they apply; "
            "give 'goal' to also get the fewest dice and the best toggle that reach that "
            "P(kill). Probabilities are exact, never sampled."
        ),
        request=AttackOddsSerializer,
        responses={200: AttackOddsResultSerializer, **error_responses()},
        examples=[
            examples.request_example(
                "Charge", examples.ATTACK_REQUEST, "A Heavy Weapon charge into a shield wall"
            ),
            examples.request_example(
                "Plan", examples.ATTACK_PLAN_REQUEST, "The same charge, asking for 75% P(kill)"
            ),
            examples.EngineAnswer(
                "Plan answer",
                examples.ATTACK_PLAN_REQUEST,
                attack_odds_response,
                "The answer to the charge that asks for 75% P(kill)",
            ),
            examples.request_example(
                "Cleave", examples.ATTACK_CLEAVE_REQUEST, "Cleave with a second target"
            ),
            examples.request_example(
                "Into melee",
                examples.ATTACK_INTO_MELEE_REQUEST,
                "A Precision Shot into a melee with a friendly",
            ),
            examples.bad_request_example(
                examples.ATTACK_BAD_RESPONSE, "Too many dice, an unknown and a missing field"
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(attack_odds_response(request.data))


class MoraleOddsView(OddsView):
    @extend_schema(
        operation_id="azeroth_morale_odds",
        tags=[AZEROTH],
        summary="Odds of a Morale test",
        description=(
            "P(pass), P(waver) and P(rout) of one Morale test (10.2, 10.3; A10, A11), with a "
            "Command Aura reroll when it applies. Give 'trigger' to also learn whether the "
            "model must test this turn (10.1)."
        ),
        request=MoraleOddsSerializer,
        responses={200: MoraleOddsResultSerializer, **error_responses()},
        examples=[
            examples.request_example(
                "Elite under Fear", examples.MORALE_REQUEST, "An Elite near Fear in an aura"
            ),
            examples.request_example(
                "Must it test?", examples.MORALE_TRIGGER_REQUEST, "Half its wounds lost"
            ),
            examples.EngineAnswer(
                "Elite under Fear answer",
                examples.MORALE_REQUEST,
                morale_odds_response,
                "The answer for the Elite near Fear",
            ),
            examples.bad_request_example(
                examples.MORALE_BAD_RESPONSE, "An unknown tier and a string for a boolean"
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(morale_odds_response(request.data))


class SpellOddsView(OddsView):
    @extend_schema(
        operation_id="azeroth_spell_odds",
        tags=[AZEROTH],
        summary="Odds that an ability goes off",
        description=(
            "P(an ability takes effect) through Spell Block (8.6), then Dispel or Counterspell "
            "(8.5), with the Mana the caster pays and the distribution of Mana the defender "
            "spends (R8-R10)."
        ),
        request=SpellOddsSerializer,
        responses={200: SpellOddsResultSerializer, **error_responses()},
        examples=[
            examples.request_example(
                "Buff against a Hero",
                examples.SPELL_REQUEST,
                "A Buff facing Spell Block and Dispel",
            ),
            examples.EngineAnswer(
                "Buff answer", examples.SPELL_REQUEST, spell_odds_response, "The Buff's odds"
            ),
            examples.bad_request_example(examples.SPELL_BAD_RESPONSE, "Mana cost out of range"),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(spell_odds_response(request.data))


class BlastOddsView(OddsView):
    @extend_schema(
        operation_id="azeroth_blast_odds",
        tags=[AZEROTH],
        summary="Odds of a Blast",
        description=(
            "For each unit near the aim point: P(under the template) after scatter, then its "
            "wound, save and kill odds (8.4; R11-R13)."
        ),
        request=BlastOddsSerializer,
        responses={200: BlastOddsResultSerializer, **error_responses()},
        examples=[
            examples.request_example(
                "Large blast", examples.BLAST_REQUEST, "A large template among three units"
            ),
            examples.EngineAnswer(
                "Large blast answer",
                examples.BLAST_REQUEST,
                blast_odds_response,
                "The odds of each of the three units",
            ),
            examples.bad_request_example(
                examples.BLAST_BAD_RESPONSE, "A negative distance on the second target"
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(blast_odds_response(request.data))


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
