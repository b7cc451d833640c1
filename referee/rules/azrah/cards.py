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
    """An ability as the card prints it (Anatomy of a Card; Activating and Resolving
    Abilities): its name, activation cost, whether it is quick (may answer an enemy's
    ability), whether its effect says "target enemy" (range arrows govern it), and its text.
    ``targets`` is the most enemies a "target enemy" ability announces: one for "target
    enemy", the number the card prints for several, the front row's three for "any number
    of target enemies" (Range Arrows and Targeting Enemies, R112)."""

    name: str
    mana: int = 0  # Mana in the activation cost
    gems: int = 0  # Celestial Gems in the activation cost
    text: str = ""
    quick: bool = False
    target_enemy: bool = False
    targets: int = 1


MAX_TARGETS = 3  # a front row holds three Guardians (Game Setup)


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


ARROW_STEPS = {Position.LEFT: -1, Position.CENTRE: 0, Position.RIGHT: 1}


def in_range(arrows: tuple[Position, ...], place: int, rows: int = 3) -> tuple[int, ...]:
    """The enemy front-row places (0 left, 1 centre, 2 right, as the enemy sees its own row)
    that the range arrows of a Guardian at ``place`` (as its controller sees their row) point
    to (Range Arrows and Targeting Enemies, R100). The rows face each other, so the column in
    front of a player's left place is the enemy's right place; a centre arrow points straight
    across, a left or right arrow to the next column on that side, and an arrow off the end
    of the row points at nobody."""
    places = []
    for arrow in arrows:
        column = place + ARROW_STEPS[arrow]
        if 0 <= column < rows:
            places.append(rows - 1 - column)
    return tuple(sorted(set(places)))


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
