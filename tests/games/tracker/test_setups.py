"""Games set up from saved lists: two legal rosters or armies, their catalog's numbers copied
into the setup, every problem named by field."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.lists.service import save_list
from games.models import Catalog, Game
from games.tracker.access import access_for
from games.tracker.selectors import state_for
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


def saved(owner: User, system: str, name: str, *, legal: bool = True) -> str:
    return str(
        save_list(owner=owner, system=system, name=name, payload=payload(system, legal=legal)).pk
    )


def test_an_azrah_game_takes_its_parties_and_hit_points_from_the_rosters(
    owner: User, as_owner: Client
) -> None:
    lists = [saved(owner, "azrah", "Embers"), saved(owner, "azrah", "Tides")]
    body = {"system": "azrah", "name": "Final", "lists": lists, "players": ["Ana", "Ben"],
            "first_player": 1}  # fmt: skip
    response = start(as_owner, body)
    assert response.status_code == 201, response.json()
    game = Game.objects.get(pk=response.json()["id"])
    players = game.setup["players"]
    assert [p["name"] for p in players] == ["Ana", "Ben"]
    assert game.setup["first_player"] == 1
    assert len(players[0]["front"]) == 3 and len(players[0]["back"]) == 2
    assert all(points >= 1 for points in players[0]["hit_points"].values())
    assert response.json()["state"]["active_seat"] == 1
    assert game.catalog is not None and game.catalog_version == game.catalog.version


def test_the_app_flips_the_coin_when_asked(owner: User, as_owner: Client) -> None:
    lists = [saved(owner, "azrah", "Embers"), saved(owner, "azrah", "Tides")]
    seen = set()
    for _ in range(12):
        response = start(as_owner, {"system": "azrah", "name": "Flip", "lists": lists,
                                    "first_player": "coin"})  # fmt: skip
        assert response.status_code == 201
        seen.add(response.json()["state"]["active_seat"])
    assert seen == {0, 1}  # 12 fair flips all alike: 1 in 2048


def test_a_list_with_one_error_says_one_error(owner: User, as_owner: Client) -> None:
    one_short = str(
        save_list(
            owner=owner, system="azrah", name="Nine", payload={**payload("azrah"), "mana": 9}
        ).pk
    )
    other = saved(owner, "azrah", "Tides")
    response = start(as_owner, {"system": "azrah", "name": "X", "lists": [one_short, other]})
    assert response.status_code == 400
    assert "'Nine' is not legal (1 error): " in response.json()["errors"]["lists.0"][0]


def test_an_illegal_or_foreign_list_is_named(
    owner: User, other_user: User, as_owner: Client
) -> None:
    broken = saved(owner, "azrah", "Short", legal=False)
    theirs = saved(other_user, "azrah", "Theirs")
    response = start(as_owner, {"system": "azrah", "name": "X", "lists": [broken, theirs]})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert "not legal" in errors["lists.0"][0]
    assert "no saved list" in errors["lists.1"][0]
    army = saved(owner, "azeroth", "Horde")
    response = start(as_owner, {"system": "azrah", "name": "X", "lists": [army, army]})
    assert "another game" in response.json()["errors"]["lists.0"][0]


def test_an_azeroth_game_has_a_model_per_unit_with_its_profile(
    owner: User, as_owner: Client
) -> None:
    lists = [saved(owner, "azeroth", "Horde"), saved(owner, "azeroth", "Horde too")]
    body = {"system": "azeroth", "name": "Clash", "lists": lists, "players": ["Ana", "Ben"],
            "options": {"scenario": "hold_the_line"}}  # fmt: skip
    response = start(as_owner, body)
    assert response.status_code == 201, response.json()
    game = Game.objects.get(pk=response.json()["id"])
    assert game.setup["scenario"] == "hold_the_line"
    assert game.setup["battle_size"] == "standard"
    models = game.setup["sides"][0]["models"]
    assert len(models) == 10  # 1 + 6 + 2 + 1 units, one model each (4.3)
    grunts = [m for m in models if m["slug"] == "orc-grunt"]
    assert len(grunts) == 6 and all(m["wounds"] >= 1 for m in grunts)
    state = state_for(game, access_for(game, owner))["state"]
    assert [side["name"] for side in state["sides"]] == ["Ana", "Ben"]


def test_a_bad_scenario_or_battle_size_is_named(owner: User, as_owner: Client) -> None:
    lists = [saved(owner, "azeroth", "Horde"), saved(owner, "azeroth", "Horde too")]
    body = {"system": "azeroth", "name": "X", "lists": lists,
            "options": {"scenario": "capture", "battle_size": "huge"}}  # fmt: skip
    response = start(as_owner, body)
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"scenario", "battle_size"}


def test_an_azrah_game_carries_each_guardians_card_as_printed(
    owner: User, as_owner: Client
) -> None:
    """Anatomy of a Card: a game from saved lists knows each party Guardian's abilities
    (cost, quick, target enemy) and range arrows, and the shared Transformations."""
    lists = [saved(owner, "azrah", "Embers"), saved(owner, "azrah", "Tides")]
    response = start(as_owner, {"system": "azrah", "lists": lists, "first_player": 0})
    assert response.status_code == 201, response.json()
    game = Game.objects.get(pk=response.json()["id"])
    catalog = {g.name: g for g in game.catalog.guardians.all()}  # type: ignore[union-attr]
    for player in game.setup["players"]:
        cards = {card["name"]: card for card in player["cards"]}
        assert set(cards) == {*player["front"], *player["back"]}
        for name, card in cards.items():
            assert card["range_arrows"] == catalog[name].range_arrows
            printed = [(a["name"], a["mana"], a["gems"]) for a in catalog[name].abilities]
            assert [(a["name"], a["mana"], a["gems"]) for a in card["abilities"]] == printed
    (smith,) = game.setup["transformations"]
    assert (smith["name"], smith["base_form"], smith["hit_points"]) == (
        "Caelum, Ascended Smith",
        "Caelum Skyforger",
        catalog["Caelum, Ascended Smith"].hit_points,
    )
    front = response.json()["state"]["players"][0]["front"][0]
    assert front["card"]["abilities"] == game.setup["players"][0]["cards"][0]["abilities"]


def test_the_published_example_carries_the_starter_catalogs_cards_as_printed(
    catalogs: dict[str, Catalog],
) -> None:
    """Anatomy of a Card: the engine's example setup (GET /api/games/systems/) carries each
    Guardian's card exactly as a game made from saved rosters of the starter catalog does,
    and its hit points."""
    from games.systems.azrah.catalog import guardian_cards
    from referee.rules.azrah.setup import card_to_json
    from referee.rules.azrah.system import AZRAH

    printed = {g.name: g for g in guardian_cards(catalogs["azrah"]).values()}
    example: Any = AZRAH.example_setup()
    for player in example["players"]:
        names = [*player["front"], *player["back"]]
        assert [card["name"] for card in player["cards"]] == names
        for card in player["cards"]:
            assert card == card_to_json(printed[card["name"]])
            assert player["hit_points"][card["name"]] == printed[card["name"]].hit_points
