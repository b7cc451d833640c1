"""Setting up a Rune Age game (Setup, Variable Setup, Optional Rule: Custom Neutral Cards,
The Scenarios), and the cards as data."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

import pytest

from referee.rules.errors import InvalidInput
from referee.rules.runeage.actions import initial_state
from referee.rules.runeage.cards import Catalog, catalog_from_json, catalog_to_json
from referee.rules.runeage.demo import DEMO, DEMO_JSON
from referee.rules.runeage.setup import build_setup, setup_from_json, setup_to_json
from referee.rules.runeage.system import RUNE_AGE
from referee.rules.runeage.words import setup_checklist
from tests.rules.runeage.game import new_setup, setup_json


@pytest.mark.parametrize(
    ("players", "piles"),
    [(1, (4, 8, 4, 2, 2)), (2, (4, 10, 6, 3, 3)), (3, (4, 12, 8, 4, 4)), (4, (4, 14, 10, 5, 5))],
)
def test_the_supply_follows_the_variable_setup_table(players: int, piles: tuple[int, ...]) -> None:
    """Variable Setup; Setup 7 and 8: the 1-gold pile less five per starting deck (R180)."""
    state = initial_state(new_setup("dragonlords", players))
    ones, twos, threes, each, cities = piles
    assert state.gold_piles == {1: ones, 2: twos, 3: threes}
    assert set(state.neutral_piles.values()) == {each}
    assert len(state.neutral_piles) == 3
    assert len(state.central_cities) == cities


def test_each_starting_deck_is_five_gold_and_three_one_cost_units() -> None:
    """Setup 6 and 8: the Barracks' 1-cost pile gives three units to the starting deck."""
    state = initial_state(new_setup("dragonlords", 2))
    ana = state.players[0]
    assert ana.owned == {"1-gold": 5, "Levy Spearman": 3}
    assert ana.barracks["Levy Spearman"] == 8 - 3
    assert ana.barracks["Iron Colossus"] == 3
    assert ana.barracks["Millbridge Watch"] == 1
    assert "Beacon of the Thirteen" not in ana.barracks  # only The Monument has it


def test_the_monument_waits_in_each_barracks_in_the_monument() -> None:
    """The Monument: Additional Setup Instructions."""
    state = initial_state(new_setup("monument", 2))
    assert state.players[0].barracks["Beacon of the Thirteen"] == 1
    assert state.players[1].barracks["Tree of First Light"] == 1


def test_the_event_deck_is_compiled_by_stage() -> None:
    """Setup 10: Stage 1 lies on Stage 2; The Cataclysm has three stages."""
    state = initial_state(new_setup("dragonlords", 3))
    assert [len(stage) for stage in state.deck] == [5, 5]
    assert state.top_stage == 1
    cataclysm = initial_state(new_setup("cataclysm", 3))
    assert [len(stage) for stage in cataclysm.deck] == [3, 3, 4]


def test_solo_play_removes_the_scenarios_named_events() -> None:
    """The Scenarios, Solitaire Play: Bountiful Harvest; The Guardian Obelisk and Brother
    Against Brother."""
    dragonlords = initial_state(new_setup("dragonlords", 1))
    assert "Bountiful Harvest" not in {n for stage in dragonlords.deck for n in stage}
    assert dragonlords.deck_size == 9
    cataclysm = initial_state(new_setup("cataclysm", 1))
    left = {n for stage in cataclysm.deck for n in stage}
    assert {"The Guardian Obelisk", "Brother Against Brother"}.isdisjoint(left)
    assert cataclysm.deck_size == 8
    assert "Brother Against Brother" in cataclysm.removed


def test_the_cooperative_cataclysm_removes_brother_against_brother() -> None:
    """The Cataclysm, Optional Rule."""
    state = initial_state(new_setup("cataclysm", 3, cooperative=True))
    assert "Brother Against Brother" not in state.deck[2]
    assert len(state.deck[2]) == 3
    assert "The Guardian Obelisk" in state.deck[0]


@pytest.mark.parametrize("scenario", ["runewars", "monument"])
def test_scenarios_without_solitaire_play_need_two_players(scenario: str) -> None:
    data = setup_json(scenario, 2)
    data["players"] = data["players"][:1]
    data["cities"] = data["cities"][:2]
    with pytest.raises(InvalidInput) as error:
        setup_from_json(data)
    assert "no solitaire play" in error.value.problems["players"][0]


def test_runewars_deals_each_player_a_different_dragon_rune_power() -> None:
    """Runewars: Additional Setup Instructions."""
    setup = new_setup("runewars", 4)
    runes = [p.rune_power for p in setup.players]
    assert None not in runes and len(set(runes)) == 4
    state = initial_state(setup)
    assert state.players[0].rune_powers == (runes[0],)


def test_races_left_open_are_assigned_at_random_from_those_nobody_chose() -> None:
    """Setup 3."""
    data = build_setup(DEMO, "dragonlords", [("Ana", "Latari Elves"), ("Ben", None)], Random(1))
    races = [p["race"] for p in data["players"]]
    assert races[0] == "Latari Elves" and races[1] in {r.name for r in DEMO.races} - {races[0]}


def test_neutral_types_may_be_swapped_only_for_equal_influence_cost() -> None:
    """Optional Rule: Custom Neutral Cards. Naga and Sorcerer cost 3 each; Dragon 6."""
    data = build_setup(
        DEMO,
        "cataclysm",
        [("Ana", "Daqan Lords"), ("Ben", "Latari Elves")],
        Random(2),
        neutrals=["Pillage", "Sorcerer", "Demon"],
    )
    assert setup_from_json(data).neutrals == ("Pillage", "Sorcerer", "Demon")
    data["neutrals"] = ["Pillage", "Dragon", "Demon"]
    data["cards"]["neutrals"].append({"name": "Dragon", "kind": "unit", "influence": 6})
    with pytest.raises(InvalidInput) as error:
        setup_from_json(data)
    assert "same influence cost" in error.value.problems["neutrals"][0]


def test_the_setup_names_every_bad_field() -> None:
    data: dict[str, Any] = setup_json("dragonlords", 2)
    data["players"][0]["name"] = "\ud800"
    data["players"][1]["race"] = data["players"][0]["race"]
    data["cities"] = ["Nowhere"]
    with pytest.raises(InvalidInput) as error:
        setup_from_json(data)
    problems = error.value.problems
    assert {"players.0.name", "players", "cities"} <= set(problems)


def test_a_setup_with_five_players_is_refused() -> None:
    data = setup_json("dragonlords", 4)
    data["players"].append({"name": "Eve", "race": "Daqan Lords"})
    with pytest.raises(InvalidInput) as error:
        setup_from_json(data)
    assert "1 to 4 players" in error.value.problems["players"][0]


def test_the_setup_round_trips_and_the_example_starts_a_game() -> None:
    data = RUNE_AGE.example_setup()
    setup = RUNE_AGE.setup_from_json(data)
    assert RUNE_AGE.setup_to_json(setup) == data
    assert setup_to_json(setup_from_json(data)) == data
    assert RUNE_AGE.seat_names(setup) == ("Ana", "Ben", "Cleo")
    assert RUNE_AGE.seats == (1, 4)


def test_the_setup_checklist_lays_out_the_variable_setup() -> None:
    lines = setup_checklist(new_setup("dragonlords", 3))
    assert lines[0].startswith("Play order: Ana (Daqan Lords), Ben (Latari Elves)")
    assert lines[1] == "Gold piles: 19 1-gold, 12 2-gold, 8 3-gold"
    assert lines[2].startswith("Neutral piles of 4: Battle Cry, Forced March, Demon")
    assert "Event deck, each stage shuffled: Stage 1 (5) on Stage 2 (5)" in lines
    solo = setup_checklist(new_setup("cataclysm", 1))
    assert (
        "Event deck, each stage shuffled: Stage 1 (2) on Stage 2 (3) on Stage 3 (3); "
        "removed: The Guardian Obelisk, Brother Against Brother" in solo
    )
    runes = setup_checklist(new_setup("runewars", 2))
    assert any(line.startswith("Dragon rune powers: Ana Rune of") for line in runes)
    assert "Each Barracks holds its race's Monument" in setup_checklist(new_setup("monument", 2))


# The cards as data ---------------------------------------------------------------------------


def test_the_demonstration_catalog_is_labelled_and_round_trips() -> None:
    assert DEMO.demonstration and "made up" in DEMO.name
    assert catalog_from_json(catalog_to_json(DEMO)) == DEMO
    assert catalog_to_json(catalog_from_json(DEMO_JSON)) == catalog_to_json(DEMO)
    events = {e.name: e for e in DEMO.scenario("dragonlords").events}
    assert events["Bountiful Harvest"].next_round and events["Scorched Fields"].until_repelled
    written = catalog_to_json(DEMO)["scenarios"][0]["events"]
    assert {"next_round": True}.items() <= written[2].items()
    assert {"until_repelled": True}.items() <= written[3].items()


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("neutrals", 0, "influence"), "²", "neutrals.0.influence"),
        (("neutrals", 0, "influence"), 10**30, "neutrals.0.influence"),
        (("cities", 0, "name"), "\udfff", "cities.0.name"),
        (("races", 0, "units", 0, "cost"), 4, "races.0.units.0.cost"),
        (("scenarios", 2, "events", 0, "stage"), True, "scenarios.2.events.0.stage"),
        (("gold", 0, "influence"), -1, "gold.0.influence"),
        # Instant Event Cards: only an instant lasts during the next round, and only one
        # attacking Home Realms stops once repelled (R196, R197)
        (("scenarios", 0, "events", 0, "next_round"), True, "scenarios.0.events.0.next_round"),
        (("scenarios", 0, "events", 2, "next_round"), "yes", "scenarios.0.events.2.next_round"),
        (
            ("scenarios", 0, "events", 2, "until_repelled"),
            True,
            "scenarios.0.events.2.until_repelled",
        ),
        (
            ("scenarios", 0, "events", 0, "until_repelled"),
            True,
            "scenarios.0.events.0.until_repelled",
        ),
    ],
)
def test_a_bad_card_number_is_named_by_its_field(
    path: tuple[Any, ...], value: object, field: str
) -> None:
    data = catalog_to_json(DEMO)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(InvalidInput) as error:
        catalog_from_json(data)
    assert field in error.value.problems


def test_an_events_strength_may_be_left_to_the_table() -> None:
    data = catalog_to_json(DEMO)
    data["scenarios"][0]["events"][0]["strength"] = None
    catalog = catalog_from_json(data)
    assert catalog.scenarios[0].events[0].strength is None
    assert catalog_from_json(catalog_to_json(catalog)) == catalog


def _problems(catalog: Catalog, scenario: str, players: list[tuple[str, str | None]]) -> Any:
    with pytest.raises(InvalidInput) as error:
        build_setup(catalog, scenario, players, Random(3))
    return error.value.problems


def test_a_catalog_with_too_few_races_for_those_left_at_random_is_named() -> None:
    """Setup 3: a race left open is drawn from those nobody chose; the catalog must hold one."""
    small = replace(DEMO, races=DEMO.races[:2])
    problems = _problems(small, "dragonlords", [("Ana", None), ("Ben", None), ("Cleo", None)])
    assert problems == {
        "players.2.race": ["The catalog has 2 races; 3 players need one each (Setup 3)."]
    }
    chosen = _problems(
        small, "dragonlords", [("Ana", DEMO.races[0].name), ("Ben", None), ("Cleo", None)]
    )
    assert list(chosen) == ["players.2.race"]


def test_a_catalog_with_too_few_cities_for_the_variable_setup_is_named() -> None:
    """Variable Setup: three players lay out four neutral cities."""
    small = replace(DEMO, cities=DEMO.cities[:3])
    problems = _problems(small, "dragonlords", [("Ana", None), ("Ben", None), ("Cleo", None)])
    assert problems == {
        "cities": ["The catalog has 3 neutral cities; 3 players lay out 4 (Variable Setup)."]
    }


def test_a_catalog_with_too_few_rune_powers_for_runewars_is_named() -> None:
    """Runewars: Additional Setup Instructions: a dragon rune power for each player."""
    small = replace(DEMO, rune_powers=DEMO.rune_powers[:1])
    problems = _problems(small, "runewars", [("Ana", None), ("Ben", None)])
    assert problems == {
        "players.1.rune_power": [
            "The catalog has 1 dragon rune power; 2 Runewars players need one each "
            "(Runewars: Additional Setup Instructions)."
        ]
    }


def test_a_catalog_without_the_scenario_is_named() -> None:
    small = replace(DEMO, scenarios=DEMO.scenarios[:1])
    problems = _problems(small, "monument", [("Ana", None), ("Ben", None)])
    assert problems == {"scenario": ["The catalog has no cards for The Monument."]}


def test_every_lack_of_the_catalog_is_named_at_once() -> None:
    small = replace(DEMO, races=DEMO.races[:1], cities=(), rune_powers=())
    problems = _problems(small, "runewars", [("Ana", None), ("Ben", None)])
    assert set(problems) == {"players.1.race", "cities", "players.0.rune_power"}
