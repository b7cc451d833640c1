"""Tracked games over REST: create, join, watch, read the state, post actions, undo and redo,
read the log, export and import.

The views translate HTTP and nothing else: ``games.tracker.access`` decides who may do what
and ``apply.game_apply`` is the one way a game changes. An action carries the version of
the game its sender saw; a stale one answers 409 with the current state, so an action is
applied exactly once or not at all. The state answers 304 to ``If-None-Match`` when nothing
changed, which is what a polling tablet sends.

Roles: the host (who created the game) at no seat is the table's shared device and acts for
any seat; a host at a seat plays it like any player (seated through the player link);
spectators (through the watch link) only read; outsiders get 403. Nobody sees a secret that
is not theirs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse as url_reverse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotAuthenticated, PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import registry
from games.errors import bad_request_body
from games.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
    flatten_errors,
    typed_json_field,
)
from games.models import Game
from games.models.tracker import PendingGame
from games.tokens import TokenAuthentication
from games.tracker import lobby, setups
from games.tracker.access import Access, Forbidden, Role, access_for, require_act, require_host
from games.tracker.apply import Stale, game_apply, preview, roll_dice
from games.tracker.current import current_game
from games.tracker.exchange import EXPORT_FORMAT, export_filename, export_game, import_game
from games.tracker.http import etag, watch_tokens
from games.tracker.lifecycle import MAX_GAME_NAME, join, replace_link, watch
from games.tracker.seating import TrackerSetup
from games.tracker.selectors import log_entry, log_for, state_for
from referee.rules.errors import InvalidInput, RulesError
from referee.rules.tracker import (
    ANSWER_UNDO,
    BATCH,
    MAX_BATCH,
    REDO,
    REQUEST_UNDO,
    UNDO,
    ActionType,
    PayloadField,
    System,
)

from .parsers import BoundedJSONParser, GameImportJSONParser
from .serializers import BadRequestSerializer, DetailSerializer

GAMES = "Game tracker"
TRACKED_SYSTEMS = tuple(registry.trackers())

# --- Requests -----------------------------------------------------------------------------

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


def _type_field(system: str, action_type: ActionType) -> Any:
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


def _system_field(systems: tuple[str, ...], body: str) -> Any:
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


def _names_field(names: list[str], description: str) -> Any:
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


def _choice_field(
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


def _camel(*parts: str) -> str:
    return "".join(word.capitalize() for part in parts for word in part.split("_"))


def _action_serializer(system: str, action_type: ActionType) -> type[serializers.Serializer[Any]]:
    """A request body for one action type of one system, for the schema."""
    payload_fields = {
        f.name: _payload_field(f.kind, f.description, f.required) for f in action_type.fields
    }
    payload = type(_camel(system, action_type.name, "payload"), (StrictSerializer,), payload_fields)
    fields: dict[str, Any] = {
        "system": _system_field((system,), f"{system}.{action_type.name}"),
        "type": _type_field(system, action_type),
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


def tracked_systems() -> tuple[str, ...]:
    return tuple(registry.trackers())


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
            "type": _names_field(names, f"An action type of {registry.trackers()[system].name}."),
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
        "system": _system_field(systems, f"{system or 'core'}.{action_type.name}"),
        "type": _type_field(system or "core", action_type),
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


def _setup_help(said: Callable[[TrackerSetup], str]) -> str:
    """What the games set up from saved lists say of one of the fields below, each its own
    sentence: first the games whose host chooses who plays first, each in the registry's
    order."""
    ways = sorted(setups.from_lists().values(), key=lambda way: not way.first_player_at_setup)
    return " ".join(words for way in ways if (words := said(way)))


class CreateGameSerializer(StrictSerializer):
    system = _choice_field(TRACKED_SYSTEMS, "The game system's tracker.", tracked_systems)
    name = StrictCharField(
        max_length=MAX_GAME_NAME,
        required=False,
        allow_blank=True,
        help_text="The game's name (default: the players' names, 'Ann vs Ben', and the game's "
        "short name).",
    )
    seat = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        help_text=(
            "The seat you take (left out or null: none, you are the table's shared device). "
            "With 'lists', give one list, yours: the game then waits (status 'waiting') for "
            "the other player to bring theirs through the player link (POST "
            "/api/games/join/ with 'list') and starts when every seat has its list."
        ),
    )
    setup = typed_json_field(
        "object",
        required=False,
        help_text="The system's setup JSON in full; or give 'lists' to build it from saved lists.",
    )
    lists = serializers.ListField(
        child=serializers.UUIDField(),
        required=False,
        help_text=(
            "Your saved lists (legal now) of the system: two, one per player in seat order, "
            "or with 'seat' one, yours."
        ),
    )
    players = serializers.ListField(
        child=StrictCharField(max_length=MAX_GAME_NAME, allow_blank=True),
        required=False,
        help_text=(
            "The players' names, one per list (default or empty: the list's name; with "
            "'seat', your account's)."
        ),
    )
    first_player = typed_json_field(
        "integer",
        "string",
        required=False,
        help_text=_setup_help(lambda way: way.first_player_help),
    )
    parties = typed_json_field(
        "array", required=False, help_text=_setup_help(lambda way: way.parties_help)
    )
    options = typed_json_field(
        "object",
        required=False,
        help_text="System options for a setup from lists (battle size, scenario).",
    )
    colours = serializers.ListField(
        child=StrictCharField(), required=False, help_text="One #rrggbb colour per seat."
    )


class JoinSerializer(StrictSerializer):
    token = StrictCharField(max_length=60, help_text="The token of the player link.")
    seat = StrictIntegerField(
        required=False, allow_null=True, min_value=0, help_text="The seat; the first free one."
    )
    list = serializers.UUIDField(
        required=False,
        help_text=(
            "A game waiting for its players: your saved list (legal now) of its system, which "
            "you bring to your seat. Required there; refused once the game has started."
        ),
    )
    player = StrictCharField(
        max_length=MAX_GAME_NAME,
        required=False,
        allow_blank=True,
        help_text="A waiting game: the name you play by (default: your account's).",
    )
    party = typed_json_field(
        "object", required=False, help_text=_setup_help(lambda way: way.party_help)
    )


class WaitingSeatSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    name = serializers.CharField(help_text="The player's name; empty while the seat is free.")
    taken = serializers.BooleanField(help_text="Whether an account sits here.")
    ready = serializers.BooleanField(help_text="Whether its player has brought their list.")


class WaitingLinksSerializer(serializers.Serializer[Any]):
    join_url = serializers.URLField(help_text="The player link: share it with the opponent.")
    join_token = serializers.CharField()


class WaitingGameSerializer(serializers.Serializer[Any]):
    """A game waiting for its players' lists: no setup and no state yet."""

    id = serializers.UUIDField(help_text="The game keeps this id when it starts.")
    system = serializers.CharField()
    name = serializers.CharField(help_text="Its name, or the one it will get (… for a free seat).")
    # plain strings: an enum named "role" or "status" would collide with the game's and
    # the batches' in the schema
    status = serializers.CharField(help_text="Always 'waiting': its players' lists are due.")
    role = serializers.CharField(
        help_text="host, player (you sit here) or invited (you hold the link only)."
    )
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat, if you sit here.")
    seats = WaitingSeatSerializer(many=True)
    waiting_for = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats still without a list."
    )
    url = serializers.URLField(
        help_text="GET it to see whether the game has started (then it answers the game)."
    )
    links = WaitingLinksSerializer(required=False, help_text="The host's only.")


class WatchSerializer(StrictSerializer):
    token = StrictCharField(max_length=60, help_text="The token of the watch link.")


class LinkSerializer(StrictSerializer):
    link = StrictChoiceField(["join", "watch"], help_text="Which link to replace (revoke).")


# --- Answers (for the schema) -------------------------------------------------------------


class SeatSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    name = serializers.CharField()
    colour = serializers.CharField()
    taken = serializers.BooleanField(help_text="Whether an account has joined this seat.")


class LegalActionSerializer(serializers.Serializer[Any]):
    """One action a seat may take now, as the game's rules engine lists it."""

    type = serializers.CharField(help_text="The action type; post it as it is.")
    # named as Field attributes are: the JSON keys the engine gives
    label = serializers.CharField(help_text="In words, for a button.")  # type: ignore[assignment]
    seat = serializers.IntegerField(help_text="The seat it is taken for; send it as 'seat'.")
    payload = serializers.JSONField(
        help_text="A complete payload: sent as it is, the action applies."
    )
    choices = serializers.JSONField(
        help_text=(
            "The payload fields a player picks, each with what it may be: a list of values; "
            '{"min", "max"} for a whole number; {"dice", "faces"} for a roll, with "labels" '
            'saying whose each die is when the game knows ("Ana\'s die"); {"order": [..]} '
            'to list the items in a chosen order; {"some_of": [..], "min", "max"} for a few '
            'different values; {"text": {"max"}} for words the player types (a card\'s '
            "name). Any combination of allowed values applies."
        )
    )
    at = serializers.CharField(
        allow_blank=True,
        help_text=(
            "The piece of the board it concerns, as the state names it (e.g. "
            "'guardian:1:Bard', 'model:0:footman-1'); empty for the game as a whole."
        ),
    )
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text="Words for the ids in the payload and the choices, so none is shown raw.",
    )


class UndoRequestSerializer(serializers.Serializer[Any]):
    """An open request to undo, waiting for its answer (answer_undo)."""

    seq = serializers.IntegerField(help_text="The request's log number: answer_undo's 'request'.")
    by = serializers.IntegerField(help_text="The seat that asks.")
    target = serializers.IntegerField(help_text="The log number of the action to undo.")
    to = serializers.IntegerField(
        allow_null=True,
        help_text="The seat whose action it is, who answers; null: the host's (no seat).",
    )
    text = serializers.CharField(help_text="In words, as you may read it.")


class RefusedSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField(help_text="The entry the rules now refuse.")
    text = serializers.CharField(help_text="Its history line, as you may read it.")
    reason = serializers.CharField(help_text="Why: said to that entry's own seat alone.")
    set_aside = serializers.IntegerField(
        help_text="How many entries the next action sets aside: that one and every later one."
    )


class GameStateSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    system = serializers.CharField()
    name = serializers.CharField()
    version = serializers.IntegerField(help_text="The number of log entries; send it back.")
    role = serializers.ChoiceField([r.value for r in Role])
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat, if you sit here.")
    seats = SeatSerializer(many=True)
    next_undo = serializers.IntegerField(allow_null=True)
    next_redo = serializers.IntegerField(allow_null=True)
    finished = serializers.BooleanField()
    state = serializers.JSONField(help_text="The system's state as you may see it.")
    legal_actions = LegalActionSerializer(
        many=True,
        help_text=(
            "What you may do now: a player, their seat's actions; the host at no seat (the "
            "table's shared device), every seat's; a spectator, none."
        ),
    )
    undo_requests = UndoRequestSerializer(
        many=True,
        help_text=(
            "The open requests to undo, oldest first. A request closes when answered, or "
            "lapses when its action is undone some other way first (the log says which)."
        ),
    )
    refused = RefusedSerializer(
        allow_null=True,
        help_text=(
            "null, unless the rules of this version refuse an entry of this stored game "
            "(they were tightened since it was recorded): the game then stands just before "
            "it, and the next action sets it and every later entry aside, kept in the log "
            "(R210). Export the game first to keep the whole log as it was played."
        ),
    )
    url = serializers.URLField()


class LogEntrySerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    by = serializers.IntegerField(allow_null=True)
    by_name = serializers.CharField(allow_null=True)
    payload = serializers.JSONField(allow_null=True, help_text="null: a secret not yours.")
    at = serializers.CharField(allow_null=True)
    text = serializers.CharField()
    in_effect = serializers.BooleanField(allow_null=True, help_text="false once undone.")
    at_table = serializers.BooleanField(
        help_text=(
            "Whether the table's shared device (the host at no seat) recorded it. 'by' is "
            "the seat it was taken for, or null for the table as a whole; with at_table true "
            "it was the shared device that recorded it, not that seat's own tablet."
        )
    )


class LogSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    entries = LogEntrySerializer(many=True)


class ExportSeatSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    colour = serializers.CharField()


class ExporterSerializer(serializers.Serializer[Any]):
    role = serializers.ChoiceField([r.value for r in Role])
    seat = serializers.IntegerField(allow_null=True)


class ExportSerializer(serializers.Serializer[Any]):
    """A game export: whole (replays to the identical game) or partial (what one viewer may
    see during the game; it cannot be imported)."""

    format = serializers.CharField(help_text=f"Always {EXPORT_FORMAT!r}.")
    format_version = serializers.IntegerField()
    # named as the export's JSON key; the metaclass takes it for a field, not the flag
    partial = serializers.BooleanField(  # type: ignore[assignment]
        help_text=(
            "false: the whole game, for POST /api/games/import/. true: only what the "
            "exporting viewer may see while the game is on; it cannot be imported."
        )
    )
    partial_reason = serializers.CharField(
        required=False, help_text="Partial exports only: why it is partial, in a sentence."
    )
    system = serializers.CharField()
    name = serializers.CharField()
    catalog_version = serializers.CharField()
    seats = ExportSeatSerializer(many=True)
    version = serializers.IntegerField()
    setup = serializers.JSONField(
        required=False, help_text="Whole exports only: the system's setup, every secret in it."
    )
    exported_by = ExporterSerializer(required=False, help_text="Partial exports only.")
    state = serializers.JSONField(
        required=False, help_text="Partial exports only: the state as the exporter sees it."
    )
    log = serializers.ListField(
        child=serializers.JSONField(),
        help_text=(
            "Every entry, oldest first. Whole: {seq, type, by, payload, at}. Partial: as "
            "GET /api/games/<id>/log/ gives them to the exporter (a payload not theirs is "
            "null)."
        ),
    )


@extend_schema_field({"type": "boolean", "enum": [False]})
class NotPartialField(serializers.BooleanField):
    """Only ``false``: a partial export cannot be replayed."""


class GameImportSerializer(serializers.Serializer[Any]):
    """A whole game export (GET /api/games/<id>/export/ once the game is over, or from the
    table's shared device). Its other keys (format_version, version...) are read past."""

    format = serializers.ChoiceField(choices=[EXPORT_FORMAT])
    partial = NotPartialField(  # type: ignore[assignment]  # the export's key
        required=False, help_text="false, or left out: a partial export cannot be imported."
    )
    system = _choice_field(TRACKED_SYSTEMS, "The game system's tracker.", tracked_systems)
    name = serializers.CharField(required=False, allow_blank=True)
    catalog_version = serializers.CharField(required=False, allow_blank=True)
    seats = ExportSeatSerializer(many=True, required=False)
    setup = typed_json_field("object", help_text="The system's setup, every secret in it.")
    log = serializers.ListField(
        child=typed_json_field("object"),
        help_text="Every entry, oldest first: {seq, type, by, payload, at}.",
    )


class ActionResultSerializer(serializers.Serializer[Any]):
    action = LogEntrySerializer()
    game = GameStateSerializer()


class StaleSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField()
    errors = serializers.JSONField(  # type: ignore[assignment]  # as BadRequestSerializer
        help_text='{"version": ["..."]}'
    )
    game = GameStateSerializer(help_text="The current state: look, then send again.")
    changes = LogEntrySerializer(
        many=True,
        required=False,
        help_text=(
            "The log entries recorded after the version you sent, as you may read them: what "
            "changed while you were choosing."
        ),
    )
    conflict = serializers.IntegerField(
        allow_null=True,
        required=False,
        help_text=(
            "The first of them that can change what your action means (an action of a step "
            "played at once is recorded instead, R211); null when your action no longer "
            "applies as it stands, or the version was never the game's."
        ),
    )


class LinksSerializer(serializers.Serializer[Any]):
    join_url = serializers.URLField(help_text="The player link (join a seat).")
    watch_url = serializers.URLField(help_text="The spectator link (read-only).")
    join_token = serializers.CharField()
    watch_token = serializers.CharField()


class GameListSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    results = GameStateSerializer(many=True)


class SeatCountSerializer(serializers.Serializer[Any]):
    min = serializers.IntegerField(help_text="The fewest players.")
    max = serializers.IntegerField(help_text="The most players.")


class PayloadFieldSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    kind = serializers.CharField(help_text="int, str, bool, list[str] ...")
    description = serializers.CharField()
    required = serializers.BooleanField()  # type: ignore[assignment]
    dice = serializers.IntegerField(
        required=False,
        help_text="Dice fields only: how many dice; the app rolls them when asked (app_rolls).",
    )
    faces = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text="Dice fields only: what one die shows.",
    )


class ActionTypeSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    description = serializers.CharField()
    fields = PayloadFieldSerializer(many=True)  # type: ignore[assignment]


class SystemSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField(help_text="What POST /api/games/ takes as 'system'.")
    name = serializers.CharField()
    seats = SeatCountSerializer()
    action_types = ActionTypeSerializer(many=True)
    example_setup = serializers.JSONField(
        allow_null=True,
        help_text="A setup the system accepts: POST /api/games/ takes it as 'setup' as it is.",
    )


class SystemsSerializer(serializers.Serializer[Any]):
    systems = SystemSerializer(many=True)


CREATED_GAME = PolymorphicProxySerializer(
    component_name="CreatedGame",
    serializers=[GameStateSerializer, WaitingGameSerializer],
    resource_type_field_name=None,
)
JOINED_GAME = PolymorphicProxySerializer(
    component_name="JoinedGame",
    serializers=[GameStateSerializer, WaitingGameSerializer],
    resource_type_field_name=None,
)


def _responses(*codes: int) -> dict[int, OpenApiResponse]:
    known = {
        400: OpenApiResponse(
            BadRequestSerializer,
            description="Bad input or an action the rules do not allow now; 'errors' names "
            "the field (payload.guardian, type, seat).",
        ),
        401: OpenApiResponse(DetailSerializer, description="Not signed in."),
        403: OpenApiResponse(
            DetailSerializer,
            description="Not allowed: an outsider, a spectator acting, or not the host.",
        ),
        404: OpenApiResponse(DetailSerializer, description="No such game."),
        409: OpenApiResponse(
            StaleSerializer, description="Stale version: nothing applied; the current state."
        ),
    }
    return {code: known[code] for code in codes}


EXAMPLE_GAME_ID = "0f5b6a52-9a3e-4c8e-b7d1-3a0c2e6f4d21"
GAME_ID = OpenApiParameter(
    "id",
    OpenApiTypes.UUID,
    OpenApiParameter.PATH,
    description="The game's id (GET /api/games/ lists yours).",
    examples=[OpenApiExample("A game", value=EXAMPLE_GAME_ID)],
)

WATCH_PARAMETER = OpenApiParameter(
    "watch",
    str,
    description="A watch-link token, for a spectator without an account.",
    required=False,
)

# --- Helpers ------------------------------------------------------------------------------


def _bad(error: RulesError, prefix: str = "") -> ValidationError:
    if isinstance(error, InvalidInput):
        problems = error.problems
    else:
        problems = {error.field or "body": [error.message]}
    return ValidationError({f"{prefix}{path}": messages for path, messages in problems.items()})


def _access(request: Request, game: Game) -> Access:
    return access_for(game, request.user, watch_tokens(request))


def _forbidden(error: Forbidden) -> PermissionDenied:
    return PermissionDenied(str(error))


def game_url(request: Request, game: Game) -> str:
    return request.build_absolute_uri(url_reverse("api:game", args=[game.pk]))


def state_body(request: Request, game: Game, access: Access) -> dict[str, Any]:
    body = state_for(game, access)
    body["url"] = game_url(request, game)
    return body


def links_body(request: Request, game: Game) -> dict[str, Any]:
    return {
        "join_url": request.build_absolute_uri(url_reverse("game-join", args=[game.join_token])),
        "watch_url": request.build_absolute_uri(url_reverse("game-watch", args=[game.watch_token])),
        "join_token": game.join_token,
        "watch_token": game.watch_token,
    }


def waiting_body(request: Request, view: lobby.Waiting) -> dict[str, Any]:
    """A game waiting for its players as the API answers it: where to poll, and for the
    host the player link to share."""
    body = lobby.waiting_body(view)
    token = view.game.join_token
    body["url"] = request.build_absolute_uri(url_reverse("api:game-join") + f"?token={token}")
    if view.is_host:
        body["links"] = {
            "join_url": request.build_absolute_uri(url_reverse("game-join", args=[token])),
            "join_token": token,
        }
    return body


def _user(request: Request) -> User:
    user = request.user
    if not isinstance(user, User):
        raise NotAuthenticated()
    return user


class GameAPIView(APIView):
    authentication_classes: tuple[type[Any], ...] = (
        TokenAuthentication,
        SessionAuthentication,
    )
    permission_classes: tuple[type[Any], ...] = (IsAuthenticated,)
    parser_classes = (BoundedJSONParser,)

    def game(self, pk: Any) -> Game:
        return get_object_or_404(Game.objects.prefetch_related("seats"), pk=pk)

    def game_to_act(self, request: Request, pk: Any) -> Game:
        """The game, once the sender is known to be one who may act at it: anyone else is
        refused (403) before the body is read, so a refusal tells an outsider nothing
        about the game (not even which game system it is)."""
        game = self.game(pk)
        try:
            require_act(_access(request, game))
        except Forbidden as error:
            raise _forbidden(error) from None
        return game


def apply_action(
    request: Request,
    game: Game,
    *,
    type: str,
    payload: Any,
    version: int,
    seat: int | None = None,
) -> Response:
    """Post one action and answer 201, 400, 403 or 409 with the state."""
    try:
        applied = game_apply(
            game=game,
            user=request.user,
            type=type,
            payload=payload,
            expected_version=version,
            seat=seat,
            watch_tokens=watch_tokens(request),
        )
    except Forbidden as error:
        raise _forbidden(error) from None
    except Stale as error:
        access = _access(request, error.game)
        body = bad_request_body({"version": [error.error.message]})
        body["game"] = state_body(request, error.game, access)
        body["changes"] = [
            entry for entry in log_for(error.game, access) if entry["seq"] > error.seen
        ]
        body["conflict"] = error.conflict.seq if error.conflict is not None else None
        return Response(body, status=status.HTTP_409_CONFLICT)
    except RulesError as error:
        raise _bad(error) from None
    row, access = applied.game, applied.access
    names = {seat.index: seat.name for seat in row.seats.all()}
    entry = log_entry(applied.result, applied.action, access, names)
    entry["at_table"] = access.is_table
    return Response(
        {"action": entry, "game": state_body(request, row, access)},
        status=status.HTTP_201_CREATED,
    )


# --- Views --------------------------------------------------------------------------------


class GamesView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        summary="Your games",
        operation_id="games_list",
        description="The games you host, sit at or watch, most recently changed first.",
        responses={200: GameListSerializer, **_responses(401)},
    )
    def get(self, request: Request) -> Response:
        user = _user(request)
        rows = list(Game.objects.visible_to(user).prefetch_related("seats")[:200])
        results = [state_body(request, g, _access(request, g)) for g in rows]
        return Response({"count": len(results), "results": results})

    @extend_schema(
        tags=[GAMES],
        summary="Start a game",
        description=(
            "Start a game you host: give the system's setup JSON in full, or your saved lists "
            "('lists') with the system's options. At no seat (the table's shared device) you "
            "give both lists and the game starts at once. With 'seat' you sit there at once; "
            "from lists you give only yours, and the answer is the game waiting (status "
            "'waiting', no state) for the other player to bring their own list with the "
            "player link. Answers the game as you see it and its links."
        ),
        request=CreateGameSerializer,
        responses={201: CREATED_GAME, **_responses(400, 401)},
    )
    def post(self, request: Request) -> Response:
        user = _user(request)
        data = CreateGameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        setup = values.get("setup")
        seat = values.get("seat")
        catalog = None
        if setup is None:
            if "lists" not in values:
                raise ValidationError({"setup": ["Give the setup, or your saved lists."]})
            options = dict(values.get("options") or {})
            for key in ("lists", "players", "first_player", "parties"):
                if key in values:
                    options[key] = values[key]
            options["lists"] = [str(list_id) for list_id in values["lists"]]
            if seat is not None:
                return self._wait(request, user, values, options)
            try:
                setup, catalog = setups.setup_from_lists(user, values["system"], options)
            except InvalidInput as error:
                raise _bad(error) from None
        try:
            game = lobby.start_seated(
                host=user,
                seat=seat,
                system=values["system"],
                name=values.get("name"),
                setup=setup,
                colours=values.get("colours"),
                catalog=catalog,
            )
        except InvalidInput as error:
            raise _bad(error) from None
        game = self.game(game.pk)
        body = state_body(request, game, _access(request, game))
        body["links"] = links_body(request, game)
        return Response(body, status=status.HTTP_201_CREATED)

    def _wait(
        self, request: Request, user: User, values: dict[str, Any], options: dict[str, Any]
    ) -> Response:
        """A game whose host sits at ``seat`` with one list, waiting for the other's."""
        problems: dict[str, list[str]] = {}
        for key, what in (("lists", "one list"), ("players", "one name"), ("parties", "one party")):
            given = options.pop(key, None)
            if given is not None and (not isinstance(given, list) or len(given) != 1):
                problems[key] = [
                    f"With a seat, give {what}: yours. The other player brings their own when "
                    "they join with the player link."
                ]
            options[key] = given[0] if isinstance(given, list) and given else None
        if "colours" in values:
            problems["colours"] = ["A game that waits for its players takes the seats' colours."]
        if problems:
            raise ValidationError(problems)
        try:
            pending = lobby.open_game(
                host=user,
                system=values["system"],
                seat=values["seat"],
                list_id=options.pop("lists"),
                name=values.get("name"),
                player=options.pop("players"),
                party=options.pop("parties"),
                options=options,
            )
        except InvalidInput as error:
            paths = {"list": "lists.0", "player": "players.0", "party": "parties.0"}
            raise ValidationError(
                {paths.get(path, path): messages for path, messages in error.problems.items()}
            ) from None
        body = waiting_body(request, lobby.waiting(pending, user))
        return Response(body, status=status.HTTP_201_CREATED)


class GameView(GameAPIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        tags=[GAMES],
        summary="A game's state",
        description=(
            "The game as you may see it. Send If-None-Match with the ETag you last got: "
            "304 when nothing changed (cheap to poll every second). Spectators without an "
            "account add ?watch=<token>."
        ),
        parameters=[GAME_ID, WATCH_PARAMETER],
        responses={200: GameStateSerializer, 304: None, **_responses(403, 404)},
    )
    def get(self, request: Request, pk: Any) -> Response | HttpResponse:
        game = self.game(pk)
        access = _access(request, game)
        if not access.can_see:
            raise PermissionDenied("You are not at this game: ask the host for a link.")
        tag = etag(game, access)
        if request.headers.get("If-None-Match") == tag:
            response = HttpResponse(status=status.HTTP_304_NOT_MODIFIED)
            response["ETag"] = tag
            return response
        response = Response(state_body(request, game, access))
        response["ETag"] = tag
        response["Cache-Control"] = "no-cache"
        return response


class GameActionsView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        parameters=[GAME_ID],
        summary="Post an action",
        description=(
            "Record one action of the game's system (the request body lists every system's "
            "action types and payloads), or one every game has: request_undo and answer_undo "
            "(ask the seat whose action it is to undo it, and its answer), or a batch of "
            "several actions of one seat as one entry. 'version' is the version you saw: when "
            "the game has moved on the answer is 409 with the current state and nothing is "
            "applied. An action the rules do not allow now is a 400 saying why. A spectator "
            "or an outsider is refused (403) whatever the version."
        ),
        request=ACTION_BODY,
        responses={201: ActionResultSerializer, **_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, pk: Any) -> Response:
        game = self.game_to_act(request, pk)
        if isinstance(request.data, dict) and request.data.get("type") in (UNDO, REDO):
            raise ValidationError({"type": ["Use the undo and redo endpoints."]})
        values = check_action_body(game.system, request.data)
        return apply_action(
            request,
            game,
            type=values["type"],
            payload=values.get("payload"),
            version=values["version"],
            seat=values.get("seat"),
        )


class GamePreviewView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        parameters=[GAME_ID],
        summary="Preview an action",
        description="The state you would see after the action, without recording it.",
        request=ACTION_BODY,
        responses={200: GameStateSerializer, **_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, pk: Any) -> Response:
        game = self.game_to_act(request, pk)
        values = check_action_body(game.system, request.data)
        access = _access(request, game)
        body = state_body(request, game, access) if access.can_see else None
        if body is not None and values["version"] != body["version"]:
            stale = bad_request_body(
                {"version": [f"The game is at version {body['version']}, not {values['version']}."]}
            )
            stale["game"] = body
            return Response(stale, status=status.HTTP_409_CONFLICT)
        try:
            view = preview(
                game=game,
                access=access,
                type=values["type"],
                payload=values.get("payload"),
                seat=values.get("seat"),
            )
        except Forbidden as error:
            raise _forbidden(error) from None
        except RulesError as error:
            raise _bad(error) from None
        assert body is not None
        body["state"] = view
        return Response(body)


def _undo_redo(view: GameAPIView, request: Request, pk: Any, kind: str) -> Response:
    game = view.game_to_act(request, pk)
    data = UndoRedoSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    target = values.get("target")
    if target is None:
        access = _access(request, game)
        if not access.can_see:
            raise PermissionDenied("You are not at this game.")
        current = current_game(game)
        target = current.next_undo() if kind == UNDO else current.next_redo()
    return apply_action(
        request,
        game,
        type=kind,
        payload={"target": target},
        version=values["version"],
    )


class GameUndoView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        parameters=[GAME_ID],
        summary="Undo",
        description=(
            "Take back an action still in effect (the latest unless 'target' names another); "
            "refused when a later action depends on it (R50). The undo is itself logged. A "
            "player undoes only their own seat's actions: another seat's is a 403 that says "
            "to ask that seat (a request_undo through the actions endpoint)."
        ),
        request=UndoRedoSerializer,
        responses={201: ActionResultSerializer, **_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, pk: Any) -> Response:
        return _undo_redo(self, request, pk, UNDO)


class GameRedoView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        parameters=[GAME_ID],
        summary="Redo",
        description="Restore the latest undone action (until a new action is recorded).",
        request=UndoRedoSerializer,
        responses={201: ActionResultSerializer, **_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, pk: Any) -> Response:
        return _undo_redo(self, request, pk, REDO)


class GameLogView(GameAPIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        tags=[GAMES],
        summary="The log",
        description="Every entry, oldest first; undone entries stay, marked in_effect false.",
        parameters=[GAME_ID, WATCH_PARAMETER],
        responses={200: LogSerializer, **_responses(403, 404)},
    )
    def get(self, request: Request, pk: Any) -> Response:
        game = self.game(pk)
        try:
            entries = log_for(game, _access(request, game))
        except Forbidden as error:
            raise _forbidden(error) from None
        return Response({"version": len(entries), "entries": entries})


class GameExportView(GameAPIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        tags=[GAMES],
        summary="Export",
        description=(
            "The game as JSON, as you may take it away. Once the game is over, everyone at "
            "the table gets the whole game (setup, seats, every log entry) for POST "
            "/api/games/import/; so does the host at no seat (the table's shared device) at "
            "any time. Before the end, a player, a seated host and a spectator get a partial "
            'export: the state and the log as they see them, marked "partial": true with '
            "the reason; it cannot be imported. Spectators without an account add "
            "?watch=<token>."
        ),
        parameters=[GAME_ID, WATCH_PARAMETER],
        responses={200: ExportSerializer, **_responses(403, 404)},
    )
    def get(self, request: Request, pk: Any) -> Response:
        game = self.game(pk)
        try:
            document = export_game(game, _access(request, game))
        except Forbidden as error:
            raise _forbidden(error) from None
        response = Response(document)
        filename = export_filename(game, document["partial"])
        response["Content-Disposition"] = content_disposition_header(True, filename)
        response["Cache-Control"] = "no-store"
        return response


class GameImportView(GameAPIView):
    parser_classes = (GameImportJSONParser,)

    @extend_schema(
        tags=[GAMES],
        summary="Import",
        description=(
            "A new game you host, replayed from a whole export to the identical state. A "
            "partial export (\"partial\": true) is refused with 400 naming 'partial': it "
            "lacks the secrets a replay needs."
        ),
        request=GameImportSerializer,
        responses={
            201: GameStateSerializer,
            **_responses(400, 401),
            413: OpenApiResponse(
                BadRequestSerializer,
                description="Larger than GAME_IMPORT_MAX_BYTES, or more JSON values than "
                "GAME_IMPORT_MAX_VALUES.",
            ),
        },
    )
    def post(self, request: Request) -> Response:
        user = _user(request)
        try:
            game = import_game(user, request.data)
        except InvalidInput as error:
            raise _bad(error) from None
        game = self.game(game.pk)
        return Response(
            state_body(request, game, _access(request, game)), status=status.HTTP_201_CREATED
        )


class GameJoinView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        summary="Join a seat",
        description=(
            "Sit at a game through its player link's token. A game waiting for its players "
            "(status 'waiting') needs your own saved list of its system ('list'), checked as "
            "when a game starts; when yours is the last list the game starts and the answer "
            "is its state, else the waiting game."
        ),
        request=JoinSerializer,
        responses={200: JOINED_GAME, **_responses(400, 401, 403)},
    )
    def post(self, request: Request) -> Response:
        user = _user(request)
        data = JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        token = values["token"]
        game = Game.objects.filter(join_token=token).first()
        if game is None:
            return self._bring_list(request, user, values)
        brought = [key for key in ("list", "player", "party") if key in values]
        if brought:
            raise ValidationError(
                {key: ["This game has started: its players' lists are set."] for key in brought}
            )
        try:
            join(game, user, token, values.get("seat"))
        except Forbidden as error:
            raise _forbidden(error) from None
        except InvalidInput as error:
            raise _bad(error) from None
        game = self.game(game.pk)
        return Response(state_body(request, game, _access(request, game)))

    def _bring_list(self, request: Request, user: User, values: dict[str, Any]) -> Response:
        pending = PendingGame.objects.filter(join_token=values["token"]).first()
        if pending is None:
            raise PermissionDenied("This player link is not valid any more.")
        if "list" not in values:
            raise ValidationError(
                {"list": ["This game waits for its players' lists: bring your own ('list')."]}
            )
        try:
            result = lobby.bring_list(
                pending,
                user,
                values["token"],
                seat=values.get("seat"),
                list_id=str(values["list"]),
                player=values.get("player"),
                party=values.get("party"),
            )
        except Forbidden as error:
            raise _forbidden(error) from None
        except InvalidInput as error:
            raise _bad(error) from None
        if isinstance(result, Game):
            game = self.game(result.pk)
            return Response(state_body(request, game, _access(request, game)))
        return Response(waiting_body(request, lobby.waiting(result, user)))

    @extend_schema(
        tags=[GAMES],
        summary="Where a player link leads",
        description=(
            "A game waiting for its players: who sits where and which seats it still waits "
            "for (poll it: once the game starts, the answer is the game's state as you see "
            "it). A game that has started: its state, if you are at it (else 403)."
        ),
        parameters=[
            OpenApiParameter(
                "token",
                {"type": "string", "minLength": 1},
                required=True,
                description="The player link's token.",
            )
        ],
        responses={200: JOINED_GAME, **_responses(400, 401, 403)},
    )
    def get(self, request: Request) -> Response:
        user = _user(request)
        token = request.query_params.get("token", "")
        if not token:
            raise ValidationError({"token": ["Give the player link's token."]})
        pending = PendingGame.objects.filter(join_token=token).first()
        if pending is not None:
            return Response(waiting_body(request, lobby.waiting(pending, user)))
        game = Game.objects.filter(join_token=token).prefetch_related("seats").first()
        if game is None:
            raise PermissionDenied("This player link is not valid any more.")
        access = _access(request, game)
        if not access.can_see:
            raise PermissionDenied("You are not at this game: join a seat first.")
        return Response(state_body(request, game, access))


class GameWatchView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        summary="Watch a game",
        description="Become a spectator through a watch link's token (read-only).",
        request=WatchSerializer,
        responses={200: GameStateSerializer, **_responses(400, 401, 403)},
    )
    def post(self, request: Request) -> Response:
        user = _user(request)
        data = WatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token = data.validated_data["token"]
        game = Game.objects.filter(watch_token=token).first()
        if game is None:
            raise PermissionDenied("This watch link is not valid any more.")
        try:
            watch(game, user, token)
        except Forbidden as error:
            raise _forbidden(error) from None
        game = self.game(game.pk)
        return Response(state_body(request, game, _access(request, game)))


class GameLinksView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        parameters=[GAME_ID],
        summary="The player and watch links",
        description="Host only.",
        responses={200: LinksSerializer, **_responses(401, 403, 404)},
    )
    def get(self, request: Request, pk: Any) -> Response:
        game = self.game(pk)
        self._host(request, game)
        return Response(links_body(request, game))

    @extend_schema(
        tags=[GAMES],
        parameters=[GAME_ID],
        summary="Revoke a link",
        description=(
            "Replace the player or watch link with a new one; the old one stops working. "
            "Replacing the watch link also removes every spectator. Host only."
        ),
        request=LinkSerializer,
        responses={200: LinksSerializer, **_responses(400, 401, 403, 404)},
    )
    def post(self, request: Request, pk: Any) -> Response:
        game = self.game(pk)
        self._host(request, game)
        data = LinkSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        replace_link(game, data.validated_data["link"])
        return Response(links_body(request, game))

    def _host(self, request: Request, game: Game) -> None:
        try:
            require_host(_access(request, game))
        except Forbidden as error:
            raise _forbidden(error) from None


def _field_body(payload_field: PayloadField) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": payload_field.name,
        "kind": payload_field.kind,
        "description": payload_field.description,
        "required": payload_field.required,
    }
    if payload_field.dice:
        body["dice"] = payload_field.dice
        body["faces"] = list(payload_field.faces)
    return body


def systems_body() -> dict[str, Any]:
    return {
        "systems": [
            {
                "slug": slug,
                "name": system.name,
                "seats": {"min": system.seats[0], "max": system.seats[1]},
                "action_types": [
                    {
                        "name": a.name,
                        "description": a.description,
                        "fields": [_field_body(f) for f in a.fields],
                    }
                    for a in system.action_types
                ],
                "example_setup": system.example_setup(),
            }
            for slug, system in registry.trackers().items()
        ]
    }


class GameSystemsView(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        tags=[GAMES],
        summary="Tracked systems and their action types",
        description=(
            "Each system the tracker runs: its slug, how many players it seats, its action "
            "types with their payload fields, and an example setup that POST /api/games/ "
            "accepts as it is."
        ),
        responses={200: SystemsSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response(systems_body())
