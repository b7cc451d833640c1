"""The board's controls, made from the legal actions the engine lists (python-chess's
``legal_moves``): a board template asks for the controls at one of its pieces and renders
them; it never decides on its own what may be done.

Each legal action becomes a ``Control``: the fields the engine fixed travel as hidden
inputs, and each field the player picks (its ``choices``) becomes an input of the matching
kind (a menu, a number, dice, an order, boxes to tick). Ids are shown in the words the engine
gave them (``names``), never as raw codes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from referee.rules.tracker import System

GAME = "game"  # the key of controls that concern the game as a whole (no ``at``)
YOUR = re.compile(r"\byour\b", re.IGNORECASE)  # a label worded for the seat it is listed for


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    text: str
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class Input:
    """One field the player picks: ``widget`` is ``select``, ``number``, ``dice``,
    ``order``, ``checks`` or ``text``."""

    name: str
    label: str
    widget: str
    options: tuple[Option, ...] = ()
    min: int | None = None
    max: int | None = None
    value: str = ""
    count: int = 1  # how many inputs of this name (dice, an order)
    hint: str = ""  # what a text field is for, shown until the player types
    labels: tuple[str, ...] = ()  # whose each die is, as the engine says

    @property
    def slots(self) -> range:
        return range(1, self.count + 1)

    @property
    def dice(self) -> list[tuple[int, str, str]]:
        """Each die's number, what it is called (whose it is when the engine says, ``Ana's
        die``, else ``Die 2``) and what it shows: empty until the player has read it (a
        roll they sent that was not recorded is shown again)."""
        values = self.values
        return [
            (
                n,
                self.labels[n - 1] if n <= len(self.labels) else f"Die {n}",
                values[n - 1] if n <= len(values) else "",
            )
            for n in self.slots
        ]

    @property
    def values(self) -> tuple[str, ...]:
        """The listed defaults of a multi-input field, one per slot."""
        return tuple(self.value.split("\x1f")) if self.value else ()

    @property
    def slot_options(self) -> list[tuple[int, tuple[Option, ...]]]:
        """An order's menus: one per place, each with every item and the listed one chosen."""
        values = self.values
        return [
            (
                n,
                tuple(
                    Option(o.value, o.text, n <= len(values) and values[n - 1] == o.value)
                    for o in self.options
                ),
            )
            for n in self.slots
        ]


@dataclass(frozen=True, slots=True)
class Control:
    """``seat``: the seat it acts for, or None for the table as a whole (what every seat
    may do alike, tapped on the table's shared device when no player is active)."""

    type: str
    label: str
    seat: int | None
    at: str
    hidden: tuple[tuple[str, str], ...]
    inputs: tuple[Input, ...]
    payload: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """What the control posts as ``control``, so a refusal is shown beside it."""
        return self.at or GAME

    @property
    def quick(self) -> bool:
        """A single button: nothing to pick."""
        return not self.inputs

    @property
    def rolls(self) -> bool:
        return any(i.widget == "dice" for i in self.inputs)

    @property
    def testid(self) -> str:
        parts = [self.type, self.at.replace(":", "-").replace(" ", "-").lower()]
        return "-".join(p for p in parts if p)

    def value(self, name: str) -> Any:
        return self.payload.get(name)


def _form_values(value: Any) -> list[str]:
    """A payload value as the page posts it (``games.tracker.forms.payload_from_post``
    reads it back): nothing for None and False, one input per list item."""
    if value is None or value is False:
        return []
    if value is True:
        return ["true"]
    if isinstance(value, list):
        return [str(item) for item in value]
    return [str(value)]


def _text(value: Any, names: Mapping[str, str]) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return names.get(str(value), str(value))


def _labels(system: System[Any, Any], kind: str) -> dict[str, str]:
    action_type = system.action_type(kind)
    if action_type is None:
        return {}
    return {f.name: f.description[:1].upper() + f.description[1:] for f in action_type.fields}


def _input(
    name: str,
    label: str,
    choice: Mapping[str, Any] | list[Any],
    default: Any,
    names: Mapping[str, str],
) -> Input:
    if isinstance(choice, list):  # one of these values
        options = tuple(
            Option(_form_values(v)[0] if _form_values(v) else "", _text(v, names), v == default)
            for v in choice
        )
        return Input(name, label, "select", options)
    if "min" in choice and "max" in choice and "some_of" not in choice:
        return Input(
            name,
            label,
            "number",
            min=int(choice["min"]),
            max=int(choice["max"]),
            value="" if default is None else str(default),
        )
    if "text" in choice:
        return Input(name, label, "text", max=int(choice["text"]["max"]), hint=str(default or ""))
    if "dice" in choice:
        faces = list(choice.get("faces") or [])
        labels = tuple(str(label) for label in choice.get("labels") or ())
        numeric = all(isinstance(f, int) and not isinstance(f, bool) for f in faces)
        if numeric and faces == list(range(min(faces), max(faces) + 1)):
            return Input(
                name,
                label,
                "dice",
                min=min(faces),
                max=max(faces),
                count=int(choice["dice"]),
                labels=labels,
            )
        options = tuple(Option(str(f), _text(f, names)) for f in faces)
        return Input(name, label, "dice", options, count=int(choice["dice"]), labels=labels)
    if "order" in choice:
        items = list(choice["order"])
        chosen = list(default) if isinstance(default, list) else items
        return Input(
            name,
            label,
            "order",
            tuple(Option(str(i), _text(i, names)) for i in items),
            value="\x1f".join(str(i) for i in chosen),
            count=len(items),
        )
    values = list(choice.get("some_of") or [])
    picked = {str(v) for v in default} if isinstance(default, list) else set()
    options = tuple(Option(str(v), _text(v, names), str(v) in picked) for v in values)
    return Input(name, label, "checks", options, min=choice.get("min"), max=choice.get("max"))


def control(entry: Mapping[str, Any], system: System[Any, Any], *, shared: bool = False) -> Control:
    """One legal action (its JSON, as the state carries it) as a control; ``shared``: for
    the table as a whole, no seat."""
    payload: Mapping[str, Any] = entry.get("payload") or {}
    choices: Mapping[str, Any] = entry.get("choices") or {}
    names: Mapping[str, str] = entry.get("names") or {}
    labels = _labels(system, str(entry["type"]))
    hidden = tuple(
        (name, value)
        for name, raw in payload.items()
        if name not in choices
        for value in _form_values(raw)
    )
    inputs = tuple(
        _input(
            name,
            labels.get(name, name.replace("_", " ").capitalize()),
            choice,
            payload.get(name),
            names,
        )
        for name, choice in choices.items()
    )
    return Control(
        type=str(entry["type"]),
        label=str(entry["label"]),
        seat=None if shared else int(entry["seat"]),
        at=str(entry.get("at") or ""),
        hidden=hidden,
        inputs=inputs,
        payload=payload,
    )


Posted = Mapping[str, Sequence[str]]
"""A form as it was posted: each field's values, in order (a QueryDict's lists)."""


def _kept_input(item: Input, values: Sequence[str]) -> Input:
    """``item`` showing what the player had chosen in it (``values``, as posted), as far as
    it is still offered: a card no longer in the menu leaves the menu as listed."""
    if not values:
        return item
    if item.widget == "select":
        offered = {o.value for o in item.options}
        if values[-1] not in offered:
            return item
        options = tuple(replace(o, chosen=o.value == values[-1]) for o in item.options)
        return replace(item, options=options)
    if item.widget == "checks":
        options = tuple(replace(o, chosen=o.value in values) for o in item.options)
        return replace(item, options=options)
    if item.widget in ("dice", "order"):
        if len(values) != item.count:
            return item
        return replace(item, value="\x1f".join(values))
    return replace(item, value=values[-1])


def kept(item: Control, posted: Posted) -> Control:
    """``item`` with what the player chose in it when it is the control ``posted`` came
    from (its key, its type and every field it fixes alike); else ``item`` as listed."""
    if (
        list(posted.get("control", ())) != [item.key]
        or list(posted.get("type", ())) != [item.type]
        or list(posted.get("seat", [""])) != ["" if item.seat is None else str(item.seat)]
        or any(value not in posted.get(f"p.{name}", ()) for name, value in item.hidden)
        or not item.inputs
    ):
        return item
    inputs = tuple(_kept_input(i, posted.get(f"p.{i.name}", ())) for i in item.inputs)
    return replace(item, inputs=inputs)


class Controls:
    """The viewer's controls, grouped by the piece they concern."""

    def __init__(
        self,
        entries: Iterable[Mapping[str, Any]],
        system: System[Any, Any],
        prefer: int | None = None,
        seats: int = 0,
        posted: Posted | None = None,
    ) -> None:
        """``prefer``: when the same action is listed for several seats (the table device
        gets every seat's), the one control shown acts for this seat (the active player).
        With no active player, an action listed alike by every one of the game's ``seats``
        acts for none: it is the table's (the engine takes it for the game as a whole) and
        its label is one that says no "your"; one listed by some seats only acts for the
        first of them. ``posted``: a form the page sent that was not recorded (refused, or
        the game moved on): its control shows again what the player had chosen."""
        entries = list(entries)
        first: dict[str, Mapping[str, Any]] = {}
        listing: dict[str, list[Mapping[str, Any]]] = {}
        for entry in entries:
            same = json.dumps(
                {k: v for k, v in entry.items() if k not in ("seat", "label")}, sort_keys=True
            )
            listing.setdefault(same, []).append(entry)
            if same not in first or entry.get("seat") == prefer:
                first[same] = entry
        self.all: list[Control] = []
        for same, entry in first.items():
            alike = listing[same]
            shared = prefer is None and seats > 1 and len({e.get("seat") for e in alike}) == seats
            if shared:
                entry = next((e for e in alike if not YOUR.search(str(e["label"]))), entry)
            made = control(entry, system, shared=shared)
            self.all.append(kept(made, posted) if posted is not None else made)
        self._at: dict[str, list[Control]] = {}
        for item in self.all:
            self._at.setdefault(item.at, []).append(item)

    def at(self, *parts: object) -> list[Control]:
        """The controls at the piece ``parts`` name, joined with ``:``
        (``at("guardian", 1, "Bard")``); none for ``at()`` the game as a whole."""
        return list(self._at.get(":".join(str(p) for p in parts), ()))

    @property
    def keys(self) -> set[str]:
        """Every key a control posts (refusals beside their control, not above the board)."""
        return {item.key for item in self.all}

    def __bool__(self) -> bool:
        return bool(self.all)


def of_type(controls: Sequence[Control], types: str) -> list[Control]:
    wanted = set(types.split())
    return [c for c in controls if c.type in wanted]


def except_types(controls: Sequence[Control], types: str) -> list[Control]:
    unwanted = set(types.split())
    return [c for c in controls if c.type not in unwanted]


ROWS = 4
"""The rows a gathering panel shows at first (with JavaScript, one at a time)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """One effect a gathering panel offers: ``value`` is what its menu posts (the effect as
    the engine listed it, its number field named in ``number``), ``text`` says it in words."""

    value: str
    text: str
    number: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    pick: str = ""
    number: str = ""


@dataclass(frozen=True, slots=True)
class Gathering:
    """A panel that gathers several listed one-effect actions of ``type`` into one action
    (an ability's resolution and the effects it applies), the way the pending panel gathers
    taps into one batch. ``field`` is the payload field the effects travel in."""

    type: str
    field: str
    seat: int | None
    picks: tuple[Pick, ...]
    rows: tuple[Row, ...]

    def __bool__(self) -> bool:
        return bool(self.picks)


def gathering(
    controls: Sequence[Control], kept: Sequence[tuple[str, str]] = (), field: str = "effects"
) -> Gathering:
    """The gathering panel for ``controls``: every one whose payload names one ``effect``
    (its fields given flat) becomes a pick; the rows hold what the player posted last
    (``kept``, on a refusal) and empty ones up to ``ROWS``."""
    picks: list[Pick] = []
    seat: int | None = None
    kind = ""
    for c in controls:
        effect = c.payload.get("effect")
        if not isinstance(effect, str):
            continue
        kind, seat = c.type, c.seat
        number = next((i.name for i in c.inputs if i.widget == "number"), "")
        fixed = {k: v for k, v in c.payload.items() if k not in ("effect", number)}
        value: dict[str, Any] = {"type": effect, "payload": fixed, "number": number}
        if number:
            value["default"] = c.payload.get(number)
        words = c.label.split(": ", 1)[-1]
        picks.append(Pick(json.dumps(value, sort_keys=True), words[:1].upper() + words[1:], number))
    rows = [Row(pick, number) for pick, number in kept]
    rows += [Row()] * max(0, ROWS - len(rows))
    return Gathering(kind, field, seat, tuple(picks), tuple(rows))
