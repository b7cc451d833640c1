"""How a Counter Race stands: each seat's counter and secret, whose turn it is, the outcome."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.rules.tracker import Outcome

from .setup import RaceSetup

HIDDEN = 0
"""What a secret number another seat may not see reads as."""


@dataclass(frozen=True, slots=True)
class Racer:
    counter: int = 0
    secret: int | None = None  # None: not chosen yet; HIDDEN: chosen, not this viewer's


@dataclass(frozen=True, slots=True)
class RaceState:
    setup: RaceSetup
    racers: tuple[Racer, Racer]
    active: int = 0
    outcome: Outcome = field(default_factory=Outcome)

    @property
    def choosing(self) -> bool:
        """Whether a seat has still to choose its secret: the race starts once both have."""
        return any(racer.secret is None for racer in self.racers)


def initial_state(setup: RaceSetup) -> RaceState:
    return RaceState(setup, (Racer(), Racer()))


def score(racer: Racer) -> int:
    return racer.counter + (racer.secret or 0)
