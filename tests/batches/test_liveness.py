"""A batch job never hangs: its run writes a heartbeat, a job whose worker is lost is failed
when read (saying where it stopped), a redelivered task takes over a job whose heartbeat went
quiet and leaves one whose worker is alive, and a failed job can be checked again."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from pytest_django.fixtures import Settings

from games.batches import service
from games.batches.service import (
    NotRetryable,
    expire_if_lost,
    find_job,
    retry_batch,
    run_batch,
    start_batch,
)
from games.models import BatchJob, Catalog
from games.tasks import check_batch

from .samples import SHORT_DECK, VALID_DECK

pytestmark = pytest.mark.django_db


def decks(count: int) -> list[dict[str, Any]]:
    return [{"name": f"Player {n}", "format": "text", "data": VALID_DECK} for n in range(count)]


def job_of(count: int = 3, **fields: Any) -> BatchJob:
    """A job of ``count`` decks, started (its task not run: the test's transaction never
    commits) and then set to ``fields``."""
    job = start_batch(system="azuki", lists=decks(count))
    BatchJob.objects.filter(pk=job.pk).update(**fields)
    job.refresh_from_db()
    return job


def ago(seconds: float) -> Any:
    return timezone.now() - timedelta(seconds=seconds)


# --- a lost worker is found out when the job is read ------------------------------------------


def test_a_running_job_whose_heartbeat_stopped_is_failed_saying_where_it_stopped(
    catalogs: dict[str, Catalog],
) -> None:
    job = job_of(1000, status="running", done=170, heartbeat=ago(46), attempt=1)

    found = expire_if_lost(job)

    assert found.status == "failed"
    assert found.error == (
        "The worker checking this batch stopped answering after 170 of 1000 lists: nothing was "
        "heard from it for 45 seconds. Check again to start over."
    )
    assert found.finished is not None


def test_a_running_job_with_a_recent_heartbeat_is_left_running(
    catalogs: dict[str, Catalog],
) -> None:
    job = job_of(status="running", done=1, heartbeat=ago(44), attempt=1)

    assert expire_if_lost(job).status == "running"


def test_the_heartbeat_timeout_is_a_setting(
    catalogs: dict[str, Catalog], settings: Settings
) -> None:
    settings.BATCH_HEARTBEAT_TIMEOUT = 10
    job = job_of(status="running", heartbeat=ago(11), attempt=1)

    assert expire_if_lost(job).status == "failed"


def test_a_job_no_worker_took_is_failed_after_the_queue_timeout(
    catalogs: dict[str, Catalog],
) -> None:
    waiting = job_of()
    forgotten = job_of()
    BatchJob.objects.filter(pk=forgotten.pk).update(created=ago(601))
    forgotten.refresh_from_db()

    assert expire_if_lost(waiting).status == "pending"
    found = expire_if_lost(forgotten)
    assert found.status == "failed"
    assert found.error.startswith("No worker started checking this batch within 10 minutes.")


def test_a_job_found_by_its_id_is_failed_first_if_its_worker_is_lost(
    catalogs: dict[str, Catalog],
) -> None:
    job = job_of(status="running", heartbeat=ago(60), attempt=1)

    found = find_job(job.pk)

    assert found is not None and found.status == "failed"
    assert BatchJob.objects.get(pk=job.pk).status == "failed"


def test_a_job_that_moved_on_meanwhile_is_not_failed(catalogs: dict[str, Catalog]) -> None:
    seen = job_of(status="running", heartbeat=ago(60), attempt=1)
    BatchJob.objects.filter(pk=seen.pk).update(heartbeat=timezone.now())  # it wrote again

    assert expire_if_lost(seen).status == "running"


# --- the run's heartbeat and its attempts -----------------------------------------------------


def test_a_run_writes_a_heartbeat_with_its_progress(
    catalogs: dict[str, Catalog], monkeypatch: pytest.MonkeyPatch
) -> None:
    job = job_of(5)
    beats = []
    original = service._write

    def write(job: BatchJob, attempt: int, **fields: Any) -> bool:
        written = original(job, attempt, **fields)
        beats.append(BatchJob.objects.values_list("heartbeat", "done").get(pk=job.pk))
        return written

    monkeypatch.setattr(service, "_write", write)

    run_batch(job.pk, progress_seconds=0)

    job.refresh_from_db()
    assert (job.status, job.done, job.attempt) == ("done", 5, 1)
    assert [done for _, done in beats] == [1, 2, 3, 4, 5]
    times = [beat for beat, _ in beats if beat is not None]
    assert len(times) == 5 and times == sorted(times) and times[-1] == job.heartbeat


def test_a_redelivered_task_takes_over_a_job_whose_heartbeat_went_quiet(
    catalogs: dict[str, Catalog],
) -> None:
    job = job_of(4, status="running", done=2, heartbeat=ago(11), attempt=1)
    BatchJob.objects.filter(pk=job.pk).update(results=[{"name": "stale"}] * 2)

    run_batch(job.pk, takeover_seconds=10)

    job.refresh_from_db()
    assert (job.status, job.done, job.attempt) == ("done", 4, 2)
    assert [row["name"] for row in job.results] == [f"Player {n}" for n in range(4)]


def test_a_job_whose_workers_were_lost_three_times_in_a_row_fails_rather_than_runs_again(
    catalogs: dict[str, Catalog],
) -> None:
    third = job_of(4, status="running", done=2, heartbeat=ago(11), attempt=5, runs=2)
    fourth = job_of(4, status="running", done=3, heartbeat=ago(11), attempt=6, runs=3)

    run_batch(third.pk, takeover_seconds=10)
    run_batch(fourth.pk, takeover_seconds=10)

    third.refresh_from_db()
    assert (third.status, third.attempt, third.runs) == ("done", 6, 3)
    fourth.refresh_from_db()
    assert (fourth.status, fourth.attempt) == ("failed", 6)
    assert fourth.error == (
        "The worker checking this batch was lost 3 times in a row, the last time after 3 of 4 "
        "lists, so it is not started again on its own. Check again to try once more."
    )


def test_a_job_checked_again_counts_its_runs_afresh(
    catalogs: dict[str, Catalog], django_capture_on_commit_callbacks: Any
) -> None:
    job = job_of(2, status="failed", attempt=6, runs=3)

    with django_capture_on_commit_callbacks(execute=True):
        retry_batch(job)

    job.refresh_from_db()
    assert (job.status, job.attempt, job.runs) == ("done", 7, 1)


def test_a_redelivered_task_waits_for_a_recent_heartbeat_to_go_quiet(
    catalogs: dict[str, Catalog], monkeypatch: pytest.MonkeyPatch
) -> None:
    job = job_of(2, status="running", heartbeat=ago(8), attempt=1)
    slept: list[float] = []
    monkeypatch.setattr("time.sleep", slept.append)
    clock = [timezone.now()]
    monkeypatch.setattr(
        "django.utils.timezone.now", lambda: clock[0] + timedelta(seconds=sum(slept))
    )

    run_batch(job.pk, takeover_seconds=10)

    job.refresh_from_db()
    assert 1.9 <= sum(slept) <= 2.1  # until ten seconds after the last heartbeat
    assert (job.status, job.attempt) == ("done", 2)


def test_a_redelivered_task_leaves_a_job_whose_worker_is_alive(
    catalogs: dict[str, Catalog], monkeypatch: pytest.MonkeyPatch
) -> None:
    job = job_of(2, status="running", done=1, heartbeat=ago(1), attempt=1)

    def the_other_worker_writes(seconds: float) -> None:
        BatchJob.objects.filter(pk=job.pk).update(heartbeat=timezone.now(), done=2)

    monkeypatch.setattr("time.sleep", the_other_worker_writes)

    run_batch(job.pk, takeover_seconds=10)

    job.refresh_from_db()
    assert (job.status, job.done, job.attempt) == ("running", 2, 1)


def test_a_run_given_up_for_lost_stops_and_leaves_the_job_as_it_is(
    catalogs: dict[str, Catalog], monkeypatch: pytest.MonkeyPatch
) -> None:
    job = job_of(5)
    checked = []
    original = service.check_item

    def check(check: Any, item: dict[str, Any]) -> dict[str, Any]:
        checked.append(item["name"])
        if len(checked) == 2:  # a reader gave the run up for lost meanwhile
            BatchJob.objects.filter(pk=job.pk).update(status="failed", error="lost")
        return original(check, item)

    monkeypatch.setattr(service, "check_item", check)

    run_batch(job.pk, progress_seconds=0)

    job.refresh_from_db()
    assert len(checked) == 2
    assert (job.status, job.error, job.done) == ("failed", "lost", 1)


def test_a_run_taken_over_by_another_stops_writing(
    catalogs: dict[str, Catalog], monkeypatch: pytest.MonkeyPatch
) -> None:
    job = job_of(5)
    original = service.check_item
    calls = []

    def check(check: Any, item: dict[str, Any]) -> dict[str, Any]:
        calls.append(1)
        if len(calls) == 3:
            BatchJob.objects.filter(pk=job.pk).update(attempt=7, done=0, results=[])
        return original(check, item)

    monkeypatch.setattr(service, "check_item", check)

    run_batch(job.pk, progress_seconds=0)

    job.refresh_from_db()
    assert (job.status, job.attempt, job.done, job.results) == ("running", 7, 0, [])


# --- checking again ---------------------------------------------------------------------------


def test_a_failed_job_checked_again_starts_over_and_finishes(
    catalogs: dict[str, Catalog], django_capture_on_commit_callbacks: Any
) -> None:
    job = job_of(3, status="failed", done=1, error="lost", attempt=1, finished=timezone.now())
    BatchJob.objects.filter(pk=job.pk).update(results=[{"name": "old"}])

    with django_capture_on_commit_callbacks(execute=False) as queued:
        pending = retry_batch(job)
    assert (pending.status, pending.done, pending.results, pending.error) == (
        "pending",
        0,
        [],
        "",
    )
    assert pending.finished is None and pending.heartbeat is not None
    assert len(queued) == 1
    queued[0]()

    job.refresh_from_db()
    assert (job.status, job.done, job.attempt) == ("done", 3, 2)
    assert [row["name"] for row in job.results] == ["Player 0", "Player 1", "Player 2"]


@pytest.mark.parametrize("status", ["pending", "running", "done"])
def test_only_a_failed_job_is_checked_again(catalogs: dict[str, Catalog], status: str) -> None:
    job = job_of(status=status, heartbeat=timezone.now())

    with pytest.raises(NotRetryable, match=f"this one is {status}"):
        retry_batch(job)
    assert BatchJob.objects.get(pk=job.pk).status == status


def test_a_job_checked_again_waits_for_a_worker_from_then_on(
    catalogs: dict[str, Catalog], django_capture_on_commit_callbacks: Any
) -> None:
    job = job_of(status="failed", error="No worker started checking this batch")
    BatchJob.objects.filter(pk=job.pk).update(created=ago(3600))
    job.refresh_from_db()

    with django_capture_on_commit_callbacks(execute=False):
        retried = retry_batch(job)

    assert expire_if_lost(retried).status == "pending"


# --- the task ---------------------------------------------------------------------------------


def test_the_task_is_acknowledged_when_it_ends_and_handed_back_when_its_worker_dies() -> None:
    assert check_batch.acks_late is True
    assert check_batch.reject_on_worker_lost is True
    assert check_batch.ignore_result is True  # publishing never waits on a result backend


def test_the_broker_s_redelivery_comes_before_a_reader_gives_a_job_up(settings: Settings) -> None:
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    redelivered_by = options["visibility_timeout"] + options["unacked_restore_interval"]
    assert redelivered_by + service.TAKEOVER_SECONDS <= settings.BATCH_HEARTBEAT_TIMEOUT
    assert options["unacked_restore_throttle"] == 1
    assert settings.CELERY_WORKER_PREFETCH_MULTIPLIER == 1


def test_a_short_deck_is_still_a_row_after_a_takeover(catalogs: dict[str, Catalog]) -> None:
    job = start_batch(
        system="azuki", lists=[{"name": "short", "format": "text", "data": SHORT_DECK}]
    )
    BatchJob.objects.filter(pk=job.pk).update(status="running", heartbeat=ago(30), attempt=3)

    run_batch(job.pk)

    job.refresh_from_db()
    assert (job.status, job.attempt) == ("done", 4)
    assert job.results[0]["first_code"] == "deck_size"
