"""Reading pasted text lists: counts before or after the name, comments, bad lines."""

from __future__ import annotations

import pytest

from referee.rules.lists import UNREADABLE_LINE, Problem, Severity
from referee.rules.text import counted
from referee.rules.textlists import (
    MAX_COUNT,
    apply_fix,
    close_codes,
    closest,
    in_line_order,
    looks_like_code,
    parse_lines,
    pick_key,
    plural_forms,
    suggestion_fixes,
)


@pytest.mark.parametrize(
    ("text", "count", "key"),
    [
        ("4 AZK-017 Cinderwake Ritualist", 4, "AZK-017 Cinderwake Ritualist"),
        ("4x AZK-017", 4, "AZK-017"),
        ("4X AZK-017", 4, "AZK-017"),
        ("4xAZK-017", 4, "AZK-017"),
        ("1 Orc Grunt", 1, "Orc Grunt"),
        ("Orc Grunt x2", 2, "Orc Grunt"),
        ("Orc Grunt X 2", 2, "Orc Grunt"),
        ("Orc Grunt \u00d7 3", 3, "Orc Grunt"),
        ("  - 2 Footman  ", 2, "Footman"),
        ("* 2 Footman", 2, "Footman"),
        ("Knight", 1, "Knight"),
        (f"{MAX_COUNT} Footman", MAX_COUNT, "Footman"),
    ],
)
def test_it_reads_a_count_and_a_key(text, count, key):
    lines, problems = parse_lines(text)
    assert problems == []
    assert [(line.number, line.count, line.key) for line in lines] == [(1, count, key)]


def test_it_skips_blank_lines_comments_and_headings_but_keeps_line_numbers():
    lines, problems = parse_lines("Main deck:\n\n# mine\n// also mine\n2 Footman\n")
    assert problems == []
    assert [(line.number, line.key) for line in lines] == [(5, "Footman")]


def test_it_keeps_duplicate_lines_apart_for_the_game_to_merge():
    lines, _ = parse_lines("1 Orc Grunt\nOrc Grunt x2")
    assert [line.count for line in lines] == [1, 2]


@pytest.mark.parametrize("text", ["0 Footman", "12", f"{MAX_COUNT + 1} Footman"])
def test_it_reports_a_line_it_cannot_read_with_its_number(text):
    lines, problems = parse_lines(f"2 Footman\n{text}")
    assert [line.key for line in lines] == ["Footman"]
    (problem,) = problems
    assert problem.code == UNREADABLE_LINE
    assert problem.severity is Severity.ERROR
    assert problem.entries == ("line 2",)
    assert "Line 2" in problem.message


def test_it_suggests_the_closest_names_whatever_their_case():
    assert closest("orc grnt", ["Orc Grunt", "Orc Shaman", "Footman"]) == ("Orc Grunt",)
    assert closest("zzzz", ["Orc Grunt"]) == ()


def test_it_offers_both_readings_of_a_lone_x_after_the_count():
    (line,), _ = parse_lines("1 X Marks")
    assert (line.count, line.key, line.alternatives) == (1, "Marks", ("X Marks",))
    (line,), _ = parse_lines("4x Orc Grunt")
    assert line.alternatives == ()


def test_pick_key_takes_the_reading_the_catalog_knows():
    (line,), _ = parse_lines("1 X Marks")
    assert pick_key(line, {"X Marks"}.__contains__) == "X Marks"
    assert pick_key(line, {"Marks"}.__contains__) == "Marks"
    assert pick_key(line, set().__contains__) == "Marks"


# --- Did-you-mean by card ID, plurals, line order and applying a suggestion (issue 14) ---


def test_a_far_card_id_suggests_nothing_and_a_close_one_suggests_its_card():
    """Issue 14: "AZK-999" suggested "Fireball" (AZK-019); a far ID has no close card."""
    cards = {"AZK-019": "Fireball", "AZK-017": "Ritualist", "AZK-011": "Hound"}
    assert close_codes("AZK-999", cards) == ()
    assert close_codes("AZK-0l9", cards) == ("AZK-019",)
    assert close_codes("azk 17", cards) == ("AZK-017",)
    assert close_codes("AZK-0171", cards) == ("AZK-017", "AZK-011")
    assert looks_like_code("AZK-999") and looks_like_code("AZK-0l9")
    assert not looks_like_code("Fireball") and not looks_like_code("Ember-Gate")


def test_plural_forms_are_made_from_a_name_s_last_word():
    assert plural_forms("Orc Grunt") == {"Orc Grunts"}
    assert {"Footmen", "Footmans"} <= plural_forms("Footman")
    assert "Sentries" in plural_forms("Sentry") and "Axes" in plural_forms("Ax")
    assert "Wolves" in plural_forms("Wolf")


def test_problems_of_a_line_come_in_line_order_then_those_of_the_whole_list():
    def problem(code: str, *entries: str) -> Problem:
        return Problem(code, Severity.ERROR, code, "", entries=entries)

    found = [
        problem("a", "line 10"),
        problem("whole"),
        problem("b", "X", "line 5"),
        problem("c", "line 7", "line 12"),
    ]
    assert [p.code for p in in_line_order(found)] == ["b", "c", "a", "whole"]


def test_a_suggestion_becomes_the_line_it_would_make_and_applies_only_to_that_line():
    text = "Leader: AZK-001\n3 azk-0L9 (fire)\n2 Ember Gate\n"
    problem = Problem(
        "unknown_entry",
        Severity.ERROR,
        "",
        "K3",
        actual="AZK-0L9",
        entries=("AZK-0L9", "line 2"),
        suggestions=("AZK-019 Fireball",),
    )
    (fix,) = suggestion_fixes(text, problem)
    assert (fix.number, fix.before, fix.after) == (
        2,
        "3 azk-0L9 (fire)",
        "3 AZK-019 Fireball (fire)",
    )
    fixed = apply_fix(text, fix.number, fix.before, fix.after)
    assert fixed == "Leader: AZK-001\n3 AZK-019 Fireball (fire)\n2 Ember Gate\n"
    # A line changed since is left alone rather than overwritten.
    assert apply_fix(text.replace("(fire)", "(Fire)"), 2, fix.before, fix.after) is None
    assert apply_fix(text, 9, fix.before, fix.after) is None
    assert suggestion_fixes(text, Problem("x", Severity.ERROR, "", "", actual="A")) == ()


def test_a_count_agrees_with_its_noun():
    """Issue 14: "The roster has 1 Guardians"."""
    assert counted(1, "Guardian") == "1 Guardian"
    assert counted(0, "Guardian") == "0 Guardians"
    assert counted(2, "Mana card") == "2 Mana cards"
    assert counted(3, "die", "dice") == "3 dice"
