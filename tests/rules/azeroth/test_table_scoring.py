"""Winning the game (11; R60): Annihilation, Hold the Line and Assassination."""

from __future__ import annotations

import pytest

from referee.rules.azeroth.table import (
    ArmyStanding,
    ObjectiveFacts,
    Outcome,
    Player,
    annihilation_result,
    assassination_result,
    hold_the_line_result,
    objective_controller,
    objective_count,
)
from referee.rules.azeroth.units import BattleSize
from referee.rules.errors import InvalidInput


def said(result: object) -> str:
    return " | ".join(f"{s.rule}: {s.text}" for s in result.explanation)  # type: ignore[attr-defined]


def army(**changes: object) -> ArmyStanding:
    base: dict[str, object] = {"units_remaining": 5}
    base.update(changes)
    return ArmyStanding(**base)  # type: ignore[arg-type]


# --- Annihilation -----------------------------------------------------------------------------


def test_annihilation_goes_on_while_both_armies_stand_before_round_six():
    result = annihilation_result(army(points_destroyed=300), army(), 3)
    assert result.outcome is Outcome.ONGOING and result.winner is None
    assert "goes on" in said(result)


@pytest.mark.parametrize("rounds", [2, 6])
def test_annihilation_ends_when_one_army_has_no_units_left(rounds):
    result = annihilation_result(army(points_destroyed=50), army(units_remaining=0), rounds)
    assert result.outcome is Outcome.WIN and result.winner is Player.A
    assert "player B has no units left" in said(result)


def test_the_wiped_out_army_loses_even_with_more_points_destroyed():
    result = annihilation_result(army(units_remaining=0, points_destroyed=900), army(), 4)
    assert result.winner is Player.B


def test_after_round_six_more_points_destroyed_wins():
    result = annihilation_result(army(points_destroyed=200), army(points_destroyed=350), 6)
    assert result.outcome is Outcome.WIN and result.winner is Player.B
    assert result.score == {Player.A: 200, Player.B: 350}
    assert "more enemy points destroyed" in said(result)


def test_equal_points_destroyed_go_to_more_surviving_wounds():
    result = annihilation_result(
        army(points_destroyed=200, surviving_wounds=14),
        army(points_destroyed=200, surviving_wounds=9),
        6,
    )
    assert result.winner is Player.A
    assert result.score == {Player.A: 14, Player.B: 9}
    assert "more wounds surviving" in said(result)


def test_annihilation_tied_twice_is_a_draw():
    result = annihilation_result(
        army(points_destroyed=200, surviving_wounds=9),
        army(points_destroyed=200, surviving_wounds=9),
        6,
    )
    assert result.outcome is Outcome.DRAW and result.winner is None
    assert "a draw" in said(result)


def test_both_armies_gone_at_once_is_decided_by_points_destroyed():
    result = annihilation_result(
        army(units_remaining=0, points_destroyed=500),
        army(units_remaining=0, points_destroyed=450),
        3,
    )
    assert result.winner is Player.A
    assert "R60" in said(result)


# --- Hold the Line ----------------------------------------------------------------------------

A_ONLY = ObjectiveFacts(a_within_3=True, b_within_3=False)
B_ONLY = ObjectiveFacts(a_within_3=False, b_within_3=True)
BOTH = ObjectiveFacts(a_within_3=True, b_within_3=True)
NOBODY = ObjectiveFacts(a_within_3=False, b_within_3=False)


@pytest.mark.parametrize(
    ("facts", "controller"),
    [(A_ONLY, Player.A), (B_ONLY, Player.B), (BOTH, None), (NOBODY, None)],
)
def test_an_objective_is_controlled_only_without_an_enemy_within_3(facts, controller):
    assert objective_controller(facts) is controller


@pytest.mark.parametrize(
    ("size", "count"),
    [(BattleSize.SKIRMISH, 2), (BattleSize.STANDARD, 3), (BattleSize.LARGE, 3)],
)
def test_a_skirmish_holds_two_objectives_and_larger_battles_three(size, count):
    assert objective_count(size) == count


def test_it_rejects_an_unknown_battle_size_for_objectives():
    with pytest.raises(InvalidInput) as caught:
        objective_count("huge")  # type: ignore[arg-type]
    assert "battle_size" in caught.value.problems


def test_it_rejects_objective_facts_that_are_not_bools():
    with pytest.raises(InvalidInput) as caught:
        objective_controller(ObjectiveFacts(a_within_3=1, b_within_3=False))  # type: ignore[arg-type]
    assert "a_within_3" in caught.value.problems


def test_hold_the_line_counts_100_per_objective_plus_points_destroyed():
    # A: 2 x 100 + 150 = 350; B: 1 x 100 + 300 = 400.
    result = hold_the_line_result(150, 300, [A_ONLY, B_ONLY, A_ONLY], 6)
    assert result.score == {Player.A: 350, Player.B: 400}
    assert result.outcome is Outcome.WIN and result.winner is Player.B
    text = said(result)
    assert "2 x 100 VP + 150 PTS destroyed = 350 VP" in text
    assert "more Victory Points" in text


def test_a_contested_or_empty_objective_scores_for_nobody():
    result = hold_the_line_result(0, 0, [BOTH, NOBODY], 6)
    assert result.score == {Player.A: 0, Player.B: 0}
    text = said(result)
    assert 'both sides within 3"' in text and 'nobody within 3"' in text


def test_equal_victory_points_are_a_draw():
    result = hold_the_line_result(100, 0, [B_ONLY, NOBODY, BOTH], 6)
    assert result.outcome is Outcome.DRAW and result.winner is None
    assert "Equal Victory Points" in said(result)


def test_hold_the_line_reports_the_standing_before_round_six():
    result = hold_the_line_result(0, 50, [A_ONLY, A_ONLY, NOBODY], 4)
    assert result.outcome is Outcome.ONGOING and result.winner is None
    assert result.score == {Player.A: 200, Player.B: 50}


def test_it_rejects_bad_hold_the_line_inputs():
    with pytest.raises(InvalidInput) as caught:
        hold_the_line_result(
            -5,
            "ten",  # type: ignore[arg-type]
            [A_ONLY, ObjectiveFacts(a_within_3="x", b_within_3=False), A_ONLY, A_ONLY],  # type: ignore[arg-type]
            7,
        )
    assert set(caught.value.problems) == {
        "a_points_destroyed",
        "b_points_destroyed",
        "objectives",
        "objectives.1.a_within_3",
        "rounds_completed",
    }


# --- Assassination ----------------------------------------------------------------------------


def test_assassination_ends_when_a_warlord_falls_and_that_player_loses():
    result = assassination_result(army(remaining_points=100, warlord_slain=True), army(), 2)
    assert result.outcome is Outcome.WIN and result.winner is Player.B
    assert "player A's Warlord was slain" in said(result)


def test_both_warlords_falling_at_once_is_a_draw():
    result = assassination_result(army(warlord_slain=True), army(warlord_slain=True), 5)
    assert result.outcome is Outcome.DRAW
    assert "R60" in said(result)


def test_assassination_goes_on_while_both_warlords_live():
    result = assassination_result(army(), army(), 5)
    assert result.outcome is Outcome.ONGOING


def test_after_six_rounds_more_remaining_points_wins():
    result = assassination_result(army(remaining_points=420), army(remaining_points=610), 6)
    assert result.winner is Player.B
    assert result.score == {Player.A: 420, Player.B: 610}
    assert "more army points remaining" in said(result)


def test_after_six_rounds_equal_remaining_points_draw():
    result = assassination_result(army(remaining_points=420), army(remaining_points=420), 6)
    assert result.outcome is Outcome.DRAW
    assert "Equal remaining army points" in said(result)


def test_it_names_every_bad_army_standing_field():
    bad = ArmyStanding(
        units_remaining=-1,
        points_destroyed=-1,
        surviving_wounds=1.5,  # type: ignore[arg-type]
        remaining_points=-2,
        warlord_slain="no",  # type: ignore[arg-type]
    )
    with pytest.raises(InvalidInput) as caught:
        assassination_result(bad, army(), -1)
    assert set(caught.value.problems) == {
        "a.units_remaining",
        "a.points_destroyed",
        "a.surviving_wounds",
        "a.remaining_points",
        "a.warlord_slain",
        "rounds_completed",
    }
    with pytest.raises(InvalidInput) as caught:
        annihilation_result(army(), bad, 0)
    assert "b.warlord_slain" in caught.value.problems
