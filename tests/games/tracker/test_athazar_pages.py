"""Deaths of Athazar through the pages: a game started from the setup typed at the table
(no saved lists), every problem beside its field; and the board, where a player's hand and
kill helper show on their own page alone."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.access import access_for
from games.tracker.apply import game_apply
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import client_for, user

NEW = "/games/new/athazar/"


def form(**fields: str) -> dict[str, str]:
    base = {
        "athazar-players": "Ana\nBen\nCleo",
        "athazar-dealer": "0",
        "athazar-pass_direction": "right",
        "athazar-deck_size": "56",
        "athazar-seat": "",
    }
    return {**base, **{f"athazar-{k}": v for k, v in fields.items()}}


@pytest.fixture
def host(db: None) -> User:
    return user("hostess")


def test_it_starts_a_game_from_the_typed_setup(host: User) -> None:
    response = client_for(host).post(NEW, form(dealer="1", pass_direction="left", play_on="on"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.system == "athazar"
    assert game.setup == {
        "players": ["Ana", "Ben", "Cleo"],
        "dealer": 1,
        "pass_direction": "left",
        "deck_size": 56,
        "play_on": True,
    }
    assert [s.name for s in game.seats.all()] == ["Ana", "Ben", "Cleo"]
    assert game.name == "Ana vs Ben vs Cleo · Deaths of Athazar"


def test_the_host_may_sit_at_a_seat(host: User) -> None:
    response = client_for(host).post(NEW, form(seat="2"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert access_for(game, host).seat == 2


@pytest.mark.parametrize(
    ("fields", "where", "words"),
    [
        ({"players": "Ana"}, "athazar-players", "2 to 5 players"),
        ({"players": "Ana\nAna"}, "athazar-players", "Two players have this name"),
        ({"deck_size": "5²"}, "athazar-deck_size", "The number of cards"),
        ({"deck_size": "99999999999999999999999"}, "athazar-deck_size", "The number of cards"),
        ({"deck_size": "20"}, "athazar-deck_size", "enough to deal every hand"),
        ({"dealer": "4"}, "athazar-dealer", "The dealer is a seat"),
        ({"dealer": "9"}, "athazar-dealer", "Select a valid choice"),
        ({"seat": "4"}, "athazar-seat", "There are 3 players"),
    ],
)
def test_a_problem_is_shown_beside_its_field(
    host: User, fields: dict[str, str], where: str, words: str
) -> None:
    response = client_for(host).post(NEW, form(**fields))
    assert response.status_code == 400
    html = response.content.decode()
    assert words in html
    beside = html.split(f'id="err-{where}"', 1)[1].split("</p>", 1)[0]
    assert words in beside
    assert not Game.objects.exists()


def test_the_games_page_offers_the_form(host: User) -> None:
    html = client_for(host).get("/games/").content.decode()
    assert 'data-testid="new-athazar"' in html
    assert 'name="athazar-players"' in html


def _game(host: User) -> tuple[Game, dict[int, User]]:
    created = create_game(
        host=host, system="athazar", name="Table", setup={"players": ["Ana", "Ben", "Cleo"]}
    )
    seated = {0: user("anna"), 1: user("benny"), 2: user("cleo")}
    for seat, account in seated.items():
        join(created, account, created.join_token, seat)
    return Game.objects.get(pk=created.pk), seated


def _act(game: Game, account: User, type_: str, seat: int, **payload: Any) -> None:
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    game_apply(
        game=row, user=account, type=type_, payload=payload, expected_version=row.version, seat=seat
    )


def test_the_board_shows_a_hand_and_its_helper_to_its_player_alone(host: User) -> None:
    game, seated = _game(host)
    for seat, account in seated.items():
        _act(game, account, "pass_cards", seat, count=1)
    _act(game, seated[1], "enter_hand", 1, cards=["Renegade", "Merchant", "Prince"])
    page = client_for(seated[1]).get(f"/games/{game.pk}/").content.decode()
    assert 'data-testid="helper"' in page
    assert "A Renegade kills odd values: 5 (Kill Cards 2)." in page
    assert "sheds the most" in page
    assert 'class="ath-chip">Merchant<' in page
    editor = page.split('data-testid="hand-editor"', 1)[1].split("</form>", 1)[0]
    assert editor.count('name="p.cards"') == 7  # one place a card held
    assert "<option selected>Merchant</option>" in editor
    for other in (seated[0], seated[2], host):
        html = client_for(other).get(f"/games/{game.pk}/").content.decode()
        assert 'data-testid="helper"' not in html
        assert 'class="ath-chip"' not in html  # each seat's own editor is empty
        assert "<option selected>Merchant</option>" not in html  # no place holds Ben's card
        assert "Renegade kills" not in html


def test_a_named_kill_is_refused_beside_the_form_with_its_rule(host: User) -> None:
    game, seated = _game(host)
    for seat, account in seated.items():
        _act(game, account, "pass_cards", seat, count=1)
    client = client_for(seated[1])
    version = Game.objects.get(pk=game.pk).version
    response = client.post(
        f"/games/{game.pk}/act/",
        {
            "type": "kill",
            "version": str(version),
            "control": "form:kill",
            "seat": "1",
            "p.killer": "Brawler",
            "p.victim": "Hunter",
            "p.second_victim": "",
            "p.as": "",
        },
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 400
    form = html.split('data-testid="name-kill"', 1)[1].split("</form>", 1)[0]
    assert "a Brawler kills only a Sailor (Kill Cards 1)" in form
    assert '<option value="Hunter" selected>' in form  # what was chosen stays


def test_the_table_device_shows_a_hand_only_while_its_button_is_held(host: User) -> None:
    game, seated = _game(host)
    for seat, account in seated.items():
        _act(game, account, "pass_cards", seat, count=1)
    _act(game, seated[1], "enter_hand", 1, cards=["Renegade", "Merchant"])
    client = client_for(host)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Hold to show Ben&#x27;s secrets" in page or "Hold to show Ben's secrets" in page
    assert "ath-chip" not in page and "Renegade kills" not in page
    shown = client.get(f"/games/{game.pk}/reveal/1/").content.decode()
    assert "Renegade" in shown and "Merchant" in shown
    assert "Kill Cards" not in shown  # the helper's explanation is not repeated there
    others = [s for s in (0, 2) if f"reveal/{s}/" in page]
    assert others == []  # no button for a seat with no hand entered


def test_the_hand_editor_saves_the_whole_hand_as_one_entry_without_javascript(host: User) -> None:
    """The editor's places are menus a form posts at once: seven cards, one entry, read by
    the others as one private update (R177)."""
    game, seated = _game(host)
    client = client_for(seated[1])
    page = client.get(f"/games/{game.pk}/").content.decode()
    editor = page.split('data-testid="hand-editor"', 1)[1].split("</form>", 1)[0]
    assert editor.count('name="p.cards"') == 7
    assert 'name="type" value="enter_hand"' in editor
    before = Game.objects.get(pk=game.pk).version
    cards = ["Sailor", "Hunter", "Warrior 12", "Djinn", "Prince", "", ""]
    response = client.post(
        f"/games/{game.pk}/act/",
        {
            "type": "enter_hand",
            "version": str(before),
            "control": "hand-edit:1",
            "seat": "1",
            "p.cards": cards,
        },
    )
    assert response.status_code == 302
    row = Game.objects.get(pk=game.pk)
    assert row.version == before + 1
    state = current_game(row).state
    assert state.seats[1].hand == ("Warrior 12", "Sailor", "Hunter", "Djinn", "Prince")
    assert state.seats[1].unknown == 2
    page = client.get(f"/games/{game.pk}/").content.decode()
    editor = page.split('data-testid="hand-editor"', 1)[1].split("</form>", 1)[0]
    assert editor.count("<option selected>") == 5
    other = client_for(seated[0]).get(f"/games/{game.pk}/").content.decode()
    assert other.count("Ben: updates their private hand") == 1
