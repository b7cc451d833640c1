"""Morale tests for Azeroth at War (9.1, 10; rulings A10, A11, R14, R15).

A test rolls 2D6 against the model's Morale value. The odds are exact: the 36 outcomes of two
dice are counted as fractions and only the final answers become floats.
"""

from __future__ import annotations

from fractions import Fraction

from ..checks import check_flags, check_whole
from ..errors import InvalidInput
from .profiles import LIMITS, MoraleOdds, MoraleTest, MoraleTrigger, MustTest, Step, Tier

BASE_MORALE: dict[Tier, int] = {
    Tier.BASELINE: 7,
    Tier.MOUNTED: 7,
    Tier.ELITE: 8,
    Tier.HERO: 9,
}

_TIER_NAMES: dict[Tier, str] = {
    Tier.BASELINE: "a Baseline model",
    Tier.MOUNTED: "a Mounted model",
    Tier.ELITE: "an Elite model",
    Tier.HERO: "a Hero",
}

# Ways two six-sided dice can make each total from 2 to 12, out of 36.
_TWO_D6: dict[int, int] = {total: 6 - abs(total - 7) for total in range(2, 13)}

_FLAGS = (
    "last_hero_slain",
    "below_quarter_wounds",
    "fear_nearby",
    "command_aura",
    "undead_or_mechanical",
)
_TRIGGER_FLAGS = ("friendly_destroyed_within_6", "routing", "undead_or_mechanical")


def _percent(p: float | Fraction) -> str:
    return f"{float(p):.1%}"


def _at_most(value: int) -> Fraction:
    """P(2D6 <= value)."""
    return Fraction(sum(n for total, n in _TWO_D6.items() if total <= value), 36)


def _between(low: int, high: int) -> Fraction:
    """P(low <= 2D6 <= high)."""
    return Fraction(sum(n for total, n in _TWO_D6.items() if low <= total <= high), 36)


def validate_morale(test: MoraleTest) -> None:
    """Raise InvalidInput listing every problem with a Morale test's inputs."""
    problems: dict[str, list[str]] = {}
    if not isinstance(test.tier, Tier):
        choices = ", ".join(tier.value for tier in Tier)
        problems["tier"] = [f"Tier must be one of {choices} (got {test.tier!r})."]
    check_flags(problems, test, _FLAGS)
    if problems:
        raise InvalidInput(problems)


def validate_trigger(trigger: MoraleTrigger) -> None:
    """Raise InvalidInput listing every problem with what happened to a model this turn."""
    problems: dict[str, list[str]] = {}
    low, high = LIMITS["wounds"]
    check_whole(problems, "starting_wounds", trigger.starting_wounds, low, high, "Starting wounds")
    # R30: wounds Regeneration gave back still count as lost, so a model may lose more than
    # its starting wounds in one turn; only the overall limit applies here.
    check_whole(
        problems,
        "wounds_lost_this_turn",
        trigger.wounds_lost_this_turn,
        0,
        high,
        "Wounds lost this turn",
    )
    given_back = trigger.wounds_given_back
    if given_back is not None:
        check_whole(
            problems, "wounds_given_back", given_back, 0, high, "Wounds given back this turn"
        )
    if not problems and given_back is not None:
        _check_lost_within_reach(problems, trigger, given_back)
    check_flags(problems, trigger, _TRIGGER_FLAGS)
    if problems:
        raise InvalidInput(problems)


def most_wounds_lost(starting_wounds: int, given_back: int) -> int:
    """The most wounds a model can lose in one turn: those it started with, and again each
    one Regeneration or healing gave back during the turn (4.6, R30)."""
    return starting_wounds + given_back


def _check_lost_within_reach(
    problems: dict[str, list[str]], trigger: MoraleTrigger, given_back: int
) -> None:
    starting, lost = trigger.starting_wounds, trigger.wounds_lost_this_turn
    most = most_wounds_lost(starting, given_back)
    if lost <= most:
        return
    if given_back == 0:
        message = (
            f"At most {most}, its starting wounds, unless some were given back this turn "
            f"(R30); got {lost}."
        )
    else:
        message = (
            f"At most {most}: {starting} starting wounds and {given_back} given back this "
            f"turn (R30); got {lost}."
        )
    problems.setdefault("wounds_lost_this_turn", []).append(message)


def below_quarter(starting_wounds: int, wounds_remaining: int) -> bool:
    """Whether a model is below 25% of its starting wounds, for the -1 Morale of 10.2.

    R14: fewer wounds left than a quarter of the starting wounds, counted exactly
    (4 wounds left of 16 is not below a quarter; 3 is).
    """
    problems: dict[str, list[str]] = {}
    low, high = LIMITS["wounds"]
    check_whole(problems, "starting_wounds", starting_wounds, low, high, "Starting wounds")
    remaining_high = starting_wounds if "starting_wounds" not in problems else high
    check_whole(
        problems,
        "wounds_remaining",
        wounds_remaining,
        LIMITS["wounds_remaining"][0],
        remaining_high,
        "Wounds remaining",
    )
    if problems:
        raise InvalidInput(problems)
    return wounds_remaining * 4 < starting_wounds


def morale_odds(test: MoraleTest) -> MoraleOdds:
    """The exact chances that one Morale test passes, Wavers or Routs (10.2, 10.3).

    The Morale value is the tier's base (10.2) less 1 for each of: last Hero slain (9.1),
    below a quarter of starting wounds (10.2, R14), an enemy with Fear within 6" (4.6; once,
    A11). Another Hero's Command Aura adds nothing to the value but lets one failed test be
    rerolled, and the reroll stands (9.1, A10). Undead and Mechanical models never test
    (4.6, A11).
    """
    validate_morale(test)
    if test.undead_or_mechanical:
        return MoraleOdds(
            morale_value=None,
            pass_probability=1.0,
            waver_probability=0.0,
            rout_probability=0.0,
            reroll=False,
            explanation=(
                Step(
                    "4.6, A11",
                    "Undead and Mechanical models are immune to Morale: they never test, so "
                    "they never Waver or Rout.",
                ),
            ),
        )

    steps: list[Step] = []
    base = BASE_MORALE[test.tier]
    steps.append(Step("10.2", f"Base Morale value of {_TIER_NAMES[test.tier]}: {base}."))
    value = base
    if test.last_hero_slain:
        value -= 1
        steps.append(
            Step("9.1", "The army's last Hero has been slain: -1 for the rest of the game.")
        )
    if test.below_quarter_wounds:
        value -= 1
        steps.append(
            Step(
                "10.2, R14",
                "Fewer wounds left than a quarter of its starting wounds: -1.",
            )
        )
    if test.fear_nearby:
        value -= 1
        steps.append(
            Step(
                "4.6, A11",
                'An enemy with Fear within 6": -1, counted once however many Fear models are near.',
            )
        )
    steps.append(
        Step("10.2", f"Morale value {value}: the test passes on a 2D6 roll of {value} or less.")
    )

    pass_once = _at_most(value)
    waver_once = _between(value + 1, value + 2)
    rout_once = 1 - _at_most(value + 2)
    steps.append(
        Step(
            "10.3, A11",
            f"One roll: pass on {value} or less ({_percent(pass_once)}); Waver when it fails "
            f"by 1-2, a roll of {value + 1}-{value + 2} ({_percent(waver_once)}); Rout when it "
            f"fails by 3 or more, a roll of {value + 3} or more ({_percent(rout_once)}).",
        )
    )

    if test.command_aura:
        fail_once = 1 - pass_once
        pass_p = pass_once + fail_once * pass_once
        waver_p = fail_once * waver_once
        rout_p = fail_once * rout_once
        whose = (
            "another Hero's Command Aura (a Hero's own aura never helps itself)"
            if test.tier is Tier.HERO
            else "the Command Aura of a Hero other than itself"
        )
        steps.append(
            Step(
                "9.1, A10",
                f"Within {whose}: a failed test is rerolled once and the reroll stands. "
                "The aura adds nothing to the Morale value.",
            )
        )
    else:
        pass_p, waver_p, rout_p = pass_once, waver_once, rout_once
        if test.tier is Tier.HERO:
            steps.append(
                Step(
                    "9.1, A10",
                    "No reroll: a Hero's own Command Aura never helps itself, and it is not "
                    "within another Hero's aura.",
                )
            )

    steps.append(
        Step(
            "10.3",
            f"Result: pass {_percent(pass_p)}, Waver {_percent(waver_p)}, Rout {_percent(rout_p)}.",
        )
    )
    return MoraleOdds(
        morale_value=value,
        pass_probability=float(pass_p),
        waver_probability=float(waver_p),
        rout_probability=float(rout_p),
        reroll=test.command_aura,
        explanation=tuple(steps),
    )


def must_test(trigger: MoraleTrigger) -> MustTest:
    """Whether a model must take a Morale test in this Morale Phase, and every reason why.

    10.1: it lost at least half its starting wounds this turn (R14; wounds Regeneration has
    given back since still count, R30) or a friendly model was destroyed within 6" of it this
    turn. 10.3, R15: a routing model tests to Rally. 4.6, A11: Undead and Mechanical models
    never test.
    """
    validate_trigger(trigger)
    if trigger.undead_or_mechanical:
        return MustTest(
            required=False,
            reasons=(
                Step(
                    "4.6, A11",
                    "Undead and Mechanical models are immune to Morale and never test, "
                    "whatever happened this turn.",
                ),
            ),
        )

    reasons: list[Step] = []
    lost, starting = trigger.wounds_lost_this_turn, trigger.starting_wounds
    if 2 * lost >= starting:
        regenerated = lost > starting
        reasons.append(
            Step(
                "10.1, R14, R30" if regenerated else "10.1, R14",
                f"It lost {lost} {'wound' if lost == 1 else 'wounds'} this turn"
                + (" (some given back by Regeneration)" if regenerated else "")
                + f", of {starting} starting wounds: half or more.",
            )
        )
    if trigger.friendly_destroyed_within_6:
        reasons.append(Step("10.1", 'A friendly model was destroyed within 6" this turn.'))
    if trigger.routing:
        reasons.append(
            Step("10.3, R15", "It is routing: it tests to Rally, and flees on if it fails.")
        )
    if reasons:
        return MustTest(required=True, reasons=tuple(reasons))
    return MustTest(
        required=False,
        reasons=(
            Step(
                "10.1",
                f"No test: it lost {lost} of its {starting} starting wounds this turn (less "
                'than half), no friendly model was destroyed within 6", and it is not routing.',
            ),
        ),
    )
