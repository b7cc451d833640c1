"""Catalogs as the rules engines see them: plain dataclasses keyed the way lists refer to them.

The validators in ``referee.rules`` take these mappings and never touch a model.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.azeroth.units import Faction, Unit

from ..models import Catalog


def azeroth_factions(catalog: Catalog) -> dict[str, Faction]:
    """Factions by slug."""
    return {faction.slug: faction.to_engine() for faction in catalog.factions.all()}


def azeroth_units(catalog: Catalog) -> dict[str, Unit]:
    """Units by slug, with their abilities. Kept on the catalog instance: a builder page that
    shows and then saves an army reads them once (a fresh instance reads them afresh)."""
    cached: dict[str, Unit] | None = catalog.__dict__.get("_engine_units")
    if cached is None:
        units = catalog.units.select_related("faction").prefetch_related("abilities")
        cached = catalog.__dict__["_engine_units"] = {unit.slug: unit.to_engine() for unit in units}
    return dict(cached)


@dataclass(frozen=True)
class ArmyCatalog:
    """An Azeroth at War catalog's entries: its units by slug and its factions by slug."""

    units: dict[str, Unit]
    factions: dict[str, Faction]


def azeroth_entries(catalog: Catalog) -> ArmyCatalog:
    """What an army is read and checked against: the catalog's units and factions."""
    return ArmyCatalog(azeroth_units(catalog), azeroth_factions(catalog))
