"""The site's header on every page and every screen, in Chromium: each of its links can be
reached and is wholly on the screen, nothing in it is cut off by its row, and the page never
scrolls sideways. Seen on real screens: on a 360 px phone the game page's header was one row
scrolling sideways with Games, My lists and Sign out off the screen and no sign of them; at
800 px "Sign out" was cut in half."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Locator, Page, expect

from games.models import Game
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD

from .conftest import SCREENSHOTS, SIZES, OpenTab, Tab

pytestmark = pytest.mark.browser

# Every place the header leads to, by the start of its name: the builders sit in the Build
# menu, and the last entry is the account's.
PLACES = [
    ("link", "Home"),
    ("link", "Odds"),
    ("link", "Catalogs"),
    ("link", "Army"),
    ("link", "Deck"),
    ("link", "Roster"),
    ("link", "Games"),
    ("link", "My lists"),
    ("link", "Batch"),
    ("link", "Rulings"),
    ("link", "API"),
]
SIGNED_IN = [*PLACES, ("button", "Sign out")]
SIGNED_OUT = [*PLACES, ("link", "Sign in")]

# Where in the header a box sticks out of an element that cuts off what overflows it, or a
# row is wider than its box (it would scroll, hiding part of a link).
CUT_OFF = """(el) => {
    const problems = [];
    const box = el.getBoundingClientRect();
    const header = el.closest("header");
    for (let up = el.parentElement; up && up !== header.parentElement; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const room = up.getBoundingClientRect();
        if (box.left < room.left - 0.5 || box.right > room.right + 0.5
            || box.top < room.top - 0.5 || box.bottom > room.bottom + 0.5) {
            problems.push(`cut off by ${up.tagName}.${up.className}`);
        }
    }
    return problems;
}"""
ROWS_TOO_WIDE = """(header) => [header, ...header.querySelectorAll("*")]
    .filter((row) => row === header || row.tagName === "NAV"
                     || getComputedStyle(row).overflowX !== "visible")
    .filter((row) => row.checkVisibility() || row === header)
    .filter((row) => row.clientWidth > 1)  // text kept for screen readers only
    .filter((row) => row.scrollWidth > row.clientWidth)
    .map((row) => `${row.tagName}.${row.className}: ${row.scrollWidth} > ${row.clientWidth}`)"""


@pytest.fixture
def table(transactional_db: None) -> Game:
    host = User.objects.create_user("hostess", password=PASSWORD)
    player = User.objects.create_user("benny", password=PASSWORD)
    call_command("load_starter_data", stdout=io.StringIO())
    game = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    join(game, player, game.join_token, 1)
    return game


def _visible(header: Locator, role: str, name: str) -> Locator:
    """The one shown element of the header with this role whose name starts with ``name``."""
    found = header.get_by_role(role, name=re.compile(f"^{re.escape(name)}"))  # type: ignore[arg-type]
    shown = [found.nth(n) for n in range(found.count()) if found.nth(n).is_visible()]
    assert len(shown) == 1, f"{len(shown)} shown elements named {name!r}"
    return shown[0]


def _open_menus(page: Page) -> None:
    """Open whatever the header folds away at this width (its menu, then Build)."""
    header = page.locator("header.site-header")
    for label in ("Menu", "Build"):
        summary = header.locator("summary", has_text=label)
        shown = [summary.nth(n) for n in range(summary.count()) if summary.nth(n).is_visible()]
        for one in shown:
            if one.evaluate("s => !s.parentElement.open"):
                one.click()


def _check_header(tab: Tab, where: str, places: list[tuple[str, str]]) -> None:
    page = tab.page
    viewport = page.viewport_size
    assert viewport is not None
    width, height = viewport["width"], viewport["height"]
    header = page.locator("header.site-header")
    tab.fits()
    assert header.evaluate(ROWS_TOO_WIDE) == [], where
    tab.page.screenshot(path=str(SCREENSHOTS / "header" / f"{where}.png"))
    _open_menus(page)
    tab.page.screenshot(path=str(SCREENSHOTS / "header" / f"{where}-open.png"))
    for role, name in places:
        item = _visible(header, role, name)
        box = item.bounding_box()
        assert box is not None, f"{where}: {name}"
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{where}: {name} at {box}"
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{where}: {name} at {box}"
        assert min(box["width"], box["height"]) >= 47.5, f"{where}: {name} is {box}"
        assert item.evaluate(CUT_OFF) == [], f"{where}: {name}"
    assert header.evaluate(ROWS_TOO_WIDE) == [], where
    tab.fits()


# A tablet held sideways a little narrower than ours: the row of links wraps under the brand.
SCREENS = {**SIZES, "small-landscape": (1024, 768)}


@pytest.mark.parametrize("size", list(SCREENS))
def test_every_header_link_is_on_screen_on_every_page_signed_in(
    open_tab: OpenTab, table: Game, size: str
) -> None:
    (SCREENSHOTS / "header").mkdir(parents=True, exist_ok=True)
    pages = {
        "home": "/",
        "builder": "/azeroth/army/",
        "game": f"/games/{table.pk}/",
        "rulings": "/rulings/",
    }
    tab = open_tab(*SCREENS[size])
    tab.sign_in("hostess", PASSWORD, "/")
    for name, path in pages.items():
        tab.goto(path)
        _check_header(tab, f"{name}-{size}", SIGNED_IN)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_header_link_is_on_screen_signed_out(open_tab: OpenTab, size: str) -> None:
    (SCREENSHOTS / "header").mkdir(parents=True, exist_ok=True)
    tab = open_tab(*SIZES[size])
    for name, path in {"home": "/", "rulings": "/rulings/"}.items():
        tab.goto(path)
        _check_header(tab, f"{name}-signed-out-{size}", SIGNED_OUT)
        expect(tab.page.locator("header.site-header")).not_to_contain_text("Sign out")


def test_the_menu_folds_away_on_a_tap_elsewhere_or_escape(open_tab: OpenTab) -> None:
    tab = open_tab(*SIZES["phone"])
    tab.goto("/rulings/")
    page = tab.page
    menu = page.locator("details.nav-fold")
    menu.locator("summary").click()
    expect(page.get_by_role("link", name="Rulings")).to_be_visible()
    page.mouse.click(180, 700)  # below the open menu, on the page
    expect(menu).not_to_have_attribute("open", "")
    menu.locator("summary").click()
    expect(menu).to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    expect(menu.locator("summary")).to_be_focused()
