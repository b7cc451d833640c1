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
from dataclasses import dataclass

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


def plural_forms(name: str) -> set[str]:
    """The plain English plurals of a name, made on its last word: "Orc Grunts",
    "Axes", "Sentries", "Footmen", "Wolves" (R126). Only forms of names the catalog holds are
    ever made, so a typed word is never cut down to guess what it meant."""
    head, _, last = name.strip().rpartition(" ")
    if not last:
        return set()
    lower = last.lower()
    forms = {last + "s"}
    if lower.endswith(("s", "x", "z", "ch", "sh", "o")):
        forms.add(last + "es")
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        forms.add(last[:-1] + "ies")
    if lower.endswith("man"):
        forms.add(last[:-3] + "men")
    if lower.endswith("fe"):
        forms.add(last[:-2] + "ves")
    elif lower.endswith("f"):
        forms.add(last[:-1] + "ves")
    return {f"{head} {form}" if head else form for form in forms}


_CODE = re.compile(r"^(?P<prefix>[A-Za-z]{1,8})[-_ ]?(?P<number>\d{1,6})$")
# A mistyped ID keeps its dash and a digit: "AZK-0l9" (a letter l for a 1).
_TYPO_CODE = re.compile(r"^[A-Za-z]{1,8}-(?=[0-9A-Za-z]*\d)[0-9A-Za-z]{1,6}$")


def looks_like_code(key: str) -> bool:
    """Whether ``key`` is written like a card ID ("AZK-017", "azr7", "AZK-0l9"), not like a
    name."""
    key = key.strip()
    return _CODE.match(key) is not None or _TYPO_CODE.match(key) is not None


def _distance(a: str, b: str) -> int:
    """The Levenshtein distance between two short strings."""
    before = list(range(len(b) + 1))
    for i, char in enumerate(a, start=1):
        now = [i]
        for j, other in enumerate(b, start=1):
            now.append(min(before[j] + 1, now[j - 1] + 1, before[j - 1] + (char != other)))
        before = now
    return before[-1]


def close_codes(key: str, codes: Iterable[str], limit: int = 3) -> tuple[str, ...]:
    """The catalog IDs close to the ID ``key``: one character typed wrong, added or left out
    ("AZK-0l9", "AZK-17" for AZK-017), or the same number padded otherwise ("azk 17"). A far
    ID ("AZK-999") has no close one: an unrelated card would be a wrong hint, not a hint."""
    wanted = key.strip().upper()
    typed = _CODE.match(wanted)
    found: list[tuple[int, int, str]] = []  # (distance, -shared start, code): closest first
    for code in dict.fromkeys(codes):
        upper = code.upper()
        listed = _CODE.match(upper)
        same_number = (
            typed is not None
            and listed is not None
            and typed["prefix"] == listed["prefix"]
            and int(typed["number"]) == int(listed["number"])
        )
        distance = 0 if same_number else _distance(wanted, upper)
        if distance <= 1:
            shared = next(
                (i for i, (a, b) in enumerate(zip(wanted, upper, strict=False)) if a != b),
                min(len(wanted), len(upper)),
            )
            found.append((distance, -shared, code))
    found.sort(key=lambda item: item[:2])  # stable: catalog order among equals
    return tuple(code for _, _, code in found[:limit])


def line_numbers(problem: Problem) -> tuple[int, ...]:
    """The text lines a problem names (its ``"line 7"`` entries), in the order named."""
    numbers: list[int] = []
    for entry in problem.entries:
        word, _, number = entry.partition(" ")
        if word == "line" and number.isdigit():
            numbers.append(int(number))
    return tuple(dict.fromkeys(numbers))


def line_of(problem: Problem) -> int | None:
    """The first text line a problem names, or None for a problem of the whole list."""
    numbers = line_numbers(problem)
    return numbers[0] if numbers else None


def in_line_order(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """The problems that name a text line, in the order of their lines, then the problems of
    the whole list in the order they were found: read top to bottom, as the text is."""
    listed = list(problems)
    return tuple(
        sorted(listed, key=lambda p: (0, line) if (line := line_of(p)) is not None else (1, 0))
    )


@dataclass(frozen=True, slots=True)
class Fix:
    """One "did you mean" applied to a pasted text: line ``number``, which reads ``before``,
    would read ``after``."""

    suggestion: str
    number: int
    before: str
    after: str


def suggestion_fixes(text: str, problem: Problem) -> tuple[Fix, ...]:
    """How each of ``problem``'s suggestions would change the pasted ``text``: in every line
    the problem names, what was typed (``problem.actual``) becomes the suggestion. Empty when
    the problem names no line or suggests nothing."""
    typed = problem.actual
    if not isinstance(typed, str) or not typed.strip() or not problem.suggestions:
        return ()
    raw = text.splitlines()
    fixes: list[Fix] = []
    for suggestion in problem.suggestions:
        for number in line_numbers(problem):
            if not 1 <= number <= len(raw):
                continue
            before = raw[number - 1]
            # the last place the line spells what was typed, in any case (the count is first)
            found = list(re.finditer(re.escape(typed.strip()), before, re.IGNORECASE))
            if not found:
                continue
            after = before[: found[-1].start()] + suggestion + before[found[-1].end() :]
            fixes.append(Fix(suggestion, number, before, after))
    return tuple(fixes)


def apply_fix(text: str, number: int, before: str, after: str) -> str | None:
    """``text`` with line ``number`` changed from ``before`` to ``after``; None when that line
    no longer reads ``before`` (the text was changed since), so nothing is overwritten."""
    lines = text.splitlines(keepends=True)  # numbered as ``parse_lines`` numbers them
    if not 1 <= number <= len(lines):
        return None
    line = lines[number - 1]
    content = line.splitlines()[0] if line.splitlines() else ""
    if content != before:
        return None
    lines[number - 1] = after + line[len(content) :]
    return "".join(lines)
