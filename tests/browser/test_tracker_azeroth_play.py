"""A game of Azeroth at War in Chromium on two tablets, each player on their own, played
through the board's controls only, to its end: the edge roll-off typed in, each Warlord
nominated in secret, the stages ended, activations begun and ended from the models' cards,
an ability let go off and one Spell Blocked and Dispelled, Wounds tapped off with minus and one
given back with plus, a Morale fact ticked, and the enemy Warlord slain, which ends an
Assassination game at once. Each tablet sees the other's actions within two seconds.
Screenshots at 1280x800, 800x1280 and 360x740 are saved under /tmp/shots/azeroth/; at every
size nothing scrolls sideways and every control is at least 48 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, expect

from games.models import Game
from games.tracker.lifecycle import create_game, join
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from tests.games.tracker.support import PASSWORD
from tests.rules.azeroth.tracker_game import setup

from .conftest import TABLET_LANDSCAPE, WAIT_MS, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/azeroth")
SYNC_MS = WAIT_MS  # the other tablet polls every second: it catches up within the wait


@pytest.fixture
def table(transactional_db: None) -> Game:
    """Ana (seat 0, the Horde) and Ben (seat 1, the Alliance) in Assassination, each a
    player on their own tablet; the host is not playing."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    ana = User.objects.create_user("anna", password=PASSWORD)
    ben = User.objects.create_user("benny", password=PASSWORD)
    data = AZEROTH.setup_to_json(setup(Scenario.ASSASSINATION))
    game = create_game(host=host, system="azeroth", name="Horde v Alliance", setup=data)
    join(game, ana, game.join_token, 0)
    join(game, ben, game.join_token, 1)
    return game


BOARD = "[data-testid=azeroth-board]"
TARGETS = ", ".join(
    f"{BOARD} {part}"
    for part in (
        "button",
        "summary",
        "select",
        "input:not([type=hidden]):not([type=checkbox])",
        ".toggle",
        "a",
    )
)


def _button(tab: Tab, label: str) -> Locator:
    return tab.page.get_by_role("button", name=label, exact=True)


def _recorded(tab: Tab, version: str | None) -> None:
    """Wait until the board shows the game after the action just sent."""
    expect(tab.page.locator("#live")).not_to_have_attribute("data-version", version or "")


def _version(tab: Tab) -> str | None:
    return tab.page.locator("#live").get_attribute("data-version")


def _caught_up(tab: Tab, other: Tab) -> None:
    """Wait until ``tab`` shows the version ``other`` shows (it polls every second)."""
    expect(tab.page.locator("#live")).to_have_attribute(
        "data-version", _version(other) or "", timeout=SYNC_MS
    )


def _act(tab: Tab, label: str) -> None:
    """Press the control saying ``label`` and wait for it to be recorded."""
    version = _version(tab)
    _button(tab, label).click()
    _recorded(tab, version)


def _control(tab: Tab, label: str) -> Locator:
    """The form of the control whose button says ``label``."""
    return tab.page.locator("form.tr-control", has=_button(tab, label))


def _more(tab: Tab, seat: int, model_id: str) -> None:
    """Open a model card's "More"."""
    details = tab.page.get_by_test_id(f"model-{seat}-{model_id}").locator(
        "details.az-more-controls"
    )
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def _tap(tab: Tab, testid: str, times: int, headline: str) -> None:
    """Tap a counter ``times``, check the pending change, commit it as one action."""
    version = _version(tab)
    button = tab.page.get_by_test_id(testid)
    for _ in range(times):
        button.click()
    pending = tab.page.get_by_test_id("pending")
    expect(pending).to_contain_text(headline)
    pending.get_by_role("button", name="Commit").click()
    expect(tab.page.locator("#pending")).to_be_hidden()
    _recorded(tab, version)


def _wounds(tab: Tab, seat: int, model_id: str, value: str, timeout: int = 5000) -> None:
    expect(tab.page.get_by_test_id(f"wounds-{seat}-{model_id}")).to_have_text(
        value, timeout=timeout
    )


def test_an_assassination_game_on_two_tablets(open_tab: OpenTab, table: Game) -> None:
    page_url = f"/games/{table.pk}/"
    ana = open_tab(*TABLET_LANDSCAPE)
    ana.sign_in("anna", PASSWORD, page_url)
    ben = open_tab(*TABLET_LANDSCAPE)
    ben.sign_in("benny", PASSWORD, page_url)
    for tab, seat in ((ana, 0), (ben, 1)):
        # each tablet shows its own side first, and nothing is loaded from elsewhere
        expect(tab.page.locator(".tr-side").first).to_have_attribute("data-seat", str(seat))
        assert tab.foreign_requests() == []
    expect(ana.page.get_by_test_id("stage")).to_have_text("Deployment stage")
    # each die of the roll-off says whose it is
    dice = ana.page.get_by_test_id("control-edge_roll_off").locator(".tr-die > span")
    expect(dice).to_have_text(["Ana's die", "Ben's die"])
    # a player nominates only on their own side
    expect(ana.page.locator('[data-seat="1"] form.tr-control')).to_have_count(0)
    ana.at_every_size(SHOTS, "01-deployment-ana", TARGETS)

    # The edge roll-off, typed in on Ana's tablet: Ana 2, Ben 5, so Ben chooses the edge.
    ana.page.get_by_label("Ana's die").fill("2")
    ana.page.get_by_label("Ben's die").fill("5")
    _act(ana, "Roll off for the table edge")
    expect(ana.page.get_by_test_id("edge-chooser")).to_have_text("Ben")
    expect(ben.page.get_by_test_id("edge-chooser")).to_have_text("Ben", timeout=SYNC_MS)

    # Each nominates a Warlord in secret, on their own tablet.
    _control(ana, "Nominate your Warlord in secret").get_by_role("combobox").select_option(
        label="Warchief"
    )
    _act(ana, "Nominate your Warlord in secret")
    expect(ana.page.get_by_test_id("warlord-0")).to_have_text("Warlord: Warchief")
    _caught_up(ben, ana)
    _control(ben, "Nominate your Warlord in secret").get_by_role("combobox").select_option(
        label="Paladin"
    )
    _act(ben, "Nominate your Warlord in secret")
    expect(ben.page.get_by_test_id("warlord-1")).to_have_text("Warlord: Paladin")
    expect(ana.page.get_by_test_id("warlord-1")).to_have_text("Warlord: secret", timeout=SYNC_MS)
    expect(ana.page.get_by_test_id("model-1-paladin-1")).not_to_contain_text("Warlord")

    _act(ana, "End deployment and begin round 1")
    expect(ana.page.get_by_test_id("stage")).to_have_text("Mana stage")
    expect(ana.page.get_by_test_id("mana-0")).to_have_text("5")
    _act(ana, "End the Mana stage")
    expect(ben.page.get_by_test_id("next")).to_have_text("Ben activates next", timeout=SYNC_MS)
    _caught_up(ben, ana)

    # Ben activates his Sorceress from her card and casts Slow; Ana lets it go off.
    card = ben.page.get_by_test_id("model-1-sorceress-1")
    version = _version(ben)
    card.get_by_role("button", name="Activate Sorceress", exact=True).click()
    _recorded(ben, version)
    expect(ben.page.get_by_test_id("activating")).to_contain_text("Ben\u2019s Sorceress")
    _act(ben, "Sorceress uses Slow (1 Mana)")
    pending = ana.page.get_by_test_id("pending-ability")
    expect(pending).to_contain_text("Slow", timeout=SYNC_MS)
    expect(pending.get_by_role("button", name="Dispel Slow (2 Mana)")).to_be_visible()
    _caught_up(ana, ben)
    ana.at_every_size(SHOTS, "02-answer-ana", TARGETS)
    _act(ana, "No answer: let Sorceress's Slow go off")
    expect(ana.page.get_by_test_id("pending-ability")).to_contain_text("Not answered: it goes off")
    expect(ben.page.get_by_test_id("pending-ability")).to_contain_text(
        "Not answered: it goes off", timeout=SYNC_MS
    )
    _caught_up(ben, ana)
    _act(ben, "End Sorceress's activation")
    expect(ben.page.get_by_test_id("activating")).to_have_count(0)
    expect(ana.page.get_by_test_id("next")).to_have_text("Ana activates next", timeout=SYNC_MS)
    _caught_up(ana, ben)

    # Ana's Warchief casts Bloodlust: Ben's Spell Block fails, his Dispel cancels it.
    _act(ana, "Activate Warchief")
    _act(ana, "Warchief uses Bloodlust (2 Mana)")
    block = _control(ben, "Sorceress tries a Spell Block against Bloodlust")
    expect(block).to_be_visible(timeout=SYNC_MS)
    _caught_up(ben, ana)
    block.get_by_test_id("input-spell_block-roll-1").fill("2")
    _act(ben, "Sorceress tries a Spell Block against Bloodlust")
    expect(ben.page.get_by_test_id("pending-ability")).to_contain_text("Spell Block: failed")
    ben.page.get_by_test_id("input-dispel-roll-1").fill("5")
    ben.at_every_size(SHOTS, "03-dispel-ben", TARGETS)
    _act(ben, "Dispel Bloodlust (2 Mana)")
    expect(ana.page.get_by_test_id("pending-ability")).to_contain_text(
        "It does not go off", timeout=SYNC_MS
    )

    # Ana taps three Wounds off Ben's Paladin; Ben gives one back with "+".
    _tap(ana, "wounds-minus-1-paladin-1", 3, "Damage x3")
    _wounds(ana, 1, "paladin-1", "2")
    _wounds(ben, 1, "paladin-1", "2", SYNC_MS)
    _caught_up(ben, ana)
    _tap(ben, "wounds-plus-1-paladin-1", 1, "Heal x1")
    _wounds(ana, 1, "paladin-1", "3", SYNC_MS)
    _caught_up(ana, ben)

    # A Morale fact, ticked in the Orc Grunt's "More" on Ana's tablet.
    _more(ana, 0, "grunt-1")
    facts = _control(ana, "Record what is near your Orc Grunt 1 for Morale")
    facts.locator("label.toggle", has_text="An enemy with Fear within 6").click()
    ana.at_every_size(SHOTS, "04-more-ana", TARGETS)
    _act(ana, "Record what is near your Orc Grunt 1 for Morale")
    expect(ana.page.get_by_test_id("model-0-grunt-1")).to_contain_text("Fear nearby")
    _act(ana, "End Warchief's activation")

    # The rest activate in turn, each on its player's tablet, and the stage ends.
    bens = ["Paladin", "Gryphon Rider", "Skeleton", "Footman 1", "Footman 2"]
    anas = ["Shaman", "Troll", "Shieldbearer", "Orc Grunt 1", "Orc Grunt 2"]
    for bens_model, anas_model in zip(bens, anas, strict=True):
        _caught_up(ben, ana)
        _act(ben, f"Activate {bens_model}")
        _caught_up(ana, ben)
        _act(ana, f"Activate {anas_model}")
    expect(ana.page.get_by_test_id("next")).to_have_text("Every model has activated")
    _act(ana, "End the Activation stage")
    expect(ana.page.get_by_test_id("stage")).to_have_text("Morale stage")

    # The Paladin lost three Wounds this round (the one given back still counts): Ben
    # rolls its Morale test on its card, 6 and 6, and it routs.
    expect(ben.page.get_by_test_id("test-1-paladin-1")).to_contain_text("test due", timeout=SYNC_MS)
    _caught_up(ben, ana)
    ben.page.get_by_test_id("input-morale_test-model-1-paladin-1-rolls-1").fill("6")
    ben.page.get_by_test_id("input-morale_test-model-1-paladin-1-rolls-2").fill("6")
    ben.page.get_by_test_id("model-1-paladin-1").scroll_into_view_if_needed()
    ben.at_every_size(SHOTS, "05-morale-ben", TARGETS)
    _act(ben, "Morale test for your Paladin")
    expect(ben.page.get_by_test_id("status-1-paladin-1")).to_have_text("Routing")

    # The routing Paladin, Ben's Warlord, flees off the table: slain, and an Assassination
    # game ends at once (R68).
    _act(ben, "Your Paladin flees off the table")
    for tab in (ana, ben):
        summary = tab.page.get_by_test_id("azeroth-summary")
        expect(summary).to_contain_text("Ana wins", timeout=SYNC_MS)
        expect(tab.page.get_by_test_id("stage")).to_have_text("Game over")
        expect(tab.page.locator("[data-testid=azeroth-board] form")).to_have_count(0)
    expect(ana.page.get_by_test_id("warlord-1")).to_have_text("Warlord: Paladin")
    ana.at_every_size(SHOTS, "06-over-ana", TARGETS)
    ben.at_every_size(SHOTS, "06-over-ben", TARGETS)
    for tab in (ana, ben):
        assert tab.foreign_requests() == []
