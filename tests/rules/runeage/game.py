"""Rune Age games for the tests: setups of the demonstration cards, and actions in short."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from referee.rules.runeage.actions import apply_action
from referee.rules.runeage.demo import DEMO
from referee.rules.runeage.setup import RuneAgeSetup, build_setup, setup_from_json
from referee.rules.runeage.state import RuneAgeState
from referee.rules.runeage.system import RUNE_AGE
from referee.rules.tracker import Action, Game, game_apply, start

RACES = ("Daqan Lords", "Latari Elves", "Uthuk Y'llan", "Waiqar the Undying")
NAMES = ("Ana", "Ben", "Cleo", "Dev")
RuneAgeGame = Game[RuneAgeSetup, RuneAgeState]


def setup_json(scenario: str = "dragonlords", players: int = 3, **options: Any) -> dict[str, Any]:
    chosen = [(NAMES[i], RACES[i]) for i in range(players)]
    data = build_setup(DEMO, scenario, chosen, Random(f"{scenario}-{players}"), **options)
    return data


def new_setup(scenario: str = "dragonlords", players: int = 3, **options: Any) -> RuneAgeSetup:
    return setup_from_json(setup_json(scenario, players, **options))


def new_game(scenario: str = "dragonlords", players: int = 3, **options: Any) -> RuneAgeGame:
    return start(RUNE_AGE, new_setup(scenario, players, **options))


def act(game: RuneAgeGame, type: str, by: int | None = None, **payload: Any) -> RuneAgeGame:
    return game_apply(game, type=type, by=by, payload=payload)


def step(state: RuneAgeState, type: str, by: int | None = None, **payload: Any) -> RuneAgeState:
    """One action applied straight to a state (for states a test has arranged)."""
    return apply_action(state, Action(1, type, by, payload))


def owning(state: RuneAgeState, seat: int, **cards: int) -> RuneAgeState:
    """``seat``'s player owning these cards too (names with spaces as keyword-safe codes:
    pass a dict through ``owning_cards`` for those)."""
    return owning_cards(state, seat, cards)


def owning_cards(state: RuneAgeState, seat: int, cards: dict[str, int]) -> RuneAgeState:
    player = state.players[seat]
    owned = dict(player.owned)
    for name, count in cards.items():
        owned[name] = owned.get(name, 0) + count
    players = list(state.players)
    players[seat] = replace(player, owned=owned)
    return replace(state, players=tuple(players))


def end_turns(state: RuneAgeState, count: int) -> RuneAgeState:
    for _ in range(count):
        state = step(state, "end_turn", state.active)
    return state
