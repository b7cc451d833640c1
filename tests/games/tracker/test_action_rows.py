"""What an action writes, through statements written out (``apply._record``, ``_advance``,
``snapshots.store``), read back through the ORM as any other reader reads it: the log's
entry with its sender, seat, payload and time; the game's version and when it changed; its
stored state. On SQLite and PostgreSQL alike (CI runs this file on both)."""

from __future__ import annotations

from django.contrib.auth.models import User

from games.models import Game, GameAction, GameState
from games.tracker.apply import game_apply
from games.tracker.current import CACHE, current_game
from tests.games.tracker.support import game, host, player, spectator

__all__ = ["game", "host", "player", "spectator"]


def test_an_action_is_written_as_the_orm_reads_it(game: Game, player: User) -> None:
    before = Game.objects.get(pk=game.pk).updated
    applied = game_apply(
        game=Game.objects.get(pk=game.pk),
        user=player,
        type="deal_damage",
        payload={"seat": 1, "guardian": "Bard", "amount": 1},
        expected_version=0,
    )
    entry = GameAction.objects.get(game=game)
    assert (entry.seq, entry.type, entry.seat, entry.user_id) == (1, "deal_damage", 1, player.pk)
    assert entry.payload == {"seat": 1, "guardian": "Bard", "amount": 1}
    assert entry.at.isoformat() == applied.result.log[-1].at  # the time, with its zone
    row = Game.objects.get(pk=game.pk)
    assert (row.version, row.finished) == (1, False)
    assert row.updated == applied.game.updated and row.updated > before
    assert GameState.objects.get(game=game).version == 1
    CACHE.clear()  # a new process opens it from what was written
    opened = current_game(row)
    assert opened.log == applied.result.log and opened.state == applied.result.state


def test_a_second_action_updates_the_stored_state(game: Game, host: User) -> None:
    for version in (0, 1):
        game_apply(
            game=Game.objects.get(pk=game.pk),
            user=host,
            type="deal_damage",
            payload={"seat": 1, "guardian": "Bard", "amount": 1},
            expected_version=version,
        )
    assert list(GameState.objects.filter(game=game).values_list("version", flat=True)) == [2]
    assert [e.user_id for e in GameAction.objects.filter(game=game)] == [host.pk, host.pk]
