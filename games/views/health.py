"""The health check used by load balancers and by `make run` users to see the site is up.

It asks each service the site needs and names the one that does not answer: the database
always; the task queue's broker when one is configured (CELERY_BROKER_URL: without it tasks run
inline and there is nothing to ask); the cache when it is shared (CACHE_URL), since a cache in
the process's own memory cannot fail on its own.
"""

import logging
import secrets
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from referee.celery import app

logger = logging.getLogger(__name__)

LOCAL_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)

PROBLEMS = {
    "database": "The database did not answer a query",
    "broker": "The task queue's broker did not answer, so batch checks cannot start",
    "cache": "The cache did not answer",
}


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _broker() -> None:
    # One try, within the broker's own timeouts (CELERY_BROKER_TIMEOUT): a load balancer asks
    # every few seconds and must not wait on Celery's reconnection loop.
    with app.connection_for_write() as broker:
        broker.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=5)
        broker.default_channel  # noqa: B018 - opening a channel is the check: it pings Redis


def _cache() -> None:
    # A key of its own per check: load balancers ask several workers at once, and a shared
    # key would let one check read what another just wrote.
    token = secrets.token_hex(8)
    key = f"healthz:{token}"
    cache.set(key, token, timeout=10)
    try:
        if cache.get(key) != token:
            raise RuntimeError("the cache did not give back what was just stored")
    finally:
        cache.delete(key)


def checks() -> dict[str, Callable[[], None]]:
    """The services this site is configured to need, each with its check."""
    found: dict[str, Callable[[], None]] = {"database": _database}
    if not app.conf.task_always_eager:
        found["broker"] = _broker
    if settings.CACHES["default"]["BACKEND"] not in LOCAL_CACHES:
        found["cache"] = _cache
    return found


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when every service answers; 503 naming the ones that do not."""
    body: dict[str, str] = {"status": "ok"}
    failed: list[str] = []
    for name, check in checks().items():
        try:
            check()
        except Exception:
            # The error itself goes to the log, not to whoever asked: it can name hosts and users.
            logger.exception("Health check: the %s did not answer", name)
            body[name] = "error"
            failed.append(name)
        else:
            body[name] = "ok"
    if not failed:
        return JsonResponse(body)
    body["status"] = "error"
    body["detail"] = "; ".join(PROBLEMS[name] for name in failed) + "; see the server log."
    return JsonResponse(body, status=503)
