"""validate_attack: every out-of-range stat and every contradiction, named by the REST API's
field path, all reported at once (LIMITS, R4, R6, 4.6, 7.6)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from referee.rules.azeroth.combat import (
    attack_odds,
    plan_attack,
    validate_attack,
)
from referee.rules.azeroth.profiles import (
    Armor,
    Attack,
    Cover,
    Defender,
    Keywords,
    Mode,
    NaturalRolls,
    Rulings,
    Situation,
    Weapon,
)
from referee.rules.errors import InvalidInput, RulesError
from tests.rules.azeroth.conftest import attacker, defender, melee, ranged


def problems_of(attack: Attack) -> dict[str, list[str]]:
    with pytest.raises(InvalidInput) as caught:
        validate_attack(attack)
    return caught.value.problems


def test_a_valid_attack_passes():
    validate_attack(melee())
    validate_attack(ranged())


@pytest.mark.parametrize(
    ("path", "attack"),
    [
        ("attacker.atk", melee(attacker(atk=-1))),
        ("attacker.atk", melee(attacker(atk=201))),
        ("attacker.skl", melee(attacker(skl=1))),
        ("attacker.skl", melee(attacker(skl=7))),
        ("attacker.str", melee(attacker(str=0))),
        ("attacker.str", melee(attacker(str=21))),
        ("attacker.ranged_str", ranged(attacker(ranged_str=0))),
        ("attacker.ranged_str", ranged(attacker(ranged_str=21))),
        ("attacker.ini", melee(attacker(ini=-1))),
        ("attacker.ini", melee(attacker(ini=11))),
        ("attacker.wounds", melee(attacker(wounds=0))),
        ("attacker.wounds", melee(attacker(wounds=100))),
        ("attacker.wounds_remaining", melee(attacker(wounds=5, wounds_remaining=0))),
        ("attacker.keywords.momentum", melee(attacker(momentum=-1))),
        ("attacker.keywords.momentum", melee(attacker(momentum=21))),
        ("attacker.keywords.decisive_blow", melee(attacker(decisive_blow=-1))),
        ("attacker.keywords.decisive_blow", melee(attacker(decisive_blow=21))),
        ("defender.tgh", melee(d=defender(tgh=0))),
        ("defender.tgh", melee(d=defender(tgh=21))),
        ("defender.def", melee(d=defender(defense=1))),
        ("defender.def", melee(d=defender(defense=7))),
        ("defender.ini", melee(d=defender(ini=11))),
        ("defender.wounds", melee(d=defender(wounds=0))),
        ("defender.wounds_remaining", melee(d=defender(wounds=99, wounds_remaining=100))),
        ("second_target.tgh", melee(attacker(cleave=True), second=defender(tgh=0))),
        ("second_target.def", melee(attacker(cleave=True), second=defender(defense=8))),
        ("second_target.wounds", melee(attacker(cleave=True), second=defender(wounds=0))),
        (
            "friendly.def",
            ranged(attacker(precision_shot=True), friendly=defender(defense=0), into_melee=True),
        ),
        (
            "friendly.ini",
            ranged(attacker(precision_shot=True), friendly=defender(ini=-2), into_melee=True),
        ),
    ],
)
def test_it_rejects_a_stat_out_of_range(path, attack):
    problems = problems_of(attack)
    assert list(problems) == [path]
    assert "must be from" in problems[path][0]


@pytest.mark.parametrize("value", [2.0, "3", True, None])
def test_it_rejects_a_stat_that_is_not_a_whole_number(value):
    problems = problems_of(melee(attacker(skl=value)))
    assert problems == {"attacker.skl": ["must be a whole number from 2 to 6."]}


def test_it_accepts_the_limits_themselves():
    validate_attack(
        melee(
            attacker(atk=200, skl=2, str=20, ini=10, wounds=99, momentum=20, decisive_blow=20),
            defender(tgh=20, defense=6, ini=0),
        )
    )
    validate_attack(
        melee(attacker(atk=0, skl=6, str=1, ini=0, wounds=1), defender(tgh=1, defense=2))
    )


def test_it_accepts_a_defender_without_def():
    validate_attack(melee(d=defender(defense=None)))


def test_it_rejects_more_wounds_remaining_than_wounds():
    problems = problems_of(melee(attacker(wounds=3, wounds_remaining=4)))
    assert problems == {"attacker.wounds_remaining": ["cannot be more than wounds (3); got 4."]}


def test_it_rejects_more_than_200_dice_and_counts_them():
    attack = melee(attacker(atk=200, momentum=6), charging=True)
    assert problems_of(attack) == {
        "attacker.atk": ["this attack would roll 206 dice; at most 200."]
    }


def test_it_counts_berserker_and_double_momentum_towards_the_ceiling():
    a = attacker(atk=190, momentum=5, berserker=True, wounds=2, wounds_remaining=1, fly=True)
    attack = melee(a, charging=True)
    assert problems_of(attack) == {
        "attacker.atk": ["this attack would roll 201 dice; at most 200."]
    }
    validate_attack(melee(replace(a, atk=189), charging=True))


def test_it_rejects_an_opportunity_attack_that_is_a_charge():
    problems = problems_of(melee(charging=True, opportunity_attack=True))
    assert list(problems) == ["situation.opportunity_attack"]
    assert "R6" in problems["situation.opportunity_attack"][0]


def test_it_rejects_a_downhill_charge_without_a_charge():
    assert list(problems_of(melee(downhill_charge=True))) == ["situation.downhill_charge"]


def test_it_rejects_a_defender_both_uphill_and_downhill():
    attack = melee(charging=True, downhill_charge=True, uphill_defender=True)
    assert list(problems_of(attack)) == ["situation.uphill_defender"]


@pytest.mark.parametrize(
    "toggle", ["charging", "uphill_defender", "flanking", "opportunity_attack"]
)
def test_it_rejects_a_melee_situation_in_a_ranged_attack(toggle):
    situation: dict[str, Any] = {toggle: True}
    problems = problems_of(ranged(**situation))
    assert list(problems) == [f"situation.{toggle}"]
    assert "melee attacks only" in problems[f"situation.{toggle}"][0]


def test_it_rejects_a_downhill_charge_when_shooting():
    problems = problems_of(ranged(charging=True, downhill_charge=True))
    assert set(problems) == {"situation.charging", "situation.downhill_charge"}


@pytest.mark.parametrize("toggle", ["hold", "elevated", "long_range", "into_melee"])
def test_it_rejects_a_ranged_situation_in_a_melee_attack(toggle):
    situation: dict[str, Any] = {toggle: True}
    problems = problems_of(melee(attacker(precision_shot=True), **situation))
    assert list(problems) == [f"situation.{toggle}"]
    assert "ranged attacks only" in problems[f"situation.{toggle}"][0]


@pytest.mark.parametrize("cover", [Cover.SOFT, Cover.HARD])
def test_it_rejects_cover_in_melee(cover):
    assert list(problems_of(melee(cover=cover))) == ["situation.cover"]


def test_it_rejects_shooting_into_melee_without_precision_shot():
    problems = problems_of(ranged(into_melee=True))
    assert list(problems) == ["situation.into_melee"]
    assert "R4" in problems["situation.into_melee"][0]


def test_it_rejects_a_friendly_without_shooting_into_melee():
    problems = problems_of(ranged(attacker(precision_shot=True), friendly=defender()))
    assert list(problems) == ["friendly"]


def test_it_rejects_a_friendly_in_a_melee_attack():
    assert list(problems_of(melee(friendly=defender()))) == ["friendly"]


def test_it_rejects_a_second_target_without_cleave():
    problems = problems_of(melee(second=defender()))
    assert list(problems) == ["second_target"]
    assert "Cleave" in problems["second_target"][0]


def test_it_rejects_a_second_target_in_a_ranged_attack():
    problems = problems_of(ranged(attacker(cleave=True), second=defender()))
    assert list(problems) == ["second_target"]
    assert "melee only" in problems["second_target"][0]


def test_it_rejects_an_unknown_mode_armor_weapon_cover_and_natural_rolls():
    attack = Attack(
        mode="duel",  # type: ignore[arg-type]
        attacker=attacker(armor="plate", weapons=(Weapon.SHIELD, "axe")),
        defender=defender(armor="cloth"),
        situation=Situation(cover="bush"),  # type: ignore[arg-type]
        rulings=Rulings(natural_rolls="loose"),  # type: ignore[arg-type]
    )
    assert set(problems_of(attack)) == {
        "mode",
        "attacker.armor",
        "attacker.weapons",
        "defender.armor",
        "situation.cover",
        "rulings.natural_rolls",
    }


def test_it_accepts_plain_strings_for_enum_values():
    attack = Attack(
        mode="ranged",  # type: ignore[arg-type]
        attacker=attacker(armor="LA", weapons=("RW", "LW"), precision_shot=True),
        defender=defender(armor="HA", weapons=["SH"]),
        situation=Situation(cover="soft", into_melee=True),  # type: ignore[arg-type]
        rulings=Rulings(natural_rolls="literal"),  # type: ignore[arg-type]
    )
    odds = attack_odds(attack)
    assert odds.save is not None and odds.save.needed == 4
    assert odds.friendly is not None


def test_it_reports_every_problem_at_once():
    attack = Attack(
        mode=Mode.RANGED,
        attacker=attacker(
            atk=-1,
            skl=9,
            str=0,
            ini=12,
            wounds=2,
            wounds_remaining=3,
            momentum=30,
            decisive_blow=-2,
        ),
        defender=defender(tgh=0, defense=9, wounds=0),
        situation=Situation(charging=True, opportunity_attack=True, into_melee=True),
        second_target=defender(ini=20),
        friendly=defender(tgh=50),
    )
    problems = problems_of(attack)
    assert set(problems) == {
        "attacker.atk",
        "attacker.skl",
        "attacker.str",
        "attacker.ini",
        "attacker.wounds_remaining",
        "attacker.keywords.momentum",
        "attacker.keywords.decisive_blow",
        "defender.tgh",
        "defender.def",
        "defender.wounds",
        "situation.charging",
        "situation.opportunity_attack",
        "situation.into_melee",
        "second_target",
        "second_target.ini",
        "friendly.tgh",
    }
    assert problems["situation.opportunity_attack"] == [
        "applies to melee attacks only, not to shooting (R6).",
        "an Opportunity Attack is never a charge (6.5, R6).",
    ]


def test_the_error_is_a_value_error_naming_the_first_field():
    with pytest.raises(ValueError, match="must be from 2 to 6") as caught:
        validate_attack(melee(attacker(skl=7)))
    assert isinstance(caught.value, RulesError)
    assert caught.value.field == "attacker.skl"


def test_attack_odds_validates_first():
    with pytest.raises(InvalidInput):
        attack_odds(melee(attacker(atk=300)))


def test_plan_attack_validates_first():
    with pytest.raises(InvalidInput):
        plan_attack(melee(attacker(atk=300)), 0.5)


# The quick check that lets valid attacks skip the full report must agree with the report.

_STAT_VALUES: list[Any] = [
    -1,
    0,
    1,
    2,
    3,
    4,
    6,
    7,
    10,
    11,
    20,
    21,
    99,
    100,
    200,
    201,
    None,
    2.5,
    True,
    "3",
]
_ARMOR_VALUES: list[Any] = [Armor.HEAVY, Armor.MEDIUM, Armor.LIGHT, "XX"]
_WEAPON_VALUES: list[Any] = [Weapon.LIGHT, Weapon.HEAVY, Weapon.SHIELD, "ZZ"]
_COVER_VALUES: list[Any] = [Cover.NONE, Cover.NONE, Cover.SOFT, Cover.HARD, "x"]


def _random_model(rng: random.Random) -> Defender:
    return Defender(
        tgh=rng.choice(_STAT_VALUES),
        defense=rng.choice(_STAT_VALUES),
        ini=rng.choice(_STAT_VALUES),
        wounds=rng.choice(_STAT_VALUES),
        armor=rng.choice(_ARMOR_VALUES),
        weapons=tuple(rng.sample(_WEAPON_VALUES, rng.randint(0, 2))),
        wounds_remaining=rng.choice(_STAT_VALUES),
        fly=rng.random() < 0.3,
    )


def _random_attack(rng: random.Random) -> Attack:
    def flag() -> bool:
        return rng.random() < 0.2

    model = _random_model(rng)
    return Attack(
        mode=rng.choice([Mode.MELEE, Mode.RANGED, "other"]),  # type: ignore[arg-type]
        attacker=attacker(
            atk=rng.choice(_STAT_VALUES),
            skl=rng.choice(_STAT_VALUES),
            str=rng.choice(_STAT_VALUES),
            ranged_str=rng.choice(_STAT_VALUES),
            ini=rng.choice(_STAT_VALUES),
            wounds=rng.choice(_STAT_VALUES),
            wounds_remaining=rng.choice(_STAT_VALUES),
            armor=model.armor,
            weapons=model.weapons,
            fly=flag(),
            keywords=Keywords(
                momentum=rng.choice(_STAT_VALUES),
                decisive_blow=rng.choice(_STAT_VALUES),
                cleave=flag(),
                berserker=flag(),
                precision_shot=flag(),
            ),
        ),
        defender=_random_model(rng),
        situation=Situation(
            charging=flag(),
            downhill_charge=flag(),
            uphill_defender=flag(),
            flanking=flag(),
            opportunity_attack=flag(),
            hold=flag(),
            elevated=flag(),
            long_range=flag(),
            cover=rng.choice(_COVER_VALUES),
            into_melee=flag(),
        ),
        rulings=Rulings(rng.choice([NaturalRolls.STANDARD, NaturalRolls.LITERAL, "x"])),  # type: ignore[arg-type]
        second_target=_random_model(rng) if flag() else None,
        friendly=_random_model(rng) if flag() else None,
    )


def _nearly_valid(rng: random.Random) -> Attack:
    """A valid attack with one or two things changed, so that both answers come up often."""
    a = attacker(
        atk=rng.randint(0, 200),
        skl=rng.randint(2, 6),
        momentum=rng.randint(0, 20),
        berserker=rng.random() < 0.5,
        wounds=rng.randint(1, 9),
        cleave=rng.random() < 0.5,
        precision_shot=rng.random() < 0.5,
        fly=rng.random() < 0.5,
    )
    base = (melee if rng.random() < 0.5 else ranged)(a)
    broken = _random_attack(rng)
    for _ in range(rng.randint(1, 2)):
        part = rng.choice(
            ["attacker", "defender", "situation", "rulings", "second_target", "friendly", "mode"]
        )
        base = replace(base, **{part: getattr(broken, part)})
    return base


def test_every_random_attack_is_answered_with_its_problems_or_none():
    # Junk of every kind and valid attacks with one or two things broken: validation never
    # fails in any other way, and every problem it names is a field of the request.
    rng = random.Random(20240611)
    heads = {"mode", "attacker", "defender", "situation", "rulings", "second_target", "friendly"}
    seen = {True: 0, False: 0}
    for _ in range(4000):
        attack = _random_attack(rng) if rng.random() < 0.3 else _nearly_valid(rng)
        try:
            validate_attack(attack)
        except InvalidInput as error:
            assert error.problems and all(messages for messages in error.problems.values())
            assert {path.split(".")[0] for path in error.problems} <= heads, error.problems
            seen[False] += 1
        else:
            seen[True] += 1
    assert seen[True] > 300 and seen[False] > 300
