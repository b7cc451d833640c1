"""A saved list takes its entries as text on update too (issue 10): PUT and PATCH read the
text as creation, the builders and the validate endpoints read it, and a text that cannot be
read is a 400 naming the field, with nothing changed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Catalog, SavedList
from tests.api.helpers import openapi_schema
from tests.lists.support import catalogs, owner, payload

__all__ = ["catalogs", "owner"]

LISTS = "/api/lists/"
ARMY_TEXT = (
    "# Azeroth at War army: Skirmish, 500 points\n# Faction: Horde\n2 Orc Grunt\n2 Orc Grnut\n"
)


def send(client: Client, method: str, url: str, body: Any) -> Any:
    response = getattr(client, method)(url, json.dumps(body), content_type="application/json")
    return response


@pytest.fixture
def as_owner(owner: User, catalogs: dict[str, Catalog]) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def army_url(as_owner: Client) -> str:
    body = {"system": "azeroth", "name": "Horde", "payload": payload("azeroth")}
    response = send(as_owner, "post", LISTS, body)
    assert response.status_code == 201
    return f"{LISTS}{response.json()['id']}/"


@pytest.mark.parametrize("method", ["put", "patch"])
def test_an_update_reads_the_text_as_creation_does(
    as_owner: Client, army_url: str, method: str
) -> None:
    created = send(as_owner, "post", LISTS, {"system": "azeroth", "name": "P", "text": ARMY_TEXT})
    response = send(as_owner, method, army_url, {"name": "Pasted", "text": ARMY_TEXT})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["problems"] == created.json()["problems"]
    assert "unknown_entry" in [p["code"] for p in body["problems"]]
    assert body["payload"] == created.json()["payload"]
    assert body["payload"]["battle_size"] == "skirmish"
    saved = SavedList.objects.get(pk=body["id"])
    assert (saved.name, saved.valid, saved.payload["battle_size"]) == ("Pasted", False, "skirmish")


@pytest.mark.parametrize("method", ["put", "patch"])
def test_a_text_that_cannot_be_read_is_a_400_naming_the_field_and_changes_nothing(
    as_owner: Client, army_url: str, method: str
) -> None:
    before = SavedList.objects.get()
    response = send(as_owner, method, army_url, {"name": "Pasted", "text": "2 Orc Grunt\n"})
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["battle_size"]
    after = SavedList.objects.get()
    assert (after.name, after.payload) == (before.name, before.payload)


@pytest.mark.parametrize("method", ["put", "patch"])
def test_an_update_gives_payload_or_text_not_both(
    as_owner: Client, army_url: str, method: str
) -> None:
    body = {"name": "X", "payload": payload("azeroth"), "text": ARMY_TEXT}
    response = send(as_owner, method, army_url, body)
    assert response.status_code == 400 and list(response.json()["errors"]) == ["payload"]


def test_a_text_too_long_is_a_400_naming_text(as_owner: Client, army_url: str) -> None:
    response = send(as_owner, "patch", army_url, {"text": "1 Orc Grunt\n" * 5000})
    assert response.status_code == 400 and "text" in response.json()["errors"]


def test_a_deck_is_patched_from_its_text_alone(
    as_owner: Client, catalogs: dict[str, Catalog]
) -> None:
    body = {"system": "azuki", "name": "Fire", "payload": payload("azuki")}
    url = f"{LISTS}{send(as_owner, 'post', LISTS, body).json()['id']}/"
    text = "Leader:\n1 AZK-001\nGate:\n1 AZK-003\nMain deck:\n4 AZK-010\n"
    response = send(as_owner, "patch", url, {"text": text})
    assert response.status_code == 200
    assert response.json()["name"] == "Fire"
    assert [p["code"] for p in response.json()["problems"]] == ["deck_size"]


@pytest.mark.parametrize("method", ["put", "patch"])
def test_a_body_over_the_cap_is_a_413_as_the_schema_says(
    as_owner: Client, army_url: str, method: str
) -> None:
    response = send(as_owner, method, army_url, {"name": "X", "text": "1 Orc Grunt\n" * 20_000})
    assert response.status_code == 413
    operation = openapi_schema()["paths"]["/api/lists/{id}/"][method]
    assert "413" in operation["responses"]
