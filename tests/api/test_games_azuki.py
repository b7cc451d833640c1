"""The game tracker's API for Azuki TCG: a new game's setup follows the deck rules but for the
size (Deck Composition, Elements; K1-K3, R150), an imported one still replays, and a draw ends
the game so that every seat exports it whole (R149).

Roles: the ``host`` (created the game, at no seat), ``ana`` (seat 0), ``ben`` (seat 1) and a
``spectator`` (opened the watch link)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.lifecycle import create_game, join, watch
from referee.rules.azuki.system import AZUKI
from tests.api.helpers import assert_bad_request
from tests.games.tracker.support import client_for, user
from tests.games.tracker.support import send as send_json

GAMES = "/api/games/"


@pytest.fixture
def people(db: None) -> dict[str, User]:
    return {name: user(name) for name in ("hostess", "ana", "benny", "watcher")}


def create(account: User, setup: dict[str, Any]) -> Any:
    body = {"system": "azuki", "name": "Ana v Ben", "setup": setup}
    return send_json(client_for(account), "post", GAMES, body)


def test_the_example_setup_starts_a_game(people: dict[str, User]) -> None:
    assert create(people["hostess"], AZUKI.example_setup()).status_code == 201


def _fifth_copy(setup: dict[str, Any]) -> str:
    deck = setup["players"][0]["deck"]
    deck[0]["count"], deck[1]["count"] = 5, 3  # still 50 cards, one card 5 times
    return "setup.players.0.deck.0.count"


def _water_card(setup: dict[str, Any]) -> str:
    deck = setup["players"][1]["deck"]
    deck[3] = {**deck[3], "element": "water"}  # under a Fire Leader
    return "setup.players.1.deck.3.element"


def _neutral_gate(setup: dict[str, Any]) -> str:
    setup["players"][0]["gate"]["element"] = "neutral"  # K2: never legal
    return "setup.players.0.gate.element"


@pytest.mark.parametrize("spoil", [_fifth_copy, _water_card, _neutral_gate])
def test_a_setup_a_saved_deck_would_fail_is_refused_naming_the_field(
    people: dict[str, User], spoil: Any
) -> None:
    setup = copy.deepcopy(AZUKI.example_setup())
    field = spoil(setup)
    response = create(people["hostess"], setup)
    body = response.json()
    assert_bad_request(response.status_code, body, field)
    assert not Game.objects.exists()


def test_every_problem_of_a_setup_is_named_at_once(people: dict[str, User]) -> None:
    setup = copy.deepcopy(AZUKI.example_setup())
    fields = [spoil(setup) for spoil in (_fifth_copy, _water_card, _neutral_gate)]
    response = create(people["hostess"], setup)
    assert_bad_request(response.status_code, response.json(), *fields)


def test_a_practice_deck_is_still_allowed_r150(people: dict[str, User]) -> None:
    setup = copy.deepcopy(AZUKI.example_setup())
    setup["players"][0]["deck"] = setup["players"][0]["deck"][:3]  # 12 cards
    assert create(people["hostess"], setup).status_code == 201


def test_an_imported_game_with_such_a_deck_still_replays(people: dict[str, User]) -> None:
    """check_new_setup is for new games: a stored game made before it must still open."""
    host = people["hostess"]
    setup = copy.deepcopy(AZUKI.example_setup())
    _fifth_copy(setup)
    _neutral_gate(setup)
    stored = create_game(host=host, system="azuki", name="Old", setup=setup, new=False)
    document = client_for(host).get(f"{GAMES}{stored.pk}/export/").json()
    assert document["partial"] is False
    response = send_json(client_for(host), "post", f"{GAMES}import/", document)
    assert response.status_code == 201, response.json()


# --- a draw ----------------------------------------------------------------------------------


def _act(game: Game, account: User, type: str, **payload: Any) -> None:
    version = Game.objects.get(pk=game.pk).version
    body = {"system": "azuki", "type": type, "payload": payload, "version": version}
    response = send_json(client_for(account), "post", f"{GAMES}{game.pk}/actions/", body)
    assert response.status_code == 201, response.json()


def _legal(account: User, game: Game, type: str) -> dict[str, Any]:
    state = send_json(client_for(account), "get", f"{GAMES}{game.pk}/").json()
    (entry,) = [a for a in state["legal_actions"] if a["type"] == type]
    return dict(entry["payload"])


def test_both_leaders_at_0_at_once_ends_the_game_and_every_seat_exports_it_whole_r149(
    people: dict[str, User],
) -> None:
    host, ana, ben = people["hostess"], people["ana"], people["benny"]
    created = create_game(host=host, system="azuki", name="Ana v Ben", setup=AZUKI.example_setup())
    join(created, ana, created.join_token, 0)
    join(created, ben, created.join_token, 1)
    watch(created, people["watcher"], created.watch_token)
    game = Game.objects.get(pk=created.pk)
    _act(game, ana, "keep_hand")
    _act(game, ben, "keep_hand")
    _act(game, ana, "adjust_stats", seat=0, target="leader", attack=2, lasting=True)
    _act(game, ana, "end_turn")
    _act(game, ben, "play_weapon", card="AZK-033", bearer="leader", use_token=True)  # Attack 1
    _act(game, ben, "deal_damage", seat=0, target="leader", amount=19)
    _act(game, ben, "deal_damage", seat=1, target="leader", amount=18)
    _act(game, ben, "attack", attacker="leader", target="leader")
    _act(game, ben, "continue_combat", step="when_attacking")
    _act(game, ana, "continue_combat", step="response")
    _act(game, ana, "continue_combat", step="defender")
    _act(game, ben, "resolve_damage", **_legal(ben, game, "resolve_damage"))
    for account in (host, ana, ben, people["watcher"]):
        state = send_json(client_for(account), "get", f"{GAMES}{game.pk}/").json()
        assert state["finished"] is True, state
        assert state["state"]["over"] is True and state["state"]["winner"] is None
        assert "draw" in state["state"]["reason"]
    for account in (host, ana, ben):
        exported = client_for(account).get(f"{GAMES}{game.pk}/export/")
        assert exported.status_code == 200
        document = exported.json()
        assert document["partial"] is False, document.get("partial_reason")
        assert len(document["log"]) == Game.objects.get(pk=game.pk).version
    assert Game.objects.get(pk=game.pk).finished
