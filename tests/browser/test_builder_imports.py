"""Pasting a list into a builder after choosing its settings on the page, in Chromium. A
pasted text replaces the list's entries; whatever it does not say (the army's battle size,
faction and agreed budget, the roster's Mana and Gems, the search, the saved list being
edited) stays as chosen on the page, even when it was chosen by a live update that did not
reload the page."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from .conftest import PHONE, TABLET_LANDSCAPE, OpenTab

pytestmark = pytest.mark.browser

ARMY = "/azeroth/army/"
DECK = "/azuki/deck/"
ROSTER = "/azrah/roster/"


@pytest.fixture
def starter(transactional_db: None) -> None:
    call_command("load_starter_data", verbosity=0)


# What htmx marks while it asks, swaps or settles an answer.
BUSY = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"


def _choose(page: Page, test_id: str, value: str) -> None:
    """Choose ``value`` in the army form's menu ``test_id``, once htmx has settled what it
    last swapped in, and wait until the answer is settled in turn. htmx puts the new URL in
    the address bar before it swaps the form in: a menu chosen as soon as the URL changed
    could be the old form's, thrown away with its choice."""
    page.wait_for_function(f"() => !document.querySelector({BUSY!r})")
    page.get_by_test_id(test_id).select_option(value)
    expect(page).to_have_url(re.compile(rf"{test_id}={value}"))
    page.wait_for_function(f"() => !document.querySelector({BUSY!r})")


def _import(page: Page, text: str) -> None:
    page.get_by_test_id("import-text").fill(text)
    page.get_by_role("button", name="Import", exact=True).click()


@pytest.mark.parametrize(("size", "name"), [(TABLET_LANDSCAPE, "tablet"), (PHONE, "phone")])
def test_pasting_two_unit_lines_keeps_the_battle_size_and_faction_chosen(
    open_tab: OpenTab, starter: None, size: tuple[int, int], name: str
) -> None:
    """Seen on a tablet: after Skirmish and Horde were chosen, pasting two unit lines put the
    army back to Standard (750) and "From the units"."""
    tab = open_tab(*size)
    tab.goto(ARMY)
    page = tab.page
    page.evaluate("window.__stillTheSamePage = true")
    _choose(page, "size", "skirmish")
    _choose(page, "faction", "horde")

    _import(page, "1 Orc Blademaster\n4 Orc Grunt")

    expect(page.get_by_test_id("count-orc-blademaster")).to_have_text("1")
    expect(page.get_by_test_id("count-orc-grunt")).to_have_text("4")
    expect(page.get_by_test_id("size")).to_have_value("skirmish")
    expect(page.get_by_test_id("faction")).to_have_value("horde")
    expect(page.get_by_test_id("points-used")).to_have_text(re.compile(r"^\d+ / 500$"))
    expect(page).to_have_url(re.compile(r"size=skirmish"))
    expect(page).to_have_url(re.compile(r"faction=horde"))
    assert page.evaluate("window.__stillTheSamePage") is True
    tab.screenshot(f"army-import-keeps-settings-{name}", full_page=True)


def test_pasting_units_keeps_the_agreed_budget_and_the_search(
    open_tab: OpenTab, starter: None
) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.goto(f"{ARMY}?size=skirmish&faction=horde")
    page = tab.page
    page.get_by_test_id("points").fill("450")
    expect(page).to_have_url(re.compile(r"points=450"))
    page.get_by_test_id("search").fill("grunt")
    expect(page.locator(".catalog-results li")).to_have_count(1)

    _import(page, "1 Orc Blademaster\n4 Orc Grunt")

    expect(page.get_by_test_id("count-orc-grunt")).to_have_text("4")
    expect(page.get_by_test_id("points")).to_have_value("450")
    expect(page.get_by_test_id("points-used")).to_have_text(re.compile(r"^\d+ / 450$"))
    expect(page.locator(".catalog-results li")).to_have_count(1)
    expect(page).to_have_url(re.compile(r"q=grunt"))


def test_a_header_still_sets_what_it_names_and_the_rest_stays(
    open_tab: OpenTab, starter: None
) -> None:
    """The header names a battle size: it wins, and the faction it leaves out stays."""
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.goto(ARMY)
    page = tab.page
    page.get_by_test_id("faction").select_option("horde")
    expect(page).to_have_url(re.compile(r"faction=horde"))

    _import(
        page, "# Azeroth at War army: Large Battle, 1000 points\n1 Orc Blademaster\n4 Orc Grunt"
    )

    expect(page.get_by_test_id("count-orc-grunt")).to_have_text("4")
    expect(page.get_by_test_id("size")).to_have_value("large")
    expect(page.get_by_test_id("faction")).to_have_value("horde")


def test_pasting_guardians_keeps_the_mana_and_gems_set_and_the_search(
    open_tab: OpenTab, starter: None
) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.goto(ROSTER)
    page = tab.page
    page.get_by_label("One Mana fewer").click()
    expect(page.get_by_test_id("mana")).to_have_text("9")
    page.get_by_label("One Gem more").click()
    expect(page.get_by_test_id("gems")).to_have_text("4")
    page.get_by_test_id("search").fill("AZR-001")
    expect(page.locator(".catalog-results li")).to_have_count(1)

    _import(page, "AZR-001\nAZR-002")

    expect(page.get_by_test_id("guardian-count")).to_have_text(re.compile(r"^2 / "))
    expect(page.get_by_test_id("mana")).to_have_text("9")
    expect(page.get_by_test_id("gems")).to_have_text("4")
    expect(page.locator(".catalog-results li")).to_have_count(1)


def test_a_roster_s_own_mana_line_wins_over_the_page(open_tab: OpenTab, starter: None) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.goto(f"{ROSTER}?mana=9")
    page = tab.page
    _import(page, "AZR-001\nAZR-002\nMana: 11")
    expect(page.get_by_test_id("mana")).to_have_text("11")
    expect(page.get_by_test_id("gems")).to_have_text("3")


def test_pasting_cards_keeps_the_search(open_tab: OpenTab, starter: None) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.goto(DECK)
    page = tab.page
    page.get_by_test_id("search").fill("reef")
    expect(page.locator(".catalog-results li")).to_have_count(1)

    _import(page, "Leader: AZK-001\nGate: AZK-003\n4x AZK-017")

    expect(page.get_by_test_id("count-AZK-017")).to_have_text("4")
    expect(page.locator(".catalog-results li")).to_have_count(1)
    expect(page).to_have_url(re.compile(r"q=reef"))
