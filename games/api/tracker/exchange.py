"""A game taken away and brought back: its export (whole, or partial while the game is on)
and the import of a whole export, replayed to the identical game."""

from __future__ import annotations

from typing import Any

from django.utils.http import content_disposition_header
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.fields import typed_json_field
from games.tracker.access import Forbidden, Role
from games.tracker.exchange import EXPORT_FORMAT, export_filename, export_game, import_game
from referee.rules.errors import InvalidInput

from ..parsers import GameImportJSONParser
from ..serializers import BadRequestSerializer
from .answers import GameStateSerializer
from .base import GameAPIView, access_of, bad_input, forbidden, signed_in_user, state_body
from .fields import choice_field
from .openapi import GAME_ID, GAMES, WATCH_PARAMETER, game_responses
from .systems import TRACKED_SYSTEMS, tracked_systems


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
    system = choice_field(TRACKED_SYSTEMS, "The game system's tracker.", tracked_systems)
    name = serializers.CharField(required=False, allow_blank=True)
    catalog_version = serializers.CharField(required=False, allow_blank=True)
    seats = ExportSeatSerializer(many=True, required=False)
    setup = typed_json_field("object", help_text="The system's setup, every secret in it.")
    log = serializers.ListField(
        child=typed_json_field("object"),
        help_text="Every entry, oldest first: {seq, type, by, payload, at}.",
    )


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
        responses={200: ExportSerializer, **game_responses(403, 404)},
    )
    def get(self, request: Request, pk: Any) -> Response:
        game = self.game(pk)
        try:
            document = export_game(game, access_of(request, game))
        except Forbidden as error:
            raise forbidden(error) from None
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
            **game_responses(400, 401),
            413: OpenApiResponse(
                BadRequestSerializer,
                description="Larger than GAME_IMPORT_MAX_BYTES, or more JSON values than "
                "GAME_IMPORT_MAX_VALUES.",
            ),
        },
    )
    def post(self, request: Request) -> Response:
        user = signed_in_user(request)
        try:
            game = import_game(user, request.data)
        except InvalidInput as error:
            raise bad_input(error) from None
        game = self.game(game.pk)
        return Response(
            state_body(request, game, access_of(request, game)), status=status.HTTP_201_CREATED
        )
