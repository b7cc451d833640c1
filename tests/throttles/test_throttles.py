"""Throttles: signing in, signing up, making API tokens and uploading batches are counted per
address and per account, and past their rate answer 429 with Retry-After: the API with its JSON
error body, the pages with a readable page. Rates are lowered here so each test is quick."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import LazySettings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import Catalog
from tests.batches.samples import VALID_DECK, load_catalogs, zip_of

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"


def lower(settings: LazySettings, **rates: str) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, **rates}


@pytest.fixture
def mira(db: None) -> User:
    return User.objects.create_user("mira", password=PASSWORD)


def token_request(client: Client, username: str, password: str, **extra: Any) -> Any:
    body = json.dumps({"username": username, "password": password})
    return client.post("/api/auth/token/", body, content_type="application/json", **extra)


def sign_in(client: Client, username: str, password: str, **extra: Any) -> Any:
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def assert_retry_after(response: Any, most: int) -> None:
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= most


# --- signing in -------------------------------------------------------------------------------


def test_it_answers_429_after_too_many_wrong_passwords(client: Client, mira: User) -> None:
    for _ in range(40):
        token_request(client, "mira", "wrong")

    response = token_request(client, "mira", PASSWORD)

    assert_retry_after(response, 3600)
    assert set(response.json()) == {"detail"}
    assert "try again" in response.json()["detail"].lower()


def test_the_sign_in_page_answers_a_readable_429_after_too_many_wrong_passwords(
    client: Client, mira: User
) -> None:
    for _ in range(40):
        sign_in(client, "mira", "wrong")

    response = sign_in(client, "mira", PASSWORD)

    assert_retry_after(response, 3600)
    assert "text/html" in response["Content-Type"]
    page = response.content.decode()
    assert "Too many tries" in page
    assert "_auth_user_id" not in client.session


def test_wrong_passwords_for_one_account_are_counted_from_any_address(
    client: Client, mira: User, settings: LazySettings
) -> None:
    lower(settings, sign_in_account="3/hour")
    for number in range(3):
        sign_in(client, "mira", "wrong", REMOTE_ADDR=f"10.0.0.{number}")

    refused = token_request(client, "mira", PASSWORD, REMOTE_ADDR="10.0.0.99")
    other = User.objects.create_user("sam", password=PASSWORD)

    assert_retry_after(refused, 3600)
    assert (
        token_request(client, other.username, PASSWORD, REMOTE_ADDR="10.0.0.99").status_code == 200
    )


def test_the_account_is_counted_whatever_the_case_of_its_name(
    client: Client, mira: User, settings: LazySettings
) -> None:
    lower(settings, sign_in_account="2/hour")
    sign_in(client, "MIRA", "wrong")
    sign_in(client, "Mira", "wrong")

    assert sign_in(client, "mira", PASSWORD).status_code == 429


def test_wrong_passwords_from_one_address_are_counted_across_accounts(
    client: Client, mira: User, settings: LazySettings
) -> None:
    lower(settings, sign_in_ip="3/hour")
    for name in ("ann", "bob", "cid"):
        token_request(client, name, "guess", REMOTE_ADDR="10.1.1.1")

    assert sign_in(client, "mira", PASSWORD, REMOTE_ADDR="10.1.1.1").status_code == 429
    assert sign_in(client, "mira", PASSWORD, REMOTE_ADDR="10.1.1.2").status_code == 302


def test_signing_in_with_the_right_password_uses_up_nothing(
    client: Client, mira: User, settings: LazySettings
) -> None:
    lower(settings, sign_in_account="2/hour", sign_in_ip="2/hour")
    for _ in range(4):
        assert sign_in(client, "mira", PASSWORD).status_code == 302
        client.post("/accounts/logout/")

    assert sign_in(client, "mira", "wrong").status_code == 200  # the form again, with its error


def test_the_address_is_the_proxys_forwarded_one_only_when_proxies_are_declared(
    client: Client, mira: User, settings: LazySettings
) -> None:
    lower(settings, sign_in_ip="2/hour", sign_in_account="100/hour")
    for forged in ("1.1.1.1", "2.2.2.2"):
        sign_in(client, "x", "y", HTTP_X_FORWARDED_FOR=forged)
    # Without a declared proxy, a forged header changes nothing: the connection's address counts.
    assert sign_in(client, "mira", PASSWORD, HTTP_X_FORWARDED_FOR="3.3.3.3").status_code == 429

    settings.PROXY_COUNT = 1
    behind = {"REMOTE_ADDR": "10.9.9.9"}
    for _ in range(2):
        sign_in(client, "x", "y", HTTP_X_FORWARDED_FOR="5.5.5.5, 4.4.4.4", **behind)

    assert sign_in(client, "x", "y", HTTP_X_FORWARDED_FOR="4.4.4.4", **behind).status_code == 429
    assert (
        sign_in(client, "mira", PASSWORD, HTTP_X_FORWARDED_FOR="6.6.6.6", **behind).status_code
        == 302
    )


# --- signing up -------------------------------------------------------------------------------


def sign_up(client: Client, username: str, **extra: Any) -> Any:
    fields = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", fields, **extra)


def test_it_answers_429_after_too_many_sign_ups_from_one_address(
    settings: LazySettings, db: None
) -> None:
    lower(settings, sign_up_ip="3/hour")
    for number in range(3):
        assert sign_up(Client(), f"player{number}").status_code == 302

    refused = sign_up(Client(), "player9")

    assert_retry_after(refused, 3600)
    assert "Too many" in refused.content.decode()
    assert not User.objects.filter(username="player9").exists()
    assert sign_up(Client(), "player9", REMOTE_ADDR="10.2.2.2").status_code == 302


def test_showing_the_sign_up_form_is_not_counted(client: Client, settings: LazySettings) -> None:
    lower(settings, sign_up_ip="1/hour")
    for _ in range(3):
        assert client.get("/accounts/signup/").status_code == 200


# --- tokens -----------------------------------------------------------------------------------


def test_it_answers_429_after_too_many_tokens_for_one_account(
    client: Client, mira: User, settings: LazySettings
) -> None:
    lower(settings, token_account="2/day")
    for number in range(2):
        assert (
            token_request(client, "mira", PASSWORD, REMOTE_ADDR=f"10.3.3.{number}").status_code
            == 200
        )

    refused = token_request(client, "mira", PASSWORD, REMOTE_ADDR="10.3.3.9")

    assert_retry_after(refused, 86400)
    client.force_login(mira)
    page = client.post("/lists/token/")
    assert_retry_after(page, 86400)
    assert "Too many" in page.content.decode()


# --- batches ----------------------------------------------------------------------------------


@pytest.fixture
def catalogs(db: None) -> dict[str, Catalog]:
    return load_catalogs()


def api_batch(client: Client, **extra: Any) -> Any:
    body = json.dumps({"system": "azuki", "lists": [{"name": "a", "text": VALID_DECK}]})
    return client.post("/api/batches/", body, content_type="application/json", **extra)


def page_batch(client: Client, **extra: Any) -> Any:
    upload = SimpleUploadedFile("event.zip", zip_of({"a.txt": VALID_DECK}))
    return client.post("/batches/", {"system": "azuki", "file": upload}, **extra)


def test_it_answers_429_after_too_many_anonymous_batches_from_one_address(
    client: Client, catalogs: dict[str, Catalog], settings: LazySettings
) -> None:
    lower(settings, batch="2/hour")
    assert api_batch(client).status_code == 202
    assert page_batch(client).status_code == 302

    api = api_batch(client)
    page = page_batch(client)

    assert_retry_after(api, 3600)
    assert set(api.json()) == {"detail"}
    assert_retry_after(page, 3600)
    assert "Too many" in page.content.decode()
    assert api_batch(client, REMOTE_ADDR="10.4.4.4").status_code == 202


def test_a_signed_in_organisers_batches_are_counted_on_their_account(
    client: Client, catalogs: dict[str, Catalog], mira: User, settings: LazySettings
) -> None:
    lower(settings, batch="1/hour")
    client.force_login(mira)
    assert page_batch(client, REMOTE_ADDR="10.5.5.1").status_code == 302

    assert page_batch(client, REMOTE_ADDR="10.5.5.2").status_code == 429
    assert page_batch(Client(), REMOTE_ADDR="10.5.5.2").status_code == 302


def test_reading_a_batch_is_never_counted(
    client: Client, catalogs: dict[str, Catalog], settings: LazySettings
) -> None:
    lower(settings, batch="1/hour")
    job = api_batch(client).json()["id"]
    for _ in range(3):
        assert client.get(f"/api/batches/{job}/").status_code == 200
        assert client.get("/batches/").status_code == 200


# --- rates ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "seconds"),
    [("10/hour", 10, 3600), ("5/15min", 5, 900), ("1/s", 1, 1), ("30/2d", 30, 172800)],
)
def test_a_rate_reads_as_a_count_per_period(text: str, count: int, seconds: int) -> None:
    from referee.rates import parse_rate

    assert parse_rate(text) == (count, seconds)


@pytest.mark.parametrize("text", ["", "ten/hour", "10", "10/fortnight", "0/hour", "10/0min"])
def test_a_rate_that_cannot_be_read_is_refused(text: str) -> None:
    from referee.rates import parse_rate

    with pytest.raises(ValueError, match="rate"):
        parse_rate(text)


def test_a_cache_that_does_not_answer_lets_sign_ins_through(
    client: Client, mira: User, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from django.core.cache import cache

    def down(*args: object, **kwargs: object) -> None:
        raise ConnectionError("the cache is down")

    monkeypatch.setattr(cache, "get", down)
    monkeypatch.setattr(cache, "set", down)

    assert sign_in(client, "mira", "wrong").status_code == 200
    assert token_request(client, "mira", PASSWORD).status_code == 200
    assert "did not answer" in caplog.text
