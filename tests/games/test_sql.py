"""The polls' queries (games/sql.py): on PostgreSQL each is prepared once per connection and
runs from then on without being planned again (``DATABASE_PREPARE_POLLS``); counted as
Django counts any query; and off, they run as any other query does."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from games.models import Game, Spectator
from games.sql import column, fetch_all, table
from games.tracker.http import glance
from tests.games.tracker.support import game, host, player, spectator

__all__ = ["game", "host", "player", "spectator"]


def runs_prepared(fragment: str) -> int:
    """How many times the prepared statements holding ``fragment`` have run, on this
    connection."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT coalesce(sum(generic_plans + custom_plans), 0) FROM pg_prepared_statements "
            "WHERE statement LIKE %s",
            [f"%{fragment}%"],
        )
        return int(cursor.fetchone()[0])


def test_names_come_from_the_models_quoted_for_the_database() -> None:
    assert table(Game) == connection.ops.quote_name("games_game")
    assert column(Spectator, "user") == connection.ops.quote_name("user_id")
    with pytest.raises(TypeError):
        column(Game, "seats")  # a relation, not a column


def test_a_query_answers_its_rows_and_is_counted_as_one(
    game: Game, player: User, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(1):
        rows = fetch_all(f"SELECT {column(Game, 'version')} FROM {table(Game)}", [])
    assert rows == [(0,)]
    seen = glance(game.pk, player.pk, [])
    assert seen is not None and seen.access.seat == 1


@pytest.mark.postgres
def test_on_postgresql_a_poll_s_query_runs_prepared(game: Game, player: User) -> None:
    watchers = table(Spectator)
    before = runs_prepared(watchers)
    for _ in range(3):
        glance(game.pk, player.pk, [])
    assert runs_prepared(watchers) == before + 3
    # the ORM's own queries are still not prepared
    Game.objects.filter(pk=game.pk).first()
    assert runs_prepared(table(Game) + " WHERE") == 0


@pytest.mark.postgres
def test_unless_told_not_to(game: Game, player: User, settings: Any) -> None:
    settings.DATABASE_PREPARE_POLLS = False
    watchers = table(Spectator)
    before = runs_prepared(watchers)
    assert glance(game.pk, player.pk, []) is not None
    assert runs_prepared(watchers) == before


@pytest.mark.postgres
def test_a_poll_through_the_page_uses_it(game: Game, player: User) -> None:
    tablet = Client()
    tablet.force_login(player)
    tag = tablet.get(f"/games/{game.pk}/", headers={"HX-Request": "true"})["ETag"]
    before = runs_prepared(table(Spectator))
    sent = {"HX-Request": "true", "If-None-Match": tag}
    assert tablet.get(f"/games/{game.pk}/", headers=sent).status_code == 304
    assert runs_prepared(table(Spectator)) == before + 1
