"""Contract tests for POST /api/azeroth/attack-odds/."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest
from django.test import Client

from games.systems.azeroth import api_examples as examples
from games.systems.azeroth.odds.responses import attack_odds_response
from referee.rules.azeroth import combat
from referee.rules.azeroth.profiles import (
    LIMITS,
    MAX_DICE,
    Armor,
    Attack,
    Attacker,
    AttackOdds,
    Cover,
    DamageOdds,
    Defender,
    Keywords,
    Mode,
    NaturalRolls,
    Rulings,
    Situation,
    SplashOdds,
    Weapon,
)
from tests.api.helpers import (
    ATTACK_URL,
    assert_bad_request,
    assert_matches_schema,
    post_json,
    post_raw,
)

FULL: dict[str, Any] = {
    "mode": "melee",
    "attacker": {
        "atk": 5,
        "skl": 3,
        "str": 5,
        "ranged_str": None,
        "ini": 3,
        "armor": "LA",
        "weapons": ["HW"],
        "wounds": 4,
        "wounds_remaining": 2,
        "fly": False,
        "keywords": {
            "momentum": 1,
            "decisive_blow": 2,
            "cleave": True,
            "berserker": True,
            "precision_shot": False,
        },
    },
    "defender": {
        "tgh": 4,
        "def": 4,
        "ini": 4,
        "armor": "HA",
        "weapons": ["SW", "SH"],
        "wounds": 3,
        "wounds_remaining": 2,
        "fly": False,
    },
    "situation": {
        "charging": True,
        "downhill_charge": True,
        "uphill_defender": False,
        "flanking": True,
        "opportunity_attack": False,
        "hold": False,
        "elevated": False,
        "long_range": False,
        "cover": "none",
        "into_melee": False,
    },
    "rulings": {"natural_rolls": "standard"},
    "second_target": {
        "tgh": 3,
        "def": 6,
        "ini": 2,
        "armor": "MA",
        "weapons": [],
        "wounds": 1,
        "wounds_remaining": None,
        "fly": False,
    },
    "friendly": None,
}

FULL_ATTACK = Attack(
    mode=Mode.MELEE,
    attacker=Attacker(
        atk=5,
        skl=3,
        str=5,
        ini=3,
        wounds=4,
        armor=Armor.LIGHT,
        weapons=(Weapon.HEAVY,),
        wounds_remaining=2,
        keywords=Keywords(momentum=1, decisive_blow=2, cleave=True, berserker=True),
    ),
    defender=Defender(
        tgh=4,
        defense=4,
        ini=4,
        wounds=3,
        armor=Armor.HEAVY,
        weapons=(Weapon.STANDARD, Weapon.SHIELD),
        wounds_remaining=2,
    ),
    situation=Situation(charging=True, downhill_charge=True, flanking=True),
    second_target=Defender(tgh=3, defense=6, ini=2, wounds=1),
)

KEYS = {
    "dice",
    "hit_target",
    "hit_modifier",
    "hit_probability",
    "wound_target",
    "wound_probability",
    "save_target",
    "save_modifier",
    "save_probability",
    "armor_piercing",
    "decisive_blow",
    "expected_damage",
    "kill_probability",
    "distribution",
    "at_least",
    "explanation",
    "second_target",
    "friendly",
}

MINIMAL: dict[str, Any] = {
    "mode": "melee",
    "attacker": {"atk": 3, "skl": 4, "str": 3, "ini": 3, "wounds": 1},
    "defender": {"tgh": 3, "def": 5, "ini": 3, "wounds": 1},
}


def with_changes(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A deep copy of ``base`` with dotted-path changes: with_changes(r, **{"attacker.atk": 9})."""
    body = copy.deepcopy(base)
    for path, value in changes.items():
        *parents, last = path.split(".")
        node = body
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return body


def pairs(entries: list[dict[str, Any]], key: str = "damage") -> list[tuple[int, float]]:
    return [(entry[key], entry["probability"]) for entry in entries]


def assert_damage_matches(body: dict[str, Any], damage: DamageOdds) -> None:
    assert body["expected_damage"] == damage.expected
    assert body["kill_probability"] == damage.kill_probability
    assert pairs(body["distribution"]) == damage.nonzero()
    most = body["distribution"][-1]["damage"]
    assert pairs(body["at_least"]) == [(k, damage.at_least[k]) for k in range(most + 1)]


def assert_splash_matches(body: dict[str, Any] | None, splash: SplashOdds | None) -> None:
    if splash is None:
        assert body is None
        return
    assert body is not None
    assert pairs(body["hits"], "count") == [(n, p) for n, p in enumerate(splash.hits) if p > 0]
    assert body["expected_hits"] == splash.expected_hits
    assert body["armor_piercing"] == splash.armor_piercing
    assert body["both_killed_probability"] == splash.both_killed_probability
    if splash.wound is None:
        assert body["wound_target"] is None
    else:
        assert body["wound_target"] == splash.wound.needed
        assert body["wound_probability"] == splash.wound.probability
        assert body["save_target"] == (splash.save.needed if splash.save else None)
    if splash.damage is None:
        assert body["distribution"] is None and body["kill_probability"] is None
    else:
        assert_damage_matches(body, splash.damage)


def assert_body_matches(body: dict[str, Any], odds: AttackOdds) -> None:
    """Every number in the body is the engine's, unrounded."""
    assert body["dice"] == odds.dice
    assert body["hit_target"] == odds.hit.needed
    assert body["hit_modifier"] == odds.hit.modifier
    assert body["hit_probability"] == odds.hit.probability
    assert body["wound_target"] == odds.wound.needed
    assert body["wound_probability"] == odds.wound.probability
    if odds.save is None:
        assert body["save_target"] is None and body["save_probability"] == 0.0
    else:
        assert body["save_target"] == odds.save.needed
        assert body["save_modifier"] == odds.save.modifier
        assert body["save_probability"] == odds.save.probability
    assert body["armor_piercing"] == odds.armor_piercing
    assert body["decisive_blow"] == odds.decisive_blow
    assert_damage_matches(body, odds.damage)
    assert body["explanation"] == [{"rule": s.rule, "text": s.text} for s in odds.explanation]
    assert_splash_matches(body["second_target"], odds.second_target)
    assert_splash_matches(body["friendly"], odds.friendly)


# --- Valid requests ----------------------------------------------------------------------


def test_it_answers_a_full_request_with_exactly_the_documented_keys(post):
    status, body = post(ATTACK_URL, FULL)
    assert status == 200
    assert set(body) == KEYS
    assert_matches_schema(body, "AttackOddsResult")
    for key in ("dice", "hit_target", "hit_modifier", "wound_target", "decisive_blow"):
        assert type(body[key]) is int
    for key in ("hit_probability", "wound_probability", "expected_damage", "kill_probability"):
        assert type(body[key]) is float
    assert body["second_target"] is not None and body["friendly"] is None
    assert all(set(step) == {"rule", "text"} for step in body["explanation"])


def test_it_answers_exactly_what_the_engine_answers_for_the_same_attack(post):
    status, body = post(ATTACK_URL, FULL)
    assert status == 200
    assert_body_matches(body, combat.attack_odds(FULL_ATTACK))


@pytest.mark.parametrize(
    "request_body",
    [
        examples.ATTACK_REQUEST,
        examples.ATTACK_CLEAVE_REQUEST,
        examples.ATTACK_INTO_MELEE_REQUEST,
        MINIMAL,
        with_changes(MINIMAL, **{"rulings.natural_rolls": "literal", "attacker.skl": 6}),
    ],
    ids=["charge", "cleave", "into-melee", "minimal", "literal"],
)
def test_the_function_and_the_endpoint_give_the_same_body(post, request_body):
    status, body = post(ATTACK_URL, request_body)
    assert status == 200
    assert_matches_schema(body, "AttackOddsResult")
    assert json.loads(json.dumps(attack_odds_response(request_body))) == body


def test_the_distribution_is_ascending_positive_and_sums_to_one(post):
    for request_body in (FULL, examples.ATTACK_REQUEST, examples.ATTACK_INTO_MELEE_REQUEST):
        _, body = post(ATTACK_URL, request_body)
        damages = [entry["damage"] for entry in body["distribution"]]
        assert damages == sorted(set(damages))
        assert all(entry["probability"] > 0 for entry in body["distribution"])
        assert math.isclose(
            math.fsum(entry["probability"] for entry in body["distribution"]), 1.0, abs_tol=1e-12
        )


def test_at_least_runs_from_zero_to_the_most_damage_and_agrees_with_the_distribution(post):
    _, body = post(ATTACK_URL, FULL)
    exactly = dict(pairs(body["distribution"]))
    at_least = pairs(body["at_least"])
    assert [k for k, _ in at_least] == list(range(max(exactly) + 1))
    assert math.isclose(at_least[0][1], 1.0, abs_tol=1e-12)
    for k, p in at_least:
        tail = math.fsum(q for d, q in exactly.items() if d >= k)
        assert math.isclose(p, tail, abs_tol=1e-12)


def test_everything_optional_has_its_documented_default(post):
    _, short = post(ATTACK_URL, MINIMAL)
    spelled_out = {
        "mode": "melee",
        "attacker": {
            **MINIMAL["attacker"],
            "ranged_str": None,
            "armor": "MA",
            "weapons": [],
            "wounds_remaining": 1,
            "fly": False,
            "keywords": {
                "momentum": 0,
                "decisive_blow": 0,
                "cleave": False,
                "berserker": False,
                "precision_shot": False,
            },
        },
        "defender": {
            **MINIMAL["defender"],
            "armor": "MA",
            "weapons": [],
            "wounds_remaining": None,
            "fly": False,
        },
        "situation": {
            "charging": False,
            "downhill_charge": False,
            "uphill_defender": False,
            "flanking": False,
            "opportunity_attack": False,
            "hold": False,
            "elevated": False,
            "long_range": False,
            "cover": "none",
            "into_melee": False,
        },
        "rulings": {"natural_rolls": "standard"},
        "second_target": None,
        "friendly": None,
        "goal": None,
    }
    status, long = post(ATTACK_URL, spelled_out)
    assert status == 200
    assert short == long
    assert short["dice"] == 3


def test_wounds_remaining_defaults_to_wounds(post):
    request_body = with_changes(MINIMAL, **{"defender.wounds": 2, "attacker.atk": 6})
    _, unhurt = post(ATTACK_URL, request_body)
    _, explicit = post(ATTACK_URL, with_changes(request_body, **{"defender.wounds_remaining": 2}))
    _, hurt = post(ATTACK_URL, with_changes(request_body, **{"defender.wounds_remaining": 1}))
    assert unhurt == explicit
    assert hurt["kill_probability"] > unhurt["kill_probability"]


def test_a_defender_without_def_has_no_save(post):
    _, body = post(ATTACK_URL, with_changes(MINIMAL, **{"defender.def": None}))
    assert body["save_target"] is None
    assert body["save_probability"] == 0.0
    assert_matches_schema(body, "AttackOddsResult")


def test_the_second_target_is_null_unless_cleave_puts_dice_on_it(post):
    _, plain = post(ATTACK_URL, MINIMAL)
    assert plain["second_target"] is None and plain["friendly"] is None
    status, body = post(ATTACK_URL, examples.ATTACK_CLEAVE_REQUEST)
    assert status == 200
    second = body["second_target"]
    assert second is not None and body["friendly"] is None
    assert second["distribution"] and second["both_killed_probability"] is not None
    assert math.isclose(
        math.fsum(entry["probability"] for entry in second["hits"]), 1.0, abs_tol=1e-12
    )


def test_the_friendly_is_null_unless_shooting_into_melee(post):
    status, body = post(ATTACK_URL, examples.ATTACK_INTO_MELEE_REQUEST)
    assert status == 200
    friendly = body["friendly"]
    assert friendly is not None and body["second_target"] is None
    assert friendly["kill_probability"] is not None and friendly["distribution"]
    ranged = with_changes(examples.ATTACK_INTO_MELEE_REQUEST, **{"situation.into_melee": False})
    del ranged["friendly"]
    _, body = post(ATTACK_URL, ranged)
    assert body["friendly"] is None


def test_without_the_friendly_profile_it_gives_only_the_hits_the_friendly_takes(post):
    request_body = {**examples.ATTACK_INTO_MELEE_REQUEST, "friendly": None}
    status, body = post(ATTACK_URL, request_body)
    assert status == 200
    friendly = body["friendly"]
    assert friendly["hits"] and friendly["expected_hits"] > 0
    for key in ("wound_target", "save_target", "expected_damage", "kill_probability"):
        assert friendly[key] is None
    assert friendly["distribution"] is None and friendly["at_least"] is None
    assert_matches_schema(body, "AttackOddsResult")


def test_the_plan_is_there_only_when_a_goal_is_given(post):
    _, without = post(ATTACK_URL, examples.ATTACK_REQUEST)
    assert "plan" not in without
    status, body = post(ATTACK_URL, examples.ATTACK_PLAN_REQUEST)
    assert status == 200
    assert set(body) == KEYS | {"plan"}
    assert_matches_schema(body, "AttackOddsResult")
    plan = body["plan"]
    assert plan["goal"] == 0.75
    assert plan["current_kill_probability"] == body["kill_probability"]
    assert plan["dice_now"] == body["dice"]
    assert {key: value for key, value in body.items() if key != "plan"} == without


def test_the_plan_is_the_engines_plan(post):
    _, body = post(ATTACK_URL, {**FULL, "goal": 0.9})
    expected = combat.plan_attack(FULL_ATTACK, 0.9)
    plan = body["plan"]
    assert plan["dice_needed"] == expected.dice_needed
    assert plan["current_kill_probability"] == expected.current_kill_probability
    assert [
        (t["toggle"], t["value"], t["kill_probability"], t["reaches_goal"]) for t in plan["toggles"]
    ] == [(t.toggle, t.value, t.kill_probability, t.reaches_goal) for t in expected.toggles]
    best = expected.best_toggle
    assert (plan["best_toggle"] or {}).get("toggle") == (best.toggle if best else None)


def test_a_goal_of_one_is_allowed(post):
    status, body = post(ATTACK_URL, {**MINIMAL, "goal": 1})
    assert status == 200
    assert body["plan"]["goal"] == 1.0


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("natural", list(NaturalRolls))
@pytest.mark.parametrize("defense", [None, 2, 6])
def test_it_matches_the_engine_across_modes_rulings_and_saves(post, mode, natural, defense):
    request_body = with_changes(
        MINIMAL,
        mode=mode.value,
        **{
            "attacker.atk": 7,
            "attacker.skl": 5,
            "attacker.ranged_str": 6,
            "defender.def": defense,
            "rulings.natural_rolls": natural.value,
        },
    )
    if mode is Mode.RANGED:
        request_body["situation"] = {"long_range": True, "cover": "hard"}
    else:
        request_body["situation"] = {"uphill_defender": True}
    status, body = post(ATTACK_URL, request_body)
    assert status == 200, body
    attack = Attack(
        mode=mode,
        attacker=Attacker(atk=7, skl=5, str=3, ini=3, wounds=1, ranged_str=6),
        defender=Defender(tgh=3, defense=defense, ini=3, wounds=1),
        situation=(
            Situation(long_range=True, cover=Cover.HARD)
            if mode is Mode.RANGED
            else Situation(uphill_defender=True)
        ),
        rulings=Rulings(natural),
    )
    assert_body_matches(body, combat.attack_odds(attack))


# --- Bad input ---------------------------------------------------------------------------


def test_the_documented_bad_request_example_is_what_the_api_answers(post):
    status, body = post(ATTACK_URL, examples.ATTACK_BAD_REQUEST)
    assert status == 400
    assert body == examples.ATTACK_BAD_RESPONSE


def test_it_names_every_unknown_field_at_every_level(post):
    request_body = with_changes(
        FULL,
        colour="red",
        **{
            "attacker.colour": "red",
            "attacker.keywords.rage": 1,
            "defender.height": 3,
            "situation.raining": True,
            "rulings.dice": "loaded",
            "second_target.name": "Bob",
        },
    )
    status, body = post(ATTACK_URL, request_body)
    assert_bad_request(
        status,
        body,
        "colour",
        "attacker.colour",
        "attacker.keywords.rage",
        "defender.height",
        "situation.raining",
        "rulings.dice",
        "second_target.name",
    )
    assert all(messages == ["Unknown field."] for messages in body["errors"].values())
    assert body["detail"].startswith("7 fields are invalid:")


def test_it_names_every_missing_field(post):
    status, body = post(ATTACK_URL, {"attacker": {"atk": 3}, "defender": {"def": None}})
    assert_bad_request(
        status,
        body,
        "mode",
        "attacker.skl",
        "attacker.str",
        "attacker.ini",
        "attacker.wounds",
        "defender.tgh",
        "defender.ini",
        "defender.wounds",
    )
    assert body["errors"]["mode"] == ["This field is required."]


def test_def_must_be_sent_even_when_there_is_no_save(post):
    request_body = copy.deepcopy(MINIMAL)
    del request_body["defender"]["def"]
    status, body = post(ATTACK_URL, request_body)
    assert_bad_request(status, body, "defender.def")


def test_an_empty_object_names_the_three_required_fields(post):
    status, body = post(ATTACK_URL, {})
    assert_bad_request(status, body, "mode", "attacker", "defender")


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("mode", "magic"),
        ("mode", None),
        ("attacker", "orc"),
        ("attacker.atk", "4"),
        ("attacker.atk", 4.5),
        ("attacker.atk", True),
        ("attacker.atk", None),
        ("attacker.str", [5]),
        ("attacker.armor", "ha"),
        ("attacker.armor", None),
        ("attacker.weapons", "HW"),
        ("attacker.weapons", ["HW", "HW"]),
        ("attacker.weapons", None),
        ("attacker.fly", "false"),
        ("attacker.fly", 0),
        ("attacker.keywords", True),
        ("attacker.keywords.cleave", "yes"),
        ("attacker.keywords.momentum", 1.5),
        ("defender.def", "4+"),
        ("defender.weapons", [{"tag": "SW"}]),
        ("situation", []),
        ("situation.charging", 1),
        ("situation.cover", "partial"),
        ("rulings.natural_rolls", "house"),
        ("second_target", 3),
        ("goal", "0.5"),
        ("goal", 0),
        ("goal", -0.1),
        ("goal", 1.01),
        ("goal", True),
    ],
)
def test_it_names_a_field_with_a_bad_value(post, path, value):
    status, body = post(ATTACK_URL, with_changes(MINIMAL, **{path: value}))
    assert status == 400
    assert_matches_schema(body, "BadRequest")
    named = list(body["errors"])
    assert any(name == path or name.startswith(path + ".") for name in named), body
    assert all(name == path or name.startswith(path + ".") for name in named), body


ATTACKER_STATS = [
    ("atk", "atk"),
    ("skl", "skl"),
    ("str", "str"),
    ("ranged_str", "ranged_str"),
    ("ini", "ini"),
    ("wounds", "wounds"),
    ("wounds_remaining", "wounds_remaining"),
    ("keywords.momentum", "momentum"),
    ("keywords.decisive_blow", "decisive_blow"),
]
DEFENDER_STATS = [
    ("tgh", "tgh"),
    ("def", "def"),
    ("ini", "ini"),
    ("wounds", "wounds"),
    ("wounds_remaining", "wounds_remaining"),
]
OUT_OF_RANGE = [
    (f"{who}.{field}", value)
    for who, stats in (("attacker", ATTACKER_STATS), ("defender", DEFENDER_STATS))
    for field, limit in stats
    for value in (LIMITS[limit][0] - 1, LIMITS[limit][1] + 1)
]


@pytest.mark.parametrize(("path", "value"), OUT_OF_RANGE)
def test_it_rejects_a_stat_outside_the_engines_limits(post, path, value):
    status, body = post(ATTACK_URL, with_changes(MINIMAL, **{path: value}))
    assert_bad_request(status, body, path)
    assert body["detail"].startswith(f"{path}: Ensure this value is")


def test_it_rejects_more_wounds_remaining_than_wounds(post):
    status, body = post(ATTACK_URL, with_changes(MINIMAL, **{"defender.wounds_remaining": 2}))
    assert_bad_request(status, body, "defender.wounds_remaining")


def test_it_rejects_an_attack_of_more_than_two_hundred_dice(post):
    request_body = with_changes(
        MINIMAL,
        **{
            "attacker.atk": MAX_DICE,
            "attacker.keywords": {"momentum": 1},
            "situation.charging": True,
        },
    )
    status, body = post(ATTACK_URL, request_body)
    assert_bad_request(status, body, "attacker.atk")
    assert str(MAX_DICE + 1) in body["errors"]["attacker.atk"][0]
    status, _ = post(ATTACK_URL, with_changes(MINIMAL, **{"attacker.atk": MAX_DICE}))
    assert status == 200


def test_it_names_each_side_of_a_contradiction_the_engine_finds(post):
    request_body = with_changes(
        MINIMAL,
        situation={"opportunity_attack": True, "charging": True, "cover": "soft", "hold": True},
    )
    status, body = post(ATTACK_URL, request_body)
    assert_bad_request(
        status, body, "situation.opportunity_attack", "situation.cover", "situation.hold"
    )
    assert "R6" in body["errors"]["situation.opportunity_attack"][0]


def test_it_refuses_shooting_into_melee_without_precision_shot(post):
    request_body = with_changes(
        examples.ATTACK_INTO_MELEE_REQUEST, **{"attacker.keywords.precision_shot": False}
    )
    status, body = post(ATTACK_URL, request_body)
    assert "situation.into_melee" in body["errors"]
    assert status == 400


def test_it_refuses_a_second_target_without_cleave(post):
    request_body = {**MINIMAL, "second_target": {"tgh": 3, "def": 5, "ini": 2, "wounds": 1}}
    status, body = post(ATTACK_URL, request_body)
    assert_bad_request(status, body, "second_target")


def test_malformed_json_is_a_400_naming_the_body(client: Client):
    response = post_raw(client, ATTACK_URL, '{"mode": "melee", "attacker": {')
    assert_bad_request(response.status_code, response.json(), "body")
    assert response.json()["detail"].startswith("The request body is not valid JSON")


@pytest.mark.parametrize("raw", ["NaN", '{"mode": "melee", "goal": NaN}', "Infinity"])
def test_it_rejects_the_non_standard_json_numbers(client: Client, raw):
    response = post_raw(client, ATTACK_URL, raw)
    assert_bad_request(response.status_code, response.json(), "body")


def test_a_huge_number_is_a_bad_value_not_a_crash(client: Client):
    raw = json.dumps(MINIMAL).replace('"atk": 3', '"atk": 1e999')
    response = post_raw(client, ATTACK_URL, raw)
    assert_bad_request(response.status_code, response.json(), "attacker.atk")


@pytest.mark.parametrize("raw", ["[]", "null", "0", '"melee"', "[{}]"])
def test_a_body_that_is_not_an_object_is_a_400(client: Client, raw):
    response = post_raw(client, ATTACK_URL, raw)
    assert_bad_request(response.status_code, response.json(), "body")


def test_an_empty_body_names_the_required_fields(client: Client):
    response = post_raw(client, ATTACK_URL, "")
    assert_bad_request(response.status_code, response.json(), "mode", "attacker", "defender")


def test_json_nested_past_the_recursion_limit_is_a_400(client: Client):
    response = post_raw(client, ATTACK_URL, "[" * 30_000 + "]" * 30_000)
    assert_bad_request(response.status_code, response.json(), "body")


def test_a_body_over_the_size_cap_is_refused_in_the_same_shape(client: Client):
    response = post_json(client, ATTACK_URL, {**MINIMAL, "padding": "x" * 70_000})
    assert response.status_code == 413
    body = response.json()
    assert_matches_schema(body, "BadRequest")
    assert list(body["errors"]) == ["body"]


def test_a_body_that_is_not_json_is_an_unsupported_media_type(client: Client):
    response = client.post(
        ATTACK_URL, "mode=melee", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 415
    assert set(response.json()) == {"detail"}


@pytest.mark.parametrize("method", ["get", "put", "patch", "delete"])
def test_only_post_is_allowed(client: Client, method):
    response = getattr(client, method)(ATTACK_URL)
    assert response.status_code == 405
    assert set(response.json()) == {"detail"}


def test_it_needs_no_csrf_token_so_other_tools_can_call_it():
    client = Client(enforce_csrf_checks=True)
    response = post_json(client, ATTACK_URL, MINIMAL)
    assert response.status_code == 200
