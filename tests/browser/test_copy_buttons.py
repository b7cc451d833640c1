"""The Copy buttons of static/js/copy.js, the one script behind each of them: the host's
player link on the table page, and a saved list's share link on "My lists"."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.lists.service import save_list
from games.models import Game
from games.tracker.lifecycle import create_game
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD
from tests.lists.support import load_starter, payload

from .conftest import OpenTab, Tab

pytestmark = pytest.mark.browser


def _clipboard(tab: Tab) -> str:
    return str(tab.page.evaluate("navigator.clipboard.readText()"))


def _signed_in(open_tab: OpenTab, then: str) -> Tab:
    tab = open_tab()
    tab.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab.sign_in("hostess", PASSWORD, then)
    return tab


@pytest.mark.django_db(transaction=True)
def test_the_host_copies_the_player_link_of_a_game(open_tab: OpenTab) -> None:
    host = User.objects.create_user("hostess", password=PASSWORD)
    game: Game = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    tab = _signed_in(open_tab, f"/games/{game.pk}/")
    link = tab.page.locator("#join-url").input_value()

    button = tab.page.locator('[data-testid="join-link"] button[data-copy]')
    button.click()

    expect(button).to_have_text("Copied")
    assert _clipboard(tab) == link and link.endswith(f"/games/join/{game.join_token}/")
    expect(button).to_have_text("Copy")  # it says so for a moment only


@pytest.mark.django_db(transaction=True)
def test_a_player_copies_the_share_link_of_a_saved_list(open_tab: OpenTab) -> None:
    host = User.objects.create_user("hostess", password=PASSWORD)
    load_starter("azrah")
    saved = save_list(owner=host, system="azrah", name="Dawn party", payload=payload("azrah"))
    tab = _signed_in(open_tab, "/lists/")
    tab.page.get_by_role("button", name="Share").first.click()
    tab.page.wait_for_load_state("networkidle")
    link = tab.page.locator(f"#share-{saved.pk}").input_value()

    tab.page.get_by_role("button", name="Copy link").click()

    expect(tab.page.get_by_role("button", name="Copied")).to_be_visible()
    assert _clipboard(tab) == link and "/lists/shared/" in link
