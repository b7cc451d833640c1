"""How much of an attack's odds goes on checking its input?

Run from the project root::

    .venv/bin/python -m bench.attack_validation

``referee.rules.azeroth.combat`` checks every attack before working it out: ``_problems``
looks at each field and collects every problem, and ``attack_odds`` raises them all at once.
``plan_attack`` checks the attack once more for each situation toggle it tries. For the three
attacks of bench/odds.py this prints microseconds per call of the check, of ``attack_odds``
and of ``plan_attack``, and the check's share of each. A second, quicker check of the usual
valid input could save at most that share, so a small share means the one full check is
enough (see ``combat._problems``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, bench/ would be first on the path instead
    sys.path.insert(0, str(ROOT))

from bench.odds import (  # noqa: E402
    per_call,
    six_die_melee,
    thirty_dice_cleave,
    thirty_dice_decisive_blow,
)
from referee.rules.azeroth import combat  # noqa: E402
from referee.rules.azeroth.profiles import Attack  # noqa: E402

BUDGET = 0.5  # seconds of calls per figure
GOAL = 0.9


def micro(function: Callable[[], object]) -> float:
    return per_call(function, BUDGET) * 1e6


def checks_in_plan(attack: Attack) -> int:
    """How many times one plan_attack checks an attack: once, then once per toggle it tries."""
    check = combat._problems
    calls = 0

    def counted(attack: Attack) -> dict[str, list[str]]:
        nonlocal calls
        calls += 1
        return check(attack)

    setattr(combat, "_problems", counted)  # noqa: B010
    try:
        combat.plan_attack(attack, GOAL)
    finally:
        setattr(combat, "_problems", check)  # noqa: B010
    return calls


def main() -> None:
    print("µs per call (best of 5 runs)")
    print(f"{'attack':<22}{'check':>8}{'odds':>9}{'share':>8}{'plan':>10}{'checks':>8}{'share':>8}")
    attacks: dict[str, Attack] = {
        "6-die melee": six_die_melee(),
        "30 dice, Decisive Blow": thirty_dice_decisive_blow(),
        "30 dice, Cleave": thirty_dice_cleave(),
    }
    for name, attack in attacks.items():
        check = micro(lambda: combat._problems(attack))  # noqa: B023
        odds = micro(lambda: combat.attack_odds(attack))  # noqa: B023
        plan = micro(lambda: combat.plan_attack(attack, GOAL))  # noqa: B023
        checks = checks_in_plan(attack)
        print(
            f"{name:<22}{check:>8.1f}{odds:>9.1f}{100 * check / odds:>7.1f}%"
            f"{plan:>10.1f}{checks:>8}{100 * checks * check / plan:>7.1f}%"
        )


if __name__ == "__main__":
    main()
