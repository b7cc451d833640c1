"""The list builder pages. ``/azuki/deck/``: build an Azuki deck on the tablet.

The whole deck lives in the query string (games.builders.deck), so every change (+, -,
add, remove) is a plain link that works without JavaScript; htmx only narrows the redraw to
the deck, the problems and the search results, and pushes the new URL. Every problem and
total comes from ``referee.rules.azuki.deck``: the view matches each problem to the rows it
names and lays the rest out.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods
from django_htmx.middleware import HtmxDetails

from games.builders.deck import (
    SEARCH_LIMIT,
    DeckState,
    catalog_cards,
    from_deck,
    problems_for,
    read_state,
    search,
)
from games.lists.service import save_list
from games.models import SavedList
from referee.rules.azuki.cards import Card, CardType, Element
from referee.rules.azuki.deck import (
    MAIN_DECK_CARDS,
    MAX_COPIES,
    deck_from_dict,
    deck_to_dict,
    deck_to_text,
    parse_deck_text,
    validate_deck,
)
from referee.rules.errors import InvalidInput
from referee.rules.lists import Problem, Report

MAX_TEXT = 20_000  # characters of pasted text read


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


@dataclass
class Row:
    """One line of the deck as shown: its card (None when the catalog lacks the ID), the
    links that change it, and the problems that name it."""

    key: str
    card: Card | None
    count: int = 1
    problems: list[Problem] = field(default_factory=list)
    minus_url: str = ""
    plus_url: str = ""
    remove_url: str = ""

    @property
    def has_error(self) -> bool:
        return any(p.severity == "error" for p in self.problems)


@dataclass
class Result:
    card: Card
    in_deck: int
    add_url: str


def _url(state: DeckState) -> str:
    query = state.query()
    return reverse("azuki-deck") + (f"?{query}" if query else "")


def _rows(state: DeckState, cards: dict[str, Card], report: Report) -> dict[str, object]:
    problems = report.problems
    leader = gate = None
    if state.leader:
        leader = Row(
            state.leader, cards.get(state.leader), problems=problems_for(problems, state.leader)
        )
        leader.remove_url = _url(state.with_slot("leader", ""))
    if state.gate:
        gate = Row(state.gate, cards.get(state.gate), problems=problems_for(problems, state.gate))
        gate.remove_url = _url(state.with_slot("gate", ""))
    entries = [
        Row(
            key,
            cards.get(key),
            count,
            problems_for(problems, key),
            minus_url=_url(state.with_count(key, count - 1)),
            plus_url=_url(state.with_count(key, count + 1)),
            remove_url=_url(state.with_count(key, 0)),
        )
        for key, count in state.counts.items()
    ]
    shown = {id(p) for row in [leader, gate, *entries] if row for p in row.problems}
    general = [p for p in problems if id(p) not in shown]
    # The verdict links to the first row with an error, which may be far down the deck.
    first_error = next(
        (
            "leader" if row is leader else "gate" if row is gate else row.key
            for row in [leader, gate, *entries]
            if row is not None and row.has_error
        ),
        "",
    )
    return {
        "leader": leader,
        "gate": gate,
        "entries": entries,
        "general": general,
        "first_error": first_error,
    }


def _results(state: DeckState, cards: dict[str, Card]) -> tuple[list[Result], int]:
    found = search(cards, state.filters)
    results = []
    for card in found[:SEARCH_LIMIT]:
        if card.type is CardType.LEADER:
            in_deck = int(state.leader == card.id)
        elif card.type is CardType.GATE:
            in_deck = int(state.gate == card.id)
        else:
            in_deck = state.counts.get(card.id, 0)
        results.append(Result(card, in_deck, _url(state.adding(card))))
    return results, len(found)


def _login_url(request: HttpRequest) -> str:
    try:
        return reverse("login") + "?next=" + request.get_full_path()
    except NoReverseMatch:
        return ""


def _load_saved(request: HttpRequest, state: DeckState) -> tuple[DeckState, SavedList | None]:
    """``?saved=<uuid>``: the signed-in user's saved deck, read into the builder."""
    raw = request.GET.get("saved", "").strip()
    if not raw:
        return state, None
    user = request.user
    try:
        key = uuid.UUID(raw)
    except ValueError:
        state.notes.append(f"{raw!r} is not a saved list's id.")
        return state, None
    saved = (
        SavedList.objects.filter(pk=key, owner=user, system="azuki").first()
        if isinstance(user, User)
        else None
    )
    if saved is None:
        state.notes.append("That saved deck is not one of yours (sign in to open your lists).")
        return state, None
    try:
        deck = deck_from_dict(saved.payload)
    except InvalidInput:
        state.notes.append(f"The saved deck {saved.name!r} could not be read.")
        return state, None
    if saved.catalog is not None:
        state.catalog = saved.catalog
    return from_deck(deck, state), saved


@require_http_methods(["GET", "POST"])
def azuki_deck(request: HtmxHttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    state = read_state(data)
    state, saved = _load_saved(request, state) if request.method == "GET" else (state, None)
    cards = catalog_cards(state)
    action = request.POST.get("action", "") if request.method == "POST" else ""

    text = ""
    import_problems: list[Problem] = []
    imported = False
    save_errors: list[str] = []
    saved_name = saved.name if saved is not None else request.POST.get("name", "").strip()
    deck = state.deck()
    if action == "import":
        text = request.POST.get("text", "")[:MAX_TEXT]
        parsed, text_problems = parse_deck_text(text, cards)
        base = state.copy()
        state = from_deck(parsed, base)
        deck = parsed
        imported = True
        import_problems = list(text_problems)
    report = validate_deck(deck, cards)
    if imported:
        # Problems a line of the pasted text caused, beside the text.
        import_problems += [
            p for p in report.problems if any(e.startswith("line ") for e in p.entries)
        ]

    export = request.GET.get("export", "")
    if export in ("text", "json") and request.method == "GET":
        if export == "text":
            response = HttpResponse(
                deck_to_text(deck, cards), content_type="text/plain; charset=utf-8"
            )
            response["Content-Disposition"] = 'attachment; filename="azuki-deck.txt"'
        else:
            body = json.dumps(deck_to_dict(deck), indent=2, ensure_ascii=False) + "\n"
            response = HttpResponse(body, content_type="application/json")
            response["Content-Disposition"] = 'attachment; filename="azuki-deck.json"'
        return response

    if action == "save":
        if not isinstance(request.user, User):
            save_errors.append("Sign in to save a deck.")
        else:
            try:
                saved = save_list(
                    owner=request.user,
                    system="azuki",
                    name=saved_name,
                    payload=deck_to_dict(deck),
                    catalog=state.catalog,
                )
            except InvalidInput as error:
                save_errors += [m for messages in error.problems.values() for m in messages]

    rows = _rows(state, cards, report)
    results, found = _results(state, cards)
    url = _url(state)
    totals = report.totals
    per_element = totals.get("per_element", {})
    per_type = totals.get("per_type", {})
    context = {
        "state": state,
        "catalog": state.catalog,
        "report": report,
        "rows": rows,
        "results": results,
        "found": found,
        "search_limit": SEARCH_LIMIT,
        "card_count": totals.get("card_count", 0),
        "deck_size": MAIN_DECK_CARDS,
        "max_copies": MAX_COPIES,
        "per_element": [(e, n) for e, n in dict(per_element).items() if n]
        if isinstance(per_element, dict)
        else [],
        "per_type": [(t, n) for t, n in dict(per_type).items() if n]
        if isinstance(per_type, dict)
        else [],
        "types": [t.value for t in CardType],
        "elements": [e.value for e in Element],
        "url": url,
        "state_pairs": state.pairs(filters=False),
        "export_text": url + ("&" if "?" in url else "?") + "export=text",
        "export_json": url + ("&" if "?" in url else "?") + "export=json",
        "text": text,
        "imported": imported,
        "import_problems": import_problems,
        "saved": saved,
        "saved_name": saved_name,
        "save_errors": save_errors,
        "signed_in": isinstance(request.user, User),
        "login_url": _login_url(request),
    }
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    template = "builders/deck.html#live" if partial else "builders/deck.html"
    context["oob"] = partial
    context["oob_import"] = partial and action == "import"
    context["oob_save"] = partial and action == "save"
    response = render(request, template, context)
    if partial and request.method == "POST":
        response["HX-Push-Url"] = url
    patch_vary_headers(response, ("HX-Request",))
    return response
