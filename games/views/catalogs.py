"""Catalog pages: every catalog by game, one catalog's entries (searchable), its JSON export,
and an upload for staff.

The views only translate HTTP: reading and writing catalogs is games.catalogs' work
(import_catalog checks the whole file and writes nothing when anything is wrong).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods

from games.catalogs import CatalogError, CatalogProblem, export_catalog, import_catalog
from games.catalogs.service import dump_catalog, entry_counts, find_catalog, version_key
from games.limits import limit_named, size_text
from games.models import CATALOG_SYSTEMS, Card, Catalog, Guardian, SharedCard, Unit
from games.strict_json import read_json
from games.views.htmx import HtmxHttpRequest
from referee.rules import SYSTEMS


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
    groups = {system: GameGroup(system, SYSTEMS[system].name) for system in CATALOG_SYSTEMS}
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


@dataclass
class Section:
    """One kind of entry on a catalog page: units of a faction, cards, Guardians..."""

    key: str
    title: str
    kind: str  # which template part draws the entries: unit, card, guardian, shared
    entries: list[Any]
    total: int


def _words(*parts: object) -> str:
    return " ".join(str(part) for part in parts if part not in (None, "")).lower()


def _unit_text(unit: Unit) -> str:
    return _words(
        unit.name,
        unit.slug,
        unit.faction.name,
        unit.tier_label,
        unit.armor,
        " ".join(unit.weapons),
        " ".join(unit.keywords),
        "magical" if unit.magical else "",
        "unique" if unit.unique else "",
        " ".join(ability.name for ability in unit.abilities.all()),
    )


def _card_text(card: Card) -> str:
    return _words(card.card_id, card.name, card.type, card.element, card.text)


def _guardian_text(guardian: Guardian) -> str:
    abilities = [guardian.emergence or {}, *guardian.abilities]
    return _words(
        guardian.card_id,
        guardian.name,
        guardian.kind,
        guardian.base_form,
        " ".join(str(ability.get("name", "")) for ability in abilities),
        " ".join(str(ability.get("text", "")) for ability in abilities),
    )


def _shared_text(card: SharedCard) -> str:
    return _words(card.card_id, card.name, card.kind, card.creator, card.text)


def _matches(text: str, words: list[str]) -> bool:
    return all(word in text for word in words)


def _sections(catalog: Catalog, query: str) -> list[Section]:
    """The catalog's entries in file order, keeping those whose text holds every word of
    ``query`` (name, ID, faction, tier, keywords, ability names, card text)."""
    words = query.lower().split()
    sections: list[Section] = []
    if catalog.system == "azeroth":
        units = list(catalog.units.select_related("faction").prefetch_related("abilities"))
        for faction in catalog.factions.all():
            own = [unit for unit in units if unit.faction_id == faction.pk]
            shown = [unit for unit in own if _matches(_unit_text(unit), words)]
            sections.append(Section(faction.slug, faction.name, "unit", shown, len(own)))
    elif catalog.system == "azuki":
        cards = list(catalog.cards.all())
        shown_cards = [card for card in cards if _matches(_card_text(card), words)]
        sections.append(Section("cards", "Cards", "card", shown_cards, len(cards)))
    else:
        guardians = list(catalog.guardians.all())
        shown_guardians = [g for g in guardians if _matches(_guardian_text(g), words)]
        sections.append(
            Section("guardians", "Guardians", "guardian", shown_guardians, len(guardians))
        )
        shared = list(catalog.shared_cards.all())
        shown_shared = [card for card in shared if _matches(_shared_text(card), words)]
        sections.append(
            Section("shared", "Curse and Item cards", "shared", shown_shared, len(shared))
        )
    return sections


def _get_catalog(system: str, slug: str, version: str | None = None) -> Catalog:
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
    sections = _sections(catalog, query)
    context = {
        "catalog": catalog,
        "game": SYSTEMS[catalog.system].name if catalog.system in SYSTEMS else catalog.system,
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
