"""Who may do what to an Azuki TCG game, as a matrix over the roles (docs/tracker.md, "Who may
do what"): the table's device (the host at no seat), the seated host (at Ana's seat 0), the
player (Ben, seat 1), a spectator and an outsider. Azuki has no secret in the tracker (R141):
every role that may look sees the same board, and the table's device has nothing to hold to
reveal. A noninterference test below holds the answers to that: what a viewer gets does not
change with anything another seat did that the viewer could not see, because there is none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join, watch
from referee.rules.azuki.system import AZUKI
from tests.games.tracker.support import client_for, send, user

ROLES = ("table", "seated host", "player", "spectator", "outsider")


@dataclass
class Table:
    game: Game
    accounts: dict[str, User]
    me: str

    @property
    def client(self) -> Client:
        return client_for(self.accounts.get(self.me))

    def url(self, tail: str = "") -> str:
        return f"/api/games/{self.game.pk}/{tail}"

    def version(self) -> int:
        return Game.objects.get(pk=self.game.pk).version


def table_for(me: str, suffix: str = "") -> Table:
    host = user("hostess" + suffix)
    accounts = {
        "host": host,
        "player": user("benny" + suffix),
        "spectator": user("watcher" + suffix),
        "outsider": user("stranger" + suffix),
    }
    created = create_game(host=host, system="azuki", name="Azuki", setup=AZUKI.example_setup())
    if me == "seated host":
        join(created, host, created.join_token, 0)
    join(created, accounts["player"], created.join_token, 1)
    watch(created, accounts["spectator"], created.watch_token)
    accounts.update({"table": host, "seated host": host})
    return Table(Game.objects.get(pk=created.pk), accounts, me)


@pytest.fixture(params=ROLES)
def table(request: pytest.FixtureRequest, db: None) -> Table:
    return table_for(request.param)


def matrix(table: Table, cells: dict[str, Any]) -> Any:
    return cells[table.me]


def test_every_role_that_may_look_sees_the_same_board(table: Table) -> None:
    response = table.client.get(table.url())
    if table.me == "outsider":
        assert response.status_code == 403
        return
    assert response.status_code == 200
    state = response.json()["state"]
    assert state == AZUKI.view(current_game(table.game).state, None)
    assert [p["hand"] for p in state["players"]] == [7, 7]  # hand counts are public


def test_each_role_gets_the_legal_actions_of_the_seats_it_acts_for(table: Table) -> None:
    response = table.client.get(table.url())
    seats = matrix(
        table,
        {"table": {0, 1}, "seated host": {0}, "player": {1}, "spectator": set(), "outsider": 403},
    )
    if seats == 403:
        assert response.status_code == 403
    else:
        assert {a["seat"] for a in response.json()["legal_actions"]} == seats


@pytest.mark.parametrize("seat", [0, 1])
def test_who_acts_for_which_seat(table: Table, seat: int) -> None:
    allowed = matrix(
        table,
        {"table": (0, 1), "seated host": (0,), "player": (1,), "spectator": (), "outsider": ()},
    )
    body = {"system": "azuki", "type": "keep_hand", "payload": {}, "version": 0, "seat": seat}
    response = send(table.client, "post", table.url("actions/"), body)
    if seat in allowed:
        assert response.status_code == 201, response.json()
        assert response.json()["action"]["by"] == seat
    else:
        assert response.status_code == 403
        assert table.version() == 0


@pytest.mark.parametrize("seat", [0, 1])
def test_who_undoes_whose_action(table: Table, seat: int) -> None:
    account = table.accounts["player"] if seat == 1 else table.accounts["host"]
    body = {"system": "azuki", "type": "mulligan", "payload": {}, "version": 0, "seat": seat}
    assert send(client_for(account), "post", table.url("actions/"), body).status_code == 201
    allowed = matrix(
        table,
        {"table": (0, 1), "seated host": (0,), "player": (1,), "spectator": (), "outsider": ()},
    )
    response = send(table.client, "post", table.url("undo/"), {"version": 1, "target": 1})
    assert response.status_code == (201 if seat in allowed else 403)


def test_who_exports_what_while_the_game_is_on(table: Table) -> None:
    response = table.client.get(table.url("export/"))
    kind = matrix(
        table,
        {
            "table": "whole",
            "seated host": "partial",
            "player": "partial",
            "spectator": "partial",
            "outsider": 403,
        },
    )
    if kind == 403:
        assert response.status_code == 403
    else:
        assert response.status_code == 200
        assert response.json().get("partial", False) is (kind == "partial")


def test_the_table_device_has_no_secret_to_hold_to_reveal(db: None) -> None:
    table = table_for("table")
    html = table.client.get(f"/games/{table.game.pk}/").content.decode()
    assert 'class="tr-azuki"' in html
    assert "Hold to show" not in html


def test_what_a_viewer_gets_is_the_same_whatever_the_other_seat_did_unseen(db: None) -> None:
    """Noninterference, trivially: Ben's mulligan and Ana's keeping are public entries, and
    two games that differ only in the order the seats decided give every viewer the same
    board once both have decided."""
    first, second = table_for("table"), table_for("table", "2")
    for table, order in ((first, (0, 1)), (second, (1, 0))):
        for version, seat in enumerate(order):
            body = {"system": "azuki", "type": "keep_hand", "payload": {}, "version": version,
                    "seat": seat}  # fmt: skip
            response = send(table.client, "post", table.url("actions/"), body)
            assert response.status_code == 201, response.json()
    for role in ("player", "spectator"):
        views = [client_for(t.accounts[role]).get(t.url()).json()["state"] for t in (first, second)]
        assert views[0] == views[1]
