"""AZRAH rosters: the catalog's Guardians, Transformations, Curses and Items by card ID, the
roster's text and JSON, and its check (Game Setup; R44-R46)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules import SYSTEMS
from referee.rules.azrah import roster as engine
from referee.rules.azrah.cards import Guardian, Roster, SharedCard
from referee.rules.lists import Problem, Report

from ..catalogs import azrah as catalog_format
from ..catalogs.engine import azrah_guardians, azrah_shared_cards
from ..catalogs.reading import Problems
from ..models import Catalog
from ..models import Guardian as GuardianModel
from ..models import SharedCard as SharedCardModel
from .base import JSON, BatchItem, Body, Checker, Section, matches, with_text_problems, words

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


def _entries(catalog: Catalog) -> dict[str, Guardian | SharedCard]:
    """Guardians, Transformations, Curses and Items by card ID: what a roster can name."""
    return {**azrah_guardians(catalog), **azrah_shared_cards(catalog)}


class AzrahRoster:
    slug = "azrah"
    name = SYSTEMS["azrah"].name
    sections: tuple[str, ...] = catalog_format.SECTIONS
    count_nouns: Mapping[str, str] = {
        "guardians": "Guardian",
        "shared_cards": "Curse and Item card",
    }
    catalog_tools: tuple[tuple[str, str], ...] = ()
    filters: Mapping[str, tuple[str, ...] | None] = {"type": KINDS}
    format_tag = engine.FORMAT
    builder_path = "/azrah/roster/"
    lists_label = "AZRAH rosters"
    batch_options: frozenset[str] = frozenset()

    # --- the catalog ---

    def check_catalog(self, data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
        return catalog_format.check(data, problems)

    def write_catalog(self, catalog: Catalog, cleaned: dict[str, Any]) -> None:
        catalog_format.write(catalog, cleaned)

    def clear_catalog(self, catalog: Catalog) -> None:
        catalog.guardians.all().delete()
        catalog.shared_cards.all().delete()

    def export_catalog(self, catalog: Catalog) -> dict[str, Any]:
        return catalog_format.export(catalog)

    def counts(self, catalog: Catalog) -> dict[str, int]:
        return {
            "guardians": catalog.guardians.count(),
            "shared_cards": catalog.shared_cards.count(),
        }

    def entries(self, catalog: Catalog) -> list[Body]:
        exported = catalog_format.export(catalog)
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

    def engine_entries(self, catalog: Catalog) -> dict[str, Guardian | SharedCard]:
        return _entries(catalog)

    def read_json(self, payload: object) -> Roster:
        return engine.roster_from_dict(payload)

    def write_json(self, engine_list: Roster) -> dict[str, object]:
        return engine.roster_to_dict(engine_list)

    def read_text(
        self, text: str, catalog: Catalog | None, **choices: Any
    ) -> tuple[Roster, tuple[Problem, ...]]:
        return engine.parse_roster_text(text, _entries(catalog) if catalog is not None else None)

    def write_text(self, engine_list: Roster, catalog: Catalog | None) -> str:
        return engine.roster_to_text(engine_list)

    def check(self, engine_list: Roster, catalog: Catalog | None) -> Report:
        return engine.validate_roster(engine_list, _entries(catalog) if catalog else None)

    def check_text(
        self, text: str, catalog: Catalog | None, **choices: Any
    ) -> tuple[Roster, Report]:
        entries = _entries(catalog) if catalog is not None else None
        roster, problems = engine.parse_roster_text(text, entries)
        return roster, with_text_problems(problems, engine.validate_roster(roster, entries))

    def batch_checker(self, catalog: Catalog, options: Mapping[str, Any]) -> Checker:
        entries = _entries(catalog)

        def check(item: BatchItem) -> Report:
            if item["format"] == JSON:
                return engine.validate_roster(engine.roster_from_dict(item["data"]), entries)
            roster, problems = engine.parse_roster_text(item["data"], entries)
            return with_text_problems(problems, engine.validate_roster(roster, entries))

        return check


GAME = AzrahRoster()
