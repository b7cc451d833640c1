"""Azeroth at War army lists: the catalog's factions and units, the army's text (with its
``#`` header: battle size, agreed budget, faction; R125) and JSON, its check (3.1, 4.1, 9.1,
A12, A13), the batch options a tournament sets, and its builder (``builder``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from games.listgames.base import (
    JSON,
    BatchItem,
    Body,
    Checker,
    EntriesListGame,
    EntryWords,
    ListGame,
    Section,
    matches,
    words,
)
from games.models import Catalog
from games.tracker.seating import TrackerSetup
from referee.rules.azeroth import ABOUT
from referee.rules.azeroth import army as engine
from referee.rules.azeroth.profiles import Tier
from referee.rules.azeroth.units import ArmyList, BattleSize, Faction, Unit
from referee.rules.lists import Problem, Report

from . import batches
from . import catalog as catalog_file
from .builder import ArmyBuilder
from .catalog import ArmyCatalog, azeroth_entries, azeroth_units
from .models import Unit as UnitModel
from .setup import SETUP


def _unit_text(unit: UnitModel) -> str:
    return words(
        unit.name,
        unit.slug,
        unit.faction.name,
        unit.tier_label,
        unit.armor,
        " ".join(unit.weapons),
        " ".join(unit.keywords),
        "magical" if unit.magical else "",
        "unique" if unit.unique else "",
        " ".join(ability.name for ability in unit.abilities.all()),
    )


def _with_catalog_faction(army: ArmyList, factions: Mapping[str, Faction]) -> ArmyList:
    """The army with its faction's composition table taken from the catalog, when the
    catalog knows the faction's slug: a list is checked against its catalog's current table
    (4.1), whichever door it came through."""
    if army.faction is None:
        return army
    faction = factions.get(army.faction.slug)
    if faction is None:
        return army
    return dataclasses.replace(army, faction=faction)


class AzerothArmy(EntriesListGame[ArmyList, ArmyCatalog]):
    slug = "azeroth"
    name = ABOUT.name
    catalog_format = catalog_file
    sections: tuple[str, ...] = catalog_file.SECTIONS
    count_nouns: Mapping[str, str] = {"factions": "faction", "units": "unit"}
    catalog_tools: tuple[tuple[str, str], ...] = (("Odds with these units", "azeroth-odds"),)
    filters: Mapping[str, tuple[str, ...] | None] = {
        "faction": None,
        "tier": tuple(tier.value for tier in Tier),
    }
    filter_nouns: Mapping[str, str] = {"faction": "faction", "tier": "tier"}
    entry_words = EntryWords(
        "factions and units (Azeroth at War)", "Units (Azeroth at War)", "Units (Azeroth)"
    )
    format_tag = engine.FORMAT
    builder_path = "/azeroth/army/"
    lists_label = "Azeroth at War army lists"
    batch_fields = batches.FIELDS
    batch_options = frozenset(batches.FIELDS.json)
    payload_help = "an Azeroth at War army ({battle_size, faction?, units})"
    text_help = "an army's '# Azeroth at War army:' header names its battle size"

    tracker_setup: TrackerSetup | None = SETUP

    def __init__(self) -> None:
        self.builder = ArmyBuilder(self)

    # --- the catalog ---

    def clear_catalog(self, catalog: Catalog) -> None:
        catalog.units.all().delete()
        catalog.factions.all().delete()

    def counts(self, catalog: Catalog) -> dict[str, int]:
        return {"factions": catalog.factions.count(), "units": catalog.units.count()}

    def entries(self, catalog: Catalog) -> list[Body]:
        units: list[Body] = catalog_file.export(catalog)["units"]
        return units

    def entry_filter_value(self, entry: Mapping[str, Any], key: str) -> object:
        return entry.get("tiers") if key == "tier" else entry.get(key)

    def page_sections(self, catalog: Catalog, query_words: list[str]) -> list[Section]:
        units = list(catalog.units.select_related("faction").prefetch_related("abilities"))
        sections = []
        for faction in catalog.factions.all():
            own = [unit for unit in units if unit.faction_id == faction.pk]
            shown = [unit for unit in own if matches(_unit_text(unit), query_words)]
            sections.append(Section(faction.slug, faction.name, "unit", shown, len(own)))
        return sections

    # --- the lists ---

    def entries_for(self, catalog: Catalog) -> ArmyCatalog:
        return azeroth_entries(catalog)

    def engine_entries(self, catalog: Catalog) -> dict[str, Unit]:
        return azeroth_units(catalog)

    def read_json(self, payload: object) -> ArmyList:
        return engine.army_from_dict(payload)

    def write_json(self, engine_list: ArmyList) -> dict[str, object]:
        return engine.army_to_dict(engine_list)

    def read_text_with(
        self, text: str, entries: ArmyCatalog | None, **choices: Any
    ) -> tuple[ArmyList, tuple[Problem, ...]]:
        """The army as its text says, read the one way (R125): the header's battle size,
        budget and faction, unless ``choices`` (``read_army_text``'s) say otherwise."""
        units, factions = (entries.units, entries.factions) if entries else ({}, {})
        read = engine.read_army_text(text, units, factions, **choices)
        return read.army, read.problems

    def write_text(self, engine_list: ArmyList, catalog: Catalog | None) -> str:
        return engine.army_to_text(engine_list, azeroth_units(catalog) if catalog else None)

    def write_text_with(self, engine_list: ArmyList, entries: ArmyCatalog | None) -> str:
        return engine.army_to_text(engine_list, entries.units if entries else None)

    def check_with(self, engine_list: ArmyList, entries: ArmyCatalog | None) -> Report:
        if entries is None:
            return engine.validate_army(engine_list, None)
        return engine.validate_army(
            _with_catalog_faction(engine_list, entries.factions), entries.units
        )

    def check_batch_options(
        self, options: Mapping[str, Any], problems: dict[str, list[str]]
    ) -> dict[str, Any]:
        """A tournament's battle size (one of ``BattleSize``) and points limit (A12)."""
        clean: dict[str, Any] = {}
        size = options.get("battle_size")
        if size is not None:
            if not isinstance(size, str) or size not in {s.value for s in BattleSize}:
                choices = ", ".join(s.value for s in BattleSize)
                problems["options.battle_size"] = [f"Choose one of {choices}."]
            else:
                clean["battle_size"] = size
        limit = options.get("points_limit")
        if limit is None:
            return clean
        try:
            if isinstance(limit, bool) or not isinstance(limit, int | str):
                raise ValueError(limit)
            number = int(limit)
        except ValueError:
            problems["options.points_limit"] = ["Enter a whole number."]
        else:
            if not 1 <= number <= engine.MAX_POINTS_LIMIT:
                problems["options.points_limit"] = [
                    f"Enter a number from 1 to {engine.MAX_POINTS_LIMIT}."
                ]
            else:
                clean["points_limit"] = number
        return clean

    def batch_checker(self, catalog: Catalog, options: Mapping[str, Any]) -> Checker:
        """Each list checked as the saved lists are; the organiser's battle size and points
        limit, when given, win over what each list says (a tournament's format)."""
        entries = azeroth_entries(catalog)
        size_option = options.get("battle_size")
        size = None if size_option is None else BattleSize(size_option)
        limit: int | None = options.get("points_limit")

        def check(item: BatchItem) -> Report:
            if item["format"] == JSON:
                army = engine.army_from_dict(item["data"])
                if size is not None:
                    army = dataclasses.replace(army, battle_size=size)
                if limit is not None:
                    army = dataclasses.replace(army, points_limit=limit)
                return self.check_with(army, entries)
            army, problems = self.read_text_with(
                item["data"], entries, battle_size=size, points_limit=limit
            )
            return self.text_report(problems, self.check_with(army, entries))

        return check


GAME: ListGame[ArmyList, ArmyCatalog] = AzerothArmy()
