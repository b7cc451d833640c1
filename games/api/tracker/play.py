"""A game in play: its state (polled with If-None-Match), its actions posted and previewed,
undo and redo, and its log. An action carries the version its sender saw: a stale one
answers 409 with the current state and what changed, so it is applied once or not at all."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.errors import bad_request_body
from games.models import Game
from games.tracker.access import Access, Forbidden
from games.tracker.apply import Stale, game_apply, preview
from games.tracker.current import current_game
from games.tracker.http import etag, watch_tokens
from games.tracker.selectors import log_entry, log_for
from referee.rules.errors import RulesError
from referee.rules.tracker import REDO, UNDO

from .actions import ACTION_BODY, UndoRedoSerializer, check_action_body
from .answers import ActionResultSerializer, GameStateSerializer, LogSerializer
from .base import GameAPIView, access_of, bad_input, forbidden, state_body
from .openapi import GAME_ID, GAMES, WATCH_PARAMETER, game_responses


@dataclass(frozen=True)
class Asked:
    """An action as its request asks for it."""

    type: str
    payload: Any
    version: int
    seat: int | None = None


def apply_action(
    view: GameAPIView, request: Request, pk: Any, read: Callable[[Game], Asked]
) -> Response:
    """Post one action and answer 201, 400, 403 or 409 with the state. The game is read
    once, its row locked (``game_to_act``); ``read`` then reads the action from the request
    (raising ValidationError for a bad body) and it is applied in the same transaction."""
    try:
        with transaction.atomic():
            game = view.game_to_act(request, pk, lock=True)
            asked = read(game)
            applied = game_apply(
                game=game,
                user=request.user,
                type=asked.type,
                payload=asked.payload,
                expected_version=asked.version,
                seat=asked.seat,
                watch_tokens=watch_tokens(request),
                locked=True,
            )
    except Forbidden as error:
        raise forbidden(error) from None
    except Stale as error:
        access = access_of(request, error.game)
        body = bad_request_body({"version": [error.error.message]})
        body["game"] = state_body(request, error.game, access)
        body["changes"] = [
            entry for entry in log_for(error.game, access) if entry["seq"] > error.seen
        ]
        body["conflict"] = error.conflict.seq if error.conflict is not None else None
        return with_etag(Response(body, status=status.HTTP_409_CONFLICT), error.game, access)
    except RulesError as error:
        raise bad_input(error) from None
    row, access = applied.game, applied.access
    names = {seat.index: seat.name for seat in row.seats.all()}
    entry = log_entry(applied.result, applied.action, access, names)
    entry["at_table"] = access.is_table
    return with_etag(
        Response(
            {"action": entry, "game": state_body(request, row, access)},
            status=status.HTTP_201_CREATED,
        ),
        row,
        access,
    )


def with_etag(response: Response, game: Game, access: Access) -> Response:
    """``response``, whose ``game`` is the state ``access`` sees of ``game`` now, with that
    state's ETag: the sender's next poll of the game sends it and is answered 304 until
    something changes, rather than fetching what it was just sent."""
    response["ETag"] = etag(game, access)
    return response


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
        responses={200: GameStateSerializer, 304: None, **game_responses(403, 404)},
    )
    def get(self, request: Request, pk: Any) -> Response | HttpResponse:
        game = self.game(pk)
        access = access_of(request, game)
        if not access.can_see:
            raise PermissionDenied("You are not at this game: ask the host for a link.")
        tag = etag(game, access)
        if request.headers.get("If-None-Match") == tag:
            response = HttpResponse(status=status.HTTP_304_NOT_MODIFIED)
            response["ETag"] = tag
            response["Cache-Control"] = "no-cache"
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
            "or an outsider is refused (403) whatever the version. A 201 or 409 carries the "
            "ETag of the state it holds: send it as If-None-Match when you poll the game next."
        ),
        request=ACTION_BODY,
        responses={201: ActionResultSerializer, **game_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, pk: Any) -> Response:
        def read(game: Game) -> Asked:
            if isinstance(request.data, dict) and request.data.get("type") in (UNDO, REDO):
                raise ValidationError({"type": ["Use the undo and redo endpoints."]})
            values = check_action_body(game.system, request.data)
            return Asked(
                values["type"], values.get("payload"), values["version"], values.get("seat")
            )

        return apply_action(self, request, pk, read)


class GamePreviewView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        parameters=[GAME_ID],
        summary="Preview an action",
        description="The state you would see after the action, without recording it.",
        request=ACTION_BODY,
        responses={200: GameStateSerializer, **game_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, pk: Any) -> Response:
        game = self.game_to_act(request, pk)
        values = check_action_body(game.system, request.data)
        access = access_of(request, game)
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
            raise forbidden(error) from None
        except RulesError as error:
            raise bad_input(error) from None
        assert body is not None
        body["state"] = view
        return Response(body)


def _undo_redo(view: GameAPIView, request: Request, pk: Any, kind: str) -> Response:
    def read(game: Game) -> Asked:
        data = UndoRedoSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        target = values.get("target")
        if target is None:
            current = current_game(game)
            target = current.next_undo() if kind == UNDO else current.next_redo()
        return Asked(kind, {"target": target}, values["version"])

    return apply_action(view, request, pk, read)


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
        responses={201: ActionResultSerializer, **game_responses(400, 401, 403, 404, 409)},
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
        responses={201: ActionResultSerializer, **game_responses(400, 401, 403, 404, 409)},
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
        responses={200: LogSerializer, **game_responses(403, 404)},
    )
    def get(self, request: Request, pk: Any) -> Response:
        game = self.game(pk)
        try:
            entries = log_for(game, access_of(request, game))
        except Forbidden as error:
            raise forbidden(error) from None
        return Response({"version": len(entries), "entries": entries})
