"""The event phase (Event Cards & the Event Phase, Enemy Event Cards, Instant Event Cards,
Rewards)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.rules.runeage.actions import initial_state
from referee.rules.runeage.legal import legal_actions
from referee.rules.runeage.state import ACTIONS, EVENT, RuneAgeState
from referee.rules.runeage.words import table_view
from referee.rules.tracker import IllegalAction
from tests.rules.runeage.game import end_turns, new_setup, step


def event_phase(players: int = 3, scenario: str = "dragonlords") -> RuneAgeState:
    return end_turns(initial_state(new_setup(scenario, players)), players)


def next_round(state: RuneAgeState, event: str) -> RuneAgeState:
    state = step(state, "draw_event", state.first, event=event)
    return step(state, "end_event_phase", state.first)


def test_the_first_player_draws_from_the_stage_on_top() -> None:
    """Setup 10 (Stage 1 on Stage 2); R185: the card drawn is named at the table."""
    state = event_phase()
    with pytest.raises(IllegalAction, match="not a Stage 1 event") as error:
        step(state, "draw_event", 0, event="Firestorm")
    assert error.value.field == "payload.event"
    with pytest.raises(IllegalAction, match="The first player, Ana, draws"):
        step(state, "draw_event", 1, event="Cinder Drake")
    state = step(state, "draw_event", 0, event="Cinder Drake")
    shown = table_view(state)["events"]
    assert shown["left"] == 9 and shown["by_stage"] == [4, 5]
    assert shown["drawn"]["stage"] == 1


def test_an_enemy_stays_in_play_until_defeated() -> None:
    """Enemy Event Cards."""
    state = next_round(event_phase(), "Ash Cultists")
    assert state.enemies == (("Ash Cultists", 1),)
    assert state.round == 2 and state.step == ACTIONS and state.active == 0
    targets = {a.payload["target"] for a in legal_actions(state, 0) if a.type == "attack"}
    assert "enemy:Ash Cultists" in targets


def test_an_instant_without_an_attack_is_discarded_at_once() -> None:
    """Instant Event Cards: resolved at once, then discarded (Gold Rush lasts no longer)."""
    state = step(event_phase(scenario="monument"), "draw_event", 0, event="Gold Rush")
    assert state.discard == ("Gold Rush",) and state.combat is None and state.lasting == ()


def stage_two(state: RuneAgeState) -> RuneAgeState:
    """The event deck with its Stage 1 used up, so a Stage 2 card is on top."""
    deck: tuple[tuple[str, ...], ...] = ((), state.deck[1])
    return replace(state, deck=deck)


def test_an_attacking_instant_is_battled_by_each_player_in_play_order() -> None:
    """Conduct a Battle: Defend Against an Instant Card; R192. Firestorm has strength 7 and
    attacks each Home Realm: Ana repels it with 7 (a tie goes to the army), and it still
    attacks Ben, who takes 7 - 1 = 6, and Cleo, who plays nothing and takes 7."""
    state = step(stage_two(event_phase()), "draw_event", 0, event="Firestorm")
    assert state.combat is not None and state.combat.attacker.seat == 0
    for _ in range(3):
        state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "adjust", 0, side="attacker", amount=4)
    state = step(state, "pass", 0)
    state = step(state, "resolve", 0)
    assert state.players[0].damage == 0
    assert state.combat is not None and state.combat.attacker.seat == 1
    state = step(state, "play_card", 1, card="Grove Scout")
    state = step(step(state, "pass", 1), "resolve", 1)
    assert state.players[1].damage == 6
    state = step(step(state, "pass", 2), "resolve", 2)
    assert state.players[2].damage == 7
    assert state.combat is None and state.discard == ("Firestorm",)
    assert state.step == EVENT and state.active == 0
    state = step(state, "end_event_phase", 0)
    assert state.round == 2


def test_the_event_phase_ends_only_after_the_event() -> None:
    state = event_phase()
    with pytest.raises(IllegalAction, match="Draw this round's event first"):
        step(state, "end_event_phase", 0)
    state = step(state, "draw_event", 0, event="Scorched Fields")
    with pytest.raises(IllegalAction, match="battles the attacking event first"):
        step(state, "end_event_phase", 0)


def test_a_start_of_event_phase_enemy_acts_only_from_the_next_event_phase() -> None:
    """Enemy Event Cards: the effect needs the enemy in play before the card is drawn."""
    state = step(stage_two(event_phase()), "draw_event", 0, event="Dragonlord Herald")
    herald = table_view(state)["events"]["enemies"][0]
    assert herald["start_of_event_phase"] and not herald["acts_this_event_phase"]
    state = end_turns(step(state, "end_event_phase", 0), 3)
    assert table_view(state)["events"]["enemies"][0]["acts_this_event_phase"]


def test_an_empty_deck_is_rebuilt_from_the_stage_two_discards() -> None:
    """Event Cards & the Event Phase: shuffle the Stage 2 events of the discard pile."""
    state = event_phase()
    state = replace(
        state,
        deck=((), ()),
        discard=("Bountiful Harvest", "Firestorm", "Burning Sky"),
        step=ACTIONS,
        active=2,
    )
    state = step(state, "end_turn", 2)
    assert state.deck == ((), ("Firestorm", "Burning Sky"))
    assert state.discard == ("Bountiful Harvest",)


def test_nothing_is_drawn_when_the_deck_cannot_be_rebuilt() -> None:
    """R188."""
    state = replace(event_phase(), deck=((), ()), step=ACTIONS, active=2)
    state = step(state, "end_turn", 2)
    assert state.top_stage is None
    assert [a.type for a in legal_actions(state, 0) if a.type != "take_damage"] == [
        "end_event_phase"
    ]
    state = step(state, "end_event_phase", 0)
    assert state.round == 2


def test_the_cataclysm_is_won_by_all_when_the_first_player_cannot_draw() -> None:
    """The Cataclysm: Victory Conditions; the deck is never rebuilt."""
    state = initial_state(new_setup("cataclysm", 2))
    state = replace(state, deck=((), (), ()), discard=("Falling Stars",), active=1)
    state = step(state, "end_turn", 1)
    assert state.outcome.over and state.outcome.winners == frozenset({0, 1})
    assert table_view(state)["over"] and table_view(state)["winner"] is None


def test_a_defeated_enemy_with_a_reward_gives_gold_or_influence_each_turn() -> None:
    """Rewards: a Reward with a resource icon is exhausted for it."""
    state = next_round(event_phase(2), "Cinder Drake")
    for _ in range(3):
        state = step(state, "play_card", 0, card="Levy Spearman") if state.combat else state
        if state.combat is None:
            state = step(state, "attack", 0, target="enemy:Cinder Drake")
            state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "play_other", 0, name="Borrowed Giant", strength=4)
    state = step(state, "pass", 0)
    state = step(state, "roll_attrition", 0, roll="blank")
    state = step(state, "resolve", 0)
    assert state.players[0].rewards == ("Cinder Drake",) and state.enemies == ()
    state = step(state, "exhaust", 0, card="reward:Cinder Drake")
    assert (state.pool_kind, state.pool) == ("gold", 1)


def test_the_event_phases_damage_is_placed_by_each_player() -> None:
    state = step(event_phase(), "draw_event", 0, event="Cinder Drake")
    state = step(state, "take_damage", 1, seat=1, amount=2)
    assert state.players[1].damage == 2


def test_a_strength_the_cards_lack_is_typed_when_the_event_is_drawn() -> None:
    """Cards as data: a number the catalog lacks is typed at the table."""
    state = event_phase()
    scenario = state.setup.cards.scenarios[0]
    events = tuple(
        replace(e, strength=None) if e.name == "Ash Cultists" else e for e in scenario.events
    )
    cards = replace(state.setup.cards, scenarios=(replace(scenario, events=events),))
    state = replace(state, setup=replace(state.setup, cards=cards))
    draw = next(a for a in legal_actions(state, 0) if a.type == "draw_event")
    assert "strength" in draw.choices
    with pytest.raises(IllegalAction) as error:
        step(state, "draw_event", 0, event="Ash Cultists")
    assert error.value.field == "payload.strength"
    state = step(state, "draw_event", 0, event="Ash Cultists", strength=7)
    assert table_view(state)["events"]["enemies"][0]["strength"] == 7
    state = step(state, "end_event_phase", 0)
    targets = {a.label for a in legal_actions(state, 0) if a.type == "attack"}
    assert "Attack Ash Cultists (strength 7)" in targets


def test_an_instant_lasting_during_the_next_round_stays_beside_the_objective_until_it_ends() -> (
    None
):
    """Instant Event Cards: an ongoing effect during the next game round, the card beside
    the objective until the round is over; R196. Bountiful Harvest is drawn in round 1's
    event phase, applies to round 2 and goes to the discard pile when round 2's event phase
    ends."""
    state = step(event_phase(), "draw_event", 0, event="Bountiful Harvest")
    assert state.lasting == (("Bountiful Harvest", 2),) and state.discard == ()
    state = step(state, "end_event_phase", 0)
    assert state.round == 2 and state.lasting == (("Bountiful Harvest", 2),)
    state = end_turns(state, 3)
    assert state.step == EVENT and state.discard == ()
    state = next_round(state, "Cinder Drake")
    assert state.round == 3 and state.lasting == ()
    assert state.discard == ("Bountiful Harvest",)
    assert table_view(state)["events"]["lasting"] == []


def test_a_lasting_instant_is_not_taken_back_into_a_rebuilt_event_deck() -> None:
    """Event Cards & the Event Phase (the deck rebuilt from the Stage 2 discards); R196,
    R188: Famine, drawn as the last card, is still beside the objective when the next event
    phase finds the deck empty, so nothing is drawn; it is discarded when that round ends."""
    state = event_phase(2, "monument")
    state = replace(state, deck=((), ("Famine",)), discard=("Gold Rush",))
    state = next_round(state, "Famine")
    assert state.lasting == (("Famine", 2),)
    state = end_turns(state, 2)
    assert state.deck_size == 0 and state.top_stage is None
    state = step(state, "end_event_phase", 0)
    assert state.lasting == () and state.discard == ("Gold Rush", "Famine")
    state = end_turns(state, 2)
    assert state.deck == ((), ("Famine",))  # rebuilt from it a round later


def test_an_instant_attacking_until_repelled_stops_at_the_first_player_to_repel_it() -> None:
    """Conduct a Battle: Defend Against an Instant Card; R197. Scorched Fields (strength 4)
    beats Ana, who plays nothing and takes 4; Ben repels it with 1 + 3, and it leaves play:
    Cleo never battles it."""
    state = step(event_phase(), "draw_event", 0, event="Scorched Fields")
    state = step(step(state, "pass", 0), "resolve", 0)
    assert state.players[0].damage == 4
    assert state.combat is not None and state.combat.attacker.seat == 1
    assert state.attack_queue == (2,)
    state = step(state, "play_card", 1, card="Grove Scout")
    state = step(state, "adjust", 1, side="attacker", amount=3)
    state = step(step(state, "pass", 1), "resolve", 1)
    assert state.players[1].damage == 0 and state.players[2].damage == 0
    assert state.combat is None and state.attack_queue == ()
    assert state.discard == ("Scorched Fields",)
    assert [a.type for a in legal_actions(state, 2) if a.type != "take_damage"] == []
    state = step(state, "end_event_phase", 0)
    assert state.round == 2


def test_an_instant_attacking_until_repelled_that_nobody_repels_goes_round_once() -> None:
    """R197: when no player repels it, it leaves after the last player's battle."""
    state = step(event_phase(), "draw_event", 0, event="Scorched Fields")
    for seat in (0, 1, 2):
        assert state.combat is not None and state.combat.attacker.seat == seat
        state = step(step(state, "pass", seat), "resolve", seat)
    assert [p.damage for p in state.players] == [4, 4, 4]
    assert state.combat is None and state.discard == ("Scorched Fields",)


def test_an_instant_repelled_by_the_first_player_attacks_nobody_else() -> None:
    """R197: Ana repels Scorched Fields at once."""
    state = step(event_phase(), "draw_event", 0, event="Scorched Fields")
    state = step(state, "play_other", 0, name="Hired Ogre", strength=4)
    state = step(step(state, "pass", 0), "resolve", 0)
    assert state.combat is None and state.attack_queue == ()
    assert all(p.damage == 0 for p in state.players)


def test_an_instants_damage_is_recorded_in_play_order() -> None:
    """Event Cards & the Event Phase; Instant Event Cards; R200: an instant affecting each
    player is resolved from the first player on, so once Ben's Home Realm has taken its
    damage nobody before him in play order takes any more; a player it spares is skipped."""
    state = step(event_phase(3, "monument"), "draw_event", 0, event="Quarry Collapse")
    state = step(state, "take_damage", 1, seat=1, amount=2)
    state = step(state, "take_damage", 1, seat=1, amount=1)  # Ben again: still his share
    with pytest.raises(IllegalAction, match="play order") as refused:
        step(state, "take_damage", 0, seat=0, amount=1)
    assert refused.value.field == "payload.seat"
    assert not [a for a in legal_actions(state, 0) if a.type == "take_damage"]
    assert [a for a in legal_actions(state, 2) if a.type == "take_damage"]
    state = step(state, "take_damage", 2, seat=2, amount=1)
    assert [p.damage for p in state.players] == [0, 3, 1]
    state = step(state, "end_event_phase", 0)
    state = step(end_turns(state, 3), "draw_event", 0, event="Gold Rush")
    assert step(state, "take_damage", 0, seat=0, amount=1).players[0].damage == 1  # anew


def test_in_runewars_the_first_player_an_instant_eliminates_may_leave_a_winner() -> None:
    """Event Cards & the Event Phase (play order); Runewars: Victory Conditions; R200. Both
    at 19 damage, Ana takes the instant's damage first and is out: Ben is the last standing
    before his share comes."""
    state = event_phase(2, "runewars")
    players = tuple(replace(p, damage=19) for p in state.players)
    state = replace(state, players=players, deck=((), state.deck[1]))  # Stage 2 on top
    state = step(state, "draw_event", 0, event="Bloodied Banners")
    state = step(state, "take_damage", 0, seat=0, amount=1)
    assert state.outcome.winner == 1


def test_before_the_event_is_drawn_damage_goes_in_any_order() -> None:
    """R198: enemies acting at the start of the event phase are no drawn instant."""
    state = event_phase()
    state = step(state, "take_damage", 2, seat=2, amount=1)
    state = step(state, "take_damage", 0, seat=0, amount=1)
    assert [p.damage for p in state.players] == [1, 0, 1]
