"""How a game stands: who is eliminated, and once it is over, who placed where."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .json_values import JSON


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game stands: the seats eliminated so far (in order), and once it is over the
    places, best first. A place may hold several seats: a tie, or a victory the players
    share. A game that ends with no place at all is one everyone lost."""

    eliminated: tuple[int, ...] = ()
    over: bool = False
    places: tuple[frozenset[int], ...] = ()
    reason: str = ""

    @classmethod
    def win(cls, winners: Iterable[int], seats: int, reason: str) -> Outcome:
        """``winners`` win (together, when several); everyone else shares second place."""
        first = frozenset(winners)
        rest = frozenset(range(seats)) - first
        return cls((), True, (first, rest) if rest else (first,), reason)

    @classmethod
    def ranked(cls, places: Iterable[Iterable[int]], reason: str) -> Outcome:
        """Places in finishing order, best first."""
        return cls((), True, tuple(frozenset(place) for place in places), reason)

    @classmethod
    def draw(cls, seats: int, reason: str) -> Outcome:
        return cls((), True, (frozenset(range(seats)),), reason)

    @classmethod
    def everyone_loses(cls, reason: str) -> Outcome:
        return cls((), True, (), reason)

    @property
    def winners(self) -> frozenset[int]:
        return self.places[0] if self.over and self.places else frozenset()

    @property
    def winner(self) -> int | None:
        """The one seat that won alone, or None (not over, a tie, shared or nobody)."""
        return next(iter(self.winners)) if len(self.winners) == 1 else None

    def place_of(self, seat: int) -> int | None:
        """A seat's finishing place (1 is best), None while the game goes on or when
        everyone lost."""
        for index, place in enumerate(self.places, start=1):
            if seat in place:
                return index
        return None

    def eliminate(self, seat: int, seats: int, reason: str) -> Outcome:
        """Eliminate ``seat``; when one seat is left standing it wins for ``reason``, and the
        others place in reverse order of elimination."""
        eliminated = (*self.eliminated, seat) if seat not in self.eliminated else self.eliminated
        standing = [s for s in range(seats) if s not in eliminated]
        if len(standing) != 1:
            return replace(self, eliminated=eliminated)
        places = (frozenset(standing), *(frozenset({s}) for s in reversed(eliminated)))
        return Outcome(eliminated, True, places, reason)

    def to_json(self) -> dict[str, JSON]:
        return {
            "over": self.over,
            "winners": sorted(self.winners),
            "places": [sorted(place) for place in self.places],
            "eliminated": list(self.eliminated),
            "everyone_lost": self.over and not self.places,
            "reason": self.reason,
        }
