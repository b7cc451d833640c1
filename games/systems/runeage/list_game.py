"""Rune Age cards: a catalog-only game. Its catalog holds every card a tracked game needs
(races, neutral cards, cities, gold, scenarios, dragon rune powers), kept as the rules
engine's own JSON, which checks it (its ``catalog`` module); no lists are built from it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.listgames.base import Body, EntryWords, FileCatalog, PlainEntry, Section, matches, words
from games.models import Catalog
from referee.rules.runeage import ABOUT
from referee.rules.runeage.cards import SCENARIO_NAMES

from . import catalog as catalog_file
from .models import RuneAgeCards

KINDS: dict[str, str] = {
    "races": "race",
    "neutrals": "neutral",
    "cities": "city",
    "gold": "gold",
    "scenarios": "scenario",
    "rune_powers": "rune_power",
}
"""Each section of the file, and what one of its entries is called in a search."""
TITLES = {
    "races": "Races",
    "neutrals": "Neutral cards",
    "cities": "Cities",
    "gold": "Gold",
    "scenarios": "Scenarios",
    "rune_powers": "Dragon rune powers",
}


def _cards(catalog: Catalog) -> dict[str, Any]:
    found = RuneAgeCards.objects.filter(catalog=catalog).values_list("cards", flat=True).first()
    return found if isinstance(found, dict) else {}


def _name(section: str, item: Mapping[str, Any]) -> str:
    if section == "gold":
        return f"Gold {item.get('value')}"
    if section == "scenarios":
        key = str(item.get("key", ""))
        return SCENARIO_NAMES.get(key, key)
    return str(item.get("name", ""))


def _stats(item: Mapping[str, Any], *keys: str) -> str:
    return ", ".join(f"{key} {item[key]}" for key in keys if item.get(key) is not None)


def _plain(section: str, index: int, item: Mapping[str, Any]) -> PlainEntry:
    """An entry as the catalog page shows it: its name, its kind and its numbers."""
    name = _name(section, item)
    tags: tuple[str, ...] = ()
    lines: list[tuple[str, str]] = []
    if section == "races":
        lines.append(("Home Realm", str(item.get("home_realm", ""))))
        units = item.get("units", [])
        units_text = [f"{u['name']} ({_stats(u, 'cost', 'strength', 'copies')})" for u in units]
        lines.append(("Units", "; ".join(units_text)))
        strongholds = item.get("strongholds", [])
        lines.append(("Strongholds", "; ".join(str(s.get("name", "")) for s in strongholds)))
        monument = item.get("monument")
        if isinstance(monument, Mapping):
            lines.append(("Monument", f"{monument.get('name')} ({_stats(monument, 'gold')})"))
    elif section == "neutrals":
        tags = (str(item.get("kind", "")),)
        lines.append(("Stats", _stats(item, "cost", "influence", "strength")))
    elif section == "cities":
        lines.append(("Stats", _stats(item, "influence", "strength", "defense")))
    elif section == "gold":
        lines.append(("Stats", _stats(item, "value", "influence")))
    elif section == "scenarios":
        objective = item.get("objective") or {}
        if objective:
            lines.append(
                ("Objective", f"{objective.get('name')} ({_stats(objective, 'strength')})")
            )
        lines.append(("Neutral cards", ", ".join(map(str, item.get("neutrals", [])))))
        lines.append(("Events", str(len(item.get("events", [])))))
    else:
        lines.append(("Power", str(item.get("text", ""))))
    lines = [(label, value) for label, value in lines if value]
    text = words(name, *tags, *(value for _, value in lines))
    return PlainEntry(name, tags, tuple(lines), f"{KINDS[section]}-{index}", text)


class RuneAgeCatalog(FileCatalog):
    slug = "runeage"
    name = ABOUT.name
    catalog_format = catalog_file
    sections: tuple[str, ...] = catalog_file.SECTIONS
    count_nouns: Mapping[str, str] = {"races": "race", "scenarios": "scenario"}
    catalog_tools: tuple[tuple[str, str], ...] = ()
    filters: Mapping[str, tuple[str, ...] | None] = {"type": tuple(KINDS.values())}
    filter_nouns: Mapping[str, str] = {"type": "card kind"}
    entry_words = EntryWords(
        "races, neutrals, cities, gold, scenarios and rune_powers (Rune Age)",
        "Rune Age cards",
        "Rune Age cards",
        "each with its kind and a name",
    )

    def clear_catalog(self, catalog: Catalog) -> None:
        RuneAgeCards.objects.filter(catalog=catalog).delete()

    def counts(self, catalog: Catalog) -> dict[str, int]:
        cards = _cards(catalog)
        return {key: len(cards.get(key, [])) for key in self.count_nouns}

    def entries(self, catalog: Catalog) -> list[Body]:
        """Every card in file order, each with its ``kind`` and a ``name`` (a gold card's is
        its value, a scenario's is the rulebook's name for it)."""
        cards = _cards(catalog)
        return [
            {"kind": kind, **item, "name": _name(section, item)}
            for section, kind in KINDS.items()
            for item in cards.get(section, [])
        ]

    def entry_filter_value(self, entry: Mapping[str, Any], key: str) -> object:
        return entry.get("kind") if key == "type" else entry.get(key)

    def page_sections(self, catalog: Catalog, query_words: list[str]) -> list[Section]:
        cards = _cards(catalog)
        sections = []
        for section, title in TITLES.items():
            items = [_plain(section, i, item) for i, item in enumerate(cards.get(section, []))]
            shown = [entry for entry in items if matches(entry.text, query_words)]
            sections.append(Section(section, title, "plain", shown, len(items)))
        return sections


GAME = RuneAgeCatalog()
