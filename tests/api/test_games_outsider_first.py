"""Nothing before authorization: anyone not at a game is refused before the body of their
request is read, on every game endpoint of the API and of the pages, so the refusal is the
same whatever they send and tells them nothing about the game (not even its system).

Found by probing: an outsider posting to /actions/ with another system's name got 400 "This
game is AZRAH: War of Heralds: its actions say "azrah"", the body checked before access.

Roles: ``outsider`` (signed in, not at the game), ``spectator`` (watching, may not act)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from tests.games.tracker.support import client_for, game, host, outsider, player, spectator

__all__ = ["game", "host", "outsider", "player", "spectator"]

VALID = {"system": "azrah", "type": "pass_turn", "payload": {}, "version": 0}
BODIES: dict[str, Any] = {
    "valid": VALID,
    "another system": {**VALID, "system": "athazar"},
    "no type": {"system": "azrah", "version": 0},
    "not an object": [1, 2, 3],
    "a huge version": {**VALID, "version": 10**30},
    "undo": {"version": 0, "target": 1},
}
API_POSTS = ("actions/", "preview/", "undo/", "redo/", "links/")
PAGE_POSTS = ("act/", "preview/", "links/")


def post_json(client: Client, url: str, body: Any) -> tuple[int, bytes]:
    response = client.post(url, data=json.dumps(body), content_type="application/json")
    return response.status_code, response.content


@pytest.mark.parametrize("tail", API_POSTS)
def test_an_outsider_gets_the_same_403_whatever_the_body(
    game: Game, outsider: User, tail: str
) -> None:
    client = client_for(outsider)
    answers = {
        name: post_json(client, f"/api/games/{game.pk}/{tail}", body)
        for name, body in BODIES.items()
    }
    statuses = {name: answer[0] for name, answer in answers.items()}
    assert set(statuses.values()) == {403}, statuses
    assert len({answer[1] for answer in answers.values()}) == 1, answers
    assert b"azrah" not in answers["another system"][1].lower()
    assert b"AZRAH" not in answers["another system"][1]


@pytest.mark.parametrize("tail", ("actions/", "preview/", "undo/", "redo/"))
def test_a_spectator_is_refused_acting_before_the_body_is_read(
    game: Game, spectator: User, tail: str
) -> None:
    client = client_for(spectator)
    answers = {
        name: post_json(client, f"/api/games/{game.pk}/{tail}", body)
        for name, body in BODIES.items()
    }
    assert {answer[0] for answer in answers.values()} == {403}, answers
    assert len({answer[1] for answer in answers.values()}) == 1


@pytest.mark.parametrize("tail", ("", "log/", "export/", "links/"))
def test_an_outsider_reads_nothing(game: Game, outsider: User, tail: str) -> None:
    response = client_for(outsider).get(f"/api/games/{game.pk}/{tail}")
    assert response.status_code == 403
    assert b"azrah" not in response.content.lower()


@pytest.mark.parametrize("tail", PAGE_POSTS)
def test_the_pages_refuse_an_outsider_the_same_whatever_the_form(
    game: Game, outsider: User, tail: str
) -> None:
    client = client_for(outsider)
    forms = [
        {"type": "pass_turn", "version": "0"},
        {"type": "nonsense", "version": "x"},
        {},
        {"type": "undo", "target": "1", "version": "0", "link": "watch"},
    ]
    answers = [client.post(f"/games/{game.pk}/{tail}", data=form) for form in forms]
    assert {answer.status_code for answer in answers} == {403}
    assert len({_unstamped(answer.content) for answer in answers}) == 1


def _unstamped(page: bytes) -> bytes:
    """The page less what differs on every response (its CSP nonce and CSRF token)."""
    page = re.sub(rb'nonce="[^"]*"', b"", page)
    page = re.sub(rb'"X-CSRFToken": "[^"]*"', b"", page)
    return re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", page)
