"""Celery tasks: the same calculations as the REST API, for callers that queue their work.

A task takes plain data, calls the same service the API view calls (the odds' ``service`` in
``games.systems.azeroth.odds``, which raises only the rules' own errors) and records nothing
of HTTP, so a queued calculation and an HTTP request can never disagree. The odds task loads
nothing of DRF: the service reads the payload itself (``requests``) and answers in the
shape of ``bodies``.
Services are imported inside each task body, so that loading the tasks loads no more than the
Celery app needs.
"""

from __future__ import annotations

import json
from typing import Any

from games.batches.service import purge_old_batches, run_batch
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


@app.task(
    name="games.check_batch",
    time_limit=900,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def check_batch(job_id: str) -> str:
    """Check every list of the BatchJob ``job_id`` (games.batches.service.run_batch) and
    return the job's final status.

    Acknowledged when it ends (``acks_late``), and handed back to the queue when its worker
    process dies (``reject_on_worker_lost``): a worker killed mid-batch loses no job, and the
    next one takes it over (run_batch waits for the lost worker's heartbeat to go quiet). The
    job's row holds its progress and results, so the task keeps no result: publishing it
    never waits on a result backend."""
    job = run_batch(job_id)
    return "missing" if job is None else str(job.status)


@app.task(name="games.purge_batches", ignore_result=False)
def purge_batches() -> int:
    """Delete the anonymous batches older than BATCH_RETENTION_DAYS (celery beat runs it
    daily; ``manage.py purge_batches`` does the same by hand); how many."""
    return purge_old_batches()


@app.task(name="games.purge_expired_tokens")
def purge_expired_tokens() -> int:
    """Delete every expired API token (celery beat runs it daily); how many."""
    from games import tokens  # it holds the API's token authentication, DRF and all

    return tokens.delete_expired()
