"""Contract tests for POST /api/azeroth/blast-odds/."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from games.systems.azeroth import api_examples as examples
from games.systems.azeroth.odds.responses import blast_odds_response
from referee.rules.azeroth import blast
from referee.rules.azeroth.profiles import (
    MAX_BLAST_TARGETS,
    Armor,
    Blast,
    BlastTarget,
    NaturalRolls,
    Rulings,
    Template,
    Weapon,
)
from tests.api.helpers import (
    BLAST_URL,
    assert_bad_request,
    assert_matches_schema,
    post_raw,
)

TARGET = {"distance": 1.5, "base_mm": 25, "tgh": 3, "def": 5}
KEYS = {"template_diameter", "scatter_reduced", "on_target_probability", "targets", "explanation"}
TARGET_KEYS = {
    "label",
    "under_template",
    "wound_target",
    "wound_probability",
    "save_target",
    "save_modifier",
    "save_probability",
    "armor_piercing",
    "damage_probability",
    "kill_probability",
    "explanation",
}


def blast_request(*targets: Any, **fields: Any) -> dict[str, Any]:
    return {"template": "small", "caster_skl": 4, "strength": 4, "targets": list(targets), **fields}


def test_it_answers_a_full_request_with_exactly_the_documented_keys(post):
    status, body = post(
        BLAST_URL, {**examples.BLAST_REQUEST, "rulings": {"natural_rolls": "standard"}}
    )
    assert status == 200
    assert set(body) == KEYS
    assert_matches_schema(body, "BlastOddsResult")
    assert [t["label"] for t in body["targets"]] == ["Footmen", "Knight", "Archer"]
    for target in body["targets"]:
        assert set(target) == TARGET_KEYS
        assert 0.0 <= target["under_template"] <= 1.0
        assert target["explanation"]
    assert isinstance(body["template_diameter"], float)
    assert body["explanation"]


def test_it_answers_exactly_what_the_engine_answers(post):
    status, body = post(
        BLAST_URL, {**examples.BLAST_REQUEST, "rulings": {"natural_rolls": "literal"}}
    )
    assert status == 200
    odds = blast.blast_odds(
        Blast(
            template=Template.LARGE,
            caster_skl=3,
            strength=4,
            targets=(
                BlastTarget(distance=0.0, base_mm=25, tgh=3, defense=5, label="Footmen"),
                BlastTarget(
                    distance=3.5,
                    base_mm=50,
                    tgh=4,
                    defense=3,
                    armor=Armor.HEAVY,
                    weapons=(Weapon.SHIELD,),
                    wounds_remaining=2,
                    label="Knight",
                ),
                BlastTarget(
                    distance=5.0, base_mm=25, tgh=3, defense=6, hard_cover=True, label="Archer"
                ),
            ),
            rulings=Rulings(NaturalRolls.LITERAL),
        )
    )
    assert body["template_diameter"] == odds.template_diameter
    assert body["scatter_reduced"] == odds.scatter_reduced
    assert body["on_target_probability"] == odds.on_target_probability
    assert body["explanation"] == [{"rule": s.rule, "text": s.text} for s in odds.explanation]
    assert len(body["targets"]) == len(odds.targets)
    for answer, expected in zip(body["targets"], odds.targets, strict=True):
        assert answer["label"] == expected.label
        assert answer["under_template"] == expected.under_template
        assert answer["wound_target"] == expected.wound.needed
        assert answer["wound_probability"] == expected.wound.probability
        assert answer["save_target"] == (expected.save.needed if expected.save else None)
        assert answer["save_probability"] == (expected.save.probability if expected.save else 0.0)
        assert answer["armor_piercing"] == expected.armor_piercing
        assert answer["damage_probability"] == expected.damage_probability
        assert answer["kill_probability"] == expected.kill_probability
        assert answer["explanation"] == [
            {"rule": s.rule, "text": s.text} for s in expected.explanation
        ]


def test_a_target_needs_only_distance_base_tgh_and_def(post):
    _, short = post(BLAST_URL, blast_request(TARGET))
    _, spelled_out = post(
        BLAST_URL,
        blast_request(
            {
                **TARGET,
                "label": "",
                "armor": "MA",
                "weapons": [],
                "hard_cover": False,
                "wounds_remaining": 1,
            },
            rulings={"natural_rolls": "standard"},
        ),
    )
    assert short == spelled_out
    assert short["targets"][0]["label"] == ""


def test_a_target_without_def_has_no_save(post):
    status, body = post(BLAST_URL, blast_request({**TARGET, "def": None}))
    assert status == 200
    target = body["targets"][0]
    assert target["save_target"] is None
    assert target["save_probability"] == 0.0 and target["save_modifier"] == 0


def test_a_unit_on_its_last_wound_dies_when_damaged_and_a_tougher_one_does_not(post):
    _, body = post(BLAST_URL, blast_request(TARGET, {**TARGET, "wounds_remaining": 3}))
    last, healthy = body["targets"]
    assert last["kill_probability"] == last["damage_probability"] > 0
    assert healthy["kill_probability"] == 0.0


def test_it_takes_up_to_twenty_targets(post):
    status, body = post(BLAST_URL, blast_request(*[TARGET] * MAX_BLAST_TARGETS))
    assert status == 200
    assert len(body["targets"]) == MAX_BLAST_TARGETS


def test_the_function_gives_the_same_body_as_the_endpoint(post):
    _, body = post(BLAST_URL, examples.BLAST_REQUEST)
    assert json.loads(json.dumps(blast_odds_response(examples.BLAST_REQUEST))) == body


# --- Bad input ---------------------------------------------------------------------------


def test_the_documented_bad_request_example_is_what_the_api_answers(post):
    status, body = post(BLAST_URL, examples.BLAST_BAD_REQUEST)
    assert status == 400
    assert body == examples.BLAST_BAD_RESPONSE


def test_it_names_each_bad_target_field_by_its_index(post):
    request = blast_request(
        {**TARGET, "colour": "blue"},
        {"distance": 101, "base_mm": 5, "tgh": 3},
        TARGET,
        {**TARGET, "label": "x" * 61, "weapons": ["SH", "SH"], "hard_cover": 1},
    )
    status, body = post(BLAST_URL, request)
    assert_bad_request(
        status,
        body,
        "targets.0.colour",
        "targets.1.distance",
        "targets.1.base_mm",
        "targets.1.def",
        "targets.3.label",
        "targets.3.weapons",
        "targets.3.hard_cover",
    )
    assert body["errors"]["targets.1.def"] == ["This field is required."]


@pytest.mark.parametrize("count", [0, MAX_BLAST_TARGETS + 1])
def test_it_wants_one_to_twenty_targets(post, count):
    status, body = post(BLAST_URL, blast_request(*[TARGET] * count))
    assert_bad_request(status, body, "targets")


@pytest.mark.parametrize("targets", [None, {}, "all", [[1]], [3]])
def test_targets_must_be_a_list_of_objects(post, targets):
    status, body = post(BLAST_URL, {**blast_request(), "targets": targets})
    assert status == 400
    assert all(path.startswith("targets") for path in body["errors"]), body


def test_it_names_every_bad_top_level_field(post):
    request = {
        "template": "medium",
        "caster_skl": 7,
        "strength": 0,
        "targets": [TARGET],
        "rulings": {"natural_rolls": 1},
        "aim": [0, 0],
    }
    status, body = post(BLAST_URL, request)
    assert_bad_request(
        status, body, "template", "caster_skl", "strength", "rulings.natural_rolls", "aim"
    )


def test_it_requires_template_caster_strength_and_targets(post):
    status, body = post(BLAST_URL, {})
    assert_bad_request(status, body, "template", "caster_skl", "strength", "targets")


@pytest.mark.parametrize("value", ["1.5", True, None, [1.5]])
def test_distances_are_json_numbers(post, value):
    status, body = post(BLAST_URL, blast_request({**TARGET, "distance": value}))
    assert_bad_request(status, body, "targets.0.distance")


def test_malformed_json_is_a_400_naming_the_body(client: Client):
    response = post_raw(client, BLAST_URL, b'{"template": "small"\xff}')
    assert_bad_request(response.status_code, response.json(), "body")


def test_a_body_that_is_not_an_object_is_a_400(client: Client):
    response = post_raw(client, BLAST_URL, json.dumps([examples.BLAST_REQUEST]))
    assert_bad_request(response.status_code, response.json(), "body")


def test_get_is_not_allowed(client: Client):
    assert client.get(BLAST_URL).status_code == 405
