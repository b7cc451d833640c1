"""Known-answer deck lists: each file under known_lists/ is a pasted deck whose header says
the problem codes it must produce (those of a line in line order, then the whole deck's)
and its main-deck card count, against the small catalog of sample.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.rules.azuki.deck import parse_deck_text, validate_deck, validate_deck_text
from referee.rules.lists import Report
from referee.rules.textlists import in_line_order

from .sample import CATALOG

FILES = sorted((Path(__file__).parent / "known_lists").glob("*.txt"))


def header(text: str, key: str) -> str:
    (value,) = [line.split(":", 1)[1] for line in text.splitlines() if line.startswith(f"# {key}:")]
    return value.strip()


def test_there_are_known_lists():
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_it_finds_exactly_the_expected_problems(path: Path) -> None:
    text = path.read_text()
    deck, problems = parse_deck_text(text, CATALOG)
    report = validate_deck(deck, CATALOG)
    found = [problem.code for problem in validate_deck_text(text, CATALOG).problems]
    expected = [code.strip() for code in header(text, "expect").split(",") if code.strip()]
    assert found == expected
    assert report.totals["card_count"] == int(header(text, "card_count"))
    assert validate_deck_text(text, CATALOG) == Report(
        in_line_order((*problems, *report.problems)), report.totals
    )
