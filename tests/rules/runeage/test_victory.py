"""Damage, elimination and victory (Player Elimination, Winning the Game, The Scenarios)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.rules.runeage.actions import initial_state
from referee.rules.runeage.legal import legal_actions
from referee.rules.runeage.state import RuneAgeState
from referee.rules.runeage.system import RUNE_AGE
from referee.rules.runeage.words import table_view
from referee.rules.tracker import IllegalAction
from tests.rules.runeage.game import end_turns, new_setup, owning_cards, step


def fresh(players: int = 3, scenario: str = "dragonlords") -> RuneAgeState:
    return initial_state(new_setup(scenario, players))


def damaged(state: RuneAgeState, seat: int, amount: int) -> RuneAgeState:
    players = list(state.players)
    players[seat] = replace(players[seat], damage=amount)
    return replace(state, players=tuple(players))


def besiege(state: RuneAgeState, attacker: int, defender: int, strength: int) -> RuneAgeState:
    state = step(state, "attack", attacker, target=f"realm:{defender}")
    state = step(state, "play_other", attacker, name="Host", strength=strength)
    state = step(step(state, "pass", defender), "pass", attacker)
    # no Resolution abilities: the attacker is done, then the defender (Conduct a Siege)
    state = step(step(state, "pass", attacker), "pass", defender)
    return step(state, "resolve", attacker)


def test_twenty_damage_eliminates_and_sends_cards_home() -> None:
    """Player Elimination: neutral and gold cards back, cities to the centre, Rewards out."""
    state = owning_cards(fresh(), 1, {"Demon": 1, "2-gold": 1})
    city = state.central_cities[0]
    players = list(state.players)
    players[1] = replace(players[1], cities=(city,), rewards=("Ash Cultists",))
    state = replace(state, players=tuple(players), central_cities=state.central_cities[1:])
    state = damaged(state, 1, 15)
    state = besiege(state, 0, 1, 5)
    ben = state.players[1]
    assert ben.eliminated and ben.damage == 20
    assert state.neutral_piles["Demon"] == 5
    assert state.gold_piles == {1: 4 + 5, 2: 12 + 1, 3: 8}  # his five 1-gold and a 2-gold
    assert city in state.central_cities and "Ash Cultists" in state.removed
    assert not state.outcome.over  # Dragonlords goes on (R187)
    assert legal_actions(state, 1) == ()
    state = end_turns(state, 1)
    assert state.active == 2  # Ben's turn is skipped


def test_the_dragonlords_objective_defeated_wins() -> None:
    """Resurgence of the Dragonlords: Victory Conditions. The objective is an enemy with
    attrition icons."""
    state = step(fresh(), "attack", 0, target="objective")
    state = step(state, "play_other", 0, name="Dragon Slayers", strength=16)
    state = step(state, "pass", 0)
    state = step(step(state, "roll_attrition", 0, roll="blank"), "roll_attrition", 0, roll="blank")
    state = step(state, "resolve", 0)
    assert state.outcome.winner == 0
    assert "defeated Dragonlord Vyrakhan" in table_view(state)["reason"]
    with pytest.raises(IllegalAction, match="The game is over"):
        step(state, "end_turn", 0)


def test_the_solo_dragonlords_player_loses_at_twenty_damage() -> None:
    """Resurgence of the Dragonlords: Solitaire Play."""
    state = end_turns(fresh(1), 1)
    state = step(state, "draw_event", 0, event="Cinder Drake")
    state = step(damaged(state, 0, 19), "take_damage", 0, seat=0, amount=1)
    assert state.outcome.over and not state.outcome.places
    assert table_view(state)["everyone_lost"]
    assert RUNE_AGE.over(state)  # over with no winner, as the view says


def test_runewars_the_victor_takes_the_losers_rune_power_and_chooses() -> None:
    """Runewars: Special Rules."""
    state = damaged(fresh(3, "runewars"), 1, 18)
    ana_rune, ben_rune = state.players[0].rune_powers[0], state.players[1].rune_powers[0]
    state = besiege(state, 0, 1, 3)
    assert state.players[0].rune_powers == (ana_rune, ben_rune)
    assert state.rune_choice == 0
    assert [a.type for a in legal_actions(state, 0)] == ["choose_rune_power"]
    with pytest.raises(IllegalAction, match="chooses which dragon rune power"):
        step(state, "end_turn", 0)
    state = step(state, "choose_rune_power", 0, keep=ben_rune)
    assert state.players[0].rune_powers == (ben_rune,)


def test_runewars_an_event_elimination_removes_the_rune_power() -> None:
    state = end_turns(damaged(fresh(3, "runewars"), 1, 18), 3)
    state = step(state, "draw_event", 0, event="Skirmish Lines")
    state = step(state, "take_damage", 1, seat=1, amount=2)
    assert state.players[1].eliminated and state.rune_choice is None
    assert all(len(p.rune_powers) <= 1 for p in state.players)


def test_runewars_the_last_player_standing_wins() -> None:
    state = damaged(damaged(fresh(3, "runewars"), 1, 19), 2, 19)
    state = besiege(state, 0, 1, 2)
    state = step(state, "choose_rune_power", 0, keep=state.players[0].rune_powers[0])
    assert not state.outcome.over
    state = besiege(state, 0, 2, 2)
    assert state.outcome.winner == 0
    assert state.outcome.places[1:] == (frozenset({2}), frozenset({1}))


def test_the_cataclysm_is_lost_by_everyone_when_anyone_is_eliminated() -> None:
    """The Cataclysm: Victory Conditions."""
    state = damaged(fresh(3, "cataclysm"), 2, 19)
    state = step(state, "take_damage", 0, seat=2, amount=3)
    assert state.outcome.over and state.outcome.places == ()


def test_a_monument_built_wins_at_the_end_of_the_round() -> None:
    """The Monument: Victory Conditions; R193."""
    state = owning_cards(fresh(2, "monument"), 1, {"3-gold": 4})
    state = end_turns(state, 1)
    for _ in range(4):
        state = step(state, "play_gold", 1, value=3)
    state = step(state, "buy", 1, card="Tree of First Light")
    assert state.players[1].monument and not state.outcome.over
    state = end_turns(state, 1)
    state = step(state, "draw_event", 0, event="Gold Rush")
    state = step(state, "end_event_phase", 0)
    assert state.outcome.winner == 1


def test_several_monuments_in_one_round_compare_the_strength_of_each_deck() -> None:
    """The Monument: Victory Conditions; R190. Equal decks share the victory."""
    state = owning_cards(fresh(3, "monument"), 0, {"3-gold": 4})
    state = owning_cards(state, 1, {"3-gold": 4})
    for seat, monument in ((0, "Beacon of the Thirteen"), (1, "Tree of First Light")):
        for _ in range(4):
            state = step(state, "play_gold", seat, value=3)
        state = step(step(state, "buy", seat, card=monument), "end_turn", seat)
    state = step(state, "end_turn", 2)
    shared = step(step(state, "draw_event", 0, event="Gold Rush"), "end_event_phase", 0)
    assert shared.outcome.winners == frozenset({0, 1}) and shared.outcome.winner is None
    stronger = owning_cards(state, 1, {"Moonbow Archer": 1})
    won = step(step(stronger, "draw_event", 0, event="Gold Rush"), "end_event_phase", 0)
    assert won.outcome.winners == frozenset({1})
    assert "strongest units" in won.outcome.reason


def test_the_monument_can_be_bought_only_in_the_monument() -> None:
    state = owning_cards(fresh(2, "dragonlords"), 0, {"3-gold": 4})
    for _ in range(4):
        state = step(state, "play_gold", 0, value=3)
    with pytest.raises(IllegalAction, match="not a card of Ana's Barracks"):
        step(state, "buy", 0, card="Beacon of the Thirteen")


def test_everyone_eliminated_is_a_game_everyone_lost() -> None:
    """R187: an attacking instant can eliminate the last players of Resurgence of the
    Dragonlords together."""
    state = end_turns(damaged(damaged(fresh(2), 0, 19), 1, 19), 2)
    state = step(state, "draw_event", 0, event="Scorched Fields")
    state = step(step(state, "pass", 0), "resolve", 0)
    assert state.players[0].eliminated and state.combat is not None
    state = step(step(state, "pass", 1), "resolve", 1)
    assert state.outcome.over and state.outcome.places == ()


def test_runewars_a_rune_power_found_through_an_event_is_chosen_between() -> None:
    """Runewars: Special Rules (Dragon Rune Discovery); R195."""
    state = fresh(2, "runewars")
    spare = state.spare_runes
    assert len(spare) == 4 and state.players[0].rune_powers[0] not in spare
    with pytest.raises(IllegalAction, match="through an event"):
        step(state, "gain_rune_power", 0, power=spare[0])
    state = end_turns(state, 2)
    state = step(state, "draw_event", 0, event="Dragon Rune Discovery")
    state = step(state, "gain_rune_power", 1, power=spare[0])
    assert state.rune_choice == 1 and spare[0] not in state.spare_runes
    with pytest.raises(IllegalAction, match="chosen first"):
        step(state, "end_event_phase", 0)
    state = step(state, "choose_rune_power", 1, keep=spare[0])
    assert state.players[1].rune_powers == (spare[0],)
    state = step(state, "end_event_phase", 0)
    assert state.round == 2


def test_runewars_a_player_eliminated_on_their_own_turn_is_nobodys_victor() -> None:
    """Player Elimination; Runewars: Special Rules; R199. Ana records the damage a lasting
    event's text deals her own Home Realm during her turn: she is out, nobody takes her
    dragon rune power, and Ben's turn begins."""
    state = damaged(fresh(3, "runewars"), 0, 18)
    rune = state.players[0].rune_powers[0]
    state = step(state, "take_damage", 0, seat=0, amount=2, source="event")
    assert state.players[0].eliminated
    assert state.rune_choice is None
    assert all(rune not in p.rune_powers for p in state.players)
    assert state.active == 1
    assert [a for a in legal_actions(state, 1) if a.type == "end_turn"]


def test_runewars_damage_from_ones_own_card_makes_no_victor_either() -> None:
    """R199: without a source the damage a player records during their turn is a card's; a
    player whose own card eliminates them is still nobody's victor."""
    state = damaged(fresh(3, "runewars"), 0, 18)
    state = step(state, "take_damage", 0, seat=0, amount=2)
    assert state.players[0].eliminated and state.rune_choice is None
    assert state.active == 1 and legal_actions(state, 1)


def test_runewars_a_card_eliminating_another_player_makes_its_owner_the_victor() -> None:
    """Runewars: Special Rules; R199: the card of the player whose turn it is defeated Ben."""
    state = damaged(fresh(3, "runewars"), 1, 18)
    ben_rune = state.players[1].rune_powers[0]
    state = step(state, "take_damage", 0, seat=1, amount=2, source="card")
    assert state.players[1].eliminated and state.rune_choice == 0
    assert ben_rune in state.players[0].rune_powers


def test_runewars_an_event_eliminating_another_player_during_a_turn_makes_no_victor() -> None:
    """Runewars: Special Rules (an Event card's damage removes the power); R199."""
    state = damaged(fresh(3, "runewars"), 1, 18)
    ben_rune = state.players[1].rune_powers[0]
    state = step(state, "take_damage", 0, seat=1, amount=2, source="event")
    assert state.players[1].eliminated and state.rune_choice is None
    assert all(ben_rune not in p.rune_powers for p in state.players)


def test_damage_in_the_event_phase_comes_from_the_event() -> None:
    """R199: no card of a player acts in the event phase."""
    state = end_turns(fresh(3, "runewars"), 3)
    state = step(state, "draw_event", 0, event="Skirmish Lines")
    with pytest.raises(IllegalAction, match="event phase") as refused:
        step(state, "take_damage", 1, seat=1, amount=2, source="card")
    assert refused.value.field == "payload.source"


def test_the_source_of_damage_is_a_card_or_an_event() -> None:
    with pytest.raises(IllegalAction) as refused:
        step(fresh(), "take_damage", 0, seat=1, amount=2, source="siege")
    assert refused.value.field == "payload.source"


def test_after_the_first_player_is_eliminated_the_next_still_in_draws_the_events() -> None:
    """R186: the first player still in the game draws each event and ends the event phase."""
    state = besiege(end_turns(damaged(fresh(3), 0, 19), 1), 1, 0, 2)  # on Ben's turn
    assert state.players[0].eliminated and state.first == 1
    state = step(state, "end_turn", 1)
    state = step(state, "end_turn", 2)
    assert [a.type for a in legal_actions(state, 1) if a.type != "take_damage"] == ["draw_event"]
    assert not [a for a in legal_actions(state, 2) if a.type == "draw_event"]
    with pytest.raises(IllegalAction, match="The first player, Ben, draws the event") as refused:
        step(state, "draw_event", 2, event="Cinder Drake")
    assert refused.value.field == "by"
    state = step(state, "draw_event", 1, event="Cinder Drake")
    with pytest.raises(IllegalAction, match="first player ends"):
        step(state, "end_event_phase", 2)
    state = step(state, "end_event_phase", 1)
    assert state.round == 2 and state.active == 1  # Ben's turn opens the round


def test_an_eliminated_players_faction_cards_strongholds_and_monument_leave_with_them() -> None:
    """Player Elimination; R194: the book sends back neutral and gold cards, cities and
    Rewards; the faction units, strongholds and a Monument built stay out of the game with
    the player, and nobody else may attack or count them."""
    state = fresh(3, "monument")
    players = list(state.players)
    players[1] = replace(players[1], strongholds=("Leafshade Post",), monument=True, damage=19)
    state = replace(state, players=tuple(players), built=(1,))
    barracks = dict(state.players[1].barracks)
    state = step(state, "take_damage", 0, seat=1, amount=1, source="event")
    ben = state.players[1]
    assert ben.eliminated and ben.barracks == barracks
    assert ben.owned == {"Grove Scout": 3}  # the 1-gold cards went back, his units did not
    assert state.built == ()  # his Monument wins nothing at the end of the round
    targets = {a.payload["target"] for a in legal_actions(state, 0) if a.type == "attack"}
    assert not any("Leafshade Post" in t for t in targets)


def test_a_rune_power_an_event_eliminates_leaves_the_game() -> None:
    """Runewars: Special Rules; R194: nobody takes it, and it is no spare to be found."""
    state = damaged(fresh(3, "runewars"), 1, 19)
    rune = state.players[1].rune_powers[0]
    state = step(state, "take_damage", 0, seat=1, amount=1, source="event")
    assert rune not in state.spare_runes
    assert all(rune not in p.rune_powers for p in state.players)
