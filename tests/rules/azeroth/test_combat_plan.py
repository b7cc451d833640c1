"""plan_attack: the fewest dice, and the best single toggle, that reach a wanted P(kill)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from referee.rules.azeroth.combat import attack_odds, plan_attack
from referee.rules.azeroth.profiles import Attack, AttackOdds, Cover
from referee.rules.errors import InvalidInput
from tests.rules.azeroth.conftest import attacker, defender, melee, ranged


def kill_with(attack: Attack, atk: int) -> AttackOdds:
    return attack_odds(replace(attack, attacker=replace(attack.attacker, atk=atk)))


def test_it_reports_the_attack_as_it_stands():
    plan = plan_attack(melee(attacker(atk=2)), 0.5)
    assert plan.goal == 0.5
    assert plan.dice_now == 2
    assert plan.current_kill_probability == pytest.approx(float(1 - F(25, 36)), abs=1e-12)


def test_it_finds_the_fewest_dice_that_reach_the_goal():
    # 1/6 a die against one wound: P(kill) = 1 - (5/6)^n reaches 1/2 first at n = 4.
    plan = plan_attack(melee(), 0.5)
    assert plan.dice_needed == 4
    assert kill_with(melee(), 3).damage.kill_probability < 0.5
    assert kill_with(melee(), 4).damage.kill_probability >= 0.5


def test_the_fewest_dice_can_be_fewer_than_the_attack_has():
    assert plan_attack(melee(attacker(atk=10)), 0.5).dice_needed == 4


def test_the_dice_count_keeps_the_odds_of_each_die():
    # Charging with Momentum adds dice but leaves each die's odds alone: the answer is the
    # same number of dice in all.
    plain = plan_attack(melee(), 0.9)
    charge = plan_attack(melee(attacker(momentum=3), charging=True), 0.9)
    assert plain.dice_needed == charge.dice_needed == 13


def test_it_counts_against_the_remaining_wounds():
    attack = melee(d=defender(wounds=5, wounds_remaining=2))
    plan = plan_attack(attack, 0.5)
    assert plan.dice_needed is not None
    n = plan.dice_needed
    assert kill_with(attack, n - 1).damage.kill_probability < 0.5
    assert kill_with(attack, n).damage.kill_probability >= 0.5


def test_it_reaches_a_goal_of_exactly_what_n_dice_give():
    goal = kill_with(melee(), 5).damage.kill_probability
    assert plan_attack(melee(), goal).dice_needed == 5


def test_it_answers_none_when_even_200_dice_fall_short():
    attack = melee(attacker(skl=6), d=defender(ini=4), literal=True)
    assert plan_attack(attack, 0.1).dice_needed is None
    assert plan_attack(melee(d=defender(wounds=99)), 0.5).dice_needed is None


def test_it_offers_the_melee_toggles_best_first():
    plan = plan_attack(melee(attacker(atk=3, momentum=2)), 0.5)
    assert [option.toggle for option in plan.toggles] == ["charging", "flanking"]
    assert all(option.value is True for option in plan.toggles)
    charging = attack_odds(melee(attacker(atk=3, momentum=2), charging=True))
    assert plan.toggles[0].kill_probability == charging.damage.kill_probability
    assert plan.toggles[0].kill_probability >= plan.toggles[1].kill_probability


def test_it_offers_a_downhill_charge_only_to_a_charger():
    plan = plan_attack(melee(attacker(momentum=1), charging=True), 0.5)
    assert [option.toggle for option in plan.toggles] == ["downhill_charge", "flanking"]


def test_it_skips_a_downhill_charge_against_an_uphill_defender():
    plan = plan_attack(melee(attacker(momentum=1), charging=True, uphill_defender=True), 0.5)
    assert [option.toggle for option in plan.toggles] == ["flanking"]


def test_an_opportunity_attack_cannot_become_a_charge():
    plan = plan_attack(melee(opportunity_attack=True), 0.5)
    assert [option.toggle for option in plan.toggles] == ["flanking"]


def test_it_skips_a_toggle_that_would_roll_too_many_dice():
    plan = plan_attack(melee(attacker(atk=200, momentum=1)), 0.5)
    assert "charging" not in [option.toggle for option in plan.toggles]


def test_it_offers_no_toggle_already_in_its_best_position():
    plan = plan_attack(ranged(hold=True, elevated=True), 0.5)
    assert plan.toggles == ()
    assert plan.best_toggle is None


def test_it_offers_the_ranged_toggles():
    plan = plan_attack(ranged(long_range=True, cover=Cover.SOFT), 0.2)
    assert {(o.toggle, o.value) for o in plan.toggles} == {
        ("hold", True),
        ("elevated", True),
        ("long_range", False),
    }


def test_the_best_toggle_is_the_strongest_that_reaches_the_goal():
    # Base: 1/6 a die. Holding makes it 3+ to hit: 2/3 * 1/2 * 2/3 = 2/9.
    plan = plan_attack(ranged(), 0.2)
    assert plan.best_toggle is not None
    assert plan.best_toggle.toggle in {"hold", "elevated"}
    assert plan.best_toggle.kill_probability == pytest.approx(2 / 9, abs=1e-12)
    assert plan.best_toggle.reaches_goal


def test_no_best_toggle_when_none_reaches_the_goal():
    plan = plan_attack(ranged(), 0.9)
    assert plan.toggles and not any(option.reaches_goal for option in plan.toggles)
    assert plan.best_toggle is None


def test_flanking_helps_only_against_a_save():
    plan = plan_attack(melee(d=defender(defense=None)), 0.5)
    flanking = next(option for option in plan.toggles if option.toggle == "flanking")
    assert flanking.kill_probability == plan.current_kill_probability


@pytest.mark.parametrize("goal", [0, -0.1, 1.01, float("nan"), True, "0.5", None])
def test_it_rejects_a_goal_that_is_not_a_probability(goal):
    with pytest.raises(InvalidInput) as caught:
        plan_attack(melee(), goal)
    assert list(caught.value.problems) == ["goal"]


def test_it_accepts_a_goal_of_one():
    assert plan_attack(melee(), 1).goal == 1.0


def test_it_reports_a_bad_goal_together_with_a_bad_attack():
    with pytest.raises(InvalidInput) as caught:
        plan_attack(melee(attacker(skl=9)), 2)
    assert set(caught.value.problems) == {"attacker.skl", "goal"}
