"""An action the table page sent against a version the game has moved on from (409), through
Django's test client, at a Deaths of Athazar table: the notice says in words what was
recorded meanwhile, as the sender may read it (never a version number, never another seat's
secret), and the control that was sent keeps what the player chose in it, with and without
htmx.

Every 409 here is provoked by an entry that never commutes with the action sent (an undo, or
anything sent as an undo), so each stays a 409 whatever the engine lets commute."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import client_for, user

HTMX = {"HX-Request": "true"}
ANA, BEN, CLEO = 0, 1, 2
BENS_HAND = ["Warrior 3", "Assassin", "Hunter", "Magician", "Sailor"]


@pytest.fixture
def table(db: None) -> tuple[Game, User, dict[int, User]]:
    """Ana, Ben and Cleo at the Pass phase of round 1, the host at no seat (the table's
    shared device); Ben has entered his hand, so his pass is a menu of his cards."""
    return _table()


def _table(suffix: str = "") -> tuple[Game, User, dict[int, User]]:
    host = user("hostess" + suffix)
    created = create_game(
        host=host, system="athazar", name="Table", setup={"players": ["Ana", "Ben", "Cleo"]}
    )
    seated = {ANA: user("anna" + suffix), BEN: user("benny" + suffix), CLEO: user("cleo" + suffix)}
    for seat, account in seated.items():
        join(created, account, created.join_token, seat)
    game = Game.objects.get(pk=created.pk)
    record(game, seated[BEN], "enter_hand", BEN, cards=BENS_HAND)
    return game, host, seated


def record(game: Game, account: User, type_: str, seat: int | None, **payload: Any) -> int:
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    applied = game_apply(
        game=row, user=account, type=type_, payload=payload, expected_version=row.version, seat=seat
    )
    return applied.action.seq


def version(game: Game) -> int:
    return Game.objects.get(pk=game.pk).version


def act(game: Game, account: User, posted: dict[str, str], *, htmx: bool = True) -> Any:
    headers = HTMX if htmx else {}
    return client_for(account).post(f"/games/{game.pk}/act/", posted, headers=headers)


def pass_card(seen: int, card: str) -> dict[str, str]:
    """Ben's pass as his page posts it: the menu's card chosen."""
    return {
        "type": "pass_cards",
        "version": str(seen),
        "control": f"pass:{BEN}",
        "seat": str(BEN),
        "p.count": "1",
        "p.card": card,
    }


def notice(response: Any) -> str:
    page: str = response.content.decode()
    found = re.search(r'<p [^>]*data-testid="notice"[^>]*>(.*?)</p>', page, re.S)
    assert found, "no notice on the page"
    return re.sub(r"\s+", " ", found.group(1)).strip()


def chosen(response: Any, testid: str) -> str:
    """The option a menu shows chosen (the first when none says so, as a browser does)."""
    page: str = response.content.decode()
    menu = page.split(f'data-testid="{testid}"', 1)[1].split("</select>", 1)[0]
    options: list[tuple[str, str]] = re.findall(r'<option value="([^"]*)"( selected)?', menu)
    assert options, f"no menu {testid}"
    return next((value for value, selected in options if selected), options[0][0])


def test_the_notice_says_what_was_recorded_in_words_and_no_version(
    table: tuple[Game, User, dict[int, User]],
) -> None:
    game, host, seated = table
    passed = record(game, seated[ANA], "pass_cards", ANA, count=1)
    seen = version(game)
    record(game, host, "undo", None, target=passed)  # at the table's device
    response = act(game, seated[BEN], pass_card(seen, "Warrior 3"))
    assert response.status_code == 409
    said = notice(response)
    assert f"The host undid #{passed} (Ana: passes a card)" in said
    assert "Nothing of yours was recorded" in said
    assert "version" not in said.lower()
    assert not re.search(rf"\b{seen}\b|\b{version(game)}\b", said.replace(f"#{passed}", ""))
    assert version(game) == seen + 1  # Ben's pass was not recorded


def test_the_notice_names_the_player_who_did_it_from_their_own_tablet(
    table: tuple[Game, User, dict[int, User]],
) -> None:
    game, _host, seated = table
    passed = record(game, seated[ANA], "pass_cards", ANA, count=1)
    seen = version(game)
    record(game, seated[ANA], "undo", ANA, target=passed)
    said = notice(act(game, seated[BEN], pass_card(seen, "Sailor")))
    assert f"Ana undid #{passed} (Ana: passes a card)" in said


def test_the_chosen_card_stays_chosen_in_the_pass_menu(
    table: tuple[Game, User, dict[int, User]],
) -> None:
    game, host, seated = table
    passed = record(game, seated[ANA], "pass_cards", ANA, count=1)
    seen = version(game)
    record(game, host, "undo", None, target=passed)
    menu = f"input-pass_cards-pass-{BEN}-card"
    fresh = client_for(seated[BEN]).get(f"/games/{game.pk}/", headers=HTMX)
    assert chosen(fresh, menu) == "Assassin"  # the menu's first card, before any choice
    for htmx in (True, False):
        response = act(game, seated[BEN], pass_card(seen, "Warrior 3"), htmx=htmx)
        assert response.status_code == 409
        assert chosen(response, menu) == "Warrior 3", f"htmx={htmx}"
        assert "your choice is still set" in notice(response)


def test_a_choice_no_longer_offered_falls_back_to_what_the_menu_offers(
    table: tuple[Game, User, dict[int, User]],
) -> None:
    game, host, seated = table
    passed = record(game, seated[ANA], "pass_cards", ANA, count=1)
    seen = version(game)
    record(game, host, "undo", None, target=passed)
    response = act(game, seated[BEN], pass_card(seen, "Djinn"))
    assert response.status_code == 409
    assert chosen(response, f"input-pass_cards-pass-{BEN}-card") == "Assassin"


def test_at_most_three_entries_are_named_and_the_rest_counted(
    table: tuple[Game, User, dict[int, User]],
) -> None:
    game, host, seated = table
    first = record(game, seated[BEN], "pass_cards", BEN, count=1, card="Sailor")
    seen = version(game)
    cleo = record(game, seated[CLEO], "pass_cards", CLEO, count=1)
    record(game, host, "undo", None, target=cleo)
    record(game, host, "redo", None, target=cleo)
    record(game, seated[ANA], "pass_cards", ANA, count=1)
    record(game, host, "undo", None, target=cleo)
    # an undo Ben sends never commutes with what was recorded since he looked
    posted = {"type": "undo", "target": str(first), "version": str(seen), "control": "log:2"}
    response = act(game, seated[BEN], posted)
    assert response.status_code == 409
    said = notice(response)
    assert said.count("Cleo: passes a card") == 2  # the first, that stood in the way, and the last
    assert f"the host undid #{cleo} (Cleo: passes a card)" in said
    assert "Ana: passes a card" in said
    assert "and 2 more" in said
    assert "redid" not in said


def test_another_seats_secret_card_is_never_in_the_notice(
    db: None,
) -> None:
    """The same notice for Ana whichever card Ben passed."""
    said = []
    for card in ("Warrior 3", "Magician"):
        game, _host, seated = _table(card[:4].lower())
        mine = record(game, seated[ANA], "pass_cards", ANA, count=1)
        seen = version(game)
        record(game, seated[BEN], "pass_cards", BEN, count=1, card=card)
        posted = {"type": "undo", "target": str(mine), "version": str(seen), "control": "log:2"}
        response = act(game, seated[ANA], posted)
        assert response.status_code == 409
        said.append(notice(response))
        assert card not in said[-1]
    assert said[0] == said[1]
    assert "Ben: passes a card" in said[0]


def test_a_kill_named_on_a_stale_page_keeps_its_four_menus(
    table: tuple[Game, User, dict[int, User]],
) -> None:
    game, _host, seated = table
    record(game, seated[BEN], "forget_hand", BEN)  # he names a kill's cards, then
    passes = {seat: record(game, seated[seat], "pass_cards", seat, count=1) for seat in seated}
    active = current_game(Game.objects.get(pk=game.pk)).state.active
    seen = version(game)
    other = next(seat for seat in passes if seat != active)
    # a request about an undo changes nothing on the table, and commutes with nothing
    record(game, seated[active], "request_undo", active, target=passes[other])
    posted = {
        "type": "kill",
        "version": str(seen),
        "control": "form:kill",
        "seat": str(active),
        "p.killer": "Magician",
        "p.victim": "Sailor",
        "p.second_victim": "Archer",
        "p.as": "Renegade",
    }
    response = act(game, seated[active], posted)
    assert response.status_code == 409
    for testid, value in (
        ("kill-killer", "Magician"),
        ("kill-victim", "Sailor"),
        ("kill-second", "Archer"),
        ("kill-as", "Renegade"),
    ):
        page = response.content.decode()
        menu = page.split(f'data-testid="{testid}"', 1)[1].split("</select>", 1)[0]
        assert re.search(rf"<option[^>]* selected>{value}<", menu), testid
    assert "your choice is still set" in notice(response)


def test_without_javascript_the_other_actions_form_keeps_what_was_typed(
    table: tuple[Game, User, dict[int, User]],
) -> None:
    game, host, seated = table
    passed = record(game, seated[ANA], "pass_cards", ANA, count=1)
    seen = version(game)
    record(game, host, "undo", None, target=passed)
    posted = {
        "type": "pass_cards",
        "version": str(seen),
        "control": "form:pass_cards",
        "p.count": "2",
        "p.card": "Hunter",
        "p.second_card": "Warrior 3",
    }
    response = act(game, seated[BEN], posted, htmx=False)
    assert response.status_code == 409
    page = response.content.decode()
    form = page.split('value="form:pass_cards"', 1)[1].split("</form>", 1)[0]
    assert 'name="p.count" value="2"' in form
    assert 'name="p.card" value="Hunter"' in form
    assert 'name="p.second_card" value="Warrior 3"' in form
    assert "your choice is still set" in notice(response)
