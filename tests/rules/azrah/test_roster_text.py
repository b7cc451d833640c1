"""AZRAH rosters as pasted text and as JSON: reading, settings lines, exporting, round trips."""

from __future__ import annotations

import pytest

from referee.rules.azrah.cards import Party, Roster
from referee.rules.azrah.roster import (
    RosterFormatError,
    parse_roster_text,
    roster_from_dict,
    roster_to_dict,
    roster_to_text,
    validate_roster,
    validate_roster_text,
)
from referee.rules.lists import DUPLICATE_NAME, PARTY, UNKNOWN_ENTRY, UNREADABLE_LINE

from .sample import CATALOG, FIFTEEN, LEGAL_PARTY, roster

LEGAL_TEXT = (
    "Guardians:\n"
    + "".join(f"1 {name}\n" for name in FIFTEEN)
    + "Mana: 10\nGems: 3\n"
    + "Front: Emberwing, Tidewarden, Stonehide\nBack: Gale Dancer, Nightbloom\n"
)


def test_it_reads_a_legal_roster_with_its_party():
    parsed, problems = parse_roster_text(LEGAL_TEXT, CATALOG)
    assert problems == ()
    assert parsed.guardians == FIFTEEN
    assert parsed.party == LEGAL_PARTY
    assert (parsed.mana, parsed.gems) == (10, 3)
    assert parsed.lines == tuple(range(2, 17))
    assert validate_roster(parsed, CATALOG).problems == ()


def test_it_reads_bare_names_and_defaults_to_ten_mana_three_gems_and_no_party():
    parsed, problems = parse_roster_text("\n".join(FIFTEEN), CATALOG)
    assert problems == ()
    assert (parsed.mana, parsed.gems, parsed.party) == (10, 3, None)
    assert validate_roster(parsed, CATALOG).valid


@pytest.mark.parametrize(
    ("line", "mana", "gems"),
    [
        ("Mana: 9", 9, 3),
        ("mana = 11", 11, 3),
        ("Gems: 2", 10, 2),
        ("Celestial Gems: 4", 10, 4),
        ("- Gem: 1", 10, 1),
        ("Mana cards: 8", 8, 3),
        ("Celestial Gem cards = 2", 10, 2),
    ],
)
def test_it_reads_mana_and_gem_lines(line, mana, gems):
    parsed, problems = parse_roster_text(f"Emberwing\n{line}", CATALOG)
    assert problems == ()
    assert (parsed.guardians, parsed.mana, parsed.gems) == (("Emberwing",), mana, gems)


@pytest.mark.parametrize(
    ("line", "mana", "gems"), [("", 9, 4), ("Mana: 11", 11, 4), ("Gems: 2", 9, 2)]
)
def test_mana_and_gems_a_text_leaves_out_are_the_caller_s(line, mana, gems):
    """A builder page passes its own Mana and Gems: what the pasted text says wins."""
    parsed, problems = parse_roster_text(f"Emberwing\n{line}", CATALOG, mana=9, gems=4)
    assert problems == ()
    assert (parsed.mana, parsed.gems) == (mana, gems)


def test_it_reports_a_mana_line_without_a_number():
    parsed, problems = parse_roster_text("Emberwing\nMana: ten", CATALOG)
    (problem,) = problems
    assert (problem.code, problem.entries) == (UNREADABLE_LINE, ("line 2",))
    assert parsed.mana == 10


def test_it_reads_a_count_above_one_as_a_duplicate_name_with_its_line():
    text = "\n".join(FIFTEEN[:14]) + "\n2 Emberwing"
    parsed, _ = parse_roster_text(text, CATALOG)
    assert parsed.guardians.count("Emberwing") == 3
    problem = [p for p in validate_roster(parsed, CATALOG).problems if p.code == DUPLICATE_NAME]
    assert problem[0].entries == ("Emberwing", "line 1", "line 15")
    assert problem[0].message.startswith("Lines 1, 15: Emberwing is in the roster 3 times")


def test_it_reports_an_unknown_guardian_with_its_line_number_and_the_closest_name():
    text = "\n".join(FIFTEEN[:14]) + "\n\n# spare\nStarfal"
    parsed, problems = parse_roster_text(text, CATALOG)
    assert problems == ()
    (problem,) = validate_roster(parsed, CATALOG).problems
    assert problem.code == UNKNOWN_ENTRY
    assert problem.entries == ("Starfal", "line 17")
    assert problem.suggestions == ("Starfall",)
    assert problem.message.startswith("Line 17: 'Starfal' is not a Guardian")


def test_it_reads_guardians_given_as_id_and_name():
    text = "AZR-001 Emberwing\n" + "\n".join(FIFTEEN[1:])
    parsed, _ = parse_roster_text(text, CATALOG)
    assert parsed.guardians[0] == "AZR-001 Emberwing"
    assert validate_roster(parsed, CATALOG).valid


def test_it_reports_malformed_lines_by_number_and_reads_the_rest():
    parsed, problems = parse_roster_text("Emberwing\n0 Tidewarden\n12\nStonehide", CATALOG)
    assert [p.entries for p in problems] == [("line 2",), ("line 3",)]
    assert parsed.guardians == ("Emberwing", "Stonehide")


def test_it_reads_a_party_with_a_missing_place_and_validation_names_it():
    parsed, _ = parse_roster_text(LEGAL_TEXT.replace("Tidewarden, Stonehide", ", Stonehide"))
    assert parsed.party == Party(("Emberwing", "", "Stonehide"), LEGAL_PARTY.back)
    (problem,) = validate_roster(parsed, CATALOG).problems
    assert (problem.code, problem.entries) == (PARTY, ("front centre",))


def test_it_reads_a_back_row_without_a_front_row_as_a_party_of_two():
    parsed, _ = parse_roster_text("\n".join(FIFTEEN) + "\nBack: Emberwing, Tidewarden")
    assert parsed.party == Party((), ("Emberwing", "Tidewarden"))
    (problem,) = validate_roster(parsed, CATALOG).problems
    assert (problem.code, problem.actual, problem.limit) == (PARTY, 0, 3)


def test_it_exports_a_roster_as_the_text_it_reads_back():
    original = roster(party=LEGAL_PARTY)
    text = roster_to_text(original)
    parsed, problems = parse_roster_text(text, CATALOG)
    assert problems == ()
    assert parsed == Roster(original.guardians, 10, 3, LEGAL_PARTY, tuple(range(2, 17)))
    assert roster_to_text(parsed) == text == LEGAL_TEXT


def test_it_exports_duplicates_and_odd_settings_as_they_are():
    original = roster("Emberwing", "Emberwing", "7 Sisters", mana=3, gems=0)
    parsed, problems = parse_roster_text(roster_to_text(original))
    assert problems == ()
    assert (parsed.guardians, parsed.mana, parsed.gems) == (original.guardians, 3, 0)


def test_it_round_trips_a_roster_through_json():
    original = Roster(("Emberwing", "AZR-002"), 9, 2, Party(("A", "", "B"), ("C",)), (1, 4))
    data = roster_to_dict(original)
    assert data == {
        "format": "azrah-roster",
        "guardians": ["Emberwing", "AZR-002"],
        "mana": 9,
        "gems": 2,
        "party": {"front": ["A", "", "B"], "back": ["C"]},
        "lines": [1, 4],
    }
    assert roster_from_dict(data) == original


def test_it_reads_the_api_shape_with_the_standard_defaults():
    assert roster_from_dict({"guardians": list(FIFTEEN)}) == roster()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ([], "data"),
        ({"guardians": "Emberwing"}, "guardians"),
        ({"guardians": ["Emberwing", 3]}, "guardians.1"),
        ({"mana": "10"}, "mana"),
        ({"gems": 2.5}, "gems"),
        ({"party": ["Emberwing"]}, "party"),
        ({"party": {"front": "Emberwing"}}, "party.front"),
        ({"party": {"back": [None]}}, "party.back.0"),
        ({"party": {"middle": []}}, "party.middle"),
        ({"lines": ["1"]}, "lines"),
        ({"format": "azuki-deck"}, "format"),
        ({"heralds": 2}, "heralds"),
    ],
)
def test_it_rejects_json_of_the_wrong_shape_naming_the_field(data, field):
    with pytest.raises(RosterFormatError) as caught:
        roster_from_dict(data)
    assert list(caught.value.problems) == [field]
    assert isinstance(caught.value, ValueError)


def test_it_names_every_bad_field_of_a_json_roster_at_once():
    with pytest.raises(RosterFormatError) as caught:
        roster_from_dict({"guardians": [1], "mana": None, "party": {"front": [2]}})
    assert sorted(caught.value.problems) == ["guardians.0", "mana", "party.front.0"]


def test_it_reads_party_members_whose_names_hold_commas():
    guardians = (*FIFTEEN[:14], "Aurelia, Dawn Warden")
    text = "\n".join(guardians) + "\nFront: Aurelia, Dawn Warden, Emberwing, Tidewarden\n"
    parsed, _ = parse_roster_text(text + "Back: Stonehide, Aurelia")
    assert parsed.party == Party(
        ("Aurelia, Dawn Warden", "Emberwing", "Tidewarden"), ("Stonehide", "Aurelia")
    )


def test_it_finds_comma_names_in_the_catalog_and_reads_semicolons_as_they_are():
    parsed, _ = parse_roster_text("Front: Aurelia, Dawn Warden, Emberwing", CATALOG)
    assert parsed.party == Party(("Aurelia, Dawn Warden", "Emberwing"), ())
    parsed, _ = parse_roster_text("Front: Aurelia, Dawn Warden; Emberwing; ; Tidewarden")
    assert parsed.party == Party(("Aurelia, Dawn Warden", "Emberwing", "", "Tidewarden"), ())


def test_it_exports_comma_names_with_semicolons_and_reads_them_back():
    party = Party(("Aurelia, Dawn Warden", "Emberwing", "Tidewarden"), ("Stonehide", "Sunspear"))
    original = roster(*FIFTEEN[:14], "Aurelia, Dawn Warden", party=party)
    text = roster_to_text(original)
    assert "Front: Aurelia, Dawn Warden; Emberwing; Tidewarden\n" in text
    parsed, problems = parse_roster_text(text)
    assert problems == ()
    assert parsed.party == party
    assert validate_roster(parsed, CATALOG).problems == ()


def test_it_exports_a_name_that_starts_with_an_x_word_so_it_reads_back_whole():
    original = roster("X Marks", "Emberwing", party=Party(("Aurelia, Dawn Warden",), ()))
    text = roster_to_text(original)
    assert "1x X Marks\n1 Emberwing\n" in text
    assert "Front: Aurelia, Dawn Warden;\n" in text
    parsed, _ = parse_roster_text(text)
    assert (parsed.guardians, parsed.party) == (original.guardians, original.party)


def test_counts_in_messages_agree_with_their_nouns():
    """Issue 14: "The roster has 1 Guardians"."""
    report = validate_roster_text("Emberwing\nMana: 1\nGems: 1\nFront: Emberwing\n", CATALOG)
    messages = " ".join(p.message for p in report.problems)
    assert "The roster has 1 Guardian;" in messages
    assert "comes with 1 Mana card;" in messages and "with 1 Celestial Gem card;" in messages
    assert "The front row has 1 Guardian;" in messages
    assert "1 Guardians" not in messages and "1 Mana cards" not in messages


def test_a_far_guardian_id_suggests_nothing():
    """Issue 14: an unknown code must not suggest an unrelated name."""
    report = validate_roster_text("AZR-999\nAZR-01\n", CATALOG)
    far, near = [p for p in report.problems if p.code == "unknown_entry"]
    assert far.suggestions == () and "Did you mean" not in far.message
    assert near.suggestions  # AZR-01 is AZR-001 written short
