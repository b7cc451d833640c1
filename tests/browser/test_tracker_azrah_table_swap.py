"""AZRAH on one shared tablet (the host at no seat, nobody at the seats): the table plays
to a defeat and swaps the defeated Guardian out at once (R101) by the place of a face-down
back-row card, never its name (R53, R111). Screenshots at 1280x800, 800x1280 and 360x740
are saved under /tmp/shots-azrah-fidelity/; at every size nothing scrolls sideways and
every button is 48 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import Game
from games.tracker.lifecycle import create_game
from tests.games.tracker.support import AZRAH_SETUP, PASSWORD

from .conftest import SIZES, TABLET_LANDSCAPE, OpenTab
from .test_tracker_azrah_play import TARGETS, _act, _control, _count, _outside, _tap

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-azrah-fidelity")


@pytest.fixture
def shared(transactional_db: None) -> Game:
    """One tablet for the whole table: the host sits at no seat and nobody joins."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    return create_game(host=host, system="azrah", name="Ana v Ben", setup=AZRAH_SETUP)


def test_one_shared_tablet_swaps_a_defeated_guardian_by_place(
    open_tab: OpenTab, shared: Game
) -> None:
    table = open_tab(*TABLET_LANDSCAPE)
    table.sign_in("hostess", PASSWORD, f"/games/{shared.pk}/")
    page = table.page
    for place in (1, 2):  # each face-down card says where it lies
        expect(page.get_by_test_id(f"facedown-1-{place}")).to_contain_text(
            f"Face-down card {place}"
        )
    _tap(table, "tap-attach_mana-guardian-0-alchemist", 2, "x2")
    _act(table, "End the Recovery phase")
    _outside(table, "Bard", 3)  # an attached card's effect (R115)
    expect(page.get_by_test_id("guardian-1-bard")).to_contain_text("Defeated")
    expect(page.get_by_test_id("health-1")).to_have_text("2")

    # Play waits for Ben's swap (R101); the table picks the card by its place (R111).
    swap = _control(table, "Swap Bard with a back-row card")
    choice = swap.get_by_label("The back-row card entering, by its place (1 or 2)")
    options = choice.locator("option").all_inner_texts()
    assert options == ["Card 1", "Card 2"]
    live = page.locator("#live").inner_text()
    assert "Mystic" not in live and "Ranger" not in live  # nothing names the back row
    expect(page.get_by_role("button", name="End the Action phase")).to_have_count(0)
    choice.select_option(label="Card 2")
    table.at_every_size(SHOTS, "01-swap-pending-table", TARGETS)
    for size, (width, height) in SIZES.items():  # the swap itself in sight at each size
        page.set_viewport_size({"width": width, "height": height})
        swap.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"01-swap-control-{size}.png"))
    page.set_viewport_size({"width": TABLET_LANDSCAPE[0], "height": TABLET_LANDSCAPE[1]})
    _act(table, "Swap Bard with a back-row card")

    # Ranger is face up in the front row now, named like any other; Bard lies where it was.
    expect(page.locator('[data-seat="1"] .tr-front')).to_contain_text("Ranger")
    expect(page.get_by_test_id("guardian-1-bard")).to_contain_text("Back 2")
    expect(page.get_by_test_id("facedown-1-1")).to_contain_text("Face-down card 1")
    _count(table, "damage-1-ranger", "0")
    expect(page.get_by_role("button", name="End the Action phase")).to_be_visible()
    table.at_every_size(SHOTS, "02-after-swap-table", TARGETS)
    _act(table, "End the Action phase")
    expect(page.get_by_test_id("phase")).to_have_text("End phase")
