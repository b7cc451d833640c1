"""An action reads its game once: the row, locked (``apply.locking``: one writer at a
time), and its seats, for the checks of who sends it and of what it asks, and for
``game_apply``, through both doors (the API's POST /api/games/<id>/actions/ and the table
page's form). The game used to be read twice, once to check the sender and once locked."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, GameAction
from tests.games.tracker.support import client_for, game, host, player, spectator
from tests.tokens import token_for

__all__ = ["game", "host", "player", "spectator"]

WOUND = {"seat": 1, "guardian": "Bard", "amount": 1}


def reads(queries: CaptureQueriesContext, table: str) -> int:
    """The statements that read from ``table`` (by name, or joined to another's rows)."""
    texts = [query["sql"] for query in queries.captured_queries]
    return sum(
        1 for sql in texts if sql.startswith("SELECT") and re.search(rf'(FROM|JOIN) "{table}"', sql)
    )


def by_api(game: Game, account: User, version: int) -> Any:
    client = client_for(None)
    return client.post(
        f"/api/games/{game.pk}/actions/",
        {"system": "azrah", "type": "deal_damage", "payload": WOUND, "version": version},
        content_type="application/json",
        headers={"Authorization": f"Token {token_for(account)}"},
    )


def by_form(game: Game, account: User, version: int) -> Any:
    fields = {f"p.{name}": str(value) for name, value in WOUND.items()}
    return client_for(account).post(
        f"/games/{game.pk}/act/",
        {"type": "deal_damage", "version": str(version), **fields},
        headers={"HX-Request": "true"},
    )


def test_an_action_through_the_api_reads_its_game_and_seats_once(game: Game, host: User) -> None:
    with CaptureQueriesContext(connection) as queries:
        answer = by_api(game, host, game.version)
    assert answer.status_code == 201, answer.content
    assert (reads(queries, "games_game"), reads(queries, "games_seat")) == (1, 1)
    assert GameAction.objects.filter(game=game).count() == 1


def test_an_action_through_the_page_reads_its_game_and_seats_once(game: Game, host: User) -> None:
    with CaptureQueriesContext(connection) as queries:
        answer = by_form(game, host, game.version)
    assert answer.status_code == 200, answer.content
    # once for the action; the part the page gets back is worked out from what it applied
    assert reads(queries, "games_game") == 1
    assert GameAction.objects.filter(game=game).count() == 1


def test_refused_once_read_a_spectator_and_a_stale_sender_change_nothing(
    game: Game, host: User, spectator: User
) -> None:
    assert by_api(game, spectator, game.version).status_code == 403
    assert by_form(game, spectator, game.version).status_code == 403
    assert by_api(game, host, game.version + 5).status_code == 409
    assert by_form(game, host, game.version + 5).status_code == 409
    assert GameAction.objects.filter(game=game).count() == 0
    assert Game.objects.get(pk=game.pk).version == game.version
