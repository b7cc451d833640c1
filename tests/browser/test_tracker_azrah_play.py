"""A whole game of AZRAH in Chromium on two tablets, each player on their own, played through
the board's controls only (counters, the controls the engine lists, a Guardian's "More"):
Mana in Recovery, an ability, damage, a move, a status put on and taken off, an escape, a
forced escape, a defeated Guardian swapped out at once (R101), two swaps and the emergence
order in the End phase, and the defeats that end the game. Each tablet sees the other's
actions within two seconds. Screenshots at 1280x800, 800x1280 and 360x740 are saved under
/tmp/shots/azrah/; at every size nothing scrolls sideways and every button is 48 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, expect

from games.models import Game
from games.tracker import service
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD

from .conftest import TABLET_LANDSCAPE, WAIT_MS, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/azrah")
SYNC_MS = WAIT_MS  # the other tablet polls every second: it catches up within the wait


@pytest.fixture
def table(transactional_db: None) -> Game:
    """Ana (seat 0) and Ben (seat 1), each a player on their own tablet; the host is not
    playing."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    ana = User.objects.create_user("anna", password=PASSWORD)
    ben = User.objects.create_user("benny", password=PASSWORD)
    game = service.create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    service.join(game, ana, game.join_token, 0)
    service.join(game, ben, game.join_token, 1)
    return game


TARGETS = ", ".join(
    f".tr-azrah {part}" for part in ("button", "summary", "select", "input:not([type=hidden])")
)


def _button(tab: Tab, label: str) -> Locator:
    return tab.page.get_by_role("button", name=label, exact=True)


def _recorded(tab: Tab, version: str | None) -> None:
    """Wait until the board shows the game after the action just sent."""
    expect(tab.page.locator("#live")).not_to_have_attribute("data-version", version or "")


def _act(tab: Tab, label: str) -> None:
    """Press the control saying ``label`` and wait for it to be recorded."""
    version = tab.page.locator("#live").get_attribute("data-version")
    _button(tab, label).click()
    _recorded(tab, version)


def _badges(tab: Tab, seat: int, name: str) -> Locator:
    return tab.page.get_by_test_id(f"guardian-{seat}-{name.lower()}").locator(".tr-badges")


def _control(tab: Tab, label: str) -> Locator:
    """The form of the control whose button says ``label``."""
    return tab.page.locator("form.tr-control", has=_button(tab, label))


def _more(tab: Tab, seat: int, name: str) -> None:
    """Open a Guardian's "More"."""
    card = tab.page.get_by_test_id(f"guardian-{seat}-{name.lower()}")
    details = card.locator("details.tr-g-more")
    if details.get_attribute("open") is None:
        card.locator("details.tr-g-more > summary").click()


def _tap(tab: Tab, testid: str, times: int, headline: str) -> None:
    """Tap a counter ``times``, check the pending change, commit it as one action."""
    version = tab.page.locator("#live").get_attribute("data-version")
    button = tab.page.get_by_test_id(testid)
    for _ in range(times):
        button.click()
    pending = tab.page.get_by_test_id("pending")
    expect(pending).to_contain_text(headline)
    pending.get_by_role("button", name="Commit").click()
    expect(tab.page.locator("#pending")).to_be_hidden()
    _recorded(tab, version)


def _count(tab: Tab, testid: str, value: str, timeout: int = 5000) -> None:
    expect(tab.page.get_by_test_id(testid)).to_have_text(value, timeout=timeout)


def test_a_whole_game_on_two_tablets(open_tab: OpenTab, table: Game) -> None:
    page_url = f"/games/{table.pk}/"
    ana = open_tab(*TABLET_LANDSCAPE)
    ana.sign_in("anna", PASSWORD, page_url)
    ben = open_tab(*TABLET_LANDSCAPE)
    ben.sign_in("benny", PASSWORD, page_url)
    for tab, seat in ((ana, 0), (ben, 1)):
        # each tablet shows its own side first
        expect(tab.page.locator(".tr-side").first).to_have_attribute("data-seat", str(seat))
        tab.page.evaluate("window.notReloaded = true")
    expect(ben.page.locator(".tr-azrah button")).not_to_have_count(0)  # Ben may hurt Ana
    expect(ben.page.get_by_test_id("tap-attach_mana-guardian-1-bard")).to_have_count(0)
    ana.at_every_size(SHOTS, "01-start-ana", TARGETS)
    ben.at_every_size(SHOTS, "01-start-ben", TARGETS)

    # Ana's turn 1. Recovery: two Mana on the Oracle, tapped in as one change.
    _tap(ana, "tap-attach_mana-guardian-0-oracle", 2, "x2")
    _count(ana, "mana-0-oracle", "2")
    _act(ana, "End the Recovery phase")
    expect(ana.page.get_by_test_id("phase")).to_have_text("Action phase")
    # Action: the Oracle uses an ability paying one Mana; two damage on Ben's Bard.
    ability = _control(ana, "Oracle uses an ability")
    ability.locator("details.tr-cost > summary").click()  # the cost is folded beside it
    ability.get_by_label("Mana in the cost").fill("1")
    _act(ana, "Oracle uses an ability")
    _count(ana, "mana-0-oracle", "1")
    # Ben may answer it (R105); he lets it go, and Ana resolves it.
    expect(_button(ben, "No response to Oracle's ability")).to_be_visible(timeout=SYNC_MS)
    _act(ben, "No response to Oracle's ability")
    expect(_button(ana, "Resolve Oracle's ability, nothing to record")).to_be_visible(
        timeout=SYNC_MS
    )
    _act(ana, "Resolve Oracle's ability, nothing to record")
    _tap(ana, "tap-deal_damage-guardian-1-bard", 2, "Deal damage x2")
    _count(ana, "damage-1-bard", "2")
    _count(ben, "damage-1-bard", "2", SYNC_MS)
    _act(ana, "Move Alchemist and Dragoon (left and centre)")
    expect(ana.page.locator('[data-seat="0"] .tr-front .tr-g-name').first).to_have_text("Dragoon")
    _more(ana, 1, "Duelist")
    ana.at_every_size(SHOTS, "02-action-ana", TARGETS)
    _act(ana, "Make Ben's Duelist Frozen")
    expect(_badges(ana, 1, "Duelist")).to_contain_text("Frozen")
    _act(ana, "End the Action phase")
    _act(ana, "End the turn")
    expect(ana.page.get_by_test_id("phase")).to_have_text("Recovery phase")

    # Ben's turn 1, on his tablet: the Frozen Duelist and the turn have come across.
    expect(_badges(ben, 1, "Duelist")).to_contain_text("Frozen", timeout=SYNC_MS)
    expect(ben.page.get_by_test_id("turn")).to_contain_text("Ben\u2019s turn")
    _tap(ben, "tap-attach_mana-guardian-1-cleric", 2, "x2")
    _act(ben, "End the Recovery phase")
    _act(ben, "Bard escapes")
    expect(_badges(ben, 1, "Bard")).to_contain_text("Escaping")
    _act(ben, "Remove Frozen from Duelist")
    expect(_badges(ben, 1, "Duelist")).not_to_contain_text("Frozen")
    _tap(ben, "tap-deal_damage-guardian-0-oracle", 2, "Deal damage x2")
    expect(ben.page.get_by_test_id("health-0")).to_have_text("2")

    # Ana swaps her defeated Oracle out at once, on her tablet, during Ben's turn (R101).
    expect(ana.page.get_by_test_id("guardian-0-oracle")).to_contain_text(
        "Defeated", timeout=SYNC_MS
    )
    swap = _control(ana, "Swap Oracle with a back-row ally")
    swap.get_by_label("The back-row Guardian entering").select_option(label="Sentinel")
    ana.at_every_size(SHOTS, "03-defeated-ana", TARGETS)
    _act(ana, "Swap Oracle with a back-row ally")
    expect(ana.page.locator('[data-seat="0"] .tr-front')).to_contain_text("Sentinel")
    expect(ben.page.locator('[data-seat="0"] .tr-front')).to_contain_text(
        "Sentinel", timeout=SYNC_MS
    )

    # Ben's End phase: his escaping Bard swapped; the Cleric forced out and swapped at once
    # (R101), one of the phase's two; then the emergence order.
    _act(ben, "End the Action phase")
    expect(ben.page.get_by_test_id("phase")).to_have_text("End phase")
    _control(ben, "Swap Bard with a back-row ally").get_by_label(
        "The back-row Guardian entering"
    ).select_option(label="Mystic")
    _act(ben, "Swap Bard with a back-row ally")
    expect(ben.page.locator('[data-seat="1"] .tr-front')).to_contain_text("Mystic")
    _more(ben, 1, "Cleric")
    _act(ben, "Force Cleric to escape")
    expect(_badges(ben, 1, "Cleric")).to_contain_text("Escaping")
    _control(ben, "Swap Cleric with a back-row ally").get_by_label(
        "The back-row Guardian entering"
    ).select_option(label="Ranger")
    _act(ben, "Swap Cleric with a back-row ally")
    expect(ben.page.locator('[data-seat="1"] .tr-front')).to_contain_text("Ranger")
    order = _control(ben, "Order the emergence abilities of Mystic, Ranger")
    order.locator("select").nth(0).select_option(label="Ranger")
    order.locator("select").nth(1).select_option(label="Mystic")
    ben.at_every_size(SHOTS, "04-end-phase-ben", TARGETS)
    _act(ben, "Order the emergence abilities of Mystic, Ranger")
    expect(ben.page.get_by_test_id("turn")).to_contain_text("Emergence order: Ranger, Mystic")
    _act(ben, "End the turn")

    # Ana's turn 2: Mana on the Sentinel, then three defeats end the game.
    expect(ana.page.get_by_test_id("turn")).to_contain_text("Ana\u2019s turn", timeout=SYNC_MS)
    expect(ana.page.get_by_test_id("gems-0")).to_have_text("1")
    _tap(ana, "tap-attach_mana-guardian-0-sentinel", 2, "x2")
    _act(ana, "End the Recovery phase")
    for name, hit_points, health, enters in (
        ("Mystic", 2, "2", "Bard"),
        ("Ranger", 3, "1", "Cleric"),
    ):
        _tap(ana, f"tap-deal_damage-guardian-1-{name.lower()}", hit_points, "Deal damage")
        expect(ana.page.get_by_test_id("health-1")).to_have_text(health)
        # Ben swaps the defeated Guardian out at once, on his tablet (R101)
        swap = _control(ben, f"Swap {name} with a back-row ally")
        expect(swap).to_be_visible(timeout=SYNC_MS)
        swap.get_by_label("The back-row Guardian entering").select_option(label=enters)
        _act(ben, f"Swap {name} with a back-row ally")
        expect(ana.page.locator('[data-seat="1"] .tr-front')).to_contain_text(
            enters, timeout=SYNC_MS
        )
    ana.at_every_size(SHOTS, "05-last-blow-ana", TARGETS)
    _tap(ana, "tap-deal_damage-guardian-1-duelist", 4, "Deal damage x4")

    for tab in (ana, ben):
        summary = tab.page.get_by_test_id("summary")
        expect(summary).to_contain_text("Ana wins", timeout=SYNC_MS)
        expect(summary).to_contain_text("health to zero")
        expect(tab.page.locator(".tr-azrah form")).to_have_count(0)  # nothing more to do
        assert tab.page.evaluate("window.notReloaded") is True
        assert tab.foreign_requests() == []
    ana.at_every_size(SHOTS, "06-over-ana", TARGETS)
    ben.at_every_size(SHOTS, "06-over-ben", TARGETS)
    table.refresh_from_db()
    assert table.finished
