"""Points azeroth-at-war.md leaves open, as the tracker rules them (R64, R68-R70, R120-R124):
routing models (10.3, 8.1, 11), summoned Heroes (4.6, 9.1), Hold the Line's Mana (8.1, 11),
the round roll-off (5.1), Spell Block against a Dispel and the order of 8.6."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.azeroth import rulings
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.state import READY, WAVERED
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import IllegalAction
from tests.rules.azeroth.tracker_game import (
    AzerothGame,
    act,
    activation,
    deployed,
    finish_round,
    kill,
    model,
    side,
    to_morale,
)

BY_CODE = {ruling.code: ruling for ruling in rulings.SHARED + rulings.PROJECT}


def view(game: AzerothGame, viewer: int | None = None) -> dict[str, Any]:
    return AZEROTH.view(game.state, viewer)


def types(game: AzerothGame, seat: int) -> list[str]:
    return [legal.type for legal in AZEROTH.legal_actions(game.state, seat)]


def routed(game: AzerothGame, seat: int, model_id: str) -> AzerothGame:
    """From an Activation stage: ``model_id`` loses half its wounds, everyone activates, and
    it fails its Morale test by 3 or more (10.3)."""
    wounds = model(game, seat, model_id).profile.wounds
    game = act(game, "damage", seat=seat, model=model_id, amount=max(1, (wounds + 1) // 2))
    game = to_morale(game)
    return act(game, "morale_test", seat=seat, model=model_id, rolls=[6, 6])


# Routing models (10.3, 8.1, 11; R120) --------------------------------------------------------


def test_a_routing_hero_still_brings_its_mana_and_says_why() -> None:
    """8.1 counts each surviving Hero; a routing one is still on the table (10.3, R120)."""
    game = routed(activation(), 0, "warchief-1")
    assert model(game, 0, "warchief-1").status == "routing"
    game = act(game, "end_stage")  # round 2's Mana stage
    lines = view(game)["sides"][0]["mana_breakdown"]
    assert "1 surviving Hero: +1. (8.1)" in lines
    assert any("routing" in line and "R120" in line for line in lines)


def test_a_routing_model_keeps_its_army_in_an_annihilation_game() -> None:
    """Annihilation ends when an army has no units (11); a routing one is a unit (R120)."""
    game = routed(activation(), 0, "grunt-1")
    for other in ("warchief-1", "shaman-1", "troll-1", "shieldbearer-1", "grunt-2"):
        game = kill(game, 0, other)
    assert not game.state.over
    game = act(game, "leave_table", 0, model="grunt-1")
    assert game.state.over and game.state.outcome.winner == 1


# A dual-slot unit's Morale (4.1, 4.2, 10.2; R64) ---------------------------------------------


def test_a_mounted_and_elite_unit_tests_morale_on_the_elite_value() -> None:
    """10.2 gives Mounted 7 and Elite 8 and says nothing of a unit with both tiers (4.1);
    R64 tests it on the higher: Ben's Gryphon Rider (Mounted + Elite), down to 1 of its 3
    wounds, passes on a roll of 8 (a Waver on 7), and a roll of 10 fails by 2, a Waver (a
    Rout on 7; 10.3)."""
    due = to_morale(act(activation(), "damage", seat=1, model="gryphon-1", amount=2))
    passed = act(due, "morale_test", seat=1, model="gryphon-1", rolls=[4, 4])
    assert model(passed, 1, "gryphon-1").status == READY
    failed = act(due, "morale_test", seat=1, model="gryphon-1", rolls=[6, 4])
    assert model(failed, 1, "gryphon-1").status == WAVERED


# Summoned Heroes (4.6, 9.1, 8.1; R121) -------------------------------------------------------


def hero_summoned(scenario: Scenario = Scenario.ANNIHILATION) -> AzerothGame:
    game = act(activation(scenario), "activate", 1, model="footman-1")
    game = act(game, "activate", 0, model="shaman-1")
    return act(
        game, "summon", 0, model="shaman-1", name="Ancestral Chief", wounds=3, mana=1, tier="hero"
    )


def test_a_summoned_hero_tier_unit_brings_no_hero_mana() -> None:
    """8.1's Hero bonus is for the army's Heroes; a summons is not one (4.6, R121)."""
    game = finish_round(hero_summoned())
    lines = view(game)["sides"][0]["mana_breakdown"]
    assert "1 surviving Hero: +1. (8.1)" in lines


def test_the_last_hero_slain_ignores_a_summoned_hero() -> None:
    """9.1: the army's last Hero slain while a summoned Hero-tier unit stands still costs -1
    Morale; the summons falling never does (R121)."""
    game = hero_summoned()
    other = kill(game, 0, "shaman-1-summon-1", by=1)
    assert not side(other, 0).last_hero_slain
    game = kill(game, 0, "warchief-1", by=1)
    assert model(game, 0, "shaman-1-summon-1").in_play
    assert side(game, 0).last_hero_slain


def test_a_summoned_hero_is_no_warlord() -> None:
    """11 (Assassination): the game ends when a nominated Warlord falls. A summoned
    Hero-tier unit is not one of the army's Heroes (R121), so its fall ends nothing; the
    Warchief, Ana's Warlord, falling ends the game."""
    game = hero_summoned(Scenario.ASSASSINATION)
    game = kill(game, 0, "shaman-1-summon-1", by=1)
    assert not game.state.over
    game = kill(game, 0, "warchief-1", by=1)
    assert game.state.over and game.state.outcome.winner == 1


# Hold the Line's Mana (8.1, 11; R122) --------------------------------------------------------


def test_objective_mana_comes_from_the_end_of_the_last_round() -> None:
    """11's bonus during the Mana Phase counts what was controlled at the end of the last
    round; round 1 has none (R122)."""
    game = deployed(Scenario.HOLD_THE_LINE)
    lines = view(game)["sides"][0]["mana_breakdown"]
    assert any("R122" in line and "round 1" in line for line in lines)
    game = to_morale(act(game, "end_stage"))
    game = act(
        game, "objectives", seat_0_within_3=[True, False, False], seat_1_within_3=[False] * 3
    )
    game = act(game, "end_stage")
    lines = view(game)["sides"][0]["mana_breakdown"]
    assert any("1 objective held at the end of round 1: +1" in line for line in lines)
    assert any("R122" in line for line in lines)


# The round roll-off (5.1; R123) --------------------------------------------------------------


def test_the_round_roll_off_winner_activates_first_with_no_choice() -> None:
    game = act(finish_round(activation()), "end_stage")
    game = act(game, "round_roll_off", rolls=[2, 5])
    assert game.state.first == 1
    assert any("R123" in line for line in view(game)["first_activator_explanation"])
    assert "choose_first" not in types(game, 1)


# Spell Block, Dispel and the order of 8.6 (R124) ---------------------------------------------


def bloodlust() -> AzerothGame:
    game = act(activation(), "activate", 1, model="footman-1")
    game = act(game, "activate", 0, model="warchief-1")
    return act(game, "use_ability", 0, model="warchief-1", ability="Bloodlust")


def test_a_spell_block_comes_before_a_dispel_and_a_failed_one_leaves_the_dispel() -> None:
    game = bloodlust()
    assert {"spell_block", "dispel", "no_response"} <= set(types(game, 1))
    failed = act(game, "spell_block", 1, model="sorceress-1", roll=2)
    assert "dispel" in types(failed, 1) and "spell_block" not in types(failed, 1)
    dispelled = act(failed, "dispel", 1, roll=5)
    assert view(dispelled)["ability"]["stopped"]


def test_once_a_dispel_is_rolled_no_spell_block_is_offered_or_shown() -> None:
    """8.6 resolves Spell Block first: after the Dispel it is too late (R124)."""
    game = act(bloodlust(), "dispel", 1, roll=1)  # 1 + 1 = 2: it fails
    assert "spell_block" not in types(game, 1)
    with pytest.raises(IllegalAction, match="R124"):
        act(game, "spell_block", 1, model="sorceress-1", roll=6)
    pending = view(game)["ability"]
    assert pending["odds"] is None and pending["odds_with_spell_block"] is None
    assert pending["spell_blockers"] == []


def test_once_a_counterspell_is_rolled_the_board_shows_no_spell_block_odds() -> None:
    game = act(activation(), "activate", 1, model="footman-1")
    game = act(game, "activate", 0, model="warchief-1")
    game = act(game, "use_ability", 0, model="warchief-1", ability="Earthquake")
    game = act(game, "counterspell", 1, roll=1)
    pending = view(game)["ability"]
    assert pending["odds_with_spell_block"] is None and pending["odds"] is None
    assert "spell_block" not in types(game, 1)


def test_the_odds_with_a_spell_block_cite_r124() -> None:
    pending = view(bloodlust())["ability"]
    assert pending["odds_with_spell_block"] is not None
    assert any("R124" in line for line in pending["odds_with_spell_block"]["explanation"])


# R68: fleeing off the table is destruction (10.1, 10.3, 7.8) ---------------------------------


def test_a_model_fleeing_off_the_table_makes_friends_nearby_test() -> None:
    game = routed(activation(), 0, "grunt-1")
    game = act(game, "leave_table", 0, model="grunt-1", within_6=["troll-1"])
    assert model(game, 0, "grunt-1").status == "fled"
    assert side(game, 1).points_destroyed == 45
    assert model(game, 0, "troll-1").friendly_destroyed_nearby
    due = [t["model"] for t in view(game)["sides"][0]["morale_tests"] if t["model"] == "troll-1"]
    assert due == ["troll-1"]
    with pytest.raises(IllegalAction, match="not another model of Ana's"):
        act(
            routed(activation(), 0, "grunt-1"),
            "leave_table",
            0,
            model="grunt-1",
            within_6=["footman-1"],
        )


def test_leave_table_offers_the_friends_nearby() -> None:
    game = routed(activation(), 0, "grunt-1")
    (leave,) = [a for a in AZEROTH.legal_actions(game.state, 0) if a.type == "leave_table"]
    assert "within_6" in leave.choices


# R69: one summoning at a time, of as many units as the card says (4.6) -----------------------


def test_one_summoning_may_bring_several_units_and_they_leave_together() -> None:
    game = act(activation(), "activate", 1, model="footman-1")
    game = act(game, "activate", 0, model="shaman-1")
    game = act(game, "summon", 0, model="shaman-1", name="Spirit Wolf", wounds=1, mana=1, count=2)
    wolves = [m for m in side(game, 0).models if m.summoner == "shaman-1"]
    assert [w.id for w in wolves] == ["shaman-1-summon-1", "shaman-1-summon-2"]
    game = kill(game, 0, "shaman-1", by=1)
    assert all(model(game, 0, w.id).status == "removed" for w in wolves)


def test_a_summoning_brings_one_to_six_units() -> None:
    game = act(activation(), "activate", 1, model="footman-1")
    game = act(game, "activate", 0, model="shaman-1")
    with pytest.raises(IllegalAction, match="1 to 6"):
        act(game, "summon", 0, model="shaman-1", name="Wolf", wounds=1, mana=1, count=7)


# R70: Hold the Line runs its six rounds (11) -------------------------------------------------


def test_hold_the_line_goes_on_when_an_army_is_gone() -> None:
    game = activation(Scenario.HOLD_THE_LINE)
    for m in list(side(game, 0).models):
        game = kill(game, 0, m.id)
    assert not game.state.over
    while not game.state.over:
        game = finish_round(game)
    v = view(game)
    assert v["round"] == 6 and v["winner"] == 1
    assert "more Victory Points" in v["reason"]


# The rulings page says each of them, with its section ----------------------------------------


@pytest.mark.parametrize(
    ("code", "section"),
    [
        ("R64", "4.1"),
        ("R68", "10.1"),
        ("R69", "4.6"),
        ("R70", "11"),
        ("R120", "10.3"),
        ("R121", "9.1"),
        ("R122", "8.1"),
        ("R123", "5.1"),
        ("R124", "8.6"),
    ],
)
def test_each_ruling_names_the_section_it_interprets(code: str, section: str) -> None:
    assert section in BY_CODE[code].section


def test_mana_income_knows_round_one_holds_no_objective() -> None:
    from referee.rules.azeroth.table import mana_income
    from referee.rules.azeroth.units import BattleSize
    from referee.rules.errors import InvalidInput

    with pytest.raises(InvalidInput) as caught:
        mana_income(BattleSize.STANDARD, 1, 0, 1, True, 0, round_number=1)
    assert "R122" in caught.value.problems["controlled_objectives"][0]
    income = mana_income(BattleSize.STANDARD, 1, 0, 2, True, 0, round_number=3)
    assert income.objectives == 2
    assert ("8.1, 11, R122", "2 objectives held at the end of round 2: +2.") in [
        (step.rule, step.text) for step in income.explanation
    ]


def test_a_routing_model_s_wounds_and_points_count_at_the_end() -> None:
    """11's counts after round 6 take every model still on the table, routing ones too
    (R120)."""
    game = routed(activation(Scenario.ASSASSINATION), 0, "grunt-1")
    game = act(game, "end_stage")
    while not game.state.over:
        game = act(game, "end_stage")  # Mana
        game = to_morale(act(game, "round_roll_off", rolls=[5, 2]))
        game = act(game, "morale_test", seat=0, model="grunt-1", rolls=[6, 6])  # flees on
        game = act(game, "end_stage")
    rows = view(game)["summary"]["sides"]
    assert model(game, 0, "grunt-1").status == "routing"
    assert rows[0]["remaining_points"] == 490  # the whole Horde, the routing Grunt included
    assert rows[0]["surviving_wounds"] == 6 + 3 + 3 + 3 + 1 + 2
