"""What each viewer receives: the tracker holds no secret (hands are not tracked), so every
viewer's view, every preview's starting point and every history line are the same whoever
looks; history lines are words."""

from __future__ import annotations

from random import Random

from referee.rules.runeage.system import RUNE_AGE
from referee.rules.tracker import game_apply
from tests.rules.runeage.game import new_game
from tests.rules.tracker.legal_play import filled


def test_every_viewer_receives_the_same_game() -> None:
    game = new_game("runewars", 3)
    rng = Random("views")
    for _ in range(120):
        state = game.state
        views = [RUNE_AGE.view(state, viewer) for viewer in (None, 0, 1, 2)]
        assert all(v == views[0] for v in views)
        assert all(RUNE_AGE.conceal(state, viewer) is state for viewer in (None, 0, 1, 2))
        listed = [a for seat in range(3) for a in RUNE_AGE.legal_actions(state, seat)]
        if not listed:
            break
        chosen = rng.choice([a for a in listed if a.type != "take_damage"] or listed)
        game = game_apply(game, type=chosen.type, by=chosen.seat, payload=filled(rng, chosen))
    lines = {viewer: [game.line(entry, viewer) for entry in game.log] for viewer in (None, 0, 1, 2)}
    assert all(lines[v] == lines[None] for v in lines)
    assert all(":" in line and "{" not in line for line in lines[None])


def test_history_lines_name_players_and_targets_in_words() -> None:
    game = new_game("dragonlords", 3)
    game = game_apply(game, type="attack", by=0, payload={"target": "realm:2"})
    game = game_apply(game, type="play_card", by=0, payload={"card": "Levy Spearman"})
    assert game.line(game.log[0], None) == "Ana: attacks Cleo's Home Realm"
    assert game.line(game.log[1], 1) == "Ana: plays Levy Spearman"
