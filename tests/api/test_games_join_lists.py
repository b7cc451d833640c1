"""Starting a game between two people over REST: POST /api/games/ with the host's ``seat`` and
one list (theirs) answers the game waiting for the other player's; POST /api/games/join/ with
``list`` brings it, and the game starts; GET /api/games/join/?token= says where a player link
leads. The answers are the shapes /api/schema/ documents.

People: Ann hosts with her AZRAH rosters, Ben joins with his, a stranger holds nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.lists.service import save_list
from games.models import Game
from games.models.tracker import PendingGame
from tests.api.helpers import assert_bad_request, assert_matches_schema, openapi_schema
from tests.games.tracker.support import AZRAH_SETUP, client_for, send, user
from tests.lists.support import load_starter, payload

GAMES = "/api/games/"
JOIN = "/api/games/join/"


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    load_starter("azrah")
    load_starter("azeroth")
    ann, ben = user("ann"), user("ben")
    return {
        "ann": ann,
        "ben": ben,
        "stranger": user("stranger"),
        "dawn": str(save_list(owner=ann, system="azrah", name="Dawn", payload=payload("azrah")).pk),
        "dusk": str(save_list(owner=ann, system="azrah", name="Dusk", payload=payload("azrah")).pk),
        "horde": str(
            save_list(owner=ann, system="azeroth", name="Horde", payload=payload("azeroth")).pk
        ),
        "tides": str(
            save_list(owner=ben, system="azrah", name="Tides", payload=payload("azrah")).pk
        ),
        "short": str(
            save_list(
                owner=ben, system="azrah", name="Short", payload=payload("azrah", legal=False)
            ).pk
        ),
        "bens_horde": str(
            save_list(owner=ben, system="azeroth", name="Ben's", payload=payload("azeroth")).pk
        ),
    }


def open_game(people: dict[str, Any], **extra: Any) -> Any:
    body = {"system": "azrah", "seat": 0, "lists": [people["dawn"]], **extra}
    return send(client_for(people["ann"]), "post", GAMES, body)


def test_a_host_at_a_seat_gives_one_list_and_the_game_waits(people: dict[str, Any]) -> None:
    response = open_game(people, players=["Ann"])
    assert response.status_code == 201, response.json()
    body = response.json()
    assert_matches_schema(body, "WaitingGame")
    assert body["status"] == "waiting" and body["role"] == "host" and body["seat"] == 0
    assert body["seats"] == [
        {"index": 0, "name": "Ann", "taken": True, "ready": True},
        {"index": 1, "name": "", "taken": False, "ready": False},
    ]
    assert body["waiting_for"] == [1]
    assert body["name"] == "Ann vs … · AZRAH"
    token = body["links"]["join_token"]
    assert body["links"]["join_url"].endswith(f"/games/join/{token}/")
    assert not Game.objects.exists()
    polled = client_for(people["ann"]).get(body["url"])
    assert polled.status_code == 200 and polled.json()["waiting_for"] == [1]


def test_the_other_player_brings_their_list_and_the_game_starts(people: dict[str, Any]) -> None:
    waiting = open_game(people, players=["Ann"]).json()
    token = waiting["links"]["join_token"]
    ben = client_for(people["ben"])
    invited = ben.get(f"{JOIN}?token={token}").json()
    assert_matches_schema(invited, "WaitingGame")
    assert invited["role"] == "invited" and "links" not in invited
    response = send(ben, "post", JOIN, {"token": token, "list": people["tides"], "player": "Ben"})
    assert response.status_code == 200, response.json()
    state = response.json()
    assert {"version", "state", "legal_actions", "seats"} <= set(state)  # a started game
    assert state["id"] == waiting["id"] and state["seat"] == 1 and state["role"] == "player"
    assert state["name"] == "Ann vs Ben · AZRAH"
    assert [s["taken"] for s in state["seats"]] == [True, True]
    host_view = client_for(people["ann"]).get(f"{GAMES}{waiting['id']}/").json()
    assert host_view["seat"] == 0 and host_view["role"] == "host"
    after = client_for(people["ann"]).get(waiting["url"])  # the poll now answers the game
    assert after.status_code == 200 and after.json()["version"] == 0
    assert not PendingGame.objects.exists()


def test_a_seat_takes_one_list_name_and_party(people: dict[str, Any]) -> None:
    both = open_game(people, lists=[people["dawn"], people["dusk"]], players=["A", "B"])
    assert_bad_request(both.status_code, both.json(), "lists", "players")
    other_game = open_game(people, lists=[people["horde"]])
    assert_bad_request(other_game.status_code, other_game.json(), "lists.0")
    colours = open_game(people, colours=["#000000", "#ffffff"])
    assert_bad_request(colours.status_code, colours.json(), "colours")
    no_seat = open_game(people, seat=2)
    assert_bad_request(no_seat.status_code, no_seat.json(), "seat")
    assert not PendingGame.objects.exists()


def test_joining_a_waiting_game_needs_your_own_legal_list_of_its_game(
    people: dict[str, Any],
) -> None:
    token = open_game(people).json()["links"]["join_token"]
    ben = client_for(people["ben"])
    for body, path in (
        ({"token": token}, "list"),
        ({"token": token, "list": people["short"]}, "list"),
        ({"token": token, "list": people["dusk"]}, "list"),  # Ann's, not his
        ({"token": token, "list": people["bens_horde"]}, "list"),  # another game's
        ({"token": token, "list": people["tides"], "seat": 0}, "seat"),  # Ann's seat
        ({"token": token, "list": people["tides"], "party": {"front": []}}, "party"),
    ):
        response = send(ben, "post", JOIN, body)
        assert_bad_request(response.status_code, response.json(), path)
    assert PendingGame.objects.get().seats.get(index=1).user is None
    gone = send(ben, "post", JOIN, {"token": "nope", "list": people["tides"]})
    assert gone.status_code == 403


def test_a_started_games_seats_take_no_list(people: dict[str, Any]) -> None:
    game = send(
        client_for(people["ann"]), "post", GAMES, {"system": "azrah", "setup": AZRAH_SETUP}
    ).json()
    token = game["links"]["join_token"]
    response = send(
        client_for(people["ben"]), "post", JOIN, {"token": token, "list": people["tides"]}
    )
    assert_bad_request(response.status_code, response.json(), "list")
    stranger = client_for(people["stranger"]).get(f"{JOIN}?token={token}")
    assert stranger.status_code == 403
    missing = client_for(people["stranger"]).get(JOIN)
    assert_bad_request(missing.status_code, missing.json(), "token")


def test_a_host_giving_the_whole_setup_may_sit_at_once(people: dict[str, Any]) -> None:
    ann = client_for(people["ann"])
    response = send(ann, "post", GAMES, {"system": "azrah", "setup": AZRAH_SETUP, "seat": 1})
    assert response.status_code == 201
    assert response.json()["seat"] == 1
    assert response.json()["name"] == "Ana vs Ben · AZRAH"  # the name is optional
    too_far = send(ann, "post", GAMES, {"system": "azrah", "setup": AZRAH_SETUP, "seat": 5})
    assert too_far.status_code == 400 and "seat" in too_far.json()["errors"]
    assert Game.objects.count() == 1  # nothing half made


def test_only_azrah_takes_a_first_player(people: dict[str, Any]) -> None:
    response = send(
        client_for(people["ann"]),
        "post",
        GAMES,
        {"system": "azeroth", "seat": 0, "lists": [people["horde"]], "first_player": 0},
    )
    assert_bad_request(response.status_code, response.json(), "first_player")
    assert "roll-off" in response.json()["errors"]["first_player"][0]


def test_the_schema_documents_the_seat_the_list_and_the_waiting_game() -> None:
    schema = openapi_schema()
    components = schema["components"]["schemas"]
    assert "seat" in components["CreateGameRequest"]["properties"]
    assert "name" not in components["CreateGameRequest"].get("required", [])
    assert {"list", "player", "party"} <= set(components["JoinRequest"]["properties"])
    assert {"status", "waiting_for", "url"} <= set(components["WaitingGame"]["required"])
    created = schema["paths"]["/api/games/"]["post"]["responses"]["201"]
    assert created["content"]["application/json"]["schema"]["$ref"].endswith("/CreatedGame")
    one_of = components["CreatedGame"]["oneOf"]
    assert {ref["$ref"].rsplit("/", 1)[1] for ref in one_of} == {"GameState", "WaitingGame"}
    assert "get" in schema["paths"]["/api/games/join/"]
