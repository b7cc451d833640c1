"""Which entries the table's device recorded (``recorded_at_table``) is worked out from who
recorded each entry where this process has read or written the whole log up to there
(``current.RECORDERS``): the same answer the log's rows give, for every version, read with
no statement; a process that knows only part of the log reads the rows."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from games.models import Game
from games.tracker.current import CACHE, RECORDERS, current_game
from games.tracker.lifecycle import join
from games.tracker.selectors import forget_recorded_at_table, recorded_at_table
from tests.games.tracker.support import free_seat, game, host, player, record, spectator

__all__ = ["game", "host", "player", "spectator"]


def damage(game: Game, user: User, seat: int | None = None) -> None:
    record(game, user, "deal_damage", {"seat": 1, "guardian": "Bard", "amount": 1}, seat=seat)


def from_the_rows(row: Game, version: int) -> frozenset[int]:
    """What the log's rows say, with nothing known in this process."""
    forget_recorded_at_table()
    return recorded_at_table(row, version)


def test_the_entries_known_in_the_process_give_what_the_rows_give(
    game: Game, host: User, player: User, django_assert_num_queries: Any
) -> None:
    damage(game, host, seat=0)  # the table's device, for Ana
    damage(game, player)  # Ben, on his own tablet
    damage(game, host, seat=1)  # the device again, for Ben
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    assert row.version == 3
    for version in (1, 2, 3):
        forget_recorded_at_table()
        CACHE.clear()
        current_game(row)  # a new process opens the game: it reads every entry
        with django_assert_num_queries(0):
            known = recorded_at_table(row, version)
        assert known == from_the_rows(row, version) == {1, 3} & set(range(1, version + 1))
    # the host sits down at Ana's seat: her entries are then theirs, at the same version
    free_seat(game, 0)
    join(game, host, game.join_token, 0)
    seated = Game.objects.prefetch_related("seats").get(pk=game.pk)
    forget_recorded_at_table()
    CACHE.clear()
    current_game(seated)
    with django_assert_num_queries(0):
        known = recorded_at_table(seated)
    assert known == from_the_rows(seated, 3) == {3}


def test_a_process_that_wrote_or_caught_up_on_the_entries_knows_them(
    game: Game, host: User, player: User, django_assert_num_queries: Any
) -> None:
    key = str(game.pk)
    damage(game, host, seat=0)  # this process opens the game, then writes entries 1 and 2
    damage(game, player)
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    with django_assert_num_queries(0):
        assert recorded_at_table(row) == {1}
    written_here = RECORDERS.upto(key, 2)
    kept = CACHE.get(key)
    assert written_here is not None and kept is not None
    damage(game, host, seat=1)  # entry 3, as another process writes it: this one...
    CACHE.clear()
    CACHE.put(key, kept)  # ...still holds the game at version 2
    RECORDERS.extend(key, 1, list(written_here))  # and knows who recorded entries 1 and 2
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    assert RECORDERS.upto(key, 3) is None
    with django_assert_num_queries(1):  # the entry it had not seen
        assert current_game(row).version == 3
    with django_assert_num_queries(0):
        known = recorded_at_table(row)
    assert known == from_the_rows(row, 3) == {1, 3}
