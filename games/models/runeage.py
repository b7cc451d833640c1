"""Rune Age catalogs: every card the tracker needs, kept as the rules engine's own JSON
(``referee.rules.runeage.cards``), which checks it on import and reads it back."""

from __future__ import annotations

from django.db import models

from referee.rules.runeage import cards as engine

from .catalog import Catalog


class RuneAgeCards(models.Model):
    """A Rune Age catalog's cards: races (Barracks units, strongholds, Monument), neutral
    card types, cities, gold cards, scenarios (objective, events) and dragon rune powers."""

    catalog = models.OneToOneField(Catalog, on_delete=models.CASCADE, related_name="runeage_cards")
    cards = models.JSONField(help_text="The cards as the Rune Age catalog file holds them.")

    class Meta:
        verbose_name = "Rune Age cards"
        verbose_name_plural = "Rune Age cards"

    def __str__(self) -> str:
        return f"Cards of {self.catalog}"

    def to_engine(self) -> engine.Catalog:
        return engine.catalog_from_json(
            {**self.cards, "name": self.catalog.name, "demonstration": self.catalog.demo}
        )
