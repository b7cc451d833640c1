"""Rune Age over the game API: a game started from the example setup, the attrition die
rolled by the app and recorded, and bad input refused with 400 naming the field (never a
500), whatever it is: a lone surrogate, superscript digits, a huge number."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.lifecycle import create_game
from referee.rules.runeage.cards import catalog_to_json, scenario_to_json
from referee.rules.runeage.demo import DEMO
from referee.rules.runeage.system import RUNE_AGE
from tests.games.tracker.support import client_for, host, send

__all__ = ["host"]

GAMES = "/api/games/"


@pytest.fixture
def game(host: User) -> Game:
    return create_game(host=host, system="runeage", name="Runes", setup=RUNE_AGE.example_setup())


def act(account: User, game: Game, type: str, payload: dict[str, Any], **extra: Any) -> Any:
    game.refresh_from_db()
    body = {"system": "runeage", "type": type, "payload": payload, "version": game.version}
    return send(client_for(account), "post", f"{GAMES}{game.pk}/actions/", {**body, **extra})


def test_the_app_rolls_the_attrition_die_and_records_the_face(host: User, game: Game) -> None:
    assert act(host, game, "attack", {"target": "objective"}, seat=0).status_code == 201
    for _ in range(3):
        assert act(host, game, "play_card", {"card": "Levy Spearman"}, seat=0).status_code == 201
    assert act(host, game, "pass", {}, seat=0).status_code == 201
    response = act(host, game, "roll_attrition", {}, seat=0, app_rolls=True)
    assert response.status_code == 201, response.json()
    face = response.json()["action"]["payload"]["roll"]
    assert face in ("blank", "skull", "two skulls")
    combat = response.json()["game"]["state"]["combat"]
    assert combat["rolls"] == [face]
    without = act(host, game, "roll_attrition", {}, seat=0)
    assert without.status_code == 400 and "payload.roll" in without.json()["errors"]


@pytest.mark.parametrize(
    ("type", "payload", "field"),
    [
        ("play_gold", {"value": "²"}, "payload.value"),
        ("play_gold", {"value": 10**30}, "payload.value"),
        ("keep", {"count": 10**30}, "payload.count"),
        ("take_damage", {"seat": 0, "amount": 10**30}, "payload.amount"),
        ("take_damage", {"seat": 9, "amount": 1}, "payload.seat"),
        ("attack", {"target": "\ud800"}, "payload.target"),
        ("buy", {"card": "Dragon"}, "payload.card"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    host: User, game: Game, type: str, payload: dict[str, Any], field: str
) -> None:
    response = act(host, game, type, payload, seat=0)
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"], response.json()
    assert Game.objects.get(pk=game.pk).version == 0


def test_a_typed_card_name_with_a_lone_surrogate_is_refused(host: User, game: Game) -> None:
    act(host, game, "attack", {"target": "realm:1"}, seat=0)
    response = act(host, game, "play_other", {"name": "\udfff", "strength": 2}, seat=0)
    assert response.status_code == 400
    assert "payload.name" in response.json()["errors"]


def _setup_with(cut: dict[str, Any]) -> dict[str, Any]:
    """The example setup (three players, four cities), its cards cut down as ``cut`` says:
    how many of the first races or cities stay, or which scenario's cards replace its own."""
    setup = RUNE_AGE.example_setup()
    cards = dict(setup["cards"])
    for part in ("races", "cities"):
        if part in cut:
            cards[part] = cards[part][: cut[part]]
    if "scenario" in cut:
        cards["scenarios"] = [scenario_to_json(DEMO.scenario(cut["scenario"]))]
        cards["neutrals"] = catalog_to_json(DEMO)["neutrals"]
    return {**setup, "cards": cards}


@pytest.mark.parametrize(
    ("cut", "field", "words"),
    [
        ({"cities": 2}, "setup.cities", "lay out 4 different neutral cities"),
        ({"races": 1}, "setup.players.1.race", "The race is one of"),
        ({"scenario": "monument"}, "setup.cards.scenarios", "hold no Resurgence"),
    ],
)
def test_a_setup_whose_cards_lack_what_it_needs_is_a_400_naming_the_field(
    host: User, cut: dict[str, Any], field: str, words: str
) -> None:
    """A setup sent whole is checked against its own cards: too few cities for the Variable
    Setup, a race the cards lack, a scenario they lack; never a 500."""
    body = {"system": "runeage", "setup": _setup_with(cut)}
    response = send(client_for(host), "post", GAMES, body)
    assert response.status_code == 400, response.content
    errors = response.json()["errors"]
    assert field in errors and words in errors[field][0], errors
    assert not Game.objects.exists()
