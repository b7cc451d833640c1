"""The list games' registry: each game looked up by slug, its formats distinct, and the
doors that read a list through it agreeing where their copies once disagreed."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import registry
from games.batches.service import check_item, checker
from games.lists import service
from games.models import Catalog
from games.registry import catalog_game, list_game
from referee.rules.azeroth.units import ArmyList
from referee.rules.azrah.cards import Roster
from referee.rules.azuki.cards import Deck
from tests.lists.support import catalogs, payload

__all__ = ["catalogs"]


def test_the_list_games_are_the_catalog_games_with_lists() -> None:
    LIST_GAMES = registry.list_games()
    CATALOG_GAMES = registry.catalog_games()
    assert list(LIST_GAMES) == ["azeroth", "azuki", "azrah"]
    assert list(CATALOG_GAMES) == ["azeroth", "azuki", "azrah", "runeage"]
    assert catalog_game("runeage").name == "Rune Age"
    assert {game.format_tag for game in LIST_GAMES.values()} == {
        "azeroth-army",
        "azuki-deck",
        "azrah-roster",
    }


def test_an_unknown_slug_names_the_games_there_are() -> None:
    with pytest.raises(KeyError, match="there are: azeroth, azuki, azrah"):
        list_game("runeage")
    with pytest.raises(KeyError, match="there are: azeroth, azuki, azrah, runeage"):
        catalog_game("chess")


@pytest.mark.parametrize(
    ("system", "kind"), [("azeroth", ArmyList), ("azuki", Deck), ("azrah", Roster)]
)
def test_json_and_text_round_trip_through_each_game(
    system: str, kind: type, catalogs: dict[str, Catalog]
) -> None:
    game = list_game(system)
    engine_list = game.read_json(payload(system))
    assert isinstance(engine_list, kind)
    assert game.read_json(game.write_json(engine_list)) == engine_list
    text = game.write_text(engine_list, catalogs[system])
    read, problems = game.read_text(text, catalogs[system])
    assert problems == ()
    assert game.check(read, catalogs[system]).valid


def test_a_batched_json_army_follows_its_catalogs_faction_table_as_a_saved_one_does(
    catalogs: dict[str, Catalog],
) -> None:
    """The batch used the table written into the list's JSON, the saved lists the catalog's
    (4.1): a Horde army whose JSON allows no Baseline units was refused in a batch and
    accepted when saved. The catalog's table is the one in force, at both doors."""
    army: dict[str, Any] = copy.deepcopy(payload("azeroth"))
    army["faction"]["composition"] = {"standard": {"baseline": {"min": 0, "max": 0}}}
    saved = service.check_list("azeroth", army, catalogs["azeroth"])
    assert saved.valid, saved.errors
    item = {"name": "Horde", "format": "json", "data": army}
    row = check_item(checker("azeroth", catalogs["azeroth"], {}), item)
    assert (row["valid"], row["errors"]) == (True, 0)
