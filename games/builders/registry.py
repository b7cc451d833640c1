"""The list builders by list system slug: one line a game. A new list game's builder is a
module with an object that follows ``ListBuilder`` and one line here."""

from __future__ import annotations

from typing import Any

from referee.rules.azeroth.units import ArmyList
from referee.rules.azrah.cards import Roster
from referee.rules.azuki.cards import Card, Deck

from .army import ArmyBuilder, ArmyCatalog, ArmyState
from .base import ListBuilder
from .deck import DeckBuilder, DeckState
from .roster import Entries, RosterBuilder, RosterState

# Typed each with its own state, entries and list, so mypy checks each against the protocol.
_ARMY: ListBuilder[ArmyState, ArmyCatalog, ArmyList] = ArmyBuilder()
_DECK: ListBuilder[DeckState, dict[str, Card], Deck] = DeckBuilder()
_ROSTER: ListBuilder[RosterState, Entries, Roster] = RosterBuilder()

BUILDERS: dict[str, ListBuilder[Any, Any, Any]] = {
    _ARMY.system: _ARMY,
    _DECK.system: _DECK,
    _ROSTER.system: _ROSTER,
}


def builder_for(system: str) -> ListBuilder[Any, Any, Any]:
    """The builder of the list system ``system``; KeyError for a system without one."""
    return BUILDERS[system]
