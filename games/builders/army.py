"""The Azeroth at War army builder's state: an army held in the query string.

``size=standard&faction=horde&points=800&u=orc-grunt:3&u=thrall-warchief:1`` (plus
``catalog=<slug>:<version>``) is the whole army. Reading it never fails: a value that cannot
be read is left out and reported in ``notes``; the rules are checked by
``referee.rules.azeroth.army``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.http import QueryDict

from games.catalogs.engine import azeroth_factions, azeroth_units
from games.catalogs.service import default_catalog, find_catalog
from games.models import Catalog
from referee.rules.azeroth.army import MAX_POINTS_LIMIT, find_unit
from referee.rules.azeroth.profiles import Tier
from referee.rules.azeroth.units import ArmyLine, ArmyList, BattleSize, Faction, Unit

MAX_COUNT = 99
FILTER_KEYS = ("q", "tier", "uf")  # search text, tier, the units' faction


@dataclass
class ArmyState:
    catalog: Catalog | None
    size: BattleSize = BattleSize.STANDARD
    faction: str = ""
    points: int | None = None
    counts: dict[str, int] = field(default_factory=dict)
    filters: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    list_id: str = ""  # the saved list that "Save" updates

    @property
    def catalog_key(self) -> str:
        return f"{self.catalog.slug}:{self.catalog.version}" if self.catalog else ""

    def army(self, factions: Mapping[str, Faction]) -> ArmyList:
        return ArmyList(
            battle_size=self.size,
            lines=tuple(ArmyLine(count=n, ref=ref) for ref, n in self.counts.items()),
            points_limit=self.points,
            faction=factions.get(self.faction),
        )

    def copy(self) -> ArmyState:
        return ArmyState(
            self.catalog,
            self.size,
            self.faction,
            self.points,
            dict(self.counts),
            dict(self.filters),
            list_id=self.list_id,
            notes=self.notes,  # a note made before an import still shows after it
        )

    def pairs(self, *, filters: bool = True, game: bool = True) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        default = default_catalog("azeroth")
        if self.catalog is not None and (default is None or default.pk != self.catalog.pk):
            out.append(("catalog", self.catalog_key))
        if game:
            out.append(("size", self.size.value))
            if self.faction:
                out.append(("faction", self.faction))
            if self.points is not None:
                out.append(("points", str(self.points)))
        out += [("u", f"{ref}:{n}") for ref, n in self.counts.items()]
        if self.list_id:
            out.append(("list", self.list_id))
        if filters:
            out += [(key, value) for key, value in self.filters.items() if value]
        return out

    def query(self) -> str:
        return urlencode(self.pairs())

    def with_count(self, ref: str, count: int) -> ArmyState:
        state = self.copy()
        if count < 1:
            state.counts.pop(ref, None)
        else:
            state.counts[ref] = min(count, MAX_COUNT)
        return state


def pick_catalog(value: str, notes: list[str]) -> Catalog | None:
    value = value.strip()
    if value:
        slug, _, version = value.partition(":")
        try:
            return find_catalog("azeroth", slug, version or None)
        except Catalog.DoesNotExist:
            notes.append(f"There is no Azeroth at War catalog {value!r}; the default one is used.")
    return default_catalog("azeroth")


def read_state(query: QueryDict) -> ArmyState:
    notes: list[str] = []
    state = ArmyState(pick_catalog(query.get("catalog", ""), notes), notes=notes)
    size = query.get("size", "").strip().lower()
    if size:
        try:
            state.size = BattleSize(size)
        except ValueError:
            notes.append(f"Unknown battle size {size!r}: Standard is used.")
    factions = azeroth_factions(state.catalog) if state.catalog is not None else {}
    faction = query.get("faction", "").strip()
    if faction and faction not in factions:
        notes.append(f"There is no faction {faction!r} in the catalog.")
    elif faction:
        state.faction = faction
    points = query.get("points", "").strip()
    if points:
        try:
            state.points = int(points)
        except ValueError:
            notes.append(f"The points limit must be a whole number (got {points!r}).")
        else:
            if not 1 <= state.points <= MAX_POINTS_LIMIT:
                notes.append(
                    f"The points limit must be between 1 and {MAX_POINTS_LIMIT:,} "
                    f"(got {state.points:,}); the battle size's budget is used."
                )
                state.points = None
    for raw in query.getlist("u"):
        ref, sep, number = raw.strip().rpartition(":")
        if not sep:
            ref, number = raw.strip(), "1"
        ref = ref.strip()[:120]
        try:
            count = int(number)
        except ValueError:
            notes.append(f"Could not read {raw!r}: write a unit and a count, like orc-grunt:3.")
            continue
        if not ref:
            notes.append(f"Could not read {raw!r}: the unit is missing.")
            continue
        if count < 1:
            notes.append(f"{ref}: a count below 1 ({count}) is left out.")
            continue
        total = state.counts.get(ref, 0) + count
        if total > MAX_COUNT:
            notes.append(f"{ref}: {total} is more than {MAX_COUNT}; kept at {MAX_COUNT}.")
            total = MAX_COUNT
        state.counts[ref] = total
    state.list_id = query.get("list", "").strip()[:40]
    for key in FILTER_KEYS:
        state.filters[key] = query.get(key, "").strip()[:80]
    if state.filters["tier"] not in {"", *(t.value for t in Tier)}:
        notes.append(f"Unknown tier {state.filters['tier']!r}: showing every tier.")
        state.filters["tier"] = ""
    if state.filters["uf"] and state.filters["uf"] not in factions:
        notes.append(f"Unknown faction {state.filters['uf']!r}: showing every faction.")
        state.filters["uf"] = ""
    return state


def from_lines(
    lines: tuple[ArmyLine, ...], base: ArmyState, units: Mapping[str, Unit]
) -> ArmyState:
    """A state holding ``lines`` (read from text, JSON or a saved list); catalog units by
    slug, anything else under its own text so the validator reports it."""
    state = base.copy()
    state.counts = {}
    for line in lines:
        if line.count < 1:
            continue
        name = line.inline.name if line.inline is not None else line.ref
        unit = find_unit(name, units)
        ref = unit.slug if unit is not None else name.strip()[:120]
        state.counts[ref] = min(state.counts.get(ref, 0) + line.count, MAX_COUNT)
    return state


def search(units: Mapping[str, Unit], filters: Mapping[str, str]) -> list[Unit]:
    words = filters.get("q", "").lower().split()
    tier = filters.get("tier", "")
    faction = filters.get("uf", "")
    return [
        unit
        for unit in units.values()
        if (not tier or any(t == tier for t in unit.tiers))
        and (not faction or unit.faction == faction)
        and all(word in f"{unit.slug} {unit.name}".lower() for word in words)
    ]


def catalog_units(state: ArmyState) -> dict[str, Unit]:
    return azeroth_units(state.catalog) if state.catalog is not None else {}


def catalog_factions(state: ArmyState) -> dict[str, Faction]:
    return azeroth_factions(state.catalog) if state.catalog is not None else {}
