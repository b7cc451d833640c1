"""The systems the game tracker runs, and the endpoint listing them: each one's seats, action
types with their payload fields, and an example setup (``GET /api/games/systems/``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import registry
from referee.rules.tracker import PayloadField

from .openapi import GAMES

TRACKED_SYSTEMS = tuple(registry.trackers())
"""The systems the schema lists: those there were when it was loaded."""


def tracked_systems() -> tuple[str, ...]:
    """The systems the registry holds now, which a request's ``system`` is checked against."""
    return tuple(registry.trackers())


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
