"""Single-D6 rolls against a target number, with the natural-roll ruling (A1)."""

from __future__ import annotations

from .profiles import NaturalRolls, RollTarget


def roll_target(base: int, modifier: int, natural_rolls: NaturalRolls) -> RollTarget:
    """The lowest natural result that succeeds when ``roll + modifier >= base``.

    A1 (standard): a natural 1 always fails and a natural 6 always succeeds, so the result is
    kept within 2..6 whatever the modifiers. Literal: no exceptions, so the result may be 1
    (every roll succeeds) or 7 (none does).
    """
    needed = base - modifier
    if natural_rolls is NaturalRolls.STANDARD:
        needed = min(max(needed, 2), 6)
    else:
        needed = min(max(needed, 1), 7)
    return RollTarget(base=base, modifier=modifier, needed=needed, probability=(7 - needed) / 6)


def wound_target(strength: int, toughness: int) -> int:
    """The wound chart (7.1), read in the order A2 gives."""
    if strength >= 2 * toughness:
        return 2
    if 2 * strength <= toughness:
        return 6
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    return 5
