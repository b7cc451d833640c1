"""Azeroth at War catalogs: factions with their composition limits (4.1), unit cards
(4.4-4.6, 9.2) and their abilities (8.3)."""

from __future__ import annotations

from django.db import models

from games.models.catalog import Catalog, enum_choices
from referee.rules.azeroth import units as engine
from referee.rules.azeroth.profiles import AbilityType, Armor, Tier, Weapon


class Faction(models.Model):
    """A faction of an Army Book. ``composition`` is
    ``{battle_size: {tier: {"min": n, "max": n}}}``; a battle size or tier left out has no
    limit."""

    catalog = models.ForeignKey(Catalog, on_delete=models.CASCADE, related_name="factions")
    position = models.PositiveIntegerField(default=0, help_text="Order in the catalog file.")
    slug = models.SlugField(max_length=60)
    name = models.CharField(max_length=120)
    composition = models.JSONField(default=dict, blank=True)

    class Meta:
        app_label = "games"
        ordering = ("catalog", "position", "pk")
        constraints = (
            models.UniqueConstraint(fields=["catalog", "slug"], name="faction_unique_slug"),
        )

    def __str__(self) -> str:
        return self.name

    def to_engine(self) -> engine.Faction:
        composition: dict[engine.BattleSize, dict[Tier, engine.TierLimit]] = {
            engine.BattleSize(size): {
                Tier(tier): engine.TierLimit(min=int(limit["min"]), max=int(limit["max"]))
                for tier, limit in tiers.items()
            }
            for size, tiers in self.composition.items()
        }
        return engine.Faction(slug=self.slug, name=self.name, composition=composition)


class Unit(models.Model):
    """A unit card: every stat of 4.4, equipment tags (4.5), keywords with their [X] (4.6).

    ``tiers`` is a list of one tier, or two for a dual-slot unit (4.1); ``weapons`` a list of
    weapon tags; ``keywords`` maps a keyword's name to its X (0 when it takes none).
    ``defense`` is None for a DEF of "-" (A9)."""

    catalog = models.ForeignKey(Catalog, on_delete=models.CASCADE, related_name="units")
    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="units")
    position = models.PositiveIntegerField(default=0, help_text="Order in the catalog file.")
    slug = models.SlugField(max_length=60)
    name = models.CharField(max_length=120)
    tiers = models.JSONField(default=list)
    points = models.PositiveIntegerField()
    mov = models.PositiveSmallIntegerField("MOV")
    atk = models.PositiveSmallIntegerField("ATK")
    skl = models.PositiveSmallIntegerField("SKL")
    strength = models.PositiveSmallIntegerField("STR")
    tgh = models.PositiveSmallIntegerField("TGH")
    defense = models.PositiveSmallIntegerField(
        "DEF", null=True, blank=True, help_text='Blank: "-".'
    )
    ini = models.PositiveSmallIntegerField("INI")
    wounds = models.PositiveSmallIntegerField("WND")
    armor = models.CharField(max_length=2, choices=enum_choices(Armor), default=Armor.MEDIUM.value)
    weapons = models.JSONField(default=list, blank=True)
    keywords = models.JSONField(default=dict, blank=True)
    ranged_str = models.PositiveSmallIntegerField("Ranged STR", null=True, blank=True)
    range = models.PositiveSmallIntegerField("range (inches)", null=True, blank=True)
    base_mm = models.PositiveSmallIntegerField("base (mm)", default=25)
    magical = models.BooleanField(default=False)
    unique = models.BooleanField(default=False, help_text="A named Hero: once per army (4.1).")

    class Meta:
        app_label = "games"
        ordering = ("catalog", "position", "pk")
        constraints = (
            models.UniqueConstraint(fields=["catalog", "slug"], name="unit_unique_slug"),
        )

    def __str__(self) -> str:
        return self.name

    @property
    def tier_label(self) -> str:
        """ "Mounted + Elite", the way a unit card prints its tiers (4.1)."""
        return " + ".join(str(tier).capitalize() for tier in self.tiers)

    def to_engine(self) -> engine.Unit:
        return engine.Unit(
            slug=self.slug,
            name=self.name,
            faction=self.faction.slug,
            tiers=tuple(Tier(tier) for tier in self.tiers),
            points=self.points,
            mov=self.mov,
            atk=self.atk,
            skl=self.skl,
            strength=self.strength,
            tgh=self.tgh,
            defense=self.defense,
            ini=self.ini,
            wounds=self.wounds,
            armor=Armor(self.armor),
            weapons=tuple(Weapon(tag) for tag in self.weapons),
            keywords={str(name): int(x) for name, x in self.keywords.items()},
            ranged_str=self.ranged_str,
            range=self.range,
            base_mm=self.base_mm,
            magical=self.magical,
            unique=self.unique,
            abilities=tuple(ability.to_engine() for ability in self.abilities.all()),
        )


class Ability(models.Model):
    """An ability on a unit card: its 8.3 type, Mana cost (8.2) and range."""

    unit = models.ForeignKey(Unit, on_delete=models.CASCADE, related_name="abilities")
    position = models.PositiveIntegerField(default=0)
    name = models.CharField(max_length=120)
    type = models.CharField(max_length=20, choices=enum_choices(AbilityType))
    mana_cost = models.PositiveSmallIntegerField(default=0)
    range = models.PositiveSmallIntegerField(
        "range (inches)", null=True, blank=True, help_text="Blank: self or unlimited."
    )
    text = models.TextField(blank=True)

    class Meta:
        app_label = "games"
        ordering = ("unit", "position", "pk")
        verbose_name_plural = "abilities"

    def __str__(self) -> str:
        return self.name

    def to_engine(self) -> engine.Ability:
        return engine.Ability(
            name=self.name,
            type=AbilityType(self.type),
            mana_cost=self.mana_cost,
            range=self.range,
            text=self.text,
        )
