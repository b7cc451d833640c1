"""Stored things: game catalogs (Azeroth at War units, AZRAH Guardians, Rune
Age cards), saved lists, batch validation jobs and tracked games with their logs.

Each catalog model has ``to_engine()``, which turns a row into the frozen dataclass the rules
engines take (``referee.rules.*``); the engines never see a model.
"""

from .azeroth import Ability, Faction, Unit
from .azrah import Guardian, SharedCard
from .catalog import Catalog
from .lists import BatchJob, SavedList
from .runeage import RuneAgeCards
from .tracker import Game, GameAction, GameSnapshot, GameState, Seat, Spectator

__all__ = [
    "Ability",
    "BatchJob",
    "Catalog",
    "Faction",
    "Game",
    "GameAction",
    "GameSnapshot",
    "GameState",
    "Guardian",
    "RuneAgeCards",
    "SavedList",
    "Seat",
    "SharedCard",
    "Spectator",
    "Unit",
]
