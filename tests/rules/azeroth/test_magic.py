"""Spell odds (8.3, 8.5, 8.6; R8, R9, R10, A1): Spell Block, Dispel, Counterspell, Mana."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.azeroth.magic import spell_odds, validate_spell
from referee.rules.azeroth.profiles import (
    AbilityType,
    Dispeller,
    NaturalRolls,
    Rulings,
    SpellAttempt,
)
from referee.rules.errors import InvalidInput

KNOWN = json.loads((Path(__file__).parent / "known_answers" / "magic.json").read_text())
EXACT = 1e-12

attempts = st.builds(
    SpellAttempt,
    ability_type=st.sampled_from(AbilityType),
    mana_cost=st.integers(0, 10),
    spell_block=st.booleans(),
    respond=st.booleans(),
    dispeller=st.sampled_from(Dispeller),
    defender_mana=st.none() | st.integers(0, 10),
    rulings=st.builds(Rulings, natural_rolls=st.sampled_from(NaturalRolls)),
)


def rules(odds) -> list[str]:
    return [step.rule for step in odds.explanation]


def text(odds) -> str:
    return " | ".join(step.text for step in odds.explanation)


# --- which response each ability type allows (8.5, R8) ----------------------------------------


@pytest.mark.parametrize(
    ("ability", "response", "cost"),
    [
        (AbilityType.BUFF, "dispel", 2),
        (AbilityType.DEBUFF, "dispel", 2),
        (AbilityType.INSTANT, "counterspell", 3),
        (AbilityType.BLAST, "counterspell", 3),
        (AbilityType.SPELL_SHOOT, None, 0),
        (AbilityType.REACTION, None, 0),
    ],
)
def test_each_ability_type_meets_its_own_response(ability, response, cost):
    odds = spell_odds(SpellAttempt(ability, dispeller=Dispeller.MAGICAL_MODEL))
    assert odds.response == response
    assert odds.response_cost == cost
    assert (odds.response_roll is None) is (response is None)


@pytest.mark.parametrize("ability", [AbilityType.SPELL_SHOOT, AbilityType.REACTION])
def test_spell_shoot_and_reaction_abilities_cannot_be_answered_and_it_says_so(ability):
    odds = spell_odds(SpellAttempt(ability, dispeller=Dispeller.MAGICAL_HERO))
    assert odds.goes_off == 1.0
    assert odds.cancelled == 0.0
    assert "8.5, R8" in rules(odds)
    assert "neither Dispelled nor Counterspelled" in text(odds)


# --- the response roll --------------------------------------------------------------------


def test_a_magical_model_dispels_on_four_or_more():
    odds = spell_odds(SpellAttempt(AbilityType.BUFF, dispeller=Dispeller.MAGICAL_MODEL))
    assert odds.response_roll is not None
    assert (odds.response_roll.base, odds.response_roll.modifier) == (4, 0)
    assert odds.response_roll.needed == 4
    assert odds.cancelled == pytest.approx(1 / 2, abs=EXACT)
    assert odds.goes_off == pytest.approx(1 / 2, abs=EXACT)
    assert "no bonus (R10)" in text(odds)


def test_a_magical_hero_adds_one_to_the_counterspell():
    odds = spell_odds(SpellAttempt(AbilityType.INSTANT, dispeller=Dispeller.MAGICAL_HERO))
    assert odds.response_roll is not None
    assert (odds.response_roll.base, odds.response_roll.modifier) == (4, 1)
    assert odds.response_roll.needed == 3
    assert odds.cancelled == pytest.approx(2 / 3, abs=EXACT)
    assert "8.5, R10, A1" in rules(odds)


def test_without_a_magical_model_there_is_no_dispel_and_it_says_so():
    odds = spell_odds(SpellAttempt(AbilityType.DEBUFF, dispeller=Dispeller.NONE))
    assert odds.response is None
    assert odds.response_cost == 0
    assert odds.goes_off == 1.0
    assert "no surviving Magical model" in text(odds)


def test_a_declined_response_is_not_rolled_nor_paid_and_it_says_so():
    odds = spell_odds(
        SpellAttempt(AbilityType.BLAST, respond=False, dispeller=Dispeller.MAGICAL_HERO)
    )
    assert odds.response is None
    assert odds.defender_mana_distribution == ((0, 1.0),)
    assert odds.goes_off == 1.0
    assert "chooses not to attempt a Counterspell" in text(odds)


@pytest.mark.parametrize(
    ("ability", "mana", "possible"),
    [
        (AbilityType.BUFF, 1, False),
        (AbilityType.BUFF, 2, True),
        (AbilityType.INSTANT, 2, False),
        (AbilityType.INSTANT, 3, True),
        (AbilityType.BLAST, 0, False),
        (AbilityType.DEBUFF, 10, True),
    ],
)
def test_the_defender_needs_the_mana_for_the_response(ability, mana, possible):
    odds = spell_odds(SpellAttempt(ability, dispeller=Dispeller.MAGICAL_MODEL, defender_mana=mana))
    assert (odds.response is not None) is possible
    if not possible:
        assert f"has only {mana}, so none is attempted" in text(odds)


def test_unknown_defender_mana_assumes_enough_for_the_response():
    odds = spell_odds(SpellAttempt(AbilityType.INSTANT, dispeller=Dispeller.MAGICAL_MODEL))
    assert odds.response == "counterspell"


# --- Spell Block first (8.6, R9) --------------------------------------------------------------


def test_spell_block_rolls_four_or_more_with_no_modifier():
    odds = spell_odds(
        SpellAttempt(AbilityType.SPELL_SHOOT, spell_block=True, dispeller=Dispeller.MAGICAL_HERO)
    )
    assert odds.spell_block_roll is not None
    assert (odds.spell_block_roll.base, odds.spell_block_roll.modifier) == (4, 0)
    assert odds.spell_block_roll.needed == 4
    assert odds.blocked == pytest.approx(1 / 2, abs=EXACT)
    assert odds.goes_off == pytest.approx(1 / 2, abs=EXACT)
    assert "8.6, R9, R124, A1" in rules(odds)


def test_without_spell_block_nothing_is_blocked():
    odds = spell_odds(SpellAttempt(AbilityType.INSTANT))
    assert odds.spell_block_roll is None
    assert odds.blocked == 0.0
    assert "8.6" in rules(odds)


def test_the_counterspell_is_only_tried_and_paid_for_when_the_spell_block_fails():
    odds = spell_odds(
        SpellAttempt(
            AbilityType.BLAST, mana_cost=4, spell_block=True, dispeller=Dispeller.MAGICAL_MODEL
        )
    )
    assert odds.blocked == pytest.approx(1 / 2, abs=EXACT)
    assert odds.cancelled == pytest.approx(1 / 4, abs=EXACT)
    assert odds.goes_off == pytest.approx(1 / 4, abs=EXACT)
    assert odds.defender_mana_distribution == ((0, 0.5), (3, 0.5))
    assert odds.defender_mana_expected == pytest.approx(1.5, abs=EXACT)
    assert "R9" in rules(odds)


def test_the_caster_pays_its_mana_even_when_blocked_or_cancelled():
    odds = spell_odds(
        SpellAttempt(
            AbilityType.BUFF, mana_cost=7, spell_block=True, dispeller=Dispeller.MAGICAL_HERO
        )
    )
    assert odds.caster_mana == 7
    assert odds.goes_off < 1
    assert "7 Mana" in odds.explanation[0].text
    assert "stays spent" in odds.explanation[0].text


def test_a_response_always_attempted_costs_its_full_price():
    odds = spell_odds(SpellAttempt(AbilityType.DEBUFF, dispeller=Dispeller.MAGICAL_MODEL))
    assert odds.defender_mana_distribution == ((2, 1.0),)
    assert odds.defender_mana_expected == 2.0


@pytest.mark.parametrize("natural", list(NaturalRolls))
def test_natural_rolls_do_not_change_a_four_plus_with_at_most_one_modifier(natural):
    odds = spell_odds(
        SpellAttempt(
            AbilityType.INSTANT,
            spell_block=True,
            dispeller=Dispeller.MAGICAL_HERO,
            rulings=Rulings(natural),
        )
    )
    assert odds.spell_block_roll is not None and odds.spell_block_roll.needed == 4
    assert odds.response_roll is not None and odds.response_roll.needed == 3


# --- known answers and an independent count of every pair of dice ---------------------------


def _known_input(given_input: dict[str, Any]) -> SpellAttempt:
    given_input = dict(given_input)
    natural = NaturalRolls(given_input.pop("natural_rolls", "standard"))
    return SpellAttempt(
        ability_type=AbilityType(given_input.pop("ability_type")),
        dispeller=Dispeller(given_input.pop("dispeller", "none")),
        rulings=Rulings(natural),
        **given_input,
    )


@pytest.mark.parametrize("case", KNOWN["cases"], ids=[case["name"] for case in KNOWN["cases"]])
def test_it_matches_the_hand_worked_spell_odds(case):
    odds = spell_odds(_known_input(case["input"]))
    expected = case["expected"]
    for name in ("goes_off", "blocked", "cancelled"):
        assert getattr(odds, name) == pytest.approx(float(Fraction(expected[name])), abs=EXACT)
    assert odds.response == expected["response"]
    assert odds.response_cost == expected["response_cost"]
    assert odds.caster_mana == case["input"]["mana_cost"]
    assert [mana for mana, _ in odds.defender_mana_distribution] == [
        mana for mana, _ in expected["defender_mana"]
    ]
    for (_, p), (_, want) in zip(
        odds.defender_mana_distribution, expected["defender_mana"], strict=True
    ):
        assert p == pytest.approx(float(Fraction(want)), abs=EXACT)
    assert odds.defender_mana_expected == pytest.approx(
        float(Fraction(expected["defender_mana_expected"])), abs=EXACT
    )


def _by_hand(attempt: SpellAttempt) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Roll the Spell Block die and the response die through all 36 outcomes, following the
    book's order literally: (goes off, blocked, cancelled, expected defender Mana)."""
    allowed = {
        AbilityType.BUFF: 2,
        AbilityType.DEBUFF: 2,
        AbilityType.INSTANT: 3,
        AbilityType.BLAST: 3,
    }
    cost = allowed.get(attempt.ability_type)
    can_respond = (
        cost is not None
        and attempt.dispeller is not Dispeller.NONE
        and attempt.respond
        and (attempt.defender_mana is None or attempt.defender_mana >= cost)
    )
    bonus = 1 if attempt.dispeller is Dispeller.MAGICAL_HERO else 0
    goes = blocked = cancelled = mana = Fraction(0)
    each = Fraction(1, 36)
    for block_die, response_die in itertools.product(range(1, 7), repeat=2):
        if attempt.spell_block and block_die >= 4:
            blocked += each
            continue
        if can_respond:
            assert cost is not None
            mana += each * cost
            if response_die + bonus >= 4:
                cancelled += each
                continue
        goes += each
    return goes, blocked, cancelled, mana


@given(attempts)
def test_it_agrees_with_rolling_out_both_dice(attempt):
    odds = spell_odds(attempt)
    goes, blocked, cancelled, mana = _by_hand(attempt)
    assert odds.goes_off == pytest.approx(float(goes), abs=EXACT)
    assert odds.blocked == pytest.approx(float(blocked), abs=EXACT)
    assert odds.cancelled == pytest.approx(float(cancelled), abs=EXACT)
    assert odds.defender_mana_expected == pytest.approx(float(mana), abs=EXACT)


# --- properties -------------------------------------------------------------------------------


@given(attempts)
def test_the_outcomes_are_probabilities_summing_to_one(attempt):
    odds = spell_odds(attempt)
    outcomes = (odds.goes_off, odds.blocked, odds.cancelled)
    assert all(0.0 <= p <= 1.0 for p in outcomes)
    assert sum(outcomes) == pytest.approx(1.0, abs=EXACT)


@given(attempts)
def test_the_defenders_mana_distribution_is_consistent(attempt):
    odds = spell_odds(attempt)
    distribution = odds.defender_mana_distribution
    assert all(p > 0.0 for _, p in distribution)
    assert sum(p for _, p in distribution) == pytest.approx(1.0, abs=EXACT)
    assert [mana for mana, _ in distribution] == sorted({mana for mana, _ in distribution})
    assert {mana for mana, _ in distribution} <= {0, odds.response_cost}
    expected = sum(mana * p for mana, p in distribution)
    assert odds.defender_mana_expected == pytest.approx(expected, abs=EXACT)
    assert odds.caster_mana == attempt.mana_cost


@given(attempts)
def test_a_spell_block_never_helps_the_spell_go_off(attempt):
    without = spell_odds(replace(attempt, spell_block=False))
    with_block = spell_odds(replace(attempt, spell_block=True))
    assert with_block.goes_off <= without.goes_off + EXACT


@given(attempts)
def test_a_magical_hero_never_cancels_less_than_a_magical_model(attempt):
    model = spell_odds(replace(attempt, dispeller=Dispeller.MAGICAL_MODEL))
    hero = spell_odds(replace(attempt, dispeller=Dispeller.MAGICAL_HERO))
    assert hero.cancelled >= model.cancelled - EXACT


@given(attempts)
def test_responding_never_helps_the_spell_go_off(attempt):
    declined = spell_odds(replace(attempt, respond=False))
    responding = spell_odds(replace(attempt, respond=True))
    assert responding.goes_off <= declined.goes_off + EXACT


# --- input checks -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("mana_cost", -1, "Mana cost must be between 0 and 10 (got -1)."),
        ("mana_cost", 11, "Mana cost must be between 0 and 10 (got 11)."),
        ("mana_cost", 2.5, "Mana cost must be a whole number (got 2.5)."),
        ("mana_cost", True, "Mana cost must be a whole number (got True)."),
        ("defender_mana", 11, "Defender's Mana must be between 0 and 10 (got 11)."),
        ("defender_mana", -3, "Defender's Mana must be between 0 and 10 (got -3)."),
        ("defender_mana", "3", "Defender's Mana must be a whole number (got '3')."),
        ("spell_block", "yes", "Must be true or false (got 'yes')."),
        ("respond", None, "Must be true or false (got None)."),
    ],
)
def test_it_names_the_bad_field_and_says_what_is_wrong(field, value, message):
    attempt = replace(SpellAttempt(AbilityType.BUFF), **{field: value})
    with pytest.raises(InvalidInput) as caught:
        spell_odds(attempt)
    assert caught.value.problems == {field: [message]}


def test_it_accepts_the_limits_themselves():
    for cost, mana in ((0, 0), (10, 10)):
        validate_spell(SpellAttempt(AbilityType.BUFF, mana_cost=cost, defender_mana=mana))


def test_it_reports_every_problem_at_once():
    attempt = SpellAttempt(
        ability_type="fireball",  # type: ignore[arg-type]
        mana_cost=12,
        spell_block="no",  # type: ignore[arg-type]
        respond=1,  # type: ignore[arg-type]
        dispeller="archmage",  # type: ignore[arg-type]
        defender_mana=-1,
        rulings=Rulings("loose"),  # type: ignore[arg-type]
    )
    with pytest.raises(InvalidInput) as caught:
        validate_spell(attempt)
    problems = caught.value.problems
    assert set(problems) == {
        "ability_type",
        "mana_cost",
        "spell_block",
        "respond",
        "dispeller",
        "defender_mana",
        "rulings.natural_rolls",
    }
    assert "instant, spell_shoot, buff, debuff, reaction, blast" in problems["ability_type"][0]
    assert "none, magical_model, magical_hero" in problems["dispeller"][0]
    assert "standard, literal" in problems["rulings.natural_rolls"][0]
