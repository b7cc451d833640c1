"""Unit tests for the attack odds engine: one rule, modifier or keyword per test.

Expected numbers are worked out in the test from the rulebook (section and ruling named);
the base fight of conftest.py hits on 4+ (1/2), wounds on 4+ (1/2) and is saved on 5+ (the
save fails 2/3).
"""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest

from referee.rules.azeroth import rulings
from referee.rules.azeroth.combat import attack_odds
from referee.rules.azeroth.profiles import Armor, Cover, Weapon
from tests.rules.azeroth.conftest import attacker, defender, melee, ranged

BY_CODE = {ruling.code: ruling for ruling in rulings.SHARED + rulings.PROJECT}


def approx(value: F | float) -> object:
    return pytest.approx(float(value), abs=1e-12)


def binomial(n: int, p: F) -> list[float]:
    from math import comb

    return [float(comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]


def steps(attack) -> list[str]:
    return [f"{step.rule} | {step.text}" for step in attack_odds(attack).explanation]


def has_step(attack, *fragments: str) -> bool:
    return any(all(f in line for f in fragments) for line in steps(attack))


# --- Dice (4.4, 4.6, 6.3, 7.7; A5, A6, R5, R7) ---------------------------------------------------


def test_it_rolls_one_die_per_atk():
    assert attack_odds(melee(attacker(atk=7))).dice == 7


def test_it_adds_momentum_dice_on_a_charge():
    assert attack_odds(melee(attacker(atk=3, momentum=2), charging=True)).dice == 5


def test_it_adds_no_momentum_dice_without_a_charge():
    assert attack_odds(melee(attacker(atk=3, momentum=2))).dice == 3


def test_it_adds_momentum_again_on_a_downhill_charge():
    odds = attack_odds(melee(attacker(atk=3, momentum=2), charging=True, downhill_charge=True))
    assert odds.dice == 7


def test_it_adds_momentum_again_when_a_flyer_charges_a_ground_model():
    assert attack_odds(melee(attacker(atk=3, momentum=2, fly=True), charging=True)).dice == 7


def test_it_adds_no_extra_momentum_when_a_flyer_charges_a_flyer():
    attack = melee(attacker(atk=3, momentum=2, fly=True), defender(fly=True), charging=True)
    assert attack_odds(attack).dice == 5


def test_it_adds_the_extra_momentum_once_for_a_flyer_charging_downhill():
    attack = melee(attacker(atk=3, momentum=2, fly=True), charging=True, downhill_charge=True)
    assert attack_odds(attack).dice == 7
    assert has_step(attack, "R5", "once more, not twice")


def test_a_downhill_charge_without_momentum_adds_no_dice():
    assert attack_odds(melee(attacker(atk=3), charging=True, downhill_charge=True)).dice == 3


def test_an_opportunity_attack_rolls_the_full_atk_without_momentum():
    attack = melee(attacker(atk=3, momentum=2), opportunity_attack=True)
    assert attack_odds(attack).dice == 3


def test_a_ranged_attack_never_gets_momentum():
    assert attack_odds(ranged(attacker(atk=3, momentum=2, fly=True))).dice == 3


@pytest.mark.parametrize(
    ("wounds", "remaining", "dice"),
    [(4, 2, 3), (5, 2, 3), (5, 3, 2), (1, None, 2), (2, 1, 3), (4, None, 2), (3, 1, 3)],
)
def test_berserker_adds_a_die_at_or_below_half_wounds(wounds, remaining, dice):
    a = attacker(atk=2, berserker=True, wounds=wounds, wounds_remaining=remaining)
    assert attack_odds(melee(a)).dice == dice


def test_berserker_counts_in_a_ranged_attack():
    a = attacker(atk=2, berserker=True, wounds=4, wounds_remaining=2)
    assert attack_odds(ranged(a)).dice == 3


def test_berserker_counts_in_an_opportunity_attack():
    a = attacker(atk=2, berserker=True, wounds=4, wounds_remaining=1, momentum=3)
    assert attack_odds(melee(a, opportunity_attack=True)).dice == 3


def test_berserker_and_momentum_add_up():
    a = attacker(atk=2, berserker=True, wounds=2, wounds_remaining=1, momentum=1)
    assert attack_odds(melee(a, charging=True, downhill_charge=True)).dice == 5


def test_zero_dice_deal_no_damage():
    odds = attack_odds(melee(attacker(atk=0)))
    assert odds.dice == 0
    assert odds.damage.distribution == (1.0,)
    assert odds.damage.kill_probability == 0.0
    assert odds.damage.expected == 0.0


# --- Initiative as evasion (7.2.1, A7) -------------------------------------------------------


def test_it_gives_minus_one_to_hit_when_the_defender_is_quicker():
    odds = attack_odds(melee(attacker(ini=3), defender(ini=4)))
    assert odds.hit.modifier == -1
    assert odds.hit.needed == 5


def test_it_gives_no_modifier_when_initiatives_are_equal():
    assert attack_odds(melee(attacker(ini=4), defender(ini=4))).hit.modifier == 0


def test_it_gives_no_modifier_when_the_attacker_is_quicker():
    assert attack_odds(melee(attacker(ini=5), defender(ini=4))).hit.modifier == 0


def test_heavy_armor_slows_the_attacker():
    odds = attack_odds(melee(attacker(ini=3, armor=Armor.HEAVY), defender(ini=2)))
    assert odds.hit.modifier == 0
    odds = attack_odds(melee(attacker(ini=3, armor=Armor.HEAVY), defender(ini=3)))
    assert odds.hit.modifier == -1


def test_light_armor_makes_the_defender_quicker():
    assert attack_odds(melee(d=defender(armor=Armor.LIGHT))).hit.modifier == -1


def test_a_light_weapon_adds_one_initiative():
    assert attack_odds(melee(d=defender(weapons=(Weapon.LIGHT,)))).hit.modifier == -1
    attack = melee(attacker(weapons=(Weapon.LIGHT,)), defender(ini=4))
    assert attack_odds(attack).hit.modifier == 0


def test_a_heavy_weapon_takes_one_initiative():
    attack = melee(attacker(weapons=(Weapon.HEAVY,)))
    assert attack_odds(attack).hit.modifier == -1


@pytest.mark.parametrize("tag", [Weapon.STANDARD, Weapon.SHIELD, Weapon.RANGED])
def test_standard_weapons_shields_and_ranged_weapons_change_no_initiative(tag):
    assert attack_odds(melee(d=defender(weapons=(tag,)))).hit.modifier == 0


def test_it_counts_a_weapon_tag_listed_twice_once():
    attack = melee(attacker(ini=3), defender(ini=2, weapons=(Weapon.LIGHT, Weapon.LIGHT)))
    assert attack_odds(attack).hit.modifier == 0


def test_the_explanation_cites_the_ruling_on_repeated_tags():
    attack = melee(d=defender(ini=2, weapons=(Weapon.LIGHT, Weapon.LIGHT)))
    assert has_step(attack, "7.2.1, A7, R16 |", "Light Weapon +1")
    assert not has_step(melee(), "R16")


def test_it_adds_every_weapon_tag_of_a_profile():
    # INI 2 + LW 1 + HW -1 + SH 0 = 2 against the attacker's 3.
    d = defender(ini=2, weapons=(Weapon.LIGHT, Weapon.HEAVY, Weapon.SHIELD))
    assert attack_odds(melee(attacker(ini=3), d)).hit.modifier == 0


def test_charging_adds_one_to_the_attackers_initiative():
    assert attack_odds(melee(attacker(ini=3), defender(ini=4), charging=True)).hit.modifier == 0


def test_the_book_example_grunt_charging_a_rogue_takes_minus_one():
    # 7.2.1: Grunt INI 3, MA, SW, charging = 4; Rogue INI 5, LA, LW = 7.
    grunt = attacker(ini=3, weapons=(Weapon.STANDARD,))
    rogue = defender(ini=5, armor=Armor.LIGHT, weapons=(Weapon.LIGHT,))
    attack = melee(grunt, rogue, charging=True)
    assert attack_odds(attack).hit.modifier == -1
    assert has_step(attack, "Effective Initiative 4", "against 7", "-1 to hit")


def test_the_book_example_knight_charging_a_footman_has_no_modifier():
    # 7.2.1: Knight INI 4, HA, SW, charging = 4; Footman INI 3, HA, SW = 2.
    knight = attacker(ini=4, armor=Armor.HEAVY, weapons=(Weapon.STANDARD,))
    footman = defender(ini=3, armor=Armor.HEAVY, weapons=(Weapon.STANDARD,))
    assert attack_odds(melee(knight, footman, charging=True)).hit.modifier == 0


def test_initiative_does_not_matter_when_shooting():
    assert attack_odds(ranged(attacker(ini=0), defender(ini=10))).hit.modifier == 0


def test_an_opportunity_attack_takes_minus_one_to_hit():
    assert attack_odds(melee(opportunity_attack=True)).hit.modifier == -1


def test_an_opportunity_attack_on_a_quicker_defender_takes_minus_two():
    attack = melee(attacker(ini=3), defender(ini=4), opportunity_attack=True)
    assert attack_odds(attack).hit.modifier == -2


# --- Ranged to-hit modifiers (5.2, 7.1, 7.7, A8, R5) -----------------------------------------


def test_holding_gives_plus_one_to_hit():
    assert attack_odds(ranged(hold=True)).hit.needed == 3


def test_higher_ground_gives_plus_one_to_hit():
    assert attack_odds(ranged(elevated=True)).hit.needed == 3


def test_a_flyer_shooting_a_ground_model_gets_plus_one_to_hit():
    assert attack_odds(ranged(attacker(fly=True))).hit.modifier == 1


def test_a_flyer_shooting_a_flyer_gets_no_bonus():
    assert attack_odds(ranged(attacker(fly=True), defender(fly=True))).hit.modifier == 0


def test_a_flyer_on_higher_ground_gets_plus_one_once():
    attack = ranged(attacker(fly=True), elevated=True)
    assert attack_odds(attack).hit.modifier == 1
    assert has_step(attack, "R5", "once")


def test_long_range_gives_minus_one_to_hit():
    assert attack_odds(ranged(long_range=True)).hit.needed == 5


def test_ranged_modifiers_add_up():
    odds = attack_odds(ranged(attacker(skl=5), hold=True, elevated=True, long_range=True))
    assert (odds.hit.modifier, odds.hit.needed) == (1, 4)


# --- Natural rolls (A1) ------------------------------------------------------------------------


def test_a_natural_six_still_hits_when_modifiers_push_the_target_past_six():
    odds = attack_odds(melee(attacker(skl=6), defender(ini=4)))
    assert (odds.hit.needed, odds.hit.probability) == (6, approx(F(1, 6)))


def test_nothing_hits_past_six_under_literal_natural_rolls():
    odds = attack_odds(melee(attacker(skl=6), defender(ini=4), literal=True))
    assert odds.hit.needed == 7
    assert odds.damage.distribution == (1.0,)


def test_a_natural_one_still_misses_when_modifiers_bring_the_target_below_two():
    odds = attack_odds(ranged(attacker(skl=2), hold=True))
    assert (odds.hit.needed, odds.hit.probability) == (2, approx(F(5, 6)))


def test_everything_hits_below_two_under_literal_natural_rolls():
    odds = attack_odds(ranged(attacker(skl=2), hold=True, literal=True))
    assert (odds.hit.needed, odds.hit.probability) == (1, 1.0)


def test_a_natural_one_still_fails_a_save_pushed_below_two():
    odds = attack_odds(ranged(d=defender(defense=2), cover=Cover.HARD))
    assert odds.save is not None
    assert (odds.save.needed, odds.save.probability) == (2, approx(F(5, 6)))
    assert odds.damage.distribution[1] == approx(F(1, 2) * F(1, 2) * F(1, 6))


def test_every_save_succeeds_below_two_under_literal_natural_rolls():
    odds = attack_odds(ranged(d=defender(defense=2), cover=Cover.HARD, literal=True))
    assert odds.save is not None and odds.save.needed == 1
    assert odds.damage.distribution == (1.0,)


def test_the_explanation_says_when_a_natural_roll_exception_decides():
    attack = melee(attacker(skl=6), defender(ini=4))
    assert has_step(attack, "A1", "a natural 6 always succeeds")
    assert has_step(melee(attacker(skl=6), defender(ini=4), literal=True), "literal", "no die")


# --- To wound (7.1, A2) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strength", "toughness", "needed"),
    [
        (8, 4, 2),
        (9, 4, 2),
        (5, 4, 3),
        (7, 4, 3),
        (4, 4, 4),
        (3, 4, 5),
        (2, 4, 6),
        (1, 4, 6),
        (2, 1, 2),
        (1, 1, 4),
        (1, 2, 6),
        (3, 5, 5),
        (20, 20, 4),
    ],
)
def test_it_reads_the_wound_chart_in_ruling_order(strength, toughness, needed):
    odds = attack_odds(melee(attacker(str=strength), defender(tgh=toughness)))
    assert odds.wound.needed == needed


def test_it_wounds_with_ranged_str_when_shooting():
    assert attack_odds(ranged(attacker(str=2, ranged_str=5))).wound.needed == 3


def test_it_wounds_with_str_when_shooting_without_ranged_str():
    assert attack_odds(ranged(attacker(str=5))).wound.needed == 3


def test_it_wounds_with_str_in_melee_even_with_a_ranged_str():
    assert attack_odds(melee(attacker(str=2, ranged_str=8))).wound.needed == 6


# --- Armor Piercing (7.4, A3) ------------------------------------------------------------------


def test_armor_piercing_removes_the_save():
    odds = attack_odds(melee(attacker(str=8), defender(defense=2)))
    assert odds.armor_piercing is True
    assert odds.save is None
    assert odds.damage.distribution[1] == approx(F(1, 2) * F(5, 6))


def test_a_shield_keeps_the_save_against_armor_piercing():
    odds = attack_odds(melee(attacker(str=8), defender(defense=3, weapons=(Weapon.SHIELD,))))
    assert odds.armor_piercing is True
    assert odds.save is not None and odds.save.needed == 3
    assert odds.damage.distribution[1] == approx(F(1, 2) * F(5, 6) * F(1, 3))


def test_heavy_armor_keeps_the_save_against_armor_piercing():
    odds = attack_odds(melee(attacker(str=8), defender(defense=3, armor=Armor.HEAVY)))
    assert odds.save is not None
    assert odds.damage.distribution[1] == approx(F(1, 2) * F(5, 6) * F(1, 3))


def test_armor_piercing_compares_ranged_str_when_shooting():
    assert attack_odds(ranged(attacker(str=3, ranged_str=8))).armor_piercing is True
    assert attack_odds(melee(attacker(str=3, ranged_str=8))).armor_piercing is False


def test_armor_piercing_needs_double_the_toughness():
    assert attack_odds(melee(attacker(str=7), defender(tgh=4))).armor_piercing is False


def test_armor_piercing_is_reported_against_a_model_without_a_save():
    odds = attack_odds(melee(attacker(str=8), defender(defense=None)))
    assert (odds.armor_piercing, odds.save) == (True, None)


# --- Saves (7.1, 7.5, 7.7, A9) -------------------------------------------------------------------


def test_a_failed_save_lets_the_wound_through():
    # 1/2 to hit, 1/2 to wound, DEF 5+ fails 2/3.
    assert attack_odds(melee()).damage.distribution[1] == approx(F(1, 6))


def test_a_model_without_def_gets_no_save():
    odds = attack_odds(melee(d=defender(defense=None)))
    assert odds.save is None
    assert odds.damage.distribution[1] == approx(F(1, 4))


def test_soft_cover_gives_plus_one_to_the_save():
    odds = attack_odds(ranged(cover=Cover.SOFT))
    assert odds.save is not None and (odds.save.modifier, odds.save.needed) == (1, 4)


def test_hard_cover_gives_plus_two_to_the_save():
    odds = attack_odds(ranged(cover=Cover.HARD))
    assert odds.save is not None and (odds.save.modifier, odds.save.needed) == (2, 3)


def test_a_defender_uphill_of_the_charge_gets_plus_one_to_the_save():
    odds = attack_odds(melee(charging=True, uphill_defender=True))
    assert odds.save is not None and odds.save.needed == 4


def test_flanking_gives_minus_one_to_the_save():
    odds = attack_odds(melee(flanking=True))
    assert odds.save is not None and odds.save.needed == 6
    assert odds.damage.distribution[1] == approx(F(1, 4) * F(5, 6))


def test_uphill_and_flanking_cancel_out():
    odds = attack_odds(melee(uphill_defender=True, flanking=True))
    assert odds.save is not None and odds.save.needed == 5
    assert has_step(melee(uphill_defender=True, flanking=True), "uphill +1", "flanking -1")


def test_the_save_step_names_each_modifier():
    assert has_step(ranged(cover=Cover.HARD), "Save: DEF 5+ with hard cover +2", "3+")


# --- Decisive Blow (4.5, 4.6, A4) --------------------------------------------------------------


def test_decisive_blow_adds_x_damage_on_a_natural_six_that_wounds_unsaved():
    odds = attack_odds(melee(attacker(decisive_blow=2), defender(wounds=3)))
    unsaved = F(1, 2) * F(2, 3)
    assert odds.decisive_blow == 2
    assert odds.damage.distribution == (
        approx(1 - F(1, 2) * unsaved),
        approx(F(2, 6) * unsaved),
        0.0,
        approx(F(1, 6) * unsaved),
    )


def test_a_heavy_weapon_gives_decisive_blow_one_in_melee():
    odds = attack_odds(melee(attacker(ini=4, weapons=(Weapon.HEAVY,))))
    assert odds.decisive_blow == 1
    assert odds.damage.distribution[2] == approx(F(1, 6) * F(1, 2) * F(2, 3))


def test_a_heavy_weapon_gives_no_decisive_blow_when_shooting():
    odds = attack_odds(ranged(attacker(weapons=(Weapon.HEAVY,))))
    assert odds.decisive_blow == 0
    assert len(odds.damage.distribution) == 2


def test_a_higher_decisive_blow_replaces_the_heavy_weapons_one():
    odds = attack_odds(melee(attacker(ini=4, weapons=(Weapon.HEAVY,), decisive_blow=3)))
    assert odds.decisive_blow == 3


def test_decisive_blow_works_in_a_ranged_attack():
    assert attack_odds(ranged(attacker(decisive_blow=1))).decisive_blow == 1


def test_decisive_blow_never_happens_when_nothing_can_hit():
    odds = attack_odds(melee(attacker(skl=6, decisive_blow=2), defender(ini=4), literal=True))
    assert odds.damage.distribution == (1.0,)


def test_the_explanation_says_when_no_natural_six_can_hit():
    attack = melee(attacker(skl=6, cleave=True), d=defender(ini=4), literal=True)
    assert has_step(attack, "4.6, A1, R17", "neither Decisive Blow nor Cleave")
    assert not has_step(melee(attacker(skl=6, cleave=True), d=defender(ini=4)), "R17")


def test_decisive_blow_leaves_impossible_damages_at_exactly_zero():
    # SKL 6+: every hit is a natural 6, so one die deals 0 or 3, never 1 or 2.
    odds = attack_odds(melee(attacker(skl=6, decisive_blow=2)))
    assert odds.damage.distribution[1:3] == (0.0, 0.0)
    assert odds.damage.nonzero()[1][0] == 3


def test_expected_damage_counts_decisive_blow():
    odds = attack_odds(melee(attacker(atk=3, decisive_blow=2)))
    # Per die: 1/3 wounds unsaved given a hit, (1/2 + 2 * 1/6) damage per die rolled.
    assert odds.damage.expected == approx(3 * F(1, 4) * F(2, 3) * (F(1, 2) * 2 + F(2, 3)))


# --- Cleave (4.6, R1, R2) ---------------------------------------------------------------------


def test_cleave_hits_the_second_model_on_each_natural_six():
    odds = attack_odds(melee(attacker(atk=4, cleave=True)))
    assert odds.second_target is not None
    assert odds.second_target.hits == tuple(approx(p) for p in binomial(4, F(1, 6)))
    assert odds.second_target.expected_hits == approx(F(4, 6))
    assert odds.second_target.damage is None


def test_cleave_does_nothing_in_a_ranged_attack():
    attack = ranged(attacker(cleave=True))
    assert attack_odds(attack).second_target is None
    assert has_step(attack, "Cleave works in melee only")


def test_cleave_has_no_second_model_without_the_keyword():
    assert attack_odds(melee(attacker(atk=4))).second_target is None


def test_cleaves_second_model_takes_one_damage_never_decisive_blow():
    second = defender(tgh=4, defense=None, wounds=3)
    odds = attack_odds(melee(attacker(atk=2, cleave=True, decisive_blow=2), second=second))
    assert odds.second_target is not None and odds.second_target.damage is not None
    per_die = F(1, 6) * F(1, 2)
    assert odds.second_target.damage.distribution == tuple(approx(p) for p in binomial(2, per_die))


def test_cleaves_second_model_saves_without_flanking_or_uphill():
    second = defender(defense=4)
    odds = attack_odds(melee(attacker(cleave=True), second=second, flanking=True))
    assert odds.save is not None and odds.save.needed == 6
    assert odds.second_target is not None and odds.second_target.save is not None
    assert odds.second_target.save.needed == 4


def test_cleaves_second_model_uses_its_own_toughness():
    odds = attack_odds(melee(attacker(cleave=True), second=defender(tgh=2)))
    assert odds.second_target is not None and odds.second_target.wound is not None
    assert odds.second_target.wound.needed == 2


def test_cleaves_second_model_can_be_armor_pierced_when_the_target_is_not():
    second = defender(tgh=2, defense=3)
    odds = attack_odds(melee(attacker(cleave=True), second=second))
    assert odds.armor_piercing is False
    assert odds.second_target is not None
    assert (odds.second_target.armor_piercing, odds.second_target.save) == (True, None)


def test_cleaves_second_model_keeps_its_save_with_a_shield():
    second = defender(tgh=2, defense=3, weapons=(Weapon.SHIELD,))
    odds = attack_odds(melee(attacker(cleave=True), second=second))
    assert odds.second_target is not None and odds.second_target.save is not None


def test_both_destroyed_needs_one_die_to_do_both():
    # One die: a natural 6 (1/6) that wounds the target unsaved (1/2 * 2/3) and the second
    # model unsaved (1/2 * 1/2).
    odds = attack_odds(melee(attacker(cleave=True), second=defender(defense=4)))
    assert odds.second_target is not None
    assert odds.second_target.both_killed_probability == approx(F(1, 6) * F(1, 3) * F(1, 4))


def test_both_destroyed_is_zero_when_the_target_cannot_be_destroyed():
    second = defender(defense=4)
    odds = attack_odds(melee(attacker(cleave=True), defender(wounds=2), second=second))
    assert odds.second_target is not None
    assert odds.second_target.both_killed_probability == 0.0


def test_cleave_never_hits_when_no_natural_six_can_hit():
    attack = melee(attacker(skl=6, cleave=True), defender(ini=4), literal=True, second=defender())
    odds = attack_odds(attack)
    assert odds.second_target is not None and odds.second_target.damage is not None
    assert odds.second_target.hits == (1.0,)
    assert odds.second_target.damage.distribution == (1.0,)


# --- Precision Shot into melee (7.6, R3, R4) ---------------------------------------------------


def test_each_miss_strikes_the_friendly_on_a_one():
    attack = ranged(attacker(atk=3, precision_shot=True), into_melee=True)
    odds = attack_odds(attack)
    assert odds.friendly is not None
    assert odds.friendly.hits == tuple(approx(p) for p in binomial(3, F(1, 2) * F(1, 6)))
    assert odds.friendly.damage is None


def test_no_friendly_is_at_risk_without_shooting_into_melee():
    assert attack_odds(ranged(attacker(precision_shot=True))).friendly is None


def test_the_friendly_is_wounded_with_the_shots_ranged_str():
    friendly = defender(tgh=3)
    attack = ranged(
        attacker(str=1, ranged_str=5, precision_shot=True), friendly=friendly, into_melee=True
    )
    odds = attack_odds(attack)
    assert odds.friendly is not None and odds.friendly.wound is not None
    assert odds.friendly.wound.needed == 3


def test_the_friendly_saves_without_cover():
    friendly = defender(defense=4)
    attack = ranged(
        attacker(precision_shot=True), friendly=friendly, into_melee=True, cover=Cover.HARD
    )
    odds = attack_odds(attack)
    assert odds.friendly is not None and odds.friendly.save is not None
    assert (odds.friendly.save.modifier, odds.friendly.save.needed) == (0, 4)


def test_the_friendly_suffers_armor_piercing():
    friendly = defender(tgh=2, defense=2)
    odds = attack_odds(ranged(attacker(precision_shot=True), friendly=friendly, into_melee=True))
    assert odds.friendly is not None
    assert (odds.friendly.armor_piercing, odds.friendly.save) == (True, None)


def test_the_friendly_never_takes_decisive_blow():
    friendly = defender(defense=None, wounds=2)
    attack = ranged(
        attacker(atk=2, precision_shot=True, decisive_blow=3), friendly=friendly, into_melee=True
    )
    odds = attack_odds(attack)
    assert odds.friendly is not None and odds.friendly.damage is not None
    per_die = F(1, 2) * F(1, 6) * F(1, 2)
    assert odds.friendly.damage.distribution == tuple(approx(p) for p in binomial(2, per_die))


def test_hold_makes_fewer_misses_reach_the_friendly():
    attack = ranged(attacker(precision_shot=True), into_melee=True, hold=True)
    odds = attack_odds(attack)
    assert odds.friendly is not None
    assert odds.friendly.hits[1] == approx(F(1, 3) * F(1, 6))


def test_one_die_cannot_destroy_both_the_target_and_the_friendly():
    attack = ranged(attacker(precision_shot=True), friendly=defender(), into_melee=True)
    odds = attack_odds(attack)
    assert odds.friendly is not None and odds.friendly.both_killed_probability == 0.0


def test_two_dice_can_destroy_both_the_target_and_the_friendly():
    friendly = defender(defense=None)
    attack = ranged(attacker(atk=2, precision_shot=True), friendly=friendly, into_melee=True)
    odds = attack_odds(attack)
    target_die = F(1, 2) * F(1, 2) * F(2, 3)
    friendly_die = F(1, 2) * F(1, 6) * F(1, 2)
    assert odds.friendly is not None
    assert odds.friendly.both_killed_probability == approx(2 * target_die * friendly_die)


# --- The distribution --------------------------------------------------------------------------


def test_it_computes_a_binomial_without_decisive_blow():
    odds = attack_odds(melee(attacker(atk=5)))
    assert odds.damage.distribution == tuple(approx(p) for p in binomial(5, F(1, 6)))


def test_it_computes_many_dice_exactly():
    odds = attack_odds(melee(attacker(atk=200), defender(defense=None)))
    assert odds.damage.distribution == tuple(approx(p) for p in binomial(200, F(1, 4)))


def test_at_least_counts_from_the_top():
    odds = attack_odds(melee(attacker(atk=2)))
    assert odds.damage.at_least == (1.0, approx(1 - F(25, 36)), approx(F(1, 36)))


def test_it_destroys_the_target_against_its_remaining_wounds():
    odds = attack_odds(melee(attacker(atk=2), defender(wounds=3, wounds_remaining=1)))
    assert odds.damage.wounds_remaining == 1
    assert odds.damage.kill_probability == approx(F(11, 36))


def test_it_cannot_destroy_a_target_with_more_wounds_than_the_attack_can_deal():
    odds = attack_odds(melee(attacker(atk=2), defender(wounds=3)))
    assert odds.damage.kill_probability == 0.0


def test_it_trims_damages_that_cannot_happen_from_the_end():
    odds = attack_odds(melee(attacker(atk=3, str=1), defender(tgh=4), literal=True, flanking=False))
    assert len(odds.damage.distribution) == 4
    odds = attack_odds(ranged(attacker(atk=3), defender(defense=2), cover=Cover.HARD, literal=True))
    assert odds.damage.distribution == (1.0,)


# --- The explanation ---------------------------------------------------------------------


SECTION = re.compile(r"^\d+(\.\d+)*$")


@pytest.mark.parametrize(
    "attack",
    [
        melee(
            attacker(
                atk=2,
                momentum=1,
                berserker=True,
                wounds=2,
                wounds_remaining=1,
                weapons=(Weapon.HEAVY,),
                cleave=True,
                fly=True,
            ),
            defender(armor=Armor.LIGHT),
            second=defender(tgh=2),
            charging=True,
            downhill_charge=True,
            flanking=True,
        ),
        ranged(
            attacker(atk=3, ranged_str=8, precision_shot=True, decisive_blow=1, fly=True),
            defender(weapons=(Weapon.SHIELD,)),
            friendly=defender(defense=None),
            into_melee=True,
            hold=True,
            elevated=True,
            long_range=True,
            cover=Cover.SOFT,
        ),
        melee(opportunity_attack=True, literal=True),
    ],
)
def test_every_step_cites_sections_and_rulings_that_exist(attack):
    for step in attack_odds(attack).explanation:
        for code in step.rule.split(", "):
            assert SECTION.match(code) or code in BY_CODE, step
        assert step.text


def test_the_explanation_walks_through_a_charge():
    attack = melee(
        attacker(atk=3, momentum=2, weapons=(Weapon.HEAVY,)),
        defender(ini=5, armor=Armor.LIGHT, weapons=(Weapon.LIGHT,), defense=4, wounds=2),
        charging=True,
        flanking=True,
    )
    lines = steps(attack)
    assert lines[0] == "4.4 | ATK 3: 3 dice"
    assert "4.6, 6.3, A5 | Momentum [2] on a charge: +2 dice" in lines
    assert (
        "7.2.1, A7 | Effective Initiative 3 (INI 3, Heavy Weapon -1, charging +1) against 7 "
        "(INI 5, Light Armor +1, Light Weapon +1): the defender is quicker, -1 to hit"
    ) in lines
    assert "7.2.2, A1 | To hit: SKL 4+ with -1 → 5+ on the die (33%)" in lines
    assert "7.2.2, A2 | To wound: STR 4 against TGH 4 → 4+ on the die (50%)" in lines
    assert "7.5, A9 | Save: DEF 4+ with flanking -1 → 5+ on the die (33%)" in lines
    assert any(
        line.startswith("4.5, A4 | Heavy Weapon: built-in Decisive Blow [1]") for line in lines
    )
    assert lines[-1].startswith("7.2.2, 7.8 | 5 dice:")


def test_the_summary_gives_expected_damage_and_the_chance_to_destroy():
    attack = melee(attacker(atk=2))
    assert steps(attack)[-1] == (
        "7.2.2, 7.8 | 2 dice: 0.33 damage expected, 31% to destroy the target (1 wound left)"
    )


def test_it_says_one_extra_die_for_momentum_one():
    assert has_step(melee(attacker(momentum=1), charging=True), "on a charge: +1 die")
    assert has_step(melee(attacker(momentum=2), charging=True), "on a charge: +2 dice")
