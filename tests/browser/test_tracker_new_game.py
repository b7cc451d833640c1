"""Starting a game between two people in Chromium: the host starts an AZRAH game at Player 1
with their own roster (the list menu offers only that game's lists), the game waits on the
player link's page; a second person opens the link in another browser, brings their own
roster, and both tablets show the started board, the host's without reloading by hand.

Screenshots of the new-game form, the host's waiting page and the joining player's page at
1280x800, 800x1280 and 360x740 go to /tmp/shots/new_game/; no page scrolls sideways and
nothing is loaded from another host."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from games.lists.service import save_list
from games.models import Game
from games.models.tracker import PendingGame
from tests.games.tracker.support import PASSWORD
from tests.lists.support import payload

from .conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, WAIT_MS, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/new_game")
SIZES = {"1280x800": TABLET_LANDSCAPE, "800x1280": TABLET_PORTRAIT, "360x740": PHONE}
START_MS = WAIT_MS  # the waiting page polls every 2 s


@pytest.fixture
def people(transactional_db: None) -> dict[str, User]:
    """Ann (hostess) with an AZRAH roster and an Azeroth army; Ben (benny) with a roster."""
    call_command("load_starter_data", stdout=io.StringIO())
    ann = User.objects.create_user("hostess", password=PASSWORD)
    ben = User.objects.create_user("benny", password=PASSWORD)
    save_list(owner=ann, system="azrah", name="Dawn party", payload=payload("azrah"))
    save_list(owner=ann, system="azeroth", name="Horde host", payload=payload("azeroth"))
    save_list(owner=ben, system="azrah", name="Tides party", payload=payload("azrah"))
    return {"ann": ann, "ben": ben}


def _shoot(tab: Tab, name: str) -> None:
    """Screenshots of the whole page at each size, checking it never scrolls sideways."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, (width, height) in SIZES.items():
        tab.page.set_viewport_size({"width": width, "height": height})
        overflow = tab.page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{name} at {label} scrolls sideways by {overflow}px"
        tab.page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
    tab.page.set_viewport_size({"width": TABLET_LANDSCAPE[0], "height": TABLET_LANDSCAPE[1]})


def test_two_people_start_a_game_each_with_their_own_list(
    open_tab: OpenTab, people: dict[str, User]
) -> None:
    host = open_tab(*TABLET_LANDSCAPE)
    host.sign_in("hostess", PASSWORD, "/games/")
    form = host.page.get_by_test_id("new-game")
    host.page.locator("#id_system").select_option(label="AZRAH: War of Heralds")
    expect(host.page.locator("#id_seat_0")).to_be_checked()  # Player 1 by default
    expect(host.page.locator("#id_list_1")).to_be_hidden()  # Player 2 brings their own
    expect(host.page.locator("#id_scenario")).to_be_hidden()  # Azeroth at War only
    menu = host.page.locator("#id_list_0 option:not([hidden])")
    expect(menu).to_have_text(["Choose a saved list", "Dawn party"])
    _shoot(host, "new-game-form")
    host.page.locator("#id_system").select_option(label="Azeroth at War")
    expect(menu).to_have_text(["Choose a saved list", "Horde host"])
    expect(host.page.get_by_test_id("first-player-rule-azeroth")).to_contain_text("roll-off")
    expect(form.get_by_text("Flip a coin")).to_be_hidden()
    host.page.locator("#id_system").select_option(label="AZRAH: War of Heralds")
    host.page.locator("#id_list_0").select_option(label="Dawn party")
    host.page.get_by_test_id("start").click()
    host.page.wait_for_url("**/games/join/**")
    expect(host.page.get_by_test_id("waiting")).to_contain_text("Waiting for Player 2")
    join_url = host.page.locator("#join-url").input_value()
    assert PendingGame.objects.count() == 1 and not Game.objects.exists()
    _shoot(host, "waiting-host")

    player = open_tab(*TABLET_LANDSCAPE)
    join_path = join_url.split(player.base_url, 1)[1]
    player.sign_in("benny", PASSWORD, join_path)
    join_form = player.page.get_by_test_id("join-form")
    expect(join_form.locator("select option")).to_have_text(["Choose a saved list", "Tides party"])
    _shoot(player, "join-page")
    join_form.get_by_label("Your list").select_option(label="Tides party")
    join_form.get_by_label("Your name").fill("Ben")
    player.page.get_by_test_id("join").click()
    player.page.wait_for_url("**/games/*/")

    game = Game.objects.get()
    assert game.name == "hostess vs Ben · AZRAH"
    for tab in (player, host):  # the host's waiting page moves to the game by itself
        expect(tab.page).to_have_url(f"{tab.base_url}/games/{game.pk}/", timeout=START_MS)
        expect(tab.page.locator("h1")).to_have_text(game.name)
        expect(tab.page.locator("#live")).to_be_visible()
    expect(player.page.locator(".sl-notice")).to_contain_text("plays first")
    assert host.foreign_requests() == [] and player.foreign_requests() == []
