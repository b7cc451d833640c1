"""The list builders in Chromium: build an invalid Azuki deck on a tablet, read the error beside
the offending card, fix it, and see the deck turn legal, without a page reload."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from .conftest import PHONE, SIZES, TABLET_LANDSCAPE, OpenTab

pytestmark = pytest.mark.browser

DECK = "/azuki/deck/"
FIRE = [f"AZK-0{n}" for n in range(10, 22)]  # twelve Fire IDs: 48 cards at 4 each


@pytest.fixture
def starter(transactional_db: None) -> None:
    """The starter catalogs, in the database the live server reads."""
    call_command("load_starter_data", verbosity=0)


def test_an_invalid_deck_shows_its_error_beside_the_card_and_turns_legal_when_fixed(
    open_tab: OpenTab, starter: None
) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    # 48 Fire cards, the Leader and the Gate, built from the query string.
    query = "leader=AZK-001&gate=AZK-003&" + "&".join(f"c={i}:4" for i in FIRE)
    tab.goto(f"{DECK}?{query}")
    page = tab.page
    assert page.evaluate("typeof window.htmx") == "object"
    page.evaluate("window.__stillTheSamePage = true")
    expect(page.get_by_test_id("card-count")).to_have_text("48 / 50")

    # Search for the Water Reef Sentinel and tap it twice: 50 cards, one of the wrong element.
    page.get_by_test_id("search").fill("reef")
    add = page.get_by_test_id("add-AZK-035")
    expect(page.locator(".catalog-results li")).to_have_count(1)
    add.click()
    expect(page.get_by_test_id("count-AZK-035")).to_have_text("1")
    expect(add).to_contain_text("1 in deck")  # the results carry the new deck too
    add.click()
    expect(page.get_by_test_id("count-AZK-035")).to_have_text("2")
    expect(page.get_by_test_id("card-count")).to_have_text("50 / 50")

    row = page.get_by_test_id("entry-AZK-035")
    error = row.locator('[data-code="element_mismatch"]')
    expect(error).to_be_visible()
    expect(error).to_contain_text("Water")
    expect(row).to_have_class(re.compile(r"\bhas-error\b"))
    expect(page.get_by_test_id("verdict")).to_have_text("1 error")
    # The error sits beside its card: no other row carries it.
    assert page.locator('[data-code="element_mismatch"]').count() == 1
    expect(page).to_have_url(re.compile(r"c=AZK-035%3A2"))
    # The verdict links to the offending row.
    page.get_by_test_id("verdict").get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"#row-AZK-035$"))
    expect(error).to_be_in_viewport()
    tab.screenshot("deck-builder-invalid")

    # Fix it: one fewer Reef Sentinel, then swap the other for a Neutral Wandering Tinker.
    page.get_by_test_id("minus-AZK-035").click()
    expect(page.get_by_test_id("count-AZK-035")).to_have_text("1")
    expect(page.get_by_test_id("verdict")).to_have_text(re.compile(r"\d+ errors?"))
    page.get_by_test_id("remove-AZK-035").click()
    expect(page.get_by_test_id("entry-AZK-035")).to_have_count(0)
    page.get_by_test_id("search").fill("tinker")
    tinker = page.get_by_test_id("add-AZK-030")
    expect(page.locator(".catalog-results li")).to_have_count(1)
    tinker.click()
    expect(tinker).to_contain_text("1 in deck")
    tinker.click()
    expect(tinker).to_contain_text("2 in deck")

    expect(page.get_by_test_id("verdict")).to_have_text("Legal deck")
    expect(page.get_by_test_id("card-count")).to_have_text("50 / 50")
    expect(page.locator(".problem")).to_have_count(0)
    assert page.evaluate("window.__stillTheSamePage") is True
    tab.screenshot("deck-builder-legal")

    # The URL holds the deck: reloading it shows the same legal deck.
    tab.goto(page.url.replace(tab.base_url, ""))
    expect(page.get_by_test_id("verdict")).to_have_text("Legal deck")
    assert tab.foreign_requests() == []


def test_pasting_a_list_shows_line_errors_and_keeps_the_text(
    open_tab: OpenTab, starter: None
) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.goto(DECK)
    page = tab.page
    text = "Leader: AZK-001\nGate: AZK-003\n4x AZK-017\n2 Fierball\n"
    page.get_by_test_id("import-text").fill(text)
    page.get_by_role("button", name="Import").click()
    problems = page.get_by_test_id("import-problems")
    expect(problems).to_contain_text("Line 4")
    expect(problems).to_contain_text("AZK-019 Fireball")
    expect(page.get_by_test_id("import-text")).to_have_value(text)
    expect(page.get_by_test_id("count-AZK-017")).to_have_text("4")
    expect(page).to_have_url(re.compile(r"leader=AZK-001"))
    tab.screenshot("deck-builder-import", full_page=True)


@pytest.mark.parametrize(("size", "name"), [(TABLET_LANDSCAPE, "tablet"), (PHONE, "phone")])
def test_tapping_a_did_you_mean_corrects_the_line_and_imports_again(
    open_tab: OpenTab, starter: None, size: tuple[int, int], name: str
) -> None:
    """Issue 14: "did you mean" could not be tapped; an ambiguous line vanished."""
    tab = open_tab(*size)
    tab.goto(DECK)
    page = tab.page
    page.evaluate("window.__stillTheSamePage = true")
    text = "Leader: AZK-001\nGate: AZK-003\n2 Cinderwake Ritualist\n3 AZK-0l9\n"
    page.get_by_test_id("import-text").fill(text)
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_test_id("count-Cinderwake Ritualist")).to_have_text("2")
    fix = page.get_by_role("button", name="Change line 4 to AZK-019 Fireball and import again")
    expect(fix).to_be_visible()
    tab.screenshot(f"deck-builder-did-you-mean-{name}", full_page=True)
    fix.click()
    expect(page.get_by_test_id("count-AZK-019")).to_have_text("3")
    expect(page.get_by_test_id("import-text")).to_have_value(
        text.replace("3 AZK-0l9", "3 AZK-019 Fireball")
    )
    page.get_by_role(
        "button", name="Change line 3 to AZK-041 Cinderwake Ritualist and import again"
    ).click()
    expect(page.get_by_test_id("count-AZK-041")).to_have_text("2")
    expect(page.get_by_test_id("import-problems")).to_have_count(0)
    assert page.evaluate("window.__stillTheSamePage") is True


def test_the_deck_builder_fits_a_phone(open_tab: OpenTab, starter: None) -> None:
    tab = open_tab(*PHONE)
    query = "leader=AZK-001&gate=AZK-004&c=AZK-017:5&c=AZK-035:2"
    tab.goto(f"{DECK}?{query}")
    overflow = tab.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    expect(
        tab.page.get_by_test_id("row-gate").locator('[data-code="gate_element"]')
    ).to_be_visible()
    tab.screenshot("deck-builder-phone", full_page=True)


ARMY = "/azeroth/army/"


def test_an_army_over_its_elite_slots_turns_legal_when_a_unit_is_removed(
    open_tab: OpenTab, starter: None
) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    query = (
        "size=standard&faction=horde&u=orc-grunt:3&u=troll-headhunter:1"
        "&u=wolf-rider:1&u=tauren-warrior:2&u=orc-shaman:1&u=thrall-warchief:1"
    )
    tab.goto(f"{ARMY}?{query}")
    page = tab.page
    page.evaluate("window.__stillTheSamePage = true")
    expect(page.get_by_test_id("verdict")).to_have_text("Legal army")
    expect(page.get_by_test_id("tier-elite")).to_contain_text("3 of 0\u20133")

    page.get_by_test_id("search").fill("kor'kron shield")
    add = page.get_by_test_id("add-korkron-shieldbearer")
    expect(page.locator(".catalog-results li")).to_have_count(1)
    add.click()
    expect(page.get_by_test_id("tier-elite")).to_contain_text("4 of 0\u20133")
    row = page.get_by_test_id("entry-korkron-shieldbearer")
    expect(row.locator('[data-code="tier_max"]')).to_contain_text("Elite")
    # 785 points: over the Standard budget of 750 too (3.1, A12)
    expect(page.get_by_test_id("verdict")).to_have_text("2 errors")
    expect(page.get_by_test_id("points-used")).to_have_text("785 / 750")
    row.scroll_into_view_if_needed()
    tab.screenshot("army-builder-invalid")

    page.get_by_test_id("minus-tauren-warrior").click()
    expect(page.get_by_test_id("verdict")).to_have_text("Legal army")
    expect(page.get_by_test_id("tier-elite")).to_contain_text("3 of 0\u20133")
    # A smaller agreed budget, typed: the same army is now over it.
    page.get_by_test_id("points").fill("600")
    expect(page.get_by_test_id("points-used")).to_have_text("690 / 600")
    expect(
        page.get_by_test_id("general-problems").locator('[data-code="over_points"]')
    ).to_be_visible()
    expect(page).to_have_url(re.compile(r"points=600"))
    page.get_by_test_id("size").select_option("large")
    expect(page.get_by_test_id("unit-count")).to_contain_text("of 13\u201318")
    # The search still shows what the search box says.
    expect(page.locator(".catalog-results li")).to_have_count(1)
    assert page.evaluate("window.__stillTheSamePage") is True
    tab.screenshot("army-builder-over-budget")


def test_the_army_builder_fits_a_phone(open_tab: OpenTab, starter: None) -> None:
    tab = open_tab(*PHONE)
    tab.goto(f"{ARMY}?size=standard&faction=horde&u=orc-grunt:3&u=footman:1")
    overflow = tab.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    tab.screenshot("army-builder-phone", full_page=True)


ROSTER = "/azrah/roster/"


def test_a_roster_and_its_party_are_checked_as_guardians_are_tapped(
    open_tab: OpenTab, starter: None
) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    query = "&".join(f"g=AZR-0{n:02d}" for n in range(1, 15))
    tab.goto(f"{ROSTER}?{query}")
    page = tab.page
    page.evaluate("window.__stillTheSamePage = true")
    expect(page.get_by_test_id("guardian-count")).to_have_text("14 / 15")
    expect(
        page.get_by_test_id("general-problems").locator('[data-code="roster_size"]')
    ).to_be_visible()

    page.get_by_test_id("toggle-AZR-015").click()
    expect(page.get_by_test_id("guardian-count")).to_have_text("15 / 15")
    expect(page.get_by_test_id("verdict")).to_have_text("Legal roster")

    # Start the party with the same Guardian twice: the second place says so.
    page.get_by_test_id("slot-fl").locator("select").select_option("AZR-001")
    expect(page).to_have_url(re.compile(r"fl=AZR-001"))
    page.get_by_test_id("slot-fc").locator("select").select_option("AZR-001")
    expect(page.get_by_test_id("slot-fc").locator('[data-code="party"]').first).to_contain_text(
        "already at front left"
    )
    tab.screenshot("roster-builder-invalid")
    for slot, guardian in (("fc", "AZR-002"), ("fr", "AZR-003"), ("b1", "AZR-004")):
        page.get_by_test_id(f"slot-{slot}").locator("select").select_option(guardian)
        expect(page).to_have_url(re.compile(f"{slot}={guardian}"))
    page.get_by_test_id("slot-b2").locator("select").select_option("AZR-005")
    expect(page.get_by_test_id("verdict")).to_have_text("Legal roster")
    assert page.evaluate("window.__stillTheSamePage") is True
    tab.screenshot("roster-builder-legal")


def test_the_roster_builder_fits_a_phone(open_tab: OpenTab, starter: None) -> None:
    tab = open_tab(*PHONE)
    tab.goto(f"{ROSTER}?g=AZR-001&g=AZR-001&g=AZR-019&mana=9&fl=AZR-001")
    overflow = tab.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    tab.screenshot("roster-builder-phone", full_page=True)


# How much of a select the width of its chosen text may take: its arrow and padding take the rest.
FITS_IN_A_SELECT = """select => {
    const probe = document.createElement("span");
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
    probe.style.font = getComputedStyle(select).font;
    probe.textContent = select.selectedOptions[0].textContent;
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    return {text, room: select.clientWidth - 40};
}"""


# The width of a select's longest option's text, and the room its box leaves for it.
LONGEST_OPTION_FITS = """select => {
    const probe = document.createElement("span");
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
    probe.style.font = getComputedStyle(select).font;
    document.body.append(probe);
    let text = 0;
    for (const option of select.options) {
        probe.textContent = option.textContent;
        text = Math.max(text, probe.getBoundingClientRect().width);
    }
    probe.remove();
    return {text, room: select.clientWidth - 40, scroll: select.scrollWidth,
            client: select.clientWidth};
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_army_s_battle_size_and_faction_show_their_whole_text(
    open_tab: OpenTab, starter: None, size: str
) -> None:
    """Seen at 1280 px: the battle size read "Standard (750 p"."""
    tab = open_tab(*SIZES[size])
    tab.goto(f"{ARMY}?size=standard&faction=horde&u=orc-grunt:3")
    for select in ("size", "faction"):
        fit = tab.page.get_by_test_id(select).evaluate(LONGEST_OPTION_FITS)
        assert fit["scroll"] <= fit["client"], f"{select} at {size}: {fit}"
        assert fit["text"] <= fit["room"], f"{select} at {size}: {fit}"
    tab.page.get_by_test_id("size").scroll_into_view_if_needed()
    tab.screenshot(f"army-builder-settings-{size}")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("path", [DECK, ARMY])
def test_the_search_filters_show_their_whole_text(
    open_tab: OpenTab, starter: None, size: str, path: str
) -> None:
    """The deck's Element filter read "Any elemen" on a phone."""
    tab = open_tab(*SIZES[size])
    tab.goto(path)
    filters = tab.page.locator(".find-filter")
    assert filters.count() == 2
    for n in range(filters.count()):
        fit = filters.nth(n).evaluate(LONGEST_OPTION_FITS)
        assert fit["text"] <= fit["room"], f"filter {n} of {path} at {size}: {fit}"


@pytest.mark.parametrize(("size", "name"), [(TABLET_LANDSCAPE, "tablet"), (PHONE, "phone")])
def test_the_party_places_show_each_guardians_whole_name(
    open_tab: OpenTab, starter: None, size: tuple[int, int], name: str
) -> None:
    """The roster's party selects were cut short at 1280 px ("Aurelia, Dawn Wa…")."""
    tab = open_tab(*size)
    roster = "&".join(f"g=AZR-0{n:02d}" for n in range(1, 16))
    party = "fl=AZR-001&fc=AZR-002&fr=AZR-003&b1=AZR-004&b2=AZR-005"
    tab.goto(f"{ROSTER}?{roster}&{party}")
    for slot in ("fl", "fc", "fr", "b1", "b2"):
        select = tab.page.get_by_test_id(f"slot-{slot}").locator("select")
        fit = select.evaluate(FITS_IN_A_SELECT)
        assert fit["text"] <= fit["room"], f"{slot} on a {name}: {fit}"


@pytest.mark.parametrize(("size", "name"), [(TABLET_LANDSCAPE, "tablet"), (PHONE, "phone")])
def test_the_build_menu_leads_to_each_builder(
    open_tab: OpenTab, starter: None, size: tuple[int, int], name: str
) -> None:
    tab = open_tab(*size)
    tab.goto("/")
    page = tab.page
    # a tablet shows the header's links beside the brand; a phone folds them into a Menu,
    # where the builders are listed in the open
    page.locator("header summary:visible").first.click()
    expect(page.get_by_role("link", name="Roster AZRAH")).to_be_visible()
    tab.screenshot(f"build-menu-{name}")
    page.get_by_role("link", name="Roster AZRAH").click()
    expect(page).to_have_url(re.compile(r"/azrah/roster/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Roster builder")
