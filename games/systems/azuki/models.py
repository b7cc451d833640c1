"""Azuki TCG catalogs: cards known by their card ID (Card Types, Stats; K3). The model is the
``games`` app's (its table and migrations are there), kept in the game's package."""

from __future__ import annotations

from django.db import models

from games.models.catalog import Catalog, enum_choices
from referee.rules.azuki.cards import Card as EngineCard
from referee.rules.azuki.cards import CardType, Element


class Card(models.Model):
    """One card. Two cards may share a name; the card ID tells them apart (K3). A stat the
    card's type does not have is None."""

    catalog = models.ForeignKey(Catalog, on_delete=models.CASCADE, related_name="cards")
    position = models.PositiveIntegerField(default=0, help_text="Order in the catalog file.")
    card_id = models.CharField("card ID", max_length=40)
    name = models.CharField(max_length=120)
    type = models.CharField(max_length=10, choices=enum_choices(CardType))
    element = models.CharField(max_length=10, choices=enum_choices(Element))
    ikz_cost = models.PositiveSmallIntegerField("IKZ cost", null=True, blank=True)
    gate_power = models.PositiveSmallIntegerField(null=True, blank=True)
    attack = models.PositiveSmallIntegerField(null=True, blank=True)
    health = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField(blank=True)

    class Meta:
        app_label = "games"
        ordering = ("catalog", "position", "pk")
        constraints = (
            models.UniqueConstraint(fields=["catalog", "card_id"], name="card_unique_id"),
        )

    def __str__(self) -> str:
        return f"{self.card_id} {self.name}"

    def to_engine(self) -> EngineCard:
        return EngineCard(
            id=self.card_id,
            name=self.name,
            type=CardType(self.type),
            element=Element(self.element),
            ikz_cost=self.ikz_cost,
            gate_power=self.gate_power,
            attack=self.attack,
            health=self.health,
            text=self.text,
        )
