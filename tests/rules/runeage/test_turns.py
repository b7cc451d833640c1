"""A player's turn and the resources (A Player's Turn, Performing Actions, Resources)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.rules.runeage.actions import initial_state
from referee.rules.runeage.legal import legal_actions
from referee.rules.runeage.state import ACTIONS, EVENT, RuneAgeState
from referee.rules.tracker import IllegalAction
from tests.rules.runeage.game import end_turns, new_setup, owning_cards, step


def fresh(players: int = 3, scenario: str = "dragonlords") -> RuneAgeState:
    return initial_state(new_setup(scenario, players))


def with_stronghold(state: RuneAgeState, seat: int, name: str) -> RuneAgeState:
    players = list(state.players)
    player = players[seat]
    barracks = dict(player.barracks)
    barracks[name] -= 1
    players[seat] = replace(player, strongholds=(*player.strongholds, name), barracks=barracks)
    return replace(state, players=tuple(players))


def test_gold_buys_a_unit_and_its_pile_counts_down() -> None:
    """Spend Gold Action: gold cards played buy units from the Barracks."""
    state = fresh()
    state = step(state, "play_gold", 0, value=1)
    state = step(state, "play_gold", 0, value=1)
    state = step(state, "buy", 0, card="Shieldwall Sergeant")
    ana = state.players[0]
    assert ana.owned["Shieldwall Sergeant"] == 1
    assert ana.barracks["Shieldwall Sergeant"] == 3
    assert (state.gold_spent, state.pool) == (2, 0)


def test_a_purchase_the_gold_cannot_cover_is_refused() -> None:
    """Spend Gold Action: the cost is paid in full from the gold played."""
    state = step(fresh(), "play_gold", 0, value=1)
    with pytest.raises(IllegalAction, match="costs 3, 1 is left") as error:
        step(state, "buy", 0, card="Lance Rider")
    assert error.value.field == "payload.card"


def test_a_purchase_the_supply_cannot_cover_is_refused() -> None:
    state = fresh()
    players = list(state.players)
    players[0] = replace(players[0], barracks={**players[0].barracks, "Levy Spearman": 0})
    state = step(replace(state, players=tuple(players)), "play_gold", 0, value=1)
    with pytest.raises(IllegalAction, match="No Levy Spearman is left"):
        step(state, "buy", 0, card="Levy Spearman")


def test_one_gold_card_buys_several_units() -> None:
    """Spend Gold Action: a player may buy several units with a single gold card."""
    state = owning_cards(fresh(), 0, {"3-gold": 1})
    state = step(state, "play_gold", 0, value=3)
    for _ in range(3):
        state = step(state, "buy", 0, card="Levy Spearman")
    assert state.players[0].owned["Levy Spearman"] == 6
    assert state.players[0].barracks["Levy Spearman"] == 2


def test_unspent_gold_is_lost_when_another_action_begins() -> None:
    """Spend Gold Action: a Spend Gold action is not interrupted and carries nothing
    over (R182)."""
    state = step(fresh(), "play_gold", 0, value=1)
    target = next(iter(state.central_cities))
    state = step(state, "attack", 0, target=f"city:{target}")
    assert (state.pool_kind, state.pool) == ("", 0)


def test_gold_is_played_only_from_the_gold_cards_owned() -> None:
    """R183: five 1-gold cards in the starting deck, so a sixth is refused."""
    state = fresh()
    for _ in range(5):
        state = step(state, "play_gold", 0, value=1)
    with pytest.raises(IllegalAction, match="no 1-gold card left"):
        step(state, "play_gold", 0, value=1)
    with pytest.raises(IllegalAction, match="no 2-gold"):
        step(state, "play_gold", 0, value=2)


def test_a_stronghold_is_bought_for_four_gold_and_enters_refreshed() -> None:
    """Spend Gold Action: Purchase Strongholds; Resources: the stronghold's 4 gold."""
    state = fresh()
    for _ in range(4):
        state = step(state, "play_gold", 0, value=1)
    state = step(state, "buy", 0, card="Greyfen Tower")
    ana = state.players[0]
    assert ana.strongholds == ("Greyfen Tower",) and ana.barracks["Greyfen Tower"] == 0
    state = step(state, "exhaust", 0, card="stronghold:Greyfen Tower")
    assert (state.pool_kind, state.pool) == ("influence", 1)


def test_influence_acquires_neutral_and_gold_cards_and_the_piles_count_down() -> None:
    """Spend Influence Action: acquire neutral cards and gold cards."""
    state = fresh()
    state = with_stronghold(state, 0, "Greyfen Tower")
    state = with_stronghold(state, 0, "Millbridge Watch")
    state = step(state, "exhaust", 0, card="stronghold:Greyfen Tower")
    state = step(state, "exhaust", 0, card="stronghold:Millbridge Watch")
    state = step(state, "acquire", 0, card="Forced March")
    state = step(state, "acquire", 0, card="1-gold")
    assert state.neutral_piles["Forced March"] == 3
    assert state.gold_piles[1] == 3
    assert state.players[0].owned["1-gold"] == 6
    assert state.influence_spent == 2
    with pytest.raises(IllegalAction, match="Forced March costs 1, 0 is left"):
        step(state, "acquire", 0, card="Forced March")


def test_an_exhausted_card_is_refreshed_at_its_owners_next_turn() -> None:
    """A Player's Turn, step 1; Spend Influence Action."""
    state = with_stronghold(fresh(2), 0, "Greyfen Tower")
    state = step(state, "exhaust", 0, card="stronghold:Greyfen Tower")
    with pytest.raises(IllegalAction, match="exhausted until Ana's next turn"):
        step(state, "exhaust", 0, card="stronghold:Greyfen Tower")
    state = end_turns(state, 2)
    assert state.step == EVENT
    state = step(state, "draw_event", 0, event=state.deck[0][0])
    state = step(state, "end_event_phase", 0)
    assert state.players[0].exhausted == frozenset()


def test_keeping_cards_costs_one_influence_each() -> None:
    """A Player's Turn, step 3."""
    state = with_stronghold(fresh(), 0, "Greyfen Tower")
    state = step(state, "exhaust", 0, card="stronghold:Greyfen Tower")
    state = step(state, "keep", 0, count=1)
    assert state.kept == 1
    with pytest.raises(IllegalAction, match="Not enough influence"):
        step(state, "keep", 0, count=1)


def test_turns_go_in_play_order_and_the_event_phase_follows_the_last() -> None:
    """A Player's Turn: the next player clockwise; the event phase after the last turn."""
    state = fresh()
    assert (state.active, state.step) == (0, ACTIONS)
    with pytest.raises(IllegalAction, match="Only Ana, whose turn it is"):
        step(state, "end_turn", 1)
    state = end_turns(state, 2)
    assert state.active == 2
    state = end_turns(state, 1)
    assert state.step == EVENT and state.active == 0


def test_the_spending_of_the_turn_is_reset_for_the_next_player() -> None:
    state = step(fresh(), "play_gold", 0, value=1)
    state = step(state, "buy", 0, card="Levy Spearman")
    state = end_turns(state, 1)
    assert (state.gold_spent, state.gold_played, state.active) == (0, {}, 1)


def test_the_legal_actions_offer_only_purchases_the_gold_covers() -> None:
    state = step(fresh(), "play_gold", 0, value=1)
    state = step(state, "play_gold", 0, value=1)
    bought = {a.payload["card"] for a in legal_actions(state, 0) if a.type == "buy"}
    assert bought == {"Levy Spearman", "Shieldwall Sergeant"}
    assert legal_actions(state, 1) == ()


def test_a_card_action_is_recorded_for_a_card_the_player_owns() -> None:
    """Card Action."""
    state = step(fresh(), "card_action", 0, card="Levy Spearman")
    with pytest.raises(IllegalAction, match="no 'Demon' card"):
        step(state, "card_action", 0, card="Demon")
