"""The AZRAH roster builder (``/azrah/roster/``): a roster held in the query string.

``g=AZR-001&g=AZR-002&mana=10&gems=3&fl=AZR-001&fc=...&fr=...&b1=...&b2=...`` is the whole
roster and its starting party (front left, centre, right; back row 1 and 2). Reading it never
fails: a value that cannot be read is left out and reported in ``notes``; pasted text is read
and the roster checked by the list game (``list_game``), as every door does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict

from games.builders.base import BuilderState, Checked, GameBuilder, Row, catalog_pairs
from games.models import Catalog
from referee.rules.azrah.cards import Guardian, Party, Roster, SharedCard
from referee.rules.azrah.roster import CELESTIAL_GEMS, MANA_CARDS, ROSTER_GUARDIANS
from referee.rules.lists import PARTY, Problem

from .catalog import RosterCards as Entries

MAX_ENTRIES = 60
MAX_CARDS = 99
SLOTS: tuple[tuple[str, str, str], ...] = (
    # query key, the validator's position name, label
    ("fl", "front left", "Front left"),
    ("fc", "front centre", "Front centre"),
    ("fr", "front right", "Front right"),
    ("b1", "back 1", "Back 1"),
    ("b2", "back 2", "Back 2"),
)


@dataclass
class RosterState(BuilderState):
    guardians: list[str] = field(default_factory=list)
    mana: int = MANA_CARDS
    gems: int = CELESTIAL_GEMS
    party: dict[str, str] = field(default_factory=dict)  # slot key -> entry
    q: str = ""

    def roster(self) -> Roster:
        party = None
        if any(self.party.values()):
            party = Party(
                front=tuple(self.party.get(key, "") for key, _, _ in SLOTS[:3]),
                back=tuple(self.party.get(key, "") for key, _, _ in SLOTS[3:]),
            )
        return Roster(tuple(self.guardians), self.mana, self.gems, party)

    def copy(self) -> RosterState:
        return replace(self, guardians=list(self.guardians), party=dict(self.party), notes=[])

    def pairs(self, *, party: bool = True, search: bool = True) -> list[tuple[str, str]]:
        out = catalog_pairs(self)
        out += [("g", entry) for entry in self.guardians]
        if self.mana != MANA_CARDS:
            out.append(("mana", str(self.mana)))
        if self.gems != CELESTIAL_GEMS:
            out.append(("gems", str(self.gems)))
        if party:
            out += [(key, self.party[key]) for key, _, _ in SLOTS if self.party.get(key)]
        if self.list_id:
            out.append(("list", self.list_id))
        if search and self.q:
            out.append(("q", self.q))
        return out

    def query(self) -> str:
        return urlencode(self.pairs())

    def toggling(self, entry: str) -> RosterState:
        """Tap a Guardian: in the roster it leaves (and its party place), else it joins."""
        state = self.copy()
        if entry in state.guardians:
            state.guardians = [g for g in state.guardians if g != entry]
            state.party = {k: v for k, v in state.party.items() if v != entry}
        else:
            state.guardians.append(entry)
        return state

    def removing(self, index: int) -> RosterState:
        state = self.copy()
        entry = state.guardians.pop(index)
        if entry not in state.guardians:
            state.party = {k: v for k, v in state.party.items() if v != entry}
        return state

    def with_cards(self, mana: int, gems: int) -> RosterState:
        state = self.copy()
        state.mana = max(0, min(mana, MAX_CARDS))
        state.gems = max(0, min(gems, MAX_CARDS))
        return state


def _number(query: QueryDict, key: str, default: int, what: str, notes: list[str]) -> int:
    raw = query.get(key, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        notes.append(f"{what} must be a whole number (got {raw!r}); {default} is used.")
        return default
    if not 0 <= value <= MAX_CARDS:
        notes.append(f"{what} must be between 0 and {MAX_CARDS} (got {value}); {default} is used.")
        return default
    return value


def read_state(
    query: QueryDict, catalog: Catalog | None, default_pk: int | None, notes: list[str]
) -> RosterState:
    state = RosterState(catalog, notes=notes, default_pk=default_pk)
    entries = [g.strip()[:120] for g in query.getlist("g")]
    if any(not g for g in entries):
        notes.append("A blank Guardian entry is left out.")
    entries = [g for g in entries if g]
    if len(entries) > MAX_ENTRIES:
        notes.append(f"Only the first {MAX_ENTRIES} Guardian entries are read.")
    state.guardians = entries[:MAX_ENTRIES]
    state.mana = _number(query, "mana", MANA_CARDS, "Mana", notes)
    state.gems = _number(query, "gems", CELESTIAL_GEMS, "Celestial Gems", notes)
    for key, _, _ in SLOTS:
        value = query.get(key, "").strip()[:120]
        if value:
            state.party[key] = value
    state.q = query.get("q", "").strip()[:80]
    state.list_id = query.get("list", "").strip()[:40]
    return state


def from_roster(roster: Roster, base: RosterState) -> RosterState:
    state = RosterState(
        base.catalog, q=base.q, notes=base.notes, list_id=base.list_id, default_pk=base.default_pk
    )
    state.guardians = [g.strip()[:120] for g in roster.guardians if g.strip()][:MAX_ENTRIES]
    state.mana = max(0, min(roster.mana, MAX_CARDS))
    state.gems = max(0, min(roster.gems, MAX_CARDS))
    if roster.party is not None:
        members = [*roster.party.front[:3], *[""] * (3 - len(roster.party.front[:3]))]
        members += list(roster.party.back[:2])
        for (key, _, _), member in zip(SLOTS, members, strict=False):
            if member.strip():
                state.party[key] = member.strip()[:120]
    return state


def search(entries: Mapping[str, Guardian | SharedCard], q: str) -> list[Guardian]:
    """The catalog's Guardians (not Transformations, Curses or Items) matching ``q``."""
    words = q.lower().split()
    return [
        card
        for card in entries.values()
        if isinstance(card, Guardian)
        and card.base_form is None
        and all(word in f"{card.id} {card.name}".lower() for word in words)
    ]


Link = Callable[[RosterState], str]


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


def find_entry(
    entry: str, cards: Mapping[str, Guardian | SharedCard]
) -> Guardian | SharedCard | None:
    """The catalog card a roster entry names, by card ID or by name (case and spacing aside)."""
    wanted = " ".join(entry.lower().split())
    by_id = next((c for key, c in cards.items() if key.lower() == wanted), None)
    if by_id is not None:
        return by_id
    return next((c for c in cards.values() if " ".join(c.name.lower().split()) == wanted), None)


class RosterBuilder(GameBuilder[Entries, Roster]):
    """``/azrah/roster/``: an AZRAH roster and its starting party, read and checked by its
    list game."""

    url_name = "azrah-roster"
    template = "builders/roster.html"
    stem = "azrah-roster"
    noun = "roster"
    list_keys = frozenset({"g", *(key for key, _, _ in SLOTS)})

    def no_entries(self) -> Entries:
        return {}

    def read_state(
        self,
        query: QueryDict,
        catalog: Catalog | None,
        default_pk: int | None,
        entries: Entries,
        notes: list[str],
    ) -> RosterState:
        return read_state(query, catalog, default_pk, notes)

    def open_saved(
        self, payload: Mapping[str, Any], state: RosterState, entries: Entries
    ) -> RosterState:
        return from_roster(self.game.read_json(payload), state)

    def check(
        self, state: RosterState, entries: Entries, text: str | None
    ) -> Checked[RosterState, Roster]:
        if text is None:
            roster = state.roster()
            return Checked(state, roster, self.game.check_with(roster, entries))
        # The text replaces the roster and its party; Mana and Gems it leaves out stay as set.
        read, text_problems = self.game.read_text_with(
            text, entries, mana=state.mana, gems=state.gems
        )
        state = from_roster(read, state)
        report = self.game.check_with(read, entries)
        line_problems = [
            p for p in report.problems if any(e.startswith("line ") for e in p.entries)
        ]
        # The page's links carry the roster without line numbers.
        return Checked(state, state.roster(), report, True, text, [*text_problems, *line_problems])

    def context(
        self, checked: Checked[RosterState, Roster], entries: Entries, link: Link
    ) -> dict[str, Any]:
        state, report = checked.state, checked.report
        party_problems = [p for p in report.problems if p.code == PARTY]
        other = [p for p in report.problems if p.code != PARTY]
        rows = []
        for index, entry in enumerate(state.guardians):
            card = find_entry(entry, entries)
            names = {entry, card.name} if card is not None else {entry}
            rows.append(
                Row(
                    entry,
                    card,
                    problems=[p for p in other if names & set(p.entries)],
                    remove_url=link(state.removing(index)),
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
                (f"slot-{s.key}" for s in slots if any(p.severity == "error" for p in s.problems)),
                "",
            )
        in_roster = set(state.guardians)
        results = [
            GuardianResult(
                card,
                card.id in in_roster or card.name in in_roster,
                link(state.toggling(card.id if card.name not in in_roster else card.name)),
            )
            for card in search(entries, state.q)
        ]
        return {
            "rows": {"entries": rows, "general": general, "first_error": first_error},
            "slots": slots,
            "results": results,
            "guardian_count": report.totals.get("guardian_count", 0),
            "roster_size": ROSTER_GUARDIANS,
            "mana_target": MANA_CARDS,
            "gems_target": CELESTIAL_GEMS,
            "mana_minus": link(state.with_cards(state.mana - 1, state.gems)),
            "mana_plus": link(state.with_cards(state.mana + 1, state.gems)),
            "gems_minus": link(state.with_cards(state.mana, state.gems - 1)),
            "gems_plus": link(state.with_cards(state.mana, state.gems + 1)),
            "choices": [(row.key, row.card.name if row.card else row.key) for row in rows],
            "state_pairs": state.pairs(search=False),
            "party_pairs": state.pairs(party=False),
        }
