"""The data bench/tracker.py plays on (bench/prepare.py), made here in the test database: the
benchmark's timing is never a test, but its data must not rot when the app changes (it did
once: a new AZRAH game came to need every Guardian's card, and the benchmark's hand-written
setup had none). Each tablet is used here as the benchmark uses it: the page's door with its
session, the API's with its token, and the first action of each kind it posts."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase
from django.test import Client

from bench.prepare import prepare, session_for
from bench.tracker import OPENING, TABLE_SEATS, one_game_action, table_action, version_of
from games.models import Game
from games.tracker.apply import game_apply

pytestmark = pytest.mark.django_db

SIZES = [2, 3, 4]


@pytest.fixture
def prepared() -> dict[str, Any]:
    return prepare(tables=SIZES, seats=TABLE_SEATS, opening=OPENING)


def session_client(session: str) -> Client:
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session
    return client


def token_client(token: str) -> Client:
    return Client(headers={"Authorization": f"Token {token}"})


def post(client: Client, game: str, system: str, kind: str, payload: Any, version: int) -> Any:
    body = {"system": system, "type": kind, "payload": payload, "version": version}
    return client.post(f"/api/games/{game}/actions/", body, content_type="application/json")


def test_it_makes_each_table_a_game_at_the_version_the_opening_leaves(
    prepared: dict[str, Any],
) -> None:
    tables = prepared["tables"]
    assert [len(table["tablets"]) for table in tables] == SIZES
    for table in tables:
        game = Game.objects.get(pk=table["game"])
        assert game.system == "azeroth"
        assert game.version == table["version"] == len(OPENING)
        assert [a.type for a in game.actions.order_by("seq")] == [s["type"] for s in OPENING]
        assert all(seat.user_id is not None for seat in game.seats.all())


def test_every_tablet_is_what_its_place_at_the_table_says(prepared: dict[str, Any]) -> None:
    for table in prepared["tables"]:
        for tablet, seat in zip(table["tablets"], TABLE_SEATS, strict=False):
            assert {k: tablet[k] for k in seat} == seat
            assert tablet["session"]
            needs_token = seat["model"] is not None or seat["door"] == "api"
            assert (tablet["token"] is not None) == needs_token


def test_each_tablet_opens_its_table_through_its_door(prepared: dict[str, Any]) -> None:
    for table in prepared["tables"]:
        for tablet in table["tablets"]:
            if tablet["door"] == "page":
                client = session_client(tablet["session"])
                answer = client.get(f"/games/{table['game']}/", headers={"HX-Request": "true"})
                assert "X-Poll-Ticket" in answer.content.decode()
            else:
                client = token_client(tablet["token"])
                answer = client.get(f"/api/games/{table['game']}/")
            assert answer.status_code == 200, (tablet, answer.content[:300])
            assert version_of(answer["ETag"]) == table["version"]


def test_each_acting_tablet_damages_and_heals_its_own_model(prepared: dict[str, Any]) -> None:
    for table in prepared["tables"]:
        version = table["version"]
        for tablet in table["tablets"]:
            if tablet["model"] is None:
                continue
            client = token_client(tablet["token"])
            for damaged in (False, True):
                kind, payload = table_action(tablet["model"], damaged)
                answer = post(client, table["game"], "azeroth", kind, payload, version)
                assert answer.status_code == 201, (tablet, answer.json())
                version = answer.json()["game"]["version"]


def test_the_host_token_reads_each_table_s_log(prepared: dict[str, Any]) -> None:
    for table in prepared["tables"]:
        answer = token_client(table["host_token"]).get(f"/api/games/{table['game']}/log/")
        assert answer.status_code == 200
        assert [entry["seq"] for entry in answer.json()["entries"]] == [1, 2, 3, 4]


def test_the_one_game_takes_the_action_the_run_posts(prepared: dict[str, Any]) -> None:
    game = Game.objects.get(pk=prepared["game"])
    assert game.system == "azrah" and game.version == prepared["version"] == 0
    assert len(prepared["guardians"]) == 3
    client = token_client(prepared["token"])
    version = 0
    for guardian in prepared["guardians"]:
        kind, payload = one_game_action(guardian, 7)
        answer = post(client, prepared["game"], "azrah", kind, payload, version)
        assert answer.status_code == 201, answer.json()
        assert answer.json()["action"]["payload"] == payload
        version = answer.json()["game"]["version"]
    kind, payload = one_game_action(prepared["guardians"][0], 99)
    applied = game_apply(
        game=game, user=game.host, type=kind, payload=payload, expected_version=version
    )
    assert applied.action.seq == version + 1


def test_it_refuses_a_table_its_seats_cannot_fill() -> None:
    with pytest.raises(ValueError, match="2 to 4 tablets"):
        prepare(tables=[5], seats=TABLE_SEATS, opening=OPENING)


def test_a_tablet_s_session_signs_its_account_in(django_user_model: Any) -> None:
    user = django_user_model.objects.create_user("mira")
    key = session_for(user)
    store: SessionBase = Client().session.__class__(key)
    assert store["_auth_user_id"] == str(user.pk)
