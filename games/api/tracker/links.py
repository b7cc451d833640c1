"""A game's player and watch links: the host reads them, and replaces one to revoke it."""

from __future__ import annotations

from typing import Any

from django.urls import reverse as url_reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.fields import StrictChoiceField, StrictSerializer
from games.models import Game
from games.tracker.access import Forbidden, require_host
from games.tracker.lifecycle import replace_link

from .base import GameAPIView, access_of, forbidden
from .openapi import GAME_ID, GAMES, game_responses


class LinkSerializer(StrictSerializer):
    link = StrictChoiceField(["join", "watch"], help_text="Which link to replace (revoke).")


class LinksSerializer(serializers.Serializer[Any]):
    join_url = serializers.URLField(help_text="The player link (join a seat).")
    watch_url = serializers.URLField(help_text="The spectator link (read-only).")
    join_token = serializers.CharField()
    watch_token = serializers.CharField()


def links_body(request: Request, game: Game) -> dict[str, Any]:
    return {
        "join_url": request.build_absolute_uri(url_reverse("game-join", args=[game.join_token])),
        "watch_url": request.build_absolute_uri(url_reverse("game-watch", args=[game.watch_token])),
        "join_token": game.join_token,
        "watch_token": game.watch_token,
    }


class GameLinksView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        parameters=[GAME_ID],
        summary="The player and watch links",
        description="Host only.",
        responses={200: LinksSerializer, **game_responses(401, 403, 404)},
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
        responses={200: LinksSerializer, **game_responses(400, 401, 403, 404)},
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
            require_host(access_of(request, game))
        except Forbidden as error:
            raise forbidden(error) from None
