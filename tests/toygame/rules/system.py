"""Counter Race as the tracker runs it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from referee.rules.tracker import JSON, Action, LegalAction, System

from . import ABOUT
from .actions import ACTION_TYPES, CHOOSE, apply, commutes
from .legal import legal_actions
from .setup import RaceSetup, setup_from_json, setup_to_json
from .state import HIDDEN, Racer, RaceState, initial_state
from .words import describe, describe_secret


class CounterRace(System[RaceSetup, RaceState]):
    slug = ABOUT.slug
    name = ABOUT.name
    action_types = ACTION_TYPES
    table_knows_secrets = False

    def setup_from_json(self, data: Mapping[str, JSON]) -> RaceSetup:
        return setup_from_json(data)

    def setup_to_json(self, setup: RaceSetup) -> dict[str, JSON]:
        return setup_to_json(setup)

    def seat_names(self, setup: RaceSetup) -> tuple[str, ...]:
        return setup.players

    def initial_state(self, setup: RaceSetup) -> RaceState:
        return initial_state(setup)

    def apply(self, state: RaceState, action: Action) -> RaceState:
        return apply(state, action)

    def describe(
        self, action: Action, setup: RaceSetup | None = None, viewer: int | None = None
    ) -> str:
        return describe(action, setup)

    def describe_secret(self, action: Action, setup: RaceSetup | None = None) -> str:
        return describe_secret(action, setup)

    def visible_payload(
        self, action: Action, state: RaceState, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """A secret number is its chooser's until the race is over."""
        secret = action.type == CHOOSE.name and action.by != viewer
        return None if secret and not state.outcome.over else action.payload

    def conceal(self, state: RaceState, viewer: int | None) -> RaceState:
        if state.outcome.over:
            return state
        racers = tuple(
            racer if seat == viewer or racer.secret is None else replace(racer, secret=HIDDEN)
            for seat, racer in enumerate(state.racers)
        )
        return replace(state, racers=(racers[0], racers[1]))

    def view(self, state: RaceState, viewer: int | None) -> dict[str, JSON]:
        shown = self.conceal(state, viewer)
        return {
            "winner": state.outcome.winner,
            "over": state.outcome.over,
            "reason": state.outcome.reason,
            "target": state.setup.target,
            "active_seat": None if state.outcome.over or state.choosing else state.active,
            "racers": [
                _racer(name, racer)
                for name, racer in zip(state.setup.players, shown.racers, strict=True)
            ],
        }

    def legal_actions(self, state: RaceState, seat: int) -> tuple[LegalAction, ...]:
        return legal_actions(state, seat)

    def table_actions(self, state: RaceState, seat: int) -> tuple[LegalAction, ...]:
        return legal_actions(state, seat, table=True)

    def commutes(self, seen: RaceState, recorded: Action, pending: Action) -> bool:
        return commutes(recorded, pending)

    def example_setup(self) -> dict[str, JSON]:
        return {"players": ["Ana", "Ben"], "target": 10}


def _racer(name: str, racer: Racer) -> dict[str, JSON]:
    chosen = racer.secret is not None
    known = chosen and racer.secret != HIDDEN
    return {
        "name": name,
        "counter": racer.counter,
        "chosen": chosen,
        "secret": racer.secret if known else None,
    }


COUNTER_RACE = CounterRace()
