"""AZRAH rosters: validation (Game Setup; R44-R46), pasted text lists and JSON.

``validate_roster`` returns every problem at once. Beside the shared codes of
``referee.rules.lists`` (``roster_size``, ``duplicate_name``, ``mana_count``, ``gem_count``,
``party``, ``unknown_entry``, ``unreadable_line``) it reports ``transformation_in_roster`` and
``shared_card_in_roster`` (a Transformation, or a Curse or Item card, listed as a Guardian).
A catalog may hold Guardians, Transformations and Curse and Item cards, by card ID.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..errors import InvalidInput
from ..lists import (
    DUPLICATE_NAME,
    GEM_COUNT,
    MANA_COUNT,
    PARTY,
    ROSTER_SIZE,
    UNKNOWN_ENTRY,
    UNREADABLE_LINE,
    Problem,
    Report,
    Severity,
)
from ..text import counted
from ..textlists import (
    close_codes,
    closest,
    in_line_order,
    looks_like_code,
    parse_lines,
    pick_key,
)
from .cards import Guardian, Party, Position, Roster, SharedCard

ROSTER_GUARDIANS = 15
MANA_CARDS = 10
CELESTIAL_GEMS = 3
FRONT_ROW = 3
BACK_ROW = 2

# Code of this module (beyond the shared ones).
TRANSFORMATION_IN_ROSTER = "transformation_in_roster"  # a Transformation listed as a Guardian
SHARED_CARD_IN_ROSTER = "shared_card_in_roster"  # a Curse or Item card listed as a Guardian

CODES: tuple[str, ...] = (
    ROSTER_SIZE,
    DUPLICATE_NAME,
    MANA_COUNT,
    GEM_COUNT,
    PARTY,
    UNKNOWN_ENTRY,
    UNREADABLE_LINE,
    TRANSFORMATION_IN_ROSTER,
    SHARED_CARD_IN_ROSTER,
)


class RosterFormatError(InvalidInput):
    """A JSON roster that does not have the expected shape: ``problems`` maps each bad
    field's dotted path (``party.front.1``) to its messages."""


def _normal(name: str) -> str:
    return " ".join(name.lower().split())


Entry = Guardian | SharedCard  # what a roster entry may turn out to be


def _rank(card: Entry) -> tuple[int, str]:
    # When names clash, a Guardian wins over a Transformation, and both over a Curse or Item.
    if isinstance(card, SharedCard):
        return 2, card.id
    return (1 if card.base_form is not None else 0), card.id


@dataclass(frozen=True, slots=True)
class RosterIndex:
    """A catalog's cards found as a roster names them: by ID, by name, or "ID Name"."""

    by_id: Mapping[str, Entry]  # upper-cased ID
    by_name: Mapping[str, Entry]  # normalised name

    @classmethod
    def of(cls, catalog: Mapping[str, Entry]) -> RosterIndex:
        by_id: dict[str, Entry] = {}
        by_name: dict[str, Entry] = {}
        for card in sorted(catalog.values(), key=_rank):
            by_id[card.id.upper()] = card
            by_name.setdefault(_normal(card.name), card)
        return cls(by_id, by_name)

    def find(self, entry: str) -> Entry | None:
        """By ID (the whole entry or its first word, as in ``AZR-001 Emberwing``), then by
        name without regard to case or spacing (R45)."""
        wanted = entry.strip()
        found = self.by_id.get(wanted.upper())
        if found is None:
            found = self.by_name.get(_normal(wanted))
        if found is None and " " in wanted:
            found = self.by_id.get(wanted.split(maxsplit=1)[0].upper())
        return found

    def suggest(self, entry: str, limit: int = 3) -> tuple[str, ...]:
        """The Guardian names most like ``entry`` (a name, an ID, or "ID Name")."""
        if not entry.strip():
            return ()
        guardians = [g for g in self.by_id.values() if isinstance(g, Guardian)]
        by_label: dict[str, Entry] = {g.name: g for g in guardians}
        by_label.update({g.id: g for g in guardians})
        first, _, rest = entry.strip().partition(" ")
        if looks_like_code(first):
            # An ID is matched against IDs only, and only a close one is offered: a far ID
            # ("AZR-999") is no Guardian's, and the nearest name would be a guess.
            by_name = {g.name: g for g in guardians}
            found = [
                *close_codes(first, {g.id: g for g in guardians}, limit),
                *(closest(rest.strip(), by_name, limit) if rest.strip() else ()),
            ]
        else:
            found = [*closest(entry, by_label, limit), *closest(first, by_label, limit)]
        return tuple(dict.fromkeys(by_label[label].name for label in found))[:limit]


def _shared_kind(card: Entry | None) -> str | None:
    """How to name a card that is not a roster Guardian ("a Transformation card (of X)"), or
    None for a Guardian."""
    if isinstance(card, SharedCard):
        kind = "an Item" if card.kind == "item" else "a Curse"
        return f"{kind} card (created by {card.creator})"
    if card is not None and card.base_form is not None:
        return f"a Transformation card (of {card.base_form})"
    return None


def _where(roster: Roster, index: int) -> tuple[str, ...]:
    if len(roster.lines) > index:
        return (f"line {roster.lines[index]}",)
    return ()


def _prefix(where: Sequence[str]) -> str:
    if not where:
        return ""
    numbers = sorted({int(w.split()[-1]) for w in where})
    return ("Line " if len(numbers) == 1 else "Lines ") + ", ".join(map(str, numbers)) + ": "


def _position(row: str, index: int) -> str:
    if row == "front" and index < FRONT_ROW:
        return f"front {list(Position)[index].value}"
    return f"{row} {index + 1}"


def validate_roster(
    roster: Roster, catalog: Mapping[str, Guardian | SharedCard] | None = None
) -> Report:
    """Every problem of an AZRAH roster at once (Game Setup).

    A roster is 15 Guardians of different names, 10 Mana and 3 Celestial Gems. Entries are
    names or catalog IDs; with a catalog, each must be found in it, and a Transformation,
    Curse or Item card is refused (they are shared cards: R44). Names compare without regard
    to case, and an ID counts under its card's name (R45). A starting party, when given, is
    three front-row Guardians (left, centre, right) and two back-row ones, all from the
    roster, none twice (R46); each wrong place is its own problem.
    """
    index = RosterIndex.of(catalog) if catalog is not None else None
    problems: list[Problem] = []
    names: dict[str, list[int]] = {}  # normalised name -> entry positions
    shown: dict[str, str] = {}  # normalised name -> name as shown
    count = 0
    for i, entry in enumerate(roster.guardians):
        where = _where(roster, i)
        guardian = index.find(entry) if index is not None else None
        if not entry.strip() or (index is not None and guardian is None):
            hints = index.suggest(entry) if index is not None else ()
            hint = f" Did you mean {' or '.join(hints)}?" if hints else ""
            what = (
                f"{entry.strip()!r} is not a Guardian in the catalog."
                if entry.strip()
                else f"Entry {i + 1} is blank."
            )
            problems.append(
                Problem(
                    code=UNKNOWN_ENTRY,
                    severity=Severity.ERROR,
                    message=f"{_prefix(where)}{what}{hint}",
                    rule="Game Setup",
                    actual=entry,
                    entries=(entry, *where),
                    suggestions=hints,
                )
            )
            if not entry.strip():
                continue
        shared = _shared_kind(guardian)
        if guardian is not None and shared is not None:
            problems.append(
                Problem(
                    code=SHARED_CARD_IN_ROSTER
                    if isinstance(guardian, SharedCard)
                    else TRANSFORMATION_IN_ROSTER,
                    severity=Severity.ERROR,
                    message=f"{_prefix(where)}{guardian.name} is {shared}: Transformation, "
                    "Curse and Item cards are shared by both players, not roster Guardians.",
                    rule="Game Setup, R44",
                    entries=(guardian.name, *where),
                )
            )
            continue
        name = guardian.name if guardian is not None else entry.strip()
        key = _normal(name)
        names.setdefault(key, []).append(i)
        shown.setdefault(key, name)
        count += 1

    if count != ROSTER_GUARDIANS:
        problems.insert(
            0,
            Problem(
                code=ROSTER_SIZE,
                severity=Severity.ERROR,
                message=f"The roster has {counted(count, 'Guardian')}; it needs exactly "
                f"{ROSTER_GUARDIANS}.",
                rule="Game Setup",
                actual=count,
                limit=ROSTER_GUARDIANS,
            ),
        )
    for key, positions in names.items():
        if len(positions) > 1:
            where = tuple(dict.fromkeys(w for i in positions for w in _where(roster, i)))
            problems.append(
                Problem(
                    code=DUPLICATE_NAME,
                    severity=Severity.ERROR,
                    message=f"{_prefix(where)}{shown[key]} is in the roster {len(positions)} "
                    "times; each Guardian in a roster has a different name.",
                    rule="Game Setup, R45",
                    actual=len(positions),
                    limit=1,
                    entries=(shown[key], *where),
                )
            )
    for code, what, actual, limit in (
        (MANA_COUNT, "Mana card", roster.mana, MANA_CARDS),
        (GEM_COUNT, "Celestial Gem card", roster.gems, CELESTIAL_GEMS),
    ):
        if actual != limit:
            problems.append(
                Problem(
                    code=code,
                    severity=Severity.ERROR,
                    message=f"The roster comes with {counted(actual, what)}; a player starts with "
                    f"exactly {limit}.",
                    rule="Game Setup",
                    actual=actual,
                    limit=limit,
                )
            )
    if roster.party is not None:
        problems += _party(roster.party, index, names, shown)
    return Report(
        problems=tuple(problems),
        totals={
            "guardian_count": count,
            "mana": roster.mana,
            "gems": roster.gems,
            "party_count": (
                len(roster.party.front) + len(roster.party.back) if roster.party else 0
            ),
        },
    )


def _party(
    party: Party,
    index: RosterIndex | None,
    names: Mapping[str, list[int]],
    shown: Mapping[str, str],
) -> list[Problem]:
    problems: list[Problem] = []
    for row, members, size, order in (
        ("front", party.front, FRONT_ROW, " (left, centre, right)"),
        ("back", party.back, BACK_ROW, ""),
    ):
        if len(members) != size:
            problems.append(
                Problem(
                    code=PARTY,
                    severity=Severity.ERROR,
                    message=f"The {row} row has {counted(len(members), 'Guardian')}; it takes "
                    f"exactly {size}{order}.",
                    rule="Game Setup, R46",
                    actual=len(members),
                    limit=size,
                    entries=tuple(m for m in members if m.strip()),
                )
            )
    placed: dict[str, str] = {}
    for row, members in (("front", party.front), ("back", party.back)):
        for i, member in enumerate(members):
            position = _position(row, i)
            guardian = index.find(member) if index is not None and member.strip() else None
            name = guardian.name if guardian is not None else member.strip()
            key = _normal(name)
            if not key:
                message = f"No Guardian is named for {position}."
            elif guardian is not None and (shared := _shared_kind(guardian)) is not None:
                message = (
                    f"{position.capitalize()}: {name} is {shared}; the party starts with "
                    "Guardians from the roster."
                )
            elif key not in names:
                message = f"{position.capitalize()}: {name} is not in the roster."
            elif key in placed:
                message = (
                    f"{position.capitalize()}: {shown.get(key, name)} is already at "
                    f"{placed[key]}; a Guardian takes one place in the party."
                )
            else:
                placed[key] = position
                continue
            problems.append(
                Problem(
                    code=PARTY,
                    severity=Severity.ERROR,
                    message=message,
                    rule="Game Setup, R46",
                    actual=name,
                    entries=(name, position) if name else (position,),
                )
            )
    return problems


# --- Text lists ---------------------------------------------------------------------------

_SETTING = re.compile(
    r"^\s*(?:[-*\u2022]\s*)?(?P<key>mana(?:\s+cards?)?|(?:celestial\s+)?gems?(?:\s+cards?)?|"
    r"front(?:\s+row)?|back(?:\s+row)?)\s*[:=]\s*(?P<value>\S.*?)\s*$",
    re.IGNORECASE,
)


_X_WORD = re.compile(r"[xX\u00d7]\s")


def parse_roster_text(
    text: str,
    catalog: Mapping[str, Guardian | SharedCard] | None = None,
    *,
    mana: int = MANA_CARDS,
    gems: int = CELESTIAL_GEMS,
) -> tuple[Roster, tuple[Problem, ...]]:
    """Read a pasted roster: one Guardian a line (name or ID; a count above 1 lists it that
    many times, which ``validate_roster`` reports as a duplicate name), and optional lines
    ``Mana: 10``, ``Gems: 3``, ``Front: A, B, C`` (left, centre, right) and ``Back: D, E``.
    Guardian names may hold commas ("Aurelia, Dawn Warden"): party members are separated by
    semicolons when the line has any, else by commas, and comma-separated pieces that together
    make a name of the roster or the catalog are read as that one name. Mana and Gems the text
    leaves out are ``mana`` and ``gems`` (the standard 10 and 3 unless a page chose others);
    without Front or Back lines there is no party. Entries are kept
    as typed so ``validate_roster`` resolves them (and reports the unknown ones with their
    line numbers). Returns the roster and the lines that could not be read."""
    rows: dict[str, str] = {}  # "front" / "back" -> the members as typed
    problems: list[Problem] = []
    rest: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        match = _SETTING.match(raw)
        if match is None:
            rest.append(raw)
            continue
        rest.append("")
        key, value = match["key"].lower(), match["value"]
        if key.startswith(("front", "back")):
            rows[key.split()[0]] = value
        elif re.fullmatch(r"[+-]?\d{1,6}", value):
            if key.startswith("mana"):
                mana = int(value)
            else:
                gems = int(value)
        else:
            problems.append(
                Problem(
                    code=UNREADABLE_LINE,
                    severity=Severity.ERROR,
                    message=f"Line {number} can't be read: {raw.strip()!r}. Write a whole "
                    f"number, like '{'Mana: 10' if key.startswith('mana') else 'Gems: 3'}'.",
                    rule="",
                    actual=raw.strip(),
                    entries=(f"line {number}",),
                )
            )
    lines, unreadable = parse_lines("\n".join(rest))
    problems += unreadable
    problems.sort(key=lambda p: int(p.entries[0].split()[-1]))
    guardians: list[str] = []
    numbers: list[int] = []
    known_names = {_normal(g.name) for g in (catalog or {}).values()} | {
        _normal(g.id) for g in (catalog or {}).values()
    }
    for line in lines:
        guardians += [pick_key(line, lambda k: _normal(k) in known_names)] * line.count
        numbers += [line.number] * line.count
    party = None
    if rows:
        known = {_normal(entry) for entry in guardians}
        for guardian in (catalog or {}).values():
            known.update((_normal(guardian.name), _normal(guardian.id)))
        party = Party(_members(rows.get("front", ""), known), _members(rows.get("back", ""), known))
    roster = Roster(tuple(guardians), mana, gems, party, tuple(numbers))
    return roster, tuple(problems)


def validate_roster_text(
    text: str, catalog: Mapping[str, Guardian | SharedCard] | None = None
) -> Report:
    """Read and check a pasted roster in one go: its unreadable lines and every problem
    ``validate_roster`` finds in what could be read, those of a line in the order of their
    lines, then those of the whole roster."""
    roster, problems = parse_roster_text(text, catalog)
    report = validate_roster(roster, catalog)
    return Report(problems=in_line_order(problems + report.problems), totals=report.totals)


def _members(value: str, known: set[str]) -> tuple[str, ...]:
    """Split a Front or Back line's members (see ``parse_roster_text``)."""
    if not value.strip():
        return ()
    if ";" in value:
        # A trailing semicolon ends the list ("Aurelia, Dawn Warden;" is one member).
        value = value.strip().removesuffix(";")
        return tuple(member.strip() for member in value.split(";"))
    pieces = [piece.strip() for piece in value.split(",")]
    members: list[str] = []
    i = 0
    while i < len(pieces):
        # The longest run of pieces that makes a known name, else the one piece.
        end = next(
            (j for j in range(len(pieces), i + 1, -1) if _normal(", ".join(pieces[i:j])) in known),
            i + 1,
        )
        members.append(", ".join(pieces[i:end]))
        i = end
    return tuple(members)


def _count(count: int, entry: str) -> str:
    # "1 X Marks" would read as one "Marks" ("1 x Marks"); "1x X Marks" reads as meant.
    return f"{count}x" if _X_WORD.match(entry) else str(count)


def roster_to_text(roster: Roster) -> str:
    """The roster as text ``parse_roster_text`` reads back: a ``Guardians:`` section of
    ``1 Name`` lines in roster order, then ``Mana:``, ``Gems:`` and, when there is a party,
    ``Front:`` and ``Back:`` lines, their members separated by commas, or by semicolons when
    any name in the roster holds a comma."""
    out = ["Guardians:", *(f"{_count(1, entry)} {entry}" for entry in roster.guardians)]
    out += [f"Mana: {roster.mana}", f"Gems: {roster.gems}"]
    if roster.party is not None:
        # Commas only when no name has one, so the line reads back the same (no merging).
        names = (*roster.guardians, *roster.party.front, *roster.party.back)
        semicolons = any("," in name for name in names)
        for row, members in (("Front", roster.party.front), ("Back", roster.party.back)):
            if semicolons:
                out.append(f"{row}: {'; '.join(members)}{';' if len(members) == 1 else ''}")
            else:
                out.append(f"{row}: {', '.join(members)}")
    return "\n".join(out) + "\n"


# --- JSON -----------------------------------------------------------------------------------

FORMAT = "azrah-roster"


def roster_to_dict(roster: Roster) -> dict[str, object]:
    """The roster as JSON-ready data in the REST API's shape: ``guardians``, ``mana``,
    ``gems``, ``party`` ({``front``, ``back``} or None), and ``lines`` when read from text,
    tagged with ``"format": "azrah-roster"``."""
    out: dict[str, object] = {
        "format": FORMAT,
        "guardians": list(roster.guardians),
        "mana": roster.mana,
        "gems": roster.gems,
        "party": (
            {"front": list(roster.party.front), "back": list(roster.party.back)}
            if roster.party is not None
            else None
        ),
    }
    if roster.lines:
        out["lines"] = list(roster.lines)
    return out


def _names(value: object, path: str, problems: dict[str, list[str]]) -> tuple[str, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        problems.setdefault(path, []).append(
            f"Must be a list of Guardian names or IDs (got {value!r})."
        )
        return ()
    for i, item in enumerate(value):
        if not isinstance(item, str):
            problems.setdefault(f"{path}.{i}", []).append(
                f"Must be a Guardian name or ID (got {item!r})."
            )
    return tuple(item for item in value if isinstance(item, str))


def roster_from_dict(data: object) -> Roster:
    """Read ``roster_to_dict``'s data back to an equal Roster (or an API body of the same
    shape); Mana and Gems default to 10 and 3. Raises RosterFormatError naming every bad field
    by its dotted path (``party.front.1``)."""
    problems: dict[str, list[str]] = {}

    def fail(path: str, message: str) -> None:
        problems.setdefault(path, []).append(message)

    if not isinstance(data, Mapping):
        fail("data", "Must be an object with 'guardians', 'mana' and 'gems'.")
        raise RosterFormatError(problems)
    for key in data:
        if key not in ("format", "guardians", "mana", "gems", "party", "lines"):
            fail(str(key), "Unknown field.")
    if data.get("format", FORMAT) != FORMAT:
        fail("format", f"Expected {FORMAT!r} (got {data.get('format')!r}).")
    guardians = _names(data.get("guardians", []), "guardians", problems)
    counts = {"mana": MANA_CARDS, "gems": CELESTIAL_GEMS}
    for key in counts:
        value = data.get(key, counts[key])
        if isinstance(value, bool) or not isinstance(value, int):
            fail(key, f"Must be a whole number (got {value!r}).")
        else:
            counts[key] = value
    party = None
    party_data = data.get("party")
    if party_data is not None:
        if not isinstance(party_data, Mapping):
            fail("party", f"Must be an object with 'front' and 'back' (got {party_data!r}).")
        else:
            for key in party_data:
                if key not in ("front", "back"):
                    fail(f"party.{key}", "Unknown field.")
            party = Party(
                _names(party_data.get("front", []), "party.front", problems),
                _names(party_data.get("back", []), "party.back", problems),
            )
    lines = data.get("lines", [])
    if (
        isinstance(lines, str | bytes)
        or not isinstance(lines, Sequence)
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in lines)
    ):
        fail("lines", f"Must be a list of line numbers (got {lines!r}).")
        lines = []
    if problems:
        raise RosterFormatError(problems)
    return Roster(guardians, counts["mana"], counts["gems"], party, tuple(lines))
