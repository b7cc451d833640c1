"""A request to undo between two tablets in Chromium: Ana asks, from the history, to undo
Ben's action; Ben's tablet shows the request at the top within two seconds without
reloading; Ben accepts, and both tablets show the action undone and the answer in the
history. Nothing is loaded from another host."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD

from .conftest import TABLET_LANDSCAPE, WAIT_MS, OpenTab

pytestmark = pytest.mark.browser

SYNC_MS = WAIT_MS  # the other tablet polls every second: it catches up within the wait


@pytest.fixture
def table(transactional_db: None) -> Game:
    """Ana (``annie``, seat 0) v Ben (``benny``, seat 1), the host at no seat; #1 is Ben's:
    1 damage to Ana's Oracle."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    ann = User.objects.create_user("annie", password=PASSWORD)
    ben = User.objects.create_user("benny", password=PASSWORD)
    game = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    join(game, ann, game.join_token, 0)
    join(game, ben, game.join_token, 1)
    game_apply(
        game=Game.objects.get(pk=game.pk),
        user=ben,
        type="deal_damage",
        payload={"seat": 0, "guardian": "Oracle", "amount": 1},
        expected_version=0,
    )
    return game


def test_ana_asks_ben_accepts_and_both_tablets_show_it(open_tab: OpenTab, table: Game) -> None:
    page_url = f"/games/{table.pk}/"
    ana = open_tab(*TABLET_LANDSCAPE)
    ana.sign_in("annie", PASSWORD, page_url)
    ben = open_tab(*TABLET_LANDSCAPE)
    ben.sign_in("benny", PASSWORD, page_url)
    for tab in (ana, ben):
        tab.page.evaluate("window.notReloaded = true")
        expect(tab.page.get_by_test_id("damage-0-oracle")).to_have_text("1")

    # Ana may not undo Ben's action; she asks.
    expect(ana.page.get_by_role("button", name="Undo #1", exact=True)).to_have_count(0)
    ana.page.get_by_role("button", name="Ask to undo #1").click()
    expect(ana.page.get_by_test_id("undo-request-2")).to_contain_text("waiting for Ben")
    expect(ana.page.get_by_test_id("asked-1")).to_be_visible()

    # Ben's tablet shows the request at the top of the table within two seconds.
    asked = ben.page.get_by_test_id("undo-request-2")
    expect(asked).to_contain_text("Ana asks to undo #1", timeout=SYNC_MS)
    expect(asked).to_contain_text("Oracle takes 1 damage")
    ben.screenshot("tracker-undo-request-asked-tablet")
    asked.get_by_role("button", name="Accept").click()

    # Both tablets show #1 undone and Ben's answer, Ana's within two seconds.
    expect(ben.page.get_by_test_id("damage-0-oracle")).to_have_text("0")
    expect(ana.page.get_by_test_id("damage-0-oracle")).to_have_text("0", timeout=SYNC_MS)
    for tab in (ana, ben):
        expect(tab.page.get_by_test_id("log-1").locator("s")).to_contain_text("Oracle")
        expect(tab.page.get_by_test_id("log-3")).to_contain_text("Ben accepts: #1 is undone")
        expect(tab.page.get_by_test_id("log-2")).to_contain_text("accepted in #3")
        expect(tab.page.get_by_test_id("undo-requests")).to_have_count(0)
        assert tab.page.evaluate("window.notReloaded") is True
        assert tab.foreign_requests() == []
    ana.screenshot("tracker-undo-request-accepted-tablet")
