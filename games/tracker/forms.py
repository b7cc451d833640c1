"""Forms of the game tracker's pages: starting a game from saved lists, importing an export,
and reading an action's payload from a posted form.

The forms only parse what was typed; every rule is left to ``games.tracker.setups`` and the
systems' engines, whose ``InvalidInput`` paths (``lists.0``, ``players``, ``setup.players.1``)
are put back beside the fields here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.core.files.uploadedfile import UploadedFile

from referee.rules.azeroth.army import BATTLE_SIZE_NAMES
from referee.rules.azeroth.tracker import Scenario
from referee.rules.azeroth.units import BattleSize
from referee.rules.tracker.core import ActionType, PayloadField
from referee.rules.tracker.registry import TRACKERS

from ..models import SavedList
from ..numbers import whole_number

MAX_IMPORT_BYTES = 2_000_000
FIRST_PLAYER_CHOICES = [("coin", "Flip a coin"), ("0", "Player 1"), ("1", "Player 2")]
# the engines' problem paths, read back onto the new-game form's fields
FIELD_OF_PATH = {
    "lists": "__all__",
    "lists.0": "list_0",
    "lists.1": "list_1",
    "players": "player_0",
    "first_player": "first_player",
    "name": "name",
    "system": "system",
    "scenario": "scenario",
    "battle_size": "battle_size",
    "parties.0": "list_0",
    "parties.1": "list_1",
}


def _list_choices(owner: User, systems: list[str]) -> list[tuple[str, Any]]:
    """The owner's saved lists, grouped by game (the setup refuses another game's)."""
    rows = SavedList.objects.filter(owner=owner, system__in=systems).order_by("name")
    choices: list[tuple[str, Any]] = [("", "Choose a saved list")]
    for system in systems:
        group = [
            (str(row.pk), row.name + ("" if row.valid is not False else " (not legal)"))
            for row in rows
            if row.system == system
        ]
        if group:
            choices.append((TRACKERS[system].name if system in TRACKERS else system, group))
    return choices


class NewGameForm(forms.Form):
    """A new game from two of the host's saved lists. Only systems that can be set up from
    lists (``setups.BUILDERS``) are offered."""

    system = forms.ChoiceField(label="Game")
    name = forms.CharField(label="Name of the game", max_length=120)
    list_0 = forms.ChoiceField(label="Player 1's list")
    player_0 = forms.CharField(
        label="Player 1's name", max_length=120, required=False, help_text="default: the list's"
    )
    list_1 = forms.ChoiceField(label="Player 2's list")
    player_1 = forms.CharField(
        label="Player 2's name", max_length=120, required=False, help_text="default: the list's"
    )
    scenario = forms.ChoiceField(
        label="Scenario",
        choices=[(s.value, s.value.replace("_", " ").capitalize()) for s in Scenario],
        initial=Scenario.ANNIHILATION.value,
        required=False,
        help_text="Azeroth at War only",
    )
    battle_size = forms.ChoiceField(
        label="Battle size",
        choices=[("", "The first army's")]
        + [(size.value, BATTLE_SIZE_NAMES[size]) for size in BattleSize],
        required=False,
        help_text="Azeroth at War only",
    )
    first_player = forms.ChoiceField(
        label="Who plays first", choices=FIRST_PLAYER_CHOICES, initial="coin"
    )

    def __init__(self, *args: Any, owner: User, systems: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        system_field = self.fields["system"]
        assert isinstance(system_field, forms.ChoiceField)
        system_field.choices = [(s, TRACKERS[s].name) for s in systems if s in TRACKERS]
        choices = _list_choices(owner, systems)
        for key in ("list_0", "list_1"):
            list_field = self.fields[key]
            assert isinstance(list_field, forms.ChoiceField)
            list_field.choices = choices
        for key in ("name", "player_0", "player_1"):
            self.fields[key].widget.attrs["autocomplete"] = "off"
        self.fields["name"].widget.attrs["placeholder"] = "Friday night, table 2"

    def options(self) -> dict[str, Any]:
        """The options ``setups.setup_from_lists`` reads."""
        data = self.cleaned_data
        names = [data.get("player_0", "").strip(), data.get("player_1", "").strip()]
        options: dict[str, Any] = {
            "lists": [data["list_0"], data["list_1"]],
            "first_player": "coin" if data["first_player"] == "coin" else int(data["first_player"]),
        }
        if any(names):
            options["players"] = names
        if data["system"] == "azeroth" and data.get("scenario"):
            options["scenario"] = data["scenario"]
        if data["system"] == "azeroth" and data.get("battle_size"):
            options["battle_size"] = data["battle_size"]
        return options

    def add_problems(self, problems: Mapping[str, list[str]]) -> None:
        """Put each of the engine's problems beside its field (the rest above the form)."""
        for path, messages in problems.items():
            field = FIELD_OF_PATH.get(path)
            if field is None:
                field = next(
                    (v for k, v in FIELD_OF_PATH.items() if path.startswith(k + ".")), "__all__"
                )
            for message in messages:
                self.add_error(None if field == "__all__" else field, message)


class ImportForm(forms.Form):
    """A game export (the JSON file the table page's Export button gives)."""

    file = forms.FileField(label="Game export (.json)")

    def clean_file(self) -> Any:
        upload: UploadedFile[bytes] = self.cleaned_data["file"]
        if upload.size is not None and upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                f"The file is too large (at most {MAX_IMPORT_BYTES // 1_000_000} MB)."
            )
        try:
            return json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
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
        items = values if len(values) > 1 else values[0].split(",")
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


def optional_int(raw: object) -> int | None:
    """A whole number from a form, or None when it is absent or cannot be read (ASCII digits
    only, at most ``MAX_DIGITS``): for callers that treat an unreadable number as none."""
    if not isinstance(raw, str) or not raw.strip():
        return None
    try:
        return whole_number(raw)
    except ValueError:
        return None


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
