"""Batch validation pages: /batches/ (upload many lists) and /batches/<id>/ (progress, then
the results table with a CSV download).

The views only read the form and call games.batches; the checking itself is the Celery task.
An htmx request for a job's page gets the status partial only, which polls itself about once
a second while the job runs and stops once it is done.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django import forms
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods, require_safe

from games.batches.reading import MAX_LISTS, MAX_UPLOAD_BYTES, UploadError, read_upload
from games.batches.service import BatchInputError, start_batch
from games.models import BatchJob, Catalog

SYSTEM_NAMES = {
    "azeroth": "Azeroth at War army lists",
    "azuki": "Azuki TCG decks",
    "azrah": "AZRAH rosters",
}


class BatchForm(forms.Form):
    system = forms.ChoiceField(
        choices=list(SYSTEM_NAMES.items()), widget=forms.RadioSelect, initial="azuki"
    )
    file = forms.FileField(
        label="Lists",
        help_text=(
            f"A ZIP of .txt or .json lists, or one JSON array of lists: up to {MAX_LISTS} "
            f"lists, {MAX_UPLOAD_BYTES // (1024 * 1024)} MiB."
        ),
    )
    catalog = forms.ChoiceField(required=False, help_text="Default: the game's newest catalog.")
    battle_size = forms.ChoiceField(
        required=False,
        choices=[
            ("", "Each list's own (else Standard)"),
            ("skirmish", "Skirmish"),
            ("standard", "Standard"),
            ("large", "Large Battle"),
        ],
        help_text="Azeroth at War only.",
    )
    points_limit = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=100_000,
        label="Agreed points limit",
        help_text="Azeroth at War only. Empty: each list's own, else the battle size's.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        catalogs = Catalog.objects.order_by("system", "slug", "version")
        field = self.fields["catalog"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "The game's default catalog")] + [
            (f"{c.system}/{c.slug}/{c.version}", f"{c.name} {c.version} ({c.system})")
            for c in catalogs
        ]


def _options(form: BatchForm) -> dict[str, Any]:
    data = form.cleaned_data
    options: dict[str, Any] = {}
    if data["catalog"]:
        system, slug, version = data["catalog"].split("/", 2)
        if system != data["system"]:
            form.add_error("catalog", "This catalog is for another game.")
        options.update(catalog=slug, catalog_version=version)
    if data.get("battle_size"):
        options["battle_size"] = data["battle_size"]
    if data.get("points_limit") is not None:
        options["points_limit"] = data["points_limit"]
    return options


@require_http_methods(["GET", "HEAD", "POST"])
def batches(request: HttpRequest) -> HttpResponse:
    """The upload form; a good upload starts a job and goes to its page."""
    form = BatchForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        options = _options(form)
        upload = form.cleaned_data["file"]
        system = form.cleaned_data["system"]
        if not form.errors:
            try:
                lists = read_upload(upload.read(MAX_UPLOAD_BYTES + 1), system, upload.name or "")
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
                for path, messages in error.problems.items():
                    name = path.removeprefix("options.")
                    for message in messages:
                        form.add_error(name if name in form.fields else None, message)
            else:
                return HttpResponseRedirect(reverse("batch", args=[job.id]))
    status = 400 if form.is_bound else 200
    recent = BatchJob.objects.filter(owner=request.user) if request.user.is_authenticated else None
    context = {"form": form, "recent": recent[:10] if recent is not None else ()}
    return render(request, "batches/upload.html", context, status=status)


@require_safe
def batch(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """A job's progress (polled while it runs), then its results."""
    job = get_object_or_404(BatchJob.objects.select_related("catalog"), pk=job_id)
    results: list[dict[str, Any]] = list(job.results)
    finished = job.status in (BatchJob.Status.DONE, BatchJob.Status.FAILED)
    context = {
        "job": job,
        "system_name": SYSTEM_NAMES.get(job.system, job.system),
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
