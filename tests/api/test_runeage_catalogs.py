"""Rune Age catalogs on the catalog endpoints (issue 13): listed, shown, searched, exported
and imported like every game's, its demonstration catalog labelled as such."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from games.catalogs import export_catalog
from games.catalogs.service import find_catalog
from games.models import Catalog
from tests.api.helpers import assert_bad_request, assert_matches_schema

RUNEAGE = "/api/catalogs/runeage/starter/1.0/"


@pytest.fixture
def starter(db: None) -> None:
    call_command("load_starter_data", verbosity=0)


def get(client: Client, url: str) -> tuple[int, Any]:
    response = client.get(url)
    return response.status_code, response.json()


def test_it_lists_the_rune_age_catalog_as_demonstration_content(starter, client: Client):
    status, body = get(client, "/api/catalogs/?system=runeage")
    assert status == 200
    assert_matches_schema(body, "CatalogList")
    (catalog,) = body["results"]
    assert catalog["system"] == "runeage" and catalog["demo"] is True
    assert catalog["counts"] == {"races": 4, "scenarios": 4}
    assert catalog["url"].endswith(RUNEAGE)


def test_the_detail_and_the_newest_version_answer(starter, client: Client):
    status, body = get(client, RUNEAGE)
    assert status == 200
    assert body["system"] == "runeage" and body["versions"] == ["1.0"]
    assert body["factions"] == []
    assert body["entries_url"].endswith(RUNEAGE + "entries/")
    assert get(client, "/api/catalogs/runeage/starter/")[1]["version"] == "1.0"


def test_export_answers_the_import_file(starter, client: Client):
    response = client.get(RUNEAGE + "?format=export")
    assert response.status_code == 200
    assert "runeage-starter-1.0.json" in response["Content-Disposition"]
    exported = response.json()
    assert_matches_schema(exported, "CatalogFile")
    assert exported == export_catalog(find_catalog("runeage", "starter"))
    assert [race["name"] for race in exported["races"]][:1] == ["Daqan Lords"]


def test_search_finds_races_and_filters_by_kind(starter, client: Client):
    status, body = get(client, RUNEAGE + "entries/?q=daqan")
    assert status == 200
    assert_matches_schema(body, "Entries")
    assert [(e["kind"], e["name"]) for e in body["results"]] == [("race", "Daqan Lords")]
    status, body = get(client, RUNEAGE + "entries/?type=scenario")
    assert status == 200 and body["count"] == 4
    assert "Runewars" in [e["name"] for e in body["results"]]
    assert_bad_request(*get(client, RUNEAGE + "entries/?type=dragon"), "type")
    assert_bad_request(*get(client, RUNEAGE + "entries/?tier=elite"), "tier")


def test_staff_import_a_new_version_and_a_bad_one_is_a_400(starter, client: Client):
    user = get_user_model().objects.create_user("organiser", password="pw", is_staff=True)
    client.force_login(user)
    data = export_catalog(find_catalog("runeage", "starter")) | {"version": "1.1"}
    response = client.post("/api/catalogs/import/", json.dumps(data), "application/json")
    assert response.status_code == 201, response.json()
    assert response.json()["counts"] == {"races": 4, "scenarios": 4}
    bad = data | {"version": "1.2", "cities": [{"name": "Amberfield", "strength": -1}]}
    response = client.post("/api/catalogs/import/", json.dumps(bad), "application/json")
    assert response.status_code == 400
    assert any(key.startswith("cities[0]") for key in response.json()["errors"])
    assert not Catalog.objects.filter(system="runeage", version="1.2").exists()
