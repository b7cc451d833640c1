"""``Game.objects.visible_to(user)``: the games an account's list shows, the same on the games
page and in GET /api/games/."""

from __future__ import annotations

from django.contrib.auth.models import User

from games.models import Game
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import (
    AZRAH_SETUP,
    game,
    host,
    outsider,
    player,
    spectator,
)

__all__ = ["game", "host", "outsider", "player", "spectator"]


def test_the_host_a_player_and_a_spectator_each_see_the_game_once(
    game: Game, host: User, player: User, spectator: User
) -> None:
    join(game, host, game.join_token, 0)  # the host sits too: still one row

    for account in (host, player, spectator):
        assert list(Game.objects.visible_to(account)) == [game]


def test_an_outsider_sees_none(game: Game, outsider: User) -> None:
    assert not Game.objects.visible_to(outsider).exists()


def test_each_sees_only_their_own_games(game: Game, host: User, outsider: User) -> None:
    other = create_game(host=outsider, system="azrah", name="Elsewhere", setup=AZRAH_SETUP)

    assert list(Game.objects.visible_to(outsider)) == [other]
    assert list(Game.objects.visible_to(host)) == [game]
