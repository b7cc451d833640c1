"""The list builder pages, one per list game (at its ``builder_path``).

One view serves them all; what differs per game is the list game's builder (its
``builder``), looked up through the list game. The whole list lives in
the query string, so every change (+, -, add, remove) is a plain link that works without
JavaScript; htmx only narrows the redraw to the list, the problems and the search results, and
pushes the new URL. Every problem and total comes from the game's rules engine: the builder
matches each problem to the rows it names and lays the rest out.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods
from django_htmx.http import push_url

from games.builders.base import SEARCH_LIMIT, Checked, ListBuilder, ListState
from games.builders.importing import pasted_text
from games.builders.lookup import Found, look_up
from games.listgames import ListGame, list_game
from games.lists.service import save_list
from games.models import SavedList
from games.views.htmx import HtmxHttpRequest
from referee.rules.errors import InvalidInput
from referee.rules.textlists import in_line_order

MAX_TEXT = 20_000  # characters of pasted text read


@require_http_methods(["GET", "POST"])
def builder(request: HtmxHttpRequest, system: str) -> HttpResponse:
    """A list builder page: open a saved list (``?saved=``), import pasted text, check, export
    (``?export=text|json``), save, and render the page or, for htmx, its live part."""
    list_of: ListGame[Any, Any] = list_game(system)
    game: ListBuilder[Any, Any, Any] = list_of.builder
    opening = request.method == "GET"
    data = request.GET if opening else request.POST
    action = "" if opening else request.POST.get("action", "")
    notes: list[str] = []
    found = look_up(request.user, list_of, data, notes, opening=opening)
    entries = game.entries(found.catalog)
    state = game.read_state(data, found.catalog, found.default_pk, entries, notes)
    if found.opened and found.saved is not None:
        try:
            state = game.open_saved(found.saved.payload, state, entries)
        except InvalidInput:
            state.notes.append(f"The saved {game.noun} {found.saved.name!r} could not be read.")
            found.saved, found.opened = None, False
        else:
            state.list_id = str(found.saved.pk)

    # The pasted text, with a tapped "did you mean" applied to its line.
    text = pasted_text(request.POST, MAX_TEXT, state.notes) if action == "import" else None
    checked = game.check(state, entries, text)
    state = checked.state

    export = request.GET.get("export", "") if opening else ""
    if export == "text":
        return _download(game.stem, game.to_text(checked.engine_list, entries))
    if export == "json":
        return _download(game.stem, game.to_dict(checked.engine_list))

    name = found.saved.name if found.opened and found.saved else request.POST.get("name", "")
    saved, name, save_errors = _save_step(request, list_of, action, name.strip(), checked, found)

    path = reverse(game.url_name)

    def link(state: ListState) -> str:
        query = state.query()
        return f"{path}?{query}" if query else path

    url = link(state)
    sep = "&" if "?" in url else "?"
    context = {
        "state": state,
        "catalog": state.catalog,
        "catalogs": found.choices,
        "report": checked.report,
        "search_limit": SEARCH_LIMIT,
        "url": url,
        "keep_pairs": state.pairs(),
        "import_pairs": [(k, v) for k, v in state.pairs() if k not in game.list_keys],
        "picker_pairs": [(k, v) for k, v in state.pairs() if k != "catalog"],
        "export_text": f"{url}{sep}export=text",
        "export_json": f"{url}{sep}export=json",
        "text": checked.text,
        "imported": checked.imported,
        "import_problems": in_line_order(checked.import_problems),
        "saved": saved if action == "save" else None,
        "editing": bool(state.list_id),
        "saved_name": name,
        "save_errors": save_errors,
        "signed_in": isinstance(request.user, User),
        "login_url": _login_url(request),
        **game.context(checked, entries, link),
    }
    return _render(request, game.template, context, url, action)


def _save_step(
    request: HttpRequest,
    game: ListGame[Any, Any],
    action: str,
    name: str,
    checked: Checked[Any, Any],
    found: Found,
) -> tuple[SavedList | None, str, list[str]]:
    """Save when asked, updating the saved list this page edits when it is the user's, then
    point the state's ``list_id`` at the saved list the page edits, or at none when the id is
    not one of this user's lists (so "Save" makes a new one). Answers the saved list, the
    list's name and the errors to show when it could not be saved."""
    state = checked.state
    saved = found.saved
    save_errors: list[str] = []
    if action == "save":
        saved = None
        if not isinstance(request.user, User):
            save_errors = ["Sign in to save a list."]
        else:
            try:
                saved = save_list(
                    owner=request.user,
                    system=game.slug,
                    name=name,
                    payload=game.builder.to_dict(checked.engine_list),
                    catalog=state.catalog,
                    saved=found.saved,
                )
            except InvalidInput as error:
                save_errors = [m for messages in error.problems.values() for m in messages]
    current = saved or found.saved
    state.list_id = str(current.pk) if current is not None else ""
    if current is not None and not name:
        name = current.name
    return saved, name, save_errors


def _login_url(request: HttpRequest) -> str:
    try:
        return reverse("login") + "?next=" + request.get_full_path()
    except NoReverseMatch:
        return ""


def _download(stem: str, content: str | dict[str, object]) -> HttpResponse:
    """An exported list as a download: text as it is, a dict as indented JSON."""
    if isinstance(content, str):
        response = HttpResponse(content, content_type="text/plain; charset=utf-8")
        extension = "txt"
    else:
        body = json.dumps(content, indent=2, ensure_ascii=False) + "\n"
        response = HttpResponse(body, content_type="application/json")
        extension = "json"
    response["Content-Disposition"] = f'attachment; filename="{stem}.{extension}"'
    return response


def _render(
    request: HtmxHttpRequest, template: str, context: dict[str, Any], url: str, action: str
) -> HttpResponse:
    """The whole page, or for htmx the "live" partial: the results, and the list, its
    state and the notes out of band (the pasted text too after an import)."""
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    context["oob"] = partial
    context["oob_import"] = partial and action == "import"
    response = render(request, f"{template}#live" if partial else template, context)
    if partial and request.method == "POST":
        response = push_url(response, url)
    patch_vary_headers(response, ("HX-Request",))
    return response
