"""How the API's serializers become its OpenAPI schema, where drf-spectacular alone would say
less than the server enforces.

- A request body read by a ``StrictSerializer`` refuses keys it does not declare, so its schema
  says ``additionalProperties: false``.
- A serializer's ``request_schema`` (a mapping) adds what no single field can say, such as
  ``oneOf`` for "units or text, not both"; its body is then required, though no one field
  is.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance as _force_instance

from games.fields import StrictSerializer

force_instance: Any = _force_instance  # drf-spectacular's functions carry no types


class RefereeAutoSchema(AutoSchema):
    def _map_basic_serializer(self, serializer: Any, direction: str) -> dict[str, Any]:
        parent: Any = super()
        schema: dict[str, Any] = parent._map_basic_serializer(serializer, direction)
        instance = force_instance(serializer)
        if direction == "request" and isinstance(instance, StrictSerializer):
            schema["additionalProperties"] = False
            schema.update(getattr(instance, "request_schema", {}))
        return schema

    def _get_request_for_media_type(
        self, serializer: Any, direction: str = "request"
    ) -> tuple[Any, bool]:
        """A body whose ``request_schema`` asks for one field or another is required, though
        no single field is."""
        parent: Any = super()
        schema, required = parent._get_request_for_media_type(serializer, direction)
        if getattr(force_instance(serializer), "request_schema", None):
            required = True
        return schema, required
