"""An independent model of an Azeroth at War attack in icepool, built from six-sided dice.

It shares nothing with the engine but the input types: it counts dice, sums modifiers and
rolls each D6 (hit, wound, save, the second model's wound and save, the Precision Shot roll
for a miss) itself, so the cross-check tests and bench/odds.py compare two separate readings
of the rules. Exact fractions throughout; floats only at the very end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import icepool
import numpy as np

from referee.rules.azeroth.profiles import Attack, Defender

D6 = icepool.d6
HA, LA, LW, HW, SH = "HA", "LA", "LW", "HW", "SH"


def succeeds(natural: int, modifier: int, target: int, literal: bool) -> bool:
    """One D6 against a target number (A1: unless literal, a 1 fails and a 6 succeeds)."""
    if not literal:
        if natural == 1:
            return False
        if natural == 6:
            return True
    return natural + modifier >= target


def wound_chart(strength: int, toughness: int) -> int:
    """7.1's chart, in A2's order."""
    if strength >= 2 * toughness:
        return 2
    if strength * 2 <= toughness:
        return 6
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    return 5


def effective_initiative(ini: int, armor: str, weapons: tuple[str, ...], charging: bool) -> int:
    """A7, 7.2.1."""
    total = ini + {HA: -1, LA: 1}.get(str(armor), 0)
    for tag in set(map(str, weapons)):
        total += {LW: 1, HW: -1}.get(tag, 0)
    return total + (1 if charging else 0)


def left(model: Defender) -> int:
    return model.wounds if model.wounds_remaining is None else model.wounds_remaining


@dataclass(frozen=True)
class Reading:
    """Everything about one attack that does not depend on the dice."""

    dice: int
    literal: bool
    hit_modifier: int
    skl: int
    strength: int
    save_modifier: int
    decisive_blow: int
    cleave: bool
    precision: bool


def read(attack: Attack) -> Reading:
    """Dice and modifiers, worked out from the rules text (4.6, 5.2, 6.5, 7.1-7.7, A4-A9)."""
    a, d, s = attack.attacker, attack.defender, attack.situation
    melee = str(attack.mode) == "melee"
    flyer_over_ground = a.fly and not d.fly
    dice = a.atk
    if melee and s.charging:
        extra_momentum = s.downhill_charge or flyer_over_ground
        dice += a.keywords.momentum * (2 if extra_momentum else 1)
    a_left = a.wounds if a.wounds_remaining is None else a.wounds_remaining
    if a.keywords.berserker and a_left * 2 <= a.wounds:
        dice += 1
    hit_modifier = 0
    if melee:
        mine = effective_initiative(a.ini, a.armor, a.weapons, s.charging)
        theirs = effective_initiative(d.ini, d.armor, d.weapons, False)
        if theirs > mine:
            hit_modifier -= 1
        if s.opportunity_attack:
            hit_modifier -= 1
        save_modifier = (1 if s.uphill_defender else 0) - (1 if s.flanking else 0)
        strength = a.str
        decisive_blow = max(a.keywords.decisive_blow, 1 if HW in map(str, a.weapons) else 0)
    else:
        hit_modifier += 1 if s.hold else 0
        hit_modifier += 1 if (s.elevated or flyer_over_ground) else 0
        hit_modifier -= 1 if s.long_range else 0
        save_modifier = {"none": 0, "soft": 1, "hard": 2}[str(s.cover)]
        strength = a.str if a.ranged_str is None else a.ranged_str
        decisive_blow = a.keywords.decisive_blow
    return Reading(
        dice=dice,
        literal=str(attack.rulings.natural_rolls) == "literal",
        hit_modifier=hit_modifier,
        skl=a.skl,
        strength=strength,
        save_modifier=save_modifier,
        decisive_blow=decisive_blow,
        cleave=melee and a.keywords.cleave,
        precision=(not melee) and s.into_melee,
    )


def harm(reading: Reading, model: Defender, save_modifier: int) -> Callable[[int, int], int]:
    """(wound die, save die) -> 1 when that model is wounded and does not save, else 0."""
    target = wound_chart(reading.strength, model.tgh)
    pierced = reading.strength >= 2 * model.tgh and not (
        SH in map(str, model.weapons) or str(model.armor) == HA
    )
    has_save = model.defense is not None and not pierced

    def roll(wound: int, save: int) -> int:
        if not succeeds(wound, 0, target, reading.literal):
            return 0
        if has_save and succeeds(save, save_modifier, model.defense or 0, reading.literal):
            return 0
        return 1

    return roll


def target_die(attack: Attack) -> icepool.Die:
    """Damage one die deals to the target, from its hit, wound and save D6s."""
    reading = read(attack)
    hurt = harm(reading, attack.defender, reading.save_modifier)

    def one(hit: int, wound: int, save: int) -> int:
        if not succeeds(hit, reading.hit_modifier, reading.skl, reading.literal):
            return 0
        if not hurt(wound, save):
            return 0
        return 1 + reading.decisive_blow if hit == 6 else 1

    return icepool.map(one, D6, D6, D6)


def joint_die(attack: Attack) -> icepool.Die:
    """One die as a Vector (damage to the target, damage to the other model), from D6s:
    for Cleave the second model's own wound and save dice (4.6, R1, R2); for a Precision
    Shot into melee the extra D6 of a miss and the friendly's wound and save dice (7.6, R3)."""
    reading = read(attack)
    hurt = harm(reading, attack.defender, reading.save_modifier)
    if reading.cleave:
        assert attack.second_target is not None
        hurt_second = harm(reading, attack.second_target, 0)

        def cleave(hit: int, wound: int, save: int, wound2: int, save2: int) -> icepool.Vector:
            if not succeeds(hit, reading.hit_modifier, reading.skl, reading.literal):
                return icepool.Vector((0, 0))
            damage = hurt(wound, save)
            if hit != 6:
                return icepool.Vector((damage, 0))
            return icepool.Vector(
                (damage * (1 + reading.decisive_blow), hurt_second(wound2, save2))
            )

        return icepool.map(cleave, D6, D6, D6, D6, D6)
    assert reading.precision and attack.friendly is not None
    hurt_friendly = harm(reading, attack.friendly, 0)
    # The friendly's wound and save, and the target's, as dice of their own.
    friendly_hurt = icepool.map(hurt_friendly, D6, D6)
    target_hurt = icepool.map(hurt, D6, D6)

    def shot(hit: int, stray: int) -> icepool.Die:
        if succeeds(hit, reading.hit_modifier, reading.skl, reading.literal):
            per_hit = 1 + reading.decisive_blow if hit == 6 else 1
            return target_hurt.map(lambda d: icepool.Vector((d * per_hit, 0)))
        if stray == 1:
            return friendly_hurt.map(lambda d: icepool.Vector((0, d)))
        return icepool.Die([icepool.Vector((0, 0))])

    return icepool.map(shot, D6, D6)


def as_floats(die: icepool.Die) -> list[float]:
    """P(exactly k) for k = 0 .. max, exact fractions rounded once."""
    denominator = die.denominator()
    top = int(die.max_outcome())
    probabilities = [0.0] * (top + 1)
    for outcome, quantity in die.items():
        probabilities[int(outcome)] = float(Fraction(quantity, denominator))
    return probabilities


def distribution(attack: Attack) -> list[float]:
    """P(exactly k damage to the target)."""
    dice = read(attack).dice
    if dice == 0:
        return [1.0]
    return as_floats(dice @ target_die(attack))


def joint(attack: Attack) -> np.ndarray:
    """Row k, column j: P(k damage to the other model and j to the target)."""
    dice = read(attack).dice
    if dice == 0:
        return np.ones((1, 1))
    summed = dice @ joint_die(attack)
    denominator = summed.denominator()
    rows = 1 + max(int(v[1]) for v in summed.outcomes())
    columns = 1 + max(int(v[0]) for v in summed.outcomes())
    table = np.zeros((rows, columns))
    for outcome, quantity in summed.items():
        table[int(outcome[1]), int(outcome[0])] = float(Fraction(quantity, denominator))
    return table


def kill_probability(attack: Attack) -> float:
    wounds = left(attack.defender)
    return float(sum(Fraction(p) for p in distribution(attack)[wounds:]))
