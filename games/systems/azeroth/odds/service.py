"""Azeroth at War odds as a service: a request body in, the API's response body out.

The REST API (``responses``) and the Celery task (``games.systems.azeroth.tasks``) both answer
with these, so a queued calculation and a request never disagree. A body is plain JSON data,
read into the engine's types by ``requests`` and answered in the shapes of ``bodies``. A call
raises only the rules' own errors: ``InvalidInput`` keyed by the API's dotted paths
(``defender.def``, ``trigger.starting_wounds``) with each message as a sentence. Nothing here
knows HTTP or DRF.

No rule is computed here: every number in a body comes from the engine unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from games.errors import BODY
from referee.rules.azeroth import blast, combat, magic, morale
from referee.rules.errors import InvalidInput, RulesError

from . import bodies, requests
from .mapping import api_path
from .requests import Data

__all__ = ["attack_odds", "blast_odds", "morale_odds", "problems_of", "spell_odds"]

Body = dict[str, Any]
T = TypeVar("T")


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:]


def problems_of(error: RulesError, prefix: str = "") -> dict[str, list[str]]:
    """A rules error's problems as ``{API path: [sentences]}``; ``prefix`` places the engine's
    paths inside the request (the morale trigger's fields sit under ``trigger``)."""
    found = (
        error.problems if isinstance(error, InvalidInput) else {error.field or "": [error.message]}
    )
    problems: dict[str, list[str]] = {}
    for path, messages in found.items():
        target = problems.setdefault(api_path(path, prefix) or BODY, [])
        target.extend(_sentence(str(message)) for message in messages)
    return problems


def _engine(call: Callable[[], T], prefix: str = "") -> T:
    """Run an engine call; its errors come back as InvalidInput keyed by the API's paths."""
    try:
        return call()
    except RulesError as exc:
        raise InvalidInput(problems_of(exc, prefix)) from None


# --- Request bodies -> response bodies -----------------------------------------------------


def attack_odds(data: Data) -> Body:
    """POST /api/azeroth/attack-odds/ for a request body (4.4-4.6, 5.2, 7; A1-A9)."""
    attack, goal = requests.read_attack(data)
    odds = _engine(lambda: combat.attack_odds(attack))
    plan = _engine(lambda: combat.plan_attack(attack, goal)) if goal is not None else None
    return bodies.render(bodies.ATTACK, bodies.AttackAnswer(odds, plan))


def morale_odds(data: Data) -> Body:
    """POST /api/azeroth/morale-odds/ for a request body (10.1-10.3; A10, A11)."""
    test, trigger = requests.read_morale(data)
    odds = _engine(lambda: morale.morale_odds(test))
    must = None
    if trigger is not None:
        must = _engine(lambda: morale.must_test(trigger), prefix="trigger")
    return bodies.render(bodies.MORALE, bodies.MoraleAnswer(odds, must))


def spell_odds(data: Data) -> Body:
    """POST /api/azeroth/spell-odds/ for a request body (8.3, 8.5, 8.6)."""
    attempt = requests.read_spell(data)
    return bodies.render(bodies.SPELL, _engine(lambda: magic.spell_odds(attempt)))


def blast_odds(data: Data) -> Body:
    """POST /api/azeroth/blast-odds/ for a request body (8.4)."""
    request = requests.read_blast(data)
    return bodies.render(bodies.BLAST, _engine(lambda: blast.blast_odds(request)))
