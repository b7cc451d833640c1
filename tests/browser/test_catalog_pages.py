"""The catalog pages and the odds calculator's unit picker in Chromium: layouts from phone to
tablet, the live search, and picking units from the catalog to fill the attack's profiles."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import Browser, FilePayload, expect

from tests.games.conftest import starter

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
        ("/catalogs/runeage/starter/1.0/", "catalog-runeage"),
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
    tab.goto(AZEROTH + "?q=orc")
    entries = tab.page.get_by_test_id("entry")
    expect(entries).to_have_count(4)  # three orcs and a Sorceress
    tab.page.evaluate("window.__stillTheSamePage = true")

    tab.page.get_by_label("Search this catalog").fill("momentum")

    expect(entries).to_have_count(5)
    expect(tab.page.get_by_test_id("entries-count")).to_contain_text("5 of 22 entries match")
    expect(tab.page).to_have_url(re.compile(r"[?&]q=momentum"))
    assert "orc" not in tab.page.url
    assert tab.page.evaluate("window.__stillTheSamePage") is True
    tab.screenshot("catalog-search-tablet")


def test_the_catalog_list_opens_a_catalog(open_tab: OpenTab) -> None:
    tab = open_tab(*PHONE)
    tab.goto("/catalogs/")
    tab.page.get_by_test_id("catalog-azrah-starter-1.0").click()
    expect(tab.page).to_have_url(re.compile(r"/catalogs/azrah/starter/1\.0/$"))
    expect(tab.page.get_by_test_id("demo-note")).to_contain_text("not official game material")


@pytest.mark.parametrize(("size", "device"), [(TABLET_LANDSCAPE, "tablet"), (PHONE, "phone")])
def test_picking_an_attacker_and_a_defender_fills_their_profiles_and_shows_the_odds(
    open_tab: OpenTab, size: tuple[int, int], device: str
) -> None:
    tab = open_tab(*size)
    tab.goto("/azeroth/odds/")
    page = tab.page
    page.evaluate("window.__stillTheSamePage = true")
    kill = page.get_by_test_id("p-kill")
    before = kill.inner_text()

    page.get_by_label("Attacker: fill from a catalog unit").select_option("thrall-warchief")

    expect(page.get_by_test_id("picked-a")).to_contain_text("Thrall, Warchief of the Horde")
    expect(page.locator("#id_a_atk")).to_have_value("4")
    expect(page.locator("#id_a_str")).to_have_value("6")
    expect(page.locator("#id_a_wnd")).to_have_value("6")
    expect(page.locator("#id_a_db")).to_have_value("2")
    expect(page.locator("input[name=a_skl][value='3']")).to_be_checked()
    expect(page.locator("input[name=a_wpn][value='HW']")).to_be_checked()
    expect(page.locator("input[name=a_wpn][value='SW']")).not_to_be_checked()
    expect(page).to_have_url(re.compile(r"[?&]a_from=thrall-warchief(&|$)"))
    expect(page.get_by_label("Attacker: fill from a catalog unit")).to_have_value("")

    page.get_by_label("Defender: fill from a catalog unit").select_option("tauren-warrior")

    expect(page.get_by_test_id("picked-d")).to_contain_text("Tauren Warrior")
    expect(page.locator("#id_d_tgh")).to_have_value("5")
    expect(page.locator("#id_d_wnd")).to_have_value("4")
    expect(page.locator("input[name=d_wpn][value='SH']")).not_to_be_checked()
    expect(page).to_have_url(re.compile(r"[?&]d_from=tauren-warrior(&|$)"))
    expect(kill).to_have_text(re.compile(r"^[<>]?\d+(\.\d)?%$"))
    expect(kill).not_to_have_text(before)
    assert page.evaluate("window.__stillTheSamePage") is True

    # The filled fields stay editable, and the page says the profile was changed.
    page.locator("#id_a_atk").fill("6")
    expect(page.get_by_test_id("dice")).to_have_text("6")
    expect(page.get_by_test_id("picked-a")).to_contain_text("Thrall")
    expect(page.get_by_test_id("picked-a")).to_contain_text("edited since it was picked")
    expect(page.get_by_test_id("picked-d")).to_contain_text("from the catalog")
    page.locator("#id_a_atk").scroll_into_view_if_needed()
    tab.screenshot(f"odds-unit-picker-{device}")
    if size == PHONE:
        _no_horizontal_scroll(tab)

    # The URL holds the whole state: opening it again shows the same odds.
    shown = kill.inner_text()
    again = open_tab(*size)
    again.goto(page.url.removeprefix(again.base_url))
    expect(again.page.get_by_test_id("p-kill")).to_have_text(shown)
    expect(again.page.locator("#id_a_atk")).to_have_value("6")
    assert tab.foreign_requests() == []


def test_picking_without_javascript_fills_the_profile_after_submitting(
    open_tab: OpenTab, browser: Browser
) -> None:
    tab = open_tab()
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1280, "height": 800}
    )
    try:
        page = context.new_page()
        page.goto(tab.base_url + "/azeroth/odds/")
        page.get_by_label("Defender: fill from a catalog unit").select_option("footman")
        page.get_by_role("button", name="Work out the odds").first.click()
        page.wait_for_load_state("networkidle")
        assert "d_from=footman" in page.url and "d_unit" not in page.url
        expect(page.get_by_test_id("picked-d")).to_contain_text("Footman")
        expect(page.get_by_test_id("p-kill")).to_be_visible()
    finally:
        context.close()


def _json_file(name: str, data: object) -> FilePayload:
    return {"name": name, "mimeType": "application/json", "buffer": json.dumps(data).encode()}


def _sign_in_as_staff(tab: Tab) -> None:
    """Give the tab the session of a signed-in staff user."""
    user = User.objects.create_user("organiser", password="x", is_staff=True)
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    tab.page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": tab.base_url}]
    )


@pytest.mark.parametrize(("size", "device"), [(TABLET_LANDSCAPE, "tablet"), (PHONE, "phone")])
def test_staff_upload_a_bad_file_and_read_every_problem(
    open_tab: OpenTab, size: tuple[int, int], device: str
) -> None:
    tab = open_tab(*size)
    _sign_in_as_staff(tab)
    tab.goto("/catalogs/")
    data = starter("azeroth") | {"slug": "broken", "version": ""}
    data["units"][0]["skl"] = 9
    data["units"][3]["faction"] = "scourge"
    tab.page.get_by_label("Catalog file (JSON)").set_input_files(
        files=_json_file("broken.json", data)
    )
    tab.page.get_by_role("button", name="Import the catalog").click()
    tab.page.wait_for_load_state("networkidle")

    problems = tab.page.get_by_test_id("upload-problems").locator("tbody tr")
    expect(problems).to_have_count(3)
    expect(tab.page.get_by_role("heading", name="Nothing was imported")).to_be_visible()
    _no_horizontal_scroll(tab)
    tab.page.get_by_test_id("upload-problems").scroll_into_view_if_needed()
    tab.screenshot(f"catalogs-upload-problems-{device}")

    good = starter("azuki") | {"slug": "core", "name": "Core set", "demo": False}
    tab.page.get_by_label("Catalog file (JSON)").set_input_files(
        files=_json_file("core.json", good)
    )
    tab.page.get_by_role("button", name="Import the catalog").click()
    expect(tab.page).to_have_url(re.compile(r"/catalogs/azuki/core/1\.0/\?imported=1$"))
    expect(tab.page.get_by_test_id("imported")).to_contain_text("Core set version 1.0")
    expect(tab.page.get_by_test_id("demo-note")).to_have_count(0)


TOUCH_TARGETS = ".site-nav a, .breadcrumbs a, .button, .catalog-link, select, input[type=search]"


@pytest.mark.parametrize("path", ["/catalogs/", AZEROTH])
def test_every_control_is_a_finger_sized_target(open_tab: OpenTab, path: str) -> None:
    tab = open_tab(*PHONE)
    tab.goto(path)
    boxes = tab.page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((el) => el.offsetParent !== null)
            .map((el) => {
                const box = el.getBoundingClientRect();
                return [el.textContent.trim().slice(0, 30), box.width, box.height];
            })""",
        TOUCH_TARGETS,
    )
    assert len(boxes) >= 6
    small = [(text, round(w), round(h)) for text, w, h in boxes if min(w, h) < 47.5]
    assert small == []


def test_the_catalog_page_follows_dark_mode(open_tab: OpenTab) -> None:
    tab = open_tab(color_scheme="dark")
    tab.goto(AZEROTH)
    background = tab.page.evaluate(
        "getComputedStyle(document.querySelector('.entry')).backgroundColor"
    )
    red, green, blue = (int(x) for x in re.findall(r"\d+", background)[:3])
    assert max(red, green, blue) < 60, background
    tab.screenshot("catalog-azeroth-dark")
