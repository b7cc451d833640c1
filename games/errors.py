"""The body of a 400 answer, shared by the REST API and the tasks that give its answers.

Every kind of bad input answers with one body shape::

    {"detail": "<one readable sentence>",
     "errors": {"attacker.atk": ["..."], "targets.0.distance": ["..."]}}

``errors`` maps a dotted path into the request (list items by their index) to that field's
messages; problems with the body as a whole are filed under ``"body"``.

Plain Python, so a task can answer with it without loading DRF; DRF's own nested errors are
flattened into this shape by ``games.fields.flatten_errors``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

BODY = "body"
"""The path under which problems with the request body as a whole are reported."""

# The words of a bad JSON value, the same whichever side finds it: the API's strict fields
# (games.fields) and the plain readers a game's Celery tasks use (in the game's package).
REQUIRED = "This field is required."
NOT_NULL = "This field may not be null."
UNKNOWN_FIELD = "Unknown field."
NOT_AN_INTEGER = "A valid integer is required."
NOT_A_NUMBER = "A valid number is required."
NOT_A_BOOLEAN = "Must be a valid boolean."
NOT_A_STRING = "Not a valid string."
NOT_A_CHOICE = '"{input}" is not one of: {choices}.'
NOT_AN_OBJECT = "Invalid data. Expected a dictionary, but got {datatype}."
NOT_A_LIST = 'Expected a list of items but got type "{input_type}".'


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
