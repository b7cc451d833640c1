"""Does the attack engine's quick check of the usual, valid input pay for itself?

Run from the project root::

    .venv/bin/python -m bench.attack_validation

``referee.rules.azeroth.combat`` checks every attack before working it out. Its full check
(``_report``, now ``_problems``) looks at each field and collects every problem; a second,
quick one (``_plainly_valid``) answered only "nothing wrong", so the full one ran only when
something was. For the three attacks of bench/odds.py this prints microseconds per call of
each check, then of ``attack_odds`` and of ``plan_attack`` (which checks the attack once per
situation toggle it tries) with the quick check and without it, and the share of each call
the quick check saves. It was worth a second validator only if that share was large; it was
not (a few microseconds of 70 or more), so it was removed. Run now, the script prints "nan"
for the quick check and the same figure twice.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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

BUDGET = 0.5  # seconds of calls per figure and round
GOAL = 0.9


@contextmanager
def quick_check(on: bool) -> Iterator[None]:
    """Run with the quick check as it is, or with it never answering "plainly valid" (when
    there is none at all, the full check is what runs)."""
    quick = getattr(combat, "_plainly_valid", None)
    if quick is None or on:
        yield
        return
    setattr(combat, "_plainly_valid", lambda attack: False)  # noqa: B010
    try:
        yield
    finally:
        setattr(combat, "_plainly_valid", quick)  # noqa: B010


def micro(function: Callable[[], object]) -> float:
    return per_call(function, BUDGET) * 1e6


def main() -> None:
    print("µs per call (best of 5 runs)")
    header = f"{'attack':<22}{'full check':>11}{'quick':>8}"
    header += f"{'odds':>9}{'odds, no quick':>16}{'plan':>10}{'plan, no quick':>16}"
    print(header)
    attacks: dict[str, Attack] = {
        "6-die melee": six_die_melee(),
        "30 dice, Decisive Blow": thirty_dice_decisive_blow(),
        "30 dice, Cleave": thirty_dice_cleave(),
    }
    # The full check: ``_report`` while the quick one stood beside it, ``_problems`` since.
    report = getattr(combat, "_report", None) or combat._problems
    for name, attack in attacks.items():
        full = micro(lambda: report(attack))  # noqa: B023
        check = getattr(combat, "_plainly_valid", None)
        quick = micro(lambda: check(attack)) if check else float("nan")  # noqa: B023
        # Each figure is the best of three rounds, the two ways taking turns, so that other
        # work on the machine weighs on both alike.
        timings = [float("inf")] * 4
        for _ in range(3):
            for i, (on, call) in enumerate(
                [
                    (True, lambda: combat.attack_odds(attack)),  # noqa: B023
                    (False, lambda: combat.attack_odds(attack)),  # noqa: B023
                    (True, lambda: combat.plan_attack(attack, GOAL)),  # noqa: B023
                    (False, lambda: combat.plan_attack(attack, GOAL)),  # noqa: B023
                ]
            ):
                with quick_check(on):
                    timings[i] = min(timings[i], micro(call))
        odds, odds_slow, plan, plan_slow = timings
        print(
            f"{name:<22}{full:>11.1f}{quick:>8.1f}"
            f"{odds:>9.1f}{odds_slow:>16.1f}{plan:>10.1f}{plan_slow:>16.1f}"
        )
        print(
            f"{'':<22}saved by the quick check: {100 * (odds_slow - odds) / odds_slow:+.1f}% "
            f"of attack_odds, {100 * (plan_slow - plan) / plan_slow:+.1f}% of plan_attack"
        )


if __name__ == "__main__":
    main()
