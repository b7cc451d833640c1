"""The Azeroth at War board in Chromium: the host plays the edge roll-off, ends the
Deployment and Mana stages, activates a model on each side and takes Wounds off through the
tap / preview / commit panel, on the table's shared device. Screenshots at tablet landscape
and portrait, on a phone and in dark mode; nothing is loaded from another host."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import Game
from games.tracker.lifecycle import create_game, join
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from tests.games.tracker.support import PASSWORD
from tests.rules.azeroth.tracker_game import setup

from .conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, OpenTab, Tab

pytestmark = pytest.mark.browser


@pytest.fixture
def table(transactional_db: None) -> Game:
    """Ana (seat 0) v Ben (seat 1, a player) in Hold the Line, hosted by ``hostess``."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    player = User.objects.create_user("benny", password=PASSWORD)
    data = AZEROTH.setup_to_json(setup(Scenario.HOLD_THE_LINE))
    game = create_game(host=host, system="azeroth", name="Horde v Alliance", setup=data)
    join(game, player, game.join_token, 1)
    return game


def _small_targets(tab: Tab) -> list[str]:
    """Visible buttons and disclosure summaries of the board under 48 px."""
    return list(
        tab.page.evaluate(
            """() => [...document.querySelectorAll(
                  '[data-testid=azeroth-board] button, [data-testid=azeroth-board] summary')]
              .filter(el => el.offsetParent !== null)
              .filter(el => {
                const box = el.getBoundingClientRect();
                return box.height < 47.5 || box.width < 47.5;
              })
              .map(el => el.textContent.trim())"""
        )
    )


def test_the_host_plays_a_round_on_the_board(open_tab: OpenTab, table: Game) -> None:
    page_url = f"/games/{table.pk}/"
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("hostess", PASSWORD, page_url)
    page = tab.page
    expect(page.get_by_test_id("round")).to_have_text("Before round 1")
    expect(page.get_by_test_id("stage")).to_have_text("Deployment stage")
    tab.screenshot("azeroth-deployment-1280x800")

    # the edge roll-off: Ana 2, Ben 5, so Ben chooses the edge and Ana deploys first
    page.get_by_test_id("input-edge_roll_off-rolls-1").fill("2")
    page.get_by_test_id("input-edge_roll_off-rolls-2").fill("5")
    page.get_by_role("button", name="Roll off for the table edge", exact=True).click()
    expect(page.get_by_test_id("edge-chooser")).to_have_text("Ben")
    expect(page.get_by_test_id("first-to-deploy")).to_have_text("Ana")
    expect(page.get_by_test_id("roll-off")).to_have_count(0)

    page.get_by_test_id("end_stage").click()
    expect(page.get_by_test_id("stage")).to_have_text("Mana stage")
    expect(page.get_by_test_id("round")).to_have_text("Round 1 of 6")
    expect(page.get_by_test_id("mana-1")).not_to_have_text("0")
    page.get_by_test_id("end_stage").click()
    expect(page.get_by_test_id("stage")).to_have_text("Activation stage")

    # Ben deployed second, so activates first; then Ana
    expect(page.get_by_test_id("next")).to_have_text("Ben activates next")
    page.get_by_test_id("activate-model-1-sorceress-1").click()
    expect(page.get_by_test_id("activating")).to_contain_text("Sorceress")
    expect(page.get_by_test_id("next")).to_have_text("Ana activates next")
    page.get_by_test_id("activate-model-0-warchief-1").click()
    expect(page.get_by_test_id("activating")).to_contain_text("Warchief")

    # Ana's Warchief uses Bloodlust: the pending ability shows its odds
    page.get_by_role("button", name="Warchief uses Bloodlust (2 Mana)", exact=True).click()
    expect(page.get_by_test_id("pending-ability")).to_contain_text("Bloodlust")
    expect(page.get_by_test_id("goes-off")).to_contain_text("%")

    # two taps of minus on Ben's Paladin's Wounds, previewed, committed as one action
    page.get_by_test_id("wounds-minus-1-paladin-1").click()
    page.get_by_test_id("wounds-minus-1-paladin-1").click()
    expect(page.get_by_test_id("pending")).to_contain_text("x2")
    tab.screenshot("azeroth-pending-1280x800")
    page.get_by_role("button", name="Commit").click()
    expect(page.get_by_test_id("wounds-1-paladin-1")).to_have_text("3")
    expect(page.get_by_test_id("model-1-paladin-1")).to_contain_text("Lost 2 this round")
    expect(page.get_by_test_id("pending")).to_have_count(0)

    tab.fits()
    assert _small_targets(tab) == []
    tab.screenshot("azeroth-activation-1280x800")
    tab.screenshot("azeroth-activation-1280x800-full", full_page=True)
    assert tab.foreign_requests() == []

    for name, size, scheme in (
        ("azeroth-800x1280", TABLET_PORTRAIT, "light"),
        ("azeroth-360x740", PHONE, "light"),
        ("azeroth-dark-1280x800", TABLET_LANDSCAPE, "dark"),
    ):
        other = open_tab(*size, color_scheme=scheme)
        other.sign_in("hostess", PASSWORD, page_url)
        expect(other.page.get_by_test_id("wounds-1-paladin-1")).to_have_text("3")
        other.fits()
        assert _small_targets(other) == []
        other.screenshot(name)
        other.screenshot(name + "-full", full_page=True)
        other.page.get_by_test_id("model-1-paladin-1").scroll_into_view_if_needed()
        other.screenshot(name + "-paladin")
        assert other.foreign_requests() == []


def test_what_the_table_device_records_for_no_seat_is_the_tables(
    open_tab: OpenTab, table: Game
) -> None:
    """The roll-off and the end of Deployment, tapped on the host's shared device, are the
    table's: both tablets' histories say so in words, and Ben may only ask to undo them."""
    page_url = f"/games/{table.pk}/"
    host = open_tab(*TABLET_LANDSCAPE)
    host.sign_in("hostess", PASSWORD, page_url)
    ben = open_tab(*PHONE)
    ben.sign_in("benny", PASSWORD, page_url)
    page = host.page
    page.get_by_label("Ana's die").fill("2")
    page.get_by_label("Ben's die").fill("5")
    page.get_by_role("button", name="Roll off for the table edge", exact=True).click()
    expect(page.get_by_test_id("edge-chooser")).to_have_text("Ben")
    page.get_by_test_id("end_stage").click()
    expect(page.get_by_test_id("stage")).to_have_text("Mana stage")
    for tab in (host, ben):
        log = tab.page.get_by_test_id("log-2")
        expect(log).to_contain_text("The table: ends the Deployment stage")
        expect(tab.page.get_by_test_id("who-2")).to_contain_text("At the table device")
        expect(tab.page.get_by_test_id("log-1")).to_contain_text(
            "The table: roll-off for the table edge: Ana 2, Ben 5"
        )
    expect(ben.page.get_by_role("button", name="Ask to undo #2")).to_be_visible()
    expect(ben.page.get_by_role("button", name="Undo #2", exact=True)).to_have_count(0)
    expect(host.page.get_by_role("button", name="Undo #2", exact=True)).to_be_visible()
    for size in (TABLET_LANDSCAPE, TABLET_PORTRAIT, PHONE):
        ben.page.set_viewport_size({"width": size[0], "height": size[1]})
        ben.page.get_by_test_id("log-2").scroll_into_view_if_needed()
        ben.fits()
        ben.screenshot(f"azeroth-table-history-{size[0]}x{size[1]}")
    assert host.foreign_requests() == [] and ben.foreign_requests() == []
