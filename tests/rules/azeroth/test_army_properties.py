"""Properties of army validation that hold for any well-shaped list (Hypothesis)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from referee.rules.azeroth.army import (
    MAX_POINTS_LIMIT,
    MAX_UNIT_POINTS,
    army_from_dict,
    army_to_dict,
    army_to_text,
    find_unit,
    parse_army_text,
    validate_army,
)
from referee.rules.azeroth.profiles import Tier
from referee.rules.azeroth.units import ArmyLine, ArmyList, BattleSize, InlineUnit, TierLimit
from referee.rules.errors import InvalidInput
from referee.rules.lists import (
    DUPLICATE_UNIQUE,
    NO_HERO,
    OVER_POINTS,
    TIER_MAX,
    TIER_MIN,
    UNIT_COUNT,
    UNKNOWN_ENTRY,
    WRONG_FACTION,
    Severity,
)
from referee.rules.textlists import MAX_COUNT
from tests.rules.azeroth.test_army import ALLIANCE, CATALOG, HORDE, totals_of

CODES = {
    OVER_POINTS,
    NO_HERO,
    DUPLICATE_UNIQUE,
    TIER_MIN,
    TIER_MAX,
    UNIT_COUNT,
    UNKNOWN_ENTRY,
    WRONG_FACTION,
}
REFS = [*CATALOG, *(u.name for u in CATALOG.values()), "Orc Gruntt", "Nobody"]

names = st.text(min_size=1, max_size=20).filter(lambda s: s.strip())
tiers = st.lists(st.sampled_from(list(Tier)), min_size=1, max_size=2, unique=True).map(tuple)
inline_units = st.builds(
    InlineUnit,
    name=names,
    points=st.integers(0, MAX_UNIT_POINTS),
    tiers=tiers,
    unique=st.booleans(),
    faction=st.sampled_from([None, "horde", "alliance"]),
)
counts = st.integers(0, 20) | st.integers(0, MAX_COUNT)
catalog_lines = st.builds(ArmyLine, count=counts, ref=st.sampled_from(REFS))
inline_lines = st.builds(ArmyLine, count=counts, inline=inline_units)
army_lines = st.lists(catalog_lines | inline_lines, max_size=20).map(tuple)


@st.composite
def limits(draw: st.DrawFn) -> TierLimit:
    low = draw(st.integers(0, 10))
    return TierLimit(min=low, max=draw(st.integers(low, 20)))


compositions = st.none() | st.dictionaries(st.sampled_from(list(Tier)), limits())
armies = st.builds(
    ArmyList,
    battle_size=st.sampled_from(list(BattleSize)),
    lines=army_lines,
    points_limit=st.none() | st.integers(1, MAX_POINTS_LIMIT),
    faction=st.sampled_from([None, HORDE, ALLIANCE]),
    composition=compositions,
)


def points_of(line: ArmyLine) -> int:
    if line.inline is not None:
        return line.inline.points
    unit = find_unit(line.ref, CATALOG)
    return 0 if unit is None else unit.points


@given(armies)
def test_it_never_raises_on_a_well_shaped_list_and_uses_only_known_codes(army):
    report = validate_army(army, CATALOG)
    assert {problem.code for problem in report.problems} <= CODES
    assert report.valid == all(p.severity is Severity.WARNING for p in report.problems)
    json.dumps(totals_of(report))  # a builder page and the API send the totals as they are


@given(armies)
def test_its_total_points_are_the_sum_of_count_times_points(army):
    expected = sum(line.count * points_of(line) for line in army.lines)
    assert totals_of(validate_army(army, CATALOG))["total_points"] == expected


@given(armies, catalog_lines | inline_lines)
def test_adding_a_unit_never_lowers_the_total_points(army, extra):
    before = totals_of(validate_army(army, CATALOG))["total_points"]
    bigger = ArmyList(
        battle_size=army.battle_size,
        lines=(*army.lines, extra),
        points_limit=army.points_limit,
        faction=army.faction,
        composition=army.composition,
    )
    assert totals_of(validate_army(bigger, CATALOG))["total_points"] >= before


@given(armies, st.randoms(use_true_random=False))
def test_the_order_of_the_lines_does_not_change_the_verdict(army, random):
    shuffled = list(army.lines)
    random.shuffle(shuffled)
    other = ArmyList(
        battle_size=army.battle_size,
        lines=tuple(shuffled),
        points_limit=army.points_limit,
        faction=army.faction,
        composition=army.composition,
    )
    first, second = validate_army(army, CATALOG), validate_army(other, CATALOG)
    assert sorted(p.code for p in first.problems) == sorted(p.code for p in second.problems)
    for key in ("total_points", "unit_count", "tier_counts", "mana_income"):
        assert totals_of(first)[key] == totals_of(second)[key]


@given(armies)
def test_a_dual_slot_unit_fills_a_slot_in_each_tier(army):
    totals = totals_of(validate_army(army, CATALOG))
    slots = sum(unit["count"] * len(unit["tiers"]) for unit in totals["units"])
    assert sum(totals["tier_counts"].values()) == slots >= totals["unit_count"]


@given(armies)
def test_its_json_reads_back_to_an_equal_army(army):
    data = army_to_dict(army)
    assert army_from_dict(json.loads(json.dumps(data))) == army
    assert army_to_dict(army_from_dict(data)) == data


@given(st.lists(catalog_lines, max_size=15).map(tuple), st.sampled_from(list(BattleSize)))
def test_its_text_reads_back_to_the_same_text(lines, size):
    army = ArmyList(battle_size=size, lines=lines, faction=HORDE)
    text = army_to_text(army, CATALOG)
    parsed, problems = parse_army_text(text, CATALOG)
    assert problems == ()
    assert army_to_text(ArmyList(battle_size=size, lines=parsed, faction=HORDE), CATALOG) == text


@given(st.text(max_size=200))
def test_it_reads_any_pasted_text_without_raising(text):
    lines, _ = parse_army_text(text, CATALOG)
    validate_army(ArmyList(battle_size=BattleSize.STANDARD, lines=lines), CATALOG)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2000) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "battle_size": st.sampled_from(["large", "huge", 3]) | json_values,
            "points_limit": json_values,
            "faction": json_values,
            "composition": json_values,
            "units": st.lists(
                st.fixed_dictionaries(
                    {},
                    optional={
                        key: json_values
                        for key in ("unit", "count", "name", "points", "tiers", "unique")
                    },
                ),
                max_size=4,
            )
            | json_values,
        },
    )
    | json_values
)
def test_it_refuses_any_unreadable_json_with_invalid_input_only(data: Any):
    try:
        army = army_from_dict(data)
    except InvalidInput as error:
        assert error.problems
    else:
        validate_army(army, CATALOG)
