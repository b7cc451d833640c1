"""AZRAH roster validation: fifteen Guardians of different names, 10 Mana, 3 Gems, a party."""

from __future__ import annotations

import pytest

from referee.rules.azrah import rulings
from referee.rules.azrah.cards import Party
from referee.rules.azrah.roster import (
    CODES,
    SHARED_CARD_IN_ROSTER,
    TRANSFORMATION_IN_ROSTER,
    validate_roster,
)
from referee.rules.lists import (
    DUPLICATE_NAME,
    GEM_COUNT,
    MANA_COUNT,
    PARTY,
    ROSTER_SIZE,
    UNKNOWN_ENTRY,
    Problem,
    Report,
    Severity,
)

from .sample import CATALOG, FIFTEEN, LEGAL_PARTY, NAMES, roster

BY_CODE = {ruling.code: ruling for ruling in rulings.SHARED + rulings.PROJECT}


def codes(report: Report) -> list[str]:
    return [problem.code for problem in report.problems]


def only(report: Report, code: str) -> Problem:
    (problem,) = [p for p in report.problems if p.code == code]
    return problem


def test_it_accepts_a_legal_roster_with_a_legal_party():
    report = validate_roster(roster(party=LEGAL_PARTY), CATALOG)
    assert report.problems == ()
    assert report.valid
    assert report.totals == {"guardian_count": 15, "mana": 10, "gems": 3, "party_count": 5}


def test_it_accepts_a_legal_roster_without_a_catalog():
    assert validate_roster(roster(party=LEGAL_PARTY)).problems == ()


def test_it_finds_guardians_by_id_or_by_name_in_any_case():
    entries = ("AZR-001", "azr-002", "STONEHIDE", "gale  dancer", *FIFTEEN[4:])
    assert validate_roster(roster(*entries), CATALOG).problems == ()


@pytest.mark.parametrize("size", [14, 16])
def test_it_refuses_a_roster_that_is_not_fifteen_guardians(size):
    problem = only(validate_roster(roster(*NAMES[:size]), CATALOG), ROSTER_SIZE)
    assert (problem.actual, problem.limit, problem.severity) == (size, 15, Severity.ERROR)
    assert problem.rule == "Game Setup"


def test_it_refuses_two_guardians_with_one_name():
    report = validate_roster(roster(*FIFTEEN[:14], "emberwing"), CATALOG)
    problem = only(report, DUPLICATE_NAME)
    assert (problem.actual, problem.limit, problem.entries) == (2, 1, ("Emberwing",))
    assert codes(report) == [DUPLICATE_NAME]


def test_it_counts_a_guardian_given_by_id_under_its_name():
    report = validate_roster(roster(*FIFTEEN[:14], "AZR-001"), CATALOG)
    assert only(report, DUPLICATE_NAME).entries == ("Emberwing",)


def test_it_compares_names_without_regard_to_case_even_without_a_catalog():
    report = validate_roster(roster(*FIFTEEN[:14], "EMBERWING"))
    assert only(report, DUPLICATE_NAME).actual == 2


@pytest.mark.parametrize("mana", [0, 9, 11])
def test_it_refuses_a_mana_count_other_than_ten(mana):
    problem = only(validate_roster(roster(mana=mana), CATALOG), MANA_COUNT)
    assert (problem.actual, problem.limit) == (mana, 10)


@pytest.mark.parametrize("gems", [0, 2, 4])
def test_it_refuses_a_gem_count_other_than_three(gems):
    problem = only(validate_roster(roster(gems=gems), CATALOG), GEM_COUNT)
    assert (problem.actual, problem.limit) == (gems, 3)
    assert "Celestial Gem" in problem.message


def test_it_reports_an_unknown_guardian_with_the_closest_names():
    report = validate_roster(roster(*FIFTEEN[:14], "Emberwig"), CATALOG)
    problem = only(report, UNKNOWN_ENTRY)
    assert problem.suggestions[0] == "Emberwing"
    assert "Did you mean Emberwing" in problem.message
    assert problem.entries == ("Emberwig",)
    assert report.totals["guardian_count"] == 15  # still listed as a Guardian


def test_it_refuses_a_transformation_listed_as_a_roster_guardian():
    report = validate_roster(roster(*FIFTEEN[:14], "Emberwing Ascendant"), CATALOG)
    problem = only(report, TRANSFORMATION_IN_ROSTER)
    assert problem.entries == ("Emberwing Ascendant",)
    assert "R44" in problem.rule and "Emberwing" in problem.message
    assert only(report, ROSTER_SIZE).actual == 14


def test_it_refuses_a_blank_entry():
    report = validate_roster(roster(*FIFTEEN[:14], " "))
    assert codes(report) == [ROSTER_SIZE, UNKNOWN_ENTRY]
    assert report.totals["guardian_count"] == 14


def test_it_refuses_a_front_row_of_two():
    party = Party(front=("Emberwing", "Tidewarden"), back=LEGAL_PARTY.back)
    problem = only(validate_roster(roster(party=party), CATALOG), PARTY)
    assert (problem.actual, problem.limit) == (2, 3)
    assert "left, centre, right" in problem.message


def test_it_refuses_a_back_row_of_three():
    party = Party(front=LEGAL_PARTY.front, back=("Gale Dancer", "Nightbloom", "Sunspear"))
    problem = only(validate_roster(roster(party=party), CATALOG), PARTY)
    assert (problem.actual, problem.limit) == (3, 2)


def test_it_refuses_a_party_member_from_outside_the_roster_naming_the_position():
    party = Party(front=("Emberwing", "Cinderfox", "Stonehide"), back=LEGAL_PARTY.back)
    problem = only(validate_roster(roster(party=party), CATALOG), PARTY)
    assert problem.entries == ("Cinderfox", "front centre")
    assert problem.message == "Front centre: Cinderfox is not in the roster."


def test_it_refuses_a_guardian_placed_twice_in_the_party():
    party = Party(front=LEGAL_PARTY.front, back=("Gale Dancer", "AZR-001"))
    problem = only(validate_roster(roster(party=party), CATALOG), PARTY)
    assert problem.entries == ("Emberwing", "back 2")
    assert "already at front left" in problem.message


def test_it_refuses_an_empty_place_and_a_transformation_in_the_party():
    party = Party(front=("Emberwing", "", "Tidewarden Leviathan"), back=LEGAL_PARTY.back)
    report = validate_roster(roster(party=party), CATALOG)
    assert [p.entries for p in report.problems] == [
        ("front centre",),
        ("Tidewarden Leviathan", "front right"),
    ]


def test_it_reports_each_party_problem_on_its_own():
    party = Party(front=("Emberwing", "Emberwing", "Nobody", "Stonehide"), back=())
    report = validate_roster(roster(party=party), CATALOG)
    assert codes(report) == [PARTY] * 4
    assert [p.entries[-1] for p in report.problems[2:]] == ["front centre", "front right"]


def test_it_reports_every_problem_at_once():
    party = Party(front=("Emberwing",), back=("Nobody", "Tidewarden"))
    report = validate_roster(
        roster(
            *FIFTEEN[:12], "Emberwing", "Emberwing Ascendant", "Zzz", mana=8, gems=4, party=party
        ),
        CATALOG,
    )
    assert codes(report) == [
        ROSTER_SIZE,
        TRANSFORMATION_IN_ROSTER,
        UNKNOWN_ENTRY,
        DUPLICATE_NAME,
        MANA_COUNT,
        GEM_COUNT,
        PARTY,
        PARTY,
    ]
    assert only(report, ROSTER_SIZE).actual == 14
    assert not report.valid


def test_it_names_only_its_own_codes_and_rulings_the_project_knows():
    party = Party(front=("Emberwing",), back=("Nobody",))
    report = validate_roster(
        roster(*FIFTEEN[:13], "Emberwing", "Emberwing Ascendant", party=party), CATALOG
    )
    for problem in report.problems:
        assert problem.code in CODES
        for part in problem.rule.split(", "):
            if part[1:].isdigit():
                assert part in BY_CODE, part


def test_it_finds_nothing_in_an_empty_catalog():
    report = validate_roster(roster(), {})
    assert codes(report) == [UNKNOWN_ENTRY] * 15
    assert report.totals["guardian_count"] == 15


@pytest.mark.parametrize(
    ("entry", "kind"), [("Hexed Doll", "a Curse card"), ("azr-202", "an Item card")]
)
def test_it_refuses_a_curse_or_item_card_listed_as_a_roster_guardian(entry, kind):
    report = validate_roster(roster(*FIFTEEN[:14], entry), CATALOG)
    problem = only(report, SHARED_CARD_IN_ROSTER)
    assert kind in problem.message and "created by" in problem.message
    assert "R44" in problem.rule
    assert only(report, ROSTER_SIZE).actual == 14


def test_it_refuses_a_curse_card_in_the_party():
    party = Party(front=("Emberwing", "Tidewarden", "Hexed Doll"), back=LEGAL_PARTY.back)
    problem = only(validate_roster(roster(party=party), CATALOG), PARTY)
    assert problem.entries == ("Hexed Doll", "front right")
    assert "Curse card" in problem.message


def test_it_suggests_only_guardians_for_an_unknown_name():
    report = validate_roster(roster(*FIFTEEN[:14], "Hexed Dol"), CATALOG)
    assert only(report, UNKNOWN_ENTRY).suggestions == ()
