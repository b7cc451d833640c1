"""An AZRAH Guardian's card in Chromium stays short on a phone: what an ability costs (Mana
and Gems) is tucked behind the ability's button, opened only to pay something, and the
ability is still used in one tap when it costs nothing. Screenshots at 1280x800, 800x1280
and 360x740 in /tmp/shots/cards/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join
from referee.rules.azrah.system import AZRAH
from tests.games.tracker.support import PASSWORD
from tests.rules.tracker.azrah_game import SETUP

from .conftest import PHONE, SIZES, OpenTab, Tab

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/cards")
TARGETS = ", ".join(
    f".tr-azrah {part}" for part in ("button", "summary", "select", "input:not([type=hidden])")
)
PHONE_CARD_MOST = 300  # px: a front-row card on a phone, its Action phase controls folded


@pytest.fixture
def action_phase(transactional_db: None) -> Game:
    """Ana (seat 0) on her own tablet, in her turn 1's Action phase with two Mana on the
    Oracle; Ben has a seat too. A game stored before setups carried cards: its abilities
    are named and paid as the table says (R114)."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    ana = User.objects.create_user("anna", password=PASSWORD)
    game = create_game(
        host=host, system="azrah", name="Ana v Ben", setup=AZRAH.setup_to_json(SETUP), new=False
    )
    join(game, ana, game.join_token, 0)
    for type_, payload in (
        ("attach_mana", {"guardian": "Oracle"}),
        ("attach_mana", {"guardian": "Oracle"}),
        ("end_phase", {}),
    ):
        row = Game.objects.get(pk=game.pk)
        game_apply(
            game=row,
            user=ana,
            type=type_,
            payload=payload,
            expected_version=row.version,
        )
    return Game.objects.get(pk=game.pk)


def _open(open_tab: OpenTab, game: Game) -> Tab:
    tab = open_tab(*PHONE)
    tab.sign_in("anna", PASSWORD, f"/games/{game.pk}/")
    expect(tab.page.get_by_test_id("phase")).to_have_text("Action phase")
    return tab


def _shots(tab: Tab, name: str) -> None:
    """The Oracle's card at every size, and the whole page."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    card = tab.page.get_by_test_id("guardian-0-oracle")
    for size, (width, height) in SIZES.items():
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.page.wait_for_timeout(150)
        card.scroll_into_view_if_needed()
        card.screenshot(path=str(SHOTS / f"{name}-card-{size}.png"))
        tab.page.screenshot(path=str(SHOTS / f"{name}-{size}.png"))
    tab.page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})


def test_a_guardians_card_is_short_on_a_phone_with_the_cost_behind_the_ability(
    open_tab: OpenTab, action_phase: Game
) -> None:
    tab = _open(open_tab, action_phase)
    page = tab.page
    _shots(tab, "01-action")
    card = page.get_by_test_id("guardian-0-oracle")
    button = page.get_by_role("button", name="Oracle uses an ability", exact=True)
    ability = card.locator("form.tr-control", has=button)
    expect(ability.get_by_role("button", name="Oracle uses an ability")).to_be_visible()
    mana = ability.get_by_label("Mana in the cost")
    gems = ability.get_by_label("Celestial Gems in the cost")
    expect(mana).to_be_hidden()
    expect(gems).to_be_hidden()
    expect(ability.locator("summary")).to_have_text("Cost: 0 Mana, 0 Gems")
    box = card.bounding_box()
    assert box is not None and box["height"] <= PHONE_CARD_MOST, box
    tab.at_every_size(SHOTS, "02-every-size", TARGETS)

    # Paying one Mana: open the cost, change it; the summary follows, the tap records it.
    ability.locator("summary").click()
    expect(mana).to_be_visible()
    mana.fill("1")
    expect(ability.locator("summary")).to_have_text("Cost: 1 Mana, 0 Gems")
    _shots(tab, "03-cost-open")
    version = page.locator("#live").get_attribute("data-version")
    ability.get_by_role("button", name="Oracle uses an ability").click()
    expect(page.locator("#live")).not_to_have_attribute("data-version", version or "")
    expect(page.get_by_test_id("mana-0-oracle")).to_have_text("1")
    entry = current_game(Game.objects.get(pk=action_phase.pk)).log[-1]
    assert (entry.type, entry.payload["mana"], entry.payload["gems"]) == ("use_ability", 1, 0)


def test_a_quick_ability_that_costs_nothing_is_one_tap(
    open_tab: OpenTab, action_phase: Game
) -> None:
    tab = _open(open_tab, action_phase)
    page = tab.page
    card = page.get_by_test_id("guardian-0-dragoon")
    card.locator("details.tr-g-more > summary").click()
    quick = card.get_by_role("button", name="Dragoon uses a quick ability")
    expect(quick).to_be_visible()
    expect(card.get_by_label("Mana in the cost")).to_have_count(2)
    for field in card.get_by_label("Mana in the cost").all():
        expect(field).to_be_hidden()
    version = page.locator("#live").get_attribute("data-version")
    quick.click()
    expect(page.locator("#live")).not_to_have_attribute("data-version", version or "")
    entry = current_game(Game.objects.get(pk=action_phase.pk)).log[-1]
    assert entry.payload == {"guardian": "Dragoon", "mana": 0, "gems": 0, "quick": True}
