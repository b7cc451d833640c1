"""Catalogs as the rules engines see them: plain dataclasses keyed the way lists refer to them.

The validators in ``referee.rules`` take these mappings and never touch a model.
"""

from __future__ import annotations

from referee.rules.azrah.cards import Guardian, SharedCard
from referee.rules.azuki.cards import Card

from ..models import Catalog


def azuki_cards(catalog: Catalog) -> dict[str, Card]:
    """Cards by card ID (K3)."""
    return {card.card_id: card.to_engine() for card in catalog.cards.all()}


def azrah_guardians(catalog: Catalog) -> dict[str, Guardian]:
    """Guardian and Transformation cards by card ID."""
    return {guardian.card_id: guardian.to_engine() for guardian in catalog.guardians.all()}


def azrah_shared_cards(catalog: Catalog) -> dict[str, SharedCard]:
    """Curse and Item cards by card ID."""
    return {card.card_id: card.to_engine() for card in catalog.shared_cards.all()}


AzrahEntries = dict[str, Guardian | SharedCard]


def azrah_entries(catalog: Catalog) -> AzrahEntries:
    """Guardians, Transformations, Curses and Items by card ID: what a roster can name."""
    return {**azrah_guardians(catalog), **azrah_shared_cards(catalog)}
