"""The Azeroth at War army builder's state: an army held in the query string.

``size=standard&faction=horde&points=800&u=orc-grunt:3&u=thrall-warchief:1`` (plus
``catalog=<slug>:<version>``) is the whole army. Reading it never fails: a value that cannot
be read is left out and reported in ``notes``; the rules are checked by
``referee.rules.azeroth.army``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlencode

from django.http import QueryDict

from games.catalogs.engine import azeroth_factions, azeroth_units
from games.models import Catalog
from referee.rules.azeroth.army import (
    MAX_POINTS_LIMIT,
    TIER_NAMES,
    TIER_ORDER,
    army_from_dict,
    army_to_dict,
    army_to_text,
    find_unit,
    read_army_text,
    validate_army,
)
from referee.rules.azeroth.profiles import Tier
from referee.rules.azeroth.units import (
    BATTLE_SIZES,
    ArmyLine,
    ArmyList,
    BattleSize,
    Faction,
    Unit,
)
from referee.rules.errors import InvalidInput
from referee.rules.lists import OVER_POINTS, UNKNOWN_ENTRY, Problem, Report

from .base import SEARCH_LIMIT, Checked, catalog_pairs

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
    default_pk: int | None = None  # the default catalog, left out of the query string

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
            self.notes,
            list_id=self.list_id,
            default_pk=self.default_pk,
        )

    def pairs(self, *, filters: bool = True, game: bool = True) -> list[tuple[str, str]]:
        out = catalog_pairs(self)
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


def read_state(
    query: QueryDict,
    catalog: Catalog | None,
    default_pk: int | None,
    factions: Mapping[str, Faction],
    notes: list[str],
) -> ArmyState:
    state = ArmyState(catalog, notes=notes, default_pk=default_pk)
    size = query.get("size", "").strip().lower()
    if size:
        try:
            state.size = BattleSize(size)
        except ValueError:
            notes.append(f"Unknown battle size {size!r}: Standard is used.")
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


@dataclass(frozen=True)
class ArmyCatalog:
    """An Azeroth at War catalog's entries: its units by slug and its factions by slug."""

    units: dict[str, Unit]
    factions: dict[str, Faction]


# A problem about the whole army, not its units, even when it names them (the budget).
_ARMY_WIDE = {OVER_POINTS}

Link = Callable[[ArmyState], str]


def _rows(
    state: ArmyState, units: Mapping[str, Unit], report: Report, link: Link
) -> dict[str, object]:
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
                minus_url=link(state.with_count(ref, count - 1)),
                plus_url=link(state.with_count(ref, count + 1)),
                remove_url=link(state.with_count(ref, 0)),
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


class ArmyBuilder:
    """``/azeroth/army/``: an Azeroth at War army, checked by ``referee.rules.azeroth.army``."""

    system = "azeroth"
    url_name = "azeroth-army"
    template = "builders/army.html"
    stem = "azeroth-army"
    noun = "army"

    def entries(self, catalog: Catalog | None) -> ArmyCatalog:
        if catalog is None:
            return ArmyCatalog({}, {})
        return ArmyCatalog(azeroth_units(catalog), azeroth_factions(catalog))

    def read_state(
        self,
        query: QueryDict,
        catalog: Catalog | None,
        default_pk: int | None,
        entries: ArmyCatalog,
        notes: list[str],
    ) -> ArmyState:
        return read_state(query, catalog, default_pk, entries.factions, notes)

    def open_saved(
        self, payload: Mapping[str, Any], state: ArmyState, entries: ArmyCatalog
    ) -> ArmyState:
        loaded = army_from_dict(payload)
        state = from_lines(loaded.lines, state, entries.units)
        state.size = loaded.battle_size
        state.points = loaded.points_limit
        state.faction = loaded.faction.slug if loaded.faction else ""
        return state

    def check(
        self, state: ArmyState, entries: ArmyCatalog, text: str | None
    ) -> Checked[ArmyState, ArmyList]:
        units, factions = entries.units, entries.factions
        army = state.army(factions)
        read_problems: list[Problem] = []
        if text is not None:
            # The engine reads the text, its header, faction and budget (R125); the page's
            # battle size and faction are used only where the header names none.
            read = read_army_text(
                text, units, factions, fallback_size=state.size, fallback_faction=state.faction
            )
            state.size = read.army.battle_size
            state.points = read.army.points_limit
            state.faction = read.army.faction.slug if read.army.faction is not None else ""
            state = from_lines(read.army.lines, state, units)
            army = replace(state.army(factions), lines=read.army.lines)
            read_problems = list(read.problems)
        try:
            report = validate_army(army, units)
        except InvalidInput as error:
            state.notes += [m for messages in error.problems.values() for m in messages]
            army = replace(army, lines=())
            report = validate_army(army, units)
        if text is None:
            return Checked(state, army, report)
        unknown = [p for p in report.problems if p.code == UNKNOWN_ENTRY]
        return Checked(state, army, report, True, text, [*read_problems, *unknown])

    def to_text(self, engine_list: ArmyList, entries: ArmyCatalog) -> str:
        return army_to_text(engine_list, entries.units)

    def to_dict(self, engine_list: ArmyList) -> dict[str, object]:
        return army_to_dict(engine_list)

    def context(
        self, checked: Checked[ArmyState, ArmyList], entries: ArmyCatalog, link: Link
    ) -> dict[str, Any]:
        state, report = checked.state, checked.report
        found = search(entries.units, state.filters)
        results = [
            UnitResult(
                unit,
                state.counts.get(unit.slug, 0),
                link(state.with_count(unit.slug, state.counts.get(unit.slug, 0) + 1)),
            )
            for unit in found[:SEARCH_LIMIT]
        ]
        unit_range = report.totals.get("unit_range", (0, 0))
        assert isinstance(unit_range, tuple)
        return {
            "rows": _rows(state, entries.units, report, link),
            "results": results,
            "found": len(found),
            "totals": report.totals,
            "unit_min": unit_range[0],
            "unit_max": unit_range[1],
            "tiers": _tier_totals(report),
            "tier_choices": [(t.value, TIER_NAMES[t]) for t in TIER_ORDER],
            "sizes": [(s.value, s.value.capitalize(), BATTLE_SIZES[s].points) for s in BattleSize],
            "factions": list(entries.factions.values()),
            "state_pairs": state.pairs(filters=False),
            "unit_pairs": state.pairs(game=False),
        }
