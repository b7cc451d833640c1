"""Azuki TCG decks: the catalog's cards by card ID (K3), the deck's text and JSON, and its
check (Card Types, Deck Composition, Elements; K1-K3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules import SYSTEMS
from referee.rules.azuki import deck as engine
from referee.rules.azuki.cards import Card, CardType, Deck, Element
from referee.rules.lists import Problem, Report

from ..catalogs import azuki as catalog_format
from ..catalogs.engine import azuki_cards
from ..catalogs.reading import Problems
from ..models import Card as CardModel
from ..models import Catalog
from .base import JSON, BatchItem, Body, Checker, Section, matches, with_text_problems, words


def _card_text(card: CardModel) -> str:
    return words(card.card_id, card.name, card.type, card.element, card.text)


class AzukiDeck:
    slug = "azuki"
    name = SYSTEMS["azuki"].name
    sections: tuple[str, ...] = catalog_format.SECTIONS
    count_nouns: Mapping[str, str] = {"cards": "card"}
    catalog_tools: tuple[tuple[str, str], ...] = ()
    filters: Mapping[str, tuple[str, ...] | None] = {
        "type": tuple(t.value for t in CardType),
        "element": tuple(e.value for e in Element),
    }
    format_tag = engine.FORMAT
    builder_path = "/azuki/deck/"
    lists_label = "Azuki TCG decks"
    batch_options: frozenset[str] = frozenset()

    # --- the catalog ---

    def check_catalog(self, data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
        return catalog_format.check(data, problems)

    def write_catalog(self, catalog: Catalog, cleaned: dict[str, Any]) -> None:
        catalog_format.write(catalog, cleaned)

    def clear_catalog(self, catalog: Catalog) -> None:
        catalog.cards.all().delete()

    def export_catalog(self, catalog: Catalog) -> dict[str, Any]:
        return catalog_format.export(catalog)

    def counts(self, catalog: Catalog) -> dict[str, int]:
        return {"cards": catalog.cards.count()}

    def entries(self, catalog: Catalog) -> list[Body]:
        cards: list[Body] = catalog_format.export(catalog)["cards"]
        return cards

    def entry_filter_value(self, entry: Mapping[str, Any], key: str) -> object:
        return entry.get(key)

    def page_sections(self, catalog: Catalog, query_words: list[str]) -> list[Section]:
        cards = list(catalog.cards.all())
        shown = [card for card in cards if matches(_card_text(card), query_words)]
        return [Section("cards", "Cards", "card", shown, len(cards))]

    # --- the lists ---

    def engine_entries(self, catalog: Catalog) -> dict[str, Card]:
        return azuki_cards(catalog)

    def read_json(self, payload: object) -> Deck:
        return engine.deck_from_dict(payload)

    def write_json(self, engine_list: Deck) -> dict[str, object]:
        return engine.deck_to_dict(engine_list)

    def read_text(
        self, text: str, catalog: Catalog | None, **choices: Any
    ) -> tuple[Deck, tuple[Problem, ...]]:
        return engine.parse_deck_text(text, azuki_cards(catalog) if catalog is not None else {})

    def write_text(self, engine_list: Deck, catalog: Catalog | None) -> str:
        return engine.deck_to_text(engine_list, azuki_cards(catalog) if catalog else None)

    def check(self, engine_list: Deck, catalog: Catalog | None) -> Report:
        return engine.validate_deck(engine_list, azuki_cards(catalog) if catalog else None)

    def check_text(self, text: str, catalog: Catalog | None, **choices: Any) -> tuple[Deck, Report]:
        cards = azuki_cards(catalog) if catalog is not None else None
        deck, problems = engine.parse_deck_text(text, cards or {})
        return deck, with_text_problems(problems, engine.validate_deck(deck, cards))

    def batch_checker(self, catalog: Catalog, options: Mapping[str, Any]) -> Checker:
        cards = azuki_cards(catalog)

        def check(item: BatchItem) -> Report:
            if item["format"] == JSON:
                return engine.validate_deck(engine.deck_from_dict(item["data"]), cards)
            deck, problems = engine.parse_deck_text(item["data"], cards)
            return with_text_problems(problems, engine.validate_deck(deck, cards))

        return check


GAME = AzukiDeck()
