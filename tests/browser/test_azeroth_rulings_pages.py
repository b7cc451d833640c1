"""The Azeroth at War pages the rulings changed, in Chromium: the board once a Counterspell
has been rolled (no Spell Block offered or costed: 8.6, R124), a routing model fleeing off
the table with the friends near it (R68), a summoning of several units (R69), and the
new-game form refusing an army too big for the battle size beside its list (3.1, A12, R125).

Screenshots at 1280x800, 800x1280 and 360x740 go to /tmp/shots-azeroth-fidelity/; nothing
scrolls sideways and every control is at least 48 px."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from games.lists.service import save_list
from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.lifecycle import create_game, join
from referee.rules.azeroth.system import AZEROTH
from tests.games.tracker.support import PASSWORD
from tests.lists.support import payload
from tests.rules.azeroth.tracker_game import AzerothGame, act, activation, setup, to_morale

from .conftest import TABLET_LANDSCAPE, OpenTab
from .test_tracker_azeroth_play import TARGETS

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-azeroth-fidelity")


def stored(played: AzerothGame) -> tuple[Game, User]:
    """The engine's game stored as a game at the table, its log sent action by action by
    the host; Ana (seat 0) and Ben (seat 1) sit at it."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    ana = User.objects.create_user("anna", password=PASSWORD)
    ben = User.objects.create_user("benny", password=PASSWORD)
    data = AZEROTH.setup_to_json(setup())
    game = create_game(host=host, system="azeroth", name="Horde v Alliance", setup=data)
    for action in played.log:
        game.refresh_from_db()
        game_apply(
            game=game,
            user=host,
            type=action.type,
            payload=dict(action.payload),
            expected_version=game.version,
            seat=action.by,
        )
    join(game, ana, game.join_token, 0)
    join(game, ben, game.join_token, 1)
    return game, host


def counterspelled() -> AzerothGame:
    game = act(activation(), "activate", 1, model="footman-1")
    game = act(game, "activate", 0, model="warchief-1")
    game = act(game, "use_ability", 0, model="warchief-1", ability="Earthquake")
    return act(game, "counterspell", 1, roll=1)


def routing() -> AzerothGame:
    game = act(activation(), "damage", seat=0, model="grunt-1", amount=1)
    game = to_morale(game)
    return act(game, "morale_test", seat=0, model="grunt-1", rolls=[6, 6])


def summoning() -> AzerothGame:
    game = act(activation(), "activate", 1, model="footman-1")
    return act(game, "activate", 0, model="shaman-1")


def test_no_spell_block_is_offered_once_a_counterspell_is_rolled(
    open_tab: OpenTab, transactional_db: None
) -> None:
    game, _ = stored(counterspelled())
    ben = open_tab(*TABLET_LANDSCAPE)
    ben.sign_in("benny", PASSWORD, f"/games/{game.pk}/")
    pending = ben.page.get_by_test_id("pending-ability")
    expect(pending).to_contain_text("Counterspell: failed")
    expect(pending).to_contain_text("It goes off.")
    expect(ben.page.get_by_test_id("goes-off-blocked")).to_have_count(0)
    expect(ben.page.get_by_test_id("goes-off")).to_have_count(0)
    expect(ben.page.get_by_role("button", name="Sorceress tries a Spell Block")).to_have_count(0)
    pending.scroll_into_view_if_needed()
    ben.at_every_size(SHOTS, "board-counterspelled-ben", TARGETS)


def test_a_routing_model_flees_off_the_table_naming_its_friends_nearby(
    open_tab: OpenTab, transactional_db: None
) -> None:
    game, _ = stored(routing())
    ana = open_tab(*TABLET_LANDSCAPE)
    ana.page.on("dialog", lambda dialog: dialog.accept())
    ana.sign_in("anna", PASSWORD, f"/games/{game.pk}/")
    label = "Your Orc Grunt 1 flees off the table"
    control = ana.page.locator("form.tr-control", has=ana.page.get_by_role("button", name=label))
    expect(control).to_contain_text("Troll")
    control.locator("label.toggle", has_text="Troll").click()
    control.scroll_into_view_if_needed()
    ana.at_every_size(SHOTS, "board-leave-table-ana", TARGETS)
    control.get_by_role("button", name=label).click()
    troll = ana.page.get_by_test_id("test-0-troll-1")
    expect(troll).to_contain_text("test due")
    ana.at_every_size(SHOTS, "board-fled-ana", TARGETS)


def test_a_summoning_of_several_units(open_tab: OpenTab, transactional_db: None) -> None:
    game, _ = stored(summoning())
    ana = open_tab(*TABLET_LANDSCAPE)
    ana.sign_in("anna", PASSWORD, f"/games/{game.pk}/")
    label = "Shaman summons a unit"
    control = ana.page.locator("form.tr-control", has=ana.page.get_by_role("button", name=label))
    details = ana.page.get_by_test_id("model-0-shaman-1").locator("details.az-more-controls")
    if details.count() and details.first.get_attribute("open") is None:
        details.first.locator("summary").click()
    control.locator('input[name="p.count"]').fill("2")
    control.scroll_into_view_if_needed()
    ana.at_every_size(SHOTS, "board-summon-ana", TARGETS)
    control.get_by_role("button", name=label).click()
    expect(ana.page.get_by_test_id("model-0-shaman-1-summon-2")).to_be_visible()


LARGE_ARMY: dict[str, Any] = {
    "format": "azeroth-army",
    "battle_size": "large",
    "faction": {"slug": "horde", "name": "Horde", "composition": {}},
    "units": [
        {"unit": "thrall-warchief", "count": 1},
        {"unit": "orc-blademaster", "count": 1},
        {"unit": "orc-grunt", "count": 11},
        {"unit": "wolf-rider", "count": 2},
    ],
}


def test_the_new_game_form_refuses_an_army_too_big_for_the_battle_size(
    open_tab: OpenTab, transactional_db: None
) -> None:
    call_command("load_starter_data", stdout=io.StringIO())
    ann = User.objects.create_user("hostess", password=PASSWORD)
    save_list(owner=ann, system="azeroth", name="Big Horde", payload=LARGE_ARMY)
    save_list(owner=ann, system="azeroth", name="Horde", payload=payload("azeroth"))
    host = open_tab(*TABLET_LANDSCAPE)
    host.sign_in("hostess", PASSWORD, "/games/")
    host.page.locator("#id_system").select_option(label="Azeroth at War")
    host.page.get_by_text("Nobody (shared tablet)").click()
    host.page.locator("#id_list_0").select_option(label="Big Horde")
    host.page.locator("#id_list_1").select_option(label="Horde")
    host.page.locator("#id_battle_size").select_option(label="Skirmish")
    expect(host.page.get_by_test_id("new-game")).to_contain_text("checked against this battle size")
    host.page.get_by_test_id("start").click()
    error = host.page.locator("#err-list_0")
    expect(error).to_contain_text("'Big Horde' does not fit this Skirmish battle")
    expect(error).to_contain_text("930 points")
    error.scroll_into_view_if_needed()
    form = "[data-testid=new-game]"
    host.at_every_size(SHOTS, "new-game-too-big", f"{form} button, {form} select")
    assert not Game.objects.exists()


def test_the_army_builder_reports_a_header_faction_the_catalog_lacks(
    open_tab: OpenTab, transactional_db: None
) -> None:
    """The same problem the validation API and a batch report (R125)."""
    call_command("load_starter_data", stdout=io.StringIO())
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.goto("/azeroth/army/")
    text = "# Azeroth at War army: Skirmish, 500 points\n# Faction: Hordex\n2 Orc Grunt\n"
    tab.page.get_by_test_id("import-text").fill(text + "1 Wolf Rider\n")
    tab.page.get_by_role("button", name="Import", exact=True).click()
    problems = tab.page.get_by_test_id("import-problems")
    expect(problems).to_contain_text("'Hordex'")
    expect(problems).to_contain_text("Did you mean Horde?")
    problems.scroll_into_view_if_needed()
    tab.at_every_size(SHOTS, "army-builder-unknown-faction", "main button, main select")


def test_the_rulings_page_lists_the_new_rulings(open_tab: OpenTab, transactional_db: None) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.goto("/rulings/")
    for code in ("R68", "R70", "R120", "R121", "R122", "R123", "R124", "R125"):
        expect(tab.page.locator(f"#{code}")).to_contain_text("Section")
    tab.page.locator("#R120").scroll_into_view_if_needed()
    tab.at_every_size(SHOTS, "rulings-page", "main a")
