"""AZRAH: War of Heralds catalog types (Anatomy of a Card) and rosters (Game Setup)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Position(StrEnum):
    """Front-row positions; range arrows point at these."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class GuardianAbility:
    name: str
    mana: int = 0  # Mana in the activation cost
    gems: int = 0  # Celestial Gems in the activation cost
    text: str = ""


@dataclass(frozen=True, slots=True)
class Guardian:
    """A Guardian or a Transformation card (``base_form`` names the Guardian it transforms)."""

    id: str
    name: str
    hit_points: int
    range_arrows: tuple[Position, ...]
    emergence: GuardianAbility | None = None
    abilities: tuple[GuardianAbility, ...] = ()
    base_form: str | None = None  # set on Transformation cards only


@dataclass(frozen=True, slots=True)
class SharedCard:
    """A Curse or Item card: created by a named Guardian."""

    id: str
    name: str
    kind: str  # "curse" or "item"
    creator: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Party:
    """The starting party: front row left, centre, right; two in the back row."""

    front: tuple[str, ...]
    back: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Roster:
    """Fifteen Guardians (names or catalog IDs), ten Mana, three Celestial Gems."""

    guardians: tuple[str, ...]
    mana: int = 10
    gems: int = 3
    party: Party | None = None
    lines: tuple[int, ...] = ()  # each Guardian's text line number, when read from text
