"""The saved-lists pages: a player's own lists (open, share, export, delete) and the read-only
page a share link opens. Everything a list needs done is done by ``games.lists.service``."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import registry, throttles, tokens
from games.lists import service
from games.models import SavedList
from referee.rules.lists import Problem, Severity


@dataclass(frozen=True, slots=True)
class Row:
    """One saved list as the page shows it."""

    saved: SavedList
    system_name: str
    builder_url: str
    share_url: str | None


def _user(request: HttpRequest) -> User:
    user = request.user
    if not isinstance(user, User):  # login_required lets no one else through
        raise Http404
    return user


def _mine(request: HttpRequest) -> QuerySet[SavedList]:
    return SavedList.objects.filter(owner=_user(request)).select_related("catalog")


def _own(request: HttpRequest, pk: uuid.UUID) -> SavedList:
    """The signed-in player's list; anyone else's is "not found", so ids cannot be probed."""
    saved = _mine(request).filter(pk=pk).first()
    if saved is None:
        raise Http404("You have no saved list with this id.")
    return saved


def _row(request: HttpRequest, saved: SavedList) -> Row:
    share_url = None
    if saved.share_token:
        share_url = request.build_absolute_uri(reverse("list-shared", args=[saved.share_token]))
    return Row(
        saved=saved,
        system_name=service.system_name(saved.system),
        builder_url=service.builder_url(saved),
        share_url=share_url,
    )


@require_GET
def my_lists(request: HttpRequest) -> HttpResponse:
    """The player's saved lists, newest change first; ``?system=`` keeps one game's. A visitor
    who is not signed in is told how to sign in or make an account."""
    if not request.user.is_authenticated:
        return render(request, "lists/signed_out.html", {"next": request.get_full_path()})
    return _lists_page(request)


def _lists_page(request: HttpRequest, made: tokens.MadeToken | None = None) -> HttpResponse:
    """The "My lists" page; with ``made``, the token just made, shown this once."""
    lists = _mine(request)
    system = request.GET.get("system", "")
    list_games = registry.list_games()
    if system in list_games:
        lists = lists.filter(system=system)
    else:
        system = ""
    systems = [(slug, game.name) for slug, game in list_games.items()]
    builders = [(game.name, game.builder_path) for game in list_games.values()]
    context = {
        "rows": [_row(request, saved) for saved in lists],
        "made_token": made,
        "held_tokens": tokens.tokens_of(_user(request)),
        "token_days": settings.API_TOKEN_DAYS,
        "system": system,
        "systems": systems,
        "builders": builders,
    }
    return render(request, "lists/index.html", context)


def _row_or_back(request: HttpRequest, saved: SavedList, message: str) -> HttpResponse:
    """An htmx request gets the list's row again; a plain form post goes back to the page."""
    if getattr(request, "htmx", False):
        return render(request, "lists/index.html#row", {"row": _row(request, saved)})
    messages.success(request, message)
    return redirect(reverse("lists") + f"#list-{saved.pk}")


@login_required
@require_POST
def share_list(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    saved = _own(request, pk)
    service.share(saved)
    return _row_or_back(request, saved, f"“{saved.name}” is shared: copy its link below.")


@login_required
@require_POST
def unshare_list(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    saved = _own(request, pk)
    service.unshare(saved)
    return _row_or_back(request, saved, f"“{saved.name}” is no longer shared.")


@login_required
@require_http_methods(["GET", "POST"])
def delete_list(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    """GET asks for confirmation; POST deletes."""
    saved = _own(request, pk)
    if request.method == "POST":
        name = saved.name
        saved.delete()
        messages.success(request, f"“{name}” is deleted.")
        return redirect("lists")
    return render(request, "lists/delete.html", {"row": _row(request, saved)})


@login_required
@require_POST
@never_cache
def api_token(request: HttpRequest) -> HttpResponse:
    """Make a new API token and show its key, this once: only its hash is kept. The page is
    the answer to the POST itself, and is never cached."""
    user = _user(request)
    seconds = throttles.take([throttles.by_user(throttles.TOKEN_ACCOUNT, user)])
    if seconds is not None:
        what = "There have been too many API tokens made for this account."
        return throttles.refused_page(request, seconds, what)
    return _lists_page(request, made=tokens.make_token(user))


@login_required
@require_POST
def revoke_api_token(request: HttpRequest, token_id: str) -> HttpResponse:
    """Revoke one of the player's tokens; anyone else's is "not found"."""
    if not tokens.revoke(_user(request), token_id):
        raise Http404("You have no API token with this id.")
    messages.success(request, "The token is revoked: it no longer works.")
    return redirect(reverse("lists") + "#api-token")


@dataclass(frozen=True, slots=True)
class SharedView:
    saved: SavedList
    system_name: str
    text: str
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]


@require_GET
def shared_list(request: HttpRequest, token: str) -> HttpResponse:
    """A shared list, read only, for anyone holding the link."""
    saved = service.find_shared(token)
    if saved is None:
        return render(request, "lists/shared_gone.html", status=404)
    report = service.recheck(saved)
    view = SharedView(
        saved=saved,
        system_name=service.system_name(saved.system),
        text=service.export_text(saved),
        errors=tuple(p for p in report.problems if p.severity is Severity.ERROR),
        warnings=tuple(p for p in report.problems if p.severity is Severity.WARNING),
    )
    is_owner = request.user.is_authenticated and request.user.pk == saved.owner_id
    context = {
        "view": view,
        "token": token,
        "is_owner": is_owner,
        "builder_url": service.builder_url(saved),
    }
    return render(request, "lists/shared.html", context)


@require_POST
def copy_shared_list(request: HttpRequest, token: str) -> HttpResponse:
    """Save a copy of a shared list among the visitor's own lists and open it in its builder.
    A visitor who is not signed in is asked to sign in first."""
    saved = service.find_shared(token)
    if saved is None:
        return render(request, "lists/shared_gone.html", status=404)
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("list-shared", args=[token]))
    copy = service.save_list(
        owner=_user(request),
        system=saved.system,
        name=_copy_name(saved.name),
        payload=saved.payload,
        catalog=saved.catalog,
    )
    return redirect(service.builder_url(copy))


def _copy_name(name: str) -> str:
    suffix = " (copy)"
    return name[: service.MAX_NAME_LENGTH - len(suffix)] + suffix
