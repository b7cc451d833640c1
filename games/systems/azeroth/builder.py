"""The Azeroth at War army builder (``/azeroth/army/``): an army held in the query string.

``size=standard&faction=horde&points=800&u=orc-grunt:3&u=thrall-warchief:1`` (plus
``catalog=<slug>:<version>``) is the whole army. Reading it never fails: a value that cannot
be read is left out and reported in ``notes``; pasted text is read and the army checked by the
list game (``list_game``), as every door does.
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
from referee.rules.azeroth.army import MAX_POINTS_LIMIT, TIER_NAMES, TIER_ORDER, find_unit
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

from .catalog import ArmyCatalog

if TYPE_CHECKING:
    from games.listgames.base import ListGame

MAX_COUNT = 99
COUNTED = Counted(120, MAX_COUNT, "unit", "orc-grunt:3")
FILTER_KEYS: dict[str, str | None] = {"q": None, "tier": "tier", "uf": "faction"}
"""Each search field of the query string (``uf``: the units' faction, as ``faction`` is the
army's), and the list game's filter it sets."""


@dataclass
class ArmyState(BuilderState):
    size: BattleSize = BattleSize.STANDARD
    faction: str = ""
    points: int | None = None
    counts: dict[str, int] = field(default_factory=dict)
    filters: dict[str, str] = field(default_factory=dict)

    def army(self, factions: Mapping[str, Faction]) -> ArmyList:
        return ArmyList(
            battle_size=self.size,
            lines=tuple(ArmyLine(count=n, ref=ref) for ref, n in self.counts.items()),
            points_limit=self.points,
            faction=factions.get(self.faction),
        )

    def copy(self) -> ArmyState:
        return replace(self, counts=dict(self.counts), filters=dict(self.filters))

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
    game: ListGame[Any, Any],
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
    state.counts = read_counts(query.getlist("u"), COUNTED, notes)
    state.list_id = query.get("list", "").strip()[:40]
    # the units' faction takes the catalog's factions
    filters = {**game.filters, "faction": factions.keys()}
    state.filters = read_filters(query, FILTER_KEYS, filters, game.filter_nouns, notes)
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
class UnitRow(Row):
    """A row of the army: its unit (None when the catalog lacks it) and its points."""

    @property
    def unit(self) -> Unit | None:
        unit: Unit | None = self.card
        return unit

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


class ArmyBuilder(GameBuilder[ArmyCatalog, ArmyList]):
    """``/azeroth/army/``: an Azeroth at War army, read and checked by its list game."""

    url_name = "azeroth-army"
    template = "builders/army.html"
    stem = "azeroth-army"
    noun = "army"
    list_keys = frozenset({"u"})

    def no_entries(self) -> ArmyCatalog:
        return ArmyCatalog({}, {})

    def read_state(
        self,
        query: QueryDict,
        catalog: Catalog | None,
        default_pk: int | None,
        entries: ArmyCatalog,
        notes: list[str],
    ) -> ArmyState:
        return read_state(self.game, query, catalog, default_pk, entries.factions, notes)

    def open_saved(
        self, payload: Mapping[str, Any], state: ArmyState, entries: ArmyCatalog
    ) -> ArmyState:
        loaded = self.game.read_json(payload)
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
            # battle size, faction and agreed budget are used only where the header names none.
            read, problems = self.game.read_text_with(
                text,
                entries,
                fallback_size=state.size,
                fallback_faction=state.faction,
                fallback_points=state.points,
            )
            state.size = read.battle_size
            state.points = read.points_limit
            state.faction = read.faction.slug if read.faction is not None else ""
            state = from_lines(read.lines, state, units)
            army = replace(state.army(factions), lines=read.lines)
            read_problems = list(problems)
        try:
            report = self.game.check_with(army, entries)
        except InvalidInput as error:
            state.notes += [m for messages in error.problems.values() for m in messages]
            army = replace(army, lines=())
            report = self.game.check_with(army, entries)
        if text is None:
            return Checked(state, army, report)
        unknown = [p for p in report.problems if p.code == UNKNOWN_ENTRY]
        return Checked(state, army, report, True, text, [*read_problems, *unknown])

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
