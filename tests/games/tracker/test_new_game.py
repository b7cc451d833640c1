"""Starting a game between two people through the pages: the host takes a seat and brings
only their own list, the other player brings theirs through the player link, and the game
starts when every seat has its list. List menus offer only the chosen game's lists (the server
refuses another game's), the game's name is optional, and only AZRAH asks who plays first.

People: Ann hosts (her saved AZRAH rosters and an Azeroth army), Ben joins with his own
rosters, and a stranger holds nothing.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from games.lists.service import save_list
from games.models import Game, SavedList
from games.models.tracker import PendingGame
from games.tracker import lobby
from games.tracker.access import Access, Forbidden, Role, access_for
from games.tracker.exchange import export_game, import_game
from games.tracker.selectors import state_for
from referee.rules.errors import InvalidInput
from tests.games.tracker.support import client_for, user
from tests.lists.support import load_starter, payload

HTMX = {"HX-Request": "true"}
BEN_BACK_ROW = ["AZR-006", "AZR-007"]  # Korrin Stormhand, Seraphine of the Veil
BEN_BACK_NAMES = ["Korrin Stormhand", "Seraphine of the Veil"]


def roster(back: list[str] | None = None) -> dict[str, Any]:
    data = payload("azrah")
    if back is not None:
        data["party"]["back"] = back
    return data


@pytest.fixture
def people(db: None) -> dict[str, Any]:
    load_starter("azrah")
    load_starter("azeroth")
    ann, ben, stranger = user("ann"), user("ben"), user("stranger")
    return {
        "ann": ann,
        "ben": ben,
        "stranger": stranger,
        "dawn": save_list(owner=ann, system="azrah", name="Dawn", payload=roster()),
        "horde": save_list(owner=ann, system="azeroth", name="Horde", payload=payload("azeroth")),
        "tides": save_list(
            owner=ben, system="azrah", name="Tides", payload=roster(back=BEN_BACK_ROW)
        ),
        "short": save_list(
            owner=ben, system="azrah", name="Short", payload=payload("azrah", legal=False)
        ),
        "bens_horde": save_list(
            owner=ben, system="azeroth", name="Ben's horde", payload=payload("azeroth")
        ),
    }


def html(response: Any) -> str:
    return str(response.content.decode())


def field_errors(page: str, field: str) -> str:
    return page.split(f'id="err-{field}"', 1)[1].split("</p>", 1)[0]


def host_at_seat(people: dict[str, Any], seat: str = "0", **extra: str) -> Any:
    form = {"system": "azrah", "seat": seat, f"list_{seat}": str(people["dawn"].pk)}
    return client_for(people["ann"]).post("/games/new/", {**form, **extra})


def waiting_game() -> PendingGame:
    return PendingGame.objects.get()


def join_url(pending: PendingGame) -> str:
    return f"/games/join/{pending.join_token}/"


# --- the host takes a seat ------------------------------------------------------------------


def test_a_host_at_a_seat_brings_only_their_list_and_the_game_waits(
    people: dict[str, Any],
) -> None:
    response = host_at_seat(people, player_0="Ann")
    pending = waiting_game()
    assert response.status_code == 302 and response["Location"] == join_url(pending)
    assert not Game.objects.exists()
    seats = list(pending.seats.order_by("index"))
    assert (seats[0].user, seats[0].name, seats[0].list_name) == (people["ann"], "Ann", "Dawn")
    assert seats[1].user is None and seats[1].list_payload is None
    page = html(client_for(people["ann"]).get(join_url(pending)))
    assert "Waiting for Player 2" in page
    assert 'data-testid="join-link"' in page and "<svg" in page  # the link and its QR code
    assert 'hx-trigger="every 2s"' in page  # the host's page polls for the start
    mine = html(client_for(people["ann"]).get("/games/"))
    assert join_url(pending) in mine and "waiting for Player 2" in mine


def test_the_other_player_brings_their_own_list_and_the_game_starts(
    people: dict[str, Any],
) -> None:
    host_at_seat(people, player_0="Ann")
    pending = waiting_game()
    ben = client_for(people["ben"])
    page = html(ben.get(join_url(pending)))
    assert "Bring your list" in page
    assert "Tides" in page and "Short (not legal)" in page
    assert "Dawn" not in page  # the host's lists are not offered
    assert "Ben&#x27;s horde" not in page and "Ben's horde" not in page  # nor another game's
    response = ben.post(
        join_url(pending),
        {"seat": "1", "saved_list": str(people["tides"].pk), "player": "Ben"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.pk == pending.pk and game.join_token == pending.join_token
    assert not PendingGame.objects.exists()
    assert game.name == "Ann vs Ben · AZRAH"
    assert [(s.index, s.name, s.user) for s in game.seats.all()] == [
        (0, "Ann", people["ann"]),
        (1, "Ben", people["ben"]),
    ]
    assert game.setup["players"][1]["back"] == BEN_BACK_NAMES  # his party, from his roster
    assert game.setup["first_player"] in (0, 1)  # the coin, flipped at the start
    started = html(ben.get(response["Location"]))
    assert "plays first" in started


def test_the_host_does_not_learn_the_joining_players_back_row(people: dict[str, Any]) -> None:
    host_at_seat(people)
    pending = waiting_game()
    client_for(people["ben"]).post(
        join_url(pending), {"seat": "1", "saved_list": str(people["tides"].pk)}
    )
    game = Game.objects.get()
    access = access_for(game, people["ann"])
    assert access.seat == 0  # the host sits at their seat from the start
    seen = json.dumps(state_for(game, access))
    assert not any(name in seen for name in BEN_BACK_NAMES)
    page = html(client_for(people["ann"]).get(f"/games/{game.pk}/"))
    assert not any(name in page for name in BEN_BACK_NAMES)


def test_the_waiting_page_polls_until_the_game_starts_then_sends_the_host_to_it(
    people: dict[str, Any],
) -> None:
    host_at_seat(people)
    pending = waiting_game()
    ann = client_for(people["ann"])
    poll = ann.get(join_url(pending), headers=HTMX)
    assert poll.status_code == 200
    assert html(poll).startswith('<section id="waiting"')
    client_for(people["ben"]).post(
        join_url(pending), {"seat": "1", "saved_list": str(people["tides"].pk)}
    )
    poll = ann.get(join_url(pending), headers=HTMX)
    assert poll["HX-Redirect"] == f"/games/{pending.pk}/"


def test_a_joining_players_problems_are_shown_beside_the_fields_and_keep_the_input(
    people: dict[str, Any],
) -> None:
    host_at_seat(people)
    pending = waiting_game()
    ben = client_for(people["ben"])
    response = ben.post(
        join_url(pending),
        {"seat": "1", "saved_list": str(people["short"].pk), "player": "Benjamin typed"},
    )
    assert response.status_code == 400
    page = html(response)
    assert "not legal" in field_errors(page, "saved_list")
    assert 'value="Benjamin typed"' in page
    assert re.search(rf'<option value="{people["short"].pk}"[^>]* selected[ >]', page)
    not_his = ben.post(join_url(pending), {"seat": "1", "saved_list": str(people["dawn"].pk)})
    assert not_his.status_code == 400 and field_errors(html(not_his), "saved_list")
    other_game = ben.post(
        join_url(pending), {"seat": "1", "saved_list": str(people["bens_horde"].pk)}
    )
    assert other_game.status_code == 400 and field_errors(html(other_game), "saved_list")
    taken = ben.post(join_url(pending), {"seat": "0", "saved_list": str(people["tides"].pk)})
    assert taken.status_code == 400 and field_errors(html(taken), "seat")
    assert not Game.objects.exists()
    assert waiting_game().seats.get(index=1).user is None


def test_the_list_is_copied_when_chosen(people: dict[str, Any]) -> None:
    host_at_seat(people)
    pending = waiting_game()
    people["dawn"].payload = payload("azrah", legal=False)
    people["dawn"].save()
    SavedList.objects.filter(pk=people["dawn"].pk).delete()
    client_for(people["ben"]).post(
        join_url(pending), {"seat": "1", "saved_list": str(people["tides"].pk)}
    )
    game = Game.objects.get()
    assert len(game.setup["players"][0]["front"]) == 3  # Dawn as Ann chose it


def test_the_host_may_call_off_a_waiting_game_and_nobody_else_may(
    people: dict[str, Any],
) -> None:
    host_at_seat(people)
    pending = waiting_game()
    refused = client_for(people["ben"]).post(join_url(pending), {"cancel": "1"})
    assert refused.status_code == 403 and PendingGame.objects.exists()
    called_off = client_for(people["ann"]).post(join_url(pending), {"cancel": "1"})
    assert called_off.status_code == 302
    assert not PendingGame.objects.exists()
    assert client_for(people["ben"]).get(join_url(pending)).status_code == 403


def test_a_seated_host_leaves_the_other_seats_list_and_name_to_its_player(
    people: dict[str, Any],
) -> None:
    response = host_at_seat(people, list_1=str(people["dawn"].pk), player_1="Ben")
    assert response.status_code == 400
    page = html(response)
    assert "brings their own list" in field_errors(page, "list_1")
    assert "brings their own list" in field_errors(page, "player_1")
    missing = client_for(people["ann"]).post("/games/new/", {"system": "azrah", "seat": "1"})
    assert missing.status_code == 400
    assert "Choose your saved list." in field_errors(html(missing), "list_1")
    assert not PendingGame.objects.exists()


def test_a_seated_hosts_own_list_problems_are_beside_their_seats_field(
    people: dict[str, Any],
) -> None:
    short = save_list(
        owner=people["ann"], system="azrah", name="Ann short", payload=payload("azrah", legal=False)
    )
    form = {"system": "azrah", "seat": "1", "list_1": str(short.pk), "player_1": "Ann typed"}
    response = client_for(people["ann"]).post("/games/new/", form)
    assert response.status_code == 400
    page = html(response)
    assert "not legal" in field_errors(page, "list_1")
    assert 'value="Ann typed"' in page


def test_a_bad_seat_choice_is_named(people: dict[str, Any]) -> None:
    response = host_at_seat(people, seat="\u00b2")
    assert response.status_code == 400
    assert field_errors(html(response), "seat")


# --- the shared table device, the list menus, the name, who plays first ---------------------


def test_the_table_device_still_chooses_both_lists_and_the_name_is_made_for_it(
    people: dict[str, Any],
) -> None:
    ann = client_for(people["ann"])
    other = save_list(owner=people["ann"], system="azrah", name="Dusk", payload=roster())
    form = {"system": "azrah", "seat": "", "list_0": str(people["dawn"].pk),
            "list_1": str(other.pk), "first_player": "1"}  # fmt: skip
    response = ann.post("/games/new/", form)
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.name == "Dawn vs Dusk · AZRAH"  # no name given: the players' and the game's
    assert game.setup["first_player"] == 1
    assert all(seat.user is None for seat in game.seats.all())
    assert access_for(game, people["ann"]).seat is None


def test_the_list_menus_mark_each_list_with_its_game_and_refuse_another_games(
    people: dict[str, Any],
) -> None:
    ann = client_for(people["ann"])
    page = html(ann.get("/games/"))
    assert re.search(rf'<option value="{people["dawn"].pk}"[^>]*data-system="azrah"', page)
    assert re.search(rf'<option value="{people["horde"].pk}"[^>]*data-system="azeroth"', page)
    assert 'src="/static/js/new_game.js"' in page
    response = ann.post(
        "/games/new/", {"system": "azrah", "seat": "0", "list_0": str(people["horde"].pk)}
    )
    assert response.status_code == 400
    assert "a list for another game" in field_errors(html(response), "list_0")


def test_only_azrah_and_azuki_ask_who_plays_first(people: dict[str, Any]) -> None:
    ann = client_for(people["ann"])
    page = html(ann.get("/games/"))
    asking = re.search(r'class="tr-first" data-for-systems="([^"]*)"', page)
    assert asking is not None and sorted(asking.group(1).split()) == ["azrah", "azuki"]
    assert "roll-off" in page  # Azeroth at War says how its first player is settled
    form = {"system": "azeroth", "seat": "0", "list_0": str(people["horde"].pk)}
    chosen = ann.post("/games/new/", {**form, "first_player": "0"})
    assert chosen.status_code == 400
    assert "roll-off" in field_errors(html(chosen), "first_player")
    coin = ann.post("/games/new/", {**form, "first_player": "coin"})  # the radio's default
    assert coin.status_code == 302
    assert "first_player" not in waiting_game().options


def test_an_azeroth_game_between_two_people_takes_both_armies(people: dict[str, Any]) -> None:
    form = {"system": "azeroth", "seat": "1", "list_1": str(people["horde"].pk),
            "scenario": "hold_the_line"}  # fmt: skip
    client_for(people["ann"]).post("/games/new/", form)
    pending = waiting_game()
    client_for(people["ben"]).post(
        join_url(pending), {"seat": "0", "saved_list": str(people["bens_horde"].pk)}
    )
    game = Game.objects.get()
    assert game.name == "ben vs ann · Azeroth at War"  # accounts' names by default
    assert game.setup["scenario"] == "hold_the_line"
    assert [s.user for s in game.seats.all()] == [people["ben"], people["ann"]]


# --- the lobby service ----------------------------------------------------------------------


def test_a_link_that_was_replaced_or_a_second_seat_is_refused(people: dict[str, Any]) -> None:
    pending = lobby.open_game(
        host=people["ann"], system="azrah", seat=0, list_id=str(people["dawn"].pk)
    )
    with pytest.raises(Forbidden):
        lobby.bring_list(pending, people["ben"], "wrong", seat=None, list_id=people["tides"].pk)
    with pytest.raises(InvalidInput) as error:
        lobby.bring_list(
            pending, people["ann"], pending.join_token, seat=None, list_id=people["dawn"].pk
        )
    assert "already sit" in error.value.problems["seat"][0]


def test_two_players_of_one_name_are_told_before_the_game_starts(
    people: dict[str, Any],
) -> None:
    pending = lobby.open_game(
        host=people["ann"], system="azrah", seat=0, list_id=str(people["dawn"].pk), player="Sam"
    )
    with pytest.raises(InvalidInput) as error:
        lobby.bring_list(
            pending, people["ben"], pending.join_token, seat=1, list_id=people["tides"].pk,
            player=" sam ",
        )  # fmt: skip
    assert "Sam" in error.value.problems["player"][0]
    assert not Game.objects.exists()


def test_an_existing_game_and_its_export_are_untouched(people: dict[str, Any]) -> None:
    pending = lobby.open_game(
        host=people["ann"], system="azrah", seat=0, list_id=str(people["dawn"].pk)
    )
    game = lobby.bring_list(
        pending, people["ben"], pending.join_token, seat=None, list_id=people["tides"].pk
    )
    assert isinstance(game, Game)
    exported = export_game(game, Access(Role.HOST))
    copy_of = import_game(people["ann"], copy.deepcopy(exported))
    assert copy_of.setup == game.setup and copy_of.name == game.name


def test_the_hosts_choice_of_first_player_is_shown_while_waiting_and_kept(
    people: dict[str, Any],
) -> None:
    host_at_seat(people, first_player="1")
    pending = waiting_game()
    page = html(client_for(people["ben"]).get(join_url(pending)))
    assert "Player 2 plays first, as the host chose." in page
    client_for(people["ben"]).post(
        join_url(pending), {"seat": "1", "saved_list": str(people["tides"].pk)}
    )
    assert Game.objects.get().setup["first_player"] == 1
