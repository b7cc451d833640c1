"""Rune Age catalogs: imported and exported as JSON like every catalog (docs/catalogs.md),
checked by the rules engine's own reader, and read back as the engine's cards."""

from __future__ import annotations

import pytest

from games.catalogs import CatalogError, export_catalog, import_catalog
from games.catalogs.service import summary
from games.systems.runeage.models import RuneAgeCards
from referee.rules.runeage.demo import DEMO

from .conftest import starter

pytestmark = pytest.mark.django_db


def test_the_starter_cards_import_and_export_unchanged() -> None:
    data = starter("runeage")
    catalog = import_catalog(data)
    assert export_catalog(catalog) == data
    cards = RuneAgeCards.objects.get(catalog=catalog).to_engine()
    assert cards.races == DEMO.races and cards.scenarios == DEMO.scenarios
    assert cards.demonstration
    assert summary(catalog).endswith("4 races, 4 scenarios")


def test_every_problem_is_named_by_its_entry_and_field() -> None:
    data = starter("runeage")
    data["races"][0]["units"][1]["cost"] = 4
    data["neutrals"][2]["influence"] = "²"
    data["cities"][0]["name"] = "\ud800"
    with pytest.raises(CatalogError) as error:
        import_catalog(data)
    found = {(p.entry, p.field) for p in error.value.problems}
    assert ("races[0] 'Daqan Lords'", "units.1.cost") in found
    assert ("neutrals[2] 'Demon'", "influence") in found
    assert ("cities[0]", "name") in found


def test_replacing_a_catalog_swaps_its_cards() -> None:
    data = starter("runeage")
    catalog = import_catalog(data)
    data["cities"][0]["influence"] = 3
    again = import_catalog(data, replace=True)
    assert again.pk == catalog.pk
    assert RuneAgeCards.objects.get(catalog=again).cards["cities"][0]["influence"] == 3
    assert RuneAgeCards.objects.count() == 1
