"""Azuki TCG in Chromium on two tablets, each player on their own, through the board's
controls only: both keep their hands, the turns pass (draw, IKZ, untap), Ana plays a Charge
entity and attacks with it, every combat step prompted on the tablet whose step it is, the
damage previewed before it is resolved; then Ben's Leader falls to 0. In another game the
Hound attacks twice: once on the Leader, the damage dealt reported once, then blocked by
Ben's Defender, which survives with its damage while the Hound takes the Defender's Attack
back. A third game, with practice decks of 8 cards sent through the API (R150), ends when
Ben must draw from an empty deck. A full Garden fits a 360 px phone, each damage control
inside its card. Screenshots at 1280x800, 800x1280 and 360x740 are saved under
/tmp/shots/azuki/; at every size nothing scrolls sideways and every button is 48 px."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, expect

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.lifecycle import create_game, join
from referee.rules.azuki.system import AZUKI
from tests.games.tracker.support import PASSWORD

from .conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, OpenTab, Tab
from .conftest import SMALL_TARGETS as SMALL_TARGETS_SCRIPT

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/azuki")
SYNC_MS = 6000  # the other tablet sees a change within a few polls, on a busy machine too
TARGETS = ", ".join(
    f".tr-azuki {part}" for part in ("button", "summary", "select", "input:not([type=hidden])")
)


def _table(setup: dict[str, Any], name: str) -> Game:
    """Ana (seat 0) and Ben (seat 1), each a player on their own tablet."""
    host = User.objects.create_user(f"host-{name}", password=PASSWORD)
    ana = User.objects.create_user(f"anna-{name}", password=PASSWORD)
    ben = User.objects.create_user(f"benny-{name}", password=PASSWORD)
    game = create_game(host=host, system="azuki", name="Ana v Ben", setup=setup)
    join(game, ana, game.join_token, 0)
    join(game, ben, game.join_token, 1)
    return game


def _button(tab: Tab, label: str) -> Locator:
    return tab.page.get_by_role("button", name=label, exact=True)


def _act(tab: Tab, label: str) -> None:
    """Press the control saying ``label`` and wait for it to be recorded."""
    version = tab.page.locator("#live").get_attribute("data-version")
    _button(tab, label).click()
    expect(tab.page.locator("#live")).not_to_have_attribute("data-version", version or "")


def _control(tab: Tab, label: str) -> Locator:
    return tab.page.locator("form.tr-control", has=_button(tab, label))


def _sign_in(open_tab: OpenTab, user: str, game: Game) -> Tab:
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in(user, PASSWORD, f"/games/{game.pk}/")
    return tab


def _keep_both(ana: Tab, ben: Tab) -> None:
    _act(ana, "Keep the opening 7")
    expect(ben.page.get_by_test_id("notes")).not_to_contain_text("Ana: keep", timeout=SYNC_MS)
    _act(ben, "Keep the opening 7")
    expect(ana.page.get_by_test_id("turn")).to_contain_text("Ana\u2019s turn", timeout=SYNC_MS)


def _end_turn(tab: Tab, other: Tab, next_player: str) -> None:
    """End the turn on ``tab`` and wait until ``other`` shows the next player's."""
    _act(tab, "End the turn")
    turn = tab.page.get_by_test_id("turn").inner_text().split("\n")[0]
    expect(other.page.get_by_test_id("turn")).to_contain_text(
        f"{next_player}\u2019s turn", timeout=SYNC_MS
    )
    expect(other.page.get_by_test_id("turn")).to_contain_text(turn.strip(), timeout=SYNC_MS)


@pytest.mark.django_db(transaction=True)
def test_a_game_won_by_leader_damage_on_two_tablets(open_tab: OpenTab) -> None:
    game = _table(AZUKI.example_setup(), "leader")
    ana = _sign_in(open_tab, "anna-leader", game)
    ben = _sign_in(open_tab, "benny-leader", game)
    for tab, seat in ((ana, 0), (ben, 1)):
        expect(tab.page.locator(".tr-side").first).to_have_attribute("data-seat", str(seat))
    expect(ana.page.get_by_test_id("hand-0")).to_have_text("7")
    ana.at_every_size(SHOTS, "01-start-ana", TARGETS)
    _keep_both(ana, ben)
    expect(ana.page.get_by_test_id("ikz-0")).to_contain_text("1")
    _end_turn(ana, ben, "Ben")
    expect(ben.page.get_by_test_id("hand-1")).to_have_text("8")  # Ben draws; Ana did not
    expect(ben.page.get_by_test_id("side-1")).to_contain_text("Token: ready")
    _end_turn(ben, ana, "Ana")

    # Ana's turn 3: 2 IKZ. The Ashen Hound has Charge: it attacks the turn it is played.
    ana.at_every_size(SHOTS, "02-main-ana", TARGETS)
    play = _control(ana, "Play an entity into the Garden")
    play.get_by_label("Card").select_option(label="Ashen Hound (2 IKZ)")
    _act(ana, "Play an entity into the Garden")
    hound = ana.page.get_by_test_id("entity-0-ashen-hound-1")
    expect(hound).to_contain_text("Charge")
    expect(ana.page.get_by_test_id("ikz-0")).to_contain_text("0")
    ana.at_every_size(SHOTS, "03-played-ana", TARGETS)
    _act(ana, "Attack with Ashen Hound #1")
    expect(ana.page.get_by_test_id("combat-prompt")).to_contain_text("When Attacking")
    _act(ana, "Continue: no more When Attacking effects")
    expect(ben.page.get_by_test_id("combat-prompt")).to_contain_text("Ben:", timeout=SYNC_MS)
    ben.at_every_size(SHOTS, "04-response-ben", TARGETS)
    _act(ben, "No more responses")
    _act(ben, "No defender")
    expect(ana.page.get_by_test_id("combat-prompt")).to_contain_text("Ana:", timeout=SYNC_MS)
    preview = ana.page.get_by_test_id("damage-preview")
    expect(preview).to_contain_text("Health 20 → 18", timeout=SYNC_MS)
    expect(preview).to_contain_text("deals nothing back")
    expect(ana.page.get_by_test_id("health-1")).to_have_text("20")  # not yet dealt
    ana.at_every_size(SHOTS, "05-preview-ana", TARGETS)
    _act(ana, "Resolve the damage as previewed")
    expect(ben.page.get_by_test_id("health-1")).to_have_text("18", timeout=SYNC_MS)
    dealt = ben.page.get_by_test_id("damage-dealt")  # step 6 reports step 5, once
    expect(dealt).to_contain_text("Health 20 → 18", timeout=SYNC_MS)
    expect(dealt).not_to_contain_text("18 → 16")
    expect(ben.page.locator(".tr-history")).to_contain_text("Ben's Leader takes 2")
    ben.at_every_size(SHOTS, "05b-dealt-ben", TARGETS)
    _act(ana, "End the attack")
    expect(ana.page.get_by_test_id("combat")).to_have_count(0)

    # A card effect finishes Ben's Leader: the Health counter's minus, committed as one change.
    minus = ana.page.get_by_test_id("tap-deal_damage-leader-1")
    for _ in range(18):
        minus.click()
    version = ana.page.locator("#live").get_attribute("data-version")
    pending = ana.page.get_by_test_id("pending")
    expect(pending).to_contain_text("x18")
    pending.get_by_role("button", name="Commit").click()
    expect(ana.page.locator("#live")).not_to_have_attribute("data-version", version or "")
    for tab in (ana, ben):
        summary = tab.page.get_by_test_id("summary")
        expect(summary).to_contain_text("Ana wins", timeout=SYNC_MS)
        expect(summary).to_contain_text("Leader reached 0 Health")
        expect(tab.page.locator(".tr-azuki form")).to_have_count(0)
    ana.at_every_size(SHOTS, "06-won-ana", TARGETS)


@pytest.mark.django_db(transaction=True)
def test_a_game_won_by_decking_out_on_two_tablets(open_tab: OpenTab) -> None:
    setup = AZUKI.example_setup()
    for player in setup["players"]:
        player["deck"] = [{**player["deck"][0], "count": 4}, {**player["deck"][1], "count": 4}]
    game = _table(setup, "deck")
    ana = _sign_in(open_tab, "anna-deck", game)
    ben = _sign_in(open_tab, "benny-deck", game)
    table = _sign_in(open_tab, "host-deck", game)  # the shared tablet, at no seat
    expect(table.page.get_by_test_id("mulligan-0")).to_be_visible()
    expect(table.page.get_by_test_id("mulligan-1")).to_be_visible()  # it acts for both
    table.at_every_size(SHOTS, "00-table-device", TARGETS)
    _keep_both(ana, ben)
    expect(ana.page.get_by_test_id("deck-1")).to_have_text("1")
    _end_turn(ana, ben, "Ben")
    expect(ben.page.get_by_test_id("deck-1")).to_have_text("0")
    _end_turn(ben, ana, "Ana")
    notes = ana.page.get_by_test_id("notes")
    expect(notes).to_contain_text("Ben\u2019s deck is empty".replace("\u2019", "'"))
    ana.at_every_size(SHOTS, "07-empty-deck-ana", TARGETS)
    _act(ana, "End the turn")
    for tab in (ana, ben):
        summary = tab.page.get_by_test_id("summary")
        expect(summary).to_contain_text("Ana wins", timeout=SYNC_MS)
        expect(summary).to_contain_text("draw from an empty deck")
    ben.at_every_size(SHOTS, "08-decked-ben", TARGETS)


FULL_GARDEN = ("AZK-014", "AZK-012", "AZK-016", "AZK-013", "AZK-017")  # long names, 5 places
CARD_EDGES = """(cards) => [...document.querySelectorAll(cards)].flatMap(card => {
  const box = card.getBoundingClientRect();
  return [...card.querySelectorAll('.tap-btn')].filter(b => b.offsetParent !== null).map(b => {
    const r = b.getBoundingClientRect();
    const inside = r.left >= box.left - 0.5 && r.right <= box.right + 0.5
      && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
    return inside ? null : `${card.getAttribute('aria-label')}: ${b.textContent} at `
      + `${Math.round(r.left)}-${Math.round(r.right)}, card ${Math.round(box.left)}-`
      + `${Math.round(box.right)}`;
  }).filter(Boolean);
})"""


def _full_garden(name: str) -> Game:
    """Both hands kept, then Ana's Garden filled with FULL_GARDEN through the service."""
    game = _table(AZUKI.example_setup(), name)
    ana, ben = (User.objects.get(username=f"{n}-{name}") for n in ("anna", "benny"))
    steps: list[tuple[User, str, dict[str, Any]]] = [(ana, "keep_hand", {}), (ben, "keep_hand", {})]
    for card in FULL_GARDEN:
        steps.append(
            (ana, "put_into_play", {"seat": 0, "card": card, "zone": "garden", "source": "deck"})
        )
    for account, kind, payload in steps:
        row = Game.objects.get(pk=game.pk)
        game_apply(game=row, user=account, type=kind, payload=payload, expected_version=row.version)
    return game


@pytest.mark.django_db(transaction=True)
def test_a_full_garden_fits_a_phone_with_each_damage_control_inside_its_card(
    open_tab: OpenTab,
) -> None:
    """At the table, on a 360 px phone: the damage "+" spilled over the next card and past
    the screen, and the page scrolled sideways."""
    game = _full_garden("phone")
    phone = open_tab(360, 740)
    phone.sign_in("anna-phone", PASSWORD, f"/games/{game.pk}/")
    garden = phone.page.get_by_test_id("garden-0")
    expect(garden.locator("article")).to_have_count(5)
    SHOTS.mkdir(parents=True, exist_ok=True)
    garden.scroll_into_view_if_needed()
    phone.page.screenshot(path=str(SHOTS / "09-full-garden-at-the-garden.png"))
    scroll = phone.page.evaluate(
        "[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]"
    )
    assert scroll[0] <= scroll[1], f"the page scrolls sideways: {scroll[0]} > {scroll[1]}"
    spilled = phone.page.evaluate(CARD_EDGES, ".tr-az-card")
    assert spilled == [], spilled
    small = phone.page.evaluate(SMALL_TARGETS_SCRIPT, TARGETS)
    assert small == [], small
    phone.at_every_size(SHOTS, "09-full-garden", TARGETS)


def _both(acted: Tab, other: Tab) -> tuple[tuple[Tab, float | None], tuple[Tab, float]]:
    """The tablet that acted (its page answers the action), then the other one, which must
    see the change within a few polls."""
    return ((acted, None), (other, SYNC_MS))


@pytest.mark.django_db(transaction=True)
def test_an_attack_on_the_leader_then_one_a_defender_blocks_and_survives(
    open_tab: OpenTab,
) -> None:
    """Two attacks with the Ashen Hound (Charge; 2 Attack, 2 Health), each step on the tablet
    whose step it is: the first on Ben's Leader, nothing to block it, 20 → 18 dealt once;
    the second blocked by Ben's Emberguard Sentry (Defender; 1 Attack, 5 Health) after Ana's
    Leader gives the Hound +1 Attack: damage at the same time both ways (Combat Mechanism),
    the Sentry takes 3 of its 5 and stays in the Garden, the Hound takes 1 of its 2 back,
    Ben's Leader takes nothing; the Sentry's damage is gone at the end of the turn."""
    game = _table(AZUKI.example_setup(), "defend")
    ana = _sign_in(open_tab, "anna-defend", game)
    ben = _sign_in(open_tab, "benny-defend", game)
    _keep_both(ana, ben)
    _end_turn(ana, ben, "Ben")
    _end_turn(ben, ana, "Ana")

    # Turn 3, Ana: 2 IKZ pay for the Hound, which attacks Ben's Leader the turn it is played.
    expect(ana.page.get_by_test_id("ikz-0")).to_have_text("2/2")
    _control(ana, "Play an entity into the Garden").get_by_label("Card").select_option(
        label="Ashen Hound (2 IKZ)"
    )
    _act(ana, "Play an entity into the Garden")
    expect(ana.page.get_by_test_id("ikz-0")).to_have_text("0/2")
    _act(ana, "Attack with Ashen Hound #1")
    _act(ana, "Continue: no more When Attacking effects")
    expect(ben.page.get_by_test_id("combat-prompt")).to_contain_text("Ben:", timeout=SYNC_MS)
    _act(ben, "No more responses")
    expect(_button(ben, "Declare a Defender (it taps and takes the attack)")).to_have_count(0)
    _act(ben, "No defender")
    for tab, wait in _both(ben, ana):
        preview = tab.page.get_by_test_id("damage-preview")
        expect(preview).to_contain_text(
            "Ana's Ashen Hound #1 deals 2 to Ben's Leader Ember Matriarch.", timeout=wait
        )
        expect(preview).to_contain_text("has no Attack and deals nothing back")
        expect(preview).to_contain_text("Ben's Leader: Health 20 → 18.")
        expect(tab.page.get_by_test_id("health-1")).to_have_text("20")  # not yet dealt
    _act(ana, "Resolve the damage as previewed")
    for tab, wait in _both(ana, ben):
        dealt = tab.page.get_by_test_id("damage-dealt")
        expect(tab.page.get_by_test_id("combat-prompt")).to_contain_text(
            "After Attacking", timeout=wait
        )
        expect(dealt).to_contain_text("Ana's Ashen Hound #1 dealt 2 to Ben's Leader")
        expect(dealt).to_contain_text("Ben's Leader: Health 20 → 18.")
        expect(dealt).not_to_contain_text("18 → 16")
        expect(tab.page.get_by_test_id("health-1")).to_have_text("18")
        expect(tab.page.locator(".tr-history")).to_contain_text(
            "Ana: resolves the combat damage: Ben's Leader takes 2, Ana's Ashen Hound #1 takes 0"
        )
    ben.page.reload()  # drawn afresh from the stored game, step 6 still reports it once
    expect(ben.page.get_by_test_id("damage-dealt")).to_contain_text("Health 20 → 18.")
    expect(ben.page.get_by_test_id("damage-dealt")).not_to_contain_text("18 → 16")
    expect(ben.page.get_by_test_id("health-1")).to_have_text("18")
    _act(ana, "End the attack")
    expect(ben.page.get_by_test_id("combat")).to_have_count(0, timeout=SYNC_MS)
    expect(ben.page.get_by_test_id("health-1")).to_have_text("18")
    _end_turn(ana, ben, "Ben")

    # Turn 4, Ben: 2 IKZ and the token pay the Sentry's 3.
    expect(ben.page.get_by_test_id("ikz-1")).to_have_text("2/2")
    expect(ben.page.get_by_test_id("side-1")).to_contain_text("Token: ready")
    with_token = "Play an entity into the Garden, 1 IKZ paid with the token"
    _control(ben, with_token).get_by_label("Card").select_option(label="Emberguard Sentry (3 IKZ)")
    _act(ben, with_token)
    sentry = ben.page.get_by_test_id("entity-1-emberguard-sentry-2")
    expect(sentry).to_contain_text("Defender")
    expect(ben.page.get_by_test_id("ikz-1")).to_have_text("0/2")
    expect(ben.page.get_by_test_id("side-1")).to_contain_text("Token: used")
    _end_turn(ben, ana, "Ana")

    # Turn 5, Ana: 3 IKZ; her Leader's ability (1 IKZ) gives the Hound +1 Attack.
    expect(ana.page.get_by_test_id("ikz-0")).to_have_text("3/3")
    ability = "Use Ember Matriarch's ability (1 IKZ): +1 Attack this turn"
    _control(ana, ability).get_by_label("Target").select_option(label="Ana's Ashen Hound #1")
    _act(ana, ability)
    expect(ana.page.get_by_test_id("ikz-0")).to_have_text("2/3")
    hound = ana.page.get_by_test_id("entity-0-ashen-hound-1")
    expect(hound.locator(".tr-az-stats")).to_have_text("3 Attack · 2 Health")
    _act(ana, "Attack with Ashen Hound #1")
    _act(ana, "Continue: no more When Attacking effects")
    expect(ben.page.get_by_test_id("combat-prompt")).to_contain_text("Ben:", timeout=SYNC_MS)
    _act(ben, "No more responses")
    declare = "Declare a Defender (it taps and takes the attack)"
    expect(ben.page.get_by_test_id("combat-prompt")).to_contain_text("declare a Defender")
    undefended = ben.page.get_by_test_id("damage-preview")  # were nothing to block it
    expect(undefended).to_contain_text("Ana's Ashen Hound #1 deals 3 to Ben's Leader")
    expect(undefended).to_contain_text("Ben's Leader: Health 18 → 15.")
    _control(ben, declare).get_by_label("Defender").select_option(label="Emberguard Sentry #2")
    ben.at_every_size(SHOTS, "10-defender-step-ben", TARGETS)
    _act(ben, declare)
    for tab, wait in _both(ben, ana):
        combat = tab.page.get_by_test_id("combat")
        expect(combat.locator("h2")).to_contain_text("Ben's Emberguard Sentry #2", timeout=wait)
        expect(combat.locator("h2")).to_contain_text("Ana's Ashen Hound #1")
        preview = tab.page.get_by_test_id("damage-preview")
        expect(preview).to_contain_text("Ana's Ashen Hound #1 deals 3 to Ben's Emberguard Sentry")
        expect(preview).to_contain_text("Ben's Emberguard Sentry #2 deals 1 back to Ana's Ashen")
        expect(preview).not_to_contain_text("destroyed")
        expect(preview).not_to_contain_text("Health 18")  # the Leader is no longer hit
        card = tab.page.get_by_test_id("entity-1-emberguard-sentry-2")
        expect(card).to_contain_text("Tapped")  # declaring it taps it
        expect(tab.page.get_by_test_id("damage-1-emberguard-sentry-2")).to_have_text("0")
    ben.at_every_size(SHOTS, "10b-defender-chosen-ben", TARGETS)
    _act(ana, "Resolve the damage as previewed")
    for tab, wait in _both(ana, ben):
        expect(tab.page.get_by_test_id("combat-prompt")).to_contain_text(
            "After Attacking", timeout=wait
        )
        dealt = tab.page.get_by_test_id("damage-dealt")
        expect(dealt).to_contain_text("Ana's Ashen Hound #1 dealt 3 to Ben's Emberguard Sentry #2.")
        expect(dealt).to_contain_text("Ben's Emberguard Sentry #2 dealt 1 back to Ana's Ashen")
        expect(dealt).to_contain_text("Ben's Emberguard Sentry #2: 3 damage of 5 Health, 2 left.")
        expect(dealt).to_contain_text("Ana's Ashen Hound #1: 1 damage of 2 Health, 1 left.")
        expect(dealt).not_to_contain_text("destroyed")
        expect(dealt).not_to_contain_text("Leader")
        sentry = tab.page.get_by_test_id("garden-1").get_by_test_id("entity-1-emberguard-sentry-2")
        expect(sentry.locator(".tr-az-stats")).to_have_text("1 Attack · 2 Health")
        expect(tab.page.get_by_test_id("damage-1-emberguard-sentry-2")).to_have_text("3")
        expect(tab.page.get_by_test_id("damage-0-ashen-hound-1")).to_have_text("1")
        expect(tab.page.get_by_test_id("health-1")).to_have_text("18")
        expect(tab.page.get_by_test_id("discard-1")).to_have_text("0")
        expect(tab.page.get_by_test_id("ikz-0")).to_have_text("2/3")
        history = tab.page.locator(".tr-history")
        expect(history).to_contain_text("Ben: declares Emberguard Sentry #2 as the defender")
        expect(history).to_contain_text(
            "Ana: resolves the combat damage: Ben's Emberguard Sentry #2 takes 3, "
            "Ana's Ashen Hound #1 takes 1"
        )
    ana.at_every_size(SHOTS, "11-defended-after-attacking-ana", TARGETS)
    ben.at_every_size(SHOTS, "11-defended-after-attacking-ben", TARGETS)
    _act(ana, "End the attack")
    expect(ben.page.get_by_test_id("combat")).to_have_count(0, timeout=SYNC_MS)
    expect(ben.page.get_by_test_id("damage-1-emberguard-sentry-2")).to_have_text("3")

    # Entity Health resets at the end of the turn (Combat Mechanism); Leader damage stays.
    _end_turn(ana, ben, "Ben")
    for tab in (ben, ana):
        expect(tab.page.get_by_test_id("damage-1-emberguard-sentry-2")).to_have_text("0")
        expect(tab.page.get_by_test_id("damage-0-ashen-hound-1")).to_have_text("0")
        expect(tab.page.get_by_test_id("health-1")).to_have_text("18")


STATS_SPLIT = """(stats) => [...document.querySelectorAll(stats)].flatMap(line =>
  [...line.querySelectorAll('b')].map(number => {
    const unit = number.nextElementSibling;
    const a = number.getBoundingClientRect(), b = unit.getBoundingClientRect();
    return b.top < a.bottom - 1 && b.left >= a.right ? null
      : `${line.closest('article').getAttribute('aria-label')}: ${number.textContent} `
        + `then ${unit.textContent} on the next line`;
  }).filter(Boolean))"""


@pytest.mark.django_db(transaction=True)
def test_each_entity_stat_on_a_phone_keeps_its_number_beside_its_name(
    open_tab: OpenTab,
) -> None:
    """At the table, on a 360 px phone, a half-width Garden card read "1 Attack · 2" with
    "Health" alone on the line below: a card's stats may wrap, but only between Attack and
    Health, never between a number and what it counts."""
    game = _full_garden("stats")
    phone = open_tab(360, 740)
    phone.sign_in("anna-stats", PASSWORD, f"/games/{game.pk}/")
    expect(phone.page.get_by_test_id("garden-0").locator("article")).to_have_count(5)
    for width, height in (PHONE, TABLET_PORTRAIT, TABLET_LANDSCAPE):
        phone.page.set_viewport_size({"width": width, "height": height})
        split = phone.page.evaluate(STATS_SPLIT, ".tr-az-entity .tr-az-stats")
        assert split == [], f"at {width}x{height}: {split}"
    phone.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    garden = phone.page.get_by_test_id("garden-0")
    garden.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    garden.screenshot(path=str(SHOTS / "12-stats-on-a-phone.png"))
