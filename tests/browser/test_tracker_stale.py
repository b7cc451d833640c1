"""Three phones and the table's device at a game of Deaths of Athazar, acting in the same
second: a pass sent after the table moved on is answered 409 with what changed in words and
the card the player chose still chosen, the notice in the page's flow (never over the board);
a poll that brings another's move leaves a menu as the player set it; and three players who
pass at once all have their passes recorded, nobody told the game moved on.

Screenshots of the page after a 409 at 1280x800, 800x1280 and 360x740 in
test-output/browser/stale/."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, Response, expect

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import PASSWORD

from .conftest import PHONE, SCREENSHOTS, SIZES, OpenTab, Tab
from .test_tracker_table import PAGE_PROBES

pytestmark = pytest.mark.browser

SHOTS = SCREENSHOTS / "stale"
ANA, BEN, CLEO = 0, 1, 2
ACCOUNTS = {ANA: "anna", BEN: "benny", CLEO: "cleo"}
BENS_HAND = ["Warrior 3", "Assassin", "Hunter", "Magician", "Sailor"]
PASS_MENU = f"input-pass_cards-pass-{BEN}-card"
# Every control of the board, and the notice's box against each one's: none may overlap.
OVERLAPS = """() => {
  const notice = document.querySelector('[data-testid="notice"]');
  const box = notice.getBoundingClientRect();
  return [...document.querySelectorAll(
      '#live form button, #live form select, #live form input:not([type=hidden])')]
    .filter((el) => el.offsetParent !== null && !notice.contains(el))
    .filter((el) => { const b = el.getBoundingClientRect();
                      return b.left < box.right && box.left < b.right
                          && b.top < box.bottom && box.top < b.bottom; })
    .map((el) => el.outerHTML.slice(0, 120));
}"""


@pytest.fixture
def table(transactional_db: None) -> Game:
    """Ana, Ben and Cleo seated at round 1's Pass phase, the host at no seat (the table's
    shared device). Ben has entered his hand: his pass is a menu of his cards."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    game = create_game(
        host=host, system="athazar", name="Friday table", setup={"players": ["Ana", "Ben", "Cleo"]}
    )
    for seat, name in ACCOUNTS.items():
        account = User.objects.create_user(name, password=PASSWORD)
        join(game, account, game.join_token, seat)
    _record(game, "benny", BEN, "enter_hand", cards=BENS_HAND)
    return game


def _record(game: Game, username: str, by: int | None, type_: str, **payload: Any) -> int:
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    applied = game_apply(
        game=row,
        user=User.objects.get(username=username),
        type=type_,
        payload=payload,
        expected_version=row.version,
        seat=by,
    )
    return applied.action.seq


def _open(open_tab: OpenTab, game: Game, username: str, *, probes: bool = False) -> Tab:
    tab = open_tab(*PHONE)
    if probes:
        tab.page.add_init_script(PAGE_PROBES)
    tab.sign_in(username, PASSWORD, f"/games/{game.pk}/")
    return tab


def _statuses(page: Page) -> list[int]:
    """The status of every answer the page gets to an action it sends, as they come."""
    seen: list[int] = []
    page.on("response", lambda response: seen.append(response.status) if _act(response) else None)
    return seen


# A tap on a player's first pass button ("Pass a card"), from inside the page: the three
# phones' taps are then as close together as three pages can be driven.
TAP_PASS = "(seat) => document.querySelector(`[data-testid=pass-${seat}] form button`).click()"


def _pass_button(tab: Tab, seat: int, label: str) -> Any:
    return tab.page.get_by_test_id(f"pass-{seat}").get_by_role("button", name=label, exact=True)


def test_a_pass_sent_after_the_table_moved_on_keeps_the_card_and_says_what_changed(
    open_tab: OpenTab, table: Game
) -> None:
    passed = _record(table, "anna", ANA, "pass_cards", count=1)
    ben = _open(open_tab, table, "benny", probes=True)
    host = _open(open_tab, table, "hostess")
    answers = _statuses(ben.page)
    expect(ben.page.get_by_test_id(PASS_MENU)).to_have_value("Assassin")  # the first card
    ben.page.get_by_test_id(PASS_MENU).select_option("Warrior 3")
    # Ben's phone looks away for a moment (no poll), while the host, at the table's device,
    # takes back Ana's pass: an undo commutes with nothing, so Ben's pass is stale
    ben.page.evaluate("window.__setVisibility('hidden')")
    version = host.page.locator("#live").get_attribute("data-version") or ""
    host.page.get_by_role("button", name=f"Undo #{passed}").click()
    expect(host.page.locator("#live")).not_to_have_attribute("data-version", version)
    _pass_button(ben, BEN, "Pass the card chosen").click()

    notice = ben.page.get_by_test_id("notice")
    expect(notice).to_contain_text(f"The host undid #{passed} (Ana: passes a card)")
    expect(notice).to_contain_text("Nothing of yours was recorded")
    expect(notice).not_to_contain_text(re.compile("version", re.IGNORECASE))
    assert answers == [409]
    expect(ben.page.get_by_test_id(PASS_MENU)).to_have_value("Warrior 3")  # still chosen
    expect(_pass_button(ben, BEN, "Pass the card chosen")).to_be_in_viewport()
    expect(notice).to_be_in_viewport()
    assert ben.page.evaluate(OVERLAPS) == []
    position = notice.evaluate("(el) => getComputedStyle(el).position")
    assert position in ("static", "relative"), position  # in the page's flow
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        ben.page.set_viewport_size({"width": width, "height": height})
        notice.scroll_into_view_if_needed()
        assert ben.page.evaluate(OVERLAPS) == [], size
        ben.fits()
        ben.page.screenshot(path=str(SHOTS / f"409-ben-{size}.png"))
    ben.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})

    # the phone looks again: a poll brings Cleo's pass, the notice and the card stay
    version = ben.page.locator("#live").get_attribute("data-version") or ""
    ben.page.evaluate("window.__setVisibility('visible')")
    _record(table, "cleo", CLEO, "pass_cards", count=1)
    expect(ben.page.locator("#live")).to_have_attribute("data-version", str(int(version) + 1))
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(f"The host undid #{passed}")
    expect(ben.page.get_by_test_id(PASS_MENU)).to_have_value("Warrior 3")

    # sent again, the pass records the card he chose; the notice goes with it
    version = ben.page.locator("#live").get_attribute("data-version") or ""
    _pass_button(ben, BEN, "Pass the card chosen").click()
    expect(ben.page.locator("#live")).to_have_attribute("data-version", str(int(version) + 1))
    expect(notice).to_have_count(0)
    last = Game.objects.get(pk=table.pk).actions.order_by("seq").last()
    assert last is not None
    assert (last.type, last.seat, last.payload["card"]) == ("pass_cards", BEN, "Warrior 3")


def test_sent_as_a_plain_form_the_whole_page_keeps_the_card_and_the_notice_by_it(
    open_tab: OpenTab, table: Game
) -> None:
    """Without htmx (a form sent before the page was ready, or no JavaScript) the 409 is the
    whole page: the server carries the card back, and the notice is beside the control."""
    passed = _record(table, "anna", ANA, "pass_cards", count=1)
    ben = _open(open_tab, table, "benny", probes=True)
    ben.page.get_by_test_id(PASS_MENU).select_option("Sailor")
    ben.page.evaluate("window.__setVisibility('hidden')")
    _record(table, "hostess", None, "undo", target=passed)
    form = (
        ben.page.get_by_test_id(f"pass-{BEN}")
        .locator("form")
        .filter(has=ben.page.get_by_test_id(PASS_MENU))
    )
    with ben.page.expect_navigation():
        form.evaluate("(form) => form.submit()")  # no submit event: htmx never sees it
    notice = ben.page.get_by_test_id("notice")
    expect(notice).to_contain_text(f"The host undid #{passed} (Ana: passes a card)")
    expect(ben.page.get_by_test_id(PASS_MENU)).to_have_value("Sailor")
    beside = notice.evaluate(
        "(el) => el.previousElementSibling.contains(document.querySelector("
        f"'[data-testid={PASS_MENU}]'))"
    )
    assert beside
    assert ben.page.evaluate(OVERLAPS) == []


def test_a_poll_that_brings_another_players_pass_leaves_the_menu_as_chosen(
    open_tab: OpenTab, table: Game
) -> None:
    ben = _open(open_tab, table, "benny")
    menu = ben.page.get_by_test_id(PASS_MENU)
    menu.select_option("Magician")
    version = ben.page.locator("#live").get_attribute("data-version") or ""
    _record(table, "cleo", CLEO, "pass_cards", count=1)
    expect(ben.page.locator("#live")).not_to_have_attribute("data-version", version)
    expect(ben.page.get_by_test_id("side-2")).to_contain_text("passed")
    expect(menu).to_have_value("Magician")
    _pass_button(ben, BEN, "Pass the card chosen").click()
    expect(ben.page.locator("#live")).to_have_attribute("data-version", str(int(version) + 2))
    last = Game.objects.get(pk=table.pk).actions.order_by("seq").last()
    assert last is not None
    assert (last.type, last.seat, last.payload["card"]) == ("pass_cards", BEN, "Magician")


def test_three_phones_pass_in_the_same_second_and_all_three_are_recorded(
    open_tab: OpenTab, table: Game
) -> None:
    """The rules have everyone pass at once (How to Play 3): passes of different players
    commute, so each is recorded though sent against the version before the others'."""
    _record(table, "benny", BEN, "forget_hand")  # each pass is then one button
    phones = {seat: _open(open_tab, table, name, probes=True) for seat, name in ACCOUNTS.items()}
    before = Game.objects.get(pk=table.pk).version
    for seat, tab in phones.items():
        expect(_pass_button(tab, seat, "Pass a card")).to_be_visible()
    # no poll comes between the taps: each phone sends its pass against the version it shows
    for tab in phones.values():
        tab.page.evaluate("window.__setVisibility('hidden')")
    ana, ben, cleo = (phones[seat].page for seat in (ANA, BEN, CLEO))
    # the three taps, as close together as the three phones can be driven
    with (
        ana.expect_response(_act) as to_ana,
        ben.expect_response(_act) as to_ben,
        cleo.expect_response(_act) as to_cleo,
    ):
        for seat, tab in phones.items():
            tab.page.evaluate(TAP_PASS, seat)
    answers = {ANA: to_ana.value, BEN: to_ben.value, CLEO: to_cleo.value}
    # all three were sent against the version before any of them, and all were recorded
    sent = {seat: parse_qs(answer.request.post_data or "") for seat, answer in answers.items()}
    assert {seat: body.get("version") for seat, body in sent.items()} == {
        seat: [str(before)] for seat in phones
    }
    assert {seat: answer.status for seat, answer in answers.items()} == {
        ANA: 200,
        BEN: 200,
        CLEO: 200,
    }
    for tab in phones.values():
        tab.page.evaluate("window.__setVisibility('visible')")  # and catches up at once
        expect(tab.page.get_by_test_id("phase")).to_have_text("Play phase")
        expect(tab.page.get_by_test_id("notice")).to_have_count(0)
    passes = Game.objects.get(pk=table.pk).actions.filter(seq__gt=before)
    assert sorted((a.type, a.seat) for a in passes) == [
        ("pass_cards", ANA),
        ("pass_cards", BEN),
        ("pass_cards", CLEO),
    ]


def _act(response: Response) -> bool:
    """An answer to an action the page sent."""
    return response.request.method == "POST" and response.url.endswith("/act/")
