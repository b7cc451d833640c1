"""Rune Age has no step the players play at the same time: turns go in play order, an event
is drawn by the first player and resolved for each player in play order, and a siege's two
players alternate (A Player's Turn; Event Cards & the Event Phase; Conduct a Siege, step 2).
Nothing in the tracker is private either. So an entry sent from a tablet that had not shown
the latest entry is always refused, naming the entry it had not seen."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.runeage.system import RUNE_AGE
from referee.rules.tracker import game_apply, stale_conflict
from tests.profiles import examples
from tests.rules.runeage.game import new_game
from tests.rules.tracker.legal_play import filled, randoms


@settings(max_examples=examples(12), deadline=None)
@given(st.data())
def test_a_stale_entry_is_refused_naming_the_entry_not_seen(data: st.DataObject) -> None:
    rng = randoms(data)
    scenario = data.draw(st.sampled_from(("dragonlords", "runewars", "cataclysm", "monument")))
    players = data.draw(st.integers(2, 4))
    game = new_game(scenario, players)
    for _ in range(data.draw(st.integers(10, 150))):
        options = [a for seat in range(players) for a in RUNE_AGE.legal_actions(game.state, seat)]
        if not options:
            break
        moving = [a for a in options if a.type != "take_damage"] or options
        first = rng.choice(moving)
        seen, version = game.state, game.version
        recorded = game_apply(game, type=first.type, by=first.seat, payload=filled(rng, first))
        for seat in range(players):
            for second in RUNE_AGE.legal_actions(seen, seat)[:6]:
                payload = filled(rng, second)
                conflict = stale_conflict(recorded, seen, version, second.type, seat, payload)
                assert conflict == recorded.log[-1], (first.type, second.type)
        game = recorded
