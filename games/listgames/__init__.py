"""What every game whose cards are catalog data answers (``CatalogGame``) and what a game whose
lists Referee checks adds (``ListGame``), with what they answer alike (``base``). Each game
answers them in its own package (``games/systems/<slug>/``), and the registry of games finds
them (``games.registry.catalog_game``, ``list_game``)."""

from .base import CatalogGame, ListGame, PlainEntry, Section

__all__ = ["CatalogGame", "ListGame", "PlainEntry", "Section"]
