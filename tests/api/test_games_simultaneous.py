"""Moves the rules make at once are merged, not refused: an action sent against a version
the game has moved past is recorded when everything recorded since commutes with it (the
game's engine says so, R211), and refused with 409 otherwise, changing nothing.

Found at a table of three phones at Deaths of Athazar: every pass sent within a second of
another's was refused with 409 "The game moved on while you were choosing"."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join
from referee.rules.athazar.state import PLAY
from tests.games.tracker.support import client_for, send
from tests.games.tracker.support import user as new_user

NAMES = ("Ana", "Ben", "Cy")


def _table() -> tuple[Game, list[User]]:
    host = new_user("hostess")
    setup = {"players": list(NAMES), "dealer": 2}
    game = create_game(host=host, system="athazar", name="Table", setup=setup)
    players = []
    for seat, name in enumerate(NAMES):
        player = new_user(name.lower())
        join(game, player, game.join_token, seat)
        players.append(player)
    return game, players


def act(account: User, game: Game, type: str, version: int, **payload: Any) -> Any:
    body = {"system": "athazar", "type": type, "payload": payload, "version": version}
    return send(client_for(account), "post", f"/api/games/{game.pk}/actions/", body)


@pytest.mark.django_db
def test_three_passes_sent_against_the_same_version_are_all_recorded() -> None:
    game, players = _table()
    answers = [act(player, game, "pass_cards", 0, count=1) for player in players]
    assert [a.status_code for a in answers] == [201, 201, 201], [a.json() for a in answers]
    current = current_game(Game.objects.get(pk=game.pk))
    assert [(a.type, a.by) for a in current.log] == [("pass_cards", s) for s in range(3)]
    assert current.state.phase == PLAY


@pytest.mark.django_db
def test_a_stale_action_that_does_not_commute_is_refused_and_changes_nothing() -> None:
    game, players = _table()
    for version, player in enumerate(players):
        assert act(player, game, "pass_cards", version, count=1).status_code == 201
    state = current_game(Game.objects.get(pk=game.pk)).state
    first = state.order[0]
    second = state.order[1]
    assert act(players[first], game, "skip_turn", 3).status_code == 201
    # the second player chose against version 3, before the first player's turn was recorded
    refused = act(players[second], game, "skip_turn", 3)
    assert refused.status_code == 409, refused.json()
    body = refused.json()
    assert body["game"]["version"] == 4
    assert [entry["seq"] for entry in body["changes"]] == [4]
    assert body["changes"][0]["by_name"] == NAMES[first]
    assert body["conflict"] == 4
    assert Game.objects.get(pk=game.pk).version == 4


@pytest.mark.django_db
def test_a_version_the_game_never_had_is_refused() -> None:
    game, players = _table()
    assert act(players[0], game, "pass_cards", 7, count=1).status_code == 409
    assert act(players[0], game, "pass_cards", -1, count=1).status_code in (400, 409)
    assert Game.objects.get(pk=game.pk).version == 0
