"""The saved-list pages in Chromium: an owner signs in, shares a list from My lists and stops
sharing it; a holder of the link reads it in another browser; the pages fit a phone and a
tablet, with every control big enough for a finger."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from games.catalogs.service import default_catalog
from games.lists import service
from games.models import SavedList
from tests.lists.support import PASSWORD, payload

from .conftest import PHONE, TABLET_PORTRAIT, OpenTab, Tab

pytestmark = pytest.mark.browser


@pytest.fixture
def lists(transactional_db: None) -> dict[str, SavedList]:
    call_command("load_starter_data", stdout=io.StringIO())
    owner = User.objects.create_user("owner", password=PASSWORD)
    assert default_catalog("azuki") is not None
    return {
        "deck": service.save_list(
            owner=owner,
            system="azuki",
            name="Fire, one short",
            payload=payload("azuki", legal=False),
        ),
        "roster": service.save_list(
            owner=owner, system="azrah", name="Dawn party", payload=payload("azrah")
        ),
    }


def _sign_in(tab: Tab) -> None:
    tab.goto("/lists/")
    tab.page.get_by_role("link", name="Sign in").last.click()
    tab.page.fill("#id_username", "owner")
    tab.page.fill("#id_password", PASSWORD)
    tab.page.get_by_role("button", name="Sign in").click()
    tab.page.wait_for_url("**/lists/")


def _small_targets(tab: Tab) -> list[str]:
    return list(
        tab.page.evaluate(
            """() => [...document.querySelectorAll('main a.button, main button')]
              .filter(el => el.offsetParent !== null)
              .filter(el => el.getBoundingClientRect().height < 48)
              .map(el => el.textContent.trim())"""
        )
    )


def test_an_owner_shares_a_list_and_a_link_holder_reads_it_until_revoked(
    open_tab: OpenTab, lists: dict[str, SavedList]
) -> None:
    owner = open_tab(*TABLET_PORTRAIT)
    _sign_in(owner)
    deck = lists["deck"]
    row = owner.page.locator(f"#list-{deck.pk}")
    expect(row.get_by_test_id("verdict")).to_have_text("1 error")
    owner.page.evaluate("window.notReloaded = true")
    row.get_by_role("button", name="Share").click()
    share_url = row.get_by_test_id("share-url")
    expect(share_url).to_be_visible()
    assert owner.page.evaluate("window.notReloaded") is True  # htmx swapped the row only
    link = share_url.input_value()
    owner.screenshot("lists-shared-tablet", full_page=True)

    visitor = open_tab(*PHONE)
    visitor.page.goto(link)
    expect(visitor.page.locator("h1")).to_have_text("Fire, one short")
    expect(visitor.page.get_by_test_id("list-text")).to_contain_text("AZK-001")
    expect(visitor.page.locator("[data-code=deck_size]")).to_contain_text("49")
    visitor.fits()
    visitor.screenshot("lists-shared-page-phone", full_page=True)
    assert visitor.foreign_requests() == []

    row.get_by_role("button", name="Stop sharing").click()
    expect(row.get_by_role("button", name="Share")).to_be_visible()
    visitor.page.reload()
    expect(visitor.page.locator("h1")).to_have_text("This list is not shared")


def test_deleting_asks_first(open_tab: OpenTab, lists: dict[str, SavedList]) -> None:
    tab = open_tab(*TABLET_PORTRAIT)
    _sign_in(tab)
    roster = lists["roster"]
    tab.page.locator(f"#list-{roster.pk}").get_by_role("link", name="Delete").click()
    expect(tab.page.locator("h1")).to_have_text("Delete “Dawn party”?")
    tab.page.get_by_role("link", name="Keep it").click()
    expect(tab.page.locator(f"#list-{roster.pk}")).to_be_visible()
    tab.page.locator(f"#list-{roster.pk}").get_by_role("link", name="Delete").click()
    tab.page.get_by_role("button", name="Delete the list").click()
    expect(tab.page.locator(".sl-notice")).to_have_text("“Dawn party” is deleted.")
    expect(tab.page.locator(f"#list-{roster.pk}")).to_have_count(0)


@pytest.mark.parametrize(("size", "device"), [(TABLET_PORTRAIT, "tablet"), (PHONE, "phone")])
def test_my_lists_fits_the_screen_with_finger_sized_controls(
    open_tab: OpenTab, lists: dict[str, SavedList], size: tuple[int, int], device: str
) -> None:
    service.share(lists["roster"])
    tab = open_tab(*size)
    _sign_in(tab)
    expect(tab.page.get_by_test_id("saved-list")).to_have_count(2)
    tab.fits()
    assert _small_targets(tab) == []
    tab.screenshot(f"lists-{device}", full_page=True)
    assert tab.foreign_requests() == []
