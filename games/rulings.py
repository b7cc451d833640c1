"""Every ruling the app follows, gathered from the registry of games: those of every tracked
game (``referee.rules.tracker.rulings``), then each game's (``Game.shared_rulings`` and
``Game.project_rulings``) in the registry's order. The rulings page shows them and every
explanation links its codes (A1, R50 ...) to them."""

from __future__ import annotations

from functools import cache

from referee.rules.rulings import Ruling
from referee.rules.tracker import rulings as tracked

from . import registry


def every() -> tuple[Ruling, ...]:
    """Every ruling: the tracked games', then each game's shared ones and its own."""
    return _every(registry.games())


def by_code() -> dict[str, Ruling]:
    return _by_code(registry.games())


@cache
def _every(games: tuple[registry.Game, ...]) -> tuple[Ruling, ...]:
    rulings = tracked.SHARED + tracked.PROJECT
    for game in games:
        rulings += game.shared_rulings + game.project_rulings
    return rulings


@cache
def _by_code(games: tuple[registry.Game, ...]) -> dict[str, Ruling]:
    return {ruling.code: ruling for ruling in _every(games)}
