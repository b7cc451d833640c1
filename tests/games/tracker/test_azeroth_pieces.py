"""The Azeroth board written in Python (``{% azeroth_board %}``, with its sides and model
cards, games/systems/azeroth/templatetags/azeroth_board.py) writes what its templates wrote,
byte for byte: all through both golden Azeroth games for every role, and in the states those
games never reach.

After every fifteenth entry every role's live part is fetched as served, then with the board,
its sides and its cards rendered from the templates the tags replaced (kept under
reference/), nothing read from a cache: the two must be the same. Then the live part's own
context, its view changed to show the objectives, a draw, a tie, an ability answered every
way, is rendered both ways."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.template import Context
from django.template.loader import get_template
from django.test import Client, override_settings

from referee.rules.azeroth.setup import Scenario
from tests.games.tracker.support import client_for, host, player, spectator
from tests.games.tracker.test_azeroth_board import apply, make_game, url
from tests.games.tracker.test_fragments import live, nothing_kept
from tests.games.tracker.test_fragments_walk import replayed
from tests.golden.support import golden_files, read

__all__ = ["host", "player", "spectator"]

REFERENCE = Path(__file__).resolve().parent / "reference"
AZEROTH = [p for p in golden_files() if p.name.startswith("azeroth-")]
EVERY = 15
"""Compared after every fifteenth entry recorded (and the last), each game from its own offset:
rendering every role's part afresh takes most of the test's time."""


def _with_reference_templates() -> Any:
    engine: dict[str, Any] = dict(settings.TEMPLATES[0])
    engine["DIRS"] = [REFERENCE, *engine["DIRS"]]
    return override_settings(TEMPLATES=[engine])


@pytest.mark.django_db
@pytest.mark.parametrize("golden", AZEROTH, ids=lambda p: p.stem)
def test_the_board_is_what_its_templates_wrote_all_through_a_game(
    golden: Path,
) -> None:
    document: dict[str, Any] = read(golden)
    tablets: dict[str, Client] = {}
    recorded = cards = 0
    offset = AZEROTH.index(golden) * EVERY // 2
    log = document["log"]
    for entry, game in replayed(document, log, tablets, f"card-{golden.stem}"):
        recorded += 1
        if (recorded + offset) % EVERY and entry is not log[-1]:
            continue
        for role, tablet in tablets.items():
            served = live(tablet, game)
            with _with_reference_templates(), nothing_kept():  # no live part or piece read
                written = live(tablet, game)
            assert served == written, f"{role} after entry {entry['seq']} ({entry['type']})"
            cards += served.count('class="az-model')
    assert recorded > len(document["log"]) // 2
    assert cards > 50


# --- what the golden games never show --------------------------------------------------------

ABILITY = {
    "ability": "Chain <Lightning>",
    "type_name": "Spell",
    "mana_cost": 3,
    "seat": 1,
    "model_name": "Jaina & co",
    "spell_block": None,
    "response": None,
    "response_result": None,
    "stopped": False,
    "settled": False,
    "declined": False,
    "odds": None,
    "odds_with_spell_block": None,
}
ODDS = {"goes_off": 41.67, "response": None, "response_cost": None, "explanation": ["one", "2"]}
SUMMARY = {
    "sides": [
        {
            "name": f"Side {i}",
            "points_destroyed": 10 * i,
            "surviving_wounds": 3,
            "remaining_points": 120,
            "models_left": 4 - i,
            "objectives": i,
            "vp": 2 * i,
        }
        for i in range(2)
    ],
    "explanation": [],
}
VARIANTS: dict[str, dict[str, Any]] = {
    "as played": {},
    "objectives held this round": {
        "objectives": {"count": 3, "this_round": [0, None, 1], "last_round": [1, 1, 1]}
    },
    "objectives held last round": {
        "objectives": {"count": 2, "this_round": [], "last_round": [None, 1]}
    },
    "a draw on objectives, with a reason": {
        "objectives": {"count": 1, "this_round": [], "last_round": []},
        "over": True,
        "winner": None,
        "summary": SUMMARY,
        "reason": "Time <ran> out",
    },
    "a win, explained": {
        "over": True,
        "winner": 1,
        "summary": {**SUMMARY, "explanation": ["Ben & Ana", "b"]},
        "reason": "never shown",
    },
    "an unrolled deployment": {
        "deployment": {
            "shown": True,
            "edge_rolls": [],
            "edge_chooser": None,
            "first_to_deploy": None,
            "zone_depth": 12,
            "explanation": [],
        }
    },
    "a rolled deployment, explained": {
        "deployment": {
            "shown": True,
            "edge_rolls": [5, 2],
            "edge_chooser": 0,
            "first_to_deploy": 1,
            "zone_depth": 9,
            "explanation": ["why <this>"],
        }
    },
    "an edge roll-off tied": {
        "pending_roll_off": "edge",
        "reroll_needed": True,
        "deployment": {
            "shown": False,
            "edge_rolls": [4, 4],
            "edge_chooser": None,
            "first_to_deploy": None,
            "zone_depth": 12,
            "explanation": [],
        },
    },
    "a first-activation roll-off tied": {
        "pending_roll_off": "first",
        "reroll_needed": True,
        "round_rolls": [3, 3],
    },
    "a tie without its rolls": {
        "pending_roll_off": "first",
        "reroll_needed": True,
        "round_rolls": [],
    },
    "an ability not answered": {"ability": {**ABILITY, "declined": True}},
    "an ability waiting, with its odds": {"ability": {**ABILITY, "odds": ODDS}},
    "an ability answered": {
        "ability": {
            **ABILITY,
            "spell_block": "failed",
            "response": "dispel",
            "response_result": "failed",
            "odds": {**ODDS, "response": "dispel", "response_cost": 2},
            "odds_with_spell_block": {"goes_off": 12.5, "explanation": ["x"]},
        }
    },
    "an ability stopped": {"ability": {**ABILITY, "response": "counterspell", "stopped": True}},
    "an ability settled": {"ability": {**ABILITY, "settled": True, "response": "dispel"}},
    "before round 1, nobody next": {
        "round": 0,
        "next_seat": None,
        "activating": None,
        "checklist": [
            {"step": "roll <off>", "done": True},
            {"step": "deploy", "done": None},
            {"step": "fight", "done": False},
        ],
    },
    "an unknown next activation": {"activation": {"next_known": False, "explanation": []}},
}


@pytest.mark.django_db
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_board_is_what_its_template_wrote_in_states_the_golden_games_never_reach(
    variant: str, host: User, player: User, spectator: User
) -> None:
    """The live part's own context, its view changed to show what no golden game does (the
    objectives, a draw, a tie, an ability answered every way, a refusal of the game): the
    board written by the tag and by its old template (kept under reference/) are the same."""
    game = make_game(host, player, spectator, Scenario.ANNIHILATION)
    game = apply(game, host, "edge_roll_off", rolls=[2, 5])
    response = client_for(player).get(url(game), headers={"HX-Request": "true"})
    assert response.status_code == 200
    board = next(c for c in response.context if "seat_order" in c)
    assert isinstance(board, Context)
    context = board.flatten()
    context["view"] = {**context["view"], **copy.deepcopy(VARIANTS[variant])}
    if variant.startswith("an ability"):
        context["error"] = {"key": "game", "message": "Not <now> & not here"}
    with nothing_kept():
        written = get_template("games/boards/azeroth.html").render(context)
        with _with_reference_templates():
            wrote = get_template("games/boards/azeroth.html").render(context)
    assert written == wrote
    assert 'data-testid="azeroth-board"' in written
