"""The odds calculator in Chromium: live updates with htmx, the URL as the state, layouts from
phone to tablet, and nothing loaded from any other host."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from .conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, OpenTab, Tab

pytestmark = pytest.mark.browser

ODDS = "/azeroth/odds/"


def _assert_styled_and_live(tab: Tab) -> None:
    """The vendored CSS and htmx loaded from the live server."""
    assert tab.page.evaluate("typeof window.htmx") == "object"
    assert tab.page.evaluate("document.documentElement.classList.contains('htmx-on')")
    min_height = tab.page.evaluate(
        "getComputedStyle(document.querySelector('label[for=id_charge]')).minHeight"
    )
    assert min_height == "56px"


def _no_horizontal_scroll(tab: Tab) -> None:
    overflow = tab.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


@pytest.mark.parametrize(
    ("size", "name"),
    [(TABLET_LANDSCAPE, "landscape"), (TABLET_PORTRAIT, "portrait"), (PHONE, "phone")],
)
def test_toggling_charging_changes_p_kill_without_a_reload(
    open_tab: OpenTab, size: tuple[int, int], name: str
) -> None:
    tab = open_tab(*size)
    tab.goto(ODDS)
    _assert_styled_and_live(tab)
    kill = tab.page.get_by_test_id("p-kill")
    before = kill.inner_text()
    assert re.fullmatch(r"[<>]?\d+(\.\d)?%", before)
    # Anything set on window survives only if the page is not reloaded.
    tab.page.evaluate("window.__stillTheSamePage = true")

    tab.page.locator("label[for=id_charge]").click()

    expect(kill).not_to_have_text(before)
    after = kill.inner_text()
    assert tab.page.evaluate("window.__stillTheSamePage") is True
    expect(tab.page).to_have_url(re.compile(r"[?&]charge=1(&|$)"))
    # Momentum [1] on the charge: one more die.
    expect(tab.page.get_by_test_id("dice")).to_have_text("5")
    tab.screenshot(f"odds-charging-{name}")
    if size == PHONE:
        _no_horizontal_scroll(tab)
        expect(tab.page.get_by_test_id("kill-summary")).to_have_text(after)

    # The URL holds the whole state: opening it again shows the same odds.
    shared = tab.page.url
    again = open_tab(*size)
    again.goto(shared.removeprefix(again.base_url))
    expect(again.page.get_by_test_id("p-kill")).to_have_text(after)
    expect(again.page.locator("#id_charge")).to_be_checked()
    assert tab.foreign_requests() == []
    assert again.foreign_requests() == []


def test_switching_to_ranged_shows_only_the_ranged_toggles(open_tab: OpenTab) -> None:
    tab = open_tab()
    tab.goto(ODDS)
    expect(tab.page.locator("label[for=id_charge]")).to_be_visible()
    expect(tab.page.locator("label[for=id_hold]")).to_be_hidden()

    tab.page.locator("label[for=id_mode_1]").click()

    expect(tab.page).to_have_url(re.compile(r"mode=ranged"))
    expect(tab.page.locator("label[for=id_charge]")).to_be_hidden()
    expect(tab.page.locator("label[for=id_hold]")).to_be_visible()
    before = tab.page.get_by_test_id("p-kill").inner_text()
    tab.page.locator("label[for=id_hold]").click()
    expect(tab.page.get_by_test_id("p-kill")).not_to_have_text(before)
    assert tab.foreign_requests() == []


def test_typing_a_bad_number_shows_a_message_and_keeps_the_input(open_tab: OpenTab) -> None:
    tab = open_tab()
    tab.goto(ODDS)
    atk = tab.page.locator("#id_a_atk")
    atk.fill("999")

    error = tab.page.locator("#err-a_atk")
    expect(error).to_contain_text("200")
    expect(atk).to_have_value("999")
    expect(tab.page.locator("#attack-results")).to_contain_text("Fix the marked fields")

    atk.fill("6")
    expect(error).to_be_empty()
    expect(tab.page.get_by_test_id("dice")).to_have_text("6")


def test_the_plus_button_adds_a_die(open_tab: OpenTab) -> None:
    tab = open_tab()
    tab.goto(ODDS)
    tab.page.get_by_role("button", name="ATK (dice) plus one").click()
    expect(tab.page.locator("#id_a_atk")).to_have_value("5")
    expect(tab.page.get_by_test_id("dice")).to_have_text("5")


def test_the_other_panels_update_live(open_tab: OpenTab) -> None:
    tab = open_tab()
    tab.goto(ODDS)
    passing = tab.page.get_by_test_id("morale-pass")
    before = passing.inner_text()
    tab.page.locator("label[for=id_m_fear]").click()
    expect(passing).not_to_have_text(before)
    expect(tab.page).to_have_url(re.compile(r"m_fear=1"))

    goes_off = tab.page.get_by_test_id("spell-goes-off")
    before = goes_off.inner_text()
    tab.page.locator("label[for=id_sp_block]").click()
    expect(goes_off).not_to_have_text(before)


def test_without_javascript_the_submit_button_works(open_tab: OpenTab, browser: Browser) -> None:
    tab = open_tab()
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1280, "height": 800}
    )
    try:
        page = context.new_page()
        page.goto(tab.base_url + ODDS)
        page.locator("label[for=id_charge]").click()
        page.get_by_role("button", name="Work out the odds").first.click()
        page.wait_for_load_state("networkidle")
        assert "charge=1" in page.url
        expect(page.get_by_test_id("dice")).to_have_text("5")
    finally:
        context.close()


def test_dark_mode_follows_the_system(open_tab: OpenTab) -> None:
    tab = open_tab(color_scheme="dark")
    tab.goto(ODDS)
    background = tab.page.evaluate("getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(x) for x in re.findall(r"\d+", background)[:3])
    assert max(red, green, blue) < 60, background
    tab.screenshot("odds-dark")


@pytest.mark.parametrize(("size", "name"), [(TABLET_PORTRAIT, "portrait"), (PHONE, "phone")])
def test_the_p_kill_bar_shows_only_with_the_attack_panel(
    open_tab: OpenTab, size: tuple[int, int], name: str
) -> None:
    tab = open_tab(*size)
    tab.goto(ODDS)
    bar = tab.page.locator("#kill-summary")
    expect(bar).to_be_visible()

    tab.page.locator("#morale").scroll_into_view_if_needed()
    tab.page.locator("label[for=id_m_fear]").click()
    expect(tab.page).to_have_url(re.compile(r"m_fear=1"))
    expect(bar).to_be_hidden()
    tab.screenshot(f"odds-morale-without-bar-{name}")

    tab.page.locator("#magic").scroll_into_view_if_needed()
    tab.page.locator("label[for=id_sp_block]").click()
    expect(bar).to_be_hidden()

    tab.page.evaluate("window.scrollTo(0, 0)")
    expect(bar).to_be_visible()
    kill = tab.page.get_by_test_id("p-kill")
    before = kill.inner_text()
    tab.page.locator("label[for=id_charge]").click()
    expect(kill).not_to_have_text(before)
    expect(bar.get_by_test_id("kill-summary")).to_have_text(kill.inner_text())
    tab.screenshot(f"odds-attack-with-bar-{name}")


@pytest.mark.parametrize(
    ("size", "name"),
    [(TABLET_LANDSCAPE, "landscape"), (TABLET_PORTRAIT, "portrait"), (PHONE, "phone")],
)
def test_letters_typed_in_a_number_are_kept_and_explained(
    open_tab: OpenTab, size: tuple[int, int], name: str
) -> None:
    tab = open_tab(*size)
    tab.goto(ODDS)
    atk = tab.page.locator("#id_a_atk")
    atk.fill("4x")

    error = tab.page.locator("#err-a_atk")
    expect(error).to_contain_text("“4x” is not a whole number")
    expect(atk).to_have_value("4x")
    expect(tab.page.locator("#attack-results")).to_contain_text("ATK (dice): “4x”")

    lost = tab.page.locator("#id_m_lost")
    lost.fill("5")
    expect(tab.page.locator("#err-m_lost")).to_contain_text("At most 2, its starting wounds")
    expect(lost).to_have_value("5")
    tab.page.locator("#err-m_lost").scroll_into_view_if_needed()
    tab.screenshot(f"odds-morale-wounds-lost-{name}")

    tab.page.locator("#id_b1_tgh").fill("99")
    expect(tab.page.locator("#blast-results")).to_contain_text("Unit 1 · TGH: At most 20.")
    tab.page.locator("#blast-results").scroll_into_view_if_needed()
    tab.screenshot(f"odds-blast-error-{name}")

    # The minus and plus buttons still step a number typed as text, within its range.
    atk.fill("6")
    expect(tab.page.get_by_test_id("dice")).to_have_text("6")
    tab.page.get_by_role("button", name="ATK (dice) plus one").click()
    expect(atk).to_have_value("7")
    assert tab.foreign_requests() == []
