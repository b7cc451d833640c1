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
from rest_framework.settings import api_settings

from games.errors import (
    BODY,
    NOT_A_BOOLEAN,
    NOT_A_CHOICE,
    NOT_A_NUMBER,
    NOT_A_STRING,
    NOT_AN_INTEGER,
    NOT_AN_OBJECT,
    NOT_NULL,
    REQUIRED,
    UNKNOWN_FIELD,
)

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

# The words every strict field shares with the odds reader of the tasks (games.errors).
_MISSING: dict[str, str | _StrPromise] = {"required": REQUIRED, "null": NOT_NULL}


def _shown(data: object, limit: int = 40) -> str:
    """A short rendering of a rejected value, so an error never echoes a huge payload back."""
    text = str(data)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer (an integral number such as ``3`` or ``3.0``); never a string or boolean."""

    default_error_messages: ClassVar[dict[str, str | _StrPromise]] = {
        **_MISSING,
        "invalid": NOT_AN_INTEGER,
    }

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        if isinstance(data, float) and not data.is_integer():
            self.fail("invalid")
        return int(data)


class StrictFloatField(serializers.FloatField):
    """A finite JSON number; never a string or boolean."""

    default_error_messages: ClassVar[dict[str, str | _StrPromise]] = {
        **_MISSING,
        "invalid": NOT_A_NUMBER,
    }

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

    default_error_messages: ClassVar[dict[str, str | _StrPromise]] = {
        **_MISSING,
        "invalid": NOT_A_BOOLEAN,
    }

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    """A JSON string; numbers are not turned into text."""

    default_error_messages: ClassVar[dict[str, str | _StrPromise]] = {
        **_MISSING,
        "invalid": NOT_A_STRING,
    }

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class StrictChoiceField(serializers.ChoiceField):
    """One of a fixed set of strings; the error lists the accepted values."""

    default_error_messages: ClassVar[dict[str, str | _StrPromise]] = {
        **_MISSING,
        "invalid_choice": NOT_A_CHOICE,
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

    default_error_messages: ClassVar[dict[str, str | _StrPromise]] = {
        **_MISSING,
        "invalid": NOT_AN_OBJECT,
    }

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


def flatten_errors(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Turn DRF's nested error structure into ``{dotted.path: [messages]}``, the ``errors`` of
    the API's one 400 body (games.errors).

    DRF nests a serializer's errors by field name, a list field's by item index (a dict with
    int keys), and a list serializer's as a list of per-item dicts (empty for valid items).
    ``non_field_errors`` belong to the object that holds them, so they take its path.
    """
    flat: dict[str, list[str]] = {}

    def add(path: str, message: str) -> None:
        flat.setdefault(path or BODY, []).append(message)

    def walk(node: Any, path: str) -> None:
        if isinstance(node, Mapping):
            for key, child in node.items():
                key_text = str(key)
                if key_text == api_settings.NON_FIELD_ERRORS_KEY:
                    walk(child, path)
                else:
                    walk(child, f"{path}.{key_text}" if path else key_text)
        elif isinstance(node, list | tuple):
            if any(isinstance(item, Mapping | list | tuple) for item in node):
                # A list serializer's errors: one entry per item of the request list.
                for index, item in enumerate(node):
                    walk(item, f"{path}.{index}" if path else str(index))
            else:
                for item in node:
                    add(path, str(item))
        else:
            add(path, str(node))

    walk(detail, prefix)
    return flat
