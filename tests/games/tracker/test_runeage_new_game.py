"""Starting a Rune Age game from the setup helper on the games page: the scenario, the players
in play order with a race each or one drawn at random, on the table's shared tablet; problems
come back beside their fields."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from referee.rules.runeage.demo import DEMO
from tests.games.tracker.support import client_for, user
from tests.lists.support import load_starter

URL = "/games/new/runeage/"


@pytest.fixture
def ann(db: None) -> User:
    return user("ann")


def post(account: User, **fields: str) -> Any:
    data = {f"ra-{key}": value for key, value in fields.items()}
    return client_for(account).post(URL, data)


def form_of(response: Any) -> Any:
    """The Rune Age form the games page was drawn with."""
    forms = {game.slug: form for game, form in response.context["table_setups"]}
    return forms["runeage"]


def test_it_starts_a_game_with_the_players_in_play_order(ann: User) -> None:
    response = post(
        ann,
        scenario="runewars",
        player_0="Ana",
        race_0="Latari Elves",
        player_1="Ben",
        race_1="",
        player_2="Cleo",
        race_2="Daqan Lords",
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    players = game.setup["players"]
    assert [p["name"] for p in players] == ["Ana", "Ben", "Cleo"]
    assert players[0]["race"] == "Latari Elves" and players[2]["race"] == "Daqan Lords"
    assert players[1]["race"] in {"Uthuk Y'llan", "Waiqar the Undying"}
    assert all(p["rune_power"] for p in players)  # Runewars deals each a rune power
    assert len(game.setup["cities"]) == 4
    assert not game.seats.filter(user=ann).exists()  # the host is the shared tablet


def test_the_loaded_catalogs_cards_are_used(ann: User) -> None:
    load_starter("runeage")
    post(ann, scenario="dragonlords", player_0="Ana", race_0="Daqan Lords")
    game = Game.objects.get()
    assert game.setup["cards"]["races"][0]["home_realm"] == "Hearthold Keep"


def test_a_scenario_without_solitaire_play_is_refused_beside_the_players(ann: User) -> None:
    response = post(ann, scenario="monument", player_0="Ana")
    assert response.status_code == 400
    assert "no solitaire play" in response.content.decode()
    assert not Game.objects.exists()


def test_two_players_of_one_race_are_refused_beside_the_second(ann: User) -> None:
    response = post(
        ann,
        scenario="dragonlords",
        player_0="Ana",
        race_0="Daqan Lords",
        player_1="Ben",
        race_1="Daqan Lords",
    )
    assert response.status_code == 400
    form = form_of(response)
    assert form.errors["race_1"] == ["Each player plays a different race (Setup 3)."]


def test_a_first_player_is_needed(ann: User) -> None:
    response = post(ann, scenario="dragonlords", player_1="Ben")
    assert response.status_code == 400
    assert "player_0" in form_of(response).errors


def test_the_games_page_offers_the_helper(ann: User) -> None:
    html = client_for(ann).get("/games/").content.decode()
    assert 'data-testid="new-runeage"' in html
    assert "Resurgence of the Dragonlords" in html


def test_a_neutral_type_may_be_swapped_for_one_of_the_same_cost(ann: User) -> None:
    """Optional Rule: Custom Neutral Cards: Naga and Sorcerer both cost 3 influence."""
    post(ann, scenario="cataclysm", player_0="Ana", player_1="Ben", neutral_1="Sorcerer")
    assert Game.objects.get().setup["neutrals"] == ["Pillage", "Sorcerer", "Demon"]


def test_a_neutral_type_of_another_cost_is_refused_beside_its_field(ann: User) -> None:
    response = post(ann, scenario="cataclysm", player_0="Ana", player_1="Ben", neutral_1="Dragon")
    assert response.status_code == 400
    errors = form_of(response).errors["neutral_0"]
    assert "same influence cost" in errors[0]


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """The catalog loaded, cut down to a few races, cities, rune powers or scenarios."""

    def cut(**parts: Any) -> None:
        catalog = replace(DEMO, **parts)
        monkeypatch.setattr("games.systems.runeage.forms.cards", lambda: catalog)

    return cut


THREE = {"player_0": "Ana", "player_1": "Ben", "player_2": "Cleo"}


def test_too_few_races_in_the_catalog_are_named_beside_the_player_left_without(
    ann: User, small: Callable[..., None]
) -> None:
    small(races=DEMO.races[:2])
    response = post(ann, scenario="dragonlords", **THREE)
    assert response.status_code == 400
    form = form_of(response)
    assert form.errors["race_2"] == ["The catalog has 2 races; 3 players need one each (Setup 3)."]
    assert 'value="Cleo"' in response.content.decode()  # what was typed stays
    assert not Game.objects.exists()


def test_too_few_cities_in_the_catalog_are_named_beside_the_last_player(
    ann: User, small: Callable[..., None]
) -> None:
    small(cities=DEMO.cities[:3])
    response = post(ann, scenario="dragonlords", **THREE)
    assert response.status_code == 400
    errors = form_of(response).errors["player_2"]
    assert errors == ["The catalog has 3 neutral cities; 3 players lay out 4 (Variable Setup)."]


def test_too_few_rune_powers_for_runewars_are_named_beside_the_scenario(
    ann: User, small: Callable[..., None]
) -> None:
    small(rune_powers=DEMO.rune_powers[:2])
    response = post(ann, scenario="runewars", **THREE)
    assert response.status_code == 400
    errors = form_of(response).errors["scenario"]
    assert errors[0].startswith("The catalog has 2 dragon rune powers; 3 Runewars players")


def test_a_scenario_the_catalog_lacks_is_named_beside_the_scenario(
    ann: User, small: Callable[..., None]
) -> None:
    small(scenarios=DEMO.scenarios[:1])
    response = post(ann, scenario="monument", **THREE)
    assert response.status_code == 400
    errors = form_of(response).errors["scenario"]
    assert errors == ["The catalog has no cards for The Monument."]
    assert 'value="Ben"' in response.content.decode()
