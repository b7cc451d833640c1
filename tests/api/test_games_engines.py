"""The game tracker's API where it shows what each engine says: every system's example setup
starts a game as it is, and the state lists each viewer's legal actions.

Roles: the ``host`` (created the game, at no seat), a ``player`` (seat 1, Ben), a
``spectator`` (opened the watch link) and an ``outsider``."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from games.registry import trackers
from games.tracker.current import CACHE, current_game
from games.tracker.lifecycle import create_game
from referee.rules.tracker import LegalAction
from tests.games.tracker.support import client_for, game, host, outsider, player, send, spectator
from tests.profiles import examples
from tests.rules.tracker.legal_play import filled, randoms

__all__ = ["game", "host", "outsider", "player", "spectator"]

GAMES = "/api/games/"


@pytest.mark.parametrize("slug", list(trackers()))
def test_every_systems_example_setup_starts_a_game_as_it_is(host: User, slug: str) -> None:
    systems = send(client_for(None), "get", f"{GAMES}systems/").json()["systems"]
    example = next(s for s in systems if s["slug"] == slug)["example_setup"]
    body = {"system": slug, "name": "Example", "setup": example}
    response = send(client_for(host), "post", GAMES, body)
    assert response.status_code == 201, response.json()


def _legal(game: Game, seat: int) -> list[Any]:
    current = current_game(game)
    return [a.to_json() for a in current.system.legal_actions(current.state, seat)]


def _state(account: User, game: Game) -> Any:
    response = send(client_for(account), "get", f"{GAMES}{game.pk}/")
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_player_gets_their_seats_legal_actions(game: Game, player: User) -> None:
    actions = _state(player, game)["legal_actions"]
    assert actions == _legal(game, 1)
    assert all(a["seat"] == 1 for a in actions)


def test_the_host_at_no_seat_gets_every_seats_legal_actions(game: Game, host: User) -> None:
    """As the table's device may take them: nothing naming a face-down card (R53)."""
    actions = _state(host, game)["legal_actions"]
    current = current_game(game)
    table = [
        a.to_json() for seat in (0, 1) for a in current.system.table_actions(current.state, seat)
    ]
    assert actions == table
    listed = json.dumps(actions)
    assert not any(name in listed for name in ("Sentinel", "Warden", "Mystic", "Ranger"))
    assert {json.dumps(a) for a in actions} <= {
        json.dumps(a) for a in _legal(game, 0) + _legal(game, 1)
    }
    assert actions, "Ana, the first player, may do something at the start"
    assert {a["seat"] for a in actions} <= {0, 1}


def test_a_spectator_gets_no_legal_actions(game: Game, spectator: User) -> None:
    assert _state(spectator, game)["legal_actions"] == []


def test_an_outsider_gets_no_state(game: Game, outsider: User) -> None:
    assert send(client_for(outsider), "get", f"{GAMES}{game.pk}/").status_code == 403


def test_every_action_answer_carries_the_senders_legal_actions(game: Game, player: User) -> None:
    body = {
        "system": game.system,
        "type": "deal_damage",
        "payload": {"seat": 0, "guardian": "Oracle", "amount": 1},
        "version": 0,
    }
    response = send(client_for(player), "post", f"{GAMES}{game.pk}/actions/", body)
    assert response.status_code == 201, response.json()
    assert response.json()["game"]["legal_actions"] == _legal(Game.objects.get(pk=game.pk), 1)


def _play_through_the_api(
    account: User, game: Game, seat: int, legal: LegalAction, rng: Any
) -> Any:
    body = {
        "system": game.system,
        "type": legal.type,
        "payload": filled(rng, legal),
        "version": Game.objects.get(pk=game.pk).version,
        "seat": seat,
    }
    return send(client_for(account), "post", f"{GAMES}{game.pk}/actions/", body)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted(trackers()))
@settings(
    max_examples=examples(4),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_every_action_the_table_is_offered_is_recorded_as_listed(
    slug: str, data: st.DataObject
) -> None:
    """Random play through the API from what the table's device (the host at no seat) is
    offered, each choice sometimes null, an empty list or an empty string where it allows
    one: nothing listed is refused."""
    CACHE.clear()
    rng = randoms(data)
    account, _ = User.objects.get_or_create(username="hostess")
    system = trackers()[slug]
    game = create_game(host=account, system=slug, name="Table", setup=system.example_setup())
    seats = range(len(system.seat_names(system.setup_from_json(system.example_setup()))))
    for _ in range(data.draw(st.integers(1, 30), label="steps")):
        state = current_game(Game.objects.get(pk=game.pk)).state
        offered = [a for seat in seats for a in system.table_actions(state, seat)]
        if not offered:
            break
        legal = rng.choice(offered)
        response = _play_through_the_api(account, game, legal.seat, legal, rng)
        assert response.status_code == 201, (legal, response.json())


@pytest.mark.django_db
def test_a_status_until_removed_is_recorded_as_listed(game: Game, player: User) -> None:
    """``apply_status`` with ``turns`` null (until removed), as the engine lists it."""
    state = current_game(game).state
    legal = next(
        a
        for a in trackers()["azrah"].legal_actions(state, 1)
        if a.type == "apply_status" and a.payload.get("turns", 0) is None
    )
    response = _play_through_the_api(player, game, 1, legal, Random(0))
    assert response.status_code == 201, response.json()
    statuses = response.json()["game"]["state"]["players"][legal.payload["seat"]]["front"]
    assert any(g["statuses"] == {legal.payload["status"]: None} for g in statuses)
