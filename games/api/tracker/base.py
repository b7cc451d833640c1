"""What every tracked-game view shares: the base view (who is signed in, which game, who may
act at it), the state body it answers, and how a refusal becomes the API's 400 or 403."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.http import Http404
from django.urls import reverse as url_reverse
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotAuthenticated, PermissionDenied, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.views import APIView

from games.models import Game
from games.tokens import TokenAuthentication
from games.tracker.access import Access, Forbidden, access_for, require_act
from games.tracker.http import watch_tokens
from games.tracker.selectors import game_with_seats, state_for
from referee.rules.errors import InvalidInput, RulesError

from ..parsers import BoundedJSONParser


def bad_input(error: RulesError, prefix: str = "") -> ValidationError:
    """A rules error as the API's 400, naming each bad field (``prefix`` before its path)."""
    if isinstance(error, InvalidInput):
        problems = error.problems
    else:
        problems = {error.field or "body": [error.message]}
    return ValidationError({f"{prefix}{path}": messages for path, messages in problems.items()})


def access_of(request: Request, game: Game) -> Access:
    """What the sender may do at ``game``: by their account, or a watch token."""
    return access_for(game, request.user, watch_tokens(request))


def forbidden(error: Forbidden) -> PermissionDenied:
    """A refusal as the API's 403, saying why."""
    return PermissionDenied(str(error))


def game_url(request: Request, game: Game) -> str:
    return request.build_absolute_uri(url_reverse("api:game", args=[game.pk]))


def state_body(request: Request, game: Game, access: Access) -> dict[str, Any]:
    body = state_for(game, access)
    body["url"] = game_url(request, game)
    return body


def signed_in_user(request: Request) -> User:
    """The sender's account; a sender not signed in is refused (NotAuthenticated)."""
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

    def game(self, pk: Any, *, lock: bool = False) -> Game:
        """The game with its seats (with ``lock``, its row locked as ``apply.locking``
        locks it, for an action); 404 without one."""
        found = game_with_seats(pk, lock=lock)
        if found is None:
            raise Http404("No such game.")
        return found

    def game_to_act(self, request: Request, pk: Any, *, lock: bool = False) -> Game:
        """The game, once the sender is known to be one who may act at it: anyone else is
        refused (403) before the body is read, so a refusal tells an outsider nothing
        about the game (not even which game system it is). With ``lock``, its row is
        locked until the caller's transaction ends (``apply.locking``), for an action."""
        game = self.game(pk, lock=lock)
        try:
            require_act(access_of(request, game))
        except Forbidden as error:
            raise forbidden(error) from None
        return game
