"""Throttles: how often one address, or one account, may try to sign in, sign up, make an API
token or upload a batch.

Each throttle is a scope with a rate (``settings.THROTTLE_RATES``, e.g. ``10/hour``) and counts
one caller: an address or an account. The counts are kept in Django's cache (each process's
memory, or Redis when ``CACHE_URL`` names one, which all the web processes then share) as the
times of the counted requests within the last period: a sliding window. The pages and the API
count together: a wrong password on ``/accounts/login/`` and one sent to ``/api/auth/token/``
are counted by the same throttle.

A cache that does not answer (Redis down) lets every request through, logging a warning: the
site keeps working, unthrottled, rather than failing every sign-in.

A view asks first (``wait``) and counts afterwards (``count``), so it can count only what it
means to: failed sign-ins, not good ones; tokens made, not refused. Refused requests answer 429
with ``Retry-After``: ``refused_page`` for the pages, ``Refused`` (DRF's ``Throttled``) for the
API.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework.exceptions import Throttled
from rest_framework.request import Request

from referee.rates import parse_rate

logger = logging.getLogger(__name__)

SIGN_IN_IP = "sign_in_ip"
SIGN_IN_ACCOUNT = "sign_in_account"
SIGN_UP_IP = "sign_up_ip"
TOKEN_ACCOUNT = "token_account"
BATCH = "batch"


@dataclass(frozen=True, slots=True)
class Counter:
    """One throttle's count of one caller."""

    scope: str
    caller: str

    def rate(self) -> tuple[int, int]:
        return parse_rate(settings.THROTTLE_RATES[self.scope])

    def key(self) -> str:
        digest = hashlib.sha256(self.caller.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return f"{settings.THROTTLE_KEY_PREFIX}:{self.scope}:{digest}"

    def recent(self, now: float) -> list[float]:
        """The counted times within the window, newest first."""
        _, seconds = self.rate()
        try:
            stored = cache.get(self.key())
        except Exception:  # a shared cache that does not answer: count nothing, refuse nothing
            logger.warning("The throttles' cache did not answer; %s is not counted.", self.scope)
            return []
        if not isinstance(stored, list):
            return []
        return [moment for moment in stored if isinstance(moment, float) and moment > now - seconds]

    def wait(self, now: float) -> float | None:
        """Seconds until this caller may be counted once more; None when it may now."""
        count, seconds = self.rate()
        recent = self.recent(now)
        if len(recent) < count:
            return None
        # The oldest counted time that keeps the window full has to leave it first.
        return recent[count - 1] + seconds - now

    def add(self, now: float) -> None:
        count, seconds = self.rate()
        recent = [now, *self.recent(now)][:count]
        try:
            cache.set(self.key(), recent, timeout=seconds)
        except Exception:
            logger.warning("The throttles' cache did not answer; %s is not counted.", self.scope)


def client_ip(request: HttpRequest | Request) -> str:
    """The caller's address: the connection's, or with ``PROXY_COUNT`` proxies in front, the
    address the outermost of them saw (counted from the right of X-Forwarded-For; whatever a
    caller writes to its left is not believed)."""
    remote = str(request.META.get("REMOTE_ADDR", ""))
    proxies = int(settings.PROXY_COUNT)
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    if proxies <= 0 or not forwarded.strip():
        return remote
    addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
    if not addresses:
        return remote
    return addresses[-min(proxies, len(addresses))]


def account_name(username: object) -> str:
    """The account a sign-in names, whatever its case and spaces."""
    return str(username or "").strip().casefold()[:150]


def by_address(scope: str, request: HttpRequest | Request) -> Counter:
    return Counter(scope, f"ip:{client_ip(request)}")


def by_account_name(scope: str, username: object) -> Counter:
    return Counter(scope, f"name:{account_name(username)}")


def by_user(scope: str, user: AbstractBaseUser | AnonymousUser) -> Counter:
    return Counter(scope, f"user:{user.pk}")


def by_user_or_address(scope: str, request: HttpRequest | Request) -> Counter:
    """A signed-in caller's account, else the caller's address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return by_user(scope, user)
    return by_address(scope, request)


def sign_in_counters(request: HttpRequest | Request, username: object) -> tuple[Counter, Counter]:
    """What a failed sign-in counts: the caller's address and the account name it tried."""
    return by_address(SIGN_IN_IP, request), by_account_name(SIGN_IN_ACCOUNT, username)


def wait(counters: Iterable[Counter]) -> int | None:
    """Whole seconds until every counter has room (at least 1), or None when all have room."""
    now = time.time()
    waits = [w for w in (counter.wait(now) for counter in counters) if w is not None]
    if not waits:
        return None
    return max(1, math.ceil(max(waits)))


def count(counters: Iterable[Counter]) -> None:
    now = time.time()
    for counter in counters:
        counter.add(now)


def take(counters: Iterable[Counter]) -> int | None:
    """Count the request when every counter has room (None); else the wait, counting nothing."""
    counters = tuple(counters)
    seconds = wait(counters)
    if seconds is None:
        count(counters)
    return seconds


def in_words(seconds: int) -> str:
    if seconds < 60:
        return "a minute"
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return f"{minutes} minutes" if minutes > 1 else "a minute"
    hours = math.ceil(minutes / 60)
    return f"{hours} hours" if hours > 1 else "an hour"


class Refused(Throttled):
    """429 on the API: ``{"detail": "..."}`` and Retry-After (set by DRF from ``wait``)."""

    def __init__(self, seconds: int) -> None:
        super().__init__(detail=f"Too many tries from here: try again in {in_words(seconds)}.")
        self.wait = seconds


def refused_page(request: HttpRequest, seconds: int, what: str) -> HttpResponse:
    """429 on the pages: a short page saying what was refused and when to try again."""
    context = {"what": what, "when": in_words(seconds), "back": request.path}
    response = render(request, "throttled.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
