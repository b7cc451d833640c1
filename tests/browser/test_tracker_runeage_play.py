"""Two rounds of a three-player Rune Age game in Chromium on the table's shared tablet,
started from the setup helper on the games page and played through the board's controls
only: gold played and a unit bought (the Barracks pile counting down), a siege on a Home
Realm with both sides playing in turn, the event phase drawing an enemy, a battle against
that enemy with the attrition die rolled by the app and recorded, and a second event phase.
Screenshots at 1280x800, 800x1280 and 360x740 are saved under /tmp/shots-runeage-tracker/;
at every size nothing scrolls sideways and every control is 48 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, expect

from games.models import Game
from tests.games.tracker.support import PASSWORD

from .conftest import TABLET_LANDSCAPE, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-runeage-tracker")
TARGETS = ", ".join(
    f".tr-runeage {part}" for part in ("button", "summary", "select", "input:not([type=hidden])")
)


@pytest.fixture
def host(transactional_db: None) -> User:
    return User.objects.create_user("hostess", password=PASSWORD)


def _button(tab: Tab, label: str) -> Locator:
    return tab.page.get_by_role("button", name=label, exact=True)


def _act(tab: Tab, label: str, *, within: Locator | None = None) -> None:
    """Press the control saying ``label`` and wait until the game has moved on."""
    version = tab.page.locator("#live").get_attribute("data-version")
    scope = within if within is not None else tab.page
    scope.get_by_role("button", name=label, exact=True).click()
    expect(tab.page.locator("#live")).not_to_have_attribute("data-version", version or "")


def _control(tab: Tab, label: str) -> Locator:
    return tab.page.locator("form.tr-control", has=_button(tab, label))


def test_two_rounds_with_a_siege_and_a_battle_against_an_enemy(
    open_tab: OpenTab, host: User
) -> None:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("hostess", PASSWORD, "/games/")
    page = tab.page
    helper = page.get_by_test_id("new-runeage")
    tab.at_every_size(
        SHOTS, "00-setup-helper", "#new-runeage button, #new-runeage select, #new-runeage .toggle"
    )
    for index, (name, race) in enumerate(
        (("Ana", "Daqan Lords"), ("Ben", "Latari Elves"), ("Cleo", "Uthuk Y'llan"))
    ):
        helper.locator(f"#id_ra-player_{index}").fill(name)
        helper.locator(f"#id_ra-race_{index}").select_option(label=race)
    helper.get_by_test_id("start-runeage").click()
    page.wait_for_url("**/games/*/")
    table = Game.objects.get()
    assert table.system == "runeage" and table.setup["scenario"] == "dragonlords"
    expect(page.get_by_test_id("round")).to_have_text("Round 1")
    expect(page.get_by_test_id("phase")).to_contain_text("Ana's turn")
    expect(page.get_by_test_id("events-left")).to_have_text("10")
    expect(page.get_by_test_id("pile-1-gold")).to_contain_text("4")
    setup = page.get_by_test_id("setup")
    expect(setup).to_contain_text("Gold piles: 19 1-gold, 12 2-gold, 8 3-gold")
    expect(setup).to_contain_text("Stage 1 (5) on Stage 2 (5)")
    tab.at_every_size(SHOTS, "01-start", TARGETS)

    # Ana plays two 1-gold cards and buys a 2-cost unit: the spending is shown.
    _act(tab, "Play a gold card")
    expect(page.get_by_test_id("pool")).to_contain_text("1 gold")
    _act(tab, "Play a gold card")
    _act(tab, "Buy Shieldwall Sergeant (2 gold)")
    expect(page.get_by_test_id("gold-spent")).to_have_text("2")
    expect(page.get_by_test_id("deck-0")).to_have_text("9")
    _act(tab, "End the turn (discard, draw up to five)")

    # Ben besieges Ana's Home Realm: they play in turn, Ana passes, Ben wins by 2.
    expect(page.get_by_test_id("phase")).to_contain_text("Ben's turn")
    _act(tab, "Attack Ana's Home Realm")
    combat = page.get_by_test_id("combat")
    expect(combat).to_contain_text("Siege: Ana's Home Realm")
    _act(tab, "Play a card", within=combat)  # Ben: Grove Scout
    expect(combat).to_contain_text("Ana plays next")
    _act(tab, "Play a card", within=combat)  # Ana: Levy Spearman
    _act(tab, "Play a card", within=combat)  # Ben
    tab.at_every_size(SHOTS, "02-siege", TARGETS)
    _act(tab, "Pass (play no more cards)", within=combat)  # Ana passes
    _act(tab, "Play a card", within=combat)  # Ben plays on alone
    _act(tab, "Pass (play no more cards)", within=combat)
    expect(page.get_by_test_id("attack-total")).to_have_text("3")
    expect(page.get_by_test_id("defence-total")).to_have_text("1")
    # Conduct a Siege, step 3: Ben's Resolution abilities, then Ana's, then the result
    expect(combat.get_by_test_id("to-play")).to_contain_text("Ben applies Resolution abilities")
    _act(tab, "Done with Resolution abilities", within=combat)
    expect(combat.get_by_test_id("to-play")).to_contain_text("Ana applies Resolution abilities")
    tab.at_every_size(SHOTS, "02b-siege-resolution", TARGETS)
    _act(tab, "Done with Resolution abilities", within=combat)
    _act(tab, "Resolve the combat")
    expect(page.get_by_test_id("damage-0")).to_contain_text("2")
    _act(tab, "End the turn (discard, draw up to five)")
    _act(tab, "End the turn (discard, draw up to five)")  # Cleo

    # The event phase: Ana draws Cinder Drake, an enemy that stays in play.
    expect(page.get_by_test_id("phase")).to_have_text("Event phase")
    tab.at_every_size(SHOTS, "03-event-phase", TARGETS)
    draw = _control(tab, "Draw the event (Stage 1, 10 left)")
    draw.get_by_label("Event").select_option(label="Cinder Drake")
    _act(tab, "Draw the event (Stage 1, 10 left)")
    expect(page.get_by_test_id("enemies")).to_contain_text("Cinder Drake")
    expect(page.get_by_test_id("events-left")).to_have_text("9")
    # Attrition Die: the card drawn and the enemy in play say they carry the icon, and what
    # that means.
    marks = page.get_by_test_id("events").get_by_test_id("attrition")
    expect(marks).to_have_count(3)  # the card drawn, the enemy in play, the objective
    expect(marks.first).to_contain_text("Attrition die icon x1: whoever battles it rolls")
    tab.at_every_size(SHOTS, "03b-event-drawn-attrition", TARGETS)
    _act(tab, "End the event phase")

    # Round 2: Ana battles Cinder Drake; the app rolls the attrition die.
    expect(page.get_by_test_id("round")).to_have_text("Round 2")
    _act(tab, "Attack Cinder Drake (strength 6)")
    combat = page.get_by_test_id("combat")
    for _ in range(3):
        _act(tab, "Play a card", within=combat)
    page.get_by_test_id("combat-more").locator("summary").click()
    other = _control(tab, "Play a card not in the list")
    other.get_by_label("Name").fill("Hired Ogre")
    other.get_by_label("Strength").fill("9")
    _act(tab, "Play a card not in the list")
    expect(page.get_by_test_id("attack-total")).to_have_text("12")
    _act(tab, "Pass (play no more cards)", within=combat)
    tab.at_every_size(SHOTS, "04-attrition", TARGETS)
    _act(tab, "Roll for us", within=combat)
    rolled = page.get_by_test_id("rolls")
    expect(rolled).to_contain_text("Attrition die:")
    skulls = {"blank": 0, "skull": 1, "two skulls": 2}[rolled.inner_text().split(":", 1)[1].strip()]
    for _ in range(skulls):
        _act(tab, "Destroy a unit for the skull", within=combat)
    expect(page.get_by_test_id("attack-total")).to_have_text(str(12 - skulls))
    _act(tab, "Resolve the combat")
    expect(page.get_by_test_id("in-play-0")).to_contain_text("Cinder Drake")
    history = page.locator(".tr-history")
    expect(history).to_contain_text("rolls the attrition die")
    _act(tab, "End the turn (discard, draw up to five)")
    _act(tab, "End the turn (discard, draw up to five)")
    _act(tab, "End the turn (discard, draw up to five)")
    draw = _control(tab, "Draw the event (Stage 1, 9 left)")
    draw.get_by_label("Event").select_option(label="Bountiful Harvest")
    _act(tab, "Draw the event (Stage 1, 9 left)")
    _act(tab, "End the event phase")
    expect(page.get_by_test_id("round")).to_have_text("Round 3")
    expect(page.get_by_test_id("setup")).to_have_count(0)  # the table is laid out by now
    tab.at_every_size(SHOTS, "05-round-3", TARGETS)
    assert tab.foreign_requests() == []
    assert tab.csp_violations() == []


REMINDER_SHOTS = Path("/tmp/shots-runeage13")


def test_an_instant_attacking_until_repelled_is_shown_repelled_and_gone(
    open_tab: OpenTab, host: User
) -> None:
    """Conduct a Battle: Defend Against an Instant Card; R197. Scorched Fields beats Ana and
    moves on to Ben, each tablet half saying who battles it now and who next; Ben repels it
    and it leaves play: Cleo's half never shows it, and the reminders are gone. Then an
    instant lasting during the next round is announced in the round's box."""
    from games.tracker.lifecycle import create_game
    from referee.rules.runeage.system import RUNE_AGE

    table = create_game(
        host=host, system="runeage", name="Rune Age", setup=RUNE_AGE.example_setup()
    )
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("hostess", PASSWORD, f"/games/{table.pk}/")
    page = tab.page
    for _ in range(3):
        _act(tab, "End the turn (discard, draw up to five)")
    draw = _control(tab, "Draw the event (Stage 1, 10 left)")
    draw.get_by_label("Event").select_option(label="Scorched Fields")
    _act(tab, "Draw the event (Stage 1, 10 left)")
    expect(page.get_by_test_id("drawn")).to_contain_text("attacks Home Realms until repelled")
    expect(page.get_by_test_id("reminders-0")).to_contain_text(
        "Scorched Fields (strength 4) is attacking Ana's Home Realm: Ana battles it now. "
        "It stops once a player repels it."
    )
    expect(page.get_by_test_id("reminders-1")).to_contain_text(
        "Scorched Fields attacks Ben's Home Realm next unless Ana repels it first."
    )
    expect(page.get_by_test_id("reminders-2")).to_contain_text("unless Ana or Ben repels it")
    tab.at_every_size(REMINDER_SHOTS, "01-instant-attacks", TARGETS)

    combat = page.get_by_test_id("combat")
    _act(tab, "Pass (play no more cards)", within=combat)
    _act(tab, "Resolve the combat")
    expect(page.get_by_test_id("damage-0")).to_contain_text("4")
    expect(page.get_by_test_id("reminders-0")).to_have_count(0)
    expect(page.get_by_test_id("reminders-1")).to_contain_text("Ben battles it now")
    page.get_by_test_id("combat-more").locator("summary").click()
    other = _control(tab, "Play a card not in the list")
    other.get_by_label("Name").fill("Hired Ogre")
    other.get_by_label("Strength").fill("4")
    _act(tab, "Play a card not in the list")
    tab.at_every_size(REMINDER_SHOTS, "02-ben-defends", TARGETS)
    _act(tab, "Pass (play no more cards)", within=combat)
    _act(tab, "Resolve the combat")

    # Repelled: it has left play; Cleo is never attacked.
    expect(page.get_by_test_id("combat")).to_have_count(0)
    expect(page.locator("[data-testid^=reminders]")).to_have_count(0)
    expect(page.get_by_test_id("damage-1")).to_contain_text("0")
    expect(page.get_by_test_id("damage-2")).to_contain_text("0")
    tab.at_every_size(REMINDER_SHOTS, "03-repelled-and-gone", TARGETS)
    _act(tab, "End the event phase")
    expect(page.get_by_test_id("round")).to_have_text("Round 2")

    # Instant Event Cards, R196: an instant for the next round, announced, then in effect.
    for _ in range(3):
        _act(tab, "End the turn (discard, draw up to five)")
    draw = _control(tab, "Draw the event (Stage 1, 9 left)")
    draw.get_by_label("Event").select_option(label="Bountiful Harvest")
    _act(tab, "Draw the event (Stage 1, 9 left)")
    expect(page.get_by_test_id("reminders-next")).to_contain_text(
        "Bountiful Harvest takes effect during the next round, round 3"
    )
    expect(page.get_by_test_id("lasting")).to_contain_text("in effect during round 3")
    tab.at_every_size(REMINDER_SHOTS, "04-next-round", TARGETS)
    _act(tab, "End the event phase")
    expect(page.get_by_test_id("reminders-now")).to_contain_text(
        "Bountiful Harvest is in effect during this round"
    )
    assert tab.foreign_requests() == []
    assert tab.csp_violations() == []
