"""Reading pasted plain-text lists, the way lists travel between players.

Every game's list is lines of "how many of what": ``4 AZK-017 Cinderwake Ritualist``,
``4x AZK-017``, ``1 Orc Grunt``, ``Orc Grunt x2`` or a bare ``Orc Grunt`` (one copy). Blank
lines, ``#`` comments and section headings ending in a colon (``Main deck:``) are skipped. What
is left after the count is the *key*: the game's resolver decides whether it names a card ID, a
catalog slug or a name. Lines that cannot be read are reported with their number, never
dropped silently.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable

from .lists import UNREADABLE_LINE, Problem, Severity, TextLine

MAX_COUNT = 999

_LEADING = re.compile(r"^(?P<count>\d+)\s*[xX\u00d7]?\s+(?P<key>\S.*)$")
_LEADING_TIGHT = re.compile(r"^(?P<count>\d+)[xX\u00d7](?P<key>\S.*)$")  # "4xAZK-017"
_TRAILING = re.compile(r"^(?P<key>\S.*?)\s+[xX\u00d7]\s*(?P<count>\d+)$")  # "Orc Grunt x2"
# "1 X Marks": a lone x after the count may be a multiplier or the start of a name.
_SPACED_X = re.compile(r"^\d+\s+(?P<key>[xX\u00d7]\s+\S.*)$")
_BULLET = re.compile(r"^[-*•]\s*")


def parse_lines(text: str) -> tuple[list[TextLine], list[Problem]]:
    """Split pasted text into counted lines, and a Problem for each line that can't be read."""
    lines: list[TextLine] = []
    problems: list[Problem] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = _BULLET.sub("", raw.strip()).strip()
        if not stripped or stripped.startswith(("#", "//")) or stripped.endswith(":"):
            continue
        match = (
            _LEADING.match(stripped) or _LEADING_TIGHT.match(stripped) or _TRAILING.match(stripped)
        )
        alternatives: tuple[str, ...] = ()
        if match:
            count, key = int(match["count"]), match["key"].strip()
            spaced = _SPACED_X.match(stripped)
            if spaced and match.re is _LEADING:
                alternatives = (spaced["key"].strip(),)
        elif stripped[0].isdigit() and stripped.isdigit():
            count, key = 0, ""
        else:
            count, key = 1, stripped
        if not key or count < 1 or count > MAX_COUNT:
            problems.append(
                Problem(
                    code=UNREADABLE_LINE,
                    severity=Severity.ERROR,
                    message=(
                        f"Line {number} can't be read: {raw.strip()!r}. Write a count and a "
                        f"name or ID, like '2 Orc Grunt' or 'Orc Grunt x2' "
                        f"(count 1 to {MAX_COUNT})."
                    ),
                    rule="",
                    actual=raw.strip(),
                    entries=(f"line {number}",),
                )
            )
            continue
        lines.append(
            TextLine(
                number=number,
                count=count,
                key=key,
                text=raw.strip(),
                alternatives=alternatives,
            )
        )
    return lines, problems


def pick_key(line: TextLine, known: Callable[[str], bool]) -> str:
    """The first reading of ``line`` (its key, then its alternatives) that ``known`` accepts;
    the key itself when none is known, so the caller reports it as unknown."""
    for key in (line.key, *line.alternatives):
        if known(key):
            return key
    return line.key


def closest(name: str, candidates: Iterable[str], limit: int = 3) -> tuple[str, ...]:
    """The catalog names (or IDs) most like ``name``, for a "did you mean ..." hint."""
    pool = list(dict.fromkeys(candidates))
    by_lower = {candidate.lower(): candidate for candidate in pool}
    found = difflib.get_close_matches(name.lower(), list(by_lower), n=limit, cutoff=0.6)
    return tuple(by_lower[match] for match in found)
