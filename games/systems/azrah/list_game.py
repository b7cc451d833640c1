"""AZRAH rosters: the catalog's Guardians, Transformations, Curses and Items by card ID, the
roster's text and JSON, its check (Game Setup; R44-R46), and its builder (``builder``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.listgames.base import (
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
from referee.rules.azrah import ABOUT
from referee.rules.azrah import roster as engine
from referee.rules.azrah.cards import Guardian, Roster, SharedCard
from referee.rules.lists import Problem, Report

from . import catalog as catalog_file
from .builder import RosterBuilder
from .catalog import RosterCards, roster_cards
from .models import Guardian as GuardianModel
from .models import SharedCard as SharedCardModel
from .setup import SETUP

KINDS = ("guardian", "transformation", "curse", "item")


def _guardian_text(guardian: GuardianModel) -> str:
    abilities = [guardian.emergence or {}, *guardian.abilities]
    return words(
        guardian.card_id,
        guardian.name,
        guardian.kind,
        guardian.base_form,
        " ".join(str(ability.get("name", "")) for ability in abilities),
        " ".join(str(ability.get("text", "")) for ability in abilities),
    )


def _shared_text(card: SharedCardModel) -> str:
    return words(card.card_id, card.name, card.kind, card.creator, card.text)


class AzrahRoster(EntriesListGame[Roster, RosterCards]):
    slug = "azrah"
    name = ABOUT.name
    catalog_format = catalog_file
    sections: tuple[str, ...] = catalog_file.SECTIONS
    count_nouns: Mapping[str, str] = {
        "guardians": "Guardian",
        "shared_cards": "Curse and Item card",
    }
    catalog_tools: tuple[tuple[str, str], ...] = ()
    filters: Mapping[str, tuple[str, ...] | None] = {"type": KINDS}
    filter_nouns: Mapping[str, str] = {"type": "card kind"}
    entry_words = EntryWords(
        "guardians and shared_cards (AZRAH)",
        "Guardians and Curse and Item cards (AZRAH)",
        "Guardians and Curse and Item cards (AZRAH)",
    )
    format_tag = engine.FORMAT
    builder_path = "/azrah/roster/"
    lists_label = "AZRAH rosters"
    batch_options: frozenset[str] = frozenset()
    payload_help = "an AZRAH roster ({guardians, mana, gems, party?})"

    tracker_setup: TrackerSetup | None = SETUP

    def __init__(self) -> None:
        self.builder = RosterBuilder(self)

    # --- the catalog ---

    def clear_catalog(self, catalog: Catalog) -> None:
        catalog.guardians.all().delete()
        catalog.shared_cards.all().delete()

    def counts(self, catalog: Catalog) -> dict[str, int]:
        return {
            "guardians": catalog.guardians.count(),
            "shared_cards": catalog.shared_cards.count(),
        }

    def entries(self, catalog: Catalog) -> list[Body]:
        exported = catalog_file.export(catalog)
        return [*exported["guardians"], *exported["shared_cards"]]

    def entry_filter_value(self, entry: Mapping[str, Any], key: str) -> object:
        return entry.get("kind") if key == "type" else entry.get(key)

    def page_sections(self, catalog: Catalog, query_words: list[str]) -> list[Section]:
        guardians = list(catalog.guardians.all())
        shown_guardians = [g for g in guardians if matches(_guardian_text(g), query_words)]
        shared = list(catalog.shared_cards.all())
        shown_shared = [card for card in shared if matches(_shared_text(card), query_words)]
        return [
            Section("guardians", "Guardians", "guardian", shown_guardians, len(guardians)),
            Section("shared", "Curse and Item cards", "shared", shown_shared, len(shared)),
        ]

    # --- the lists ---

    def entries_for(self, catalog: Catalog) -> RosterCards:
        return roster_cards(catalog)

    def read_json(self, payload: object) -> Roster:
        return engine.roster_from_dict(payload)

    def write_json(self, engine_list: Roster) -> dict[str, object]:
        return engine.roster_to_dict(engine_list)

    def read_text_with(
        self, text: str, entries: Mapping[str, Guardian | SharedCard] | None, **choices: Any
    ) -> tuple[Roster, tuple[Problem, ...]]:
        """The roster as its text says; ``choices`` may give the ``mana`` and ``gems`` a
        text without those lines stands for (a builder page's own)."""
        return engine.parse_roster_text(text, entries, **choices)

    def write_text(self, engine_list: Roster, catalog: Catalog | None) -> str:
        return engine.roster_to_text(engine_list)  # a roster names its cards as listed

    def write_text_with(
        self, engine_list: Roster, entries: Mapping[str, Guardian | SharedCard] | None
    ) -> str:
        return engine.roster_to_text(engine_list)

    def check_with(
        self, engine_list: Roster, entries: Mapping[str, Guardian | SharedCard] | None
    ) -> Report:
        return engine.validate_roster(engine_list, entries)


GAME: ListGame[Roster, RosterCards] = AzrahRoster()
