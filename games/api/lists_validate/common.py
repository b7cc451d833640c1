"""What the list validation endpoints share: reading a request body, finding the catalog,
the problems' bodies and the views' set-up."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar

from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import BODY
from games.fields import (
    StrictCharField,
    StrictSerializer,
    flatten_errors,
)
from referee.rules.errors import InvalidInput, RulesError
from referee.rules.lists import Problem, Report, Severity

from ...catalogs.service import check_catalog, default_catalog, find_catalog
from ...listgames import ListGame
from ...listgames.base import with_text_problems
from ...models import Catalog
from ...registry import starter_catalog
from ..parsers import BoundedJSONParser
from ..serializers import error_responses

Body = dict[str, Any]


T = TypeVar("T")
E = TypeVar("E")


MAX_TEXT = 20_000  # characters of pasted text: a 200-line list with long names fits


MAX_ENTRIES = 200  # lines of a list given as JSON (army_engine.MAX_LINES)


MAX_GUARDIANS = 100


MAX_PARTY_ROW = 10


MAX_CARD_STAT = 99


MAX_ROSTER_CARDS = 99


MAX_KEY = 200  # characters of a name, slug or card ID


def _validated(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        kind = "a list" if isinstance(data, list) else type(data).__name__
        if data is None:
            kind = "null"
        elif isinstance(data, str):
            kind = "a string"
        elif isinstance(data, bool):
            kind = "a boolean"
        elif isinstance(data, int | float):
            kind = "a number"
        raise serializers.ValidationError({BODY: [f"Expected a JSON object, but got {kind}."]})
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise serializers.ValidationError(flatten_errors(serializer.errors))
    return dict(serializer.validated_data)


def _engine(call: Callable[[], T]) -> T:
    """Run an engine call; its shape errors (InvalidInput) become a 400 naming each field."""
    try:
        return call()
    except InvalidInput as exc:
        raise serializers.ValidationError(
            {path or BODY: [str(m) for m in messages] for path, messages in exc.problems.items()}
        ) from None
    except RulesError as exc:
        raise serializers.ValidationError({exc.field or BODY: [exc.message]}) from None


def _bad(path: str, message: str) -> serializers.ValidationError:
    return serializers.ValidationError({path: [message]})


class CatalogChoiceSerializer(StrictSerializer):
    """Which catalog the list is checked against."""

    slug = StrictCharField(max_length=60, help_text="The catalog's slug, e.g. 'starter'.")
    version = StrictCharField(
        max_length=20,
        required=False,
        allow_null=True,
        default=None,
        help_text="A version such as '1.0'; omit or null for the newest.",
    )


CATALOG_HELP = (
    "The catalog to check against: {slug, version}. Omit it for the default catalog (the "
    "newest version of the catalog updated last; the starter catalog on a fresh install)."
)


def _catalog(system: str, ref: Mapping[str, Any] | None) -> Catalog | None:
    """The catalog named by ``ref``, or the default one; a name that finds none is a 400."""
    if ref is None:
        return default_catalog(system)
    slug, version = ref["slug"], ref.get("version")
    try:
        return find_catalog(system, slug, version)
    except Catalog.DoesNotExist:
        versions = sorted(
            Catalog.objects.filter(system=system, slug=slug).values_list("version", flat=True)
        )
        if versions and version is not None:
            raise _bad(
                "catalog.version",
                f"The {system} catalog {slug!r} has no version {version!r}; it has "
                f"{', '.join(versions)}.",
            ) from None
        known = sorted(set(Catalog.objects.filter(system=system).values_list("slug", flat=True)))
        hint = f" Known: {', '.join(known)}." if known else " No catalog is loaded yet."
        raise _bad("catalog.slug", f"There is no {system} catalog {slug!r}.{hint}") from None


def catalog_body(catalog: Catalog | None) -> Body | None:
    if catalog is None:
        return None
    return {
        "system": catalog.system,
        "slug": catalog.slug,
        "version": catalog.version,
        "name": catalog.name,
        "demo": catalog.demo,
    }


def _number(value: object) -> int | float | str | None:
    if value is None or isinstance(value, int | float | str):
        return value
    return str(value)


def problem_body(problem: Problem) -> Body:
    return {
        "code": problem.code,
        "severity": problem.severity.value,
        "message": problem.message,
        "rule": problem.rule,
        "actual": _number(problem.actual),
        "limit": _number(problem.limit),
        "entries": list(problem.entries),
        "suggestions": list(problem.suggestions),
    }


def report_body(report: Report) -> Body:
    """``valid``, ``errors`` and ``warnings`` of any game's Report."""
    return {
        "valid": report.valid,
        "errors": [problem_body(p) for p in report.problems if p.severity is Severity.ERROR],
        "warnings": [problem_body(p) for p in report.problems if p.severity is Severity.WARNING],
    }


@extend_schema_field(
    {"anyOf": [{"type": "number"}, {"type": "string"}], "nullable": True},
)
class NumberOrTextField(serializers.Field):  # type: ignore[type-arg]
    def to_representation(self, value: Any) -> Any:
        return value


class ListProblemSerializer(serializers.Serializer[Any]):
    """One problem with the list: stable code, severity, message, rule and the numbers."""

    code = serializers.CharField(
        help_text="Stable code other tools can rely on, e.g. over_points, tier_max, "
        "too_many_copies, roster_size, unknown_entry, unreadable_line."
    )
    severity = serializers.ChoiceField(choices=[s.value for s in Severity])
    message = serializers.CharField(help_text="A readable sentence.")
    rule = serializers.CharField(help_text="Rulebook section or ruling code, e.g. '4.1, A12'.")
    actual = NumberOrTextField(help_text="The number (or value) found; null when none.")
    limit = NumberOrTextField(help_text="The number (or value) allowed; null when none.")
    entries = serializers.ListField(
        child=serializers.CharField(),
        help_text="The units, card IDs, Guardians or 'line N' that cause it.",
    )
    suggestions = serializers.ListField(
        child=serializers.CharField(), help_text="Did-you-mean names, for unknown entries."
    )


class CatalogUsedSerializer(serializers.Serializer[Any]):
    """The catalog the list was checked against."""

    system = serializers.CharField()
    slug = serializers.CharField()
    version = serializers.CharField()
    name = serializers.CharField()
    demo = serializers.BooleanField(help_text="Demonstration content, not official game material.")


class ReportSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField(help_text="No errors (warnings allowed).")
    errors = ListProblemSerializer(many=True)  # type: ignore[assignment]
    warnings = ListProblemSerializer(many=True)


def _request(name: str, value: Body, summary: str) -> OpenApiExample:
    return OpenApiExample(name, value=value, summary=summary, request_only=True)


@cache
def _starter(system: str) -> tuple[Catalog, dict[str, Any]]:
    """The starter catalog of ``system`` read from its file, never from the database: the
    schema is built without one. An unsaved Catalog holds its header."""
    header, cleaned = check_catalog(json.loads(starter_catalog(system).read_text()))
    return Catalog(**header), cleaned


class StarterAnswer(OpenApiExample):
    """A 200 example: the answer to ``request`` against the starter catalog (the default
    catalog of a fresh install), worked out when the schema is built."""

    def __init__(
        self, name: str, request: Body, respond: Callable[[Body], Body], summary: str
    ) -> None:
        self._request = request
        self._respond = respond
        super().__init__(name, summary=summary, response_only=True, status_codes=["200"])

    @property
    def value(self) -> Body:
        return self._respond(self._request)

    @value.setter
    def value(self, _: Any) -> None:
        """Always computed; drf-spectacular's attempts to set it are ignored."""


def _bad_example(value: Body, summary: str) -> OpenApiExample:
    return OpenApiExample(
        "Bad input", value=value, summary=summary, response_only=True, status_codes=["400"]
    )


class ValidateView(APIView):
    """Shared set-up of the validation endpoints: open to any tool, JSON in, size-capped."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = (BoundedJSONParser,)


LISTS_TAG = "Lists"


NOTE = (
    " A list that breaks the rules is a 200 with valid false and every problem at once; a "
    "body of the wrong shape, or a catalog that does not exist, is a 400 naming each field."
)


def validate_view(
    *,
    operation_id: str,
    summary: str,
    description: str,
    request: type[serializers.Serializer[Any]],
    result: type[ReportSerializer],
    answer: Callable[[Any], Body],
    example: tuple[str, Body, str],
    text_example: tuple[Body, str],
    starter_answer: tuple[Callable[[Body], Body], str],
    bad_example: tuple[Body, str],
) -> type[ValidateView]:
    """A list's validation endpoint, documented as every one is: ``example`` (its name, its
    body, its summary) and the list as pasted text, the answer to ``example`` against the
    starter catalog, and a bad body's 400."""
    name, body, summary_of_example = example
    respond, answer_summary = starter_answer

    class View(ValidateView):
        @extend_schema(
            operation_id=operation_id,
            tags=[LISTS_TAG],
            summary=summary,
            description=description + NOTE,
            request=request,
            responses={200: result, **error_responses()},
            examples=[
                _request(name, body, summary_of_example),
                _request("Pasted text", *text_example),
                StarterAnswer("Answer", body, respond, answer_summary),
                _bad_example(*bad_example),
            ],
        )
        def post(self, request: Request) -> Response:
            return Response(answer(request.data))

    return View


def text_report(game: ListGame[Any, E], text: str, entries: E | None, **choices: Any) -> Report:
    """A pasted list read and checked by its list game, as every door reads it (R125): the
    problems of its lines in line order, then the whole list's."""
    engine_list, problems = game.read_text_with(text, entries, **choices)
    return with_text_problems(problems, game.check_with(engine_list, entries))


@cache
def _result_keys(serializer: type[ReportSerializer]) -> tuple[str, ...]:
    return tuple(serializer().fields)


def result_body(
    serializer: type[ReportSerializer], report: Report, catalog: Catalog | None, **values: Any
) -> Body:
    """A validation answer, its keys those of its result ``serializer``, the one place its
    shape is written (for the schema and here): every problem, the catalog used, and each
    other key from ``values`` or else from the report's totals."""
    body = report_body(report)
    for key in _result_keys(serializer):
        if key in body:
            continue
        if key == "catalog":
            body[key] = catalog_body(catalog)
        else:
            body[key] = values[key] if key in values else report.totals[key]
    return body
