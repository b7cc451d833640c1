"""The list builders in Chromium as players met them: quick taps on the same + each count, and
the verdict, the main total and the problem count stay on screen at the foot of a long list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Locator, Page, expect

from .conftest import PHONE, SIZES, TABLET_PORTRAIT, OpenTab

pytestmark = pytest.mark.browser

DECK = "/azuki/deck/"
ARMY = "/azeroth/army/"
ROSTER = "/azrah/roster/"
SHOTS = Path("/tmp/shots-builder14")


@pytest.fixture
def starter(transactional_db: None) -> None:
    call_command("load_starter_data", verbosity=0)


def _tap(page: Page, target: Locator, times: int, gap_ms: int) -> None:
    """Tap where ``target`` is, ``times`` times, ``gap_ms`` apart, as a thumb does: without
    waiting for the page to answer in between."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for n in range(times):
        if n:
            page.wait_for_timeout(gap_ms)
        page.mouse.click(x, y)


def test_four_quick_taps_on_a_unit_add_four(open_tab: OpenTab, starter: None) -> None:
    tab = open_tab(*TABLET_PORTRAIT)
    tab.goto(f"{ARMY}?size=standard&faction=horde")
    page = tab.page
    page.evaluate("window.__stillTheSamePage = true")
    _tap(page, page.get_by_test_id("add-orc-grunt"), 4, 60)
    expect(page.get_by_test_id("count-orc-grunt")).to_have_text("4")
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("count-orc-grunt")).to_have_text("4")
    expect(page).to_have_url(re.compile(r"u=orc-grunt%3A4"))
    expect(page.get_by_test_id("add-orc-grunt")).to_contain_text("4 in army")
    assert page.evaluate("window.__stillTheSamePage") is True


def test_four_quick_taps_on_a_deck_rows_plus_add_four(open_tab: OpenTab, starter: None) -> None:
    tab = open_tab(*TABLET_PORTRAIT)
    tab.goto(f"{DECK}?leader=AZK-001&gate=AZK-003&c=AZK-017:1&c=AZK-010:2")
    page = tab.page
    _tap(page, page.get_by_test_id("plus-AZK-017"), 4, 60)
    expect(page.get_by_test_id("count-AZK-017")).to_have_text("5")
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("count-AZK-017")).to_have_text("5")
    expect(page.get_by_test_id("card-count")).to_have_text("7 / 50")
    expect(page.get_by_test_id("count-AZK-010")).to_have_text("2")
    # Five copies break the copy limit: the error is on that row, and the taps back down
    # count as well, to 1 copy (a fifth minus would take the row away and have nothing to tap).
    expect(
        page.get_by_test_id("entry-AZK-017").locator('[data-code="too_many_copies"]')
    ).to_be_visible()
    _tap(page, page.get_by_test_id("minus-AZK-017"), 4, 60)
    expect(page.get_by_test_id("count-AZK-017")).to_have_text("1")
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("count-AZK-017")).to_have_text("1")
    expect(page).to_have_url(re.compile(r"c=AZK-017%3A1(&|$)"))


def test_quick_taps_on_mana_and_on_a_guardian_each_count(open_tab: OpenTab, starter: None) -> None:
    tab = open_tab(*TABLET_PORTRAIT)
    tab.goto(f"{ROSTER}?g=AZR-001")
    page = tab.page
    _tap(page, page.locator('[data-tap="mana-plus"]'), 4, 60)
    expect(page.get_by_test_id("mana")).to_have_text("14")
    # Tapping a Guardian twice quickly puts it in and takes it out again.
    _tap(page, page.get_by_test_id("toggle-AZR-002"), 2, 60)
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("toggle-AZR-002")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_test_id("list-summary").get_by_test_id("summary-figure")).to_have_text(
        "1 / 15"
    )
    expect(page.get_by_test_id("mana")).to_have_text("14")
    expect(page).to_have_url(re.compile(r"mana=14"))


def _in_view(page: Page, locator: Locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_the_summary_stays_in_sight_at_the_foot_of_a_long_deck(
    open_tab: OpenTab, starter: None
) -> None:
    tab = open_tab(*TABLET_PORTRAIT)
    fire = [f"AZK-0{n}" for n in range(10, 22)]
    tab.goto(f"{DECK}?leader=AZK-001&gate=AZK-003&" + "&".join(f"c={i}:4" for i in fire))
    page = tab.page
    summary = page.get_by_test_id("list-summary")
    expect(summary.get_by_test_id("summary-verdict")).to_have_text("1 error")
    expect(summary.get_by_test_id("summary-figure")).to_have_text("48 / 50")
    expect(summary.get_by_test_id("summary-problems")).to_have_text("1 problem")
    # Down at the last card, the verdict is still in sight, and follows a tap there.
    last = page.get_by_test_id("plus-AZK-021")
    last.scroll_into_view_if_needed()
    assert not _in_view(page, page.get_by_test_id("verdict"))
    assert _in_view(page, summary)
    last.click()
    last.click()
    expect(summary.get_by_test_id("summary-figure")).to_have_text("50 / 50")
    expect(summary.get_by_test_id("summary-verdict")).to_have_text("1 error")  # 6 copies
    # The summary does not hide the last row's buttons.
    summary_top = summary.bounding_box()
    plus = last.bounding_box()
    assert summary_top is not None and plus is not None
    assert plus["y"] + plus["height"] <= summary_top["y"]


def test_the_army_summary_is_on_a_phone_screen_from_the_start(
    open_tab: OpenTab, starter: None
) -> None:
    tab = open_tab(*PHONE)
    tab.goto(f"{ARMY}?size=standard&faction=horde&u=orc-grunt:3&u=thrall-warchief:1")
    page = tab.page
    summary = page.get_by_test_id("list-summary")
    assert _in_view(page, summary)
    assert not _in_view(page, page.get_by_test_id("verdict"))
    expect(summary.get_by_test_id("summary-figure")).to_have_text(
        page.get_by_test_id("points-used").inner_text()
    )
    expect(summary.get_by_test_id("summary-figure")).to_have_text(re.compile(r"^\d+ / 750$"))
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_each_builder(open_tab: OpenTab, starter: None, size: str) -> None:
    """The three builders with a list under way, at each size, for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab = open_tab(*SIZES[size])
    pages = {
        "deck": f"{DECK}?leader=AZK-001&gate=AZK-003&c=AZK-017:5&c=AZK-035:2&c=AZK-010:4",
        "army": f"{ARMY}?size=standard&faction=horde&u=orc-grunt:3&u=footman:1&u=wolf-rider:2",
        "roster": f"{ROSTER}?g=AZR-001&g=AZR-002&g=AZR-003&fl=AZR-001&mana=9",
    }
    for name, path in pages.items():
        tab.goto(path)
        summary = tab.page.get_by_test_id("list-summary")
        assert _in_view(tab.page, summary)
        expect(summary.get_by_test_id("summary-verdict")).to_contain_text("error")
        tab.page.screenshot(path=str(SHOTS / f"{name}-{size}.png"))
        tab.page.mouse.wheel(0, 1200)
        tab.page.wait_for_timeout(200)
        assert _in_view(tab.page, summary)
        tab.page.screenshot(path=str(SHOTS / f"{name}-{size}-scrolled.png"))
