"""The table page in Chromium, as two tablets and a phone use it: refusals that never break
the page (with and without DEBUG), pending changes on several counters committed as one
action, counters held down, the page staying where it was after a swap, polling and the
wake lock while the page is hidden, the phone's header, the shared-tablet layout and who the
history says acted. Screenshots of each at 1280x800, 800x1280 and 360x740 in
/tmp/shots/table/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, Page, expect

from games.models import Game
from games.tracker import service
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD, free_seat

from .conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/table")
# A counter held down has repeated: its pending steps have reached four.
HELD_FOUR = (
    "(counter) => Number((counter.getAttribute('data-pending') || '0').replace('+', '')) >= 4"
)
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
    game = service.create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    service.join(game, player, game.join_token, 1)
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
    service.game_apply(
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
    expect(notice).to_contain_text("The game moved on")
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
    open_tab: OpenTab, table: Game
) -> None:
    host = _open(open_tab, table)
    page = host.page
    alchemist = _tap(page, 0, "attach_mana", "Alchemist")
    dragoon = _tap(page, 0, "attach_mana", "Dragoon")
    bard = _tap(page, 1, "deal_damage", "Bard")
    alchemist.click()
    pending = page.get_by_test_id("pending")
    expect(pending).to_contain_text("Attach Mana x1 · Ana's Alchemist")
    dragoon.click()
    bard.click()
    bard.click()
    for button, amount in ((alchemist, "+1"), (dragoon, "+1"), (bard, "+2")):
        expect(_counter(page, button)).to_have_attribute("data-pending", amount)
    expect(pending).to_contain_text("Attach Mana x1 · Ana's Dragoon")
    expect(pending).to_contain_text("Deal damage x2 · Ben's Bard")
    changes = pending.get_by_test_id("changes")
    expect(changes).to_contain_text("Alchemist: Mana 0 → 1")
    expect(changes).to_contain_text("Dragoon: Mana 0 → 1")
    expect(changes).to_contain_text("Bard: damage 0 → 2")
    assert not PYTHON.search(pending.inner_text())
    _shot(host, "pending-three-counters")
    for width, height in (TABLET_PORTRAIT, PHONE):
        page.set_viewport_size({"width": width, "height": height})
        host.fits()
        _shot(host, "pending-three-counters")
    page.set_viewport_size({"width": TABLET_LANDSCAPE[0], "height": TABLET_LANDSCAPE[1]})
    assert table.actions.count() == 0  # nothing recorded before Commit

    pending.get_by_role("button", name="Commit").click()
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator(".tr-counter[data-pending]")).to_have_count(0)
    (entry,) = table.actions.all()
    assert entry.type == "batch"
    assert [part["type"] for part in entry.payload["actions"]] == [
        "attach_mana",
        "attach_mana",
        "deal_damage",
    ]
    expect(page.get_by_test_id("damage-1-bard")).to_have_text("2")
    expect(page.locator(".tr-entry")).to_have_count(1)

    # one pending change is recorded as the action itself; Cancel drops all of them
    _tap(page, 1, "deal_damage", "Duelist").click()
    expect(pending).to_contain_text("Deal damage x1 · Ben's Duelist")
    pending.get_by_role("button", name="Commit").click()
    expect(page.get_by_test_id("damage-1-duelist")).to_have_text("1")
    assert [a.type for a in table.actions.order_by("seq")] == ["batch", "deal_damage"]
    _tap(page, 1, "deal_damage", "Cleric").click()
    _tap(page, 1, "deal_damage", "Duelist").click()
    expect(page.locator(".tr-counter[data-pending]")).to_have_count(2)
    expect(pending).to_contain_text("Deal damage x1 · Ben's Duelist")  # previewed
    # a batch is one seat's: a counter acting for another seat waits
    oracle = _tap(page, 0, "deal_damage", "Oracle")
    oracle.evaluate("button => { button.form.elements.seat.value = '1'; }")
    oracle.click()
    expect(page.locator("#pending")).to_contain_text("another player's: commit or cancel")
    expect(_counter(page, oracle)).not_to_have_attribute("data-pending", re.compile("."))
    page.get_by_test_id("pending").get_by_role("button", name="Cancel").click()
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.locator(".tr-counter[data-pending]")).to_have_count(0)
    assert table.actions.count() == 2


def test_a_commit_refused_as_stale_keeps_the_pending_changes(
    open_tab: OpenTab, table: Game
) -> None:
    tab = _open(open_tab, table, probes=True)
    page = tab.page
    page.evaluate("window.__setVisibility('hidden')")  # no poll brings the new version
    page.wait_for_load_state("networkidle")
    bard = _tap(page, 1, "deal_damage", "Bard")
    bard.click()
    pending = page.get_by_test_id("pending")
    expect(pending).to_contain_text("Deal damage x1 · Ben's Bard")
    _record(table, "hostess", 0, "attach_mana", guardian="Alchemist")
    pending.get_by_role("button", name="Commit").click()
    expect(page.get_by_test_id("notice")).to_contain_text("The game moved on")
    expect(_counter(page, bard)).to_have_attribute("data-pending", "+1")
    expect(pending.locator('input[name="version"]')).to_have_value("1")  # previewed again
    pending.get_by_role("button", name="Commit").click()
    expect(page.get_by_test_id("damage-1-bard")).to_have_text("1")
    expect(page.locator("#pending")).to_be_hidden()
    assert [a.type for a in table.actions.order_by("seq")] == ["attach_mana", "deal_damage"]


def test_a_counter_held_down_repeats_and_the_long_press_is_not_also_a_tap(
    open_tab: OpenTab, table: Game
) -> None:
    host = _open(open_tab, table)
    page = host.page
    duelist = _tap(page, 1, "deal_damage", "Duelist")
    counter = _counter(page, duelist)
    duelist.scroll_into_view_if_needed()
    box = duelist.bounding_box()
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
    held = page.evaluate("window.__atRelease")
    assert held is not None and int(held.lstrip("+")) >= 4, held
    expect(page.get_by_test_id("pending")).to_contain_text(f"Deal damage x{held.lstrip('+')}")
    page.wait_for_timeout(500)
    expect(counter).to_have_attribute("data-pending", held)  # the release added nothing
    duelist.click()  # a short tap is one step
    expect(counter).to_have_attribute("data-pending", f"+{int(held.lstrip('+')) + 1}")
    page.get_by_test_id("pending").get_by_role("button", name="Cancel").click()


def test_a_counter_held_by_a_finger_repeats_too(open_tab: OpenTab, table: Game) -> None:
    phone = _open(open_tab, table, size=PHONE)
    page = phone.page
    bard = _tap(page, 1, "deal_damage", "Bard")
    bard.scroll_into_view_if_needed()
    box = bard.bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch = page.context.new_cdp_session(page)
    counter = _counter(page, bard)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_function(HELD_FOUR, arg=counter.element_handle())  # it repeats while held
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(counter).to_have_attribute("data-pending", re.compile(r"^\+\d+$"))
    held = int(str(counter.get_attribute("data-pending")).lstrip("+"))
    assert held >= 4
    page.wait_for_timeout(500)
    expect(counter).to_have_attribute("data-pending", f"+{held}")
    expect(page.get_by_test_id("pending")).to_contain_text(f"Deal damage x{held} · Ben's Bard")
    _shot(phone, "held-counter")


# --- the page stays where it was ------------------------------------------------------------


def test_the_page_stays_where_it_was_after_an_action_and_a_commit(
    open_tab: OpenTab, table: Game
) -> None:
    tab = _open(open_tab, table, size=TABLET_PORTRAIT)
    page = tab.page
    more = page.locator('.tr-side[data-seat="1"] details.tr-g-more').first
    summary = page.locator('.tr-side[data-seat="1"] details.tr-g-more > summary').first
    summary.scroll_into_view_if_needed()
    summary.click()
    # a status, not the forced escape listed first: that would make play wait for a swap
    button = more.locator(".tr-control button[type=submit]").filter(has_text="Frozen").first
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
    bard = _tap(page, 1, "deal_damage", "Bard")
    bard.evaluate("button => button.scrollIntoView({block: 'center'})")
    box = bard.bounding_box()
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
    nav = page.locator(".site-nav")
    for name in ("Home", "Games", "My lists", "Rulings"):
        expect(nav.get_by_role("link", name=name)).to_have_count(1)
    page.locator(".site-nav").evaluate("nav => { nav.scrollLeft = nav.scrollWidth; }")
    expect(nav.get_by_role("button", name="Sign out")).to_be_in_viewport()
    page.locator(".site-nav").evaluate("nav => { nav.scrollLeft = 0; }")
    _shot(phone, "board")
    _shot(phone, "board-full", full_page=True)
    page.set_viewport_size({"width": TABLET_PORTRAIT[0], "height": TABLET_PORTRAIT[1]})
    upright = page.evaluate("document.querySelector('.site-header').getBoundingClientRect().height")
    assert upright <= 0.06 * TABLET_PORTRAIT[1], f"the header is {upright}px on a tablet"
    phone.fits()
    _shot(phone, "board")
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})

    # the rest of the site keeps its header
    phone.goto("/")
    elsewhere = page.evaluate(
        "document.querySelector('.site-header').getBoundingClientRect().height"
    )
    assert elsewhere > header


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
    _tap(page, 1, "deal_damage", "Bard").click()
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
    open_tab: OpenTab, table: Game
) -> None:
    host = _open(open_tab, table)
    page = host.page
    held: list[Any] = []  # previews kept back, as a slow network would
    keep = {"on": False}

    def preview(route: Any) -> None:
        if keep["on"]:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/preview/$"), preview)
    duelist = _tap(page, 1, "deal_damage", "Duelist")
    duelist.click()
    duelist.click()
    pending = page.get_by_test_id("pending")
    expect(pending).to_contain_text("Deal damage x2 · Ben's Duelist")
    keep["on"] = True
    duelist.click()  # its preview is on its way: the panel still says x2
    commit = pending.get_by_role("button", name="Commit")
    expect(commit).to_be_disabled()  # it would record two of the three taps
    page.wait_for_timeout(300)
    assert held, "the third tap asked for its preview"
    keep["on"] = False
    for route in held:
        route.continue_()
    expect(pending).to_contain_text("Deal damage x3 · Ben's Duelist")
    commit.click()
    expect(page.locator("#pending")).to_be_hidden()
    expect(page.get_by_test_id("damage-1-duelist")).to_have_text("3")
    ((kind, amount),) = [(a.type, a.payload["amount"]) for a in table.actions.all()]
    assert (kind, amount) == ("deal_damage", 3)
