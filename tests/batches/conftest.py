"""The starter catalogs in the test database, and a broker that does not answer, for the
batch tests."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from games.models import Catalog
from games.tasks import check_batch
from referee.celery import app
from tests.batches.samples import load_catalogs


@pytest.fixture(autouse=True)
def eager() -> Iterator[None]:
    """Run the task inline even when the environment names a broker (CI's second stage)."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def catalogs(db: None) -> dict[str, Catalog]:
    return load_catalogs()


@pytest.fixture(params=["refused", "silent"])
def dead_broker(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Tasks published to a Redis that refuses connections, or to one that accepts them and
    never answers, with the project's own broker options (timeouts, retries)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    if request.param == "silent":
        listener.listen(64)  # the kernel accepts connections; nothing ever answers
    else:
        listener.close()
    publish = check_batch.apply_async

    def to_dead_broker(*args: Any, **kwargs: Any) -> Any:
        with app.connection_for_write(f"redis://127.0.0.1:{port}/0") as connection:
            return publish(*args, **{**kwargs, "connection": connection})

    monkeypatch.setattr(check_batch, "apply_async", to_dead_broker)
    app.conf.task_always_eager = False
    yield request.param
    app.conf.task_always_eager = True  # as the autouse fixture had it
    listener.close()
