"""Azuki TCG's cards in the Django admin: each row checked as the catalog file's card it
stands for (``games.admin.EntryForm``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django.contrib import admin

from games.admin import EntryForm
from games.catalogs.reading import Problems

from . import catalog
from .models import Card

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin
else:
    from games.admin import ModelAdmin  # Django's, made subscriptable


class CardForm(EntryForm):
    renames: ClassVar[dict[str, str]] = {"id": "card_id"}

    def check_entry(self, problems: Problems) -> dict[str, Any]:
        data = {field: self.value(self.renames.get(field, field)) for field in catalog.CARD_FIELDS}
        result = catalog.check_card(problems, self.label, data)
        found = self.catalog()
        if found and data["id"]:
            others = found.cards.filter(card_id__iexact=data["id"]).exclude(pk=self.instance.pk)
            if others.exists():
                problems.add(self.label, "id", "another card of this catalog has this card ID")
        return result


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
