"""A task sent through the broker to a real Celery worker process comes back with the answer.

Runs only when CELERY_BROKER_URL names a broker (.ci/run points it at the local Redis).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.systems.azeroth.tasks import attack_odds
from referee.celery import app
from tests.test_tasks import MELEE_CHARGE

pytestmark = pytest.mark.real_worker

BASE_DIR = Path(__file__).resolve().parent.parent
PING_WAIT_SECONDS = 30.0
RESULT_WAIT_SECONDS = 30.0


@pytest.fixture
def queued() -> Iterator[None]:
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = False
    yield
    app.conf.task_always_eager = previous


def wait_for_ping(node: str, worker: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + PING_WAIT_SECONDS
    while time.monotonic() < deadline:
        if worker.poll() is not None:
            pytest.fail(f"the worker exited with {worker.returncode}:\n{log.read_text()}")
        if app.control.ping(destination=[node], timeout=0.5):
            return
    pytest.fail(f"no answer to a ping in {PING_WAIT_SECONDS:.0f} s:\n{log.read_text()}")


def stop(worker: subprocess.Popen[bytes]) -> None:
    worker.terminate()
    try:
        worker.wait(timeout=15)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait(timeout=15)


def test_a_real_worker_answers_attack_odds_like_the_api(queued: None, tmp_path: Path) -> None:
    # A queue and node name of our own, so no other worker on the same Redis takes the task.
    queue = f"referee-test-{uuid.uuid4().hex[:12]}"
    node = f"{queue}@localhost"
    log = tmp_path / "worker.log"
    env = {**os.environ, "CELERY_TASK_ALWAYS_EAGER": "0"}
    command = [
        sys.executable, "-m", "celery", "-A", "referee.celery", "worker",
        "--pool=solo", "--concurrency=1", "--without-gossip", "--without-mingle",
        "--loglevel=warning", f"--queues={queue}", f"--hostname={node}",
    ]  # fmt: skip
    with log.open("wb") as output:
        worker = subprocess.Popen(
            command, cwd=BASE_DIR, env=env, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_for_ping(node, worker, log)
        result = attack_odds.apply_async(args=(MELEE_CHARGE,), queue=queue)
        answer = result.get(timeout=RESULT_WAIT_SECONDS)
    finally:
        stop(worker)

    expected = attack_odds(MELEE_CHARGE)  # the same task, run in this process
    assert answer == expected
    assert answer["distribution"]
