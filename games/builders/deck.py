"""The Azuki deck builder's state: a deck held in the query string.

``leader=AZK-001&gate=AZK-003&c=AZK-017:4&c=AZK-020:3`` (plus ``catalog=<slug>:<version>``)
is the whole deck, so a deck is a bookmark and every change is a plain link. Reading it never
fails: a value that cannot be read is left out and reported in ``notes``, and the rules
themselves are always checked by ``referee.rules.azuki.deck``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.http import QueryDict

from games.catalogs.engine import azuki_cards
from games.catalogs.service import default_catalog, find_catalog
from games.models import Catalog
from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.lists import Problem

MAX_COUNT = 99  # a count above this is a typo, not a deck
SEARCH_LIMIT = 40
FILTER_KEYS = ("q", "type", "element")


@dataclass
class DeckState:
    """The deck a query string describes, and the catalog it is built from."""

    catalog: Catalog | None
    leader: str = ""
    gate: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    filters: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    list_id: str = ""  # the saved list that "Save" updates

    @property
    def catalog_key(self) -> str:
        return f"{self.catalog.slug}:{self.catalog.version}" if self.catalog else ""

    def deck(self) -> Deck:
        return Deck(
            leader=DeckLine(1, self.leader) if self.leader else None,
            gate=DeckLine(1, self.gate) if self.gate else None,
            cards=tuple(DeckLine(n, card_id) for card_id, n in self.counts.items()),
        )

    def copy(self) -> DeckState:
        return DeckState(
            self.catalog,
            self.leader,
            self.gate,
            dict(self.counts),
            dict(self.filters),
            list_id=self.list_id,
            notes=self.notes,  # a note made before an import still shows after it
        )

    def pairs(self, *, filters: bool = True) -> list[tuple[str, str]]:
        """The query string's fields, in a stable order."""
        out: list[tuple[str, str]] = []
        default = default_catalog("azuki")
        if self.catalog is not None and (default is None or default.pk != self.catalog.pk):
            out.append(("catalog", self.catalog_key))
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


def pick_catalog(value: str, notes: list[str]) -> Catalog | None:
    """The catalog named ``slug:version`` (or ``slug``, its newest), else the default."""
    value = value.strip()
    if value:
        slug, _, version = value.partition(":")
        try:
            return find_catalog("azuki", slug, version or None)
        except Catalog.DoesNotExist:
            notes.append(f"There is no Azuki catalog {value!r}; the default one is used.")
    return default_catalog("azuki")


def read_state(query: QueryDict) -> DeckState:
    """The deck a query string holds. Unreadable values are reported in ``notes``, not raised."""
    notes: list[str] = []
    catalog = pick_catalog(query.get("catalog", ""), notes)
    state = DeckState(catalog, notes=notes)
    state.leader = query.get("leader", "").strip()[:40]
    state.gate = query.get("gate", "").strip()[:40]
    for raw in query.getlist("c"):
        card_id, sep, number = raw.strip().rpartition(":")
        if not sep:
            card_id, number = raw.strip(), "1"
        card_id = card_id.strip()[:40]
        try:
            count = int(number)
        except ValueError:
            notes.append(f"Could not read {raw!r}: write a card ID and a count, like AZK-017:4.")
            continue
        if not card_id:
            notes.append(f"Could not read {raw!r}: the card ID is missing.")
            continue
        if count < 1:
            notes.append(f"{card_id}: a count below 1 ({count}) is left out.")
            continue
        total = state.counts.get(card_id, 0) + count
        if total > MAX_COUNT:
            notes.append(
                f"{card_id}: {total} copies is more than {MAX_COUNT}; kept at {MAX_COUNT}."
            )
            total = MAX_COUNT
        state.counts[card_id] = total
    state.list_id = query.get("list", "").strip()[:40]
    for key in FILTER_KEYS:
        state.filters[key] = query.get(key, "").strip()[:80]
    if state.filters["type"] not in {"", *(t.value for t in CardType)}:
        notes.append(f"Unknown card type {state.filters['type']!r}: showing every type.")
        state.filters["type"] = ""
    if state.filters["element"] not in {"", *(e.value for e in Element)}:
        notes.append(f"Unknown element {state.filters['element']!r}: showing every element.")
        state.filters["element"] = ""
    return state


def from_deck(deck: Deck, base: DeckState) -> DeckState:
    """A state holding ``deck`` (read from text, JSON or a saved list) in ``base``'s catalog."""
    state = DeckState(
        base.catalog, filters=dict(base.filters), list_id=base.list_id, notes=base.notes
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


def catalog_cards(state: DeckState) -> dict[str, Card]:
    return azuki_cards(state.catalog) if state.catalog is not None else {}
