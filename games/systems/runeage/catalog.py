"""Rune Age catalog files: ``races``, ``neutrals``, ``cities``, ``gold``, ``scenarios`` and
``rune_powers``, in the rules engine's own format (``referee.rules.runeage.cards``), which
checks them; each problem is reported under its entry and field like any catalog's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.catalogs.reading import Problems, entry_label
from games.models import Catalog
from referee.rules.errors import InvalidInput
from referee.rules.runeage.cards import catalog_from_json, catalog_to_json
from referee.rules.text import lone_surrogate

from .models import RuneAgeCards

SECTIONS = ("races", "neutrals", "cities", "gold", "scenarios", "rune_powers")


def _where(data: Mapping[str, Any], path: str) -> tuple[str, str]:
    """``races.0.units.1.cost`` as the entry ``races[0] 'Daqan Lords'`` and the field
    ``units.1.cost``."""
    parts = path.split(".")
    if len(parts) >= 2 and parts[0] in SECTIONS and parts[1].isdigit():
        items = data.get(parts[0])
        index = int(parts[1])
        item = items[index] if isinstance(items, list) and index < len(items) else None
        name = item.get("name") if isinstance(item, Mapping) else None
        if isinstance(name, str) and lone_surrogate(name):
            item = None  # a name that cannot be written out is not repeated
        return entry_label(parts[0], index, item), ".".join(parts[2:])
    return "catalog", path


def check(data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    body = {key: data.get(key) for key in SECTIONS if key in data}
    try:
        cards = catalog_from_json({**body, "name": "check"})
    except InvalidInput as error:
        for path, messages in error.problems.items():
            entry, field = _where(data, path)
            for message in messages:
                problems.add(entry, field, message)
        return {}
    written = catalog_to_json(cards)
    return {key: written[key] for key in SECTIONS}


def write(catalog: Catalog, entries: dict[str, Any]) -> None:
    RuneAgeCards.objects.create(catalog=catalog, cards=entries)


def export(catalog: Catalog) -> dict[str, Any]:
    cards: dict[str, Any] = catalog.runeage_cards.cards
    return {key: cards[key] for key in SECTIONS}
