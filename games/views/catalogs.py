"""Catalog pages: every catalog by game, one catalog's entries (searchable), its JSON export,
and an upload for staff.

The views only translate HTTP: reading and writing catalogs is games.catalogs' work
(import_catalog checks the whole file and writes nothing when anything is wrong).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods

from games import registry
from games.catalogs import CatalogError, CatalogProblem, export_catalog, import_catalog
from games.catalogs.service import dump_catalog, entry_counts, find_catalog, version_key
from games.limits import limit_named, size_text
from games.models import Catalog
from games.strict_json import read_json
from games.views.htmx import HtmxHttpRequest


def _is_staff(request: HtmxHttpRequest) -> bool:
    return bool(request.user.is_authenticated and request.user.is_staff)


class CatalogUploadForm(forms.Form):
    file = forms.FileField(
        label="Catalog file (JSON)",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
        error_messages={"required": "Choose a catalog file to upload."},
    )
    replace = forms.BooleanField(
        label="Replace the existing version",
        required=False,
        help_text="Overwrite a catalog that has the same game, slug and version.",
    )

    def read_json(self) -> object:
        """The uploaded file's JSON, or CatalogError saying why it cannot be read."""
        upload = self.cleaned_data["file"]
        name = upload.name or "the file"
        limit = limit_named("CATALOG_UPLOAD_MAX_BYTES")
        if upload.size is not None and upload.size > limit.bytes:
            message = f"is larger than {size_text(limit.bytes)}, the most taken ({limit.setting})"
        else:
            try:
                return read_json(upload.read(limit.bytes + 1).decode("utf-8"))
            except UnicodeDecodeError:
                message = "is not UTF-8 text"
            except json.JSONDecodeError as error:
                message = (
                    f"is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
                )
            except ValueError as error:
                message = f"is not valid JSON: {error}"
        raise CatalogError([CatalogProblem(name, "", message)])


@dataclass
class CatalogRow:
    catalog: Catalog
    counts: str
    url: str


@dataclass
class GameGroup:
    system: str
    name: str
    catalogs: list[CatalogRow] = field(default_factory=list)


def catalog_url(catalog: Catalog) -> str:
    return reverse("catalog-detail", args=[catalog.system, catalog.slug, catalog.version])


def _groups() -> list[GameGroup]:
    groups = {slug: GameGroup(slug, game.name) for slug, game in registry.catalog_games().items()}
    catalogs = sorted(
        Catalog.objects.all(),
        key=lambda c: (c.system, c.name.lower(), c.slug, version_key(c.version)),
    )
    for catalog in catalogs:
        if catalog.system in groups:
            groups[catalog.system].catalogs.append(
                CatalogRow(catalog, entry_counts(catalog), catalog_url(catalog))
            )
    return list(groups.values())


@require_http_methods(["GET", "HEAD", "POST"])
def catalog_list(request: HtmxHttpRequest) -> HttpResponse:
    staff = _is_staff(request)
    problems: list[CatalogProblem] = []
    form = CatalogUploadForm() if staff else None
    status = 200
    if request.method == "POST":
        if not staff:
            raise PermissionDenied("Only staff can upload catalogs.")
        form = CatalogUploadForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                catalog = import_catalog(form.read_json(), replace=form.cleaned_data["replace"])
            except CatalogError as error:
                problems = error.problems
            else:
                return redirect(catalog_url(catalog) + "?imported=1")
        status = 400
    context = {
        "groups": _groups(),
        "staff": staff,
        "form": form,
        "problems": problems,
        "login_url": "/accounts/login/?next=" + reverse("catalogs"),
    }
    return render(request, "catalogs/list.html", context, status=status)


def _get_catalog(system: str, slug: str, version: str | None = None) -> Catalog:
    if system not in registry.catalog_games():
        raise Http404(f"There are no {system} catalogs.")
    try:
        return find_catalog(system, slug, version)
    except Catalog.DoesNotExist:
        where = f"{slug} version {version}" if version else slug
        raise Http404(f"There is no {system} catalog {where}.") from None


@require_GET
def catalog_newest(request: HttpRequest, system: str, slug: str) -> HttpResponse:
    """A catalog without a version: its newest version."""
    return redirect(catalog_url(_get_catalog(system, slug)))


@require_GET
def catalog_detail(request: HtmxHttpRequest, system: str, slug: str, version: str) -> HttpResponse:
    catalog = _get_catalog(system, slug, version)
    query = request.GET.get("q", "").strip()[:100]
    game = registry.catalog_game(catalog.system)
    sections = game.page_sections(catalog, query.lower().split())
    choice = urlencode({"catalog": f"{catalog.slug}:{catalog.version}"}, safe=":")
    tools = [(label, f"{reverse(name)}?{choice}") for label, name in game.catalog_tools]
    context = {
        "catalog": catalog,
        "game": game.name,
        "tools": tools,
        "counts": entry_counts(catalog),
        "sections": sections,
        "query": query,
        "shown": sum(len(section.entries) for section in sections),
        "total": sum(section.total for section in sections),
        "imported": request.GET.get("imported") == "1",
        "versions": sorted(
            Catalog.objects.filter(system=system, slug=slug).exclude(pk=catalog.pk),
            key=lambda c: version_key(c.version),
            reverse=True,
        ),
    }
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    template = "catalogs/detail.html#entries" if partial else "catalogs/detail.html"
    response = render(request, template, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_GET
def catalog_download(request: HttpRequest, system: str, slug: str, version: str) -> HttpResponse:
    """The catalog in the import format, as a file to save."""
    catalog = _get_catalog(system, slug, version)
    response = HttpResponse(
        dump_catalog(export_catalog(catalog)), content_type="application/json; charset=utf-8"
    )
    filename = f"{catalog.system}-{catalog.slug}-{catalog.version}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
