"""Contract tests for the catalog endpoints: browse, search, export and (staff) import."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given, settings

from games.catalogs import export_catalog
from games.catalogs.service import find_catalog
from games.models import Catalog
from games.registry import starter_catalog
from games.systems.azeroth.models import Unit
from games.systems.azuki.models import Card
from tests.api.helpers import assert_bad_request, assert_matches_schema, mutated
from tests.profiles import examples

LIST_URL = "/api/catalogs/"
IMPORT_URL = "/api/catalogs/import/"
AZEROTH = "/api/catalogs/azeroth/starter/1.0/"


@pytest.fixture
def starter(db: None) -> None:
    call_command("load_starter_data", verbosity=0)


def get(client: Client, url: str) -> tuple[int, Any]:
    response = client.get(url)
    return response.status_code, response.json()


def new_version(system: str, version: str) -> dict[str, Any]:
    data: dict[str, Any] = export_catalog(find_catalog(system, "starter"))
    data["version"] = version
    return data


def send_import(client: Client, body: Any, query: str = "") -> tuple[int, Any]:
    response = client.post(IMPORT_URL + query, json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


@pytest.fixture
def staff(starter: None, client: Client) -> Client:
    user = get_user_model().objects.create_user("organiser", password="pw", is_staff=True)
    client.force_login(user)
    return client


# --- Browse ---------------------------------------------------------------------------------


def test_it_lists_every_catalog_with_what_it_holds(starter, client: Client):
    status, body = get(client, LIST_URL)
    assert status == 200
    assert_matches_schema(body, "CatalogList")
    assert body["count"] == 4
    by_system = {c["system"]: c for c in body["results"]}
    assert by_system["azeroth"]["counts"] == {"factions": 2, "units": 22}
    assert by_system["azuki"]["counts"] == {"cards": 29}
    assert by_system["azrah"]["counts"] == {"guardians": 19, "shared_cards": 4}
    assert by_system["runeage"]["counts"] == {"races": 4, "scenarios": 4}
    assert all(c["demo"] is True for c in body["results"])
    assert by_system["azeroth"]["url"].endswith(AZEROTH)


def test_it_filters_by_system_and_rejects_an_unknown_one(starter, client: Client):
    status, body = get(client, LIST_URL + "?system=azuki")
    assert status == 200 and [c["system"] for c in body["results"]] == ["azuki"]
    assert_bad_request(*get(client, LIST_URL + "?system=chess"), "system")
    assert_bad_request(*get(client, LIST_URL + "?sistem=azuki"), "sistem")


def test_the_detail_shows_versions_factions_and_links(starter, client: Client):
    status, body = get(client, AZEROTH)
    assert status == 200
    assert_matches_schema(body, "CatalogDetail")
    assert body["versions"] == ["1.0"]
    horde = next(f for f in body["factions"] if f["slug"] == "horde")
    assert horde["composition"]["skirmish"]["hero"] == {"min": 1, "max": 1}
    assert body["entries_url"].endswith(AZEROTH + "entries/")
    assert body["export_url"].endswith("?format=export")


def test_the_catalog_without_a_version_is_its_newest(starter, client: Client):
    from games.catalogs import import_catalog

    import_catalog(new_version("azeroth", "1.10"))
    import_catalog(new_version("azeroth", "1.9"))
    status, body = get(client, "/api/catalogs/azeroth/starter/")
    assert status == 200
    assert body["version"] == "1.10"
    assert body["versions"] == ["1.10", "1.9", "1.0"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/catalogs/azeroth/core/",
        "/api/catalogs/azeroth/starter/9.9/",
        "/api/catalogs/chess/starter/1.0/",
        "/api/catalogs/azuki/starter/2.0/entries/",
    ],
)
def test_an_unknown_catalog_is_a_404(starter, client: Client, url):
    status, body = get(client, url)
    assert status == 404 and "catalog" in body["detail"]


def test_export_answers_the_import_file_as_a_download(starter, client: Client):
    response = client.get(AZEROTH + "?format=export")
    assert response.status_code == 200
    assert response["Content-Disposition"] == ('attachment; filename="azeroth-starter-1.0.json"')
    assert response.json() == export_catalog(find_catalog("azeroth", "starter", "1.0"))
    assert_bad_request(*get(client, AZEROTH + "?format=xml"), "format")


# --- Search --------------------------------------------------------------------------------


def test_search_finds_entries_by_name_or_id_in_any_case(starter, client: Client):
    status, body = get(client, "/api/catalogs/azuki/starter/1.0/entries/?q=CINDERWAKE")
    assert status == 200
    assert_matches_schema(body, "Entries")
    assert [card["id"] for card in body["results"]] == ["AZK-017", "AZK-041"]
    status, body = get(client, "/api/catalogs/azuki/starter/1.0/entries/?q=azk-00")
    assert body["count"] == 5


def test_search_filters_per_game(starter, client: Client):
    _, body = get(client, AZEROTH + "entries/?faction=alliance&tier=elite")
    assert [u["slug"] for u in body["results"]] == [
        "high-elf-ranger",
        "sorceress",
        "knight-champion",
    ]
    _, body = get(client, "/api/catalogs/azuki/starter/1.0/entries/?type=weapon&element=neutral")
    assert [c["id"] for c in body["results"]] == ["AZK-033"]
    _, body = get(client, "/api/catalogs/azrah/starter/1.0/entries/?type=transformation")
    assert [g["id"] for g in body["results"]] == ["AZR-019"]


def test_entries_come_in_the_import_files_shape(starter, client: Client):
    _, body = get(client, AZEROTH + "entries/?q=orc-grunt")
    exported = export_catalog(find_catalog("azeroth", "starter"))
    assert body["results"] == [u for u in exported["units"] if u["slug"] == "orc-grunt"]


def test_search_pages_with_limit_and_offset(starter, client: Client):
    _, first = get(client, AZEROTH + "entries/?limit=10")
    assert first["count"] == 22 and len(first["results"]) == 10 and first["previous"] is None
    _, last = get(
        client, first["next"].replace("http://testserver", "").replace("offset=10", "offset=20")
    )
    assert len(last["results"]) == 2 and last["next"] is None
    assert last["previous"] is not None


def test_a_search_with_no_match_suggests_names(starter, client: Client):
    _, body = get(client, AZEROTH + "entries/?q=Orc%20Grnt")
    assert body["count"] == 0 and body["suggestions"] == ["Orc Grunt"]


def test_every_bad_search_parameter_is_named_at_once(starter, client: Client):
    status, body = get(client, AZEROTH + "entries/?colour=red&element=fire&limit=0")
    assert_bad_request(status, body, "colour", "element", "limit")


@pytest.mark.parametrize(
    ("query", "paths"),
    [
        ("element=fire", ["element"]),
        ("tier=legend", ["tier"]),
        ("limit=0", ["limit"]),
        ("offset=-1", ["offset"]),
        ("colour=red", ["colour"]),
        ("q=a&q=b", ["q"]),
    ],
)
def test_a_bad_search_parameter_is_a_400_naming_it(starter, client: Client, query, paths):
    assert_bad_request(*get(client, AZEROTH + "entries/?" + query), *paths)


# --- Import --------------------------------------------------------------------------------


def test_anonymous_and_non_staff_users_may_not_import(starter, client: Client):
    status, body = send_import(client, new_version("azuki", "2.0"))
    assert status == 403 and body["detail"]
    user = get_user_model().objects.create_user("player", password="pw")
    client.force_login(user)
    assert send_import(client, new_version("azuki", "2.0"))[0] == 403
    assert not Catalog.objects.filter(version="2.0").exists()


def test_a_staff_user_imports_a_catalog(staff: Client):
    status, body = send_import(staff, new_version("azuki", "2.0"))
    assert status == 201
    assert_matches_schema(body, "CatalogSummary")
    assert (body["system"], body["version"], body["counts"]) == ("azuki", "2.0", {"cards": 29})
    status, detail = get(staff, "/api/catalogs/azuki/starter/2.0/")
    assert status == 200 and detail["versions"] == ["2.0", "1.0"]


def test_an_imported_version_is_refused_again_unless_replaced(staff: Client):
    data = new_version("azeroth", "1.0")
    status, body = send_import(staff, data)
    assert status == 400 and body["problems"][0]["field"] == "version"
    data["units"] = data["units"][:3]
    status, body = send_import(staff, data, "?replace=true")
    assert status == 201 and body["counts"]["units"] == 3
    assert_bad_request(*send_import(staff, data, "?replace=maybe"), "replace")


def test_a_bad_file_lists_every_problem_by_entry_and_field_and_writes_nothing(staff: Client):
    data = new_version("azeroth", "3.0")
    data["units"][0]["points"] = -5
    data["units"][1]["tiers"] = ["king"]
    del data["name"]
    before = Unit.objects.count()
    status, body = send_import(staff, data)
    assert status == 400
    assert_matches_schema(body, "ImportError")
    fields = {(p["entry"], p["field"]) for p in body["problems"]}
    assert ("catalog", "name") in fields
    assert any(entry.startswith("units[0]") and field == "points" for entry, field in fields)
    assert any(
        entry.startswith("units[1]") and field.startswith("tiers") for entry, field in fields
    )
    assert len(body["errors"]) == len(fields)
    assert "nothing was imported" in body["detail"]
    assert not Catalog.objects.filter(version="3.0").exists()
    assert Unit.objects.count() == before


@pytest.mark.parametrize("body", [[], "catalog", None, {"system": "chess"}])
def test_a_file_that_is_not_a_catalog_is_a_400(staff: Client, body):
    status, answer = send_import(staff, body)
    assert status == 400 and answer["problems"]


def test_malformed_json_is_a_400(staff: Client):
    response = staff.post(IMPORT_URL, "{nope", content_type="application/json")
    assert_bad_request(response.status_code, response.json(), "body")


def test_an_import_round_trips_an_export(staff: Client):
    exported = staff.get(AZEROTH + "?format=export").json()
    exported["version"] = "1.0.1"
    assert send_import(staff, exported)[0] == 201
    again = staff.get("/api/catalogs/azeroth/starter/1.0.1/?format=export").json()
    assert again == exported


def test_a_large_catalog_body_is_accepted_beyond_the_validation_cap(staff: Client):
    data = new_version("azuki", "4.0")
    data["description"] = "x" * 3000
    template = copy.deepcopy(data["cards"][10])
    for n in range(400):
        card = copy.deepcopy(template)
        card["id"] = f"BULK-{n}"
        card["text"] = "y" * 150
        data["cards"].append(card)
    assert len(json.dumps(data)) > 64 * 1024
    status, body = send_import(staff, data)
    assert status == 201 and body["counts"]["cards"] == 429


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(body=mutated(json.loads(starter_catalog("azuki").read_text())))
def test_a_mangled_catalog_file_is_never_a_500_and_a_refused_one_writes_nothing(staff, body):
    before = (Catalog.objects.count(), Card.objects.count())
    status, answer = send_import(staff, body, "?replace=false")
    assert status in (201, 400), answer
    if status == 400:
        assert_matches_schema(answer, "ImportError")
        assert answer["problems"]
        assert (Catalog.objects.count(), Card.objects.count()) == before
    else:
        assert_matches_schema(answer, "CatalogSummary")


def test_a_tool_imports_with_a_staff_token_and_is_refused_with_another(starter):
    from tests.tokens import token_for

    users = get_user_model().objects
    staff_token = token_for(users.create_user("bot", is_staff=True))
    player_token = token_for(users.create_user("fan"))
    body = json.dumps(new_version("azrah", "5.0"))
    tool = Client(enforce_csrf_checks=True)
    refused = tool.post(
        IMPORT_URL,
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {player_token}",
    )
    assert refused.status_code == 403
    done = tool.post(
        IMPORT_URL,
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {staff_token}",
    )
    assert done.status_code == 201, done.content
    assert done["Location"].endswith("/api/catalogs/azrah/starter/5.0/")
