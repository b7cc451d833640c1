"""API tokens: made for an account, listed, revoked. The only place that writes them."""

from __future__ import annotations

from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token


def make_token(user: User) -> str:
    """The account's token key."""
    token, _ = Token.objects.get_or_create(user=user)
    return str(token.key)
