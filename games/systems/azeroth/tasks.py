"""Azeroth at War's Celery task: the attack odds the REST API answers, for callers that queue
their work (found by the Celery app's autodiscovery; its name stays ``games.attack_odds``).

The task takes plain data, calls the same service the API view calls (``odds.service``, which
raises only the rules' own errors) and records nothing of HTTP, so a queued calculation and an
HTTP request can never disagree. It loads nothing of DRF: the service reads the payload itself
(``odds.requests``) and answers in the shape of ``odds.bodies``. The service is imported
inside the task body, so that loading the tasks loads no more than the Celery app needs.
"""

from __future__ import annotations

import json
from typing import Any

from referee.celery import app


def _as_json(body: object) -> dict[str, Any]:
    """The body exactly as a JSON client reads it, whether the task ran eagerly or in a worker."""
    data: dict[str, Any] = json.loads(json.dumps(body))
    return data


@app.task(name="games.attack_odds")
def attack_odds(payload: dict[str, Any]) -> dict[str, Any]:
    """The answer POST /api/azeroth/attack-odds/ gives for ``payload``.

    A payload the API would refuse with a 400 gives a body of that shape,
    ``{"detail": ..., "errors": {field: [messages]}}``, rather than a failed task: the caller
    asked a question and gets the API's answer. Its shape and type problems are worded as the
    API words them. Numbers out of range are the engine's to find, once the shape is right,
    and are named in the engine's words (the API's serializer, which words them its own way,
    is DRF's).
    """
    from games.errors import bad_request_body
    from games.systems.azeroth.odds import service
    from referee.rules.errors import RulesError

    try:
        return _as_json(service.attack_odds(payload))
    except RulesError as error:
        return _as_json(bad_request_body(service.problems_of(error)))
