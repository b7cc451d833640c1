"""Deaths of Athazar through the API: random legal games of 2 to 5 players, hands entered
and undos among them, exported whole from the table's device and imported to the identical
game (the private hands included: the whole export holds every secret)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from games.tracker.current import CACHE, current_game
from games.tracker.lifecycle import create_game, join
from referee.rules.athazar.state import OVER
from referee.rules.athazar.system import ATHAZAR
from referee.rules.tracker import Action
from tests.games.tracker.support import client_for, send
from tests.games.tracker.test_noninterference_pages import normalised
from tests.profiles import examples
from tests.rules.athazar.athazar_game import NAMES
from tests.rules.athazar.test_tracker_properties import choose
from tests.rules.tracker.legal_play import filled, randoms

GAMES = "/api/games/"


@pytest.mark.django_db
@settings(
    max_examples=examples(6),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_game_replays_identically_after_export_and_import(data: st.DataObject) -> None:
    CACHE.clear()
    rng = randoms(data)
    players = data.draw(st.integers(2, 5), label="players")
    host, _ = User.objects.get_or_create(username="hostess")
    setup = {"players": list(NAMES[:players]), "dealer": rng.randrange(players)}
    created = create_game(host=host, system="athazar", name="Table", setup=setup)
    client = client_for(host)
    players_at: dict[int, Any] = {}
    for seat in range(players):  # a hand is entered on its player's own tablet (R179)
        account, _ = User.objects.get_or_create(username=f"player-{seat}")
        join(created, account, created.join_token, seat)
        players_at[seat] = client_for(account)
    for _ in range(data.draw(st.integers(1, 60), label="steps")):
        state = current_game(Game.objects.get(pk=created.pk)).state
        if state.phase == OVER:
            break
        version = Game.objects.get(pk=created.pk).version
        if version and rng.random() < 0.1:
            response = send(client, "post", f"{GAMES}{created.pk}/undo/", {"version": version})
            assert response.status_code == 201, response.json()
            continue
        legal = choose(rng, state, True)
        body = {
            "system": "athazar",
            "type": legal.type,
            "payload": filled(rng, legal),
            "version": version,
            "seat": legal.seat,
        }
        sender = players_at[legal.seat] if ATHAZAR.private_edit(_kind(legal.type)) else client
        response = send(sender, "post", f"{GAMES}{created.pk}/actions/", body)
        assert response.status_code == 201, response.json()
    document = client.get(f"{GAMES}{created.pk}/export/").json()
    assert "partial" not in document or document["partial"] is False
    response = send(client, "post", f"{GAMES}import/", document)
    assert response.status_code == 201, response.json()
    copy = current_game(Game.objects.get(pk=response.json()["id"]))
    original = current_game(Game.objects.get(pk=created.pk))
    assert copy.state == original.state
    assert copy.history == original.history
    for viewer in (None, *range(players)):
        assert ATHAZAR.view(copy.state, viewer) == ATHAZAR.view(original.state, viewer)


def _kind(type_: str) -> Action:
    return Action(1, type_)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"killer": "Warrior ²", "victim": "Sailor"}, "payload.killer"),
        ({"killer": "Warrior 99999999999999999999", "victim": "Sailor"}, "payload.killer"),
        ({"killer": "Assassin", "victim": "Dragon"}, "payload.victim"),
        ({"killer": "Assassin", "victim": "Princess"}, "payload.victim"),
        ({"killer": "Brawler", "victim": "Hunter"}, "payload.victim"),
        ({"killer": "Assassin"}, "payload.victim"),
        ({"killer": 7, "victim": "Sailor"}, "payload.killer"),
        ({"killer": "Princess", "victim": "Sailor", "as": "Warrior"}, "payload.as"),
    ],
)
def test_a_bad_kill_is_a_400_naming_the_field(payload: dict[str, object], field: str) -> None:
    host, _ = User.objects.get_or_create(username="hostess")
    created = create_game(host=host, system="athazar", name="Table", setup=ATHAZAR.example_setup())
    client = client_for(host)
    for seat in range(3):
        body: dict[str, Any] = {"system": "athazar", "type": "pass_cards", "payload": {"count": 1}}
        body |= {"version": seat, "seat": seat}
        assert send(client, "post", f"{GAMES}{created.pk}/actions/", body).status_code == 201
    body = {"system": "athazar", "type": "kill", "payload": payload, "version": 3, "seat": 1}
    response = send(client, "post", f"{GAMES}{created.pk}/actions/", body)
    assert response.status_code == 400, response.json()
    assert field in response.json()["errors"], response.json()


FULL = ["Sailor", "Renegade", "Assassin", "Hunter", "Merchant", "Wiseman", "Prince"]


def _scenario(cards: list[str]) -> tuple[Game, dict[int, Any]]:
    """Three players, Cleo dealing: Ana (seat 0) enters ``cards``; everyone passes; Ana
    enters a Renegade and does nothing; Ben plays a Prince (#7); Ana enters a Warrior 3
    (#8). Each seat sends its own actions from its own account, through the API."""
    host, _ = User.objects.get_or_create(username="hostess")
    setup = {"players": ["Ana", "Ben", "Cy"], "dealer": 2}
    created = create_game(host=host, system="athazar", name="Table", setup=setup)
    clients = {}
    for seat, name in enumerate(("anna", "benny", "cy")):
        account, _ = User.objects.get_or_create(username=name)
        join(created, account, created.join_token, seat)
        clients[seat] = client_for(account)
    steps: list[tuple[int, str, dict[str, Any]]] = [
        (0, "enter_hand", {"cards": cards}),
        (0, "pass_cards", {"count": 1, "card": "Sailor"}),
        (1, "pass_cards", {"count": 1}),
        (2, "pass_cards", {"count": 1}),
        (0, "add_card", {"card": "Renegade"}),
        (0, "skip_turn", {}),
        (1, "play_effect", {"card": "Prince"}),
        (0, "add_card", {"card": "Warrior 3"}),
    ]
    for version, (seat, kind, payload) in enumerate(steps):
        body = {"system": "athazar", "type": kind, "payload": payload, "version": version}
        response = send(clients[seat], "post", f"{GAMES}{created.pk}/actions/", body)
        assert response.status_code == 201, response.json()
    return Game.objects.get(pk=created.pk), clients


@pytest.mark.django_db
def test_bens_undo_answers_alike_whether_ana_entered_her_whole_hand() -> None:
    """Undoing Ben's Prince takes back the card Ana entered as a Warrior 3: with her whole
    hand entered it no longer fits. Ben's answer must not tell him so (R50, R177)."""
    answers = []
    games = []
    for cards in (FULL, FULL[:-1]):
        CACHE.clear()
        game, clients = _scenario(cards)
        games.append(game)
        # an undo has its own endpoint (the actions endpoint refuses the type)
        body = {"target": 7, "version": 8}
        response = send(clients[1], "post", f"{GAMES}{game.pk}/undo/", body)
        answers.append((response.status_code, response.content))
    (one_status, one_body), (two_status, two_body) = answers
    assert one_status == two_status == 201, (one_body, two_body)
    one = normalised(one_body, games).replace(str(games[0].pk), "<game>")
    two = normalised(two_body, games).replace(str(games[1].pk), "<game>")
    assert one == two
