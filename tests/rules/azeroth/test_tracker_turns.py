"""Azeroth at War tracker: ending an activation explicitly (5.1, R74), letting an enemy
ability go off unanswered (8.5, 8.6, R75), a Command Aura reroll after a failed Morale test
(9.1, A10), and what the table's boxes post when none is ticked (10.1, 11)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import Action, IllegalAction
from tests.rules.azeroth.tracker_game import (
    AzerothGame,
    act,
    activation,
    model,
    redo,
    to_morale,
    undo,
)


def view(game: AzerothGame) -> dict[str, Any]:
    return AZEROTH.view(game.state, None)


def listed(game: AzerothGame, seat: int, type_: str) -> list[Any]:
    return [a for a in AZEROTH.legal_actions(game.state, seat) if a.type == type_]


def ana_activates(model_id: str) -> AzerothGame:
    """Round 1: Ben activates a Footman, then Ana activates ``model_id``."""
    return act(act(activation(), "activate", 1, model="footman-1"), "activate", 0, model=model_id)


def bloodlust() -> AzerothGame:
    """Ana's Warchief has used Bloodlust, a Buff Ben may Spell Block or Dispel."""
    return act(
        ana_activates("warchief-1"), "use_ability", 0, model="warchief-1", ability="Bloodlust"
    )


# Ending an activation (5.1, R74) ----------------------------------------------------------------


def test_the_activating_model_ends_its_activation_and_a_waver_is_spent() -> None:
    game = ana_activates("grunt-1")
    (end,) = listed(game, 0, "end_activation")
    assert (end.label, end.at, end.payload) == (
        "End Orc Grunt 1's activation",
        "model:0:grunt-1",
        {"model": "grunt-1"},
    )
    assert not listed(game, 1, "end_activation")
    game = act(game, "end_activation", 0, model="grunt-1")
    assert view(game)["activating"] is None
    assert view(game)["next_seat"] == 1
    assert not listed(game, 0, "end_activation")
    assert AZEROTH.describe(game.log[-1], game.setup) == "Ana: ends Orc Grunt 1's activation"


def test_only_the_activating_model_ends_an_activation() -> None:
    game = ana_activates("grunt-1")
    with pytest.raises(IllegalAction, match="Orc Grunt 2 is not activating") as caught:
        act(game, "end_activation", 0, model="grunt-2")
    assert caught.value.field == "payload.model"
    with pytest.raises(IllegalAction) as caught:
        act(game, "end_activation", 1, model="grunt-1")
    assert caught.value.field == "payload.model"
    with pytest.raises(IllegalAction, match="only in the Activation stage"):
        act(to_morale(game), "end_activation", 0, model="grunt-1")


def test_a_wavering_model_is_steady_again_once_its_activation_is_ended() -> None:
    hurt = act(activation(), "damage", 1, model="grunt-1", amount=1)
    hurt = act(to_morale(hurt), "morale_test", 0, model="grunt-1", rolls=[4, 4])
    assert model(hurt, 0, "grunt-1").status == "wavered"
    hurt = act(act(hurt, "end_stage"), "end_stage")
    hurt = act(hurt, "round_roll_off", rolls=[5, 2])  # Ana first
    hurt = act(hurt, "activate", 0, model="grunt-1")
    assert model(hurt, 0, "grunt-1").status == "wavered"  # it holds through this activation
    hurt = act(hurt, "end_activation", 0, model="grunt-1")
    assert model(hurt, 0, "grunt-1").status == "ready"  # R67


def test_a_taunt_may_still_be_declared_after_the_activation_ends() -> None:
    game = act(ana_activates("shieldbearer-1"), "end_activation", 0, model="shieldbearer-1")
    (taunt,) = listed(game, 0, "taunt")
    assert taunt.at == "model:0:shieldbearer-1"
    assert taunt.names["footman-2"] == "Footman 2"
    game = act(game, "taunt", 0, model="shieldbearer-1", target="footman-2")
    assert model(game, 1, "footman-2").taunted_by == "shieldbearer-1"
    late = act(ana_activates("shieldbearer-1"), "end_activation", 0, model="shieldbearer-1")
    late = act(late, "activate", 1, model="footman-2")
    assert not listed(late, 0, "taunt")
    with pytest.raises(IllegalAction, match="not the model that just activated"):
        act(late, "taunt", 0, model="shieldbearer-1", target="paladin-1")


def test_the_enemy_may_still_answer_after_the_activation_ends_until_the_next_one() -> None:
    game = act(bloodlust(), "end_activation", 0, model="warchief-1")
    assert view(game)["ability"]["ability"] == "Bloodlust"
    assert listed(game, 1, "dispel")
    dispelled = act(game, "dispel", 1, roll=5)
    assert view(dispelled)["ability"]["response_result"] == "cancelled"
    game = act(game, "activate", 1, model="footman-2")
    assert view(game)["ability"] is None


def test_ending_an_activation_is_undone_and_redone() -> None:
    game = ana_activates("grunt-1")
    ended = act(game, "end_activation", 0, model="grunt-1")
    assert undo(ended).state == game.state
    assert redo(undo(ended)).state == ended.state


# Letting an ability go off (8.5, 8.6, R75) -----------------------------------------------------


def test_the_defender_may_let_an_ability_go_off_and_then_nothing_answers_it() -> None:
    game = bloodlust()
    (decline,) = listed(game, 1, "no_response")
    assert (decline.label, decline.at, decline.payload) == (
        "No answer: let Warchief's Bloodlust go off",
        "",
        {},
    )
    assert not listed(game, 0, "no_response")
    game = act(game, "no_response", 1)
    pending = view(game)["ability"]
    assert pending["declined"] and pending["settled"] and not pending["stopped"]
    assert pending["odds"] is None
    answers = {"spell_block", "dispel", "counterspell", "no_response"}
    assert not [a for a in AZEROTH.legal_actions(game.state, 1) if a.type in answers]
    for type_, payload in (
        ("dispel", {"roll": 6}),
        ("spell_block", {"model": "sorceress-1", "roll": 6}),
        ("no_response", {}),
    ):
        with pytest.raises(IllegalAction, match="let Bloodlust go off") as caught:
            act(game, type_, 1, **payload)
        assert caught.value.field == "type"
    line = AZEROTH.describe(game.log[-1], game.setup)
    assert line == "Ben: lets the enemy's ability go off unanswered"


def test_after_a_failed_spell_block_the_defender_may_still_decline_the_dispel() -> None:
    game = act(bloodlust(), "spell_block", 1, model="sorceress-1", roll=2)
    assert [a.type for a in AZEROTH.legal_actions(game.state, 1) if a.at == ""] == [
        "dispel",
        "no_response",
    ]
    game = act(game, "no_response", 1)
    assert view(game)["ability"]["spell_block"] == "failed"
    assert view(game)["ability"]["declined"]


def test_nothing_is_declined_that_is_not_waiting_for_an_answer() -> None:
    game = bloodlust()
    with pytest.raises(IllegalAction, match="no enemy ability to answer"):
        act(game, "no_response", 0)  # Ana's own ability
    dispelled = act(game, "dispel", 1, roll=1)
    assert not listed(dispelled, 1, "no_response")
    with pytest.raises(IllegalAction, match="already tried a dispel"):
        act(dispelled, "no_response", 1)
    with pytest.raises(IllegalAction, match="no enemy ability to answer"):
        act(ana_activates("grunt-1"), "no_response", 1)


def test_no_answer_is_offered_when_there_is_none_to_give() -> None:
    """Ben's one Spell Block this round is spent, and nothing answers a Reaction: Ana's War
    Stomp waits for no answer, so Ben is offered none (8.5, 8.6)."""
    game = act(bloodlust(), "spell_block", 1, model="sorceress-1", roll=2)
    game = act(game, "activate", 1, model="footman-2")
    game = act(game, "use_ability", 0, model="warchief-1", ability="War Stomp")
    assert view(game)["ability"]["ability"] == "War Stomp"
    assert not listed(game, 1, "no_response")
    with pytest.raises(IllegalAction, match="answered by nothing"):
        act(game, "counterspell", 1, roll=6)


def test_the_host_declines_for_the_side_that_did_not_cast() -> None:
    game = act(bloodlust(), "no_response", None)
    assert view(game)["ability"]["declined"]


# A Command Aura reroll after the test (9.1, A10) -----------------------------------------------


def hurt_grunt(aura: bool = True) -> AzerothGame:
    game = to_morale(act(activation(), "damage", 1, model="grunt-1", amount=1))
    if aura:
        game = act(game, "morale_facts", 0, seat=0, model="grunt-1", facts=["command_aura"])
    return game


def test_a_failed_test_under_a_command_aura_may_be_rerolled_once_and_the_reroll_stands() -> None:
    game = act(hurt_grunt(), "morale_test", 0, seat=0, model="grunt-1", rolls=[6, 6])
    assert model(game, 0, "grunt-1").status == "routing"
    (reroll,) = listed(game, 1, "morale_reroll")
    assert reroll.at == "model:0:grunt-1"
    assert reroll.label == "Reroll Ana's Orc Grunt 1's failed Morale test (Command Aura)"
    game = act(game, "morale_reroll", 0, seat=0, model="grunt-1", rolls=[4, 4])
    grunt = model(game, 0, "grunt-1")
    assert (grunt.status, grunt.morale_result) == ("wavered", "waver")
    assert not listed(game, 0, "morale_reroll")
    with pytest.raises(IllegalAction, match="already rerolled") as caught:
        act(game, "morale_reroll", 0, model="grunt-1", rolls=[1, 1])
    assert caught.value.field == "payload.model"
    assert AZEROTH.describe(game.log[-1], game.setup) == (
        "Ana: Command Aura reroll of Orc Grunt 1's Morale test, rolls 4 and 4"
    )


def test_a_worse_reroll_stands_too() -> None:
    game = act(hurt_grunt(), "morale_test", 0, model="grunt-1", rolls=[4, 4])  # Waver
    game = act(game, "morale_reroll", 0, model="grunt-1", rolls=[6, 6])
    assert model(game, 0, "grunt-1").status == "routing"


def test_only_a_failed_test_under_a_command_aura_is_rerolled() -> None:
    passed = act(hurt_grunt(), "morale_test", 0, model="grunt-1", rolls=[1, 2])
    assert not listed(passed, 0, "morale_reroll")
    with pytest.raises(IllegalAction, match="passed its Morale test"):
        act(passed, "morale_reroll", 0, model="grunt-1", rolls=[1, 1])
    alone = act(hurt_grunt(aura=False), "morale_test", 0, model="grunt-1", rolls=[6, 6])
    assert not listed(alone, 0, "morale_reroll")
    with pytest.raises(IllegalAction, match="not within another Hero's Command Aura"):
        act(alone, "morale_reroll", 0, model="grunt-1", rolls=[1, 1])
    with pytest.raises(IllegalAction, match="has not tested Morale this round"):
        act(hurt_grunt(), "morale_reroll", 0, model="grunt-1", rolls=[1, 1])
    at_once = act(hurt_grunt(), "morale_test", 0, model="grunt-1", rolls=[6, 6], reroll=[1, 1])
    with pytest.raises(IllegalAction, match="already rerolled"):
        act(at_once, "morale_reroll", 0, model="grunt-1", rolls=[1, 1])


# What a page's boxes post (10.1, 11) ----------------------------------------------------------


def test_morale_facts_are_listed_as_they_stand_and_nothing_ticked_clears_them() -> None:
    game = hurt_grunt()
    (facts,) = [a for a in listed(game, 0, "morale_facts") if a.payload["model"] == "grunt-1"]
    assert facts.payload["facts"] == ["command_aura"]
    assert facts.names["command_aura"] == "Within another Hero's Command Aura"
    game = act(game, "morale_facts", 0, seat=0, model="grunt-1")
    assert not model(game, 0, "grunt-1").command_aura
    assert AZEROTH.describe(game.log[-1], game.setup) == (
        "Ana: near Orc Grunt 1 for Morale: nothing"
    )
    line = AZEROTH.describe(game.log[-2], game.setup)
    assert line == "Ana: near Orc Grunt 1 for Morale: within another Hero's Command Aura"


def test_objectives_are_recorded_as_the_pairs_that_hold() -> None:
    game = to_morale(activation(Scenario.HOLD_THE_LINE))
    (record,) = listed(game, 0, "objectives")
    assert record.payload == {"within_3": []}
    assert record.to_json()["choices"]["within_3"]["some_of"] == [
        "0:1",
        "1:1",
        "0:2",
        "1:2",
        "0:3",
        "1:3",
    ]
    assert record.names["1:2"] == "Objective 2: Ben"
    held = act(game, "objectives", within_3=["0:1", "0:3", "1:3"])
    assert view(held)["objectives"]["this_round"] == [0, None, None]
    nobody = act(game, "objectives")
    assert view(nobody)["objectives"]["this_round"] == [None, None, None]
    for bad in (["0:4"], ["0:1", "0:1"], "0:1", [1]):
        with pytest.raises(IllegalAction) as caught:
            act(game, "objectives", within_3=bad)
        assert caught.value.field == "payload.within_3"
    with pytest.raises(IllegalAction, match="not both"):
        act(game, "objectives", within_3=[], seat_0_within_3=[True] * 3)


def test_every_new_action_type_reads_as_a_history_line() -> None:
    for type_ in ("end_activation", "no_response", "morale_reroll"):
        line = AZEROTH.describe(Action(1, type_, 0, {"model": "grunt-1", "rolls": [2, 3]}))
        assert line.startswith("Seat 0: ") and "_" not in line
