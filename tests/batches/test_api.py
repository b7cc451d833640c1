"""/api/batches/: a job whose worker is lost answers failed with the reason, POST to a failed
job's URL checks it again, an upload with a lone surrogate is a 400 naming its place, and a
broker that does not answer is a 503 within seconds, with Retry-After and nothing left behind.

Roles: an anonymous organiser (batches need no account).
"""

from __future__ import annotations

import json
import time
from datetime import timedelta
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from games.models import BatchJob, Catalog
from tests.api.helpers import assert_matches_schema

from .samples import VALID_DECK, zip_of

pytestmark = pytest.mark.django_db

URL = "/api/batches/"


def lost_job(catalog: Catalog) -> BatchJob:
    return BatchJob.objects.create(
        system="azuki",
        catalog=catalog,
        catalog_version=catalog.version,
        lists=[{"name": "a", "format": "text", "data": VALID_DECK}] * 3,
        total=3,
        done=2,
        status="running",
        attempt=1,
        heartbeat=timezone.now() - timedelta(minutes=5),
    )


def test_a_job_whose_worker_is_lost_reads_as_failed_saying_where_it_stopped(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    job = lost_job(catalogs["azuki"])

    body = client.get(f"{URL}{job.id}/").json()

    assert body["status"] == "failed"
    assert body["error"].startswith("The worker checking this batch stopped answering after 2")
    assert body["finished"] is not None


def test_post_to_a_failed_job_checks_it_again(
    client: Client, catalogs: dict[str, Catalog], django_capture_on_commit_callbacks: Any
) -> None:
    job = lost_job(catalogs["azuki"])
    client.get(f"{URL}{job.id}/")

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"{URL}{job.id}/")

    assert response.status_code == 202
    assert response["Location"] == f"http://testserver{URL}{job.id}/"
    assert_matches_schema(response.json(), "BatchJob")
    job.refresh_from_db()
    assert (job.status, job.done, job.error) == ("done", 3, "")


def test_post_to_a_job_that_has_not_failed_is_a_409(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    job = lost_job(catalogs["azuki"])
    BatchJob.objects.filter(pk=job.pk).update(heartbeat=timezone.now())

    response = client.post(f"{URL}{job.id}/")

    assert response.status_code == 409
    assert response.json() == {
        "detail": "Only a batch that stopped can be checked again; this one is running."
    }


def test_post_to_an_unknown_job_is_a_404(client: Client, db: None) -> None:
    response = client.post(f"{URL}00000000-0000-4000-8000-000000000000/")

    assert response.status_code == 404


def test_an_uploaded_json_array_with_a_lone_surrogate_is_a_400_naming_its_place(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    raw = b'[{"name": "Ann", "text": "4 AZK-010"}, {"name": "Ben\\ud800", "text": "x"}]'

    response = client.post(URL, {"system": "azuki", "file": SimpleUploadedFile("l.json", raw)})

    assert response.status_code == 400
    body = response.json()
    assert list(body["errors"]) == ["file"]
    assert body["errors"]["file"] == [
        "The file's [1].name must not contain a lone surrogate (\\ud800): it is not a character."
    ]
    assert not BatchJob.objects.exists()


@pytest.mark.parametrize("field", ["text", "name"])
def test_a_json_body_with_a_lone_surrogate_is_a_400_naming_the_field(
    client: Client, catalogs: dict[str, Catalog], field: str
) -> None:
    item = {"name": "Ann", "text": "4 AZK-010", field: "\udc00"}
    body = json.dumps({"system": "azuki", "lists": [item]})  # spelled as the escape \udc00

    response = client.post(URL, body, content_type="application/json")

    assert response.status_code == 400
    assert list(response.json()["errors"]) == [f"lists[0].{field}"]


# --- a broker that does not answer ------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_an_upload_with_the_broker_down_is_a_503_within_seconds_leaving_nothing(
    client: Client, dead_broker: str
) -> None:
    from tests.batches.samples import load_catalogs

    load_catalogs()
    upload = SimpleUploadedFile("decks.zip", zip_of({"a.txt": VALID_DECK}))

    started = time.monotonic()
    response = client.post(URL, {"system": "azuki", "file": upload})
    seconds = time.monotonic() - started

    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response.json() == {
        "detail": "Checking lists cannot start right now: the task queue does not answer. "
        "Nothing was saved. Try again in 30 seconds."
    }
    assert seconds < 12, f"{dead_broker}: {seconds:.1f} s"
    assert not BatchJob.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_checking_again_with_the_broker_down_is_a_503_and_the_job_stays_failed(
    client: Client, dead_broker: str
) -> None:
    from tests.batches.samples import load_catalogs

    job = lost_job(load_catalogs()["azuki"])
    client.get(f"{URL}{job.id}/")

    response = client.post(f"{URL}{job.id}/")

    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    job.refresh_from_db()
    assert job.status == "failed"
    assert job.error == "Checking again could not start: the task queue did not answer."
