"""What every list validator shares: the Problem it reports and the Report it returns.

Validators return every problem at once (STYLE, like python-chess's ``Board.status()``): each
has a stable ``code`` other tools can rely on, a ``severity``, a readable ``message``, the
rulebook ``rule`` section, the numbers involved (``actual`` against ``limit``) and the
``entries`` that caused it (unit names, card IDs, Guardian names, or ``"line 7"`` for a text
line). ``Report.valid`` is a thin wrapper: no errors (warnings allowed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

# Codes shared by the games' validators (issue contract; other tools rely on them).
OVER_POINTS = "over_points"
NO_HERO = "no_hero"
DUPLICATE_UNIQUE = "duplicate_unique"
TIER_MIN = "tier_min"
TIER_MAX = "tier_max"
UNIT_COUNT = "unit_count"
UNKNOWN_ENTRY = "unknown_entry"
WRONG_FACTION = "wrong_faction"
DECK_SIZE = "deck_size"
TOO_MANY_COPIES = "too_many_copies"
ELEMENT_MISMATCH = "element_mismatch"
GATE_ELEMENT = "gate_element"
MISSING_LEADER = "missing_leader"
MISSING_GATE = "missing_gate"
ROSTER_SIZE = "roster_size"
DUPLICATE_NAME = "duplicate_name"
MANA_COUNT = "mana_count"
GEM_COUNT = "gem_count"
PARTY = "party"
# Text lists (any game).
UNREADABLE_LINE = "unreadable_line"


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


Number = int | float


@dataclass(frozen=True, slots=True)
class Problem:
    code: str
    severity: Severity
    message: str
    rule: str  # rulebook section or ruling code, e.g. "4.1" or "K2"
    actual: Number | str | None = None
    limit: Number | str | None = None
    entries: tuple[str, ...] = ()
    suggestions: tuple[str, ...] = ()  # "did you mean" names, for unknown entries


@dataclass(frozen=True, slots=True)
class Report:
    """Every problem found, errors and warnings together, plus the game's running totals."""

    problems: tuple[Problem, ...]
    totals: dict[str, object] = field(default_factory=dict)

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)

    @property
    def valid(self) -> bool:
        return not self.errors


@dataclass(frozen=True, slots=True)
class TextLine:
    """One readable line of a pasted list: ``count`` copies of ``key`` (a name or card ID)."""

    number: int  # 1-based line number in the pasted text
    count: int
    key: str
    text: str  # the line as typed
    # Other readings of the same line, tried when ``key`` names nothing: "1 X Marks" is one
    # "Marks" (the "1 x Marks" form) or one "X Marks", and only the catalog can tell.
    alternatives: tuple[str, ...] = ()
