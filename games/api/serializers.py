"""Serializers the API's answers share: the error bodies, the error answers of a JSON
endpoint, and the root. Each game's endpoints' serializers live in its package
(``games/systems/<slug>/``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from .parsers import MAX_BODY_BYTES

# --- Errors and the root -----------------------------------------------------------------


class BadRequestSerializer(serializers.Serializer[Any]):
    """The body of every 400 (and 413) answer."""

    detail = serializers.CharField(help_text="One readable sentence.")
    errors = serializers.DictField(  # type: ignore[assignment]  # see BlastTarget.label
        child=serializers.ListField(child=serializers.CharField()),
        help_text=(
            "Each bad field's dotted path (list items by index, e.g. targets.0.distance) and "
            "its messages; 'body' for the body as a whole."
        ),
    )


class DetailSerializer(serializers.Serializer[Any]):
    """DRF's usual error body."""

    detail = serializers.CharField()


def error_responses() -> dict[int, OpenApiResponse]:
    """The errors any endpoint reading a JSON body may answer, for its schema."""
    return {
        400: OpenApiResponse(
            BadRequestSerializer,
            description=(
                "Bad input: malformed JSON, a body that is not an object, unknown, missing, "
                "mistyped or out-of-range fields, or inputs the rules do not allow together. "
                "'errors' names every bad field by its dotted path."
            ),
        ),
        413: OpenApiResponse(
            BadRequestSerializer,
            description=f"The body is larger than {MAX_BODY_BYTES // 1024} KiB.",
        ),
        415: OpenApiResponse(DetailSerializer, description="The body is not application/json."),
    }


# A request refused by a throttle (games.throttles).
TOO_MANY = OpenApiResponse(
    DetailSerializer,
    description="Too many requests from this address or account: nothing was done; try again "
    "after the Retry-After header's seconds.",
)


class EndpointSerializer(serializers.Serializer[Any]):
    """One endpoint of the API."""

    name = serializers.CharField()
    method = serializers.CharField()
    url = serializers.URLField()
    description = serializers.CharField()


class ApiRootSerializer(serializers.Serializer[Any]):
    """What the API offers."""

    name = serializers.CharField()
    version = serializers.CharField()
    endpoints = EndpointSerializer(many=True)
    schema = serializers.URLField()
    docs = serializers.URLField()
    redoc = serializers.URLField()
