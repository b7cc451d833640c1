"""Morale tests (9.1, 10; A10, A11, R14, R15): odds, who must test, and input checks."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.azeroth.morale import below_quarter, morale_odds, must_test
from referee.rules.azeroth.profiles import MoraleTest, MoraleTrigger, Tier
from referee.rules.errors import InvalidInput

KNOWN = json.loads((Path(__file__).parent / "known_answers" / "morale.json").read_text())
EXACT = 1e-12
MODIFIERS = ("last_hero_slain", "below_quarter_wounds", "fear_nearby")

morale_tests = st.builds(
    MoraleTest,
    tier=st.sampled_from(Tier),
    last_hero_slain=st.booleans(),
    below_quarter_wounds=st.booleans(),
    fear_nearby=st.booleans(),
    command_aura=st.booleans(),
    undead_or_mechanical=st.booleans(),
)


def rules_cited(odds: Any) -> str:
    return " | ".join(f"{step.rule}: {step.text}" for step in odds.explanation)


# --- the Morale value -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tier", "value"),
    [(Tier.BASELINE, 7), (Tier.MOUNTED, 7), (Tier.ELITE, 8), (Tier.HERO, 9)],
)
def test_it_starts_from_the_base_value_of_each_tier(tier, value):
    odds = morale_odds(MoraleTest(tier))
    assert odds.morale_value == value
    assert odds.explanation[0].rule == "10.2"
    assert str(value) in odds.explanation[0].text


@pytest.mark.parametrize("modifier", MODIFIERS)
def test_each_penalty_takes_one_off_the_value(modifier):
    odds = morale_odds(MoraleTest(Tier.ELITE, **{modifier: True}))
    assert odds.morale_value == 7


def test_the_three_penalties_add_up():
    odds = morale_odds(
        MoraleTest(Tier.BASELINE, last_hero_slain=True, below_quarter_wounds=True, fear_nearby=True)
    )
    assert odds.morale_value == 4


def test_it_explains_each_penalty_with_its_section():
    odds = morale_odds(
        MoraleTest(Tier.HERO, last_hero_slain=True, below_quarter_wounds=True, fear_nearby=True)
    )
    rules = [step.rule for step in odds.explanation]
    assert "9.1" in rules
    assert "10.2, R14" in rules
    assert "4.6, A11" in rules
    fear = next(step for step in odds.explanation if step.rule == "4.6, A11")
    assert "once" in fear.text


def test_the_command_aura_adds_nothing_to_the_value():
    with_aura = morale_odds(MoraleTest(Tier.BASELINE, command_aura=True))
    assert with_aura.morale_value == 7
    assert "adds nothing" in rules_cited(with_aura)


# --- one roll -------------------------------------------------------------------------------


def test_a_value_of_seven_passes_on_21_of_36_rolls_wavers_on_8_and_9_and_routs_above():
    odds = morale_odds(MoraleTest(Tier.BASELINE))
    assert odds.pass_probability == pytest.approx(21 / 36, abs=EXACT)
    assert odds.waver_probability == pytest.approx(9 / 36, abs=EXACT)
    assert odds.rout_probability == pytest.approx(6 / 36, abs=EXACT)
    assert odds.reroll is False
    bands = next(step for step in odds.explanation if step.rule == "10.3, A11")
    assert "8-9" in bands.text
    assert "10 or more" in bands.text


def test_a_hero_routs_only_on_double_six():
    odds = morale_odds(MoraleTest(Tier.HERO))
    assert odds.rout_probability == pytest.approx(1 / 36, abs=EXACT)


# --- Command Aura reroll ----------------------------------------------------------------------


def test_it_rerolls_one_failed_test_inside_another_heros_aura():
    once = morale_odds(MoraleTest(Tier.BASELINE))
    twice = morale_odds(MoraleTest(Tier.BASELINE, command_aura=True))
    p, w, r = Fraction(21, 36), Fraction(9, 36), Fraction(6, 36)
    assert twice.reroll is True
    assert twice.pass_probability == pytest.approx(float(p + (1 - p) * p), abs=EXACT)
    assert twice.waver_probability == pytest.approx(float((1 - p) * w), abs=EXACT)
    assert twice.rout_probability == pytest.approx(float((1 - p) * r), abs=EXACT)
    assert twice.pass_probability > once.pass_probability
    assert "9.1, A10" in [step.rule for step in twice.explanation]


def test_a_hero_rerolls_only_in_another_heros_aura_and_says_so():
    odds = morale_odds(MoraleTest(Tier.HERO, command_aura=True))
    assert odds.reroll is True
    aura = next(step for step in odds.explanation if step.rule == "9.1, A10")
    assert "another Hero's Command Aura" in aura.text
    assert "own aura never helps itself" in aura.text


def test_a_hero_outside_another_aura_is_told_its_own_aura_does_not_help():
    odds = morale_odds(MoraleTest(Tier.HERO))
    assert odds.reroll is False
    assert odds.pass_probability == pytest.approx(30 / 36, abs=EXACT)
    aura = next(step for step in odds.explanation if step.rule == "9.1, A10")
    assert "own Command Aura never helps itself" in aura.text


def test_a_non_hero_outside_any_aura_gets_no_aura_line():
    odds = morale_odds(MoraleTest(Tier.ELITE))
    assert "9.1, A10" not in [step.rule for step in odds.explanation]


# --- immunity ---------------------------------------------------------------------------------


@pytest.mark.parametrize("tier", list(Tier))
def test_undead_and_mechanical_models_never_test(tier):
    odds = morale_odds(
        MoraleTest(
            tier,
            last_hero_slain=True,
            below_quarter_wounds=True,
            fear_nearby=True,
            command_aura=True,
            undead_or_mechanical=True,
        )
    )
    assert odds.morale_value is None
    assert (odds.pass_probability, odds.waver_probability, odds.rout_probability) == (1, 0, 0)
    assert odds.reroll is False
    assert len(odds.explanation) == 1
    assert "immune" in odds.explanation[0].text
    assert "A11" in odds.explanation[0].rule


# --- known answers and an independent oracle --------------------------------------------------


@pytest.mark.parametrize("case", KNOWN["cases"], ids=[case["name"] for case in KNOWN["cases"]])
def test_it_matches_the_hand_worked_morale_table(case):
    given_input = dict(case["input"])
    odds = morale_odds(MoraleTest(tier=Tier(given_input.pop("tier")), **given_input))
    expected = case["expected"]
    assert odds.morale_value == expected["morale_value"]
    assert odds.pass_probability == pytest.approx(float(Fraction(expected["pass"])), abs=EXACT)
    assert odds.waver_probability == pytest.approx(float(Fraction(expected["waver"])), abs=EXACT)
    assert odds.rout_probability == pytest.approx(float(Fraction(expected["rout"])), abs=EXACT)


def test_the_known_answers_cover_every_tier_value_and_the_reroll():
    cases = KNOWN["cases"]
    assert {case["input"]["tier"] for case in cases} == {tier.value for tier in Tier}
    values = {case["expected"]["morale_value"] for case in cases}
    assert values == {None, 4, 5, 6, 7, 8, 9}
    aura_values = {
        case["expected"]["morale_value"]
        for case in cases
        if case["input"].get("command_aura") and not case["input"].get("undead_or_mechanical")
    }
    assert aura_values == {4, 5, 6, 7, 8, 9}


def _oracle(value: int, reroll: bool) -> tuple[float, float, float]:
    """The test rolled out by icepool: 2D6 against the value, the reroll as a second roll."""
    roll = icepool.d6 + icepool.d6
    one = roll.map(
        lambda total: "pass" if total <= value else "waver" if total <= value + 2 else "rout"
    )
    result = icepool.map(lambda first, second: second if first != "pass" else first, one, one)
    if not reroll:
        result = one
    pass_p, waver_p, rout_p = (float(result.probability(o)) for o in ("pass", "waver", "rout"))
    return pass_p, waver_p, rout_p


@pytest.mark.parametrize(
    "flags", list(itertools.product([False, True], repeat=4)), ids=lambda flags: str(flags)
)
@pytest.mark.parametrize("tier", list(Tier))
def test_every_combination_agrees_with_icepool(tier, flags):
    last_hero, quarter, fear, aura = flags
    odds = morale_odds(
        MoraleTest(
            tier,
            last_hero_slain=last_hero,
            below_quarter_wounds=quarter,
            fear_nearby=fear,
            command_aura=aura,
        )
    )
    base = {Tier.BASELINE: 7, Tier.MOUNTED: 7, Tier.ELITE: 8, Tier.HERO: 9}[tier]
    value = base - last_hero - quarter - fear
    assert odds.morale_value == value
    expected = _oracle(value, aura)
    got = (odds.pass_probability, odds.waver_probability, odds.rout_probability)
    assert got == pytest.approx(expected, abs=EXACT)


# --- properties -------------------------------------------------------------------------------


@given(morale_tests)
def test_the_three_results_are_probabilities_summing_to_one(test):
    odds = morale_odds(test)
    results = (odds.pass_probability, odds.waver_probability, odds.rout_probability)
    assert all(0.0 <= p <= 1.0 for p in results)
    assert sum(results) == pytest.approx(1.0, abs=EXACT)


@given(morale_tests)
def test_the_aura_never_lowers_the_pass_chance_nor_raises_waver_or_rout(test):
    without = morale_odds(replace(test, command_aura=False))
    with_aura = morale_odds(replace(test, command_aura=True))
    assert with_aura.pass_probability >= without.pass_probability
    assert with_aura.waver_probability <= without.waver_probability
    assert with_aura.rout_probability <= without.rout_probability


@given(morale_tests, st.sampled_from(MODIFIERS))
def test_a_penalty_never_raises_the_pass_chance_nor_lowers_the_rout_chance(test, modifier):
    without = morale_odds(replace(test, **{modifier: False}))
    with_penalty = morale_odds(replace(test, **{modifier: True}))
    assert with_penalty.pass_probability <= without.pass_probability
    assert with_penalty.rout_probability >= without.rout_probability


# --- input checks -----------------------------------------------------------------------------


def test_it_rejects_an_unknown_tier_and_a_non_boolean_flag_together():
    with pytest.raises(InvalidInput) as caught:
        morale_odds(MoraleTest(tier="champion", fear_nearby="yes"))  # type: ignore[arg-type]
    problems = caught.value.problems
    assert set(problems) == {"tier", "fear_nearby"}
    assert "baseline, mounted, elite, hero" in problems["tier"][0]
    assert "'champion'" in problems["tier"][0]


@pytest.mark.parametrize(
    "flag",
    [
        "last_hero_slain",
        "below_quarter_wounds",
        "fear_nearby",
        "command_aura",
        "undead_or_mechanical",
    ],
)
def test_it_names_each_flag_that_is_not_true_or_false(flag):
    with pytest.raises(InvalidInput) as caught:
        morale_odds(replace(MoraleTest(Tier.BASELINE), **{flag: 1}))  # type: ignore[arg-type]
    assert set(caught.value.problems) == {flag}


def test_the_invalid_input_error_is_a_value_error_naming_the_first_field():
    with pytest.raises(ValueError, match="Tier must be one of") as caught:
        morale_odds(MoraleTest(tier="x"))  # type: ignore[arg-type]
    assert caught.value.field == "tier"  # type: ignore[attr-defined]


# --- who must test (10.1, 10.3, R14, R15) -----------------------------------------------------


@pytest.mark.parametrize(
    ("starting", "lost", "required"),
    [
        (4, 2, True),
        (4, 1, False),
        (3, 1, False),
        (3, 2, True),
        (1, 1, True),
        (5, 3, True),
        (5, 2, False),
    ],
)
def test_losing_half_or_more_of_the_starting_wounds_this_turn_forces_a_test(
    starting, lost, required
):
    verdict = must_test(MoraleTrigger(starting_wounds=starting, wounds_lost_this_turn=lost))
    assert verdict.required is required
    if required:
        assert [step.rule for step in verdict.reasons] == ["10.1, R14"]
        noun = "wound" if lost == 1 else "wounds"
        assert f"lost {lost} {noun} this turn, of {starting} starting wounds" in (
            verdict.reasons[0].text
        )


def test_a_friendly_model_destroyed_within_six_inches_forces_a_test():
    verdict = must_test(MoraleTrigger(starting_wounds=3, friendly_destroyed_within_6=True))
    assert verdict.required is True
    assert [step.rule for step in verdict.reasons] == ["10.1"]


def test_a_routing_model_tests_to_rally():
    verdict = must_test(MoraleTrigger(starting_wounds=3, routing=True))
    assert verdict.required is True
    assert [step.rule for step in verdict.reasons] == ["10.3, R15"]
    assert "Rally" in verdict.reasons[0].text


def test_it_lists_every_reason_that_applies():
    verdict = must_test(
        MoraleTrigger(
            starting_wounds=2,
            wounds_lost_this_turn=1,
            friendly_destroyed_within_6=True,
            routing=True,
        )
    )
    assert verdict.required is True
    assert [step.rule for step in verdict.reasons] == ["10.1, R14", "10.1", "10.3, R15"]


def test_a_model_with_no_trigger_does_not_test_and_is_told_why():
    verdict = must_test(MoraleTrigger(starting_wounds=6, wounds_lost_this_turn=2))
    assert verdict.required is False
    assert len(verdict.reasons) == 1
    assert "2 of its 6" in verdict.reasons[0].text
    assert "not routing" in verdict.reasons[0].text


def test_an_undead_or_mechanical_model_never_tests_whatever_happened():
    verdict = must_test(
        MoraleTrigger(
            starting_wounds=2,
            wounds_lost_this_turn=2,
            friendly_destroyed_within_6=True,
            routing=True,
            undead_or_mechanical=True,
        )
    )
    assert verdict.required is False
    assert len(verdict.reasons) == 1
    assert "immune" in verdict.reasons[0].text
    assert "A11" in verdict.reasons[0].rule


def test_a_model_may_lose_more_than_its_starting_wounds_in_a_turn_after_regenerating():
    verdict = must_test(MoraleTrigger(starting_wounds=4, wounds_lost_this_turn=5))
    assert verdict.required is True
    assert verdict.reasons[0].rule == "10.1, R14, R30"
    assert "Regeneration" in verdict.reasons[0].text


@given(
    starting=st.integers(1, 99),
    lost=st.integers(0, 99),
    friendly=st.booleans(),
    routing=st.booleans(),
)
def test_a_test_is_required_exactly_when_some_reason_applies(starting, lost, friendly, routing):
    verdict = must_test(
        MoraleTrigger(
            starting_wounds=starting,
            wounds_lost_this_turn=lost,
            friendly_destroyed_within_6=friendly,
            routing=routing,
        )
    )
    expected = Fraction(lost, starting) >= Fraction(1, 2) or friendly or routing
    assert verdict.required is expected
    assert len(verdict.reasons) == max(1, (2 * lost >= starting) + friendly + routing)


def test_it_rejects_every_bad_trigger_field_at_once():
    with pytest.raises(InvalidInput) as caught:
        must_test(
            MoraleTrigger(
                starting_wounds=0,
                wounds_lost_this_turn=-1,
                friendly_destroyed_within_6=None,  # type: ignore[arg-type]
                routing="no",  # type: ignore[arg-type]
                undead_or_mechanical=0,  # type: ignore[arg-type]
            )
        )
    problems = caught.value.problems
    assert set(problems) == {
        "starting_wounds",
        "wounds_lost_this_turn",
        "friendly_destroyed_within_6",
        "routing",
        "undead_or_mechanical",
    }
    assert problems["starting_wounds"] == ["Starting wounds must be between 1 and 99 (got 0)."]
    assert problems["wounds_lost_this_turn"] == [
        "Wounds lost this turn must be between 0 and 99 (got -1)."
    ]


@pytest.mark.parametrize("bad", [100, 2.5, True, None, "3"])
def test_it_rejects_starting_wounds_that_are_not_a_whole_number_in_range(bad):
    with pytest.raises(InvalidInput) as caught:
        must_test(MoraleTrigger(starting_wounds=bad))
    assert set(caught.value.problems) == {"starting_wounds"}


# --- below a quarter (R14) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("starting", "remaining", "below"),
    [
        (16, 3, True),
        (16, 4, False),
        (5, 1, True),
        (4, 1, False),
        (3, 1, False),
        (8, 1, True),
        (8, 2, False),
        (1, 1, False),
        (99, 24, True),
        (99, 25, False),
    ],
)
def test_below_a_quarter_means_fewer_wounds_left_than_a_quarter_of_the_start(
    starting, remaining, below
):
    assert below_quarter(starting, remaining) is below


def test_below_a_quarter_rejects_more_wounds_left_than_it_started_with():
    with pytest.raises(InvalidInput) as caught:
        below_quarter(3, 4)
    assert caught.value.problems == {
        "wounds_remaining": ["Wounds remaining must be between 1 and 3 (got 4)."]
    }


def test_below_a_quarter_reports_both_bad_numbers():
    with pytest.raises(InvalidInput) as caught:
        below_quarter(0, 0)
    assert set(caught.value.problems) == {"starting_wounds", "wounds_remaining"}


def test_it_says_one_wound_not_one_wounds():
    verdict = must_test(MoraleTrigger(starting_wounds=2, wounds_lost_this_turn=1))
    assert verdict.reasons[0].text.startswith("It lost 1 wound this turn, of 2 starting wounds")


# --- How many wounds a model can lose in a turn (4.6, R30) -----------------------------------


def test_it_refuses_more_wounds_lost_than_the_model_had_when_none_were_given_back():
    with pytest.raises(InvalidInput) as caught:
        must_test(MoraleTrigger(starting_wounds=2, wounds_lost_this_turn=5, wounds_given_back=0))
    (message,) = caught.value.problems["wounds_lost_this_turn"]
    assert message.startswith("At most 2, its starting wounds")
    assert "R30" in message and "got 5" in message


def test_wounds_given_back_this_turn_can_be_lost_again():
    verdict = must_test(
        MoraleTrigger(starting_wounds=2, wounds_lost_this_turn=5, wounds_given_back=3)
    )
    assert verdict.required is True
    assert verdict.reasons[0].rule == "10.1, R14, R30"


def test_it_names_the_wounds_given_back_in_the_limit():
    with pytest.raises(InvalidInput) as caught:
        must_test(MoraleTrigger(starting_wounds=2, wounds_lost_this_turn=5, wounds_given_back=1))
    assert caught.value.problems["wounds_lost_this_turn"] == [
        "At most 3: 2 starting wounds and 1 given back this turn (R30); got 5."
    ]


def test_wounds_given_back_must_be_a_whole_number_in_range():
    with pytest.raises(InvalidInput) as caught:
        must_test(MoraleTrigger(starting_wounds=2, wounds_lost_this_turn=1, wounds_given_back=-1))
    assert set(caught.value.problems) == {"wounds_given_back"}


@given(
    starting=st.integers(1, 99),
    lost=st.integers(0, 99),
    given_back=st.integers(0, 99),
)
def test_a_model_loses_at_most_its_starting_wounds_and_those_given_back(starting, lost, given_back):
    trigger = MoraleTrigger(
        starting_wounds=starting, wounds_lost_this_turn=lost, wounds_given_back=given_back
    )
    if lost <= starting + given_back:
        assert must_test(trigger).required is (2 * lost >= starting)
    else:
        with pytest.raises(InvalidInput):
            must_test(trigger)
