"""`manage.py import_catalog` and `manage.py export_catalog`."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from games.models import Catalog
from games.registry import starter_catalog
from games.systems.azeroth.models import Unit
from games.systems.azuki.models import Card

from .conftest import starter

pytestmark = pytest.mark.django_db


def run(name: str, *args: str, **options: Any) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(name, *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


def write(tmp_path: Path, data: object, name: str = "catalog.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_import_catalog_imports_a_file_and_says_what_it_holds() -> None:
    out, _ = run("import_catalog", str(starter_catalog("azeroth")))

    assert out.strip() == (
        "Imported azeroth catalog 'starter' version 1.0 (demonstration): 2 factions, 22 units."
    )
    assert Unit.objects.count() == 22


def test_import_catalog_prints_every_problem_and_imports_nothing(tmp_path: Path) -> None:
    data = starter("azeroth")
    data["units"][0]["skl"] = 9
    data["units"][3]["faction"] = "scourge"
    path = write(tmp_path, data)
    err = StringIO()

    with pytest.raises(CommandError) as caught:
        call_command("import_catalog", str(path), stdout=StringIO(), stderr=err)

    assert str(caught.value) == f"{path} was not imported (2 problems; see above)."
    assert err.getvalue().splitlines() == [
        f"{path}: 2 problems:",
        "  - units[0] 'Orc Grunt', skl: must be between 2 and 6 (it is 9)",
        "  - units[3] 'Wolf Rider', faction: 'scourge' is not a faction of this catalog "
        '("alliance" or "horde")',
    ]
    assert Catalog.objects.count() == 0


def test_import_catalog_reports_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"system": "azuki",')
    err = StringIO()

    with pytest.raises(CommandError, match="was not imported"):
        call_command("import_catalog", str(path), stdout=StringIO(), stderr=err)

    assert f"{path}: is not valid JSON: Expecting property name" in err.getvalue()


def test_import_catalog_reports_a_missing_file(tmp_path: Path) -> None:
    err = StringIO()

    with pytest.raises(CommandError):
        call_command("import_catalog", str(tmp_path / "nope.json"), stderr=err)

    assert "nope.json: no such file" in err.getvalue()


def test_import_catalog_refuses_a_second_import_unless_told_to_replace(tmp_path: Path) -> None:
    run("import_catalog", str(starter_catalog("azuki")))
    data = starter("azuki")
    data["cards"] = data["cards"][:3]
    path = write(tmp_path, data)
    err = StringIO()

    with pytest.raises(CommandError):
        call_command("import_catalog", str(path), stdout=StringIO(), stderr=err)
    assert "is already imported; import it with replace (--replace)" in err.getvalue()
    assert Card.objects.count() == 29

    out, _ = run("import_catalog", str(path), "--replace")

    assert "Imported azuki catalog 'starter' version 1.0 (demonstration): 3 cards." in out
    assert Card.objects.count() == 3


def test_export_catalog_writes_the_import_format_to_stdout() -> None:
    run("import_catalog", str(starter_catalog("azrah")))

    out, _ = run("export_catalog", "azrah", "starter")

    assert out == starter_catalog("azrah").read_text()


def test_export_catalog_writes_the_newest_version_or_the_one_asked_for(tmp_path: Path) -> None:
    for version in ("1.9", "1.10", "1.2"):
        data = starter("azuki")
        data["version"] = version
        run("import_catalog", str(write(tmp_path, data)))

    newest, _ = run("export_catalog", "azuki", "starter")
    chosen, _ = run("export_catalog", "azuki", "starter", "--version", "1.2")

    assert json.loads(newest)["version"] == "1.10"
    assert json.loads(chosen)["version"] == "1.2"


def test_export_catalog_writes_a_file_that_imports_back(tmp_path: Path) -> None:
    run("import_catalog", str(starter_catalog("azeroth")))
    out_file = tmp_path / "out.json"

    out, _ = run("export_catalog", "azeroth", "starter", "--out", str(out_file))

    assert out.strip() == (
        f"Exported azeroth catalog 'starter' version 1.0 (demonstration): 2 factions, 22 units "
        f"to {out_file}."
    )
    assert out_file.read_text() == starter_catalog("azeroth").read_text()
    exported = json.loads(out_file.read_text())
    exported["version"] = "1.1"
    run("import_catalog", str(write(tmp_path, exported)))
    assert Catalog.objects.filter(system="azeroth").count() == 2


def test_export_catalog_names_the_catalogs_there_are_when_one_is_missing() -> None:
    run("import_catalog", str(starter_catalog("azuki")))

    with pytest.raises(CommandError, match=r"There is no azuki catalog 'core' \(it has: starter\)"):
        run("export_catalog", "azuki", "core")
    with pytest.raises(CommandError, match=r"has no version '2.0' \(it has: 1.0\)"):
        run("export_catalog", "azuki", "starter", "--version", "2.0")
    with pytest.raises(CommandError, match="there is none yet"):
        run("export_catalog", "azeroth", "starter")
