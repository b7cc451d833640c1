"""Batch validation pages: /batches/ (upload many lists) and /batches/<id>/ (progress, then
the results table with a CSV download; a failed job offers "Check again", a POST to its page).

The views only read the form and call games.batches; the checking itself is the Celery task.
An htmx request for a job's page gets the status partial only, which polls itself about once
a second while the job runs and stops once it is done.
"""

from __future__ import annotations

import copy
from typing import Any
from uuid import UUID

from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods

from games import registry, throttles
from games.batches.reading import Limits, UploadError, read_upload
from games.batches.service import (
    BatchInputError,
    NotRetryable,
    QueueUnavailable,
    find_job,
    game_option_fields,
    retry_batch,
    row_problems,
    start_batch,
)
from games.limits import size_text
from games.models import BatchJob, Catalog


class BatchForm(forms.Form):
    system = forms.ChoiceField(widget=forms.RadioSelect)
    file = forms.FileField(label="Lists")
    catalog = forms.ChoiceField(required=False, help_text="Default: the game's newest catalog.")
    # then each option some list game's batches take (``ListGame.batch_fields``)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        games = registry.list_games()
        system = self.fields["system"]
        assert isinstance(system, forms.ChoiceField)
        system.choices = [(slug, game.lists_label) for slug, game in games.items()]
        system.initial = next(iter(games), None)
        limits = Limits.from_settings()
        self.fields["file"].help_text = (
            f"A ZIP of .txt or .json lists, or one JSON array of lists: up to {limits.lists} "
            f"lists, {size_text(limits.upload_bytes)}."
        )
        # only the list games' catalogs: no batch checks a catalog-only game's cards
        catalogs = Catalog.objects.filter(system__in=games).order_by("system", "slug", "version")
        field = self.fields["catalog"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "The game's default catalog")] + [
            (f"{c.system}/{c.slug}/{c.version}", f"{c.name} {c.version} ({c.system})")
            for c in catalogs
        ]
        asked = game_option_fields(lambda fields: fields.page)
        self.fields |= {key: copy.deepcopy(asks) for key, asks in asked.items()}
        self.game_options = tuple(asked)
        nouns = (noun for game in games.values() for noun in game.batch_fields.nouns)
        self.option_nouns = ("catalog", *dict.fromkeys(nouns))

    @property
    def options_open(self) -> bool:
        """Whether the options are shown open: one of them has a value or a problem."""
        fields = [self[key] for key in ("catalog", *self.game_options)]
        return any(field.errors for field in fields) or any(field.value() for field in fields)


def _options(form: BatchForm) -> dict[str, Any]:
    data = form.cleaned_data
    options: dict[str, Any] = {}
    if data["catalog"]:
        system, slug, version = data["catalog"].split("/", 2)
        if system != data["system"]:
            form.add_error("catalog", "This catalog is for another game.")
        options.update(catalog=slug, catalog_version=version)
    for key in form.game_options:
        if data.get(key) not in (None, ""):
            options[key] = data[key]
    return options


@require_http_methods(["GET", "HEAD", "POST"])
def batches(request: HttpRequest) -> HttpResponse:
    """The upload form; a good upload starts a job and goes to its page."""
    if request.method == "POST":
        seconds = throttles.take([throttles.by_user_or_address(throttles.BATCH, request)])
        if seconds is not None:
            what = "There have been too many batches sent from here."
            return throttles.refused_page(request, seconds, what)
    form = BatchForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        options = _options(form)
        upload = form.cleaned_data["file"]
        system = form.cleaned_data["system"]
        if not form.errors:
            try:
                limits = Limits.from_settings()
                raw = upload.read(limits.upload_bytes + 1)
                lists = read_upload(raw, system, upload.name or "", limits)
                job = start_batch(
                    system=system,
                    lists=lists,
                    options=options,
                    source_name=upload.name or "",
                    owner=request.user,
                )
            except UploadError as error:
                form.add_error("file", error.message)
            except BatchInputError as error:
                for path, problems in error.problems.items():
                    name = path.removeprefix("options.")
                    for message in problems:
                        form.add_error(name if name in form.fields else None, message)
            except QueueUnavailable as error:
                form.add_error(None, error.message)
                return _upload_page(request, form, 503, retry_after=error.retry_after)
            else:
                return HttpResponseRedirect(reverse("batch", args=[job.id]))
    return _upload_page(request, form, 400 if form.is_bound else 200)


def _upload_page(
    request: HttpRequest, form: BatchForm, status: int, retry_after: int | None = None
) -> HttpResponse:
    recent = BatchJob.objects.filter(owner=request.user) if request.user.is_authenticated else None
    context = {
        "form": form,
        "recent": recent[:10] if recent is not None else (),
        "retention_days": settings.BATCH_RETENTION_DAYS,
    }
    response = render(request, "batches/upload.html", context, status=status)
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def batch(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """A job's progress (polled while it runs), then its results; a POST checks a failed job
    again and comes back here."""
    job = find_job(job_id)
    if job is None:
        raise Http404("No batch job has this id.")
    if request.method == "POST":
        try:
            retry_batch(job)
        except NotRetryable as error:
            messages.info(request, error.message)
        except QueueUnavailable as error:
            messages.error(request, error.message)
        return HttpResponseRedirect(reverse("batch", args=[job.id]), status=303)
    results = [{**row, "problems": row_problems(row)} for row in job.results]
    finished = job.status in (BatchJob.Status.DONE, BatchJob.Status.FAILED)
    context = {
        "job": job,
        "system_name": (
            game.lists_label if (game := registry.list_games().get(job.system)) else job.system
        ),
        "finished": finished,
        "percent": round(100 * job.done / job.total) if job.total else 100,
        "valid_count": sum(1 for row in results if row.get("valid")),
        "invalid_count": sum(1 for row in results if not row.get("valid")),
        "results": results if finished else (),
        "csv_url": reverse("api:batch-csv", args=[job.id]),
        "api_url": reverse("api:batch", args=[job.id]),
    }
    template = "batches/job.html"
    if getattr(request, "htmx", False):
        template += "#status"
    response = render(request, template, context)
    patch_vary_headers(response, ("HX-Request",))
    return response
