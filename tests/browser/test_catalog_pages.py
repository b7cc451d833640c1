"""The catalog pages and the odds calculator's unit picker in Chromium: layouts from phone to
tablet, the live search, and picking units from the catalog to fill the attack's profiles."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from .conftest import PHONE, TABLET_LANDSCAPE, OpenTab, Tab

pytestmark = pytest.mark.browser

AZEROTH = "/catalogs/azeroth/starter/1.0/"


@pytest.fixture(autouse=True)
def _starter_catalogs(transactional_db: None) -> None:
    call_command("load_starter_data", stdout=io.StringIO())


def _no_horizontal_scroll(tab: Tab) -> None:
    overflow = tab.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


@pytest.mark.parametrize(("size", "device"), [(TABLET_LANDSCAPE, "tablet"), (PHONE, "phone")])
@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("/catalogs/", "catalogs"),
        (AZEROTH, "catalog-azeroth"),
        ("/catalogs/azuki/starter/1.0/", "catalog-azuki"),
        ("/catalogs/azrah/starter/1.0/", "catalog-azrah"),
    ],
)
def test_each_catalog_page_fits_the_screen(
    open_tab: OpenTab, path: str, name: str, size: tuple[int, int], device: str
) -> None:
    tab = open_tab(*size)
    tab.goto(path)
    expect(tab.page.locator("h1")).to_be_visible()
    _no_horizontal_scroll(tab)
    tab.screenshot(f"{name}-{device}")
    assert tab.foreign_requests() == []


def test_typing_in_the_search_box_filters_the_units_without_a_reload(open_tab: OpenTab) -> None:
    tab = open_tab()
    tab.goto(AZEROTH)
    entries = tab.page.get_by_test_id("entry")
    expect(entries).to_have_count(22)
    tab.page.evaluate("window.__stillTheSamePage = true")

    tab.page.get_by_label("Search this catalog").fill("momentum")

    expect(entries).to_have_count(5)
    expect(tab.page.get_by_test_id("entries-count")).to_contain_text("5 of 22 entries match")
    expect(tab.page).to_have_url(re.compile(r"[?&]q=momentum"))
    assert tab.page.evaluate("window.__stillTheSamePage") is True
    tab.screenshot("catalog-search-tablet")


def test_the_catalog_list_opens_a_catalog(open_tab: OpenTab) -> None:
    tab = open_tab(*PHONE)
    tab.goto("/catalogs/")
    tab.page.get_by_test_id("catalog-azrah-starter-1.0").click()
    expect(tab.page).to_have_url(re.compile(r"/catalogs/azrah/starter/1\.0/$"))
    expect(tab.page.get_by_test_id("demo-note")).to_contain_text("not official cards")
