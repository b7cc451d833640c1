"""The games whose cards are catalog data, and among them the list games, looked up by slug.

Each list game is a package beside this module: ``__init__.py`` answers ``ListGame`` (its
catalog, its list's text and JSON, its check, its filters and batch options) and
``builder.py`` is its builder page's state. Adding a list game (Rune Age decks one day) means
adding its package and one line below; the catalogs, the builders, the saved lists, the
batches, the validation API and their pages and endpoints then know it (docs/catalogs.md).
"""

from __future__ import annotations

from typing import Any

from . import azeroth, azrah, azuki, runeage
from .base import CatalogGame, ListGame, PlainEntry, Section

GAMES: tuple[CatalogGame, ...] = (
    azeroth.GAME,
    azuki.GAME,
    azrah.GAME,
    runeage.GAME,
)

CATALOG_GAMES: dict[str, CatalogGame] = {game.slug: game for game in GAMES}
"""Every game with catalogs: the list games, and Rune Age, whose cards its tracker reads."""
LIST_GAMES: dict[str, ListGame[Any, Any]] = {
    game.slug: game for game in GAMES if isinstance(game, ListGame)
}
"""The games whose lists are built from a catalog, saved, checked and batched."""
ENTRY_FILTERS: tuple[str, ...] = tuple(dict.fromkeys(key for game in GAMES for key in game.filters))
"""Every filter of a catalog's entry search that some game has, in the registry's order."""
CATALOG_SYSTEMS: tuple[str, ...] = tuple(CATALOG_GAMES)
LIST_SYSTEMS: tuple[str, ...] = tuple(LIST_GAMES)
"""The slugs alone, in the registry's order (the API schema's enums are named after them)."""


def catalog_game(slug: str) -> CatalogGame:
    """The catalog game ``slug``; a KeyError names the slugs there are."""
    try:
        return CATALOG_GAMES[slug]
    except KeyError:
        known = ", ".join(CATALOG_GAMES)
        raise KeyError(f"No game with catalogs {slug!r}; there are: {known}.") from None


def list_game(slug: str) -> ListGame[Any, Any]:
    """The list game ``slug``; a KeyError names the slugs there are."""
    try:
        return LIST_GAMES[slug]
    except KeyError:
        known = ", ".join(LIST_GAMES)
        raise KeyError(f"No list game {slug!r}; there are: {known}.") from None


__all__ = [
    "CATALOG_GAMES",
    "CATALOG_SYSTEMS",
    "ENTRY_FILTERS",
    "GAMES",
    "LIST_GAMES",
    "LIST_SYSTEMS",
    "CatalogGame",
    "ListGame",
    "PlainEntry",
    "Section",
    "catalog_game",
    "list_game",
]
