"""The bodies of a game's actions: one per action type of each tracked system, one per entry
type every game has (request_undo, answer_undo, batch), undo and redo; and the check of an
action's body against its type's declared fields before the rules engine judges it."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from games import registry
from games.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    flatten_errors,
)
from games.tracker.apply import roll_dice
from referee.rules.tracker import (
    ANSWER_UNDO,
    BATCH,
    MAX_BATCH,
    REQUEST_UNDO,
    ActionType,
    System,
)

from .fields import SYSTEM_HELP, names_field, system_field, type_field
from .systems import TRACKED_SYSTEMS

_KINDS: dict[str, type[serializers.Field[Any, Any, Any, Any]]] = {
    "int": StrictIntegerField,
    "str": StrictCharField,
    "bool": StrictBooleanField,
}


def _payload_field(kind: str, description: str, required: bool) -> Any:
    """A payload field of ``kind``. An optional one may also be null, as an engine lists it
    where null means something ("turns": null, a status until removed): the engine judges
    a null where it means nothing, as it does any other value."""
    nullable = not required
    if kind in _KINDS:
        return _KINDS[kind](help_text=description, required=required, allow_null=nullable)
    if kind.startswith("list["):
        inner = kind[5:-1]
        child = _KINDS.get(inner, StrictCharField)()
        return serializers.ListField(
            child=child, help_text=description, required=required, allow_null=nullable
        )
    return serializers.JSONField(help_text=description, required=required, allow_null=nullable)


def _version_and_seat() -> dict[str, Any]:
    """The fields every action body carries besides its type and payload."""
    return {
        "version": StrictIntegerField(
            min_value=0, help_text="The game version the sender saw (GET gives it)."
        ),
        "seat": StrictIntegerField(
            required=False,
            allow_null=True,
            help_text=(
                "The seat acted for: the host at no seat (the table device) may name any; "
                "a player, or a seated host, only their own."
            ),
        ),
    }


def _camel(*parts: str) -> str:
    return "".join(word.capitalize() for part in parts for word in part.split("_"))


def _action_serializer(system: str, action_type: ActionType) -> type[serializers.Serializer[Any]]:
    """A request body for one action type of one system, for the schema."""
    payload_fields = {
        f.name: _payload_field(f.kind, f.description, f.required) for f in action_type.fields
    }
    payload = type(_camel(system, action_type.name, "payload"), (StrictSerializer,), payload_fields)
    fields: dict[str, Any] = {
        "system": system_field((system,), f"{system}.{action_type.name}"),
        "type": type_field(system, action_type),
        "payload": payload(required=bool(action_type.fields)),
        **_version_and_seat(),
        "app_rolls": StrictBooleanField(
            required=False,
            help_text="true: the app rolls the dice fields left out of the payload"
            + (
                f" ({', '.join(f.name for f in action_type.fields if f.dice)})"
                if any(f.dice for f in action_type.fields)
                else " (this action has none)"
            ),
        ),
        "Meta": type("Meta", (), {"ref_name": _camel(system, action_type.name, "action")}),
        "__doc__": f"{registry.trackers()[system].name}: {action_type.description}",
    }
    return type(_camel(system, action_type.name, "action"), (StrictSerializer,), fields)


class UndoRedoSerializer(StrictSerializer):
    version = StrictIntegerField(min_value=0, help_text="The game version the sender saw.")
    target = StrictIntegerField(
        required=False,
        help_text=(
            "The log number to take back (undo: any action in effect; redo: the latest "
            "undone). Left out: the latest (next_undo / next_redo of the state)."
        ),
    )


class ActionSerializer(StrictSerializer):
    system = StrictCharField(max_length=40, help_text=SYSTEM_HELP)
    type = StrictCharField(max_length=40, help_text="An action type of the game's system.")
    payload = serializers.JSONField(required=False, help_text="The action type's fields.")
    version = StrictIntegerField(min_value=0, help_text="The game version the sender saw.")
    seat = StrictIntegerField(required=False, allow_null=True, min_value=0)
    app_rolls = StrictBooleanField(required=False, default=False)


Serializers = dict[tuple[str, str], type[serializers.Serializer[Any]]]


@cache
def _action_serializers_of(systems: tuple[System[Any, Any], ...]) -> Serializers:
    return {
        (system.slug, action_type.name): _action_serializer(system.slug, action_type)
        for system in systems
        for action_type in system.action_types
    }


def action_serializers() -> Serializers:
    """A request body for each action type of each system the registry holds now, so a game
    registered after this module was loaded (a test's settings) is read like the others."""
    return _action_serializers_of(tuple(registry.trackers().values()))


ACTION_SERIALIZERS = action_serializers()
"""The action bodies the schema describes: the systems there were when it was loaded."""


class GameRequestUndoPayloadSerializer(StrictSerializer):
    target = StrictIntegerField(
        min_value=1, help_text="The log number of another seat's action in effect."
    )


class GameAnswerUndoPayloadSerializer(StrictSerializer):
    request = StrictIntegerField(min_value=1, help_text="The log number of the open request.")
    accept = StrictBooleanField(help_text="true: undo it (as an undo would); false: keep it.")


class GameBatchItemSerializer(StrictSerializer):
    type = StrictCharField(
        max_length=40, help_text="An action type of the game's system (not undo, redo, batch...)."
    )
    payload = serializers.JSONField(
        required=False, help_text="That action type's payload, as GameAction gives it."
    )


class GameBatchPayloadSerializer(StrictSerializer):
    actions = serializers.ListField(
        child=GameBatchItemSerializer(),
        min_length=1,
        max_length=MAX_BATCH,
        help_text=f"1 to {MAX_BATCH} actions of the acting seat, applied in order, all or nothing.",
    )


def _batch_payload(system: str) -> type[StrictSerializer]:
    """A batch's payload as one system's schema says it: its items are that system's actions."""
    names = [action_type.name for action_type in registry.trackers()[system].action_types]
    item = type(
        _camel(system, "batch_item"),
        (StrictSerializer,),
        {
            "type": names_field(names, f"An action type of {registry.trackers()[system].name}."),
            "payload": serializers.JSONField(
                required=False, help_text="That action type's payload, as its action gives it."
            ),
        },
    )
    actions = serializers.ListField(
        child=item(),
        min_length=1,
        max_length=MAX_BATCH,
        help_text=f"1 to {MAX_BATCH} actions of the acting seat, applied in order, all or nothing.",
    )
    return type(_camel(system, "batch_payload"), (StrictSerializer,), {"actions": actions})


CORE_ACTION_TYPES = (
    (
        ActionType(
            REQUEST_UNDO,
            "Ask the seat whose action it is to undo it (a player undoes only their own seat's "
            "actions directly). Refused for your own seat's action, one not in effect, or one "
            "already asked about. The state lists open requests in undo_requests.",
        ),
        GameRequestUndoPayloadSerializer,
    ),
    (
        ActionType(
            ANSWER_UNDO,
            "Answer an open request to undo: that seat's player (or the host at the table's "
            "shared device) accepts, which undoes the action as an undo does (refused the "
            "same way), or declines, which changes nothing else.",
        ),
        GameAnswerUndoPayloadSerializer,
    ),
    (
        ActionType(
            BATCH,
            "Several actions of one seat committed as one log entry: applied in order, all "
            "or nothing (a refusal names the action, 'Change 2 of 3'); one undo or redo takes "
            "back or restores all of it.",
        ),
        GameBatchPayloadSerializer,
    ),
)


def _core_action_serializer(
    action_type: ActionType, payload: type[StrictSerializer], system: str | None = None
) -> type[serializers.Serializer[Any]]:
    """A request body for an entry type every game has: of one ``system`` for the schema, or
    of any (``None``) to check a body with."""
    systems = TRACKED_SYSTEMS if system is None else (system,)
    if system is not None and action_type.name == BATCH:
        payload = _batch_payload(system)
    name = _camel(system or "", action_type.name, "action")
    fields: dict[str, Any] = {
        "system": system_field(systems, f"{system or 'core'}.{action_type.name}"),
        "type": type_field(system or "core", action_type),
        "payload": payload(),
        **_version_and_seat(),
        "Meta": type("Meta", (), {"ref_name": name}),
        "__doc__": f"{registry.trackers()[system].name if system else 'Every game'}: "
        f"{action_type.description}",
    }
    if action_type.name == BATCH:
        fields["app_rolls"] = StrictBooleanField(
            required=False, help_text="true: the app rolls the dice fields each action leaves out"
        )
    return type(name, (StrictSerializer,), fields)


CORE_ACTION_SERIALIZERS: dict[str, type[serializers.Serializer[Any]]] = {
    action_type.name: _core_action_serializer(action_type, payload)
    for action_type, payload in CORE_ACTION_TYPES
}

SYSTEM_CORE_SERIALIZERS: dict[tuple[str, str], type[serializers.Serializer[Any]]] = {
    (slug, action_type.name): _core_action_serializer(action_type, payload, slug)
    for slug in registry.trackers()
    for action_type, payload in CORE_ACTION_TYPES
}

ACTION_BODY = PolymorphicProxySerializer(
    component_name="GameAction",
    serializers=[
        serializer
        for slug in registry.trackers()
        for (system, _), serializer in [
            *ACTION_SERIALIZERS.items(),
            *SYSTEM_CORE_SERIALIZERS.items(),
        ]
        if system == slug
    ],
    resource_type_field_name=None,
)
"""One body per system and action type: ``system`` and ``type`` together say which, so an
action of one system is never a valid body for another's game."""


def check_action_body(system: str, data: Any) -> dict[str, Any]:
    """The action request, its payload checked against the action type's declared fields
    (types, required fields, no unknown keys), so the API does what its schema says; the
    rules engine then judges whether the action is allowed now. A batch's actions are each
    checked so, their problems filed under ``payload.actions.<index>``."""
    body = ActionSerializer(data=data)
    body.is_valid(raise_exception=True)
    values: dict[str, Any] = dict(body.validated_data)
    if values["system"] != system:
        raise ValidationError(
            {
                "system": [
                    f'This game is {registry.trackers()[system].name}: its actions say "{system}".'
                ]
            }
        )
    kind = values["type"]
    specific = action_serializers().get((system, kind)) or CORE_ACTION_SERIALIZERS.get(kind)
    if specific is None:
        raise ValidationError({"type": [_unknown_type(system, kind, CORE_ACTION_SERIALIZERS)]})
    if values.get("app_rolls") and isinstance(values.get("payload", {}), dict):
        data = {**data, "payload": roll_dice(system, kind, data.get("payload"))}
    checked = specific(data=data)
    checked.is_valid(raise_exception=True)
    values["payload"] = dict(checked.validated_data.get("payload") or {})
    if kind == BATCH:
        values["payload"] = {"actions": _check_batch(system, values["payload"]["actions"])}
    return values


def _unknown_type(system: str, kind: str, also: Mapping[str, Any]) -> str:
    known = ", ".join([*(name for slug, name in action_serializers() if slug == system), *also])
    return f"{registry.trackers()[system].name} has no action {kind!r}; there are: {known}."


def _check_batch(system: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    checked: list[dict[str, Any]] = []
    problems: dict[str, Any] = {}
    for index, item in enumerate(items):
        where = f"payload.actions.{index}"
        specific = action_serializers().get((system, item["type"]))
        if specific is None:
            message = _unknown_type(system, item["type"], {})
            problems[f"{where}.type"] = [f"Change {index + 1} of {len(items)}: {message}"]
            continue
        one = {
            "system": system,
            "type": item["type"],
            "payload": item.get("payload") or {},
            "version": 0,
        }
        sub = specific(data=one)
        if not sub.is_valid():
            problems.update(flatten_errors(sub.errors, where))
            continue
        payload = dict(sub.validated_data.get("payload") or {})
        checked.append({"type": item["type"], "payload": payload})
    if problems:
        raise ValidationError(problems)
    return checked
