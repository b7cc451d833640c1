"""Several changes of one seat as one action over REST: ``{"type": "batch", "payload":
{"actions": [...]}}`` through ``POST /api/games/<id>/actions/`` and ``/preview/``. Each action
is checked against its type's fields; the batch is applied all or nothing and undone whole.

Roles: the ``host`` (at no seat) and Ben (the ``player``, seat 1)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from tests.games.tracker.support import client_for, game, host, player, send, spectator

__all__ = ["game", "host", "player", "spectator"]


def url(game: Game, tail: str = "") -> str:
    return f"/api/games/{game.pk}/{tail}"


def hit(guardian: str, amount: Any = 1, seat: int = 0) -> dict[str, Any]:
    return {
        "type": "deal_damage",
        "payload": {"seat": seat, "guardian": guardian, "amount": amount},
    }


def post(account: User, game: Game, actions: Any, tail: str = "actions/", **extra: Any) -> Any:
    body = {"system": game.system, "type": "batch", "payload": {"actions": actions}, "version": 0}
    body.update(extra)
    return send(client_for(account), "post", url(game, tail), body)


def damage(body: dict[str, Any], guardian: str) -> int:
    front = body["state"]["players"][0]["front"]
    return int(next(g for g in front if g["name"] == guardian)["damage"])


def test_a_batch_is_one_entry_applying_every_action(game: Game, player: User) -> None:
    response = post(player, game, [hit("Oracle", 1), hit("Dragoon", 3)])
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["action"]["seq"] == 1 and body["action"]["by"] == 1
    assert body["action"]["in_effect"] is True
    assert body["action"]["text"] == (
        "Ben: Ana's Oracle takes 1 damage; Ben: Ana's Dragoon takes 3 damage"
    )
    assert damage(body["game"], "Oracle") == 1 and damage(body["game"], "Dragoon") == 3
    assert body["game"]["version"] == 1


def test_one_undo_takes_back_the_whole_batch(game: Game, player: User) -> None:
    post(player, game, [hit("Oracle", 1), hit("Dragoon", 3)])
    response = send(client_for(player), "post", url(game, "undo/"), {"version": 1})
    assert response.status_code == 201
    game_body = response.json()["game"]
    assert damage(game_body, "Oracle") == 0 and damage(game_body, "Dragoon") == 0


def test_a_refused_action_refuses_the_batch_and_names_it(game: Game, player: User) -> None:
    response = post(player, game, [hit("Oracle"), hit("Dragoon"), hit("Nobody")])
    assert response.status_code == 400
    ((field, (message,)),) = response.json()["errors"].items()
    assert field.startswith("payload.actions.2")
    assert message.startswith("Change 3 of 3 (")
    assert Game.objects.get(pk=game.pk).version == 0


def test_a_batch_is_previewed_without_being_recorded(game: Game, player: User) -> None:
    response = post(player, game, [hit("Oracle", 1), hit("Dragoon", 2)], tail="preview/")
    assert response.status_code == 200, response.json()
    assert damage(response.json(), "Dragoon") == 2
    assert Game.objects.get(pk=game.pk).version == 0


@pytest.mark.parametrize(
    ("actions", "field"),
    [
        ([], "payload.actions"),
        ([hit("Oracle")] * 51, "payload.actions"),
        ("deal_damage", "payload.actions"),
        ([{"type": "fly", "payload": {}}], "payload.actions.0.type"),
        ([hit("Oracle"), {"type": "undo", "payload": {"target": 1}}], "payload.actions.1.type"),
        ([hit("Oracle", amount="2")], "payload.actions.0.payload.amount"),
        ([{"type": "deal_damage", "payload": {"seat": 0}}], "payload.actions.0.payload.guardian"),
        ([{**hit("Oracle"), "seat": 1}], "payload.actions.0.seat"),
        ([{"payload": {}}], "payload.actions.0.type"),
        ([7], "payload.actions.0"),
    ],
)
@pytest.mark.parametrize("tail", ["actions/", "preview/"])
def test_a_batch_of_the_wrong_shape_is_a_400_naming_the_field(
    game: Game, player: User, actions: Any, field: str, tail: str
) -> None:
    response = post(player, game, actions, tail=tail)
    assert response.status_code == 400, response.json()
    assert any(key.startswith(field) for key in response.json()["errors"]), response.json()
    assert Game.objects.get(pk=game.pk).version == 0


def test_a_lone_surrogate_in_a_batch_is_a_400(game: Game, player: User) -> None:
    raw = (
        '{"type": "batch", "version": 0, "payload": {"actions": [{"type": "deal_damage", '
        '"payload": {"seat": 0, "guardian": "\\ud800", "amount": 1}}]}}'
    )
    response = client_for(player).post(
        url(game, "actions/"), data=raw, content_type="application/json"
    )
    assert response.status_code == 400
    assert "surrogate" in str(response.json())


def test_the_host_batches_for_the_seat_it_names_and_a_player_only_for_its_own(
    game: Game, host: User, player: User, spectator: User
) -> None:
    response = post(host, game, [hit("Oracle")], seat=1)
    assert response.status_code == 201 and response.json()["action"]["by"] == 1
    assert post(player, game, [hit("Oracle")], version=1, seat=0).status_code == 403
    assert post(spectator, game, [hit("Oracle")], version=1).status_code == 403
