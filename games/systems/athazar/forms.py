"""Deaths of Athazar's new-game form: set up at the table, without saved lists."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from django import forms

from games.numbers import whole_number


class AthazarGameForm(forms.Form):
    """A new game of Deaths of Athazar, set up at the table: players bring no list, so the
    form asks for the players in seating order, the dealer, the pass direction, the deck's
    size and whether to play on for places (the setup JSON's fields). Only what was typed is
    read here; the engine's ``setup_from_json`` checks every rule and its problems are put
    back beside their fields."""

    prefix = "athazar"  # beside the new-game form on the same page: its own field ids
    name = forms.CharField(
        label="Name of the game",
        max_length=120,
        required=False,
        help_text="default: the players' names and the game",
    )
    players = forms.CharField(
        label="Players",
        widget=forms.Textarea(attrs={"rows": 5, "autocomplete": "off"}),
        help_text="one name a line, in seating order going round to the right: 2 to 5",
    )
    dealer = forms.ChoiceField(
        label="Dealer",
        choices=[(str(n), f"Player {n + 1}") for n in range(5)],
        initial="0",
    )
    pass_direction = forms.ChoiceField(
        label="Pass cards to the",
        choices=[("right", "Right"), ("left", "Left")],
        initial="right",
        widget=forms.RadioSelect,
    )
    deck_size = forms.CharField(
        label="Cards in the deck",
        initial="56",
        help_text="56 unless your deck holds another number (R160)",
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    play_on = forms.BooleanField(
        label="Play on for second, third and further places", required=False
    )
    seat = forms.ChoiceField(
        label="Where do you sit?",
        choices=[("", "Nobody: one tablet for the table")]
        + [(str(n), f"Player {n + 1}") for n in range(5)],
        required=False,
        initial="",
        widget=forms.RadioSelect,
    )

    def names(self) -> list[str]:
        return [
            line.strip() for line in str(self.cleaned_data["players"]).splitlines() if line.strip()
        ]

    def setup(self, rng: Random | None = None) -> dict[str, Any]:
        """The setup JSON as typed (the engine checks it); nothing in it is drawn at random."""
        data = self.cleaned_data
        names = self.names()
        return {
            "players": names,
            "dealer": int(data["dealer"]),
            "pass_direction": data["pass_direction"],
            "deck_size": data["deck_size"],
            "play_on": bool(data["play_on"]),
        }

    def clean_deck_size(self) -> int:
        try:
            return whole_number(str(self.cleaned_data["deck_size"]), minimum=1)
        except ValueError as error:
            raise forms.ValidationError(f"The number of cards {error}.") from None

    def seat_index(self) -> int | None:
        seat = self.cleaned_data.get("seat")
        return int(seat) if seat else None

    def clean(self) -> dict[str, Any]:
        """The host's seat must be one of the players typed."""
        data = super().clean() or {}
        seat = self.seat_index()
        if seat is not None and "players" in data and seat >= len(names := self.names()):
            self.add_error("seat", f"There are {len(names)} players: choose one of them.")
        return data

    def add_problems(self, problems: Mapping[str, list[str]]) -> None:
        """The engine's problems beside their fields (``setup.players.2`` beside the
        players)."""
        for path, messages in problems.items():
            parts = path.split(".")
            field = parts[1] if parts[0] == "setup" and len(parts) > 1 else parts[0]
            for message in messages:
                self.add_error(field if field in self.fields else None, message)
