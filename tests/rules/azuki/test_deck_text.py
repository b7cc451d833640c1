"""Azuki decks as pasted text and as JSON: reading, resolving, exporting, round trips."""

from __future__ import annotations

import pytest

from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.azuki.deck import (
    AMBIGUOUS_NAME,
    EXTRA_GATE,
    EXTRA_LEADER,
    NAME_MISMATCH,
    DeckFormatError,
    deck_from_dict,
    deck_to_dict,
    deck_to_text,
    parse_deck_text,
    validate_deck,
    validate_deck_text,
)
from referee.rules.lists import (
    DECK_SIZE,
    MISSING_GATE,
    MISSING_LEADER,
    UNKNOWN_ENTRY,
    UNREADABLE_LINE,
    Severity,
)
from referee.rules.textlists import line_of

from .sample import CATALOG, LEGAL_TEXT, deck


def test_it_reads_a_legal_deck_from_text():
    parsed, problems = parse_deck_text(LEGAL_TEXT, CATALOG)
    assert problems == ()
    assert parsed.leader == DeckLine(1, "AZK-001", line=2)
    assert parsed.gate == DeckLine(1, "AZK-003", line=4)
    assert parsed.cards[0] == DeckLine(4, "AZK-010", line=6)
    assert validate_deck(parsed, CATALOG).valid


@pytest.mark.parametrize(
    "line",
    [
        "4 AZK-017 Cinderwake Ritualist",
        "4x AZK-017",
        "4 azk-017",
        "AZK-017 x4",
        "4 Cinderwake Ritualist",
        "4 cinderwake  RITUALIST",
        "Cinderwake Ritualist x4",
    ],
)
def test_it_finds_a_card_by_id_or_by_name(line):
    parsed, problems = parse_deck_text(line, CATALOG)
    assert problems == ()
    assert parsed.cards == (DeckLine(4, "AZK-017", line=1),)


def test_it_puts_leaders_and_gates_in_their_slots_by_type_without_headings():
    parsed, problems = parse_deck_text("4 AZK-010\n1 Blaze Empress\n1 AZK-003", CATALOG)
    assert problems == ()
    assert parsed.leader is not None and parsed.leader.card_id == "AZK-001"
    assert parsed.gate is not None and parsed.gate.card_id == "AZK-003"
    assert [line.card_id for line in parsed.cards] == ["AZK-010"]


def test_it_reads_a_heading_and_its_card_on_one_line():
    parsed, _ = parse_deck_text("Leader: AZK-001 Blaze Empress\nGate: 1 AZK-003", CATALOG)
    assert parsed.leader == DeckLine(1, "AZK-001", line=1)
    assert parsed.gate == DeckLine(1, "AZK-003", line=2)


def test_it_keeps_duplicate_lines_and_the_validator_merges_them():
    text = LEGAL_TEXT.replace("2 AZK-022 Neutral Card 22", "1 AZK-022\nNeutral Card 22")
    parsed, problems = parse_deck_text(text, CATALOG)
    assert problems == ()
    assert [line.card_id for line in parsed.cards[-2:]] == ["AZK-022", "AZK-022"]
    assert validate_deck(parsed, CATALOG).valid


def test_it_refuses_to_guess_a_name_shared_by_several_card_ids_and_keeps_the_line():
    """Issue 14: an ambiguous line vanished from the deck; it stays, as a line of no card
    that the check reports with its line (R40)."""
    parsed, problems = parse_deck_text("1 AZK-010\n2 Ashen Squire", CATALOG)
    assert problems == ()
    assert [(line.card_id, line.count, line.line) for line in parsed.cards] == [
        ("AZK-010", 1, 1),
        ("Ashen Squire", 2, 2),
    ]
    report = validate_deck(parsed, CATALOG)
    (problem,) = [p for p in report.problems if p.code == AMBIGUOUS_NAME]
    assert problem.severity is Severity.ERROR
    assert problem.entries == ("Ashen Squire", "line 2")
    assert problem.actual == "Ashen Squire"
    assert problem.suggestions == ("AZK-040 Ashen Squire", "AZK-041 Ashen Squire")
    assert problem.message.startswith("Line 2: 2 different cards are named 'Ashen Squire'")
    assert "R40" in problem.rule
    assert not [p for p in report.problems if p.code == UNKNOWN_ENTRY]
    assert report.totals["card_count"] == 3  # the line still counts, as an unknown card does


def test_a_json_deck_naming_a_shared_name_is_ambiguous_too():
    one = Deck(leader=None, gate=None, cards=(DeckLine(2, "AZK-040"),))
    assert AMBIGUOUS_NAME not in [p.code for p in validate_deck(one, CATALOG).problems]
    shared = validate_deck(
        Deck(leader=None, gate=None, cards=(DeckLine(2, "ashen  squire"),)), CATALOG
    )
    (problem,) = [p for p in shared.problems if p.code == AMBIGUOUS_NAME]
    assert problem.entries == ("ashen  squire",) and problem.message.startswith("2 different")


def test_it_warns_when_the_name_is_not_the_card_ids_and_counts_the_id():
    parsed, problems = parse_deck_text("4 AZK-017 Tidecaller", CATALOG)
    (problem,) = problems
    assert problem.code == NAME_MISMATCH
    assert problem.severity is Severity.WARNING
    assert (problem.actual, problem.limit) == ("Tidecaller", "Cinderwake Ritualist")
    assert parsed.cards == (DeckLine(4, "AZK-017", line=1),)


def test_it_keeps_an_unknown_card_for_the_validator_with_its_line_number():
    text = LEGAL_TEXT.replace("4 AZK-017 Cinderwake Ritualist", "4 Cinderwake Ritualst")
    parsed, problems = parse_deck_text(text, CATALOG)
    assert problems == ()
    report = validate_deck(parsed, CATALOG)
    (problem,) = report.problems
    assert problem.code == UNKNOWN_ENTRY
    assert problem.entries == ("Cinderwake Ritualst", "line 13")
    assert problem.suggestions[0] == "AZK-017 Cinderwake Ritualist"
    assert problem.message.startswith("Line 13: ")


def test_it_keeps_an_unknown_leader_in_the_leader_slot_so_it_is_not_called_missing():
    text = LEGAL_TEXT.replace("1 AZK-001 Blaze Empress", "1 Blaze Empres")
    parsed, _ = parse_deck_text(text, CATALOG)
    assert parsed.leader == DeckLine(1, "Blaze Empres", line=2)
    (problem,) = validate_deck(parsed, CATALOG).problems
    assert problem.code == UNKNOWN_ENTRY
    assert problem.suggestions[0] == "AZK-001 Blaze Empress"


def test_it_reports_a_second_leader_line():
    parsed, problems = parse_deck_text(LEGAL_TEXT + "1 AZK-002 Tide Regent\n", CATALOG)
    (problem,) = problems
    assert problem.code == EXTRA_LEADER
    assert problem.entries == ("AZK-002", "line 19")
    assert (problem.actual, problem.limit) == (2, 1)
    assert parsed.leader is not None and parsed.leader.card_id == "AZK-001"


def test_it_merges_two_lines_of_one_leader_into_an_extra_copy():
    parsed, problems = parse_deck_text(LEGAL_TEXT + "1 Blaze Empress\n", CATALOG)
    assert problems == ()
    assert parsed.leader == DeckLine(2, "AZK-001", line=2)
    (problem,) = validate_deck(parsed, CATALOG).problems
    assert (problem.code, problem.actual) == (EXTRA_LEADER, 2)


def test_it_reports_a_second_gate_line():
    _, problems = parse_deck_text(LEGAL_TEXT + "Wanderer's Gate\n", CATALOG)
    assert [p.code for p in problems] == [EXTRA_GATE]


def test_it_reports_malformed_lines_by_number_and_reads_the_rest():
    text = "Leader: AZK-001\n0 AZK-010\n4 AZK-011\n12\n"
    parsed, problems = parse_deck_text(text, CATALOG)
    assert [(p.code, p.entries) for p in problems] == [
        (UNREADABLE_LINE, ("line 2",)),
        (UNREADABLE_LINE, ("line 4",)),
    ]
    assert [line.card_id for line in parsed.cards] == ["AZK-011"]
    assert [p.code for p in validate_deck(parsed, CATALOG).problems] == [
        "missing_gate",
        DECK_SIZE,
    ]


def test_it_lists_problems_in_line_order():
    text = "2 Ashen Squire\n0 AZK-010\n1 AZK-017 Tidecaller"
    report = validate_deck_text(text, CATALOG)
    assert [p.code for p in report.problems] == [
        AMBIGUOUS_NAME,
        UNREADABLE_LINE,
        NAME_MISMATCH,
        MISSING_LEADER,
        MISSING_GATE,
        DECK_SIZE,
    ]


def test_problems_of_the_text_and_of_the_check_come_out_in_line_order():
    """Issue 14: deck import problems came out as lines 10, 5, 7, 15 (the reading's problems,
    then the check's). Every problem of a line comes in the order of its line, then the
    problems of the whole deck."""
    lines = ["Leader:", "AZK-001", "Gate:", "AZK-003", "4 AZK-0l0", "4 AZK-011"]
    lines += ["4 AZK-9999", "4 AZK-013", "4 AZK-014", "0 AZK-015", "4 AZK-016"]
    lines += ["4 AZK-017", "4 AZK-018", "4 AZK-019", "5 AZK-012"]
    report = validate_deck_text("\n".join(lines), CATALOG)
    numbered = [line_of(p) for p in report.problems]
    named = [n for n in numbered if n is not None]
    assert named == [5, 7, 10, 15]
    assert numbered[: len(named)] == named  # the whole deck's after
    assert [p.code for p in report.problems][-1] == DECK_SIZE


def test_it_exports_a_deck_as_text_it_reads_back():
    parsed, _ = parse_deck_text(LEGAL_TEXT, CATALOG)
    assert deck_to_text(parsed, CATALOG) == LEGAL_TEXT


def test_it_exports_merged_lines_in_first_listed_order():
    text = "1 AZK-011\n2 AZK-010\n3 azk-011\n"
    parsed, _ = parse_deck_text(text, CATALOG)
    assert deck_to_text(parsed, CATALOG) == (
        "Main deck:\n4 AZK-011 Fire Card 11\n2 AZK-010 Fire Card 10\n"
    )


def test_it_exports_unknown_cards_as_typed_and_reads_them_back_the_same():
    text = "Leader:\n1 Blaze Empres\nMain deck:\n3 Mystery Card\n"
    parsed, _ = parse_deck_text(text, CATALOG)
    assert deck_to_text(parsed, CATALOG) == text
    again, _ = parse_deck_text(deck_to_text(parsed, CATALOG), CATALOG)
    assert again == parsed


def test_it_exports_an_empty_deck_as_empty_text():
    assert deck_to_text(Deck(None, None, ())) == ""


def test_it_round_trips_a_deck_through_json_with_inline_cards():
    bolt = Card("X-3", "Bolt", CardType.SPELL, Element.LIGHTNING, ikz_cost=2, text="Deal 2.")
    original = Deck(
        leader=DeckLine(1, "AZK-001", line=2),
        gate=None,
        cards=(DeckLine(4, "X-3", card=bolt), DeckLine(0, "AZK-010"), DeckLine(2, "??")),
    )
    data = deck_to_dict(original)
    assert data["format"] == "azuki-deck"
    assert data["cards"][0] == {  # type: ignore[index]
        "id": "X-3",
        "count": 4,
        "name": "Bolt",
        "type": "spell",
        "element": "lightning",
        "ikz_cost": 2,
        "text": "Deal 2.",
    }
    assert deck_from_dict(data) == original


def test_it_reads_the_api_shape_with_bare_card_ids():
    data = {"leader": "AZK-001", "gate": "AZK-003", "cards": [{"id": "AZK-010", "count": 4}]}
    assert deck_from_dict(data) == Deck(
        DeckLine(1, "AZK-001"), DeckLine(1, "AZK-003"), (DeckLine(4, "AZK-010"),)
    )
    assert validate_deck(deck_from_dict(data), CATALOG).totals["card_count"] == 4


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ([], "data"),
        ({"cards": "AZK-010"}, "cards"),
        ({"cards": [7]}, "cards.0"),
        ({"cards": [""]}, "cards.0"),
        ({"cards": [{"count": 2}]}, "cards.0.id"),
        ({"cards": [{"id": "A", "count": "2"}]}, "cards.0.count"),
        ({"cards": [{"id": "A", "count": True}]}, "cards.0.count"),
        ({"cards": [{"id": "A", "copies": 2}]}, "cards.0.copies"),
        ({"leader": {"id": "A", "name": "A", "type": "hero", "element": "fire"}}, "leader.type"),
        ({"gate": {"id": "A", "name": "A", "type": "gate", "element": "air"}}, "gate.element"),
        ({"cards": [{"id": "A", "type": "spell", "element": "fire"}]}, "cards.0.name"),
        (
            {
                "cards": [
                    {"id": "A", "name": "A", "type": "spell", "element": "fire", "attack": 1.5}
                ]
            },
            "cards.0.attack",
        ),
        ({"format": "azrah-roster"}, "format"),
        ({"sideboard": []}, "sideboard"),
    ],
)
def test_it_rejects_json_of_the_wrong_shape_naming_the_field(data, field):
    with pytest.raises(DeckFormatError) as caught:
        deck_from_dict(data)
    assert list(caught.value.problems) == [field]
    assert isinstance(caught.value, ValueError)


def test_it_names_every_bad_field_of_a_json_deck_at_once():
    data = {
        "leader": 5,
        "cards": [{"id": "A", "count": "x"}, {"id": "B"}, {"id": "", "name": "C", "type": "?"}],
    }
    with pytest.raises(DeckFormatError) as caught:
        deck_from_dict(data)
    assert sorted(caught.value.problems) == [
        "cards.0.count",
        "cards.2.element",
        "cards.2.id",
        "cards.2.type",
        "leader",
    ]


def test_it_exports_a_sample_deck_the_same_through_json_and_text():
    original = deck()
    assert deck_from_dict(deck_to_dict(original)) == original
    parsed, problems = parse_deck_text(deck_to_text(original, CATALOG), CATALOG)
    assert problems == ()
    assert deck_to_text(parsed, CATALOG) == deck_to_text(original, CATALOG)


def test_it_places_an_unknown_card_under_a_heading_with_a_count():
    parsed, _ = parse_deck_text("Gate (1):\nEmber Gat\nMain deck (50):\n4 AZK-010", CATALOG)
    assert parsed.gate == DeckLine(1, "Ember Gat", line=2)
    assert parsed.cards == (DeckLine(4, "AZK-010", line=4),)


def test_it_exports_a_card_id_that_starts_with_an_x_word_so_it_reads_back_whole():
    original = Deck(None, None, (DeckLine(4, "X 9"),))
    assert deck_to_text(original) == "Main deck:\n4x X 9\n"
    parsed, _ = parse_deck_text(deck_to_text(original), {})
    assert parsed.cards == (DeckLine(4, "X 9", line=2),)


def test_it_reads_a_card_whose_name_starts_with_x_after_a_count():
    marks = Card("AZK-900", "X Marks", CardType.SPELL, Element.NEUTRAL, ikz_cost=1)
    catalog = {**CATALOG, marks.id: marks}
    parsed, problems = parse_deck_text("1 X Marks", catalog)
    assert problems == ()
    assert [(line.count, line.card_id) for line in parsed.cards] == [(1, "AZK-900")]


def test_a_far_card_id_suggests_no_unrelated_card():
    """Issue 14: "AZK-999" suggested "Fireball" citing K3."""
    report = validate_deck_text("4 AZK-999\n4 AZK-0l9\n", CATALOG)
    far, near = [p for p in report.problems if p.code == UNKNOWN_ENTRY]
    assert far.suggestions == () and "Did you mean" not in far.message
    assert near.suggestions[0].startswith("AZK-019 ")


def test_the_main_deck_count_agrees_with_its_noun():
    report = validate_deck_text("1 AZK-010\n", CATALOG)
    (size,) = [p for p in report.problems if p.code == DECK_SIZE]
    assert size.message.startswith("The main deck has 1 card;")
