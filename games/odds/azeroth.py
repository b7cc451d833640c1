"""Azeroth at War odds for the REST API: request data in, response body out.

Each function reads ``data`` into the engine's types (``games.odds.requests``), answers with
the service (``games.odds.service``, which the Celery tasks call too) and turns a bad input of
any kind, including a contradiction only the engine can see, into the
``rest_framework.exceptions.ValidationError`` the API answers with a 400: its detail is
``{dotted.path: [messages]}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework import serializers

from referee.rules.errors import RulesError

from . import service
from .requests import Data, read_attack, read_blast, read_morale, read_spell

__all__ = [
    "attack_odds_response",
    "blast_odds_response",
    "morale_odds_response",
    "spell_odds_response",
]

Body = dict[str, Any]


def _answer(call: Callable[[], Body]) -> Body:
    try:
        return call()
    except RulesError as error:
        raise serializers.ValidationError(service.problems_of(error)) from None


def attack_odds_response(data: Data) -> Body:
    """POST /api/azeroth/attack-odds/ as a function (4.4-4.6, 5.2, 7; A1-A9)."""
    return _answer(lambda: service.attack_odds(*read_attack(data)))


def morale_odds_response(data: Data) -> Body:
    """POST /api/azeroth/morale-odds/ as a function (10.1-10.3; A10, A11)."""
    return _answer(lambda: service.morale_odds(*read_morale(data)))


def spell_odds_response(data: Data) -> Body:
    """POST /api/azeroth/spell-odds/ as a function (8.3, 8.5, 8.6)."""
    return _answer(lambda: service.spell_odds(read_spell(data)))


def blast_odds_response(data: Data) -> Body:
    """POST /api/azeroth/blast-odds/ as a function (8.4)."""
    return _answer(lambda: service.blast_odds(read_blast(data)))
