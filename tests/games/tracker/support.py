"""Named roles and a ready AZRAH game for the tracker's service, API and page tests."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game, Seat
from games.tracker.apply import Applied, game_apply
from games.tracker.lifecycle import create_game, join, watch
from referee.rules.azrah.system import AZRAH
from tests.rules.tracker.azrah_game import CARDED

PASSWORD = "correct horse battery"
# Ana (seat 0) v Ben (seat 1), each Guardian with its card: a new game carries them
AZRAH_SETUP: dict[str, Any] = AZRAH.setup_to_json(CARDED)


def user(name: str) -> User:
    return User.objects.create_user(name, password=PASSWORD)


@pytest.fixture
def host(db: None) -> User:
    return user("hostess")


@pytest.fixture
def player(db: None) -> User:
    """Sits at seat 1 (Ben)."""
    return user("benny")


@pytest.fixture
def spectator(db: None) -> User:
    return user("watcher")


@pytest.fixture
def outsider(db: None) -> User:
    return user("stranger")


@pytest.fixture
def game(host: User, player: User, spectator: User) -> Game:
    """An AZRAH game hosted by ``host``, ``player`` at seat 1, ``spectator`` watching."""
    created = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    join(created, player, created.join_token, 1)
    watch(created, spectator, created.watch_token)
    return Game.objects.get(pk=created.pk)


def record(
    game: Game, user: User, type: str, payload: dict[str, Any], seat: int | None = None
) -> Applied:
    """One action, recorded as any server process records it, against the game's version as
    it is read now."""
    row = Game.objects.get(pk=game.pk)
    return game_apply(
        game=row, user=user, type=type, payload=payload, expected_version=row.version, seat=seat
    )


def free_seat(game: Game, index: int) -> None:
    """The seat's account no longer acts for it: no page does this, but an operator editing
    the database can, and every check of who sits where must then see it at once."""
    Seat.objects.filter(game=game, index=index).update(user=None)


def client_for(account: User | None) -> Client:
    client = Client()
    if account is not None:
        client.force_login(account)
    return client


def send(client: Client, method: str, url: str, body: Any = None, **extra: Any) -> Any:
    kwargs: dict[str, Any] = dict(extra)
    if body is not None:
        kwargs["data"] = json.dumps(body)
        kwargs["content_type"] = "application/json"
    return getattr(client, method)(url, **kwargs)


@pytest.fixture
def rosters(host: User) -> dict[str, Any]:
    """Two legal AZRAH rosters and one illegal one, saved by ``host`` (starter catalog)."""
    from games.lists.service import save_list
    from tests.lists.support import load_starter
    from tests.lists.support import payload as list_payload

    load_starter("azrah")
    return {
        "dawn": save_list(owner=host, system="azrah", name="Dawn", payload=list_payload("azrah")),
        "dusk": save_list(owner=host, system="azrah", name="Dusk", payload=list_payload("azrah")),
        "short": save_list(
            owner=host, system="azrah", name="Short", payload=list_payload("azrah", legal=False)
        ),
    }
