"""Anonymous batches are kept BATCH_RETENTION_DAYS, then deleted by a daily Celery task (celery
beat) or by `manage.py purge_batches`, both through one service function. A signed-in
organiser's batches are theirs and are kept."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from celery.schedules import crontab
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone
from knox.models import AuthToken

from games import tasks
from games.batches.service import purge_old_batches
from games.models import BatchJob, Catalog
from referee.celery import app
from tests.tokens import token_for

pytestmark = pytest.mark.django_db


def batch(catalog: Catalog, age_days: float, owner: User | None = None) -> BatchJob:
    job = BatchJob.objects.create(
        system="azuki", catalog=catalog, status="done", owner=owner, total=1, done=1
    )
    BatchJob.objects.filter(pk=job.pk).update(created=timezone.now() - timedelta(days=age_days))
    return job


@pytest.fixture
def aged(catalogs: dict[str, Catalog]) -> dict[str, BatchJob]:
    organiser = User.objects.create_user("organiser")
    catalog = catalogs["azuki"]
    return {
        "old": batch(catalog, 31),
        "older": batch(catalog, 400),
        "recent": batch(catalog, 29),
        "owned": batch(catalog, 400, owner=organiser),
    }


def left() -> set[Any]:
    return set(BatchJob.objects.values_list("pk", flat=True))


def test_anonymous_batches_older_than_the_retention_are_deleted(
    aged: dict[str, BatchJob],
) -> None:
    deleted = purge_old_batches()

    assert deleted == 2
    assert left() == {aged["recent"].pk, aged["owned"].pk}


def test_the_retention_is_a_setting(aged: dict[str, BatchJob], settings: Any) -> None:
    settings.BATCH_RETENTION_DAYS = 500

    assert purge_old_batches() == 0

    settings.BATCH_RETENTION_DAYS = 1

    assert purge_old_batches() == 3
    assert left() == {aged["owned"].pk}


def test_the_default_retention_is_thirty_days() -> None:
    assert django_settings.BATCH_RETENTION_DAYS == 30


def test_the_periodic_task_purges_the_same_batches(aged: dict[str, BatchJob]) -> None:
    result = tasks.purge_batches.delay()

    assert result.get() == 2
    assert left() == {aged["recent"].pk, aged["owned"].pk}


def test_celery_beat_runs_the_purge_every_day() -> None:
    schedule = app.conf.beat_schedule
    entries = {entry["task"]: entry["schedule"] for entry in schedule.values()}

    assert {"games.purge_batches", "games.purge_expired_tokens"} <= set(entries)
    for task in ("games.purge_batches", "games.purge_expired_tokens"):
        assert task in app.tasks
        every = entries[task]
        assert isinstance(every, crontab)
        fields: Any = every
        assert len(fields.hour) == 1 and len(fields.minute) == 1  # once a day


def test_the_command_purges_and_says_how_many(aged: dict[str, BatchJob]) -> None:
    out = StringIO()

    call_command("purge_batches", stdout=out)

    assert "Deleted 2 anonymous batches older than 30 days." in out.getvalue()
    assert left() == {aged["recent"].pk, aged["owned"].pk}


def test_the_command_can_say_what_it_would_delete_without_deleting(
    aged: dict[str, BatchJob],
) -> None:
    out = StringIO()

    call_command("purge_batches", "--dry-run", stdout=out)

    assert "Would delete 2 anonymous batches older than 30 days." in out.getvalue()
    assert len(left()) == 4


def test_the_daily_purge_deletes_expired_tokens_only(db: None) -> None:
    user = User.objects.create_user("tool-user")
    token_for(user)
    token_for(user)
    AuthToken.objects.filter(pk=AuthToken.objects.first().pk).update(
        expiry=timezone.now() - timedelta(minutes=1)
    )

    assert tasks.purge_expired_tokens.delay().get() == 1
    assert AuthToken.objects.count() == 1


def test_the_upload_page_tells_a_visitor_how_long_their_batch_is_kept(
    client: Any, catalogs: dict[str, Catalog], settings: Any
) -> None:
    settings.BATCH_RETENTION_DAYS = 12

    page = client.get("/batches/").content.decode()

    assert "deleted 12 days after it is sent" in page
