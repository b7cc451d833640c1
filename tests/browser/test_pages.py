"""Every page in Chromium: styled, nothing from other hosts, no sideways scrolling on a phone,
touch targets big enough for fingers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET_LANDSCAPE, OpenTab

pytestmark = pytest.mark.browser

PAGES = {"home": "/", "rulings": "/rulings/", "odds": "/azeroth/odds/"}
TOUCH_TARGETS = (
    ".site-nav a, .jump-nav a, .button, .toggle, .seg, .chip, .step, .feature-link, "
    ".ruling-code, details summary"
)


@pytest.mark.parametrize("name", sorted(PAGES))
@pytest.mark.parametrize(("size", "device"), [(TABLET_LANDSCAPE, "tablet"), (PHONE, "phone")])
def test_each_page_fits_the_screen_and_loads_only_from_this_site(
    open_tab: OpenTab, name: str, size: tuple[int, int], device: str
) -> None:
    tab = open_tab(*size)
    tab.goto(PAGES[name])
    assert tab.page.evaluate("getComputedStyle(document.body).fontFamily").startswith("system-ui")
    overflow = tab.page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"{name} scrolls sideways by {overflow}px on a {device}"
    tab.screenshot(f"{name}-{device}")
    assert tab.foreign_requests() == []
    assert all(url.startswith(tab.base_url) for url in tab.requests)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_control_is_a_finger_sized_target(open_tab: OpenTab, name: str) -> None:
    tab = open_tab(*PHONE)
    tab.goto(PAGES[name])
    boxes = tab.page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((el) => el.offsetParent !== null)
            .map((el) => {
                const box = el.getBoundingClientRect();
                return [el.textContent.trim().slice(0, 30), box.width, box.height];
            })""",
        TOUCH_TARGETS,
    )
    assert len(boxes) >= 4  # at least the header's Menu and the page's own controls
    small = [(text, round(w), round(h)) for text, w, h in boxes if min(w, h) < 47.5]
    assert small == []


def test_the_rulings_page_scrolls_to_a_ruling_from_its_anchor(open_tab: OpenTab) -> None:
    tab = open_tab()
    tab.goto("/rulings/#A7")
    ruling = tab.page.locator("#A7")
    expect(ruling).to_be_in_viewport()
    expect(ruling).to_contain_text("Effective Initiative")


def test_an_explanation_link_opens_its_ruling(open_tab: OpenTab) -> None:
    tab = open_tab()
    tab.goto("/azeroth/odds/")
    tab.page.locator("#attack-results a[href='/rulings/#A7']").first.click()
    expect(tab.page).to_have_url(f"{tab.base_url}/rulings/#A7")
    expect(tab.page.locator("#A7")).to_be_in_viewport()
