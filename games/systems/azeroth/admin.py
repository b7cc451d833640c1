"""The Django admin of Azeroth at War's catalog entries: factions, units and their abilities,
each row checked by the catalog file's own rules (``catalog``) through the shared
``EntryForm``."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from games.admin import EntryForm, ModelAdmin, TabularInline
from games.catalogs.reading import Problems

from . import catalog as catalog_file
from .models import Ability, Faction, Unit


class FactionForm(EntryForm):
    normalised = ("composition",)

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        data = {field: self.value(field) for field in catalog_file.FACTION_FIELDS}
        return catalog_file.check_faction(problems, self.label, data)


class UnitForm(EntryForm):
    normalised = ("keywords",)

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        faction, catalog = self.value("faction"), self.catalog()
        data = {
            field: self.value(field)
            for field in catalog_file.UNIT_FIELDS
            if field not in ("faction", "abilities")
        }
        data["faction"] = faction.slug if isinstance(faction, Faction) else ""
        slugs = set(catalog.factions.values_list("slug", flat=True)) if catalog else set()
        result = catalog_file.check_unit(problems, self.label, data, slugs)
        if isinstance(faction, Faction) and catalog and faction.catalog_id != catalog.pk:
            problems.add(self.label, "faction", "belongs to another catalog")
        if catalog and data["name"]:
            others = catalog.units.filter(name__iexact=data["name"]).exclude(pk=self.instance.pk)
            if others.exists():
                problems.add(self.label, "name", "another unit of this catalog has this name")
        return result


class AbilityForm(EntryForm):
    def check_entry(self, problems: Problems) -> dict[str, Any]:
        data = {field: self.value(field) for field in catalog_file.ABILITY_FIELDS}
        return catalog_file.check_ability(problems, self.label, data, "")


@admin.register(Faction)
class FactionAdmin(ModelAdmin[Faction]):
    form = FactionForm
    list_display = ("name", "slug", "catalog")
    list_filter = ("catalog",)
    search_fields = ("name", "slug")


class AbilityInline(TabularInline[Ability, Unit]):
    model = Ability
    form = AbilityForm
    extra = 0
    fields = ("position", "name", "type", "mana_cost", "range", "text")


@admin.register(Unit)
class UnitAdmin(ModelAdmin[Unit]):
    form = UnitForm
    list_display = (
        "name",
        "faction",
        "tier_label",
        "points",
        "mov",
        "atk",
        "skl",
        "strength",
        "tgh",
        "defense",
        "ini",
        "wounds",
        "armor",
        "magical",
        "unique",
        "catalog",
    )
    list_filter = ("catalog", "faction", "armor", "magical", "unique")
    search_fields = ("name", "slug")
    list_select_related = ("faction", "catalog")
    inlines = (AbilityInline,)

    @admin.display(description="tiers")
    def tier_label(self, unit: Unit) -> str:
        return unit.tier_label


@admin.register(Ability)
class AbilityAdmin(ModelAdmin[Ability]):
    form = AbilityForm
    list_display = ("name", "unit", "type", "mana_cost", "range")
    list_filter = ("type", "unit__catalog")
    search_fields = ("name", "unit__name", "text")
    list_select_related = ("unit",)
