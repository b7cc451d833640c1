"""Azeroth at War catalog types (4.1-4.6, 8.3, 9.2) and army lists (3.1, 4.1; A12).

Catalogs are data users import; these frozen dataclasses are what the engines see of them.
The Django models in ``games`` convert to and from these at the edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .profiles import AbilityType, Armor, Tier, Weapon


class BattleSize(StrEnum):
    SKIRMISH = "skirmish"
    STANDARD = "standard"
    LARGE = "large"


@dataclass(frozen=True, slots=True)
class BattleSizeRules:
    """One row of the 3.1 table: the default points budget and the units-per-side range."""

    points: int
    min_units: int
    max_units: int
    deployment_depth: int  # inches (3.3)
    base_mana: int  # 8.1


BATTLE_SIZES: dict[BattleSize, BattleSizeRules] = {
    BattleSize.SKIRMISH: BattleSizeRules(500, 6, 8, 3, 2),
    BattleSize.STANDARD: BattleSizeRules(750, 9, 12, 5, 3),
    BattleSize.LARGE: BattleSizeRules(1000, 13, 18, 6, 4),
}


@dataclass(frozen=True, slots=True)
class TierLimit:
    min: int
    max: int


@dataclass(frozen=True, slots=True)
class Faction:
    """A faction of an Army Book with its composition limits per battle size (4.1)."""

    slug: str
    name: str
    composition: dict[BattleSize, dict[Tier, TierLimit]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    type: AbilityType
    mana_cost: int = 0
    range: int | None = None  # inches; None for self or unlimited
    text: str = ""


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit card (4.4-4.6). ``tiers`` has one tier, or two for a dual-slot unit (4.1).
    ``keywords`` maps keyword names to their [X] (0 when the keyword takes no X)."""

    slug: str
    name: str
    faction: str  # Faction.slug
    tiers: tuple[Tier, ...]
    points: int
    mov: int
    atk: int
    skl: int
    strength: int  # STR (4.4)
    tgh: int
    defense: int | None
    ini: int
    wounds: int
    armor: Armor = Armor.MEDIUM
    weapons: tuple[Weapon, ...] = ()
    keywords: dict[str, int] = field(default_factory=dict)
    ranged_str: int | None = None
    range: int | None = None  # inches, for a Ranged Weapon
    base_mm: int = 25
    magical: bool = False
    unique: bool = False  # a named Hero: at most one per army (4.1)
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class InlineUnit:
    """A unit given in full by the caller rather than taken from a catalog."""

    name: str
    points: int
    tiers: tuple[Tier, ...]
    unique: bool = False
    faction: str | None = None


@dataclass(frozen=True, slots=True)
class ArmyLine:
    """``count`` of one unit: a catalog reference (slug or name in ``ref``) or ``inline``."""

    count: int
    ref: str = ""
    inline: InlineUnit | None = None
    line: int | None = None  # the text line it came from, when parsed from text


@dataclass(frozen=True, slots=True)
class ArmyList:
    battle_size: BattleSize
    lines: tuple[ArmyLine, ...]
    points_limit: int | None = None  # an agreed budget; None: the battle size's (A12)
    faction: Faction | None = None
    composition: dict[Tier, TierLimit] | None = None  # overrides the faction's
