"""Your games and how you come to one: the list of yours, starting one (from a setup, or
from saved lists, at once or waiting for the other player's list), joining a seat through
the player link (bringing your list to a waiting game) and watching through the watch
link."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.urls import reverse as url_reverse
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from games.fields import (
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    typed_json_field,
)
from games.models import Game
from games.models.tracker import PendingGame
from games.tracker import lobby, setups
from games.tracker.access import Forbidden
from games.tracker.lifecycle import MAX_GAME_NAME, join, watch
from games.tracker.seating import TrackerSetup
from referee.rules.errors import InvalidInput

from .answers import GameStateSerializer
from .base import GameAPIView, access_of, bad_input, forbidden, signed_in_user, state_body
from .fields import choice_field
from .links import links_body
from .openapi import GAMES, game_responses
from .systems import TRACKED_SYSTEMS, tracked_systems


def _setup_help(said: Callable[[TrackerSetup], str]) -> str:
    """What the games set up from saved lists say of one of the fields below, each its own
    sentence: first the games whose host chooses who plays first, each in the registry's
    order."""
    ways = sorted(setups.from_lists().values(), key=lambda way: not way.first_player_at_setup)
    return " ".join(words for way in ways if (words := said(way)))


class CreateGameSerializer(StrictSerializer):
    system = choice_field(TRACKED_SYSTEMS, "The game system's tracker.", tracked_systems)
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


class GameListSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    results = GameStateSerializer(many=True)


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


class GamesView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        summary="Your games",
        operation_id="games_list",
        description="The games you host, sit at or watch, most recently changed first.",
        responses={200: GameListSerializer, **game_responses(401)},
    )
    def get(self, request: Request) -> Response:
        user = signed_in_user(request)
        rows = list(Game.objects.visible_to(user).prefetch_related("seats")[:200])
        results = [state_body(request, g, access_of(request, g)) for g in rows]
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
        responses={201: CREATED_GAME, **game_responses(400, 401)},
    )
    def post(self, request: Request) -> Response:
        user = signed_in_user(request)
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
                raise bad_input(error) from None
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
            raise bad_input(error) from None
        game = self.game(game.pk)
        body = state_body(request, game, access_of(request, game))
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
        responses={200: JOINED_GAME, **game_responses(400, 401, 403)},
    )
    def post(self, request: Request) -> Response:
        user = signed_in_user(request)
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
            raise forbidden(error) from None
        except InvalidInput as error:
            raise bad_input(error) from None
        game = self.game(game.pk)
        return Response(state_body(request, game, access_of(request, game)))

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
            raise forbidden(error) from None
        except InvalidInput as error:
            raise bad_input(error) from None
        if isinstance(result, Game):
            game = self.game(result.pk)
            return Response(state_body(request, game, access_of(request, game)))
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
        responses={200: JOINED_GAME, **game_responses(400, 401, 403)},
    )
    def get(self, request: Request) -> Response:
        user = signed_in_user(request)
        token = request.query_params.get("token", "")
        if not token:
            raise ValidationError({"token": ["Give the player link's token."]})
        pending = PendingGame.objects.filter(join_token=token).first()
        if pending is not None:
            return Response(waiting_body(request, lobby.waiting(pending, user)))
        game = Game.objects.filter(join_token=token).prefetch_related("seats").first()
        if game is None:
            raise PermissionDenied("This player link is not valid any more.")
        access = access_of(request, game)
        if not access.can_see:
            raise PermissionDenied("You are not at this game: join a seat first.")
        return Response(state_body(request, game, access))


class GameWatchView(GameAPIView):
    @extend_schema(
        tags=[GAMES],
        summary="Watch a game",
        description="Become a spectator through a watch link's token (read-only).",
        request=WatchSerializer,
        responses={200: GameStateSerializer, **game_responses(400, 401, 403)},
    )
    def post(self, request: Request) -> Response:
        user = signed_in_user(request)
        data = WatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token = data.validated_data["token"]
        game = Game.objects.filter(watch_token=token).first()
        if game is None:
            raise PermissionDenied("This watch link is not valid any more.")
        try:
            watch(game, user, token)
        except Forbidden as error:
            raise forbidden(error) from None
        game = self.game(game.pk)
        return Response(state_body(request, game, access_of(request, game)))
