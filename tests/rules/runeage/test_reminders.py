"""The reminders the engine gives the board (Event Cards & the Event Phase): what is in
effect this round and what waits for the next round's event phase, in words, for the
players each concerns."""

from __future__ import annotations

from dataclasses import replace

from referee.rules.runeage.actions import initial_state
from referee.rules.runeage.reminders import (
    ATTACK,
    EACH,
    ENEMY_EFFECT,
    LASTING,
    NEXT,
    NOW,
    reminders,
)
from referee.rules.runeage.state import RuneAgeState
from referee.rules.runeage.words import table_view
from tests.rules.runeage.game import end_turns, new_setup, step


def event_phase(players: int = 3) -> RuneAgeState:
    return end_turns(initial_state(new_setup("dragonlords", players)), players)


def test_a_new_game_has_nothing_to_remind() -> None:
    state = initial_state(new_setup("dragonlords", 3))
    assert reminders(state) == ()
    assert table_view(state)["reminders"] == {"now": [], "next": []}


def test_an_instant_for_the_next_round_is_announced_then_in_effect_then_gone() -> None:
    """Instant Event Cards; R196: announced for the next round when drawn, in effect during
    that round, gone once it is over."""
    state = step(event_phase(), "draw_event", 0, event="Bountiful Harvest")
    (due,) = reminders(state)
    assert (due.when, due.kind, due.event, due.everyone) == (
        NEXT,
        LASTING,
        "Bountiful Harvest",
        True,
    )
    assert due.seats == (0, 1, 2)
    assert "during the next round, round 2" in due.text
    assert "first Spend Influence action" in due.text  # the card's own text
    state = step(state, "end_event_phase", 0)
    (due,) = reminders(state)
    assert due.when == NOW and "in effect during this round" in due.text
    assert table_view(state)["reminders"]["now"][0]["text"] == due.text
    state = end_turns(state, 3)
    assert reminders(state)[0].when == NOW  # still this round's, through its event phase
    state = step(state, "draw_event", 0, event="Cinder Drake")
    state = step(state, "end_event_phase", 0)
    assert reminders(state) == ()


def test_an_enemys_start_of_phase_effect_waits_for_the_next_event_phase() -> None:
    """Enemy Event Cards: an enemy acting at the start of the event phase acts only if it
    was in play before the event is drawn; R198."""
    state = end_turns(initial_state(new_setup("dragonlords", 3)), 3)
    state = replace(state, deck=((), state.deck[1]))
    state = step(state, "draw_event", 0, event="Dragonlord Herald")
    (due,) = reminders(state)
    assert (due.when, due.kind) == (NEXT, ENEMY_EFFECT)
    assert "next event phase (round 2)" in due.text and "does not act in it" in due.text
    state = step(state, "end_event_phase", 0)
    (due,) = reminders(state)
    assert due.when == NEXT and "does not act" not in due.text
    assert table_view(state)["reminders"]["next"][0]["event"] == "Dragonlord Herald"
    state = end_turns(state, 3)  # round 2's event phase, before the draw
    (due,) = reminders(state)
    assert due.when == NOW and "applies now, before the event is drawn" in due.text
    state = step(state, "draw_event", 0, event="Firestorm")
    assert [r.when for r in reminders(state) if r.kind == ENEMY_EFFECT] == [NEXT]


def test_an_attacking_instant_reminds_the_players_it_attacks_on_their_own_half() -> None:
    """Conduct a Battle: Defend Against an Instant Card; R197: the player battling it now,
    the players it goes on to, and nobody once it is repelled."""
    state = step(event_phase(), "draw_event", 0, event="Scorched Fields")
    due = reminders(state)
    assert [(r.when, r.kind, r.seats, r.everyone) for r in due] == [
        (NOW, ATTACK, (0,), False),
        (NOW, ATTACK, (1,), False),
        (NOW, ATTACK, (2,), False),
    ]
    assert "Ana battles it now. It stops once a player repels it." in due[0].text
    assert "Ben's Home Realm next unless Ana repels it first" in due[1].text
    assert "Cleo's Home Realm next unless Ana or Ben repels it first" in due[2].text
    shown = table_view(state)
    assert [len(p["reminders"]) for p in shown["players"]] == [1, 1, 1]
    assert shown["reminders"] == {"now": [], "next": []}
    state = step(state, "play_other", 0, name="Hired Ogre", strength=4)
    state = step(step(state, "pass", 0), "resolve", 0)
    assert reminders(state) == ()
    assert all(p["reminders"] == [] for p in table_view(state)["players"])


def test_an_instant_attacking_each_player_names_who_battles_after_whom() -> None:
    """R192: Firestorm attacks every player whatever the one before did."""
    state = end_turns(initial_state(new_setup("dragonlords", 2)), 2)
    state = replace(state, deck=((), state.deck[1]))
    state = step(state, "draw_event", 0, event="Firestorm")
    due = reminders(state)
    assert "strength 7" in due[0].text and "stops" not in due[0].text
    assert due[1].text == "Firestorm attacks Ben's Home Realm after Ana's battle."


def test_a_game_over_has_no_reminders() -> None:
    state = step(event_phase(), "draw_event", 0, event="Bountiful Harvest")
    state = replace(state, outcome=replace(state.outcome, over=True, reason="test"))
    assert reminders(state) == ()


def test_an_instant_drawn_is_resolved_in_play_order() -> None:
    """Event Cards & the Event Phase; Instant Event Cards; R200: the players it may affect,
    in play order, from the first player on; those before the last who took its damage
    are past."""
    state = end_turns(initial_state(new_setup("monument", 3)), 3)
    state = step(state, "draw_event", 0, event="Quarry Collapse")
    (due,) = reminders(state)
    assert (due.when, due.kind, due.everyone) == (NOW, EACH, True)
    assert "in play order: Ana, then Ben, then Cleo" in due.text
    state = step(state, "take_damage", 1, seat=1, amount=1)
    (due,) = reminders(state)
    assert "in play order: Ben, then Cleo" in due.text
    state = step(state, "end_event_phase", 0)
    assert reminders(state) == ()
