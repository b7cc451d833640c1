"""Azuki TCG decks: the catalog's cards by card ID (K3), the deck's text and JSON, its check
(Card Types, Deck Composition, Elements; K1-K3), and its builder (``builder``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.listgames.base import (
    ApiExample,
    Body,
    EntriesListGame,
    EntryWords,
    ListGame,
    Section,
    matches,
    words,
)
from games.models import Catalog
from games.tracker.seating import TrackerSetup
from referee.rules.azuki import ABOUT
from referee.rules.azuki import deck as engine
from referee.rules.azuki.cards import Card, CardType, Deck, Element
from referee.rules.lists import Problem, Report

from . import catalog as catalog_file
from .builder import DeckBuilder
from .catalog import azuki_cards
from .models import Card as CardModel
from .setup import SETUP


def _card_text(card: CardModel) -> str:
    return words(card.card_id, card.name, card.type, card.element, card.text)


class AzukiDeck(EntriesListGame[Deck, dict[str, Card]]):
    slug = ABOUT.slug
    name = ABOUT.name
    catalog_format = catalog_file
    sections: tuple[str, ...] = catalog_file.SECTIONS
    count_nouns: Mapping[str, str] = {"cards": "card"}
    catalog_tools: tuple[tuple[str, str], ...] = ()
    filters: Mapping[str, tuple[str, ...] | None] = {
        "type": tuple(t.value for t in CardType),
        "element": tuple(e.value for e in Element),
    }
    filter_nouns: Mapping[str, str] = {"type": "card type", "element": "element"}
    entry_words = EntryWords("cards (Azuki TCG)", "cards (Azuki TCG)", "cards (Azuki)")
    format_tag = engine.FORMAT
    builder_path = "/azuki/deck/"
    lists_label = "Azuki TCG decks"
    batch_options: frozenset[str] = frozenset()
    payload_help = "an Azuki deck ({leader, gate, cards})"
    save_example: ApiExample | None = ApiExample(
        "Azuki deck",
        {
            "name": "Fire rush",
            "payload": {
                "leader": {"id": "AZK-001", "count": 1},
                "gate": {"id": "AZK-003", "count": 1},
                "cards": [{"id": "AZK-010", "count": 4}, {"id": "AZK-017", "count": 4}],
            },
            "catalog": {"slug": "starter"},
        },
    )
    batch_example: ApiExample | None = ApiExample(
        "Two decks",
        {
            "lists": [
                {"name": "Alice", "text": "1 AZK-001\n1 AZK-003\n4 AZK-010\n4 AZK-011"},
                {
                    "name": "Bob",
                    "format": "azuki-deck",
                    "leader": "AZK-001",
                    "gate": "AZK-003",
                    "cards": [{"id": "AZK-010", "count": 4}],
                },
            ],
            "options": {"catalog": "starter"},
        },
    )

    tracker_setup: TrackerSetup | None = SETUP

    def __init__(self) -> None:
        self.builder = DeckBuilder(self)

    # --- the catalog ---

    def clear_catalog(self, catalog: Catalog) -> None:
        catalog.cards.all().delete()

    def counts(self, catalog: Catalog) -> dict[str, int]:
        return {"cards": catalog.cards.count()}

    def entries(self, catalog: Catalog) -> list[Body]:
        cards: list[Body] = catalog_file.export(catalog)["cards"]
        return cards

    def entry_filter_value(self, entry: Mapping[str, Any], key: str) -> object:
        return entry.get(key)

    def page_sections(self, catalog: Catalog, query_words: list[str]) -> list[Section]:
        cards = list(catalog.cards.all())
        shown = [card for card in cards if matches(_card_text(card), query_words)]
        return [Section("cards", "Cards", "card", shown, len(cards), "catalogs/_azuki_card.html")]

    # --- the lists ---

    def read_json(self, payload: object) -> Deck:
        return engine.deck_from_dict(payload)

    def write_json(self, engine_list: Deck) -> dict[str, object]:
        return engine.deck_to_dict(engine_list)

    def entries_for(self, catalog: Catalog) -> dict[str, Card]:
        return azuki_cards(catalog)

    def read_text_with(
        self, text: str, entries: Mapping[str, Card] | None, **choices: Any
    ) -> tuple[Deck, tuple[Problem, ...]]:
        return engine.parse_deck_text(text, entries if entries is not None else {})

    def write_text_with(self, engine_list: Deck, entries: Mapping[str, Card] | None) -> str:
        return engine.deck_to_text(engine_list, entries)

    def check_with(self, engine_list: Deck, entries: Mapping[str, Card] | None) -> Report:
        return engine.validate_deck(engine_list, entries)


GAME: ListGame[Deck, dict[str, Card]] = AzukiDeck()
