"""The one registry of games: every game Referee knows is a Django app of its own (a "slice",
``games/systems/<slug>/`` for the five it ships), listed in ``INSTALLED_APPS``, whose app
config is a ``GameConfig``. Its ``game`` module answers ``GAME``, a ``Game`` saying what the
app offers for it: its tracked-game engine, its catalog and list game, how a table sets a
game up, its home tile, its pages and API endpoints, its rulings.

Everything shared (the home page, the Build menu, the rulings page, the new-game page, the
catalogs, the saved lists, the batches, the API index and schema, the admin) asks this
module, in the order of ``INSTALLED_APPS``, and never names a game. Adding a game is adding its
package and one line of ``INSTALLED_APPS`` (docs/games.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from django.apps import AppConfig, apps

if TYPE_CHECKING:
    from referee.rules.about import GameSystem
    from referee.rules.rulings import Ruling
    from referee.rules.tracker import System

    from .listgames.base import CatalogGame, ListGame
    from .tracker.table_setup import TableSetup


@dataclass(frozen=True, slots=True)
class Feature:
    """Something the app does for a game, on its home tile: a page (``url_name``, reversed
    when the tile is drawn, with ``anchor`` after it) or a plan (no ``url_name``).
    ``tracker``: the tile's line for the game tracker, which links to the games."""

    name: str
    text: str
    url_name: str | None = None
    anchor: str = ""


@dataclass(frozen=True, slots=True)
class NavLink:
    """A link to one of a game's pages: its words, its URL name and, for the header, the
    longer words shown after them on a wide screen (``long``) or the game it belongs to
    (``game``, the Build menu's small print)."""

    label: str
    url_name: str
    long: str = ""
    game: str = ""


@dataclass(frozen=True, slots=True)
class ApiEndpoint:
    """One of a game's API endpoints as the API's index (``GET /api/``) lists it: its URL
    name (``api:...``), its method, its short name and a line on what it answers."""

    url_name: str
    method: str
    name: str
    description: str


@dataclass(frozen=True, slots=True)
class Game:
    """One game's slice, as the shared parts of the app see it.

    ``about`` is the rules package's ``ABOUT`` (slug, name, kind, rulebook, summary);
    ``tracker`` its tracked-game engine, when the table tracker runs it; ``catalog`` the
    game whose cards are catalog data (a ``ListGame`` when its lists are built, saved,
    checked and batched); ``table_setup`` how a game is set up at the table, without saved
    lists; ``features`` its home tile, in order; ``build`` the Build menu's entry for its list
    builder; ``nav`` its pages in the header's row, ``home_actions`` its buttons at the top of
    the home page; ``urls`` and ``api_urls`` the modules of its own pages and API endpoints
    (included under ``/`` and ``/api/``), ``api_endpoints`` those endpoints as the API's index
    lists them; ``shared_rulings`` and ``project_rulings`` the
    rulings it follows, restated from RULINGS.md and made by this project."""

    about: GameSystem
    tracker: System[Any, Any] | None = None
    catalog: CatalogGame | None = None
    table_setup: TableSetup | None = None
    features: tuple[Feature, ...] = ()
    build: NavLink | None = None
    nav: tuple[NavLink, ...] = ()
    home_actions: tuple[NavLink, ...] = ()
    urls: str | None = None
    api_urls: str | None = None
    api_endpoints: tuple[ApiEndpoint, ...] = ()
    shared_rulings: tuple[Ruling, ...] = ()
    project_rulings: tuple[Ruling, ...] = ()

    @property
    def slug(self) -> str:
        return self.about.slug

    @property
    def name(self) -> str:
        return self.about.name

    @property
    def list_game(self) -> ListGame[Any, Any] | None:
        """The catalog game, when its lists are built, saved and checked: it has a list
        format (``ListGame.format_tag``)."""
        if self.catalog is None or not hasattr(self.catalog, "format_tag"):
            return None
        return cast("ListGame[Any, Any]", self.catalog)


class GameConfig(AppConfig):
    """The app config of a game's slice: ``game`` is its ``GAME``, read when first asked for,
    once the models are loaded (a game's list game and forms read its models)."""

    default_auto_field = "django.db.models.BigAutoField"

    @cached_property
    def game(self) -> Game:
        found: Game = import_module(f"{self.name}.game").GAME
        return found


# The demonstration catalog a game with catalogs ships, in its package (docs/catalogs.md).
STARTER_CATALOG = "starter.json"


def _configs() -> tuple[GameConfig, ...]:
    return tuple(config for config in apps.get_app_configs() if isinstance(config, GameConfig))


def games() -> tuple[Game, ...]:
    """Every game, in the order of ``INSTALLED_APPS``."""
    return tuple(config.game for config in _configs())


def by_slug() -> dict[str, Game]:
    return {game.slug: game for game in games()}


def game(slug: str) -> Game:
    """The game ``slug``; a KeyError names the slugs there are."""
    found = by_slug().get(slug)
    if found is None:
        known = ", ".join(by_slug())
        raise KeyError(f"No game {slug!r}; there are: {known}.")
    return found


def trackers() -> dict[str, System[Any, Any]]:
    """The games the table tracker runs, each its engine, by slug."""
    return {game.slug: game.tracker for game in games() if game.tracker is not None}


def tracker(slug: str) -> System[Any, Any]:
    """The tracked-game engine of ``slug``; a KeyError names the slugs there are."""
    found = trackers().get(slug)
    if found is None:
        known = ", ".join(sorted(trackers()))
        raise KeyError(f"No tracker for {slug!r}; there are: {known}.")
    return found


def catalog_games() -> dict[str, CatalogGame]:
    """Every game with catalogs, by slug."""
    return {game.slug: game.catalog for game in games() if game.catalog is not None}


def list_games() -> dict[str, ListGame[Any, Any]]:
    """The games whose lists are built from a catalog, saved, checked and batched."""
    return {game.slug: found for game in games() if (found := game.list_game) is not None}


def catalog_game(slug: str) -> CatalogGame:
    """The game with catalogs ``slug``; a KeyError names the slugs there are."""
    games = catalog_games()
    if slug not in games:
        raise KeyError(f"No game with catalogs {slug!r}; there are: {', '.join(games)}.")
    return games[slug]


def list_game(slug: str) -> ListGame[Any, Any]:
    """The list game ``slug``; a KeyError names the slugs there are."""
    games = list_games()
    if slug not in games:
        raise KeyError(f"No list game {slug!r}; there are: {', '.join(games)}.")
    return games[slug]


def entry_filters() -> tuple[str, ...]:
    """Every filter of a catalog's entry search that some game has, in the registry's order."""
    return tuple(dict.fromkeys(key for game in catalog_games().values() for key in game.filters))


def starter_catalogs() -> dict[str, Path]:
    """Each game's starter catalog, by slug: the demonstration catalog file its package ships
    (``starter.json``), for the games with catalogs that ship one."""
    files = {config.game.slug: Path(config.path) / STARTER_CATALOG for config in _configs()}
    return {slug: path for slug, path in files.items() if path.is_file()}


def starter_catalog(slug: str) -> Path:
    """The starter catalog file of ``slug``; a KeyError names the slugs that ship one."""
    files = starter_catalogs()
    if slug not in files:
        raise KeyError(f"No starter catalog for {slug!r}; there are: {', '.join(files)}.")
    return files[slug]
