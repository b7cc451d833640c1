"""The game tracker's pages: my games and a new game (``/games/``), and the table page
(``/games/<id>/``) where the host and the players record what happens and spectators watch.

The views translate HTTP and nothing else. ``apply.game_apply`` is the one way a game
changes, ``apply.preview`` says what an action would do, and every number on the board
comes from the system's view. What the table page shows is built in one place
(``table_page``) from the game as it stands: after an action, the game ``game_apply``
answered, read no second time. The table page polls its live part every second with the
ETag it last got and is answered 304 while nothing changed.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping
from random import Random
from typing import Any

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import registry
from games.models import Game, SavedList
from games.tracker import apply, exchange, lifecycle, lobby, pages, setups, table_page
from games.tracker.access import Access, Forbidden, Role, access_for
from games.tracker.apply import Stale, game_apply, roll_dice
from games.tracker.batch_form import read_batch
from games.tracker.current import CoreGame, current_game
from games.tracker.exchange import export_filename, export_game
from games.tracker.forms import (
    ImportForm,
    NewGameForm,
    form_int,
    payload_from_post,
)
from games.tracker.http import (
    etag,
    not_modified,
    poll_ticket,
    watch_tokens,
)
from games.tracker.lifecycle import create_game, join
from games.tracker.selectors import (
    game_with_seats,
    log_for,
    secret_views,
    shown_legal_actions,
    state_for,
)
from games.tracker.table_setup import TableSetupForm
from games.views import live
from games.views.htmx import HtmxHttpRequest
from referee.rules.errors import InvalidInput, RulesError
from referee.rules.tracker import ANSWER_UNDO, BATCH, REDO, REQUEST_UNDO, UNDO


def _user(request: HttpRequest) -> User:
    if not isinstance(request.user, User):  # login_required lets no one else through
        raise Http404
    return request.user


def _game_row(pk: uuid.UUID, *, lock: bool = False) -> Game:
    """The game with its seats (with ``lock``, its row locked as ``apply.locking`` locks
    it, for an action); 404 without one."""
    found = game_with_seats(pk, lock=lock)
    if found is None:
        raise Http404("No such game.")
    return found


def _forbidden(request: HttpRequest, game: Game | None = None, message: str = "") -> HttpResponse:
    return render(request, "games/forbidden.html", {"game": game, "message": message}, status=403)


# --- /games/ --------------------------------------------------------------------------------


def _my_games(user: User) -> list[dict[str, Any]]:
    games = []
    for row in Game.objects.visible_to(user).prefetch_related("seats")[:200]:
        access = access_for(row, user)
        games.append({"game": row, "role": access.role.value, "seats": list(row.seats.all())})
    return games


def _index(
    request: HttpRequest,
    new_form: NewGameForm | None = None,
    import_form: ImportForm | None = None,
    status: int = 200,
    table_forms: Mapping[str, TableSetupForm] | None = None,
) -> HttpResponse:
    user = _user(request)
    systems = list(setups.from_lists())
    context = {
        "games": _my_games(user),
        "waiting": lobby.pending_for(user),
        "form": new_form or NewGameForm(owner=user, systems=systems),
        "import_form": import_form or ImportForm(),
        "list_builders": [
            game.build
            for game in registry.games()
            if game.build is not None and game.slug in systems
        ],
        "table_setups": [
            (game, (table_forms or {}).get(game.slug) or game.table_setup.form(None))
            for game in registry.games()
            if game.table_setup is not None
        ],
        "has_lists": SavedList.objects.filter(owner=user, system__in=systems).exists(),
    }
    return render(request, "games/index.html", context, status=status)


@require_GET
def games(request: HttpRequest) -> HttpResponse:
    """The games I host, sit at or watch, those waiting for their players, and the forms to
    start or import one; a visitor who is not signed in is told how to sign in."""
    if not request.user.is_authenticated:
        return render(request, "games/signed_out.html", {"next": request.get_full_path()})
    return _index(request)


@login_required
@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    """Start a game. A host who takes a seat brings only their own list: the game waits on
    the player link's page until the other player brings theirs. A host at no seat (the
    table's shared device) chooses both lists and the game starts at once. Every problem is
    shown beside its field and what was typed stays."""
    user = _user(request)
    form = NewGameForm(request.POST, owner=user, systems=list(setups.from_lists()))
    if not form.is_valid():
        return _index(request, new_form=form, status=400)
    system = form.cleaned_data["system"]
    seat = form.seat_index()
    options = form.options()
    try:
        if seat is not None:
            pending = lobby.open_game(
                host=user,
                system=system,
                seat=seat,
                list_id=form.own_list(),
                name=form.cleaned_data["name"],
                player=form.own_name(),
                options=options,
            )
            return redirect("game-join", pending.join_token)
        setup, catalog = setups.setup_from_lists(user, system, options)
        created = create_game(
            host=user, system=system, name=form.cleaned_data["name"], setup=setup, catalog=catalog
        )
    except InvalidInput as error:
        form.add_problems(error.problems)
        return _index(request, new_form=form, status=400)
    body = state_for(created, access_for(created, user))
    first = body["state"].get("active_seat")
    if options.get("first_player") == setups.COIN and isinstance(first, int):
        messages.success(
            request, f"The coin is flipped: {body['seats'][first]['name']} plays first."
        )
    return redirect("game", created.pk)


@login_required
@require_POST
def new_table_game(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a game the table sets up on the spot, without saved lists (Game.table_setup):
    its form's setup, with anything drawn at random drawn here, once, and recorded in the
    setup. A host who names their seat is seated there; the others join with the player
    link. Every problem the engine finds is shown beside its field and what was typed stays."""
    user = _user(request)
    found = registry.by_slug().get(slug)
    if found is None or found.table_setup is None:
        raise Http404
    form = found.table_setup.form(request.POST)
    if not form.is_valid():
        return _index(request, table_forms={slug: form}, status=400)
    seat = form.seat_index()
    try:
        created = create_game(
            host=user, system=slug, name=form.cleaned_data["name"], setup=form.setup(Random())
        )
    except InvalidInput as error:
        form.add_problems(error.problems)
        return _index(request, table_forms={slug: form}, status=400)
    if seat is not None:
        join(created, user, created.join_token, seat)
    return redirect("game", created.pk)


@login_required
@require_POST
def import_game(request: HttpRequest) -> HttpResponse:
    """A new game I host from an exported file, replayed to the identical state."""
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _index(request, import_form=form, status=400)
    try:
        created = exchange.import_game(_user(request), form.cleaned_data["file"])
    except InvalidInput as error:
        for path, problems in list(error.problems.items())[:10]:
            for problem in problems:
                form.add_error("file", f"{path}: {problem}")
        return _index(request, import_form=form, status=400)
    messages.success(request, f"“{created.name}” is imported: {created.version} actions replayed.")
    return redirect("game", created.pk)


# --- the table page -------------------------------------------------------------------------


def _qr_svg(url: str) -> str:
    return str(segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff"))


def _share_links(request: HttpRequest, game: Game) -> dict[str, str]:
    join_url = request.build_absolute_uri(reverse("game-join", args=[game.join_token]))
    watch_url = request.build_absolute_uri(reverse("game-watch", args=[game.watch_token]))
    return {
        "join_url": join_url,
        "watch_url": watch_url,
        "join_qr": _qr_svg(join_url),
        "watch_qr": _qr_svg(watch_url),
    }


def _table_response(
    request: HtmxHttpRequest,
    game: Game,
    current: CoreGame | None,
    access: Access,
    *,
    status: int = 200,
    error: dict[str, str] | None = None,
    notice: str = "",
) -> HttpResponse:
    """The live part for htmx, the whole page otherwise, built once (``table_page``) from
    the game row and the game as it stands (``current``; None: read it if needed). A live
    part that is no one's own (no refusal, no notice) is rendered once for each place at
    the game and version (``live``)."""
    ticket = poll_ticket(game, request.user, watch_tokens(request))
    if request.htmx and error is None and not notice:
        response = live.live_response(
            request, game, current, access, poll_ticket=ticket, status=status
        )
        return _table_headers(response, game, access)
    current = current_game(game) if current is None else current
    shown: dict[str, Any] = {
        "poll_ticket": ticket,
        "error": error,
        "notice": notice,
        "posted": request.POST if request.method == "POST" else None,
    }
    if request.htmx:
        context = table_page.live_part(game, current, access, **shown)
        response = render(request, "games/game.html#live", context, status=status)
    else:
        context = table_page.whole_page(game, current, access, **shown)
        context["live_events"] = settings.LIVE_EVENTS
        if access.role is Role.HOST:
            context["links"] = _share_links(request, game)
        response = render(request, "games/game.html", context, status=status)
    return _table_headers(response, game, access)


def _table_headers(response: HttpResponse, game: Game, access: Access) -> HttpResponse:
    response["ETag"] = etag(game, access)
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request", "Cookie"])
    return response


def _game_and_viewer(request: HttpRequest, pk: uuid.UUID) -> tuple[Game, Access]:
    """The game (404 if there is none) and who the request's viewer is to it."""
    game = _game_row(pk)
    return game, access_for(game, request.user, watch_tokens(request))


@require_GET
def game(request: HtmxHttpRequest, pk: uuid.UUID) -> HttpResponse:
    """The table page. An htmx poll sends If-None-Match with the ETag it last got and gets
    304 while the version, the viewer's role and seat and the seats taken are unchanged:
    every tablet asks every second, so that answer costs one query (``not_modified``)."""
    if request.htmx:
        unchanged = not_modified(request, pk)
        if unchanged is not None:
            return unchanged
    row, access = _game_and_viewer(request, pk)
    if not access.can_see:
        return _forbidden(request)
    return _table_response(request, row, None, access)


def _posted_action(
    request: HttpRequest, game: Game, *, roll: bool = False
) -> tuple[str, dict[str, Any], int | None, int | None, dict[str, str]]:
    """The type, payload, acting seat and version a form posted, and what could not be read.
    With ``roll``, a form that asks the app to roll ("app_rolls") gets the dice it left out
    rolled here and recorded in the payload.

    An undo, a redo or a request to undo posts ``target``; an answer posts ``request`` and
    ``accept`` (1 or 0); a batch posts ``batch``, the JSON list of its ``{type, payload}``."""
    post = request.POST
    kind = post.get("type", "")
    problems: dict[str, str] = {}
    app_rolls = roll and post.get("app_rolls", "") in ("1", "true", "on")
    payload: dict[str, Any] = {}
    if kind in (UNDO, REDO, REQUEST_UNDO):
        target = form_int(post, "target", problems, minimum=None)
        payload = {"target": target} if target is not None else {}
    elif kind == ANSWER_UNDO:
        number = form_int(post, "request", problems, minimum=None)
        accept = ANSWERS.get(post.get("accept", "").strip().lower())
        if number is None and "request" not in problems:
            problems["request"] = "The answer did not say which request it answers."
        if accept is None:
            problems["accept"] = "An answer accepts (accept=1) or declines (accept=0)."
        payload = {"request": number, "accept": accept}
    elif kind == BATCH:
        try:
            payload = {"actions": read_batch(post.get("batch", ""))}
        except ValueError as error:
            problems["batch"] = str(error)
    else:
        action_type = registry.tracker(game.system).action_type(kind)
        payload, problems = payload_from_post(action_type, post, app_rolls=app_rolls)
    if app_rolls and not problems:
        payload = roll_dice(game.system, kind, payload)
    seat = form_int(post, "seat", problems)
    version = form_int(post, "version", problems)
    if version is None and "version" not in problems:
        problems["version"] = "The page did not say which version of the game it showed."
    return kind, payload, seat, version, problems


ANSWERS = {"1": True, "true": True, "accept": True, "0": False, "false": False, "decline": False}


def _refusal(request: HttpRequest, message: str, field: str | None = None) -> dict[str, str]:
    return {"key": request.POST.get("control", ""), "message": message, "field": field or ""}


class _Unreadable(Exception):
    """A posted action the form could not read: each field's problem."""

    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__(problems)
        self.problems = problems


@require_POST
def act(request: HtmxHttpRequest, pk: uuid.UUID) -> HttpResponse:
    """Record one action (undo and redo included) against the version the page saw. A
    stale version answers 409 with the fresh state; an action the rules refuse answers 400
    with the engine's message beside the control that sent it."""
    try:
        # the game read once, its row locked, and the action applied in that transaction
        with transaction.atomic():
            row = _game_row(pk, lock=True)
            access = access_for(row, request.user, watch_tokens(request))
            if not access.can_see:
                return _forbidden(request)
            if not access.can_act:
                return _forbidden(request, row, "Spectators can watch but not act.")
            kind, payload, seat, version, problems = _posted_action(request, row, roll=True)
            if problems:
                raise _Unreadable(problems)
            assert version is not None
            applied = game_apply(
                game=row,
                user=request.user,
                type=kind,
                payload=payload,
                expected_version=version,
                seat=seat,
                watch_tokens=watch_tokens(request),
                locked=True,
            )
    except _Unreadable as unreadable:
        refusal = _refusal(request, " ".join(unreadable.problems.values()))
        return _table_response(request, row, current_game(row), access, status=400, error=refusal)
    except Forbidden as error:
        refusal = _refusal(request, str(error))
        return _table_response(request, row, current_game(row), access, status=403, error=refusal)
    except Stale as stale:
        # what was recorded since the sender looked, as they may read it (``log_for``)
        conflict = stale.conflict.seq if stale.conflict is not None else None
        since = log_for(stale.game, access, current=stale.current)
        notice = pages.moved_on(since, stale.seen, conflict)
        return _table_response(
            request, stale.game, stale.current, access, status=409, notice=notice
        )
    except RulesError as error:
        refusal = _refusal(request, error.message, error.field)
        fresh = _game_row(pk)
        return _table_response(
            request, fresh, current_game(fresh), access, status=400, error=refusal
        )
    if request.htmx:
        return _table_response(request, applied.game, applied.result, applied.access)
    messages.success(request, f"Recorded #{applied.game.version}.")
    return redirect(reverse("game", args=[pk]) + "#live")


@require_POST
def preview(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    """What the pending action would change, from ``apply.preview``, with Commit and
    Cancel. Answered as a fragment for the page's pending panel."""
    row, access = _game_and_viewer(request, pk)
    if not access.can_act:
        return _forbidden(request, row if access.can_see else None)
    kind, payload, seat, _version, problems = _posted_action(request, row)
    problems.pop("version", None)
    body = state_for(row, access)
    names = _legal_names(shown_legal_actions(row, access))
    context: dict[str, Any] = {
        "game": row,
        "version": body["version"],
        "type": kind,
        "payload": payload,
        "seat": seat,
        "control": request.POST.get("control", ""),
        "amount": payload.get("amount"),
        "headline": pages.headline(
            kind, _headline_payload(kind, payload), body["seats"], body["state"], names=names
        ),
        "payload_fields": [(f"p.{k}", _form_value(v)) for k, v in payload.items()],
        "changes": [],
        "refusal": " ".join(problems.values()),
    }
    if kind == BATCH:
        parts = payload.get("actions")
        context["payload_fields"] = [("batch", json.dumps(parts))] if parts is not None else []
    if not problems:
        try:
            after = apply.preview(game=row, access=access, type=kind, payload=payload, seat=seat)
        except (Forbidden, RulesError) as error:
            context["refusal"] = error.message if isinstance(error, RulesError) else str(error)
        else:
            context["changes"] = pages.changes(body["state"], after, names=names)
    status = 400 if context["refusal"] else 200
    return render(request, "games/game.html#pending", context, status=status)


def _legal_names(legal_actions: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """The words the engine gave the ids and codes in the legal actions the page shows the
    viewer (a model's id, a Morale fact), for a preview to say them: the table's device is
    shown only those no secret changes, so the words tell nobody anything hidden."""
    names: dict[str, str] = {}
    for entry in legal_actions:
        names.update(entry.get("names") or {})
    return names


def _headline_payload(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The payload a headline words: of a batch, only its actions of the right shape (the
    rules refuse the others, with their reason)."""
    parts = payload.get("actions")
    if kind != BATCH or not isinstance(parts, list):
        return payload
    return {
        "actions": [
            part
            for part in parts
            if isinstance(part, dict) and isinstance(part.get("payload", {}), dict)
        ]
    }


def _form_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


@require_POST
def replace_link(request: HtmxHttpRequest, pk: uuid.UUID) -> HttpResponse:
    """The host revokes the player or watch link by issuing a new one."""
    row, access = _game_and_viewer(request, pk)
    if access.role is not Role.HOST:
        return _forbidden(request, row if access.can_see else None, "Only the host can do this.")
    which = request.POST.get("link", "")
    try:
        lifecycle.replace_link(row, which)
    except InvalidInput as error:
        return HttpResponse(error.message, status=400)
    label = "player" if which == "join" else "watch"
    if request.htmx:
        context = {"game": row, "links": _share_links(request, row), "replaced": label}
        return render(request, "games/game.html#links", context)
    messages.success(request, f"The old {label} link no longer works: share the new one.")
    return redirect(reverse("game", args=[pk]) + "#links")


@require_GET
def history(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    """The game's whole history, newest first, with the same undo and redo controls as the
    table page's (which shows only the latest ``table_page.HISTORY_SHOWN`` entries)."""
    row, access = _game_and_viewer(request, pk)
    if not access.can_see:
        return _forbidden(request)
    body = state_for(row, access)
    entries = log_for(row, access)
    context = {
        "game": row,
        "access": access,
        "body": body,
        "history": pages.history(entries, body["next_redo"], None),
        "history_live": False,
        "history_more": 0,
    }
    response = render(request, "games/game_history.html", context)
    response["Cache-Control"] = "no-cache"
    return response


@require_http_methods(["GET"])
def export(request: HttpRequest, pk: uuid.UUID) -> HttpResponse:
    """The game as a JSON file: whole for the table's device, and for everyone once the
    game is over; before that, what the viewer sees, marked partial."""
    row, access = _game_and_viewer(request, pk)
    try:
        document = export_game(row, access)
    except Forbidden as error:
        return _forbidden(request, None, str(error))
    response = JsonResponse(document, json_dumps_params={"indent": 1})
    filename = export_filename(row, document["partial"])
    response["Content-Disposition"] = content_disposition_header(True, filename)
    response["Cache-Control"] = "no-store"
    return response


def _hidden_made_empty(public: Any, seen: Any) -> Any:
    """``public`` with every object it hides (None where ``seen`` has an object) made an
    empty object, so that the difference names each hidden field on its own line (``Ana ·
    Sentinel: hit points 5``) rather than one long line for the whole object."""
    if public is None and isinstance(seen, dict):
        return {}
    if isinstance(public, dict) and isinstance(seen, dict):
        return {key: _hidden_made_empty(public.get(key), value) for key, value in seen.items()}
    if isinstance(public, list) and isinstance(seen, list) and len(public) == len(seen):
        return [_hidden_made_empty(a, b) for a, b in zip(public, seen, strict=True)]
    return public


@require_GET
def reveal(request: HttpRequest, pk: uuid.UUID, seat: int) -> HttpResponse:
    """One seat's secrets in words, for the table's shared device while that seat's
    hold-to-reveal button is pressed (static/js/reveal.js drops it when released). The
    secret is what the view for that seat shows and the view for nobody does not. Never
    cached: it is meant to exist on the screen only while held."""
    row, access = _game_and_viewer(request, pk)
    try:
        public, seen = secret_views(row, access, seat)
    except Forbidden as error:
        return _forbidden(request, row if access.can_see else None, str(error))
    except InvalidInput as error:
        return HttpResponse(
            f"{error.field}: {error.message}", status=400, content_type="text/plain"
        )
    worded = pages.changes(_hidden_made_empty(public, seen), seen)
    context = {
        "game": row,
        "seat": next(s for s in row.seats.all() if s.index == seat),
        # an empty field says nothing; a secret worded only by its place keeps the whole line
        "secrets": [s for s in worded if s.after != "—"] or pages.changes(public, seen),
    }
    response = render(request, "games/reveal.html", context)
    response["Cache-Control"] = "no-store"
    return response
