"""Azuki TCG catalog types (Card Types, Stats, Elements) and decks (Deck Composition; K1-K3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class CardType(StrEnum):
    LEADER = "leader"
    GATE = "gate"
    ENTITY = "entity"
    SPELL = "spell"
    WEAPON = "weapon"


class Element(StrEnum):
    FIRE = "fire"
    WATER = "water"
    EARTH = "earth"
    LIGHTNING = "lightning"
    NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class Card:
    """A card, known by its ID (K3: never by name). Stats a type does not have are None."""

    id: str
    name: str
    type: CardType
    element: Element
    ikz_cost: int | None = None
    gate_power: int | None = None
    attack: int | None = None
    health: int | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class DeckLine:
    """``count`` copies of one card: ``card`` given inline, or looked up by ``card_id``."""

    count: int
    card_id: str
    card: Card | None = None
    line: int | None = None  # the text line it came from, when parsed from text


@dataclass(frozen=True, slots=True)
class Deck:
    """A Leader, a Gate and the main deck (K1: the Leader and Gate are not among the 50).
    ``leader`` and ``gate`` are None when missing."""

    leader: DeckLine | None
    gate: DeckLine | None
    cards: tuple[DeckLine, ...]
