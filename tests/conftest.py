"""Suite-wide behaviour of the markers declared in pyproject.toml.

- ``browser``: needs Debian's Chromium. A missing browser is an error in every such test, never
  a skip: a suite that quietly drops its browser tests would pass without testing the pages.
  They run first, one after another on each worker, sharing the worker's one Chromium (the
  ``browser`` fixture, tests/chromium.py) and its one live server; each test opens its own
  browser contexts, so no test sees another's cookies or pages.
- ``real_worker``: needs a broker (CELERY_BROKER_URL). Without one these tests are deselected,
  and the terminal summary says so in one line; `.ci/run` sets the broker and runs them.
- ``postgres``: needs PostgreSQL (DATABASE_URL), for row locks under concurrent writers;
  deselected on SQLite the same way, and run by `.ci/run`'s second stage.

Hypothesis runs derandomized everywhere (tests/profiles.py), on CI and on a new user's machine
alike, without its per-example deadline or its too-slow check: speed is measured by the
scripts under bench/, never by a test. ``make fuzz`` explores with random seeds instead.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from playwright.sync_api import Browser

from tests import chromium, profiles
from tests.chromium import CHROMIUM_OF_THIS_WORKER

CHROMIUM = Path(chromium.CHROMIUM)

_deselected_key = pytest.StashKey[int]()

profiles.load()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    """Tests make many accounts; a deliberately slow password hash only slows them down.
    The browser tests sign in through the live server, which reads the same setting."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_throttles(settings: Any) -> None:
    """Each test starts with no request counted by the throttles: its counts are kept under a
    prefix of its own (a shared Redis cache may hold another worker's), and an in-memory cache
    is emptied."""
    settings.THROTTLE_KEY_PREFIX = f"throttle-test-{uuid.uuid4().hex}"
    default = caches["default"]
    if isinstance(default, LocMemCache):
        default.clear()


@pytest.fixture(autouse=True)
def _no_recent_pieces() -> None:
    """Each test starts with none of the table page's pieces kept in this process in front
    of the cache (``fragments.RECENT``), as it starts with the caches a test empties, and
    with no game's entries recorded at the table remembered (``selectors``)."""
    from games.templatetags.fragments import RECENT
    from games.tracker.selectors import forget_recorded_at_table

    RECENT.clear()
    forget_recorded_at_table()


def broker_url() -> str:
    return os.environ.get("CELERY_BROKER_URL", "").strip()


def on_postgres() -> bool:
    return os.environ.get("DATABASE_URL", "").strip().startswith(("postgres://", "postgresql://"))


@pytest.fixture
def browser() -> Browser:
    """The worker's Chromium, started by the first browser test and shared by the others."""
    return CHROMIUM_OF_THIS_WORKER.get()


def _is_browser_test(item: pytest.Item | None) -> bool:
    return item is not None and item.get_closest_marker("browser") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The browser tests first, together: each worker then starts Chromium once, and the
    # longest tests are not the last ones left when the other worker has finished.
    items.sort(key=lambda item: not _is_browser_test(item))
    if profiles.FUZZING:
        # `make fuzz` explores; the other tests give the same answer every time.
        examples_only = [item for item in items if _is_hypothesis_test(item)]
        config.hook.pytest_deselected(items=[i for i in items if i not in examples_only])
        items[:] = examples_only
    skipped_markers = [
        marker
        for marker, available in (("real_worker", bool(broker_url())), ("postgres", on_postgres()))
        if not available
    ]
    deselected = [
        item for item in items if any(item.get_closest_marker(m) for m in skipped_markers)
    ]
    if not deselected:
        return
    items[:] = [item for item in items if item not in deselected]
    config.hook.pytest_deselected(items=deselected)
    config.stash[_deselected_key] = len(deselected)


def _is_hypothesis_test(item: pytest.Item) -> bool:
    return bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") and not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} is missing: browser tests need Debian's Chromium "
            "(`make test` installs it; or run: apt-get install chromium).",
            pytrace=False,
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """Close the worker's Chromium once its browser tests are done, after the last one's own
    fixtures are torn down (its tabs closed, its database emptied)."""
    try:
        return (yield)
    finally:
        if not _is_browser_test(nextitem):
            CHROMIUM_OF_THIS_WORKER.close()


def pytest_sessionfinish(session: pytest.Session) -> None:
    CHROMIUM_OF_THIS_WORKER.close()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    count = terminalreporter.config.stash.get(_deselected_key, 0)
    if count:
        terminalreporter.write_line(
            f"note: {count} test(s) deselected: real_worker tests need CELERY_BROKER_URL and "
            "postgres tests need DATABASE_URL on PostgreSQL (.ci/run sets both and runs them)."
        )
