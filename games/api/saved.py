"""Saved lists over REST: each player's own armies, decks and rosters, checked against a
catalog, exported as text or JSON and shared by a read-only link.

The views are thin: ``games.lists.service`` reads, checks, saves, shares and exports. A list
belongs to its author; anyone else asking for it gets 404, as if it did not exist, so list ids
cannot be probed. Callers authenticate with a session (the pages) or a token
(``Authorization: Token <key>``, from ``POST /api/auth/token/``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpResponse
from django.urls import reverse as url_reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotAuthenticated, NotFound, ValidationError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import registry, throttles, tokens
from games.catalogs.service import find_catalog
from games.fields import StrictCharField, StrictChoiceField, StrictSerializer
from games.lists import service
from games.models import Catalog, SavedList
from games.tokens import TokenAuthentication
from referee.rules.errors import InvalidInput
from referee.rules.lists import Report

from .lists_validate import MAX_TEXT, ListProblemSerializer, problem_body
from .parsers import BoundedJSONParser
from .serializers import TOO_MANY, BadRequestSerializer, DetailSerializer

LISTS = "Saved lists"
LIST_SYSTEMS = tuple(registry.list_games())  # the API is loaded once the games are
MAX_VERSION_LENGTH = 20

# --- Requests ---------------------------------------------------------------------------------


class CatalogRefSerializer(StrictSerializer):
    slug = StrictCharField(max_length=60, help_text="The catalog's slug, e.g. 'starter'.")
    version = StrictCharField(
        max_length=MAX_VERSION_LENGTH,
        required=False,
        help_text="The catalog version; the newest when left out.",
    )


class PayloadField(serializers.JSONField):
    """The list in its system's JSON form: an object."""

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValidationError("Must be an object: the list in its system's JSON form.")
        return data


def _payloads_said() -> str:
    """Each list game's JSON, as it says it (``payload_help``), in the registry's order."""
    *most, last = [game.payload_help for game in registry.list_games().values()]
    return f"{', '.join(most)} or {last}" if most else last


def _payload_field(required: bool = True) -> PayloadField:
    return PayloadField(
        required=required,
        help_text=(
            f"The list in its system's JSON form: {_payloads_said()}, as the validate endpoints "
            "take it and the JSON export gives it."
        ),
    )


class SavedListWriteSerializer(StrictSerializer):
    system = StrictChoiceField(LIST_SYSTEMS, help_text="The game the list is for.")
    name = StrictCharField(max_length=service.MAX_NAME_LENGTH, help_text="The list's name.")
    payload = _payload_field()
    catalog = CatalogRefSerializer(
        required=False,
        allow_null=True,
        help_text=(
            "The catalog to check the list against; the system's default catalog when left "
            "out (a new list), or the list's own catalog (an update)."
        ),
    )


def _text_field() -> StrictCharField:
    games = registry.list_games().values()
    return StrictCharField(
        required=False,
        allow_blank=True,
        max_length=MAX_TEXT,
        trim_whitespace=False,
        help_text=(
            "Instead of payload: the list as text, read as the builders and the validate "
            "endpoints read it"
            + "".join(f" ({game.text_help})" for game in games if game.text_help)
            + ". Problems only the text shows are answered but not kept."
        ),
    )


def _payload_or_text(attrs: dict[str, Any], *, required: bool) -> dict[str, Any]:
    given = ("payload" in attrs) + ("text" in attrs)
    if given > 1 or (required and given == 0):
        raise ValidationError({"payload": ["Give the list as 'payload' or as 'text'."]})
    return attrs


PAYLOAD_OR_TEXT: dict[str, Any] = {"oneOf": [{"required": ["payload"]}, {"required": ["text"]}]}


class SavedListCreateSerializer(SavedListWriteSerializer):
    """A new list: its JSON ``payload``, or its ``text`` as pasted into a builder."""

    request_schema: ClassVar[dict[str, Any]] = PAYLOAD_OR_TEXT

    payload = _payload_field(required=False)
    text = _text_field()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return _payload_or_text(attrs, required=True)


class SavedListPatchSerializer(StrictSerializer):
    """Any of the list's fields; its entries as ``payload`` or as ``text``, not both."""

    system = StrictChoiceField(
        LIST_SYSTEMS, required=False, help_text="If given, the list's own system."
    )
    name = StrictCharField(max_length=service.MAX_NAME_LENGTH, required=False)
    payload = _payload_field(required=False)
    text = _text_field()
    catalog = CatalogRefSerializer(required=False, allow_null=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return _payload_or_text(attrs, required=False)


class SavedListPutSerializer(SavedListWriteSerializer):
    """The whole list again: its name, and its entries as ``payload`` or as ``text``."""

    request_schema: ClassVar[dict[str, Any]] = PAYLOAD_OR_TEXT

    system = StrictChoiceField(
        LIST_SYSTEMS, required=False, help_text="If given, the list's own system."
    )
    payload = _payload_field(required=False)
    text = _text_field()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return _payload_or_text(attrs, required=True)


class TokenRequestSerializer(StrictSerializer):
    username = StrictCharField()
    password = StrictCharField(style={"input_type": "password"})


# --- Answers (for the schema; bodies are built by ``list_body``) ------------------------------


class CatalogInfoSerializer(serializers.Serializer[Any]):
    system = serializers.CharField()
    slug = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField()
    demo = serializers.BooleanField(help_text="Demonstration content, not official game material.")


class CheckSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField(
        allow_null=True, help_text="No errors (warnings allowed); null if never checked."
    )
    error_count = serializers.IntegerField()
    warning_count = serializers.IntegerField()
    catalog_version = serializers.CharField(
        help_text="The catalog version the list was checked against ('' for none)."
    )


class SavedListSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    url = serializers.URLField()
    system = serializers.CharField()
    name = serializers.CharField()
    catalog = CatalogInfoSerializer(allow_null=True)
    check = CheckSerializer()
    shared = serializers.BooleanField()
    share_url = serializers.URLField(
        allow_null=True, help_text="The read-only page anyone with the link can open."
    )
    builder_url = serializers.URLField(help_text="The list builder page with this list loaded.")
    export = serializers.DictField(child=serializers.URLField())
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()
    payload = serializers.JSONField()


class SavedListDetailSerializer(SavedListSerializer):
    problems = ListProblemSerializer(many=True)


class SavedListIndexSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    results = SavedListSerializer(many=True)


class SharedListSerializer(serializers.Serializer[Any]):
    system = serializers.CharField()
    name = serializers.CharField()
    catalog = CatalogInfoSerializer(allow_null=True)
    check = CheckSerializer()
    problems = ListProblemSerializer(many=True)
    text = serializers.CharField(help_text="The list as plain text.")
    payload = serializers.JSONField()
    page_url = serializers.URLField()
    updated = serializers.DateTimeField()


class ShareSerializer(serializers.Serializer[Any]):
    token = serializers.CharField()
    url = serializers.URLField(help_text="The read-only page for people.")
    api_url = serializers.URLField(help_text="The read-only API answer for tools.")


class TokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(
        help_text="The key: send it as 'Authorization: Token <key>'. It is shown only now."
    )
    expiry = serializers.DateTimeField(
        help_text="When the token stops working (API_TOKEN_DAYS after it was made)."
    )


# --- Bodies -----------------------------------------------------------------------------------


def catalog_info(catalog: Catalog | None) -> dict[str, object] | None:
    if catalog is None:
        return None
    return {
        "system": catalog.system,
        "slug": catalog.slug,
        "name": catalog.name,
        "version": catalog.version,
        "demo": catalog.demo,
    }


def check_info(saved: SavedList) -> dict[str, object]:
    return {
        "valid": saved.valid,
        "error_count": saved.error_count,
        "warning_count": saved.warning_count,
        "catalog_version": saved.catalog_version,
    }


def share_page_url(request: Request, token: str) -> str:
    return request.build_absolute_uri(url_reverse("list-shared", args=[token]))


def list_body(request: Request, saved: SavedList, report: Report | None = None) -> dict[str, Any]:
    """One saved list as the API answers it; with ``report``, its problems too."""
    detail = url_reverse("api:saved-list", args=[saved.pk])
    export = url_reverse("api:saved-list-export", args=[saved.pk])
    body: dict[str, Any] = {
        "id": str(saved.pk),
        "url": request.build_absolute_uri(detail),
        "system": saved.system,
        "name": saved.name,
        "catalog": catalog_info(saved.catalog),
        "check": check_info(saved),
        "shared": saved.share_token is not None,
        "share_url": share_page_url(request, saved.share_token) if saved.share_token else None,
        "builder_url": request.build_absolute_uri(service.builder_url(saved)),
        "export": {
            "text": request.build_absolute_uri(f"{export}?format=text"),
            "json": request.build_absolute_uri(f"{export}?format=json"),
        },
        "created": saved.created.isoformat(),
        "updated": saved.updated.isoformat(),
        "payload": saved.payload,
    }
    if report is not None:
        body["problems"] = [problem_body(problem) for problem in report.problems]
    return body


# --- Helpers ----------------------------------------------------------------------------------


def _bad(problems: dict[str, list[str]], prefix: str = "") -> ValidationError:
    return ValidationError({f"{prefix}{path}": messages for path, messages in problems.items()})


def _catalog(system: str, ref: dict[str, str] | None) -> Catalog | None:
    if ref is None:
        return None
    try:
        return find_catalog(system, ref["slug"], ref.get("version"))
    except Catalog.DoesNotExist:
        version = f" version {ref['version']}" if "version" in ref else ""
        name = service.system_name(system)
        raise ValidationError(
            {"catalog": [f"There is no {name} catalog {ref['slug']!r}{version}."]}
        ) from None


def _user(request: Request) -> User:
    user = request.user
    if not isinstance(user, User):  # IsAuthenticated lets no one else through
        raise NotAuthenticated()
    return user


def _read_payload(system: str, payload: dict[str, Any]) -> None:
    try:
        service.payload_to_engine(system, payload)
    except InvalidInput as error:
        raise _bad(error.problems, "payload.") from None


class JSONOnly(DefaultContentNegotiation):
    """Always JSON: ``?format=`` here chooses the export's format, not DRF's renderer."""

    def select_renderer(
        self,
        request: Request,
        renderers: Iterable[BaseRenderer],
        format_suffix: str | None = None,
    ) -> tuple[BaseRenderer, str]:
        choices = list(renderers)
        renderer = next((r for r in choices if isinstance(r, JSONRenderer)), choices[0])
        return renderer, renderer.media_type


class OwnListsView(APIView):
    """Token or session; signed-in callers only; JSON in, size-capped."""

    authentication_classes = (TokenAuthentication, SessionAuthentication)
    permission_classes = (IsAuthenticated,)
    parser_classes = (BoundedJSONParser,)

    def mine(self, request: Request) -> QuerySet[SavedList]:
        return SavedList.objects.filter(owner=_user(request)).select_related("catalog")

    def get_saved(self, request: Request, pk: Any) -> SavedList:
        saved = self.mine(request).filter(pk=pk).first()
        if saved is None:
            raise NotFound("You have no saved list with this id.")
        return saved


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    known = {
        400: OpenApiResponse(
            BadRequestSerializer,
            description=(
                "Bad input: 'errors' names every bad field by its dotted path "
                "(payload.units.1.count, name, catalog)."
            ),
        ),
        401: OpenApiResponse(
            DetailSerializer, description="Not signed in: send a session or a token."
        ),
        404: OpenApiResponse(
            DetailSerializer,
            description="No such list among yours (another player's list answers 404 too).",
        ),
        413: OpenApiResponse(
            BadRequestSerializer,
            description="The body is larger than the API takes (API_BODY_MAX_BYTES).",
        ),
    }
    return {code: known[code] for code in codes}


CREATE_EXAMPLES = [
    OpenApiExample(example.name, value={"system": slug, **example.value}, request_only=True)
    for slug, game in registry.list_games().items()
    if (example := game.save_example) is not None
]
"""Saving a list: each list game's example (``save_example``), if it gives one."""


# --- Views ------------------------------------------------------------------------------------


class SavedListsView(OwnListsView):
    @extend_schema(
        operation_id="saved_lists",
        tags=[LISTS],
        summary="Your saved lists",
        description="Every list you saved, newest change first, with its last check.",
        parameters=[
            OpenApiParameter(
                "system",
                str,
                enum=list(registry.list_games()),
                description="Only this game's lists.",
            )
        ],
        responses={200: SavedListIndexSerializer, **error_responses(400, 401)},
    )
    def get(self, request: Request) -> Response:
        lists = self.mine(request)
        system = request.query_params.get("system")
        if system is not None:
            if system not in registry.list_games():
                known = ", ".join(registry.list_games())
                raise ValidationError({"system": [f"Must be one of {known} (got {system!r})."]})
            lists = lists.filter(system=system)
        results = [list_body(request, saved) for saved in lists]
        return Response({"count": len(results), "results": results})

    @extend_schema(
        operation_id="saved_lists_create",
        tags=[LISTS],
        summary="Save a list",
        description=(
            "Save a list under a name. It is checked at once against the catalog you name "
            "(else the game's default catalog); the answer holds the verdict, the catalog "
            "version it was checked against and every problem found. A list that breaks the "
            "rules is saved all the same (valid: false); a payload that cannot be read is a "
            "400 naming each bad field."
        ),
        request=SavedListCreateSerializer,
        responses={201: SavedListDetailSerializer, **error_responses(400, 401, 413)},
        examples=CREATE_EXAMPLES,
    )
    def post(self, request: Request) -> Response:
        serializer = SavedListCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        system = data["system"]
        if "payload" in data:
            _read_payload(system, data["payload"])
        catalog = _catalog(system, data.get("catalog"))
        try:
            saved, report = service.save_checked(
                owner=_user(request),
                system=system,
                name=data["name"],
                payload=data.get("payload"),
                text=data.get("text"),
                catalog=catalog,
            )
        except InvalidInput as error:
            raise _bad(error.problems) from None
        return Response(list_body(request, saved, report), status=status.HTTP_201_CREATED)


EXAMPLE_LIST_ID = "3e9a7c41-52d8-4f0b-a6e3-8b1d0c7f2a65"
EXAMPLE_SHARE_TOKEN = "example-shared-list"
LIST_ID = OpenApiParameter(
    "id",
    OpenApiTypes.UUID,
    OpenApiParameter.PATH,
    description="The list's id (GET /api/lists/ lists yours).",
    examples=[OpenApiExample("A list", value=EXAMPLE_LIST_ID)],
)
SHARE_TOKEN = OpenApiParameter(
    "token",
    str,
    OpenApiParameter.PATH,
    description="The token of the list's share link.",
    examples=[OpenApiExample("A shared list", value=EXAMPLE_SHARE_TOKEN)],
)


class SavedListView(OwnListsView):
    @extend_schema(
        operation_id="saved_list",
        tags=[LISTS],
        parameters=[LIST_ID],
        summary="One of your lists",
        description=("The list, its last check and its problems against its catalog as it stands."),
        responses={200: SavedListDetailSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, pk: Any) -> Response:
        saved = self.get_saved(request, pk)
        return Response(list_body(request, saved, service.recheck(saved)))

    def _update(self, request: Request, pk: Any, *, partial: bool) -> Response:
        saved = self.get_saved(request, pk)
        kind = SavedListPatchSerializer if partial else SavedListPutSerializer
        serializer = kind(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        system = data.get("system", saved.system)
        if system != saved.system:
            name = service.system_name(saved.system)
            raise ValidationError({"system": [f"This is a {name} list; it stays one."]})
        text = data.get("text")
        payload = None if text is not None else data.get("payload", saved.payload)
        if "payload" in data:
            _read_payload(system, data["payload"])
        catalog = _catalog(system, data.get("catalog"))
        try:
            saved, report = service.save_checked(
                owner=saved.owner,
                system=system,
                name=data.get("name", saved.name),
                payload=payload,
                text=text,
                catalog=catalog,
                saved=saved,
            )
        except InvalidInput as error:
            raise _bad(error.problems) from None
        return Response(list_body(request, saved, report))

    @extend_schema(
        operation_id="saved_list_replace",
        tags=[LISTS],
        parameters=[LIST_ID],
        summary="Replace a list",
        description=(
            "A new name and the list's entries as payload or as text (and optionally "
            "catalog); checked again at once. Text is read as on creation, and a text that "
            "cannot be read is a 400 naming the field."
        ),
        request=SavedListPutSerializer,
        responses={200: SavedListDetailSerializer, **error_responses(400, 401, 404, 413)},
    )
    def put(self, request: Request, pk: Any) -> Response:
        return self._update(request, pk, partial=False)

    @extend_schema(
        operation_id="saved_list_update",
        tags=[LISTS],
        parameters=[LIST_ID],
        summary="Change a list",
        description=(
            "Any of name, payload (or text instead) and catalog; the list is checked again "
            "at once. Text is read as on creation, and a text that cannot be read is a 400 "
            "naming the field."
        ),
        request=SavedListPatchSerializer,
        responses={200: SavedListDetailSerializer, **error_responses(400, 401, 404, 413)},
    )
    def patch(self, request: Request, pk: Any) -> Response:
        return self._update(request, pk, partial=True)

    @extend_schema(
        operation_id="saved_list_delete",
        tags=[LISTS],
        parameters=[LIST_ID],
        summary="Delete a list",
        description="The list and its share link are gone for good.",
        responses={204: None, **error_responses(401, 404)},
    )
    def delete(self, request: Request, pk: Any) -> Response:
        self.get_saved(request, pk).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class SavedListExportView(OwnListsView):
    content_negotiation_class = JSONOnly

    @extend_schema(
        operation_id="saved_list_export",
        tags=[LISTS],
        summary="Export a list",
        description=(
            "The list as plain text (format=text) or in its system's JSON form (format=json, "
            "the default), as a download. Both import back: the text through the builders' "
            "paste box or the validate endpoints' 'text', the JSON as a payload."
        ),
        parameters=[
            LIST_ID,
            OpenApiParameter(
                "format", str, enum=["text", "json"], description="text or json (default)."
            ),
        ],
        responses={
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "text/plain"): OpenApiTypes.STR,
            **error_responses(400, 401, 404),
        },
    )
    def get(self, request: Request, pk: Any) -> HttpResponse:
        saved = self.get_saved(request, pk)
        kind = request.query_params.get("format", "json")
        if kind == "text":
            response = HttpResponse(
                service.export_text(saved), content_type="text/plain; charset=utf-8"
            )
            filename = service.export_filename(saved, "txt")
        elif kind == "json":
            response = Response(service.export_json(saved))
            filename = service.export_filename(saved, "json")
        else:
            raise ValidationError({"format": [f"Must be text or json (got {kind!r})."]})
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class SavedListShareView(OwnListsView):
    @extend_schema(
        operation_id="saved_list_share",
        tags=[LISTS],
        parameters=[LIST_ID],
        summary="Share a list",
        description=(
            "Make a new read-only link to the list. Anyone with it can read the list, never "
            "change it. Sharing again makes a new link and the old one stops working."
        ),
        request=None,
        responses={200: ShareSerializer, **error_responses(401, 404)},
    )
    def post(self, request: Request, pk: Any) -> Response:
        saved = self.get_saved(request, pk)
        token = service.share(saved)
        api_url = url_reverse("api:shared-list", args=[token])
        return Response(
            {
                "token": token,
                "url": share_page_url(request, token),
                "api_url": request.build_absolute_uri(api_url),
            }
        )

    @extend_schema(
        operation_id="saved_list_unshare",
        tags=[LISTS],
        parameters=[LIST_ID],
        summary="Stop sharing a list",
        description="The list's read-only link stops working at once.",
        responses={204: None, **error_responses(401, 404)},
    )
    def delete(self, request: Request, pk: Any) -> Response:
        service.unshare(self.get_saved(request, pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


def shared_body(request: Request, saved: SavedList) -> dict[str, Any]:
    report = service.recheck(saved)
    assert saved.share_token is not None
    return {
        "system": saved.system,
        "name": saved.name,
        "catalog": catalog_info(saved.catalog),
        "check": check_info(saved),
        "problems": [problem_body(problem) for problem in report.problems],
        "text": service.export_text(saved),
        "payload": saved.payload,
        "page_url": share_page_url(request, saved.share_token),
        "updated": saved.updated.isoformat(),
    }


class SharedListView(APIView):
    """Open to anyone holding the link; read only."""

    authentication_classes = ()
    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="shared_list",
        tags=[LISTS],
        parameters=[SHARE_TOKEN],
        summary="A shared list",
        description=(
            "A list its author shared: read only, no sign-in needed. 404 once the author "
            "stops sharing it (or shares it again under a new link)."
        ),
        responses={
            200: SharedListSerializer,
            404: OpenApiResponse(DetailSerializer, description="No list is shared so."),
        },
    )
    def get(self, request: Request, token: str) -> Response:
        saved = service.find_shared(token)
        if saved is None:
            raise NotFound("No list is shared under this link; its author may have stopped.")
        return Response(shared_body(request, saved))


class TokenView(APIView):
    """A token for tools: send it as ``Authorization: Token <key>``.

    Wrong names and passwords count towards the same throttles as the sign-in page's; tokens
    made count per account."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = (BoundedJSONParser,)
    content_negotiation_class = JSONOnly

    @extend_schema(
        operation_id="auth_token",
        tags=["API"],
        summary="Get an API token",
        description=(
            "Trade a username and password for a token; send it on later calls as "
            "'Authorization: Token <key>'. Each request makes a new token, valid for "
            "API_TOKEN_DAYS (30 unless set); the key is shown only in this answer. The same "
            "account signs in on the pages. Too many "
            "wrong passwords for an account or from an address, or too many tokens for an "
            "account, answer 429 with Retry-After."
        ),
        request=TokenRequestSerializer,
        responses={
            200: TokenSerializer,
            400: OpenApiResponse(
                BadRequestSerializer, description="Missing fields, or a wrong name or password."
            ),
            429: TOO_MANY,
        },
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        asked = TokenRequestSerializer(data=request.data)
        asked.is_valid(raise_exception=True)
        username = asked.validated_data["username"]
        counters = throttles.sign_in_counters(request, username)
        seconds = throttles.wait(counters)
        if seconds is not None:
            raise throttles.Refused(seconds)
        user = authenticate(
            request._request, username=username, password=asked.validated_data["password"]
        )
        if not isinstance(user, User):
            throttles.count(counters)
            raise ValidationError({"body": ["Unable to log in with provided credentials."]})
        seconds = throttles.take([throttles.by_user(throttles.TOKEN_ACCOUNT, user)])
        if seconds is not None:
            raise throttles.Refused(seconds)
        made = tokens.make_token(user)
        expiry = serializers.DateTimeField().to_representation(made.expiry)
        return Response({"token": made.key, "expiry": expiry})
