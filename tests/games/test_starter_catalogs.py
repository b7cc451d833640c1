"""The starter catalogs hold what every list flow and every validator error needs, and say
they are demonstration content (each in its game's package, games/systems/<slug>/starter.json)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from referee.rules.azeroth.profiles import AbilityType, Tier

from .conftest import starter

FACTIONS = ("horde", "alliance")


@pytest.mark.parametrize("system", ["azeroth", "azuki", "azrah", "runeage"])
def test_each_starter_catalog_is_labelled_demonstration_content(system: str) -> None:
    data = starter(system)

    assert data["demo"] is True
    assert "demonstration" in data["name"].lower()
    assert "not official" in data["description"]


# --- Azeroth at War --------------------------------------------------------------------------


def units_of(faction: str) -> list[dict[str, Any]]:
    return [u for u in starter("azeroth")["units"] if u["faction"] == faction]


@pytest.mark.parametrize("faction", FACTIONS)
def test_each_faction_has_composition_limits_for_every_battle_size(faction: str) -> None:
    (entry,) = [f for f in starter("azeroth")["factions"] if f["slug"] == faction]

    assert list(entry["composition"]) == ["skirmish", "standard", "large"]
    for tiers in entry["composition"].values():
        assert list(tiers) == [t.value for t in Tier]
        assert tiers["hero"]["min"] >= 1  # at least one Hero (4.1)


@pytest.mark.parametrize("faction", FACTIONS)
def test_each_faction_has_the_units_every_army_flow_needs(faction: str) -> None:
    units = units_of(faction)
    heroes = [u for u in units if "hero" in u["tiers"]]

    assert {t for u in units for t in u["tiers"]} == {t.value for t in Tier}
    assert any(u["unique"] for u in heroes) and any(not u["unique"] for u in heroes)
    assert any(u["tiers"] == ["mounted", "elite"] for u in units)
    assert any(u["magical"] and "hero" not in u["tiers"] for u in units)
    assert any(u["armor"] == "HA" and "SH" in u["weapons"] for u in units)
    assert any("HW" in u["weapons"] and u["keywords"].get("Decisive Blow", 0) >= 1 for u in units)
    assert any("Fly" in u["keywords"] for u in units)
    assert any("Precision Shot" in u["keywords"] and "RW" in u["weapons"] for u in units)
    abilities = [a for u in units for a in u["abilities"]]
    assert {a["type"] for a in abilities} == {t.value for t in AbilityType}
    assert any(a["mana_cost"] >= 2 for a in abilities)


@pytest.mark.parametrize(
    ("name", "ini", "armor", "weapon"),
    [
        ("Orc Grunt", 3, "MA", "SW"),
        ("Rogue", 5, "LA", "LW"),
        ("Knight", 4, "HA", "SW"),
        ("Footman", 3, "HA", "SW"),
    ],
)
def test_the_rulebook_example_units_have_their_printed_profiles(
    name: str, ini: int, armor: str, weapon: str
) -> None:
    (unit,) = [u for u in starter("azeroth")["units"] if u["name"] == name]

    assert (unit["ini"], unit["armor"]) == (ini, armor)
    assert weapon in unit["weapons"]


LEGAL_LISTS = [
    (
        "horde",
        "standard",
        750,
        {
            "thrall-warchief": 1,
            "orc-grunt": 4,
            "troll-headhunter": 2,
            "troll-witch-doctor": 1,
            "wolf-rider": 1,
            "tauren-warrior": 1,
        },
    ),
    (
        "alliance",
        "standard",
        750,
        {
            "jaina-proudmoore": 1,
            "footman": 3,
            "dwarven-rifleman": 2,
            "priest": 1,
            "rogue": 1,
            "knight": 1,
            "high-elf-ranger": 1,
        },
    ),
    ("horde", "skirmish", 500, {"orc-blademaster": 1, "orc-grunt": 4, "wolf-rider": 1}),
]


@pytest.mark.parametrize(("faction", "size", "points", "picks"), LEGAL_LISTS)
def test_a_legal_army_can_be_built_from_the_starter_units(
    faction: str, size: str, points: int, picks: dict[str, int]
) -> None:
    data = starter("azeroth")
    units = {u["slug"]: u for u in data["units"] if u["faction"] == faction}
    (entry,) = [f for f in data["factions"] if f["slug"] == faction]
    limits = entry["composition"][size]
    unit_range = {"skirmish": (6, 8), "standard": (9, 12), "large": (13, 18)}[size]

    total = sum(units[slug]["points"] * count for slug, count in picks.items())
    tiers = Counter({t: 0 for t in limits})
    for slug, count in picks.items():
        for tier in units[slug]["tiers"]:
            tiers[tier] += count

    assert total <= points
    assert unit_range[0] <= sum(picks.values()) <= unit_range[1]
    assert all(limits[t]["min"] <= n <= limits[t]["max"] for t, n in tiers.items())


# --- Azuki TCG -------------------------------------------------------------------------------


def test_the_azuki_starter_has_leaders_and_gates_for_fire_and_water_and_a_neutral_gate() -> None:
    cards = starter("azuki")["cards"]
    kinds = {(c["type"], c["element"]) for c in cards}

    assert {("leader", "fire"), ("leader", "water")} <= kinds
    assert {("gate", "fire"), ("gate", "water"), ("gate", "neutral")} <= kinds


def test_a_legal_fifty_card_fire_deck_and_element_mismatches_can_be_made() -> None:
    main = [c for c in starter("azuki")["cards"] if c["type"] in ("entity", "spell", "weapon")]
    fire = [c for c in main if c["element"] == "fire"]

    assert len({c["id"] for c in fire}) >= 14
    assert {c["type"] for c in fire} == {"entity", "spell", "weapon"}
    assert 4 * len(fire) >= 50
    assert any(c["element"] == "neutral" for c in main)
    assert sum(c["element"] == "water" for c in main) >= 3


def test_two_azuki_cards_share_a_name_under_different_ids() -> None:
    names = Counter(c["name"] for c in starter("azuki")["cards"])
    shared = [name for name, count in names.items() if count > 1]

    assert shared == ["Cinderwake Ritualist"]
    ids = [c["id"] for c in starter("azuki")["cards"] if c["name"] == "Cinderwake Ritualist"]
    assert ids == ["AZK-017", "AZK-041"]


# --- AZRAH -----------------------------------------------------------------------------------


def test_the_azrah_starter_has_a_roster_and_spares_with_different_names() -> None:
    guardians = [g for g in starter("azrah")["guardians"] if g["kind"] == "guardian"]

    assert len({g["name"] for g in guardians}) == len(guardians) >= 17
    assert all(g["range_arrows"] for g in guardians)
    assert any(g["emergence"] for g in guardians) and any(not g["emergence"] for g in guardians)
    abilities = [a for g in guardians for a in g["abilities"]]
    assert any(a["mana"] > 0 for a in abilities) and any(a["gems"] > 0 for a in abilities)


def test_the_azrah_starter_has_a_transformation_two_curses_and_two_items() -> None:
    data = starter("azrah")
    names = {g["name"] for g in data["guardians"] if g["kind"] == "guardian"}
    transformations = [g for g in data["guardians"] if g["kind"] == "transformation"]

    assert [t["base_form"] in names for t in transformations] == [True]
    assert Counter(s["kind"] for s in data["shared_cards"]) == {"curse": 2, "item": 2}
    assert all(s["creator"] in names for s in data["shared_cards"])
