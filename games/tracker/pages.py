"""What the table page lays out, read from a system's view: the board's template, the
change a preview would make, the history's lines and the fallback board.

Nothing here decides a rule. Numbers come from ``selectors.state_for`` / ``apply.preview``;
a preview's changes are the difference between two views the engine gave.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.staticfiles import finders
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.dateparse import parse_datetime

from referee.rules.tracker import BATCH, REDO, UNDO

GENERIC_BOARD = "games/boards/generic.html"
LABELS = {
    "damage": "damage",
    "hit_points": "hit points",
    "mana": "Mana",
    "mana_pool": "Mana in the pile",
    "gems": "Celestial Gems",
    "health": "health",
    "leaving": "leaving",
    "statuses": "statuses",
    "curses": "Curses",
    "items": "Items",
    "transformation": "Transformation",
    "winner": "winner",
    "phase": "phase",
    "turn": "turn",
    "active_seat": "active player",
}
QUIET = {"used_ability", "defeated_this_turn", "checklist", "recovery_mana", "moved", "escaped"}


def board_template(system: str) -> str:
    """The system's board (templates/games/boards/<slug>.html), or the generic one."""
    name = f"games/boards/{system}.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return GENERIC_BOARD
    return name


@cache
def board_stylesheet(system: str) -> str | None:
    """The system's board stylesheet (static/css/tracker-<slug>.css), if it has one. The
    table page loads it outside the live part, so no swap of the live part can leave the
    board unstyled. Looked for once per process: static files change only with a deploy,
    and every rendering of a live part asks."""
    name = f"css/tracker-{system}.css"
    return name if finders.find(name) else None


# --- the generic board: the view as nested lists --------------------------------------------


@dataclass(frozen=True, slots=True)
class Node:
    label: str
    text: str | None = None
    children: tuple[Node, ...] = ()


def _text(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _label(key: object) -> str:
    return LABELS.get(str(key), str(key).replace("_", " "))


def readable(value: Any, label: str = "") -> Node:
    """A JSON value as a tree of labelled lines: dicts and lists become nested lists, each
    list item named by its ``name`` when it has one."""
    if isinstance(value, Mapping):
        children = tuple(readable(v, _label(k)) for k, v in value.items())
        return Node(label, None, children)
    if isinstance(value, list):
        if all(not isinstance(v, (Mapping, list)) for v in value):
            return Node(label, ", ".join(_text(v) for v in value) or "none")
        items = []
        for index, item in enumerate(value, 1):
            name = item.get("name") if isinstance(item, Mapping) else None
            items.append(readable(item, str(name) if name else f"{label} {index}"))
        return Node(label, None, tuple(items))
    return Node(label, _text(value))


# --- a preview: what would change -----------------------------------------------------------

SEAT_KEYS = frozenset(
    {
        "seat",
        "winner",
        "active_seat",
        "next_seat",
        "edge_chooser",
        "first_to_deploy",
        "deployed_second",
        "first_activator",
    }
)
"""Keys whose number is a seat: said as that player's name."""
CODE = re.compile(r"[a-z0-9]+(?:_[a-z0-9]+)+")
"""A value written as a code, in snake case."""
KEYED = frozenset({"statuses"})
"""Objects keyed by name, where being there is what counts (a status with no end)."""
SEAT_LISTS = ("players", "sides")
"""Where a view lists its players in seat order, each with a ``name``."""
TARGETS = ("guardian", "model")
"""The payload fields naming the piece an action is done to, said after its owner's name."""
SAID = {"seat", "amount", *TARGETS}
"""The payload fields a headline says in its own way."""


@dataclass(frozen=True, slots=True)
class Change:
    where: str
    what: str
    before: str
    after: str


def _ids(value: Any, found: dict[str, str]) -> dict[str, str]:
    """Every ``id`` in a view with the ``name`` beside it (``footman-1``: ``Footman 1``)."""
    if isinstance(value, Mapping):
        if isinstance(value.get("id"), str) and isinstance(value.get("name"), str):
            found[value["id"]] = value["name"]
        for item in value.values():
            _ids(item, found)
    elif isinstance(value, list):
        for item in value:
            _ids(item, found)
    return found


def _seat_names(view: Mapping[str, Any]) -> tuple[str, ...]:
    for key in SEAT_LISTS:
        players = view.get(key)
        if isinstance(players, list) and all(
            isinstance(p, Mapping) and isinstance(p.get("name"), str) for p in players
        ):
            return tuple(str(p["name"]) for p in players)
    return ()


def _named(items: Sequence[Any]) -> dict[str, Any] | None:
    """A list of named objects keyed by name (so a move is not read as a rename); an empty
    list is one too. None when any item has no name."""
    if not all(isinstance(i, Mapping) and isinstance(i.get("name"), str) for i in items):
        return None
    return {str(i["name"]): i for i in items}


def _quiet(key: str) -> bool:
    """Left out of a preview: bookkeeping, and the engine's explanations (the board shows
    them; a preview says what changes)."""
    return key in QUIET or key.endswith(("explanation", "breakdown"))


def _deep(value: Any) -> bool:
    return isinstance(value, Mapping) or (
        isinstance(value, list) and any(isinstance(i, (Mapping, list)) for i in value)
    )


def _sentences(items: Sequence[str]) -> bool:
    return any(item.rstrip().endswith((".", ")")) for item in items)


@dataclass(frozen=True, slots=True)
class Words:
    """How the values of a view are said: a seat by its player's name, an id by the name
    the engine gives it (its legal actions' ``names``, the view's ``id`` and ``name``),
    nothing as Python data."""

    seats: tuple[str, ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(
        cls,
        *views: Mapping[str, Any] | None,
        seats: Sequence[str] | None = None,
        names: Mapping[str, str] | None = None,
    ) -> Words:
        found: dict[str, str] = {}
        for view in views:
            _ids(view, found)
        found.update(names or {})
        if seats is None:
            seats = next((_seat_names(v) for v in views if v and _seat_names(v)), ())
        return cls(tuple(seats), found)

    def seat(self, seat: int) -> str:
        return self.seats[seat] if 0 <= seat < len(self.seats) else f"seat {seat}"

    def value(self, value: Any, key: str = "") -> str:
        """One value in words; nothing (None, empty) is a dash, and 0 stays 0."""
        if value is None or value == "" or value == [] or value == {}:
            return "—"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int) and (key in SEAT_KEYS or key.endswith("_seat")):
            return self.seat(value)
        if isinstance(value, float):
            return f"{value:g}"
        if isinstance(value, str):
            return self.names.get(value) or _uncoded(value)
        if isinstance(value, Mapping):
            return self.summary(value)
        if isinstance(value, list):
            said = [self.value(item, key) for item in value]
            if all(isinstance(item, Mapping) for item in value):
                return "; ".join(said)
            return (" " if _sentences(said) else ", ").join(said)
        return str(value)

    def summary(self, value: Mapping[str, Any]) -> str:
        """An object on one line: its name when it has one, else its plain fields."""
        name = value.get("name")
        if isinstance(name, str):
            return self.names.get(name, name)
        parts = []
        for key, item in value.items():
            key = str(key)
            if item is None or item is False or _quiet(key) or _deep(item):
                continue
            if f"{key}_name" in value:
                continue  # its name says it
            parts.append(f"{_label(_unnamed(key))} {self.value(item, key)}".strip())
        return ", ".join(parts) or "—"

    def diff(self, before: Any, after: Any, where: str, key: str, out: list[Change]) -> None:
        if before == after or _quiet(key):
            return
        if key in KEYED and isinstance(before or {}, Mapping) and isinstance(after or {}, Mapping):
            self._keyed(before or {}, after or {}, where, key, out)
            return
        if isinstance(before, Mapping) and isinstance(after, Mapping):
            name = after.get("name", before.get("name"))
            if not isinstance(name, str):
                name = _label(key) if key else ""
            here = " · ".join(p for p in (where, name) if p)
            keys = [*after, *(k for k in before if k not in after)]
            for k in map(str, keys):
                if k == "name" or f"{k}_name" in after or f"{k}_name" in before:
                    continue
                self.diff(before.get(k), after.get(k), here, k, out)
            return
        lists = isinstance(before, list) and isinstance(after, list)
        if lists and self._lists(before, after, where, key, out):
            return
        what = _label(_unnamed(key))
        out.append(Change(where, what, self.value(before, key), self.value(after, key)))

    def _keyed(
        self,
        before: Mapping[str, Any],
        after: Mapping[str, Any],
        where: str,
        key: str,
        out: list[Change],
    ) -> None:
        """A collection keyed by name (statuses and their turns): one there without a
        number is said as ``yes``, one not there as a dash."""
        here = " · ".join(p for p in (where, _label(key)) if p)
        for name in [*after, *(k for k in before if k not in after)]:
            old = self.value(before[name], key) if name in before else "—"
            new = self.value(after[name], key) if name in after else "—"
            if name in before and before[name] is None:
                old = "yes"
            if name in after and after[name] is None:
                new = "yes"
            if old != new:
                out.append(Change(here, self.names.get(name, name), old, new))

    def _lists(
        self, before: list[Any], after: list[Any], where: str, key: str, out: list[Change]
    ) -> bool:
        """Lists of named objects compared by name: the ones in both, field by field, and
        those that came or went on one line; other lists of objects item by item."""
        old, new = _named(before), _named(after)
        if old is not None and new is not None and (old or new):
            for name, item in new.items():
                if name in old:
                    self.diff(old[name], item, where, key, out)
            gone = [self.names.get(n, n) for n in old if n not in new]
            came = [self.names.get(n, n) for n in new if n not in old]
            if gone or came:
                label = _label(key)
                out.append(Change(where, label, ", ".join(gone) or "—", ", ".join(came) or "—"))
            return True
        objects = all(isinstance(v, Mapping) or v is None for v in (*before, *after))
        if objects and before and len(before) == len(after):
            for old_item, new_item in zip(before, after, strict=True):
                self.diff(old_item, new_item, where, key, out)
            return True
        return False


def _uncoded(value: str) -> str:
    """A code no name was given for (``fear_nearby``) said as words (``fear nearby``)."""
    return value.replace("_", " ") if CODE.fullmatch(value) else value


def _unnamed(key: str) -> str:
    """``warlord_name`` is said as ``warlord`` (it stands for the id beside it)."""
    if key.endswith("_name") and key != "name":
        return key.removesuffix("_name")
    return key


def changes(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    *,
    seats: Sequence[str] | None = None,
    names: Mapping[str, str] | None = None,
) -> list[Change]:
    """Every value the action would change, in words, labelled by the names along its path
    (``Ben · Bard: damage 2 → 0``). Seats are said by their player's name (from ``seats``,
    or the view's players), ids by the names the engine gives them (``names``, and every
    ``id`` the views show beside a ``name``)."""
    out: list[Change] = []
    Words.of(before, after, seats=seats, names=names).diff(before, after, "", "", out)
    return out


def _action(
    kind: str, payload: Mapping[str, Any], words: Words, view: Mapping[str, Any] | None
) -> str:
    said = " ".join(LABELS.get(word, word) for word in kind.split("_"))
    text = said[:1].upper() + said[1:]
    amount = payload.get("amount")
    if isinstance(amount, int) and not isinstance(amount, bool):
        text += f" x{amount}"
    target = next((payload[k] for k in TARGETS if isinstance(payload.get(k), str)), None)
    seat = payload.get("seat")
    if isinstance(target, str):
        if not isinstance(seat, int) and view is not None:
            seat = _owner(view, target)
        owner = f"{words.seat(seat)}'s " if isinstance(seat, int) else ""
        text += f" · {owner}{words.value(target)}"
    elif isinstance(seat, int) and not isinstance(seat, bool):
        text += f" · {words.seat(seat)}"
    for name, value in payload.items():
        if name in SAID or value is None or value is False or value == [] or value == "":
            continue
        text += f" · {_label(name)} {words.value(value, name)}"
    return text


def _owner(view: Mapping[str, Any], target: str) -> int | None:
    """The seat whose side shows the piece ``target`` (an id or a name)."""
    for key in SEAT_LISTS:
        for seat, side in enumerate(view.get(key) or []):
            if isinstance(side, Mapping) and target in _pieces(side):
                return seat
    return None


def _pieces(side: Mapping[str, Any]) -> set[str]:
    found = set(_ids(side, {}))
    for item in side.values():
        if isinstance(item, list):
            found |= {str(p["name"]) for p in item if isinstance(p, Mapping) and "name" in p}
    return found


def headline(
    kind: str,
    payload: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    view: Mapping[str, Any] | None = None,
    names: Mapping[str, str] | None = None,
) -> str:
    """The pending action in words: ``Deal damage x3 · Ben's Bard``; a batch says each of
    its actions in turn, joined by semicolons."""
    words = Words.of(view, seats=[str(s["name"]) for s in seats], names=names)
    actions = payload.get("actions")
    if kind == BATCH and isinstance(actions, list):
        return "; ".join(
            _action(str(a.get("type", "")), a.get("payload") or {}, words, view)
            for a in actions
            if isinstance(a, Mapping)
        )
    return _action(kind, payload, words, view)


# --- the history ----------------------------------------------------------------------------

TABLE_DEVICE = "at the table device"


@dataclass(slots=True)
class Entry:
    seq: int
    type: str
    text: str
    by_name: str | None
    at: datetime | None
    in_effect: bool | None
    can_redo: bool = False
    error: str | None = None
    at_table: bool = False  # recorded by the host at no seat, the table's shared device

    @property
    def key(self) -> str:
        return f"log:{self.seq}"

    @property
    def who(self) -> str:
        """Who the entry was recorded for, and where: ``Ben`` from Ben's tablet, ``for Ben,
        at the table device`` when the host's shared tablet recorded it for Ben's seat."""
        if self.at_table:
            return f"for {self.by_name}, {TABLE_DEVICE}" if self.by_name else TABLE_DEVICE
        return self.by_name or "the host"


def history(
    entries: Sequence[Mapping[str, Any]], next_redo: int | None, error: Mapping[str, str] | None
) -> list[Entry]:
    """The log newest first, with the one entry that may be redone marked."""
    rows = []
    for entry in reversed(entries):
        at = entry.get("at")
        row = Entry(
            seq=int(entry["seq"]),
            type=str(entry["type"]),
            text=str(entry["text"]),
            by_name=entry.get("by_name"),
            at=parse_datetime(at) if isinstance(at, str) else None,
            in_effect=entry.get("in_effect"),
            at_table=entry.get("at_table") is True,
        )
        row.can_redo = row.seq == next_redo
        if error and error.get("key") == row.key:
            row.error = error.get("message")
        rows.append(row)
    return rows


# --- what changed while a player was choosing -----------------------------------------------

NAMED_CHANGES = 3
"""How many of the entries recorded while a player was choosing the notice names."""


def moved_on(entries: Sequence[Mapping[str, Any]], seen: int, conflict: int | None = None) -> str:
    """What was recorded after the first ``seen`` entries, while the viewer was choosing, in
    words: ``entries`` is the log as ``selectors.log_for`` gives it to this viewer (nothing
    they may not read). It names who did each, and at most ``NAMED_CHANGES`` of them: the
    one that stood in the way (``conflict``, its number) and the latest; the rest are
    counted. Versions are the app's bookkeeping, never said to a player."""
    since = [entry for entry in entries if int(entry["seq"]) > seen]
    if not since:
        return "While you were choosing, the game changed."
    named = since[-NAMED_CHANGES:]
    first = next((entry for entry in since if entry["seq"] == conflict), None)
    if first is not None and first not in named:
        named = [first, *since[-(NAMED_CHANGES - 1) :]]
    texts = {int(entry["seq"]): str(entry["text"]) for entry in entries}
    said = "; ".join(_recorded(entry, texts) for entry in named)
    more = len(since) - len(named)
    if more:
        said += f"; and {more} more"
    return f"While you were choosing: {said[:1].upper()}{said[1:]}."


def _recorded(entry: Mapping[str, Any], texts: Mapping[int, str]) -> str:
    """One entry as a clause that names who recorded it: the seat's player from their own
    tablet, the host at the table's device."""
    by_name = entry.get("by_name")
    who = "the host" if entry.get("at_table") or not by_name else str(by_name)
    text = str(entry["text"])
    if entry["type"] in (UNDO, REDO):
        target = (entry.get("payload") or {}).get("target")
        verb = "undid" if entry["type"] == UNDO else "redid"
        what = texts.get(target) if isinstance(target, int) else None
        return f"{who} {verb} #{target}" + (f" ({what})" if what else "")
    if who == by_name and text.startswith(who):
        return text
    return f"{who} recorded “{text}”"
