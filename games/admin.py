"""The Django admin for catalogs: browse, search and correct units and cards.

Whole catalogs come and go through the JSON import/export (``manage.py import_catalog``), which
checks every entry first; the admin is for looking things up and small corrections. Its forms
check a row with the import's own rules, so the admin cannot store what a catalog file could
not hold (and what the rules engines would then choke on).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from .catalogs import CatalogError, azrah, azuki, check_catalog, export_catalog
from .catalogs.reading import Problems
from .catalogs.service import entry_counts
from .models import Card, Catalog, Guardian, SharedCard

if TYPE_CHECKING:
    # (each game's admin, in its package, takes these from here)
    from django.contrib.admin import ModelAdmin as ModelAdmin
    from django.contrib.admin import TabularInline as TabularInline
else:
    # django-stubs makes these generic, but Django's own classes cannot be subscripted.
    class ModelAdmin(admin.ModelAdmin):
        __class_getitem__ = classmethod(lambda cls, _params: cls)

    class TabularInline(admin.TabularInline):
        __class_getitem__ = classmethod(lambda cls, _params: cls)


class EntryForm(forms.ModelForm):  # type: ignore[type-arg]
    """A row checked as the catalog file's entry it stands for; each problem is shown on the
    form field it concerns."""

    label = "entry"
    # catalog-file field -> model field, where the names differ
    renames: ClassVar[dict[str, str]] = {}
    # fields the check puts in their stored form (keyword names as printed, arrows in order)
    normalised: ClassVar[tuple[str, ...]] = ()

    def value(self, field: str) -> Any:
        if field in self.cleaned_data:
            return self.cleaned_data[field]
        return getattr(self.instance, field, None)

    def catalog(self) -> Catalog | None:
        catalog = self.value("catalog")
        return catalog if isinstance(catalog, Catalog) else None

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        raise NotImplementedError

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned  # the field errors come first
        problems = Problems()
        result = self.check_entry(problems)
        for problem in problems.items:
            top = re.split(r"[.\[]", problem.field, maxsplit=1)[0]
            name = self.renames.get(top, top)
            if name in self.fields:
                # A problem inside a JSON field names where: "tiers[0]: ...".
                inside = problem.field != top
                self.add_error(
                    name, f"{problem.field}: {problem.message}" if inside else problem.message
                )
            else:
                prefix = f"{problem.field}: " if problem.field else ""
                self.add_error(None, prefix + problem.message)
        if not problems:
            for field in self.normalised:
                cleaned[field] = result[field]
        return cleaned


class CardForm(EntryForm):
    renames: ClassVar[dict[str, str]] = {"id": "card_id"}

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        data = {field: self.value(self.renames.get(field, field)) for field in azuki.CARD_FIELDS}
        result = azuki.check_card(problems, self.label, data)
        catalog = self.catalog()
        if catalog and data["id"]:
            others = catalog.cards.filter(card_id__iexact=data["id"]).exclude(pk=self.instance.pk)
            if others.exists():
                problems.add(self.label, "id", "another card of this catalog has this card ID")
        return result


class GuardianForm(EntryForm):
    renames: ClassVar[dict[str, str]] = {"id": "card_id"}
    normalised = ("range_arrows",)

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        data = {
            field: self.value(self.renames.get(field, field)) for field in azrah.GUARDIAN_FIELDS
        }
        data["base_form"] = data["base_form"] or None
        result = azrah.check_guardian(problems, self.label, data)
        catalog = self.catalog()
        if catalog is None:
            return result
        others = catalog.guardians.exclude(pk=self.instance.pk)
        if data["name"] and others.filter(name__iexact=data["name"]).exists():
            problems.add(self.label, "name", "another Guardian of this catalog has this name")
        base_form = data["base_form"]
        if base_form and not others.filter(kind=Guardian.GUARDIAN, name=base_form).exists():
            problems.add(
                self.label, "base_form", f"{base_form!r} is not a Guardian in this catalog"
            )
        return result


class SharedCardForm(EntryForm):
    renames: ClassVar[dict[str, str]] = {"id": "card_id"}

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        data = {field: self.value(self.renames.get(field, field)) for field in azrah.SHARED_FIELDS}
        result = azrah.check_shared_card(problems, self.label, data)
        catalog = self.catalog()
        creator = data["creator"]
        if catalog and creator and not catalog.guardians.filter(name=creator).exists():
            problems.add(self.label, "creator", f"{creator!r} is not a Guardian in this catalog")
        return result


@admin.register(Catalog)
class CatalogAdmin(ModelAdmin[Catalog]):
    list_display = ("name", "system", "slug", "version", "demo", "entries", "updated")
    list_filter = ("system", "demo")
    search_fields = ("name", "slug", "description")
    readonly_fields = ("created", "updated")
    actions = ("check_catalogs",)

    @admin.action(description="Check the selected catalogs as a whole")
    def check_catalogs(self, request: HttpRequest, catalogs: QuerySet[Catalog]) -> None:
        """Rows are checked one by one when saved; this checks what reaches across rows (a
        renamed Guardian a Transformation still names, say) by checking the catalog's export
        exactly as an import would."""
        for catalog in catalogs:
            try:
                check_catalog(export_catalog(catalog))
            except CatalogError as error:
                lines = "; ".join(str(problem) for problem in error.problems)
                self.message_user(request, f"{catalog}: {lines}", messages.ERROR)
            else:
                self.message_user(request, f"{catalog}: no problems.", messages.SUCCESS)

    @admin.display(description="entries")
    def entries(self, catalog: Catalog) -> str:
        return entry_counts(catalog)


@admin.register(Card)
class CardAdmin(ModelAdmin[Card]):
    form = CardForm
    list_display = (
        "card_id",
        "name",
        "type",
        "element",
        "ikz_cost",
        "gate_power",
        "attack",
        "health",
        "catalog",
    )
    list_filter = ("catalog", "type", "element")
    search_fields = ("card_id", "name", "text")
    list_select_related = ("catalog",)


@admin.register(Guardian)
class GuardianAdmin(ModelAdmin[Guardian]):
    form = GuardianForm
    list_display = ("card_id", "name", "kind", "hit_points", "arrows", "base_form", "catalog")
    list_filter = ("catalog", "kind")
    search_fields = ("card_id", "name", "base_form")
    list_select_related = ("catalog",)

    @admin.display(description="range arrows")
    def arrows(self, guardian: Guardian) -> str:
        return ", ".join(str(arrow) for arrow in guardian.range_arrows)


@admin.register(SharedCard)
class SharedCardAdmin(ModelAdmin[SharedCard]):
    form = SharedCardForm
    list_display = ("card_id", "name", "kind", "creator", "catalog")
    list_filter = ("catalog", "kind")
    search_fields = ("card_id", "name", "creator", "text")
    list_select_related = ("catalog",)
