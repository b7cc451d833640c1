"""The game tracker on two tablets in Chromium: the host taps damage in (three taps, one
preview, one log entry), the player's tablet shows it within two seconds without reloading;
the player heals one and undoes that from the history, and the host's tablet shows each
within two seconds.
Screenshots of both tablets, the board on a portrait tablet and a phone, the new-game page
and the host's links; nothing is loaded from another host."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from games.lists.service import save_list
from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join
from games.tracker.table_page import HISTORY_SHOWN
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD
from tests.lists.support import payload

from .conftest import PHONE, SCREENSHOTS, TABLET_LANDSCAPE, TABLET_PORTRAIT, WAIT_MS, OpenTab, Tab

pytestmark = pytest.mark.browser

SYNC_MS = WAIT_MS  # the other tablet polls every second: it catches up within the wait


@pytest.fixture
def table(transactional_db: None) -> Game:
    """Ana (the host, seat 0) v Ben (a player, seat 1), and two saved rosters of the host."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    player = User.objects.create_user("benny", password=PASSWORD)
    call_command("load_starter_data", stdout=io.StringIO())
    save_list(owner=host, system="azrah", name="Dawn party", payload=payload("azrah"))
    save_list(owner=host, system="azrah", name="Dusk party", payload=payload("azrah"))
    game = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    join(game, player, game.join_token, 1)
    return game


def _small_targets(tab: Tab) -> list[str]:
    return list(
        tab.page.evaluate(
            """() => [...document.querySelectorAll('main a.button, main button, main summary')]
              .filter(el => el.offsetParent !== null)
              .filter(el => {
                const box = el.getBoundingClientRect();
                return box.height < 47.5 || box.width < 47.5;
              })
              .map(el => el.textContent.trim())"""
        )
    )


def test_two_tablets_share_one_game(open_tab: OpenTab, table: Game) -> None:
    """Two tablets poll the game while one acts: the server answers one request at a time,
    as PostgreSQL's row lock lets one writer at a time in (SQLite refuses a second)."""
    page_url = f"/games/{table.pk}/"
    host = open_tab(*TABLET_LANDSCAPE)
    host.sign_in("hostess", PASSWORD, page_url)
    player = open_tab(*TABLET_LANDSCAPE)
    player.sign_in("benny", PASSWORD, page_url)
    for tab in (host, player):
        tab.page.evaluate("window.notReloaded = true")
        expect(tab.page.get_by_test_id("mana-0-oracle")).to_have_text("0")

    # The host taps + twice on Ana's Oracle's Mana: one pending change of 2, previewed.
    plus = host.page.get_by_test_id("tap-attach_mana-guardian-0-oracle")
    for _ in range(2):
        plus.click()
    pending = host.page.get_by_test_id("pending")
    expect(pending).to_contain_text("Attach Mana x2")
    expect(pending.get_by_test_id("changes")).to_contain_text("0 → 2")
    host.screenshot("tracker-host-pending-tablet")
    assert table.actions.count() == 0  # nothing recorded before Commit
    pending.get_by_role("button", name="Commit").click()
    expect(host.page.get_by_test_id("mana-0-oracle")).to_have_text("2")
    expect(host.page.locator("#pending")).to_be_hidden()

    # The player's tablet shows it within two seconds, without reloading: ONE log entry.
    expect(player.page.get_by_test_id("mana-0-oracle")).to_have_text("2", timeout=SYNC_MS)
    entries = player.page.locator(".tr-entry")
    expect(entries).to_have_count(1)
    expect(entries.first).to_contain_text("attaches Mana to Oracle")
    assert player.page.evaluate("window.notReloaded") is True
    player.screenshot("tracker-player-tablet")
    host.screenshot("tracker-host-tablet")

    # The Mana is Ana's (the table's device acted for the active player): Ben's tablet
    # cannot undo it. Ben records a correction, damage on his Duelist, from its "More"
    # (R115), then undoes that from the history; the host's tablet shows each within two
    # seconds.
    expect(player.page.get_by_role("button", name="Undo #1", exact=True)).to_have_count(0)
    duelist = player.page.get_by_test_id("guardian-1-duelist")
    duelist.locator("details.tr-g-more > summary").click()
    label = "Deal damage to Duelist (card effect or correction)"
    damage = duelist.locator("form.tr-control").filter(
        has=player.page.get_by_role("button", name=label, exact=True)
    )
    damage.locator("select").select_option(label="Correction")
    damage.get_by_role("button", name=label, exact=True).click()
    expect(host.page.get_by_test_id("damage-1-duelist")).to_have_text("1", timeout=SYNC_MS)
    expect(host.page.get_by_test_id("log-2")).to_contain_text("(a correction)")
    player.page.get_by_role("button", name="Undo #2", exact=True).click()
    expect(player.page.get_by_test_id("damage-1-duelist")).to_have_text("0")
    expect(host.page.get_by_test_id("damage-1-duelist")).to_have_text("0", timeout=SYNC_MS)
    expect(host.page.get_by_test_id("log-2").locator("s")).to_contain_text("takes 1 damage")
    expect(host.page.get_by_role("button", name="Redo #2")).to_be_visible()
    assert host.page.evaluate("window.notReloaded") is True
    host.screenshot("tracker-host-after-undo-tablet")

    # The board on a portrait tablet and a phone, and the host's links.
    for size, name in ((TABLET_PORTRAIT, "portrait-tablet"), (PHONE, "phone")):
        host.page.set_viewport_size({"width": size[0], "height": size[1]})
        host.page.wait_for_timeout(200)
        host.fits()
        host.screenshot(f"tracker-board-{name}")
        host.screenshot(f"tracker-board-{name}-full", full_page=True)
    host.page.set_viewport_size({"width": TABLET_LANDSCAPE[0], "height": TABLET_LANDSCAPE[1]})
    host.page.locator("#more > summary").click()
    host.page.locator("#more").scroll_into_view_if_needed()
    host.screenshot("tracker-other-actions-tablet")
    host.page.get_by_test_id("links").scroll_into_view_if_needed()
    expect(host.page.get_by_test_id("join-link").locator("svg")).to_be_visible()
    host.screenshot("tracker-host-links-tablet")

    for tab in (host, player):
        assert tab.foreign_requests() == []


def test_an_illegal_tap_is_explained_and_cannot_be_committed(
    open_tab: OpenTab, table: Game
) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("hostess", PASSWORD, f"/games/{table.pk}/")
    mana = tab.page.get_by_test_id("tap-attach_mana-guardian-0-oracle")
    for _ in range(3):  # the Recovery phase attaches two
        mana.click()
    pending = tab.page.get_by_test_id("pending")
    expect(pending).to_contain_text("x3")
    expect(pending.get_by_test_id("refusal")).to_contain_text("The Recovery phase attaches 2 Mana")
    expect(pending.get_by_role("button", name="Commit")).to_be_disabled()
    pending.get_by_role("button", name="Cancel").click()
    expect(tab.page.locator("#pending")).to_be_hidden()
    assert table.actions.count() == 0


def test_the_new_game_page_starts_a_game_with_a_coin_flip(open_tab: OpenTab, table: Game) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("hostess", PASSWORD, "/games/")
    tab.fits()
    assert _small_targets(tab) == []
    tab.screenshot("tracker-new-game-tablet", full_page=True)
    tab.page.select_option("#id_system", "azrah")
    tab.page.get_by_text("Nobody (shared tablet)").click()  # one tablet: both lists here
    tab.page.get_by_test_id("start").click()
    expect(tab.page.locator("#err-list_0")).to_contain_text("Choose")  # chose nothing yet
    tab.page.fill("#id_name", "Friday")
    tab.page.select_option("#id_list_0", label="Dawn party")
    tab.page.select_option("#id_list_1", label="Dusk party")
    tab.page.fill("#id_player_0", "Cai")
    tab.page.fill("#id_player_1", "Dee")
    tab.page.get_by_test_id("start").click()
    expect(tab.page.locator(".sl-notice")).to_contain_text("The coin is flipped:")
    expect(tab.page.locator("h1")).to_have_text("Friday")
    tab.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    tab.fits()
    tab.screenshot("tracker-new-game-board-phone", full_page=True)

    # the notice is about the start: it goes once play moves on, without a reload
    tab.page.wait_for_timeout(2500)  # polls that change nothing keep it
    expect(tab.page.locator(".sl-notice")).to_contain_text("The coin is flipped:")
    started = Game.objects.get(name="Friday")
    state = current_game(started).state
    game_apply(
        game=started,
        user=User.objects.get(username="hostess"),
        type="attach_mana",
        payload={"guardian": state.players[state.active].front[0]},
        expected_version=0,
        seat=state.active,
    )
    expect(tab.page.locator("#live")).to_have_attribute("data-version", "1")
    expect(tab.page.locator(".sl-notice")).to_have_count(0)
    assert tab.foreign_requests() == []


def test_a_long_game_links_its_whole_history_where_an_old_entry_is_undone(
    open_tab: OpenTab, table: Game
) -> None:
    host_user = User.objects.get(username="hostess")
    for version in range(HISTORY_SHOWN + 4):
        game_apply(
            game=table,
            user=host_user,
            type="apply_status",
            payload={"seat": 1, "guardian": "Bard", "status": "frozen", "turns": version + 1},
            expected_version=version,
            seat=None,
        )
        table.refresh_from_db()
    host = open_tab(*TABLET_LANDSCAPE)
    host.sign_in("hostess", PASSWORD, f"/games/{table.pk}/")
    expect(host.page.locator(".tr-entry")).to_have_count(HISTORY_SHOWN)
    more = host.page.get_by_test_id("history-more")
    expect(more).to_contain_text(f"The latest {HISTORY_SHOWN} of {HISTORY_SHOWN + 4} entries.")
    more.scroll_into_view_if_needed()
    host.screenshot("history/table-page-latest")
    more.get_by_role("link", name="The whole history").click()
    expect(host.page.locator(".tr-entry")).to_have_count(HISTORY_SHOWN + 4)
    host.at_every_size(SCREENSHOTS / "history", "whole-history", "main button, main a.button")
    host.page.get_by_role("button", name="Undo #1", exact=True).click()
    expect(host.page).to_have_url(re.compile(rf"/games/{table.pk}/#live$"))
    expect(host.page.locator(".tr-entry")).to_have_count(HISTORY_SHOWN)
    expect(host.page.get_by_test_id(f"log-{HISTORY_SHOWN + 5}")).to_be_visible()  # the undo
    assert host.csp_violations() == []


def test_the_header_on_an_upright_tablet_is_one_row_whose_menu_holds_every_link(
    open_tab: OpenTab, table: Game
) -> None:
    """At 800 px the game page's header is the brand and a Menu (its one scrolling row cut
    "Sign out" in half): the Menu unfolds every link below the row, the builders with them,
    and Sign out whole on the screen (tests/browser/test_site_header.py checks every page)."""
    tab = open_tab(*TABLET_PORTRAIT)
    tab.sign_in("hostess", PASSWORD, f"/games/{table.pk}/")
    header = tab.page.locator(".site-header")
    assert header.evaluate("h => h.scrollWidth <= h.clientWidth")
    sign_out = tab.page.get_by_role("button", name="Sign out")
    expect(sign_out).to_be_hidden()
    header.locator("summary", has_text="Menu").click()
    expect(tab.page.get_by_role("link", name=re.compile("^Roster"))).to_be_visible()
    box = sign_out.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= TABLET_PORTRAIT[0]
