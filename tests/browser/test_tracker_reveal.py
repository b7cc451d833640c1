"""Hold-to-reveal on the table's shared device, in Chromium: a seat's secrets (AZRAH's face-down
back row) appear only while its button is held, and are removed from the page, not hidden,
when it is let go, when the pointer is cancelled or when the window loses focus; a short tap
shows nothing. A seated player's page has no such button."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import Game
from games.tracker.lifecycle import create_game, join
from referee.rules.azrah.system import AZRAH
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD

from .conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, OpenTab, Tab

pytestmark = pytest.mark.browser

HOLD_MS = 400  # static/js/reveal.js waits this long before it fetches anything


@pytest.fixture
def table(transactional_db: None) -> Game:
    """Ana (seat 0) v Ben (seat 1, ``benny``), hosted from the table's device (no seat)."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    player = User.objects.create_user("benny", password=PASSWORD)
    game = create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)
    join(game, player, game.join_token, 1)
    return game


def _press(tab: Tab, name: str) -> None:
    box = tab.page.get_by_role("button", name=name).bounding_box()
    assert box is not None
    tab.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tab.page.mouse.down()


def _secret_text(tab: Tab) -> str:
    return str(tab.page.evaluate("document.body.innerText"))


def test_a_held_button_shows_one_seats_back_row_until_it_is_let_go(
    open_tab: OpenTab, table: Game
) -> None:
    page_url = f"/games/{table.pk}/"
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("hostess", PASSWORD, page_url)
    reveal = tab.page.get_by_test_id("reveal")
    assert "Sentinel" not in _secret_text(tab)

    _press(tab, "Hold to show Ana's secrets")
    expect(reveal).to_have_count(1)
    expect(reveal).to_contain_text("Ana · Sentinel")
    expect(reveal).to_contain_text("Ana · Warden")
    assert "Mystic" not in reveal.inner_text()
    tab.screenshot("tracker-reveal-held")
    tab.page.mouse.up()
    expect(reveal).to_have_count(0)  # removed from the page, not hidden
    assert "Sentinel" not in tab.page.content()

    # a short tap shows nothing, even after the time a fetch would take
    _press(tab, "Hold to show Ben's secrets")
    tab.page.mouse.up()
    tab.page.wait_for_timeout(HOLD_MS * 3)
    expect(reveal).to_have_count(0)
    assert "Mystic" not in tab.page.content()

    # the window losing focus counts as letting go
    _press(tab, "Hold to show Ben's secrets")
    expect(reveal).to_contain_text("Ben · Mystic")
    tab.page.evaluate("window.dispatchEvent(new Event('blur'))")
    expect(reveal).to_have_count(0)
    tab.page.mouse.up()

    # so does a cancelled pointer (a scroll, a palm on the screen)
    _press(tab, "Hold to show Ben's secrets")
    expect(reveal).to_contain_text("Ben · Ranger")
    tab.page.evaluate(
        "document.querySelector('[data-reveal]').dispatchEvent("
        "new PointerEvent('pointercancel', {bubbles: true}))"
    )
    expect(reveal).to_have_count(0)
    tab.page.mouse.up()
    assert tab.foreign_requests() == []


def test_a_seated_players_page_offers_no_reveal(open_tab: OpenTab, table: Game) -> None:
    page_url = f"/games/{table.pk}/"
    tab = open_tab(*TABLET_LANDSCAPE)
    tab.sign_in("benny", PASSWORD, page_url)
    expect(tab.page.get_by_text("Mystic").first).to_be_visible()  # his own back row
    expect(tab.page.locator("[data-reveal]")).to_have_count(0)
    assert "Sentinel" not in tab.page.content()


@pytest.fixture
def example_table(transactional_db: None) -> Game:
    """The example game (Ana v Ben, the starter catalog's Guardians), hosted from the table's
    device (no seat)."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    return create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH.example_setup())


# Each time the words shown change, where the held button is then (it must not move).
WATCH_BUTTON = """(name) => {
  const button = [...document.querySelectorAll("[data-reveal]")]
    .find((b) => b.textContent.trim() === name);
  window.__buttonBoxes = [];
  new MutationObserver(() => {
    const box = button.getBoundingClientRect();
    window.__buttonBoxes.push([box.x, box.y, box.width, box.height]);
  }).observe(document.getElementById(button.dataset.revealOut), {childList: true});
}"""


@pytest.mark.parametrize("size", [TABLET_LANDSCAPE, TABLET_PORTRAIT, PHONE])
def test_the_second_seats_secrets_stay_shown_while_its_button_is_held(
    open_tab: OpenTab, example_table: Game, size: tuple[int, int]
) -> None:
    """The words appearing do not move the held button from under the finger (moving off it
    counts as letting go), so the second seat's reveal works as the first seat's does."""
    tab = open_tab(*size)
    tab.sign_in("hostess", PASSWORD, f"/games/{example_table.pk}/")
    name = "Hold to show Ben's secrets"
    button = tab.page.get_by_role("button", name=name)
    before = button.bounding_box()
    assert before is not None
    tab.page.evaluate(WATCH_BUTTON, name)
    _press(tab, name)
    reveal = tab.page.get_by_test_id("reveal")
    expect(reveal).to_contain_text("Mirelle Tidewhisper")
    tab.page.wait_for_timeout(HOLD_MS * 2)
    expect(reveal).to_contain_text("Oberon Ashheart")  # still shown: not let go
    assert button.bounding_box() == before
    at = [before["x"], before["y"], before["width"], before["height"]]
    boxes = tab.page.evaluate("window.__buttonBoxes")
    assert boxes and all(box == at for box in boxes), boxes
    tab.screenshot(f"tracker-reveal-second-held-{size[0]}x{size[1]}")
    tab.page.mouse.up()
    expect(reveal).to_have_count(0)
