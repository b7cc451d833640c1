"""A batch row keeps every problem of its list, not only the first (issue 14): the JSON
rows, the results page and the CSV show them all, errors first, each with its code."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client

from games.batches.service import check_item, checker, row_problems, run_batch, start_batch
from games.models import BatchJob, Catalog

from .samples import MIXED_DECK, VALID_DECK

pytestmark = pytest.mark.django_db


def _mixed_job() -> BatchJob:
    lists = [
        {"name": "mixed.txt", "format": "text", "data": MIXED_DECK},
        {"name": "valid.txt", "format": "text", "data": VALID_DECK},
    ]
    job = run_batch(start_batch(system="azuki", lists=lists, options={}).pk)
    assert job is not None and job.status == "done"
    return job


def test_a_row_holds_every_problem_its_check_found(catalogs: dict[str, Catalog]) -> None:
    check = checker("azuki", catalogs["azuki"], {})
    item = {"name": "mixed.txt", "format": "text", "data": MIXED_DECK}
    report = check(item)
    row = check_item(check, item)
    expected = [
        {"code": p.code, "severity": p.severity.value, "message": p.message}
        for p in (*report.errors, *report.warnings)
    ]
    assert len(expected) >= 2, "the sample deck breaks more than one rule"
    assert row["problems"] == expected
    assert (row["first_problem"], row["first_code"]) == (
        expected[0]["message"],
        expected[0]["code"],
    )
    assert row["errors"] == len(report.errors)


def test_every_bad_field_of_a_json_list_is_a_problem_of_its_row(
    catalogs: dict[str, Catalog],
) -> None:
    item = {
        "name": "bad.json",
        "format": "json",
        "data": {"format": "azuki-deck", "leader": 7, "gate": 8, "cards": []},
    }
    row = check_item(checker("azuki", catalogs["azuki"], {}), item)
    assert row["errors"] == len(row["problems"]) >= 2
    assert all(p["code"] == "invalid_list" for p in row["problems"])
    assert any(p["message"].startswith("leader") for p in row["problems"])


def test_a_row_stored_before_rows_kept_every_problem_still_shows_its_first() -> None:
    old = {"name": "a", "valid": False, "errors": 1, "warnings": 0,
           "first_problem": "Too few cards.", "first_code": "deck_size"}  # fmt: skip
    assert row_problems(old) == [
        {"code": "deck_size", "severity": "error", "message": "Too few cards."}
    ]


def test_the_results_page_lists_every_problem(client: Client, catalogs: dict[str, Catalog]) -> None:
    job = _mixed_job()
    html = client.get(f"/batches/{job.id}/").content.decode()
    for problem in job.results[0]["problems"]:
        assert problem["message"].split("'")[0] in html
        assert f'<code class="muted">{problem["code"]}</code>' in html
    assert html.count('<li class="batch-problem-') == len(job.results[0]["problems"])


def test_the_api_rows_and_the_csv_give_every_problem(
    client: Client, catalogs: dict[str, Catalog]
) -> None:
    job = _mixed_job()
    body: dict[str, Any] = client.get(f"/api/batches/{job.id}/").json()
    assert body["results"][0]["problems"] == job.results[0]["problems"]
    assert body["results"][1]["problems"] == []
    response = client.get(f"/api/batches/{job.id}/results.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["name", "valid", "errors", "warnings", "problems"]
    lines = rows[1][4].split("\n")
    assert lines == [
        f"{p['severity']} {p['code']}: {p['message']}" for p in job.results[0]["problems"]
    ]
    assert rows[2][4] == ""
