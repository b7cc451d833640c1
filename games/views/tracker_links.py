"""The player and watch links of a tracked game: opening one seats a player or lets a
spectator watch, then goes to the game's page."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.models import Game
from games.tracker import service
from games.tracker.forms import form_int
from games.tracker.http import remember_watch_token
from referee.rules.errors import InvalidInput


def _gone(request: HttpRequest, what: str) -> HttpResponse:
    return render(
        request,
        "games/link_gone.html",
        {"what": what},
        status=403,
    )


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """Choose a free seat and sit at it (sign in first)."""
    game = Game.objects.filter(join_token=token).prefetch_related("seats").first()
    if game is None:
        return _gone(request, "player")
    if not isinstance(request.user, User):
        return redirect_to_login(request.get_full_path())
    error = None
    if request.method == "POST":
        problems: dict[str, str] = {}
        seat = form_int(request.POST, "seat", problems)
        try:
            if problems:
                raise InvalidInput({"seat": list(problems.values())})
            service.join(game, request.user, token, seat)
        except service.Forbidden:
            return _gone(request, "player")
        except InvalidInput as problem:
            error = problem.message
        else:
            return redirect(reverse("game", args=[game.pk]))
    access = service.access_for(game, request.user)
    return render(
        request,
        "games/join.html",
        {"game": game, "seats": game.seats.all(), "access": access, "error": error},
        status=400 if error else 200,
    )


def watch(request: HttpRequest, token: str) -> HttpResponse:
    """Watch read-only: an account is recorded as a spectator; a browser without one keeps
    the token in its session."""
    game = Game.objects.filter(watch_token=token).first()
    if game is None:
        return _gone(request, "watch")
    service.watch(game, request.user, token)
    remember_watch_token(request, token)
    return redirect(reverse("game", args=[game.pk]))
