"""What the table page lays out, read from a system's view: the board's template, the
change a preview would make, the history's lines and the fallback board.

Nothing here decides a rule. Numbers come from ``service.state_for`` / ``service.preview``;
a preview's changes are the difference between two views the engine gave.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.dateparse import parse_datetime

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


def _shown(value: Any) -> str:
    """A changed value; nothing (None, an empty list) is a dash, and 0 stays 0."""
    return "—" if value is None or value == "" else _text(value)


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


@dataclass(frozen=True, slots=True)
class Change:
    where: str
    what: str
    before: str
    after: str


def _named(items: Sequence[Any]) -> dict[str, Any] | None:
    """A list of named objects, keyed by name (so a move is not read as a rename)."""
    if not items or not all(
        isinstance(i, Mapping) and isinstance(i.get("name"), str) for i in items
    ):
        return None
    return {str(i["name"]): i for i in items}


def _pairs(value: Any) -> str:
    """A small mapping in words (statuses: ``frozen 2, immune``)."""
    if not isinstance(value, Mapping):
        return _text(value)
    return ", ".join(f"{k} {v}" if v is not None else str(k) for k, v in value.items())


def _diff(before: Any, after: Any, where: str, key: str, out: list[Change]) -> None:
    if before == after or key in QUIET:
        return
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        name = after.get("name") if isinstance(after.get("name"), str) else None
        here = " · ".join(p for p in (where, name) if p) if name else where
        for k in after:
            if k != "name":
                _diff(before.get(k), after.get(k), here, str(k), out)
        return
    if isinstance(before, list) and isinstance(after, list):
        old, new = _named(before), _named(after)
        if old is not None and new is not None and old.keys() == new.keys():
            for name, item in new.items():
                _diff(old[name], item, where, key, out)
            return
        if all(isinstance(v, Mapping) or v is None for v in (*before, *after)) and len(
            before
        ) == len(after):
            for old_item, new_item in zip(before, after, strict=True):
                _diff(old_item, new_item, where, key, out)
            return
    if isinstance(before, Mapping) or isinstance(after, Mapping):
        before = ", ".join(
            f"{k} {v if v is not None else ''}".strip() for k, v in (before or {}).items()
        )
        after = ", ".join(
            f"{k} {v if v is not None else ''}".strip() for k, v in (after or {}).items()
        )
    elif isinstance(before, list) or isinstance(after, list):
        before = ", ".join(_text(v) for v in before or [])
        after = ", ".join(_text(v) for v in after or [])
    out.append(Change(where, _label(key), _shown(before), _shown(after)))


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Change]:
    """Every value the action would change, labelled by the names along its path
    (``Ben · Bard: damage 2 → 0``)."""
    out: list[Change] = []
    _diff(before, after, "", "", out)
    return out


def _model_name(view: Mapping[str, Any], model_id: str, seat: object) -> tuple[str, object]:
    """A model's name (and its seat) from the view, for boards whose payloads carry ids."""
    for index, side in enumerate(view.get("sides") or []):
        if isinstance(seat, int) and seat != index:
            continue
        for model in side.get("models") or []:
            if model.get("id") == model_id:
                return str(model.get("name") or model_id), index
    return model_id, seat


def headline(
    kind: str,
    payload: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    view: Mapping[str, Any] | None = None,
) -> str:
    """The pending action in words: ``Deal damage x3 · Ben's Bard``."""
    text = kind.replace("_", " ").capitalize()
    amount = payload.get("amount")
    if isinstance(amount, int):
        text += f" x{amount}"
    target = payload.get("guardian") or payload.get("model")
    seat = payload.get("seat")
    if isinstance(payload.get("model"), str) and view is not None:
        target, seat = _model_name(view, payload["model"], seat)
    if isinstance(target, str):
        owner = ""
        if isinstance(seat, int) and 0 <= seat < len(seats):
            owner = f"{seats[seat]['name']}'s "
        text += f" · {owner}{target}"
    return text


# --- the history ----------------------------------------------------------------------------


@dataclass
class Entry:
    seq: int
    type: str
    text: str
    by_name: str | None
    at: datetime | None
    in_effect: bool | None
    can_redo: bool = False
    error: str | None = None

    @property
    def key(self) -> str:
        return f"log:{self.seq}"


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
        )
        row.can_redo = row.seq == next_redo
        if error and error.get("key") == row.key:
            row.error = error.get("message")
        rows.append(row)
    return rows


def azeroth_control_keys(view: Mapping[str, Any]) -> set[str]:
    """The keys of the Azeroth at War board's controls (templates/games/boards/_azeroth_*),
    so a refusal is shown beside the control that sent it and not again above the board."""
    keys = {"az:stage", "az:roll", "az:ability", "az:objectives"}
    for seat, side in enumerate(view.get("sides") or []):
        keys.add(f"az:side:{seat}")
        for model in side.get("models") or []:
            keys.add(f"az:m:{seat}:{model.get('id')}")
            keys.add(f"az:morale:{seat}:{model.get('id')}")
    return keys
