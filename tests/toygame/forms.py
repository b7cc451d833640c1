"""Counter Race's new-game form: the two players, the target, and where the host sits."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from django import forms

from .rules.setup import MAX_TARGET, MIN_TARGET


class RaceForm(forms.Form):
    prefix = "countrace"
    name = forms.CharField(label="Name of the game", max_length=120, required=False)
    player_0 = forms.CharField(label="First player", max_length=60)
    player_1 = forms.CharField(label="Second player", max_length=60)
    target = forms.IntegerField(
        label="Target", initial=10, min_value=MIN_TARGET, max_value=MAX_TARGET
    )
    seat = forms.ChoiceField(
        label="Where do you sit?",
        choices=[("", "Nobody: one tablet for the table"), ("0", "First"), ("1", "Second")],
        required=False,
        widget=forms.RadioSelect,
    )

    def setup(self, rng: Random | None = None) -> dict[str, Any]:
        data = self.cleaned_data
        return {"players": [data["player_0"], data["player_1"]], "target": data["target"]}

    def seat_index(self) -> int | None:
        seat = self.cleaned_data.get("seat")
        return int(seat) if seat else None

    def add_problems(self, problems: Mapping[str, list[str]]) -> None:
        for path, messages in problems.items():
            parts = path.removeprefix("setup.").split(".")
            field = f"player_{parts[1]}" if parts[0] == "players" and len(parts) > 1 else parts[0]
            for message in messages:
                self.add_error(field if field in self.fields else None, message)
