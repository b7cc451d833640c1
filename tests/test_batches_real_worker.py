"""A batch job queued through the broker is checked by a real Celery worker process.

Runs only when CELERY_BROKER_URL names a broker (.ci/run points it at the local Redis, with
DATABASE_URL at the local PostgreSQL). The worker is a separate process, so it must read the
same committed rows as this test: the test commits for real (``transaction=True``) and the
worker is pointed at the test database pytest-django created (``test_<name>``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection

from games.batches.reading import read_upload
from games.batches.service import start_batch
from games.models import BatchJob
from referee.celery import app
from tests.batches.samples import SHORT_DECK, VALID_DECK, load_catalogs, zip_of
from tests.test_tasks_real_worker import stop, wait_for_ping

pytestmark = [pytest.mark.real_worker, pytest.mark.django_db(transaction=True)]

BASE_DIR = Path(__file__).resolve().parent.parent
DONE_WAIT_SECONDS = 60.0


def test_database_url() -> str:
    """DATABASE_URL naming the database this test process is using (pytest-django's copy)."""
    if connection.vendor != "postgresql":
        pytest.fail(
            "A real worker needs a database it can share with the tests: set DATABASE_URL to "
            "PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/test), as .ci/run does.",
            pytrace=False,
        )
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + str(connection.settings_dict["NAME"])))


test_database_url.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


@pytest.fixture
def queued() -> Iterator[None]:
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = previous


def test_a_real_worker_checks_a_batch_and_fills_its_rows(queued: None, tmp_path: Path) -> None:
    load_catalogs()
    queue = f"referee-test-{uuid.uuid4().hex[:12]}"
    node = f"{queue}@localhost"
    log = tmp_path / "worker.log"
    env = {**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0", "DATABASE_URL": test_database_url()}
    command = [
        sys.executable, "-m", "celery", "-A", "referee.celery", "worker",
        "--pool=solo", "--concurrency=1", "--without-gossip", "--without-mingle",
        "--loglevel=warning", f"--queues={queue}", f"--hostname={node}",
    ]  # fmt: skip
    lists = read_upload(
        zip_of({"alice.txt": VALID_DECK, "bob.txt": SHORT_DECK, "carol.txt": b"\xff"}), "azuki"
    )
    with log.open("wb") as output:
        worker = subprocess.Popen(
            command, cwd=BASE_DIR, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_for_ping(node, worker, log)
        job = start_batch(system="azuki", lists=lists, queue=queue)
        deadline = time.monotonic() + DONE_WAIT_SECONDS
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.status in (BatchJob.Status.DONE, BatchJob.Status.FAILED):
                break
            time.sleep(0.2)
        else:
            pytest.fail(f"the job is still {job.status} after {DONE_WAIT_SECONDS:.0f} s:\n"
                        f"{log.read_text()}")  # fmt: skip
    finally:
        stop(worker)

    assert job.status == BatchJob.Status.DONE, job.error
    assert job.done == job.total == 3
    assert [row["name"] for row in job.results] == ["alice.txt", "bob.txt", "carol.txt"]
    assert [row["valid"] for row in job.results] == [True, False, False]
    assert job.results[1]["first_code"] == "deck_size"
    assert "UTF-8" in job.results[2]["first_problem"]
