"""The health check used by load balancers and by `make run` users to see the site is up."""

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Answer 200 when the database answers a query, 503 when it does not."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        # The error itself goes to the log, not to whoever asked: it can name hosts and users.
        logger.exception("Health check: the database did not answer")
        return JsonResponse(
            {
                "status": "error",
                "database": "error",
                "detail": "The database did not answer a query; see the server log.",
            },
            status=503,
        )
    return JsonResponse({"status": "ok", "database": "ok"})
