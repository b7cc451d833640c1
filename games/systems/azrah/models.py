"""AZRAH: War of Heralds catalogs: Guardian and Transformation cards, and the shared Curse
and Item cards (Anatomy of a Card). Their tables are the ``games`` app's (``app_label``), as
they were before the game had a package of its own."""

from __future__ import annotations

from typing import Any

from django.db import models

from games.models.catalog import Catalog
from referee.rules.azrah import cards as engine


def _ability(data: dict[str, Any]) -> engine.GuardianAbility:
    return engine.GuardianAbility(
        name=str(data["name"]),
        mana=int(data.get("mana", 0)),
        gems=int(data.get("gems", 0)),
        text=str(data.get("text", "")),
        quick=bool(data.get("quick", False)),
        target_enemy=bool(data.get("target_enemy", False)),
        targets=int(data.get("targets", 1)),
    )


class Guardian(models.Model):
    """A Guardian card, or a Transformation card (``kind``) whose ``base_form`` names the
    Guardian it transforms. Abilities are ``{"name", "mana", "gems", "quick", "target_enemy",
    "targets", "text"}``: ``mana`` and ``gems`` are the activation cost in Mana and Celestial Gems,
    ``quick`` whether it may answer an enemy's ability, ``target_enemy`` whether its effect
    says "target enemy" (range arrows govern it), ``targets`` how many enemies it may
    announce (R112); older catalogs without them read false, and one target."""

    GUARDIAN = "guardian"
    TRANSFORMATION = "transformation"
    KINDS = ((GUARDIAN, "Guardian"), (TRANSFORMATION, "Transformation"))

    catalog = models.ForeignKey(Catalog, on_delete=models.CASCADE, related_name="guardians")
    position = models.PositiveIntegerField(default=0, help_text="Order in the catalog file.")
    card_id = models.CharField("card ID", max_length=40)
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=20, choices=KINDS, default=GUARDIAN)
    hit_points = models.PositiveSmallIntegerField()
    range_arrows = models.JSONField(
        default=list, help_text='Positions the arrows point at: "left", "centre", "right".'
    )
    emergence = models.JSONField(null=True, blank=True, help_text="The emergence ability.")
    abilities = models.JSONField(default=list, blank=True)
    base_form = models.CharField(
        max_length=120, blank=True, help_text="Transformations: the Guardian's name."
    )

    class Meta:
        app_label = "games"
        ordering = ("catalog", "position", "pk")
        constraints = (
            models.UniqueConstraint(fields=["catalog", "card_id"], name="guardian_unique_id"),
            models.UniqueConstraint(fields=["catalog", "name"], name="guardian_unique_name"),
        )

    def __str__(self) -> str:
        return self.name

    def to_engine(self) -> engine.Guardian:
        return engine.Guardian(
            id=self.card_id,
            name=self.name,
            hit_points=self.hit_points,
            range_arrows=tuple(engine.Position(arrow) for arrow in self.range_arrows),
            emergence=_ability(self.emergence) if self.emergence else None,
            abilities=tuple(_ability(ability) for ability in self.abilities),
            base_form=self.base_form or None,
        )


class SharedCard(models.Model):
    """A Curse or Item card from the shared pile, created by the Guardian it names."""

    CURSE = "curse"
    ITEM = "item"
    KINDS = ((CURSE, "Curse"), (ITEM, "Item"))

    catalog = models.ForeignKey(Catalog, on_delete=models.CASCADE, related_name="shared_cards")
    position = models.PositiveIntegerField(default=0, help_text="Order in the catalog file.")
    card_id = models.CharField("card ID", max_length=40)
    kind = models.CharField(max_length=10, choices=KINDS)
    name = models.CharField(max_length=120)
    creator = models.CharField(max_length=120, help_text="The Guardian that creates it.")
    text = models.TextField(blank=True)

    class Meta:
        app_label = "games"
        ordering = ("catalog", "position", "pk")
        constraints = (
            models.UniqueConstraint(fields=["catalog", "card_id"], name="shared_card_unique_id"),
        )

    def __str__(self) -> str:
        return self.name

    def to_engine(self) -> engine.SharedCard:
        return engine.SharedCard(
            id=self.card_id, name=self.name, kind=self.kind, creator=self.creator, text=self.text
        )
