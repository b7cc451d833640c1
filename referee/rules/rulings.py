"""What a ruling is: how this project reads a rulebook where it is silent or contradicts
itself, with the code every explanation cites it by (A1, R3 ...). Each game's rules package
lists its own in its ``rulings`` module, the tracker package those of every tracked game;
the app gathers them from its registry of games (``games.rulings``)."""

from __future__ import annotations

from dataclasses import dataclass

TRACKED = "tracked"  # the rulings of the game tracker itself, whatever the game
TRACKED_NAME = "Every tracked game"


@dataclass(frozen=True, slots=True)
class Ruling:
    code: str
    system: str  # game system slug, or TRACKED for a ruling of every tracked game
    section: str  # the rulebook section it interprets
    title: str
    text: str
    switchable: bool = False
