"""The Azeroth at War tracker through a round: Mana (8.1, A13), activations (5.1, 5.2),
Regeneration, abilities and the answers to them (4.6, 8.2-8.6), Opportunity Attacks (6.5),
Taunt and Summon (4.6), damage and destruction (7.8), Morale (10) and the scenarios (11)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from referee.rules.azeroth.setup import AzerothSetup, Scenario
from referee.rules.azeroth.state import response_odds
from referee.rules.azeroth.system import AZEROTH
from referee.rules.azeroth.units import BattleSize
from referee.rules.tracker import Action, IllegalAction, replay, start
from tests.rules.azeroth.tracker_game import (
    ANA,
    AzerothGame,
    act,
    activation,
    deployed,
    finish_round,
    kill,
    model,
    new_game,
    redo,
    setup,
    side,
    to_morale,
    undo,
)

NOBODY_NEAR: dict[str, Any] = {"seat_0_within_3": [False] * 3, "seat_1_within_3": [False] * 3}


def view(game: AzerothGame, viewer: int | None = None) -> dict[str, Any]:
    return AZEROTH.view(game.state, viewer)


def model_view(game: AzerothGame, seat: int, model_id: str) -> dict[str, Any]:
    (found,) = [m for m in view(game)["sides"][seat]["models"] if m["id"] == model_id]
    assert isinstance(found, dict)
    return found


def ana_turn(game: AzerothGame, model_id: str = "warchief-1") -> AzerothGame:
    """Round 1: Ben activates a Footman, then Ana activates ``model_id``."""
    game = act(game, "activate", 1, model="footman-1")
    return act(game, "activate", 0, model=model_id)


# Mana (8.1, A13) ---------------------------------------------------------------------------


def test_it_gives_each_side_its_income_with_a_breakdown() -> None:
    game = deployed()
    assert (game.state.round, game.state.stage.value) == (1, "Mana")
    # Standard 3 + the Warchief + the Shaman; Ben: 3 + two Heroes (the Sorceress is a Hero).
    assert [side(game, s).mana.value for s in (0, 1)] == [5, 5]
    lines = view(game)["sides"][0]["mana_breakdown"]
    assert "Base Mana for a standard battle: +3. (8.1)" in lines
    assert "1 surviving Hero: +1. (8.1)" in lines
    assert "Mana pool now 5. (8.1)" in lines
    # None: a step done at the table that the tracker cannot see
    assert [s["done"] for s in view(game)["checklist"]] == [True, None]


def test_the_pool_is_capped_at_ten_and_the_excess_lost() -> None:
    game = finish_round(act(deployed(), "end_stage"))
    assert (game.state.round, side(game, 0).mana.value) == (2, 10)
    game = finish_round(game)
    assert side(game, 0).mana.value == 10
    lines = view(game)["sides"][0]["mana_breakdown"]
    assert "The pool holds at most 10: 5 Mana lost. (8.1, A13)" in lines


def test_lost_heroes_and_magical_models_give_no_mana() -> None:
    game = activation()
    game = kill(game, 0, "warchief-1")
    game = kill(game, 0, "shaman-1")
    game = finish_round(game)
    # 5 left over + 3 base and nothing else
    assert side(game, 0).mana.value == 8
    assert "0 surviving Heroes: +0. (8.1)" in view(game)["sides"][0]["mana_breakdown"]


def test_hold_the_line_adds_one_mana_per_objective_held_at_the_end_of_the_last_round() -> None:
    game = act(deployed(Scenario.HOLD_THE_LINE, BattleSize.SKIRMISH), "end_stage")
    assert [side(game, s).mana.value for s in (0, 1)] == [4, 4]
    game = to_morale(game)
    with pytest.raises(IllegalAction, match="for each of the 2 objectives") as caught:
        act(game, "objectives", seat_0_within_3=[True] * 3, seat_1_within_3=[False] * 3)
    assert caught.value.field == "payload.seat_0_within_3"
    game = act(game, "objectives", seat_0_within_3=[True, True], seat_1_within_3=[False, True])
    assert view(game)["objectives"]["this_round"] == [0, None]
    game = act(game, "end_stage")
    assert [side(game, s).mana.value for s in (0, 1)] == [9, 8]
    lines = view(game)["sides"][0]["mana_breakdown"]
    assert "1 objective held at the end of round 1: +1. (8.1, 11, R122)" in lines
    assert view(game)["objectives"]["last_round"] == [0, None]


def test_objectives_are_recorded_only_in_hold_the_line_and_at_the_end_of_the_round() -> None:
    with pytest.raises(IllegalAction, match="Only Hold the Line"):
        act(to_morale(activation()), "objectives", **NOBODY_NEAR)
    game = activation(Scenario.HOLD_THE_LINE)
    with pytest.raises(IllegalAction, match="only in the Morale stage"):
        act(game, "objectives", **NOBODY_NEAR)
    game = to_morale(game)
    with pytest.raises(IllegalAction, match="Record who controls each objective first"):
        act(game, "end_stage")


# Activation (5.1) --------------------------------------------------------------------------


def test_players_alternate_starting_with_the_player_who_deployed_second() -> None:
    game = activation()
    with pytest.raises(IllegalAction, match="It is Ben's activation, not Ana's") as caught:
        act(game, "activate", 0, model="grunt-1")
    assert caught.value.field == "by"
    game = act(game, "activate", 1, model="footman-1")
    assert view(game)["next_seat"] == 0
    assert view(game)["activating"] == {"seat": 1, "model": "footman-1", "name": "Footman 1"}
    game = act(game, "activate", 0, model="grunt-1")
    assert view(game)["next_seat"] == 1
    assert model_view(game, 1, "footman-1")["activated"]
    assert not model_view(game, 1, "footman-1")["activating"]


def test_a_model_activates_once_a_round() -> None:
    game = act(act(activation(), "activate", 1, model="footman-1"), "activate", 0, model="grunt-1")
    with pytest.raises(IllegalAction, match="Footman 1 has already activated this round"):
        act(game, "activate", 1, model="footman-1")


def test_a_player_with_no_models_left_lets_the_other_activate_the_rest() -> None:
    game = activation()
    for model_id in ("footman-1", "footman-2", "skeleton-1", "gryphon-1"):
        game = kill(game, 1, model_id)
    game = act(game, "activate", 1, model="sorceress-1")
    game = act(game, "activate", 0, model="grunt-1")
    game = act(game, "activate", 1, model="paladin-1")
    seats = []
    for model_id in ("grunt-2", "troll-1", "shaman-1", "warchief-1", "shieldbearer-1"):
        seats.append(view(game)["next_seat"])
        game = act(game, "activate", 0, model=model_id)
    assert seats == [0] * 5
    assert view(game)["next_seat"] is None
    assert view(game)["checklist"][1] == {"step": "activate every model, alternating", "done": True}


def test_every_model_activates_before_the_morale_stage() -> None:
    game = act(activation(), "activate", 1, model="footman-1")
    with pytest.raises(IllegalAction, match=r"still to go: Warchief, .*Footman 2 \(5\.1\)"):
        act(game, "end_stage")
    game = to_morale(game)
    assert game.state.stage.value == "Morale"


def test_from_round_two_a_roll_off_decides_who_activates_first_and_ties_reroll() -> None:
    game = act(finish_round(activation()), "end_stage")
    assert view(game)["pending_roll_off"] == "first activation"
    with pytest.raises(IllegalAction, match="Roll off first: round 2 starts with a roll-off"):
        act(game, "activate", 0, model="grunt-1")
    game = act(game, "round_roll_off", rolls=[3, 3])
    assert view(game)["reroll_needed"] and game.state.first is None
    game = act(game, "round_roll_off", rolls=[2, 6])
    assert game.state.first == 1 and not view(game)["reroll_needed"]
    assert "Ben rolled higher" in view(game)["first_activator_explanation"][0]
    with pytest.raises(IllegalAction, match="Ben already activates first"):
        act(game, "round_roll_off", rolls=[6, 1])


def test_round_one_needs_no_roll_off() -> None:
    with pytest.raises(IllegalAction, match="in round 1 the player who deployed second"):
        act(activation(), "round_roll_off", rolls=[6, 1])


def test_regeneration_heals_at_the_start_of_the_models_activation() -> None:
    game = act(activation(), "damage", 1, model="troll-1", amount=2)
    game = ana_turn(game, "troll-1")
    troll = model(game, 0, "troll-1")
    assert troll.wounds_left == 2  # 1 left, Regeneration [1] back to 2
    assert troll.lost_this_round == 2  # still counts for Morale (R30)


def test_a_model_acts_only_in_the_activation_stage() -> None:
    with pytest.raises(IllegalAction, match="only in the Activation stage; it is the Mana stage"):
        act(deployed(), "activate", 1, model="footman-1")


# Abilities (5.2, 8.2, 8.3) -----------------------------------------------------------------


def test_the_activating_model_uses_one_ability_paying_its_mana() -> None:
    game = ana_turn(activation())
    with pytest.raises(IllegalAction, match="card has no ability 'Fireball'"):
        act(game, "use_ability", 0, model="warchief-1", ability="Fireball")
    game = act(game, "use_ability", 0, model="warchief-1", ability="bloodlust")
    assert side(game, 0).mana.value == 3
    assert view(game)["ability"]["ability"] == "Bloodlust"
    with pytest.raises(IllegalAction, match="already used an ability this activation"):
        act(game, "use_ability", 0, model="warchief-1", ability="Earthquake")


def test_only_the_activating_model_uses_an_ability() -> None:
    game = ana_turn(activation())
    with pytest.raises(IllegalAction, match="Sorceress is not activating"):
        act(game, "use_ability", 1, model="sorceress-1", ability="Slow")


def test_an_ability_needs_the_mana() -> None:
    game = act(activation(), "activate", 1, model="sorceress-1")
    game = act(game, "use_ability", 1, model="sorceress-1", ability="Slow")
    game = act(game, "activate", 0, model="warchief-1")
    game = act(game, "use_ability", 0, model="warchief-1", ability="Earthquake")
    game = act(game, "activate", 1, model="paladin-1")
    game = act(game, "activate", 0, model="shaman-1")
    assert side(game, 0).mana.value == 2
    with pytest.raises(IllegalAction, match="Ana has 2 Mana and this costs 3"):
        act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=3)


def test_a_reaction_is_used_out_of_turn_once_a_round() -> None:
    game = act(activation(), "activate", 1, model="footman-1")
    game = act(game, "use_ability", 0, model="warchief-1", ability="War Stomp")
    assert side(game, 0).mana.value == 4
    assert view(game)["ability"]["type"] == "reaction"
    with pytest.raises(IllegalAction, match="already used a Reaction this round"):
        act(game, "use_ability", 0, model="warchief-1", ability="War Stomp")
    game = act(game, "activate", 0, model="warchief-1")
    with pytest.raises(IllegalAction, match="is a Reaction"):
        act(game, "use_ability", 0, model="warchief-1", ability="War Stomp")
    # the Reaction did not use up its own activation's ability
    act(game, "use_ability", 0, model="warchief-1", ability="Bloodlust")


# Spell Block, Dispel, Counterspell (8.5, 8.6) ----------------------------------------------


def test_the_view_gives_the_odds_of_answering_a_pending_ability() -> None:
    game = act(ana_turn(activation()), "use_ability", 0, model="warchief-1", ability="Bloodlust")
    pending = view(game)["ability"]
    assert pending["spell_blockers"] == ["sorceress-1"]
    # Ben's Dispel is rolled by the Sorceress, a Magical Hero: 3+ (R10)
    assert pending["odds"]["cancelled"] == 66.7 and pending["odds"]["response"] == "dispel"
    assert pending["odds_with_spell_block"]["blocked"] == 50.0
    assert pending["odds_with_spell_block"]["goes_off"] == 16.7
    odds = response_odds(game.state)
    assert odds is not None and odds.response_cost == 2


def test_a_spell_block_on_four_or_more_blocks_the_ability() -> None:
    game = act(ana_turn(activation()), "use_ability", 0, model="warchief-1", ability="Bloodlust")
    blocked = act(game, "spell_block", 1, model="sorceress-1", roll=4)
    assert view(blocked)["ability"]["spell_block"] == "blocked"
    assert view(blocked)["ability"]["stopped"]
    assert side(blocked, 0).mana.value == 3  # the caster's Mana stays spent
    with pytest.raises(IllegalAction, match="already been stopped"):
        act(blocked, "dispel", 1, roll=6)
    failed = act(game, "spell_block", 1, model="sorceress-1", roll=3)
    assert view(failed)["ability"]["spell_block"] == "failed"
    assert view(failed)["sides"][1]["spell_blocks_used"] == ["sorceress-1"]
    with pytest.raises(IllegalAction, match="Spell Block comes first and only once"):
        act(failed, "spell_block", 1, model="sorceress-1", roll=5)


def test_a_spell_block_needs_the_keyword_and_is_once_a_round() -> None:
    game = act(ana_turn(activation()), "use_ability", 0, model="warchief-1", ability="Bloodlust")
    with pytest.raises(IllegalAction, match="Paladin has no Spell Block keyword"):
        act(game, "spell_block", 1, model="paladin-1", roll=5)
    game = act(game, "spell_block", 1, model="sorceress-1", roll=2)
    game = act(game, "activate", 1, model="footman-2")
    game = act(game, "activate", 0, model="shaman-1")
    game = act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=1)
    with pytest.raises(IllegalAction, match="already tried a Spell Block this round"):
        act(game, "spell_block", 1, model="sorceress-1", roll=5)


def test_a_magical_heros_dispel_gets_plus_one_and_costs_two_mana() -> None:
    game = act(ana_turn(activation()), "use_ability", 0, model="warchief-1", ability="Bloodlust")
    game = act(game, "dispel", 1, roll=3)  # 3 + 1 = 4
    assert view(game)["ability"]["response_result"] == "cancelled"
    assert side(game, 1).mana.value == 3
    with pytest.raises(IllegalAction, match="already been stopped"):
        act(game, "dispel", 1, roll=6)


def test_a_non_hero_rolls_without_the_bonus() -> None:
    game = act(activation(), "activate", 1, model="sorceress-1")
    game = act(game, "use_ability", 1, model="sorceress-1", ability="Slow")
    by_shaman = act(game, "dispel", 0, model="shaman-1", roll=3)
    assert view(by_shaman)["ability"]["response_result"] == "failed"
    with pytest.raises(IllegalAction, match="already tried a dispel"):
        act(by_shaman, "dispel", 0, roll=6)
    by_hero = act(game, "dispel", 0, roll=3)
    assert view(by_hero)["ability"]["response_result"] == "cancelled"
    with pytest.raises(IllegalAction, match="Orc Grunt 1 is not Magical"):
        act(game, "dispel", 0, model="grunt-1", roll=6)


def test_each_ability_type_has_its_own_answer() -> None:
    game = act(ana_turn(activation()), "use_ability", 0, model="warchief-1", ability="Earthquake")
    with pytest.raises(IllegalAction, match=r"answered by a Counterspell, not a Dispel \(8\.5"):
        act(game, "dispel", 1, roll=6)
    game = act(game, "counterspell", 1, roll=5)
    assert view(game)["ability"]["response_result"] == "cancelled"
    assert side(game, 1).mana.value == 2  # 3 Mana
    reaction = act(
        act(activation(), "activate", 1, model="footman-1"),
        "use_ability",
        0,
        model="warchief-1",
        ability="War Stomp",
    )
    with pytest.raises(IllegalAction, match="answered by nothing"):
        act(reaction, "counterspell", 1, roll=6)


def test_the_host_answers_for_the_side_that_did_not_cast() -> None:
    game = act(ana_turn(activation()), "use_ability", 0, model="warchief-1", ability="Bloodlust")
    game = act(game, "dispel", None, roll=3)
    assert view(game)["ability"]["response_result"] == "cancelled"
    assert side(game, 1).mana.value == 3


def test_no_magical_model_means_no_dispel() -> None:
    game = kill(kill(activation(), 0, "warchief-1"), 0, "shaman-1")
    game = act(game, "activate", 1, model="sorceress-1")
    game = act(game, "use_ability", 1, model="sorceress-1", ability="Slow")
    with pytest.raises(IllegalAction, match="Ana has no surviving Magical model"):
        act(game, "dispel", 0, roll=6)
    assert view(game)["ability"]["odds"]["response"] is None


def test_nothing_answers_your_own_ability_or_one_already_past() -> None:
    game = act(ana_turn(activation()), "use_ability", 0, model="warchief-1", ability="Bloodlust")
    with pytest.raises(IllegalAction, match="no enemy ability to answer"):
        act(game, "dispel", 0, roll=6)
    game = act(game, "activate", 1, model="footman-2")
    assert view(game)["ability"] is None
    with pytest.raises(IllegalAction, match="no enemy ability to answer"):
        act(game, "dispel", 1, roll=6)


@pytest.mark.parametrize("roll", [0, 7, "6", None])
def test_a_response_needs_a_d6(roll: object) -> None:
    game = act(ana_turn(activation()), "use_ability", 0, model="warchief-1", ability="Bloodlust")
    with pytest.raises(IllegalAction) as caught:
        act(game, "dispel", 1, roll=roll)
    assert caught.value.field == "payload.roll"


# Opportunity Attacks (6.5) -----------------------------------------------------------------


def test_a_model_makes_one_opportunity_attack_a_round() -> None:
    game = act(activation(), "activate", 1, model="footman-1")
    game = act(game, "opportunity_attack", 0, model="grunt-1")
    assert view(game)["sides"][0]["opportunity_attacks_used"] == ["grunt-1"]
    with pytest.raises(IllegalAction, match="already made its Opportunity Attack this round"):
        act(game, "opportunity_attack", 0, model="grunt-1")
    game = act(finish_round(game), "end_stage")
    assert view(game)["sides"][0]["opportunity_attacks_used"] == []
    act(game, "opportunity_attack", 0, model="grunt-1")


# Taunt (4.6) -------------------------------------------------------------------------------


def test_a_taunt_model_marks_an_enemy_after_its_activation() -> None:
    game = ana_turn(activation(), "shieldbearer-1")
    with pytest.raises(IllegalAction, match="Skeleton is Undead or Mechanical and immune"):
        act(game, "taunt", 0, model="shieldbearer-1", target="skeleton-1")
    game = act(game, "taunt", 0, model="shieldbearer-1", target="footman-2")
    assert model_view(game, 1, "footman-2")["taunted_by"] == "shieldbearer-1"
    assert view(game)["sides"][0]["taunts_used"] == ["shieldbearer-1"]
    with pytest.raises(IllegalAction, match="already taunted this round"):
        act(game, "taunt", 0, model="shieldbearer-1", target="paladin-1")
    game = act(game, "activate", 1, model="footman-2")
    assert model_view(game, 1, "footman-2")["taunted_by"] == "shieldbearer-1"  # compelled now
    game = act(game, "activate", 0, model="grunt-1")
    assert model_view(game, 1, "footman-2")["taunted_by"] is None  # spent (R71)


def test_only_the_model_that_just_activated_taunts() -> None:
    game = ana_turn(activation(), "grunt-1")
    with pytest.raises(IllegalAction, match="Orc Grunt 1 has no Taunt keyword"):
        act(game, "taunt", 0, model="grunt-1", target="footman-2")
    with pytest.raises(IllegalAction, match="not the model that just activated"):
        act(game, "taunt", 0, model="shieldbearer-1", target="footman-2")


def test_a_taunt_ends_when_the_taunt_model_is_destroyed() -> None:
    game = act(
        ana_turn(activation(), "shieldbearer-1"),
        "taunt",
        0,
        model="shieldbearer-1",
        target="footman-2",
    )
    game = kill(game, 0, "shieldbearer-1")
    assert model_view(game, 1, "footman-2")["taunted_by"] is None


# Summon [X] (4.6, R62, R69) ----------------------------------------------------------------


def summoned(game: AzerothGame | None = None) -> AzerothGame:
    game = ana_turn(game or activation(), "shaman-1")
    return act(game, "summon", 0, model="shaman-1", name="Spirit Wolf", wounds=2, mana=2, points=20)


def test_a_summoner_summons_a_unit_for_x_rounds() -> None:
    game = summoned()
    wolf = model_view(game, 0, "shaman-1-summon-1")
    assert (wolf["name"], wolf["max_wounds"], wolf["summoner"]) == ("Spirit Wolf", 2, "shaman-1")
    assert wolf["summoned_rounds_left"] == 2
    assert side(game, 0).mana.value == 3
    assert view(game)["sides"][0]["models_left_to_activate"] == 6  # 5 + the Wolf, this round
    with pytest.raises(IllegalAction, match="already used an ability this activation"):
        act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=1)


def test_a_summoned_unit_leaves_at_the_end_of_its_last_round() -> None:
    game = act(finish_round(summoned()), "end_stage")
    assert model_view(game, 0, "shaman-1-summon-1")["summoned_rounds_left"] == 1
    game = finish_round(game)
    assert model(game, 0, "shaman-1-summon-1").status == "removed"
    assert side(game, 1).points_destroyed == 0  # removal scores nothing (R69)


def test_a_summoner_resummons_only_once_its_unit_is_gone() -> None:
    game = act(finish_round(summoned()), "end_stage")
    game = act(game, "round_roll_off", rolls=[6, 1])
    game = act(game, "activate", 0, model="shaman-1")
    with pytest.raises(IllegalAction, match="still on the table"):
        act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=1)
    game = kill(game, 0, "shaman-1-summon-1")
    assert side(game, 1).points_destroyed == 20
    game = act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=1)
    assert model(game, 0, "shaman-1-summon-2").profile.name == "Wolf"


def test_a_summoning_ability_is_answered_as_its_type() -> None:
    game = ana_turn(activation(), "shaman-1")
    buff = act(
        game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=1, ability_type="buff"
    )
    assert view(buff)["ability"]["odds"]["response"] == "dispel"
    instant = act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=1)
    assert view(instant)["ability"]["odds"]["response"] == "counterspell"
    with pytest.raises(IllegalAction, match="An ability type is one of"):
        act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=1, ability_type="x")


def test_a_summoners_death_removes_its_summons_without_morale() -> None:
    game = summoned()
    game = kill(game, 0, "shaman-1", by=1)
    assert model(game, 0, "shaman-1-summon-1").status == "removed"
    assert not model(game, 0, "shaman-1-summon-1").friendly_destroyed_nearby
    assert side(game, 1).points_destroyed == 80


def test_only_a_summon_x_model_summons() -> None:
    game = ana_turn(activation(), "grunt-1")
    with pytest.raises(IllegalAction, match="has no Summon"):
        act(game, "summon", 0, model="grunt-1", name="Wolf", wounds=2, mana=1)
    game = ana_turn(activation(), "shaman-1")
    with pytest.raises(IllegalAction, match="baseline, mounted, elite or hero"):
        act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=2, mana=1, tier="god")
    with pytest.raises(IllegalAction, match="Wounds are 1 to 99"):
        act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=0, mana=1)


# Damage, healing, destruction (7.8) --------------------------------------------------------


def test_damage_takes_wounds_and_heal_gives_them_back_up_to_the_start() -> None:
    game = act(activation(), "damage", 1, model="warchief-1", amount=4)
    assert model_view(game, 0, "warchief-1")["wounds"] == 2
    assert model_view(game, 0, "warchief-1")["lost_this_round"] == 4
    game = act(game, "heal", 0, model="warchief-1", amount=9)
    assert model_view(game, 0, "warchief-1")["wounds"] == 6
    with pytest.raises(IllegalAction, match="has lost no Wounds"):
        act(game, "heal", 0, model="warchief-1", amount=1)


def test_undead_cannot_be_healed() -> None:
    two = replace(
        ANA, models=(*ANA.models, replace(ANA.models[4], id="zombie-1", keywords=(("Undead", 0),)))
    )
    game = start(AZEROTH, AzerothSetup((two, setup().sides[1])))
    game = act(act(game, "edge_roll_off", rolls=[1, 2]), "end_stage")
    game = act(game, "damage", 1, model="zombie-1", amount=1)
    with pytest.raises(IllegalAction, match="cannot be healed"):
        act(game, "heal", 0, model="zombie-1", amount=1)


def test_a_destroyed_model_scores_its_points_and_makes_friends_nearby_test() -> None:
    game = act(
        activation(), "damage", 1, model="grunt-1", amount=5, within_6=["grunt-2", "troll-1"]
    )
    grunt = model_view(game, 0, "grunt-1")
    assert (grunt["status"], grunt["wounds"]) == ("destroyed", 0)
    assert side(game, 1).points_destroyed == 45
    assert model(game, 0, "grunt-2").friendly_destroyed_nearby
    with pytest.raises(IllegalAction, match="out of play"):
        act(game, "damage", 1, model="grunt-1", amount=1)
    with pytest.raises(IllegalAction, match="not another model of Ana's"):
        act(activation(), "damage", 1, model="grunt-1", amount=5, within_6=["footman-1"])


def test_a_model_destroyed_while_activating_ends_its_activation() -> None:
    game = act(activation(), "activate", 1, model="footman-1")
    game = kill(game, 1, "footman-1")
    assert view(game)["activating"] is None
    assert view(game)["next_seat"] == 0


def test_the_last_hero_slain_costs_the_army_one_morale() -> None:
    game = kill(activation(), 1, "sorceress-1")
    assert not side(game, 1).last_hero_slain
    game = act(game, "damage", 0, model="paladin-1", amount=5, within_6=["footman-1"])
    assert side(game, 1).last_hero_slain and view(game)["sides"][1]["last_hero_slain"]
    game = to_morale(game)
    (test,) = [t for t in view(game)["sides"][1]["morale_tests"] if t["model"] == "footman-1"]
    assert test["morale_value"] == 6
    assert any("last Hero has been slain" in line for line in test["explanation"])


def test_a_model_both_sides_have_needs_its_seat() -> None:
    mirror = AzerothSetup((ANA, replace(ANA, name="Ben")))
    game = act(act(start(AZEROTH, mirror), "edge_roll_off", rolls=[1, 2]), "end_stage")
    with pytest.raises(IllegalAction, match="say whose with 'seat'"):
        act(game, "damage", None, model="grunt-1", amount=1)
    game = act(game, "damage", None, model="grunt-1", seat=1, amount=1)
    assert model(game, 1, "grunt-1").wounds_left == 1
    with pytest.raises(IllegalAction, match="act for one seat") as caught:
        act(act(game, "end_stage"), "opportunity_attack", None, model="grunt-1")
    assert caught.value.field == "by"
    with pytest.raises(IllegalAction, match="no model 'nobody'"):
        act(game, "damage", None, model="nobody", amount=1)


# Morale (10; A10, A11) ---------------------------------------------------------------------


def test_the_morale_stage_lists_who_must_test_and_why_with_odds() -> None:
    game = act(activation(), "damage", 1, model="grunt-1", amount=1)
    game = to_morale(game)
    tests = view(game)["sides"][0]["morale_tests"]
    assert [t["model"] for t in tests] == ["grunt-1"]
    (grunt,) = tests
    assert grunt["morale_value"] == 7
    assert (grunt["pass"], grunt["waver"], grunt["rout"]) == (58.3, 25.0, 16.7)
    assert (
        "It lost 1 wound this turn, of 2 starting wounds: half or more. (10.1, R14)"
        in grunt["reasons"]
    )
    assert grunt["result"] is None
    with pytest.raises(IllegalAction, match=r"Morale tests still due: Orc Grunt 1 \(10\.1\)"):
        act(game, "end_stage")


def test_a_model_that_need_not_test_is_refused() -> None:
    game = to_morale(activation())
    with pytest.raises(IllegalAction, match="Orc Grunt 1 need not test: No test"):
        act(game, "morale_test", 0, model="grunt-1", rolls=[3, 3])


def hurt_grunt() -> AzerothGame:
    return to_morale(act(activation(), "damage", 1, model="grunt-1", amount=1))


@pytest.mark.parametrize(
    ("rolls", "result", "status"),
    [
        ([3, 4], "pass", "ready"),
        ([4, 4], "waver", "wavered"),
        ([5, 4], "waver", "wavered"),
        ([5, 5], "rout", "routing"),
    ],
)
def test_a_morale_test_holds_wavers_or_routs(rolls: list[int], result: str, status: str) -> None:
    game = act(hurt_grunt(), "morale_test", 0, model="grunt-1", rolls=rolls)
    grunt = model_view(game, 0, "grunt-1")
    assert (grunt["morale_result"], grunt["status"]) == (result, status)
    with pytest.raises(IllegalAction, match="already tested this round"):
        act(game, "morale_test", 0, model="grunt-1", rolls=rolls)
    assert act(game, "end_stage").state.round == 2


def test_a_command_aura_rerolls_a_failed_test_and_the_reroll_stands() -> None:
    game = act(hurt_grunt(), "morale_facts", 0, model="grunt-1", command_aura=True)
    test = view(game)["sides"][0]["morale_tests"][0]
    assert test["reroll"] and test["pass"] > 58.3
    game = act(game, "morale_test", 0, model="grunt-1", rolls=[6, 6], reroll=[5, 5])
    assert model(game, 0, "grunt-1").status == "routing"
    with pytest.raises(IllegalAction, match="already passes"):
        act(
            act(hurt_grunt(), "morale_facts", 0, model="grunt-1", command_aura=True),
            "morale_test",
            0,
            model="grunt-1",
            rolls=[1, 1],
            reroll=[6, 6],
        )
    with pytest.raises(IllegalAction, match="not within another Hero's Command Aura"):
        act(hurt_grunt(), "morale_test", 0, model="grunt-1", rolls=[6, 6], reroll=[1, 1])


def test_fear_nearby_lowers_morale_once() -> None:
    game = act(hurt_grunt(), "morale_facts", 0, model="grunt-1", fear_nearby=True)
    assert view(game)["sides"][0]["morale_tests"][0]["morale_value"] == 6
    # no fact given at all (a page's boxes, none ticked): none holds any more
    game = act(game, "morale_facts", 0, model="grunt-1")
    assert view(game)["sides"][0]["morale_tests"][0]["morale_value"] == 7


def test_a_friend_reported_destroyed_nearby_makes_a_model_test() -> None:
    game = act(
        to_morale(activation()),
        "morale_facts",
        1,
        model="footman-1",
        friendly_destroyed_within_6=True,
    )
    tests = view(game)["sides"][1]["morale_tests"]
    assert [t["model"] for t in tests] == ["footman-1"]


def test_undead_never_test() -> None:
    game = act(
        activation(), "morale_facts", 1, model="skeleton-1", friendly_destroyed_within_6=True
    )
    game = to_morale(game)
    assert view(game)["sides"][1]["morale_tests"] == []


def test_a_wavering_model_holds_through_its_next_activation_and_a_flyer_is_grounded() -> None:
    game = to_morale(act(activation(), "damage", 0, model="gryphon-1", amount=2))
    game = act(game, "morale_test", 1, model="gryphon-1", rolls=[5, 4])  # 9 on 8: Waver
    gryphon = model_view(game, 1, "gryphon-1")
    assert (gryphon["status"], gryphon["grounded"]) == ("wavered", True)
    game = act(act(act(game, "end_stage"), "end_stage"), "round_roll_off", rolls=[1, 6])
    game = act(game, "activate", 1, model="gryphon-1")
    gryphon = model_view(game, 1, "gryphon-1")
    assert (gryphon["status"], gryphon["grounded"]) == ("wavered", False)  # regains Fly
    game = act(game, "activate", 0, model="grunt-1")
    assert model_view(game, 1, "gryphon-1")["status"] == "ready"  # R67


def test_a_routing_model_does_not_activate_and_tests_to_rally() -> None:
    game = act(hurt_grunt(), "morale_test", 0, model="grunt-1", rolls=[6, 6])
    game = act(act(game, "end_stage"), "end_stage")
    game = act(game, "round_roll_off", rolls=[6, 1])
    with pytest.raises(IllegalAction, match="routing and gets no activation"):
        act(game, "activate", 0, model="grunt-1")
    assert view(game)["sides"][0]["models_left_to_activate"] == 5
    game = to_morale(game)
    (rally,) = view(game)["sides"][0]["morale_tests"]
    assert any("to Rally" in reason for reason in rally["reasons"])
    flees = act(game, "morale_test", 0, model="grunt-1", rolls=[4, 4])
    assert model(flees, 0, "grunt-1").status == "routing"
    rallied = act(game, "morale_test", 0, model="grunt-1", rolls=[3, 3])
    assert model(rallied, 0, "grunt-1").status == "wavered"


def test_a_routing_model_that_reaches_its_edge_leaves_and_scores_for_the_enemy() -> None:
    game = act(hurt_grunt(), "morale_test", 0, model="grunt-1", rolls=[6, 6])
    with pytest.raises(IllegalAction, match="Orc Grunt 2 is not routing"):
        act(game, "leave_table", 0, model="grunt-2")
    game = act(game, "leave_table", 0, model="grunt-1")
    assert model(game, 0, "grunt-1").status == "fled"
    assert side(game, 1).points_destroyed == 45


def test_morale_is_tested_only_in_the_morale_stage() -> None:
    game = act(activation(), "damage", 1, model="grunt-1", amount=1)
    with pytest.raises(IllegalAction, match="only in the Morale stage"):
        act(game, "morale_test", 0, model="grunt-1", rolls=[1, 1])


# Scenarios (11) ----------------------------------------------------------------------------


def wipe(game: AzerothGame, seat: int) -> AzerothGame:
    for m in list(side(game, seat).models):
        if m.in_play and not game.state.over:
            game = kill(game, seat, m.id)
    return game


def test_annihilation_ends_when_an_army_has_no_units_left() -> None:
    game = wipe(activation(), 1)
    v = view(game)
    assert v["over"] and v["winner"] == 0
    assert v["reason"] == "Ana wins: Ben has no units left."
    assert v["summary"]["sides"][0]["points_destroyed"] == 505
    with pytest.raises(IllegalAction, match="The game is over"):
        act(game, "end_stage")


def play_out(game: AzerothGame) -> AzerothGame:
    while not game.state.over:
        game = finish_round(game)
    return game


def test_after_six_rounds_more_points_destroyed_wins() -> None:
    game = play_out(kill(activation(), 0, "grunt-1"))
    v = view(game)
    assert v["winner"] == 1 and v["round"] == 6
    assert v["reason"] == "Ben wins: more enemy points destroyed."
    assert "Enemy points destroyed: Ana 0, Ben 45. (11)" in v["summary"]["explanation"]


def test_equal_points_go_to_surviving_wounds_then_a_draw() -> None:
    v = view(play_out(activation()))
    assert v["winner"] == 0 and "more wounds surviving" in v["reason"]
    mirror = AzerothSetup((ANA, replace(ANA, name="Ben")))
    game = act(act(start(AZEROTH, mirror), "edge_roll_off", rolls=[1, 2]), "end_stage")
    drawn = play_out(game)
    v = view(drawn)
    assert v["over"] and v["winner"] is None and v["reason"].endswith(": a draw.")
    assert AZEROTH.over(drawn.state)  # over with no winner, as the view says


def test_hold_the_line_scores_objectives_and_destroyed_points_after_round_six() -> None:
    game = activation(Scenario.HOLD_THE_LINE)
    game = kill(game, 0, "grunt-1")  # 45 PTS to Ben
    while game.state.round < 6:
        game = finish_round(game)
    game = to_morale(act(act(game, "end_stage"), "round_roll_off", rolls=[4, 1]))
    game = act(
        game,
        "objectives",
        seat_0_within_3=[True, True, False],
        seat_1_within_3=[False, False, True],
    )
    game = act(game, "end_stage")
    v = view(game)
    assert v["winner"] == 0 and "more Victory Points" in v["reason"]
    rows = v["summary"]["sides"]
    assert (rows[0]["vp"], rows[1]["vp"]) == (200, 145)


def test_hold_the_line_plays_on_when_an_army_is_gone() -> None:
    game = wipe(activation(Scenario.HOLD_THE_LINE), 0)
    assert not game.state.over  # R70: no early end
    v = view(play_out(game))
    assert v["winner"] == 1 and v["round"] == 6


def test_assassination_ends_at_once_when_a_warlord_falls_and_reveals_it() -> None:
    game = kill(activation(Scenario.ASSASSINATION), 1, "paladin-1")
    assert not game.state.over
    assert view(game, 0)["sides"][1]["warlord"] is None
    game = kill(game, 1, "sorceress-1")
    v = view(game, None)
    assert v["winner"] == 0 and v["reason"] == "Ana wins: Ben's Warlord was slain."
    assert [s["warlord"] for s in v["sides"]] == ["warchief-1", "sorceress-1"]


def test_assassination_after_six_rounds_counts_remaining_points() -> None:
    game = play_out(kill(activation(Scenario.ASSASSINATION), 1, "footman-1"))
    v = view(game)
    assert v["winner"] == 0 and "more army points remaining" in v["reason"]
    assert v["summary"]["sides"][1]["remaining_points"] == 455


def test_a_fleeing_warlord_counts_as_slain() -> None:
    game = to_morale(
        act(activation(Scenario.ASSASSINATION), "damage", 1, model="warchief-1", amount=3)
    )
    game = act(game, "morale_test", 0, model="warchief-1", rolls=[6, 6])
    game = act(game, "leave_table", 0, model="warchief-1")
    assert view(game)["winner"] == 1


# History, undo and redo, export ------------------------------------------------------------


def test_describe_says_who_did_what_to_whom() -> None:
    s = setup()
    damage = Action(5, "damage", 0, {"model": "grunt-2", "amount": 3, "seat": 0})
    assert AZEROTH.describe(damage, s) == "Ana: 3 damage to Orc Grunt 2"
    assert AZEROTH.describe(damage) == "Seat 0: 3 damage to Grunt 2"
    taunt = Action(6, "taunt", 0, {"model": "shieldbearer-1", "target": "footman-1"})
    assert AZEROTH.describe(taunt, s) == "Ana: Shieldbearer taunts Footman 1"
    for action_type in AZEROTH.action_types:
        assert AZEROTH.describe(Action(1, action_type.name, None, {}), s)


def test_a_warlord_nomination_is_hidden_in_the_history_until_it_falls() -> None:
    game = activation(Scenario.ASSASSINATION)
    (ana, ben) = [a for a in game.log if a.type == "nominate_warlord"]
    assert AZEROTH.visible_payload(ana, game.state, 0) == {"model": "warchief-1"}
    assert AZEROTH.visible_payload(ana, game.state, 1) is None
    assert AZEROTH.visible_payload(ana, game.state, None) is None
    damage = Action(9, "damage", 0, {"model": "paladin-1", "amount": 1})
    assert AZEROTH.visible_payload(damage, game.state, None) == damage.payload
    game = kill(game, 1, "sorceress-1")
    assert AZEROTH.visible_payload(ben, game.state, None) == {"model": "sorceress-1"}
    assert AZEROTH.visible_payload(ana, game.state, 1) == {"model": "warchief-1"}


def every_action() -> list[tuple[AzerothGame, str, int | None, dict[str, Any]]]:
    """A game in which each action type is legal, with that action."""
    act1 = activation()
    ana = ana_turn(act1)
    bloodlust = act(ana, "use_ability", 0, model="warchief-1", ability="Bloodlust")
    earthquake = act(ana, "use_ability", 0, model="warchief-1", ability="Earthquake")
    shield = ana_turn(act1, "shieldbearer-1")
    shaman = ana_turn(act1, "shaman-1")
    hurt = hurt_grunt()
    routed = act(hurt, "morale_test", 0, model="grunt-1", rolls=[6, 6])
    htl = to_morale(activation(Scenario.HOLD_THE_LINE))
    return [
        (new_game(), "edge_roll_off", 0, {"rolls": [2, 5]}),
        (
            act(new_game(Scenario.ASSASSINATION), "edge_roll_off", 0, rolls=[2, 5]),
            "nominate_warlord",
            0,
            {"model": "warchief-1"},
        ),
        (act(finish_round(act1), "end_stage"), "round_roll_off", None, {"rolls": [2, 5]}),
        (act1, "activate", 1, {"model": "footman-1"}),
        (ana, "use_ability", 0, {"model": "warchief-1", "ability": "Bloodlust"}),
        (shaman, "summon", 0, {"model": "shaman-1", "name": "Wolf", "wounds": 2, "mana": 1}),
        (bloodlust, "spell_block", 1, {"model": "sorceress-1", "roll": 5}),
        (bloodlust, "dispel", 1, {"roll": 5}),
        (earthquake, "counterspell", 1, {"roll": 2}),
        (act1, "opportunity_attack", 0, {"model": "grunt-1"}),
        (shield, "taunt", 0, {"model": "shieldbearer-1", "target": "footman-2"}),
        (act1, "damage", 1, {"model": "troll-1", "amount": 1}),
        (
            act(act1, "damage", 1, model="troll-1", amount=2),
            "heal",
            0,
            {"model": "troll-1", "amount": 1},
        ),
        (hurt, "morale_facts", 0, {"model": "grunt-1", "fear_nearby": True}),
        (hurt, "morale_test", 0, {"model": "grunt-1", "rolls": [2, 3]}),
        (
            act(
                act(hurt, "morale_facts", 0, model="grunt-1", command_aura=True),
                "morale_test",
                0,
                model="grunt-1",
                rolls=[6, 6],
            ),
            "morale_reroll",
            0,
            {"model": "grunt-1", "rolls": [1, 2]},
        ),
        (ana, "end_activation", 0, {"model": "warchief-1"}),
        (bloodlust, "no_response", 1, {}),
        (routed, "leave_table", 0, {"model": "grunt-1"}),
        (htl, "objectives", None, {**NOBODY_NEAR, "seat_0_within_3": [True] * 3}),
        (deployed(), "end_stage", None, {}),
    ]


def test_every_action_type_is_undone_and_redone_to_identical_states() -> None:
    cases = every_action()
    assert {c[1] for c in cases} == {t.name for t in AZEROTH.action_types}
    for base, type_, by, payload in cases:
        after = act(base, type_, by, **payload)
        assert after.state != base.state, type_
        assert undo(after).state == base.state, type_
        assert redo(undo(after)).state == after.state, type_
        assert replay(AZEROTH, after.setup, redo(undo(after)).log) == after.state, type_
        for viewer in (0, 1, None):
            assert AZEROTH.view(redo(undo(after)).state, viewer) == AZEROTH.view(
                after.state, viewer
            )


def test_an_exported_log_reimports_to_the_identical_game() -> None:
    game = summoned(activation(Scenario.ASSASSINATION))
    game = act(game, "damage", 1, model="grunt-1", amount=1)
    game = redo(undo(act(game, "activate", 1, model="paladin-1")))
    game = to_morale(game)
    game = act(game, "morale_test", 0, model="grunt-1", rolls=[5, 4])
    exported = json.loads(json.dumps([action.to_json() for action in game.log]))
    data = json.loads(json.dumps(AZEROTH.setup_to_json(game.setup)))
    imported = start(
        AZEROTH, AZEROTH.setup_from_json(data), [Action.from_json(a) for a in exported]
    )
    assert imported.state == game.state
    assert imported.version == game.version
    for viewer in (0, 1, None):
        assert AZEROTH.view(imported.state, viewer) == AZEROTH.view(game.state, viewer)


def test_every_action_type_is_declared_with_described_fields() -> None:
    assert len(AZEROTH.action_types) == 21
    for action_type in AZEROTH.action_types:
        assert action_type.description
        assert all(f.description and f.kind for f in action_type.fields)
