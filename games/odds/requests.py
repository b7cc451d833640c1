"""Azeroth at War odds requests read into the engine's types.

Each reader checks a decoded JSON body against the endpoint's request serializer (shape, JSON
types and the ranges in ``profiles.LIMITS``) and fills the engine's types through
``games.odds.mapping``, the one table of names shared with the page. A bad body raises
``InvalidInput`` keyed by the API's dotted paths, the rules' own error, so the REST API and
the Celery tasks handle every bad input the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from games.errors import BODY, flatten_errors
from referee.rules.azeroth.profiles import (
    Attack,
    Blast,
    Mode,
    MoraleTest,
    MoraleTrigger,
    NaturalRolls,
    Rulings,
    SpellAttempt,
)
from referee.rules.errors import InvalidInput

from . import mapping
from .serializers import (
    AttackOddsSerializer,
    BlastOddsSerializer,
    MoraleOddsSerializer,
    SpellOddsSerializer,
)

# A decoded JSON body: the readers take whatever arrived and refuse anything but an object.
Data = Mapping[str, Any] | list[Any] | str | int | float | bool | None


def _validated(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        kind = "a list" if isinstance(data, list) else _json_kind(data)
        raise InvalidInput({BODY: [f"Expected a JSON object, but got {kind}."]})
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        problems = flatten_errors(serializer.errors)
        raise InvalidInput(
            {path: [str(message) for message in messages] for path, messages in problems.items()}
        )
    return dict(serializer.validated_data)


def _json_kind(data: Any) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, int | float):
        return "a number"
    if isinstance(data, str):
        return "a string"
    return type(data).__name__


def _rulings(data: Mapping[str, Any] | None) -> Rulings:
    if not data:
        return Rulings()
    return Rulings(natural_rolls=NaturalRolls(data["natural_rolls"]))


def read_attack(data: Data) -> tuple[Attack, float | None]:
    """The engine's Attack for an attack-odds request, and its goal (or None)."""
    valid = _validated(AttackOddsSerializer, data)
    attacker = valid["attacker"]
    keywords = attacker.get("keywords")
    second, friendly = valid.get("second_target"), valid.get("friendly")
    attack = Attack(
        mode=Mode(valid["mode"]),
        attacker=mapping.attacker(
            mapping.from_api(attacker, mapping.ATTACKER),
            mapping.from_api(keywords, mapping.KEYWORDS) if keywords else None,
        ),
        defender=mapping.defender(mapping.from_api(valid["defender"], mapping.DEFENDER)),
        situation=mapping.situation(mapping.from_api(valid.get("situation"), mapping.SITUATION)),
        rulings=_rulings(valid.get("rulings")),
        second_target=(
            mapping.defender(mapping.from_api(second, mapping.DEFENDER)) if second else None
        ),
        friendly=(
            mapping.defender(mapping.from_api(friendly, mapping.DEFENDER)) if friendly else None
        ),
    )
    return attack, valid.get("goal")


def read_morale(data: Data) -> tuple[MoraleTest, MoraleTrigger | None]:
    """The engine's morale test for a morale-odds request, and its trigger (or None)."""
    valid = _validated(MoraleOddsSerializer, data)
    test = mapping.morale_test(mapping.from_api(valid, mapping.MORALE_TEST))
    trigger_data = valid.get("trigger")
    if trigger_data is None:
        return test, None
    trigger = mapping.morale_trigger(
        mapping.from_api(trigger_data, mapping.MORALE_TRIGGER),
        undead_or_mechanical=test.undead_or_mechanical,
    )
    return test, trigger


def read_spell(data: Data) -> SpellAttempt:
    """The engine's SpellAttempt for a spell-odds request."""
    valid = _validated(SpellOddsSerializer, data)
    return mapping.spell(mapping.from_api(valid, mapping.SPELL), _rulings(valid.get("rulings")))


def read_blast(data: Data) -> Blast:
    """The engine's Blast for a blast-odds request."""
    valid = _validated(BlastOddsSerializer, data)
    targets = (
        mapping.blast_target(mapping.from_api(target, mapping.BLAST_TARGET))
        for target in valid["targets"]
    )
    return mapping.blast(
        mapping.from_api(valid, mapping.BLAST), targets, _rulings(valid.get("rulings"))
    )
