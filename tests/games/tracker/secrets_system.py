"""A tiny tracked game with secrets, for testing what the service shows each viewer without
leaning on a real system's rules: each seat holds a secret number; ``add`` adds to a shared
total; ``guess`` names another seat's number and is refused unless the guesser can see it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
    JSON,
    Action,
    ActionType,
    Amount,
    IllegalAction,
    LegalAction,
    PayloadField,
    System,
    payload_value,
)

SLUG = "secrets"


@dataclass(frozen=True, slots=True)
class Setup:
    players: tuple[str, ...]
    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    numbers: tuple[int | None, ...]  # None: a number the viewer may not see
    total: int = 0
    winner: int | None = None


class Secrets(System[Setup, State]):
    slug = SLUG
    name = "Secret numbers"
    seats = (2, 3)
    action_types = (
        ActionType("add", "Add to the total.", (PayloadField("amount", "int", "How much."),)),
        ActionType(
            "guess",
            "Name another seat's number.",
            (
                PayloadField("seat", "int", "Whose number."),
                PayloadField("number", "int", "The guess."),
            ),
        ),
    )

    def setup_from_json(self, data: Mapping[str, JSON]) -> Setup:
        players, numbers = data.get("players"), data.get("numbers")
        if not isinstance(players, list) or not isinstance(numbers, list):
            raise InvalidInput({"players": ["Give players and numbers."]})
        return Setup(tuple(players), tuple(numbers))

    def setup_to_json(self, setup: Setup) -> dict[str, JSON]:
        return {"players": list(setup.players), "numbers": list(setup.numbers)}

    def seat_names(self, setup: Setup) -> tuple[str, ...]:
        return setup.players

    def initial_state(self, setup: Setup) -> State:
        return State(setup.numbers)

    def apply(self, state: State, action: Action) -> State:
        if action.type == "add":
            return replace(state, total=state.total + payload_value(action.payload, "amount", int))
        seat = payload_value(action.payload, "seat", int)
        number = payload_value(action.payload, "number", int)
        if state.numbers[seat] is None:
            raise IllegalAction(f"Seat {seat}'s number is hidden from you.", "payload.number")
        if state.numbers[seat] != number:
            raise IllegalAction("Wrong guess.", "payload.number")
        return replace(state, winner=action.by)

    def view(self, state: State, viewer: int | None) -> dict[str, JSON]:
        return {
            "winner": state.winner,
            "reason": "",
            "total": state.total,
            "numbers": [n if i == viewer else None for i, n in enumerate(state.numbers)],
        }

    def legal_actions(self, state: State, seat: int) -> tuple[LegalAction, ...]:
        return (
            LegalAction("add", f"Seat {seat} adds", seat, {"amount": 1}, {"amount": Amount(1, 6)}),
        )

    def conceal(self, state: State, viewer: int | None) -> State:
        numbers = tuple(n if i == viewer else None for i, n in enumerate(state.numbers))
        return replace(state, numbers=numbers)

    def describe(
        self, action: Action, setup: Setup | None = None, viewer: int | None = None
    ) -> str:
        return f"{action.type}, as seat {viewer} reads it"

    def example_setup(self) -> dict[str, Any]:
        return {"players": ["Ana", "Ben"], "numbers": [3, 4]}


SECRETS = Secrets()
