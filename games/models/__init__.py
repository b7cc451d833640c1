"""Stored things: game catalogs, whose entries are each game's own models (in its package,
``games/systems/<slug>/models.py``, or here: Azuki cards, AZRAH Guardians, Rune Age cards),
saved lists, batch validation jobs and tracked games with their logs.

Each catalog model has ``to_engine()``, which turns a row into the frozen dataclass the rules
engines take (``referee.rules.*``); the engines never see a model.
"""

from .azrah import Guardian, SharedCard
from .azuki import Card
from .catalog import Catalog
from .lists import BatchJob, SavedList
from .runeage import RuneAgeCards
from .tracker import Game, GameAction, GameSnapshot, GameState, Seat, Spectator

__all__ = [
    "BatchJob",
    "Card",
    "Catalog",
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
]
