"""Every registered system, played only through its own legal actions from its example
setup: nothing listed is refused, undoing any action gives back the state before it, and the
game exported and imported replays to the identical state and views."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.registry import trackers
from referee.rules.tracker import Action, Game, game_apply, start
from tests.profiles import examples
from tests.rules.tracker.legal_play import filled, randoms


@pytest.mark.parametrize("slug", sorted(trackers()))
@settings(max_examples=examples(10), deadline=None)
@given(data=st.data())
def test_listed_actions_apply_undo_and_replay_after_export(slug: str, data: st.DataObject) -> None:
    system = trackers()[slug]
    rng = randoms(data)
    game: Game[Any, Any] = start(system, system.setup_from_json(system.example_setup()))
    for _ in range(data.draw(st.integers(0, 40))):
        entries = [e for seat in (0, 1) for e in system.legal_actions(game.state, seat)]
        if not entries:
            break
        entry = rng.choice(entries)
        before = game
        game = game_apply(game, type=entry.type, by=entry.seat, payload=filled(rng, entry))
        if rng.random() < 0.3:
            undone = game_apply(game, type="undo", payload={"target": game.next_undo()})
            assert undone.state == before.state
    exported = json.loads(
        json.dumps(
            {"setup": system.setup_to_json(game.setup), "log": [a.to_json() for a in game.log]}
        )
    )
    again = start(
        system,
        system.setup_from_json(exported["setup"]),
        [Action.from_json(entry) for entry in exported["log"]],
    )
    assert again.state == game.state
    for viewer in (0, 1, None):
        assert system.view(again.state, viewer) == system.view(game.state, viewer)
