"""Requests to undo over REST: ``request_undo`` and ``answer_undo`` through
``POST /api/games/<id>/actions/``, the open requests in every state
(``GET /api/games/<id>/``), the 403 of ``/undo/`` on another seat's action, and the schema.

Roles: the ``host`` (at no seat: the table's device), ``ann`` (seat 0, Ana), Ben (the
``player``, seat 1), a ``spectator`` and an ``outsider``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.current import current_game
from games.tracker.lifecycle import join
from tests.games.tracker.support import client_for, game, host, outsider, player, send, spectator
from tests.games.tracker.support import user as new_user

__all__ = ["game", "host", "outsider", "player", "spectator"]

ANN, BEN = 0, 1


@pytest.fixture
def ann(db: None) -> User:
    return new_user("annie")


@pytest.fixture
def table(game: Game, ann: User, player: User) -> Game:
    """#1: Ana deals Ben's Duelist 1 damage; #2: Ben heals it (which needs #1)."""
    join(game, ann, game.join_token, ANN)
    assert act(ann, game, "deal_damage", 0, seat=1, guardian="Duelist", amount=1).status_code == 201
    assert act(player, game, "heal", 1, seat=1, guardian="Duelist", amount=1).status_code == 201
    return game


def url(game: Game, tail: str = "") -> str:
    return f"/api/games/{game.pk}/{tail}"


def act(account: User | None, game: Game, type: str, version: int, **payload: Any) -> Any:
    body = {"system": game.system, "type": type, "payload": payload, "version": version}
    return send(client_for(account), "post", url(game, "actions/"), body)


def state(account: User, game: Game) -> Any:
    return send(client_for(account), "get", url(game)).json()


def test_a_player_asks_and_the_asked_seat_reads_the_request_in_its_state(
    table: Game, ann: User, player: User, spectator: User
) -> None:
    response = act(player, table, "request_undo", 2, target=1)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["action"]["type"] == "request_undo" and body["action"]["in_effect"] is None
    assert body["action"]["text"].startswith("Ben asks to undo #1 (")
    for account in (ann, player, spectator):
        (asked,) = state(account, table)["undo_requests"]
        assert {k: asked[k] for k in ("seq", "by", "target", "to")} == {
            "seq": 3,
            "by": BEN,
            "target": 1,
            "to": ANN,
        }
        assert asked["text"] == "Ben asks to undo #1 (Ana: Ben's Duelist takes 1 damage)"


def test_an_accept_the_rules_refuse_names_the_later_action_and_records_nothing(
    table: Game, ann: User, player: User
) -> None:
    act(player, table, "request_undo", 2, target=1)
    response = act(ann, table, "answer_undo", 3, request=3, accept=True)
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "payload.request": [
            "Undoing #1 would make #2 (Ben: Ben's Duelist heals 1) illegal. Undo #2 first (R50)."
        ]
    }
    assert Game.objects.get(pk=table.pk).version == 3
    assert state(ann, table)["undo_requests"] != []


def test_the_asked_seat_accepts_once_nothing_depends_on_the_action(
    table: Game, ann: User, player: User
) -> None:
    act(ann, table, "request_undo", 2, target=2)  # Ana asks Ben to undo his heal
    response = act(player, table, "answer_undo", 3, request=3, accept=True)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["action"]["text"] == "Ben accepts: #2 is undone"
    assert body["game"]["undo_requests"] == []
    assert body["game"]["next_redo"] == 2
    log = send(client_for(ann), "get", url(table, "log/")).json()["entries"]
    assert log[2]["text"].endswith(": accepted in #4")
    assert [e["in_effect"] for e in log] == [True, False, None, None]


def test_declining_keeps_the_action(table: Game, ann: User, player: User) -> None:
    act(ann, table, "request_undo", 2, target=2)
    response = act(player, table, "answer_undo", 3, request=3, accept=False)
    assert response.status_code == 201
    assert response.json()["action"]["text"] == "Ben declines: #2 stays"
    assert response.json()["game"]["next_undo"] == 2


def test_the_table_device_answers_for_the_asked_seat(table: Game, ann: User, host: User) -> None:
    act(ann, table, "request_undo", 2, target=2)
    response = act(host, table, "answer_undo", 3, request=3, accept=True)
    assert response.status_code == 201
    assert response.json()["action"]["by"] == BEN


def test_another_player_cannot_answer(table: Game, ann: User) -> None:
    act(ann, table, "request_undo", 2, target=2)
    response = act(ann, table, "answer_undo", 3, request=3, accept=True)
    assert response.status_code == 403
    assert "only that seat's player answers it" in response.json()["detail"]


@pytest.mark.parametrize("who", ["spectator", "outsider"])
@pytest.mark.parametrize("version", [0, 3])
def test_a_spectator_or_an_outsider_gets_403_whatever_the_version(
    table: Game, ann: User, who: str, version: int, request: Any
) -> None:
    act(ann, table, "request_undo", 2, target=2)
    account = request.getfixturevalue(who)
    assert act(account, table, "request_undo", version, target=1).status_code == 403
    assert act(account, table, "answer_undo", version, request=3, accept=True).status_code == 403


def test_undo_of_another_seats_action_is_a_403_that_says_to_ask(table: Game, ann: User) -> None:
    response = send(client_for(ann), "post", url(table, "undo/"), {"version": 2, "target": 2})
    assert response.status_code == 403
    detail = response.json()["detail"]
    assert "seat 1 (Ben)" in detail and "ask them" in detail and "request_undo" in detail


@pytest.mark.parametrize(
    ("type_", "payload", "field"),
    [
        ("request_undo", {}, "payload.target"),
        ("request_undo", {"target": "1"}, "payload.target"),
        ("request_undo", {"target": 1, "why": "oops"}, "payload.why"),
        ("answer_undo", {"request": 3}, "payload.accept"),
        ("answer_undo", {"request": 3, "accept": "yes"}, "payload.accept"),
        ("request_undo", {"target": 2}, "payload.target"),  # Ben's own action
        ("request_undo", {"target": 9}, "payload.target"),  # not in effect
        ("answer_undo", {"request": 1, "accept": True}, "payload.request"),  # not a request
    ],
)
def test_a_bad_request_or_answer_is_a_400_naming_the_field(
    table: Game, player: User, type_: str, payload: dict[str, Any], field: str
) -> None:
    response = act(player, table, type_, 2, **payload)
    assert response.status_code == 400, response.json()
    assert field in response.json()["errors"]
    assert Game.objects.get(pk=table.pk).version == 2


def test_a_request_is_not_previewed(table: Game, ann: User) -> None:
    body = {"system": table.system, "type": "request_undo", "payload": {"target": 2}, "version": 2}
    response = send(client_for(ann), "post", url(table, "preview/"), body)
    assert response.status_code == 400
    assert "cannot be previewed" in response.json()["errors"]["type"][0]


def test_the_schema_describes_the_requests_and_the_open_ones_in_the_state(
    client: Any,
) -> None:
    schema = json.loads(client.get("/api/schema/?format=json").content)
    components = schema["components"]["schemas"]
    bodies = components["GameActionRequest"]["oneOf"]
    for system in ("Azrah", "Azeroth"):  # each game's own, as every game has them
        for name in ("RequestUndoActionRequest", "AnswerUndoActionRequest", "BatchActionRequest"):
            assert {"$ref": f"#/components/schemas/{system}{name}"} in bodies
        batch = components[f"{system}BatchPayloadRequest"]["properties"]["actions"]
        assert (batch["minItems"], batch["maxItems"]) == (1, 50)
    answer_payload = components["GameAnswerUndoPayloadRequest"]
    assert set(answer_payload["required"]) == {"request", "accept"}
    state_fields = components["GameState"]["properties"]
    assert state_fields["undo_requests"]["items"] == {"$ref": "#/components/schemas/UndoRequest"}
    assert set(components["UndoRequest"]["properties"]) == {"seq", "by", "target", "to", "text"}


def test_only_the_seat_whose_action_was_undone_redoes_it(
    table: Game, ann: User, player: User, host: User
) -> None:
    """Found at the table: after Ben accepted Ana's request to undo his action, Ana's tablet
    offered to redo it and re-applied it. A redo follows the rule of an undo (R50): the
    action's own seat redoes it, or the table's device."""
    assert act(ann, table, "request_undo", 2, target=2).status_code == 201
    assert act(player, table, "answer_undo", 3, request=3, accept=True).status_code == 201
    refused = undo_redo(ann, table, "redo", 4, 2)
    assert refused.status_code == 403, refused.json()
    assert "Ben" in refused.json()["detail"]
    assert current_game(Game.objects.get(pk=table.pk)).version == 4
    page = client_for(ann).get(f"/games/{table.pk}/").content.decode()
    assert 'aria-label="Redo #2"' not in page
    page = client_for(player).get(f"/games/{table.pk}/").content.decode()
    assert 'aria-label="Redo #2"' in page
    assert undo_redo(player, table, "redo", 4, 2).status_code == 201


def test_the_table_device_redoes_any_seats_action(table: Game, player: User, host: User) -> None:
    assert undo_redo(player, table, "undo", 2, 2).status_code == 201
    page = client_for(host).get(f"/games/{table.pk}/").content.decode()
    assert 'aria-label="Redo #2"' in page
    assert undo_redo(host, table, "redo", 3, 2).status_code == 201


def undo_redo(account: User, game: Game, kind: str, version: int, target: int) -> Any:
    body = {"version": version, "target": target}
    return send(client_for(account), "post", url(game, f"{kind}/"), body)
