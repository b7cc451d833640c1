"""Azuki TCG catalog files: ``cards``, each known by its card ID (Card Types, Stats; K3); and
the catalog's cards as the rules engine takes them (``azuki_cards``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.catalogs.reading import CARD_ID, Entry, Problems, check_unique, entry_label, section
from games.models import Catalog
from referee.rules.azuki.cards import Card as EngineCard
from referee.rules.azuki.cards import CardType, Element

from .models import Card

SECTIONS = ("cards",)
CARD_FIELDS = (
    "id",
    "name",
    "type",
    "element",
    "ikz_cost",
    "gate_power",
    "attack",
    "health",
    "text",
)
ID_HELP = "use letters, digits, '-', '_' or '.', like 'AZK-001'"

IKZ = (0, 10)  # IKZ is capped at 10 (Phases: Ramp), so no card costs more
GATE_POWER = (0, 10)
ATTACK = (0, 99)
HEALTH = (1, 99)

# Which stats each type prints (Card Types, Stats): required, optional; the rest must be null.
STATS: dict[CardType, tuple[tuple[str, ...], tuple[str, ...]]] = {
    CardType.LEADER: (("health",), ("attack",)),
    CardType.GATE: ((), ()),
    CardType.ENTITY: (("ikz_cost", "gate_power", "attack", "health"), ()),
    CardType.SPELL: (("ikz_cost",), ()),
    CardType.WEAPON: (("ikz_cost",), ("attack",)),
}
RANGES = {"ikz_cost": IKZ, "gate_power": GATE_POWER, "attack": ATTACK, "health": HEALTH}
LABELS = {
    "ikz_cost": "an IKZ cost",
    "gate_power": "a Gate Power",
    "attack": "an attack",
    "health": "health",
}


def check(data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    cards = [
        check_card(problems, entry_label("cards", i, item), item)
        for i, item in enumerate(section(problems, data, "cards"))
    ]
    # K3: the card ID is what a deck counts by, so it must name exactly one card.
    # IDs are compared ignoring case: "azk-017" in a pasted list is AZK-017.
    check_unique(
        problems, [(c["label"], c["card_id"]) for c in cards], "id", "card ID", fold_case=True
    )
    return {"cards": cards}


def check_card(problems: Problems, label: str, data: object) -> dict[str, Any]:
    entry = Entry(problems, label, data, CARD_FIELDS)
    card_type = entry.choice("type", CardType)
    element = entry.choice("element", Element)
    stats: dict[str, int | None] = {}
    required, optional = STATS[card_type] if card_type else ((), tuple(RANGES))
    for stat, (low, high) in RANGES.items():
        value = entry.integer(stat, low, high, default=None, nullable=True)
        stats[stat] = value
        if card_type is None or entry.data.get(stat) is None:
            if stat in required:
                entry.add(stat, f"{_a(card_type)} card needs {LABELS[stat]}")
        elif stat not in required and stat not in optional:
            entry.add(stat, f"{_a(card_type)} card has no {stat.replace('_', ' ')}: use null")
    return {
        "label": label,
        "card_id": entry.text("id", max_length=40, pattern=CARD_ID, pattern_help=ID_HELP),
        "name": entry.text("name"),
        "type": card_type.value if card_type else "",
        "element": element.value if element else "",
        **stats,
        "text": entry.text("text", default="", blank=True, max_length=2000),
    }


def _a(card_type: CardType | None) -> str:
    return f"an {card_type}" if str(card_type)[:1] in "aeiou" else f"a {card_type}"


def write(catalog: Catalog, cleaned: dict[str, Any]) -> None:
    Card.objects.bulk_create(
        Card(catalog=catalog, position=i, **{k: v for k, v in card.items() if k != "label"})
        for i, card in enumerate(cleaned["cards"])
    )


def export(catalog: Catalog) -> dict[str, Any]:
    return {
        "cards": [
            {
                "id": card.card_id,
                "name": card.name,
                "type": card.type,
                "element": card.element,
                "ikz_cost": card.ikz_cost,
                "gate_power": card.gate_power,
                "attack": card.attack,
                "health": card.health,
                "text": card.text,
            }
            for card in catalog.cards.all()
        ]
    }


def azuki_cards(catalog: Catalog) -> dict[str, EngineCard]:
    """Cards by card ID (K3)."""
    return {card.card_id: card.to_engine() for card in catalog.cards.all()}
