"""A game set up from saved armies checks each army against the game's battle size and
budget (3.1, 4.1; A12, R125): through the API, the new-game page and a waiting game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.lists.service import save_list
from games.models import Catalog, Game
from games.models.tracker import PendingGame
from games.tracker import lobby
from referee.rules.errors import InvalidInput
from tests.lists.support import catalogs, other_user, owner, payload

__all__ = ["catalogs", "other_user", "owner"]

# A Large Horde army: 930 points, 15 models (2 Heroes, 11 Baseline, 2 Mounted).
LARGE_ARMY: dict[str, Any] = {
    "format": "azeroth-army",
    "battle_size": "large",
    "points_limit": None,
    "faction": {"slug": "horde", "name": "Horde", "composition": {}},
    "composition": None,
    "units": [
        {"unit": "thrall-warchief", "count": 1},
        {"unit": "orc-blademaster", "count": 1},
        {"unit": "orc-grunt", "count": 11},
        {"unit": "wolf-rider", "count": 2},
    ],
}


@pytest.fixture
def as_owner(owner: User, catalogs: dict[str, Catalog]) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def saved(owner: User, name: str, data: dict[str, Any]) -> str:
    return str(save_list(owner=owner, system="azeroth", name=name, payload=data).pk)


def start(client: Client, lists: list[str], **options: Any) -> Any:
    body = {"system": "azeroth", "name": "X", "lists": lists, "options": options}
    return client.post("/api/games/", json.dumps(body), content_type="application/json")


def test_a_large_army_is_refused_in_a_skirmish_game_naming_the_list_and_the_limit(
    owner: User, as_owner: Client
) -> None:
    big = saved(owner, "Big Horde", LARGE_ARMY)
    fits = saved(owner, "Horde", payload("azeroth"))
    response = start(as_owner, [big, fits], battle_size="skirmish")
    assert response.status_code == 400, response.json()
    errors = response.json()["errors"]
    first = errors["lists.0"]
    assert any("'Big Horde' does not fit this Skirmish battle" in line for line in first)
    assert any("930 points" in line and "500" in line for line in first)
    # the 615-point Standard army breaks the Skirmish budget too
    assert any("'Horde'" in line and "615" in line for line in errors["lists.1"]), errors
    assert not Game.objects.exists()


def test_armies_that_fit_the_game_start_it(owner: User, as_owner: Client) -> None:
    big = saved(owner, "Big Horde", LARGE_ARMY)
    response = start(as_owner, [big, big], battle_size="large")
    assert response.status_code == 201, response.json()
    # without a battle size the game takes the first army's, where the second must fit too
    fits = saved(owner, "Horde", payload("azeroth"))
    response = start(as_owner, [fits, big])
    assert response.status_code == 400
    assert "does not fit this Standard battle" in response.json()["errors"]["lists.1"][0]


def test_an_agreed_budget_goes_with_its_own_battle_size(owner: User, as_owner: Client) -> None:
    """R125: a list's agreed budget holds only at the size it was agreed for."""
    agreed = saved(owner, "Agreed", {**payload("azeroth"), "points_limit": 650})  # 615 points
    big = saved(owner, "Big Horde", LARGE_ARMY)
    response = start(as_owner, [big, agreed], battle_size="large")
    assert response.status_code == 201, response.json()
    response = start(as_owner, [agreed, agreed], battle_size="skirmish")
    lines = response.json()["errors"]["lists.0"]
    assert any("the Skirmish budget of 500" in line for line in lines)
    assert not any("650" in line for line in lines)
    # the Horde's Skirmish table allows 6 Baseline units; this army has 8 (4.1)
    assert any("Baseline: 8 units, more than the 6" in line for line in lines), lines


def test_the_new_game_page_says_so_beside_the_list(owner: User, as_owner: Client) -> None:
    big = saved(owner, "Big Horde", LARGE_ARMY)
    fits = saved(owner, "Horde", payload("azeroth"))
    page = as_owner.get("/games/").content.decode()
    assert "checked against this battle size" in page
    form = {"system": "azeroth", "seat": "", "list_0": big, "list_1": fits,
            "battle_size": "skirmish"}  # fmt: skip
    response = as_owner.post("/games/new/", form)
    assert response.status_code == 400
    page = response.content.decode()
    beside = page.split('id="err-list_0"', 1)[1].split("</p>", 1)[0]
    assert "does not fit this Skirmish battle" in beside and "930" in beside


def test_a_player_joining_a_skirmish_game_with_a_large_army_is_told(
    owner: User, other_user: User, catalogs: dict[str, Catalog]
) -> None:
    small = {**payload("azeroth"), "battle_size": "skirmish"}
    small["units"] = [{"unit": "orc-blademaster", "count": 1}, {"unit": "orc-grunt", "count": 6}]
    mine = saved(owner, "Small", small)
    pending = lobby.open_game(
        host=owner, system="azeroth", seat=0, list_id=mine, options={"battle_size": "skirmish"}
    )
    theirs = saved(other_user, "Big Horde", LARGE_ARMY)
    with pytest.raises(InvalidInput) as caught:
        lobby.bring_list(pending, other_user, pending.join_token, seat=1, list_id=theirs)
    assert "does not fit this Skirmish battle" in caught.value.problems["list"][0]
    assert PendingGame.objects.filter(pk=pending.pk).exists()
    with pytest.raises(InvalidInput) as caught:
        lobby.open_game(
            host=other_user, system="azeroth", seat=0, list_id=theirs,
            options={"battle_size": "skirmish"},
        )  # fmt: skip
    assert "does not fit" in caught.value.problems["list"][0]
