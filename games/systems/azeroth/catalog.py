"""Azeroth at War catalog files: ``factions`` and ``units`` (4.1-4.6, 8.3, 9.2), and a
catalog as the rules engines see it (its units and factions by slug, ``ArmyCatalog``).

Stat ranges are the engines' own (``referee.rules.azeroth.profiles.LIMITS``), so a unit that
imports is a unit the odds calculator accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.catalogs.reading import (
    SLUG,
    Entry,
    Problems,
    check_unique,
    entry_label,
    one_of,
    section,
)
from games.models import Catalog
from referee.rules.azeroth import units as engine
from referee.rules.azeroth.profiles import LIMITS, AbilityType, Armor, Tier, Weapon
from referee.rules.azeroth.units import BattleSize

from .models import Ability, Faction, Unit

SECTIONS = ("factions", "units")

FACTION_FIELDS = ("slug", "name", "composition")
UNIT_FIELDS = (
    "slug",
    "name",
    "faction",
    "tiers",
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
    "weapons",
    "keywords",
    "ranged_str",
    "range",
    "base_mm",
    "magical",
    "unique",
    "abilities",
)
ABILITY_FIELDS = ("name", "type", "mana_cost", "range", "text")

# Ranges the engines do not define: a unit's points, movement and a range in inches.
POINTS = (0, 5000)
MOV = (0, 30)
RANGE = (1, 100)
TIER_SLOTS = (0, 99)
SLUG_HELP = "use lower-case letters, digits and single hyphens, like 'orc-grunt'"

# The keywords of 4.6 by their printed name; True when the keyword takes an [X]. Army Books
# may add others (4.6), so other names are accepted as they are written.
KEYWORDS: dict[str, bool] = {
    "Momentum": True,
    "Spell Block": False,
    "Decisive Blow": True,
    "Cleave": False,
    "Berserker": False,
    "Regeneration": True,
    "Stealth": False,
    "Fear": False,
    "Taunt": False,
    "Undead": False,
    "Mechanical": False,
    "Summon": True,
    "Disengage": False,
    "Fly": False,
    "Precision Shot": False,
}
_KEYWORD_BY_FOLDED = {name.casefold(): name for name in KEYWORDS}
KEYWORD_X = (1, max(LIMITS["momentum"][1], LIMITS["decisive_blow"][1]))


def check(data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    """Check the factions and units of a file; return them cleaned, ready to write."""
    factions = [
        check_faction(problems, entry_label("factions", i, item), item)
        for i, item in enumerate(section(problems, data, "factions"))
    ]
    faction_slugs = {faction["slug"] for faction in factions if faction["slug"]}
    units = [
        check_unit(problems, entry_label("units", i, item), item, faction_slugs)
        for i, item in enumerate(section(problems, data, "units"))
    ]
    check_unique(problems, [(f["label"], f["slug"]) for f in factions], "slug", "slug")
    check_unique(
        problems, [(f["label"], f["name"]) for f in factions], "name", "name", fold_case=True
    )
    check_unique(problems, [(u["label"], u["slug"]) for u in units], "slug", "slug")
    # Text lists name units ("1 Orc Grunt"), so a name must lead to one unit.
    check_unique(problems, [(u["label"], u["name"]) for u in units], "name", "name", fold_case=True)
    return {"factions": factions, "units": units}


def check_faction(problems: Problems, label: str, data: object) -> dict[str, Any]:
    entry = Entry(problems, label, data, FACTION_FIELDS)
    composition: dict[str, dict[str, dict[str, int]]] = {}
    raw = entry.mapping("composition", default={})
    for size_name, tiers in raw.items():
        size = entry.check_choice(f"composition.{size_name}", size_name, BattleSize)
        if size is None:
            continue
        tier_entry = Entry(problems, label, tiers, [t.value for t in Tier], f"composition.{size}")
        limits: dict[str, dict[str, int]] = {}
        for tier in Tier:
            if tier.value not in tier_entry.data:
                continue
            limit = Entry(
                problems, label, tier_entry.data[tier.value], ("min", "max"), tier_entry.path(tier)
            )
            low = limit.integer("min", *TIER_SLOTS)
            high = limit.integer("max", *TIER_SLOTS)
            if low is not None and high is not None:
                if low > high:
                    limit.add("", f"min ({low}) is more than max ({high})")
                else:
                    limits[tier.value] = {"min": low, "max": high}
        composition[size.value] = limits
    ordered = {size.value: composition[size.value] for size in BattleSize if size in composition}
    return {
        "label": label,
        "slug": entry.text("slug", max_length=60, pattern=SLUG, pattern_help=SLUG_HELP),
        "name": entry.text("name"),
        "composition": ordered,
    }


def _stat(entry: Entry, field: str, limit_key: str, **kwargs: Any) -> int | None:
    low, high = LIMITS[limit_key]
    return entry.integer(field, low, high, **kwargs)


def check_unit(
    problems: Problems, label: str, data: object, faction_slugs: set[str]
) -> dict[str, Any]:
    entry = Entry(problems, label, data, UNIT_FIELDS)
    slug = entry.text("slug", max_length=60, pattern=SLUG, pattern_help=SLUG_HELP)
    name = entry.text("name")
    faction = entry.text("faction", max_length=60)
    if faction and faction_slugs and faction not in faction_slugs:
        choices = one_of(sorted(faction_slugs))
        entry.add("faction", f"{faction!r} is not a faction of this catalog ({choices})")
    elif faction and not faction_slugs:
        entry.add("faction", f"{faction!r} is not a faction of this catalog (it has none)")

    tiers = _check_tiers(entry)
    weapons = _check_weapons(entry)
    keywords = _check_keywords(entry)
    armor = entry.choice("armor", Armor)
    ranged_weapon = Weapon.RANGED.value in weapons
    ranged_str = _stat(entry, "ranged_str", "ranged_str", default=None, nullable=True)
    weapon_range = entry.integer("range", *RANGE, default=None, nullable=True)
    if ranged_weapon and entry.data.get("range") is None:
        entry.add("range", "a unit with a Ranged Weapon (RW) needs its range in inches (4.5)")
    if not ranged_weapon:
        if weapon_range is not None:
            entry.add("range", "only a unit with a Ranged Weapon (RW) has a range (4.5)")
        if ranged_str is not None:
            entry.add("ranged_str", "only a unit with a Ranged Weapon (RW) has a Ranged STR (4.5)")
    if Weapon.HEAVY.value in weapons and keywords.get("Decisive Blow", 0) < 1:
        entry.add(
            "keywords",
            "a Heavy Weapon (HW) comes with Decisive Blow [X], X at least 1 (4.5): "
            'add "Decisive Blow": X',
        )
    unique = entry.boolean("unique", default=False)
    if unique and Tier.HERO.value not in tiers and tiers:
        entry.add("unique", "only a Hero can be unique (a named Hero, 4.1)")

    return {
        "label": label,
        "slug": slug,
        "name": name,
        "faction": faction,
        "tiers": tiers,
        "points": entry.integer("points", *POINTS),
        "mov": entry.integer("mov", *MOV),
        "atk": _stat(entry, "atk", "atk"),
        "skl": _stat(entry, "skl", "skl"),
        "strength": _stat(entry, "strength", "str"),
        "tgh": _stat(entry, "tgh", "tgh"),
        # null is DEF "-": no save at all (A9).
        "defense": _stat(entry, "defense", "def", nullable=True),
        "ini": _stat(entry, "ini", "ini"),
        "wounds": _stat(entry, "wounds", "wounds"),
        "armor": armor.value if armor else "",
        "weapons": weapons,
        "keywords": keywords,
        "ranged_str": ranged_str,
        "range": weapon_range,
        "base_mm": _stat(entry, "base_mm", "base_mm", default=25),
        "magical": entry.boolean("magical", default=False),
        "unique": unique,
        "abilities": _check_abilities(entry),
    }


def _check_tiers(entry: Entry) -> list[str]:
    raw = entry.array("tiers")
    checked = (entry.check_choice(f"tiers[{i}]", value, Tier) for i, value in enumerate(raw))
    tiers = [tier for tier in checked if tier]
    if "tiers" in entry.data and isinstance(raw, list):
        if not 1 <= len(raw) <= 2:
            entry.add(
                "tiers",
                f"a unit has one tier, or two for a dual-slot unit (4.1); it has {len(raw)}",
            )
        elif len(set(tiers)) < len(tiers):
            entry.add("tiers", "a dual-slot unit's two tiers must differ (4.1)")
    return [tier.value for tier in tiers]


def _check_weapons(entry: Entry) -> list[str]:
    raw = entry.array("weapons", default=[])
    checked = (entry.check_choice(f"weapons[{i}]", value, Weapon) for i, value in enumerate(raw))
    weapons = [tag for tag in checked if tag]
    if len(set(weapons)) < len(weapons):
        entry.add("weapons", "lists a weapon tag twice")
    return [tag.value for tag in weapons]


def _check_keywords(entry: Entry) -> dict[str, int]:
    keywords: dict[str, int] = {}
    for name, x in entry.mapping("keywords", default={}).items():
        field = f"keywords.{name}"
        canonical = _KEYWORD_BY_FOLDED.get(str(name).strip().casefold(), str(name).strip())
        if canonical.casefold() == "magical":
            entry.add(field, 'Magical is its own field: set "magical": true')
            continue
        if not canonical or len(canonical) > 40 or not canonical.isprintable():
            entry.add(field, "a keyword's name must be 1 to 40 printable characters")
            continue
        if canonical in keywords:
            entry.add(field, f"repeats the keyword {canonical}")
            continue
        takes_x = KEYWORDS.get(canonical)
        if takes_x is False and x != 0:
            entry.add(field, f"{canonical} takes no [X] (4.6): write 0")
            continue
        if takes_x is None:  # an Army Book's own keyword: X or none, as printed
            low, high = 0, KEYWORD_X[1]
        else:
            low, high = KEYWORD_X if takes_x else (0, 0)
        value = entry.check_integer(field, x, low, high)
        if value is None:
            continue
        keywords[canonical] = value
    return dict(sorted(keywords.items()))


def _check_abilities(entry: Entry) -> list[dict[str, Any]]:
    abilities = [
        check_ability(entry.problems, entry.label, data, f"abilities[{i}]")
        for i, data in enumerate(entry.array("abilities", default=[]))
    ]
    seen: dict[str, int] = {}
    for i, item in enumerate(abilities):
        name = str(item["name"]).casefold()
        if name and name in seen:
            entry.add(f"abilities[{i}].name", f"repeats the name of abilities[{seen[name]}]")
        seen.setdefault(name, i)
    return abilities


def check_ability(problems: Problems, label: str, data: object, prefix: str) -> dict[str, Any]:
    """One ability of a unit card (8.2, 8.3)."""
    ability = Entry(problems, label, data, ABILITY_FIELDS, prefix)
    kind = ability.choice("type", AbilityType)
    return {
        "name": ability.text("name"),
        "type": kind.value if kind else "",
        "mana_cost": ability.integer("mana_cost", *LIMITS["mana_cost"], default=0),
        "range": ability.integer("range", *RANGE, default=None, nullable=True),
        "text": ability.text("text", default="", blank=True, max_length=2000),
    }


def write(catalog: Catalog, cleaned: dict[str, Any]) -> None:
    factions = Faction.objects.bulk_create(
        Faction(catalog=catalog, position=i, **{k: v for k, v in f.items() if k != "label"})
        for i, f in enumerate(cleaned["factions"])
    )
    by_slug = {faction.slug: faction for faction in factions}
    skip = {"label", "faction", "abilities"}
    units = Unit.objects.bulk_create(
        Unit(
            catalog=catalog,
            faction=by_slug[u["faction"]],
            position=i,
            **{key: value for key, value in u.items() if key not in skip},
        )
        for i, u in enumerate(cleaned["units"])
    )
    Ability.objects.bulk_create(
        Ability(unit=unit, position=j, **ability)
        for unit, u in zip(units, cleaned["units"], strict=True)
        for j, ability in enumerate(u["abilities"])
    )


def export(catalog: Catalog) -> dict[str, Any]:
    units = catalog.units.select_related("faction").prefetch_related("abilities")
    return {
        "factions": [
            {"slug": f.slug, "name": f.name, "composition": _ordered(f.composition)}
            for f in catalog.factions.all()
        ],
        "units": [_export_unit(unit) for unit in units],
    }


def _ordered(composition: dict[str, Any]) -> dict[str, Any]:
    """Battle sizes and tiers in the rulebook's order, whatever order the database kept."""
    return {
        size: {
            tier: {"min": composition[size][tier]["min"], "max": composition[size][tier]["max"]}
            for tier in Tier
            if tier in composition[size]
        }
        for size in BattleSize
        if size in composition
    }


def _export_unit(unit: Unit) -> dict[str, Any]:
    return {
        "slug": unit.slug,
        "name": unit.name,
        "faction": unit.faction.slug,
        "tiers": list(unit.tiers),
        "points": unit.points,
        "mov": unit.mov,
        "atk": unit.atk,
        "skl": unit.skl,
        "strength": unit.strength,
        "tgh": unit.tgh,
        "defense": unit.defense,
        "ini": unit.ini,
        "wounds": unit.wounds,
        "armor": unit.armor,
        "weapons": list(unit.weapons),
        "keywords": dict(sorted(unit.keywords.items())),
        "ranged_str": unit.ranged_str,
        "range": unit.range,
        "base_mm": unit.base_mm,
        "magical": unit.magical,
        "unique": unit.unique,
        "abilities": [
            {
                "name": a.name,
                "type": a.type,
                "mana_cost": a.mana_cost,
                "range": a.range,
                "text": a.text,
            }
            for a in unit.abilities.all()
        ],
    }


# --- the catalog as the engines see it -------------------------------------------------------


def azeroth_factions(catalog: Catalog) -> dict[str, engine.Faction]:
    """Factions by slug."""
    return {faction.slug: faction.to_engine() for faction in catalog.factions.all()}


def azeroth_units(catalog: Catalog) -> dict[str, engine.Unit]:
    """Units by slug, with their abilities. Kept on the catalog instance: a builder page that
    shows and then saves an army reads them once (a fresh instance reads them afresh)."""
    cached: dict[str, engine.Unit] | None = catalog.__dict__.get("_engine_units")
    if cached is None:
        units = catalog.units.select_related("faction").prefetch_related("abilities")
        cached = catalog.__dict__["_engine_units"] = {unit.slug: unit.to_engine() for unit in units}
    return dict(cached)


@dataclass(frozen=True)
class ArmyCatalog:
    """An Azeroth at War catalog's entries: its units by slug and its factions by slug."""

    units: dict[str, engine.Unit]
    factions: dict[str, engine.Faction]


def azeroth_entries(catalog: Catalog) -> ArmyCatalog:
    """What an army is read and checked against: the catalog's units and factions."""
    return ArmyCatalog(azeroth_units(catalog), azeroth_factions(catalog))
