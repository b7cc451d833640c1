"""The engine against the icepool oracle on random attacks (seeded, so a failure repeats).

The oracle (oracle.py) rolls every D6 of every die itself, so agreement on hundreds of random
profiles, to 1e-12 on every entry of the distributions, checks the engine's shortcuts: the
per-die polynomial, the binomials, the repeated squaring and the joint for Cleave and for a
Precision Shot into melee.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from referee.rules.azeroth.combat import attack_odds, splash_joint, validate_attack
from referee.rules.azeroth.profiles import (
    Armor,
    Attack,
    Attacker,
    Cover,
    Defender,
    Keywords,
    Mode,
    NaturalRolls,
    Rulings,
    Situation,
    Weapon,
)
from referee.rules.errors import InvalidInput
from tests.rules.azeroth import oracle

TOLERANCE = 1e-12


def random_model(rng: random.Random) -> Defender:
    wounds = rng.randint(1, 5)
    return Defender(
        tgh=rng.randint(1, 9),
        defense=rng.choice([None, 2, 3, 4, 5, 6]),
        ini=rng.randint(0, 6),
        wounds=wounds,
        armor=rng.choice(list(Armor)),
        weapons=tuple(rng.sample(list(Weapon), rng.randint(0, 3))),
        wounds_remaining=rng.choice([None, rng.randint(1, wounds)]),
        fly=rng.random() < 0.25,
    )


def random_attack(rng: random.Random, *, splash: bool = False) -> Attack:
    """A valid attack with every feature switched on now and then; with ``splash`` it always
    has a Cleave second model or a Precision Shot friendly."""
    while True:
        melee = rng.random() < 0.5

        def flag(chance: float = 0.3) -> bool:
            return rng.random() < chance

        wounds = rng.randint(1, 6)
        keywords = Keywords(
            momentum=rng.choice([0, 0, 1, 2]),
            decisive_blow=rng.choice([0, 0, 1, 2, 3]),
            cleave=(splash and melee) or flag(),
            berserker=flag(),
            precision_shot=(splash and not melee) or flag(),
        )
        a = Attacker(
            atk=rng.randint(0, 5),
            skl=rng.randint(2, 6),
            str=rng.randint(1, 10),
            ranged_str=rng.choice([None, rng.randint(1, 10)]),
            ini=rng.randint(0, 6),
            wounds=wounds,
            armor=rng.choice(list(Armor)),
            weapons=tuple(rng.sample(list(Weapon), rng.randint(0, 3))),
            wounds_remaining=rng.choice([None, rng.randint(1, wounds)]),
            fly=flag(0.25),
            keywords=keywords,
        )
        if melee:
            charging = flag(0.5)
            downhill = charging and flag()
            situation = Situation(
                charging=charging,
                downhill_charge=downhill,
                uphill_defender=not downhill and flag(),
                flanking=flag(),
                opportunity_attack=not charging and flag(),
            )
        else:
            situation = Situation(
                hold=flag(),
                elevated=flag(),
                long_range=flag(),
                cover=rng.choice(list(Cover)),
                into_melee=keywords.precision_shot and (splash or flag(0.5)),
            )
        attack = Attack(
            mode=Mode.MELEE if melee else Mode.RANGED,
            attacker=a,
            defender=random_model(rng),
            situation=situation,
            rulings=Rulings(rng.choice(list(NaturalRolls))),
            second_target=random_model(rng)
            if melee and keywords.cleave and (splash or flag(0.5))
            else None,
            friendly=random_model(rng) if situation.into_melee and (splash or flag(0.5)) else None,
        )
        try:
            validate_attack(attack)
        except InvalidInput:
            continue
        return attack


def padded(rows: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    out = np.zeros(shape)
    out[: rows.shape[0], : rows.shape[1]] = rows
    return out


@pytest.mark.parametrize("seed", range(6))
def test_the_target_distribution_matches_icepool(seed):
    rng = random.Random(seed)
    for _ in range(50):
        attack = random_attack(rng)
        odds = attack_odds(attack)
        expected = oracle.distribution(attack)
        got = list(odds.damage.distribution)
        size = max(len(got), len(expected))
        got += [0.0] * (size - len(got))
        expected += [0.0] * (size - len(expected))
        assert got == pytest.approx(expected, abs=TOLERANCE), attack
        assert odds.dice == oracle.read(attack).dice, attack
        assert odds.damage.kill_probability == pytest.approx(
            oracle.kill_probability(attack), abs=TOLERANCE
        ), attack


@pytest.mark.parametrize("seed", range(4))
def test_the_joint_distribution_with_the_other_model_matches_icepool(seed):
    rng = random.Random(1000 + seed)
    for _ in range(15):
        attack = random_attack(rng, splash=True)
        other = attack.second_target or attack.friendly
        assert other is not None
        engine = splash_joint(attack)
        assert engine is not None
        expected = oracle.joint(attack)
        shape = (max(engine.shape[0], expected.shape[0]), max(engine.shape[1], expected.shape[1]))
        assert np.abs(padded(engine, shape) - padded(expected, shape)).max() < TOLERANCE, attack

        odds = attack_odds(attack)
        splash = odds.second_target or odds.friendly
        assert splash is not None and splash.damage is not None
        # The other model's own distribution is the joint's row sums, and "both destroyed"
        # the joint's corner beyond both models' wounds.
        rows = list(expected.sum(axis=1))
        got = list(splash.damage.distribution)
        assert len(got) <= len(rows), attack
        got += [0.0] * (len(rows) - len(got))
        assert got == pytest.approx(rows, abs=TOLERANCE), attack
        both = expected[oracle.left(other) :, oracle.left(attack.defender) :].sum()
        assert splash.both_killed_probability == pytest.approx(both, abs=TOLERANCE), attack


def test_a_thirty_die_cleave_with_decisive_blow_matches_icepool():
    attack = Attack(
        mode=Mode.MELEE,
        attacker=Attacker(
            atk=12,
            skl=3,
            str=5,
            ini=3,
            wounds=3,
            weapons=(Weapon.HEAVY,),
            keywords=Keywords(cleave=True, decisive_blow=2),
        ),
        defender=Defender(tgh=4, defense=4, ini=3, wounds=6),
        second_target=Defender(tgh=3, defense=5, ini=3, wounds=2, armor=Armor.HEAVY),
        situation=Situation(charging=True),
    )
    engine = splash_joint(attack)
    expected = oracle.joint(attack)
    assert engine is not None
    shape = (max(engine.shape[0], expected.shape[0]), max(engine.shape[1], expected.shape[1]))
    assert np.abs(padded(engine, shape) - padded(expected, shape)).max() < TOLERANCE
