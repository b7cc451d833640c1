"""Stored things: game catalogs (each game keeps its catalog's models in its own package),
saved lists, batch validation jobs and tracked games with their logs.

Each catalog model has ``to_engine()``, which turns a row into the frozen dataclass the rules
engines take (``referee.rules.*``); the engines never see a model.
"""

from .catalog import Catalog
from .lists import BatchJob, SavedList
from .tracker import Game, GameAction, GameSnapshot, GameState, Seat, Spectator

__all__ = [
    "BatchJob",
    "Catalog",
    "Game",
    "GameAction",
    "GameSnapshot",
    "GameState",
    "SavedList",
    "Seat",
    "Spectator",
]
