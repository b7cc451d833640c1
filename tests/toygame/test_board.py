"""Counter Race's board in Chromium, the game registered by a settings override alone: two
players on their own tablets choose their secrets in the same moment and race to the end;
the board fits a tablet both ways and a phone, and every number on it is the engine's.
Screenshots in test-output/browser/countrace/."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Route, expect

from games.models import Game
from games.tracker.lifecycle import create_game, join
from tests.browser.conftest import PHONE, SCREENSHOTS, TABLET_LANDSCAPE, WAIT_MS, OpenTab, Tab
from tests.games.tracker.support import PASSWORD, record

pytestmark = pytest.mark.browser

SHOTS = SCREENSHOTS / "countrace"
TARGETS = ".tr-countrace button, .tr-countrace select"


@pytest.fixture(autouse=True)
def counter_race(settings: Any) -> None:
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.toygame"]


@pytest.fixture
def race(transactional_db: None) -> Game:
    host = User.objects.create_user("hostess", password=PASSWORD)
    game = create_game(
        host=host,
        system="countrace",
        name="Ana v Ben",
        setup={"players": ["Ana", "Ben"], "target": 4},
    )
    for seat, name in enumerate(("anna", "benny")):
        join(game, User.objects.create_user(name, password=PASSWORD), game.join_token, seat)
    return Game.objects.get(pk=game.pk)


def _open(open_tab: OpenTab, game: Game, name: str, size: tuple[int, int]) -> Tab:
    tab = open_tab(*size)
    tab.sign_in(name, PASSWORD, f"/games/{game.pk}/")
    expect(tab.page.get_by_test_id("countrace-board")).to_be_visible()
    return tab


def _choose(tab: Tab, number: str) -> None:
    control = tab.page.locator("form", has_text="Choose your secret number")
    control.locator("select").select_option(number)
    control.get_by_role("button").click()


def _advance(tab: Tab, steps: str) -> None:
    control = tab.page.locator("form", has_text="Move your counter")
    control.locator("select").select_option(steps)
    control.get_by_role("button").click()


def test_two_tablets_race_to_the_end(open_tab: OpenTab, race: Game) -> None:
    ana = _open(open_tab, race, "anna", TABLET_LANDSCAPE)
    ben = _open(open_tab, race, "benny", PHONE)
    ana.at_every_size(SHOTS, "start-ana", TARGETS)

    _choose(ana, "3")
    _choose(ben, "1")
    # each sees their own number and only that the other chose
    expect(ana.page.get_by_test_id("secret-0")).to_have_text("3")
    expect(ben.page.get_by_test_id("racer-0")).to_contain_text("secret chosen")
    expect(ben.page.get_by_test_id("secret-1")).to_have_text("1")
    assert ben.page.get_by_test_id("secret-0").count() == 0

    _advance(ana, "3")
    expect(ben.page.get_by_test_id("counter-0")).to_have_text("3")
    _advance(ben, "2")
    expect(ana.page.get_by_test_id("counter-1")).to_have_text("2")
    ben.at_every_size(SHOTS, "middle-ben", TARGETS)
    _advance(ana, "1")  # 4: the target; 4 + 3 against 2 + 1

    for tab in (ana, ben):
        expect(tab.page.get_by_test_id("secret-0")).to_have_text("3")
        expect(tab.page.get_by_test_id("secret-1")).to_have_text("1")
        expect(tab.page.get_by_test_id("counter-0")).to_have_text("4")
    ana.at_every_size(SHOTS, "end-ana", TARGETS)


def _held(tab: Tab, routes: list[Route], what: str) -> Route:
    deadline = time.monotonic() + WAIT_MS / 1000
    while not routes:
        assert time.monotonic() < deadline, f"{what} was not sent"
        tab.page.wait_for_timeout(20)
    return routes.pop(0)


def test_a_poll_answered_while_the_players_action_is_on_its_way_never_loses_it(
    open_tab: OpenTab, race: Game
) -> None:
    """Ben's tablet has a poll on its way when he sends his choice, and the poll's answer (Ana's
    move) arrives before his action's. The poll's part must not replace the form his action
    came from: his action's answer is the part to show, and the page goes on following the
    game afterwards (found at the table: the tablet froze without his choice)."""
    ben = _open(open_tab, race, "benny", PHONE)
    polls: list[Route] = []
    actions: list[Route] = []

    def poll(route: Route) -> None:
        if route.request.method == "GET" and route.request.headers.get("hx-request"):
            polls.append(route)
        else:
            route.continue_()

    ben.page.route(f"**/games/{race.pk}/", poll)
    ben.page.route(f"**/games/{race.pk}/act/", lambda route: actions.append(route))
    held_poll = _held(ben, polls, "a poll")
    ben.page.unroute(f"**/games/{race.pk}/", poll)
    record(race, User.objects.get(username="anna"), "choose_secret", {"number": 3}, seat=0)
    _choose(ben, "1")
    held_action = _held(ben, actions, "Ben's choice")
    held_poll.continue_()  # Ana's move reaches Ben's tablet first
    ben.page.wait_for_timeout(500)
    held_action.continue_()
    expect(ben.page.get_by_test_id("secret-1")).to_have_text("1")
    expect(ben.page.get_by_test_id("racer-0")).to_contain_text("secret chosen")
    # and the tablet still follows the table
    record(race, User.objects.get(username="anna"), "advance", {"steps": 2}, seat=0)
    expect(ben.page.get_by_test_id("counter-0")).to_have_text("2")
