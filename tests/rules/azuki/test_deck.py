"""Azuki deck validation: every problem at once, each with its code, rule and numbers."""

from __future__ import annotations

from dataclasses import replace

from referee.rules.azuki import rulings
from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.azuki.deck import (
    BAD_COUNT,
    CODES,
    CONFLICTING_CARD,
    EXTRA_GATE,
    EXTRA_LEADER,
    LEADER_OR_GATE_IN_DECK,
    WRONG_TYPE,
    validate_deck,
)
from referee.rules.lists import (
    DECK_SIZE,
    ELEMENT_MISMATCH,
    GATE_ELEMENT,
    MISSING_GATE,
    MISSING_LEADER,
    TOO_MANY_COPIES,
    UNKNOWN_ENTRY,
    Problem,
    Report,
    Severity,
)

from .sample import CATALOG, LEGAL_MAIN, deck

BY_CODE = {ruling.code: ruling for ruling in rulings.SHARED + rulings.PROJECT}


def codes(report: Report) -> list[str]:
    return [problem.code for problem in report.problems]


def only(report: Report, code: str) -> Problem:
    (problem,) = [p for p in report.problems if p.code == code]
    return problem


def test_it_accepts_a_legal_deck_with_nothing_to_say():
    report = validate_deck(deck(), CATALOG)
    assert report.valid
    assert report.problems == ()


def test_it_reports_the_totals_of_a_deck():
    totals = validate_deck(deck(), CATALOG).totals
    assert totals["card_count"] == 50
    assert totals["unknown_count"] == 0
    assert totals["per_element"] == {
        "fire": 40,
        "water": 0,
        "earth": 0,
        "lightning": 0,
        "neutral": 10,
    }
    assert totals["per_type"] == {"leader": 0, "gate": 0, "entity": 42, "spell": 4, "weapon": 4}
    assert (totals["leader"], totals["gate"], totals["element"]) == ("AZK-001", "AZK-003", "fire")


def test_it_refuses_a_main_deck_of_49_cards():
    main = (*LEGAL_MAIN[:-1], DeckLine(1, "AZK-022"))
    problem = only(validate_deck(deck(*main), CATALOG), DECK_SIZE)
    assert (problem.actual, problem.limit, problem.severity) == (49, 50, Severity.ERROR)
    assert problem.rule == "Deck Composition, K1"
    assert "49" in problem.message and "50" in problem.message


def test_it_refuses_a_main_deck_of_51_cards():
    main = (*LEGAL_MAIN[:-1], DeckLine(3, "AZK-022"))
    assert only(validate_deck(deck(*main), CATALOG), DECK_SIZE).actual == 51


def test_it_does_not_count_the_leader_and_the_gate_among_the_50():
    assert validate_deck(deck(), CATALOG).totals["card_count"] == 50


def test_it_merges_lines_of_one_card_id_before_counting_copies():
    main = (*LEGAL_MAIN[:-1], DeckLine(1, "AZK-022"), DeckLine(1, "AZK-022"))
    report = validate_deck(deck(*main), CATALOG)
    assert report.valid
    main = (*LEGAL_MAIN[1:], DeckLine(2, "AZK-022"), DeckLine(3, "AZK-010"), DeckLine(2, "AZK-010"))
    problem = only(validate_deck(deck(*main), CATALOG), TOO_MANY_COPIES)
    assert (problem.actual, problem.limit, problem.entries) == (5, 4, ("AZK-010",))


def test_it_refuses_a_fifth_copy_of_a_card_id():
    main = (*LEGAL_MAIN[1:-1], DeckLine(5, "AZK-010"), DeckLine(1, "AZK-022"))
    problem = only(validate_deck(deck(*main), CATALOG), TOO_MANY_COPIES)
    assert (problem.actual, problem.limit) == (5, 4)
    assert problem.rule == "Deck Composition, K3"
    assert "AZK-010 Fire Card 10" in problem.message


def test_it_counts_copies_by_card_id_never_by_name():
    # Four of each "Ashen Squire": eight cards of one name, two card IDs (K3).
    main = (
        *LEGAL_MAIN[:10],
        DeckLine(4, "AZK-040"),
        DeckLine(4, "AZK-041"),
        DeckLine(2, "AZK-022"),
    )
    report = validate_deck(deck(*main), CATALOG)
    assert report.valid, report.problems


def test_it_refuses_a_card_of_another_element():
    main = (*LEGAL_MAIN[:-1], DeckLine(2, "AZK-030"))
    problem = only(validate_deck(deck(*main), CATALOG), ELEMENT_MISMATCH)
    assert (problem.actual, problem.limit, problem.entries) == ("water", "fire", ("AZK-030",))
    assert problem.rule == "Elements, K2"
    assert "Tidecaller is Water" in problem.message


def test_it_accepts_neutral_cards_with_any_leader():
    main = (*(DeckLine(4, f"AZK-0{n}") for n in range(20, 25)), DeckLine(4, "AZK-041"))
    report = validate_deck(deck(*main, leader="AZK-002", gate="AZK-004"), CATALOG)
    assert codes(report) == [DECK_SIZE]


def test_it_refuses_a_gate_of_another_element():
    problem = only(validate_deck(deck(gate="AZK-004"), CATALOG), GATE_ELEMENT)
    assert (problem.actual, problem.limit, problem.entries) == ("water", "fire", ("AZK-004",))
    assert "Neutral" not in problem.message


def test_it_refuses_a_neutral_gate():
    problem = only(validate_deck(deck(gate="AZK-005"), CATALOG), GATE_ELEMENT)
    assert (problem.actual, problem.limit) == ("neutral", "fire")
    assert problem.rule == "Gates, Elements, K2"
    assert "Neutral Gate is not legal" in problem.message


def test_it_reports_a_missing_leader_and_checks_no_elements_without_one():
    main = (*LEGAL_MAIN[:-1], DeckLine(2, "AZK-030"))
    report = validate_deck(deck(*main, leader=None, gate="AZK-004"), CATALOG)
    assert codes(report) == [MISSING_LEADER]
    assert report.totals["element"] is None
    assert report.totals["leader"] is None


def test_it_reports_a_missing_gate():
    report = validate_deck(deck(gate=None), CATALOG)
    problem = only(report, MISSING_GATE)
    assert (problem.actual, problem.limit, problem.severity) == (0, 1, Severity.ERROR)
    assert codes(report) == [MISSING_GATE]


def test_it_refuses_two_copies_of_the_leader():
    report = validate_deck(replace(deck(), leader=DeckLine(2, "AZK-001")), CATALOG)
    problem = only(report, EXTRA_LEADER)
    assert (problem.actual, problem.limit, problem.entries) == (2, 1, ("AZK-001",))


def test_it_refuses_two_copies_of_the_gate():
    report = validate_deck(replace(deck(), gate=DeckLine(2, "AZK-003")), CATALOG)
    assert (only(report, EXTRA_GATE).actual, codes(report)) == (2, [EXTRA_GATE])


def test_it_refuses_a_leader_inside_the_main_deck_and_does_not_count_it():
    main = (*LEGAL_MAIN[:-1], DeckLine(1, "AZK-022"), DeckLine(1, "AZK-002"))
    report = validate_deck(deck(*main), CATALOG)
    problem = only(report, LEADER_OR_GATE_IN_DECK)
    assert problem.entries == ("AZK-002",)
    assert "R42" in problem.rule
    assert only(report, DECK_SIZE).actual == 49
    assert report.totals["per_type"]["leader"] == 1  # type: ignore[index]
    assert ELEMENT_MISMATCH not in codes(report)  # said once, as the card's type


def test_it_refuses_a_gate_inside_the_main_deck():
    main = (*LEGAL_MAIN, DeckLine(1, "AZK-003"))
    report = validate_deck(deck(*main), CATALOG)
    assert codes(report) == [LEADER_OR_GATE_IN_DECK]


def test_it_refuses_a_non_leader_card_in_the_leader_slot():
    report = validate_deck(deck(leader="AZK-017"), CATALOG)
    problem = only(report, WRONG_TYPE)
    assert (problem.actual, problem.limit, problem.entries) == ("entity", "leader", ("AZK-017",))
    assert codes(report) == [WRONG_TYPE]  # no element checks against a non-Leader


def test_it_refuses_a_non_gate_card_in_the_gate_slot():
    report = validate_deck(deck(gate="AZK-002"), CATALOG)
    assert (only(report, WRONG_TYPE).actual, codes(report)) == ("leader", [WRONG_TYPE])


def test_it_reports_an_unknown_card_id_with_the_closest_cards():
    main = (*LEGAL_MAIN[:-1], DeckLine(2, "AZK-0171", line=14))
    report = validate_deck(deck(*main), CATALOG)
    problem = only(report, UNKNOWN_ENTRY)
    assert problem.entries == ("AZK-0171", "line 14")
    assert problem.suggestions[0] == "AZK-017 Cinderwake Ritualist"
    assert problem.message.startswith("Line 14: AZK-0171 is not a card in the catalog.")
    assert "Did you mean AZK-017 Cinderwake Ritualist" in problem.message
    assert report.totals["card_count"] == 50  # still a card the player listed
    assert report.totals["unknown_count"] == 2


def test_it_reports_an_unknown_leader_and_gate_without_calling_them_missing():
    report = validate_deck(deck(leader="AZK-999", gate="AZK-998"), CATALOG)
    assert codes(report) == [UNKNOWN_ENTRY, UNKNOWN_ENTRY]
    assert report.totals["leader"] == "AZK-999"


def test_it_finds_a_card_id_typed_in_another_case():
    main = (*LEGAL_MAIN[:-1], DeckLine(1, "azk-022"), DeckLine(1, "AZK-022"))
    assert validate_deck(deck(*main), CATALOG).valid


def test_it_uses_inline_cards_without_a_catalog():
    leader = Card("X-1", "Storm King", CardType.LEADER, Element.LIGHTNING)
    gate = Card("X-2", "Storm Gate", CardType.GATE, Element.LIGHTNING)
    bolt = Card("X-3", "Bolt", CardType.SPELL, Element.LIGHTNING)
    stone = Card("X-4", "Stone", CardType.SPELL, Element.EARTH)
    lines = [DeckLine(4, "X-3", card=bolt) for _ in range(11)] + [DeckLine(4, "X-4", card=stone)]
    report = validate_deck(
        Deck(DeckLine(1, "X-1", card=leader), DeckLine(1, "X-2", card=gate), tuple(lines))
    )
    assert codes(report) == [DECK_SIZE, TOO_MANY_COPIES, ELEMENT_MISMATCH]
    assert only(report, TOO_MANY_COPIES).actual == 44
    assert report.totals["card_count"] == 48


def test_it_refuses_a_line_of_no_copies():
    main = (*LEGAL_MAIN, DeckLine(0, "AZK-023"))
    report = validate_deck(deck(*main), CATALOG)
    problem = only(report, BAD_COUNT)
    assert (problem.actual, problem.limit, problem.entries) == (0, 1, ("AZK-023",))
    assert codes(report) == [BAD_COUNT]


def test_it_reports_every_problem_at_once():
    main = (
        DeckLine(5, "AZK-010"),
        DeckLine(2, "AZK-030"),
        DeckLine(1, "AZK-002"),
        DeckLine(1, "AZK-777"),
        DeckLine(-1, "AZK-011"),
    )
    report = validate_deck(Deck(DeckLine(2, "AZK-001"), DeckLine(1, "AZK-005"), main), CATALOG)
    assert codes(report) == [
        EXTRA_LEADER,
        GATE_ELEMENT,
        BAD_COUNT,
        DECK_SIZE,
        TOO_MANY_COPIES,
        ELEMENT_MISMATCH,
        LEADER_OR_GATE_IN_DECK,
        UNKNOWN_ENTRY,
    ]
    assert not report.valid
    assert len(report.errors) == len(report.problems)
    assert only(report, DECK_SIZE).actual == 8


def test_it_names_only_its_own_codes_and_rulings_the_project_knows():
    main = (DeckLine(5, "AZK-010"), DeckLine(2, "AZK-030"), DeckLine(1, "AZK-002"))
    report = validate_deck(Deck(DeckLine(2, "AZK-017"), None, main), CATALOG)
    for problem in report.problems:
        assert problem.code in CODES
        for part in problem.rule.split(", "):
            assert part[0].isalpha()
            if part[1:].isdigit():
                assert part in BY_CODE, part


def test_it_refuses_one_card_id_given_with_different_details_and_uses_the_first():
    bolt = Card("X-3", "Bolt", CardType.SPELL, Element.FIRE)
    other = Card("X-3", "Boulder", CardType.ENTITY, Element.EARTH)
    main = (*LEGAL_MAIN[:-1], DeckLine(1, "X-3", card=bolt), DeckLine(1, "X-3", card=other, line=9))
    report = validate_deck(deck(*main), CATALOG)
    problem = only(report, CONFLICTING_CARD)
    assert problem.entries == ("X-3", "line 9")
    assert "'Boulder'" in problem.message and "'Bolt'" in problem.message
    assert codes(report) == [CONFLICTING_CARD]  # the first (Fire) details count: no mismatch


def test_it_refuses_a_neutral_gate_even_with_a_neutral_leader():
    sage = Card("X-1", "Wandering Sage", CardType.LEADER, Element.NEUTRAL)
    report = validate_deck(
        replace(deck(gate="AZK-005"), leader=DeckLine(1, "X-1", card=sage)), CATALOG
    )
    problem = only(report, GATE_ELEMENT)
    assert (problem.actual, problem.limit) == ("neutral", "neutral")
    assert "even with a Neutral Leader" in problem.message
