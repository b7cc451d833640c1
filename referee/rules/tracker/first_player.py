"""Who plays first when a coin decides it, whatever the game.

The coin names the seat that won the flip, and the winner chooses to play first or second.
A coin the app flips for the table stands for a winner who chooses to go first (R109)."""

from __future__ import annotations

from .refusals import IllegalAction


def decide_first_player(rng_value: int, winner_plays_first: bool = True) -> int:
    """The seat that plays first, from a supplied coin flip (0 or 1 names the winner), who
    chooses to play first or second (R109)."""
    if rng_value not in (0, 1):
        raise IllegalAction("A coin flip is 0 or 1.", "rng_value")
    return rng_value if winner_plays_first else 1 - rng_value
