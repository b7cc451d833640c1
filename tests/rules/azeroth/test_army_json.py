"""Army lists as JSON: lossless export and import, and a field-by-field report of bad data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee.rules.azeroth.army import army_from_dict, army_to_dict
from referee.rules.azeroth.profiles import Tier
from referee.rules.azeroth.units import (
    ArmyLine,
    ArmyList,
    BattleSize,
    InlineUnit,
    TierLimit,
)
from referee.rules.errors import InvalidInput
from tests.rules.azeroth.test_army import HORDE, LEGAL, army

FULL = army(
    lines=(
        ArmyLine(count=4, ref="orc-grunt", line=2),
        ArmyLine(count=1, ref="Mystery"),
        ArmyLine(
            count=1,
            inline=InlineUnit(
                name="Raider Chief",
                points=140,
                tiers=(Tier.MOUNTED, Tier.ELITE),
                unique=True,
                faction="horde",
            ),
        ),
        ArmyLine(count=0, inline=InlineUnit(name="Peon", points=5, tiers=(Tier.BASELINE,))),
    ),
    points_limit=800,
    composition={Tier.ELITE: TierLimit(min=1, max=4)},
)


def test_it_exports_the_rest_apis_shapes():
    data = army_to_dict(FULL)
    assert data["format"] == "azeroth-army"
    assert data["battle_size"] == "standard"
    assert data["points_limit"] == 800
    assert data["composition"] == {"elite": {"min": 1, "max": 4}}
    assert data["faction"] == {
        "slug": "horde",
        "name": "Horde",
        "composition": {
            "standard": {
                "baseline": {"min": 2, "max": 8},
                "mounted": {"min": 0, "max": 3},
                "elite": {"min": 0, "max": 2},
                "hero": {"min": 1, "max": 2},
            },
            "skirmish": {"hero": {"min": 1, "max": 1}},
        },
    }
    assert data["units"] == [
        {"unit": "orc-grunt", "count": 4, "line": 2},
        {"unit": "Mystery", "count": 1},
        {
            "name": "Raider Chief",
            "points": 140,
            "tiers": ["mounted", "elite"],
            "unique": True,
            "faction": "horde",
            "count": 1,
        },
        {
            "name": "Peon",
            "points": 5,
            "tiers": ["baseline"],
            "unique": False,
            "faction": None,
            "count": 0,
        },
    ]


def test_it_reads_its_export_back_to_an_equal_army():
    assert army_from_dict(army_to_dict(FULL)) == FULL


def test_it_writes_data_that_survives_json_and_reads_back_identically():
    data = army_to_dict(FULL)
    again = army_to_dict(army_from_dict(json.loads(json.dumps(data))))
    assert again == data


def test_it_round_trips_a_bare_army_without_faction_or_budget():
    bare = ArmyList(battle_size=BattleSize.LARGE, lines=(ArmyLine(count=3, ref="footman"),))
    data = army_to_dict(bare)
    assert (data["faction"], data["points_limit"], data["composition"]) == (None, None, None)
    assert army_from_dict(data) == bare


def test_it_reads_the_shortest_form_a_person_would_type():
    read = army_from_dict(
        {
            "battle_size": "skirmish",
            "units": [{"unit": "thrall"}, {"unit": "orc-grunt", "count": 5}],
        }
    )
    assert read == ArmyList(
        battle_size=BattleSize.SKIRMISH,
        lines=(ArmyLine(count=1, ref="thrall"), ArmyLine(count=5, ref="orc-grunt")),
    )


def test_it_keeps_the_faction_table_it_was_given():
    assert army_from_dict(army_to_dict(army(*LEGAL))).faction == HORDE


def problems_of(data: Any) -> dict[str, list[str]]:
    with pytest.raises(InvalidInput) as caught:
        army_from_dict(data)
    return caught.value.problems


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ([], "data"),
        ({"units": []}, "battle_size"),
        ({"battle_size": "huge", "units": []}, "battle_size"),
        ({"battle_size": "large", "format": "azuki-deck", "units": []}, "format"),
        ({"battle_size": "large", "colour": "red", "units": []}, "colour"),
        ({"battle_size": "large", "points_limit": "lots", "units": []}, "points_limit"),
        ({"battle_size": "large", "points_limit": 0, "units": []}, "points_limit"),
        ({"battle_size": "large", "units": {}}, "units"),
        ({"battle_size": "large", "units": ["thrall"]}, "units.0"),
        ({"battle_size": "large", "units": [{"unit": "thrall", "count": -1}]}, "units.0.count"),
        ({"battle_size": "large", "units": [{"unit": "thrall", "count": True}]}, "units.0.count"),
        ({"battle_size": "large", "units": [{"count": 2}]}, "units.0.unit"),
        ({"battle_size": "large", "units": [{"unit": 7}]}, "units.0.unit"),
        ({"battle_size": "large", "units": [{"points": 7, "tiers": ["hero"]}]}, "units.0.name"),
        ({"battle_size": "large", "units": [{"name": "X", "tiers": ["hero"]}]}, "units.0.points"),
        ({"battle_size": "large", "units": [{"name": "X", "points": 5}]}, "units.0.tiers"),
        (
            {"battle_size": "large", "units": [{"name": "X", "points": 5, "tiers": []}]},
            "units.0.tiers",
        ),
        (
            {"battle_size": "large", "units": [{"name": "X", "points": 5, "tiers": ["boss"]}]},
            "units.0.tiers.0",
        ),
        (
            {
                "battle_size": "large",
                "units": [{"name": "X", "points": 5, "tiers": ["hero"], "unique": "yes"}],
            },
            "units.0.unique",
        ),
        ({"battle_size": "large", "composition": {"boss": {}}, "units": []}, "composition.boss"),
        (
            {"battle_size": "large", "composition": {"hero": {"min": 1}}, "units": []},
            "composition.hero.max",
        ),
        (
            {"battle_size": "large", "composition": {"hero": {"min": 3, "max": 1}}, "units": []},
            "composition.hero",
        ),
        ({"battle_size": "large", "faction": "horde", "units": []}, "faction"),
        ({"battle_size": "large", "faction": {"name": "Horde"}, "units": []}, "faction.slug"),
        (
            {
                "battle_size": "large",
                "faction": {"slug": "horde", "composition": {"epic": {}}},
                "units": [],
            },
            "faction.composition.epic",
        ),
    ],
)
def test_it_names_the_field_it_cannot_read(data, path):
    assert path in problems_of(data)


def test_it_names_every_bad_field_at_once():
    problems = problems_of(
        {
            "battle_size": "huge",
            "points_limit": -5,
            "units": [
                {"unit": "thrall", "count": 1000},
                {"name": "X", "points": "many", "tiers": ["hero", "boss"]},
            ],
        }
    )
    assert set(problems) == {
        "battle_size",
        "points_limit",
        "units.0.count",
        "units.1.points",
        "units.1.tiers.1",
    }
