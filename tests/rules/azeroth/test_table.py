"""The table rules a tracker applies: Mana (8.1, A13), deployment (3.3), activation order
(5.1), the Morale Phase (10; A10, A11, R61), Regeneration and Summon [X] (4.6, R62)."""

from __future__ import annotations

import pytest

from referee.rules.azeroth.morale import morale_odds
from referee.rules.azeroth.profiles import MoraleTest, Tier
from referee.rules.azeroth.table import (
    MoraleFacts,
    MoraleOutcome,
    Player,
    deployment,
    edge_roll_off,
    first_activator,
    mana_income,
    morale_result,
    morale_stage,
    next_activator,
    regenerate,
    summon_expires,
)
from referee.rules.azeroth.units import BattleSize
from referee.rules.errors import InvalidInput


def said(steps: tuple[object, ...]) -> str:
    return " | ".join(f"{s.rule}: {s.text}" for s in steps)  # type: ignore[attr-defined]


# --- Mana income ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "base"),
    [(BattleSize.SKIRMISH, 2), (BattleSize.STANDARD, 3), (BattleSize.LARGE, 4)],
)
def test_it_starts_income_from_the_battle_sizes_base(size, base):
    mana = mana_income(size, 0, 0, 0, False, 0)
    assert (mana.base, mana.income, mana.pool_after, mana.lost) == (base, base, base, 0)


def test_it_adds_one_per_hero_one_per_magical_model_and_one_per_objective():
    # Standard 3 + 2 Heroes + 1 Magical + 2 objectives = 8, onto 1 in the pool.
    mana = mana_income(BattleSize.STANDARD, 2, 1, 2, True, 1)
    assert (mana.heroes, mana.magical, mana.objectives, mana.income) == (2, 1, 2, 8)
    assert mana.pool_after == 9 and mana.lost == 0
    text = said(mana.explanation)
    assert "2 surviving Heroes: +2" in text
    assert "1 surviving Magical model that is not a Hero: +1" in text
    assert "2 controlled objectives: +2" in text
    assert "Mana pool now 9" in text


def test_it_gives_nothing_for_objectives_when_the_scenario_does_not():
    mana = mana_income(BattleSize.SKIRMISH, 0, 0, 2, False, 0)
    assert mana.objectives == 0 and mana.income == 2
    assert "no Mana for objectives" in said(mana.explanation)


def test_it_leaves_objectives_out_of_the_breakdown_when_there_are_none_and_no_grant():
    mana = mana_income(BattleSize.SKIRMISH, 0, 0, 0, False, 0)
    assert "objective" not in said(mana.explanation)


def test_it_caps_the_pool_at_ten_and_reports_what_was_lost():
    # Large 4 + 3 Heroes + 2 Magical = 9, onto 6: 15, capped at 10, 5 lost.
    mana = mana_income(BattleSize.LARGE, 3, 2, 0, False, 6)
    assert (mana.income, mana.pool_after, mana.lost) == (9, 10, 5)
    assert "5 Mana lost" in said(mana.explanation)
    assert "A13" in said(mana.explanation)


def test_it_loses_nothing_when_the_pool_lands_exactly_on_ten():
    mana = mana_income(BattleSize.STANDARD, 1, 0, 0, False, 6)
    assert (mana.pool_after, mana.lost) == (10, 0)
    assert "lost" not in said(mana.explanation)


def test_it_names_every_bad_mana_input():
    with pytest.raises(InvalidInput) as caught:
        mana_income("huge", -1, 1.5, 4, "yes", 11)  # type: ignore[arg-type]
    assert set(caught.value.problems) == {
        "battle_size",
        "surviving_heroes",
        "surviving_magical_non_heroes",
        "controlled_objectives",
        "scenario_grants_objective_mana",
        "pool_before",
    }


# --- Deployment -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "depth"),
    [(BattleSize.SKIRMISH, 3), (BattleSize.STANDARD, 5), (BattleSize.LARGE, 6)],
)
def test_it_gives_the_deployment_zone_depth_of_each_battle_size(size, depth):
    assert deployment(size, Player.A).depth == depth


@pytest.mark.parametrize("chooser", list(Player))
def test_the_player_who_did_not_choose_the_edge_places_first(chooser):
    placed = deployment(BattleSize.STANDARD, chooser)
    assert placed.first_to_place is chooser.other
    assert "alternate" in said(placed.explanation)


@pytest.mark.parametrize(
    ("dice", "chooser", "placer"), [((6, 3), Player.A, "B"), ((2, 5), Player.B, "A")]
)
def test_the_higher_edge_roll_chooses_the_edge(dice, chooser, placer):
    rolled = edge_roll_off(dice)
    assert rolled.chooser is chooser and not rolled.reroll
    assert f"player {placer} will place the first unit" in said(rolled.explanation)


def test_a_tied_edge_roll_off_is_rolled_again():
    rolled = edge_roll_off((3, 3))
    assert rolled.chooser is None and rolled.reroll
    assert "R63" in said(rolled.explanation)


@pytest.mark.parametrize(
    ("dice", "field"), [((0, 3), "roll_off.0"), ((3, 9), "roll_off.1"), ([3, 4], "roll_off")]
)
def test_it_rejects_a_bad_edge_roll_off(dice, field):
    with pytest.raises(InvalidInput) as caught:
        edge_roll_off(dice)
    assert field in caught.value.problems


def test_it_rejects_a_bad_deployment_input():
    with pytest.raises(InvalidInput) as caught:
        deployment("huge", "c")  # type: ignore[arg-type]
    assert set(caught.value.problems) == {"battle_size", "edge_chooser"}


# --- Who activates first ----------------------------------------------------------------------


@pytest.mark.parametrize("second", list(Player))
def test_round_one_goes_to_the_player_who_deployed_second(second):
    first = first_activator(1, second)
    assert first.player is second and not first.reroll
    assert "deployed second" in said(first.explanation)


def test_round_one_ignores_no_roll_off_and_needs_none():
    assert first_activator(1, Player.B, (6, 1)).player is Player.B


@pytest.mark.parametrize(("dice", "winner"), [((5, 2), Player.A), ((1, 6), Player.B)])
def test_later_rounds_go_to_the_higher_roll(dice, winner):
    first = first_activator(3, Player.A, dice)
    assert first.player is winner and not first.reroll


def test_a_tied_roll_off_asks_for_a_reroll_and_names_nobody():
    first = first_activator(2, Player.A, (4, 4))
    assert first.player is None and first.reroll
    assert "roll off again" in said(first.explanation)


def test_a_later_round_without_a_roll_off_is_refused():
    with pytest.raises(InvalidInput) as caught:
        first_activator(2, Player.A)
    assert "roll_off" in caught.value.problems


@pytest.mark.parametrize(
    ("round_number", "roll_off", "field"),
    [
        (0, None, "round_number"),
        (7, (1, 2), "round_number"),
        (2, (0, 3), "roll_off.0"),
        (2, (3, 7), "roll_off.1"),
        (2, (3,), "roll_off"),
    ],
)
def test_it_rejects_a_bad_round_or_roll_off(round_number, roll_off, field):
    with pytest.raises(InvalidInput) as caught:
        first_activator(round_number, Player.A, roll_off)
    assert field in caught.value.problems


def test_it_rejects_a_bad_deployed_second_player():
    with pytest.raises(InvalidInput) as caught:
        first_activator(1, "x")  # type: ignore[arg-type]
    assert "deployed_second" in caught.value.problems


# --- Alternating activations ------------------------------------------------------------------


def test_the_first_activation_goes_to_the_first_player():
    assert next_activator(Player.B, None, 3, 3).player is Player.B


def test_the_first_player_with_nothing_to_activate_passes_to_the_other():
    nxt = next_activator(Player.B, None, 3, 0)
    assert nxt.player is Player.A
    assert "no model left" in said(nxt.explanation)


def test_players_alternate_one_model_at_a_time():
    assert next_activator(Player.A, Player.A, 2, 2).player is Player.B
    assert next_activator(Player.A, Player.B, 2, 2).player is Player.A


def test_a_player_with_models_left_activates_the_rest_when_the_other_has_none():
    nxt = next_activator(Player.A, Player.A, 2, 0)
    assert nxt.player is Player.A
    assert "remaining models one at a time" in said(nxt.explanation)


def test_the_phase_ends_when_nobody_has_a_model_left():
    nxt = next_activator(Player.A, Player.B, 0, 0)
    assert nxt.player is None
    assert "Morale" in said(nxt.explanation)


def test_a_whole_phase_alternates_then_runs_out_one_side():
    left = {Player.A: 2, Player.B: 4}
    order: list[Player] = []
    last = None
    while True:
        nxt = next_activator(Player.A, last, left[Player.A], left[Player.B])
        if nxt.player is None:
            break
        order.append(nxt.player)
        left[nxt.player] -= 1
        last = nxt.player
    assert "".join(p.value for p in order) == "ababbb"


def test_it_rejects_bad_activation_counts_and_players():
    with pytest.raises(InvalidInput) as caught:
        next_activator("x", "y", -1, True)  # type: ignore[arg-type]
    assert set(caught.value.problems) == {"first", "last", "a_models_left", "b_models_left"}


# --- Morale stage -----------------------------------------------------------------------------


def facts(**changes: object) -> MoraleFacts:
    base: dict[str, object] = {
        "label": "Grunt",
        "tier": Tier.BASELINE,
        "starting_wounds": 4,
        "wounds_remaining": 4,
    }
    base.update(changes)
    return MoraleFacts(**base)  # type: ignore[arg-type]


def test_an_untouched_model_need_not_test_and_has_no_odds():
    (check,) = morale_stage([facts()])
    assert check.label == "Grunt"
    assert not check.must_test.required and check.odds is None


def test_a_model_that_lost_half_its_wounds_tests_with_the_engines_odds():
    (check,) = morale_stage([facts(wounds_lost_this_turn=2, wounds_remaining=2)])
    assert check.must_test.required
    assert check.odds == morale_odds(MoraleTest(Tier.BASELINE))
    assert "half or more" in said(check.must_test.reasons)


def test_a_nearby_loss_makes_a_model_test():
    (check,) = morale_stage([facts(friendly_destroyed_within_6=True)])
    assert check.must_test.required
    assert 'destroyed within 6"' in said(check.must_test.reasons)


def test_the_quarter_wounds_penalty_comes_from_the_wounds_remaining():
    # 3 of 16 left is below a quarter (R14): Elite 8 - 1 = 7.
    (check,) = morale_stage(
        [facts(tier=Tier.ELITE, starting_wounds=16, wounds_remaining=3, routing=True)]
    )
    assert check.odds is not None and check.odds.morale_value == 7
    (check,) = morale_stage(
        [facts(tier=Tier.ELITE, starting_wounds=16, wounds_remaining=4, routing=True)]
    )
    assert check.odds is not None and check.odds.morale_value == 8


def test_fear_the_last_hero_and_an_aura_reach_the_odds():
    (check,) = morale_stage(
        [
            facts(
                tier=Tier.HERO,
                friendly_destroyed_within_6=True,
                fear_nearby=True,
                last_hero_slain=True,
                command_aura=True,
            )
        ]
    )
    assert check.odds == morale_odds(
        MoraleTest(Tier.HERO, last_hero_slain=True, fear_nearby=True, command_aura=True)
    )
    assert check.odds.morale_value == 7 and check.odds.reroll


def test_undead_never_test_whatever_happened():
    (check,) = morale_stage(
        [facts(undead_or_mechanical=True, wounds_lost_this_turn=3, wounds_remaining=1)]
    )
    assert not check.must_test.required and check.odds is None
    assert "immune" in said(check.must_test.reasons)


def test_it_keeps_the_order_and_labels_of_the_models():
    checks = morale_stage([facts(label="one"), facts(label="two", routing=True)])
    assert [c.label for c in checks] == ["one", "two"]
    assert [c.must_test.required for c in checks] == [False, True]


def test_an_empty_army_has_nothing_to_test():
    assert morale_stage([]) == ()


def test_it_names_each_bad_model_field_by_position():
    with pytest.raises(InvalidInput) as caught:
        morale_stage(
            [
                facts(),
                facts(
                    tier="grunt",
                    starting_wounds=0,
                    wounds_remaining=0,
                    wounds_lost_this_turn=-1,
                    fear_nearby="no",
                ),
            ]
        )
    assert set(caught.value.problems) == {
        "models.1.tier",
        "models.1.starting_wounds",
        "models.1.wounds_remaining",
        "models.1.wounds_lost_this_turn",
        "models.1.fear_nearby",
    }


def test_it_refuses_more_wounds_remaining_than_starting():
    with pytest.raises(InvalidInput) as caught:
        morale_stage([facts(starting_wounds=3, wounds_remaining=4)])
    assert "cannot exceed" in caught.value.problems["models.0.wounds_remaining"][0]


# --- Morale results ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "roll", "outcome", "by"),
    [
        (7, 2, MoraleOutcome.PASS, 0),
        (7, 7, MoraleOutcome.PASS, 0),
        (7, 8, MoraleOutcome.WAVER, 1),
        (7, 9, MoraleOutcome.WAVER, 2),
        (7, 10, MoraleOutcome.ROUT, 3),
        (9, 12, MoraleOutcome.ROUT, 3),
        (6, 12, MoraleOutcome.ROUT, 6),
    ],
)
def test_it_passes_wavers_or_routs_by_the_margin(value, roll, outcome, by):
    result = morale_result(value, roll)
    assert (result.outcome, result.failed_by, result.roll_used) == (outcome, by, roll)


def test_a_waver_explains_what_the_model_may_still_do():
    assert "grounded" in said(morale_result(7, 8).explanation)


def test_a_rout_explains_the_flight():
    assert "flees" in said(morale_result(7, 11).explanation)


def test_a_command_aura_reroll_replaces_the_failed_roll():
    result = morale_result(7, 11, 6)
    assert result.outcome is MoraleOutcome.PASS and result.roll_used == 6
    assert "A10" in said(result.explanation)


def test_the_reroll_stands_even_when_it_is_worse():
    result = morale_result(7, 8, 12)
    assert result.outcome is MoraleOutcome.ROUT and result.failed_by == 5


def test_a_passed_test_cannot_be_rerolled():
    with pytest.raises(InvalidInput) as caught:
        morale_result(7, 7, 3)
    assert "Only a failed test" in caught.value.problems["rerolled_total"][0]


def test_a_routing_model_that_passes_rallies():
    result = morale_result(8, 8, routing=True)
    assert result.outcome is MoraleOutcome.RALLY
    assert "Wavering" in said(result.explanation)


@pytest.mark.parametrize("roll", [9, 12])
def test_a_routing_model_that_fails_by_any_margin_flees_on(roll):
    result = morale_result(8, roll, routing=True)
    assert result.outcome is MoraleOutcome.FLEE
    assert "R61" in said(result.explanation)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ((0, 7), "morale_value"),
        ((7, 1), "roll_total"),
        ((7, 13), "roll_total"),
        ((7, 9, 13), "rerolled_total"),
        ((7, True), "roll_total"),
    ],
)
def test_it_rejects_impossible_morale_numbers(args, field):
    with pytest.raises(InvalidInput) as caught:
        morale_result(*args)
    assert field in caught.value.problems


def test_it_rejects_a_routing_flag_that_is_not_a_bool():
    with pytest.raises(InvalidInput) as caught:
        morale_result(7, 7, routing="yes")  # type: ignore[arg-type]
    assert "routing" in caught.value.problems


# --- Regeneration -----------------------------------------------------------------------------


def test_regeneration_recovers_x_lost_wounds():
    regen = regenerate(2, 6, 2, False)
    assert (regen.wounds_left, regen.healed) == (4, 2)
    assert "2 -> 4 of 6" in said(regen.explanation)


def test_regeneration_never_goes_above_the_starting_wounds():
    regen = regenerate(5, 6, 3, False)
    assert (regen.wounds_left, regen.healed) == (6, 1)
    assert "1 wound," in said(regen.explanation)


def test_regeneration_of_an_unhurt_model_recovers_nothing():
    regen = regenerate(6, 6, 2, False)
    assert regen.healed == 0
    assert "nothing to recover" in said(regen.explanation)


def test_regeneration_zero_recovers_nothing():
    regen = regenerate(3, 6, 0, False)
    assert (regen.wounds_left, regen.healed) == (3, 0)
    assert "recovers nothing" in said(regen.explanation)


def test_undead_and_mechanical_models_cannot_regenerate():
    regen = regenerate(2, 6, 3, True)
    assert (regen.wounds_left, regen.healed) == (2, 0)
    assert "cannot be healed" in said(regen.explanation)


def test_it_rejects_bad_regeneration_inputs():
    with pytest.raises(InvalidInput) as caught:
        regenerate(7, 6, -1, "no")  # type: ignore[arg-type]
    assert set(caught.value.problems) == {"wounds_left", "x", "undead_or_mechanical"}


def test_a_destroyed_model_does_not_regenerate():
    with pytest.raises(InvalidInput) as caught:
        regenerate(0, 6, 2, False)
    assert "wounds_left" in caught.value.problems


# --- Summon [X] -------------------------------------------------------------------------------


def test_a_summoned_unit_counts_its_first_round():
    status = summon_expires(2, 2, 2)
    assert (status.rounds_left, status.expired, status.last_round) == (2, False, 3)
    assert "removed at the end of round 3" in said(status.explanation)


def test_a_summoned_unit_is_in_its_last_round():
    status = summon_expires(2, 2, 3)
    assert (status.rounds_left, status.expired) == (1, False)
    assert "1 round left" in said(status.explanation)


def test_a_summoned_unit_is_gone_once_its_rounds_are_up():
    status = summon_expires(2, 2, 4)
    assert (status.rounds_left, status.expired) == (0, True)
    assert "R62" in said(status.explanation)


def test_a_summon_cannot_be_asked_about_before_it_happened():
    with pytest.raises(InvalidInput) as caught:
        summon_expires(3, 1, 2)
    assert "before the unit was summoned" in caught.value.problems["current_round"][0]


def test_it_rejects_bad_summon_inputs():
    with pytest.raises(InvalidInput) as caught:
        summon_expires(0, 0, 7)
    assert set(caught.value.problems) == {"summoned_round", "x", "current_round"}
