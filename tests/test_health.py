"""GET /healthz reports whether the database answers, and the broker and the cache when the
site is configured with them."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client
from pytest_django.fixtures import Settings

from games.views import health
from referee.celery import app
from tests.conftest import broker_url

pytestmark = pytest.mark.django_db


def closed_port() -> int:
    """A local port nothing listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture
def inline_tasks() -> Iterator[None]:
    """No broker: tasks run inline, as on the embedded defaults (even when CI names one)."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def broker(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tasks go to a broker, as with CELERY_BROKER_URL set: ``"down"`` (nothing listens on its
    port) or ``"up"`` (the one CELERY_BROKER_URL names). Celery reads CELERY_BROKER_URL from the
    environment before its own settings, but the broker it writes to may be set apart."""
    url = broker_url() if request.param == "up" else f"redis://127.0.0.1:{closed_port()}/0"
    previous = app.conf.task_always_eager, app.conf.get("broker_write_url")
    app.conf.task_always_eager, app.conf["broker_write_url"] = False, url
    yield
    app.conf.task_always_eager, app.conf["broker_write_url"] = previous


def test_it_answers_ok_when_the_database_answers(client: Client, inline_tasks: None) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_it_answers_503_with_a_readable_body_when_the_database_fails(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    # execute_wrapper sits between Django and the real database driver: the query is refused
    # the way a dropped connection refuses it, without touching the view.
    def refuse(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
        raise OperationalError("connection to server at 127.0.0.1 refused")

    with connection.execute_wrapper(refuse):
        response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["database"] == "error"
    assert "database did not answer" in body["detail"]
    assert "127.0.0.1" not in response.content.decode(), "the error's details stay in the log"
    assert "connection to server at 127.0.0.1 refused" in caplog.text


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete", "head", "options"])
def test_it_only_answers_get(client: Client, method: str) -> None:
    response = getattr(client, method)("/healthz")

    assert response.status_code == 405
    assert response["Allow"] == "GET"


@pytest.mark.parametrize("broker", ["down"], indirect=True)
def test_it_answers_503_naming_the_broker_when_the_broker_does_not_answer(
    client: Client, broker: None, caplog: pytest.LogCaptureFixture
) -> None:
    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert (body["status"], body["database"], body["broker"]) == ("error", "ok", "error")
    assert "broker did not answer, so batch checks cannot start" in body["detail"]
    assert "127.0.0.1" not in response.content.decode()
    assert "Health check: the broker did not answer" in caplog.text


@pytest.mark.real_worker
@pytest.mark.parametrize("broker", ["up"], indirect=True)
def test_it_answers_ok_with_the_broker_when_the_broker_answers(
    client: Client, broker: None
) -> None:
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok"}


def test_it_answers_503_naming_a_shared_cache_that_does_not_answer(
    client: Client, inline_tasks: None, settings: Settings
) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "referee.redis_cache.KeptClientRedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
        }
    }

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert (body["status"], body["database"], body["cache"]) == ("error", "ok", "error")
    assert "The cache did not answer" in body["detail"]


def test_a_cache_in_the_process_s_own_memory_is_not_asked(
    client: Client, inline_tasks: None
) -> None:
    assert "cache" not in client.get("/healthz").json()


class _CacheWithAnotherCheckInBetween:
    """A shared cache on which another worker's health check runs between this check's write
    and its read, as happens when a load balancer asks several workers at once."""

    def __init__(self) -> None:
        self.store: dict[str, object] = {}
        self.nested = False

    def set(self, key: str, value: object, timeout: int | None = None) -> None:
        self.store[key] = value
        if not self.nested:
            self.nested = True
            health._cache()
            self.nested = False

    def get(self, key: str) -> object:
        return self.store.get(key)

    def delete(self, key: str) -> None:
        self.store.pop(key, None)


def test_checks_running_at_once_do_not_read_each_other_s_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shared = _CacheWithAnotherCheckInBetween()
    monkeypatch.setattr(health, "cache", shared)

    health._cache()

    assert shared.store == {}, "each check removes the key it wrote"
