"""A batch whose worker is killed mid-batch (``kill -9``) does not hang: it finishes, or fails
saying where it stopped, within a minute.

Runs only in `.ci/run`'s second stage, with PostgreSQL and Redis, like the other real-worker
tests: the workers are separate processes reading the rows this test commits. Killed with
``kill -9``, a worker acknowledges nothing, so Redis hands the task back once it has been
unacknowledged for ``visibility_timeout`` (CELERY_BROKER_TRANSPORT_OPTIONS), and the next
worker takes the job over from its quiet heartbeat. A pool's child process killed the same way
is noticed by its parent at once, which hands the task back (``reject_on_worker_lost``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from django.test import Client
from psycopg import sql

from games.batches.service import start_batch
from games.models import BatchJob
from referee.celery import app
from tests.batches.samples import VALID_DECK, load_catalogs
from tests.test_batches_real_worker import test_database_url
from tests.test_tasks_real_worker import stop, wait_for_ping

pytestmark = [pytest.mark.real_worker, pytest.mark.django_db(transaction=True)]

BASE_DIR = Path(__file__).resolve().parent.parent
LISTS = 5_000  # the most one batch takes
FINISH_SECONDS = 60.0


@pytest.fixture
def queued() -> Iterator[None]:
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def queue() -> str:
    """A queue of this test's own, so no other worker on the same Redis takes its task."""
    return f"referee-test-{uuid.uuid4().hex[:12]}"


class Workers:
    """Celery worker processes on one queue, each logging to the same file, all stopped at the
    end."""

    def __init__(self, queue: str, log: Path) -> None:
        self.queue, self.log, self.started = queue, log, 0
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self, pool: str = "solo", *, ping: bool = True) -> subprocess.Popen[bytes]:
        """A worker; with ``ping``, once it answers one (a solo worker busy with a task does
        not answer)."""
        self.started += 1
        node = f"{self.queue}-{self.started}@localhost"
        env = {**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0", "DATABASE_URL": test_database_url()}
        command = [
            sys.executable, "-m", "celery", "-A", "referee.celery", "worker",
            f"--pool={pool}", "--concurrency=1", "--without-gossip", "--without-mingle",
            "--loglevel=warning", f"--queues={self.queue}", f"--hostname={node}",
        ]  # fmt: skip
        with self.log.open("ab") as output:
            worker = subprocess.Popen(
                command, cwd=BASE_DIR, env=env, stdout=output, stderr=subprocess.STDOUT
            )
        self.processes.append(worker)
        if ping:
            wait_for_ping(node, worker, self.log)
        return worker

    def stop_all(self) -> None:
        for worker in self.processes:
            if worker.poll() is None:
                stop(worker)


@pytest.fixture
def workers(queue: str, tmp_path: Path) -> Iterator[Workers]:
    started = Workers(queue, tmp_path / "workers.log")
    yield started
    started.stop_all()


def big_batch(queue: str) -> BatchJob:
    load_catalogs()
    lists = [{"name": f"Player {n}", "format": "text", "data": VALID_DECK} for n in range(LISTS)]
    return start_batch(system="azuki", lists=lists, queue=queue)


class Held:
    """The job's row, locked by a connection of the test's own while the worker checks it.

    A quiet machine checks a whole batch in well under a second, so a kill timed by watching
    the job's progress can land after it has finished. Holding the row makes the moment
    certain: the worker's next write (its progress, or its end) waits on the lock, so the
    worker is stopped mid-batch, however fast it checks, until it is killed. ``release``
    ends the stopped write's connection first, so the killed worker writes nothing more."""

    def __init__(self, job: BatchJob, log: Path) -> None:
        self.connection = psycopg.connect(test_database_url())
        table = sql.Identifier(BatchJob._meta.db_table)
        deadline = time.monotonic() + 60
        while True:  # once the worker has claimed the job, and before it has finished it
            row = self.connection.execute(
                sql.SQL("SELECT status, done FROM {} WHERE id = %s FOR UPDATE").format(table),
                [job.id],
            ).fetchone()
            assert row is not None
            status, self.done = row
            if status == BatchJob.Status.RUNNING:
                break
            self.connection.rollback()
            if status in (BatchJob.Status.DONE, BatchJob.Status.FAILED):
                pytest.fail(f"the job ended ({status}) before it could be held mid-batch")
            if time.monotonic() > deadline:
                pytest.fail(f"the job never got under way:\n{log.read_text()}")
            time.sleep(0.02)
        self.waiting = self._waiting_backend(log)

    def _waiting_backend(self, log: Path) -> int:
        """The worker's database connection, once it waits on the held row."""
        mine = self.connection.info.backend_pid
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            row = self.connection.execute(
                "SELECT pid FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))", [mine]
            ).fetchone()
            if row is not None:
                return int(row[0])
            time.sleep(0.02)
        pytest.fail(f"the worker never came back to write its progress:\n{log.read_text()}")

    def release(self) -> None:
        """End the killed worker's stopped write, then let the row go."""
        ended = self.connection.execute(
            "SELECT pg_terminate_backend(%s, 10000)", [self.waiting]
        ).fetchone()
        assert ended == (True,), "the killed worker's database connection did not end"
        self.connection.rollback()
        self.connection.close()


def child_of(worker: subprocess.Popen[bytes]) -> int:
    """The pool process a prefork worker runs its tasks in."""
    children = Path(f"/proc/{worker.pid}/task/{worker.pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def until_finished(job: BatchJob, since: float, log: Path) -> dict[str, object]:
    """Read the job as its page and the API do, until it is done or failed; its body, with how
    long that took since ``since`` under ``seconds``."""
    client = Client()
    while True:
        body: dict[str, object] = client.get(f"/api/batches/{job.id}/").json()
        seconds = time.monotonic() - since
        if body["status"] in ("done", "failed"):
            return {**body, "seconds": seconds}
        if seconds > FINISH_SECONDS:
            pytest.fail(
                f"still {body['status']} {body['done']}/{body['total']} after "
                f"{FINISH_SECONDS:.0f} s:\n{log.read_text()}"
            )
        time.sleep(0.5)


def test_a_batch_whose_worker_is_killed_is_finished_by_the_next_worker_within_a_minute(
    queued: None, queue: str, workers: Workers
) -> None:
    first = workers.start()
    job = big_batch(queue)
    held = Held(job, workers.log)

    os.kill(first.pid, signal.SIGKILL)
    killed = time.monotonic()
    first.wait(timeout=15)
    held.release()
    # A new worker, as a supervisor would start. It may be handed the job as soon as it is up,
    # and a solo worker busy with a task answers no ping: the job itself says when it is done.
    workers.start(ping=False)
    body = until_finished(job, killed, workers.log)

    print(f"\nkilled at {held.done}/{LISTS}; {body['status']} after {body['seconds']:.1f} s")
    assert body["status"] == "done", body["error"]
    assert body["done"] == body["total"] == LISTS
    assert body["valid_count"] == LISTS
    job.refresh_from_db()
    assert job.attempt == 2


def test_a_batch_whose_pool_process_is_killed_is_handed_back_and_finished(
    queued: None, queue: str, workers: Workers
) -> None:
    worker = workers.start(pool="prefork")
    job = big_batch(queue)
    held = Held(job, workers.log)

    os.kill(child_of(worker), signal.SIGKILL)
    killed = time.monotonic()
    held.release()
    body = until_finished(job, killed, workers.log)

    print(f"\nkilled at {held.done}/{LISTS}; {body['status']} after {body['seconds']:.1f} s")
    assert body["status"] == "done", body["error"]
    assert body["done"] == body["total"] == LISTS
    job.refresh_from_db()
    assert job.attempt == 2


def test_a_batch_whose_only_worker_is_killed_fails_saying_where_it_stopped(
    queued: None, queue: str, workers: Workers
) -> None:
    only = workers.start()
    job = big_batch(queue)
    held = Held(job, workers.log)

    os.kill(only.pid, signal.SIGKILL)
    killed = time.monotonic()
    only.wait(timeout=15)
    held.release()
    body = until_finished(job, killed, workers.log)  # no worker comes back

    print(f"\nkilled at {held.done}/{LISTS}; {body['status']} after {body['seconds']:.1f} s")
    assert body["status"] == "failed"
    error = str(body["error"])
    assert "The worker checking this batch stopped answering after" in error
    assert "Check again to start over." in error
