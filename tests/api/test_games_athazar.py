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
from games.tracker import service
from referee.rules.athazar.tracker import ATHAZAR, OVER
from tests.games.tracker.support import client_for, send
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
    service.CACHE.clear()
    rng = randoms(data)
    players = data.draw(st.integers(2, 5), label="players")
    host, _ = User.objects.get_or_create(username="hostess")
    setup = {"players": list(NAMES[:players]), "dealer": rng.randrange(players)}
    created = service.create_game(host=host, system="athazar", name="Table", setup=setup)
    client = client_for(host)
    for _ in range(data.draw(st.integers(1, 60), label="steps")):
        state = service.derived(Game.objects.get(pk=created.pk)).state
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
        response = send(client, "post", f"{GAMES}{created.pk}/actions/", body)
        assert response.status_code == 201, response.json()
    document = client.get(f"{GAMES}{created.pk}/export/").json()
    assert "partial" not in document or document["partial"] is False
    response = send(client, "post", f"{GAMES}import/", document)
    assert response.status_code == 201, response.json()
    copy = service.derived(Game.objects.get(pk=response.json()["id"]))
    original = service.derived(Game.objects.get(pk=created.pk))
    assert copy.state == original.state
    assert copy.history == original.history
    for viewer in (None, *range(players)):
        assert ATHAZAR.view(copy.state, viewer) == ATHAZAR.view(original.state, viewer)


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
    created = service.create_game(
        host=host, system="athazar", name="Table", setup=ATHAZAR.example_setup()
    )
    client = client_for(host)
    for seat in range(3):
        body: dict[str, Any] = {"system": "athazar", "type": "pass_cards", "payload": {"count": 1}}
        body |= {"version": seat, "seat": seat}
        assert send(client, "post", f"{GAMES}{created.pk}/actions/", body).status_code == 201
    body = {"system": "athazar", "type": "kill", "payload": payload, "version": 3, "seat": 1}
    response = send(client, "post", f"{GAMES}{created.pk}/actions/", body)
    assert response.status_code == 400, response.json()
    assert field in response.json()["errors"], response.json()
