"""Catalog browsing, search, export and import over the API.

GET /api/catalogs/ lists the catalogs; a catalog's detail shows what it holds, and with
``?format=export`` answers the import JSON (docs/catalogs.md), so a catalog can be copied from
one install to another. The entries endpoint searches a catalog's units, cards or Guardians,
each in the shape the import file gives it. Importing (staff only) checks the whole file first:
a bad file is a 400 listing every problem by entry and field, and nothing is written.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny, IsAdminUser
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from games.errors import bad_request_body
from games.tokens import TokenAuthentication
from referee.rules.textlists import closest

from .. import registry
from ..catalogs import CatalogError, export_catalog, import_catalog
from ..catalogs.service import FORMAT, find_catalog, version_key
from ..models import Catalog
from ..registry import catalog_game, entry_filters
from .parsers import BoundedJSONParser
from .serializers import BadRequestSerializer, DetailSerializer

Body = dict[str, Any]

TAG = "Catalogs"
DEFAULT_LIMIT = 50
MAX_LIMIT = 200

CATALOG_SYSTEMS = tuple(registry.catalog_games())  # the API is loaded once the games are
ALL_FILTERS = entry_filters()
ENTRY_WORDS = tuple(game.entry_words for game in registry.catalog_games().values())
"""What each game calls its entries in the texts below (``CatalogGame.entry_words``)."""


def _joined(items: Iterable[str], last: str) -> str:
    """``a, b and c`` (``last`` is " and "), or ``a, b, or c`` (``last`` is ", or ")."""
    *most, final = items
    return last.join([", ".join(most), final]) if most else final


def _file_said() -> str:
    """The catalog file's description, naming each game's keys. Wrapped as the docstring it
    was, since the schema keeps its line breaks."""
    keys = _joined((words.file_keys for words in ENTRY_WORDS), ", or ")
    return "\n".join(
        [
            "A catalog file (docs/catalogs.md): what ?format=export answers and the import takes.",
            textwrap.fill(
                f"Beside these keys it holds the game's entries: {keys}.",
                width=88,
                break_long_words=False,
                break_on_hyphens=False,
            ),
        ]
    )


def _factions_said() -> str:
    """What a catalog's detail says of its factions, naming the games whose catalogs have
    them (the catalog file's "factions" key)."""
    names = [game.name for game in registry.catalog_games().values() if "factions" in game.sections]
    if not names:
        return "Always []: no game's catalogs have factions."
    return f"{_joined(names, ' and ')} factions; [] otherwise."


def _results_said() -> str:
    """What the entry search answers: each game's entries, those given alike together."""
    shapes: dict[str, list[str]] = {}
    for words in ENTRY_WORDS:
        shapes.setdefault(words.shape, []).append(words.results)
    return ", or ".join(f"{', '.join(results)}, {shape}" for shape, results in shapes.items())


# --- Bodies --------------------------------------------------------------------------------


def counts(catalog: Catalog) -> dict[str, int]:
    """How many entries of each kind the catalog holds."""
    return catalog_game(catalog.system).counts(catalog)


def _detail_url(catalog: Catalog, request: Request | None) -> str:
    return reverse(
        "api:catalog-version",
        kwargs={"system": catalog.system, "slug": catalog.slug, "version": catalog.version},
        request=request,
    )


def summary_body(catalog: Catalog, request: Request | None) -> Body:
    return {
        "system": catalog.system,
        "slug": catalog.slug,
        "name": catalog.name,
        "version": catalog.version,
        "description": catalog.description,
        "demo": catalog.demo,
        "counts": counts(catalog),
        "url": _detail_url(catalog, request),
    }


def detail_body(catalog: Catalog, request: Request | None) -> Body:
    versions = Catalog.objects.filter(system=catalog.system, slug=catalog.slug).values_list(
        "version", flat=True
    )
    url = _detail_url(catalog, request)
    game = catalog_game(catalog.system)
    factions: list[Body] = []
    if "factions" in game.sections:
        factions = game.export_catalog(catalog)["factions"]
    return {
        **summary_body(catalog, request),
        "versions": sorted(versions, key=version_key, reverse=True),
        "factions": factions,
        "entries_url": url + "entries/",
        "export_url": url + "?format=export",
    }


def _key(entry: Mapping[str, Any]) -> str:
    return str(entry.get("slug") or entry.get("id") or entry.get("key") or "")


def _matches(entry: Mapping[str, Any], system: str, filters: Mapping[str, str]) -> bool:
    query = filters.get("q", "").casefold().strip()
    name = str(entry.get("name", ""))
    if query and query not in name.casefold() and query not in _key(entry).casefold():
        return False
    game = catalog_game(system)
    for key in ALL_FILTERS:
        if key not in filters:
            continue
        value = game.entry_filter_value(entry, key)
        # a unit's tiers are a list: a dual-slot unit is found under either tier
        found = filters[key] in value if isinstance(value, list) else value == filters[key]
        if not found:
            return False
    return True


# --- Query parameters ----------------------------------------------------------------------


def _filter_length(key: str) -> int:
    """The longest value a search filter takes: a name from a list, or a catalog's slug."""
    return (
        60
        if any(game.filters.get(key, ()) is None for game in registry.catalog_games().values())
        else 40
    )


class EntriesQuerySerializer(serializers.Serializer[Any]):
    q = serializers.CharField(required=False, allow_blank=True, max_length=200)
    limit = serializers.IntegerField(required=False, min_value=1, max_value=MAX_LIMIT)
    offset = serializers.IntegerField(required=False, min_value=0)

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """Each game's search filters, as the registry lists them."""
        fields = super().get_fields()
        for key in ALL_FILTERS:
            fields[key] = serializers.CharField(required=False, max_length=_filter_length(key))
        return fields


def _filter_parameter(key: str) -> OpenApiParameter:
    """A search filter as the schema shows it: the values of the one game that has it, or a
    string each game reads its own way."""
    games = [game for game in registry.catalog_games().values() if key in game.filters]
    values = games[0].filters[key]
    if len(games) == 1 and values is not None:
        return OpenApiParameter(key, str, enum=list(values))
    nouns = [f"{game.name} {game.filter_nouns[key]}" for game in games]
    said = f"{', '.join(nouns[:-1])}, or {nouns[-1]}" if len(nouns) > 1 else nouns[0]
    return OpenApiParameter(
        key, {"type": "string", "maxLength": _filter_length(key)}, description=f"{said}."
    )


def _filters_said() -> str:
    """``<filter> and <filter> (<values>) for <game>; ...``: each game's filters, with their
    values."""

    def one(game: Any, key: str) -> str:
        values = game.filters[key]
        return key if values is None else f"{key} ({', '.join(values)})"

    per_game = [
        (" and ".join(one(game, key) for key in game.filters), game.name)
        for game in registry.catalog_games().values()
        if game.filters
    ]
    return "; ".join(f"{filters} for {name}" for filters, name in per_game)


def _query(
    request: Request, allowed: tuple[str, ...], errors: dict[str, list[str]] | None = None
) -> dict[str, str]:
    """The query parameters as one string each, refusing unknown and repeated ones. With
    ``errors``, problems are added there for the caller to report with its own."""
    collect = errors is not None
    errors = {} if errors is None else errors
    values: dict[str, str] = {}
    for key in request.query_params:
        items = request.query_params.getlist(key)
        if key not in allowed:
            errors[key] = [f"Unknown parameter; use {', '.join(allowed)}."]
        elif len(items) > 1:
            errors[key] = ["Give this parameter once."]
        else:
            values[key] = items[0]
    if errors and not collect:
        raise serializers.ValidationError(errors)
    return values


def _entry_filters(
    system: str, query: Mapping[str, str], errors: dict[str, list[str]]
) -> dict[str, str]:
    filters: dict[str, str] = {}
    serializer = EntriesQuerySerializer(data=dict(query))
    values: Mapping[str, Any] = query
    if serializer.is_valid():
        values = serializer.validated_data
    else:
        for key, messages in serializer.errors.items():
            errors.setdefault(key, []).extend(str(m) for m in messages)
    known = catalog_game(system).filters
    for key, value in values.items():
        if key in errors:
            continue
        if key in ALL_FILTERS:
            if key not in known:
                usable = ", ".join(known) or "none"
                errors[key] = [f"{system} entries have no {key}; filter by {usable}."]
                continue
            choices = known[key]
            if choices is not None and value not in choices:
                errors[key] = [f'"{value}" is not one of: {", ".join(choices)}.']
                continue
        filters[key] = str(value)
    if errors:
        raise serializers.ValidationError(errors)
    return filters


def _catalog_or_404(system: str, slug: str, version: str | None) -> Catalog:
    if system not in CATALOG_SYSTEMS:
        raise NotFound(f"No game {system!r}; catalogs are for {', '.join(CATALOG_SYSTEMS)}.")
    try:
        return find_catalog(system, slug, version)
    except Catalog.DoesNotExist:
        which = f"{slug!r}" if version is None else f"{slug!r} version {version!r}"
        raise NotFound(
            f"There is no {system} catalog {which}. GET /api/catalogs/ lists them."
        ) from None


# --- Functions -----------------------------------------------------------------------------


def catalog_list_body(request: Request) -> Body:
    query = _query(request, ("system", "format"))
    catalogs = Catalog.objects.filter(system__in=CATALOG_SYSTEMS)
    system = query.get("system")
    if system is not None:
        if system not in CATALOG_SYSTEMS:
            raise serializers.ValidationError(
                {"system": [f'"{system}" is not one of: {", ".join(CATALOG_SYSTEMS)}.']}
            )
        catalogs = catalogs.filter(system=system)
    ordered = sorted(catalogs, key=lambda c: (c.system, c.slug, version_key(c.version)))
    return {"count": len(ordered), "results": [summary_body(c, request) for c in ordered]}


def entries_body(request: Request, catalog: Catalog) -> Body:
    errors: dict[str, list[str]] = {}
    query = _query(request, ("q", *ALL_FILTERS, "limit", "offset", "format"), errors)
    query.pop("format", None)
    filters = _entry_filters(catalog.system, query, errors)
    limit = int(filters.pop("limit", DEFAULT_LIMIT))
    offset = int(filters.pop("offset", 0))
    entries = catalog_game(catalog.system).entries(catalog)
    found = [entry for entry in entries if _matches(entry, catalog.system, filters)]
    page = found[offset : offset + limit]
    url = _detail_url(catalog, request) + "entries/"

    def link(start: int) -> str:
        params = {**filters, "limit": str(limit), "offset": str(start)}
        return url + "?" + "&".join(f"{k}={_quote(v)}" for k, v in params.items())

    suggestions: list[str] = []
    query_text = filters.get("q", "").strip()
    if not found and query_text:
        names = [str(entry["name"]) for entry in entries if entry.get("name")]
        suggestions = list(closest(query_text, names))
    return {
        "count": len(found),
        "limit": limit,
        "offset": offset,
        "next": link(offset + limit) if offset + limit < len(found) else None,
        "previous": link(max(0, offset - limit)) if offset > 0 else None,
        "suggestions": suggestions,
        "catalog": {
            "system": catalog.system,
            "slug": catalog.slug,
            "version": catalog.version,
            "demo": catalog.demo,
        },
        "results": page,
    }


def _quote(value: str) -> str:
    return quote(value, safe="")


# --- Import --------------------------------------------------------------------------------


class CatalogJSONParser(BoundedJSONParser):
    """JSON with a cap that fits whole catalog files (the validation endpoints take 64 KiB)."""

    limit = "CATALOG_UPLOAD_MAX_BYTES"
    what = "The catalog file"


def _replace_flag(request: Request) -> bool:
    query = _query(request, ("replace", "format"))
    value = query.get("replace", "false").lower()
    if value not in ("true", "false", "1", "0", "yes", "no"):
        raise serializers.ValidationError({"replace": ["Must be true or false."]})
    return value in ("true", "1", "yes")


def import_error_body(error: CatalogError) -> Body:
    errors: dict[str, list[str]] = {}
    for problem in error.problems:
        path = f"{problem.entry}.{problem.field}" if problem.field else problem.entry
        errors.setdefault(path, []).append(problem.message)
    count = len(error.problems)
    body = bad_request_body(errors)
    body["detail"] = (
        f"The catalog has {count} problem{'s' if count != 1 else ''}; nothing was imported."
    )
    body["problems"] = [problem.as_dict() for problem in error.problems]
    return body


# --- Response serializers (for the schema) -------------------------------------------------


class CountsSerializer(serializers.Serializer[Any]):
    """Entries of each kind; only the kinds the catalog's game has."""

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """Each kind a game counts (``count_nouns``), as the registry lists them."""
        fields = super().get_fields()
        for game in registry.catalog_games().values():
            for key in game.count_nouns:
                fields.setdefault(key, serializers.IntegerField(required=False))
        return fields


class CatalogSummarySerializer(serializers.Serializer[Any]):
    """One catalog version."""

    system = serializers.ChoiceField(choices=list(CATALOG_SYSTEMS))
    slug = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    demo = serializers.BooleanField(help_text="Demonstration content, not official game material.")
    counts = CountsSerializer()
    url = serializers.URLField(help_text="This version's detail.")


class CatalogListSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    results = CatalogSummarySerializer(many=True)


class FactionSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    composition = serializers.DictField(
        child=serializers.DictField(child=serializers.DictField(child=serializers.IntegerField())),
        help_text="{battle_size: {tier: {min, max}}} (4.1).",
    )


class CatalogDetailSerializer(CatalogSummarySerializer):
    versions = serializers.ListField(
        child=serializers.CharField(), help_text="Every version of this catalog, newest first."
    )
    factions = FactionSerializer(many=True, help_text=_factions_said())
    entries_url = serializers.URLField()
    export_url = serializers.URLField(help_text="The import JSON of this version.")


class CatalogFileSerializer(serializers.Serializer[Any]):
    # its docstring, the description the schema shows, names each game's keys: _file_said()

    format = serializers.ChoiceField(choices=[FORMAT])
    format_version = serializers.IntegerField()
    system = serializers.ChoiceField(choices=list(CATALOG_SYSTEMS))
    slug = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    demo = serializers.BooleanField()

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        """Beside those above, each game's keys (``sections``), as the registry lists them."""
        fields = super().get_fields()
        for game in registry.catalog_games().values():
            for key in game.sections:
                fields.setdefault(
                    key, serializers.ListField(child=serializers.DictField(), required=False)
                )
        return fields


CatalogFileSerializer.__doc__ = _file_said()


CATALOG_OR_FILE = PolymorphicProxySerializer(
    component_name="CatalogDetailOrFile",
    serializers=[CatalogDetailSerializer, CatalogFileSerializer],
    resource_type_field_name=None,
)


class EntriesCatalogSerializer(serializers.Serializer[Any]):
    system = serializers.CharField()
    slug = serializers.CharField()
    version = serializers.CharField()
    demo = serializers.BooleanField()


class EntriesSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="Entries that match, on every page.")
    limit = serializers.IntegerField()
    offset = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    suggestions = serializers.ListField(
        child=serializers.CharField(), help_text="Did-you-mean names when nothing matches 'q'."
    )
    catalog = EntriesCatalogSerializer()
    results = serializers.ListField(
        child=serializers.DictField(),
        help_text=f"{_results_said()}.",
    )


class ImportProblemSerializer(serializers.Serializer[Any]):
    entry = serializers.CharField(help_text="The entry, e.g. \"units[3] 'Orc Grunt'\".")
    field = serializers.CharField(allow_blank=True, help_text="Its field; '' for the whole entry.")
    message = serializers.CharField()


class ImportErrorSerializer(BadRequestSerializer):
    """A catalog file that cannot be imported: every problem, and nothing written."""

    problems = ImportProblemSerializer(many=True)


# --- Views ---------------------------------------------------------------------------------


class ExportNegotiation(DefaultContentNegotiation):
    """``?format=export`` asks for the import JSON, not for a renderer called "export"; any
    other unknown format is left for the view to refuse with a 400 naming it."""

    def select_renderer(
        self,
        request: Request,
        renderers: Iterable[BaseRenderer],
        format_suffix: str | None = None,
    ) -> tuple[BaseRenderer, str]:
        renderers = list(renderers)
        wanted = request.query_params.get("format")
        if wanted is not None and wanted not in {renderer.format for renderer in renderers}:
            # "export", or a value the view itself reports as a 400.
            return renderers[0], str(renderers[0].media_type)
        result: tuple[BaseRenderer, str] = super().select_renderer(
            request, renderers, format_suffix
        )
        return result


class OpenView(APIView):
    authentication_classes = ()
    permission_classes = (AllowAny,)
    content_negotiation_class = ExportNegotiation


SYSTEM_PARAMETER = OpenApiParameter(
    "system", str, enum=list(CATALOG_SYSTEMS), description="Only this game's catalogs."
)
FORMAT_PARAMETER = OpenApiParameter(
    "format",
    str,
    enum=["export"],
    description="'export': answer the catalog file (the import JSON) instead of the detail.",
)
# The path's parts, with the starter catalogs (loaded on every install) as examples.
CATALOG_PATH = [
    OpenApiParameter(
        "system",
        str,
        OpenApiParameter.PATH,
        description="The catalog's game: " + ", ".join(CATALOG_SYSTEMS) + ".",
        examples=[OpenApiExample(system, value=system) for system in CATALOG_SYSTEMS],
    ),
    OpenApiParameter(
        "slug",
        str,
        OpenApiParameter.PATH,
        description="The catalog's slug.",
        examples=[OpenApiExample("starter", value="starter")],
    ),
]
VERSION_PATH = OpenApiParameter(
    "version",
    str,
    OpenApiParameter.PATH,
    description="A version of the catalog, as GET /api/catalogs/ lists them.",
    examples=[OpenApiExample("1.0", value="1.0")],
)
NOT_FOUND = OpenApiResponse(DetailSerializer, description="No such catalog or version.")
BAD = OpenApiResponse(BadRequestSerializer, description="An unknown or bad query parameter.")


class CatalogListView(OpenView):
    @extend_schema(
        operation_id="catalogs_list",
        tags=[TAG],
        summary="List the catalogs",
        description="Every catalog version loaded, with what it holds. Filter with ?system=.",
        parameters=[SYSTEM_PARAMETER],
        responses={200: CatalogListSerializer, 400: BAD},
    )
    def get(self, request: Request) -> Response:
        return Response(catalog_list_body(request))


def _detail_response(request: Request, catalog: Catalog) -> Response:
    query = _query(request, ("format",))
    fmt = query.get("format")
    if fmt is None or fmt == "json":
        return Response(detail_body(catalog, request))
    if fmt != "export":
        raise serializers.ValidationError({"format": ['Only "export" is offered.']})
    response = Response(export_catalog(catalog))
    filename = f"{catalog.system}-{catalog.slug}-{catalog.version}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


DETAIL_DOC: dict[str, Any] = {
    "tags": [TAG],
    "parameters": [*CATALOG_PATH, FORMAT_PARAMETER],
    "responses": {
        200: OpenApiResponse(
            CATALOG_OR_FILE,
            description="The catalog's detail (CatalogDetail); with ?format=export the catalog "
            "file (CatalogFile, docs/catalogs.md) as a download.",
        ),
        400: BAD,
        404: NOT_FOUND,
    },
}


class CatalogNewestView(OpenView):
    @extend_schema(
        operation_id="catalogs_newest",
        summary="A catalog's newest version",
        description="The newest version of a catalog: what it holds, its other versions, and "
        "links to search and export it.",
        **DETAIL_DOC,
    )
    def get(self, request: Request, system: str, slug: str) -> Response:
        return _detail_response(request, _catalog_or_404(system, slug, None))


class CatalogVersionView(OpenView):
    @extend_schema(
        operation_id="catalogs_detail",
        summary="One catalog version",
        description="One version of a catalog: what it holds, its other versions, and links "
        "to search and export it. ?format=export answers the import JSON.",
        **{**DETAIL_DOC, "parameters": [*CATALOG_PATH, VERSION_PATH, FORMAT_PARAMETER]},
    )
    def get(self, request: Request, system: str, slug: str, version: str) -> Response:
        return _detail_response(request, _catalog_or_404(system, slug, version))


class CatalogEntriesView(OpenView):
    @extend_schema(
        operation_id="catalogs_entries",
        tags=[TAG],
        summary="Search a catalog's entries",
        description=(
            f"{_joined((words.searched for words in ENTRY_WORDS), ' or ')} whose name or "
            "slug/card ID contains q (any case), with "
            f"filters per game: {_filters_said()}. A filter the game does not have is a 400. "
            f"Paged with limit (1-{MAX_LIMIT}, default {DEFAULT_LIMIT}) and offset."
        ),
        parameters=[
            *CATALOG_PATH,
            VERSION_PATH,
            OpenApiParameter(
                "q",
                {"type": "string", "maxLength": 200},
                description="Part of a name, slug or card ID.",
            ),
            *(_filter_parameter(key) for key in ALL_FILTERS),
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT},
                description=f"Entries per page (default {DEFAULT_LIMIT}).",
            ),
            OpenApiParameter("offset", {"type": "integer", "minimum": 0}),
        ],
        responses={200: EntriesSerializer, 400: BAD, 404: NOT_FOUND},
    )
    def get(self, request: Request, system: str, slug: str, version: str) -> Response:
        return Response(entries_body(request, _catalog_or_404(system, slug, version)))


IMPORT_BAD_EXAMPLE: Body = {
    "detail": "The catalog has 2 problems; nothing was imported.",
    "errors": {
        "units[0] 'Orc Grunt'.points": ["must be a whole number from 0 to 10000 (it is -5)"],
        "catalog.version": ["is required"],
    },
    "problems": [
        {
            "entry": "units[0] 'Orc Grunt'",
            "field": "points",
            "message": "must be a whole number from 0 to 10000 (it is -5)",
        },
        {"entry": "catalog", "field": "version", "message": "is required"},
    ],
}


class CatalogImportView(APIView):
    authentication_classes = (SessionAuthentication, TokenAuthentication)
    permission_classes = (IsAdminUser,)
    parser_classes = (CatalogJSONParser,)

    @extend_schema(
        operation_id="catalogs_import",
        tags=[TAG],
        summary="Import a catalog (staff)",
        description=(
            "Send a catalog file (docs/catalogs.md) as the body. The whole file is checked "
            "first: a bad file answers 400 with every problem by entry and field, and nothing "
            "is written. A version already imported is refused unless ?replace=true. Staff "
            "users only (a signed-in session or 'Authorization: Token <key>')."
        ),
        parameters=[
            OpenApiParameter(
                "replace",
                OpenApiTypes.BOOL,
                description="Replace the entries of a version already imported.",
            )
        ],
        request=OpenApiTypes.OBJECT,
        responses={
            201: CatalogSummarySerializer,
            400: OpenApiResponse(
                ImportErrorSerializer,
                description="The file's problems, each with its entry and field.",
                examples=[
                    OpenApiExample(
                        "Bad file",
                        value=IMPORT_BAD_EXAMPLE,
                        response_only=True,
                        status_codes=["400"],
                    )
                ],
            ),
            403: OpenApiResponse(DetailSerializer, description="Not a signed-in staff user."),
            413: OpenApiResponse(BadRequestSerializer, description="The file is too large."),
        },
    )
    def post(self, request: Request) -> Response:
        replace = _replace_flag(request)
        try:
            catalog = import_catalog(request.data, replace=replace)
        except CatalogError as error:
            return Response(import_error_body(error), status=status.HTTP_400_BAD_REQUEST)
        body = summary_body(catalog, request)
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": body["url"]})
