"""Request body limits: each one setting, enforced from the declared size before the body is
read, and answered with the JSON error body (413, naming the limit) on the API and a readable
page elsewhere.

Roles: an anonymous ``organiser`` (batches need no account), the game's ``host``, and a
``staff`` member importing catalogs.
"""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from pytest_django.fixtures import Settings as SettingsWrapper

from games.limits import most_json_values
from games.models import BatchJob, Game
from tests.api.helpers import assert_matches_schema
from tests.batches.samples import VALID_DECK, load_catalogs
from tests.games.tracker.support import client_for, game, host, player, send, spectator

__all__ = ["game", "host", "player", "spectator"]

pytestmark = pytest.mark.django_db

MiB = 1024 * 1024


class UnreadableBody:
    """A request body that fails the test if anything reads it."""

    def read(self, *args: Any) -> bytes:
        raise AssertionError("the body was read, though its declared size is over the limit")

    readline = read


def declaring(client: Client, url: str, size: int, content_type: str) -> Any:
    """POST to ``url`` a body that declares ``size`` bytes and may not be read."""
    environ: dict[str, Any] = {"wsgi.input": UnreadableBody(), "CONTENT_LENGTH": str(size)}
    return client.generic("POST", url, b"", content_type=content_type, **environ)


@pytest.fixture
def staff(db: None) -> User:
    return User.objects.create_user("quartermaster", password="x", is_staff=True)


# --- the API: 413 with the JSON error body naming the limit, before the body is read --------


@pytest.mark.parametrize(
    ("url", "setting", "content_type"),
    [
        ("/api/batches/", "BATCH_UPLOAD_MAX_BYTES", "application/json"),
        ("/api/batches/", "BATCH_UPLOAD_MAX_BYTES", "multipart/form-data; boundary=x"),
        ("/api/catalogs/import/", "CATALOG_UPLOAD_MAX_BYTES", "application/json"),
        ("/api/games/import/", "GAME_IMPORT_MAX_BYTES", "application/json"),
        ("/api/azeroth/attack-odds/", "API_BODY_MAX_BYTES", "application/json"),
        ("/api/lists/", "API_BODY_MAX_BYTES", "application/json"),
    ],
)
def test_a_body_over_its_endpoint_s_setting_is_a_413_naming_it_and_is_never_read(
    client: Client, settings: SettingsWrapper, url: str, setting: str, content_type: str
) -> None:
    setattr(settings, setting, 200 * 1024)

    response = declaring(client, url, 300 * 1024 * 1024, content_type)

    assert response.status_code == 413
    body = response.json()
    assert_matches_schema(body, "BadRequest")
    assert list(body["errors"]) == ["body"]
    assert "larger than 200 KiB" in body["detail"]
    assert setting in body["detail"]


def test_a_multipart_upload_of_300_mb_is_refused_before_its_body_is_read(client: Client) -> None:
    response = declaring(client, "/api/batches/", 300 * 1000 * 1000, "multipart/form-data; b=x")

    assert response.status_code == 413
    assert "20 MiB" in response.json()["detail"]


def test_the_multipart_envelope_around_a_file_of_the_limit_s_size_is_allowed(
    client: Client, settings: SettingsWrapper
) -> None:
    load_catalogs()
    settings.BATCH_UPLOAD_MAX_BYTES = 64 * 1024
    padded = json.dumps([{"name": "Alice", "text": VALID_DECK + " " * 60_000}]).encode()
    assert len(padded) < 64 * 1024

    upload = SimpleUploadedFile("decks.json", padded)

    response = client.post("/api/batches/", {"system": "azuki", "file": upload})

    assert response.status_code == 202, response.json()


def test_a_batch_json_body_of_3_mib_is_taken_not_refused_with_an_html_400(client: Client) -> None:
    # Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MiB) once stopped it with an HTML page, while
    # the documentation promises 20 MiB for batches.
    load_catalogs()
    lists = [{"name": f"Player {n}", "text": VALID_DECK + "\n" + "#" * 3000} for n in range(1000)]
    body = json.dumps({"system": "azuki", "lists": lists})
    assert len(body) > 3 * MiB

    response = client.post("/api/batches/", body, content_type="application/json")

    assert response.status_code == 202, response.content[:300]
    assert BatchJob.objects.get().total == 1000


def test_a_catalog_file_of_3_mib_reaches_the_import(client: Client, staff: User) -> None:
    client.force_login(staff)
    body = json.dumps({"format": "azuki-catalog", "padding": "x" * (3 * MiB)})

    response = client.post("/api/catalogs/import/", body, content_type="application/json")

    assert response["Content-Type"] == "application/json"
    assert response.status_code == 400, response.content[:300]  # the file's problems, as JSON


def test_a_catalog_file_over_4_mib_is_a_413(client: Client, staff: User) -> None:
    client.force_login(staff)
    body = json.dumps({"padding": "x" * (4 * MiB)})

    response = client.post("/api/catalogs/import/", body, content_type="application/json")

    assert response.status_code == 413
    assert "4 MiB" in response.json()["detail"]


def _long_export(game: Game, host: User, entries: int) -> dict[str, Any]:
    """The whole export of ``game`` after an action and then undo and redo in turn."""
    client = client_for(host)
    body = {
        "system": game.system,
        "type": "attach_mana",
        "payload": {"guardian": "Dragoon"},
        "version": 0,
    }
    assert send(client, "post", f"/api/games/{game.pk}/actions/", body).status_code == 201
    document: dict[str, Any] = client.get(f"/api/games/{game.pk}/export/").json()
    first = document["log"][0]
    for seq in range(2, entries + 1):
        kind = "undo" if seq % 2 == 0 else "redo"
        document["log"].append({**first, "seq": seq, "type": kind, "payload": {"target": 1}})
    document["version"] = entries
    return document


def test_a_game_export_over_64_kib_imports_through_the_api(game: Game, host: User) -> None:
    document = _long_export(game, host, 701)
    assert len(json.dumps(document)) > 64 * 1024

    response = send(client_for(host), "post", "/api/games/import/", document)

    assert response.status_code == 201, response.content[:300]
    assert Game.objects.get(pk=response.json()["id"]).version == 701


# --- pages: a readable 413 page -------------------------------------------------------------


def test_a_batch_upload_page_over_its_limit_gets_a_readable_page(client: Client) -> None:
    response = declaring(client, "/batches/", 300 * MiB, "multipart/form-data; boundary=x")

    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/html")
    text = response.content.decode()
    assert "larger than 20 MiB" in text
    assert 'href="/batches/"' in text


def test_other_pages_hold_a_body_to_data_upload_max_memory_size(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100 * 1024

    response = declaring(client, "/lists/token/", 50 * MiB, "multipart/form-data; boundary=x")

    assert response.status_code == 413
    assert "larger than 100 KiB" in response.content.decode()


def test_a_game_import_page_over_its_limit_gets_a_readable_page_leading_back(
    client: Client, host: User
) -> None:
    client.force_login(host)
    environ: dict[str, Any] = {
        "wsgi.input": UnreadableBody(),
        "CONTENT_LENGTH": str(3 * MiB),
        "HTTP_REFERER": "http://testserver/games/",
    }

    response = client.generic(
        "POST", "/games/import/", b"", content_type="multipart/form-data; b=x", **environ
    )

    assert response.status_code == 413
    text = response.content.decode()
    assert "larger than 2 MiB" in text
    assert 'href="http://testserver/games/"' in text  # the page the form was on


def test_the_way_back_from_a_refused_page_never_leads_off_the_site(client: Client) -> None:
    environ: dict[str, Any] = {
        "wsgi.input": UnreadableBody(),
        "CONTENT_LENGTH": str(300 * MiB),
        "HTTP_REFERER": "https://elsewhere.example/phish",
    }

    response = client.generic(
        "POST", "/batches/", b"", content_type="multipart/form-data; b=x", **environ
    )

    assert response.status_code == 413
    assert "elsewhere.example" not in response.content.decode()


# --- lone surrogates through the bounded parser ---------------------------------------------


def test_a_saved_list_s_name_with_a_lone_surrogate_is_a_400_naming_it(host: User) -> None:
    load_catalogs()
    body = '{"system": "azuki", "name": "\\ud800", "payload": {"text": "1 AZK-001"}}'

    response = client_for(host).post("/api/lists/", body, content_type="application/json")

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["name"]


# --- each limit is its setting everywhere it applies ------------------------------------------


def test_a_catalog_import_takes_a_file_up_to_a_raised_catalog_upload_max_bytes(
    client: Client, staff: User, settings: SettingsWrapper
) -> None:
    settings.CATALOG_UPLOAD_MAX_BYTES = 6 * MiB
    client.force_login(staff)
    body = json.dumps({"format": "azuki-catalog", "padding": "x" * (5 * MiB)})

    response = client.post("/api/catalogs/import/", body, content_type="application/json")

    assert response.status_code == 400, response.content[:300]  # the file's problems
    assert "problems" in response.json()


def _page_upload(client: Client, url: str, size: int, name: str) -> str:
    """The page answering a JSON file of ``size`` bytes (one long string) posted to ``url``."""
    content = b'"' + b"x" * (size - 2) + b'"'
    response = client.post(url, {"file": SimpleUploadedFile(name, content)})
    assert response.status_code == 400, response.status_code
    return response.content.decode()


def test_the_catalog_page_refuses_a_file_over_catalog_upload_max_bytes_naming_it(
    client: Client, staff: User, settings: SettingsWrapper
) -> None:
    settings.CATALOG_UPLOAD_MAX_BYTES = 100 * 1024  # the form's envelope lets a bit more in
    client.force_login(staff)

    page = _page_upload(client, "/catalogs/", 100 * 1024 + 10, "big.json")

    assert "larger than 100 KiB" in page
    assert "CATALOG_UPLOAD_MAX_BYTES" in page


def test_the_game_import_page_refuses_a_file_over_game_import_max_bytes_naming_it(
    client: Client, host: User, settings: SettingsWrapper
) -> None:
    settings.GAME_IMPORT_MAX_BYTES = 100 * 1024
    client.force_login(host)

    page = _page_upload(client, "/games/import/", 100 * 1024 + 10, "game.json")

    assert "larger than 100 KiB" in page
    assert "GAME_IMPORT_MAX_BYTES" in page


# --- a game export's JSON values are counted before it is parsed ------------------------------


def empty_objects(size: int) -> bytes:
    """The costliest JSON per byte: an object whose log is ``size`` bytes of ``{}``."""
    count = (size - len(b'{"log":[]}')) // 3
    return b'{"log":[' + b",".join([b"{}"] * count) + b"]}"


def test_a_game_export_of_2_mib_of_empty_objects_is_a_413_refused_before_parsing(
    host: User,
) -> None:
    body = empty_objects(2 * MiB - 64)
    client = client_for(host)

    tracemalloc.start()
    try:
        response = client.post("/api/games/import/", body, content_type="application/json")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    assert response.status_code == 413, response.content[:300]
    answer = response.json()
    assert_matches_schema(answer, "BadRequest")
    assert list(answer["errors"]) == ["body"]
    assert "more than 400,000 JSON values" in answer["detail"]
    assert "GAME_IMPORT_MAX_VALUES" in answer["detail"]
    # Parsed, these 700,000 objects cost over 45 MB; counted, a few copies of the body.
    assert peak < 16 * MiB, peak
    assert not Game.objects.exists()


def test_a_game_export_at_game_import_max_values_is_read(
    host: User, settings: SettingsWrapper
) -> None:
    settings.GAME_IMPORT_MAX_VALUES = 1000
    # counted from its punctuation: one for the document, and one for each [ { , and :
    body = {"format": "nope", "log": [{} for _ in range(490)]}
    assert most_json_values(json.dumps(body)) == 985

    response = send(client_for(host), "post", "/api/games/import/", body)

    assert response.status_code == 400, response.content[:300]  # read, then judged
    assert list(response.json()["errors"]) == ["format"]


def test_the_game_import_page_refuses_a_file_over_game_import_max_values_naming_it(
    client: Client, host: User, settings: SettingsWrapper
) -> None:
    settings.GAME_IMPORT_MAX_VALUES = 1000
    client.force_login(host)
    upload = SimpleUploadedFile("game.json", empty_objects(4000))

    response = client.post("/games/import/", {"file": upload})

    assert response.status_code == 400
    page = response.content.decode()
    assert "more than 1,000 JSON values" in page
    assert "GAME_IMPORT_MAX_VALUES" in page
    assert not Game.objects.exists()
