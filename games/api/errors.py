"""The API's error responses.

Every kind of bad input (malformed JSON, a body that is not an object, unknown or missing
fields, wrong types, out-of-range values, contradictions the rules engine finds) answers
HTTP 400 with one body shape::

    {"detail": "<one readable sentence>",
     "errors": {"attacker.atk": ["..."], "targets.0.distance": ["..."]}}

``errors`` maps a dotted path into the request (list items by their index) to that field's
messages; problems with the body as a whole are filed under ``"body"``. Other errors (404,
405, 415 ...) keep DRF's usual ``{"detail": "..."}``.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.errors import BODY, bad_request_body
from games.fields import flatten_errors


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """REST_FRAMEWORK's EXCEPTION_HANDLER: the uniform 400 body for bad input, DRF's default
    for everything else."""
    if isinstance(exc, exceptions.ValidationError):
        errors = flatten_errors(exc.detail) or {BODY: ["The request is invalid."]}
        return Response(bad_request_body(errors), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, exceptions.ParseError):
        errors = {BODY: [str(exc.detail)]}
        return Response(bad_request_body(errors), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestTooLarge):
        errors = {BODY: [str(exc.detail)]}
        return Response(bad_request_body(errors), status=exc.status_code)
    return drf_exception_handler(exc, context)
