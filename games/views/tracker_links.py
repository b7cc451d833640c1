"""The player and watch links of a tracked game: opening one seats a player or lets a
spectator watch, then goes to the game's page.

The player link of a game still waiting for its players' lists (``games.tracker.lobby``) is
that game's page until it starts: a player brings their own list there, and the host and
the seated players see who it is waiting for. That part polls itself and is sent to the
game's page once the game starts.
"""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect, HttpResponseClientRefresh

from games import registry
from games.models import Game
from games.models.tracker import PendingGame
from games.tracker import lifecycle, lobby, setups
from games.tracker.access import Forbidden, Role, access_for
from games.tracker.forms import JoinListForm, form_int
from games.tracker.http import remember_watch_token
from games.tracker.selectors import state_for
from referee.rules.errors import InvalidInput

POLL_SECONDS = 2


def _gone(request: HttpRequest, what: str) -> HttpResponse:
    if getattr(request, "htmx", False):
        return HttpResponseClientRefresh()  # a waiting page whose game was called off
    return render(
        request,
        "games/link_gone.html",
        {"what": what},
        status=403,
    )


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """Choose a free seat and sit at it (sign in first); at a game waiting for its players,
    bring your own list too."""
    game = Game.objects.filter(join_token=token).prefetch_related("seats").first()
    if game is None:
        pending = PendingGame.objects.filter(join_token=token).first()
        if pending is None:
            return _gone(request, "player")
        return _waiting(request, pending, token)
    if not isinstance(request.user, User):
        return redirect_to_login(request.get_full_path())
    access = access_for(game, request.user)
    if getattr(request, "htmx", False) and access.role is not Role.OUTSIDER:
        # the waiting page's poll: the game has started
        return HttpResponseClientRedirect(reverse("game", args=[game.pk]))
    error = None
    if request.method == "POST":
        problems: dict[str, str] = {}
        seat = form_int(request.POST, "seat", problems)
        try:
            if problems:
                raise InvalidInput({"seat": list(problems.values())})
            lifecycle.join(game, request.user, token, seat)
        except Forbidden:
            return _gone(request, "player")
        except InvalidInput as problem:
            error = problem.message
        else:
            return redirect(reverse("game", args=[game.pk]))
    return render(
        request,
        "games/join.html",
        {"game": game, "seats": game.seats.all(), "access": access, "error": error},
        status=400 if error else 200,
    )


def _qr(url: str) -> str:
    return str(segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff"))


def _waiting(request: HttpRequest, pending: PendingGame, token: str) -> HttpResponse:
    """A game waiting for its players: a player brings their list and name to a free seat;
    the host and the seated players see who it waits for (the host with the link and its
    QR code to share) and are sent to the game once it starts."""
    if not isinstance(request.user, User):
        return redirect_to_login(request.get_full_path())
    user = request.user
    view = lobby.waiting(pending, user)
    if getattr(request, "htmx", False):
        return render(request, "games/join.html#waiting", _context(request, view, None))
    free = [(s.index, f"Player {s.index + 1}") for s in view.free]
    form = JoinListForm(user=user, system=pending.system, free=free)
    if request.method == "POST":
        if "cancel" in request.POST:
            try:
                lobby.cancel(pending, user)
            except Forbidden as error:
                return render(request, "games/forbidden.html", {"message": str(error)}, status=403)
            messages.success(request, f"“{view.name}” is called off.")
            return redirect("games")
        form = JoinListForm(request.POST, user=user, system=pending.system, free=free)
        if form.is_valid():
            try:
                started = lobby.bring_list(
                    pending,
                    user,
                    token,
                    seat=int(form.cleaned_data["seat"]),
                    list_id=form.cleaned_data["saved_list"],
                    player=form.cleaned_data["player"],
                )
            except Forbidden:
                return _gone(request, "player")
            except InvalidInput as error:
                form.add_problems(error.problems)
            else:
                if isinstance(started, Game):
                    _say_who_starts(request, started)
                    return redirect("game", started.pk)
                return redirect("game-join", token)
        return render(request, "games/join.html", _context(request, view, form), status=400)
    return render(request, "games/join.html", _context(request, view, form))


def _context(
    request: HttpRequest, view: lobby.Waiting, form: JoinListForm | None
) -> dict[str, object]:
    context: dict[str, object] = {
        "waiting": view,
        "system_name": registry.trackers()[view.game.system].name,
        "form": form,
        "poll_seconds": POLL_SECONDS,
    }
    if view.is_host:
        url = request.build_absolute_uri(reverse("game-join", args=[view.game.join_token]))
        context["join_url"] = url
        context["join_qr"] = _qr(url)
    return context


def _say_who_starts(request: HttpRequest, game: Game) -> None:
    """Tell the player whose arrival started the game who plays first, when it was decided
    at setup (by a coin, say). Otherwise nothing: the notice is shown once above the part of
    the page that follows the game and stays until the page is opened again, so a bare "The
    game starts." lingered turns later while the board itself says what happens now."""
    body = state_for(game, access_for(game, request.user))
    first = body["state"].get("active_seat")
    seats = body["seats"]
    if setups.list_game(game.system).first_player_at_setup and isinstance(first, int):
        messages.success(request, f"The game starts: {seats[first]['name']} plays first.")


def watch(request: HttpRequest, token: str) -> HttpResponse:
    """Watch read-only: an account is recorded as a spectator; a browser without one keeps
    the token in its session."""
    game = Game.objects.filter(watch_token=token).first()
    if game is None:
        return _gone(request, "watch")
    lifecycle.watch(game, request.user, token)
    remember_watch_token(request, token)
    return redirect(reverse("game", args=[game.pk]))
