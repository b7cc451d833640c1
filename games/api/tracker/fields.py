"""Request fields whose choices the schema writes inline (no enum component, so none can
collide with another's): an action's ``type`` and ``system``, a name among a few, a choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework.exceptions import ValidationError

from games.fields import StrictCharField
from referee.rules.tracker import ActionType


def type_field(system: str, action_type: ActionType) -> Any:
    """The action's ``type``: one fixed string, inline in the schema (no enum component)."""

    @extend_schema_field(
        {
            "type": "string",
            "enum": [action_type.name],
            "description": action_type.description,
            # its own choice set per system, so the schema names each after its component
            "x-spec-enum-id": f"{system}.{action_type.name}",
        }
    )
    class TypeField(StrictCharField):
        def to_internal_value(self, data: Any) -> str:
            value = super().to_internal_value(data)
            if value != action_type.name:
                raise ValidationError(f"Must be {action_type.name!r}.")
            return value

    return TypeField(help_text=action_type.description)


SYSTEM_HELP = (
    "The game's system (GET /api/games/systems/ lists them): each system has its own action "
    "types, so a body says which game it was written for; any other is a 400 naming it."
)


def system_field(systems: tuple[str, ...], body: str) -> Any:
    """The action body's ``system``, inline in the schema as the systems it may name; the
    view checks it is the game's."""

    @extend_schema_field(
        {
            "type": "string",
            "enum": list(systems),
            "description": SYSTEM_HELP,
            # its own choice set per body, so the schema names each after its component
            "x-spec-enum-id": f"system.{body}",
        }
    )
    class SystemField(StrictCharField):
        pass

    return SystemField(max_length=40, help_text=SYSTEM_HELP)


def names_field(names: list[str], description: str) -> Any:
    """A string documented as one of ``names``; the view checks it."""

    @extend_schema_field(
        {
            "type": "string",
            "enum": names,
            "description": description,
            "x-spec-enum-id": "names." + ".".join(names),
        }
    )
    class Names(StrictCharField):
        pass

    return Names(max_length=40, help_text=description)


def choice_field(
    choices: tuple[str, ...],
    description: str,
    known: Callable[[], tuple[str, ...]] | None = None,
) -> Any:
    """A choice written inline in the schema, so it cannot collide with another enum. With
    ``known``, a value is checked against what it answers when the request is read (the
    games the registry holds then), while the schema lists ``choices``."""

    @extend_schema_field({"type": "string", "enum": list(choices), "description": description})
    class Choice(StrictCharField):
        def to_internal_value(self, data: Any) -> str:
            value = super().to_internal_value(data)
            allowed = known() if known is not None else choices
            if value not in allowed:
                raise ValidationError(f"Must be one of {', '.join(allowed)} (got {value!r}).")
            return value

    return Choice(help_text=description)
