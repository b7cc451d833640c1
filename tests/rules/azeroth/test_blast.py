"""Blast odds (8.4; R11, R12, R13, A1, A2, A3, A9): scatter, the template, wound and save."""

from __future__ import annotations

import ast
import functools
import itertools
import json
import math
import operator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from referee.rules.azeroth.blast import (
    blast_odds,
    exact,
    reach,
    scatter_distances,
    under_after_scatter,
    under_template,
    validate_blast,
)
from referee.rules.azeroth.profiles import (
    MAX_BLAST_TARGETS,
    Armor,
    Blast,
    BlastTarget,
    NaturalRolls,
    Rulings,
    Template,
    Weapon,
)
from referee.rules.errors import InvalidInput

KNOWN = json.loads((Path(__file__).parent / "known_answers" / "blast.json").read_text())
EXACT = 1e-12


def target(**overrides: Any) -> BlastTarget:
    fields: dict[str, Any] = {"distance": 0.0, "base_mm": 25.0, "tgh": 4, "defense": 4}
    fields.update(overrides)
    return BlastTarget(**fields)


def blast(*targets: BlastTarget, **overrides: Any) -> Blast:
    fields: dict[str, Any] = {
        "template": Template.SMALL,
        "caster_skl": 4,
        "strength": 4,
        "targets": targets or (target(),),
    }
    fields.update(overrides)
    return Blast(**fields)


def one(**overrides: Any):
    """The odds for a single target; keyword arguments go to the target unless they name a
    Blast field."""
    blast_fields = {"template", "caster_skl", "strength", "rulings"}
    outer = {k: v for k, v in overrides.items() if k in blast_fields}
    inner = {k: v for k, v in overrides.items() if k not in blast_fields}
    return blast_odds(blast(target(**inner), **outer)).targets[0]


def rules(steps) -> list[str]:
    return [step.rule for step in steps]


def text(steps) -> str:
    return " | ".join(step.text for step in steps)


# --- a small, safe evaluator for the known-answer expressions ---------------------------------

_OPERATORS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


def evaluate(expression: str) -> float:
    """Numbers, + - * /, parentheses, acos(...) and pi; nothing else."""

    def walk(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return float(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return float(_OPERATORS[type(node.op)](walk(node.left), walk(node.right)))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -walk(node.operand)
        if isinstance(node, ast.Name) and node.id == "pi":
            return math.pi
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "acos"
            and len(node.args) == 1
        ):
            return math.acos(walk(node.args[0]))
        raise ValueError(f"Not allowed in a known answer: {ast.dump(node)}")

    return walk(ast.parse(expression, mode="eval"))


def test_the_expression_evaluator_refuses_anything_but_arithmetic():
    assert evaluate("1/3 + acos(0)/pi") == pytest.approx(1 / 3 + 1 / 2)
    with pytest.raises(ValueError, match="Not allowed"):
        evaluate("__import__('os')")


# --- the template and the scatter -------------------------------------------------------------


@pytest.mark.parametrize(("template", "diameter"), [(Template.SMALL, 3.0), (Template.LARGE, 5.0)])
def test_it_uses_a_three_or_five_inch_template(template, diameter):
    odds = blast_odds(blast(template=template))
    assert odds.template_diameter == diameter
    assert f'{diameter:g}" across' in odds.explanation[0].text


def test_the_scatter_die_shows_hit_one_time_in_three():
    odds = blast_odds(blast())
    assert odds.on_target_probability == pytest.approx(1 / 3, abs=EXACT)
    assert "2 faces of 6" in text(odds.explanation)


@pytest.mark.parametrize(
    ("skl", "reduced", "distances"),
    [
        (2, True, (1, 1, 2, 3, 4, 5)),
        (3, True, (1, 1, 2, 3, 4, 5)),
        (4, False, (1, 2, 3, 4, 5, 6)),
        (5, False, (1, 2, 3, 4, 5, 6)),
        (6, False, (1, 2, 3, 4, 5, 6)),
    ],
)
def test_skl_two_and_three_casters_scatter_an_inch_less_but_never_under_one(
    skl, reduced, distances
):
    assert scatter_distances(skl) == distances
    odds = blast_odds(blast(caster_skl=skl))
    assert odds.scatter_reduced is reduced
    assert "R12" in " ".join(rules(odds.explanation))
    assert ('1" shorter' in text(odds.explanation)) is reduced


def test_the_reach_is_the_template_radius_plus_the_base_radius():
    assert reach(Template.SMALL, 50.8) == Fraction(5, 2)
    assert reach(Template.LARGE, 50.8) == Fraction(7, 2)
    assert reach(Template.SMALL, 25.4) == Fraction(2)
    assert reach(Template.LARGE, 25) == Fraction(5, 2) + Fraction(25, 1) / Fraction(508, 10)
    assert reach(Template.SMALL, 32.5) == Fraction(3, 2) + Fraction(325, 508)


def test_a_decimal_measurement_is_read_as_the_decimal_it_shows():
    # 50.8 mm is exactly 2", and 1.5" + 1" is exactly the 2.5" reach: every direction but one
    # is under, so the answer is exactly 1, not 1 minus a rounding sliver.
    assert exact(50.8) == Fraction(254, 5)
    assert exact(0.1) == Fraction(1, 10)
    assert exact(3) == 3
    assert exact(np.float64(50.8)) == Fraction(254, 5)
    share = under_after_scatter(exact(1.5), Fraction(1), reach(Template.SMALL, 50.8))
    assert share == 1.0


# --- the geometry of one scatter (R11) --------------------------------------------------------


@pytest.mark.parametrize(
    ("d", "s", "rho", "expected"),
    [
        (Fraction(3, 2), Fraction(2), Fraction(5, 2), 1 / 2),  # c = 0
        (Fraction(5), Fraction(8), Fraction(7), 1 / 3),  # c = 1/2
        (Fraction(3), Fraction(5), Fraction(7), 2 / 3),  # c = -1/2
        (Fraction(5, 2), Fraction(4), Fraction(7, 2), 1 / 3),  # c = 1/2
        (Fraction(1), Fraction(1), Fraction(3), 1.0),  # d + s < rho
        (Fraction(1), Fraction(2), Fraction(3), 1.0),  # d + s = rho: all but one direction
        (Fraction(1), Fraction(5), Fraction(4), 0.0),  # |d - s| = rho: touches only
        (Fraction(1), Fraction(6), Fraction(4), 0.0),  # |d - s| > rho
        (Fraction(0), Fraction(2), Fraction(3), 1.0),  # d = 0, s < rho
        (Fraction(0), Fraction(3), Fraction(3), 0.0),  # d = 0, s = rho: touches only
        (Fraction(2), Fraction(0), Fraction(3), 1.0),  # no scatter, d < rho
        (Fraction(3), Fraction(0), Fraction(3), 0.0),  # no scatter, d = rho
    ],
)
def test_one_scatter_lands_over_the_base_for_the_right_share_of_directions(d, s, rho, expected):
    assert under_after_scatter(d, s, rho) == pytest.approx(expected, abs=EXACT)


@given(
    d=st.fractions(0, 20, max_denominator=1000),
    s=st.fractions(0, 20, max_denominator=1000),
    rho=st.fractions(Fraction(1, 10), 10, max_denominator=1000),
)
def test_one_scatter_agrees_with_the_arccos_of_the_law_of_cosines(d, s, rho):
    got = under_after_scatter(d, s, rho)
    if d == 0 or s == 0:
        expected = 1.0 if d + s < rho else 0.0
    else:
        c = (d * d + s * s - rho * rho) / (2 * d * s)
        expected = 1.0 if c <= -1 else 0.0 if c >= 1 else math.acos(float(c)) / math.pi
        # acos loses digits where the template only grazes the base; the engine does not.
        assume(-1 + 1e-6 < c < 1 - 1e-6 or c <= -1 or c >= 1)
    assert got == pytest.approx(expected, abs=1e-9)
    assert under_after_scatter(s, d, rho) == pytest.approx(got, abs=EXACT)


def test_it_stays_accurate_when_the_template_barely_grazes_the_base():
    # d + s exceeds rho by 1e-12: the base is under only for a sliver of directions around
    # straight at it. Small-angle expansion of the exact answer: the share is
    # (1/pi) * sqrt(2 * eps * rho / (d * s)) to leading order, with eps = d + s - rho.
    d, s = Fraction(2), Fraction(1)
    eps = Fraction(1, 10**12)
    rho = d + s - eps
    got = under_after_scatter(d, s, rho)
    # acos(c) for c near -1: pi - sqrt(2(1 + c)); 1 + c = ((d+s)^2 - rho^2) / (2ds).
    one_plus_c = ((d + s) ** 2 - rho**2) / (2 * d * s)
    expected = 1 - math.sqrt(2 * float(one_plus_c)) / math.pi
    assert got == pytest.approx(expected, rel=1e-12)
    assert got < 1.0


@functools.cache
def _circle(n: int) -> tuple[np.ndarray, np.ndarray]:
    theta = (np.arange(n) + 0.5) * (2 * math.pi / n)
    return np.cos(theta), np.sin(theta)


def _midpoint(template: Template, skl: int, d: float, base_mm: float, n: int) -> float:
    """The chance worked out a different way: put the base at (d, 0), move the template's
    centre s inches at n evenly spaced angles and count the landings within reach."""
    rho = (1.5 if template is Template.SMALL else 2.5) + base_mm / 25.4 / 2
    cos, sin = _circle(n)
    shares = []
    for roll in range(1, 7):
        s = max(roll - 1, 1) if skl in (2, 3) else roll
        shares.append(float(np.mean(np.hypot(s * cos - d, s * sin) < rho)))
    return (1 / 3) * (d < rho) + (2 / 3) * sum(shares) / 6


GRID = [
    (template, skl, d, base)
    for template in Template
    for skl in (2, 5)
    for d in (0.0, 0.4, 1.3, 2.2, 3.05, 4.7, 6.6)
    for base in (10.0, 32.0, 130.0)
]


@pytest.mark.parametrize(("template", "skl", "d", "base"), GRID)
def test_the_closed_form_agrees_with_counting_720000_directions(template, skl, d, base):
    n = 720_000
    exact, _ = under_template(template, skl, d, base)
    # Each scatter's share of directions is off by at most one of n cells; 2/3 of the weight
    # is on scatters, so the count can miss by 2/3 / n < 1e-6.
    assert exact == pytest.approx(_midpoint(template, skl, d, base, n), abs=1e-6)


@pytest.mark.parametrize("rho", [Fraction(5, 2), Fraction(7, 2), Fraction(2311, 1000)])
@pytest.mark.parametrize("s", [1, 2, 3, 4, 5, 6])
def test_over_every_place_a_base_could_be_one_scatter_covers_the_templates_area(rho, s):
    """Whatever the scatter, the template lands somewhere and covers an area of pi*rho^2 of
    possible base centres, so the chance summed over the plane, the integral of
    2*pi*d*P(under | d) over d, must be pi*rho^2: a check independent of the angle formula."""
    scatter = Fraction(s)
    nodes, weights = np.polynomial.legendre.leggauss(60)
    t = (nodes + 1) / 2
    # Smoothstep substitution: the chance has square-root corners at the breakpoints.
    g, dg = 3 * t**2 - 2 * t**3, 6 * t - 6 * t**2
    # The share is smooth between these distances: 0, |s - rho| and s + rho.
    breaks = sorted({Fraction(0), abs(scatter - rho), scatter + rho})
    total = 0.0
    for a, b in itertools.pairwise(breaks):
        lo, hi = float(a), float(b)
        for gi, dgi, w in zip(g, dg, weights / 2, strict=True):
            d = lo + (hi - lo) * gi
            share = under_after_scatter(Fraction(float(d)), scatter, rho)
            total += w * 2 * math.pi * d * share * (hi - lo) * dgi
    assert total == pytest.approx(math.pi * float(rho) ** 2, rel=1e-10)


# --- under the template: what does and does not hold -----------------------------------------


def test_a_unit_a_little_off_the_aim_point_can_be_likelier_under_than_one_on_it():
    # Not monotone in distance: at the aim point a 2" scatter always misses a 10 mm base under
    # a small template (2 > 1.5 + 0.2), but from 0.33" away some 2" scatters come back over it.
    at_aim, _ = under_template(Template.SMALL, 2, 0.0, 10.0)
    off_aim, _ = under_template(Template.SMALL, 2, 0.33, 10.0)
    assert at_aim == pytest.approx(5 / 9, abs=EXACT)
    assert off_aim > at_aim


def test_a_skilled_caster_is_not_always_likelier_to_catch_a_distant_unit():
    # Shorter scatters help near the aim point but take away the 6" scatters that can reach
    # a unit far from it.
    skilled, _ = under_template(Template.SMALL, 2, 4.32, 10.0)
    unskilled, _ = under_template(Template.SMALL, 4, 4.32, 10.0)
    assert skilled < unskilled


targets_strategy = st.builds(
    BlastTarget,
    distance=st.floats(0, 12, allow_nan=False),
    base_mm=st.floats(10, 200, allow_nan=False),
    tgh=st.integers(1, 20),
    defense=st.none() | st.integers(2, 6),
    armor=st.sampled_from(Armor),
    weapons=st.lists(st.sampled_from(Weapon), max_size=3, unique=True).map(tuple),
    hard_cover=st.booleans(),
    wounds_remaining=st.integers(1, 4),
    label=st.text(max_size=5),
)
blasts = st.builds(
    Blast,
    template=st.sampled_from(Template),
    caster_skl=st.integers(2, 6),
    strength=st.integers(1, 20),
    targets=st.lists(targets_strategy, min_size=1, max_size=4).map(tuple),
    rulings=st.builds(Rulings, natural_rolls=st.sampled_from(NaturalRolls)),
)


@given(blasts)
def test_every_chance_is_a_probability_and_damage_needs_the_template(spell):
    odds = blast_odds(spell)
    for result in odds.targets:
        for p in (result.under_template, result.damage_probability, result.kill_probability):
            assert 0.0 <= p <= 1.0
        assert result.damage_probability <= result.under_template + EXACT
        assert result.kill_probability in (0.0, result.damage_probability)


@given(blasts)
def test_it_answers_for_every_target_in_order_and_each_on_its_own(spell):
    odds = blast_odds(spell)
    assert [result.label for result in odds.targets] == [t.label for t in spell.targets]
    alone = blast_odds(replace(spell, targets=(spell.targets[-1],))).targets[0]
    assert odds.targets[-1] == alone


@given(
    template=st.sampled_from(Template),
    skl=st.integers(2, 6),
    d=st.floats(0, 14, allow_nan=False),
    bases=st.lists(st.floats(10, 200, allow_nan=False), min_size=2, max_size=2).map(sorted),
)
def test_a_bigger_base_is_never_less_likely_under(template, skl, d, bases):
    small, _ = under_template(template, skl, d, bases[0])
    big, _ = under_template(template, skl, d, bases[1])
    assert big >= small - EXACT


@given(skl=st.integers(2, 6), d=st.floats(0, 14, allow_nan=False), base=st.floats(10, 200))
def test_the_large_template_is_never_less_likely_to_cover_a_unit(skl, d, base):
    small, _ = under_template(Template.SMALL, skl, d, base)
    large, _ = under_template(Template.LARGE, skl, d, base)
    assert large >= small - EXACT


@given(template=st.sampled_from(Template), base=st.floats(10, 200))
def test_a_skilled_caster_is_never_worse_for_a_unit_on_the_aim_point(template, base):
    skilled, _ = under_template(template, 3, 0.0, base)
    unskilled, _ = under_template(template, 4, 0.0, base)
    assert skilled >= unskilled


@given(
    template=st.sampled_from(Template),
    skl=st.integers(2, 6),
    base=st.floats(10, 200),
    beyond=st.floats(1e-6, 50),
)
def test_nothing_beyond_the_reach_plus_the_longest_scatter_is_ever_hit(template, skl, base, beyond):
    far = float(reach(template, base)) + max(scatter_distances(skl)) + beyond
    under, _ = under_template(template, skl, far, base)
    assert under == 0.0


@given(
    template=st.sampled_from(Template),
    skl=st.integers(2, 6),
    base=st.floats(10, 200),
    share=st.floats(0, 1, exclude_max=True),
)
def test_a_unit_within_reach_of_the_aim_point_is_under_at_least_on_a_hit(
    template, skl, base, share
):
    d = float(reach(template, base)) * share
    assume(Fraction(d) < reach(template, base))
    under, _ = under_template(template, skl, d, base)
    assert under >= 1 / 3 - EXACT


# --- wound, save and damage (R13) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("strength", "tgh", "needed"),
    [(8, 4, 2), (5, 4, 3), (4, 4, 4), (3, 4, 5), (2, 4, 6), (1, 20, 6), (20, 10, 2), (3, 5, 5)],
)
def test_it_wounds_on_the_wound_chart_with_the_spells_strength(strength, tgh, needed):
    result = one(strength=strength, tgh=tgh, defense=None)
    assert result.wound.base == needed
    assert result.wound.probability == pytest.approx((7 - needed) / 6, abs=EXACT)
    assert f"STR {strength} against TGH {tgh} wounds on {needed}+" in text(result.explanation)


def test_armor_piercing_removes_the_save():
    result = one(strength=8, tgh=4, defense=2)
    assert result.armor_piercing is True
    assert result.save is None
    assert "7.4, A3, R13" in rules(result.explanation)
    assert "so no save" in text(result.explanation)


@pytest.mark.parametrize(
    ("armor", "weapons", "keeper"),
    [(Armor.HEAVY, (), "Heavy Armor"), (Armor.MEDIUM, (Weapon.SHIELD,), "a Shield")],
)
def test_a_shield_or_heavy_armor_keeps_the_save_against_armor_piercing(armor, weapons, keeper):
    result = one(strength=8, tgh=4, defense=4, armor=armor, weapons=weapons)
    assert result.armor_piercing is True
    assert result.save is not None
    assert result.save.needed == 4
    assert f"{keeper} keeps its save" in text(result.explanation)


def test_a_unit_without_def_gets_no_save():
    result = one(defense=None)
    assert result.save is None
    assert result.armor_piercing is False
    assert 'DEF "-"' in text(result.explanation)


def test_hard_cover_adds_two_to_the_save():
    open_ground = one(defense=5)
    covered = one(defense=5, hard_cover=True)
    assert open_ground.save is not None and covered.save is not None
    assert (open_ground.save.modifier, covered.save.modifier) == (0, 2)
    assert (open_ground.save.needed, covered.save.needed) == (5, 3)
    assert "hard cover towards the blast centre, +2" in text(covered.explanation)
    assert "soft cover does not count" in text(open_ground.explanation)


@pytest.mark.parametrize(
    ("natural", "needed"), [(NaturalRolls.STANDARD, 2), (NaturalRolls.LITERAL, 1)]
)
def test_a_natural_one_still_fails_a_covered_two_plus_save_unless_rolls_are_literal(
    natural, needed
):
    result = one(defense=2, hard_cover=True, rulings=Rulings(natural))
    assert result.save is not None
    assert result.save.needed == needed


def test_damage_is_under_times_wounded_times_not_saved():
    result = one(distance=0.0, base_mm=25.0, strength=4, tgh=4, defense=5)
    assert result.under_template == pytest.approx(4 / 9, abs=EXACT)
    assert result.damage_probability == pytest.approx(4 / 9 * 1 / 2 * 2 / 3, abs=EXACT)


def test_only_a_unit_on_its_last_wound_can_be_destroyed():
    last = one(wounds_remaining=1)
    more = one(wounds_remaining=2)
    assert last.kill_probability == last.damage_probability > 0
    assert more.kill_probability == 0.0
    assert more.damage_probability == last.damage_probability
    assert "cannot destroy it" in text(more.explanation)
    assert "destroys it" in text(last.explanation)


def test_the_explanation_shows_each_scatter_roll_and_the_total():
    result = one(distance=1.5, base_mm=50.8, caster_skl=2)
    explained = text(result.explanation)
    assert '1 moves 1": 100.0%' in explained
    assert '2 moves 1": 100.0%' in explained
    assert '3 moves 2": 50.0%' in explained
    assert 'within 2.5"' in explained
    assert "R11" in " ".join(rules(result.explanation))


def test_each_target_echoes_its_label():
    odds = blast_odds(
        blast(target(label="Grunt", distance=0.0), target(label="Footman", distance=30.0))
    )
    assert [t.label for t in odds.targets] == ["Grunt", "Footman"]
    assert odds.targets[0].under_template > 0
    assert odds.targets[1].under_template == 0.0


# --- known answers ----------------------------------------------------------------------------


def _known_input(given_input: dict[str, Any]) -> Blast:
    given_target = dict(given_input["target"])
    given_target["defense"] = given_target.pop("def")
    if "armor" in given_target:
        given_target["armor"] = Armor(given_target["armor"])
    given_target["weapons"] = tuple(Weapon(w) for w in given_target.get("weapons", ()))
    given_target["distance"] = float(given_target["distance"])
    given_target["base_mm"] = float(given_target["base_mm"])
    return Blast(
        template=Template(given_input["template"]),
        caster_skl=given_input["caster_skl"],
        strength=given_input["strength"],
        targets=(BlastTarget(**given_target),),
        rulings=Rulings(NaturalRolls(given_input.get("natural_rolls", "standard"))),
    )


@pytest.mark.parametrize("case", KNOWN["cases"], ids=[case["name"] for case in KNOWN["cases"]])
def test_it_matches_the_hand_worked_blast_odds(case):
    result = blast_odds(_known_input(case["input"])).targets[0]
    expected = case["expected"]
    assert result.under_template == pytest.approx(evaluate(expected["under"]), abs=EXACT)
    assert result.wound.probability == pytest.approx(evaluate(expected["wound"]), abs=EXACT)
    if expected["save"] is None:
        assert result.save is None
    else:
        assert result.save is not None
        assert result.save.probability == pytest.approx(evaluate(expected["save"]), abs=EXACT)
    assert result.armor_piercing is expected["armor_piercing"]
    assert result.damage_probability == pytest.approx(evaluate(expected["damage"]), abs=EXACT)
    assert result.kill_probability == pytest.approx(evaluate(expected["kill"]), abs=EXACT)


# --- input checks -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "path", "message"),
    [
        ({"distance": -0.5}, "targets.0.distance", "between 0 and 100 (got -0.5)"),
        ({"distance": 100.5}, "targets.0.distance", "between 0 and 100 (got 100.5)"),
        ({"distance": math.nan}, "targets.0.distance", "between 0 and 100 (got nan)"),
        ({"distance": math.inf}, "targets.0.distance", "between 0 and 100 (got inf)"),
        ({"distance": "2"}, "targets.0.distance", "must be a number"),
        ({"base_mm": 9.9}, "targets.0.base_mm", "between 10 and 200 (got 9.9)"),
        ({"base_mm": 201}, "targets.0.base_mm", "between 10 and 200 (got 201)"),
        ({"tgh": 0}, "targets.0.tgh", "TGH must be between 1 and 20 (got 0)"),
        ({"tgh": 21}, "targets.0.tgh", "TGH must be between 1 and 20 (got 21)"),
        ({"tgh": 4.0}, "targets.0.tgh", "TGH must be a whole number"),
        ({"defense": 1}, "targets.0.def", "DEF must be between 2 and 6 (got 1)"),
        ({"defense": 7}, "targets.0.def", "DEF must be between 2 and 6 (got 7)"),
        ({"wounds_remaining": 0}, "targets.0.wounds_remaining", "between 1 and 99 (got 0)"),
        ({"wounds_remaining": 100}, "targets.0.wounds_remaining", "between 1 and 99 (got 100)"),
        ({"armor": "XA"}, "targets.0.armor", "Armor must be one of HA, MA, LA"),
        ({"weapons": ("SH", "XX")}, "targets.0.weapons", "Weapons must be a list of"),
        ({"hard_cover": "yes"}, "targets.0.hard_cover", "Must be true or false"),
        ({"label": 3}, "targets.0.label", "Label must be text"),
    ],
)
def test_it_names_the_bad_target_field(overrides, path, message):
    with pytest.raises(InvalidInput) as caught:
        blast_odds(blast(target(**overrides)))
    assert list(caught.value.problems) == [path]
    assert message in caught.value.problems[path][0]


@pytest.mark.parametrize(
    ("overrides", "path", "message"),
    [
        ({"caster_skl": 1}, "caster_skl", "Caster's SKL must be between 2 and 6 (got 1)."),
        ({"caster_skl": 7}, "caster_skl", "Caster's SKL must be between 2 and 6 (got 7)."),
        ({"strength": 0}, "strength", "The spell's STR must be between 1 and 20 (got 0)."),
        ({"strength": 21}, "strength", "The spell's STR must be between 1 and 20 (got 21)."),
        ({"template": "medium"}, "template", "Template must be one of small, large"),
        ({"targets": ()}, "targets", "Give between 1 and 20 units (got 0)."),
        ({"targets": None}, "targets", "Targets must be a list of unit profiles."),
        ({"rulings": Rulings("loose")}, "rulings.natural_rolls", "standard, literal"),  # type: ignore[arg-type]
    ],
)
def test_it_names_the_bad_blast_field(overrides, path, message):
    with pytest.raises(InvalidInput) as caught:
        blast_odds(blast(**overrides))
    assert list(caught.value.problems) == [path]
    assert message in caught.value.problems[path][0]


def test_it_accepts_twenty_targets_and_refuses_twenty_one():
    validate_blast(blast(*[target()] * MAX_BLAST_TARGETS))
    with pytest.raises(InvalidInput) as caught:
        validate_blast(blast(*[target()] * (MAX_BLAST_TARGETS + 1)))
    assert caught.value.problems == {"targets": ["Give between 1 and 20 units (got 21)."]}


def test_it_accepts_the_limits_themselves():
    validate_blast(
        blast(
            target(distance=0.0, base_mm=10.0, tgh=1, defense=2, wounds_remaining=1),
            target(distance=100.0, base_mm=200.0, tgh=20, defense=6, wounds_remaining=99),
            caster_skl=2,
            strength=20,
        )
    )


def test_it_reports_every_problem_at_once_with_each_targets_index():
    spell = blast(
        target(distance=-1.0, base_mm=5.0),
        target(),
        target(tgh=0, defense=9, wounds_remaining=0),
        caster_skl=9,
        strength=0,
        template="huge",
    )
    with pytest.raises(InvalidInput) as caught:
        blast_odds(spell)
    assert set(caught.value.problems) == {
        "template",
        "caster_skl",
        "strength",
        "targets.0.distance",
        "targets.0.base_mm",
        "targets.2.tgh",
        "targets.2.def",
        "targets.2.wounds_remaining",
    }


def test_a_target_that_is_not_a_profile_is_named_by_its_index():
    with pytest.raises(InvalidInput) as caught:
        blast_odds(blast(target(), {"distance": 1}))  # type: ignore[arg-type]
    assert caught.value.problems == {"targets.1": ["Each target must be a unit profile."]}
