"""Exact attack odds for Azeroth at War (4.4-4.6, 5.2, 6.5, 7; rulings A1-A9, R1-R7, R14).

Every die of an attack is independent and alike, so the engine works out what one die does
(nothing, 1 damage, or 1 + X on a Decisive Blow) and raises that per-die distribution to the
number of dice: a binomial when there is no Decisive Blow, direct convolution by repeated
squaring otherwise. Neither ever subtracts, so a damage that cannot happen stays exactly 0.0
(a Fourier method would blur it).

Cleave and a Precision Shot into melee put damage on another model from the *same* dice, so
"both destroyed" needs their joint distribution: one die contributes ``a(x) + b(x)·y`` (x counts
damage to the target, y damage to the other model), and n dice give
``sum_k C(n, k) a(x)^(n-k) b(x)^k y^k``.

The functions are called for every redraw of the odds page and every API request, so the
common path avoids numpy for small binomials and reuses the immutable RollTarget values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import InvalidInput
from .dice import roll_target, wound_target
from .profiles import (
    LIMITS,
    MAX_DICE,
    Armor,
    Attack,
    AttackOdds,
    AttackPlan,
    Cover,
    DamageOdds,
    Defender,
    Mode,
    NaturalRolls,
    RollTarget,
    SplashOdds,
    Step,
    ToggleOption,
    Weapon,
)

FloatArray = npt.NDArray[np.float64]

# A probability that falls short of a goal by less than this counts as reaching it: the
# engine's sums are exact to about 1e-15, so a finer comparison would compare rounding noise.
TOLERANCE = 1e-12

# P(a die's hit roll is a natural 6): such a die hits whenever anything can (A1, A4, Cleave).
_NATURAL_SIX = 1 / 6
# A Precision Shot miss strikes the friendly on a further D6 roll of 1 (7.6).
_FRIENDLY_ROLL = 1 / 6
# Up to this many dice a binomial is quicker in plain Python than through numpy.
_SMALL = 40

_MODES = (Mode.MELEE, Mode.RANGED)
_ARMORS = (Armor.HEAVY, Armor.MEDIUM, Armor.LIGHT)
_WEAPONS = tuple(Weapon)
_COVERS = (Cover.NONE, Cover.SOFT, Cover.HARD)
_NATURAL_ROLLS = (NaturalRolls.STANDARD, NaturalRolls.LITERAL)
_MELEE_TOGGLES = (
    "charging",
    "downhill_charge",
    "uphill_defender",
    "flanking",
    "opportunity_attack",
)
_RANGED_TOGGLES = ("hold", "elevated", "long_range", "into_melee")

_ARMOR_INI = {Armor.HEAVY: (-1, "Heavy Armor -1"), Armor.LIGHT: (1, "Light Armor +1")}
_WEAPON_INI = {Weapon.LIGHT: (1, "Light Weapon +1"), Weapon.HEAVY: (-1, "Heavy Weapon -1")}


# Explanation steps that never change.
_NO_MOMENTUM = Step("6.3", "Charging without Momentum: no extra dice")
_OPPORTUNITY = Step("6.5, A7, R7", "Opportunity Attack: -1 to hit, and no Momentum")
_HOLD = Step("5.2, A8", "Holding still to shoot: +1 to hit")
_ELEVATED = Step("7.3, A8", "Shooting from higher ground: +1 to hit")
_FLYER_ELEVATED = Step(
    "4.6, 7.7, A8", "A flyer shooting a model that does not fly is on higher ground: +1 to hit"
)
_BOTH_ELEVATED = Step(
    "7.7, A8, R5",
    "Shooting from higher ground, and a flyer shooting a model that does not fly: +1 to hit, once",
)
_LONG_RANGE = Step("7.1, A8", "Beyond half range: -1 to hit")
_HEAVY_WEAPON = Step(
    "4.5, A4",
    "Heavy Weapon: built-in Decisive Blow [1]: a natural 6 that hits, wounds and is not saved "
    "deals 2 damage",
)
_CLEAVE_RANGED = Step("4.6", "Cleave works in melee only: no second model when shooting")
_NO_NATURAL_SIX = Step(
    "4.6, A1, R17",
    "No die can hit, not even a natural 6, so neither Decisive Blow nor Cleave can happen",
)


# --- Validation -------------------------------------------------------------------------------


def _check_stat(
    problems: dict[str, list[str]], path: str, value: object, limit: str, optional: bool = False
) -> bool:
    """File a problem unless ``value`` is a whole number within LIMITS[limit]; True when fine."""
    if value is None and optional:
        return True
    low, high = LIMITS[limit]
    if type(value) is not int:
        problems.setdefault(path, []).append(f"must be a whole number from {low} to {high}.")
        return False
    if not low <= value <= high:
        problems.setdefault(path, []).append(f"must be from {low} to {high}; got {value}.")
        return False
    return True


def _check_equipment(
    problems: dict[str, list[str]], prefix: str, armor: object, weapons: object
) -> None:
    if armor not in _ARMORS:
        problems.setdefault(f"{prefix}.armor", []).append('must be "HA", "MA" or "LA".')
    if not isinstance(weapons, tuple | list) or any(tag not in _WEAPONS for tag in weapons):
        problems.setdefault(f"{prefix}.weapons", []).append(
            'must list weapon tags from "LW", "SW", "HW", "SH" and "RW".'
        )


def _check_wounds(
    problems: dict[str, list[str]], prefix: str, wounds: object, remaining: object
) -> bool:
    wounds_ok = _check_stat(problems, f"{prefix}.wounds", wounds, "wounds")
    remaining_ok = _check_stat(
        problems, f"{prefix}.wounds_remaining", remaining, "wounds_remaining", optional=True
    )
    if wounds_ok and remaining_ok and remaining is not None and remaining > wounds:  # type: ignore[operator]
        problems.setdefault(f"{prefix}.wounds_remaining", []).append(
            f"cannot be more than wounds ({wounds}); got {remaining}."
        )
        return False
    return wounds_ok and remaining_ok


def _check_profile(problems: dict[str, list[str]], prefix: str, model: Defender) -> None:
    _check_stat(problems, f"{prefix}.tgh", model.tgh, "tgh")
    _check_stat(problems, f"{prefix}.def", model.defense, "def", optional=True)
    _check_stat(problems, f"{prefix}.ini", model.ini, "ini")
    _check_equipment(problems, prefix, model.armor, model.weapons)
    _check_wounds(problems, prefix, model.wounds, model.wounds_remaining)


def _problems(attack: Attack) -> dict[str, list[str]]:
    """Every problem with ``attack``, keyed by the REST API's field path, worked out one check
    at a time. No second, quicker check of the usual valid case stands beside it: one that
    did took 7-18 µs where this takes 9-19 µs, too little of an attack's 55-950 µs to be worth
    a second validator kept in step with this one (bench/attack_validation.py prints this
    check's share of attack_odds and plan_attack)."""
    problems: dict[str, list[str]] = {}
    mode = attack.mode
    if mode not in _MODES:
        problems["mode"] = ['must be "melee" or "ranged".']
    melee = mode == Mode.MELEE
    ranged = mode == Mode.RANGED

    attacker = attack.attacker
    keywords = attacker.keywords
    atk_ok = _check_stat(problems, "attacker.atk", attacker.atk, "atk")
    _check_stat(problems, "attacker.skl", attacker.skl, "skl")
    _check_stat(problems, "attacker.str", attacker.str, "str")
    _check_stat(problems, "attacker.ranged_str", attacker.ranged_str, "ranged_str", optional=True)
    _check_stat(problems, "attacker.ini", attacker.ini, "ini")
    _check_equipment(problems, "attacker", attacker.armor, attacker.weapons)
    wounds_ok = _check_wounds(problems, "attacker", attacker.wounds, attacker.wounds_remaining)
    momentum_ok = _check_stat(problems, "attacker.keywords.momentum", keywords.momentum, "momentum")
    _check_stat(
        problems, "attacker.keywords.decisive_blow", keywords.decisive_blow, "decisive_blow"
    )
    _check_profile(problems, "defender", attack.defender)

    situation = attack.situation
    if situation.cover not in _COVERS:
        problems["situation.cover"] = ['must be "none", "soft" or "hard".']
    if attack.rulings.natural_rolls not in _NATURAL_ROLLS:
        problems["rulings.natural_rolls"] = ['must be "standard" or "literal".']

    def refuse(name: str, message: str) -> None:
        problems.setdefault(f"situation.{name}", []).append(message)

    if ranged:
        for name in _MELEE_TOGGLES:
            if getattr(situation, name):
                refuse(name, "applies to melee attacks only, not to shooting (R6).")
    if melee:
        for name in _RANGED_TOGGLES:
            if getattr(situation, name):
                refuse(name, "applies to ranged attacks only, not to melee (R6).")
        if situation.cover != Cover.NONE and situation.cover in _COVERS:
            refuse("cover", "cover never helps in melee; it applies to ranged attacks only (R6).")
    if situation.opportunity_attack and situation.charging:
        refuse("opportunity_attack", "an Opportunity Attack is never a charge (6.5, R6).")
    if situation.downhill_charge and not situation.charging:
        refuse("downhill_charge", "a downhill charge needs charging to be on (7.7, R6).")
    if situation.uphill_defender and situation.downhill_charge:
        refuse(
            "uphill_defender",
            "the defender cannot be both uphill and downhill of the charger (7.7, R6).",
        )
    if ranged and situation.into_melee and not keywords.precision_shot:
        refuse(
            "into_melee",
            "only a model with Precision Shot may shoot at a target engaged in melee with a "
            "friendly model; pick a different target (7.6, R4).",
        )

    if attack.second_target is not None:
        _check_profile(problems, "second_target", attack.second_target)
        if not keywords.cleave:
            problems.setdefault("second_target", []).append(
                "only an attacker with Cleave hits a second model (4.6)."
            )
        elif ranged:
            problems.setdefault("second_target", []).append(
                "Cleave works in melee only, so a ranged attack has no second model (4.6)."
            )
    if attack.friendly is not None:
        _check_profile(problems, "friendly", attack.friendly)
        if not (ranged and situation.into_melee):
            problems.setdefault("friendly", []).append(
                "a friendly model is only at risk from a ranged attack into melee (7.6)."
            )

    if atk_ok and momentum_ok and wounds_ok and mode in _MODES:
        dice = _dice(attack)
        if dice > MAX_DICE:
            problems.setdefault("attacker.atk", []).append(
                f"this attack would roll {dice} dice; at most {MAX_DICE}."
            )
    return problems


def validate_attack(attack: Attack) -> None:
    """Raise InvalidInput listing every out-of-range stat and contradictory toggle at once.

    Ranges come from LIMITS; the contradictions are those of R6 (5.2, 6.5, 7.7), R4 (shooting
    into melee needs Precision Shot, 7.6), Cleave's second model (melee with Cleave, 4.6), the
    friendly (a shot into melee, 7.6) and the ceiling of MAX_DICE dice.
    """
    problems = _problems(attack)
    if problems:
        raise InvalidInput(problems)


# --- Dice, rolls and explanations ---------------------------------------------------------------


def _dice(attack: Attack) -> int:
    """ATK, plus Momentum on a charge, once more downhill or for a flyer charging a model that
    does not fly (A5, R5), plus one for Berserker (A6, R14). Opportunity Attacks are never
    charges (R6, R7), so they never get Momentum."""
    attacker = attack.attacker
    situation = attack.situation
    dice = attacker.atk
    if attack.mode == Mode.MELEE and situation.charging:
        momentum = attacker.keywords.momentum
        dice += momentum
        if situation.downhill_charge or (attacker.fly and not attack.defender.fly):
            dice += momentum
    if attacker.keywords.berserker and 2 * attacker.wounds_left <= attacker.wounds:
        dice += 1
    return dice


@lru_cache(maxsize=256)
def _roll(base: int, modifier: int, natural: NaturalRolls) -> RollTarget:
    """``roll_target``, shared: a RollTarget is immutable, so equal rolls can be one object."""
    return roll_target(base, modifier, natural)


@lru_cache(maxsize=256)
def _effective_ini(ini: int, armor: Armor, weapons: tuple[Weapon, ...]) -> tuple[int, str, bool]:
    """A7: base INI plus the armor's modifier plus each weapon tag's modifier, with the sum
    spelled out, and whether a tag was listed twice (it counts once, R16)."""
    value = ini
    parts = [f"INI {ini}"]
    tags = dict.fromkeys(weapons)
    for modifier in [_ARMOR_INI.get(armor), *(_WEAPON_INI.get(tag) for tag in tags)]:
        if modifier is not None:
            value += modifier[0]
            parts.append(modifier[1])
    return value, ", ".join(parts), len(tags) < len(weapons)


def _pct(p: float) -> str:
    """A probability as a player reads it: whole percents, finer only near 0 and 1."""
    if p <= 0.0:
        return "0%"
    if p >= 1.0:
        return "100%"
    if p < 0.001:
        return "under 0.1%"
    if p > 0.999:
        return "over 99.9%"
    if p < 0.1 or p > 0.9:
        return f"{100 * p:.1f}%"
    return f"{100 * p:.0f}%"


def _roll_text(label: str, printed: str, modifiers: str, roll: RollTarget, literal: bool) -> str:
    """``label: printed modifiers → N+ on the die (p%)``, saying when A1 changes the result."""
    raw = roll.base - roll.modifier
    head = f"{label}: {printed}{modifiers}"
    chance = _pct(roll.probability)
    if literal:
        if raw >= 7:
            return f"{head} needs {raw}+: no die can succeed under literal natural rolls (A1) (0%)"
        if raw <= 1 and roll.modifier:
            return f"{head}: any roll succeeds under literal natural rolls (A1) (100%)"
    elif raw >= 7:
        return f"{head} would need {raw}+, but a natural 6 always succeeds (A1) → 6+ ({chance})"
    elif raw <= 1:
        return f"{head}: any roll would do, but a natural 1 always fails (A1) → 2+ ({chance})"
    return f"{head} → {roll.needed}+ on the die ({chance})"


def _a1_matters(roll: RollTarget) -> bool:
    raw = roll.base - roll.modifier
    return raw >= 7 or raw <= 1


@dataclass(slots=True)
class _Wounding:
    """How one model takes a hit: wound roll, Armor Piercing, save, P(wounded and unsaved)."""

    wound: RollTarget
    armor_piercing: bool
    save: RollTarget | None
    unsaved: float


def _wounding(
    strength: int,
    strength_name: str,
    model: Defender,
    save_modifier: int,
    save_names: str,
    natural: NaturalRolls,
    who: str,
    rules: tuple[str, str],
    steps: list[Step],
) -> _Wounding:
    """Wound roll (7.1, A2), Armor Piercing (7.4, A3) and save (A9) against one model.

    ``who`` is "" for the attack's target, else the other model's name ("Second model",
    "Friendly"); ``rules`` are the sections behind its wound roll and its save.
    """
    prefix = f"{who}: " if who else ""
    to_wound, no_save, save_label = (
        (f"{who}: to wound", f"{who}: no save", f"{who}: save")
        if who
        else ("To wound", "No save", "Save")
    )
    tgh = model.tgh
    wound = _roll(wound_target(strength, tgh), 0, natural)
    steps.append(
        Step(
            f"{rules[0]}, A2",
            f"{to_wound}: {strength_name} {strength} against TGH {tgh} "
            f"→ {wound.needed}+ on the die ({_pct(wound.probability)})",
        )
    )
    armor_piercing = strength >= 2 * tgh
    defense = model.defense
    if defense is None:
        steps.append(Step("7.1, A9", f"{no_save}: the profile has no DEF (-)"))
        return _Wounding(wound, armor_piercing, None, wound.probability)
    if armor_piercing:
        keeps = []
        if Weapon.SHIELD in model.weapons:
            keeps.append("Shield")
        if model.armor == Armor.HEAVY:
            keeps.append("Heavy Armor")
        pierce = f"{prefix}Armor Piercing: {strength_name} {strength} is at least twice TGH {tgh}"
        if not keeps:
            steps.append(Step("7.4, A3", f"{pierce}, so there is no DEF save"))
            return _Wounding(wound, armor_piercing, None, wound.probability)
        steps.append(Step("7.4, A3", f"{pierce}, but the {' and '.join(keeps)} keeps the save"))
    save = _roll(defense, save_modifier, natural)
    steps.append(
        Step(
            f"{rules[1]}, A9, A1" if _a1_matters(save) else f"{rules[1]}, A9",
            _roll_text(
                save_label,
                f"DEF {defense}+",
                save_names,
                save,
                natural is NaturalRolls.LITERAL,
            ),
        )
    )
    return _Wounding(wound, armor_piercing, save, wound.probability * (1.0 - save.probability))


# --- Distributions ----------------------------------------------------------------------------


def _power(poly: FloatArray, n: int) -> FloatArray:
    """``poly`` convolved with itself ``n`` times (n >= 1), by repeated squaring."""
    result: FloatArray | None = None
    square = poly
    while True:
        if n & 1:
            result = square if result is None else np.convolve(result, square)
        n >>= 1
        if not n:
            assert result is not None
            return result
        square = np.convolve(square, square)


@lru_cache(maxsize=64)
def _comb_row(n: int) -> tuple[int, ...]:
    return tuple(math.comb(n, k) for k in range(n + 1))


def _trim(dist: list[float]) -> list[float]:
    """Drop trailing zero entries: damages that cannot happen (or too rare for a float)."""
    while dist[-1] == 0.0 and len(dist) > 1:
        dist.pop()
    return dist


def _binomial(n: int, p: float) -> list[float]:
    """P(exactly k of n dice succeed), each with chance p."""
    if n == 0 or p == 0.0:
        return [1.0]
    q = 1.0 - p
    if n <= _SMALL:
        return _trim([c * p**k * q ** (n - k) for k, c in enumerate(_comb_row(n))])
    return _trim(_power(np.array((q, p)), n).tolist())


def _damage_odds(dist: list[float], expected: float, wounds_left: int) -> DamageOdds:
    """Package P(exactly k) with P(at least k) and P(kill); ``dist`` must be trimmed."""
    # Summed from the top down, so each tail adds only smaller or equal terms.
    if len(dist) > 64:
        at_least: list[float] = np.cumsum(dist[::-1])[::-1].tolist()
    else:
        at_least = list(accumulate(reversed(dist)))
        at_least.reverse()
    # P(at least 0) is 1 by definition; a sum of rounded terms could stray just above it.
    at_least[0] = 1.0
    if len(at_least) > 1 and at_least[1] > 1.0:
        at_least = [min(p, 1.0) for p in at_least]
    return DamageOdds(
        distribution=tuple(dist),
        at_least=tuple(at_least),
        expected=expected,
        wounds_remaining=wounds_left,
        kill_probability=at_least[wounds_left] if wounds_left < len(at_least) else 0.0,
    )


def _joint(a: FloatArray, b: FloatArray, n: int) -> FloatArray:
    """``(a(x) + b(x)·y)^n`` as a matrix: row k, column j holds the coefficient of y^k x^j."""
    a_powers = [np.ones(1)]
    b_powers = [np.ones(1)]
    for _ in range(n):
        a_powers.append(np.convolve(a_powers[-1], a))
        b_powers.append(np.convolve(b_powers[-1], b))
    joint = np.zeros((n + 1, n * (max(len(a), len(b)) - 1) + 1))
    for k, count in enumerate(_comb_row(n)):
        row = np.convolve(a_powers[n - k], b_powers[k])
        joint[k, : len(row)] = count * row
    return joint


# --- One die of the attack --------------------------------------------------------------------


@dataclass(slots=True)
class _Analysis:
    """What one die of the attack does, and the explanation so far."""

    dice: int
    melee: bool
    natural: NaturalRolls
    hit: RollTarget
    natural_six: float  # P(the hit roll is a natural 6 that hits)
    target: _Wounding
    decisive_blow: int
    strength: int
    strength_name: str
    steps: list[Step]

    def poly(self) -> FloatArray:
        """poly[k] = P(one die deals k damage to the target)."""
        p_hit = self.hit.probability
        unsaved = self.target.unsaved
        top = self.decisive_blow + 1
        poly = np.zeros(top + 1)
        poly[0] = 1.0 - p_hit * unsaved
        if top == 1:
            poly[1] = p_hit * unsaved
        else:
            poly[1] = (p_hit - self.natural_six) * unsaved
            poly[top] = self.natural_six * unsaved
        return poly

    def expected(self) -> float:
        """Expected target damage: the number of dice times the mean of one die."""
        per_hit = self.hit.probability + self.decisive_blow * self.natural_six
        return self.dice * self.target.unsaved * per_hit

    def distribution(self, dice: int) -> list[float]:
        """P(exactly k damage to the target) for ``dice`` dice, trimmed."""
        if not self.decisive_blow:
            return _binomial(dice, self.hit.probability * self.target.unsaved)
        if dice == 0:
            return [1.0]
        return _trim(_power(self.poly(), dice).tolist())


def _analyse(attack: Attack) -> _Analysis:
    """Dice, hit, wound and save odds of one die, each with its explanation step."""
    attacker = attack.attacker
    defender = attack.defender
    situation = attack.situation
    keywords = attacker.keywords
    natural = attack.rulings.natural_rolls
    if natural.__class__ is not NaturalRolls:
        natural = NaturalRolls(natural)
    melee = attack.mode == Mode.MELEE
    flyer = attacker.fly and not defender.fly
    process = "7.2.2" if melee else "7.1"
    atk = attacker.atk
    steps = [Step("4.4", f"ATK {atk}: {atk} {'die' if atk == 1 else 'dice'}")]

    # Dice (4.6, 6.3, 7.7; A5, A6, R5, R7).
    dice = atk
    if melee and situation.charging:
        momentum = keywords.momentum
        if momentum:
            dice += momentum
            extra = f"+{momentum} {'die' if momentum == 1 else 'dice'}"
            steps.append(Step("4.6, 6.3, A5", f"Momentum [{momentum}] on a charge: {extra}"))
            if situation.downhill_charge and flyer:
                dice += momentum
                steps.append(
                    Step(
                        "7.7, A5, R5",
                        f"Charging downhill, and a flyer charging a model that does not fly: "
                        f"Momentum [{momentum}] once more, not twice: {extra}",
                    )
                )
            elif situation.downhill_charge:
                dice += momentum
                steps.append(
                    Step(
                        "7.7, A5",
                        f"Charging downhill: Momentum [{momentum}] again: {extra}",
                    )
                )
            elif flyer:
                dice += momentum
                steps.append(
                    Step(
                        "4.6, 7.7, A5",
                        f"A flyer charging a model that does not fly counts as charging "
                        f"downhill: Momentum [{momentum}] again: {extra}",
                    )
                )
        else:
            steps.append(_NO_MOMENTUM)
    if keywords.berserker:
        left, wounds = attacker.wounds_left, attacker.wounds
        if 2 * left <= wounds:
            dice += 1
            steps.append(
                Step(
                    "4.6, A6, R14",
                    f"Berserker with {left} of {wounds} wounds left (half or fewer): +1 die",
                )
            )
        else:
            steps.append(
                Step(
                    "4.6, A6, R14",
                    f"Berserker with {left} of {wounds} wounds left (more than half): no extra die",
                )
            )

    # To hit (7.1, 7.2.1, 5.2, 6.5, 7.3; A1, A7, A8).
    modifier = 0
    if melee:
        weapons = attacker.weapons if type(attacker.weapons) is tuple else tuple(attacker.weapons)
        attacker_ini, attacker_sum, repeated = _effective_ini(attacker.ini, attacker.armor, weapons)
        if situation.charging:
            attacker_ini += 1
            attacker_sum += ", charging +1"
        weapons = defender.weapons if type(defender.weapons) is tuple else tuple(defender.weapons)
        defender_ini, defender_sum, also_repeated = _effective_ini(
            defender.ini, defender.armor, weapons
        )
        if defender_ini > attacker_ini:
            modifier = -1
            verdict = "the defender is quicker, -1 to hit"
        else:
            verdict = "the defender is not quicker, no modifier"
        steps.append(
            Step(
                "7.2.1, A7, R16" if repeated or also_repeated else "7.2.1, A7",
                f"Effective Initiative {attacker_ini} ({attacker_sum}) against "
                f"{defender_ini} ({defender_sum}): {verdict}",
            )
        )
        if situation.opportunity_attack:
            modifier -= 1
            steps.append(_OPPORTUNITY)
    else:
        if situation.hold:
            modifier += 1
            steps.append(_HOLD)
        if situation.elevated or flyer:
            modifier += 1
            steps.append(
                _BOTH_ELEVATED
                if situation.elevated and flyer
                else _ELEVATED
                if situation.elevated
                else _FLYER_ELEVATED
            )
        if situation.long_range:
            modifier -= 1
            steps.append(_LONG_RANGE)
    hit = _roll(attacker.skl, modifier, natural)
    steps.append(
        Step(
            f"{process}, A1",
            _roll_text(
                "To hit",
                f"SKL {attacker.skl}+",
                f" with {modifier:+d}" if modifier else "",
                hit,
                natural is NaturalRolls.LITERAL,
            ),
        )
    )

    # To wound, Armor Piercing and the save (4.5, 7.1, 7.4, 7.5, 7.7; A2, A3, A9).
    if not melee and attacker.ranged_str is not None:
        strength, strength_name = attacker.ranged_str, "Ranged STR"
    else:
        strength, strength_name = attacker.str, "STR"
    save_modifier = 0
    save_names = ""
    save_rule = process
    if melee:
        if situation.uphill_defender and situation.flanking:
            save_names = " with defending uphill +1 and flanking -1"
            save_rule = "7.5, 7.7"
        elif situation.uphill_defender:
            save_modifier = 1
            save_names = " with defending uphill +1"
            save_rule = "7.7"
        elif situation.flanking:
            save_modifier = -1
            save_names = " with flanking -1"
            save_rule = "7.5"
    elif situation.cover == Cover.SOFT:
        save_modifier = 1
        save_names = " with soft cover +1"
    elif situation.cover == Cover.HARD:
        save_modifier = 2
        save_names = " with hard cover +2"
    target = _wounding(
        strength,
        strength_name,
        defender,
        save_modifier,
        save_names,
        natural,
        "",
        (process, save_rule),
        steps,
    )

    # Decisive Blow (4.5, 4.6; A4).
    decisive_blow = keywords.decisive_blow
    heavy = melee and Weapon.HEAVY in attacker.weapons
    if heavy and decisive_blow < 1:
        decisive_blow = 1
        steps.append(_HEAVY_WEAPON)
    elif decisive_blow:
        source = ", not added to the Heavy Weapon's built-in [1]" if heavy else ""
        steps.append(
            Step(
                "4.5, 4.6, A4" if heavy else "4.6, A4",
                f"Decisive Blow [{decisive_blow}]{source}: a natural 6 that hits, wounds and "
                f"is not saved deals {1 + decisive_blow} damage",
            )
        )

    if hit.needed > 6 and (decisive_blow or (melee and keywords.cleave)):
        steps.append(_NO_NATURAL_SIX)
    return _Analysis(
        dice=dice,
        melee=melee,
        natural=natural,
        hit=hit,
        natural_six=_NATURAL_SIX if hit.needed <= 6 else 0.0,
        target=target,
        decisive_blow=decisive_blow,
        strength=strength,
        strength_name=strength_name,
        steps=steps,
    )


# --- The other model: Cleave's second model, or the friendly behind a shot into melee ----------


def _cleave_parts(analysis: _Analysis, second_unsaved: float) -> tuple[FloatArray, FloatArray]:
    """One die as ``a(x) + b(x)·y``, y marking 1 damage to Cleave's second model (4.6, R1).

    The second model's wound and save rolls are dice of their own, so once a die is a
    natural-6 hit, what happens to the target and to the second model are independent.
    """
    p_hit = analysis.hit.probability
    six = analysis.natural_six
    r = analysis.target.unsaved
    q = second_unsaved
    top = analysis.decisive_blow + 1
    a = np.zeros(top + 1)
    b = np.zeros(top + 1)
    # A miss, or a hit that is not a natural 6: the target alone, 1 damage at most.
    a[0] += (1.0 - p_hit) + (p_hit - six) * (1.0 - r)
    a[1] += (p_hit - six) * r
    # A natural 6: the target takes 1 + X or nothing, the second model 1 or nothing.
    a[0] += six * (1.0 - q) * (1.0 - r)
    a[top] += six * (1.0 - q) * r
    b[0] = six * q * (1.0 - r)
    b[top] = six * q * r
    return a, b


def _precision_parts(analysis: _Analysis, friendly_unsaved: float) -> tuple[FloatArray, FloatArray]:
    """One die as ``a(x) + b·y``, y marking 1 damage to the friendly (7.6, R3): a hit lands
    on the target as usual; a miss strikes the friendly on a 1 and may wound it."""
    struck = (1.0 - analysis.hit.probability) * _FRIENDLY_ROLL * friendly_unsaved
    a = analysis.poly()
    a[0] -= struck
    return a, np.array((struck,))


def _other_model(attack: Attack, analysis: _Analysis) -> tuple[str, Defender | None, float]:
    """The other model the dice can strike, its profile if given, and the chance one die
    strikes it: a natural-6 hit for Cleave (4.6), a miss and then a 1 for 7.6."""
    if analysis.melee:
        return "Second model", attack.second_target, analysis.natural_six
    return "Friendly", attack.friendly, (1.0 - analysis.hit.probability) * _FRIENDLY_ROLL


def _other_wounding(analysis: _Analysis, who: str, model: Defender, steps: list[Step]) -> _Wounding:
    """R2 and R3: the other model is wounded with the attack's STR and saves with its own DEF,
    without the modifiers that belong to the shot or blow at the target."""
    if analysis.melee:
        rules, names = ("4.6", "4.6, R2"), " (no modifiers, R2)"
    else:
        rules, names = ("7.6, R3", "7.6, R3"), " (no modifiers, R3)"
    return _wounding(
        analysis.strength,
        analysis.strength_name,
        model,
        0,
        names,
        analysis.natural,
        who,
        rules,
        steps,
    )


def _splash(
    attack: Attack, analysis: _Analysis, target: DamageOdds, steps: list[Step]
) -> tuple[SplashOdds, Step]:
    """Hits, damage and "both destroyed" for the other model, with a closing summary step."""
    n = analysis.dice
    who, model, per_die = _other_model(attack, analysis)
    rule = "4.6, R1" if analysis.melee else "7.6, R3"
    hits = tuple(_binomial(n, per_die))
    expected_hits = n * per_die
    if model is None:
        return SplashOdds(hits=hits, expected_hits=expected_hits), Step(
            rule,
            f"{who}: {expected_hits:.2f} hits expected; give its profile for its damage odds",
        )
    wounding = _other_wounding(analysis, who, model, steps)
    if analysis.melee:
        a, b = _cleave_parts(analysis, wounding.unsaved)
    else:
        a, b = _precision_parts(analysis, wounding.unsaved)
    per_die_damage = float(b.sum())
    wounds_left = model.wounds_left
    damage = _damage_odds(_binomial(n, per_die_damage), n * per_die_damage, wounds_left)
    if target.kill_probability == 0.0 or damage.kill_probability == 0.0:
        both = 0.0
    else:
        joint = _joint(a, b, n)
        both = float(joint[wounds_left:, target.wounds_remaining :].sum())
    summary = Step(
        rule,
        f"{who}: 1 damage per unsaved wound, never Decisive Blow; {damage.expected:.2f} "
        f"expected, {_pct(damage.kill_probability)} to destroy it ({wounds_left} "
        f"{'wound' if wounds_left == 1 else 'wounds'} left); {_pct(both)} to destroy both",
    )
    odds = SplashOdds(
        hits=hits,
        expected_hits=expected_hits,
        wound=wounding.wound,
        save=wounding.save,
        armor_piercing=wounding.armor_piercing,
        damage=damage,
        both_killed_probability=both,
    )
    return odds, summary


# --- The public functions ---------------------------------------------------------------------


def _odds(attack: Attack) -> AttackOdds:
    analysis = _analyse(attack)
    steps = analysis.steps
    n = analysis.dice
    wounds_left = attack.defender.wounds_left
    damage = _damage_odds(analysis.distribution(n), analysis.expected(), wounds_left)
    second = friendly = closing = None
    if attack.attacker.keywords.cleave:
        if analysis.melee:
            steps.append(
                Step(
                    "4.6, R1",
                    f'Cleave: each natural 6 that hits also hits a second model within 2" '
                    f"({_pct(analysis.natural_six)} a die)",
                )
            )
            second, closing = _splash(attack, analysis, damage, steps)
        else:
            steps.append(_CLEAVE_RANGED)
    if not analysis.melee and attack.situation.into_melee:
        miss = 1.0 - analysis.hit.probability
        steps.append(
            Step(
                "7.6",
                f"Precision Shot into melee: each miss ({_pct(miss)}) strikes the closest "
                f"friendly on a further roll of 1 ({_pct(miss * _FRIENDLY_ROLL)} a die)",
            )
        )
        friendly, closing = _splash(attack, analysis, damage, steps)
    steps.append(
        Step(
            "7.2.2, 7.8" if analysis.melee else "7.1, 7.8",
            f"{n} {'die' if n == 1 else 'dice'}: {damage.expected:.2f} damage expected, "
            f"{_pct(damage.kill_probability)} to destroy the target ({wounds_left} "
            f"{'wound' if wounds_left == 1 else 'wounds'} left)",
        )
    )
    if closing is not None:
        steps.append(closing)
    return AttackOdds(
        dice=n,
        hit=analysis.hit,
        wound=analysis.target.wound,
        save=analysis.target.save,
        armor_piercing=analysis.target.armor_piercing,
        decisive_blow=analysis.decisive_blow,
        damage=damage,
        explanation=tuple(steps),
        second_target=second,
        friendly=friendly,
    )


def attack_odds(attack: Attack) -> AttackOdds:
    """The exact damage distribution of one attack, with its explanation (4.4-4.6, 5.2, 6.5,
    7.1-7.7; A1-A9, R1-R7, R14).

    Besides the target's damage: when Cleave (4.6) or a Precision Shot into melee (7.6) puts
    dice on another model, that model's hits and, given its profile, its damage and the chance
    that both models are destroyed. Raises InvalidInput, naming every problem, for bad input.
    """
    validate_attack(attack)
    return _odds(attack)


def splash_joint(attack: Attack) -> FloatArray | None:
    """The exact joint distribution of damage to the target (column j) and to the other model
    (row k): Cleave's second model, or the friendly struck by Precision Shot misses. None when
    neither applies or that model's profile is missing. Raises InvalidInput for bad input."""
    validate_attack(attack)
    analysis = _analyse(attack)
    if analysis.melee and not attack.attacker.keywords.cleave:
        return None
    if not analysis.melee and not attack.situation.into_melee:
        return None
    who, model, _ = _other_model(attack, analysis)
    if model is None:
        return None
    wounding = _other_wounding(analysis, who, model, [])
    if analysis.melee:
        a, b = _cleave_parts(analysis, wounding.unsaved)
    else:
        a, b = _precision_parts(analysis, wounding.unsaved)
    return _joint(a, b, analysis.dice)


# --- The inverse question ---------------------------------------------------------------------


def _toggle_candidates(attack: Attack) -> list[tuple[str, bool]]:
    """The situation toggles the attacker controls, each flipped the way that can help."""
    situation = attack.situation
    candidates = []
    if attack.mode == Mode.MELEE:
        if not situation.charging and not situation.opportunity_attack:
            candidates.append(("charging", True))
        if situation.charging and not situation.downhill_charge:
            candidates.append(("downhill_charge", True))
        if not situation.flanking:
            candidates.append(("flanking", True))
    else:
        if not situation.hold:
            candidates.append(("hold", True))
        if not situation.elevated:
            candidates.append(("elevated", True))
        if situation.long_range:
            candidates.append(("long_range", False))
    return candidates


def plan_attack(attack: Attack, goal: float) -> AttackPlan:
    """The fewest dice, and the best single toggle, that reach P(kill) >= goal (4.6, 5.2, 7.3).

    ``dice_needed`` keeps every per-die chance as it is and counts dice one at a time from 1
    up to MAX_DICE. A toggle is tried only when flipping it still gives a valid attack (R6 and
    the dice ceiling); toggles come best first. A probability within TOLERANCE of the goal
    counts as reaching it.
    """
    problems = _problems(attack)
    if isinstance(goal, bool) or not isinstance(goal, int | float) or not 0.0 < goal <= 1.0:
        problems["goal"] = [f"must be a probability above 0 and at most 1; got {goal!r}."]
    if problems:
        raise InvalidInput(problems)
    current = _odds(attack)
    threshold = goal - TOLERANCE
    wounds_left = attack.defender.wounds_left

    dice_needed = None
    poly = _analyse(attack).poly()
    dist = np.ones(1)
    for n in range(1, MAX_DICE + 1):
        dist = np.convolve(dist, poly)
        if float(dist[wounds_left:].sum()) >= threshold:
            dice_needed = n
            break

    options = []
    for toggle, value in _toggle_candidates(attack):
        changes: dict[str, Any] = {toggle: value}
        flipped = replace(attack, situation=replace(attack.situation, **changes))
        if _problems(flipped):
            continue
        kill = _odds(flipped).damage.kill_probability
        options.append(ToggleOption(toggle, value, kill, kill >= threshold))
    options.sort(key=lambda option: -option.kill_probability)
    return AttackPlan(
        goal=float(goal),
        current_kill_probability=current.damage.kill_probability,
        dice_now=current.dice,
        dice_needed=dice_needed,
        toggles=tuple(options),
        best_toggle=next((option for option in options if option.reaches_goal), None),
    )
