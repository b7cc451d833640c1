"""Several changes committed as one action (a ``batch``) through the tracker service: one log
entry, all or nothing, checked and previewed from what the acting seat may know, and undone
and redone whole. Run on the tiny game with secrets (``secrets_system``).

Roles: the ``host`` (at no seat: the table's device) and Ben (the ``player``, seat 1)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games import registry
from games.models import Game
from games.tracker.access import Access, Forbidden, Role
from games.tracker.apply import game_apply, preview, roll_dice
from games.tracker.current import CACHE
from games.tracker.lifecycle import create_game, join
from games.tracker.selectors import log_for
from referee.rules.errors import InvalidInput
from referee.rules.tracker import IllegalAction
from tests.games.tracker.secrets_system import SECRETS, SLUG
from tests.games.tracker.support import host, player

__all__ = ["host", "player"]

BEN = Access(Role.PLAYER, 1)


@pytest.fixture
def secrets(monkeypatch: pytest.MonkeyPatch, host: User, player: User, db: None) -> Game:
    """Ana (seat 0, number 3) v Ben (seat 1, number 4: ``player``)."""
    known = registry.trackers()
    monkeypatch.setattr(registry, "trackers", lambda: {**known, SLUG: SECRETS})
    CACHE.clear()
    created = create_game(host=host, system=SLUG, name="Secrets", setup=SECRETS.example_setup())
    join(created, player, created.join_token, 1)
    return fresh(created)


def fresh(game: Game) -> Game:
    return Game.objects.prefetch_related("seats").get(pk=game.pk)


def batch(*parts: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    return {"actions": [{"type": kind, "payload": payload} for kind, payload in parts]}


def send(game: Game, account: User, payload: Any, seat: int | None = None) -> Any:
    row = fresh(game)
    return game_apply(
        game=row,
        user=account,
        type="batch",
        payload=payload,
        expected_version=row.version,
        seat=seat,
    )


def test_a_batch_is_one_entry_of_the_acting_seat_applying_every_change(
    secrets: Game, player: User
) -> None:
    applied = send(secrets, player, batch(("add", {"amount": 2}), ("add", {"amount": 3})))
    assert applied.result.state.total == 5
    assert applied.action.seq == 1 and applied.action.by == 1
    assert fresh(secrets).version == 1
    entry = log_for(fresh(secrets), BEN)[0]
    assert entry["in_effect"] is True
    assert entry["text"] == "add, as seat 1 reads it; add, as seat 1 reads it"
    assert entry["payload"] == batch(("add", {"amount": 2}), ("add", {"amount": 3}))


def test_undo_and_redo_take_back_and_restore_the_whole_batch(secrets: Game, player: User) -> None:
    send(secrets, player, batch(("add", {"amount": 2}), ("add", {"amount": 3})))
    row = fresh(secrets)
    undone = game_apply(
        game=row, user=player, type="undo", payload={"target": 1}, expected_version=1
    )
    assert undone.result.state.total == 0
    redone = game_apply(
        game=fresh(secrets), user=player, type="redo", payload={"target": 1}, expected_version=2
    )
    assert redone.result.state.total == 5


def test_a_refused_change_refuses_the_whole_batch_and_names_it(secrets: Game, player: User) -> None:
    with pytest.raises(IllegalAction) as refused:
        send(secrets, player, batch(("add", {"amount": 2}), ("guess", {"seat": 1, "number": 9})))
    assert refused.value.message == "Change 2 of 2 (guess, as seat 1 reads it): Wrong guess."
    assert refused.value.field == "payload.actions.1.payload.number"
    assert fresh(secrets).version == 0


def test_a_batch_is_checked_as_the_acting_seat_knows_the_game(
    secrets: Game, player: User, host: User
) -> None:
    # Ana's number is 3, and right: but Ben cannot see it, so his batch is refused as if
    # it were any number, and so is the device's acting for him
    guess = batch(("add", {"amount": 1}), ("guess", {"seat": 0, "number": 3}))
    for account, seat in ((player, None), (host, 1)):
        with pytest.raises(IllegalAction, match=r"Change 2 of 2 .*Seat 0's number is hidden"):
            send(secrets, account, guess, seat=seat)
    assert fresh(secrets).version == 0


def test_a_player_batches_only_for_their_own_seat(secrets: Game, player: User) -> None:
    with pytest.raises(Forbidden):
        send(secrets, player, batch(("add", {"amount": 1})), seat=0)


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        (batch(), "payload.actions"),
        ({"actions": [{"type": "add", "payload": {"amount": 1}}] * 51}, "payload.actions"),
        (batch(("undo", {"target": 1})), "payload.actions.0.type"),
        (batch(("add", {"amount": 1}), ("fly", {})), "payload.actions.1.type"),
        ({"actions": [{"type": "add", "payload": {"amount": 1}, "by": 0}]}, "payload.actions.0.by"),
    ],
)
def test_a_batch_of_the_wrong_shape_is_refused_naming_the_part(
    secrets: Game, player: User, payload: dict[str, Any], field: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        send(secrets, player, payload)
    assert refused.value.field == field


def test_a_batch_is_previewed_from_what_the_seat_knows(secrets: Game, player: User) -> None:
    view = preview(
        game=fresh(secrets),
        access=BEN,
        type="batch",
        payload=batch(("add", {"amount": 2}), ("add", {"amount": 4})),
    )
    assert view["total"] == 6 and view["numbers"] == [None, 4]
    assert fresh(secrets).version == 0
    with pytest.raises(IllegalAction, match=r"Change 1 of 1 .*hidden"):
        preview(
            game=fresh(secrets),
            access=BEN,
            type="batch",
            payload=batch(("guess", {"seat": 0, "number": 3})),
        )


def test_a_batch_payload_that_is_not_an_object_is_refused(secrets: Game, player: User) -> None:
    with pytest.raises(InvalidInput):
        send(secrets, player, [{"type": "add"}])


def test_the_app_rolls_the_dice_each_change_leaves_out() -> None:
    slug, rolled_type = next(
        (slug, action_type)
        for slug, system in registry.trackers().items()
        for action_type in system.action_types
        if any(f.dice for f in action_type.fields)
    )
    dice_field = next(f for f in rolled_type.fields if f.dice)
    payload = roll_dice(
        slug, "batch", {"actions": [{"type": rolled_type.name, "payload": {}}, "odd"]}
    )
    assert dice_field.name in payload["actions"][0]["payload"]
    assert payload["actions"][1] == "odd"  # left for the rules to refuse
