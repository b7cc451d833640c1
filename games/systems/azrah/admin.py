"""The Django admin of AZRAH's catalog rows: Guardians and Transformations, and the shared
Curse and Item cards, each checked by the catalog file's own rules (``catalog``) with the
shared ``EntryForm``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django.contrib import admin

from games.admin import EntryForm
from games.catalogs.reading import Problems

from . import catalog as catalog_file
from .models import Guardian, SharedCard

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin
else:
    from games.admin import ModelAdmin  # Django's, made subscriptable


class GuardianForm(EntryForm):
    renames: ClassVar[dict[str, str]] = {"id": "card_id"}
    normalised = ("range_arrows",)

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        data = {
            field: self.value(self.renames.get(field, field))
            for field in catalog_file.GUARDIAN_FIELDS
        }
        data["base_form"] = data["base_form"] or None
        result = catalog_file.check_guardian(problems, self.label, data)
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
        data = {
            field: self.value(self.renames.get(field, field))
            for field in catalog_file.SHARED_FIELDS
        }
        result = catalog_file.check_shared_card(problems, self.label, data)
        catalog = self.catalog()
        creator = data["creator"]
        if catalog and creator and not catalog.guardians.filter(name=creator).exists():
            problems.add(self.label, "creator", f"{creator!r} is not a Guardian in this catalog")
        return result


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
