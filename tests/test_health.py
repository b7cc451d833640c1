"""GET /healthz reports whether the database answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client

pytestmark = pytest.mark.django_db


def test_it_answers_ok_when_the_database_answers(client: Client) -> None:
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
