"""Forms of the game tracker's pages: starting a game from saved lists, bringing a list to a
game waiting for its players, importing an export, and reading an action's payload and the
page's whole numbers from a posted form.

The forms only parse what was typed; every rule is left to ``games.tracker.setups``,
``games.tracker.lobby`` and the systems' engines, whose ``InvalidInput`` paths (``lists.0``,
``players``, ``list``, ``setup.players.1``) are put back beside the fields here.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile
from django.forms import BoundField

from referee.rules.tracker import ActionType, PayloadField

from .. import registry
from ..limits import limit_named
from ..models import SavedList
from ..numbers import whole_number
from ..strict_json import TooManyValues, read_json
from .seating import TrackerSetup
from .setups import COIN, SEATS, from_lists

FIRST_PLAYER_CHOICES = [(COIN, "Flip a coin"), ("0", "Player 1"), ("1", "Player 2")]
TABLE_DEVICE = ""  # the seat choice of a host who sits nowhere: the table's shared device
SEAT_CHOICES = [
    ("0", "Player 1"),
    ("1", "Player 2"),
    (TABLE_DEVICE, "Nobody (shared tablet)"),
]
# the engines' problem paths, read back onto the new-game form's fields
FIELD_OF_PATH = {
    "lists": "__all__",
    "lists.0": "list_0",
    "lists.1": "list_1",
    "players": "player_0",
    "first_player": "first_player",
    "name": "name",
    "system": "system",
    "parties.0": "list_0",
    "parties.1": "list_1",
    "seat": "seat",
}


def _seat_label(index: int) -> str:
    return f"Player {index + 1}"


class ListSelect(forms.Select):
    """A menu of saved lists whose options each say their game (``data-system``), so the
    page can offer only the chosen game's lists."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.system_of: dict[str, str] = {}

    def create_option(
        self,
        name: str,
        value: Any,
        label: Any,
        selected: bool,
        index: int,
        subindex: int | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        system = self.system_of.get(str(value))
        if system is not None:
            option["attrs"]["data-system"] = system
        return option


def _list_field(field: forms.Field, owner: User, systems: list[str]) -> None:
    """Offer the owner's saved lists of ``systems``, grouped by game, each option marked
    with its game (the setup refuses another game's list, so no script is needed)."""
    assert isinstance(field, forms.ChoiceField)
    rows = list(SavedList.objects.filter(owner=owner, system__in=systems).order_by("name"))
    choices: list[tuple[str, Any]] = [("", "Choose a saved list")]
    for system in systems:
        group = [
            (str(row.pk), row.name + ("" if row.valid is not False else " (not legal)"))
            for row in rows
            if row.system == system
        ]
        if group:
            choices.append(
                (
                    registry.trackers()[system].name if system in registry.trackers() else system,
                    group,
                )
            )
    field.choices = choices
    widget = ListSelect(attrs={"data-lists": ""})
    widget.system_of = {str(row.pk): row.system for row in rows}
    widget.choices = field.choices
    field.widget = widget


class NewGameForm(forms.Form):
    """A new game: the host sits at a seat and chooses only their own list (the other
    player brings theirs through the player link), or sits nowhere (the table's shared
    device) and chooses both lists. Only systems that can be set up from lists
    (``setups.from_lists``) are offered."""

    system = forms.ChoiceField(label="Game")
    seat = forms.ChoiceField(
        label="Where do you sit?",
        choices=SEAT_CHOICES,
        initial="0",
        required=False,
        widget=forms.RadioSelect,
    )
    name = forms.CharField(
        label="Name of the game",
        max_length=120,
        required=False,
        help_text="default: the players' names and the game",
    )
    list_0 = forms.ChoiceField(label="Player 1's list", required=False)
    player_0 = forms.CharField(
        label="Player 1's name",
        max_length=120,
        required=False,
        help_text="default: your account's at your seat, else the list's",
    )
    list_1 = forms.ChoiceField(label="Player 2's list", required=False)
    player_1 = forms.CharField(
        label="Player 2's name",
        max_length=120,
        required=False,
        help_text="default: your account's at your seat, else the list's",
    )
    # here: each option a game takes besides who goes first (``TrackerSetup.settings``)
    first_player = forms.ChoiceField(
        label="Who plays first",
        choices=FIRST_PLAYER_CHOICES,
        initial=COIN,
        required=False,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, owner: User, systems: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.owner = owner
        ways = from_lists()
        self._add_settings(ways)
        system_field = self.fields["system"]
        assert isinstance(system_field, forms.ChoiceField)
        trackers = registry.trackers()
        system_field.choices = [(s, trackers[s].name) for s in systems if s in trackers]
        for key in ("list_0", "list_1"):
            _list_field(self.fields[key], owner, systems)
        for key in ("name", "player_0", "player_1"):
            self.fields[key].widget.attrs["autocomplete"] = "off"
        self.fields["name"].widget.attrs["placeholder"] = "Ann vs Ben"
        # which games each part of the form is for, so the page can hide the others'
        self.for_systems = {
            "first_player": [s for s in systems if ways[s].first_player_at_setup],
            "first_player_in_play": [s for s in systems if not ways[s].first_player_at_setup],
            **{key: [s for s in systems if key in ways[s].settings] for key in self.settings},
        }
        self.first_player_rules = {s: ways[s].first_player_rule for s in systems}

    def _add_settings(self, ways: Mapping[str, TrackerSetup]) -> None:
        """Each option some game takes besides who goes first, as the field its game asks
        it with (the first game's, when two take one of that name), before who plays
        first."""
        found: dict[str, forms.Field] = {}
        for way in ways.values():
            for key, field in way.settings.items():
                found.setdefault(key, field)
        self.settings = tuple(found)
        fields: dict[str, forms.Field] = {}
        for key, field in self.fields.items():
            if key == "first_player":
                fields |= {name: copy.deepcopy(asks) for name, asks in found.items()}
            fields[key] = field
        self.fields = fields

    @property
    def setting_fields(self) -> list[tuple[BoundField, list[str]]]:
        """Each option's field, with the games that take it."""
        return [(self[key], self.for_systems[key]) for key in self.settings]

    def seat_index(self) -> int | None:
        """The seat the host takes (None: the table's shared device)."""
        seat = self.cleaned_data.get("seat", TABLE_DEVICE)
        return None if seat in (TABLE_DEVICE, None) else int(seat)

    def clean(self) -> dict[str, Any] | None:
        data = super().clean() or {}
        system = data.get("system")
        seat = self.seat_index() if "seat" in data else None
        if seat is None:
            for index in range(SEATS):
                if not data.get(f"list_{index}"):
                    self.add_error(f"list_{index}", "Choose a saved list.")
        else:
            if not data.get(f"list_{seat}"):
                self.add_error(f"list_{seat}", "Choose your saved list.")
            for index in range(SEATS):
                if index == seat:
                    continue
                joins = (
                    f"{_seat_label(index)} brings their own list and name when they join "
                    "with the player link: leave this empty (or choose the table's shared "
                    "device to enter both lists here)."
                )
                for key in (f"list_{index}", f"player_{index}"):
                    if data.get(key):
                        self.add_error(key, joins)
        chosen = data.get("first_player") not in (None, "", COIN)
        ways = from_lists()
        if system in ways and not ways[system].first_player_at_setup and chosen:
            self.add_error("first_player", ways[system].first_player_rule)
        return data

    def options(self) -> dict[str, Any]:
        """The setup options (who plays first, and the game's others) and, for the table's
        shared device, both lists and names: what ``setups.setup_from_lists`` reads."""
        data = self.cleaned_data
        system = data["system"]
        options: dict[str, Any] = {}
        if from_lists()[system].first_player_at_setup:
            chosen = data.get("first_player") or COIN
            options["first_player"] = COIN if chosen == COIN else int(chosen)
        for key in self.settings:
            if data.get(key):
                options[key] = data[key]
        if self.seat_index() is None:
            options["lists"] = [data["list_0"], data["list_1"]]
            names = [data.get("player_0", "").strip(), data.get("player_1", "").strip()]
            if any(names):
                options["players"] = names
        return options

    def own_list(self) -> str:
        """The host's list, when they take a seat."""
        seat = self.seat_index()
        return str(self.cleaned_data[f"list_{seat}"]) if seat is not None else ""

    def own_name(self) -> str:
        seat = self.seat_index()
        return str(self.cleaned_data.get(f"player_{seat}", "")) if seat is not None else ""

    def add_problems(self, problems: Mapping[str, list[str]]) -> None:
        """Put each of the engine's problems beside its field (the rest above the form).
        A seated host's own list, name and party problems (``list``, ``player``, ``party``)
        go beside their seat's fields."""
        seat = self.seat_index()
        own = {"list": f"list_{seat}", "player": f"player_{seat}", "party": f"list_{seat}"}
        for path, messages in problems.items():
            field = own.get(path) if seat is not None else None
            if field is None:
                field = FIELD_OF_PATH.get(path, path if path in self.settings else None)
            if field is None:
                field = next(
                    (v for k, v in FIELD_OF_PATH.items() if path.startswith(k + ".")), "__all__"
                )
            for message in messages:
                self.add_error(None if field == "__all__" else field, message)


class JoinListForm(forms.Form):
    """A player's seat at a game waiting for its players, with their own saved list of that
    game and the name they play by."""

    seat = forms.ChoiceField(label="Your seat", widget=forms.RadioSelect)
    saved_list = forms.ChoiceField(label="Your list")
    player = forms.CharField(
        label="Your name", max_length=120, required=False, help_text="default: your account's"
    )

    def __init__(
        self, *args: Any, user: User, system: str, free: list[tuple[int, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        seat_field = self.fields["seat"]
        assert isinstance(seat_field, forms.ChoiceField)
        seat_field.choices = [(str(index), label) for index, label in free]
        if free:
            seat_field.initial = str(free[0][0])
        _list_field(self.fields["saved_list"], user, [system])
        self.has_lists = SavedList.objects.filter(owner=user, system=system).exists()
        self.fields["player"].widget.attrs["autocomplete"] = "off"
        self.fields["player"].widget.attrs["placeholder"] = user.get_username()

    def add_problems(self, problems: Mapping[str, list[str]]) -> None:
        """The lobby's problems beside the fields (``list``, ``player``, ``seat``); a party
        or anything else above the form."""
        for path, messages in problems.items():
            field = "saved_list" if path == "list" else path if path in self.fields else None
            for message in messages:
                self.add_error(field, message)


class ImportForm(forms.Form):
    """A game export (the JSON file the table page's Export button gives)."""

    file = forms.FileField(label="Game export (.json)")

    def clean_file(self) -> Any:
        upload: UploadedFile[bytes] = self.cleaned_data["file"]
        size = limit_named("GAME_IMPORT_MAX_BYTES")
        if upload.size is not None and upload.size > size.bytes:
            raise forms.ValidationError(size.message("The file"))
        try:
            text = upload.read(size.bytes + 1).decode("utf-8")
        except UnicodeDecodeError as error:
            raise forms.ValidationError(f"This is not a JSON file: {error}.") from None
        values = limit_named("GAME_IMPORT_MAX_VALUES")
        try:
            # counted before parsing: what a document costs grows with its values
            return read_json(text, max_values=values.bytes)
        except TooManyValues:
            raise forms.ValidationError(values.values_message("The file")) from None
        except ValueError as error:
            raise forms.ValidationError(f"This is not a JSON file: {error}.") from None


# --- actions posted from the table page -----------------------------------------------------

PAYLOAD_PREFIX = "p."


TRUE_WORDS = ("1", "true", "on", "yes")
FALSE_WORDS = ("0", "false", "off", "no")


def _item(kind: str, raw: str) -> Any:
    if kind == "int":
        return whole_number(raw)
    if kind == "bool":
        word = raw.lower()
        if word not in TRUE_WORDS + FALSE_WORDS:
            raise ValueError
        return word in TRUE_WORDS
    return raw


def _read(field: PayloadField, values: list[str]) -> Any:
    """A field's value from its posted inputs: one input, or for a list several inputs of
    the same name (in order) or one input of comma-separated items; a yes-or-no field
    posted several times is yes when any of them is."""
    if field.kind.startswith("list["):
        inner = field.kind[5:-1]
        # names may hold a comma ("Aurelia, Dawn Warden"): only separate inputs part them
        items = values if len(values) > 1 or inner == "name" else values[0].split(",")
        items = [item.strip() for item in items if item.strip()]
        try:
            return [_item(inner, item) for item in items]
        except ValueError:
            what = {"int": "Whole numbers", "bool": "Yes or no for each"}.get(inner, "Items")
            raise ValueError(f"{_sentence(field.description)}: {what.lower()}.") from None
    if field.kind == "bool":
        # a checkbox is posted after a hidden "false" of the same name: ticked, it is both
        try:
            return any([_item("bool", value) for value in values])
        except ValueError:
            raise ValueError(f"{_sentence(field.description)}: yes or no.") from None
    try:
        return _item(field.kind, values[0])
    except ValueError:
        raise ValueError(f"{_sentence(field.description)}: a whole number.") from None


def _sentence(text: str) -> str:
    """``the two D6`` -> ``The two D6`` (str.capitalize would lower the rest)."""
    return text[:1].upper() + text[1:]


def _values(data: Mapping[str, str], key: str) -> list[str]:
    getlist = getattr(data, "getlist", None)
    values = [str(v) for v in getlist(key)] if getlist is not None else [str(data.get(key, ""))]
    return [v.strip() for v in values if v.strip()]


def payload_from_post(
    action_type: ActionType | None, data: Mapping[str, str], *, app_rolls: bool = False
) -> tuple[dict[str, Any], dict[str, str]]:
    """The payload of an action posted as ``p.<field>`` inputs, read by the kind of each
    field; empty optional fields are left out, and so are dice fields the app is asked to
    roll. Returns the payload and, per field, what could not be read (the engine checks
    everything else)."""
    payload: dict[str, Any] = {}
    errors: dict[str, str] = {}
    if action_type is None:
        return payload, errors
    for field in action_type.fields:
        rows = posted_rows(data, field.name) if field.kind == "json" else []
        if rows:
            try:
                payload[field.name] = gathered(rows)
            except ValueError as error:
                errors[field.name] = str(error)
            continue
        values = _values(data, PAYLOAD_PREFIX + field.name)
        if not values:
            if field.kind == "bool" or not field.required or (app_rolls and field.dice):
                continue
            errors[field.name] = f"Give {field.description}."
            continue
        try:
            payload[field.name] = _read(field, values)
        except ValueError as error:
            errors[field.name] = str(error)
    return payload, errors


def form_int(
    data: Mapping[str, str], key: str, problems: dict[str, str], *, minimum: int | None = 0
) -> int | None:
    """The whole number posted as ``key`` (a seat, a version, a log number), None when it is
    left out. One that cannot be read is None too, and ``problems[key]`` says why, naming the
    field, so the page answers a 400 rather than acting without it."""
    raw = data.get(key)
    if raw is None or not str(raw).strip():
        return None
    try:
        return whole_number(str(raw), minimum=minimum)
    except ValueError as error:
        problems[key] = f"The {key.replace('_', ' ')} {error}."
        return None


ROW_PICK, ROW_NUMBER = ".pick", ".number"
MAX_ROWS = 20  # a gathering panel's rows read at most: no resolution applies more effects


def posted_rows(data: Mapping[str, str], name: str) -> list[tuple[str, str]]:
    """The rows a gathering panel posted for the list field ``name``: each row's pick
    (``p.<name>.pick``, one of the listed actions) and its number (``p.<name>.number``),
    as typed, in order; none when the panel was not posted."""
    getlist = getattr(data, "getlist", None)
    if getlist is None:
        return []
    picks = [str(v) for v in getlist(PAYLOAD_PREFIX + name + ROW_PICK)]
    numbers = [str(v) for v in getlist(PAYLOAD_PREFIX + name + ROW_NUMBER)]
    numbers += [""] * (len(picks) - len(numbers))
    return list(zip(picks, numbers, strict=False))


def gathered(rows: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The ``[{type, payload}]`` list a gathering panel's rows say, in order: a row with no
    pick is left out; a pick's number, left empty, takes the listed default. Raises
    ValueError with a sentence naming the row when one cannot be read (the engine checks
    everything else)."""
    items: list[dict[str, Any]] = []
    for index, (pick, number) in enumerate(rows, start=1):
        if not pick.strip():
            continue
        if len(items) >= MAX_ROWS:
            raise ValueError(f"At most {MAX_ROWS} effects at once.")
        try:
            value = read_json(pick, max_bytes=4_000, max_depth=4)
        except ValueError:
            value = None
        if (
            not isinstance(value, dict)
            or not isinstance(value.get("type"), str)
            or not isinstance(value.get("payload"), dict)
        ):
            raise ValueError(f"Effect {index}: pick one of the effects listed.")
        body = dict(value["payload"])
        field = value.get("number")
        if isinstance(field, str) and field:
            if number.strip():
                try:
                    body[field] = whole_number(number.strip(), minimum=1)
                except ValueError as error:
                    raise ValueError(f"Effect {index}: the number {error}.") from None
            elif value.get("default") is not None:
                body[field] = value["default"]
        items.append({"type": value["type"], "payload": body})
    if not items:
        raise ValueError("Pick at least one effect, or resolve with nothing to record.")
    return items
