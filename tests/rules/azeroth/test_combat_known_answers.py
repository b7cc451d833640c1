"""The engine against attack odds worked out by hand (known_answers/attack.json).

Each case gives an attack in the REST API's request shape, the exact answer as fractions and
the derivation. Every number must match to within 1e-12; the oracle must agree too, so a slip
in the hand arithmetic shows up as well as a bug in the engine.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from referee.rules.azeroth.combat import attack_odds
from referee.rules.azeroth.profiles import RollTarget, SplashOdds
from tests.rules.azeroth import oracle
from tests.rules.azeroth.conftest import from_request

FILE = Path(__file__).parent / "known_answers" / "attack.json"
CASES: list[dict[str, Any]] = json.loads(FILE.read_text())["cases"]
TOLERANCE = 1e-12


def exact(value: str) -> float:
    return float(Fraction(value))


def assert_distribution(actual: tuple[float, ...], expected: list[str]) -> None:
    assert len(actual) == len(expected), (actual, expected)
    for got, want in zip(actual, expected, strict=True):
        assert got == pytest.approx(exact(want), abs=TOLERANCE)
        if Fraction(want) == 0:
            assert got == 0.0  # an impossible damage is exactly zero


def assert_roll(roll: RollTarget | None, needed: int | None) -> None:
    if needed is None:
        assert roll is None
    else:
        assert roll is not None and roll.needed == needed


def assert_splash(splash: SplashOdds | None, expected: dict[str, Any]) -> None:
    assert splash is not None
    assert_distribution(splash.hits, expected["hits"])
    if "wound_needed" in expected:
        assert_roll(splash.wound, expected["wound_needed"])
    if "save_needed" in expected:
        assert_roll(splash.save, expected["save_needed"])
    if "armor_piercing" in expected:
        assert splash.armor_piercing is expected["armor_piercing"]
    assert splash.damage is not None
    assert_distribution(splash.damage.distribution, expected["distribution"])
    assert splash.damage.kill_probability == pytest.approx(
        exact(expected["kill_probability"]), abs=TOLERANCE
    )
    assert splash.both_killed_probability == pytest.approx(
        exact(expected["both_killed"]), abs=TOLERANCE
    )


def test_the_file_covers_every_keyword_and_edge():
    names = " ".join(case["name"] for case in CASES)
    for topic in (
        "Decisive Blow",
        "Cleave",
        "Precision Shot",
        "Armor Piercing",
        "Shield",
        "literal",
        "standard",
        "Momentum",
        "flyer",
        "Berserker",
        "Heavy Armor",
    ):
        assert topic in names, topic
    assert all(case["derivation"] for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_it_matches_the_hand_worked_answer(case):
    attack = from_request(case["attack"])
    expected = case["expected"]
    odds = attack_odds(attack)

    if "dice" in expected:
        assert odds.dice == expected["dice"]
    if "hit_needed" in expected:
        assert odds.hit.needed == expected["hit_needed"]
    if "hit_modifier" in expected:
        assert odds.hit.modifier == expected["hit_modifier"]
    if "wound_needed" in expected:
        assert odds.wound.needed == expected["wound_needed"]
    if "save_needed" in expected:
        assert_roll(odds.save, expected["save_needed"])
    if "armor_piercing" in expected:
        assert odds.armor_piercing is expected["armor_piercing"]
    if "decisive_blow" in expected:
        assert odds.decisive_blow == expected["decisive_blow"]
    assert_distribution(odds.damage.distribution, expected["distribution"])
    assert odds.damage.kill_probability == pytest.approx(
        exact(expected["kill_probability"]), abs=TOLERANCE
    )
    if "expected_damage" in expected:
        assert odds.damage.expected == pytest.approx(
            exact(expected["expected_damage"]), abs=TOLERANCE
        )
    if "second_target" in expected:
        assert_splash(odds.second_target, expected["second_target"])
    if "friendly" in expected:
        assert_splash(odds.friendly, expected["friendly"])


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_oracle_agrees_with_the_hand_worked_answer(case):
    attack = from_request(case["attack"])
    expected = [exact(p) for p in case["expected"]["distribution"]]
    got = oracle.distribution(attack)
    got += [0.0] * (len(expected) - len(got))
    assert got == pytest.approx(expected, abs=TOLERANCE)


SPLASH_CASES = [case for case in CASES if {"second_target", "friendly"} & set(case["expected"])]


@pytest.mark.parametrize("case", SPLASH_CASES, ids=[case["name"] for case in SPLASH_CASES])
def test_the_oracle_agrees_on_both_models_destroyed(case):
    attack = from_request(case["attack"])
    other = attack.second_target or attack.friendly
    assert other is not None
    expected = case["expected"].get("second_target") or case["expected"]["friendly"]
    joint = oracle.joint(attack)
    both = joint[oracle.left(other) :, oracle.left(attack.defender) :].sum()
    assert both == pytest.approx(exact(expected["both_killed"]), abs=TOLERANCE)
