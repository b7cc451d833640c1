"""Azeroth at War army lists: validation (3.1, 4.1, 9.1, 8.1; A12, A13), text and JSON lists.

``validate_army`` returns every problem at once (lists.py codes) with the running totals a list
builder shows ("Elite 2 of 3"). ``parse_army_text`` and ``army_to_text`` read and write the
plain-text lists players paste; ``army_to_dict`` and ``army_from_dict`` the JSON form, losslessly.

A list whose *shape* is wrong (a negative count, an inline unit without tiers) is not a list
that breaks the rules: ``check_army`` and ``army_from_dict`` raise ``InvalidInput`` naming each
field (``units.2.count``, as the REST API names it), and ``validate_army`` does the same before
it counts anything.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..checks import Problems, add_problem, check_whole
from ..errors import InvalidInput
from ..lists import (
    DUPLICATE_UNIQUE,
    NO_HERO,
    OVER_POINTS,
    TIER_MAX,
    TIER_MIN,
    UNIT_COUNT,
    UNKNOWN_ENTRY,
    WRONG_FACTION,
    Problem,
    Report,
    Severity,
)
from ..textlists import MAX_COUNT, closest, in_line_order, parse_lines, pick_key, plural_forms
from .profiles import Tier
from .units import (
    BATTLE_SIZES,
    ArmyLine,
    ArmyList,
    BattleSize,
    Faction,
    InlineUnit,
    TierLimit,
    Unit,
)

MAX_LINES = 200
MAX_UNIT_POINTS = 10_000
MAX_POINTS_LIMIT = 100_000
MAX_TIER_LIMIT = MAX_COUNT
MAX_NAME = 200
MANA_CAP = 10  # 8.1

BATTLE_SIZE_NAMES: dict[BattleSize, str] = {
    BattleSize.SKIRMISH: "Skirmish",
    BattleSize.STANDARD: "Standard",
    BattleSize.LARGE: "Large Battle",
}


def _battle(size_name: str) -> str:
    """ "Standard battle", but "Large Battle" (the book's own name) rather than "Large Battle
    battle"."""
    return size_name if size_name.endswith("Battle") else f"{size_name} battle"


TIER_NAMES: dict[Tier, str] = {
    Tier.BASELINE: "Baseline",
    Tier.MOUNTED: "Mounted",
    Tier.ELITE: "Elite",
    Tier.HERO: "Hero",
}
TIER_ORDER: tuple[Tier, ...] = (Tier.BASELINE, Tier.MOUNTED, Tier.ELITE, Tier.HERO)


def _norm(text: str) -> str:
    """A name as players mean it: case and runs of spaces do not matter."""
    return " ".join(text.split()).casefold()


# --- Shape checks ---------------------------------------------------------------------------


def army_input_problems(army: ArmyList) -> Problems:
    """Every shape problem of ``army`` by dotted field path (empty when the list is readable)."""
    problems: Problems = {}
    if not isinstance(army.battle_size, BattleSize):
        add_problem(
            problems,
            "battle_size",
            f"Battle size must be one of {', '.join(size.value for size in BattleSize)}.",
        )
    if army.points_limit is not None:
        check_whole(
            problems, "points_limit", army.points_limit, 1, MAX_POINTS_LIMIT, "The points limit"
        )
    if army.faction is not None:
        if not army.faction.slug.strip():
            add_problem(problems, "faction.slug", "The faction needs a slug.")
        for size, limits in army.faction.composition.items():
            _check_composition(problems, f"faction.composition.{size}", limits)
    if army.composition is not None:
        _check_composition(problems, "composition", army.composition)
    if len(army.lines) > MAX_LINES:
        add_problem(problems, "units", f"A list has at most {MAX_LINES} lines.")
    for index, line in enumerate(army.lines):
        _check_line(problems, f"units.{index}", line)
    return problems


def check_army(army: ArmyList) -> None:
    """Raise ``InvalidInput`` naming every field of ``army`` that cannot be read as a list."""
    problems = army_input_problems(army)
    if problems:
        raise InvalidInput(problems)


def _check_composition(problems: Problems, path: str, limits: Mapping[Tier, TierLimit]) -> None:
    for tier, limit in limits.items():
        where = f"{path}.{tier}"
        if not isinstance(tier, Tier):
            add_problem(problems, where, f"{tier!r} is not a tier.")
            continue
        check_whole(problems, f"{where}.min", limit.min, 0, MAX_TIER_LIMIT, "A tier minimum")
        check_whole(problems, f"{where}.max", limit.max, 0, MAX_TIER_LIMIT, "A tier maximum")
        if isinstance(limit.min, int) and isinstance(limit.max, int) and limit.min > limit.max:
            add_problem(
                problems,
                where,
                f"The minimum ({limit.min}) is above the maximum ({limit.max}).",
            )


def _check_line(problems: Problems, path: str, line: ArmyLine) -> None:
    # Count 0 is allowed: a builder's "-" button may leave a line empty; it counts for nothing.
    check_whole(problems, f"{path}.count", line.count, 0, MAX_COUNT, "The count")
    inline = line.inline
    if inline is None:
        if not isinstance(line.ref, str) or not line.ref.strip():
            add_problem(problems, f"{path}.unit", "Name a catalog unit or give the unit inline.")
        elif len(line.ref) > MAX_NAME:
            add_problem(problems, f"{path}.unit", f"At most {MAX_NAME} characters.")
        return
    if not isinstance(inline.name, str) or not inline.name.strip():
        add_problem(problems, f"{path}.name", "The unit needs a name.")
    elif len(inline.name) > MAX_NAME:
        add_problem(problems, f"{path}.name", f"At most {MAX_NAME} characters.")
    check_whole(problems, f"{path}.points", inline.points, 0, MAX_UNIT_POINTS, "Points")
    tiers = inline.tiers
    if not 1 <= len(tiers) <= 2:
        add_problem(
            problems, f"{path}.tiers", "A unit has one tier, or two for a dual-slot unit (4.1)."
        )
    elif len(set(tiers)) != len(tiers):
        add_problem(problems, f"{path}.tiers", "A dual-slot unit has two different tiers.")
    for number, tier in enumerate(tiers):
        if not isinstance(tier, Tier):
            add_problem(problems, f"{path}.tiers.{number}", f"{tier!r} is not a tier.")
    if not isinstance(inline.unique, bool):
        add_problem(problems, f"{path}.unique", "Must be true or false.")
    if inline.faction is not None and not inline.faction.strip():
        add_problem(problems, f"{path}.faction", "Leave the faction out or give its slug.")


# --- Resolving and merging ------------------------------------------------------------------


class _Names:
    """Case-insensitive name and slug lookup, built only when an exact slug misses."""

    __slots__ = ("_catalog", "_index", "_plurals")

    def __init__(self, catalog: Mapping[str, Unit]) -> None:
        self._catalog = catalog
        self._index: dict[str, Unit] | None = None
        self._plurals: dict[str, dict[str, Unit]] | None = None

    def find(self, ref: str) -> Unit | None:
        unit = self._catalog.get(ref)
        if unit is not None:
            return unit
        if self._index is None:
            index: dict[str, Unit] = {}
            for unit in self._catalog.values():
                index.setdefault(_norm(unit.name), unit)
            for unit in self._catalog.values():
                index.setdefault(_norm(unit.slug), unit)
            self._index = index
        return self._index.get(_norm(ref))

    def read(self, ref: str) -> Unit | None:
        """The unit a pasted line names: as ``find`` does, else by a plain plural of exactly
        one unit's name ("2 Orc Grunts"); a plural two units' names share names neither
        (R126)."""
        unit = self.find(ref)
        if unit is not None:
            return unit
        if self._plurals is None:
            plurals: dict[str, dict[str, Unit]] = {}
            for listed in self._catalog.values():
                for form in plural_forms(listed.name):
                    plurals.setdefault(_norm(form), {})[listed.slug] = listed
            self._plurals = plurals
        named = self._plurals.get(_norm(ref), {})
        return next(iter(named.values())) if len(named) == 1 else None


def find_unit(ref: str, catalog: Mapping[str, Unit]) -> Unit | None:
    """The catalog unit ``ref`` names: its slug, else its name or slug in any case (9.2)."""
    return _Names(catalog).find(ref)


@dataclass(slots=True)
class ArmyEntry:
    """One unit of the army after merging every line that names it."""

    name: str
    points: int  # per unit
    tiers: tuple[Tier, ...]
    unique: bool
    faction: str | None
    magical: bool
    slug: str | None  # None for an inline unit
    count: int = 0
    lines: list[int] = field(default_factory=list)

    @property
    def subtotal(self) -> int:
        return self.count * self.points

    def as_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "unit": self.slug,
            "count": self.count,
            "points": self.points,
            "subtotal": self.subtotal,
            "tiers": [tier.value for tier in self.tiers],
            "unique": self.unique,
            "faction": self.faction,
            "magical": self.magical,
            "lines": list(self.lines),
        }


@dataclass(slots=True)
class _Unknown:
    ref: str
    count: int = 0
    lines: list[int] = field(default_factory=list)


def _merge(
    lines: Sequence[ArmyLine], catalog: Mapping[str, Unit]
) -> tuple[list[ArmyEntry], list[_Unknown]]:
    """Resolve each line and add up the lines that name the same unit (3: merge duplicates).

    A catalog unit is the same unit under its slug. An inline unit is the same unit when its
    name (in any case) and its whole definition match, so two different inline units that
    share a name stay apart for points and tiers; R20 still counts them as one named Hero.
    """
    names = _Names(catalog)
    entries: dict[object, ArmyEntry] = {}
    unknown: dict[str, _Unknown] = {}
    for line in lines:
        if line.count == 0:
            continue
        inline = line.inline
        entry: ArmyEntry | None
        if inline is not None:
            key: object = (
                "inline",
                _norm(inline.name),
                inline.points,
                inline.tiers,
                inline.unique,
                inline.faction,
            )
            entry = entries.get(key)
            if entry is None:
                entry = entries[key] = ArmyEntry(
                    name=inline.name.strip(),
                    points=inline.points,
                    tiers=inline.tiers,
                    unique=inline.unique,
                    faction=inline.faction,
                    magical=False,
                    slug=None,
                )
        else:
            unit = names.find(line.ref)
            if unit is None:
                missing = unknown.get(_norm(line.ref))
                if missing is None:
                    missing = unknown[_norm(line.ref)] = _Unknown(line.ref.strip())
                missing.count += line.count
                if line.line is not None:
                    missing.lines.append(line.line)
                continue
            entry = entries.get(unit.slug)
            if entry is None:
                entry = entries[unit.slug] = ArmyEntry(
                    name=unit.name,
                    points=unit.points,
                    tiers=unit.tiers,
                    unique=unit.unique,
                    faction=unit.faction,
                    magical=unit.magical,
                    slug=unit.slug,
                )
        entry.count += line.count
        if line.line is not None:
            entry.lines.append(line.line)
    return list(entries.values()), list(unknown.values())


# --- Validation -----------------------------------------------------------------------------


def validate_army(army: ArmyList, catalog: Mapping[str, Unit] | None = None) -> Report:
    """Check an army list against 3.1, 4.1 and 9.1 and report every problem at once.

    Errors: ``unknown_entry`` (not in the catalog, with did-you-mean names), ``wrong_faction``
    (4.1; R22 when the list names no faction), ``over_points`` (the battle size's budget, or
    the agreed one: A12), ``no_hero`` (4.1, 9.1), ``duplicate_unique`` (4.1, R20), ``tier_min``
    and ``tier_max`` (the faction's table for the battle size or the agreed composition; a
    dual-slot unit fills a slot in both its tiers: 4.1, A12, R21). Warning: ``unit_count``
    (units per side outside the 3.1 range, A12). Units not found add nothing to any total
    (R23). Raises ``InvalidInput`` when the list's shape is wrong (``check_army``).
    """
    check_army(army)
    entries, unknown = _merge(army.lines, catalog or {})
    size = BATTLE_SIZES[army.battle_size]
    size_name = BATTLE_SIZE_NAMES[army.battle_size]
    budget, budget_text = army_budget(army.battle_size, army.points_limit)
    faction_slug, faction_name, faction_inferred = _army_faction(army, entries)
    limits, limits_source = _tier_limits(army)

    total_points = 0
    unit_count = 0
    heroes = 0
    magical = 0
    tier_counts = dict.fromkeys(TIER_ORDER, 0)
    tier_units: dict[Tier, list[ArmyEntry]] = {tier: [] for tier in TIER_ORDER}
    for entry in entries:
        total_points += entry.subtotal
        unit_count += entry.count
        for tier in entry.tiers:
            tier_counts[tier] += entry.count
            tier_units[tier].append(entry)
        if Tier.HERO in entry.tiers:
            heroes += entry.count
        elif entry.magical:
            magical += entry.count

    problems: list[Problem] = []
    names = [unit.name for unit in (catalog or {}).values()] if unknown else []
    for missing in unknown:
        problems.append(_unknown_problem(missing, names))

    if faction_slug is not None:
        for entry in entries:
            if entry.faction is not None and entry.faction != faction_slug:
                problems.append(
                    Problem(
                        code=WRONG_FACTION,
                        severity=Severity.ERROR,
                        message=_wrong_faction_message(entry, faction_name, faction_inferred),
                        rule="4.1, R22" if faction_inferred else "4.1",
                        actual=entry.faction,
                        limit=faction_slug,
                        entries=(entry.name,),
                    )
                )

    if total_points > budget:
        problems.append(
            Problem(
                code=OVER_POINTS,
                severity=Severity.ERROR,
                message=(
                    f"The army costs {total_points:,} points, {total_points - budget:,} over "
                    f"{budget_text}."
                ),
                rule="3.1, A12",
                actual=total_points,
                limit=budget,
                entries=tuple(
                    entry.name
                    for entry in sorted(entries, key=lambda e: -e.subtotal)
                    if entry.subtotal
                ),
            )
        )

    if heroes == 0:
        problems.append(
            Problem(
                code=NO_HERO,
                severity=Severity.ERROR,
                message="The army has no Hero; every army must include at least one.",
                rule="4.1",
                actual=0,
                limit=1,
            )
        )

    problems.extend(_unique_problems(entries))
    problems.extend(_tier_problems(limits, limits_source, tier_counts, tier_units))

    if not size.min_units <= unit_count <= size.max_units:
        few = unit_count < size.min_units
        problems.append(
            Problem(
                code=UNIT_COUNT,
                severity=Severity.WARNING,
                message=(
                    f"The army has {unit_count} unit{'' if unit_count == 1 else 's'}; a "
                    f"{_battle(size_name)} is played with {size.min_units} to "
                    f"{size.max_units} units per side."
                ),
                rule="3.1, A12",
                actual=unit_count,
                limit=size.min_units if few else size.max_units,
            )
        )

    totals: dict[str, object] = {
        "battle_size": army.battle_size.value,
        "faction": faction_slug,
        "total_points": total_points,
        "points_limit": budget,
        "points_left": budget - total_points,
        "unit_count": unit_count,
        "unit_range": (size.min_units, size.max_units),
        "tier_counts": {tier.value: tier_counts[tier] for tier in TIER_ORDER},
        "tier_limits": {
            tier.value: {"min": limit.min, "max": limit.max} for tier, limit in limits.items()
        },
        "hero_count": heroes,
        # 8.1, A13: what the army brings at the start of a Mana Phase with everyone alive.
        "mana_income": min(MANA_CAP, size.base_mana + heroes + magical),
        "units": [entry.as_dict() for entry in entries],
        "unknown": [missing.ref for missing in unknown],
    }
    return Report(problems=tuple(problems), totals=totals)


def army_budget(battle_size: BattleSize, points_limit: int | None) -> tuple[int, str]:
    """The most an army may cost, and how a message names it (3.1, 4; A12). The battle
    size's points value is the maximum; players may agree a lower budget at any size, and a
    higher one only in a Large Battle. An agreed budget above the value of a Skirmish or
    Standard battle leaves that value as the maximum."""
    table = BATTLE_SIZES[battle_size].points
    size_name = BATTLE_SIZE_NAMES[battle_size]
    if points_limit is None:
        return table, f"the {size_name} budget of {table:,}"
    if points_limit > table and battle_size is not BattleSize.LARGE:
        return table, (
            f"the {size_name} maximum of {table:,} (an agreed budget above it, "
            f"{points_limit:,}, is for a Large Battle only)"
        )
    return points_limit, f"the agreed budget of {points_limit:,}"


def army_at_size(army: ArmyList, battle_size: BattleSize) -> ArmyList:
    """The army as a game of ``battle_size`` checks it (3.1, A12, R125): at that size, with
    the budget agreed for the list only when the list was built for that size."""
    if army.battle_size is battle_size:
        return army
    return replace(army, battle_size=battle_size, points_limit=None)


def _wrong_faction_message(entry: ArmyEntry, faction_name: str, inferred: bool) -> str:
    message = (
        f"{entry.name} belongs to the {_faction_label(entry.faction or '')}; this is a "
        f"{faction_name} army, which takes only its own faction's units."
    )
    if inferred:
        message += (
            f" (The list names no faction, so it is taken to be {faction_name}, the faction "
            "of most of its units.)"
        )
    return message


def _faction_label(slug: str) -> str:
    return slug.replace("-", " ").replace("_", " ").title()


def _army_faction(army: ArmyList, entries: list[ArmyEntry]) -> tuple[str | None, str, bool]:
    """The army's faction slug and name, and whether it was inferred (R22)."""
    if army.faction is not None:
        return army.faction.slug, army.faction.name, False
    votes: dict[str, int] = {}
    for entry in entries:
        if entry.faction is not None:
            votes[entry.faction] = votes.get(entry.faction, 0) + entry.count
    if not votes:
        return None, "", False
    # max() keeps the first of equals, and votes keeps the order units were first listed.
    slug = max(votes, key=lambda s: votes[s])
    return slug, _faction_label(slug), True


def _tier_limits(army: ArmyList) -> tuple[dict[Tier, TierLimit], str]:
    """The tier limits that apply (R21) and where they come from, for messages."""
    if army.composition is not None:
        return _ordered(army.composition), "the agreed composition"
    if army.faction is not None:
        table = army.faction.composition.get(army.battle_size)
        if table is not None:
            size_name = BATTLE_SIZE_NAMES[army.battle_size]
            return _ordered(table), f"the {army.faction.name} table for a {_battle(size_name)}"
    return {}, ""


def _ordered(limits: Mapping[Tier, TierLimit]) -> dict[Tier, TierLimit]:
    return {tier: limits[tier] for tier in TIER_ORDER if tier in limits}


def _unknown_problem(missing: _Unknown, names: list[str]) -> Problem:
    suggestions = closest(missing.ref, names)
    if not missing.lines:
        where = ""
    elif len(missing.lines) == 1:
        where = f"Line {missing.lines[0]}: "
    else:
        numbers = [str(n) for n in missing.lines]
        where = f"Lines {', '.join(numbers[:-1])} and {numbers[-1]}: "
    hint = f" Did you mean {_or_list(suggestions)}?" if suggestions else ""
    return Problem(
        code=UNKNOWN_ENTRY,
        severity=Severity.ERROR,
        message=f"{where}{missing.ref!r} is not a unit in the catalog.{hint}",
        rule="9.2, R23",
        actual=missing.ref,
        entries=(missing.ref, *(f"line {number}" for number in missing.lines)),
        suggestions=suggestions,
    )


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "AEIOU" else f"a {word}"


def _and_list(names: Sequence[str]) -> str:
    return f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names)


def _or_list(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} or {names[-1]}"


def _unique_problems(entries: list[ArmyEntry]) -> list[Problem]:
    """4.1, R20: a named Hero is one Hero, whichever lines, catalog or inline, name it."""
    by_name: dict[str, list[ArmyEntry]] = {}
    for entry in entries:
        by_name.setdefault(_norm(entry.name), []).append(entry)
    problems = []
    for group in by_name.values():
        if not any(entry.unique for entry in group):
            continue
        taken = sum(entry.count for entry in group)
        if taken <= 1:
            continue
        name = next(entry.name for entry in group if entry.unique)
        problems.append(
            Problem(
                code=DUPLICATE_UNIQUE,
                severity=Severity.ERROR,
                message=(
                    f"{name} is a unique Hero, taken {taken} times; a unique Hero may be "
                    "taken only once."
                ),
                rule="4.1, R20",
                actual=taken,
                limit=1,
                entries=(name,),
            )
        )
    return problems


def _tier_problems(
    limits: dict[Tier, TierLimit],
    source: str,
    tier_counts: dict[Tier, int],
    tier_units: dict[Tier, list[ArmyEntry]],
) -> list[Problem]:
    """4.1, A12: each tier against its minimum and maximum; dual-slot units fill both."""
    problems = []
    for tier, limit in limits.items():
        count = tier_counts[tier]
        units = tier_units[tier]
        # No Hero is already its own problem; a Hero minimum of 1 would only repeat it.
        if tier is Tier.HERO and count == 0 and limit.min <= 1:
            continue
        if count < limit.min:
            code, bound, word, verb = TIER_MIN, limit.min, "fewer than", "requires"
        elif count > limit.max:
            code, bound, word, verb = TIER_MAX, limit.max, "more than", "allows"
        else:
            continue
        dual = [entry for entry in units if len(entry.tiers) > 1]
        note = "".join(
            f" Each {entry.name} fills both {_and_list([_a(TIER_NAMES[t]) for t in entry.tiers])}"
            " slot (dual-slot)."
            for entry in dual
        )
        problems.append(
            Problem(
                code=code,
                severity=Severity.ERROR,
                message=(
                    f"{TIER_NAMES[tier]}: {count} unit{'' if count == 1 else 's'}, {word} "
                    f"the {bound} {source} {verb}.{note}"
                ),
                rule="4.1, A12" if dual else "4.1",
                actual=count,
                limit=bound,
                entries=tuple(entry.name for entry in units),
            )
        )
    return problems


# --- Text lists -----------------------------------------------------------------------------

# What other tools add after a unit's name: "(110 pts)", "[Elite]", "- 110 pts".
_DECORATION = re.compile(
    r"\s*(?:[(\[][^()\[\]]*[)\]]|[-\u2013\u2014:]\s*\d+\s*(?:pts?|points)?\.?)\s*$",
    re.IGNORECASE,
)


def parse_army_text(
    text: str, catalog: Mapping[str, Unit]
) -> tuple[tuple[ArmyLine, ...], tuple[Problem, ...]]:
    """Read a pasted army list: one ArmyLine per readable line, a Problem per unreadable one.

    A line resolves to its catalog unit by slug or by name in any case, or by a plain plural
    of one unit's name ("2 Orc Grunts", R126), after dropping points or tiers other tools
    append ("Orc Grunt (55 pts)"); a line that names nothing in the
    catalog keeps its text so ``validate_army`` reports it with did-you-mean names.
    Duplicate lines stay apart here, with their line numbers, and are merged when validated.
    """
    names = _Names(catalog)
    text_lines, problems = parse_lines(text)
    lines: list[ArmyLine] = []
    for text_line in text_lines:
        key = pick_key(text_line, lambda k: names.read(k) is not None)
        unit = names.read(key)
        while unit is None:
            shorter = _DECORATION.sub("", key)
            if shorter == key or not shorter:
                break
            key = shorter
            unit = names.read(key)
        ref = unit.slug if unit is not None else key
        lines.append(ArmyLine(count=text_line.count, ref=ref, line=text_line.number))
    return tuple(lines), tuple(problems)


def army_to_text(army: ArmyList, catalog: Mapping[str, Unit] | None = None) -> str:
    """The army as plain text: a comment header, then one "N Name" line per merged unit.

    Units keep the order they were first listed. A catalog unit is written by name, or by
    slug when another catalog unit shares its name, so the text reads back to the same
    units. Inline units are written by name only: text carries no profiles.
    """
    catalog = catalog or {}
    size_name = BATTLE_SIZE_NAMES[army.battle_size]
    budget = (
        f"agreed budget {army.points_limit} points"
        if army.points_limit is not None
        else f"{BATTLE_SIZES[army.battle_size].points} points"
    )
    out = [f"# Azeroth at War army: {size_name}, {budget}"]
    if army.faction is not None:
        out.append(f"# Faction: {army.faction.name}")
    names = _Names(catalog)
    # Merged by name in any case, under the first spelling listed.
    labels: dict[str, str] = {}
    counts: dict[str, int] = {}
    for line in army.lines:
        if line.count == 0:
            continue
        if line.inline is not None:
            label = line.inline.name.strip()
        else:
            unit = names.find(line.ref)
            if unit is None:
                label = line.ref.strip()
            else:
                label = unit.name if names.find(unit.name) is unit else unit.slug
        key = _norm(label)
        labels.setdefault(key, label)
        counts[key] = counts.get(key, 0) + line.count
    for key, total in counts.items():
        # A text line holds at most MAX_COUNT, so a bigger merged count takes several lines.
        for start in range(0, total, MAX_COUNT):
            out.append(f"{min(total - start, MAX_COUNT)} {labels[key]}")
    return "\n".join(out) + "\n"


@dataclass(frozen=True, slots=True)
class TextHeader:
    """What ``army_to_text``'s comment header says about the game, when a text has one."""

    battle_size: BattleSize | None = None
    points_limit: int | None = None  # an agreed budget
    faction: str | None = None  # the faction's name as written


_HEADER = re.compile(
    r"^\s*#\s*Azeroth at War army:\s*(?P<size>[^,]+?)\s*,\s*"
    r"(?:agreed budget\s+(?P<limit>\d{1,9})|\d{1,9})\s*points\s*$",
    re.IGNORECASE,
)
_FACTION = re.compile(r"^\s*#\s*Faction:\s*(?P<name>\S.*?)\s*$", re.IGNORECASE)


def read_text_header(text: str) -> TextHeader:
    """Read the battle size, agreed budget and faction name from the comment header that
    ``army_to_text`` writes, so an exported list carries its game with it (batch checks)."""
    battle_size: BattleSize | None = None
    points_limit: int | None = None
    faction: str | None = None
    by_name = {_norm(name): size for size, name in BATTLE_SIZE_NAMES.items()}
    by_name.update({size.value: size for size in BattleSize})
    for raw in text.splitlines():
        if not raw.lstrip().startswith("#"):
            continue
        if (match := _HEADER.match(raw)) is not None:
            battle_size = by_name.get(_norm(match["size"]), battle_size)
            if match["limit"] is not None:
                points_limit = int(match["limit"])
        elif (match := _FACTION.match(raw)) is not None:
            faction = match["name"]
    return TextHeader(battle_size=battle_size, points_limit=points_limit, faction=faction)


def find_faction(name: str, factions: Mapping[str, Faction]) -> Faction | None:
    """The faction ``name`` names: its slug or its name, in any case and spacing."""
    key = _norm(name)
    for faction in factions.values():
        if key in (_norm(faction.slug), _norm(faction.name)):
            return faction
    return None


@dataclass(frozen=True, slots=True)
class ArmyText:
    """A pasted army as ``read_army_text`` settles it: the list with its battle size, budget
    and faction, and the problems reading it found (the header's, then unreadable lines)."""

    army: ArmyList
    problems: tuple[Problem, ...]
    header: TextHeader


def read_army_text(
    text: str,
    catalog: Mapping[str, Unit],
    factions: Mapping[str, Faction],
    *,
    battle_size: BattleSize | None = None,
    points_limit: int | None = None,
    faction: str | Faction | None = None,
    composition: Mapping[Tier, TierLimit] | None = None,
    fallback_size: BattleSize | None = None,
    fallback_faction: str | None = None,
    fallback_points: int | None = None,
) -> ArmyText:
    """The one reading of an army's text, whatever door it comes through (R125).

    What the caller gives explicitly wins over the text's header: ``battle_size``, then the
    header's, then ``fallback_size`` (a page's current choice); with none of them the list
    cannot be checked and ``InvalidInput`` names ``battle_size``. The budget is the caller's
    ``points_limit``, else the header's agreed budget when the header's battle size is the one
    in force (a budget agreed for another size does not carry over), else ``fallback_points``
    (a page's agreed budget) when the text has no header line, so the size in force is the
    caller's, else the table's (A12).
    ``fallback_faction`` (a page's current choice) is used only when neither the caller nor
    the header names a faction.
    The faction is the caller's (a slug or name; one ``factions`` lacks is ``InvalidInput`` on
    ``faction``), else the header's, looked up by slug or name in any case: a header naming a
    faction ``factions`` lacks is an ``unknown_entry`` problem and the list is checked as one
    naming no faction (R22)."""
    header = read_text_header(text)
    size = battle_size or header.battle_size or fallback_size
    if size is None:
        raise InvalidInput(
            {
                "battle_size": [
                    "Say the battle size: the text has no '# Azeroth at War army:' header "
                    "naming one."
                ]
            }
        )
    limit = points_limit
    # a budget the header agreed goes with the header's battle size (R125)
    if limit is None and header.battle_size in (None, size):
        limit = header.points_limit
    # a header names its size and budget together: a page's budget stays only without one
    if limit is None and header.battle_size is None:
        limit = fallback_points
    if limit is not None:
        problems_: Problems = {}
        check_whole(problems_, "points_limit", limit, 1, MAX_POINTS_LIMIT, "The points limit")
        if problems_:
            raise InvalidInput(problems_)
    problems: list[Problem] = []
    chosen: Faction | None = None
    if isinstance(faction, Faction):
        chosen = faction
    elif faction is not None:
        chosen = find_faction(faction, factions)
        if chosen is None:
            known = ", ".join(f.name for f in factions.values()) or "none"
            raise InvalidInput(
                {"faction": [f"There is no faction {faction!r} in the catalog; known: {known}."]}
            )
    elif header.faction is not None:
        chosen = find_faction(header.faction, factions)
        if chosen is None:
            names = [f.name for f in factions.values()]
            suggestions = closest(header.faction, names)
            hint = f" Did you mean {_or_list(suggestions)}?" if suggestions else ""
            problems.append(
                Problem(
                    code=UNKNOWN_ENTRY,
                    severity=Severity.ERROR,
                    message=(
                        f"The list names the faction {header.faction!r}, which the catalog "
                        f"does not have (it has {', '.join(names) or 'none'}).{hint}"
                    ),
                    rule="4.1, R125",
                    actual=header.faction,
                    entries=("faction",),
                    suggestions=suggestions,
                )
            )
    elif fallback_faction:
        chosen = find_faction(fallback_faction, factions)
    lines, unreadable = parse_army_text(text, catalog)
    army = ArmyList(
        battle_size=size,
        lines=lines,
        points_limit=limit,
        faction=chosen,
        composition=None if composition is None else dict(composition),
    )
    return ArmyText(army=army, problems=(*problems, *unreadable), header=header)


def check_army_text(
    text: str,
    catalog: Mapping[str, Unit],
    factions: Mapping[str, Faction],
    **choices: Any,
) -> Report:
    """Read a pasted army (``read_army_text``, its keyword choices) and check it: the
    reading's problems and every problem ``validate_army`` finds, those of a line in the
    order of their lines, then those of the whole army (one report, whatever the door: the
    API, a batch, the builder's import, a saved list)."""
    read = read_army_text(text, catalog, factions, **choices)
    report = validate_army(read.army, catalog)
    return Report(problems=in_line_order(read.problems + report.problems), totals=report.totals)


def validate_army_text(
    text: str,
    catalog: Mapping[str, Unit],
    *,
    battle_size: BattleSize,
    points_limit: int | None = None,
    faction: Faction | None = None,
    composition: Mapping[Tier, TierLimit] | None = None,
) -> Report:
    """Read and check a pasted list in one go, the battle size given: its unreadable lines,
    then every problem ``validate_army`` finds in the lines it could read."""
    return check_army_text(
        text,
        catalog,
        {} if faction is None else {faction.slug: faction},
        battle_size=battle_size,
        points_limit=points_limit,
        faction=faction,
        composition=composition,
    )


# --- JSON -----------------------------------------------------------------------------------

FORMAT = "azeroth-army"


def _composition_to_dict(limits: Mapping[Tier, TierLimit]) -> dict[str, dict[str, int]]:
    return {tier.value: {"min": limit.min, "max": limit.max} for tier, limit in limits.items()}


def army_to_dict(army: ArmyList) -> dict[str, object]:
    """The army as JSON-ready data, every line as given (not merged): army_from_dict reads
    it back to an equal ArmyList. Units use the REST API's shapes: ``{"unit", "count"}`` for
    a catalog unit, ``{"name", "points", "tiers", "unique", "faction", "count"}`` inline."""
    units: list[dict[str, object]] = []
    for line in army.lines:
        item: dict[str, object]
        if line.inline is not None:
            inline = line.inline
            item = {
                "name": inline.name,
                "points": inline.points,
                "tiers": [tier.value for tier in inline.tiers],
                "unique": inline.unique,
                "faction": inline.faction,
                "count": line.count,
            }
            if line.ref:
                item["unit"] = line.ref
        else:
            item = {"unit": line.ref, "count": line.count}
        if line.line is not None:
            item["line"] = line.line
        units.append(item)
    faction: dict[str, object] | None = None
    if army.faction is not None:
        faction = {
            "slug": army.faction.slug,
            "name": army.faction.name,
            "composition": {
                size.value: _composition_to_dict(limits)
                for size, limits in army.faction.composition.items()
            },
        }
    return {
        "format": FORMAT,
        "battle_size": army.battle_size.value,
        "points_limit": army.points_limit,
        "faction": faction,
        "composition": (
            None if army.composition is None else _composition_to_dict(army.composition)
        ),
        "units": units,
    }


class _Reader:
    """Reads JSON-shaped data, filing a problem per bad field instead of stopping."""

    def __init__(self) -> None:
        self.problems: Problems = {}

    def fail(self, path: str, message: str) -> None:
        add_problem(self.problems, path, message)

    def obj(self, value: object, path: str, allowed: set[str]) -> dict[str, object] | None:
        if not isinstance(value, dict):
            self.fail(path or "data", "Expected an object.")
            return None
        for key in value:
            if key not in allowed:
                self.fail(f"{path}.{key}" if path else str(key), "Unknown field.")
        return value

    def whole(self, value: object, path: str, default: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"Must be a whole number (got {value!r}).")
            return default
        return value

    def text(self, value: object, path: str) -> str:
        if not isinstance(value, str):
            self.fail(path, f"Must be text (got {value!r}).")
            return "?"
        return value

    def choice(self, value: object, path: str, kind: type[Tier] | type[BattleSize]) -> object:
        values = [member.value for member in kind]
        if isinstance(value, str) and value in values:
            return kind(value)
        self.fail(path, f"Must be one of {', '.join(values)} (got {value!r}).")
        return None

    def composition(self, value: object, path: str) -> dict[Tier, TierLimit]:
        data = self.obj(value, path, {tier.value for tier in Tier})
        limits: dict[Tier, TierLimit] = {}
        for key, item in (data or {}).items():
            tier = self.choice(key, f"{path}.{key}", Tier)
            pair = self.obj(item, f"{path}.{key}", {"min", "max"})
            if not isinstance(tier, Tier) or pair is None:
                continue
            for needed in ("min", "max"):
                if needed not in pair:
                    self.fail(f"{path}.{key}.{needed}", "This field is required.")
            low = self.whole(pair.get("min", 0), f"{path}.{key}.min")
            high = self.whole(pair.get("max", low), f"{path}.{key}.max", default=low)
            limits[tier] = TierLimit(min=low, max=high)
        return limits


def army_from_dict(data: object) -> ArmyList:
    """Read army_to_dict's JSON back into an ArmyList; raise InvalidInput naming every bad
    field (``units.3.count``) when the data is not a readable list."""
    reader = _Reader()
    top = reader.obj(
        data,
        "",
        {"format", "battle_size", "points_limit", "faction", "composition", "units"},
    )
    if top is None:
        raise InvalidInput(reader.problems)
    if top.get("format", FORMAT) != FORMAT:
        reader.fail("format", f"Expected {FORMAT!r} (got {top.get('format')!r}).")
    battle_size = BattleSize.STANDARD
    if "battle_size" not in top:
        reader.fail("battle_size", "This field is required.")
    else:
        size = reader.choice(top["battle_size"], "battle_size", BattleSize)
        if isinstance(size, BattleSize):
            battle_size = size
    points_limit: int | None = None
    if top.get("points_limit") is not None:
        points_limit = reader.whole(top["points_limit"], "points_limit", default=1)
    faction: Faction | None = None
    if top.get("faction") is not None:
        fdata = reader.obj(top["faction"], "faction", {"slug", "name", "composition"})
        if fdata is not None:
            slug = reader.text(fdata.get("slug"), "faction.slug")
            composition: dict[BattleSize, dict[Tier, TierLimit]] = {}
            sizes = reader.obj(
                fdata.get("composition", {}),
                "faction.composition",
                {size.value for size in BattleSize},
            )
            for key, table in (sizes or {}).items():
                size = reader.choice(key, f"faction.composition.{key}", BattleSize)
                if isinstance(size, BattleSize):
                    composition[size] = reader.composition(table, f"faction.composition.{key}")
            name = reader.text(fdata.get("name", slug), "faction.name")
            faction = Faction(slug=slug, name=name, composition=composition)
    override: dict[Tier, TierLimit] | None = None
    if top.get("composition") is not None:
        override = reader.composition(top["composition"], "composition")
    units = top.get("units", [])
    lines: list[ArmyLine] = []
    if not isinstance(units, list):
        reader.fail("units", "Expected a list.")
        units = []
    for index, item in enumerate(units):
        line = _read_line(reader, item, f"units.{index}")
        if line is not None:
            lines.append(line)
    army = ArmyList(
        battle_size=battle_size,
        lines=tuple(lines),
        points_limit=points_limit,
        faction=faction,
        composition=override,
    )
    for path, messages in army_input_problems(army).items():
        if not any(path == bad or path.startswith(bad + ".") for bad in reader.problems):
            for message in messages:
                reader.fail(path, message)
    if reader.problems:
        raise InvalidInput(reader.problems)
    return army


def _read_line(reader: _Reader, item: object, path: str) -> ArmyLine | None:
    data = reader.obj(
        item, path, {"unit", "count", "line", "name", "points", "tiers", "unique", "faction"}
    )
    if data is None:
        return None
    count = reader.whole(data.get("count", 1), f"{path}.count", default=1)
    number: int | None = None
    if data.get("line") is not None:
        number = reader.whole(data["line"], f"{path}.line", default=1)
    ref = reader.text(data["unit"], f"{path}.unit") if "unit" in data else ""
    if "name" not in data:
        for key in ("points", "tiers", "unique", "faction"):
            if key in data:
                reader.fail(f"{path}.name", "An inline unit needs a name.")
                break
        return ArmyLine(count=count, ref=ref, line=number)
    name = reader.text(data["name"], f"{path}.name")
    if "points" not in data:
        reader.fail(f"{path}.points", "This field is required.")
    points = reader.whole(data.get("points", 0), f"{path}.points")
    tiers: list[Tier] = []
    raw_tiers = data.get("tiers")
    if not isinstance(raw_tiers, list):
        reader.fail(f"{path}.tiers", "Expected a list of one or two tiers.")
    elif not raw_tiers:
        reader.fail(f"{path}.tiers", "A unit has one tier, or two for a dual-slot unit (4.1).")
    else:
        for number_, value in enumerate(raw_tiers):
            tier = reader.choice(value, f"{path}.tiers.{number_}", Tier)
            if isinstance(tier, Tier):
                tiers.append(tier)
    unique = data.get("unique", False)
    if not isinstance(unique, bool):
        reader.fail(f"{path}.unique", "Must be true or false.")
        unique = False
    faction = data.get("faction")
    if faction is not None:
        faction = reader.text(faction, f"{path}.faction")
    inline = InlineUnit(
        name=name,
        points=points,
        tiers=tuple(tiers) if tiers else (Tier.BASELINE,),
        unique=unique,
        faction=faction,
    )
    return ArmyLine(count=count, ref=ref, inline=inline, line=number)
