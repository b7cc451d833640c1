"""The batch pages in Chromium: an upload ends on the results table, and a running job's
progress bar fills by itself (htmx polling) and stops polling once the job is done."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.models import BatchJob

from .samples import SHORT_DECK, VALID_DECK, load_catalogs, zip_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A portrait tablet's page, in a browser context of its own on the worker's Chromium."""
    context = browser.new_context(viewport={"width": 800, "height": 1280})
    yield context.new_page()
    context.close()


def test_an_upload_ends_on_the_results_table(page: Page, live_server: Any, tmp_path: Path) -> None:
    load_catalogs()
    upload = tmp_path / "event.zip"
    upload.write_bytes(zip_of({"alice.txt": VALID_DECK, "bob.txt": SHORT_DECK}))

    page.goto(f"{live_server.url}/batches/")
    page.check("input[value=azuki]")
    page.set_input_files("input[type=file]", str(upload))
    page.click("button[type=submit]")
    page.wait_for_selector("[data-testid=result-row]")

    rows = page.locator("[data-testid=result-row]")
    assert rows.count() == 2
    assert "Legal" in rows.nth(0).inner_text()
    assert "48 cards" in rows.nth(1).inner_text()
    with page.expect_download() as download:
        page.click("text=Download CSV")
    assert download.value.suggested_filename.endswith(".csv")


def test_the_progress_bar_fills_while_the_job_runs(page: Page, live_server: Any) -> None:
    catalog = load_catalogs()["azuki"]
    job = BatchJob.objects.create(
        system="azuki", catalog=catalog, catalog_version="1.0", status="running", total=4, done=1
    )
    text = "[data-testid=progress-text]"

    page.goto(f"{live_server.url}/batches/{job.id}/")
    assert page.inner_text(text) == "1 of 4 lists checked"
    assert page.get_attribute("progress", "value") == "1"

    BatchJob.objects.filter(pk=job.pk).update(done=3)
    # expect() polls from Playwright's side: the page's policy lets no string be evaluated in it.
    expect(page.get_by_test_id("progress-text")).to_contain_text("3 of 4", timeout=5000)
    assert page.get_attribute("progress", "value") == "3"

    row = {"name": "a", "valid": True, "errors": 0, "warnings": 0, "first_problem": "",
           "first_code": ""}  # fmt: skip
    BatchJob.objects.filter(pk=job.pk).update(done=4, status="done", results=[row] * 4)
    page.wait_for_selector("[data-testid=result-row]", timeout=5000)
    assert page.locator("[data-testid=result-row]").count() == 4
    assert page.get_attribute("#batch-status", "hx-trigger") is None
