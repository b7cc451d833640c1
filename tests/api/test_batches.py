"""POST /api/batches/, GET /api/batches/<id>/ and GET /api/batches/<id>/results.csv."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import BatchJob, Catalog
from referee.celery import app
from tests.api.helpers import assert_bad_request, assert_matches_schema, json_values
from tests.batches.samples import SHORT_DECK, VALID_DECK, VALID_DECK_JSON, load_catalogs, zip_of
from tests.profiles import examples

URL = "/api/batches/"

pytestmark = pytest.mark.django_db


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


@pytest.fixture
def inline(django_capture_on_commit_callbacks: Any) -> Any:
    """Run the queued job when the request's transaction commits (eager Celery, as on the
    embedded defaults): the test's own transaction never commits, so commit hooks are run as
    the request ends."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def post_json(client: Client, body: Any, inline: Any = None) -> tuple[int, Any]:
    with inline() if inline else contextlib.nullcontext():
        response = client.post(URL, json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


def upload(
    client: Client, raw: bytes, name: str = "decks.zip", inline: Any = None, **fields: Any
) -> tuple[int, Any]:
    data = {"system": "azuki", **fields, "file": SimpleUploadedFile(name, raw)}
    with inline() if inline else contextlib.nullcontext():
        response = client.post(URL, data)
    return response.status_code, response.json()


@pytest.mark.django_db(transaction=True)
def test_a_zip_upload_starts_a_job_and_answers_202_with_its_urls(client: Client) -> None:
    # Committed for real (no test transaction), as on the embedded defaults: the eager task
    # runs as the job's row commits, so the 202 already carries the finished job.
    load_catalogs()
    status, body = upload(client, zip_of({"a.txt": VALID_DECK, "b.txt": SHORT_DECK}))

    assert status == 202, body
    assert_matches_schema(body, "BatchJob")
    job_id = body["id"]
    assert uuid.UUID(job_id).version == 4
    assert body["url"] == f"http://testserver/api/batches/{job_id}/"
    assert body["csv_url"] == f"http://testserver/api/batches/{job_id}/results.csv"
    assert body["page_url"] == f"http://testserver/batches/{job_id}/"
    assert body["source_name"] == "decks.zip"
    assert (body["status"], body["total"], body["done"], body["progress"]) == ("done", 2, 2, 1.0)


def test_polling_answers_progress_and_the_rows(
    client: Client, catalogs: dict[str, Catalog], inline: Any
) -> None:
    status, started = post_json(
        client,
        {
            "system": "azuki",
            "lists": [VALID_DECK_JSON, {"name": "Short", "text": SHORT_DECK}],
            "options": {"catalog": "starter", "catalog_version": "1.0"},
        },
        inline,
    )
    assert status == 202, started

    response = client.get(started["url"])

    assert response.status_code == 200
    body = response.json()
    assert_matches_schema(body, "BatchJob")
    assert body["catalog"] == {"slug": "starter", "version": "1.0"}
    assert body["valid_count"] == 1
    first, short = body["results"]
    assert first["name"] == "List 1" and first["valid"] is True
    assert short["name"] == "Short"
    assert (short["valid"], short["errors"], short["first_code"]) == (False, 1, "deck_size")


def test_a_running_job_shows_its_rows_so_far(client: Client, catalogs: dict[str, Catalog]) -> None:
    job = BatchJob.objects.create(
        system="azuki",
        catalog=catalogs["azuki"],
        catalog_version="1.0",
        status="running",
        total=4,
        done=1,
        results=[
            {"name": "a", "valid": True, "errors": 0, "warnings": 0, "first_problem": "",
             "first_code": ""}
        ],
    )  # fmt: skip

    body = client.get(f"{URL}{job.id}/").json()

    assert (body["status"], body["done"], body["total"], body["progress"]) == (
        "running",
        1,
        4,
        0.25,
    )
    assert len(body["results"]) == 1


def test_the_csv_has_one_row_per_list(
    client: Client, catalogs: dict[str, Catalog], inline: Any
) -> None:
    _, started = upload(
        client, zip_of({"=evil.txt": VALID_DECK, "b.txt": SHORT_DECK}), inline=inline
    )

    response = client.get(started["csv_url"], HTTP_ACCEPT="text/csv")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["name", "valid", "errors", "warnings", "problems"]
    assert rows[1] == ["'=evil.txt", "yes", "0", "0", ""]
    assert rows[2][:4] == ["b.txt", "no", "1", "0"]
    assert "48" in rows[2][4]


def test_the_csv_answers_whatever_the_client_accepts(
    client: Client, catalogs: dict[str, Catalog], inline: Any
) -> None:
    _, started = upload(client, zip_of({"a.txt": VALID_DECK}), inline=inline)

    response = client.get(started["csv_url"], HTTP_ACCEPT="application/json")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")


@pytest.mark.parametrize("suffix", ["", "results.csv"])
def test_an_unknown_job_is_a_404(client: Client, db: None, suffix: str) -> None:
    response = client.get(f"{URL}{uuid.uuid4()}/{suffix}")

    assert response.status_code == 404


def test_unreadable_files_are_rows_not_errors(
    client: Client, catalogs: dict[str, Catalog], inline: Any
) -> None:
    status, started = upload(
        client, zip_of({"a.txt": VALID_DECK, "b.txt": b"\xff\xfe"}), inline=inline
    )
    assert status == 202

    body = client.get(started["url"]).json()

    assert body["results"][1]["valid"] is False
    assert "UTF-8" in body["results"][1]["first_problem"]


@pytest.mark.parametrize(
    ("raw", "fields", "paths"),
    [
        (b"not a zip nor json", {}, ["file"]),
        (b"PK\x03\x04garbage", {}, ["file"]),
        (b"[]", {}, ["file"]),
        (zip_of({"a.txt": VALID_DECK}), {"system": "chess"}, ["system"]),
        (zip_of({"a.txt": VALID_DECK}), {"battle_size": "large"}, ["battle_size"]),
        (zip_of({"a.txt": VALID_DECK}), {"catalog": "nope"}, ["catalog"]),
        (zip_of({"a.txt": VALID_DECK}), {"colour": "red"}, ["colour"]),
    ],
)
def test_a_bad_upload_is_a_400_naming_the_field(
    client: Client,
    catalogs: dict[str, Catalog],
    raw: bytes,
    fields: dict[str, Any],
    paths: list[str],
) -> None:
    status, body = upload(client, raw, **fields)

    assert_bad_request(status, body, *paths)
    assert not BatchJob.objects.exists()


def test_a_form_without_a_file_is_a_400(client: Client, catalogs: dict[str, Catalog]) -> None:
    response = client.post(URL, {"system": "azuki"})

    assert_bad_request(response.status_code, response.json(), "file")


@pytest.mark.parametrize(
    ("body", "paths"),
    [
        ({}, ["system", "lists"]),
        ([], ["body"]),
        ({"system": "azuki", "lists": "x"}, ["lists"]),
        ({"system": "azuki", "lists": []}, ["lists"]),
        ({"system": "azuki", "lists": [{"text": VALID_DECK}], "extra": 1}, ["extra"]),
        ({"system": "azuki", "lists": [{"text": VALID_DECK}], "options": []}, ["options"]),
        (
            {"system": "azuki", "lists": [{"text": VALID_DECK}], "options": {"points_limit": 5}},
            ["options.points_limit"],
        ),
        (
            {
                "system": "azeroth",
                "lists": [{"text": "1 Orc Grunt"}],
                "options": {"points_limit": -1},
            },
            ["options.points_limit"],
        ),
    ],
)
def test_a_bad_json_body_is_a_400_naming_the_field(
    client: Client, catalogs: dict[str, Catalog], body: Any, paths: list[str]
) -> None:
    status, answer = post_json(client, body)

    assert_bad_request(status, answer, *paths)


def test_malformed_json_is_a_400(client: Client, db: None) -> None:
    response = client.post(URL, "{oops", content_type="application/json")

    assert_bad_request(response.status_code, response.json(), "body")


def test_a_system_without_a_catalog_is_a_400(client: Client, db: None) -> None:
    status, body = post_json(client, {"system": "azuki", "lists": [{"text": VALID_DECK}]})

    assert_bad_request(status, body, "system")
    assert "no azuki catalog" in body["detail"]


def test_the_schema_documents_both_request_shapes(client: Client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/batches/"]["post"]

    assert set(operation["requestBody"]["content"]) >= {"multipart/form-data", "application/json"}
    assert {"202", "400"} <= set(operation["responses"])
    assert (
        "text/csv"
        in schema["paths"]["/api/batches/{job_id}/results.csv"]["get"]["responses"]["200"][
            "content"
        ]
    )


@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.fixed_dictionaries(
        {},
        optional={
            "system": st.sampled_from(["azuki", "azeroth", "azrah", "x"]) | json_values,
            "lists": st.lists(
                st.fixed_dictionaries({}, optional={"text": json_values, "name": json_values})
                | json_values,
                max_size=3,
            )
            | json_values,
            "options": st.fixed_dictionaries(
                {},
                optional={
                    "battle_size": json_values,
                    "points_limit": json_values,
                    "catalog": json_values,
                },
            )
            | json_values,
        },
    )
)
def test_any_json_body_is_a_202_or_a_400_never_a_500(
    client: Client, catalogs: dict[str, Catalog], body: dict[str, Any]
) -> None:
    # Every example is an upload from one address: far more than the batch throttle lets by.
    with override_settings(THROTTLE_KEY_PREFIX=f"throttle-example-{uuid.uuid4().hex}"):
        response = client.post(URL, json.dumps(body), content_type="application/json")

    assert response.status_code in (202, 400), response.content
    if response.status_code == 400:
        assert_matches_schema(response.json(), "BadRequest")
