"""Building blocks the game systems share: counters with bounds, rounds, turns and phases,
once-per-turn limits, statuses with durations and secrets only their owner sees."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from .refusals import IllegalAction

Value = TypeVar("Value")


@dataclass(frozen=True, slots=True)
class Counter:
    """A number kept between optional bounds: a life total, damage, a Mana pool (cap 10), a
    player's Celestial Gems (cap 3)."""

    value: int = 0
    minimum: int | None = 0
    maximum: int | None = None

    def add(self, amount: int) -> Counter:
        """Gain ``amount`` (or lose, when negative); anything past a bound is lost, as a
        gain at the cap gives nothing."""
        value = self.value + amount
        if self.maximum is not None:
            value = min(value, self.maximum)
        if self.minimum is not None:
            value = max(value, self.minimum)
        return replace(self, value=value)

    def spend(self, amount: int, what: str = "points") -> Counter:
        """Pay ``amount`` in full or refuse."""
        if amount < 0:
            raise IllegalAction(f"Cannot spend a negative number of {what}.")
        floor = self.minimum if self.minimum is not None else 0
        if self.value - amount < floor:
            raise IllegalAction(f"Not enough {what}: {amount} needed, {self.value} held.")
        return replace(self, value=self.value - amount)

    @property
    def at_maximum(self) -> bool:
        return self.maximum is not None and self.value >= self.maximum


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    checklist: tuple[str, ...] = ()  # what the phase asks of the players, in order


@dataclass(frozen=True, slots=True)
class Clock:
    """Rounds, turns and phases. A round is complete when every seat has had a turn."""

    phases: tuple[Phase, ...]
    seats: int
    first_seat: int = 0
    turn: int = 1  # turns of the game so far, 1-based
    phase_index: int = 0
    done: frozenset[str] = frozenset()  # checklist items ticked in the current phase

    @property
    def phase(self) -> Phase:
        return self.phases[self.phase_index]

    @property
    def active_seat(self) -> int:
        return (self.first_seat + self.turn - 1) % self.seats

    @property
    def round(self) -> int:
        return (self.turn - 1) // self.seats + 1

    def tick(self, item: str) -> Clock:
        if item not in self.phase.checklist:
            raise IllegalAction(f"'{item}' is not a step of the {self.phase.name} phase.")
        return replace(self, done=self.done | {item})

    def next_phase(self) -> Clock:
        """The following phase; after the last one the next seat's turn begins."""
        if self.phase_index + 1 < len(self.phases):
            return replace(self, phase_index=self.phase_index + 1, done=frozenset())
        return self.next_turn()

    def next_turn(self) -> Clock:
        return replace(self, turn=self.turn + 1, phase_index=0, done=frozenset())


@dataclass(frozen=True, slots=True)
class OncePerTurn:
    """Keys of once-per-turn actions already used this turn; reset when the turn changes."""

    used: frozenset[str] = frozenset()

    def use(self, key: str, message: str) -> OncePerTurn:
        if key in self.used:
            raise IllegalAction(message)
        return OncePerTurn(self.used | {key})

    def reset(self) -> OncePerTurn:
        return OncePerTurn()


@dataclass(frozen=True, slots=True)
class Status:
    """A named status; ``remaining`` counts the turns (or rounds) left, None for lasting."""

    name: str
    remaining: int | None = None


@dataclass(frozen=True, slots=True)
class Statuses:
    items: tuple[Status, ...] = ()

    def has(self, name: str) -> bool:
        return any(status.name == name for status in self.items)

    def add(self, name: str, duration: int | None = None) -> Statuses:
        """Apply ``name`` for ``duration`` turns (None: until removed); a status applied
        again takes the new duration."""
        if duration is not None and duration < 1:
            raise IllegalAction("A status lasts at least one turn.")
        kept = tuple(status for status in self.items if status.name != name)
        return Statuses((*kept, Status(name, duration)))

    def remove(self, name: str) -> Statuses:
        return Statuses(tuple(status for status in self.items if status.name != name))

    def tick(self) -> Statuses:
        """One turn (or round) passes: counted statuses lose one and expire at zero."""
        kept: list[Status] = []
        for status in self.items:
            if status.remaining is None:
                kept.append(status)
            elif status.remaining > 1:
                kept.append(Status(status.name, status.remaining - 1))
        return Statuses(tuple(kept))


@dataclass(frozen=True, slots=True)
class Secret(Generic[Value]):
    """A value only its owner may see (a secretly nominated Warlord, a hand of cards)."""

    owner: int
    value: Value

    def visible_to(self, viewer: int | None) -> bool:
        return viewer == self.owner

    def shown(self, viewer: int | None) -> Value | None:
        return self.value if self.visible_to(viewer) else None
