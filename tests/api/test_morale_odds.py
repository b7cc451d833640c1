"""Contract tests for POST /api/azeroth/morale-odds/."""

from __future__ import annotations

import json
import math

import pytest
from django.test import Client

from games.systems.azeroth import api_examples as examples
from games.systems.azeroth.odds.responses import morale_odds_response
from referee.rules.azeroth import morale
from referee.rules.azeroth.profiles import MoraleTest, MoraleTrigger, Tier
from tests.api.helpers import (
    MORALE_URL,
    assert_bad_request,
    assert_matches_schema,
    post_raw,
)

FULL = {
    "tier": "elite",
    "last_hero_slain": True,
    "below_quarter_wounds": False,
    "fear_nearby": True,
    "command_aura": True,
    "undead_or_mechanical": False,
}
KEYS = {"morale_value", "pass", "waver", "rout", "reroll", "explanation"}


def test_it_answers_a_full_request_with_exactly_the_documented_keys(post):
    status, body = post(MORALE_URL, FULL)
    assert status == 200
    assert set(body) == KEYS
    assert_matches_schema(body, "MoraleOddsResult")
    assert isinstance(body["morale_value"], int)
    for key in ("pass", "waver", "rout"):
        assert isinstance(body[key], float) and 0.0 <= body[key] <= 1.0
    assert body["reroll"] is True
    assert body["explanation"]
    assert all(set(step) == {"rule", "text"} for step in body["explanation"])


def test_pass_waver_and_rout_sum_to_one(post):
    for tier in Tier:
        status, body = post(MORALE_URL, {**FULL, "tier": tier.value})
        assert status == 200
        assert math.isclose(body["pass"] + body["waver"] + body["rout"], 1.0, abs_tol=1e-12)


@pytest.mark.parametrize("tier", list(Tier))
@pytest.mark.parametrize("fear", [False, True])
@pytest.mark.parametrize("aura", [False, True])
def test_it_answers_exactly_what_the_engine_answers(post, tier, fear, aura):
    request = {"tier": tier.value, "fear_nearby": fear, "command_aura": aura}
    status, body = post(MORALE_URL, request)
    assert status == 200
    odds = morale.morale_odds(MoraleTest(tier=tier, fear_nearby=fear, command_aura=aura))
    assert body["morale_value"] == odds.morale_value
    assert body["pass"] == odds.pass_probability
    assert body["waver"] == odds.waver_probability
    assert body["rout"] == odds.rout_probability
    assert body["reroll"] == odds.reroll
    assert body["explanation"] == [{"rule": s.rule, "text": s.text} for s in odds.explanation]


def test_every_flag_defaults_to_false(post):
    _, short = post(MORALE_URL, {"tier": "baseline"})
    _, spelled_out = post(
        MORALE_URL,
        {
            "tier": "baseline",
            "last_hero_slain": False,
            "below_quarter_wounds": False,
            "fear_nearby": False,
            "command_aura": False,
            "undead_or_mechanical": False,
        },
    )
    assert short == spelled_out
    assert short["reroll"] is False


def test_an_undead_or_mechanical_model_never_tests(post):
    status, body = post(MORALE_URL, {"tier": "baseline", "undead_or_mechanical": True})
    assert status == 200
    assert body["morale_value"] is None
    assert body["pass"] == 1.0 and body["waver"] == 0.0 and body["rout"] == 0.0
    assert_matches_schema(body, "MoraleOddsResult")


def test_it_says_whether_the_model_must_test_when_given_a_trigger(post):
    status, body = post(MORALE_URL, examples.MORALE_TRIGGER_REQUEST)
    assert status == 200
    assert set(body) == KEYS | {"must_test"}
    assert_matches_schema(body, "MoraleOddsResult")
    expected = morale.must_test(MoraleTrigger(starting_wounds=4, wounds_lost_this_turn=2))
    assert body["must_test"]["required"] is expected.required is True
    assert body["must_test"]["reasons"] == [
        {"rule": s.rule, "text": s.text} for s in expected.reasons
    ]


def test_a_quiet_turn_means_no_test(post):
    status, body = post(MORALE_URL, {"tier": "baseline", "trigger": {"starting_wounds": 3}})
    assert status == 200
    assert body["must_test"]["required"] is False


def test_a_routing_model_must_test_to_rally(post):
    request = {"tier": "mounted", "trigger": {"starting_wounds": 3, "routing": True}}
    status, body = post(MORALE_URL, request)
    assert status == 200
    assert body["must_test"]["required"] is True


def test_must_test_is_absent_without_a_trigger_or_with_a_null_one(post):
    _, without = post(MORALE_URL, {"tier": "hero"})
    _, null = post(MORALE_URL, {"tier": "hero", "trigger": None})
    assert "must_test" not in without
    assert without == null


def test_the_function_gives_the_same_body_as_the_endpoint(post):
    _, body = post(MORALE_URL, examples.MORALE_REQUEST)
    assert json.loads(json.dumps(morale_odds_response(examples.MORALE_REQUEST))) == body


# --- Bad input ---------------------------------------------------------------------------


def test_the_documented_bad_request_example_is_what_the_api_answers(post):
    status, body = post(MORALE_URL, examples.MORALE_BAD_REQUEST)
    assert status == 400
    assert body == examples.MORALE_BAD_RESPONSE


def test_it_names_an_unknown_field_at_the_top_and_inside_the_trigger(post):
    request = {
        "tier": "elite",
        "courage": 3,
        "trigger": {"starting_wounds": 2, "panic": True},
    }
    status, body = post(MORALE_URL, request)
    assert_bad_request(status, body, "courage", "trigger.panic")
    assert body["errors"]["courage"] == ["Unknown field."]


def test_it_requires_the_tier(post):
    status, body = post(MORALE_URL, {"fear_nearby": True})
    assert_bad_request(status, body, "tier")
    assert body["errors"]["tier"] == ["This field is required."]
    assert body["detail"] == "tier: This field is required."


@pytest.mark.parametrize("value", ["true", 1, 0, None, [], {}])
def test_it_takes_only_json_booleans_for_flags(post, value):
    status, body = post(MORALE_URL, {"tier": "elite", "command_aura": value})
    assert_bad_request(status, body, "command_aura")


@pytest.mark.parametrize("value", ["Elite", "", 3, None, ["elite"]])
def test_it_rejects_a_tier_that_is_not_one_of_the_four(post, value):
    status, body = post(MORALE_URL, {"tier": value})
    assert_bad_request(status, body, "tier")


def test_it_names_every_bad_trigger_field(post):
    request = {
        "tier": "elite",
        "trigger": {"starting_wounds": 0, "wounds_lost_this_turn": -1, "routing": "no"},
    }
    status, body = post(MORALE_URL, request)
    assert_bad_request(
        status,
        body,
        "trigger.starting_wounds",
        "trigger.wounds_lost_this_turn",
        "trigger.routing",
    )


def test_it_requires_the_trigger_to_be_an_object_with_starting_wounds(post):
    status, body = post(MORALE_URL, {"tier": "elite", "trigger": {}})
    assert_bad_request(status, body, "trigger.starting_wounds")
    status, body = post(MORALE_URL, {"tier": "elite", "trigger": [4]})
    assert_bad_request(status, body, "trigger")


def test_malformed_json_is_a_400_naming_the_body(client: Client):
    response = post_raw(client, MORALE_URL, '{"tier": "elite",')
    assert_bad_request(response.status_code, response.json(), "body")


@pytest.mark.parametrize("raw", ["[]", "null", '"elite"', "7", "true"])
def test_a_body_that_is_not_an_object_is_a_400(client: Client, raw):
    response = post_raw(client, MORALE_URL, raw)
    assert_bad_request(response.status_code, response.json(), "body")
    assert "Expected a JSON object" in response.json()["detail"]


def test_get_is_not_allowed(client: Client):
    response = client.get(MORALE_URL)
    assert response.status_code == 405
    assert response.json() == {"detail": 'Method "GET" not allowed.'}
