"""How fast are the attack odds? The engine against icepool, and the REST endpoint under gunicorn.

Run from the project root::

    .venv/bin/python bench/odds.py               # everything (about a minute)
    .venv/bin/python bench/odds.py --no-server   # the engine against icepool only

For three attacks (a 6-die melee, a 30-die attack with Decisive Blow, a 30-die Cleave with a
second model) it prints microseconds per call of ``attack_odds`` and of the same distribution
built in icepool from six-sided dice (tests/rules/azeroth/oracle.py: ``icepool.map`` over each
die's hit, wound and save D6s, then ``n @ die``; for Cleave, a Vector die of target and second
model damage), their ratio, and the largest difference between the two answers. The icepool
time leaves out turning its exact fractions into floats, which only flatters icepool.

Then it serves the project with gunicorn (bench/server.py: DEBUG off, 2 workers, a loopback
port), POSTs the 6-die attack to /api/azeroth/attack-odds/ from a few client threads for a
bounded time, and prints requests per second with the median and 95th-percentile latency.
Targets: the engine at least 20 times faster than icepool on each attack, and under 250 µs
for the first two.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, bench/ would be first on the path instead
    sys.path.insert(0, str(ROOT))

import icepool  # noqa: E402
import numpy as np  # noqa: E402

from bench.server import gunicorn_server, requests_per_second  # noqa: E402
from referee.rules.azeroth.combat import attack_odds, splash_joint  # noqa: E402
from referee.rules.azeroth.profiles import (  # noqa: E402
    Armor,
    Attack,
    Attacker,
    Defender,
    Keywords,
    Mode,
    Situation,
    Weapon,
)
from tests.rules.azeroth import oracle  # noqa: E402

AGREEMENT = 1e-12
SPEEDUP_TARGET = 20.0
MICROSECONDS_TARGET = 250.0

SIX_DIE_MELEE = {
    "mode": "melee",
    "attacker": {
        "atk": 5,
        "skl": 3,
        "str": 4,
        "ini": 3,
        "armor": "MA",
        "weapons": ["SW"],
        "wounds": 2,
        "keywords": {"momentum": 1},
    },
    "defender": {
        "tgh": 4,
        "def": 5,
        "ini": 4,
        "armor": "LA",
        "weapons": ["LW"],
        "wounds": 3,
        "wounds_remaining": 2,
    },
    "situation": {"charging": True},
}


def six_die_melee() -> Attack:
    """A Momentum [1] charge with 5 ATK: 6 dice, the defender quicker (-1 to hit)."""
    return Attack(
        mode=Mode.MELEE,
        attacker=Attacker(
            atk=5,
            skl=3,
            str=4,
            ini=3,
            wounds=2,
            weapons=(Weapon.STANDARD,),
            keywords=Keywords(momentum=1),
        ),
        defender=Defender(
            tgh=4,
            defense=5,
            ini=4,
            wounds=3,
            wounds_remaining=2,
            armor=Armor.LIGHT,
            weapons=(Weapon.LIGHT,),
        ),
        situation=Situation(charging=True),
    )


def thirty_dice_decisive_blow() -> Attack:
    """30 dice with Decisive Blow [2] against a 10-wound monster."""
    return Attack(
        mode=Mode.MELEE,
        attacker=Attacker(
            atk=30, skl=4, str=5, ini=4, wounds=5, keywords=Keywords(decisive_blow=2)
        ),
        defender=Defender(tgh=4, defense=4, ini=3, wounds=10),
    )


def thirty_dice_cleave() -> Attack:
    """30 dice with a Heavy Weapon (Decisive Blow [1]) and Cleave, the second model given."""
    return Attack(
        mode=Mode.MELEE,
        attacker=Attacker(
            atk=30,
            skl=3,
            str=5,
            ini=4,
            wounds=5,
            weapons=(Weapon.HEAVY,),
            keywords=Keywords(cleave=True),
        ),
        defender=Defender(tgh=4, defense=4, ini=3, wounds=8),
        second_target=Defender(tgh=3, defense=5, ini=3, wounds=2),
    )


def per_call(function: Callable[[], object], budget: float, repeats: int = 5) -> float:
    """Seconds per call: the best of ``repeats`` runs, each of enough calls to fill about
    ``budget / repeats`` seconds (the best run is the one least disturbed by other work)."""
    function()  # warm up caches and imports
    started = time.perf_counter()
    function()
    once = max(time.perf_counter() - started, 1e-7)
    calls = max(1, int(budget / repeats / once))
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, (time.perf_counter() - started) / calls)
    return best


def padded_difference(a: np.ndarray, b: np.ndarray) -> float:
    shape = tuple(max(x, y) for x, y in zip(a.shape, b.shape, strict=True))
    left, right = np.zeros(shape), np.zeros(shape)
    left[tuple(slice(0, n) for n in a.shape)] = a
    right[tuple(slice(0, n) for n in b.shape)] = b
    return float(np.abs(left - right).max())


@dataclass
class Result:
    name: str
    ours: float
    theirs: float
    difference: float

    @property
    def ratio(self) -> float:
        return self.theirs / self.ours


def compare(name: str, attack: Attack, quick: bool) -> Result:
    dice = oracle.read(attack).dice
    if attack.second_target is None:
        ours = per_call(lambda: attack_odds(attack), 0.5 if quick else 2.0)
        theirs = per_call(lambda: dice @ oracle.target_die(attack), 0.5 if quick else 3.0)
        got = np.array(attack_odds(attack).damage.distribution)
        difference = padded_difference(got, np.array(oracle.distribution(attack)))
    else:
        ours = per_call(lambda: attack_odds(attack), 0.5 if quick else 2.0)
        theirs = per_call(lambda: dice @ oracle.joint_die(attack), 1.0, repeats=1 if quick else 2)
        # Everything attack_odds reports for both models follows from the joint distribution:
        # compare the joint itself, both models' distributions and "both destroyed".
        joint = oracle.joint(attack)
        odds = attack_odds(attack)
        assert odds.second_target is not None and odds.second_target.damage is not None
        engine_joint = splash_joint(attack)
        assert engine_joint is not None
        second = attack.second_target
        both = joint[oracle.left(second) :, oracle.left(attack.defender) :].sum()
        difference = max(
            padded_difference(engine_joint, joint),
            padded_difference(np.array(odds.damage.distribution), joint.sum(axis=0)),
            padded_difference(np.array(odds.second_target.damage.distribution), joint.sum(axis=1)),
            abs((odds.second_target.both_killed_probability or 0.0) - both),
        )
    return Result(name, ours, theirs, difference)


def engine_report(quick: bool) -> bool:
    cases = [
        ("6-die melee", six_die_melee(), True),
        ("30 dice, Decisive Blow [2]", thirty_dice_decisive_blow(), True),
        ("30 dice, Cleave + second model", thirty_dice_cleave(), False),
    ]
    print("Attack odds: engine against icepool (µs per call)")
    header = f"{'case':34} {'engine':>10} {'icepool':>12} {'ratio':>8}  {'max |diff|':>10}  verdict"
    print(header)
    print("-" * len(header))
    all_met = True
    for name, attack, timed_target in cases:
        result = compare(name, attack, quick)
        met = result.ratio >= SPEEDUP_TARGET and result.difference < AGREEMENT
        if timed_target:
            met = met and result.ours * 1e6 < MICROSECONDS_TARGET
        all_met = all_met and met
        print(
            f"{name:34} {result.ours * 1e6:10.1f} {result.theirs * 1e6:12.1f} "
            f"{result.ratio:7.0f}x  {result.difference:10.1e}  "
            f"{'agree' if result.difference < AGREEMENT else 'DISAGREE'}, "
            f"{'target met' if met else 'TARGET MISSED'}"
        )
    print(
        f"Targets: >= {SPEEDUP_TARGET:.0f}x icepool on each, < {MICROSECONDS_TARGET:.0f} µs on "
        f"the first two, answers within {AGREEMENT:g}."
    )
    return all_met


def server_report(clients: int, seconds: float) -> None:
    path = "/api/azeroth/attack-odds/"
    print()
    print(f"POST {path} under gunicorn (2 sync workers, DEBUG off)")
    with gunicorn_server(workers=2) as base_url:
        # One checked request first: the endpoint must answer what the engine answers.
        host, port = base_url.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        connection.request(
            "POST",
            path,
            body=json.dumps(SIX_DIE_MELEE),
            headers={"Content-Type": "application/json"},
        )
        answer = json.loads(connection.getresponse().read())
        connection.close()
        engine = attack_odds(six_die_melee()).damage.kill_probability
        if abs(answer["kill_probability"] - engine) > AGREEMENT:
            raise RuntimeError(f"the API answered {answer['kill_probability']}, not {engine}")
        rate = requests_per_second(
            base_url + path, SIX_DIE_MELEE, clients=clients, seconds=seconds, max_requests=20_000
        )
    print(rate)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter timings")
    parser.add_argument("--no-server", action="store_true", help="skip the gunicorn measurement")
    parser.add_argument("--clients", type=int, default=4, help="client threads (default 4)")
    parser.add_argument("--seconds", type=float, default=5.0, help="load duration (default 5)")
    arguments = parser.parse_args()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, icepool "
        f"{icepool.__version__}, {os.cpu_count()} CPUs, load average {load}"
    )
    print()
    met = engine_report(arguments.quick)
    if not arguments.no_server:
        server_report(arguments.clients, arguments.seconds)
    if not met:
        sys.exit(1)


if __name__ == "__main__":
    main()
