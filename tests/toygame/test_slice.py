"""Counter Race, registered by a settings override alone, goes through every door a game
has: its home tile, the new-game page, the API's systems with its example setup, random
legal play through the API from every seat, its board, export and import, and the secrecy of
each player's number. And nothing outside this package names it."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from random import Random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import registry
from games.models import Game
from tests.games.tracker.support import client_for, send, user
from tests.rules.tracker.legal_play import filled
from tests.test_engine_layout import layering_problems

from .rules.system import COUNTER_RACE

pytestmark = pytest.mark.django_db

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent.parent
GAMES = "/api/games/"


@pytest.fixture(autouse=True)
def counter_race(settings: Any) -> None:
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.toygame"]


@pytest.fixture
def ana() -> User:
    return user("ana")


@pytest.fixture
def ben() -> User:
    return user("ben")


def test_it_is_in_the_registry_with_its_engine() -> None:
    assert registry.game("countrace").tracker is COUNTER_RACE
    assert registry.tracker("countrace") is COUNTER_RACE


def test_its_engine_has_the_six_modules_in_their_layers() -> None:
    assert layering_problems("tests.toygame.rules") == []


def test_the_home_page_shows_its_tile(client: Client) -> None:
    page = client.get("/").content.decode()
    assert 'id="system-countrace"' in page
    tile = page.split('id="system-countrace"', 1)[1].split("</li>\n  \n", 1)[0]
    assert "Counter Race" in tile and "Counters, secrets and turns." in tile


def test_the_rulings_page_still_opens(client: Client) -> None:
    assert client.get("/rulings/").status_code == 200


def test_the_new_game_page_offers_its_form_and_starts_a_race(client: Client, ana: User) -> None:
    client.force_login(ana)
    page = client.get("/games/").content.decode()
    assert 'data-testid="new-countrace"' in page
    response = client.post(
        "/games/new/countrace/",
        {
            "countrace-player_0": "Ana",
            "countrace-player_1": "Ben",
            "countrace-target": "6",
            "countrace-seat": "0",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(system="countrace")
    assert game.setup == {"players": ["Ana", "Ben"], "target": 6}
    board = client.get(response["Location"]).content.decode()
    assert 'data-testid="countrace-board"' in board
    assert "Choose your secret number" in board


def test_a_bad_target_is_named_beside_its_field_and_nothing_is_lost(
    client: Client, ana: User
) -> None:
    client.force_login(ana)
    response = client.post(
        "/games/new/countrace/",
        {"countrace-player_0": "Ana", "countrace-player_1": "Ben", "countrace-target": "99"},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "less than or equal to 30" in page and 'value="Ana"' in page
    assert not Game.objects.filter(system="countrace").exists()


def test_the_api_lists_it_with_its_example_setup() -> None:
    systems = send(client_for(None), "get", f"{GAMES}systems/").json()["systems"]
    (race,) = [s for s in systems if s["slug"] == "countrace"]
    assert race["name"] == "Counter Race"
    assert race["example_setup"] == {"players": ["Ana", "Ben"], "target": 10}
    assert [t["name"] for t in race["action_types"]] == ["choose_secret", "advance"]


def _join(game_id: str, account: User, seat: int) -> None:
    game = Game.objects.get(pk=game_id)
    body = {"token": game.join_token, "seat": seat}
    response = send(client_for(account), "post", f"{GAMES}join/", body)
    assert response.status_code in (200, 201), response.json()


@pytest.mark.parametrize("seed", range(6))
def test_random_legal_play_through_the_api_reaches_the_end(seed: int, ana: User, ben: User) -> None:
    rng = Random(seed)
    body = {"system": "countrace", "name": "Race", "setup": COUNTER_RACE.example_setup()}
    created = send(client_for(ana), "post", GAMES, body)
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]
    _join(game_id, ana, 0)
    _join(game_id, ben, 1)
    players = {0: ana, 1: ben}
    for _ in range(60):
        states = {
            seat: send(client_for(who), "get", f"{GAMES}{game_id}/").json()
            for seat, who in players.items()
        }
        if states[0]["finished"]:
            break
        offered = [(seat, a) for seat, body in states.items() for a in body["legal_actions"]]
        assert offered, states
        seat, legal = rng.choice(offered)
        action = {
            "system": "countrace",
            "type": legal["type"],
            "payload": filled(rng, COUNTER_RACE_LEGAL(legal)),
            "version": states[seat]["version"],
        }
        answer = send(client_for(players[seat]), "post", f"{GAMES}{game_id}/actions/", action)
        assert answer.status_code == 201, answer.json()
    final = send(client_for(ana), "get", f"{GAMES}{game_id}/").json()
    assert final["finished"]
    racers = final["state"]["racers"]
    assert all(racer["secret"] in (1, 2, 3) for racer in racers)  # shown once it is over


def COUNTER_RACE_LEGAL(body: dict[str, Any]) -> Any:
    """The listed action as the engine's type, for the property tests' value chooser."""
    from referee.rules.tracker import LegalAction, OneOf

    return LegalAction(
        body["type"],
        body["label"],
        body["seat"],
        body["payload"],
        {name: OneOf(tuple(values)) for name, values in body["choices"].items()},
        body["at"],
        body["names"],
    )


def test_export_and_import_give_the_same_game(ana: User, ben: User) -> None:
    client = client_for(ana)
    created = send(
        client,
        "post",
        GAMES,
        {"system": "countrace", "name": "Race", "setup": {"players": ["A", "B"], "target": 3}},
    )
    game_id = created.json()["id"]
    _join(game_id, ana, 0)
    _join(game_id, ben, 1)
    moves = [
        (ana, "choose_secret", {"number": 2}),
        (ben, "choose_secret", {"number": 3}),
        (ana, "advance", {"steps": 3}),
    ]
    for version, (who, kind, payload) in enumerate(moves):
        body = {"system": "countrace", "type": kind, "payload": payload, "version": version}
        answer = send(client_for(who), "post", f"{GAMES}{game_id}/actions/", body)
        assert answer.status_code == 201, answer.json()
    exported = send(client, "get", f"{GAMES}{game_id}/export/").json()
    assert exported["system"] == "countrace" and not exported.get("partial")
    imported = send(client, "post", f"{GAMES}import/", exported)
    assert imported.status_code == 201, imported.json()
    again = send(client, "get", f"{GAMES}{imported.json()['id']}/").json()
    assert again["state"] == send(client, "get", f"{GAMES}{game_id}/").json()["state"]
    assert again["state"]["winner"] == 0  # 3 + 2 against 0 + 3


def _seen_by_ben(number: int, ana: User, ben: User) -> str:
    """Everything Ben's account receives about a race in which Ana chose ``number``: the
    state, the log and the export, the ids replaced."""
    setup = {"players": ["A", "B"], "target": 9}
    created = send(client_for(ana), "post", GAMES, {"system": "countrace", "setup": setup})
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]
    _join(game_id, ana, 0)
    _join(game_id, ben, 1)
    body = {
        "system": "countrace",
        "type": "choose_secret",
        "payload": {"number": number},
        "version": 0,
    }
    answer = send(client_for(ana), "post", f"{GAMES}{game_id}/actions/", body)
    assert answer.status_code == 201, answer.json()
    seen = [
        send(client_for(ben), "get", f"{GAMES}{game_id}/{path}").json()
        for path in ("", "log/", "export/")
    ]
    text = json.dumps(seen, sort_keys=True).replace(game_id, "ID")
    return re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+\+00:00", "WHEN", text)


def test_what_the_other_seat_receives_does_not_depend_on_the_secret(ana: User, ben: User) -> None:
    seen = {_seen_by_ben(number, ana, ben) for number in (1, 2, 3)}
    assert len(seen) == 1
    (text,) = seen
    assert "secret number" in text  # the entry is there, its number is not


def test_no_file_outside_this_package_names_it() -> None:
    files = subprocess.run(
        ["git", "grep", "-l", "-i", "-e", "countrace", "-e", "counter race", "--", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    outside = [f for f in files if not (ROOT / f).resolve().is_relative_to(PACKAGE)]
    assert outside == []
