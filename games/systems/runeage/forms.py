"""The Rune Age setup helper on the games page: the scenario (Resurgence of the Dragonlords
suggested for new players), one to four players in play order (the youngest first, then
clockwise), each with a race or one assigned at random, and The Cataclysm's cooperative rule.
The game starts on the table's shared tablet. The setup is built and checked by the engine
(``referee.rules.runeage.setup``), with the cards of the newest Rune Age catalog loaded, or the
engine's demonstration cards when none is; its problems come back beside the fields."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from django import forms
from django.http import QueryDict

from games.catalogs.service import default_catalog
from referee.rules.runeage.cards import DRAGONLORDS, SCENARIO_NAMES, SCENARIOS, Catalog
from referee.rules.runeage.demo import DEMO
from referee.rules.runeage.setup import build_setup

from .models import RuneAgeCards

PLAYERS = 4
RANDOM = ""  # a race left to chance
SCENARIOS_OWN = ""  # the scenario's own neutral type in that place


def cards() -> Catalog:
    """The newest Rune Age catalog loaded, or the demonstration cards."""
    catalog = default_catalog("runeage")
    row = RuneAgeCards.objects.filter(catalog=catalog).first() if catalog else None
    return row.to_engine() if row is not None else DEMO


class RuneAgeForm(forms.Form):
    prefix = "ra"  # beside the list games' form on the same page
    name = forms.CharField(label="Game name", required=False, max_length=120)
    scenario = forms.ChoiceField(
        label="Scenario",
        choices=[(key, SCENARIO_NAMES[key]) for key in SCENARIOS],
        initial=DRAGONLORDS,
        help_text="Resurgence of the Dragonlords is a good first game.",
    )
    cooperative = forms.BooleanField(
        label="The Cataclysm without Brother Against Brother (fully cooperative)", required=False
    )

    def __init__(self, *args: Any, catalog: Catalog, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.catalog = catalog
        races = [(RANDOM, "At random")] + [(r.name, r.name) for r in catalog.races]
        neutrals = [(SCENARIOS_OWN, "The scenario's")] + [
            (n.name, f"{n.name} ({n.influence} influence)") for n in catalog.neutrals
        ]
        for index in range(3):
            self.fields[f"neutral_{index}"] = forms.ChoiceField(
                label=f"Neutral type {index + 1}",
                choices=neutrals,
                required=False,
                help_text="another of the same influence cost" if index == 0 else "",
            )
        for index in range(PLAYERS):
            ordinal = ("First", "Second", "Third", "Fourth")[index]
            self.fields[f"player_{index}"] = forms.CharField(
                label=f"{ordinal} player" + (" (the youngest)" if index == 0 else ""),
                required=index == 0,
                max_length=80,
            )
            self.fields[f"race_{index}"] = forms.ChoiceField(
                label=f"{ordinal} player's race", choices=races, required=False
            )

    def seats(self) -> list[tuple[int, tuple[str, str | None]]]:
        """The players named, in play order, each with its form index."""
        data = self.cleaned_data
        return [
            (index, (data[f"player_{index}"].strip(), data.get(f"race_{index}") or None))
            for index in range(PLAYERS)
            if data.get(f"player_{index}", "").strip()
        ]

    def clean(self) -> dict[str, Any] | None:
        data = super().clean()
        if self.errors:
            return data
        chosen: dict[str, int] = {}
        for index, (_name, race) in self.seats():
            if race is not None and race in chosen:
                self.add_error(f"race_{index}", "Each player plays a different race (Setup 3).")
            elif race is not None:
                chosen[race] = index
        return data

    def neutrals(self) -> list[str]:
        """The scenario's three neutral types, each replaced by the one chosen in its place
        (Optional Rule: Custom Neutral Cards; the engine checks the costs match). A catalog
        without the scenario has none of its own: the engine names that lack."""
        key = self.cleaned_data["scenario"]
        scenario = next((s for s in self.catalog.scenarios if s.key == key), None)
        own = scenario.neutrals if scenario is not None else ("", "", "")
        return [self.cleaned_data.get(f"neutral_{i}") or own[i] for i in range(3)]

    def setup(self, rng: Random) -> dict[str, Any]:
        return build_setup(
            self.catalog,
            self.cleaned_data["scenario"],
            [player for _, player in self.seats()],
            rng,
            cooperative=bool(self.cleaned_data.get("cooperative")),
            neutrals=self.neutrals(),
        )

    def seat_index(self) -> int | None:
        """Rune Age is set up on the table's shared tablet: its host sits at no seat."""
        return None

    def add_problems(self, problems: Mapping[str, list[str]]) -> None:
        """The engine's problems beside the fields they concern."""
        indexes = [index for index, _ in self.seats()]
        for path, messages in problems.items():
            parts = path.removeprefix("setup.").split(".")
            field: str | None = None
            if parts[-1] == "rune_power":
                field = "scenario"  # dragon rune powers are Runewars' alone
            elif parts[0] == "players" and len(parts) > 1 and parts[1].isdigit():
                seat = int(parts[1])
                index = indexes[seat] if seat < len(indexes) else 0
                field = f"race_{index}" if parts[-1] == "race" else f"player_{index}"
            elif parts[0] == "cities" and indexes:
                field = f"player_{indexes[-1]}"  # the last player named needs more cities
            elif parts[0] in ("players", "cities"):
                field = "player_0"
            elif parts[0] == "neutrals":
                field = "neutral_0"
            elif parts[0] in ("scenario", "cooperative"):
                field = "scenario"
            for message in messages:
                self.add_error(field, message)


def new_game_form(data: QueryDict | None) -> RuneAgeForm:
    """The form on the games page, bound to what was posted (None: a blank one), offering the
    races and neutral types of the cards loaded (``cards``)."""
    return RuneAgeForm(data, catalog=cards())
