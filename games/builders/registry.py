"""The list builders by list system slug: one line a game. A new list game's builder is a
module with an object that follows ``ListBuilder`` and one line here."""

from __future__ import annotations

from typing import Any

from .army import ArmyBuilder
from .base import ListBuilder
from .deck import DeckBuilder
from .roster import RosterBuilder

BUILDERS: dict[str, ListBuilder[Any, Any, Any]] = {
    "azeroth": ArmyBuilder(),
    "azuki": DeckBuilder(),
    "azrah": RosterBuilder(),
}


def builder_for(system: str) -> ListBuilder[Any, Any, Any]:
    """The builder of the list system ``system``; KeyError for a system without one."""
    return BUILDERS[system]
