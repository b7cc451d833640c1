"""A stored game the rules of this version refuse an entry of opens in Chromium, at every
size, with a banner above the board naming the entry, and plays on (R210)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import GameSnapshot, GameState
from games.tracker.apply import game_apply
from games.tracker.current import CACHE
from games.tracker.selectors import state_for
from tests.games.tracker.test_stored_states import LONG, _refusable, tightened
from tests.golden.support import FOLDER, open_game, read

from .conftest import PHONE, SCREENSHOTS, OpenTab

pytestmark = pytest.mark.browser


def test_the_table_sees_the_refused_entry_at_every_size_and_plays_on(
    open_tab: OpenTab, transactional_db: None
) -> None:
    document = read(FOLDER / LONG)
    opened = open_game(document)
    game = opened.game
    for account in opened.users.values():
        account.set_password("pw")
        account.save()
    kind, seq = _refusable(opened, document, 100)
    GameState.objects.filter(game=game).delete()
    GameSnapshot.objects.filter(game=game).delete()
    with tightened(document["system"], kind, "Newer rules refuse this."):
        CACHE.clear()
        tab = open_tab()
        tab.sign_in(opened.users["table"].username, "pw", f"/games/{game.pk}/")
        banner = tab.page.get_by_test_id("refused-entry")
        expect(banner).to_contain_text(f"The rules of this version refuse #{seq}")
        expect(banner).to_contain_text("Export the whole recorded game")
        tab.at_every_size(Path(SCREENSHOTS) / "refused-entry", "table", ".tr-banner button")
        phone = open_tab(*PHONE)
        phone.sign_in(opened.users["seat0"].username, "pw", f"/games/{game.pk}/")
        expect(phone.page.get_by_test_id("refused-entry")).to_be_visible()
        phone.fits()
        phone.screenshot("refused-entry/seat0-phone")
        state = state_for(game, opened.access["table"])
        legal = next(a for a in state["legal_actions"] if a["type"] != kind)
        game_apply(
            game=game,
            user=opened.users["table"],
            type=legal["type"],
            payload=legal["payload"],
            seat=legal["seat"],
            expected_version=state["version"],
        )
        expect(tab.page.get_by_test_id("refused-entry")).to_have_count(0)
        expect(tab.page.get_by_test_id(f"log-{len(document['log']) + 1}")).to_contain_text(
            "set aside"
        )
