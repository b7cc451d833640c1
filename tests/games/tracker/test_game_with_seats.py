"""``selectors.game_with_seats``: the game and its seats read in one query written out,
exactly as ``Game.objects.prefetch_related("seats")`` reads them, on SQLite and PostgreSQL
alike (CI runs this file on both)."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext

from games.models import Game, Seat
from games.tracker.lifecycle import create_game
from games.tracker.selectors import game_with_seats
from tests.games.tracker.support import AZRAH_SETUP, free_seat, game, host, player, spectator

__all__ = ["game", "host", "player", "spectator"]


def _fields(row: Game | Seat) -> list[tuple[str, object, type]]:
    return [
        (f.attname, getattr(row, f.attname), type(getattr(row, f.attname)))
        for f in type(row)._meta.concrete_fields
    ]


def test_the_game_and_its_seats_read_alike_through_the_orm(game: Game) -> None:
    free_seat(game, 0)
    orm = Game.objects.prefetch_related("seats").get(pk=game.pk)
    read = game_with_seats(game.pk)
    assert read is not None
    assert _fields(read) == _fields(orm)  # values and their types: UUID, JSON, times, bools
    assert read.setup == AZRAH_SETUP and read.created.tzinfo is not None
    with CaptureQueriesContext(connection) as queries:
        seats = list(read.seats.all())
        assert [seat.game is read for seat in seats] == [True, True]
    assert len(queries) == 0  # the seats came with the game
    assert [_fields(s) for s in seats] == [_fields(s) for s in orm.seats.all()]
    assert [s.user_id is None for s in seats] == [True, False]


def test_a_filter_on_the_seats_still_reads_only_this_games(game: Game, host: User) -> None:
    other = create_game(host=host, system="azrah", name="Another", setup=AZRAH_SETUP)
    read = game_with_seats(game.pk)
    assert read is not None
    assert [s.game_id for s in read.seats.filter(index=1)] == [game.pk]
    assert Seat.objects.filter(game=other).count() == 2


def test_the_game_read_saves_as_an_update(game: Game) -> None:
    read = game_with_seats(game.pk)
    assert read is not None and not read._state.adding
    read.name = "Renamed"
    read.save(update_fields=["name"])
    assert Game.objects.get(pk=game.pk).name == "Renamed"
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_no_such_game_is_none() -> None:
    assert game_with_seats(uuid.uuid4()) is None


def test_a_game_without_seats_reads_none(game: Game) -> None:
    Seat.objects.filter(game=game).delete()
    read = game_with_seats(game.pk)
    assert read is not None and read.name == game.name
    assert list(read.seats.all()) == []


@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused_as_django_refuses_it() -> None:
    with pytest.raises(TransactionManagementError):
        game_with_seats(uuid.uuid4(), lock=True)
    with transaction.atomic():
        assert game_with_seats(uuid.uuid4(), lock=True) is None


def test_the_locked_read_is_the_same_game(game: Game) -> None:
    with transaction.atomic():
        locked = game_with_seats(game.pk, lock=True)
    assert locked is not None
    assert _fields(locked) == _fields(Game.objects.get(pk=game.pk))
    assert [s.index for s in locked.seats.all()] == [0, 1]
