"""The one way tests and benchmarks make an API token: the project's own service."""

from __future__ import annotations

from django.contrib.auth.models import User

from games import tokens


def token_for(user: User) -> str:
    """A new token's key for ``user``, as a tool would send it."""
    return tokens.make_token(user).key


def token_header(user: User) -> dict[str, str]:
    """The header a tool sends, as keyword arguments for Django's test client."""
    return {"HTTP_AUTHORIZATION": f"Token {token_for(user)}"}
