"""Rune Age catalogs: every card the tracker needs, kept as the rules engine's own JSON
(``referee.rules.runeage.cards``), which checks it on import and reads it back."""

from __future__ import annotations

from django.db import models

from games.models import Catalog
from referee.rules.runeage import cards as engine


class RuneAgeCards(models.Model):
    """A Rune Age catalog's cards: races (Barracks units, strongholds, Monument), neutral
    card types, cities, gold cards, scenarios (objective, events) and dragon rune powers."""

    catalog = models.OneToOneField(Catalog, on_delete=models.CASCADE, related_name="runeage_cards")
    cards = models.JSONField(help_text="The cards as the Rune Age catalog file holds them.")

    class Meta:
        app_label = "games"  # its table and migrations stay the games app's
        verbose_name = "Rune Age cards"
        verbose_name_plural = "Rune Age cards"

    def __str__(self) -> str:
        return f"Cards of {self.catalog}"

    def to_engine(self) -> engine.Catalog:
        return engine.catalog_from_json(
            {**self.cards, "name": self.catalog.name, "demonstration": self.catalog.demo}
        )
