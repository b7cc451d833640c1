"""Fixtures for the API contract tests."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.api.helpers import post_json


@pytest.fixture
def post(client: Client):
    """post(url, body) -> (status, decoded JSON body)."""

    def send(url: str, body: Any) -> tuple[int, Any]:
        response = post_json(client, url, body)
        return response.status_code, response.json()

    return send
