"""Batch validation over the API: start a job, poll its progress, fetch its results.

``POST /api/batches/`` takes either a multipart upload (``file``: a ZIP of ``.txt`` / ``.json``
lists or one JSON array, plus ``system`` and the options as form fields) or a JSON body
``{"system", "lists": [...], "options": {...}}``, and answers 202 with the job's id and URLs.
``GET /api/batches/<id>/`` answers the job's status, progress and result rows (so far);
``GET /api/batches/<id>/results.csv`` the rows as CSV.

Job ids are random UUIDs: whoever holds the id may read the job (an organiser shares it with
the players); nobody can list or guess them. Starting a job needs no account.
"""

from __future__ import annotations

import copy
import csv
import io
from collections.abc import Mapping
from typing import Any

from django.http import Http404, HttpResponse, JsonResponse
from django.urls import reverse as url_reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import registry, throttles
from games.batches.reading import Limits, UploadError, read_array, read_upload
from games.batches.service import (
    BatchInputError,
    NotRetryable,
    QueueUnavailable,
    find_job,
    game_option_fields,
    option_fields,
    retry_batch,
    row_problems,
    start_batch,
)
from games.fields import StrictSerializer
from games.limits import Limit, size_text
from games.models import BatchJob

from .parsers import BoundedJSONParser, BoundedMultiPartParser
from .serializers import TOO_MANY, BadRequestSerializer, DetailSerializer

BATCHES = "Batch validation"
LIMITS = Limits.from_settings()  # as configured when the schema is made
SYSTEMS = tuple(registry.list_games())  # the API is loaded once the games are
OPTION_FIELDS = option_fields()
FORM_FIELDS = {"system", "file", *OPTION_FIELDS}
CSV_COLUMNS = ("name", "valid", "errors", "warnings", "first_problem")


class BatchJSONParser(BoundedJSONParser):
    """JSON with the upload's size cap (a thousand lists is more than the odds' 64 KiB), and
    the JSON values an upload may hold."""

    limit = "BATCH_UPLOAD_MAX_BYTES"

    def most_values(self) -> Limit:
        return Limit(bytes=Limits.from_settings().values, setting="BATCH_MAX_LISTS x 100")


class BatchMultiPartParser(BoundedMultiPartParser):
    """A form with the upload: the same cap, checked before the form is read."""

    limit = "BATCH_UPLOAD_MAX_BYTES"


# --- Documentation-only serializers -----------------------------------------------------


Field = serializers.Field[Any, Any, Any, Any]
UPLOAD_OPTIONS: dict[str, Field] = game_option_fields(lambda fields: fields.upload)
JSON_OPTIONS: dict[str, Field] = game_option_fields(lambda fields: fields.json)
"""The options the list games' batches take, as the API asks for them (``batch_fields``)."""


def _fields(fields: dict[str, Field]) -> dict[str, Field]:
    """Fresh copies of ``fields``, made in order now: a serializer orders its fields by when
    they were made, so these come where they are put among its own."""
    return {key: copy.deepcopy(field) for key, field in fields.items()}


DEFAULTED = "Empty or null: the default."

BatchUploadSerializer: type[serializers.Serializer[Any]] = type(
    "BatchUploadSerializer",
    (serializers.Serializer,),
    {
        "__doc__": "A multipart upload.",
        "__module__": __name__,
        "file": serializers.FileField(
            help_text=(
                "A ZIP of .txt or .json lists (folders inside are fine), or one JSON array of "
                f"lists. At most {LIMITS.lists} lists and {size_text(LIMITS.upload_bytes)} (the "
                "settings BATCH_MAX_LISTS and BATCH_UPLOAD_MAX_BYTES)."
            )
        ),
        "system": serializers.ChoiceField(choices=SYSTEMS),
        **_fields(UPLOAD_OPTIONS),
        "catalog": serializers.CharField(
            required=False, help_text="Catalog slug (default: the system's default catalog)."
        ),
        "catalog_version": serializers.CharField(required=False, help_text="Default: the newest."),
    },
)

BatchOptionsSerializer: type[StrictSerializer] = type(
    "BatchOptionsSerializer",
    (StrictSerializer,),
    {
        "__doc__": "Options of a JSON body; each left out, empty or null takes its default.",
        "__module__": __name__,
        **_fields(JSON_OPTIONS),
        "catalog": serializers.CharField(
            required=False, allow_blank=True, allow_null=True, max_length=60, help_text=DEFAULTED
        ),
        "catalog_version": serializers.CharField(
            required=False, allow_blank=True, allow_null=True, max_length=60, help_text=DEFAULTED
        ),
    },
)


class BatchJSONRequestSerializer(StrictSerializer):
    """A JSON body."""

    system = serializers.ChoiceField(choices=SYSTEMS)
    lists = serializers.ListField(
        child=serializers.JSONField(),
        help_text=(
            'Each item is a list\'s export JSON ("format": '
            + " / ".join(f'"{game.format_tag}"' for game in registry.list_games().values())
            + '; an optional "name" labels it) or {"name", "text"}. Any other item is checked '
            "too: its row says why it cannot be read, and the rest go on."
        ),
    )
    options = BatchOptionsSerializer(
        required=False, allow_null=True, help_text="Left out or null: every default."
    )


class BatchProblemSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="The problem's code, as first_code's.")
    severity = serializers.ChoiceField(choices=["error", "warning"])
    message = serializers.CharField()


class BatchRowSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    valid = serializers.BooleanField()
    errors = serializers.IntegerField(  # type: ignore[assignment]  # a field named "errors"
        help_text="How many errors the list has."
    )
    warnings = serializers.IntegerField(help_text="How many warnings the list has.")
    first_problem = serializers.CharField(help_text="The first error, else the first warning.")
    first_code = serializers.CharField(
        help_text="Its code (lists' problem codes; 'unreadable_list' for a file that could not "
        "be read, 'invalid_list' for JSON whose fields are wrong, 'check_failed' for a list "
        "the checker could not finish)."
    )
    problems = BatchProblemSerializer(
        many=True, help_text="Every problem of the list: its errors, then its warnings."
    )


class BatchCatalogSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField(allow_null=True)
    version = serializers.CharField()


class BatchJobSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    system = serializers.ChoiceField(choices=SYSTEMS)
    catalog = BatchCatalogSerializer()
    options = BatchOptionsSerializer()
    source_name = serializers.CharField()
    status = serializers.ChoiceField(choices=BatchJob.Status.values)
    total = serializers.IntegerField()
    done = serializers.IntegerField()
    progress = serializers.FloatField(help_text="done / total, from 0 to 1.")
    valid_count = serializers.IntegerField()
    error = serializers.CharField(help_text="Why a failed job stopped.")
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)
    url = serializers.URLField()
    csv_url = serializers.URLField()
    page_url = serializers.URLField()
    results = BatchRowSerializer(many=True, help_text="One row per list checked so far.")


# --- Plain functions ----------------------------------------------------------------------


def job_body(job: BatchJob, request: Request | None = None) -> dict[str, Any]:
    """The job as the API shows it."""

    def absolute(url: str) -> str:
        return request.build_absolute_uri(url) if request is not None else url

    results = [{**row, "problems": row_problems(row)} for row in job.results]
    return {
        "id": str(job.id),
        "system": job.system,
        "catalog": {
            "slug": job.catalog.slug if job.catalog is not None else None,
            "version": job.catalog_version,
        },
        "options": job.options,
        "source_name": job.source_name,
        "status": job.status,
        "total": job.total,
        "done": job.done,
        "progress": round(job.done / job.total, 4) if job.total else 1.0,
        "valid_count": sum(1 for row in results if row.get("valid")),
        "error": job.error,
        "created": job.created.isoformat(),
        "finished": job.finished.isoformat() if job.finished else None,
        "url": absolute(url_reverse("api:batch", args=[job.id])),
        "csv_url": absolute(url_reverse("api:batch-csv", args=[job.id])),
        "page_url": absolute(url_reverse("batch", args=[job.id])),
        "results": results,
    }


def _safe_cell(value: object) -> object:
    """A cell a spreadsheet will not run as a formula (names come from uploads)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _problems_cell(row: Mapping[str, Any]) -> str:
    """Every problem of a row, one a line: ``error deck_size: The main deck has 48...``."""
    return "\n".join(
        f"{p['severity']} {p['code']}: {p['message']}" if p["code"] else p["message"]
        for p in row_problems(dict(row))
    )


def results_csv(job: BatchJob) -> str:
    """One row per list: name, valid (yes/no), error and warning counts, and every problem,
    one a line within the cell."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "valid", "errors", "warnings", "problems"])
    for row in job.results:
        writer.writerow(
            [
                _safe_cell(row.get("name", "")),
                "yes" if row.get("valid") else "no",
                row.get("errors", 0),
                row.get("warnings", 0),
                _safe_cell(_problems_cell(row)),
            ]
        )
    return out.getvalue()


def _form_request(request: Request) -> tuple[str, list[dict[str, Any]], dict[str, Any], str]:
    data: Any = request.data
    errors: dict[str, list[str]] = {}
    for key in sorted(set(data) - FORM_FIELDS):
        errors[key] = ["Unknown field."]
    system = str(data.get("system", ""))
    if not system:
        errors["system"] = ["This field is required."]
    elif system not in SYSTEMS:
        errors["system"] = [f"Choose one of {', '.join(SYSTEMS)}."]
    upload = request.FILES.get("file")
    lists: list[dict[str, Any]] = []
    limits = Limits.from_settings()
    if upload is None:
        errors["file"] = ["Upload a ZIP of lists or a JSON array of lists."]
    elif upload.size is not None and upload.size > limits.upload_bytes:
        errors["file"] = [f"The file is larger than {size_text(limits.upload_bytes)}."]
    elif system in SYSTEMS:
        try:
            raw = upload.read(limits.upload_bytes + 1)
            lists = read_upload(raw, system, upload.name or "", limits)
        except UploadError as error:
            errors["file"] = [error.message]
    if errors:
        raise ValidationError(errors)
    options = {key: data[key] for key in OPTION_FIELDS if data.get(key) not in (None, "")}
    return system, lists, options, (upload.name or "") if upload else ""


def _json_request(data: object) -> tuple[str, list[dict[str, Any]], dict[str, Any], str]:
    if not isinstance(data, Mapping):
        raise ValidationError({"body": ["Expected a JSON object with 'system' and 'lists'."]})
    errors: dict[str, list[str]] = {}
    for key in sorted(set(data) - {"system", "lists", "options"}):
        errors[str(key)] = ["Unknown field."]
    system = data.get("system")
    if system is None:
        errors["system"] = ["This field is required."]
    elif system not in SYSTEMS:
        errors["system"] = [f"Choose one of {', '.join(SYSTEMS)}."]
    options = data.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        errors["options"] = ["Expected an object."]
        options = {}
    for key, field in JSON_OPTIONS.items():
        value = options.get(key)
        number = isinstance(value, int) and not isinstance(value, bool)
        if isinstance(field, serializers.IntegerField) and value is not None and not number:
            # JSON has numbers: the text of one is only a form's
            errors[f"options.{key}"] = ["Enter a whole number."]
    lists: list[dict[str, Any]] = []
    raw_lists = data.get("lists")
    if raw_lists is None:
        errors["lists"] = ["This field is required."]
    elif isinstance(system, str) and system in SYSTEMS:
        try:
            lists = read_array(raw_lists, system)
        except UploadError as error:
            errors["lists"] = [error.message]
        else:
            if not lists:
                errors["lists"] = ["Give at least one list."]
    if errors:
        raise ValidationError(errors)
    return str(system), lists, dict(options), ""


def start_batch_response(request: Request) -> BatchJob:
    """Read the request (multipart or JSON), start the job; ValidationError for bad input."""
    multipart = request.content_type.startswith(("multipart/", "application/x-www-form"))
    if multipart:
        system, lists, options, source = _form_request(request)
    else:
        system, lists, options, source = _json_request(request.data)
    try:
        return start_batch(
            system=system, lists=lists, options=options, source_name=source, owner=request.user
        )
    except BatchInputError as error:
        problems = error.problems
        if multipart:  # the form names its options at the top level
            problems = {key.removeprefix("options."): value for key, value in problems.items()}
        raise ValidationError(problems) from None


# --- Views ----------------------------------------------------------------------------------


EXAMPLE_JOBS = [
    OpenApiExample(example.name, value={"system": slug, **example.value}, request_only=True)
    for slug, game in registry.list_games().items()
    if (example := game.batch_example) is not None
]
"""A batch of lists: each list game's example (``batch_example``), if it gives one."""


UNAVAILABLE = OpenApiResponse(
    DetailSerializer,
    description="The task queue does not answer: nothing was saved; try again after the "
    "Retry-After header's seconds.",
)


class BatchesView(APIView):
    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = (BatchJSONParser, BatchMultiPartParser)

    @extend_schema(
        operation_id="batches_start",
        tags=[BATCHES],
        summary="Start checking many lists",
        description=(
            "Upload many lists of one game at once: a multipart form with 'file' (a ZIP of "
            ".txt or .json lists, or a JSON array of lists), 'system' and the options as form "
            "fields; or a JSON body {system, lists, options}. The lists are checked by a "
            "background task; the 202 answer carries the job's id and the URLs to poll. A "
            "list that cannot be read (not UTF-8, bad JSON, a path leaving the archive, "
            "another game's list) becomes a result row saying why; an upload that cannot be "
            "read at all is a 400. The job id is the only key: anyone holding it can read the "
            "job, so share it with the players."
        ),
        request={
            "multipart/form-data": BatchUploadSerializer,
            "application/json": BatchJSONRequestSerializer,
        },
        responses={
            202: BatchJobSerializer,
            400: OpenApiResponse(BadRequestSerializer, description="Bad input, every field named."),
            413: OpenApiResponse(
                BadRequestSerializer,
                description="The body is larger than BATCH_UPLOAD_MAX_BYTES (20 MiB unless set).",
            ),
            429: TOO_MANY,
            503: UNAVAILABLE,
        },
        examples=EXAMPLE_JOBS,
    )
    def post(self, request: Request) -> Response:
        seconds = throttles.take([throttles.by_user_or_address(throttles.BATCH, request)])
        if seconds is not None:
            raise throttles.Refused(seconds)
        try:
            job = start_batch_response(request)
        except QueueUnavailable as error:
            return unavailable(error)
        job.refresh_from_db()  # eager mode has already checked it
        return accepted(job, request)


def unavailable(error: QueueUnavailable) -> Response:
    return Response(
        {"detail": error.message},
        status=status.HTTP_503_SERVICE_UNAVAILABLE,
        headers={"Retry-After": str(error.retry_after)},
    )


def accepted(job: BatchJob, request: Request) -> Response:
    return Response(
        job_body(job, request),
        status=status.HTTP_202_ACCEPTED,
        headers={"Location": request.build_absolute_uri(url_reverse("api:batch", args=[job.id]))},
    )


EXAMPLE_JOB_ID = "5d0c9f3e-7b21-4e6a-9c55-2f8a1e4b7c90"
JOB_ID = OpenApiParameter(
    "job_id",
    OpenApiTypes.UUID,
    OpenApiParameter.PATH,
    description="The job's id, as POST /api/batches/ answered it.",
    examples=[OpenApiExample("A job", value=EXAMPLE_JOB_ID)],
)


class BatchView(APIView):
    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = (BoundedJSONParser,)

    @extend_schema(
        operation_id="batches_read",
        tags=[BATCHES],
        parameters=[JOB_ID],
        summary="A batch job's progress and results",
        description=(
            "Status (pending, running, done, failed), how many lists are checked of how many "
            "(progress from 0 to 1), and one result row per list checked so far. Poll about "
            "once a second until the status is done or failed. A job never stays running or "
            "pending for good: when its worker has been silent for BATCH_HEARTBEAT_TIMEOUT "
            "seconds (45 unless set), or no worker took it within BATCH_QUEUE_TIMEOUT (10 "
            "minutes), it is failed, and 'error' says where it stopped."
        ),
        responses={200: BatchJobSerializer, 404: DetailSerializer},
    )
    def get(self, request: Request, job_id: str) -> Response:
        return Response(job_body(_job(job_id), request))

    @extend_schema(
        operation_id="batches_check_again",
        tags=[BATCHES],
        parameters=[JOB_ID],
        summary="Check a failed batch again",
        description=(
            "A failed job (its worker was lost, or the queue did not take it) starts over: "
            "pending again, its rows cleared, then checked by a worker. 202 with the job; 409 "
            "when the job has not failed."
        ),
        request=None,
        responses={
            202: BatchJobSerializer,
            404: DetailSerializer,
            409: DetailSerializer,
            503: UNAVAILABLE,
        },
    )
    def post(self, request: Request, job_id: str) -> Response:
        job = _job(job_id)
        try:
            job = retry_batch(job)
        except NotRetryable as error:
            return Response({"detail": error.message}, status=status.HTTP_409_CONFLICT)
        except QueueUnavailable as error:
            return unavailable(error)
        job.refresh_from_db()  # eager mode has already checked it
        return accepted(job, request)


def _job(job_id: str) -> BatchJob:
    job = find_job(job_id)
    if job is None:
        raise Http404("No batch job has this id.")
    return job


class CsvRenderer(BaseRenderer):
    """Passes the CSV text through; an error body becomes its one sentence."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if isinstance(data, Mapping):
            data = str(data.get("detail", ""))
        return str(data).encode(self.charset)


class FirstRenderer(BaseContentNegotiation):
    """The CSV whatever the client's Accept header says (a download, not a negotiation)."""

    def select_parser(self, request: Request, parsers: Any) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: Any, format_suffix: Any = None) -> Any:
        return (renderers[0], renderers[0].media_type)


class BatchCsvView(APIView):
    authentication_classes = ()
    permission_classes = (AllowAny,)
    renderer_classes = (CsvRenderer,)
    content_negotiation_class = FirstRenderer

    @extend_schema(
        operation_id="batches_results_csv",
        tags=[BATCHES],
        parameters=[JOB_ID],
        summary="A batch job's results as CSV",
        description=(
            "Columns: name, valid (yes/no), errors, warnings, first problem; one row per list "
            "checked so far, in upload order."
        ),
        responses={
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The CSV file."),
            (404, "application/json"): OpenApiResponse(
                DetailSerializer, description="No such job: the API's JSON error, not a CSV."
            ),
        },
    )
    def get(self, request: Request, job_id: str) -> HttpResponse:
        job = BatchJob.objects.filter(pk=job_id).first()
        if job is None:
            return JsonResponse({"detail": "No batch job has this id."}, status=404)
        response = Response(results_csv(job))
        response["Content-Disposition"] = f'attachment; filename="batch-{job.id}.csv"'
        return response
