"""`manage.py load_starter_data`, the step of `make run` that loads the starter catalogs."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.catalogs.service import export_catalog
from games.models import Catalog
from games.registry import starter_catalog
from games.systems.azeroth.models import Unit
from games.systems.azrah.models import Guardian
from games.systems.azuki.models import Card

pytestmark = pytest.mark.django_db


def load(*args: str) -> str:
    out = StringIO()
    call_command("load_starter_data", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_it_loads_a_starter_catalog_for_each_game() -> None:
    output = load()

    catalogs = {c.system: c for c in Catalog.objects.all()}
    assert sorted(catalogs) == ["azeroth", "azrah", "azuki", "runeage"]
    assert all(c.demo and "demonstration" in c.name.lower() for c in catalogs.values())
    loaded = "games/systems/azeroth/starter.json: Loaded azeroth catalog 'starter' version 1.0"
    assert loaded in output
    assert Unit.objects.count() > 0 and Card.objects.count() > 0 and Guardian.objects.count() > 0


def test_running_it_twice_changes_nothing() -> None:
    load()
    before = {
        c.system: (c.pk, export_catalog(c), sorted(c.units.values_list("pk", flat=True)))
        for c in Catalog.objects.all()
    }

    again = load()

    after = {
        c.system: (c.pk, export_catalog(c), sorted(c.units.values_list("pk", flat=True)))
        for c in Catalog.objects.all()
    }
    assert after == before
    assert again.count("already loaded, unchanged") == 4


def test_it_replaces_a_starter_catalog_whose_file_has_changed(tmp_path: Path) -> None:
    shutil.copy(starter_catalog("azuki"), tmp_path / "azuki.json")
    load("--dir", str(tmp_path))
    data = json.loads((tmp_path / "azuki.json").read_text())
    data["cards"][0]["name"] = "Ember Matriarch, Reborn"
    (tmp_path / "azuki.json").write_text(json.dumps(data))

    output = load("--dir", str(tmp_path))

    assert "azuki.json: Replaced azuki catalog 'starter'" in output
    assert Catalog.objects.count() == 1
    assert Card.objects.get(card_id="AZK-001").name == "Ember Matriarch, Reborn"


def test_it_says_there_is_no_starter_data_when_the_folder_is_empty(tmp_path: Path) -> None:
    assert "No starter data to load" in load("--dir", str(tmp_path))


def test_it_says_there_is_no_starter_data_when_the_folder_is_missing(tmp_path: Path) -> None:
    assert "No starter data to load" in load("--dir", str(tmp_path / "missing"))


def test_it_fails_with_every_problem_of_a_bad_starter_file(tmp_path: Path) -> None:
    data = json.loads(starter_catalog("azuki").read_text())
    data["cards"][1]["element"] = "plasma"
    (tmp_path / "azuki.json").write_text(json.dumps(data))
    err = StringIO()

    with pytest.raises(CommandError, match="was not imported"):
        call_command("load_starter_data", "--dir", str(tmp_path), stdout=StringIO(), stderr=err)

    assert "cards[1] 'Tidecaller Sage', element: 'plasma' is not one of" in err.getvalue()
    assert Catalog.objects.count() == 0
