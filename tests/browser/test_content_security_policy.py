"""Every page is served under a strict Content-Security-Policy (scripts and styles only from
the site itself, no inline script, no inline style attribute), and Chromium reports no
violation of it on any of the main pages, the tracker's boards included. The API's
documentation has its own policy, and works under it."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import expect

from games.models import Game
from games.registry import tracker
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD

from .conftest import OpenTab, Tab

pytestmark = pytest.mark.browser

PUBLIC_PAGES = [
    "/",
    "/rulings/",
    "/azeroth/odds/?a_unit=starter-swordsman",
    "/azuki/deck/",
    "/azeroth/army/",
    "/azrah/roster/",
    "/catalogs/",
    "/catalogs/azuki/starter/1.0/",
    "/batches/",
    "/accounts/login/",
    "/accounts/signup/",
    "/lists/",
]


@pytest.fixture
def games(transactional_db: None) -> dict[str, Game]:
    host = User.objects.create_user("hostess", password=PASSWORD)
    player = User.objects.create_user("benny", password=PASSWORD)
    call_command("load_starter_data", stdout=io.StringIO())
    colours = ["#aa3311", "#1155cc"]
    azrah = create_game(
        host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP, colours=colours
    )
    join(azrah, player, azrah.join_token, 1)
    azeroth = create_game(
        host=host, system="azeroth", name="Table", setup=tracker("azeroth").example_setup()
    )
    return {"azrah": azrah, "azeroth": azeroth}


def strict(header: str) -> None:
    directives = {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]


def visit(tab: Tab, path: str) -> None:
    response = tab.page.goto(tab.base_url + path)
    assert response is not None and response.ok, path
    strict(response.headers["content-security-policy"])
    tab.page.wait_for_load_state("networkidle")


def test_no_main_page_breaks_the_content_security_policy(
    open_tab: OpenTab, games: dict[str, Game]
) -> None:
    tab = open_tab()
    for path in PUBLIC_PAGES:
        visit(tab, path)

    tab.sign_in("hostess", PASSWORD, "/lists/")
    azrah, azeroth = games["azrah"], games["azeroth"]
    for path in (
        "/lists/",
        "/games/",
        f"/games/{azrah.pk}/",
        f"/games/{azeroth.pk}/",
        f"/games/join/{azeroth.join_token}/",
    ):
        visit(tab, path)
    # A change on the board is swapped in by htmx: the new markup is held to the policy too.
    visit(tab, f"/games/{azrah.pk}/")
    tab.page.get_by_test_id("tap-attach_mana-guardian-0-oracle").click()
    expect(tab.page.get_by_test_id("pending")).to_contain_text("Attach Mana")
    tab.page.wait_for_load_state("networkidle")

    assert tab.csp_violations() == []


def test_the_seat_colours_still_show_under_the_policy(
    open_tab: OpenTab, games: dict[str, Game]
) -> None:
    tab = open_tab()
    tab.sign_in("hostess", PASSWORD, f"/games/{games['azrah'].pk}/")

    border = tab.page.get_by_test_id("side-1").evaluate(
        "el => getComputedStyle(el).borderLeftColor"
    )

    assert border == "rgb(17, 85, 204)"  # #1155cc, Ben's
    assert tab.csp_violations() == []


def test_the_api_documentation_works_under_its_own_policy(open_tab: OpenTab, db: None) -> None:
    tab = open_tab()
    response = tab.page.goto(tab.base_url + "/api/docs/try/")
    assert response is not None and response.ok

    expect(tab.page.locator(".swagger-ui .opblock").first).to_be_visible(timeout=10_000)
    policy = response.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "'unsafe-eval'" not in policy
    assert tab.csp_violations() == []
    assert tab.foreign_requests() == []


def test_the_api_reference_keeps_to_the_pages_policy_with_no_script(
    open_tab: OpenTab, db: None
) -> None:
    tab = open_tab()
    response = tab.page.goto(tab.base_url + "/api/docs/")
    assert response is not None and response.ok

    expect(tab.page.locator(".api-op").first).to_be_visible()
    policy = response.headers["content-security-policy"]
    assert "'unsafe-inline'" not in policy  # the pages' own policy, not the interactive docs'
    assert tab.page.locator("script").count() == 0
    assert tab.csp_violations() == []
    assert tab.foreign_requests() == []


def test_the_catalog_picker_sends_its_form_without_an_inline_handler(
    open_tab: OpenTab, games: dict[str, Game]
) -> None:
    from games.catalogs.service import default_catalog, export_catalog, import_catalog

    catalog = default_catalog("azuki")
    assert catalog is not None
    older = export_catalog(catalog)
    older["version"] = "0.9"
    import_catalog(older)
    tab = open_tab()
    tab.goto("/azuki/deck/")

    tab.page.get_by_test_id("catalog-picker").select_option("starter:0.9")

    tab.page.wait_for_url("**catalog=starter%3A0.9**")
    assert tab.csp_violations() == []
