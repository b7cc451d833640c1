"""Strict serializer fields for a JSON API.

DRF's stock fields are lenient in ways that hide client mistakes: ``"6"`` passes as an integer,
``"yes"`` as a boolean, ``3`` as a string, and unknown keys are dropped without a word. These
fields accept only the JSON type the schema documents, and ``StrictSerializer`` names every key
it does not know, so a typo such as ``"atack"`` is reported instead of silently defaulted.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

UNKNOWN_FIELD = "Unknown field."


def _shown(data: object, limit: int = 40) -> str:
    """A short rendering of a rejected value, so an error never echoes a huge payload back."""
    text = str(data)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer (an integral number such as ``3`` or ``3.0``); never a string or boolean."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        if isinstance(data, float) and not data.is_integer():
            self.fail("invalid")
        return int(data)


class StrictFloatField(serializers.FloatField):
    """A finite JSON number; never a string or boolean."""

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        try:
            value = float(data)
        except OverflowError:
            self.fail("invalid")
        if not math.isfinite(value):
            self.fail("invalid")
        return value


class StrictBooleanField(serializers.BooleanField):
    """JSON ``true`` or ``false`` only (DRF would also take ``"yes"``, ``1``, ``"on"`` ...)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    """A JSON string; numbers are not turned into text."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class StrictChoiceField(serializers.ChoiceField):
    """One of a fixed set of strings; the error lists the accepted values."""

    default_error_messages: ClassVar[dict[str, str | _StrPromise]] = {
        "invalid_choice": '"{input}" is not one of: {choices}.',
    }

    def __init__(self, choices: Iterable[str | tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(choices=list(choices), **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str) or data not in self.choice_strings_to_values:
            self.fail(
                "invalid_choice",
                input=_shown(data),
                choices=", ".join(str(choice) for choice in self.choices),
            )
        return str(self.choice_strings_to_values[data])


class StrictSerializer(serializers.Serializer[Any]):
    """A serializer that rejects keys it does not declare, naming each one.

    Unknown keys are reported together with every other problem in the same object, so a
    client sees all its mistakes in one response.
    """

    def to_internal_value(self, data: Any) -> Any:
        unknown: dict[str, list[str]] = {}
        if isinstance(data, Mapping):
            known = self.fields.keys()
            unknown = {str(key): [UNKNOWN_FIELD] for key in data if key not in known}
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as exc:
            if unknown and isinstance(exc.detail, dict):
                raise serializers.ValidationError({**exc.detail, **unknown}) from None
            raise
        if unknown:
            raise serializers.ValidationError(unknown)
        return value


def with_field(
    serializer: type[serializers.Serializer[Any]],
    name: str,
    field: serializers.Field[Any, Any, Any, Any],
    *,
    after: str | None = None,
) -> None:
    """Declare a field whose name is a Python keyword (``def``, ``pass``) on ``serializer``.

    The JSON contract uses those names, which a class body cannot; ``after`` keeps the field in
    its natural place so the schema and responses read in a sensible order.
    """
    declared = serializer._declared_fields
    items = list(declared.items())
    position = len(items)
    if after is not None:
        position = next(i for i, (key, _) in enumerate(items) if key == after) + 1
    items.insert(position, (name, field))
    declared.clear()
    declared.update(items)


JSON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
}


def is_json_type(value: object, kind: str) -> bool:
    """Whether ``value`` (as ``json.loads`` builds it) is of the JSON Schema type ``kind``."""
    if isinstance(value, bool):
        return kind == "boolean"
    return isinstance(value, JSON_TYPES[kind])


def typed_json_field(*kinds: str, **kwargs: Any) -> serializers.JSONField:
    """A JSON value of one of the JSON Schema types ``kinds`` (``"object"``, ``"array"``...),
    documented and checked as such: never null unless ``allow_null``, which a bare
    ``JSONField`` would take without a word while its schema says nothing."""
    schema: dict[str, Any] = (
        {"type": kinds[0]} if len(kinds) == 1 else {"oneOf": [{"type": k} for k in kinds]}
    )

    @extend_schema_field(schema)
    class TypedJSONField(serializers.JSONField):
        def to_internal_value(self, data: Any) -> Any:
            if not any(is_json_type(data, kind) for kind in kinds):
                raise serializers.ValidationError(f"Must be {' or '.join(kinds)}.")
            return super().to_internal_value(data)

    return TypedJSONField(**kwargs)
