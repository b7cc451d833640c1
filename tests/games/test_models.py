"""Catalog models turn into the rules engines' dataclasses (``to_engine``), and the catalogs
as the engines see them (each game's catalog module)."""

from __future__ import annotations

import pytest

from games.catalogs import (
    import_catalog,
)
from games.models import Catalog
from games.registry import list_game
from games.systems.azeroth.catalog import azeroth_factions, azeroth_units
from games.systems.azeroth.models import Faction, Unit
from games.systems.azrah.catalog import guardian_cards, shared_cards
from games.systems.azrah.models import Guardian, SharedCard
from games.systems.azuki.catalog import azuki_cards
from games.systems.azuki.models import Card
from referee.rules.azeroth import units as engine
from referee.rules.azeroth.profiles import AbilityType, Armor, Tier, Weapon
from referee.rules.azrah.cards import Guardian as EngineGuardian
from referee.rules.azrah.cards import GuardianAbility, Position
from referee.rules.azrah.cards import SharedCard as EngineSharedCard
from referee.rules.azuki.cards import Card as EngineCard
from referee.rules.azuki.cards import CardType, Element

from .conftest import starter

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogs() -> None:
    for system in ("azeroth", "azuki", "azrah"):
        import_catalog(starter(system))


def test_a_faction_becomes_an_engine_faction_with_its_composition(catalogs: None) -> None:
    faction = Faction.objects.get(slug="horde").to_engine()

    assert isinstance(faction, engine.Faction)
    assert (faction.slug, faction.name) == ("horde", "Horde")
    standard = faction.composition[engine.BattleSize.STANDARD]
    assert standard[Tier.ELITE] == engine.TierLimit(min=0, max=3)
    assert standard[Tier.HERO] == engine.TierLimit(min=1, max=2)
    assert set(faction.composition) == set(engine.BattleSize)


def test_a_unit_becomes_an_engine_unit_with_every_stat(catalogs: None) -> None:
    unit = Unit.objects.get(slug="thrall-warchief").to_engine()

    assert unit == engine.Unit(
        slug="thrall-warchief",
        name="Thrall, Warchief of the Horde",
        faction="horde",
        tiers=(Tier.HERO,),
        points=175,
        mov=6,
        atk=4,
        skl=3,
        strength=6,
        tgh=5,
        defense=4,
        ini=3,
        wounds=6,
        armor=Armor.MEDIUM,
        weapons=(Weapon.HEAVY,),
        keywords={"Decisive Blow": 2},
        ranged_str=None,
        range=None,
        base_mm=40,
        magical=True,
        unique=True,
        abilities=unit.abilities,
    )
    assert [(a.name, a.type, a.mana_cost, a.range) for a in unit.abilities] == [
        ("Chain Lightning", AbilityType.SPELL_SHOOT, 2, 12),
        ("Bloodlust", AbilityType.BUFF, 2, 6),
        ("Earthquake", AbilityType.BLAST, 3, 18),
    ]
    assert all(isinstance(a, engine.Ability) and a.text for a in unit.abilities)


def test_a_dual_slot_ranged_and_dash_defense_units_convert(catalogs: None) -> None:
    wolfguard = Unit.objects.get(slug="korkron-wolfguard").to_engine()
    headhunter = Unit.objects.get(slug="troll-headhunter").to_engine()
    witch_doctor = Unit.objects.get(slug="troll-witch-doctor").to_engine()

    assert wolfguard.tiers == (Tier.MOUNTED, Tier.ELITE)
    assert (headhunter.ranged_str, headhunter.range) == (4, 18)
    assert headhunter.weapons == (Weapon.LIGHT, Weapon.RANGED)
    assert headhunter.keywords == {"Precision Shot": 0}
    assert witch_doctor.defense is None


def test_a_card_becomes_an_engine_card(catalogs: None) -> None:
    assert Card.objects.get(card_id="AZK-017").to_engine() == EngineCard(
        id="AZK-017",
        name="Cinderwake Ritualist",
        type=CardType.ENTITY,
        element=Element.FIRE,
        ikz_cost=3,
        gate_power=2,
        attack=3,
        health=2,
        text="[On Play] Deal 2 damage to an entity.",
    )
    gate = Card.objects.get(card_id="AZK-003").to_engine()
    assert (gate.type, gate.ikz_cost, gate.health) == (CardType.GATE, None, None)


def test_a_guardian_and_a_transformation_become_engine_guardians(catalogs: None) -> None:
    nyx = Guardian.objects.get(card_id="AZR-002").to_engine()
    ascended = Guardian.objects.get(card_id="AZR-019").to_engine()

    assert isinstance(nyx, EngineGuardian)
    assert nyx.range_arrows == (Position.LEFT, Position.CENTRE)
    assert nyx.emergence is None
    assert nyx.abilities[1] == GuardianAbility(
        name="Eclipse",
        mana=0,
        gems=1,
        text="A target enemy cannot activate abilities during its controller's next turn.",
        target_enemy=True,
    )
    assert nyx.abilities[0].quick  # Shadow Flicker may answer an enemy's ability
    assert nyx.base_form is None
    assert ascended.base_form == "Caelum Skyforger"
    assert ascended.emergence is not None and ascended.emergence.name == "Ascension"


def test_a_curse_becomes_an_engine_shared_card(catalogs: None) -> None:
    assert SharedCard.objects.get(card_id="AZR-C01").to_engine() == EngineSharedCard(
        id="AZR-C01",
        name="Thornbound",
        kind="curse",
        creator="Elowen Moonshade",
        text="The cursed Guardian takes 1 damage at the start of its controller's turn.",
    )


def test_the_engine_catalogs_are_keyed_as_lists_refer_to_entries(catalogs: None) -> None:
    azeroth = Catalog.objects.get(system="azeroth")
    azuki = Catalog.objects.get(system="azuki")
    azrah = Catalog.objects.get(system="azrah")

    assert list_game("azeroth").engine_entries(azeroth) == azeroth_units(azeroth)
    assert azeroth_units(azeroth)["orc-grunt"].name == "Orc Grunt"
    assert sorted(azeroth_factions(azeroth)) == ["alliance", "horde"]
    assert list_game("azuki").engine_entries(azuki) == azuki_cards(azuki)
    assert {azuki_cards(azuki)[i].name for i in ("AZK-017", "AZK-041")} == {"Cinderwake Ritualist"}
    entries = list_game("azrah").engine_entries(azrah)
    assert entries == {**guardian_cards(azrah), **shared_cards(azrah)}
    assert isinstance(entries["AZR-001"], EngineGuardian)
    assert isinstance(entries["AZR-I01"], EngineSharedCard)


def test_a_catalog_says_when_it_is_demonstration_content(catalogs: None) -> None:
    catalog = Catalog.objects.get(system="azuki")
    assert str(catalog) == "Azuki TCG starter cards (demonstration) 1.0"
    catalog.name = "Azuki TCG starter cards"
    assert str(catalog) == "Azuki TCG starter cards 1.0 (demonstration)"
    catalog.demo = False
    assert str(catalog) == "Azuki TCG starter cards 1.0"
    assert Unit.objects.get(slug="korkron-wolfguard").tier_label == "Mounted + Elite"
