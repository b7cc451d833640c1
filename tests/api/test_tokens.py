"""API tokens: made by POST /api/auth/token/ (or the "My lists" page), stored only as a hash,
sent as ``Authorization: Token <key>``, and refused once expired or revoked."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, RequestFactory
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from knox.models import AuthToken
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from games.tokens import TokenAuthentication
from tests.tokens import token_for

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
LISTS = "/api/lists/"


@pytest.fixture
def mira() -> User:
    return User.objects.create_user("mira", password=PASSWORD)


def ask_token(client: Client, username: str, password: str) -> Any:
    body = json.dumps({"username": username, "password": password})
    return client.post("/api/auth/token/", body, content_type="application/json")


def test_a_token_request_answers_the_key_and_when_it_expires(
    client: Client, mira: User, settings: Any
) -> None:
    before = timezone.now()

    body = ask_token(client, "mira", PASSWORD).json()

    assert set(body) == {"token", "expiry"}
    expiry = parse_datetime(body["expiry"])
    assert expiry is not None
    days = settings.API_TOKEN_DAYS
    assert before + timedelta(days=days) <= expiry <= timezone.now() + timedelta(days=days)
    answer = client.get(LISTS, HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert answer.status_code == 200


def test_a_token_is_kept_only_as_a_hash(client: Client, mira: User) -> None:
    key = ask_token(client, "mira", PASSWORD).json()["token"]

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {AuthToken._meta.db_table}")
        stored = [str(value) for row in cursor.fetchall() for value in row]

    assert stored
    assert not any(key in value for value in stored)


def test_each_request_makes_a_new_token_and_the_old_ones_keep_working(
    client: Client, mira: User
) -> None:
    first = ask_token(client, "mira", PASSWORD).json()["token"]
    second = ask_token(client, "mira", PASSWORD).json()["token"]

    assert first != second
    for key in (first, second):
        assert client.get(LISTS, HTTP_AUTHORIZATION=f"Token {key}").status_code == 200


def test_an_expired_token_is_refused(client: Client, mira: User) -> None:
    key = token_for(mira)
    AuthToken.objects.filter(user=mira).update(expiry=timezone.now() - timedelta(seconds=1))

    response = client.get(LISTS, HTTP_AUTHORIZATION=f"Token {key}")

    assert response.status_code == 401
    assert response.json() == {"detail": "Invalid token."}


def test_a_token_of_an_account_made_inactive_is_refused(client: Client, mira: User) -> None:
    key = token_for(mira)
    assert client.get(LISTS, HTTP_AUTHORIZATION=f"Token {key}").status_code == 200
    User.objects.filter(pk=mira.pk).update(is_active=False)

    response = client.get(LISTS, HTTP_AUTHORIZATION=f"Token {key}")

    assert response.status_code == 401
    assert response.json() == {"detail": "User inactive or deleted."}


def test_a_key_that_starts_as_a_token_but_is_not_it_is_refused(client: Client, mira: User) -> None:
    key = token_for(mira)
    other = key[:8] + ("0" if key[8] != "0" else "1") + key[9:]

    assert client.get(LISTS, HTTP_AUTHORIZATION=f"Token {other}").status_code == 401
    assert client.get(LISTS, HTTP_AUTHORIZATION=f"Token {key}").status_code == 200


def test_an_expired_token_is_deleted_when_it_is_sent(client: Client, mira: User) -> None:
    key = token_for(mira)
    AuthToken.objects.filter(user=mira).update(expiry=timezone.now() - timedelta(seconds=1))

    assert client.get(LISTS, HTTP_AUTHORIZATION=f"Token {key}").status_code == 401
    assert not AuthToken.objects.filter(user=mira).exists()


def test_a_request_reads_only_the_token_it_sends(
    client: Client, mira: User, django_assert_num_queries: Any
) -> None:
    """Not the account's other tokens (knox would read them all on every request, to delete
    those expired): the daily purge deletes those."""
    old = token_for(mira)
    AuthToken.objects.filter(user=mira).update(expiry=timezone.now() - timedelta(seconds=1))
    key = token_for(mira)
    request = Request(RequestFactory().get(LISTS, HTTP_AUTHORIZATION=f"Token {key}"))

    with django_assert_num_queries(1):  # the token, with its account
        user, _ = TokenAuthentication().authenticate(request)

    assert user == mira
    assert AuthToken.objects.filter(user=mira).count() == 2  # the expired one is the purge's
    assert client.get(LISTS, HTTP_AUTHORIZATION=f"Token {old}").status_code == 401


@pytest.mark.parametrize(
    "header",
    [
        "Token",
        "Token a b",
        "Token " + "z" * 300,
        "Token ÿÿÿÿ",
        "Token \u00e9t\u00e9",
        "Token " + "0" * 64,
    ],
)
def test_a_bad_token_header_is_a_401_never_a_500(client: Client, mira: User, header: str) -> None:
    token_for(mira)

    response = client.get(LISTS, HTTP_AUTHORIZATION=header)

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"


def test_a_header_of_bytes_that_are_not_utf8_is_refused_as_a_bad_token(mira: User) -> None:
    request = RequestFactory().get(LISTS)
    request.META["HTTP_AUTHORIZATION"] = b"Token \xff\xfe\xfd"

    with pytest.raises(AuthenticationFailed):
        TokenAuthentication().authenticate(Request(request))


def test_the_token_answer_is_in_the_schema(client: Client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    token = schema["components"]["schemas"]["Token"]

    assert set(token["required"]) == {"token", "expiry"}
    responses = schema["paths"]["/api/auth/token/"]["post"]["responses"]
    assert {"200", "400", "429"} <= set(responses)
