"""Contract tests for POST /api/azeroth/spell-odds/."""

from __future__ import annotations

import json
import math

import pytest
from django.test import Client

from games.systems.azeroth import api_examples as examples
from games.systems.azeroth.odds.responses import spell_odds_response
from referee.rules.azeroth import magic
from referee.rules.azeroth.profiles import (
    AbilityType,
    Dispeller,
    NaturalRolls,
    Rulings,
    SpellAttempt,
)
from tests.api.helpers import (
    SPELL_URL,
    assert_bad_request,
    assert_matches_schema,
    post_raw,
)

FULL = {
    "ability_type": "instant",
    "mana_cost": 3,
    "spell_block": True,
    "respond": True,
    "dispeller": "magical_model",
    "defender_mana": 5,
    "rulings": {"natural_rolls": "standard"},
}
KEYS = {
    "goes_off",
    "blocked",
    "cancelled",
    "caster_mana",
    "response",
    "response_cost",
    "spell_block_target",
    "spell_block_probability",
    "response_target",
    "response_modifier",
    "response_probability",
    "defender_mana_expected",
    "defender_mana_distribution",
    "explanation",
}


def test_it_answers_a_full_request_with_exactly_the_documented_keys(post):
    status, body = post(SPELL_URL, FULL)
    assert status == 200
    assert set(body) == KEYS
    assert_matches_schema(body, "SpellOddsResult")
    assert body["response"] == "counterspell"
    assert body["caster_mana"] == 3
    for key in ("goes_off", "blocked", "cancelled", "spell_block_probability"):
        assert isinstance(body[key], float)
    for key in ("spell_block_target", "response_target", "response_modifier", "response_cost"):
        assert isinstance(body[key], int)
    assert body["explanation"]


@pytest.mark.parametrize("ability", list(AbilityType))
@pytest.mark.parametrize("dispeller", list(Dispeller))
@pytest.mark.parametrize("spell_block", [False, True])
def test_it_answers_exactly_what_the_engine_answers(post, ability, dispeller, spell_block):
    request = {
        "ability_type": ability.value,
        "mana_cost": 2,
        "spell_block": spell_block,
        "dispeller": dispeller.value,
        "rulings": {"natural_rolls": "literal"},
    }
    status, body = post(SPELL_URL, request)
    assert status == 200
    odds = magic.spell_odds(
        SpellAttempt(
            ability_type=ability,
            mana_cost=2,
            spell_block=spell_block,
            dispeller=dispeller,
            rulings=Rulings(NaturalRolls.LITERAL),
        )
    )
    assert body["goes_off"] == odds.goes_off
    assert body["blocked"] == odds.blocked
    assert body["cancelled"] == odds.cancelled
    assert body["response"] == odds.response
    assert body["response_cost"] == odds.response_cost
    assert body["defender_mana_expected"] == odds.defender_mana_expected
    assert [(d["mana"], d["probability"]) for d in body["defender_mana_distribution"]] == [
        (mana, p) for mana, p in sorted(odds.defender_mana_distribution) if p > 0
    ]
    block, response = odds.spell_block_roll, odds.response_roll
    assert body["spell_block_target"] == (block.needed if block else None)
    assert body["spell_block_probability"] == (block.probability if block else None)
    assert body["response_target"] == (response.needed if response else None)
    assert body["response_modifier"] == (response.modifier if response else None)
    assert body["response_probability"] == (response.probability if response else None)
    assert body["explanation"] == [{"rule": s.rule, "text": s.text} for s in odds.explanation]
    assert_matches_schema(body, "SpellOddsResult")


@pytest.mark.parametrize("ability", list(AbilityType))
def test_the_outcomes_sum_to_one_and_the_mana_distribution_is_ordered(post, ability):
    status, body = post(SPELL_URL, {**FULL, "ability_type": ability.value})
    assert status == 200
    assert math.isclose(body["goes_off"] + body["blocked"] + body["cancelled"], 1.0, abs_tol=1e-12)
    mana = body["defender_mana_distribution"]
    assert [entry["mana"] for entry in mana] == sorted({entry["mana"] for entry in mana})
    assert all(entry["probability"] > 0 for entry in mana)
    assert math.isclose(sum(entry["probability"] for entry in mana), 1.0, abs_tol=1e-12)


def test_only_the_ability_type_is_required(post):
    _, short = post(SPELL_URL, {"ability_type": "buff"})
    _, spelled_out = post(
        SPELL_URL,
        {
            "ability_type": "buff",
            "mana_cost": 0,
            "spell_block": False,
            "respond": True,
            "dispeller": "none",
            "defender_mana": None,
            "rulings": {"natural_rolls": "standard"},
        },
    )
    assert short == spelled_out
    assert short["goes_off"] == 1.0
    assert short["spell_block_target"] is None and short["response"] is None


def test_a_spell_shoot_cannot_be_answered(post):
    request = {**FULL, "ability_type": "spell_shoot", "spell_block": False}
    status, body = post(SPELL_URL, request)
    assert status == 200
    assert body["response"] is None
    assert body["response_target"] is None and body["response_probability"] is None
    assert body["goes_off"] == 1.0


def test_a_magical_hero_gets_plus_one_to_dispel(post):
    _, model = post(SPELL_URL, {"ability_type": "debuff", "dispeller": "magical_model"})
    _, hero = post(SPELL_URL, {"ability_type": "debuff", "dispeller": "magical_hero"})
    assert model["response_modifier"] == 0 and hero["response_modifier"] == 1
    assert hero["cancelled"] > model["cancelled"]


def test_the_function_gives_the_same_body_as_the_endpoint(post):
    _, body = post(SPELL_URL, examples.SPELL_REQUEST)
    assert json.loads(json.dumps(spell_odds_response(examples.SPELL_REQUEST))) == body


# --- Bad input ---------------------------------------------------------------------------


def test_the_documented_bad_request_example_is_what_the_api_answers(post):
    status, body = post(SPELL_URL, examples.SPELL_BAD_REQUEST)
    assert status == 400
    assert body == examples.SPELL_BAD_RESPONSE


def test_it_names_every_bad_field_at_once(post):
    request = {
        "ability_type": "fireball",
        "mana_cost": -1,
        "spell_block": "yes",
        "dispeller": "wizard",
        "defender_mana": 11,
        "rulings": {"natural_rolls": "generous", "house": True},
        "caster": "Jaina",
    }
    status, body = post(SPELL_URL, request)
    assert_bad_request(
        status,
        body,
        "ability_type",
        "mana_cost",
        "spell_block",
        "dispeller",
        "defender_mana",
        "rulings.natural_rolls",
        "rulings.house",
        "caster",
    )
    assert body["errors"]["rulings.house"] == ["Unknown field."]
    assert body["detail"].startswith("8 fields are invalid: ")


def test_it_requires_the_ability_type(post):
    status, body = post(SPELL_URL, {"mana_cost": 2})
    assert_bad_request(status, body, "ability_type")


@pytest.mark.parametrize("value", ["2", 2.5, True, None, [2]])
def test_it_takes_only_whole_json_numbers_for_mana(post, value):
    status, body = post(SPELL_URL, {"ability_type": "buff", "mana_cost": value})
    assert_bad_request(status, body, "mana_cost")


def test_a_whole_number_written_with_a_point_is_still_a_whole_number(post):
    status, body = post(SPELL_URL, {"ability_type": "buff", "mana_cost": 2.0})
    assert status == 200
    assert body["caster_mana"] == 2


def test_malformed_json_is_a_400_naming_the_body(client: Client):
    response = post_raw(client, SPELL_URL, "{ability_type: buff}")
    assert_bad_request(response.status_code, response.json(), "body")


@pytest.mark.parametrize("raw", ["[]", "null", "3.5", '"buff"'])
def test_a_body_that_is_not_an_object_is_a_400(client: Client, raw):
    response = post_raw(client, SPELL_URL, raw)
    assert_bad_request(response.status_code, response.json(), "body")


def test_get_is_not_allowed(client: Client):
    assert client.get(SPELL_URL).status_code == 405
