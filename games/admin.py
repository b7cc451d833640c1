"""The Django admin for catalogs: browse, search and correct units and cards.

Whole catalogs come and go through the JSON import/export (``manage.py import_catalog``), which
checks every entry first; the admin is for looking things up and small corrections.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin

from .models import Ability, Card, Catalog, Faction, Guardian, SharedCard, Unit

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin, TabularInline
else:
    # django-stubs makes these generic, but Django's own classes cannot be subscripted.
    class ModelAdmin(admin.ModelAdmin):
        __class_getitem__ = classmethod(lambda cls, _params: cls)

    class TabularInline(admin.TabularInline):
        __class_getitem__ = classmethod(lambda cls, _params: cls)


@admin.register(Catalog)
class CatalogAdmin(ModelAdmin[Catalog]):
    list_display = ("name", "system", "slug", "version", "demo", "updated")
    list_filter = ("system", "demo")
    search_fields = ("name", "slug", "description")
    readonly_fields = ("created", "updated")


@admin.register(Faction)
class FactionAdmin(ModelAdmin[Faction]):
    list_display = ("name", "slug", "catalog")
    list_filter = ("catalog",)
    search_fields = ("name", "slug")


class AbilityInline(TabularInline[Ability, Unit]):
    model = Ability
    extra = 0
    fields = ("position", "name", "type", "mana_cost", "range", "text")


@admin.register(Unit)
class UnitAdmin(ModelAdmin[Unit]):
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
    list_display = ("name", "unit", "type", "mana_cost", "range")
    list_filter = ("type", "unit__catalog")
    search_fields = ("name", "unit__name", "text")
    list_select_related = ("unit",)


@admin.register(Card)
class CardAdmin(ModelAdmin[Card]):
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
    list_display = ("card_id", "name", "kind", "hit_points", "arrows", "base_form", "catalog")
    list_filter = ("catalog", "kind")
    search_fields = ("card_id", "name", "base_form")
    list_select_related = ("catalog",)

    @admin.display(description="range arrows")
    def arrows(self, guardian: Guardian) -> str:
        return ", ".join(str(arrow) for arrow in guardian.range_arrows)


@admin.register(SharedCard)
class SharedCardAdmin(ModelAdmin[SharedCard]):
    list_display = ("card_id", "name", "kind", "creator", "catalog")
    list_filter = ("catalog", "kind")
    search_fields = ("card_id", "name", "creator", "text")
    list_select_related = ("catalog",)
