"""Contract tests for POST /api/azeroth/army-lists/validate/ against the starter catalog."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalogs import export_catalog, import_catalog
from games.catalogs.service import find_catalog
from games.systems.azeroth import api as lists_validate
from referee.rules import lists
from tests.api.helpers import (
    assert_answered,
    assert_bad_request,
    assert_matches_schema,
    openapi_schema,
    post_json,
)
from tests.profiles import examples

URL = "/api/azeroth/army-lists/validate/"
PASTE_LINES = [
    "2 Orc Grunt",
    "Wolf Rider x2",
    "1000 Orc Grunt",
    "# Azeroth at War army: Large Battle, 900 points",
    "# Faction: Alliance",
    "4x footman",
    "Thrall (175 pts)",
    "0 Knight",
]
RESULT = "ArmyValidateResult"

# A legal Horde Skirmish army: 6-8 units, 1 Hero, at most 500 points.
LEGAL: dict[str, Any] = {
    "battle_size": "skirmish",
    "faction": "horde",
    "units": [
        {"unit": "orc-grunt", "count": 4},
        {"unit": "wolf-rider", "count": 1},
        {"unit": "orc-blademaster", "count": 1},
    ],
}


@pytest.fixture
def starter(db: None) -> None:
    call_command("load_starter_data", verbosity=0)


@pytest.fixture
def check(starter: None, post):
    """check(body) -> the 200 answer, after checking it against the documented shape."""

    def send(body: Any) -> dict[str, Any]:
        status, answer = post(URL, body)
        assert status == 200, answer
        assert_matches_schema(answer, RESULT)
        result: dict[str, Any] = answer
        return result

    return send


def codes(answer: dict[str, Any], key: str = "errors") -> list[str]:
    return [problem["code"] for problem in answer[key]]


def problem(answer: dict[str, Any], code: str) -> dict[str, Any]:
    found = [p for p in answer["errors"] + answer["warnings"] if p["code"] == code]
    assert found, answer
    first: dict[str, Any] = found[0]
    return first


def test_a_legal_list_is_valid_with_its_totals(check):
    answer = check(LEGAL)
    assert answer["valid"] is True
    assert answer["errors"] == [] and answer["warnings"] == []
    assert answer["total_points"] == 4 * 45 + 70 + 120
    assert answer["points_limit"] == 500
    assert answer["points_left"] == 500 - answer["total_points"]
    assert answer["unit_count"] == 6
    assert answer["tier_counts"] == {"baseline": 4, "mounted": 1, "elite": 0, "hero": 1}
    assert answer["tier_limits"]["hero"] == {"min": 1, "max": 1}
    assert answer["faction"] == "horde"
    assert answer["catalog"] == {
        "system": "azeroth",
        "slug": "starter",
        "version": "1.0",
        "name": answer["catalog"]["name"],
        "demo": True,
    }


def test_it_reports_points_over_the_battle_size_budget(check):
    body = copy.deepcopy(LEGAL)
    body["units"][0]["count"] = 6  # 6 x 45 + 70 + 120 = 460: legal; add a Tauren
    body["units"].append({"unit": "tauren-warrior", "count": 1})
    answer = check(body)
    over = problem(answer, "over_points")
    assert over["severity"] == "error"
    assert (over["actual"], over["limit"]) == (555, 500)
    assert answer["valid"] is False


def test_an_agreed_points_limit_replaces_the_budget(check):
    answer = check({**LEGAL, "points_limit": 300})
    over = problem(answer, "over_points")
    assert (over["actual"], over["limit"]) == (370, 300)
    assert answer["points_limit"] == 300


def test_it_reports_an_army_with_no_hero(check):
    body = copy.deepcopy(LEGAL)
    body["units"][2] = {"unit": "orc-grunt", "count": 1}
    assert "no_hero" in codes(check(body))


def test_it_reports_a_unique_hero_taken_twice_inline_or_from_the_catalog(check):
    body = copy.deepcopy(LEGAL)
    body["units"][2] = {"unit": "thrall-warchief", "count": 1}
    body["units"].append(
        {
            "name": "Thrall, Warchief of the Horde",
            "points": 175,
            "tiers": ["hero"],
            "unique": True,
            "count": 1,
        }
    )
    duplicate = problem(check(body), "duplicate_unique")
    assert (duplicate["actual"], duplicate["limit"]) == (2, 1)


def test_it_reports_tier_minimum_and_maximum_of_the_factions_table(check):
    body = {
        "battle_size": "skirmish",
        "faction": "horde",
        "units": [
            {"unit": "orc-grunt", "count": 1},
            {"unit": "Wolf Rider", "count": 3},
            {"unit": "orc-blademaster", "count": 1},
        ],
    }
    answer = check(body)
    low = problem(answer, "tier_min")
    high = problem(answer, "tier_max")
    assert (low["actual"], low["limit"]) == (1, 2)
    assert (high["actual"], high["limit"]) == (3, 2)
    assert "Wolf Rider" in high["entries"]


def test_a_dual_slot_unit_counts_in_both_tiers(check):
    body = copy.deepcopy(LEGAL)
    body["units"].append({"unit": "korkron-wolfguard", "count": 2})
    answer = check(body)
    assert answer["tier_counts"]["mounted"] == 3
    assert answer["tier_counts"]["elite"] == 2
    assert problem(answer, "tier_max")["entries"]


def test_an_agreed_composition_overrides_the_factions_table(check):
    answer = check({**LEGAL, "composition": {"baseline": {"min": 0, "max": 2}}})
    high = problem(answer, "tier_max")
    assert (high["actual"], high["limit"]) == (4, 2)
    assert answer["tier_limits"] == {"baseline": {"min": 0, "max": 2}}


def test_units_per_side_outside_the_range_is_only_a_warning(check):
    body = copy.deepcopy(LEGAL)
    body["units"][0]["count"] = 2
    body["composition"] = {}
    answer = check(body)
    warning = answer["warnings"][0]
    assert warning["code"] == "unit_count" and warning["severity"] == "warning"
    assert (warning["actual"], warning["limit"]) == (4, 6)
    assert answer["valid"] is True


def test_it_reports_an_unknown_unit_with_did_you_mean_names(check):
    body = copy.deepcopy(LEGAL)
    body["units"].append({"unit": "Orc Grunts", "count": 1})
    unknown = problem(check(body), "unknown_entry")
    assert unknown["suggestions"] == ["Orc Grunt"]
    assert unknown["entries"] == ["Orc Grunts"]


def test_it_reports_a_unit_of_another_faction(check):
    body = copy.deepcopy(LEGAL)
    body["units"].append({"unit": "footman", "count": 1})
    wrong = problem(check(body), "wrong_faction")
    assert wrong["entries"] == ["Footman"]


def test_an_inline_unit_of_another_faction_is_caught_too(check):
    body = copy.deepcopy(LEGAL)
    body["units"].append(
        {"name": "Gnome", "points": 20, "tiers": ["baseline"], "faction": "alliance"}
    )
    assert "wrong_faction" in codes(check(body))


def test_catalog_references_and_inline_units_mix_and_count_together(check):
    body = copy.deepcopy(LEGAL)
    body["units"].append({"name": "Peon", "points": 10, "tiers": ["baseline"], "count": 2})
    answer = check(body)
    assert answer["total_points"] == 370 + 20
    peon = next(unit for unit in answer["units"] if unit["name"] == "Peon")
    assert peon["unit"] is None and peon["subtotal"] == 20


def test_units_may_be_named_by_name_in_any_case(check):
    body = copy.deepcopy(LEGAL)
    body["units"][0]["unit"] = "ORC GRUNT"
    assert check(body)["valid"] is True


# --- Text ----------------------------------------------------------------------------------


def test_text_merges_duplicates_and_reports_a_bad_line_with_its_number(check):
    text = "2 Orc Grunt\nOrc Grunt x2\n1000 Wolf Rider\nwolf ridr\n1 Orc Blademaster\n"
    answer = check({"battle_size": "skirmish", "faction": "horde", "text": text})
    unreadable = problem(answer, "unreadable_line")
    assert unreadable["entries"] == ["line 3"] and "Line 3" in unreadable["message"]
    unknown = problem(answer, "unknown_entry")
    assert "Line 4" in unknown["message"] and unknown["suggestions"][0] == "Wolf Rider"
    grunts = next(unit for unit in answer["units"] if unit["unit"] == "orc-grunt")
    assert grunts["count"] == 4 and grunts["lines"] == [1, 2]


def test_text_with_an_exported_header_needs_no_battle_size(check):
    text = (
        "# Azeroth at War army: Skirmish, agreed budget 300 points\n# Faction: Horde\n4 Orc Grunt\n"
    )
    answer = check({"text": text})
    assert answer["points_limit"] == 300
    assert answer["faction"] == "horde"
    assert answer["tier_limits"]["hero"] == {"min": 1, "max": 1}


def test_text_without_a_header_or_battle_size_is_a_400(starter, post):
    assert_bad_request(*post(URL, {"text": "4 Orc Grunt"}), "battle_size")


# --- Catalogs ------------------------------------------------------------------------------


def test_a_catalog_is_chosen_by_slug_and_version(check):
    starter = find_catalog("azeroth", "starter")
    data = export_catalog(starter)
    data["version"] = "2.0"
    for unit in data["units"]:
        if unit["slug"] == "orc-grunt":
            unit["points"] = 100
    import_catalog(data)
    old = check({**LEGAL, "catalog": {"slug": "starter", "version": "1.0"}})
    new = check({**LEGAL, "catalog": {"slug": "starter"}})
    assert old["catalog"]["version"] == "1.0" and old["total_points"] == 370
    assert new["catalog"]["version"] == "2.0" and new["total_points"] == 590


def test_an_unknown_catalog_is_a_400_naming_it(starter, post):
    status, body = post(URL, {**LEGAL, "catalog": {"slug": "nope"}})
    assert_bad_request(status, body, "catalog.slug")
    assert "starter" in body["errors"]["catalog.slug"][0]
    status, body = post(URL, {**LEGAL, "catalog": {"slug": "starter", "version": "9"}})
    assert_bad_request(status, body, "catalog.version")


def test_an_unknown_faction_is_a_400_listing_the_known_ones(starter, post):
    status, body = post(URL, {**LEGAL, "faction": "scourge"})
    assert_bad_request(status, body, "faction")
    assert "horde" in body["errors"]["faction"][0]


def test_without_any_catalog_inline_units_still_validate(db, post):
    status, body = post(
        URL,
        {
            "battle_size": "skirmish",
            "units": [{"name": "Hero", "points": 100, "tiers": ["hero"]}, {"unit": "orc-grunt"}],
        },
    )
    assert status == 200
    assert body["catalog"] is None
    assert "unknown_entry" in codes(body)


# --- Bad shapes ----------------------------------------------------------------------------


def test_the_documented_bad_request_example_is_what_the_api_answers(starter, post):
    assert post(URL, lists_validate.ARMY_BAD_REQUEST) == (400, lists_validate.ARMY_BAD_RESPONSE)


@pytest.mark.parametrize(
    ("change", "paths"),
    [
        ({"battle_size": None}, ["battle_size"]),
        ({"points_limit": 0}, ["points_limit"]),
        ({"units": [{"unit": "orc-grunt", "count": -1}]}, ["units.0.count"]),
        ({"units": [{"unit": "orc-grunt", "count": "2"}]}, ["units.0.count"]),
        ({"units": [{"name": "X", "points": 10}]}, ["units.0.tiers"]),
        ({"units": [{"name": "X", "points": 1, "tiers": ["king"]}]}, ["units.0.tiers.0"]),
        (
            {"units": [{"name": "X", "points": 1, "tiers": ["hero", "elite", "baseline"]}]},
            ["units.0.tiers"],
        ),
        ({"units": [{"unit": "orc-grunt", "points": 5}]}, ["units.0.points"]),
        ({"units": [{"unit": "orc-grunt", "colour": "red"}]}, ["units.0.colour"]),
        ({"composition": {"legend": {"min": 0, "max": 1}}}, ["composition.legend"]),
        ({"catalog": {"version": "1.0"}}, ["catalog.slug"]),
        ({"text": "4 Orc Grunt"}, ["text"]),
        ({"units": "orc-grunt"}, ["units"]),
    ],
)
def test_it_names_each_bad_field(starter, post, change, paths):
    assert_bad_request(*post(URL, {**LEGAL, **change}), *paths)


def test_it_asks_for_units_or_text(starter, post):
    assert_bad_request(*post(URL, {"battle_size": "skirmish"}), "units")


def test_the_engines_shape_errors_are_a_400_with_their_paths(starter, post):
    body = {**LEGAL, "composition": {"elite": {"min": 3, "max": 1}}}
    status, answer = post(URL, body)
    assert_bad_request(status, answer, "composition.elite")
    assert "minimum" in answer["errors"]["composition.elite"][0]


@pytest.mark.parametrize("raw", ["[]", "3", '"units"', "null"])
def test_a_body_that_is_not_an_object_is_a_400(starter, client: Client, raw):
    response = client.post(URL, raw, content_type="application/json")
    assert_bad_request(response.status_code, response.json(), "body")


def test_every_documented_request_example_fits_the_schema_and_is_answered(check):
    operation = openapi_schema()["paths"][URL]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    assert len(examples) >= 2
    for example in examples.values():
        assert_matches_schema(example["value"], "ArmyValidateRequest")
        check(example["value"])
    assert [e["value"] for e in examples.values()][:2] == [
        lists_validate.ARMY_REQUEST,
        lists_validate.ARMY_TEXT_REQUEST,
    ]


def test_the_documented_answer_is_what_the_api_answers_with_the_starter_catalog(check):
    operation = openapi_schema()["paths"][URL]["post"]
    answers = operation["responses"]["200"]["content"]["application/json"]["examples"]
    assert len(answers) == 1
    for answer in answers.values():
        assert_matches_schema(answer["value"], "ArmyValidateResult")
        assert answer["value"] == check(lists_validate.ARMY_REQUEST)


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    text=st.lists(st.text(max_size=30) | st.sampled_from(PASTE_LINES), max_size=12).map("\n".join)
)
def test_any_pasted_text_is_answered_never_a_500(starter, text):
    assert_answered(post_json(Client(), URL, {"battle_size": "standard", "text": text}), RESULT)


def test_every_army_code_is_reachable_through_the_endpoint(check):
    """Union of the codes two lists raise: each army code of lists.py at least once."""
    broken = {
        "battle_size": "skirmish",
        "faction": "horde",
        "points_limit": 100,
        "units": [
            {"unit": "wolf-rider", "count": 3},
            {"unit": "footman", "count": 1},
            {"unit": "Orc Grunts", "count": 1},
        ],
    }
    unique = {
        "battle_size": "skirmish",
        "text": "2 Thrall, Warchief of the Horde\n0 Orc Grunt\n",
    }
    bodies = [broken, unique]
    answers = [check(body) for body in bodies]
    seen = {p["code"] for a in answers for p in a["errors"] + a["warnings"]}
    assert seen == {
        lists.OVER_POINTS,
        lists.NO_HERO,
        lists.DUPLICATE_UNIQUE,
        lists.TIER_MIN,
        lists.TIER_MAX,
        lists.UNIT_COUNT,
        lists.UNKNOWN_ENTRY,
        lists.WRONG_FACTION,
        lists.UNREADABLE_LINE,
    }
