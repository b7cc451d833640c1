"""How an account signs in and is read back: Django's ``ModelBackend``, with the read every
signed-in request makes (the session's account, ``get_user``) written out and prepared
(``games/sql.py``). Through the ORM that query cost more to build than to run, on every page,
every form and every refresh of a table's live part. Everything else (the password's check,
permissions, who may sign in) is Django's own.

A session keeps the backend that signed it in. Sessions signed in before this backend was
Django's record ``ModelBackend``, which settings keep after this one so that they stay signed
in; this backend signs everyone in from now on. A wrong password ends the sign-in here, so it
is never checked a second time by ``ModelBackend``."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from games.sql import column, fetch_all, instance, selected, table, written

PATH = "games.backends.AccountBackend"


class AccountBackend(ModelBackend):
    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        user = super().authenticate(request, username, password, **kwargs)
        if user is None and password is not None:
            raise PermissionDenied  # the one check: the next backend would hash it again
        return user

    def get_user(self, user_id: Any) -> Any:
        """The active account ``user_id`` names, as ``ModelBackend`` reads it; None if
        there is none."""
        rows = fetch_all(_account_sql(), [written(User, "id", user_id)])
        if not rows:
            return None
        user = instance(User, rows[0])
        return user if self.user_can_authenticate(user) else None


@cache
def _account_sql() -> str:
    return f"SELECT {selected(User, 'u')} FROM {table(User)} u WHERE u.{column(User, 'id')} = %s"
