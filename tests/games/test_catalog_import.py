"""Catalog files in and out (games/catalogs): the starter files import, exports round-trip,
and every kind of bad file is reported by entry and field with nothing half-imported."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from games.catalogs import CatalogError, check_catalog, export_catalog, import_catalog
from games.catalogs.service import default_catalog
from games.models import Catalog
from games.systems.azeroth.models import Ability, Faction, Unit
from games.systems.azrah.models import Guardian, SharedCard
from games.systems.azuki.models import Card

from .conftest import starter

pytestmark = pytest.mark.django_db

MODELS = (Catalog, Faction, Unit, Ability, Card, Guardian, SharedCard)


def row_counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def problems_of(data: object) -> list[tuple[str, str, str]]:
    with pytest.raises(CatalogError) as caught:
        import_catalog(data)
    return [(p.entry, p.field, p.message) for p in caught.value.problems]


def has(problems: list[tuple[str, str, str]], entry: str, field: str, text: str) -> bool:
    return any(e == entry and f == field and text in m for e, f, m in problems)


# --- the starter files and round trips -----------------------------------------------------


@pytest.mark.parametrize("system", ["azeroth", "azuki", "azrah"])
def test_it_imports_each_starter_catalog_and_exports_it_unchanged(system: str) -> None:
    data = starter(system)

    catalog = import_catalog(data)

    assert (catalog.system, catalog.slug, catalog.version, catalog.demo) == (
        system,
        "starter",
        "1.0",
        True,
    )
    assert export_catalog(catalog) == data
    # The same JSON text, key order included.
    assert json.dumps(export_catalog(catalog)) == json.dumps(data)


@pytest.mark.parametrize("system", ["azeroth", "azuki", "azrah"])
def test_an_export_imports_back_to_the_same_export(system: str) -> None:
    first = export_catalog(import_catalog(starter(system)))
    first["version"] = "2.0"

    second = export_catalog(import_catalog(first))

    assert second == first
    assert Catalog.objects.filter(system=system).count() == 2


def test_optional_fields_take_their_defaults_and_export_in_full() -> None:
    data = {
        "format": "referee-catalog",
        "format_version": 1,
        "system": "azeroth",
        "slug": "tiny",
        "name": "Tiny",
        "version": "1",
        "factions": [{"slug": "horde", "name": "Horde"}],
        "units": [
            {
                "slug": "peon",
                "name": "Peon",
                "faction": "horde",
                "tiers": ["baseline"],
                "points": 10,
                "mov": 5,
                "atk": 1,
                "skl": 5,
                "strength": 2,
                "tgh": 3,
                "defense": None,
                "ini": 3,
                "wounds": 1,
                "armor": "LA",
            }
        ],
    }

    exported = export_catalog(import_catalog(data))

    assert exported["description"] == "" and exported["demo"] is False
    assert exported["factions"][0]["composition"] == {}
    unit = exported["units"][0]
    assert (unit["weapons"], unit["keywords"], unit["abilities"]) == ([], {}, [])
    assert (unit["ranged_str"], unit["range"], unit["base_mm"]) == (None, None, 25)
    assert (unit["magical"], unit["unique"]) == (False, False)


def test_keyword_names_are_stored_as_the_rulebook_prints_them(azeroth_file: dict[str, Any]) -> None:
    azeroth_file["units"][3]["keywords"] = {"momentum": 1, "precision shot": 0, "Warcry": 2}

    exported = export_catalog(import_catalog(azeroth_file))

    assert exported["units"][3]["keywords"] == {"Momentum": 1, "Precision Shot": 0, "Warcry": 2}


# --- replacing ---------------------------------------------------------------------------


def test_it_refuses_to_import_the_same_version_again_without_replace(
    azuki_file: dict[str, Any],
) -> None:
    import_catalog(azuki_file)
    before = row_counts()

    problems = problems_of(azuki_file)

    assert problems == [
        (
            "catalog",
            "version",
            "azuki catalog 'starter' version '1.0' is already imported; import it with replace "
            "(--replace) to overwrite it, or give the file a new version",
        )
    ]
    assert row_counts() == before


def test_replace_swaps_the_entries_and_keeps_the_catalog_row(azuki_file: dict[str, Any]) -> None:
    catalog = import_catalog(azuki_file)
    azuki_file["name"] = "Renamed"
    azuki_file["cards"] = azuki_file["cards"][:5]

    replaced = import_catalog(azuki_file, replace=True)

    assert replaced.pk == catalog.pk
    assert replaced.name == "Renamed"
    assert Card.objects.filter(catalog=catalog).count() == 5
    assert export_catalog(replaced) == azuki_file


def test_a_bad_file_never_touches_the_catalog_it_would_replace(
    azeroth_file: dict[str, Any],
) -> None:
    catalog = import_catalog(azeroth_file)
    before_counts, before_export = row_counts(), export_catalog(catalog)
    azeroth_file["units"][5]["points"] = -1

    with pytest.raises(CatalogError):
        import_catalog(azeroth_file, replace=True)

    assert row_counts() == before_counts
    assert export_catalog(Catalog.objects.get()) == before_export


# --- bad files -----------------------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], object]


def _set(path: str, value: object) -> Mutation:
    """Set a value inside the file at a dotted path (list items by index)."""

    def mutate(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _drop(path: str) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        del node[last]

    return mutate


def _dup(section: str, index: int, **changes: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        data[section].append({**data[section][index], **changes})

    return mutate


G = "units[0] 'Orc Grunt'"
HH = "units[1] 'Troll Headhunter'"
WR = "units[3] 'Wolf Rider'"
TW = "units[5] 'Tauren Warrior'"
HORDE = "factions[0] 'Horde'"

HEADER_CASES: list[tuple[str, Mutation, str, str, str]] = [
    ("wrong format", _set("format", "battlescribe"), "catalog", "format", 'must be "referee'),
    ("missing format", _drop("format"), "catalog", "format", "is required"),
    ("newer format", _set("format_version", 2), "catalog", "format_version", "must be 1"),
    ("unknown system", _set("system", "chess"), "catalog", "system", "'chess' is not one of"),
    ("bad slug", _set("slug", "Starter Set"), "catalog", "slug", "is not valid"),
    ("blank name", _set("name", "  "), "catalog", "name", "must not be blank"),
    ("long name", _set("name", "x" * 121), "catalog", "name", "at most 120 characters"),
    ("missing version", _drop("version"), "catalog", "version", "is required"),
    ("bad version", _set("version", "one point oh"), "catalog", "version", "is not valid"),
    ("demo not a bool", _set("demo", "yes"), "catalog", "demo", "must be true or false"),
    ("unknown field", _set("colour", "red"), "catalog", "colour", "unknown field"),
    ("units not a list", _set("units", {}), "catalog", "units", "must be a list"),
    ("units missing", _drop("units"), "catalog", "units", "is required"),
]

AZEROTH_CASES: list[tuple[str, Mutation, str, str, str]] = [
    ("SKL out of LIMITS", _set("units.0.skl", 7), G, "skl", "between 2 and 6 (it is 7)"),
    ("STR out of LIMITS", _set("units.0.strength", 0), G, "strength", "between 1 and 20"),
    ("DEF out of LIMITS", _set("units.0.defense", 1), G, "defense", "between 2 and 6"),
    ("INI out of LIMITS", _set("units.0.ini", 11), G, "ini", "between 0 and 10"),
    ("wounds zero", _set("units.0.wounds", 0), G, "wounds", "between 1 and 99"),
    ("base too small", _set("units.0.base_mm", 5), G, "base_mm", "between 10 and 200"),
    ("negative points", _set("units.0.points", -5), G, "points", "between 0 and 5000"),
    ("float stat", _set("units.0.atk", 2.5), G, "atk", "must be a whole number, not a number"),
    ("bool stat", _set("units.0.atk", True), G, "atk", "whole number, not true/false"),
    ("string stat", _set("units.0.mov", "5"), G, "mov", "whole number, not a string"),
    ("missing stat", _drop("units.0.tgh"), G, "tgh", "is required"),
    ("null ATK", _set("units.0.atk", None), G, "atk", "not null"),
    ("bad tier", _set("units.0.tiers", ["infantry"]), G, "tiers[0]", "'infantry' is not one of"),
    ("no tier", _set("units.0.tiers", []), G, "tiers", "it has 0"),
    ("three tiers", _set("units.0.tiers", ["baseline", "elite", "hero"]), G, "tiers", "has 3"),
    ("same tier twice", _set("units.0.tiers", ["elite", "elite"]), G, "tiers", "must differ"),
    ("bad armor", _set("units.0.armor", "PA"), G, "armor", "'PA' is not one of"),
    ("bad weapon", _set("units.0.weapons", ["SW", "BOW"]), G, "weapons[1]", "'BOW' is not"),
    ("weapon twice", _set("units.0.weapons", ["SW", "SW"]), G, "weapons", "twice"),
    ("HW without Decisive Blow", _set("units.5.keywords", {"Fear": 0}), TW, "keywords", "HW"),
    ("RW without range", _set("units.1.range", None), HH, "range", "needs its range"),
    ("range without RW", _set("units.0.range", 12), G, "range", "only a unit with a Ranged"),
    ("ranged STR without RW", _set("units.0.ranged_str", 4), G, "ranged_str", "only a unit"),
    ("keyword X of 0", _set("units.3.keywords", {"Momentum": 0}), WR, "keywords.Momentum", "1"),
    (
        "X on a flag",
        _set("units.3.keywords", {"Fly": 2}),
        WR,
        "keywords.Fly",
        "Fly takes no [X] (4.6): write 0",
    ),
    (
        "X not a number",
        _set("units.3.keywords", {"Momentum": "1"}),
        WR,
        "keywords.Momentum",
        "whole number, not a string",
    ),
    (
        "case-folded repeat",
        _set("units.3.keywords", {"Momentum": 1, "momentum": 2}),
        WR,
        "keywords.momentum",
        "repeats the keyword Momentum",
    ),
    (
        "control character in a keyword",
        _set("units.3.keywords", {"War\ncry": 0}),
        WR,
        "keywords.War\ncry",
        "1 to 40 printable characters",
    ),
    ("Magical keyword", _set("units.3.keywords", {"Magical": 0}), WR, "keywords.Magical", "own"),
    ("keywords a list", _set("units.3.keywords", ["Fly"]), WR, "keywords", "a JSON object"),
    ("unique non-Hero", _set("units.0.unique", True), G, "unique", "only a Hero"),
    ("unknown faction", _set("units.0.faction", "scourge"), G, "faction", "'scourge' is not"),
    ("bad unit slug", _set("units.0.slug", "Orc_Grunt"), G, "slug", "is not valid"),
    ("unknown unit field", _set("units.0.colour", "green"), G, "colour", "unknown field"),
    ("unit not an object", _set("units.0", "Orc Grunt"), "units[0]", "", "a JSON object"),
    (
        "bad ability type",
        _set("units.2.abilities.0.type", "curse"),
        "units[2] 'Troll Witch Doctor'",
        "abilities[0].type",
        "'curse' is not one of",
    ),
    (
        "Mana over 10",
        _set("units.2.abilities.0.mana_cost", 11),
        "units[2] 'Troll Witch Doctor'",
        "abilities[0].mana_cost",
        "between 0 and 10",
    ),
    (
        "ability name twice",
        _set("units.2.abilities.1.name", "hex"),
        "units[2] 'Troll Witch Doctor'",
        "abilities[1].name",
        "repeats the name of abilities[0]",
    ),
    (
        "duplicate slug",
        _dup("units", 0, name="Orc Grunt II"),
        "units[22] 'Orc Grunt II'",
        "slug",
        "'orc-grunt' is already used by units[0] 'Orc Grunt'",
    ),
    (
        "duplicate name",
        _dup("units", 0, slug="grunt-2", name="orc grunt"),
        "units[22] 'orc grunt'",
        "name",
        "is already used by units[0] 'Orc Grunt'",
    ),
    (
        "tier min over max",
        _set("factions.0.composition.standard.elite", {"min": 4, "max": 3}),
        HORDE,
        "composition.standard.elite",
        "min (4) is more than max (3)",
    ),
    (
        "unknown battle size",
        _set("factions.0.composition.epic", {}),
        HORDE,
        "composition.epic",
        "'epic' is not one of",
    ),
    (
        "unknown tier",
        _set("factions.0.composition.large.monster", {"min": 0, "max": 1}),
        HORDE,
        "composition.large.monster",
        "unknown field",
    ),
    (
        "missing max",
        _set("factions.0.composition.large.hero", {"min": 1}),
        HORDE,
        "composition.large.hero.max",
        "is required",
    ),
    ("duplicate faction", _dup("factions", 0), "factions[2] 'Horde'", "slug", "already used"),
]

AZUKI_CASES: list[tuple[str, Mutation, str, str, str]] = [
    (
        "duplicate card ID",
        _dup("cards", 5, name="Kindling Sprite Reprint"),
        "cards[29] 'Kindling Sprite Reprint'",
        "id",
        "'AZK-010' is already used by cards[5]",
    ),
    ("bad type", _set("cards.5.type", "creature"), "cards[5] 'Kindling Sprite'", "type", "not"),
    (
        "bad element",
        _set("cards.5.element", "air"),
        "cards[5] 'Kindling Sprite'",
        "element",
        "'air' is not one of",
    ),
    (
        "entity without health",
        _set("cards.5.health", None),
        "cards[5] 'Kindling Sprite'",
        "health",
        "an entity card needs health",
    ),
    (
        "entity with zero health",
        _set("cards.5.health", 0),
        "cards[5] 'Kindling Sprite'",
        "health",
        "between 1 and 99",
    ),
    (
        "IKZ over 10",
        _set("cards.5.ikz_cost", 11),
        "cards[5] 'Kindling Sprite'",
        "ikz_cost",
        "between 0 and 10",
    ),
    (
        "leader with IKZ",
        _set("cards.0.ikz_cost", 3),
        "cards[0] 'Ember Matriarch'",
        "ikz_cost",
        "a leader card has no ikz cost",
    ),
    (
        "gate with health",
        _set("cards.2.health", 5),
        "cards[2] 'Cinder Gate'",
        "health",
        "a gate card has no health",
    ),
    (
        "spell without cost",
        _set("cards.14.ikz_cost", None),
        "cards[14] 'Fireball'",
        "ikz_cost",
        "a spell card needs an IKZ cost",
    ),
    (
        "bad card ID",
        _set("cards.5.id", "AZK 010"),
        "cards[5] 'Kindling Sprite'",
        "id",
        "is not valid",
    ),
    ("missing name", _drop("cards.5.name"), "cards[5]", "name", "is required"),
    (
        "NUL in text",
        _set("cards.5.text", "Deal 1\u0000 damage"),
        "cards[5] 'Kindling Sprite'",
        "text",
        "must not contain the NUL character",
    ),
]

AZRAH_CASES: list[tuple[str, Mutation, str, str, str]] = [
    (
        "duplicate Guardian name",
        _dup("guardians", 1, id="AZR-099"),
        "guardians[19] 'Nyx Lanternbearer'",
        "name",
        "is already used by guardians[1]",
    ),
    (
        "duplicate card ID",
        _dup("guardians", 1, name="Nyx Reborn"),
        "guardians[19] 'Nyx Reborn'",
        "id",
        "'AZR-002' is already used by guardians[1]",
    ),
    (
        "bad arrow",
        _set("guardians.0.range_arrows", ["up"]),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "range_arrows[0]",
        "'up' is not one of",
    ),
    (
        "no arrows",
        _set("guardians.0.range_arrows", []),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "range_arrows",
        "at least one arrow",
    ),
    (
        "arrow twice",
        _set("guardians.0.range_arrows", ["left", "left"]),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "range_arrows[1]",
        "repeats the arrow",
    ),
    (
        "zero hit points",
        _set("guardians.0.hit_points", 0),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "hit_points",
        "between 1 and 30",
    ),
    (
        "gems over 3",
        _set("guardians.1.abilities.1.gems", 4),
        "guardians[1] 'Nyx Lanternbearer'",
        "abilities[1].gems",
        "between 0 and 3",
    ),
    (
        "quick not a boolean",
        _set("guardians.1.abilities.0.quick", "yes"),
        "guardians[1] 'Nyx Lanternbearer'",
        "abilities[0].quick",
        "must be true or false",
    ),
    (
        "target enemy not a boolean",
        _set("guardians.0.emergence.target_enemy", 1),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "emergence.target_enemy",
        "must be true or false",
    ),
    (
        "more targets than a front row holds (R112)",
        _set("guardians.0.abilities.0.targets", 4),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "abilities[0].targets",
        "between 1 and 3",
    ),
    (
        "targets on an ability that targets no enemy (R112)",
        _set("guardians.0.emergence.targets", 2),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "emergence.targets",
        'only an ability that says "target enemy" announces targets',
    ),
    (
        "emergence without name",
        _set("guardians.0.emergence", {"mana": 1}),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "emergence.name",
        "is required",
    ),
    (
        "bad kind",
        _set("guardians.0.kind", "hero"),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "kind",
        "'hero' is not one of",
    ),
    (
        "transformation without base",
        _set("guardians.18.base_form", None),
        "guardians[18] 'Caelum, Ascended Smith'",
        "base_form",
        "names its base form",
    ),
    (
        "unknown base form",
        _set("guardians.18.base_form", "Nobody"),
        "guardians[18] 'Caelum, Ascended Smith'",
        "base_form",
        "'Nobody' is not a Guardian",
    ),
    (
        "guardian with base form",
        _set("guardians.0.base_form", "Nyx Lanternbearer"),
        "guardians[0] 'Aurelia, Dawn Warden'",
        "base_form",
        "only a Transformation",
    ),
    (
        "unknown creator",
        _set("shared_cards.0.creator", "Nobody"),
        "shared_cards[0] 'Thornbound'",
        "creator",
        "'Nobody' is not a Guardian",
    ),
    (
        "bad shared kind",
        _set("shared_cards.0.kind", "relic"),
        "shared_cards[0] 'Thornbound'",
        "kind",
        "'relic' is not one of",
    ),
    (
        "shared ID clashes",
        _set("shared_cards.0.id", "AZR-001"),
        "shared_cards[0] 'Thornbound'",
        "id",
        "'AZR-001' is already used by guardians[0]",
    ),
]


def _cases(system: str, cases: list[tuple[str, Mutation, str, str, str]]) -> list[Any]:
    return [pytest.param(system, *case[1:], id=case[0]) for case in cases]


@pytest.mark.parametrize(
    ("system", "mutate", "entry", "field", "message"),
    _cases("azeroth", HEADER_CASES)
    + _cases("azeroth", AZEROTH_CASES)
    + _cases("azuki", AZUKI_CASES)
    + _cases("azrah", AZRAH_CASES),
)
def test_it_reports_a_bad_file_by_entry_and_field_and_imports_nothing(
    system: str, mutate: Mutation, entry: str, field: str, message: str
) -> None:
    data = starter(system)
    mutate(data)
    before = row_counts()

    problems = problems_of(data)

    assert has(problems, entry, field, message), problems
    assert row_counts() == before


def test_it_reports_every_problem_of_a_file_at_once(azeroth_file: dict[str, Any]) -> None:
    azeroth_file["units"][0]["skl"] = 9
    azeroth_file["units"][3]["faction"] = "scourge"
    azeroth_file["units"][7]["tiers"] = []
    azeroth_file["version"] = ""

    problems = problems_of(azeroth_file)

    assert [(e, f) for e, f, _ in problems] == [
        ("catalog", "version"),
        (G, "skl"),
        (WR, "faction"),
        ("units[7] 'Orc Shaman'", "tiers"),
    ]
    assert Catalog.objects.count() == 0


def test_a_file_that_is_not_an_object_is_one_problem() -> None:
    assert problems_of(["units"]) == [("catalog", "", "a catalog file is one JSON object")]


def test_the_error_message_lists_each_problem_on_its_own_line(azuki_file: dict[str, Any]) -> None:
    azuki_file["cards"][5]["element"] = "air"
    azuki_file["cards"][6]["ikz_cost"] = 99

    with pytest.raises(CatalogError) as caught:
        check_catalog(azuki_file)

    assert str(caught.value).splitlines() == [
        "The catalog has 2 problems:",
        "- cards[5] 'Kindling Sprite', element: 'air' is not one of \"fire\", \"water\", "
        '"earth", "lightning" or "neutral"',
        "- cards[6] 'Ashen Hound', ikz_cost: must be between 0 and 10 (it is 99)",
    ]
    assert isinstance(caught.value, ValueError)


def test_the_examples_in_the_format_documentation_import() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "catalogs.md"
    blocks = re.findall(r"```json\n(.*?)```", docs.read_text(), flags=re.S)
    examples = [json.loads(block) for block in blocks if '"slug": "example"' in block]

    imported = [import_catalog(example) for example in examples]

    assert sorted(c.system for c in imported) == ["azeroth", "azrah", "azuki", "runeage"]
    for catalog, example in zip(imported, examples, strict=True):
        exported = export_catalog(catalog)
        for section in ("factions", "units", "cards", "guardians", "shared_cards"):
            if section in example:
                assert len(exported[section]) == len(example[section])


def test_a_concurrent_import_of_the_same_version_is_reported_not_raised(
    azuki_file: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import IntegrityError

    from games.catalogs import service

    def lose_the_race(*args: object, **kwargs: object) -> Catalog:
        raise IntegrityError("UNIQUE constraint failed: games_catalog.system")

    monkeypatch.setattr(service, "_write", lose_the_race)

    assert problems_of(azuki_file) == [
        (
            "catalog",
            "version",
            "another import of this catalog version finished first; try again",
        )
    ]


@pytest.mark.django_db
def test_the_default_catalog_is_the_newest_version_of_the_latest_catalog():
    assert default_catalog("azuki") is None
    call_command("load_starter_data", verbosity=0)
    starter = default_catalog("azuki")
    assert starter is not None and starter.system == "azuki"
    data = export_catalog(starter)
    data["version"] = "1.10"
    newer = import_catalog(data)
    data["version"] = "1.9"
    import_catalog(data)
    assert default_catalog("azuki") == newer


@pytest.mark.parametrize(
    ("system", "section", "field"),
    [
        ("azrah", "shared_cards", "text"),
        ("azrah", "guardians", "name"),
        ("azuki", "cards", "text"),
        ("azeroth", "units", "name"),
    ],
)
def test_a_lone_surrogate_in_any_text_is_a_problem_naming_its_field(
    system: str, section: str, field: str
) -> None:
    # JSON can spell "\ud800", but it is no character: no database can store it (found by
    # Hypothesis, then pinned in test_catalog_properties.py).
    data = starter(system)
    data[section][0][field] = "Thorn \ud800"
    before = row_counts()

    problems = problems_of(data)

    assert [(f, m) for _, f, m in problems] == [
        (field, "must not contain a lone surrogate (\\ud800): it is not a character")
    ]
    assert row_counts() == before
