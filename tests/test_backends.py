"""games/backends.py: the account a signed-in request reads, in one prepared query, is the
account the ORM reads, field for field, on SQLite and PostgreSQL alike (CI runs this file on
both); an inactive or unknown account reads as no one; a session signed in through Django's
ModelBackend before stays signed in; a wrong password is checked once."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.hashers import get_hasher
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.backends import PATH, AccountBackend

pytestmark = pytest.mark.django_db


def fields(user: User) -> dict[str, Any]:
    return {f.attname: getattr(user, f.attname) for f in User._meta.concrete_fields}


def test_the_account_read_is_the_orms_in_one_statement() -> None:
    made = User.objects.create_user("ana", password="a long passphrase", first_name="Ana é ☃")
    with CaptureQueriesContext(connection) as queries:
        read = AccountBackend().get_user(str(made.pk))
    assert len(queries) == 1
    assert isinstance(read, User)
    assert fields(read) == fields(User.objects.get(pk=made.pk))
    assert read._state.adding is False and read._state.db == "default"


def test_an_inactive_or_unknown_account_reads_as_no_one() -> None:
    made = User.objects.create_user("ben", is_active=False)
    assert AccountBackend().get_user(str(made.pk)) is None
    assert AccountBackend().get_user(str(made.pk + 1000)) is None


def signed_in(client: Client, user: User, backend: str) -> None:
    session = client.session
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = backend
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    client.cookies["sessionid"] = str(session.session_key)


@pytest.mark.parametrize("backend", [PATH, "django.contrib.auth.backends.ModelBackend"])
def test_a_session_of_either_backend_is_signed_in(backend: str) -> None:
    user = User.objects.create_user("cal", password="a long passphrase")
    client = Client()
    signed_in(client, user, backend)
    assert client.get("/lists/").wsgi_request.user == user
    user.set_password("another long passphrase")  # signs every session out, as Django does
    user.save()
    assert not client.get("/lists/").wsgi_request.user.is_authenticated


def test_signing_in_records_this_backend() -> None:
    User.objects.create_user("dee", password="a long passphrase")
    client = Client()
    answer = client.post("/accounts/login/", {"username": "dee", "password": "a long passphrase"})
    assert answer.status_code == 302
    assert client.session[BACKEND_SESSION_KEY] == PATH


def test_a_wrong_password_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    User.objects.create_user("eve", password="a long passphrase")
    checked = []
    hasher = type(get_hasher())
    verify = hasher.verify

    def counting(self: Any, password: str, encoded: str) -> bool:
        checked.append(password)
        return verify(self, password, encoded)

    monkeypatch.setattr(hasher, "verify", counting)
    answer = Client().post("/accounts/login/", {"username": "eve", "password": "wrong guess"})
    assert answer.status_code == 200
    assert "password" in answer.content.decode().lower()
    assert checked == ["wrong guess"]
