"""games.lists.service: reading, checking, saving, sharing and exporting a list."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.lists import service
from games.models import Catalog, SavedList
from games.registry import list_game
from referee.rules.azeroth.army import army_from_dict, parse_army_text, read_text_header
from referee.rules.azeroth.units import ArmyList
from referee.rules.azrah.cards import Roster
from referee.rules.azrah.roster import parse_roster_text, roster_from_dict
from referee.rules.azuki.cards import Deck
from referee.rules.azuki.deck import deck_from_dict, parse_deck_text
from referee.rules.errors import InvalidInput
from tests.lists.support import load_starter, payload

SYSTEMS = ("azeroth", "azuki", "azrah")


def test_it_reads_each_systems_payload_into_the_engines_type() -> None:
    assert isinstance(service.payload_to_engine("azeroth", payload("azeroth")), ArmyList)
    assert isinstance(service.payload_to_engine("azuki", payload("azuki")), Deck)
    assert isinstance(service.payload_to_engine("azrah", payload("azrah")), Roster)


def test_it_rejects_an_unknown_system_naming_the_field() -> None:
    with pytest.raises(InvalidInput) as caught:
        service.payload_to_engine("chess", {})
    assert list(caught.value.problems) == ["system"]


def test_it_names_every_bad_field_of_a_payload() -> None:
    bad = payload("azeroth")
    bad["units"][1]["count"] = "six"
    bad["colour"] = "red"
    with pytest.raises(InvalidInput) as caught:
        service.payload_to_engine("azeroth", bad)
    assert {"units.1.count", "colour"} <= set(caught.value.problems)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_engine_catalog_holds_the_catalogs_entries(
    system: str, catalogs: dict[str, Catalog]
) -> None:
    mapping = list_game(system).engine_entries(catalogs[system])
    assert mapping is not None
    key = {"azeroth": "orc-grunt", "azuki": "AZK-017", "azrah": "AZR-001"}[system]
    assert key in mapping


def test_it_refuses_a_catalog_of_another_system(catalogs: dict[str, Catalog]) -> None:
    with pytest.raises(InvalidInput) as caught:
        service.check_list("azuki", payload("azuki"), catalogs["azeroth"])
    assert "catalog" in caught.value.problems


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_legal_list_checks_valid(system: str, catalogs: dict[str, Catalog]) -> None:
    report = service.check_list(system, payload(system), catalogs[system])
    assert report.valid, report.problems


@pytest.mark.parametrize(
    ("system", "code"),
    [("azeroth", "no_hero"), ("azuki", "deck_size"), ("azrah", "roster_size")],
)
def test_an_illegal_list_reports_its_problem(
    system: str, code: str, catalogs: dict[str, Catalog]
) -> None:
    report = service.check_list(system, payload(system, legal=False), catalogs[system])
    assert not report.valid
    assert code in {problem.code for problem in report.errors}


def test_an_armys_faction_table_comes_from_the_catalog(catalogs: dict[str, Catalog]) -> None:
    # The payload's faction carries no table; the catalog's Horde table allows at most two
    # Heroes in a standard battle, so three are one too many.
    army = payload("azeroth")
    army["units"].append({"unit": "orc-blademaster", "count": 2})
    report = service.check_list("azeroth", army, catalogs["azeroth"])
    tier_max = [p for p in report.errors if p.code == "tier_max"]
    assert tier_max and tier_max[0].actual == 3 and tier_max[0].limit == 2


def test_without_a_catalog_an_entry_is_unknown(db: None) -> None:
    report = service.check_list("azuki", payload("azuki"), None)
    assert "unknown_entry" in {problem.code for problem in report.errors}


def test_saving_records_the_check_and_the_catalog_version(
    owner: User, catalogs: dict[str, Catalog]
) -> None:
    saved = service.save_list(
        owner=owner, system="azuki", name=" Fire rush ", payload=payload("azuki", legal=False)
    )
    saved.refresh_from_db()
    assert saved.name == "Fire rush"
    assert saved.owner == owner
    assert saved.catalog == catalogs["azuki"]
    assert saved.catalog_version == catalogs["azuki"].version
    assert (saved.valid, saved.error_count, saved.warning_count) == (False, 1, 0)


def test_saving_stores_the_engines_own_json_form(owner: User, catalogs: dict[str, Catalog]) -> None:
    bare: dict[str, Any] = {"guardians": payload("azrah")["guardians"]}  # mana, gems defaulted
    saved = service.save_list(owner=owner, system="azrah", name="Dawn", payload=bare)
    assert saved.payload["format"] == "azrah-roster"
    assert (saved.payload["mana"], saved.payload["gems"]) == (10, 3)
    assert saved.valid is True


def test_updating_rechecks_the_list(owner: User, catalogs: dict[str, Catalog]) -> None:
    saved = service.save_list(
        owner=owner, system="azeroth", name="Grunts", payload=payload("azeroth", legal=False)
    )
    assert saved.valid is False
    updated = service.save_list(
        owner=owner, system="azeroth", name="Grunts", payload=payload("azeroth"), saved=saved
    )
    assert updated.pk == saved.pk
    assert SavedList.objects.count() == 1
    saved.refresh_from_db()
    assert (saved.valid, saved.error_count) == (True, 0)


def test_an_update_keeps_the_lists_own_catalog(owner: User, catalogs: dict[str, Catalog]) -> None:
    newer = load_starter("azuki", version="2.0")
    saved = service.save_list(owner=owner, system="azuki", name="Deck", payload=payload("azuki"))
    assert saved.catalog_version == "2.0"  # the newest catalog is the default
    service.save_list(
        owner=owner,
        system="azuki",
        name="Deck",
        payload=payload("azuki"),
        catalog=catalogs["azuki"],
        saved=saved,
    )
    service.save_list(
        owner=owner, system="azuki", name="Deck", payload=payload("azuki"), saved=saved
    )
    saved.refresh_from_db()
    assert saved.catalog_version == catalogs["azuki"].version
    assert newer.version == "2.0"


def test_it_refuses_to_change_a_lists_system(owner: User, catalogs: dict[str, Catalog]) -> None:
    saved = service.save_list(owner=owner, system="azuki", name="Deck", payload=payload("azuki"))
    with pytest.raises(InvalidInput) as caught:
        service.save_list(
            owner=owner, system="azrah", name="Deck", payload=payload("azrah"), saved=saved
        )
    assert "system" in caught.value.problems


@pytest.mark.parametrize("name", ["", "   ", "x" * 121])
def test_it_rejects_a_missing_or_long_name(
    name: str, owner: User, catalogs: dict[str, Catalog]
) -> None:
    with pytest.raises(InvalidInput) as caught:
        service.save_list(owner=owner, system="azuki", name=name, payload=payload("azuki"))
    assert list(caught.value.problems) == ["name"]
    assert not SavedList.objects.exists()


def test_a_bad_payload_saves_nothing(owner: User, catalogs: dict[str, Catalog]) -> None:
    with pytest.raises(InvalidInput):
        service.save_list(owner=owner, system="azuki", name="Deck", payload={"cards": "many"})
    assert not SavedList.objects.exists()


def test_a_list_saved_with_no_catalog_at_all_is_checked_without_one(owner: User) -> None:
    saved = service.save_list(owner=owner, system="azuki", name="Deck", payload=payload("azuki"))
    assert saved.catalog is None
    assert saved.catalog_version == ""
    assert saved.valid is False  # every card is unknown


def test_sharing_makes_a_new_token_each_time_and_unsharing_revokes_it(
    owner: User, catalogs: dict[str, Catalog]
) -> None:
    saved = service.save_list(owner=owner, system="azuki", name="Deck", payload=payload("azuki"))
    first = service.share(saved)
    assert len(first) >= 20
    assert service.find_shared(first) == saved
    second = service.share(saved)
    assert second != first
    assert service.find_shared(first) is None
    assert service.find_shared(second) == saved
    service.unshare(saved)
    saved.refresh_from_db()
    assert saved.share_token is None
    assert service.find_shared(second) is None
    assert service.find_shared("") is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_json_export_reads_back_to_the_saved_list(
    system: str, owner: User, catalogs: dict[str, Catalog]
) -> None:
    saved = service.save_list(owner=owner, system=system, name="List", payload=payload(system))
    exported = service.export_json(saved)
    reader = {"azeroth": army_from_dict, "azuki": deck_from_dict, "azrah": roster_from_dict}
    assert reader[system](exported) == service.payload_to_engine(system, saved.payload)
    assert exported == saved.payload


def test_the_army_text_export_reads_back_to_the_same_units(
    owner: User, catalogs: dict[str, Catalog]
) -> None:
    saved = service.save_list(owner=owner, system="azeroth", name="Horde", payload=ARMY_EXTRA)
    text = service.export_text(saved)
    assert "6 Orc Grunt" in text
    units = list_game("azeroth").engine_entries(catalogs["azeroth"])
    assert units is not None
    lines, problems = parse_army_text(text, units)
    assert problems == ()
    assert [(line.ref, line.count) for line in lines] == [
        ("thrall-warchief", 1),
        ("orc-grunt", 6),
        ("troll-headhunter", 2),
        ("wolf-rider", 1),
    ]
    header = read_text_header(text)
    assert header.battle_size is not None and header.battle_size.value == "standard"
    assert header.points_limit == 700
    assert header.faction == "Horde"


def test_the_deck_text_export_reads_back_to_the_same_deck(
    owner: User, catalogs: dict[str, Catalog]
) -> None:
    saved = service.save_list(owner=owner, system="azuki", name="Fire", payload=payload("azuki"))
    text = service.export_text(saved)
    cards = list_game("azuki").engine_entries(catalogs["azuki"])
    deck, problems = parse_deck_text(text, cards)
    assert problems == ()
    original = service.payload_to_engine("azuki", saved.payload)
    assert isinstance(original, Deck)
    assert deck.leader is not None and deck.leader.card_id == "AZK-001"
    assert deck.gate is not None and deck.gate.card_id == "AZK-003"
    assert [(line.card_id, line.count) for line in deck.cards] == [
        (line.card_id, line.count) for line in original.cards
    ]


def test_the_roster_text_export_reads_back_to_the_same_roster(
    owner: User, catalogs: dict[str, Catalog]
) -> None:
    saved = service.save_list(owner=owner, system="azrah", name="Dawn", payload=payload("azrah"))
    roster, problems = parse_roster_text(service.export_text(saved))
    assert problems == ()
    original = service.payload_to_engine("azrah", saved.payload)
    assert isinstance(original, Roster)
    assert (roster.guardians, roster.mana, roster.gems, roster.party) == (
        original.guardians,
        original.mana,
        original.gems,
        original.party,
    )


def test_the_export_file_name_is_safe() -> None:
    saved = SavedList(name="Grunt Rush / v2 ", system="azeroth")
    assert service.export_filename(saved, "txt") == "grunt-rush-v2.azeroth.txt"
    assert service.export_filename(SavedList(name="!!", system="azuki"), "json") == (
        "list.azuki.json"
    )


ARMY_EXTRA: dict[str, Any] = {**payload("azeroth"), "points_limit": 700}


def test_sharing_does_not_count_as_a_change_to_the_list(
    owner: User, catalogs: dict[str, Catalog]
) -> None:
    saved = service.save_list(owner=owner, system="azuki", name="Deck", payload=payload("azuki"))
    updated = SavedList.objects.get(pk=saved.pk).updated
    service.share(saved)
    service.unshare(saved)
    assert SavedList.objects.get(pk=saved.pk).updated == updated
