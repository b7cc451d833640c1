"""Azeroth at War's questions on the shared new-game form, beside those every game set up
from saved lists asks: the scenario and the battle size (each army is then checked at that
size; ``setup``)."""

from __future__ import annotations

from django import forms

from referee.rules.azeroth.army import BATTLE_SIZE_NAMES
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.units import BattleSize

SETTINGS: dict[str, forms.Field] = {
    "scenario": forms.ChoiceField(
        label="Scenario",
        choices=[(s.value, s.value.replace("_", " ").capitalize()) for s in Scenario],
        initial=Scenario.ANNIHILATION.value,
        required=False,
    ),
    "battle_size": forms.ChoiceField(
        label="Battle size",
        choices=[("", "The first army's")]
        + [(size.value, BATTLE_SIZE_NAMES[size]) for size in BattleSize],
        required=False,
        help_text="each army is checked against this battle size's points and tier limits",
    ),
}
"""The options a game takes besides who goes first, each with the form field that asks for
it (``TrackerSetup.settings``)."""
