"""What a rules package says of its game: its slug, name, kind, rulebook and a summary. Each
game's package answers this once, as ``ABOUT`` in its ``__init__.py``; everything that names
the game (its tracker, its pages, the API) reads it from there."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameSystem:
    slug: str
    name: str
    kind: str  # "miniatures" or "card game"
    rulebook: str  # file name of the rulebook this system follows
    summary: str
