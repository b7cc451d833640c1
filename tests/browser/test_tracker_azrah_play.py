"""A whole game of AZRAH in Chromium on two tablets, each player on their own, played through
the board's controls only (counters, the controls the engine lists, the resolve panel, a
Guardian's "More"): Mana in Recovery, abilities as their cards print them resolved with their
damage (R110), a move, a status put on and taken off and a forced escape outside any ability
(an attached card's effect or a correction, R115), an escape, a defeated Guardian swapped out
at once (R101), emergence abilities, two swaps and the emergence order in the End phase, and
the defeats that end the game. Each tablet sees the other's
actions within two seconds. Screenshots at 1280x800, 800x1280 and 360x740 are saved under
/tmp/shots/azrah/; at every size nothing scrolls sideways and every button is 48 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, expect

from games.models import Game
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD

from .conftest import SIZES, TABLET_LANDSCAPE, WAIT_MS, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/azrah")
SYNC_MS = WAIT_MS  # the other tablet polls every second: it catches up within the wait
OUTSIDE = "(card effect or correction)"  # recorded outside an ability's resolution (R115)


@pytest.fixture
def table(transactional_db: None) -> Game:
    """Ana (seat 0) and Ben (seat 1), each a player on their own tablet; the host is not
    playing."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    ana = User.objects.create_user("anna", password=PASSWORD)
    ben = User.objects.create_user("benny", password=PASSWORD)
    game = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    join(game, ana, game.join_token, 0)
    join(game, ben, game.join_token, 1)
    return game


# a target is ticked on its toggle, the label drawn as a large button round a hidden box
TARGETS = ", ".join(
    f".tr-azrah {part}"
    for part in (
        "button",
        "summary",
        "select",
        "label.toggle",
        "input:not([type=hidden]):not([type=checkbox])",
    )
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


def _resolve(tab: Tab, pick: str, amount: int) -> None:
    """Resolve the newest ability with one effect, picked in the resolve panel (R110)."""
    panel = tab.page.get_by_test_id("resolve-panel")
    expect(panel).to_be_visible(timeout=SYNC_MS)
    panel.get_by_test_id("effect-pick-1").select_option(label=pick)
    panel.get_by_test_id("effect-number-1").fill(str(amount))
    version = tab.page.locator("#live").get_attribute("data-version")
    panel.get_by_test_id("resolve-effects").click()
    _recorded(tab, version)


def _outside(tab: Tab, name: str, amount: int) -> None:
    """Deal ``amount`` damage to Ben's ``name`` as an attached card's effect, from its
    "More" (R115)."""
    label = f"Deal damage to Ben's {name} {OUTSIDE}"
    _more(tab, 1, name)
    _control(tab, label).locator('input[type="number"]').fill(str(amount))
    _act(tab, label)


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

    # Ana's turn 1. Recovery: two Mana on the Alchemist, tapped in as one change.
    _tap(ana, "tap-attach_mana-guardian-0-alchemist", 2, "x2")
    _count(ana, "mana-0-alchemist", "2")
    _act(ana, "End the Recovery phase")
    expect(ana.page.get_by_test_id("phase")).to_have_text("Action phase")
    # Action: the Alchemist's Acid on the enemy its arrow points to, paying its printed Mana.
    _act(ana, "Alchemist: Acid")
    _count(ana, "mana-0-alchemist", "1")
    # Ben may answer it (R105); he lets it go, and Ana resolves it with what it did (R110).
    expect(_button(ben, "No response to Alchemist's Acid")).to_be_visible(timeout=SYNC_MS)
    _act(ben, "No response to Alchemist's Acid")
    _resolve(ana, "Damage to Ben's Duelist", 2)
    _count(ana, "damage-1-duelist", "2")
    _count(ben, "damage-1-duelist", "2", SYNC_MS)
    _act(ana, "Move Alchemist and Dragoon (left and centre)")
    expect(ana.page.locator('[data-seat="0"] .tr-front .tr-g-name').first).to_have_text("Dragoon")
    _more(ana, 1, "Duelist")
    ana.at_every_size(SHOTS, "02-action-ana", TARGETS)
    duelist = ana.page.get_by_test_id("guardian-1-duelist")
    expect(duelist.get_by_test_id("outside-1-duelist")).to_be_visible()
    for size, (width, height) in SIZES.items():  # what is offered outside an ability (R115)
        ana.page.set_viewport_size({"width": width, "height": height})
        duelist.scroll_into_view_if_needed()
        duelist.screenshot(path=str(SHOTS / f"02-duelist-more-{size}.png"))
    ana.page.set_viewport_size({"width": TABLET_LANDSCAPE[0], "height": TABLET_LANDSCAPE[1]})
    _act(ana, f"Make Ben's Duelist Frozen {OUTSIDE}")  # an attached card's effect (R115)
    expect(_badges(ana, 1, "Duelist")).to_contain_text("Frozen")
    _act(ana, "End the Action phase")
    _act(ana, "End the turn")
    expect(ana.page.get_by_test_id("phase")).to_have_text("Recovery phase")

    # Ben's turn 1, on his tablet: the Frozen Duelist and the turn have come across.
    expect(_badges(ben, 1, "Duelist")).to_contain_text("Frozen", timeout=SYNC_MS)
    expect(ben.page.get_by_test_id("turn")).to_contain_text("Ben\u2019s turn")
    _tap(ben, "tap-attach_mana-guardian-1-cleric", 2, "x2")
    _act(ben, "End the Recovery phase")
    _more(ben, 1, "Duelist")
    _act(ben, f"Remove Frozen from Duelist {OUTSIDE}")
    expect(_badges(ben, 1, "Duelist")).not_to_contain_text("Frozen")
    _act(ben, "Duelist escapes")
    expect(_badges(ben, 1, "Duelist")).to_contain_text("Escaping")
    # the Bard's Dissonance points straight across at Ana's Oracle; Ana lets it resolve
    _act(ben, "Bard: Dissonance")
    expect(_button(ana, "No response to Bard's Dissonance")).to_be_visible(timeout=SYNC_MS)
    _act(ana, "No response to Bard's Dissonance")
    _resolve(ben, "Damage to Ana's Oracle", 2)
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
    # the Sentinel's emergence ability, let go by Ben, resolves with nothing to record (R106)
    _act(ana, "Sentinel: Stand Guard (emergence)")
    expect(_button(ben, "No response to Sentinel's Stand Guard")).to_be_visible(timeout=SYNC_MS)
    _act(ben, "No response to Sentinel's Stand Guard")
    expect(_button(ana, "Resolve Stand Guard, nothing to record")).to_be_visible(timeout=SYNC_MS)
    _act(ana, "Resolve Stand Guard, nothing to record")

    # Ben's End phase: his escaping Duelist swapped; the Cleric forced out (a correction
    # here) and swapped at once (R101), one of the phase's two; then the emergence order,
    # the allies that came in named where they stand (R116).
    expect(_button(ben, "End the Action phase")).to_be_visible(timeout=SYNC_MS)
    _act(ben, "End the Action phase")
    expect(ben.page.get_by_test_id("phase")).to_have_text("End phase")
    _control(ben, "Swap Duelist with a back-row ally").get_by_label(
        "The back-row Guardian entering"
    ).select_option(label="Mystic")
    _act(ben, "Swap Duelist with a back-row ally")
    expect(ben.page.locator('[data-seat="1"] .tr-front')).to_contain_text("Mystic")
    _more(ben, 1, "Cleric")
    forced = _control(ben, f"Force Cleric to escape {OUTSIDE}")
    forced.locator("select").select_option(label="Correction")
    _act(ben, f"Force Cleric to escape {OUTSIDE}")
    expect(_badges(ben, 1, "Cleric")).to_contain_text("Escaping")
    _control(ben, "Swap Cleric with a back-row ally").get_by_label(
        "The back-row Guardian entering"
    ).select_option(label="Ranger")
    _act(ben, "Swap Cleric with a back-row ally")
    expect(ben.page.locator('[data-seat="1"] .tr-front')).to_contain_text("Ranger")
    order = _control(ben, "Order the emergence abilities of Ranger, Mystic")
    order.locator("select").nth(0).select_option(label="Ranger")
    order.locator("select").nth(1).select_option(label="Mystic")
    ben.at_every_size(SHOTS, "04-end-phase-ben", TARGETS)
    _act(ben, "Order the emergence abilities of Ranger, Mystic")
    expect(ben.page.get_by_test_id("turn")).to_contain_text("Emergence order: Ranger, Mystic")
    _act(ben, "Mystic: Veil (emergence)")
    expect(_button(ana, "No response to Mystic's Veil")).to_be_visible(timeout=SYNC_MS)
    _act(ana, "No response to Mystic's Veil")
    expect(_button(ben, "Resolve Veil, nothing to record")).to_be_visible(timeout=SYNC_MS)
    _act(ben, "Resolve Veil, nothing to record")
    _act(ben, "End the turn")

    # Ana's turn 2: Mana on the Sentinel, then three defeats end the game, each recorded
    # as an attached card's effect (R115).
    expect(ana.page.get_by_test_id("turn")).to_contain_text("Ana\u2019s turn", timeout=SYNC_MS)
    expect(ana.page.get_by_test_id("gems-0")).to_have_text("1")
    _tap(ana, "tap-attach_mana-guardian-0-sentinel", 2, "x2")
    _act(ana, "End the Recovery phase")
    for name, hit_points, health, enters in (
        ("Mystic", 2, "2", "Cleric"),
        ("Ranger", 3, "1", "Duelist"),
    ):
        _outside(ana, name, hit_points)
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
    _outside(ana, "Duelist", 2)

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
