"""The starter catalogs in the test database, for the batch tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.models import Catalog
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
