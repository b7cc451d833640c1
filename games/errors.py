"""The body of a 400 answer, shared by the REST API and the tasks that give its answers.

Every kind of bad input answers with one body shape::

    {"detail": "<one readable sentence>",
     "errors": {"attacker.atk": ["..."], "targets.0.distance": ["..."]}}

``errors`` maps a dotted path into the request (list items by their index) to that field's
messages; problems with the body as a whole are filed under ``"body"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework.settings import api_settings

BODY = "body"
"""The path under which problems with the request body as a whole are reported."""


def flatten_errors(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Turn DRF's nested error structure into ``{dotted.path: [messages]}``.

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


def summary(errors: Mapping[str, list[str]]) -> str:
    """One readable sentence for the ``detail`` of a 400 response."""
    if len(errors) == 1:
        path, messages = next(iter(errors.items()))
        message = messages[0]
        if path == BODY:
            return message
        return f"{path}: {message}" if len(messages) == 1 else f"{path}: {' '.join(messages)}"
    paths = ", ".join(errors)
    return f"{len(errors)} fields are invalid: {paths}."


def bad_request_body(errors: Mapping[str, list[str]]) -> dict[str, Any]:
    return {"detail": summary(errors), "errors": dict(errors)}
