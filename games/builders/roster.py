"""The AZRAH roster builder's state: a roster held in the query string.

``g=AZR-001&g=AZR-002&mana=10&gems=3&fl=AZR-001&fc=...&fr=...&b1=...&b2=...`` is the whole
roster and its starting party (front left, centre, right; back row 1 and 2). Reading it never
fails: a value that cannot be read is left out and reported in ``notes``; the rules are
checked by ``referee.rules.azrah.roster``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.http import QueryDict

from games.catalogs.engine import azrah_guardians, azrah_shared_cards
from games.catalogs.service import default_catalog, find_catalog
from games.models import Catalog
from referee.rules.azrah.cards import Guardian, Party, Roster, SharedCard
from referee.rules.azrah.roster import CELESTIAL_GEMS, MANA_CARDS

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
class RosterState:
    catalog: Catalog | None
    guardians: list[str] = field(default_factory=list)
    mana: int = MANA_CARDS
    gems: int = CELESTIAL_GEMS
    party: dict[str, str] = field(default_factory=dict)  # slot key -> entry
    q: str = ""
    notes: list[str] = field(default_factory=list)
    list_id: str = ""  # the saved list that "Save" updates

    @property
    def catalog_key(self) -> str:
        return f"{self.catalog.slug}:{self.catalog.version}" if self.catalog else ""

    def roster(self) -> Roster:
        party = None
        if any(self.party.values()):
            party = Party(
                front=tuple(self.party.get(key, "") for key, _, _ in SLOTS[:3]),
                back=tuple(self.party.get(key, "") for key, _, _ in SLOTS[3:]),
            )
        return Roster(tuple(self.guardians), self.mana, self.gems, party)

    def copy(self) -> RosterState:
        return RosterState(
            self.catalog,
            list(self.guardians),
            self.mana,
            self.gems,
            dict(self.party),
            self.q,
            list_id=self.list_id,
        )

    def pairs(self, *, party: bool = True, search: bool = True) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        default = default_catalog("azrah")
        if self.catalog is not None and (default is None or default.pk != self.catalog.pk):
            out.append(("catalog", self.catalog_key))
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


def pick_catalog(value: str, notes: list[str]) -> Catalog | None:
    value = value.strip()
    if value:
        slug, _, version = value.partition(":")
        try:
            return find_catalog("azrah", slug, version or None)
        except Catalog.DoesNotExist:
            notes.append(f"There is no AZRAH catalog {value!r}; the default one is used.")
    return default_catalog("azrah")


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


def read_state(query: QueryDict) -> RosterState:
    notes: list[str] = []
    state = RosterState(pick_catalog(query.get("catalog", ""), notes), notes=notes)
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
    state = RosterState(base.catalog, q=base.q, notes=base.notes, list_id=base.list_id)
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


def catalog_entries(state: RosterState) -> dict[str, Guardian | SharedCard]:
    if state.catalog is None:
        return {}
    entries: dict[str, Guardian | SharedCard] = {}
    entries.update(azrah_guardians(state.catalog))
    entries.update(azrah_shared_cards(state.catalog))
    return entries


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
