"""Azuki TCG decks: validation (Card Types, Gates, Deck Composition, Elements; K1-K3, R40-R43),
pasted text lists and JSON.

``validate_deck`` returns every problem at once. Beside the shared codes of
``referee.rules.lists`` (``deck_size``, ``too_many_copies``, ``element_mismatch``,
``gate_element``, ``missing_leader``, ``missing_gate``, ``unknown_entry``, ``unreadable_line``)
this module reports the codes defined below; they are as stable as the shared ones.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import InvalidInput
from ..lists import (
    DECK_SIZE,
    ELEMENT_MISMATCH,
    GATE_ELEMENT,
    MISSING_GATE,
    MISSING_LEADER,
    TOO_MANY_COPIES,
    UNKNOWN_ENTRY,
    UNREADABLE_LINE,
    Problem,
    Report,
    Severity,
)
from ..text import counted
from ..textlists import close_codes, closest, in_line_order, looks_like_code, parse_lines, pick_key
from .cards import Card, CardType, Deck, DeckLine, Element

MAIN_DECK_CARDS = 50  # K1
MAX_COPIES = 4  # per card ID (K3)

# Codes of this module (beyond the shared ones).
EXTRA_LEADER = "extra_leader"  # more than one Leader (a count above 1, or a second Leader line)
EXTRA_GATE = "extra_gate"  # more than one Gate
LEADER_OR_GATE_IN_DECK = "leader_or_gate_in_deck"  # a Leader or Gate card in the main deck (R42)
WRONG_TYPE = "wrong_type"  # the Leader slot holds a non-Leader card, or the Gate slot a non-Gate
AMBIGUOUS_NAME = "ambiguous_name"  # a text line's name belongs to several card IDs (R40)
NAME_MISMATCH = "name_mismatch"  # warning: a text line's name is not its card ID's name (R41)
BAD_COUNT = "bad_count"  # a line with fewer than one copy
CONFLICTING_CARD = "conflicting_card"  # one card ID given with different details (the first counts)

CODES: tuple[str, ...] = (
    DECK_SIZE,
    TOO_MANY_COPIES,
    ELEMENT_MISMATCH,
    GATE_ELEMENT,
    MISSING_LEADER,
    MISSING_GATE,
    UNKNOWN_ENTRY,
    UNREADABLE_LINE,
    EXTRA_LEADER,
    EXTRA_GATE,
    LEADER_OR_GATE_IN_DECK,
    WRONG_TYPE,
    AMBIGUOUS_NAME,
    NAME_MISMATCH,
    BAD_COUNT,
    CONFLICTING_CARD,
)

_SLOT_NAMES = {CardType.LEADER: "Leader", CardType.GATE: "Gate"}


class DeckFormatError(InvalidInput):
    """A JSON deck that does not have the expected shape: ``problems`` maps each bad field's
    dotted path (``cards.3.count``) to its messages."""


def _label(card: Card) -> str:
    return f"{card.id} {card.name}"


def _title(value: str) -> str:
    return value.capitalize()


def _where(lines: Sequence[int]) -> tuple[str, ...]:
    return tuple(f"line {number}" for number in lines)


def _line_prefix(lines: Sequence[int]) -> str:
    if not lines:
        return ""
    return ("Line " if len(lines) == 1 else "Lines ") + ", ".join(map(str, lines)) + ": "


def _lookup(catalog: Mapping[str, Card], card_id: str) -> Card | None:
    card = catalog.get(card_id)
    if card is None and card_id:
        # Typed IDs often differ in case or spacing; the ID itself is what counts (K3).
        wanted = card_id.strip().upper()
        card = catalog.get(wanted)
        if card is None:
            card = next((c for key, c in catalog.items() if key.upper() == wanted), None)
    return card


def suggestions(key: str, catalog: Mapping[str, Card], limit: int = 3) -> tuple[str, ...]:
    """The catalog cards most like ``key`` (an ID, a name, or "ID Name"), as "ID Name"."""
    if not key or not catalog:
        return ()
    cards = list(catalog.values())
    by_id = {card.id: card for card in cards}
    by_label = {_label(card): card for card in cards}
    by_name: dict[str, Card] = {}
    for card in cards:
        by_name.setdefault(card.name, card)
    found: list[Card] = []
    first, _, rest = key.strip().partition(" ")
    if looks_like_code(first):
        # An ID is matched against IDs only, and only a close one is offered: "AZK-0l9" is
        # AZK-019, but "AZK-999" is no card's, and the nearest name would be a guess.
        found.extend(by_id[code] for code in close_codes(first, by_id, limit))
        if rest.strip():
            found.extend(by_name[m] for m in closest(rest.strip(), by_name, limit))
        return tuple(dict.fromkeys(_label(card) for card in found))[:limit]
    # A key of one word is a one-word name; a longer one a name or "ID Name".
    searches: list[tuple[str, Mapping[str, Card]]] = (
        [(key, by_label), (first, by_id), (rest.strip(), by_name), (key, by_name)]
        if rest
        else [(key, by_id), (key, by_name)]
    )
    for wanted, pool in searches:
        if wanted:
            found.extend(pool[match] for match in closest(wanted, pool, limit))
    return tuple(dict.fromkeys(_label(card) for card in found))[:limit]


def _sharing(key: str, catalog: Mapping[str, Card]) -> tuple[Card, ...]:
    """The cards named ``key`` (any case and spacing) when more than one card ID has that
    name (R40); empty otherwise."""
    wanted = _normal(key)
    named = tuple(card for card in catalog.values() if _normal(card.name) == wanted)
    return named if len(named) > 1 else ()


def _ambiguous(key: str, several: Sequence[Card], lines: Sequence[int]) -> Problem:
    ids = tuple(card.id for card in several)
    return Problem(
        code=AMBIGUOUS_NAME,
        severity=Severity.ERROR,
        message=f"{_line_prefix(lines)}{len(ids)} different cards are named "
        f"{several[0].name!r} ({', '.join(ids)}); write the card ID you mean.",
        rule="Deck Composition, K3, R40",
        actual=key,
        entries=(key, *_where(lines)),
        suggestions=tuple(_label(card) for card in several),
    )


@dataclass(slots=True)
class _Entry:
    """The main-deck lines of one card ID, merged."""

    key: str
    card: Card | None
    count: int = 0
    lines: list[int] = field(default_factory=list)


def _unknown(key: str, lines: Sequence[int], catalog: Mapping[str, Card]) -> Problem:
    several = _sharing(key, catalog)
    if several:
        return _ambiguous(key, several, lines)
    hints = suggestions(key, catalog)
    hint = f" Did you mean {' or '.join(hints)}?" if hints else ""
    return Problem(
        code=UNKNOWN_ENTRY,
        severity=Severity.ERROR,
        message=f"{_line_prefix(lines)}{key or 'A blank card ID'!s} is not a card in the "
        f"catalog.{hint}",
        rule="K3",
        actual=key,
        entries=(key, *_where(lines)),
        suggestions=hints,
    )


def _bad_count(line: DeckLine, where: str) -> Problem:
    key = line.card.id if line.card is not None else line.card_id
    lines = [line.line] if line.line is not None else []
    return Problem(
        code=BAD_COUNT,
        severity=Severity.ERROR,
        message=f"{_line_prefix(lines)}{key} is listed {where} with {line.count} copies; "
        "a line needs at least 1.",
        rule="Deck Composition",
        actual=line.count,
        limit=1,
        entries=(key, *_where(lines)),
    )


def _slot(
    line: DeckLine | None,
    kind: CardType,
    catalog: Mapping[str, Card],
    problems: list[Problem],
) -> tuple[str | None, Card | None]:
    """Check the Leader or the Gate slot: its card ID, and its card when it is usable."""
    name = _SLOT_NAMES[kind]
    if line is None:
        problems.append(
            Problem(
                code=MISSING_LEADER if kind is CardType.LEADER else MISSING_GATE,
                severity=Severity.ERROR,
                message=f"The deck has no {name}; it needs exactly one"
                + (" of the Leader's element." if kind is CardType.GATE else "."),
                rule="Card Types" if kind is CardType.LEADER else "Card Types, Gates, K2",
                actual=0,
                limit=1,
            )
        )
        return None, None
    card = line.card if line.card is not None else _lookup(catalog, line.card_id)
    key = card.id if card is not None else line.card_id
    lines = [line.line] if line.line is not None else []
    if line.count < 1:
        problems.append(_bad_count(line, f"as the {name}"))
        return key, None
    if card is None:
        problems.append(_unknown(key, lines, catalog))
        return key, None
    if card.type is not kind:
        problems.append(
            Problem(
                code=WRONG_TYPE,
                severity=Severity.ERROR,
                message=f"{_line_prefix(lines)}{_label(card)} is a {_title(card.type)} card, "
                f"not a {name}: the {name} slot takes a {name} card.",
                rule="Card Types",
                actual=card.type.value,
                limit=kind.value,
                entries=(card.id, *_where(lines)),
            )
        )
        return key, None
    if line.count > 1:
        problems.append(
            Problem(
                code=EXTRA_LEADER if kind is CardType.LEADER else EXTRA_GATE,
                severity=Severity.ERROR,
                message=f"{_line_prefix(lines)}{line.count} copies of the {name} "
                f"{_label(card)}; a deck has exactly one {name}.",
                rule="Card Types",
                actual=line.count,
                limit=1,
                entries=(card.id, *_where(lines)),
            )
        )
    return key, card


def validate_deck(deck: Deck, catalog: Mapping[str, Card] | None = None) -> Report:
    """Every problem of an Azuki deck at once (Card Types, Gates, Deck Composition, Elements).

    A line's card is its inline ``card``, else ``card_id`` looked up in ``catalog`` (by ID only,
    K3). Lines of one card ID are merged before counting. The main deck must hold exactly 50
    cards besides the Leader and the Gate (K1), at most 4 of one card ID (K3), each of the
    Leader's element or Neutral; the Gate must be of the Leader's own element (K2). Without a
    usable Leader the element checks are skipped (R43). A Leader or Gate card listed in the
    main deck is an error and not one of the 50 (R42).
    """
    catalog = catalog if catalog is not None else {}
    problems: list[Problem] = []
    leader_id, leader = _slot(deck.leader, CardType.LEADER, catalog, problems)
    gate_id, gate = _slot(deck.gate, CardType.GATE, catalog, problems)
    element = leader.element if leader is not None else None
    neutral_gate = gate is not None and gate.element is Element.NEUTRAL
    if element is not None and gate is not None and (gate.element is not element or neutral_gate):
        if element is Element.NEUTRAL:  # K2 leaves a Neutral Leader no legal Gate
            must = "a Neutral Gate is not legal, even with a Neutral Leader."
        else:
            must = f"it must be {_title(element)}, the Leader's element" + (
                " (a Neutral Gate is not legal)." if neutral_gate else "."
            )
        problems.append(
            Problem(
                code=GATE_ELEMENT,
                severity=Severity.ERROR,
                message=f"The Gate {_label(gate)} is {_title(gate.element)}; {must}",
                rule="Gates, Elements, K2",
                actual=gate.element.value,
                limit=element.value,
                entries=(gate.id,),
            )
        )

    merged: dict[str, _Entry] = {}
    for line in deck.cards:
        if line.count < 1:
            problems.append(_bad_count(line, "in the main deck"))
            continue
        card = line.card if line.card is not None else _lookup(catalog, line.card_id)
        key = card.id if card is not None else line.card_id
        entry = merged.get(key)
        if entry is None:
            entry = merged[key] = _Entry(key, card)
        elif card is not None and entry.card is not None and card != entry.card:
            lines = [line.line] if line.line is not None else []
            problems.append(
                Problem(
                    code=CONFLICTING_CARD,
                    severity=Severity.ERROR,
                    message=f"{_line_prefix(lines)}card ID {key} is given as {card.name!r} "
                    f"({_title(card.type)}, {_title(card.element)}) but was first given as "
                    f"{entry.card.name!r} ({_title(entry.card.type)}, "
                    f"{_title(entry.card.element)}); a card ID names one card, and the first "
                    "is used.",
                    rule="K3",
                    entries=(key, *_where(lines)),
                )
            )
        entry.count += line.count
        if line.line is not None:
            entry.lines.append(line.line)

    card_count = 0
    unknown_count = 0
    per_element = dict.fromkeys((e.value for e in Element), 0)
    per_type = dict.fromkeys((t.value for t in CardType), 0)
    card_problems: list[Problem] = []
    for entry in merged.values():
        card = entry.card
        if card is None:
            unknown_count += entry.count
            card_count += entry.count
            card_problems.append(_unknown(entry.key, entry.lines, catalog))
        elif card.type is CardType.LEADER or card.type is CardType.GATE:
            per_type[card.type] += entry.count
            card_problems.append(
                Problem(
                    code=LEADER_OR_GATE_IN_DECK,
                    severity=Severity.ERROR,
                    message=f"{_line_prefix(entry.lines)}{_label(card)} is a "
                    f"{_title(card.type)} card: Leaders and Gates stay out of the main deck "
                    "and are not among its 50 cards.",
                    rule="Card Types, K1, R42",
                    actual=entry.count,
                    limit=0,
                    entries=(card.id, *_where(entry.lines)),
                )
            )
            continue
        else:
            card_count += entry.count
            per_type[card.type] += entry.count
            per_element[card.element] += entry.count
            if (
                element is not None
                and card.element is not element
                and card.element is not Element.NEUTRAL
            ):
                card_problems.append(
                    Problem(
                        code=ELEMENT_MISMATCH,
                        severity=Severity.ERROR,
                        message=f"{_line_prefix(entry.lines)}{_label(card)} is "
                        f"{_title(card.element)}; with a {_title(element)} Leader the main "
                        f"deck takes only {_title(element)} and Neutral cards.",
                        rule="Elements, K2",
                        actual=card.element.value,
                        limit=element.value,
                        entries=(card.id, *_where(entry.lines)),
                    )
                )
        if entry.count > MAX_COPIES:
            label = _label(card) if card is not None else entry.key
            card_problems.append(
                Problem(
                    code=TOO_MANY_COPIES,
                    severity=Severity.ERROR,
                    message=f"{_line_prefix(entry.lines)}{entry.count} copies of {label}; "
                    f"a deck may hold at most {MAX_COPIES} of one card ID.",
                    rule="Deck Composition, K3",
                    actual=entry.count,
                    limit=MAX_COPIES,
                    entries=(entry.key, *_where(entry.lines)),
                )
            )
    if card_count != MAIN_DECK_CARDS:
        problems.append(
            Problem(
                code=DECK_SIZE,
                severity=Severity.ERROR,
                message=f"The main deck has {counted(card_count, 'card')}; it must have exactly "
                f"{MAIN_DECK_CARDS} (the Leader and the Gate are not counted).",
                rule="Deck Composition, K1",
                actual=card_count,
                limit=MAIN_DECK_CARDS,
            )
        )
    problems.extend(card_problems)
    return Report(
        problems=tuple(problems),
        totals={
            "card_count": card_count,
            "unknown_count": unknown_count,
            "per_element": per_element,
            "per_type": per_type,
            "leader": leader_id,
            "gate": gate_id,
            "element": element.value if element is not None else None,
        },
    )


# --- Text lists ---------------------------------------------------------------------------

_SECTION = re.compile(
    r"^\s*(?:[-*\u2022]\s*)?(?P<name>leaders?|gates?|main\s*deck|main|deck|cards)"
    r"\s*(?:\([^)]*\))?\s*:\s*(?P<rest>.*)$",  # "Main deck (50):" too
    re.IGNORECASE,
)


def _normal(name: str) -> str:
    return " ".join(name.lower().split())


@dataclass(slots=True)
class _Found:
    number: int
    count: int
    key: str
    card: Card | None
    hint: str | None  # "leader", "gate" or "main": the heading the line sits under


def _resolve(
    key: str,
    by_id: Mapping[str, Card],
    by_name: Mapping[str, list[Card]],
) -> tuple[Card | None, tuple[Card, ...], str | None]:
    """A text key's card; else the cards sharing its name (ambiguous); plus the typed name
    when it disagrees with the card ID's own (R41)."""
    first, _, rest = key.partition(" ")
    card = by_id.get(first.upper())
    if card is not None:
        rest = rest.strip()
        differs = bool(rest) and _normal(rest) != _normal(card.name)
        return card, (), rest if differs else None
    card = by_id.get(key.upper())
    if card is not None:
        return card, (), None
    named = by_name.get(_normal(key), [])
    if len(named) == 1:
        return named[0], (), None
    return None, tuple(named), None


def parse_deck_text(text: str, catalog: Mapping[str, Card]) -> tuple[Deck, tuple[Problem, ...]]:
    """Read a pasted deck: ``4 AZK-017 Cinderwake Ritualist``, ``4x AZK-017``, ``2 Ember Gate``.

    A line names its card by ID (the first word, or the whole line), else by name, matched
    without regard to case. A name several card IDs share is not guessed (R40); when a line's
    ID and name disagree the ID counts and a warning says so (R41). The card's type decides
    its slot; headings such as ``Leader:`` are optional and only place lines whose card is
    unknown, so that ``validate_deck`` reports them (with their line numbers and the closest
    cards) where they were meant to be; a line naming a shared name stays as typed, a line of
    no card that ``validate_deck`` reports as ambiguous. Returns the deck and the problems only
    the text shows: unreadable lines, name mismatches, and second Leaders or Gates (a second
    Leader or Gate of another card ID is reported and left out of the deck; more copies of
    the same one stay, for ``validate_deck`` to report).
    """
    by_id: dict[str, Card] = {}
    by_name: dict[str, list[Card]] = {}
    for listed in catalog.values():
        by_id[listed.id.upper()] = listed
        by_name.setdefault(_normal(listed.name), []).append(listed)

    hints: dict[int, str] = {}
    rewritten: list[str] = []
    section: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        match = _SECTION.match(raw)
        if match:
            name = match["name"].lower()
            section = name.rstrip("s") if name.startswith(("leader", "gate")) else "main"
            raw = match["rest"]
        if section is not None:
            hints[number] = section
        rewritten.append(raw)
    lines, unreadable = parse_lines("\n".join(rewritten))

    numbered: list[tuple[int, Problem]] = [
        (int(p.entries[0].split()[-1]) if p.entries else 0, p) for p in unreadable
    ]
    found: list[_Found] = []
    for line in lines:
        key = pick_key(line, lambda k: any(_resolve(k, by_id, by_name)[:2]))
        # A name several card IDs share resolves to no card and stays in the deck as typed:
        # ``validate_deck`` reports it as ambiguous with its line (R40), so it is not lost.
        card, _, typed_name = _resolve(key, by_id, by_name)
        where = (f"line {line.number}",)
        if card is not None and typed_name is not None:
            numbered.append(
                (
                    line.number,
                    Problem(
                        code=NAME_MISMATCH,
                        severity=Severity.WARNING,
                        message=f"Line {line.number}: {card.id} is {card.name}, not "
                        f"{typed_name!r}; the card ID decides, so it counts as {card.name}.",
                        rule="K3, R41",
                        actual=typed_name,
                        limit=card.name,
                        entries=(card.id, *where),
                    ),
                )
            )
        found.append(_Found(line.number, line.count, key, card, hints.get(line.number)))

    slots: dict[str, DeckLine | None] = {"leader": None, "gate": None}
    main: list[DeckLine] = []
    for kind, slot in ((CardType.LEADER, "leader"), (CardType.GATE, "gate")):
        known = [f for f in found if f.card is not None and f.card.type is kind]
        candidates = known or [f for f in found if f.card is None and f.hint == slot][:1]
        distinct = len({f.card.id if f.card is not None else f.key for f in candidates})
        for item in candidates:
            key = item.card.id if item.card is not None else item.key
            current = slots[slot]
            if current is None:
                slots[slot] = DeckLine(count=item.count, card_id=key, line=item.number)
            elif current.card_id == key:
                slots[slot] = DeckLine(current.count + item.count, key, line=current.line)
            else:
                numbered.append(
                    (
                        item.number,
                        Problem(
                            code=EXTRA_LEADER if kind is CardType.LEADER else EXTRA_GATE,
                            severity=Severity.ERROR,
                            message=f"Line {item.number}: {key} is a second "
                            f"{_SLOT_NAMES[kind]} (the deck's is {current.card_id}); a deck "
                            f"has exactly one {_SLOT_NAMES[kind]}.",
                            rule="Card Types",
                            actual=distinct,
                            limit=1,
                            entries=(key, f"line {item.number}"),
                        ),
                    )
                )
            item.hint = "placed"
    for item in found:
        if item.hint == "placed":
            continue
        key = item.card.id if item.card is not None else item.key
        main.append(DeckLine(count=item.count, card_id=key, line=item.number))

    numbered.sort(key=lambda pair: pair[0])
    deck = Deck(leader=slots["leader"], gate=slots["gate"], cards=tuple(main))
    return deck, tuple(problem for _, problem in numbered)


def validate_deck_text(text: str, catalog: Mapping[str, Card]) -> Report:
    """Read and check a pasted deck in one go: the problems only the text shows and every
    problem ``validate_deck`` finds in what could be read, those of a line in the order of
    their lines, then those of the whole deck."""
    deck, problems = parse_deck_text(text, catalog)
    report = validate_deck(deck, catalog)
    return Report(problems=in_line_order(problems + report.problems), totals=report.totals)


def _name(line: DeckLine, catalog: Mapping[str, Card] | None) -> tuple[str, str]:
    card = line.card if line.card is not None else _lookup(catalog or {}, line.card_id)
    if card is None:
        return line.card_id, ""
    return card.id, card.name


def _text_line(count: int, line: DeckLine, catalog: Mapping[str, Card] | None) -> str:
    card_id, name = _name(line, catalog)
    # "4 X Bolt" would read as four "Bolt" ("4 x Bolt"); "4x X Bolt" reads as meant.
    times = f"{count}x" if re.match(r"[xX\u00d7]\s", card_id) else str(count)
    return f"{times} {card_id} {name}".rstrip()


def deck_to_text(deck: Deck, catalog: Mapping[str, Card] | None = None) -> str:
    """The deck as text ``parse_deck_text`` reads back: a ``Leader:``, a ``Gate:`` and a
    ``Main deck:`` section of ``count ID Name`` lines, each card ID once, in the order the
    deck first lists it. Lines of fewer than one copy are left out. Text carries IDs and
    names only: an inline card reads back only from a catalog that holds it (JSON keeps it)."""
    out: list[str] = []
    for heading, line in (("Leader:", deck.leader), ("Gate:", deck.gate)):
        if line is not None and line.count >= 1:
            out += [heading, _text_line(line.count, line, catalog)]
    counts: dict[str, int] = {}
    first: dict[str, DeckLine] = {}
    for line in deck.cards:
        if line.count < 1:
            continue
        key = _name(line, catalog)[0]
        counts[key] = counts.get(key, 0) + line.count
        first.setdefault(key, line)
    if counts:
        out.append("Main deck:")
        out += [_text_line(counts[key], first[key], catalog) for key in counts]
    return "\n".join(out) + "\n" if out else ""


# --- JSON -----------------------------------------------------------------------------------

FORMAT = "azuki-deck"
_STATS = ("ikz_cost", "gate_power", "attack", "health")
_LINE_FIELDS = {"id", "count", "line", "name", "type", "element", "text", *_STATS}


def _line_to_dict(line: DeckLine) -> dict[str, object]:
    out: dict[str, object] = {
        "id": line.card.id if line.card is not None else line.card_id,
        "count": line.count,
    }
    card = line.card
    if card is not None:
        out["name"] = card.name
        out["type"] = card.type.value
        out["element"] = card.element.value
        for stat in _STATS:
            value = getattr(card, stat)
            if value is not None:
                out[stat] = value
        if card.text:
            out["text"] = card.text
    if line.line is not None:
        out["line"] = line.line
    return out


def deck_to_dict(deck: Deck) -> dict[str, object]:
    """The deck as JSON-ready data in the REST API's shape: ``leader``, ``gate`` and
    ``cards``, each line ``{"id", "count"}`` plus the card's fields when it is given inline,
    every line as given (not merged), tagged with ``"format": "azuki-deck"``."""
    return {
        "format": FORMAT,
        "leader": _line_to_dict(deck.leader) if deck.leader is not None else None,
        "gate": _line_to_dict(deck.gate) if deck.gate is not None else None,
        "cards": [_line_to_dict(line) for line in deck.cards],
    }


class _Reader:
    """Reads JSON-shaped data, filing a problem per bad field rather than stopping."""

    def __init__(self) -> None:
        self.problems: dict[str, list[str]] = {}

    def fail(self, path: str, message: str) -> None:
        self.problems.setdefault(path, []).append(message)

    def whole(self, data: Mapping[str, object], key: str, path: str) -> int | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{path}.{key}", f"Must be a whole number (got {value!r}).")
            return None
        return value

    def text(self, data: Mapping[str, object], key: str, path: str) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(f"{path}.{key}", f"Must be a non-empty text (got {value!r}).")
            return ""
        return value

    def line(self, value: object, path: str) -> DeckLine | None:
        if isinstance(value, str):
            if value.strip():
                return DeckLine(count=1, card_id=value)
            self.fail(path, "Must be a card ID (got an empty text).")
            return None
        if not isinstance(value, Mapping):
            self.fail(
                path, f"Must be a card ID or an object with 'id' and 'count' (got {value!r})."
            )
            return None
        for key in value:
            if key not in _LINE_FIELDS:
                self.fail(f"{path}.{key}", "Unknown field.")
        card_id = self.text(value, "id", path)
        count = self.whole(value, "count", path) if "count" in value else 1
        number = self.whole(value, "line", path)
        card: Card | None = None
        if {"name", "type", "element"} & value.keys():
            kind = element = None
            try:
                kind = CardType(str(value.get("type")))
            except ValueError:
                kinds = ", ".join(t.value for t in CardType)
                self.fail(f"{path}.type", f"Must be one of {kinds} (got {value.get('type')!r}).")
            try:
                element = Element(str(value.get("element")))
            except ValueError:
                elements = ", ".join(e.value for e in Element)
                got = value.get("element")
                self.fail(f"{path}.element", f"Must be one of {elements} (got {got!r}).")
            name = self.text(value, "name", path)
            text = value.get("text", "")
            if not isinstance(text, str):
                self.fail(f"{path}.text", f"Must be text (got {text!r}).")
                text = ""
            stats = {stat: self.whole(value, stat, path) for stat in _STATS}
            if kind is not None and element is not None and name and card_id:
                card = Card(card_id, name, kind, element, text=text, **stats)
        if not card_id or count is None:
            return None
        return DeckLine(count=count, card_id=card_id, card=card, line=number)


def deck_from_dict(data: object) -> Deck:
    """Read ``deck_to_dict``'s data back to an equal Deck (or an API body of the same shape).
    A line is a card ID (one copy) or an object with ``id`` and ``count`` (default 1), plus
    ``name``, ``type`` and ``element`` (and any stats and ``text``) for an inline card.
    Raises DeckFormatError naming every bad field by its dotted path (``cards.3.count``)."""
    reader = _Reader()
    if not isinstance(data, Mapping):
        reader.fail("data", "Must be an object with 'leader', 'gate' and 'cards'.")
        raise DeckFormatError(reader.problems)
    for key in data:
        if key not in ("format", "leader", "gate", "cards"):
            reader.fail(str(key), "Unknown field.")
    if data.get("format", FORMAT) != FORMAT:
        reader.fail("format", f"Expected {FORMAT!r} (got {data.get('format')!r}).")
    slots = {
        key: reader.line(data[key], key) if data.get(key) is not None else None
        for key in ("leader", "gate")
    }
    cards = data.get("cards", [])
    lines: list[DeckLine] = []
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        reader.fail("cards", f"Must be a list (got {cards!r}).")
    else:
        for index, item in enumerate(cards):
            line = reader.line(item, f"cards.{index}")
            if line is not None:
                lines.append(line)
    if reader.problems:
        raise DeckFormatError(reader.problems)
    return Deck(leader=slots["leader"], gate=slots["gate"], cards=tuple(lines))
