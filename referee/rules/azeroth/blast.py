"""Blast odds for Azeroth at War: scatter, template coverage, wound and save (8.4).

Rulings: R11 (circles, direction spread evenly), R12 (skilled casters), R13 (one wound per unit,
Armor Piercing, only hard cover), A1 (natural rolls), A2 (wound chart), A3 (Armor Piercing).

The geometry is worked out in closed form. Distances, radii and the cosine bound are exact
fractions of the inputs, so every "inside or outside" decision is exact; only the final angle is
a float, computed by a half-angle formula that stays accurate when the template only grazes a
base (where ``acos`` of a rounded cosine would lose half its digits).
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..checks import add_problem, check_whole
from ..errors import InvalidInput
from .dice import roll_target, wound_target
from .profiles import (
    LIMITS,
    MAX_BLAST_DISTANCE,
    MAX_BLAST_TARGETS,
    Armor,
    Blast,
    BlastOdds,
    BlastTarget,
    BlastTargetOdds,
    NaturalRolls,
    Rulings,
    Step,
    Template,
    Weapon,
)

# Template diameters in inches (8.4).
TEMPLATE_DIAMETER: dict[Template, Fraction] = {
    Template.SMALL: Fraction(3),
    Template.LARGE: Fraction(5),
}
MM_PER_INCH = Fraction(254, 10)
ON_TARGET = Fraction(1, 3)  # two HIT faces of six on the Scatter Die (8.4)
HARD_COVER_BONUS = 2  # A9; soft cover never helps against a Blast (R13)
SKILLED_CASTER_SKL = (2, 3)  # R12
SCATTER_ROLLS = (1, 2, 3, 4, 5, 6)


def _percent(p: float | Fraction) -> str:
    return f"{float(p):.1%}"


def _inches(x: Fraction | float) -> str:
    return f'{float(x):.3g}"'


def scatter_distances(caster_skl: int) -> tuple[int, ...]:
    """Inches the template moves for each D6 roll of 1-6 after an arrow (8.4, R12)."""
    if caster_skl in SKILLED_CASTER_SKL:
        return tuple(max(roll - 1, 1) for roll in SCATTER_ROLLS)
    return SCATTER_ROLLS


def exact(x: float) -> Fraction:
    """A measurement as the decimal the player gave. A binary float cannot hold 50.8 (a 2"
    base) exactly, and near the edge of a template a difference of 1e-16 in a radius moves
    the answer by 1e-9, so a float is read through its shortest decimal form."""
    return Fraction(repr(float(x))) if isinstance(x, float) else Fraction(x)


def base_radius(base_mm: float) -> Fraction:
    """A base's radius in inches, exactly (an inch is 25.4 mm)."""
    return exact(base_mm) / MM_PER_INCH / 2


def reach(template: Template, base_mm: float) -> Fraction:
    """The reach (rho): the template's radius plus the base's. A base is under the template
    while its centre is closer than this to the template's centre (R11)."""
    return TEMPLATE_DIAMETER[template] / 2 + base_radius(base_mm)


def under_after_scatter(distance: Fraction, scatter: Fraction, rho: Fraction) -> float:
    """P(the base is under the template) after the template moves ``scatter`` inches in a
    direction spread evenly around the circle, from an aim point ``distance`` from the base's
    centre (R11).

    Moving by angle θ off the line towards the base puts the template's centre
    sqrt(d² + s² - 2ds·cosθ) from the base's centre, so the base is under exactly when
    cosθ > c = (d² + s² - ρ²) / (2ds): a fraction θ₀/π of all directions, where θ₀ = acos(c).
    """
    d, s = distance, scatter
    if d == 0 or s == 0:
        return 1.0 if d + s < rho else 0.0
    if d + s <= rho:
        # Every direction lands within reach (at d + s == rho all but one, a set of measure 0).
        return 1.0
    if abs(d - s) >= rho:
        return 0.0
    # cosθ₀ = c with -1 < c < 1. tan²(θ₀/2) = (1 - c) / (1 + c), taken exactly as a fraction,
    # keeps its precision near c = ±1, where acos(float(c)) would not.
    tan_squared = (rho * rho - (d - s) ** 2) / ((d + s) ** 2 - rho * rho)
    half_angle = math.atan(math.sqrt(tan_squared))
    return 2.0 * half_angle / math.pi


def under_template(
    template: Template, caster_skl: int, distance: float, base_mm: float
) -> tuple[float, tuple[tuple[int, float], ...]]:
    """P(a base ``distance`` inches from the aim point is under the template), with the
    per-distance chances behind it as (scatter inches, P(under | that scatter)) for each D6
    roll 1-6 (8.4, R11, R12)."""
    rho = reach(template, base_mm)
    d = exact(distance)
    hit = 1.0 if d < rho else 0.0
    per_roll = tuple(
        (s, under_after_scatter(d, Fraction(s), rho)) for s in scatter_distances(caster_skl)
    )
    scattered = math.fsum(p for _, p in per_roll) / len(per_roll)
    return float(ON_TARGET) * hit + float(1 - ON_TARGET) * scattered, per_roll


# --- validation -------------------------------------------------------------------------------


def _check_number(
    problems: dict[str, list[str]], path: str, value: object, low: float, high: float, what: str
) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        add_problem(problems, path, f"{what} must be a number (got {value!r}).")
    elif not math.isfinite(value) or not low <= value <= high:
        add_problem(problems, path, f"{what} must be between {low:g} and {high:g} (got {value!r}).")


def _check_target(problems: dict[str, list[str]], i: int, target: object) -> None:
    at = f"targets.{i}"
    if not isinstance(target, BlastTarget):
        add_problem(problems, at, "Each target must be a unit profile.")
        return
    _check_number(
        problems,
        f"{at}.distance",
        target.distance,
        0.0,
        MAX_BLAST_DISTANCE,
        "Distance from the aim point (inches)",
    )
    low, high = LIMITS["base_mm"]
    _check_number(problems, f"{at}.base_mm", target.base_mm, low, high, "Base size (mm)")
    check_whole(problems, f"{at}.tgh", target.tgh, *LIMITS["tgh"], "TGH")
    if target.defense is not None:
        check_whole(problems, f"{at}.def", target.defense, *LIMITS["def"], "DEF")
    if not isinstance(target.armor, Armor):
        choices = ", ".join(a.value for a in Armor)
        add_problem(
            problems, f"{at}.armor", f"Armor must be one of {choices} (got {target.armor!r})."
        )
    if not isinstance(target.weapons, tuple | list) or not all(
        isinstance(w, Weapon) for w in target.weapons
    ):
        choices = ", ".join(w.value for w in Weapon)
        add_problem(problems, f"{at}.weapons", f"Weapons must be a list of {choices}.")
    if not isinstance(target.hard_cover, bool):
        add_problem(
            problems, f"{at}.hard_cover", f"Must be true or false (got {target.hard_cover!r})."
        )
    check_whole(
        problems,
        f"{at}.wounds_remaining",
        target.wounds_remaining,
        *LIMITS["wounds_remaining"],
        "Wounds remaining",
    )
    if not isinstance(target.label, str):
        add_problem(problems, f"{at}.label", "Label must be text.")


def validate_blast(blast: Blast) -> None:
    """Raise InvalidInput listing every problem with a Blast's inputs at once."""
    problems: dict[str, list[str]] = {}
    if not isinstance(blast.template, Template):
        choices = ", ".join(t.value for t in Template)
        add_problem(
            problems, "template", f"Template must be one of {choices} (got {blast.template!r})."
        )
    check_whole(problems, "caster_skl", blast.caster_skl, *LIMITS["skl"], "Caster's SKL")
    check_whole(problems, "strength", blast.strength, *LIMITS["strength"], "The spell's STR")
    if not isinstance(blast.targets, tuple | list):
        add_problem(problems, "targets", "Targets must be a list of unit profiles.")
    else:
        count = len(blast.targets)
        if not 1 <= count <= MAX_BLAST_TARGETS:
            add_problem(
                problems,
                "targets",
                f"Give between 1 and {MAX_BLAST_TARGETS} units (got {count}).",
            )
        for i, target in enumerate(blast.targets):
            _check_target(problems, i, target)
    if not isinstance(blast.rulings, Rulings) or not isinstance(
        blast.rulings.natural_rolls, NaturalRolls
    ):
        choices = ", ".join(n.value for n in NaturalRolls)
        add_problem(problems, "rulings.natural_rolls", f"Natural rolls must be one of {choices}.")
    if problems:
        raise InvalidInput(problems)


# --- odds -----------------------------------------------------------------------------------


def _target_odds(blast: Blast, target: BlastTarget) -> BlastTargetOdds:
    natural = blast.rulings.natural_rolls
    rho = reach(blast.template, target.base_mm)
    under, per_roll = under_template(
        blast.template, blast.caster_skl, target.distance, target.base_mm
    )
    steps: list[Step] = []
    steps.append(
        Step(
            "8.4, R11",
            f"Base {target.base_mm:g} mm ({_inches(2 * base_radius(target.base_mm))} across): "
            f"under the template while its centre is within {_inches(rho)} of the template's "
            f"centre; it is {_inches(target.distance)} from the aim point.",
        )
    )
    on_target = "under" if exact(target.distance) < rho else "not under"
    scatter_text = ", ".join(
        f'{roll} moves {s}": {_percent(p)}'
        for roll, (s, p) in zip(SCATTER_ROLLS, per_roll, strict=True)
    )
    steps.append(
        Step(
            "8.4, R11, R12",
            f"On a HIT the template stays put and the unit is {on_target} it. After an arrow, "
            f"by D6 roll ({scatter_text}). Under the template: {_percent(under)}.",
        )
    )

    wound_needed = wound_target(blast.strength, target.tgh)
    wound = roll_target(wound_needed, 0, natural)
    steps.append(
        Step(
            "8.4, 7.1, A2, A1",
            f"STR {blast.strength} against TGH {target.tgh} wounds on {wound_needed}+: "
            f"{_percent(wound.probability)}.",
        )
    )
    armor_piercing = blast.strength >= 2 * target.tgh
    keeps_save = Weapon.SHIELD in target.weapons or target.armor is Armor.HEAVY
    save = None
    if target.defense is None:
        steps.append(Step("A9", 'DEF "-": no save.'))
    elif armor_piercing and not keeps_save:
        steps.append(
            Step(
                "7.4, A3, R13",
                f"Armor Piercing: STR {blast.strength} is at least twice TGH {target.tgh}, and "
                "it has neither a Shield nor Heavy Armor, so no save.",
            )
        )
    else:
        if armor_piercing:
            keeper = "a Shield" if Weapon.SHIELD in target.weapons else "Heavy Armor"
            steps.append(
                Step(
                    "7.4, A3, R13",
                    f"Armor Piercing (STR {blast.strength} is at least twice TGH "
                    f"{target.tgh}), but {keeper} keeps its save.",
                )
            )
        modifier = HARD_COVER_BONUS if target.hard_cover else 0
        save = roll_target(target.defense, modifier, natural)
        cover = (
            "hard cover towards the blast centre, +2"
            if target.hard_cover
            else "no hard cover (soft cover does not count)"
        )
        steps.append(
            Step(
                "8.4, A9, R13, A1",
                f"DEF {target.defense}+ save with {cover}: {save.needed}+ on the die, "
                f"{_percent(save.probability)}.",
            )
        )
    unsaved = 1.0 - (save.probability if save is not None else 0.0)
    damage = under * wound.probability * unsaved
    kill = damage if target.wounds_remaining == 1 else 0.0
    last = (
        "on its last wound, so that destroys it"
        if target.wounds_remaining == 1
        else f"it has {target.wounds_remaining} wounds left, so the Blast cannot destroy it"
    )
    steps.append(
        Step(
            "R13",
            f"1 damage {_percent(damage)} (under x wounded x not saved); {last}.",
        )
    )
    return BlastTargetOdds(
        label=target.label,
        under_template=under,
        wound=wound,
        save=save,
        armor_piercing=armor_piercing,
        damage_probability=damage,
        kill_probability=kill,
        explanation=tuple(steps),
    )


def blast_odds(blast: Blast) -> BlastOdds:
    """The chance each unit near the aim point is under a Blast template, wounded and not
    saved (8.4).

    The Scatter Die shows HIT on two faces of six and the template stays on the aim point;
    otherwise it moves a D6 in inches (1" less, never under 1", for an SKL 2+ or 3+ caster,
    R12) in a direction spread evenly around the circle (R11). A unit any part of whose base is
    under the template rolls one wound with the spell's STR (A2), Armor Piercing per A3, and
    saves with its DEF, +2 only behind hard cover (A9, R13).
    """
    validate_blast(blast)
    diameter = TEMPLATE_DIAMETER[blast.template]
    reduced = blast.caster_skl in SKILLED_CASTER_SKL
    steps = [
        Step("8.4", f'{blast.template.value.capitalize()} Blast template: {diameter}" across.'),
        Step(
            "8.4",
            "The Scatter Die shows HIT on 2 faces of 6 (1 in 3): the template stays on the "
            "aim point. Otherwise it moves a D6 in inches in the arrow's direction.",
        ),
        Step(
            "8.4, R12",
            f'Caster SKL {blast.caster_skl}+: the scatter is 1" shorter, never under 1" '
            '(rolls of 1 and 2 both move 1").'
            if reduced
            else f"Caster SKL {blast.caster_skl}+: the scatter is the full D6 roll.",
        ),
        Step(
            "R11",
            "The arrow points in any direction with equal chance; a unit is under the template "
            "when its base's centre is closer to the template's centre than the two radii "
            "added together.",
        ),
    ]
    return BlastOdds(
        template_diameter=float(diameter),
        scatter_reduced=reduced,
        on_target_probability=float(ON_TARGET),
        targets=tuple(_target_odds(blast, target) for target in blast.targets),
        explanation=tuple(steps),
    )
