"""The batch pages: /batches/ (upload) and /batches/<id>/ (progress, then results)."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from games.models import BatchJob, Catalog

from .samples import SHORT_DECK, VALID_DECK, load_catalogs, zip_of

pytestmark = pytest.mark.django_db


def send(client: Client, raw: bytes, name: str = "event.zip", **fields: Any) -> Any:
    data = {"system": "azuki", **fields, "file": SimpleUploadedFile(name, raw)}
    return client.post("/batches/", data)


def test_the_upload_page_offers_the_games_and_a_file_field(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    response = client.get("/batches/")

    assert response.status_code == 200
    html = response.content.decode()
    assert 'type="file"' in html and 'enctype="multipart/form-data"' in html
    for system in ("azeroth", "azuki", "azrah"):
        assert f'value="{system}"' in html
    assert "starter/1.0" in html  # the catalogs to choose from


def test_an_upload_starts_a_job_and_goes_to_its_page(
    client: Client, catalogs: dict[str, Catalog], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = send(
            client, zip_of({"alice.txt": VALID_DECK, "bob.txt": SHORT_DECK, "carol.txt": b"\xff"})
        )

    job = BatchJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/batches/{job.id}/"
    assert job.source_name == "event.zip"

    page = client.get(response["Location"]).content.decode()

    assert "3 of 3 lists checked" in page
    assert page.count('data-testid="result-row"') == 3
    assert page.count(">Legal<") == 1
    assert page.count(">Not legal<") == 1
    assert page.count(">Unreadable<") == 1
    assert "alice.txt" in page and "bob.txt" in page
    assert "deck_size" in page
    assert f"/api/batches/{job.id}/results.csv" in page
    assert 'data-testid="valid-count">1<' in page
    assert "hx-trigger" not in page  # finished: nothing polls


def test_a_running_job_polls_its_progress_partial(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    job = BatchJob.objects.create(
        system="azuki", catalog=catalogs["azuki"], status="running", total=8, done=2
    )

    page = client.get(f"/batches/{job.id}/").content.decode()
    partial = client.get(f"/batches/{job.id}/", HTTP_HX_REQUEST="true")

    assert 'hx-trigger="every 1s"' in page
    assert '<progress class="batch-progress" max="8" value="2"' in page
    assert '<meta http-equiv="refresh"' in page  # inside <noscript>, for browsers without JS
    body = partial.content.decode()
    assert body.lstrip().startswith('<section id="batch-status"')
    assert "2 of 8 lists checked" in body
    assert "<html" not in body
    assert partial["Vary"] and "HX-Request" in partial["Vary"]


def test_a_failed_job_says_why(client: Client, catalogs: dict[str, Catalog]) -> None:
    job = BatchJob.objects.create(
        system="azuki", status="failed", total=3, done=1, error="The batch stopped: boom"
    )

    page = client.get(f"/batches/{job.id}/").content.decode()

    assert "The batch stopped: boom" in page
    assert "hx-trigger" not in page


def test_an_unknown_job_is_a_404(client: Client, db: None) -> None:
    assert client.get(f"/batches/{uuid.uuid4()}/").status_code == 404


@pytest.mark.parametrize(
    ("raw", "fields", "message"),
    [
        (b"not a zip", {}, "not a ZIP archive that can be opened"),
        (zip_of({"a.txt": VALID_DECK}), {"points_limit": "-5"}, "greater than or equal to 1"),
        (zip_of({"a.txt": VALID_DECK}), {"battle_size": "large"}, "Only Azeroth at War"),
        (zip_of({"a.txt": VALID_DECK}), {"catalog": "azeroth/starter/1.0"}, "another game"),
    ],
)
def test_a_bad_upload_shows_a_readable_error_and_keeps_the_choices(
    client: Client, catalogs: dict[str, Catalog], raw: bytes, fields: dict[str, Any], message: str
) -> None:
    response = send(client, raw, **fields)

    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert re.search(r'value="azuki"[^>]*checked', html), "the chosen game is kept"
    assert not BatchJob.objects.exists()


def test_the_page_works_without_a_file(client: Client, catalogs: dict[str, Catalog]) -> None:
    response = client.post("/batches/", {"system": "azuki"})

    assert response.status_code == 400
    assert "This field is required." in response.content.decode()


# --- a job whose worker is lost, and checking it again ----------------------------------------


def lost(catalog: Catalog, status: str = "running") -> BatchJob:
    return BatchJob.objects.create(
        system="azuki",
        catalog=catalog,
        catalog_version=catalog.version,
        lists=[{"name": "Ann", "format": "text", "data": VALID_DECK}] * 2,
        total=2,
        done=1,
        status=status,
        attempt=1,
        heartbeat=timezone.now() - timedelta(minutes=2),
    )


def test_a_job_whose_worker_is_lost_says_where_it_stopped_and_offers_to_check_again(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    job = lost(catalogs["azuki"])

    page = client.get(f"/batches/{job.id}/").content.decode()

    assert "stopped answering after 1 of 2 lists" in page
    assert "hx-trigger" not in page
    assert re.search(
        rf'<form method="post" action="/batches/{job.id}/"[^>]*>.*?csrfmiddlewaretoken.*?'
        r'data-testid="check-again">Check again</button>',
        page,
    )


def test_check_again_checks_the_lists_again_and_comes_back_to_the_job(
    client: Client, catalogs: dict[str, Catalog], django_capture_on_commit_callbacks: Any
) -> None:
    job = lost(catalogs["azuki"])
    client.get(f"/batches/{job.id}/")

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/batches/{job.id}/")

    assert response.status_code == 303
    assert response["Location"] == f"/batches/{job.id}/"
    job.refresh_from_db()
    assert (job.status, job.done) == ("done", 2)
    assert 'data-testid="valid-count">2<' in client.get(response["Location"]).content.decode()


def test_check_again_on_a_job_still_running_says_so(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    job = lost(catalogs["azuki"])
    BatchJob.objects.filter(pk=job.pk).update(heartbeat=timezone.now())

    response = client.post(f"/batches/{job.id}/", follow=True)

    assert "this one is running" in response.content.decode()
    assert BatchJob.objects.get(pk=job.pk).status == "running"


def test_an_uploaded_json_array_with_a_lone_surrogate_is_refused_naming_its_place(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    response = send(client, b'[{"text": "4 AZK-010\\ud800"}]', "lists.json")

    assert response.status_code == 400
    assert "[0].text must not contain a lone surrogate (\\ud800)" in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_an_upload_with_the_broker_down_is_a_503_saying_so(
    client: Client, dead_broker: str
) -> None:
    load_catalogs()

    response = send(client, zip_of({"a.txt": VALID_DECK}))

    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert "the task queue does not answer" in response.content.decode()
    assert not BatchJob.objects.exists()
