"""Army list validation (3.1, 4.1, 9.1; A12, R20-R23): every problem at once, with totals.

The small catalog below is built here rather than read from the starter data so these tests
say exactly what they rely on: a Horde and an Alliance faction with composition limits, a
unique named Hero, a dual-slot Mounted + Elite unit and a Magical unit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from referee.rules.azeroth import rulings
from referee.rules.azeroth.army import check_army, find_unit, validate_army
from referee.rules.azeroth.profiles import Tier
from referee.rules.azeroth.units import (
    ArmyLine,
    ArmyList,
    BattleSize,
    Faction,
    InlineUnit,
    TierLimit,
    Unit,
)
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
    Problem,
    Report,
    Severity,
)

BY_CODE = {ruling.code: ruling for ruling in rulings.SHARED + rulings.PROJECT}


def unit(
    slug: str, name: str, faction: str, tiers: tuple[Tier, ...], points: int, **more: Any
) -> Unit:
    stats: dict[str, Any] = dict(mov=6, atk=2, skl=4, strength=3, tgh=3, defense=5, ini=3, wounds=1)
    stats.update(more)
    return Unit(slug=slug, name=name, faction=faction, tiers=tiers, points=points, **stats)


STANDARD_LIMITS = {
    Tier.BASELINE: TierLimit(min=2, max=8),
    Tier.MOUNTED: TierLimit(min=0, max=3),
    Tier.ELITE: TierLimit(min=0, max=2),
    Tier.HERO: TierLimit(min=1, max=2),
}
HORDE = Faction(
    slug="horde",
    name="Horde",
    composition={
        BattleSize.STANDARD: STANDARD_LIMITS,
        BattleSize.SKIRMISH: {Tier.HERO: TierLimit(min=1, max=1)},
    },
)
ALLIANCE = Faction(
    slug="alliance",
    name="Alliance",
    composition={BattleSize.STANDARD: STANDARD_LIMITS},
)

GRUNT = unit("orc-grunt", "Orc Grunt", "horde", (Tier.BASELINE,), 30)
ARCHER = unit("troll-axethrower", "Troll Axethrower", "horde", (Tier.BASELINE,), 35)
WOLF_RIDER = unit("wolf-rider", "Wolf Rider", "horde", (Tier.MOUNTED,), 60)
RAIDER = unit(
    "kor-kron-raider", "Kor'kron Raider", "horde", (Tier.MOUNTED, Tier.ELITE), 120
)  # dual-slot
SHAMAN = unit("orc-shaman", "Orc Shaman", "horde", (Tier.ELITE,), 80, magical=True)
WARCHIEF = unit("orc-warchief", "Orc Warchief", "horde", (Tier.HERO,), 110)
THRALL = unit("thrall", "Thrall", "horde", (Tier.HERO,), 200, unique=True, magical=True)
FOOTMAN = unit("footman", "Footman", "alliance", (Tier.BASELINE,), 30)
PALADIN = unit("paladin", "Paladin", "alliance", (Tier.HERO,), 120)

CATALOG: dict[str, Unit] = {
    u.slug: u
    for u in (GRUNT, ARCHER, WOLF_RIDER, RAIDER, SHAMAN, WARCHIEF, THRALL, FOOTMAN, PALADIN)
}


def lines(*pairs: tuple[int, str]) -> tuple[ArmyLine, ...]:
    return tuple(ArmyLine(count=count, ref=ref) for count, ref in pairs)


def army(*pairs: tuple[int, str], **changes: Any) -> ArmyList:
    base = ArmyList(battle_size=BattleSize.STANDARD, lines=lines(*pairs), faction=HORDE)
    return replace(base, **changes)


# A legal Standard Horde army: 9 units, 530 points, every tier within the Horde table.
LEGAL = (
    (4, "orc-grunt"),
    (2, "troll-axethrower"),
    (1, "wolf-rider"),
    (1, "orc-shaman"),
    (1, "thrall"),
)


def codes(report: Report) -> list[str]:
    return [problem.code for problem in report.problems]


def totals_of(report: Report) -> dict[str, Any]:
    return report.totals


def only(report: Report, code: str) -> Problem:
    (problem,) = [p for p in report.problems if p.code == code]
    return problem


# --- A legal army and its totals -----------------------------------------------------------


def test_it_accepts_a_legal_army_without_any_problem():
    report = validate_army(army(*LEGAL), CATALOG)
    assert report.problems == ()
    assert report.valid


def test_it_totals_points_units_and_tiers_for_a_builder():
    totals = totals_of(validate_army(army(*LEGAL), CATALOG))
    assert totals["total_points"] == 4 * 30 + 2 * 35 + 60 + 80 + 200
    assert totals["points_limit"] == 750
    assert totals["points_left"] == 750 - totals["total_points"]
    assert totals["unit_count"] == 9
    assert totals["unit_range"] == (9, 12)
    assert totals["tier_counts"] == {"baseline": 6, "mounted": 1, "elite": 1, "hero": 1}
    assert totals["tier_limits"] == {
        "baseline": {"min": 2, "max": 8},
        "mounted": {"min": 0, "max": 3},
        "elite": {"min": 0, "max": 2},
        "hero": {"min": 1, "max": 2},
    }
    assert totals["faction"] == "horde"


def test_it_lists_each_merged_unit_with_its_subtotal():
    totals = totals_of(validate_army(army((2, "orc-grunt"), (1, "Orc Grunt")), CATALOG))
    assert totals["units"] == [
        {
            "name": "Orc Grunt",
            "unit": "orc-grunt",
            "count": 3,
            "points": 30,
            "subtotal": 90,
            "tiers": ["baseline"],
            "unique": False,
            "faction": "horde",
            "magical": False,
            "lines": [],
        }
    ]


def test_it_counts_the_mana_a_full_army_brings_each_turn():
    # 8.1, A13: Standard base 3 + 1 Hero (Thrall, Magical but counted once) + 1 Magical Shaman.
    assert totals_of(validate_army(army(*LEGAL), CATALOG))["mana_income"] == 5


def test_it_caps_the_mana_income_at_ten():
    many = army((12, "orc-shaman"), (1, "orc-warchief"), battle_size=BattleSize.LARGE)
    assert totals_of(validate_army(many, CATALOG))["mana_income"] == 10


def test_it_leaves_tier_limits_empty_when_the_faction_has_no_table_for_the_size():
    large = army(*LEGAL, battle_size=BattleSize.LARGE)
    totals = totals_of(validate_army(large, CATALOG))
    assert totals["tier_limits"] == {}
    assert not {TIER_MIN, TIER_MAX} & set(codes(validate_army(large, CATALOG)))


# --- Resolving units ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ref", ["orc-grunt", "Orc Grunt", "orc grunt", "  ORC   grunt ", "Orc-Grunt"]
)
def test_it_finds_a_catalog_unit_by_slug_or_by_name_in_any_case(ref):
    assert find_unit(ref, CATALOG) is GRUNT


def test_it_reports_an_unknown_unit_with_the_closest_catalog_names():
    report = validate_army(army(*LEGAL, (1, "Orc Gruntt")), CATALOG)
    problem = only(report, UNKNOWN_ENTRY)
    assert problem.severity is Severity.ERROR
    assert problem.entries == ("Orc Gruntt",)
    assert problem.suggestions == ("Orc Grunt",)
    assert "Did you mean Orc Grunt?" in problem.message
    assert "R23" in problem.rule


def test_it_names_the_text_line_of_an_unknown_unit():
    report = validate_army(
        army(lines=(*lines(*LEGAL), ArmyLine(count=1, ref="Grom", line=7))), CATALOG
    )
    assert only(report, UNKNOWN_ENTRY).message.startswith("Line 7: 'Grom'")


def test_it_reports_an_unknown_unit_typed_twice_once_naming_both_lines():
    extra = (ArmyLine(count=1, ref="Grom", line=3), ArmyLine(count=2, ref="grom", line=8))
    report = validate_army(army(lines=(*lines(*LEGAL), *extra)), CATALOG)
    assert only(report, UNKNOWN_ENTRY).message.startswith("Lines 3 and 8: 'Grom'")


def test_it_leaves_an_unknown_unit_out_of_every_total():
    report = validate_army(army(*LEGAL, (3, "Grom")), CATALOG)
    assert totals_of(report)["unit_count"] == 9
    assert totals_of(report)["total_points"] == 530
    assert totals_of(report)["unknown"] == ["Grom"]


def test_it_reports_every_unit_as_unknown_without_a_catalog():
    report = validate_army(army((2, "orc-grunt")))
    assert only(report, UNKNOWN_ENTRY).suggestions == ()


def test_it_takes_an_inline_unit_as_given():
    inline = InlineUnit(name="Grom Hellscream", points=150, tiers=(Tier.HERO,), unique=True)
    report = validate_army(
        army(lines=(*lines((6, "orc-grunt"), (2, "wolf-rider")), ArmyLine(1, inline=inline))),
        CATALOG,
    )
    assert report.problems == ()
    assert totals_of(report)["total_points"] == 6 * 30 + 2 * 60 + 150
    assert totals_of(report)["tier_counts"]["hero"] == 1


def test_it_needs_no_catalog_for_an_all_inline_army():
    units = (
        ArmyLine(8, inline=InlineUnit(name="Grunt", points=30, tiers=(Tier.BASELINE,))),
        ArmyLine(1, inline=InlineUnit(name="Warchief", points=100, tiers=(Tier.HERO,))),
    )
    report = validate_army(ArmyList(battle_size=BattleSize.STANDARD, lines=units))
    assert report.problems == ()
    assert totals_of(report)["total_points"] == 340


# --- Merging duplicates ---------------------------------------------------------------------


def test_it_merges_lines_naming_the_same_unit_by_slug_and_by_name():
    report = validate_army(army((1, "orc-grunt"), (2, "ORC GRUNT")), CATALOG)
    (entry,) = totals_of(report)["units"]
    assert entry["count"] == 3


def test_it_merges_identical_inline_units():
    grunt = InlineUnit(name="Grunt", points=30, tiers=(Tier.BASELINE,))
    report = validate_army(army(lines=(ArmyLine(2, inline=grunt), ArmyLine(3, inline=grunt))))
    (entry,) = totals_of(report)["units"]
    assert entry["count"] == 5
    assert entry["subtotal"] == 150


def test_it_ignores_a_line_with_a_count_of_zero():
    report = validate_army(army(*LEGAL, (0, "paladin"), (0, "Nobody")), CATALOG)
    assert report.problems == ()


# --- over_points ----------------------------------------------------------------------------


def test_it_reports_an_army_over_the_battle_size_budget():
    report = validate_army(army(*LEGAL, (1, "kor-kron-raider"), (1, "orc-warchief")), CATALOG)
    problem = only(report, OVER_POINTS)
    assert problem.severity is Severity.ERROR
    assert (problem.actual, problem.limit) == (760, 750)
    assert "10 over the Standard budget of 750" in problem.message
    assert codes(report) == [OVER_POINTS]
    assert problem.rule == "3.1, A12"
    assert problem.entries[0] == "Thrall"  # the most expensive first: what to cut


def test_it_accepts_an_army_exactly_on_budget():
    report = validate_army(army(*LEGAL, points_limit=530), CATALOG)
    assert OVER_POINTS not in codes(report)


def test_it_uses_an_agreed_budget_instead_of_the_battle_sizes():
    report = validate_army(army(*LEGAL, points_limit=400), CATALOG)
    problem = only(report, OVER_POINTS)
    assert (problem.actual, problem.limit) == (530, 400)
    assert "agreed budget" in problem.message


def test_it_allows_a_large_battle_above_1000_points_only_with_an_agreed_budget():
    big = army(
        (14, "orc-grunt"),
        (1, "thrall"),
        (4, "orc-shaman"),
        (1, "orc-warchief"),
        battle_size=BattleSize.LARGE,
    )
    problem = only(validate_army(big, CATALOG), OVER_POINTS)
    assert (problem.actual, problem.limit) == (1050, 1000)
    assert OVER_POINTS not in codes(validate_army(replace(big, points_limit=1500), CATALOG))


# --- no_hero --------------------------------------------------------------------------------


def test_it_reports_an_army_without_a_hero():
    report = validate_army(army((6, "orc-grunt"), (3, "wolf-rider")), CATALOG)
    problem = only(report, NO_HERO)
    assert problem.severity is Severity.ERROR
    assert (problem.actual, problem.limit, problem.rule) == (0, 1, "4.1")


def test_it_reports_a_missing_hero_once_not_again_as_a_hero_tier_minimum():
    report = validate_army(army((6, "orc-grunt"), (3, "wolf-rider")), CATALOG)
    assert TIER_MIN not in codes(report)


def test_it_counts_a_dual_slot_unit_with_a_hero_tier_as_a_hero():
    champion = InlineUnit(name="Champion", points=150, tiers=(Tier.ELITE, Tier.HERO))
    report = validate_army(army(lines=(*lines((8, "orc-grunt")), ArmyLine(1, inline=champion))))
    assert NO_HERO not in codes(report)


# --- duplicate_unique ----------------------------------------------------------------------


def test_it_reports_a_unique_hero_taken_twice_on_one_line():
    report = validate_army(army(*LEGAL[:-1], (2, "thrall"), points_limit=1000), CATALOG)
    problem = only(report, DUPLICATE_UNIQUE)
    assert problem.severity is Severity.ERROR
    assert (problem.actual, problem.limit, problem.entries) == (2, 1, ("Thrall",))
    assert problem.rule == "4.1, R20"


def test_it_reports_a_unique_hero_taken_on_two_lines():
    report = validate_army(army(*LEGAL, (1, "Thrall"), points_limit=1000), CATALOG)
    assert only(report, DUPLICATE_UNIQUE).actual == 2


def test_it_recognises_a_unique_hero_given_inline_by_its_name():
    again = InlineUnit(name="THRALL", points=190, tiers=(Tier.HERO,), unique=True)
    report = validate_army(
        army(lines=(*lines(*LEGAL), ArmyLine(1, inline=again)), points_limit=1000), CATALOG
    )
    assert only(report, DUPLICATE_UNIQUE).actual == 2


def test_it_allows_a_generic_hero_many_times():
    report = validate_army(army(*LEGAL[:-1], (2, "orc-warchief"), points_limit=1000), CATALOG)
    assert DUPLICATE_UNIQUE not in codes(report)


# --- tier_min / tier_max ------------------------------------------------------------------


def test_it_reports_a_tier_over_the_factions_maximum():
    report = validate_army(army(*LEGAL[:3], (3, "orc-shaman"), (1, "thrall")), CATALOG)
    problem = only(report, TIER_MAX)
    assert problem.severity is Severity.ERROR
    assert (problem.actual, problem.limit) == (3, 2)
    assert problem.entries == ("Orc Shaman",)
    assert problem.message.startswith("Elite: 3 units, more than the 2")
    assert "Horde table for a Standard battle" in problem.message


def test_it_reports_a_tier_under_the_factions_minimum():
    report = validate_army(army((1, "orc-grunt"), (8, "wolf-rider"), (1, "thrall")), CATALOG)
    problems = [p for p in report.problems if p.code in (TIER_MIN, TIER_MAX)]
    assert [(p.code, p.actual, p.limit) for p in problems] == [
        (TIER_MIN, 1, 2),  # Baseline
        (TIER_MAX, 8, 3),  # Mounted
    ]
    assert problems[0].message.startswith("Baseline: 1 unit, fewer than the 2 the Horde table")


def test_it_reports_a_hero_minimum_above_one_when_the_army_has_no_hero():
    rules = {Tier.HERO: TierLimit(min=2, max=3)}
    report = validate_army(army((9, "orc-grunt"), composition=rules), CATALOG)
    assert only(report, TIER_MIN).limit == 2
    assert NO_HERO in codes(report)


def test_it_counts_a_dual_slot_unit_in_both_tiers():
    report = validate_army(army((6, "orc-grunt"), (1, "kor-kron-raider"), (1, "thrall")), CATALOG)
    assert totals_of(report)["tier_counts"] == {"baseline": 6, "mounted": 1, "elite": 1, "hero": 1}
    assert totals_of(report)["unit_count"] == 8  # one model, two slots


def test_it_reports_a_dual_slot_unit_against_both_tiers_limits():
    raiders = army((4, "orc-grunt"), (4, "kor-kron-raider"), (1, "thrall"), points_limit=2000)
    report = validate_army(raiders, CATALOG)
    over = [p for p in report.problems if p.code == TIER_MAX]
    assert [(p.actual, p.limit) for p in over] == [(4, 3), (4, 2)]  # Mounted, then Elite
    for problem in over:
        assert problem.rule == "4.1, A12"
        assert problem.entries == ("Kor'kron Raider",)
        assert "fills both a Mounted and an Elite slot" in problem.message


def test_it_lets_an_agreed_composition_override_the_factions_table():
    rules = {Tier.ELITE: TierLimit(min=0, max=0)}
    report = validate_army(army(*LEGAL, composition=rules), CATALOG)
    problem = only(report, TIER_MAX)
    assert (problem.actual, problem.limit) == (1, 0)
    assert "agreed composition" in problem.message
    assert totals_of(report)["tier_limits"] == {"elite": {"min": 0, "max": 0}}


def test_it_applies_no_limit_to_a_tier_the_table_leaves_out():
    # The Horde's Skirmish table limits only Heroes (R21).
    report = validate_army(
        army((5, "wolf-rider"), (1, "thrall"), battle_size=BattleSize.SKIRMISH),
        CATALOG,
    )
    assert report.problems == ()


def test_it_applies_no_tier_limits_to_an_army_without_a_faction():
    report = validate_army(army((9, "orc-shaman"), (1, "thrall"), faction=None), CATALOG)
    assert not {TIER_MIN, TIER_MAX} & set(codes(report))


# --- unit_count -----------------------------------------------------------------------------


def test_it_warns_when_an_army_has_too_few_units_for_the_battle_size():
    report = validate_army(army((3, "orc-grunt"), (1, "thrall")), CATALOG)
    problem = only(report, UNIT_COUNT)
    assert problem.severity is Severity.WARNING
    assert (problem.actual, problem.limit) == (4, 9)
    assert problem.rule == "3.1, A12"
    assert report.valid  # a warning alone leaves the list legal


def test_it_warns_when_an_army_has_too_many_units_for_the_battle_size():
    report = validate_army(army((11, "orc-grunt"), (1, "thrall"), (1, "orc-warchief")), CATALOG)
    problem = only(report, UNIT_COUNT)
    assert (problem.actual, problem.limit) == (13, 12)
    assert "9 to 12 units" in problem.message


@pytest.mark.parametrize("count", [8, 12])  # the range's ends with 1 Hero: 9 and 13 units
def test_it_does_not_warn_at_the_ends_of_the_range(count):
    report = validate_army(army((count, "orc-grunt"), (1, "thrall"), points_limit=2000), CATALOG)
    assert (UNIT_COUNT in codes(report)) is (count == 12)


# --- wrong_faction --------------------------------------------------------------------------


def test_it_reports_a_unit_of_another_faction():
    report = validate_army(army(*LEGAL[1:], (4, "footman")), CATALOG)
    problem = only(report, WRONG_FACTION)
    assert problem.severity is Severity.ERROR
    assert problem.entries == ("Footman",)
    assert (problem.actual, problem.limit, problem.rule) == ("alliance", "horde", "4.1")
    assert "Footman belongs to the Alliance; this is a Horde army" in problem.message


def test_it_reports_an_inline_unit_that_names_another_faction():
    knight = InlineUnit(name="Knight", points=60, tiers=(Tier.MOUNTED,), faction="alliance")
    report = validate_army(army(lines=(*lines(*LEGAL), ArmyLine(1, inline=knight))), CATALOG)
    assert only(report, WRONG_FACTION).entries == ("Knight",)


def test_it_takes_a_listed_armys_faction_from_most_of_its_units():
    report = validate_army(army(*LEGAL, (1, "paladin"), faction=None), CATALOG)
    problem = only(report, WRONG_FACTION)
    assert problem.entries == ("Paladin",)
    assert problem.rule == "4.1, R22"
    assert totals_of(report)["faction"] == "horde"


# --- All at once ----------------------------------------------------------------------------


def test_it_reports_every_problem_at_once():
    report = validate_army(
        army(
            (5, "kor-kron-raider"),
            (1, "footman"),
            (1, "Grunt Shamen"),
            (2, "Thrall"),
        ),
        CATALOG,
    )
    assert codes(report) == [
        UNKNOWN_ENTRY,
        WRONG_FACTION,
        OVER_POINTS,
        DUPLICATE_UNIQUE,
        TIER_MIN,  # Baseline 1 of 2
        TIER_MAX,  # Mounted 5 of 3
        TIER_MAX,  # Elite 5 of 2
        UNIT_COUNT,  # 8 units, a warning
    ]
    assert not report.valid


def test_it_reports_errors_and_warnings_apart():
    report = validate_army(army((2, "orc-grunt"), (1, "footman")), CATALOG)
    assert [p.code for p in report.errors] == [WRONG_FACTION, NO_HERO]
    assert [p.code for p in report.warnings] == [UNIT_COUNT]


def test_it_cites_only_sections_and_rulings_that_exist():
    report = validate_army(
        army((5, "kor-kron-raider"), (2, "footman"), (1, "Nobody"), (2, "thrall"), faction=None),
        CATALOG,
    )
    assert report.problems
    for problem in report.problems:
        for part in problem.rule.split(", "):
            assert part[0].isdigit() or part in BY_CODE, problem


# --- Shape errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "path"),
    [
        (army((-1, "orc-grunt")), "units.0.count"),
        (army((1000, "orc-grunt")), "units.0.count"),
        (army((1, "  ")), "units.0.unit"),
        (army(*LEGAL, points_limit=0), "points_limit"),
        (army(composition={Tier.HERO: TierLimit(min=3, max=1)}), "composition.hero"),
        (army(lines=(ArmyLine(1, inline=InlineUnit("X", 10, ())),)), "units.0.tiers"),
        (
            army(lines=(ArmyLine(1, inline=InlineUnit("X", 10, (Tier.HERO, Tier.HERO))),)),
            "units.0.tiers",
        ),
        (
            army(
                lines=(
                    ArmyLine(1, inline=InlineUnit("X", 1, (Tier.HERO, Tier.ELITE, Tier.BASELINE))),
                )
            ),
            "units.0.tiers",
        ),
        (army(lines=(ArmyLine(1, inline=InlineUnit("X", -5, (Tier.HERO,))),)), "units.0.points"),
        (army(lines=(ArmyLine(1, inline=InlineUnit(" ", 5, (Tier.HERO,))),)), "units.0.name"),
    ],
)
def test_it_refuses_a_list_it_cannot_read_naming_the_field(bad, path):
    with pytest.raises(InvalidInput) as caught:
        validate_army(bad, CATALOG)
    assert path in caught.value.problems


def test_it_names_every_unreadable_field_at_once():
    bad = army((-1, "orc-grunt"), (1, ""), points_limit=-3)
    with pytest.raises(InvalidInput) as caught:
        check_army(bad)
    assert set(caught.value.problems) == {"units.0.count", "units.1.unit", "points_limit"}


def test_it_takes_the_first_listed_faction_on_a_tie():
    report = validate_army(army((1, "paladin"), (1, "thrall"), faction=None), CATALOG)
    assert only(report, WRONG_FACTION).entries == ("Thrall",)
    assert totals_of(report)["faction"] == "alliance"


def test_it_fits_an_inline_unit_without_a_faction_into_any_army():
    grunt = InlineUnit(name="Mercenary", points=40, tiers=(Tier.BASELINE,))
    report = validate_army(army(lines=(*lines(*LEGAL), ArmyLine(1, inline=grunt))), CATALOG)
    assert WRONG_FACTION not in codes(report)


def test_it_never_says_battle_twice_for_a_large_battle():
    report = validate_army(army(*LEGAL, battle_size=BattleSize.LARGE), CATALOG)
    message = only(report, UNIT_COUNT).message
    assert "a Large Battle is played with 13 to 18 units per side" in message
    assert "Battle battle" not in message


# --- A12: an agreed budget above the table's value only in a Large Battle (3.1) -------------


def test_an_agreed_budget_above_the_table_is_refused_outside_a_large_battle():
    """3.1, A12: 500 is a Skirmish's maximum; agreeing 700 does not lift it."""
    skirmish = army((1, "thrall"), (6, "orc-grunt"), (1, "wolf-rider"), (1, "orc-shaman"))
    skirmish = replace(skirmish, battle_size=BattleSize.SKIRMISH, points_limit=700)
    problem = only(validate_army(skirmish, CATALOG), OVER_POINTS)
    assert (problem.actual, problem.limit) == (520, 500)
    assert "Large Battle only" in problem.message
    assert validate_army(skirmish, CATALOG).totals["points_limit"] == 500


def test_an_agreed_budget_below_the_table_applies_at_any_size():
    skirmish = replace(
        army((1, "thrall"), (6, "orc-grunt")), battle_size=BattleSize.SKIRMISH, points_limit=300
    )
    assert only(validate_army(skirmish, CATALOG), OVER_POINTS).limit == 300


def test_the_rulings_page_keeps_a12s_qualifier():
    assert "Large" in BY_CODE["A12"].text
