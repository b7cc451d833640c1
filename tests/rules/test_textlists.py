"""Reading pasted text lists: counts before or after the name, comments, bad lines."""

from __future__ import annotations

import pytest

from referee.rules.lists import UNREADABLE_LINE, Severity
from referee.rules.textlists import MAX_COUNT, closest, parse_lines, pick_key


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
