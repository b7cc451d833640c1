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
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods

from games.builders.army import ArmyState
from games.builders.army import catalog_factions as army_factions
from games.builders.army import catalog_units as army_units
from games.builders.army import from_lines as army_from_lines
from games.builders.army import read_state as read_army_state
from games.builders.army import search as search_units
from games.builders.deck import (
    SEARCH_LIMIT,
    DeckState,
    catalog_cards,
    from_deck,
    problems_for,
    read_state,
    search,
)
from games.builders.roster import SLOTS, RosterState
from games.builders.roster import catalog_entries as roster_entries
from games.builders.roster import from_roster as roster_from_engine
from games.builders.roster import read_state as read_roster_state
from games.builders.roster import search as search_guardians
from games.catalogs.service import version_key
from games.lists.service import save_list
from games.models import Catalog, SavedList
from games.views.htmx import HtmxHttpRequest
from referee.rules.azeroth.army import (
    TIER_NAMES,
    TIER_ORDER,
    army_from_dict,
    army_to_dict,
    army_to_text,
    find_unit,
    read_army_text,
    validate_army,
)
from referee.rules.azeroth.units import BATTLE_SIZES, BattleSize, Unit
from referee.rules.azrah.cards import Guardian, SharedCard
from referee.rules.azrah.roster import (
    CELESTIAL_GEMS,
    MANA_CARDS,
    ROSTER_GUARDIANS,
    parse_roster_text,
    roster_from_dict,
    roster_to_dict,
    roster_to_text,
    validate_roster,
)
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
from referee.rules.lists import OVER_POINTS, PARTY, UNKNOWN_ENTRY, Problem, Report

MAX_TEXT = 20_000  # characters of pasted text read


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
    if not request.GET.get("saved", "").strip():
        return state, None
    saved = _owned(request, "azuki", state.notes)
    if saved is None:
        return state, None
    try:
        deck = deck_from_dict(saved.payload)
    except InvalidInput:
        state.notes.append(f"The saved deck {saved.name!r} could not be read.")
        return state, None
    if saved.catalog is not None:
        state.catalog = saved.catalog
    state.list_id = str(saved.pk)
    return from_deck(deck, state), saved


def _owned(request: HttpRequest, system: str, notes: list[str]) -> SavedList | None:
    """``?saved=<uuid>``: one of the signed-in user's saved lists of ``system``."""
    raw = request.GET.get("saved", "").strip()
    try:
        key = uuid.UUID(raw)
    except ValueError:
        notes.append(f"{raw!r} is not a saved list's id.")
        return None
    user = request.user
    saved = (
        SavedList.objects.filter(pk=key, owner=user, system=system).first()
        if isinstance(user, User)
        else None
    )
    if saved is None:
        notes.append("That saved list is not one of yours (sign in to open your lists).")
    return saved


def _catalogs(system: str) -> list[Catalog]:
    """Every catalog of the system, newest version first, for the catalog picker."""
    catalogs = list(Catalog.objects.filter(system=system))
    catalogs.sort(key=lambda c: (c.slug, version_key(c.version)), reverse=True)
    return catalogs


def _current(request: HttpRequest, system: str, list_id: str) -> SavedList | None:
    """The signed-in user's saved list ``list_id`` (the one "Save" updates), if it is theirs."""
    user = request.user
    if not list_id or not isinstance(user, User):
        return None
    try:
        key = uuid.UUID(list_id)
    except ValueError:
        return None
    return SavedList.objects.filter(pk=key, owner=user, system=system).first()


def _save(
    request: HttpRequest,
    system: str,
    name: str,
    payload: dict[str, object],
    catalog: Catalog | None,
    list_id: str = "",
) -> tuple[SavedList | None, list[str]]:
    """Save the list for the signed-in user, updating the saved list it was opened from (when
    it is theirs); the errors to show when it cannot be saved."""
    if not isinstance(request.user, User):
        return None, ["Sign in to save a list."]
    try:
        saved = save_list(
            owner=request.user,
            system=system,
            name=name,
            payload=payload,
            catalog=catalog,
            saved=_current(request, system, list_id),
        )
    except InvalidInput as error:
        return None, [m for messages in error.problems.values() for m in messages]
    return saved, []


class _ListState(Protocol):
    list_id: str
    catalog: Catalog | None


def _save_step(
    request: HttpRequest,
    system: str,
    action: str,
    name: str,
    payload: dict[str, object],
    state: _ListState,
    saved: SavedList | None,
) -> tuple[SavedList | None, str, list[str]]:
    """Save when asked, then point ``state.list_id`` at the saved list this page edits, or at
    none when the id is not one of this user's lists (so "Save" makes a new one). Answers the
    saved list (when one was opened or just saved), the list's name and the errors to show
    when it could not be saved."""
    save_errors: list[str] = []
    if action == "save":
        saved, save_errors = _save(request, system, name, payload, state.catalog, state.list_id)
    if saved is not None:
        state.list_id = str(saved.pk)
    elif state.list_id:
        current = _current(request, system, state.list_id)
        if current is None:
            state.list_id = ""
        elif not name:
            name = current.name
    return saved, name, save_errors


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
        response["HX-Push-Url"] = url
    patch_vary_headers(response, ("HX-Request",))
    return response


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
        return _download(
            "azuki-deck", deck_to_text(deck, cards) if export == "text" else deck_to_dict(deck)
        )

    saved, saved_name, save_errors = _save_step(
        request, "azuki", action, saved_name, deck_to_dict(deck), state, saved
    )

    rows = _rows(state, cards, report)
    results, found = _results(state, cards)
    url = _url(state)
    totals = report.totals
    per_element = totals.get("per_element", {})
    per_type = totals.get("per_type", {})
    context = {
        "state": state,
        "catalog": state.catalog,
        "catalogs": _catalogs("azuki"),
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
        "keep_pairs": state.pairs(),
        "export_text": url + ("&" if "?" in url else "?") + "export=text",
        "export_json": url + ("&" if "?" in url else "?") + "export=json",
        "text": text,
        "imported": imported,
        "import_problems": import_problems,
        "saved": saved if action == "save" else None,
        "editing": bool(state.list_id),
        "saved_name": saved_name,
        "save_errors": save_errors,
        "signed_in": isinstance(request.user, User),
        "login_url": _login_url(request),
    }
    return _render(request, "builders/deck.html", context, url, action)


# --- Azeroth at War army builder -------------------------------------------------------------


@dataclass
class UnitRow:
    key: str
    unit: Unit | None
    count: int
    problems: list[Problem] = field(default_factory=list)
    minus_url: str = ""
    plus_url: str = ""
    remove_url: str = ""

    @property
    def has_error(self) -> bool:
        return any(p.severity == "error" for p in self.problems)

    @property
    def subtotal(self) -> int:
        return self.count * self.unit.points if self.unit is not None else 0


@dataclass
class UnitResult:
    unit: Unit
    in_army: int
    add_url: str


@dataclass(frozen=True)
class TierTotal:
    """ "Elite 2 of 0-3": a tier's slots used against the faction's limits."""

    tier: str
    name: str
    used: int
    min: int | None
    max: int | None

    @property
    def ok(self) -> bool:
        return (self.min is None or self.used >= self.min) and (
            self.max is None or self.used <= self.max
        )


# A problem about the whole army, not its units, even when it names them (the budget).
_ARMY_WIDE = {OVER_POINTS}


def _army_url(state: ArmyState) -> str:
    query = state.query()
    return reverse("azeroth-army") + (f"?{query}" if query else "")


def _army_rows(state: ArmyState, units: dict[str, Unit], report: Report) -> dict[str, object]:
    problems = [p for p in report.problems if p.code not in _ARMY_WIDE]
    rows = []
    for ref, count in state.counts.items():
        unit = find_unit(ref, units)
        name = unit.name if unit is not None else ref
        rows.append(
            UnitRow(
                ref,
                unit,
                count,
                [p for p in problems if name in p.entries or ref in p.entries],
                minus_url=_army_url(state.with_count(ref, count - 1)),
                plus_url=_army_url(state.with_count(ref, count + 1)),
                remove_url=_army_url(state.with_count(ref, 0)),
            )
        )
    shown = {id(p) for row in rows for p in row.problems}
    general = [p for p in report.problems if id(p) not in shown]
    first_error = next((row.key for row in rows if row.has_error), "")
    return {"entries": rows, "general": general, "first_error": first_error}


def _tier_totals(report: Report) -> list[TierTotal]:
    counts = report.totals.get("tier_counts", {})
    limits = report.totals.get("tier_limits", {})
    assert isinstance(counts, dict) and isinstance(limits, dict)
    out = []
    for tier in TIER_ORDER:
        limit = limits.get(tier.value)
        out.append(
            TierTotal(
                tier.value,
                TIER_NAMES[tier],
                int(counts.get(tier.value, 0)),
                limit["min"] if limit else None,
                limit["max"] if limit else None,
            )
        )
    return out


@require_http_methods(["GET", "POST"])
def azeroth_army(request: HtmxHttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    state = read_army_state(data)
    saved: SavedList | None = None
    units = army_units(state)
    factions = army_factions(state)
    if request.method == "GET" and request.GET.get("saved", "").strip():
        saved = _owned(request, "azeroth", state.notes)
        if saved is not None:
            try:
                loaded = army_from_dict(saved.payload)
            except InvalidInput:
                state.notes.append(f"The saved army {saved.name!r} could not be read.")
            else:
                if saved.catalog is not None:
                    state.catalog = saved.catalog
                    units, factions = army_units(state), army_factions(state)
                state.list_id = str(saved.pk)
                state = army_from_lines(loaded.lines, state, units)
                state.size = loaded.battle_size
                state.points = loaded.points_limit
                state.faction = loaded.faction.slug if loaded.faction else ""
    action = request.POST.get("action", "") if request.method == "POST" else ""
    text = ""
    import_problems: list[Problem] = []
    imported = False
    saved_name = saved.name if saved is not None else request.POST.get("name", "").strip()
    army = state.army(factions)
    lines = army.lines
    if action == "import":
        # The engine reads the text, its header, faction and budget (R125); the page's
        # battle size and faction are used only where the header names none.
        text = request.POST.get("text", "")[:MAX_TEXT]
        read = read_army_text(
            text, units, factions, fallback_size=state.size, fallback_faction=state.faction
        )
        state.size = read.army.battle_size
        state.points = read.army.points_limit
        state.faction = read.army.faction.slug if read.army.faction is not None else ""
        lines = read.army.lines
        state = army_from_lines(lines, state, units)
        army = replace(state.army(factions), lines=lines)
        imported = True
        import_problems = list(read.problems)
    try:
        report = validate_army(army, units)
    except InvalidInput as error:
        state.notes += [m for messages in error.problems.values() for m in messages]
        army = replace(army, lines=())
        report = validate_army(army, units)
    if imported:
        import_problems += [p for p in report.problems if p.code == UNKNOWN_ENTRY]

    export = request.GET.get("export", "")
    if export in ("text", "json") and request.method == "GET":
        return _download(
            "azeroth-army", army_to_text(army, units) if export == "text" else army_to_dict(army)
        )

    saved, saved_name, save_errors = _save_step(
        request, "azeroth", action, saved_name, army_to_dict(army), state, saved
    )

    rows = _army_rows(state, units, report)
    found = search_units(units, state.filters)
    results = [
        UnitResult(
            unit,
            state.counts.get(unit.slug, 0),
            _army_url(state.with_count(unit.slug, state.counts.get(unit.slug, 0) + 1)),
        )
        for unit in found[:SEARCH_LIMIT]
    ]
    url = _army_url(state)
    totals = report.totals
    unit_range = totals.get("unit_range", (0, 0))
    assert isinstance(unit_range, tuple)
    sep = "&" if "?" in url else "?"
    context = {
        "state": state,
        "catalog": state.catalog,
        "catalogs": _catalogs("azeroth"),
        "report": report,
        "rows": rows,
        "results": results,
        "found": len(found),
        "search_limit": SEARCH_LIMIT,
        "totals": totals,
        "unit_min": unit_range[0],
        "unit_max": unit_range[1],
        "tiers": _tier_totals(report),
        "tier_choices": [(t.value, TIER_NAMES[t]) for t in TIER_ORDER],
        "sizes": [(s.value, s.value.capitalize(), BATTLE_SIZES[s].points) for s in BattleSize],
        "factions": list(factions.values()),
        "url": url,
        "state_pairs": state.pairs(filters=False),
        "unit_pairs": state.pairs(game=False),
        "keep_pairs": state.pairs(),
        "export_text": f"{url}{sep}export=text",
        "export_json": f"{url}{sep}export=json",
        "text": text,
        "imported": imported,
        "import_problems": import_problems,
        "saved": saved if action == "save" else None,
        "editing": bool(state.list_id),
        "saved_name": saved_name,
        "save_errors": save_errors,
        "signed_in": isinstance(request.user, User),
        "login_url": _login_url(request),
    }
    return _render(request, "builders/army.html", context, url, action)


# --- AZRAH roster builder --------------------------------------------------------------------


@dataclass
class GuardianRow:
    key: str  # the entry as listed (an ID, or a name)
    card: Guardian | SharedCard | None
    problems: list[Problem] = field(default_factory=list)
    remove_url: str = ""

    @property
    def has_error(self) -> bool:
        return any(p.severity == "error" for p in self.problems)


@dataclass
class PartySlot:
    key: str
    position: str
    label: str
    value: str
    problems: list[Problem] = field(default_factory=list)


@dataclass
class GuardianResult:
    card: Guardian
    in_roster: bool
    toggle_url: str


def _roster_url(state: RosterState) -> str:
    query = state.query()
    return reverse("azrah-roster") + (f"?{query}" if query else "")


def _find_entry(
    entry: str, cards: dict[str, Guardian | SharedCard]
) -> Guardian | SharedCard | None:
    wanted = " ".join(entry.lower().split())
    by_id = next((c for key, c in cards.items() if key.lower() == wanted), None)
    if by_id is not None:
        return by_id
    return next((c for c in cards.values() if " ".join(c.name.lower().split()) == wanted), None)


@require_http_methods(["GET", "POST"])
def azrah_roster(request: HtmxHttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    state = read_roster_state(data)
    cards = roster_entries(state)
    saved: SavedList | None = None
    if request.method == "GET" and request.GET.get("saved", "").strip():
        saved = _owned(request, "azrah", state.notes)
        if saved is not None:
            try:
                loaded = roster_from_dict(saved.payload)
            except InvalidInput:
                state.notes.append(f"The saved roster {saved.name!r} could not be read.")
            else:
                if saved.catalog is not None:
                    state.catalog = saved.catalog
                    cards = roster_entries(state)
                state.list_id = str(saved.pk)
                state = roster_from_engine(loaded, state)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    text = ""
    import_problems: list[Problem] = []
    imported = False
    saved_name = saved.name if saved is not None else request.POST.get("name", "").strip()
    roster = state.roster()
    if action == "import":
        text = request.POST.get("text", "")[:MAX_TEXT]
        roster, text_problems = parse_roster_text(text, cards)
        state = roster_from_engine(roster, state)
        imported = True
        import_problems = list(text_problems)
    report = validate_roster(roster, cards)
    if imported:
        import_problems += [
            p for p in report.problems if any(e.startswith("line ") for e in p.entries)
        ]
        roster = state.roster()  # the page's links carry the roster without line numbers

    export = request.GET.get("export", "")
    if export in ("text", "json") and request.method == "GET":
        return _download(
            "azrah-roster", roster_to_text(roster) if export == "text" else roster_to_dict(roster)
        )

    saved, saved_name, save_errors = _save_step(
        request, "azrah", action, saved_name, roster_to_dict(roster), state, saved
    )

    party_problems = [p for p in report.problems if p.code == PARTY]
    other = [p for p in report.problems if p.code != PARTY]
    rows = []
    for index, entry in enumerate(state.guardians):
        card = _find_entry(entry, cards)
        names = {entry, card.name} if card is not None else {entry}
        rows.append(
            GuardianRow(
                entry,
                card,
                [p for p in other if names & set(p.entries)],
                _roster_url(state.removing(index)),
            )
        )
    slots = [
        PartySlot(
            key,
            position,
            label,
            state.party.get(key, ""),
            [p for p in party_problems if position in p.entries],
        )
        for key, position, label in SLOTS
    ]
    shown = {id(p) for row in rows for p in row.problems}
    shown |= {id(p) for slot in slots for p in slot.problems}
    general = [p for p in report.problems if id(p) not in shown]
    first_error = next((f"row-{i}" for i, row in enumerate(rows) if row.has_error), "")
    if not first_error:
        first_error = next(
            (f"slot-{s.key}" for s in slots if any(p.severity == "error" for p in s.problems)), ""
        )
    in_roster = set(state.guardians)
    results = [
        GuardianResult(
            card,
            card.id in in_roster or card.name in in_roster,
            _roster_url(state.toggling(card.id if card.name not in in_roster else card.name)),
        )
        for card in search_guardians(cards, state.q)
    ]
    url = _roster_url(state)
    sep = "&" if "?" in url else "?"
    context = {
        "state": state,
        "catalog": state.catalog,
        "catalogs": _catalogs("azrah"),
        "report": report,
        "rows": {"entries": rows, "general": general, "first_error": first_error},
        "slots": slots,
        "results": results,
        "guardian_count": report.totals.get("guardian_count", 0),
        "roster_size": ROSTER_GUARDIANS,
        "mana_target": MANA_CARDS,
        "gems_target": CELESTIAL_GEMS,
        "mana_minus": _roster_url(state.with_cards(state.mana - 1, state.gems)),
        "mana_plus": _roster_url(state.with_cards(state.mana + 1, state.gems)),
        "gems_minus": _roster_url(state.with_cards(state.mana, state.gems - 1)),
        "gems_plus": _roster_url(state.with_cards(state.mana, state.gems + 1)),
        "choices": [(row.key, row.card.name if row.card else row.key) for row in rows],
        "url": url,
        "state_pairs": state.pairs(search=False),
        "party_pairs": state.pairs(party=False),
        "keep_pairs": state.pairs(),
        "export_text": f"{url}{sep}export=text",
        "export_json": f"{url}{sep}export=json",
        "text": text,
        "imported": imported,
        "import_problems": import_problems,
        "saved": saved if action == "save" else None,
        "editing": bool(state.list_id),
        "saved_name": saved_name,
        "save_errors": save_errors,
        "signed_in": isinstance(request.user, User),
        "login_url": _login_url(request),
    }
    return _render(request, "builders/roster.html", context, url, action)
