"""What every game whose cards are catalog data answers (``CatalogGame``) and what a game whose
lists Referee checks adds (``ListGame``), in ``base``. Each game answers them in its own
package (``games/systems/<slug>/``); the games are found through ``games.registry``
(``catalog_games``, ``list_games``), and looked up here by slug."""

from __future__ import annotations

from typing import Any

from games import registry

from .base import CatalogGame, ListGame, PlainEntry, Section


def entry_filters() -> tuple[str, ...]:
    """Every filter of a catalog's entry search that some game has, in the registry's order."""
    games = registry.catalog_games().values()
    return tuple(dict.fromkeys(key for game in games for key in game.filters))


def catalog_game(slug: str) -> CatalogGame:
    """The catalog game ``slug``; a KeyError names the slugs there are."""
    games = registry.catalog_games()
    try:
        return games[slug]
    except KeyError:
        known = ", ".join(games)
        raise KeyError(f"No game with catalogs {slug!r}; there are: {known}.") from None


def list_game(slug: str) -> ListGame[Any, Any]:
    """The list game ``slug``; a KeyError names the slugs there are."""
    games = registry.list_games()
    try:
        return games[slug]
    except KeyError:
        known = ", ".join(games)
        raise KeyError(f"No list game {slug!r}; there are: {known}.") from None


__all__ = [
    "CatalogGame",
    "ListGame",
    "PlainEntry",
    "Section",
    "catalog_game",
    "entry_filters",
    "list_game",
]
