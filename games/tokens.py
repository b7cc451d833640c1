"""API tokens (django-rest-knox): made for an account, listed with their expiry, revoked. The
database keeps only each token's hash, so a token's key is seen once, when it is made; it is
valid for ``API_TOKEN_DAYS`` from then. This module is the only one that writes tokens, and
``token_account`` the one shortcut past knox when one is read (the API's poll)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from hmac import compare_digest
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.crypto import hash_token
from knox.models import AuthToken, get_token_model
from knox.settings import CONSTANTS, knox_settings
from rest_framework import HTTP_HEADER_ENCODING
from rest_framework.exceptions import AuthenticationFailed

from games.sql import column, table

# How many characters of a token's key the page shows to tell tokens apart.
SHOWN_PREFIX = 8


@dataclass(frozen=True, slots=True)
class MadeToken:
    """A token just made: its key, which is never seen again, and when it expires."""

    key: str
    expiry: datetime


@dataclass(frozen=True, slots=True)
class HeldToken:
    """One of an account's tokens as the "My lists" page lists it."""

    id: str
    starts: str
    created: datetime
    expiry: datetime | None


def make_token(user: User) -> MadeToken:
    token, key = AuthToken.objects.create(user=user)
    return MadeToken(key=key, expiry=token.expiry)


def _live(user: User) -> QuerySet[Any]:
    live: QuerySet[Any] = AuthToken.objects.filter(user=user).exclude(expiry__lt=timezone.now())
    return live


def tokens_of(user: User) -> list[HeldToken]:
    """The account's tokens that still work, newest first."""
    return [
        HeldToken(
            id=token.digest,
            starts=token.token_key[:SHOWN_PREFIX],
            created=token.created,
            expiry=token.expiry,
        )
        for token in _live(user).order_by("-created")
    ]


def revoke(user: User, token_id: str) -> bool:
    """Revoke one of the account's tokens; False when it holds none by that id."""
    deleted, _ = AuthToken.objects.filter(user=user, digest=token_id).delete()
    return bool(deleted)


def delete_expired() -> int:
    """Delete every account's expired tokens; how many."""
    deleted, _ = AuthToken.objects.filter(expiry__lt=timezone.now()).delete()
    return int(deleted)


def _token_sql() -> str:
    """The digest and account of every token starting with a given key whose account is
    active and which has not expired: written out (``games.sql``), as the table page's poll
    is, since it runs on every poll of the API."""
    tokens = get_token_model()
    expiry = column(tokens, "expiry")
    return (
        f"SELECT t.{column(tokens, 'digest')}, t.{column(tokens, 'user')} "
        f"FROM {table(tokens)} t JOIN {table(User)} u "
        f"ON u.{column(User, 'id')} = t.{column(tokens, 'user')} "
        f"WHERE t.{column(tokens, 'token_key')} = %s AND u.{column(User, 'is_active')} = %s "
        f"AND (t.{expiry} IS NULL OR t.{expiry} >= %s)"
    )


def token_account(header: str | bytes) -> int | None:
    """The account id an ``Authorization`` header's token names, when knox would take it:
    ``Token <key>``, a key that is one of the stored tokens (by its hash), not expired, of
    an active account. None for anything else, which is left to knox to refuse (401) or to
    take (another scheme). One query, and nothing written: knox's deleting of the account's
    expired tokens waits for its next full request, or the daily purge."""
    try:  # read as knox reads it (knox.auth.TokenAuthentication.authenticate)
        sent = header.encode(HTTP_HEADER_ENCODING) if isinstance(header, str) else header
        parts = sent.split()
        prefix = knox_settings.AUTH_HEADER_PREFIX.encode().lower()
        if len(parts) != 2 or parts[0].lower() != prefix:
            return None
        key = parts[1].decode("utf-8")
    except UnicodeError:
        return None
    expiry = get_token_model()._meta.get_field("expiry")
    now = expiry.get_db_prep_value(timezone.now(), connection)
    with connection.cursor() as cursor:
        cursor.execute(_token_sql(), [key[: CONSTANTS.TOKEN_KEY_LENGTH], True, now])
        rows = cursor.fetchall()
    digest = hash_token(key)
    return next((int(user) for found, user in rows if compare_digest(digest, found)), None)


class TokenAuthentication(KnoxTokenAuthentication):  # type: ignore[misc]
    """knox's token authentication, refusing a key that is not text as a bad token (knox
    itself would fail on its bytes)."""

    def authenticate_credentials(self, token: bytes) -> tuple[User, Any]:
        try:
            token.decode("utf-8")
        except UnicodeDecodeError:
            raise AuthenticationFailed("Invalid token.") from None
        user_and_token: tuple[User, Any] = super().authenticate_credentials(token)
        return user_and_token
