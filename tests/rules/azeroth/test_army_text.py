"""Army lists as pasted text: reading lines into units, writing them back, round trips."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.rules.azeroth.army import (
    TextHeader,
    army_to_text,
    check_army_text,
    find_faction,
    parse_army_text,
    read_army_text,
    read_text_header,
    validate_army,
    validate_army_text,
)
from referee.rules.azeroth.profiles import Tier
from referee.rules.azeroth.units import ArmyLine, ArmyList, BattleSize, InlineUnit
from referee.rules.errors import InvalidInput
from referee.rules.lists import OVER_POINTS, UNKNOWN_ENTRY, UNREADABLE_LINE, Severity
from tests.rules.azeroth.test_army import (
    ALLIANCE,
    CATALOG,
    GRUNT,
    HORDE,
    LEGAL,
    army,
    totals_of,
    unit,
)


def test_it_reads_each_line_into_a_catalog_unit_with_its_line_number():
    lines, problems = parse_army_text("4 Orc Grunt\n\n1x thrall\nWolf Rider x2", CATALOG)
    assert problems == ()
    assert lines == (
        ArmyLine(count=4, ref="orc-grunt", line=1),
        ArmyLine(count=1, ref="thrall", line=3),
        ArmyLine(count=2, ref="wolf-rider", line=4),
    )


def test_it_reads_a_unit_by_its_slug():
    lines, _ = parse_army_text("2 kor-kron-raider", CATALOG)
    assert lines == (ArmyLine(count=2, ref="kor-kron-raider", line=1),)


@pytest.mark.parametrize(
    "text",
    ["2 Orc Grunt (30 pts)", "2 Orc Grunt [Baseline]", "2x Orc Grunt - 60 pts", "2 Orc Grunt: 60"],
)
def test_it_reads_past_points_and_tiers_other_tools_append(text):
    lines, _ = parse_army_text(text, CATALOG)
    assert lines == (ArmyLine(count=2, ref="orc-grunt", line=1),)


def test_it_keeps_an_unknown_name_for_the_validator_to_report_with_suggestions():
    lines, problems = parse_army_text("4 Orc Grunt\n2 Wolf Ryder", CATALOG)
    assert problems == ()
    assert lines[1] == ArmyLine(count=2, ref="Wolf Ryder", line=2)
    report = validate_army(army(lines=lines), CATALOG)
    unknown = [p for p in report.problems if p.code == UNKNOWN_ENTRY]
    assert [(p.entries, p.suggestions) for p in unknown] == [
        (("Wolf Ryder", "line 2"), ("Wolf Rider",))
    ]
    assert unknown[0].message.startswith("Line 2: 'Wolf Ryder' is not a unit in the catalog.")


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("2 Orc Grunts", "orc-grunt"),
        ("orc grunts x2", "orc-grunt"),
        ("2 Wolf Riders (120 pts)", "wolf-rider"),
        ("2 Footmen", "footman"),
        ("2 Troll Axethrowers", "troll-axethrower"),
    ],
)
def test_it_reads_a_plain_plural_of_a_unit_name(text, slug):
    """Issue 14: "Orc Grunts" was refused; a plain plural of one unit's name names it (R126)."""
    lines, problems = parse_army_text(text, CATALOG)
    assert problems == ()
    assert lines == (ArmyLine(count=2, ref=slug, line=1),)


def test_a_plural_two_unit_names_share_names_neither():
    axe = unit("axe", "Axe", "horde", (Tier.BASELINE,), 10)
    ax = unit("ax", "Ax", "horde", (Tier.BASELINE,), 10)
    catalog = {**CATALOG, "axe": axe, "ax": ax}
    lines, _ = parse_army_text("2 Axes\n1 Axe\n1 ax", catalog)
    assert [line.ref for line in lines] == ["Axes", "axe", "ax"]
    report = validate_army(army(lines=lines), catalog)
    (unknown,) = [p for p in report.problems if p.code == UNKNOWN_ENTRY]
    assert unknown.message.startswith("Line 1: 'Axes' is not a unit in the catalog.")
    assert set(unknown.suggestions) >= {"Axe", "Ax"}


def test_a_name_the_catalog_holds_wins_over_a_plural_reading():
    grunts = unit("orc-grunts", "Orc Grunts", "horde", (Tier.BASELINE,), 90)
    lines, _ = parse_army_text("1 Orc Grunts", {**CATALOG, "orc-grunts": grunts})
    assert lines == (ArmyLine(count=1, ref="orc-grunts", line=1),)


def test_it_reports_an_unreadable_line_by_number_and_reads_the_rest():
    lines, problems = parse_army_text("4 Orc Grunt\n0 Thrall\n1 Thrall", CATALOG)
    assert [line.ref for line in lines] == ["orc-grunt", "thrall"]
    (problem,) = problems
    assert problem.code == UNREADABLE_LINE
    assert problem.severity is Severity.ERROR
    assert problem.entries == ("line 2",)


def test_it_keeps_duplicate_lines_apart_and_the_validator_merges_them():
    lines, _ = parse_army_text("1 Orc Grunt\nOrc Grunt x2\n1 thrall", CATALOG)
    assert [line.count for line in lines] == [1, 2, 1]
    units = totals_of(validate_army(army(lines=lines), CATALOG))["units"]
    assert [(u["name"], u["count"], u["lines"]) for u in units] == [
        ("Orc Grunt", 3, [1, 2]),
        ("Thrall", 1, [3]),
    ]


def test_it_reads_a_pasted_unique_hero_twice_as_a_duplicate():
    lines, _ = parse_army_text("Thrall\n4 Orc Grunt\nthrall x1", CATALOG)
    report = validate_army(army(lines=lines), CATALOG)
    assert [p.actual for p in report.problems if p.code == "duplicate_unique"] == [2]


def test_it_writes_one_merged_line_per_unit_in_first_listed_order():
    text = army_to_text(army((1, "orc-grunt"), (1, "thrall"), (2, "Orc Grunt")), CATALOG)
    assert text == (
        "# Azeroth at War army: Standard, 750 points\n# Faction: Horde\n3 Orc Grunt\n1 Thrall\n"
    )


def test_it_writes_an_agreed_budget_and_leaves_out_empty_lines():
    text = army_to_text(
        army((2, "orc-grunt"), (0, "thrall"), battle_size=BattleSize.LARGE, points_limit=1200),
        CATALOG,
    )
    assert text.splitlines()[0] == "# Azeroth at War army: Large Battle, agreed budget 1200 points"
    assert text.splitlines()[2:] == ["2 Orc Grunt"]


def test_it_writes_inline_and_unknown_units_by_the_name_given():
    inline = InlineUnit(name="Grom", points=150, tiers=(Tier.HERO,))
    listed = army(
        lines=(ArmyLine(1, inline=inline), ArmyLine(2, ref="Mystery"), ArmyLine(1, ref="mystery"))
    )
    assert army_to_text(listed, CATALOG).splitlines()[2:] == ["1 Grom", "3 Mystery"]


def test_it_writes_a_slug_when_another_unit_shares_the_name():
    twin = unit("orc-grunt-veteran", "Orc Grunt", "horde", (Tier.BASELINE,), 40)
    catalog = {**CATALOG, twin.slug: twin}
    text = army_to_text(army((1, "orc-grunt"), (2, "orc-grunt-veteran")), catalog)
    assert text.splitlines()[2:] == ["1 Orc Grunt", "2 orc-grunt-veteran"]
    lines, _ = parse_army_text(text, catalog)
    assert [(line.count, line.ref) for line in lines] == [(1, GRUNT.slug), (2, twin.slug)]


def test_it_reads_its_own_text_back_to_the_same_text():
    original = army(*LEGAL, (1, "kor-kron-raider"))
    text = army_to_text(original, CATALOG)
    lines, problems = parse_army_text(text, CATALOG)
    assert problems == ()
    assert army_to_text(replace(original, lines=lines), CATALOG) == text


def test_it_reads_its_own_text_back_to_the_same_report():
    original = army(*LEGAL, (2, "footman"), (2, "Thrall"))
    lines, _ = parse_army_text(army_to_text(original, CATALOG), CATALOG)
    again = validate_army(replace(original, lines=lines), CATALOG)
    assert [p.code for p in again.problems] == [
        p.code for p in validate_army(original, CATALOG).problems
    ]
    assert again.totals["total_points"] == validate_army(original, CATALOG).totals["total_points"]


def test_it_writes_a_header_only_for_an_empty_army():
    empty = ArmyList(battle_size=BattleSize.SKIRMISH, lines=())
    assert army_to_text(empty) == "# Azeroth at War army: Skirmish, 500 points\n"
    assert parse_army_text(army_to_text(empty), CATALOG) == ((), ())


def test_it_splits_a_merged_count_too_big_for_one_line_and_reads_it_back():
    text = army_to_text(army((999, "orc-grunt"), (2, "orc-grunt")), CATALOG)
    assert text.splitlines()[2:] == ["999 Orc Grunt", "2 Orc Grunt"]
    lines, problems = parse_army_text(text, CATALOG)
    assert problems == ()
    assert sum(line.count for line in lines) == 1001


def test_it_reads_the_battle_size_budget_and_faction_back_from_its_header():
    listed = army((2, "orc-grunt"), battle_size=BattleSize.LARGE, points_limit=1200)
    assert read_text_header(army_to_text(listed, CATALOG)) == TextHeader(
        battle_size=BattleSize.LARGE, points_limit=1200, faction="Horde"
    )


def test_it_reads_a_header_without_an_agreed_budget():
    header = read_text_header("# azeroth at war army: standard, 750 points\n2 Orc Grunt")
    assert header == TextHeader(battle_size=BattleSize.STANDARD)


def test_it_reads_nothing_from_a_text_without_a_header():
    assert read_text_header("# my list\n2 Orc Grunt") == TextHeader()


def test_it_checks_pasted_text_in_one_report_unreadable_lines_first():
    report = validate_army_text(
        "4 Orc Grunt\n0 Thrall\n2 Wolf Ryder", CATALOG, battle_size=BattleSize.STANDARD
    )
    assert [p.code for p in report.problems] == [
        UNREADABLE_LINE,
        UNKNOWN_ENTRY,
        "no_hero",
        "unit_count",
    ]
    assert report.totals["total_points"] == 120


# --- One reading of an army's text: header, faction and budget (R125) -----------------------

FACTIONS = {"horde": HORDE, "alliance": ALLIANCE}
AGREED = (
    "# Azeroth at War army: Standard, agreed budget 400 points\n# Faction: horde\n4 Orc Grunt\n"
)


def test_the_caller_s_battle_size_wins_and_the_header_s_budget_goes_with_its_size():
    same = read_army_text(AGREED, CATALOG, FACTIONS, battle_size=BattleSize.STANDARD)
    assert (same.army.battle_size, same.army.points_limit) == (BattleSize.STANDARD, 400)
    other = read_army_text(AGREED, CATALOG, FACTIONS, battle_size=BattleSize.LARGE)
    assert (other.army.battle_size, other.army.points_limit) == (BattleSize.LARGE, None)
    given = read_army_text(AGREED, CATALOG, FACTIONS, points_limit=600)
    assert given.army.points_limit == 600


def test_a_fallback_is_used_only_where_the_header_is_silent():
    read = read_army_text(
        AGREED, CATALOG, FACTIONS, fallback_size=BattleSize.LARGE, fallback_faction="alliance"
    )
    assert read.army.battle_size is BattleSize.STANDARD and read.army.faction is HORDE
    bare = read_army_text(
        "4 Orc Grunt", CATALOG, FACTIONS, fallback_size=BattleSize.LARGE, fallback_faction="Horde"
    )
    assert bare.army.battle_size is BattleSize.LARGE and bare.army.faction is HORDE


def test_a_fallback_budget_goes_only_with_a_text_whose_header_names_no_battle_size():
    """A page's agreed budget stays for pasted lines with no header; a header names its own
    size and budget, and a budget never crosses to another size (R125)."""
    bare = read_army_text(
        "4 Orc Grunt", CATALOG, FACTIONS, fallback_size=BattleSize.SKIRMISH, fallback_points=450
    )
    assert (bare.army.battle_size, bare.army.points_limit) == (BattleSize.SKIRMISH, 450)
    headed = read_army_text(
        "# Azeroth at War army: Standard, 750 points\n4 Orc Grunt",
        CATALOG,
        FACTIONS,
        fallback_size=BattleSize.STANDARD,
        fallback_points=450,
    )
    assert headed.army.points_limit is None
    agreed = read_army_text(AGREED, CATALOG, FACTIONS, fallback_points=450)
    assert agreed.army.points_limit == 400
    given = read_army_text(
        "4 Orc Grunt",
        CATALOG,
        FACTIONS,
        battle_size=BattleSize.LARGE,
        points_limit=900,
        fallback_points=450,
    )
    assert given.army.points_limit == 900


def test_a_text_naming_no_battle_size_needs_one_from_the_caller():
    with pytest.raises(InvalidInput) as caught:
        read_army_text("4 Orc Grunt", CATALOG, FACTIONS)
    assert "battle_size" in caught.value.problems


def test_a_faction_is_found_by_slug_or_name_in_any_case():
    assert find_faction("  HORDE ", FACTIONS) is HORDE
    assert find_faction("alliance", FACTIONS) is ALLIANCE
    assert find_faction("Hordex", FACTIONS) is None


def test_an_unknown_header_faction_is_reported_with_a_suggestion_and_not_guessed():
    text = "# Azeroth at War army: Standard, 750 points\n# Faction: Hordex\n4 Orc Grunt\n"
    read = read_army_text(text, CATALOG, FACTIONS)
    (problem,) = read.problems
    assert (problem.code, problem.suggestions, problem.rule) == (
        UNKNOWN_ENTRY,
        ("Horde",),
        "4.1, R125",
    )
    assert read.army.faction is None


def test_an_unknown_faction_from_the_caller_is_a_shape_error():
    with pytest.raises(InvalidInput) as caught:
        read_army_text(AGREED, CATALOG, FACTIONS, faction="scourge")
    assert "faction" in caught.value.problems


def test_check_army_text_reports_the_header_budget():
    report = check_army_text(AGREED, CATALOG, FACTIONS)
    assert [p.limit for p in report.problems if p.code == OVER_POINTS] == []  # 120 points
    big = AGREED.replace("4 Orc Grunt", "14 Orc Grunt")
    (over,) = [p for p in check_army_text(big, CATALOG, FACTIONS).problems if p.code == OVER_POINTS]
    assert over.limit == 400
