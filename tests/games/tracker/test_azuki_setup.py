"""Azuki TCG games set up from two saved decks: checked again against the catalog version
they name, each card's stats copied from it, the first player recorded with how it was
chosen (R140)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.lists.service import save_list
from games.models import Catalog, Game
from games.tracker import setups
from referee.rules.errors import InvalidInput
from tests.lists.support import catalogs, other_user, owner, payload

__all__ = ["catalogs", "other_user", "owner"]

GAMES = "/api/games/"


def start(client: Client, body: dict[str, Any]) -> Any:
    return client.post(GAMES, json.dumps(body), content_type="application/json")


@pytest.fixture
def as_owner(owner: User, catalogs: dict[str, Catalog]) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def saved(owner: User, name: str, *, legal: bool = True) -> str:
    deck = payload("azuki", legal=legal)
    return str(save_list(owner=owner, system="azuki", name=name, payload=deck).pk)


def test_two_legal_decks_start_a_game_with_the_catalogs_numbers(
    owner: User, as_owner: Client
) -> None:
    lists = [saved(owner, "Embers"), saved(owner, "Cinders")]
    body = {"system": "azuki", "name": "Final", "lists": lists, "players": ["Ana", "Ben"],
            "first_player": 1}  # fmt: skip
    response = start(as_owner, body)
    assert response.status_code == 201, response.json()
    game = Game.objects.get(pk=response.json()["id"])
    players = game.setup["players"]
    assert [p["name"] for p in players] == ["Ana", "Ben"]
    assert game.setup["first_player"] == 1 and game.setup["first_player_by"] == "chosen"
    assert players[0]["leader"]["name"] == "Ember Matriarch"
    assert players[0]["leader"]["health"] == 20
    assert sum(line["count"] for line in players[0]["deck"]) == 50
    hound = next(line for line in players[0]["deck"] if line["id"] == "AZK-011")
    assert (hound["ikz_cost"], hound["attack"], hound["health"], hound["text"]) == (
        2,
        2,
        2,
        "Charge.",
    )
    state = response.json()["state"]
    assert state["first_seat"] == 1
    assert [(p["hand"], p["deck"]) for p in state["players"]] == [(7, 43), (7, 43)]
    assert game.catalog is not None and game.catalog_version == game.catalog.version


def test_the_app_flips_the_coin_and_records_it(owner: User, as_owner: Client) -> None:
    lists = [saved(owner, "Embers"), saved(owner, "Cinders")]
    seen = set()
    for _ in range(12):
        response = start(as_owner, {"system": "azuki", "name": "Flip", "lists": lists})
        assert response.status_code == 201, response.json()
        game = Game.objects.get(pk=response.json()["id"])
        assert game.setup["first_player_by"] == "coin"
        seen.add(game.setup["first_player"])
    assert seen == {0, 1}  # 12 fair flips all alike: 1 in 2048


def test_an_illegal_deck_is_refused_with_its_problems(owner: User, as_owner: Client) -> None:
    response = start(
        as_owner,
        {"system": "azuki", "name": "X", "lists": [saved(owner, "Short", legal=False),
                                                   saved(owner, "Fine")]},
    )  # fmt: skip
    assert response.status_code == 400
    assert "lists.0" in json.dumps(response.json())
    assert "not legal" in json.dumps(response.json())


def test_a_deck_is_checked_again_against_its_catalog_version(
    catalogs: dict[str, Catalog],
) -> None:
    """A list copied when it was chosen (a waiting game) is checked again when the game
    starts: a deck the catalog no longer allows is refused, naming why."""
    catalog = catalogs["azuki"]
    card = catalog.cards.get(card_id="AZK-010")
    card.element = "water"
    card.save()
    chosen = setups.ChosenList("Embers", payload("azuki"), catalog)
    with pytest.raises(InvalidInput) as error:
        setups.check_seat("azuki", 0, chosen, "Ana", None)
    messages = " ".join(error.value.problems["lists.0"])
    assert "AZK-010" in messages and "Water" in messages


def test_the_new_game_page_starts_an_azuki_game_on_the_shared_device(
    owner: User, as_owner: Client
) -> None:
    form = {"system": "azuki", "seat": "", "list_0": saved(owner, "Embers"),
            "list_1": saved(owner, "Cinders"), "first_player": "coin"}  # fmt: skip
    response = as_owner.post("/games/new/", form)
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.name == "Embers vs Cinders · Azuki TCG"
    assert game.setup["first_player_by"] == "coin"
    page = as_owner.get(response["Location"]).content.decode()
    assert 'class="tr-azuki"' in page and "Keep the opening 7" in page


def test_the_new_game_page_refuses_an_illegal_deck_beside_its_field(
    owner: User, as_owner: Client
) -> None:
    form = {"system": "azuki", "seat": "", "list_0": saved(owner, "Short", legal=False),
            "list_1": saved(owner, "Cinders")}  # fmt: skip
    response = as_owner.post("/games/new/", form)
    assert response.status_code == 400
    assert "not legal" in response.content.decode()
    assert not Game.objects.exists()


def test_two_people_each_bring_their_own_deck(
    owner: User, other_user: User, as_owner: Client
) -> None:
    """The host sits with their deck; the other player brings theirs through the player
    link, checked when chosen, and the game starts from both."""
    body = {"system": "azuki", "seat": 0, "lists": [saved(owner, "Embers")], "players": ["Ann"]}
    waiting = start(as_owner, body).json()
    assert waiting["status"] == "waiting"
    token = waiting["links"]["join_token"]
    rival = Client()
    rival.force_login(other_user)
    short = saved(other_user, "Short", legal=False)
    refused = rival.post(
        "/api/games/join/",
        json.dumps({"token": token, "list": short}),
        content_type="application/json",
    )
    assert refused.status_code == 400 and "not legal" in json.dumps(refused.json())
    joined = rival.post(
        "/api/games/join/",
        json.dumps({"token": token, "list": saved(other_user, "Cinders"), "player": "Ben"}),
        content_type="application/json",
    )
    assert joined.status_code == 200, joined.json()
    game = Game.objects.get(pk=waiting["id"])
    assert [p["name"] for p in game.setup["players"]] == ["Ann", "Ben"]
    assert joined.json()["seat"] == 1 and joined.json()["state"]["phase"] == "Game start"


def test_the_player_whose_deck_starts_the_game_gets_no_stale_line(
    owner: User, other_user: User, as_owner: Client
) -> None:
    """At the table "The game starts." stayed on Ben's tablet until turn 8: a one-off notice
    above the part of the page that follows the game, so it never went away. The board says
    what is happening; nothing is said above it that goes stale."""
    body = {"system": "azuki", "seat": 0, "lists": [saved(owner, "Embers")], "players": ["Ann"]}
    waiting = start(as_owner, body).json()
    ben = Client()
    ben.force_login(other_user)
    join = f"/games/join/{waiting['links']['join_token']}/"
    posted = {"seat": "1", "saved_list": saved(other_user, "Cinders"), "player": "Ben"}
    response = ben.post(join, posted)
    assert response.status_code == 302, response.content.decode()[:2000]
    page = ben.get(response["Location"]).content.decode()
    assert 'data-testid="notes"' in page and "keep the opening 7" in page  # what comes next
    assert "The game starts" not in page
