"""Contract tests for POST /api/azrah/rosters/validate/ against the starter catalog."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.systems.azrah import api as lists_validate
from referee.rules.azrah import roster as roster_engine
from tests.api.helpers import (
    assert_answered,
    assert_bad_request,
    assert_matches_schema,
    openapi_schema,
    post_json,
)
from tests.profiles import examples

URL = "/api/azrah/rosters/validate/"
PASTE_LINES = [
    "AZR-001",
    "Nyx Lanternbearer",
    "Mana: 10",
    "Gems: ten",
    "Front: AZR-001, AZR-002, AZR-003",
    "Back: AZR-004",
    "2 AZR-005",
    "Thornbound",
]
RESULT = "RosterValidateResult"

GUARDIANS = [f"AZR-{n:03d}" for n in range(1, 16)]
LEGAL: dict[str, Any] = {
    "guardians": GUARDIANS,
    "mana": 10,
    "gems": 3,
    "party": {"front": ["AZR-001", "AZR-002", "AZR-003"], "back": ["AZR-004", "AZR-005"]},
}


@pytest.fixture
def starter(db: None) -> None:
    call_command("load_starter_data", verbosity=0)


@pytest.fixture
def check(starter: None, post):
    def send(body: Any) -> dict[str, Any]:
        status, answer = post(URL, body)
        assert status == 200, answer
        assert_matches_schema(answer, RESULT)
        result: dict[str, Any] = answer
        return result

    return send


def roster(**changes: Any) -> dict[str, Any]:
    return {**LEGAL, **changes}


def problem(answer: dict[str, Any], code: str) -> dict[str, Any]:
    found = [p for p in answer["errors"] + answer["warnings"] if p["code"] == code]
    assert found, answer
    first: dict[str, Any] = found[0]
    return first


def test_a_legal_roster_is_valid_with_its_counts(check):
    answer = check(LEGAL)
    assert answer["valid"] is True and answer["errors"] == [] and answer["warnings"] == []
    assert (answer["guardian_count"], answer["mana"], answer["gems"]) == (15, 10, 3)
    assert answer["party_count"] == 5
    assert answer["catalog"]["system"] == "azrah" and answer["catalog"]["version"] == "1.0"


def test_mana_and_gems_default_to_the_starting_numbers(check):
    answer = check({"guardians": GUARDIANS})
    assert answer["valid"] is True and (answer["mana"], answer["gems"]) == (10, 3)


def test_it_reports_a_roster_not_of_fifteen(check):
    size = problem(check(roster(guardians=GUARDIANS[:14], party=None)), "roster_size")
    assert (size["actual"], size["limit"]) == (14, 15)


def test_names_and_ids_mix_and_a_name_taken_twice_is_reported(check):
    guardians = [*GUARDIANS[:14], "aurelia, dawn warden"]
    duplicate = problem(check(roster(guardians=guardians)), "duplicate_name")
    assert duplicate["entries"] == ["Aurelia, Dawn Warden"]
    assert (duplicate["actual"], duplicate["limit"]) == (2, 1)


def test_it_reports_wrong_mana_and_gems(check):
    answer = check(roster(mana=9, gems=4))
    assert (problem(answer, "mana_count")["actual"], problem(answer, "mana_count")["limit"]) == (
        9,
        10,
    )
    assert problem(answer, "gem_count")["actual"] == 4


def test_it_reports_each_wrong_place_in_the_party(check):
    party = {"front": ["AZR-001", "AZR-016"], "back": ["AZR-001", "AZR-004"]}
    answer = check(roster(party=party))
    messages = [p["message"] for p in answer["errors"] if p["code"] == "party"]
    assert any("front row has 2" in m for m in messages)
    assert any("not in the roster" in m for m in messages)
    assert any("already at" in m for m in messages)


def test_it_reports_an_unknown_guardian_with_did_you_mean_names(check):
    guardians = [*GUARDIANS[:14], "Isolde Frostmantel"]
    unknown = problem(check(roster(guardians=guardians, party=None)), "unknown_entry")
    assert unknown["suggestions"][0] == "Isolde Frostmantle"


def test_it_refuses_transformation_curse_and_item_cards(check):
    answer = check(roster(guardians=[*GUARDIANS[:13], "AZR-019", "Thornbound"], party=None))
    assert problem(answer, "transformation_in_roster")["entries"][0] == "Caelum, Ascended Smith"
    assert problem(answer, "shared_card_in_roster")["entries"][0] == "Thornbound"


# --- Text ----------------------------------------------------------------------------------


def test_text_reports_unreadable_lines_with_their_numbers(check):
    text = "\n".join(GUARDIANS[:14]) + "\nIsolde Frostmantel\nMana: ten\nGems: 3\n"
    answer = check({"text": text})
    unreadable = problem(answer, "unreadable_line")
    assert unreadable["entries"] == ["line 16"] and "Line 16" in unreadable["message"]
    unknown = problem(answer, "unknown_entry")
    assert "line 15" in unknown["entries"]
    assert unknown["suggestions"][0] == "Isolde Frostmantle"


def test_text_carries_mana_gems_and_party(check):
    text = (
        "\n".join(GUARDIANS)
        + "\nMana: 10\nGems: 3\nFront: AZR-001, AZR-002, AZR-003\nBack: AZR-004, AZR-005\n"
    )
    answer = check({"text": text})
    assert answer["valid"] is True and answer["party_count"] == 5


# --- Catalogs and bad shapes ---------------------------------------------------------------


def test_an_unknown_catalog_is_a_400(starter, post):
    assert_bad_request(*post(URL, roster(catalog={"slug": "nope"})), "catalog.slug")


def test_a_named_catalog_is_the_one_reported(check):
    answer = check(roster(catalog={"slug": "starter", "version": "1.0"}))
    assert answer["catalog"]["slug"] == "starter"


def test_the_documented_bad_request_example_is_what_the_api_answers(starter, post):
    assert post(URL, lists_validate.ROSTER_BAD_REQUEST) == (
        400,
        lists_validate.ROSTER_BAD_RESPONSE,
    )


@pytest.mark.parametrize(
    ("change", "paths"),
    [
        ({"guardians": [1, "AZR-001"]}, ["guardians.0"]),
        ({"mana": -1}, ["mana"]),
        ({"gems": True}, ["gems"]),
        ({"party": {"front": ["AZR-001"]}}, ["party.back"]),
        ({"party": {"front": [], "back": [], "middle": []}}, ["party.middle"]),
        ({"text": "AZR-001"}, ["guardians", "mana", "gems", "party"]),
        ({"colour": "red"}, ["colour"]),
    ],
)
def test_it_names_each_bad_field(starter, post, change, paths):
    assert_bad_request(*post(URL, roster(**change)), *paths)


def test_it_asks_for_guardians_or_text(starter, post):
    assert_bad_request(*post(URL, {"mana": 10}), "guardians")


def test_every_documented_request_example_fits_the_schema_and_is_answered(check):
    operation = openapi_schema()["paths"][URL]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    assert len(examples) >= 2
    for example in examples.values():
        assert_matches_schema(example["value"], "RosterValidateRequest")
        check(example["value"])
    assert [e["value"] for e in examples.values()][:2] == [
        lists_validate.ROSTER_REQUEST,
        lists_validate.ROSTER_TEXT_REQUEST,
    ]


def test_the_documented_answer_is_what_the_api_answers_with_the_starter_catalog(check):
    operation = openapi_schema()["paths"][URL]["post"]
    answers = operation["responses"]["200"]["content"]["application/json"]["examples"]
    assert len(answers) == 1
    for answer in answers.values():
        assert_matches_schema(answer["value"], "RosterValidateResult")
        assert answer["value"] == check(lists_validate.ROSTER_REQUEST)


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    text=st.lists(st.text(max_size=30) | st.sampled_from(PASTE_LINES), max_size=12).map("\n".join)
)
def test_any_pasted_text_is_answered_never_a_500(starter, text):
    assert_answered(post_json(Client(), URL, {"text": text}), RESULT)


def test_every_roster_code_is_reachable_through_the_endpoint(check):
    """Union of the codes two rosters raise: each code of the engine at least once."""
    guardians = [*GUARDIANS[:12], "AZR-001", "AZR-019", "Thornbound", "Nobody"]
    bodies = [
        roster(guardians=guardians, mana=9, gems=2, party={"front": ["AZR-016"], "back": []}),
        {"text": "AZR-001\nMana: ten\n"},
    ]
    answers = [check(body) for body in bodies]
    seen = {p["code"] for a in answers for p in a["errors"] + a["warnings"]}
    assert seen == set(roster_engine.CODES)
