"""How request, answer and error examples are shown in the OpenAPI schema and the interactive
docs (each game's own examples are in its package, ``games/systems/<slug>/``).

Answer examples are computed by the engine each time the schema is built, so they are always
real answers; the tests send each request and error example and compare the answers with
these, so the documentation cannot drift from what the API does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiExample


def request_example(name: str, value: dict[str, Any], summary: str) -> OpenApiExample:
    return OpenApiExample(name, value=value, summary=summary, request_only=True)


def bad_request_example(value: dict[str, Any], summary: str) -> OpenApiExample:
    return OpenApiExample(
        "Bad input", value=value, summary=summary, response_only=True, status_codes=["400"]
    )


class EngineAnswer(OpenApiExample):
    """A 200 example whose value is the API's own answer to ``request``, worked out when the
    schema is built rather than written down by hand."""

    def __init__(
        self,
        name: str,
        request: dict[str, Any],
        respond: Callable[[dict[str, Any]], dict[str, Any]],
        summary: str,
    ) -> None:
        self._request = request
        self._respond = respond
        super().__init__(name, summary=summary, response_only=True, status_codes=["200"])

    @property
    def value(self) -> dict[str, Any]:
        return self._respond(self._request)

    @value.setter
    def value(self, _: Any) -> None:
        """The value is always computed; drf-spectacular's attempts to set it are ignored."""
