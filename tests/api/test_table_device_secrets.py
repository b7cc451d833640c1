"""The table's shared device (the host at no seat) is told no seat's secret through the API:
its state, legal actions and log are the same whatever a player entered in their private
hand. Found by probing: at Deaths of Athazar the host's ``legal_actions`` carried Ana's
whole entered hand (``drop_card`` choices, her hand-based kills) at all times."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import client_for, send
from tests.games.tracker.support import user as new_user

HANDS = {
    "seven": ["Assassin", "Sailor", "Brawler", "Archer", "Renegade", "Merchant", "Djinn"],
    "six": ["Wiseman", "Prince", "Sorcerer", "Hunter", "Warrior 8", "Magician"],
}


def _game(hand: list[str]) -> tuple[User, Game]:
    host = new_user(f"host-{len(hand)}")
    ana = new_user(f"ana-{len(hand)}")
    setup = {"players": ["Ana", "Ben", "Cy"], "dealer": 2}
    game = create_game(host=host, system="athazar", name="Table", setup=setup)
    join(game, ana, game.join_token, 0)
    body = {"system": "athazar", "type": "enter_hand", "payload": {"cards": hand}, "version": 0}
    response = send(client_for(ana), "post", f"/api/games/{game.pk}/actions/", body)
    assert response.status_code == 201, response.json()
    return host, game


def _seen(host: User, game: Game) -> dict[str, Any]:
    client = client_for(host)
    body: dict[str, Any] = client.get(f"/api/games/{game.pk}/").json()
    for key in ("id", "url"):
        body.pop(key)
    log = client.get(f"/api/games/{game.pk}/log/").json()
    body["log"] = [{k: v for k, v in entry.items() if k != "at"} for entry in log["entries"]]
    return body


@pytest.mark.django_db
def test_the_table_devices_state_is_the_same_whatever_a_hand_holds() -> None:
    seen = [_seen(*_game(hand)) for hand in HANDS.values()]
    assert seen[0] == seen[1]
    kinds = {legal["type"] for legal in seen[0]["legal_actions"]}
    assert not kinds & {"add_card", "drop_card", "enter_hand", "forget_hand"}
    assert seen[0]["legal_actions"], "the table device still acts for every seat"


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["add_card", "batch"])
def test_the_table_device_may_not_edit_a_players_hand(kind: str) -> None:
    """A hand is its player's private note: the table's device editing it for a seat is
    refused, and alike whether that hand is full (it learns nothing from the refusal)."""
    answers = []
    for hand in HANDS.values():
        host, game = _game(hand)
        add = {"type": "add_card", "payload": {"card": "Sailor"}}
        payload = add["payload"] if kind == "add_card" else {"actions": [add]}
        body = {"system": "athazar", "type": kind, "payload": payload, "version": 1, "seat": 0}
        response = send(client_for(host), "post", f"/api/games/{game.pk}/actions/", body)
        answers.append((response.status_code, response.json()))
    assert answers[0] == answers[1]
    assert answers[0][0] == 403
    assert "Ana's own private notes" in answers[0][1]["detail"]
