"""Deaths of Athazar in Chromium on three tablets, each player on their own: the first two
rounds are recorded through the service (kills named without a hand), then two rounds are
played on the tablets: in the third everyone passes, names a Magician's kill and Ana deals;
in the fourth everyone passes, Ben enters his hand and his kill helper lists each
kill with its rule and the one that sheds the most, Cleo names a kill (refused with the rule,
then one that works), and all three empty their hands in the same round: the tie-break by
the value of their last plays puts Cleo (9) first, and Ben and Ana (a Magician each, 7) tie
for second. Ben's hand never shows on the others' tablets.
Screenshots at 1280x800, 800x1280 and 360x740 go to /tmp/shots-athazar-tracker/; at every
size nothing scrolls sideways and every control is 48 px."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join
from tests.games.tracker.support import PASSWORD

from .conftest import PHONE, TABLET_LANDSCAPE, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-athazar-tracker")
SYNC_MS = 2500
TARGETS = ", ".join(
    f".tr-athazar {part}" for part in ("button", "summary", "select", "input:not([type=hidden])")
)
ANA, BEN, CLEO = 0, 1, 2


def _record(game: Game, user: User, type_: str, by: int, **payload: Any) -> None:
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    game_apply(
        game=row, user=user, type=type_, payload=payload, expected_version=row.version, seat=by
    )


@pytest.fixture
def table(transactional_db: None) -> tuple[Game, dict[int, User]]:
    """Ana deals (seat 0), Ben (1) and Cleo (2), two rounds already played: Ana and Ben
    hold 5 cards and Cleo 4 before the third round's pass."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    users = {
        ANA: User.objects.create_user("anna", password=PASSWORD),
        BEN: User.objects.create_user("benny", password=PASSWORD),
        CLEO: User.objects.create_user("cleo", password=PASSWORD),
    }
    setup = {"players": ["Ana", "Ben", "Cleo"], "dealer": 0, "pass_direction": "right"}
    game = create_game(host=host, system="athazar", name="Friday table", setup=setup)
    for seat, user in users.items():
        join(game, user, game.join_token, seat)
    pair = {"killer": "Assassin", "victim": "Sailor"}
    magic = {"killer": "Magician", "victim": "Sailor", "second_victim": "Sailor"}
    rounds = [
        [(BEN, pair), (CLEO, pair), (ANA, pair)],
        [(CLEO, magic), (BEN, pair), (ANA, pair)],
    ]
    for plays in rounds:
        for seat, user in users.items():
            _record(game, user, "pass_cards", seat, count=1)
        for seat, payload in plays:
            _record(game, users[seat], "kill", seat, **payload)
        _record(game, users[ANA], "deal", ANA)
    state = current_game(Game.objects.get(pk=game.pk)).state
    assert [s.count for s in state.seats] == [5, 5, 4]
    return game, users


def _version(tab: Tab) -> str | None:
    return tab.page.locator("#live").get_attribute("data-version")


def _press(tab: Tab, testid: str, button: str | None = None) -> None:
    """Press the button ``button`` says inside ``testid`` (or that element itself) and wait
    for the action to be recorded."""
    version = _version(tab)
    where = tab.page.get_by_test_id(testid)
    (where.get_by_role("button", name=button, exact=True) if button else where).click()
    expect(tab.page.locator("#live")).not_to_have_attribute("data-version", version or "")


def _sync(tabs: dict[int, Tab], source: Tab) -> None:
    """Every tablet shows the game as ``source`` does (each polls every second)."""
    version = _version(source)
    for tab in tabs.values():
        expect(tab.page.locator("#live")).to_have_attribute(
            "data-version", version or "", timeout=SYNC_MS
        )


def _name_kill(tab: Tab, killer: str, victim: str, second: str = "") -> None:
    tab.page.get_by_test_id("kill-killer").select_option(killer)
    tab.page.get_by_test_id("kill-victim").select_option(victim)
    tab.page.get_by_test_id("kill-second").select_option(second)
    _press(tab, "kill-record")


def _pass_at_once(tabs: dict[int, Tab]) -> None:
    """Every phone taps its first pass button in the same moment, before any has seen
    another's pass: all are recorded (R211), and no phone is told the game moved on."""
    version = {seat: _version(tab) for seat, tab in tabs.items()}
    with (
        tabs[ANA].page.expect_response(_acted) as to_ana,
        tabs[BEN].page.expect_response(_acted) as to_ben,
        tabs[CLEO].page.expect_response(_acted) as to_cleo,
    ):
        for seat, tab in tabs.items():
            tab.page.evaluate(TAP_PASS, seat)
    assert [to.value.status for to in (to_ana, to_ben, to_cleo)] == [200, 200, 200]
    assert len(set(version.values())) == 1, version
    for tab in tabs.values():
        expect(tab.page.get_by_test_id("phase")).to_have_text("Play phase", timeout=SYNC_MS)
        expect(tab.page.get_by_test_id("notice")).to_have_count(0)


def _acted(response: Any) -> bool:
    return bool(response.request.method == "POST" and response.url.endswith("/act/"))


TAP_PASS = "(seat) => document.querySelector(`[data-testid=pass-${seat}] form button`).click()"


def test_three_phones_play_two_rounds_to_a_tie_break_passing_at_once(
    open_tab: OpenTab, table: tuple[Game, dict[int, User]]
) -> None:
    game, _users = table
    url = f"/games/{game.pk}/"
    tabs: dict[int, Tab] = {}
    for seat, name in ((ANA, "anna"), (BEN, "benny"), (CLEO, "cleo")):
        tabs[seat] = open_tab(*PHONE)
        tabs[seat].sign_in(name, PASSWORD, url)
        expect(tabs[seat].page.locator(".tr-side").first).to_have_attribute("data-seat", str(seat))
    ana, ben, cleo = tabs[ANA], tabs[BEN], tabs[CLEO]
    expect(ana.page.get_by_test_id("round")).to_have_text("Round 3")

    # the third round: everyone passes at once, each names a Magician's kill, the dealer deals
    _pass_at_once(tabs)
    for seat in (BEN, CLEO, ANA):
        expect(tabs[seat].page.get_by_test_id(f"turn-{seat}")).to_be_visible()
        _name_kill(tabs[seat], "Magician", "Sailor", "Sailor")
        _sync(tabs, tabs[seat])
    expect(ana.page.get_by_test_id("phase")).to_have_text("Deal phase")
    _press(ana, "game-controls", "Deal a card to every player")
    _sync(tabs, ana)
    expect(ana.page.get_by_test_id("phase")).to_have_text("Pass phase")
    expect(ana.page.get_by_test_id("round")).to_have_text("Round 4")
    expect(ana.page.get_by_test_id("dealer-0")).to_be_visible()
    expect(ana.page.get_by_test_id("token-2")).to_be_visible()
    ben.at_every_size(SHOTS, "01-pass-ben", TARGETS)

    # the pass: everyone at once, in the same second; the counts change when all have passed
    _pass_at_once(tabs)
    expect(cleo.page.get_by_test_id("active")).to_have_text("Cleo\u2019s turn")

    # Ben taps his hand in on his own tablet and saves it once: one entry, nobody else sees it
    version = _version(ben)
    editor = ben.page.get_by_test_id("hand-editor")
    editor.get_by_role("button", name="Magician", exact=True).click()
    editor.get_by_test_id("hand-warrior-value").select_option("Warrior 3")
    editor.get_by_role("button", name="Add", exact=True).click()
    editor.get_by_test_id("hand-warrior-value").select_option("Warrior 12")
    editor.get_by_role("button", name="Add", exact=True).click()
    expect(editor.get_by_test_id("draft-cards")).to_contain_text("Warrior 12")
    expect(editor.get_by_test_id("draft-count")).to_contain_text("Not saved yet")
    assert _version(ben) == version  # the taps stay on the tablet
    _press(ben, "hand-save")
    assert int(_version(ben) or 0) == int(version or 0) + 1  # one entry for the whole hand
    expect(ben.page.get_by_test_id("draft-cards")).to_contain_text("Warrior 12")
    expect(ben.page.get_by_test_id("draft-count")).not_to_contain_text("Not saved yet")
    _sync(tabs, ben)
    for other in (ana, cleo):
        other.page.reload()
        expect(other.page.get_by_test_id("hand-cards")).to_have_count(0)
        expect(other.page.get_by_test_id("side-1")).not_to_contain_text("Warrior 12")
        history = other.page.locator(".tr-history")
        expect(history).to_contain_text("Ben: updates their private hand")
        expect(history.get_by_text("Ben: updates their private hand")).to_have_count(1)

    # Cleo, without a hand entered, names a kill: refused with the rule, then one that works
    cleo.page.get_by_test_id("kill-killer").select_option("Warrior 9")
    cleo.page.get_by_test_id("kill-victim").select_option("Wiseman")
    cleo.page.get_by_test_id("kill-record").click()
    refusal = cleo.page.get_by_test_id("name-kill").get_by_test_id("refusal")
    expect(refusal).to_contain_text("lower than its own, 9 (Kill Cards 6")
    cleo.at_every_size(SHOTS, "02-name-kill-cleo", TARGETS)
    _name_kill(cleo, "Warrior 9", "Sailor")
    expect(cleo.page.get_by_test_id("cards-2")).to_have_text("0")
    _sync(tabs, cleo)

    # Ben's turn: the helper lists each kill with its rule, the Magician's sheds the most
    expect(ben.page.get_by_test_id("active")).to_have_text("Ben\u2019s turn", timeout=SYNC_MS)
    helper = ben.page.get_by_test_id("helper")
    expect(helper.get_by_test_id("option")).to_have_count(3)
    expect(helper).to_contain_text("Kill Cards 5")
    expect(helper).to_contain_text("Kill Cards 6")
    most = helper.locator(".ath-most")
    expect(most).to_have_count(1)
    expect(most).to_contain_text("Magician kills Warrior 3 and Warrior 12")
    ben.at_every_size(SHOTS, "03-helper-ben", TARGETS)
    version = _version(ben)
    most.get_by_role("button").click()
    expect(ben.page.locator("#live")).not_to_have_attribute("data-version", version or "")
    expect(ben.page.get_by_test_id("cards-1")).to_have_text("0")
    _sync(tabs, ben)

    # Ana, the dealer, plays last and empties her hand too, with a Magician as Ben did
    expect(ana.page.get_by_test_id("active")).to_have_text("Ana\u2019s turn", timeout=SYNC_MS)
    _name_kill(ana, "Magician", "Hunter", "Hunter")

    # the end: three hands emptied in one round, placed by their last plays' values
    for tab in tabs.values():
        summary = tab.page.get_by_test_id("athazar-summary")
        expect(summary).to_contain_text("Cleo wins", timeout=SYNC_MS)
        expect(summary.get_by_test_id("place-1")).to_contain_text("Cleo")
        # Ben's and Ana's last plays are both a Magician's, value 7: they tie for second
        expect(summary.get_by_test_id("place-2")).to_contain_text("Ana, Ben tie")
        expect(summary.get_by_test_id("place-3")).to_have_count(0)
        expect(summary.get_by_test_id("reason")).to_contain_text("(value 9) is the highest")
    ana.at_every_size(SHOTS, "04-end-ana", TARGETS)


@pytest.fixture
def organiser(transactional_db: None) -> User:
    return User.objects.create_user("hostess", password=PASSWORD)


def test_a_game_is_set_up_at_the_table(open_tab: OpenTab, organiser: User) -> None:
    """The games page's own form for Deaths of Athazar: a deck too small is refused beside
    its field, then the game starts with the host at Ben's seat."""
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("hostess", PASSWORD, "/games/")
    form = tab.page.get_by_test_id("new-athazar")
    form.locator("#id_athazar-players").fill("Ana\nBen\nCleo\nDev")
    form.locator("#id_athazar-dealer").select_option("3")
    form.locator("#id_athazar-deck_size").fill("30")
    form.locator("label[for=id_athazar-pass_direction_1]").click()
    form.locator("label[for=id_athazar-seat_2]").click()
    form.get_by_test_id("start-athazar").click()
    tab.page.wait_for_load_state("networkidle")
    expect(tab.page.locator("#err-athazar-deck_size")).to_contain_text("enough to deal")
    form = tab.page.get_by_test_id("new-athazar")
    form.scroll_into_view_if_needed()
    tab.at_every_size(SHOTS, "00-new-game", "[data-testid=new-athazar] button")
    form.locator("#id_athazar-deck_size").fill("56")
    form.get_by_test_id("start-athazar").click()
    tab.page.wait_for_url("**/games/*-*/")
    expect(tab.page.get_by_test_id("side-1")).to_contain_text("Ben (you)")
    expect(tab.page.get_by_test_id("dealer-3")).to_be_visible()
    expect(tab.page.get_by_test_id("token-0")).to_be_visible()
    expect(tab.page.get_by_test_id("turn")).to_contain_text("passes to the left")


def test_the_table_device_runs_a_game_of_five(open_tab: OpenTab, organiser: User) -> None:
    """One tablet for a table of five: the passes and a named kill recorded for each player
    in turn, no hand shown, a hold-to-reveal button for the player who entered theirs."""
    names = ["Ana", "Ben", "Cleo", "Dev", "Eli"]
    game = create_game(
        host=organiser, system="athazar", name="Five", setup={"players": names, "dealer": 4}
    )
    ben = User.objects.create_user("benny", password=PASSWORD)
    join(game, ben, game.join_token, 1)
    _record(game, ben, "enter_hand", 1, cards=["Archer", "Djinn"])
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("hostess", PASSWORD, f"/games/{game.pk}/")
    for seat in range(5):
        expect(tab.page.get_by_test_id(f"cards-{seat}")).to_have_text("5")  # five each
    expect(tab.page.get_by_role("button", name="Hold to show Ben's secrets")).to_be_visible()
    expect(tab.page.locator(".ath-chip")).to_have_count(0)
    for seat in (0, 2, 3, 4):
        _press(tab, f"pass-{seat}", "Pass a card")
    tab.at_every_size(SHOTS, "05-table-of-five-pass", TARGETS)
    _record(game, ben, "pass_cards", 1, count=1)
    tab.page.reload()
    expect(tab.page.get_by_test_id("active")).to_have_text("Ana\u2019s turn")
    _name_kill(tab, "Archer", "Prince")
    expect(tab.page.get_by_test_id("cards-0")).to_have_text("3")
    expect(tab.page.get_by_test_id("active")).to_have_text("Ben\u2019s turn")
    tab.at_every_size(SHOTS, "06-table-of-five-play", TARGETS)


def test_on_a_phone_the_kill_helper_stays_short(
    open_tab: OpenTab, table: tuple[Game, dict[int, User]]
) -> None:
    """Cleo, on a phone at 360x740, taps in a realistic hand (a Princess among seven cards,
    which allows dozens of plays), keeping the taps through another player's action, and
    saves it once. On her turn the helper shows the best play first and folds the rest: the
    page stays under four screens tall."""
    game, users = table
    url = f"/games/{game.pk}/"
    for seat in (ANA, BEN, CLEO):
        _record(game, users[seat], "pass_cards", seat, count=1)
    # Ben plays first, a Prince: Cleo holds five cards, and her turn is next
    _record(game, users[BEN], "play_effect", BEN, card="Prince")
    cleo = open_tab(*PHONE)
    cleo.sign_in("cleo", PASSWORD, url)
    editor = cleo.page.get_by_test_id("hand-editor")
    for card in ("Princess", "Magician", "Sailor", "Sailor"):
        editor.get_by_role("button", name=card, exact=True).click()
    # another player acts while Cleo is tapping: the page follows, her taps stay
    _record(game, users[ANA], "enter_hand", ANA, cards=["Sailor"])
    expect(cleo.page.locator("#live")).to_have_attribute(
        "data-version", str(Game.objects.get(pk=game.pk).version), timeout=SYNC_MS
    )
    expect(editor.get_by_test_id("draft-cards")).to_contain_text("Princess")
    editor.get_by_test_id("hand-warrior-value").select_option("Warrior 9")
    editor.get_by_role("button", name="Add", exact=True).click()
    expect(editor.get_by_test_id("draft-count")).to_contain_text("5 of 5 cards entered")
    _press(cleo, "hand-save")
    expect(cleo.page.get_by_test_id("turn-2")).to_be_visible()
    helper = cleo.page.get_by_test_id("helper")
    first = helper.get_by_test_id("option").first
    expect(first).to_be_visible()
    expect(first).to_contain_text("sheds 3")  # the Magician's set, the most it can shed
    expect(helper.get_by_test_id("more-options")).not_to_have_attribute("open", "")
    assert helper.get_by_test_id("option").count() > 15
    expect(cleo.page.get_by_test_id("hand-slot-1")).to_be_hidden()  # the menus: no JS only
    board = cleo.page.locator(".tr-athazar").bounding_box()
    assert board is not None
    cleo.at_every_size(SHOTS, "07-helper-phone-cleo", TARGETS)
    cleo.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    assert board["height"] <= 2.5 * PHONE[1], f"the board is {board['height']} px tall"
    helper.get_by_test_id("more-options").locator("summary").click()
    expect(helper.get_by_test_id("option").last).to_be_visible()  # the rest, one tap away
