"""Azeroth at War odds for the REST API: request data in, response body out.

Each function checks ``data`` with the endpoint's request serializer (shape, JSON types and the
ranges in ``profiles.LIMITS``, the checks the OpenAPI schema documents), answers the checked
body with the service (``service``, which the Celery tasks call too) and turns a bad
input of any kind, including a contradiction only the engine can see, into the
``rest_framework.exceptions.ValidationError`` the API answers with a 400: its detail is
``{dotted.path: [messages]}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rest_framework import serializers

from games.fields import flatten_errors
from referee.rules.errors import InvalidInput, RulesError

from . import service
from .requests import Data
from .serializers import (
    AttackOddsSerializer,
    BlastOddsSerializer,
    MoraleOddsSerializer,
    SpellOddsSerializer,
)

__all__ = [
    "attack_odds_response",
    "blast_odds_response",
    "morale_odds_response",
    "spell_odds_response",
]

Body = dict[str, Any]


def _answer(
    serializer_class: type[serializers.Serializer[Any]], data: Data, call: Callable[[Data], Body]
) -> Body:
    """``call``'s answer to ``data`` once the serializer has let it through (with its
    defaults filled in); a body that is not a JSON object is the service's to refuse."""
    try:
        if isinstance(data, Mapping):
            serializer = serializer_class(data=data)
            if not serializer.is_valid():
                raise InvalidInput(flatten_errors(serializer.errors))
            data = serializer.validated_data
        return call(data)
    except RulesError as error:
        raise serializers.ValidationError(service.problems_of(error)) from None


def attack_odds_response(data: Data) -> Body:
    """POST /api/azeroth/attack-odds/ as a function (4.4-4.6, 5.2, 7; A1-A9)."""
    return _answer(AttackOddsSerializer, data, service.attack_odds)


def morale_odds_response(data: Data) -> Body:
    """POST /api/azeroth/morale-odds/ as a function (10.1-10.3; A10, A11)."""
    return _answer(MoraleOddsSerializer, data, service.morale_odds)


def spell_odds_response(data: Data) -> Body:
    """POST /api/azeroth/spell-odds/ as a function (8.3, 8.5, 8.6)."""
    return _answer(SpellOddsSerializer, data, service.spell_odds)


def blast_odds_response(data: Data) -> Body:
    """POST /api/azeroth/blast-odds/ as a function (8.4)."""
    return _answer(BlastOddsSerializer, data, service.blast_odds)
