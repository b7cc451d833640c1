"""Properties every attack's odds must have, whatever the profiles (Hypothesis)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.rules.azeroth.combat import _problems, attack_odds
from referee.rules.azeroth.profiles import (
    MAX_DICE,
    Armor,
    Attack,
    Attacker,
    Cover,
    DamageOdds,
    Defender,
    Keywords,
    Mode,
    NaturalRolls,
    Rulings,
    Situation,
    Weapon,
)
from tests.profiles import examples

TOLERANCE = 1e-12

weapons = st.lists(st.sampled_from(list(Weapon)), max_size=3).map(tuple)


@st.composite
def models(draw: st.DrawFn) -> Defender:
    wounds = draw(st.integers(1, 12))
    return Defender(
        tgh=draw(st.integers(1, 20)),
        defense=draw(st.none() | st.integers(2, 6)),
        ini=draw(st.integers(0, 10)),
        wounds=wounds,
        armor=draw(st.sampled_from(list(Armor))),
        weapons=draw(weapons),
        wounds_remaining=draw(st.none() | st.integers(1, wounds)),
        fly=draw(st.booleans()),
    )


@st.composite
def attacks(draw: st.DrawFn, max_atk: int = 40) -> Attack:
    melee = draw(st.booleans())
    wounds = draw(st.integers(1, 10))
    keywords = Keywords(
        momentum=draw(st.integers(0, 5)),
        decisive_blow=draw(st.integers(0, 4)),
        cleave=draw(st.booleans()),
        berserker=draw(st.booleans()),
        precision_shot=draw(st.booleans()),
    )
    attacker = Attacker(
        atk=draw(st.integers(0, max_atk)),
        skl=draw(st.integers(2, 6)),
        str=draw(st.integers(1, 20)),
        ranged_str=draw(st.none() | st.integers(1, 20)),
        ini=draw(st.integers(0, 10)),
        wounds=wounds,
        armor=draw(st.sampled_from(list(Armor))),
        weapons=draw(weapons),
        wounds_remaining=draw(st.none() | st.integers(1, wounds)),
        fly=draw(st.booleans()),
        keywords=keywords,
    )
    if melee:
        charging = draw(st.booleans())
        downhill = charging and draw(st.booleans())
        situation = Situation(
            charging=charging,
            downhill_charge=downhill,
            uphill_defender=not downhill and draw(st.booleans()),
            flanking=draw(st.booleans()),
            opportunity_attack=not charging and draw(st.booleans()),
        )
    else:
        situation = Situation(
            hold=draw(st.booleans()),
            elevated=draw(st.booleans()),
            long_range=draw(st.booleans()),
            cover=draw(st.sampled_from(list(Cover))),
            into_melee=keywords.precision_shot and draw(st.booleans()),
        )
    attack = Attack(
        mode=Mode.MELEE if melee else Mode.RANGED,
        attacker=attacker,
        defender=draw(models()),
        situation=situation,
        rulings=Rulings(draw(st.sampled_from(list(NaturalRolls)))),
        second_target=draw(st.none() | models()) if melee and keywords.cleave else None,
        friendly=draw(st.none() | models()) if situation.into_melee else None,
    )
    assume(not _problems(attack))
    return attack


def assert_well_formed(damage: DamageOdds) -> None:
    dist = damage.distribution
    assert all(p >= 0.0 for p in dist)
    assert dist[-1] > 0.0
    assert sum(dist) == pytest.approx(1.0, abs=TOLERANCE)
    assert damage.at_least[0] == 1.0
    assert all(a >= b for a, b in zip(damage.at_least, damage.at_least[1:], strict=False))
    assert len(damage.at_least) == len(dist)
    for k in range(len(dist)):
        assert damage.at_least[k] == pytest.approx(sum(dist[k:]), abs=TOLERANCE)
    assert damage.expected == pytest.approx(
        sum(k * p for k, p in enumerate(dist)), abs=TOLERANCE * max(1, len(dist))
    )
    wounds = damage.wounds_remaining
    expected_kill = damage.at_least[wounds] if wounds < len(dist) else 0.0
    assert damage.kill_probability == expected_kill


@settings(max_examples=examples(300), deadline=None)
@given(attacks())
def test_every_distribution_is_a_distribution(attack):
    odds = attack_odds(attack)
    assert_well_formed(odds.damage)
    assert odds.damage.wounds_remaining == attack.defender.wounds_left
    for splash in (odds.second_target, odds.friendly):
        if splash is None:
            continue
        assert sum(splash.hits) == pytest.approx(1.0, abs=TOLERANCE)
        assert all(p >= 0.0 for p in splash.hits)
        assert splash.expected_hits == pytest.approx(
            sum(k * p for k, p in enumerate(splash.hits)), abs=1e-9
        )
        if splash.damage is not None:
            assert_well_formed(splash.damage)
            both = splash.both_killed_probability
            assert both is not None
            assert (
                -TOLERANCE
                <= both
                <= min(odds.damage.kill_probability, splash.damage.kill_probability) + TOLERANCE
            )


@settings(max_examples=examples(200), deadline=None)
@given(attacks(), st.integers(1, 20))
def test_more_dice_never_lower_the_chance_to_destroy(attack, extra):
    stronger = replace(attack, attacker=replace(attack.attacker, atk=attack.attacker.atk + extra))
    assume(not _problems(stronger))
    before = attack_odds(attack).damage.kill_probability
    after = attack_odds(stronger).damage.kill_probability
    assert after >= before - TOLERANCE


@settings(max_examples=examples(200), deadline=None)
@given(attacks(), st.integers(2, 6))
def test_a_better_save_never_raises_the_chance_to_destroy(attack, better):
    defense = attack.defender.defense
    # A lower DEF number is a better save; a model without DEF may gain one.
    assume(defense is None or better < defense)
    saving = replace(attack, defender=replace(attack.defender, defense=better))
    before = attack_odds(attack).damage.kill_probability
    after = attack_odds(saving).damage.kill_probability
    assert after <= before + TOLERANCE


@settings(max_examples=examples(100), deadline=None)
@given(attacks(max_atk=MAX_DICE))
def test_even_the_largest_attacks_stay_exact_distributions(attack):
    assert_well_formed(attack_odds(attack).damage)
