"""The table page in Chromium, as two tablets and a phone use it: refusals that never break
the page (with and without DEBUG), pending changes on several counters committed as one
action, counters held down, the page staying where it was after a swap, polling and the
wake lock while the page is hidden, the phone's header, the shared-tablet layout and who the
history says acted. The counters tapped, held and committed are AZRAH's Mana and an Azeroth
at War game's Wounds (an AZRAH Guardian's damage is recorded by resolving an ability, R115).
Screenshots of each at 1280x800, 800x1280 and 360x740 in /tmp/shots/table/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, Page, expect

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.lifecycle import create_game, join
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD, free_seat
from tests.rules.azeroth.tracker_game import setup as azeroth_setup

from .conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/table")
MINUS = "\u2212"  # the sign a counter shows on a pending change that lowers it
# A counter held down has repeated: its pending steps (up or down) have reached four.
HELD_FOUR = (
    "(counter) => Number((counter.getAttribute('data-pending') || '0')"
    f".replace(/^[+{MINUS}]/, '')) >= 4"
)
# What the Azeroth at War game's fixture records before a test begins.
AZEROTH_SET_UP = 3
PYTHON = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b")

# A page that can be told it is hidden, and a Screen Wake Lock that counts its requests and
# is released when the page hides (as browsers do). Every XMLHttpRequest sent is recorded.
PAGE_PROBES = """
(() => {
  let state = "visible";
  Object.defineProperty(Document.prototype, "visibilityState", {
    configurable: true, get() { return state; } });
  Object.defineProperty(Document.prototype, "hidden", {
    configurable: true, get() { return state === "hidden"; } });
  window.__locks = [];
  window.__lockRequests = 0;
  const wakeLock = { request(type) {
    window.__lockRequests += 1;
    const sentinel = new EventTarget();
    sentinel.released = false;
    sentinel.type = type;
    sentinel.release = () => {
      if (!sentinel.released) {
        sentinel.released = true;
        sentinel.dispatchEvent(new Event("release"));
      }
      return Promise.resolve();
    };
    window.__locks.push(sentinel);
    return Promise.resolve(sentinel);
  } };
  Object.defineProperty(Navigator.prototype, "wakeLock", {
    configurable: true, get() { return wakeLock; } });
  window.__setVisibility = (next) => {
    state = next;
    if (next === "hidden") window.__locks.forEach((lock) => lock.release());
    document.dispatchEvent(new Event("visibilitychange"));
  };
  window.__sent = [];
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.__request = method.toUpperCase() + " " + url;
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    window.__sent.push(this.__request);
    return send.apply(this, args);
  };
})();
"""


@pytest.fixture
def table(transactional_db: None) -> Game:
    """An AZRAH game at turn 1, Ana's Recovery: the host at no seat (the table's shared
    device) and Ben, a player, at seat 1."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    player = User.objects.create_user("benny", password=PASSWORD)
    game = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    join(game, player, game.join_token, 1)
    return game


@pytest.fixture
def azeroth_table(transactional_db: None) -> Game:
    """An Azeroth at War game (Ana's Horde v Ben's Alliance, Hold the Line) in round 1's
    Activation stage, the host at no seat (the table's shared device) and Ben, a player, at
    seat 1. Every model's Wounds are a counter the table taps, its minus for a Wound lost:
    several models on each side, and a Warchief with 6 Wounds a held counter takes 4 from."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    player = User.objects.create_user("benny", password=PASSWORD)
    data = AZEROTH.setup_to_json(azeroth_setup(Scenario.HOLD_THE_LINE))
    game = create_game(host=host, system="azeroth", name="Ana v Ben", setup=data)
    join(game, player, game.join_token, 1)
    _record(game, "hostess", None, "edge_roll_off", rolls=[2, 5])
    _record(game, "hostess", None, "end_stage")  # Deployment
    _record(game, "hostess", None, "end_stage")  # Mana
    assert game.actions.count() == AZEROTH_SET_UP
    return game


def _open(
    open_tab: OpenTab,
    game: Game,
    username: str = "hostess",
    size: tuple[int, int] = TABLET_LANDSCAPE,
    probes: bool = False,
) -> Tab:
    tab = open_tab(*size)
    if probes:
        tab.page.add_init_script(PAGE_PROBES)
    tab.sign_in(username, PASSWORD, f"/games/{game.pk}/")
    return tab


def _shot(tab: Tab, name: str, *, full_page: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = tab.page.viewport_size or {"width": 0, "height": 0}
    path = SHOTS / f"{name}-{size['width']}x{size['height']}.png"
    tab.page.screenshot(path=str(path), full_page=full_page)


def _record(game: Game, username: str, by: int | None, type: str, **payload: Any) -> None:
    row = Game.objects.get(pk=game.pk)
    game_apply(
        game=row,
        user=User.objects.get(username=username),
        type=type,
        payload=payload,
        expected_version=row.version,
        seat=by,
    )


def _tap(page: Page, seat: int, plus: str, guardian: str, step: int = 1) -> Locator:
    """The + button (``step`` -1: the minus) of a counter on a Guardian of ``seat``'s side."""
    forms = page.locator(
        f'.tr-side[data-seat="{seat}"] form[data-tap][data-plus="{plus}"][data-step="{step}"]'
    )
    form = forms.filter(has=page.locator(f'input[name="p.guardian"][value="{guardian}"]'))
    return form.locator(".tap-btn")


def _wound(page: Page, seat: int, model: str) -> Locator:
    """The minus button of the Wounds counter of ``seat``'s ``model`` (an Azeroth at War id)."""
    return page.get_by_test_id(f"wounds-minus-{seat}-{model}")


def _steps(pending: str | None) -> int:
    """How many steps a counter's pending change is, up ("+3") or down (its minus sign)."""
    assert pending is not None and re.fullmatch(rf"[+{MINUS}]\d+", pending), pending
    return int(pending[1:])


def _since_set_up(game: Game) -> list[Any]:
    """What was recorded in the Azeroth at War game after its fixture's set-up."""
    return list(game.actions.order_by("seq"))[AZEROTH_SET_UP:]


def _counter(page: Page, button: Locator) -> Locator:
    return button.locator(
        "xpath=ancestor::*[contains(concat(' ', @class, ' '), ' tr-counter ')][1]"
    )


def _styled(tab: Tab) -> None:
    """The page still has its own look and parts: the header, the board, the styles."""
    page = tab.page
    expect(page.locator("h1")).to_have_text("Ana v Ben")
    expect(page.locator("#live")).to_have_count(1)
    assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).display") == (
        "flex"
    )
    side = "getComputedStyle(document.querySelector('.tr-side')).borderLeftWidth"
    assert page.evaluate(side) == "8px"
    assert page.evaluate("document.querySelectorAll('link[rel=stylesheet]').length") >= 2


def _other_action(page: Page, type: str) -> Locator:
    page.locator("#more > summary").click()
    return page.locator("form[data-more]").filter(
        has=page.locator(f'input[name="type"][value="{type}"]')
    )


# --- refusals -------------------------------------------------------------------------------


@pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])
def test_a_refusal_is_shown_beside_its_control_and_the_page_keeps_its_looks(
    open_tab: OpenTab, table: Game, settings: Any, debug: bool
) -> None:
    """400, 409 and 403 answers are the page's own: with DEBUG on, django-htmx's debug
    handler must not swap the whole document for them."""
    settings.DEBUG = debug
    host = _open(open_tab, table)
    assert ('data-debug="True"' in host.page.content()) is debug

    # 400: the rules refuse damage to a Guardian nobody has
    form = _other_action(host.page, "deal_damage")
    form.locator('input[name="p.guardian"]').fill("Nobody")
    form.locator('input[name="p.amount"]').fill("2")
    form.get_by_role("button", name="Record").click()
    expect(form.get_by_test_id("refusal")).to_contain_text("no face-up Guardian by that name")
    _styled(host)
    _shot(host, f"refused-400-debug-{debug}")

    # 409: the game moved on (another tablet recorded) before this form was sent
    _record(table, "hostess", 0, "attach_mana", guardian="Alchemist")
    expect(host.page.locator("#live")).to_have_attribute("data-version", "1")
    form.locator('input[name="version"]').evaluate("input => { input.value = '0'; }")
    form.locator('input[name="p.guardian"]').fill("Bard")
    form.locator('input[name="p.amount"]').fill("1")
    form.get_by_role("button", name="Record").click()
    notice = host.page.get_by_test_id("notice")
    expect(notice).to_contain_text("While you were choosing: The host recorded")
    expect(notice).to_be_in_viewport()
    _styled(host)
    _shot(host, f"refused-409-debug-{debug}")
    notice.click()  # tapped away
    expect(notice).to_have_count(0)
    assert Game.objects.get(pk=table.pk).version == 1

    # 403: Ben's tablet sends an action for Ana's seat
    player = _open(open_tab, table, "benny")
    theirs = _other_action(player.page, "deal_damage")
    theirs.evaluate(
        "form => form.insertAdjacentHTML('beforeend', '<input type=hidden name=seat value=0>')"
    )
    theirs.locator('input[name="p.guardian"]').fill("Bard")
    theirs.locator('input[name="p.amount"]').fill("1")
    theirs.get_by_role("button", name="Record").click()
    expect(theirs.get_by_test_id("refusal")).to_contain_text("your own seat")
    _styled(player)
    _shot(player, f"refused-403-debug-{debug}")
    assert Game.objects.get(pk=table.pk).version == 1


def test_a_player_who_lost_their_seat_sees_the_page_that_says_so(
    open_tab: OpenTab, table: Game
) -> None:
    """The answer is a whole page (403, not at this game): it is shown as the page, never
    inside the board."""
    player = _open(open_tab, table, "benny", probes=True)
    form = _other_action(player.page, "deal_damage")
    player.page.evaluate("window.__setVisibility('hidden')")  # no poll finds it out first
    player.page.wait_for_load_state("networkidle")
    free_seat(table, 1)
    form.locator('input[name="p.guardian"]').fill("Bard")
    form.locator('input[name="p.amount"]').fill("1")
    form.get_by_role("button", name="Record").click()
    expect(player.page.locator("h1")).to_have_text("You are not at this game")
    expect(player.page.locator("h1")).to_have_count(1)
    expect(player.page.locator("#live")).to_have_count(0)
    assert table.actions.count() == 0


# --- pending changes ------------------------------------------------------------------------


def test_taps_on_several_counters_are_said_in_words_and_committed_as_one_action(
    open_tab: OpenTab, azeroth_table: Game
) -> None:
    table = azeroth_table
    host = _open(open_tab, table)
    page = host.page
    warchief = _wound(page, 0, "warchief-1")
    troll = _wound(page, 0, "troll-1")
    paladin = _wound(page, 1, "paladin-1")
    warchief.click()
    pending = page.get_by_test_id("pending")
    expect(pending).to_contain_text("Damage x1 · Ana's Warchief")
    troll.click()
    paladin.click()
    paladin.click()
    for button, amount in ((warchief, f"{MINUS}1"), (troll, f"{MINUS}1"), (paladin, f"{MINUS}2")):
        expect(_counter(page, button)).to_have_attribute("data-pending", amount)
    expect(pending).to_contain_text("Damage x1 · Ana's Troll")
    expect(pending).to_contain_text("Damage x2 · Ben's Paladin")
    changes = pending.get_by_test_id("changes")
    expect(changes).to_contain_text("Warchief: wounds 6 → 5")
    expect(changes).to_contain_text("Troll: wounds 3 → 2")
    expect(changes).to_contain_text("Paladin: wounds 5 → 3")
    assert not PYTHON.search(pending.inner_text())
    _shot(host, "pending-three-counters")
    for width, height in (TABLET_PORTRAIT, PHONE):
        page.set_viewport_size({"width": width, "height": height})
        host.fits()
        _shot(host, "pending-three-counters")
    page.set_viewport_size({"width": TABLET_LANDSCAPE[0], "height": TABLET_LANDSCAPE[1]})
    assert _since_set_up(table) == []  # nothing recorded before Commit

    pending.get_by_role("button", name="Commit").click()
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator(".tr-counter[data-pending]")).to_have_count(0)
    (entry,) = _since_set_up(table)
    assert entry.type == "batch"
    assert [(part["type"], part["payload"]["model"]) for part in entry.payload["actions"]] == [
        ("damage", "warchief-1"),
        ("damage", "troll-1"),
        ("damage", "paladin-1"),
    ]
    expect(page.get_by_test_id("wounds-1-paladin-1")).to_have_text("3")
    expect(page.locator(".tr-entry")).to_have_count(AZEROTH_SET_UP + 1)

    # one pending change is recorded as the action itself; Cancel drops all of them
    _wound(page, 1, "gryphon-1").click()
    expect(pending).to_contain_text("Damage x1 · Ben's Gryphon Rider")
    pending.get_by_role("button", name="Commit").click()
    expect(page.get_by_test_id("wounds-1-gryphon-1")).to_have_text("2")
    assert [a.type for a in _since_set_up(table)] == ["batch", "damage"]
    _wound(page, 1, "sorceress-1").click()
    _wound(page, 1, "gryphon-1").click()
    expect(page.locator(".tr-counter[data-pending]")).to_have_count(2)
    expect(pending).to_contain_text("Damage x1 · Ben's Gryphon Rider")  # previewed
    # a batch is one seat's (these are the table's): a counter acting for a seat waits
    shaman = _wound(page, 0, "shaman-1")
    shaman.evaluate("button => { button.form.elements.seat.value = '1'; }")
    shaman.click()
    expect(page.locator("#pending")).to_contain_text("another player's: commit or cancel")
    expect(_counter(page, shaman)).not_to_have_attribute("data-pending", re.compile("."))
    page.get_by_test_id("pending").get_by_role("button", name="Cancel").click()
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator(".tr-counter[data-pending]")).to_have_count(0)
    assert len(_since_set_up(table)) == 2


def test_a_commit_refused_as_stale_keeps_the_pending_changes(
    open_tab: OpenTab, azeroth_table: Game
) -> None:
    table = azeroth_table
    tab = _open(open_tab, table, probes=True)
    page = tab.page
    page.evaluate("window.__setVisibility('hidden')")  # no poll brings the new version
    page.wait_for_load_state("networkidle")
    paladin = _wound(page, 1, "paladin-1")
    paladin.click()
    pending = page.get_by_test_id("pending")
    expect(pending).to_contain_text("Damage x1 · Ben's Paladin")
    _record(table, "hostess", None, "damage", seat=0, model="grunt-1", amount=1)
    pending.get_by_role("button", name="Commit").click()
    expect(page.get_by_test_id("notice")).to_contain_text(
        "While you were choosing: The host recorded"
    )
    expect(_counter(page, paladin)).to_have_attribute("data-pending", f"{MINUS}1")
    version = str(AZEROTH_SET_UP + 1)
    expect(pending.locator('input[name="version"]')).to_have_value(version)  # previewed again
    expect(page.get_by_test_id("notice")).to_be_visible()  # until the player sends something
    pending.get_by_role("button", name="Commit").click()
    expect(page.get_by_test_id("wounds-1-paladin-1")).to_have_text("4")
    expect(page.locator("#pending")).to_be_hidden()
    assert [(a.type, a.payload["model"]) for a in _since_set_up(table)] == [
        ("damage", "grunt-1"),
        ("damage", "paladin-1"),
    ]


def test_a_counter_held_down_repeats_and_the_long_press_is_not_also_a_tap(
    open_tab: OpenTab, azeroth_table: Game
) -> None:
    host = _open(open_tab, azeroth_table)
    page = host.page
    warchief = _wound(page, 0, "warchief-1")
    counter = _counter(page, warchief)
    warchief.scroll_into_view_if_needed()
    box = warchief.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.evaluate(
        """() => document.addEventListener('pointerup', () => {
             window.__atRelease = document.querySelector('.tr-counter[data-pending]')
               ?.getAttribute('data-pending');
           }, {capture: true, once: true})"""
    )
    page.mouse.down()
    page.wait_for_function(HELD_FOUR, arg=counter.element_handle())  # it repeats while held
    page.mouse.up()
    at_release = page.evaluate("window.__atRelease")
    held = _steps(at_release)
    assert held >= 4, at_release
    expect(page.get_by_test_id("pending")).to_contain_text(f"Damage x{held} · Ana's Warchief")
    page.wait_for_timeout(500)
    expect(counter).to_have_attribute("data-pending", at_release)  # the release added nothing
    warchief.click()  # a short tap is one step
    expect(counter).to_have_attribute("data-pending", f"{MINUS}{held + 1}")
    page.get_by_test_id("pending").get_by_role("button", name="Cancel").click()


def test_a_counter_held_by_a_finger_repeats_too(open_tab: OpenTab, azeroth_table: Game) -> None:
    phone = _open(open_tab, azeroth_table, size=PHONE)
    page = phone.page
    warchief = _wound(page, 0, "warchief-1")
    warchief.scroll_into_view_if_needed()
    box = warchief.bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch = page.context.new_cdp_session(page)
    counter = _counter(page, warchief)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_function(HELD_FOUR, arg=counter.element_handle())  # it repeats while held
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(counter).to_have_attribute("data-pending", re.compile(rf"^{MINUS}\d+$"))
    held = _steps(counter.get_attribute("data-pending"))
    assert held >= 4
    page.wait_for_timeout(500)
    expect(counter).to_have_attribute("data-pending", f"{MINUS}{held}")
    expect(page.get_by_test_id("pending")).to_contain_text(f"Damage x{held} · Ana's Warchief")
    _shot(phone, "held-counter")


# --- the page stays where it was ------------------------------------------------------------


def test_the_page_stays_where_it_was_after_an_action_and_a_commit(
    open_tab: OpenTab, azeroth_table: Game
) -> None:
    tab = _open(open_tab, azeroth_table, size=TABLET_PORTRAIT)
    page = tab.page
    footman = page.get_by_test_id("model-1-footman-2")  # Ben's last model, far down
    more = footman.locator("details.az-more-controls")
    summary = more.locator("summary")
    summary.scroll_into_view_if_needed()
    summary.click()
    # an Opportunity Attack, one tap: not the damage form beside it, which asks for Wounds
    button = more.locator(".tr-control button[type=submit]").filter(has_text="Opportunity")
    button.evaluate("button => button.scrollIntoView({block: 'center'})")
    expect(button).to_be_in_viewport()
    page.wait_for_timeout(300)
    where = page.evaluate("window.scrollY")
    assert where > 300
    version = page.locator("#live").get_attribute("data-version")
    box = button.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#live")).not_to_have_attribute("data-version", str(version))
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") == where

    # a commit from the pending panel, with the board scrolled
    gryphon = _wound(page, 1, "gryphon-1")
    gryphon.evaluate("button => button.scrollIntoView({block: 'center'})")
    box = gryphon.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    commit = page.get_by_test_id("pending").get_by_role("button", name="Commit")
    expect(commit).to_be_enabled()
    page.wait_for_timeout(200)
    where = page.evaluate("window.scrollY")
    box = commit.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#pending")).to_be_hidden()
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") == where
    _shot(tab, "after-commit-scrolled")
    assert [a.type for a in _since_set_up(azeroth_table)] == ["opportunity_attack", "damage"]


def test_a_poll_gives_the_focus_back_to_the_control_that_had_it(
    open_tab: OpenTab, table: Game
) -> None:
    tab = _open(open_tab, table)
    page = tab.page
    dragoon = _tap(page, 0, "attach_mana", "Dragoon")
    dragoon.focus()
    testid = dragoon.get_attribute("data-testid")
    _record(table, "hostess", 0, "deal_damage", seat=1, guardian="Duelist", amount=1)
    expect(page.get_by_test_id("damage-1-duelist")).to_have_text("1")  # swapped by a poll
    assert page.evaluate("document.activeElement.getAttribute('data-testid')") == testid


# --- polling and the wake lock --------------------------------------------------------------


def test_polling_pauses_while_hidden_and_the_page_catches_up_when_shown(
    open_tab: OpenTab, table: Game
) -> None:
    tab = _open(open_tab, table, probes=True)
    page = tab.page
    poll = f"GET /games/{table.pk}/"

    def polls() -> int:
        return sum(1 for sent in page.evaluate("window.__sent") if sent == poll)

    expect(page.locator("[data-wake]")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.__lockRequests") == 1
    page.wait_for_function(  # polling while shown
        "(poll) => window.__sent.some(sent => sent === poll)", arg=poll
    )

    page.evaluate("window.__setVisibility('hidden')")
    expect(page.locator("[data-wake]")).to_have_attribute("aria-pressed", "false")
    page.wait_for_load_state("networkidle")  # a poll sent before is answered first
    before = polls()
    _record(table, "hostess", 0, "attach_mana", guardian="Oracle")
    page.wait_for_timeout(2600)
    assert polls() == before  # no poll while nobody looks
    expect(page.locator("#live")).to_have_attribute("data-version", "0")

    # shown again: one poll at once, the change on the board, and the screen kept on
    sent = page.evaluate(
        "() => { window.__setVisibility('visible'); return window.__sent.length; }"
    )
    assert page.evaluate("window.__sent")[sent - 1] == poll
    expect(page.locator("#live")).to_have_attribute("data-version", "1")
    expect(page.locator("[data-wake]")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.__lockRequests") == 2


# --- phone and shared tablet ----------------------------------------------------------------


def test_on_a_phone_and_an_upright_tablet_the_table_pages_header_is_one_short_row(
    open_tab: OpenTab, table: Game
) -> None:
    phone = _open(open_tab, table, size=PHONE)
    page = phone.page
    header = page.evaluate("document.querySelector('.site-header').getBoundingClientRect().height")
    assert header <= 0.1 * PHONE[1], f"the header is {header}px of {PHONE[1]}px"
    phone.fits()
    # Its links fold into a Menu that unfolds them all on the screen.
    menu = page.locator(".site-header details.nav-fold")
    menu.locator("summary").click()
    header_links = page.locator(".site-header")
    for name in ("Home", "Games", "My lists", "Rulings"):
        expect(header_links.get_by_role("link", name=name, exact=True)).to_be_in_viewport(ratio=1)
    expect(header_links.get_by_role("button", name="Sign out")).to_be_in_viewport(ratio=1)
    menu.locator("summary").click()
    _shot(phone, "board")
    _shot(phone, "board-full", full_page=True)
    page.set_viewport_size({"width": TABLET_PORTRAIT[0], "height": TABLET_PORTRAIT[1]})
    upright = page.evaluate("document.querySelector('.site-header').getBoundingClientRect().height")
    assert upright <= 0.06 * TABLET_PORTRAIT[1], f"the header is {upright}px on a tablet"
    phone.fits()
    _shot(phone, "board")
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})

    # the rest of the site has the same header
    phone.goto("/")
    elsewhere = page.evaluate(
        "document.querySelector('.site-header').getBoundingClientRect().height"
    )
    assert elsewhere == header


def test_a_shared_tablet_turns_the_far_side_round_and_remembers_it(
    open_tab: OpenTab, table: Game
) -> None:
    tab = _open(open_tab, table, size=TABLET_PORTRAIT)
    page = tab.page
    toggle = page.get_by_role("button", name="Shared tablet")
    near, far = page.locator(".tr-side").nth(0), page.locator(".tr-side").nth(1)

    def turned(side: Locator) -> str:
        return str(side.evaluate("side => getComputedStyle(side).rotate"))

    assert turned(far) == "none"
    _shot(tab, "board")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert turned(far) == "180deg" and turned(near) == "none"
    far_box, near_box = far.bounding_box(), near.bounding_box()
    assert far_box is not None and near_box is not None
    assert far_box["y"] < near_box["y"]  # on the edge nearest the player across
    _tap(page, 0, "attach_mana", "Alchemist").click()
    expect(page.get_by_test_id("pending")).to_contain_text("Attach Mana")
    assert page.evaluate("getComputedStyle(document.getElementById('pending')).rotate") == "none"
    _shot(tab, "shared-tablet")
    page.get_by_test_id("pending").get_by_role("button", name="Cancel").click()

    page.reload()
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("button", name="Shared tablet")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert turned(page.locator(".tr-side").nth(1)) == "180deg"
    page.set_viewport_size({"width": TABLET_LANDSCAPE[0], "height": TABLET_LANDSCAPE[1]})
    _shot(tab, "shared-tablet")
    page.get_by_role("button", name="Shared tablet").click()
    assert turned(page.locator(".tr-side").nth(1)) == "none"


# --- the history ----------------------------------------------------------------------------


def test_the_history_says_who_an_entry_was_for_and_where_it_was_recorded(
    open_tab: OpenTab, table: Game
) -> None:
    host = _open(open_tab, table)
    page = host.page
    _tap(page, 0, "attach_mana", "Alchemist").click()
    page.get_by_test_id("pending").get_by_role("button", name="Commit").click()
    expect(page.get_by_test_id("who-1")).to_contain_text("For Ana, at the table device")
    player = _open(open_tab, table, "benny")
    expect(player.page.get_by_test_id("who-1")).to_contain_text("For Ana, at the table device")
    for size in (TABLET_LANDSCAPE, TABLET_PORTRAIT, PHONE):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.get_by_test_id("who-1").scroll_into_view_if_needed()
        host.fits()
        _shot(host, "history")
    assert host.foreign_requests() == [] and player.foreign_requests() == []


# --- what stays as it was across a swap -----------------------------------------------------


def test_an_open_more_stays_open_when_the_live_part_is_swapped(
    open_tab: OpenTab, table: Game
) -> None:
    """Another tablet records an action: the poll swaps the live part in, and the "More"
    the player had opened (and only it) is open in the new one, as is an ability's cost."""
    tab = _open(open_tab, table, "benny", size=PHONE)
    page = tab.page
    bard = page.get_by_test_id("guardian-1-bard")
    more = bard.locator("details.tr-g-more")
    closed = page.get_by_test_id("guardian-1-cleric").locator("details.tr-g-more")
    bard.locator("details.tr-g-more > summary").click()
    expect(more).to_have_attribute("open", "")
    page.locator("#live").evaluate("live => { live.dataset.old = 'yes'; }")
    _record(table, "hostess", 0, "attach_mana", guardian="Alchemist")
    expect(page.locator("#live")).to_have_attribute("data-version", "1")
    expect(page.locator("#live")).not_to_have_attribute("data-old", "yes")  # a new live part
    expect(more).to_have_attribute("open", "")
    expect(closed).not_to_have_attribute("open", "")
    _shot(tab, "more-kept-open")
    # the tablet's own action swaps it too: the More stays open after a tap in it
    bard.locator("details.tr-g-more > summary").click()
    expect(more).not_to_have_attribute("open", "")
    _record(table, "hostess", 0, "attach_mana", guardian="Alchemist")
    expect(page.locator("#live")).to_have_attribute("data-version", "2")
    expect(more).not_to_have_attribute("open", "")


def test_a_quick_commit_records_every_tap_even_while_its_preview_is_on_its_way(
    open_tab: OpenTab, azeroth_table: Game
) -> None:
    host = _open(open_tab, azeroth_table)
    page = host.page
    held: list[Any] = []  # previews kept back, as a slow network would
    keep = {"on": False}

    def preview(route: Any) -> None:
        if keep["on"]:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/preview/$"), preview)
    paladin = _wound(page, 1, "paladin-1")
    paladin.click()
    paladin.click()
    pending = page.get_by_test_id("pending")
    expect(pending).to_contain_text("Damage x2 · Ben's Paladin")
    keep["on"] = True
    paladin.click()  # its preview is on its way: the panel still says x2
    commit = pending.get_by_role("button", name="Commit")
    expect(commit).to_be_disabled()  # it would record two of the three taps
    page.wait_for_timeout(300)
    assert held, "the third tap asked for its preview"
    keep["on"] = False
    for route in held:
        route.continue_()
    expect(pending).to_contain_text("Damage x3 · Ben's Paladin")
    commit.click()
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.get_by_test_id("wounds-1-paladin-1")).to_have_text("2")
    ((kind, amount),) = [(a.type, a.payload["amount"]) for a in _since_set_up(azeroth_table)]
    assert (kind, amount) == ("damage", 3)
