"""Properties of the table rules (8.1, A13, 5.1, 10.3, 11) over every input Hypothesis finds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.rules.azeroth.table import (
    MANA_CAP,
    ArmyStanding,
    MoraleOutcome,
    ObjectiveFacts,
    Player,
    annihilation_result,
    assassination_result,
    hold_the_line_result,
    mana_income,
    morale_result,
    next_activator,
    regenerate,
)
from referee.rules.azeroth.units import BattleSize

counts = st.integers(0, 99)
points = st.integers(0, 5000)
rounds = st.integers(0, 6)
standings = st.builds(
    ArmyStanding,
    units_remaining=st.integers(0, 20),
    points_destroyed=points,
    surviving_wounds=st.integers(0, 200),
    remaining_points=points,
    warlord_slain=st.booleans(),
)
objectives = st.lists(
    st.builds(ObjectiveFacts, a_within_3=st.booleans(), b_within_3=st.booleans()), max_size=3
)


def swap(result_winner: Player | None) -> Player | None:
    return None if result_winner is None else result_winner.other


@given(
    st.sampled_from(BattleSize),
    counts,
    counts,
    st.integers(0, 3),
    st.booleans(),
    st.integers(0, 10),
)
def test_the_pool_never_exceeds_ten_and_nothing_goes_missing(
    size, heroes, magical, held, granted, before
):
    mana = mana_income(size, heroes, magical, held, granted, before)
    assert 0 <= mana.pool_after <= MANA_CAP
    assert mana.income >= mana.base > 0
    assert mana.lost >= 0
    assert mana.pool_before + mana.income == mana.pool_after + mana.lost
    assert mana.income == mana.base + mana.heroes + mana.magical + mana.objectives


@given(standings, standings, rounds)
def test_annihilation_is_symmetric_when_players_swap(a, b, done):
    one, two = annihilation_result(a, b, done), annihilation_result(b, a, done)
    assert one.outcome is two.outcome
    assert one.winner == swap(two.winner)


@given(points, points, objectives, rounds)
def test_hold_the_line_is_symmetric_when_players_swap(a, b, objs, done):
    swapped = [ObjectiveFacts(o.b_within_3, o.a_within_3) for o in objs]
    one = hold_the_line_result(a, b, objs, done)
    two = hold_the_line_result(b, a, swapped, done)
    assert one.outcome is two.outcome
    assert one.winner == swap(two.winner)
    assert one.score[Player.A] == two.score[Player.B]


@given(standings, standings, rounds)
def test_assassination_is_symmetric_when_players_swap(a, b, done):
    one, two = assassination_result(a, b, done), assassination_result(b, a, done)
    assert one.outcome is two.outcome
    assert one.winner == swap(two.winner)


@given(st.integers(0, 10), st.integers(0, 10), st.sampled_from(Player))
def test_every_model_activates_exactly_once(a_count, b_count, first):
    left = {Player.A: a_count, Player.B: b_count}
    last = None
    steps = 0
    while (nxt := next_activator(first, last, left[Player.A], left[Player.B])).player:
        assert left[nxt.player] > 0
        left[nxt.player] -= 1
        last = nxt.player
        steps += 1
    assert steps == a_count + b_count


@given(st.integers(1, 12), st.integers(2, 12), st.booleans())
def test_morale_outcome_follows_the_margin(value, roll, routing):
    result = morale_result(value, roll, routing=routing)
    passed = roll <= value
    if routing:
        assert result.outcome is (MoraleOutcome.RALLY if passed else MoraleOutcome.FLEE)
    elif passed:
        assert result.outcome is MoraleOutcome.PASS
    else:
        expected = MoraleOutcome.WAVER if roll - value <= 2 else MoraleOutcome.ROUT
        assert result.outcome is expected


@given(st.integers(1, 99), st.integers(0, 99), st.booleans(), st.data())
def test_regeneration_stays_within_the_starting_wounds(starting, x, undead, data):
    left = data.draw(st.integers(1, starting))
    regen = regenerate(left, starting, x, undead)
    assert left <= regen.wounds_left <= starting
    assert regen.healed <= x
    if undead:
        assert regen.healed == 0
