"""What the tracker service gives each viewer: the legal actions in the state, previews and
refusals worked out from what the actor may know, undo of one's own actions only, and history
lines as the viewer reads them. Run on a tiny game with secrets (``secrets_system``).

Roles: the ``host`` (at no seat: the table's device), a ``player`` (seat 1, Ben), a
``spectator`` and an ``outsider``."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games import registry
from games.models import Game
from games.tracker.access import Access, Forbidden, Role
from games.tracker.apply import game_apply, preview
from games.tracker.current import CACHE, current_game
from games.tracker.lifecycle import create_game, join, watch
from games.tracker.selectors import log_for, state_for
from referee.rules.errors import InvalidInput
from referee.rules.tracker import IllegalAction
from tests.games.tracker.secrets_system import SECRETS, SLUG
from tests.games.tracker.support import host, outsider, player, spectator

__all__ = ["host", "outsider", "player", "spectator"]

HOST = Access(Role.HOST)
ANA = Access(Role.PLAYER, 0)
BEN = Access(Role.PLAYER, 1)
WATCHER = Access(Role.SPECTATOR)


@pytest.fixture
def secrets(
    monkeypatch: pytest.MonkeyPatch, host: User, player: User, spectator: User, db: None
) -> Game:
    """Ana (seat 0, number 3) v Ben (seat 1, number 4), ``player`` at Ben's seat."""
    known = registry.trackers()
    monkeypatch.setattr(registry, "trackers", lambda: {**known, SLUG: SECRETS})
    CACHE.clear()
    created = create_game(host=host, system=SLUG, name="Secrets", setup=SECRETS.example_setup())
    join(created, player, created.join_token, 1)
    watch(created, spectator, created.watch_token)
    return Game.objects.prefetch_related("seats").get(pk=created.pk)


def apply(
    game: Game, account: User, type: str, payload: dict[str, Any], for_seat: int | None = None
) -> Any:
    row = Game.objects.get(pk=game.pk)
    return game_apply(
        game=row,
        user=account,
        type=type,
        payload=payload,
        expected_version=row.version,
        seat=for_seat,
    )


def fresh(game: Game) -> Game:
    return Game.objects.prefetch_related("seats").get(pk=game.pk)


# --- legal actions in the state ---------------------------------------------------------


def test_a_player_gets_their_seats_legal_actions(secrets: Game) -> None:
    actions = state_for(secrets, BEN)["legal_actions"]
    assert [(a["type"], a["seat"]) for a in actions] == [("add", 1)]
    assert actions[0]["choices"] == {"amount": {"min": 1, "max": 6}}


def test_the_host_at_no_seat_gets_every_seats_legal_actions(secrets: Game) -> None:
    actions = state_for(secrets, HOST)["legal_actions"]
    assert [(a["type"], a["seat"]) for a in actions] == [("add", 0), ("add", 1)]


def test_a_seated_host_gets_their_own_seats_legal_actions(secrets: Game) -> None:
    actions = state_for(secrets, Access(Role.HOST, 0))["legal_actions"]
    assert [a["seat"] for a in actions] == [0]


def test_a_spectator_gets_no_legal_actions(secrets: Game) -> None:
    assert state_for(secrets, WATCHER)["legal_actions"] == []


def test_an_outsider_gets_no_state(secrets: Game) -> None:
    with pytest.raises(Forbidden):
        state_for(secrets, Access(Role.OUTSIDER))


# --- previews and refusals never tell a secret -------------------------------------------


@pytest.mark.parametrize("number", [3, 5])
def test_a_preview_is_refused_alike_whether_a_guess_at_a_secret_is_right_or_wrong(
    secrets: Game, number: int
) -> None:
    guess = {"seat": 0, "number": number}
    with pytest.raises(IllegalAction, match="hidden from you"):
        preview(game=secrets, access=BEN, type="guess", payload=guess)


def test_a_preview_shows_the_viewers_own_secret_and_no_other(secrets: Game) -> None:
    view = preview(game=secrets, access=BEN, type="add", payload={"amount": 2})
    assert view["total"] == 2 and view["numbers"] == [None, 4]
    assert current_game(secrets).version == 0


def test_a_preview_of_an_undo_or_a_redo_is_refused(secrets: Game, host: User) -> None:
    apply(secrets, host, "add", {"amount": 1}, for_seat=0)
    for kind in ("undo", "redo"):
        with pytest.raises(InvalidInput) as error:
            preview(game=fresh(secrets), access=HOST, type=kind, payload={"target": 1})
        assert "type" in error.value.problems


def test_an_action_is_refused_as_the_actor_knows_the_game_even_when_it_would_apply(
    secrets: Game, player: User
) -> None:
    with pytest.raises(IllegalAction, match="hidden from you"):
        apply(secrets, player, "guess", {"seat": 0, "number": 3})  # right, but Ben cannot know it
    assert fresh(secrets).version == 0


def test_an_action_the_actor_may_know_applies(secrets: Game, host: User) -> None:
    applied = apply(
        secrets, host, "guess", {"seat": 1, "number": 4}, for_seat=1
    )  # the host for Ben, his own
    assert applied.result.state.winner == 1


# --- undo: one's own seat's actions ------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "acted_for", "allowed"),
    [
        ("host", 0, True),  # the table's device takes back anything
        ("host", 1, True),
        ("player", 1, True),  # Ben takes back his own
        ("player", 0, False),  # but not Ana's
    ],
)
def test_who_may_undo_what(
    secrets: Game, host: User, who: str, acted_for: int, allowed: bool, request: Any
) -> None:
    apply(secrets, host, "add", {"amount": 2}, for_seat=acted_for)
    account = request.getfixturevalue(who)
    if allowed:
        applied = apply(secrets, account, "undo", {"target": 1})
        assert applied.result.state.total == 0
    else:
        with pytest.raises(Forbidden, match=r"seat 0 \(Ana\).*player"):
            apply(secrets, account, "undo", {"target": 1})
        assert fresh(secrets).version == 1


@pytest.mark.parametrize("who", ["spectator", "outsider"])
def test_a_spectator_and_an_outsider_undo_nothing(
    secrets: Game, host: User, who: str, request: Any
) -> None:
    apply(secrets, host, "add", {"amount": 2}, for_seat=0)
    with pytest.raises(Forbidden):
        apply(secrets, request.getfixturevalue(who), "undo", {"target": 1})


# --- history lines per viewer ------------------------------------------------------------


def test_each_viewer_reads_the_history_as_the_system_words_it_for_them(
    secrets: Game, host: User
) -> None:
    apply(secrets, host, "add", {"amount": 2}, for_seat=0)
    row = fresh(secrets)
    assert log_for(row, BEN)[0]["text"] == "add, as seat 1 reads it"
    assert log_for(row, ANA)[0]["text"] == "add, as seat 0 reads it"
    assert log_for(row, WATCHER)[0]["text"] == "add, as seat None reads it"
