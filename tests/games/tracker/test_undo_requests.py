"""Requests to undo through the tracker service: a player asks the seat whose action it is,
that seat (or the table's shared device) answers, and every viewer reads the open requests
in the state as they may read them. Run on the tiny game with secrets (``secrets_system``),
whose history lines say which seat reads them.

Roles: the ``host`` (at no seat: the table's device), ``ann`` (seat 0), Ben (the ``player``,
seat 1), a ``spectator`` and an ``outsider``."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games import registry
from games.models import Game
from games.tracker.access import (
    Access,
    Forbidden,
    access_for,
    may_undo,
    require_may_undo,
    undo_control,
)
from games.tracker.apply import Stale, game_apply
from games.tracker.current import CACHE, current_game
from games.tracker.lifecycle import create_game, join, watch
from games.tracker.selectors import log_for, state_for
from referee.rules.tracker import IllegalAction
from tests.games.tracker.secrets_system import SECRETS, SLUG
from tests.games.tracker.support import host, outsider, player, spectator, user

__all__ = ["host", "outsider", "player", "spectator"]

ANN, BEN = 0, 1


@pytest.fixture
def ann(db: None) -> User:
    return user("annie")


@pytest.fixture
def table(
    monkeypatch: pytest.MonkeyPatch, host: User, ann: User, player: User, spectator: User
) -> Game:
    """Ana (seat 0: ``ann``) v Ben (seat 1: ``player``); the host at no seat; #1 is Ben's
    ``add 2``."""
    known = registry.trackers()
    monkeypatch.setattr(registry, "trackers", lambda: {**known, SLUG: SECRETS})
    CACHE.clear()
    created = create_game(host=host, system=SLUG, name="Secrets", setup=SECRETS.example_setup())
    join(created, ann, created.join_token, ANN)
    join(created, player, created.join_token, BEN)
    watch(created, spectator, created.watch_token)
    game = fresh(created)
    send(game, player, "add", {"amount": 2})
    return fresh(game)


def fresh(game: Game) -> Game:
    return Game.objects.prefetch_related("seats").get(pk=game.pk)


def send(
    game: Game, account: User, type: str, payload: dict[str, Any], version: int | None = None
) -> Any:
    row = fresh(game)
    return game_apply(
        game=row,
        user=account,
        type=type,
        payload=payload,
        expected_version=row.version if version is None else version,
    )


def access(game: Game, account: User) -> Access:
    return access_for(fresh(game), account)


def requests(game: Game, account: User) -> list[dict[str, Any]]:
    return list(state_for(fresh(game), access(game, account))["undo_requests"])


def lines(game: Game, account: User) -> list[str]:
    return [entry["text"] for entry in log_for(fresh(game), access(game, account))]


def test_a_player_asks_and_every_viewer_reads_the_open_request_as_they_may(
    table: Game, ann: User, player: User, host: User, spectator: User
) -> None:
    applied = send(table, ann, "request_undo", {"target": 1})
    assert applied.action.by == ANN and applied.action.type == "request_undo"
    assert applied.result.state.total == 2  # nothing changed yet
    for account, seat in ((ann, ANN), (player, BEN), (host, None), (spectator, None)):
        assert requests(table, account) == [
            {
                "seq": 2,
                "by": ANN,
                "target": 1,
                "to": BEN,
                "text": f"Ana asks to undo #1 (add, as seat {seat} reads it)",
            }
        ]


def test_the_asked_seat_accepts_and_the_action_is_undone_by_the_answer(
    table: Game, ann: User, player: User
) -> None:
    send(table, ann, "request_undo", {"target": 1})
    applied = send(table, player, "answer_undo", {"request": 2, "accept": True})
    assert applied.action.by == BEN
    assert applied.result.state.total == 0
    assert requests(table, ann) == []
    assert lines(table, ann)[1:] == [
        "Ana asks to undo #1 (add, as seat 0 reads it): accepted in #3",
        "Ben accepts: #1 is undone",
    ]
    log = log_for(fresh(table), access(table, ann))
    assert [entry["in_effect"] for entry in log] == [False, None, None]
    assert state_for(fresh(table), access(table, ann))["next_redo"] == 1


def test_declining_changes_nothing_else(table: Game, ann: User, player: User) -> None:
    send(table, ann, "request_undo", {"target": 1})
    applied = send(table, player, "answer_undo", {"request": 2, "accept": False})
    assert applied.result.state.total == 2
    assert requests(table, player) == []
    assert lines(table, player)[2] == "Ben declines: #1 stays"


def test_the_table_device_answers_for_the_seat_whose_action_it_is(
    table: Game, ann: User, host: User
) -> None:
    send(table, ann, "request_undo", {"target": 1})
    applied = send(table, host, "answer_undo", {"request": 2, "accept": True})
    assert applied.action.by == BEN  # recorded for Ben's seat, as the device acts for seats
    assert applied.result.state.total == 0


def test_the_asking_seat_cannot_answer_its_own_request(table: Game, ann: User) -> None:
    send(table, ann, "request_undo", {"target": 1})
    with pytest.raises(Forbidden, match=r"Request #2 asks Ben to undo #1: only that seat's"):
        send(table, ann, "answer_undo", {"request": 2, "accept": True})
    assert fresh(table).version == 2


@pytest.mark.parametrize("who", ["spectator", "outsider"])
@pytest.mark.parametrize(
    ("type_", "payload"),
    [("request_undo", {"target": 1}), ("answer_undo", {"request": 2, "accept": True})],
)
def test_a_spectator_or_an_outsider_is_refused_before_the_version_is_looked_at(
    table: Game, ann: User, who: str, type_: str, payload: dict[str, Any], request: Any
) -> None:
    send(table, ann, "request_undo", {"target": 1})
    account = request.getfixturevalue(who)
    for version in (0, 2):  # stale, and current
        with pytest.raises(Forbidden):
            send(table, account, type_, payload, version=version)
    with pytest.raises(Stale):  # a player with a stale version is told it is stale
        send(table, ann, "request_undo", {"target": 1}, version=0)


def test_undoing_another_seats_action_directly_says_to_ask(table: Game, ann: User) -> None:
    with pytest.raises(Forbidden, match=r"seat 1 \(Ben\): that seat's player must undo it, so ask"):
        send(table, ann, "undo", {"target": 1})


def test_a_request_the_rules_refuse_is_not_recorded(table: Game, ann: User, player: User) -> None:
    with pytest.raises(IllegalAction, match="your own seat's: undo it directly"):
        send(table, player, "request_undo", {"target": 1})
    send(table, ann, "request_undo", {"target": 1})
    with pytest.raises(IllegalAction, match="#2 already asks to undo #1"):
        send(table, ann, "request_undo", {"target": 1})
    assert fresh(table).version == 2


def test_a_request_lapses_when_the_action_is_undone_directly(
    table: Game, ann: User, player: User
) -> None:
    send(table, ann, "request_undo", {"target": 1})
    send(table, player, "undo", {"target": 1})
    assert requests(table, ann) == []
    assert lines(table, ann)[1] == "Ana asks to undo #1 (add, as seat 0 reads it): lapsed, " + (
        "#3 undid #1 first"
    )
    with pytest.raises(IllegalAction, match="#2 is not an open request"):
        send(table, player, "answer_undo", {"request": 2, "accept": False})


@pytest.mark.parametrize(
    ("who", "target", "control"),
    [
        ("ann", 1, "ask"),  # Ben's action: Ana asks
        ("player", 1, "undo"),  # Ben's own
        ("host", 1, "undo"),  # the table's device undoes anything
        ("spectator", 1, ""),
    ],
)
def test_the_history_offers_undo_to_whoever_may_and_ask_to_the_other_players(
    table: Game, who: str, target: int, control: str, request: Any
) -> None:
    account = request.getfixturevalue(who)
    current = current_game(fresh(table))
    assert undo_control(access(table, account), current, target, fresh(table)) == control


@pytest.mark.parametrize("who", ["ann", "player", "host", "spectator"])
def test_what_the_history_offers_is_what_an_undo_is_allowed(
    table: Game, ann: User, who: str, request: Any
) -> None:
    send(table, ann, "request_undo", {"target": 1})  # an entry of Ana's beside Ben's
    account = request.getfixturevalue(who)
    game = fresh(table)
    current = current_game(game)
    viewer = access(table, account)
    for target in [*range(1, current.version + 1), current.version + 5]:
        try:
            require_may_undo(viewer, current, target, game)
            allowed = viewer.can_act
        except Forbidden:
            allowed = False
        assert may_undo(viewer, current, target, game) is allowed, target


def test_once_asked_the_asking_player_sees_it_waiting(table: Game, ann: User) -> None:
    send(table, ann, "request_undo", {"target": 1})
    current = current_game(fresh(table))
    assert undo_control(access(table, ann), current, 1, fresh(table)) == "asked"
