"""A two-player AZRAH game for the tracker tests."""

from __future__ import annotations

from typing import Any

from referee.rules.azrah.tracker import AZRAH, AzrahSetup, AzrahState, SeatSetup
from referee.rules.tracker.core import Game, game_apply, start

ANA = SeatSetup(
    "Ana",
    ("Alchemist", "Dragoon", "Oracle"),
    ("Sentinel", "Warden"),
    {"Alchemist": 3, "Dragoon": 4, "Oracle": 2, "Sentinel": 5, "Warden": 3},
)
BEN = SeatSetup(
    "Ben",
    ("Bard", "Cleric", "Duelist"),
    ("Mystic", "Ranger"),
    {"Bard": 3, "Cleric": 3, "Duelist": 4, "Mystic": 2, "Ranger": 3},
)
SETUP = AzrahSetup((ANA, BEN), first_player=0)

AzrahGame = Game[AzrahSetup, AzrahState]


def new_game(first_player: int = 0) -> AzrahGame:
    return start(AZRAH, AzrahSetup((ANA, BEN), first_player))


def act(game: AzrahGame, type: str, by: int | None = None, **payload: Any) -> AzrahGame:
    return game_apply(game, type=type, by=by, payload=payload)


def undo(game: AzrahGame) -> AzrahGame:
    return game_apply(game, type="undo", payload={"target": game.next_undo()})


def redo(game: AzrahGame) -> AzrahGame:
    return game_apply(game, type="redo", payload={"target": game.next_redo()})


def recover(game: AzrahGame, *names: str) -> AzrahGame:
    """Attach the Recovery phase's two Mana (to the named allies) and end the phase."""
    seat = game.state.active
    front = game.state.players[seat].front
    targets = names or (front[0], front[0])
    for name in targets:
        game = act(game, "attach_mana", seat, guardian=name)
    return act(game, "end_phase", seat)


def pass_turn(game: AzrahGame) -> AzrahGame:
    """Play out the rest of the turn doing nothing optional."""
    seat = game.state.active
    if game.state.clock.phase.name == "Recovery":
        game = recover(game)
    if game.state.clock.phase.name == "Action":
        game = act(game, "end_phase", seat)
    return act(game, "end_phase", seat)


def player(game: AzrahGame, seat: int) -> Any:
    return game.state.players[seat]


def guardian(game: AzrahGame, seat: int, name: str) -> Any:
    return game.state.players[seat].guardian(name)
