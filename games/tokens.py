"""API tokens (django-rest-knox): made for an account, listed with their expiry, revoked. The
database keeps only each token's hash, so a token's key is seen once, when it is made; it is
valid for ``API_TOKEN_DAYS`` from then. This module is the only one that writes tokens, and
the only one that reads them past knox: ``token_digest`` and ``account_sql`` for the API's
poll, and ``TokenAuthentication``, knox's own with its query prepared."""

from __future__ import annotations

import binascii
from dataclasses import dataclass
from datetime import datetime
from functools import cache
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
from knox.signals import token_expired
from rest_framework import HTTP_HEADER_ENCODING
from rest_framework.exceptions import AuthenticationFailed

from games.sql import column, fetch_all, instance, selected, table, written

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


def token_digest(header: str | bytes) -> str | None:
    """The hash of the key an ``Authorization`` header sends as ``Token <key>``, read as knox
    reads it; None for a header knox would not read as a token, left to knox to refuse
    (401) or to another scheme."""
    try:  # as knox.auth.TokenAuthentication.authenticate, and our subclass for the key
        sent = header.encode(HTTP_HEADER_ENCODING) if isinstance(header, str) else header
        parts = sent.split()
        prefix = knox_settings.AUTH_HEADER_PREFIX.encode().lower()
        if len(parts) != 2 or parts[0].lower() != prefix:
            return None
        key = parts[1].decode("utf-8")
    except UnicodeError:
        return None
    digest: str = hash_token(key)
    return digest


def account_sql(digest: str) -> tuple[str, list[Any]]:
    """SQL giving the account of the token whose hash is ``digest`` when knox would take it
    (not expired, of an active account), NULL otherwise, with its parameters: a subquery, so
    that the API's poll asks for the token and the game in one query (``games.sql``).

    knox finds a token by its key's first characters and compares the hashes in Python; the
    hash is the token's primary key, so it is looked up by it here: one row at most, and
    what an attacker could time is the lookup of a hash, which tells nothing of any key."""
    tokens = get_token_model()
    expiry = column(tokens, "expiry")
    now = tokens._meta.get_field("expiry").get_db_prep_value(timezone.now(), connection)
    sql = (
        f"(SELECT t.{column(tokens, 'user')} FROM {table(tokens)} t JOIN {table(User)} u "
        f"ON u.{column(User, 'id')} = t.{column(tokens, 'user')} "
        f"WHERE t.{column(tokens, 'digest')} = %s AND u.{column(User, 'is_active')} = %s "
        f"AND (t.{expiry} IS NULL OR t.{expiry} >= %s))"
    )
    return sql, [digest, True, now]


class TokenAuthentication(KnoxTokenAuthentication):  # type: ignore[misc]
    """knox's token authentication, refusing a key that is not text as a bad token (knox
    itself would fail on its bytes), and reading only the token sent: knox would also read
    every other token of the account on each request, to delete those expired, which
    ``delete_expired`` does for every account at once."""

    def _cleanup_token(self, auth_token: Any) -> bool:
        """Whether the token sent has expired (it is deleted then, and knox's signal sent,
        as knox does)."""
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            username = auth_token.user.get_username()
            auth_token.delete()
            token_expired.send(sender=self.__class__, username=username, source="auth_token")
            return True
        return False

    def authenticate_credentials(self, token: bytes) -> tuple[User, Any]:
        """As knox's own, the tokens that start as the key sent (with their accounts) read
        in one query written out and prepared (``games/sql.py``): every request of the
        table's device makes it, and through the ORM it cost more to build than to run."""
        try:
            key = token.decode("utf-8")
        except UnicodeDecodeError:
            raise AuthenticationFailed("Invalid token.") from None
        for auth_token in _starting(key[: CONSTANTS.TOKEN_KEY_LENGTH]):
            if self._cleanup_token(auth_token):
                continue
            try:
                digest = hash_token(key)
            except (TypeError, binascii.Error):
                raise AuthenticationFailed("Invalid token.") from None
            if compare_digest(digest, auth_token.digest):
                if knox_settings.AUTO_REFRESH and auth_token.expiry:
                    self.renew_token(auth_token)
                user_and_token: tuple[User, Any] = self.validate_user(auth_token)
                return user_and_token
        raise AuthenticationFailed("Invalid token.")


def _starting(prefix: str) -> list[Any]:
    """The tokens whose key starts with ``prefix``, each with its account read too (knox's
    ``select_related("user")``)."""
    tokens = get_token_model()
    rows = fetch_all(_starting_sql(), [written(tokens, "token_key", prefix)])
    width = len(tokens._meta.concrete_fields)
    found = []
    for row in rows:
        token = instance(tokens, row[:width])
        tokens._meta.get_field("user").set_cached_value(token, instance(User, row[width:]))
        found.append(token)
    return found


@cache
def _starting_sql() -> str:
    tokens = get_token_model()
    return (
        f"SELECT {selected(tokens, 't')}, {selected(User, 'u')} FROM {table(tokens)} t "
        f"JOIN {table(User)} u ON u.{column(User, 'id')} = t.{column(tokens, 'user')} "
        f"WHERE t.{column(tokens, 'token_key')} = %s"
    )
