"""API tokens (django-rest-knox): made for an account, listed with their expiry, revoked. The
database keeps only each token's hash, so a token's key is seen once, when it is made; it is
valid for ``API_TOKEN_DAYS`` from then. This module is the only one that writes tokens."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.models import AuthToken
from rest_framework.exceptions import AuthenticationFailed

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
