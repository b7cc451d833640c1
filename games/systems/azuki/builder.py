"""The Azuki deck builder (``/azuki/deck/``): a deck held in the query string.

``leader=AZK-001&gate=AZK-003&c=AZK-017:4&c=AZK-020:3`` (plus ``catalog=<slug>:<version>``)
is the whole deck, so a deck is a bookmark and every change is a plain link. Reading it never
fails: a value that cannot be read is left out and reported in ``notes``; pasted text is read
and the deck checked by the list game (``list_game``), as every door does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.http import QueryDict

from games.builders.base import (
    SEARCH_LIMIT,
    BuilderState,
    Checked,
    Counted,
    GameBuilder,
    Row,
    catalog_pairs,
    read_counts,
    read_filters,
)
from games.models import Catalog
from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.azuki.deck import MAIN_DECK_CARDS, MAX_COPIES
from referee.rules.lists import Problem, Report

if TYPE_CHECKING:
    from games.listgames.base import ListGame

MAX_COUNT = 99  # a count above this is a typo, not a deck
COUNTED = Counted(40, MAX_COUNT, "card ID", "AZK-017:4", "copies")
FILTER_KEYS: dict[str, str | None] = {"q": None, "type": "type", "element": "element"}
"""Each search field of the query string, and the list game's filter it sets."""


@dataclass
class DeckState(BuilderState):
    """The deck a query string describes, and the catalog it is built from."""

    leader: str = ""
    gate: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    filters: dict[str, str] = field(default_factory=dict)

    def deck(self) -> Deck:
        return Deck(
            leader=DeckLine(1, self.leader) if self.leader else None,
            gate=DeckLine(1, self.gate) if self.gate else None,
            cards=tuple(DeckLine(n, card_id) for card_id, n in self.counts.items()),
        )

    def copy(self) -> DeckState:
        # the notes are shared: a note made before an import still shows after it
        return replace(self, counts=dict(self.counts), filters=dict(self.filters))

    def pairs(self, *, filters: bool = True) -> list[tuple[str, str]]:
        """The query string's fields, in a stable order."""
        out = catalog_pairs(self)
        if self.leader:
            out.append(("leader", self.leader))
        if self.gate:
            out.append(("gate", self.gate))
        out += [("c", f"{card_id}:{n}") for card_id, n in self.counts.items()]
        if self.list_id:
            out.append(("list", self.list_id))
        if filters:
            out += [(key, value) for key, value in self.filters.items() if value]
        return out

    def query(self, *, filters: bool = True) -> str:
        return urlencode(self.pairs(filters=filters))

    # Changes: each returns a new state, for a link.
    def with_count(self, card_id: str, count: int) -> DeckState:
        state = self.copy()
        if count < 1:
            state.counts.pop(card_id, None)
        else:
            state.counts[card_id] = min(count, MAX_COUNT)
        return state

    def with_slot(self, slot: str, card_id: str) -> DeckState:
        state = self.copy()
        setattr(state, slot, card_id)
        return state

    def adding(self, card: Card) -> DeckState:
        """The state after tapping "+ add" on a search result: a Leader or Gate fills its slot;
        any other card adds one copy to the main deck."""
        if card.type is CardType.LEADER:
            return self.with_slot("leader", card.id)
        if card.type is CardType.GATE:
            return self.with_slot("gate", card.id)
        return self.with_count(card.id, self.counts.get(card.id, 0) + 1)


def read_state(
    game: ListGame[Any, Any],
    query: QueryDict,
    catalog: Catalog | None,
    default_pk: int | None,
    notes: list[str],
) -> DeckState:
    """The deck a query string holds. Unreadable values are reported in ``notes``, not raised."""
    state = DeckState(catalog, notes=notes, default_pk=default_pk)
    state.leader = query.get("leader", "").strip()[:40]
    state.gate = query.get("gate", "").strip()[:40]
    state.counts = read_counts(query.getlist("c"), COUNTED, notes)
    state.list_id = query.get("list", "").strip()[:40]
    state.filters = read_filters(query, FILTER_KEYS, game.filters, game.filter_nouns, notes)
    return state


def from_deck(deck: Deck, base: DeckState) -> DeckState:
    """A state holding ``deck`` (read from text, JSON or a saved list) in ``base``'s catalog."""
    state = DeckState(
        base.catalog,
        filters=dict(base.filters),
        notes=base.notes,
        list_id=base.list_id,
        default_pk=base.default_pk,
    )
    if deck.leader is not None:
        state.leader = deck.leader.card.id if deck.leader.card else deck.leader.card_id
    if deck.gate is not None:
        state.gate = deck.gate.card.id if deck.gate.card else deck.gate.card_id
    for line in deck.cards:
        card_id = line.card.id if line.card is not None else line.card_id
        if line.count >= 1:
            state.counts[card_id] = min(state.counts.get(card_id, 0) + line.count, MAX_COUNT)
    return state


def search(cards: Mapping[str, Card], filters: Mapping[str, str]) -> list[Card]:
    """Catalog cards matching the search text (in the ID or the name) and the filters."""
    words = filters.get("q", "").lower().split()
    kind = filters.get("type", "")
    element = filters.get("element", "")
    found = [
        card
        for card in cards.values()
        if (not kind or card.type == kind)
        and (not element or card.element == element)
        and all(word in f"{card.id} {card.name}".lower() for word in words)
    ]
    return found


def problems_for(problems: tuple[Problem, ...], key: str) -> list[Problem]:
    """The problems that name the entry ``key`` (a card ID)."""
    return [problem for problem in problems if key and key in problem.entries]


@dataclass
class Result:
    card: Card
    in_deck: int
    add_url: str


Link = Callable[[DeckState], str]


def _rows(
    state: DeckState, cards: Mapping[str, Card], report: Report, link: Link
) -> dict[str, object]:
    problems = report.problems
    leader = gate = None
    if state.leader:
        leader = Row(
            state.leader, cards.get(state.leader), problems=problems_for(problems, state.leader)
        )
        leader.remove_url = link(state.with_slot("leader", ""))
    if state.gate:
        gate = Row(state.gate, cards.get(state.gate), problems=problems_for(problems, state.gate))
        gate.remove_url = link(state.with_slot("gate", ""))
    entries = [
        Row(
            key,
            cards.get(key),
            count,
            problems_for(problems, key),
            minus_url=link(state.with_count(key, count - 1)),
            plus_url=link(state.with_count(key, count + 1)),
            remove_url=link(state.with_count(key, 0)),
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


def _results(state: DeckState, cards: Mapping[str, Card], link: Link) -> tuple[list[Result], int]:
    found = search(cards, state.filters)
    results = []
    for card in found[:SEARCH_LIMIT]:
        if card.type is CardType.LEADER:
            in_deck = int(state.leader == card.id)
        elif card.type is CardType.GATE:
            in_deck = int(state.gate == card.id)
        else:
            in_deck = state.counts.get(card.id, 0)
        results.append(Result(card, in_deck, link(state.adding(card))))
    return results, len(found)


class DeckBuilder(GameBuilder[dict[str, Card], Deck]):
    """``/azuki/deck/``: an Azuki deck, read and checked by its list game."""

    url_name = "azuki-deck"
    template = "builders/deck.html"
    stem = "azuki-deck"
    noun = "deck"
    list_keys = frozenset({"c", "leader", "gate"})

    def no_entries(self) -> dict[str, Card]:
        return {}

    def read_state(
        self,
        query: QueryDict,
        catalog: Catalog | None,
        default_pk: int | None,
        entries: dict[str, Card],
        notes: list[str],
    ) -> DeckState:
        return read_state(self.game, query, catalog, default_pk, notes)

    def open_saved(
        self, payload: Mapping[str, Any], state: DeckState, entries: dict[str, Card]
    ) -> DeckState:
        return from_deck(self.game.read_json(payload), state)

    def check(
        self, state: DeckState, entries: dict[str, Card], text: str | None
    ) -> Checked[DeckState, Deck]:
        if text is None:
            deck = state.deck()
            return Checked(state, deck, self.game.check_with(deck, entries))
        deck, text_problems = self.game.read_text_with(text, entries)
        report = self.game.check_with(deck, entries)
        # Problems a line of the pasted text caused, beside the text.
        line_problems = [
            p for p in report.problems if any(e.startswith("line ") for e in p.entries)
        ]
        return Checked(
            from_deck(deck, state), deck, report, True, text, [*text_problems, *line_problems]
        )

    def context(
        self, checked: Checked[DeckState, Deck], entries: dict[str, Card], link: Link
    ) -> dict[str, Any]:
        state, totals = checked.state, checked.report.totals
        results, found = _results(state, entries, link)
        per_element = totals.get("per_element", {})
        per_type = totals.get("per_type", {})
        return {
            "rows": _rows(state, entries, checked.report, link),
            "results": results,
            "found": found,
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
            "state_pairs": state.pairs(filters=False),
        }
