"""Contract tests for POST /api/azuki/decks/validate/ against the starter catalog."""

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
from games.systems.azuki import api as lists_validate
from referee.rules.azuki.deck import CODES
from tests.api.helpers import (
    assert_answered,
    assert_bad_request,
    assert_matches_schema,
    openapi_schema,
    post_json,
)
from tests.profiles import examples

URL = "/api/azuki/decks/validate/"
PASTE_LINES = [
    "Leader: AZK-001",
    "Gate: AZK-003",
    "4 AZK-017 Cinderwake Ritualist",
    "4x AZK-019",
    "Main deck (50):",
    "Cinderwake Ritualist x3",
    "0 AZK-010",
    "Leaders: AZK-002",
]
RESULT = "DeckValidateResult"

# A legal Fire deck: Fire Leader, Fire Gate, 48 Fire cards and 2 Neutral ones.
FIRE_IDS = [f"AZK-0{n}" for n in range(10, 22)]
LEGAL: dict[str, Any] = {
    "leader": "AZK-001",
    "gate": {"id": "AZK-003"},
    "cards": [{"id": card_id, "count": 4} for card_id in FIRE_IDS]
    + [{"id": "AZK-030", "count": 2}],
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


def deck(**changes: Any) -> dict[str, Any]:
    body = copy.deepcopy(LEGAL)
    body.update(changes)
    return body


def problem(answer: dict[str, Any], code: str) -> dict[str, Any]:
    found = [p for p in answer["errors"] + answer["warnings"] if p["code"] == code]
    assert found, answer
    first: dict[str, Any] = found[0]
    return first


def test_a_legal_deck_is_valid_with_its_counts(check):
    answer = check(LEGAL)
    assert answer["valid"] is True and answer["errors"] == [] and answer["warnings"] == []
    assert answer["card_count"] == 50
    assert answer["per_element"] == {
        "fire": 48,
        "water": 0,
        "earth": 0,
        "lightning": 0,
        "neutral": 2,
    }
    assert sum(answer["per_type"].values()) == 50
    assert (answer["leader"], answer["gate"], answer["element"]) == ("AZK-001", "AZK-003", "fire")
    assert answer["catalog"]["slug"] == "starter" and answer["catalog"]["demo"] is True


def test_it_reports_a_main_deck_not_of_fifty(check):
    body = deck()
    body["cards"][-1]["count"] = 1
    size = problem(check(body), "deck_size")
    assert (size["actual"], size["limit"], size["severity"]) == (49, 50, "error")


def test_it_reports_more_than_four_copies_of_a_card_id_across_lines(check):
    body = deck()
    body["cards"].append({"id": "AZK-010", "count": 1})
    body["cards"][-2]["count"] = 1
    copies = problem(check(body), "too_many_copies")
    assert (copies["actual"], copies["limit"]) == (5, 4)
    assert copies["entries"] == ["AZK-010"]


def test_it_reports_a_card_of_another_element(check):
    body = deck()
    body["cards"][-1] = {"id": "AZK-035", "count": 2}
    mismatch = problem(check(body), "element_mismatch")
    assert (mismatch["actual"], mismatch["limit"]) == ("water", "fire")


def test_it_reports_a_gate_of_another_element(check):
    gate = problem(check(deck(gate="AZK-005")), "gate_element")
    assert (gate["actual"], gate["limit"]) == ("neutral", "fire")


def test_it_reports_a_missing_leader_and_gate(check):
    body = deck()
    del body["leader"]
    body["gate"] = None
    answer = check(body)
    assert problem(answer, "missing_leader")["actual"] == 0
    assert problem(answer, "missing_gate")["limit"] == 1


def test_it_reports_an_extra_leader_and_gate(check):
    answer = check(deck(leader={"id": "AZK-001", "count": 2}, gate={"id": "AZK-003", "count": 2}))
    assert problem(answer, "extra_leader")["actual"] == 2
    assert problem(answer, "extra_gate")["actual"] == 2


def test_it_reports_the_wrong_type_in_a_slot(check):
    wrong = problem(check(deck(leader="AZK-010")), "wrong_type")
    assert (wrong["actual"], wrong["limit"]) == ("entity", "leader")


def test_it_reports_a_leader_or_gate_in_the_main_deck(check):
    body = deck()
    body["cards"].append({"id": "AZK-004", "count": 1})
    assert problem(check(body), "leader_or_gate_in_deck")["entries"] == ["AZK-004"]


def test_it_reports_an_unknown_card_id_with_suggestions(check):
    body = deck()
    body["cards"][-1] = {"id": "AZK-0300", "count": 2}
    unknown = problem(check(body), "unknown_entry")
    assert "AZK-030 Wandering Tinker" in unknown["suggestions"]


def test_it_reports_a_line_with_no_copies(check):
    body = deck()
    body["cards"].append({"id": "AZK-031", "count": 0})
    assert problem(check(body), "bad_count")["actual"] == 0


def test_inline_cards_mix_with_catalog_ids_and_a_conflicting_id_is_reported(check):
    body = deck()
    body["cards"][-1] = {"id": "HB-1", "name": "Imp", "type": "entity", "element": "fire"}
    body["cards"].append(
        {"id": "HB-1", "name": "Other Imp", "type": "entity", "element": "neutral", "count": 1}
    )
    answer = check(body)
    assert answer["card_count"] == 50
    assert problem(answer, "conflicting_card")["entries"] == ["HB-1"]


def test_an_inline_card_needs_no_catalog(check):
    body = deck(leader={"id": "HB-L", "name": "Home Leader", "type": "leader", "element": "water"})
    answer = check(body)
    assert answer["element"] == "water"
    assert problem(answer, "gate_element")["limit"] == "water"


# --- Text ----------------------------------------------------------------------------------


def test_text_reports_each_bad_line_with_its_number_and_suggestions(check):
    text = (
        "Leader: AZK-001 Ember Matriarch\n"
        "Gate: AZK-003\n"
        "4 Cinderwake Ritualist\n"
        "4 AZK-017 Fireball\n"
        "0 AZK-019\n"
        "2 Fireballl\n"
    )
    answer = check({"text": text})
    ambiguous = problem(answer, "ambiguous_name")
    assert "Line 3" in ambiguous["message"]
    mismatch = problem(answer, "name_mismatch")
    assert mismatch["severity"] == "warning" and "Line 4" in mismatch["message"]
    assert problem(answer, "unreadable_line")["entries"] == ["line 5"]
    unknown = problem(answer, "unknown_entry")
    assert "line 6" in unknown["entries"]
    assert "AZK-019 Fireball" in unknown["suggestions"]


def test_text_merges_duplicate_lines_before_counting(check):
    answer = check({"text": "Leader: AZK-001\nGate: AZK-003\n3 AZK-019\n2x AZK-019\n"})
    copies = problem(answer, "too_many_copies")
    assert copies["actual"] == 5
    assert copies["entries"] == ["AZK-019", "line 3", "line 4"]


def test_every_deck_code_is_documented_in_the_engine():
    assert {"deck_size", "extra_leader", "bad_count", "conflicting_card"} <= set(CODES)


# --- Catalogs ------------------------------------------------------------------------------


def test_a_catalog_is_chosen_by_slug_and_version(check):
    data = export_catalog(find_catalog("azuki", "starter"))
    data["version"] = "1.1"
    data["cards"] = [card for card in data["cards"] if card["id"] != "AZK-030"]
    import_catalog(data)
    assert check(deck(catalog={"slug": "starter", "version": "1.0"}))["valid"] is True
    newest = check(deck(catalog={"slug": "starter"}))
    assert newest["catalog"]["version"] == "1.1"
    assert problem(newest, "unknown_entry")["actual"] == "AZK-030"


def test_an_unknown_catalog_is_a_400(starter, post):
    assert_bad_request(*post(URL, deck(catalog={"slug": "core"})), "catalog.slug")
    assert_bad_request(
        *post(URL, deck(catalog={"slug": "starter", "version": "0.1"})), "catalog.version"
    )


# --- Bad shapes ----------------------------------------------------------------------------


def test_the_documented_bad_request_example_is_what_the_api_answers(starter, post):
    assert post(URL, lists_validate.DECK_BAD_REQUEST) == (400, lists_validate.DECK_BAD_RESPONSE)


@pytest.mark.parametrize(
    ("change", "paths"),
    [
        ({"leader": 5}, ["leader"]),
        ({"leader": {"count": 1}}, ["leader.id"]),
        ({"gate": {"id": "AZK-003", "colour": "red"}}, ["gate.colour"]),
        ({"cards": [{"id": "AZK-010", "name": "X"}]}, ["cards.0.type", "cards.0.element"]),
        (
            {"cards": [{"id": "X", "name": "X", "type": "ritual", "element": "fire"}]},
            ["cards.0.type"],
        ),
        ({"cards": [{"id": "AZK-010", "count": 1000}]}, ["cards.0.count"]),
        ({"cards": {"id": "AZK-010"}}, ["cards"]),
        ({"text": "4 AZK-010"}, ["text"]),
        ({"catalog": "starter"}, ["catalog"]),
    ],
)
def test_it_names_each_bad_field(starter, post, change, paths):
    assert_bad_request(*post(URL, deck(**change)), *paths)


def test_it_asks_for_cards_or_text(starter, post):
    assert_bad_request(*post(URL, {}), "cards")


def test_every_documented_request_example_fits_the_schema_and_is_answered(check):
    operation = openapi_schema()["paths"][URL]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    assert len(examples) >= 2
    for example in examples.values():
        assert_matches_schema(example["value"], "DeckValidateRequest")
        check(example["value"])
    assert [e["value"] for e in examples.values()][:2] == [
        lists_validate.DECK_REQUEST,
        lists_validate.DECK_TEXT_REQUEST,
    ]


def test_the_documented_answer_is_what_the_api_answers_with_the_starter_catalog(check):
    operation = openapi_schema()["paths"][URL]["post"]
    answers = operation["responses"]["200"]["content"]["application/json"]["examples"]
    assert len(answers) == 1
    for answer in answers.values():
        assert_matches_schema(answer["value"], "DeckValidateResult")
        assert answer["value"] == check(lists_validate.DECK_REQUEST)


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


def test_every_deck_code_is_reachable_through_the_endpoint(check):
    """Union of the codes a handful of decks raise: each code of the engine at least once."""
    broken = deck(leader={"id": "AZK-001", "count": 2}, gate="AZK-005")
    broken["cards"] += [
        {"id": "AZK-035", "count": 1},
        {"id": "AZK-004", "count": 1},
        {"id": "AZK-0999", "count": 1},
        {"id": "AZK-031", "count": 0},
        {"id": "AZK-010", "count": 1},
        {"id": "HB-1", "name": "A", "type": "entity", "element": "fire"},
        {"id": "HB-1", "name": "B", "type": "entity", "element": "fire"},
    ]
    bodies = [
        broken,
        deck(leader="AZK-010", gate={"id": "AZK-003", "count": 2}),
        {"cards": []},
        {"text": "Leader: AZK-001\nGate: AZK-003\n4 Cinderwake Ritualist\n4 AZK-017 Fireball\n0 X"},
    ]
    answers = [check(body) for body in bodies]
    seen = {p["code"] for a in answers for p in a["errors"] + a["warnings"]}
    assert seen == set(CODES)
