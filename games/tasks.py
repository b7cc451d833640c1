"""Celery tasks: the batch checks and the daily clean-ups. A game's own tasks are in its
package (``games/systems/<slug>/tasks.py``), found by the Celery app's autodiscovery.

A task takes plain data, calls the same service the pages and the API call and records
nothing of HTTP. Services the Celery app does not need are imported inside the task body, so
that loading the tasks loads no more than the Celery app needs.
"""

from __future__ import annotations

from games.batches.service import CHECK_BATCH_TASK, purge_old_batches, run_batch
from referee.celery import app


@app.task(
    name=CHECK_BATCH_TASK,
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
