"""The session engine where no cache is shared (``CACHE_URL`` unset): Django's database
sessions, reading a session in one query written out and prepared (``games/sql.py``), as
every request of a signed-in player does; through the ORM that query cost more to build than
to run. Everything else (writing, expiry, ``exists``) is Django's own."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from games.sql import column, fetch_all, instance, selected, table, written


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Any:
        """The session's row while it has not expired, as Django's own reads it; None (and
        the key forgotten) otherwise."""
        rows = fetch_all(
            _session_sql(),
            [
                written(Session, "session_key", self.session_key),
                written(Session, "expire_date", timezone.now()),
            ],
        )
        if not rows:
            self._session_key = None
            return None
        return instance(Session, rows[0])


@cache
def _session_sql() -> str:
    return (
        f"SELECT {selected(Session, 's')} FROM {table(Session)} s "
        f"WHERE s.{column(Session, 'session_key')} = %s AND s.{column(Session, 'expire_date')} > %s"
    )
