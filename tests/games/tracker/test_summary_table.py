"""The end-of-game totals table: every row lines up under the same headings, and a board
with its own end-of-game summary is not given the generic table as well."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.templatetags.board import summary_table


def test_it_keeps_only_the_fields_every_player_has_as_a_short_plain_value() -> None:
    table = summary_table(
        [
            {"name": "Ana", "health": 0, "hit_points": 12, "note": "a very long sentence"},
            {"name": "Ben", "health": 7, "hit_points": None, "note": "short"},
            {"name": "Cy", "health": 3, "hit_points": 4, "front": ["Bard"]},
        ]
    )
    assert table.columns == ["Health", "Hit points"]
    assert table.rows == [("Ana", [0, 12]), ("Ben", [7, "—"]), ("Cy", [3, 4])]


def test_no_players_make_an_empty_table() -> None:
    assert summary_table([]).columns == []


def render(board_summary: bool) -> str:
    view = {"players": [{"name": "Ana", "health": 0}, {"name": "Ben", "health": 4}]}
    return render_to_string(
        "games/game.html#summary",
        {"view": view, "board_summary": board_summary, "recorded": 3, "undone": 0},
    )


def test_the_generic_table_shows_when_the_board_has_no_summary_of_its_own() -> None:
    page = render(board_summary=False)
    assert '<table class="tr-totals">' in page
    assert '<th scope="col">Health</th>' in page
    assert "3 actions recorded" in page


def test_a_board_with_its_own_summary_gets_no_generic_table() -> None:
    page = render(board_summary=True)
    assert "tr-totals" not in page
    assert "3 actions recorded" in page
