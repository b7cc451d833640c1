"""The batch service: starting a job, and checking its lists one by one with the engines."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.batches.reading import read_array, read_upload
from games.batches.service import BatchInputError, check_item, checker, run_batch, start_batch
from games.models import BatchJob, Catalog
from tests.api.helpers import json_values
from tests.profiles import examples

from .samples import HORDE_ARMY, MIXED_DECK, SHORT_DECK, VALID_DECK, VALID_DECK_JSON, zip_of

pytestmark = pytest.mark.django_db


def start(system: str, lists: list[dict[str, Any]], **options: Any) -> BatchJob:
    return start_batch(system=system, lists=lists, options=options)


def text(name: str, body: str) -> dict[str, Any]:
    return {"name": name, "format": "text", "data": body}


def test_a_started_job_is_pending_with_its_lists_until_the_commit(
    catalogs: dict[str, Catalog],
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = start("azuki", [text("a", VALID_DECK), text("b", SHORT_DECK)])

    job.refresh_from_db()
    assert (job.status, job.total, job.done, job.results) == ("pending", 2, 0, [])
    assert job.catalog == catalogs["azuki"]
    assert job.catalog_version == "1.0"
    assert len(callbacks) == 1


def test_the_commit_runs_the_job_inline_in_eager_mode(
    catalogs: dict[str, Catalog], django_capture_on_commit_callbacks: Any
) -> None:
    upload = zip_of(
        {"a.txt": VALID_DECK, "b.txt": SHORT_DECK, "c.json": json.dumps(VALID_DECK_JSON)}
    )
    with django_capture_on_commit_callbacks(execute=True):
        job = start("azuki", read_upload(upload, "azuki"))

    job.refresh_from_db()
    assert job.status == "done"
    assert job.done == job.total == 3
    assert job.finished is not None
    valid, short, from_json = job.results
    assert valid == {
        "name": "a.txt",
        "valid": True,
        "errors": 0,
        "warnings": 0,
        "first_problem": "",
        "first_code": "",
        "problems": [],
    }
    assert short["valid"] is False
    assert short["errors"] == 1
    assert short["first_code"] == "deck_size"
    assert "48" in short["first_problem"]
    assert from_json["valid"] is True


def test_a_row_counts_every_error_and_names_the_first(catalogs: dict[str, Catalog]) -> None:
    started = start("azuki", [text("mixed", MIXED_DECK)])

    job = run_batch(started.pk)

    assert job is not None
    (row,) = job.results
    assert row["valid"] is False
    assert row["errors"] == 2
    assert row["first_code"] == "too_many_copies"
    assert "AZK-021" in row["first_problem"]


def test_unreadable_lists_and_bad_json_shapes_are_rows(catalogs: dict[str, Catalog]) -> None:
    bad_json = {"format": "azuki-deck", "leader": "AZK-001", "gate": 7, "cards": [{"count": -1}]}
    lists: list[dict[str, Any]] = [
        {"name": "broken.txt", "format": "unreadable", "data": "The file is not UTF-8 text."},
        {"name": "shape.json", "format": "json", "data": bad_json},
    ]

    job = run_batch(start("azuki", lists).pk)

    assert job is not None
    unreadable, shape = job.results
    assert unreadable["valid"] is False
    assert unreadable["first_problem"] == "The file is not UTF-8 text."
    assert unreadable["first_code"] == "unreadable_list"
    assert shape["valid"] is False
    assert shape["errors"] >= 2
    assert shape["first_code"] == "invalid_list"
    assert shape["first_problem"].startswith("gate") or shape["first_problem"].startswith("cards")


def test_an_army_text_s_header_and_faction_are_read(catalogs: dict[str, Catalog]) -> None:
    wrong_faction = HORDE_ARMY.replace("1 Orc Blademaster", "1 Paladin")
    lists = [text("horde", HORDE_ARMY), text("mixed", wrong_faction)]

    job = run_batch(start("azeroth", lists).pk)

    assert job is not None
    horde, mixed = job.results
    assert horde["errors"] == 0, horde
    assert mixed["valid"] is False
    assert mixed["first_code"] == "wrong_faction"
    assert "Paladin" in mixed["first_problem"]


def test_the_organiser_s_points_limit_overrides_the_list_s(catalogs: dict[str, Catalog]) -> None:
    job = run_batch(start("azeroth", [text("horde", HORDE_ARMY)], points_limit=200).pk)

    assert job is not None
    (row,) = job.results
    assert row["valid"] is False
    assert row["first_code"] == "over_points"


def test_an_unknown_faction_in_the_header_is_an_error(catalogs: dict[str, Catalog]) -> None:
    body = HORDE_ARMY.replace("Faction: Horde", "Faction: Scourge")

    job = run_batch(start("azeroth", [text("x", body)]).pk)

    assert job is not None
    assert job.results[0]["first_code"] == "unknown_entry"
    assert "Scourge" in job.results[0]["first_problem"]


def test_it_checks_azrah_rosters(catalogs: dict[str, Catalog]) -> None:
    # One Guardian the catalog holds: the roster is short. (A name it lacks would come first,
    # as the problems of a line come before the whole roster's.)
    roster = "Aurelia, Dawn Warden\nMana: 10\nGems: 3\n"
    job = run_batch(start("azrah", [text("short", roster)]).pk)

    assert job is not None
    assert job.results[0]["first_code"] == "roster_size"


def test_progress_is_written_while_the_job_runs(catalogs: dict[str, Catalog]) -> None:
    job = start("azuki", [text(f"deck {n}", VALID_DECK) for n in range(5)])

    with CaptureQueriesContext(connection) as queries:
        run_batch(job.pk, progress_seconds=0)

    writes = [q["sql"] for q in queries if q["sql"].startswith("UPDATE")]
    # running, then after lists 1-4, then done: the bar fills as lists are checked.
    assert len(writes) == 6
    job.refresh_from_db()
    assert job.done == job.total == 5
    assert len(job.results) == 5


def test_the_catalog_is_read_once_per_job(catalogs: dict[str, Catalog]) -> None:
    few = start("azuki", [text("a", VALID_DECK)])
    many = start("azuki", [text(f"{n}", VALID_DECK) for n in range(30)])

    with CaptureQueriesContext(connection) as one:
        run_batch(few.pk)
    with CaptureQueriesContext(connection) as thirty:
        run_batch(many.pk)

    assert len(thirty) == len(one)


def test_a_job_whose_catalog_is_gone_fails_with_a_reason(catalogs: dict[str, Catalog]) -> None:
    started = start("azuki", [text("a", VALID_DECK)])
    catalogs["azuki"].delete()

    job = run_batch(started.pk)

    assert job is not None
    assert job.status == "failed"
    assert "removed" in job.error


def test_a_finished_job_is_not_checked_twice(catalogs: dict[str, Catalog]) -> None:
    job = run_batch(start("azuki", [text("a", VALID_DECK)]).pk)
    assert job is not None
    BatchJob.objects.filter(pk=job.pk).update(results=[])

    again = run_batch(job.pk)

    assert again is not None
    assert again.results == []


@pytest.mark.parametrize(
    ("system", "options", "field"),
    [
        ("chess", {}, "system"),
        ("azeroth", {"battle_size": "huge"}, "options.battle_size"),
        ("azeroth", {"battle_size": ["large"]}, "options.battle_size"),
        ("azeroth", {"points_limit": [5]}, "options.points_limit"),
        ("azeroth", {"points_limit": True}, "options.points_limit"),
        ("azeroth", {"points_limit": "lots"}, "options.points_limit"),
        ("azeroth", {"points_limit": 0}, "options.points_limit"),
        ("azuki", {"battle_size": "standard"}, "options.battle_size"),
        ("azuki", {"catalog": "nope"}, "options.catalog"),
        ("azuki", {"catalog": "starter", "catalog_version": "9.9"}, "options.catalog"),
        ("azuki", {"colour": "red"}, "options.colour"),
    ],
)
def test_it_refuses_bad_options_naming_the_field(
    catalogs: dict[str, Catalog], system: str, options: dict[str, Any], field: str
) -> None:
    with pytest.raises(BatchInputError) as raised:
        start(system, [text("a", VALID_DECK)], **options)

    assert field in raised.value.problems
    assert not BatchJob.objects.exists()


def test_it_refuses_a_system_without_a_catalog(db: None) -> None:
    with pytest.raises(BatchInputError) as raised:
        start("azuki", [text("a", VALID_DECK)])

    assert "no azuki catalog" in raised.value.problems["system"][0]


def test_it_refuses_an_empty_batch(catalogs: dict[str, Catalog]) -> None:
    with pytest.raises(BatchInputError) as raised:
        start("azuki", [])

    assert "lists" in raised.value.problems


@settings(max_examples=examples(80), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    system=st.sampled_from(["azeroth", "azuki", "azrah"]),
    items=st.lists(
        st.fixed_dictionaries({"text": st.text(max_size=80)})
        | st.fixed_dictionaries(
            {"format": st.sampled_from(["azeroth-army", "azuki-deck", "azrah-roster"])},
            optional={
                "battle_size": json_values,
                "units": json_values,
                "leader": json_values,
                "gate": json_values,
                "cards": json_values,
                "guardians": json_values,
                "mana": json_values,
                "party": json_values,
            },
        )
        | json_values,
        min_size=1,
        max_size=4,
    ),
)
def test_any_list_gets_a_row_and_no_list_sinks_the_batch(
    catalogs: dict[str, Catalog], system: str, items: list[object]
) -> None:
    lists = read_array(items, system)
    check = checker(system, catalogs[system], {})

    rows = [check_item(check, item) for item in lists]

    assert len(rows) == len(items)
    for row in rows:
        assert set(row) == {
            "name",
            "valid",
            "errors",
            "warnings",
            "first_problem",
            "first_code",
            "problems",
        }
        assert len(row["problems"]) == row["errors"] + row["warnings"]
        assert row["first_code"] != "check_failed", row
        assert row["valid"] is (row["errors"] == 0)
        json.dumps(row)
