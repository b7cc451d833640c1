"""A Rune Age game's setup: the scenario, the players in play order and the cards the game
uses, carried with their numbers so a game replays the same whatever the catalog becomes.

Sections cited: Setup (steps 2 to 11), Variable Setup, Optional Rule: Custom Neutral Cards
and The Scenarios.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random

from referee.rules.checks import Problems, add_problem
from referee.rules.errors import InvalidInput
from referee.rules.runeage.cards import (
    JSON,
    MAX_NAME,
    RUNEWARS,
    SCENARIO_NAMES,
    SCENARIOS,
    SOLO_SCENARIOS,
    VARIABLE_SETUP,
    Catalog,
    catalog_from_json,
    catalog_to_json,
)
from referee.rules.text import lone_surrogate


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    name: str
    race: str
    rune_power: str | None = None


@dataclass(frozen=True, slots=True)
class RuneAgeSetup:
    """``players`` in play order: the first plays first, then clockwise (Setup 4)."""

    scenario: str
    players: tuple[PlayerSetup, ...]
    neutrals: tuple[str, str, str]
    cities: tuple[str, ...]
    cards: Catalog
    cooperative: bool = False  # The Cataclysm's optional rule

    @property
    def solo(self) -> bool:
        return len(self.players) == 1


def setup_from_json(data: object) -> RuneAgeSetup:
    """The setup ``data`` describes; raises InvalidInput naming every bad field."""
    problems: Problems = {}
    if not isinstance(data, Mapping):
        raise InvalidInput({"setup": ["The setup must be an object."]})
    try:
        cards = catalog_from_json(data.get("cards"))
    except InvalidInput as error:
        raise InvalidInput({f"cards.{k}": v for k, v in error.problems.items()}) from None
    scenario = data.get("scenario")
    if scenario not in SCENARIOS:
        add_problem(problems, "scenario", f"The scenario is one of: {', '.join(SCENARIOS)}.")
        raise InvalidInput(problems)
    scenario_key = str(scenario)
    if not any(s.key == scenario_key for s in cards.scenarios):
        add_problem(
            problems, "cards.scenarios", f"The cards hold no {SCENARIO_NAMES[scenario_key]}."
        )
        raise InvalidInput(problems)
    cooperative = data.get("cooperative", False)
    if not isinstance(cooperative, bool):
        add_problem(problems, "cooperative", "Must be true or false.")
        cooperative = False
    raw = data.get("players")
    players: list[PlayerSetup] = []
    if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
        add_problem(problems, "players", "Rune Age is played by 1 to 4 players.")
        raw = []
    if len(raw) == 1 and scenario_key not in SOLO_SCENARIOS:
        add_problem(
            problems,
            "players",
            f"{SCENARIO_NAMES[scenario_key]} has no solitaire play; it needs 2 to 4 players "
            "(The Scenarios).",
        )
    races = {race.name for race in cards.races}
    runes = {rune.name for rune in cards.rune_powers}
    for index, player in enumerate(raw):
        path = f"players.{index}"
        if not isinstance(player, Mapping):
            add_problem(problems, path, "Each player is an object with a name and a race.")
            continue
        name = player.get("name")
        if (
            not isinstance(name, str)
            or not 0 < len(name.strip()) <= MAX_NAME
            or lone_surrogate(name)
        ):
            add_problem(problems, f"{path}.name", f"A player's name is 1 to {MAX_NAME} characters.")
            name = f"Player {index + 1}"
        race = player.get("race")
        if race not in races:
            add_problem(
                problems, f"{path}.race", f"The race is one of: {', '.join(sorted(races))}."
            )
        rune = player.get("rune_power")
        if scenario_key == RUNEWARS:
            if rune not in runes:
                add_problem(
                    problems,
                    f"{path}.rune_power",
                    "In Runewars each player has a dragon rune power from the cards "
                    "(Runewars: Additional Setup Instructions).",
                )
        elif rune is not None:
            add_problem(problems, f"{path}.rune_power", "Only Runewars uses dragon rune powers.")
        players.append(
            PlayerSetup(name.strip(), str(race), str(rune) if scenario_key == RUNEWARS else None)
        )
    chosen_races = [p.race for p in players]
    if len(set(chosen_races)) != len(chosen_races):
        add_problem(problems, "players", "Each player plays a different race (Setup 3).")
    chosen_runes = [p.rune_power for p in players if p.rune_power]
    if len(set(chosen_runes)) != len(chosen_runes):
        add_problem(problems, "players", "Each player has a different dragon rune power.")
    the_scenario = cards.scenario(scenario_key)
    neutrals = data.get("neutrals", list(the_scenario.neutrals))
    known = {n.name: n for n in cards.neutrals}
    if (
        not isinstance(neutrals, list)
        or len(neutrals) != 3
        or len(set(map(str, neutrals))) != 3
        or not all(isinstance(n, str) and n in known for n in neutrals)
    ):
        add_problem(problems, "neutrals", "Name three different neutral card types of the cards.")
        neutrals = list(the_scenario.neutrals)
    elif sorted(known[n].influence for n in neutrals) != sorted(
        known[n].influence for n in the_scenario.neutrals if n in known
    ):
        add_problem(
            problems,
            "neutrals",
            "A neutral card type may replace one of the scenario's only for one of the same "
            "influence cost (Optional Rule: Custom Neutral Cards).",
        )
    cities = data.get("cities")
    count = VARIABLE_SETUP[len(players)][4] if players else 0
    city_names = {c.name for c in cards.cities}
    if (
        not isinstance(cities, list)
        or len(cities) != count
        or len(set(map(str, cities))) != len(cities)
        or not all(isinstance(c, str) and c in city_names for c in cities)
    ):
        add_problem(
            problems,
            "cities",
            f"With {len(players)} player(s) lay out {count} different neutral cities of the "
            "cards (Variable Setup).",
        )
        cities = []
    if problems:
        raise InvalidInput(problems)
    return RuneAgeSetup(
        scenario_key,
        tuple(players),
        (neutrals[0], neutrals[1], neutrals[2]),
        tuple(cities),
        cards,
        cooperative,
    )


def setup_to_json(setup: RuneAgeSetup) -> dict[str, JSON]:
    return {
        "scenario": setup.scenario,
        "cooperative": setup.cooperative,
        "players": [
            {"name": p.name, "race": p.race, "rune_power": p.rune_power} for p in setup.players
        ],
        "neutrals": list(setup.neutrals),
        "cities": list(setup.cities),
        "cards": catalog_to_json(setup.cards),
    }


def trimmed(catalog: Catalog, setup: RuneAgeSetup) -> Catalog:
    """Only the cards this game uses, so the setup carries no more than it needs."""
    races = {p.race for p in setup.players}
    # the scenario's own neutral types stay too: a swap is checked against their costs
    neutrals = {*setup.neutrals, *catalog.scenario(setup.scenario).neutrals}
    return replace(
        catalog,
        races=tuple(r for r in catalog.races if r.name in races),
        neutrals=tuple(n for n in catalog.neutrals if n.name in neutrals),
        cities=tuple(c for c in catalog.cities if c.name in setup.cities),
        scenarios=tuple(s for s in catalog.scenarios if s.key == setup.scenario),
        # Runewars keeps them all: the ones nobody was dealt may still be found in play
        rune_powers=catalog.rune_powers if setup.scenario == RUNEWARS else (),
    )


def _count(number: int, thing: str, things: str) -> str:
    return f"{number} {thing if number == 1 else things}"


def catalog_lacks(
    catalog: Catalog, scenario: str, players: Sequence[tuple[str, str | None]]
) -> None:
    """Raises InvalidInput when the catalog is too small for the setup helper to draw from
    it: the scenario's cards, a race for each player left at random (Setup 3), the Variable
    Setup's neutral cities, a dragon rune power for each Runewars player."""
    problems: Problems = {}
    if not 1 <= len(players) <= 4:
        add_problem(problems, "players", "Rune Age is played by 1 to 4 players.")
        raise InvalidInput(problems)
    if scenario not in SCENARIOS:
        add_problem(problems, "scenario", f"The scenario is one of: {', '.join(SCENARIOS)}.")
    elif not any(s.key == scenario for s in catalog.scenarios):
        add_problem(
            problems, "scenario", f"The catalog has no cards for {SCENARIO_NAMES[scenario]}."
        )
    chosen = {race for _, race in players if race}
    free = len([r for r in catalog.races if r.name not in chosen])
    for index, (_name, race) in enumerate(players):
        if race:
            continue
        if free == 0:
            races = _count(len(catalog.races), "race", "races")
            add_problem(
                problems,
                f"players.{index}.race",
                f"The catalog has {races}; {len(players)} players need one each (Setup 3).",
            )
            break
        free -= 1
    needed = VARIABLE_SETUP[len(players)][4]
    if len(catalog.cities) < needed:
        cities = _count(len(catalog.cities), "neutral city", "neutral cities")
        add_problem(
            problems,
            "cities",
            f"The catalog has {cities}; {_count(len(players), 'player lays', 'players lay')} "
            f"out {needed} (Variable Setup).",
        )
    if scenario == RUNEWARS and len(catalog.rune_powers) < len(players):
        runes = _count(len(catalog.rune_powers), "dragon rune power", "dragon rune powers")
        add_problem(
            problems,
            f"players.{len(catalog.rune_powers)}.rune_power",
            f"The catalog has {runes}; {len(players)} Runewars players need one each "
            "(Runewars: Additional Setup Instructions).",
        )
    if problems:
        raise InvalidInput(problems)


def build_setup(
    catalog: Catalog,
    scenario: str,
    players: Sequence[tuple[str, str | None]],
    rng: Random,
    *,
    cooperative: bool = False,
    neutrals: Sequence[str] | None = None,
) -> dict[str, JSON]:
    """The setup helper: ``players`` in play order as (name, race or None); a race left
    open is assigned at random from those nobody chose (Setup 3), the neutral cities are
    drawn at random in the number the Variable Setup table gives, and in Runewars each
    player receives a random dragon rune power. Returns the setup's JSON; raises
    InvalidInput naming everything the catalog lacks for these players at once."""
    catalog_lacks(catalog, scenario, players)
    chosen = [race for _, race in players if race]
    free = [r.name for r in catalog.races if r.name not in chosen]
    rng.shuffle(free)
    races = [race or free.pop() for _, race in players]
    cities = rng.sample([c.name for c in catalog.cities], VARIABLE_SETUP[len(players)][4])
    runes: list[str | None] = [None] * len(players)
    if scenario == RUNEWARS:
        runes = list(rng.sample([x.name for x in catalog.rune_powers], len(players)))
    the_neutrals = list(neutrals or catalog.scenario(scenario).neutrals)
    setup = RuneAgeSetup(
        scenario,
        tuple(
            PlayerSetup(name, race, rune)
            for (name, _), race, rune in zip(players, races, runes, strict=True)
        ),
        (the_neutrals[0], the_neutrals[1], the_neutrals[2]),
        tuple(cities),
        catalog,
        cooperative,
    )
    return setup_to_json(replace(setup, cards=trimmed(catalog, setup)))
