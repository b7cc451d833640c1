"""games/sessions.py: Django's database sessions with the read prepared. A session reads
back what was written, an expired or unknown one reads as empty (its key forgotten), on
SQLite and PostgreSQL alike (CI runs this file on both)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.utils import timezone

from games.sessions import SessionStore

pytestmark = pytest.mark.django_db


def test_a_session_reads_back_what_was_written() -> None:
    written = SessionStore()
    written["watch_tokens"] = ["é \u2603", "x" * 40]
    written.save()
    read = SessionStore(written.session_key)
    assert read["watch_tokens"] == ["é \u2603", "x" * 40]
    assert read.session_key == written.session_key


def test_an_expired_session_reads_empty_and_forgets_its_key() -> None:
    written = SessionStore()
    written["a"] = 1
    written.save()
    Session.objects.filter(session_key=written.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    read = SessionStore(written.session_key)
    assert read.load() == {}
    assert read.session_key is None


@pytest.mark.parametrize("key", [None, "nosuchkey1", "short", "é" * 40])
def test_an_unknown_session_reads_empty(key: str | None) -> None:
    read = SessionStore(key)
    assert read.load() == {}
    assert read.session_key is None
