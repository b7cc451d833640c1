"""An AZRAH turn in Chromium on two tablets with the cards as printed (the starter catalog):
Ana's Aurelia activates Radiant Lance on the one enemy its range arrow points to (R100), Ben
answers with Seraphine's quick Mirror Veil, Ana declines to answer (R105), and the stack
resolves newest first: Ben's Mirror Veil, then Ana's Radiant Lance, each with what it did,
picked in the resolve panel (Ana's with two effects, as one entry: R110). Screenshots at
1280x800, 800x1280 and 360x740 in /tmp/shots-azrah10/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, expect

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.lifecycle import create_game, join
from referee.rules.azrah.example import EXAMPLE_PARTIES
from tests.games.tracker.support import PASSWORD

from .conftest import PHONE, TABLET_LANDSCAPE, OpenTab, Tab
from .test_tracker_azrah_play import TARGETS

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-azrah10")
STARTER = Path(__file__).resolve().parents[2] / "games/systems/azrah/starter.json"


def _card(guardian: dict[str, Any]) -> dict[str, Any]:
    card = {k: guardian[k] for k in ("name", "range_arrows", "emergence", "abilities")}
    if guardian["base_form"]:
        card |= {"base_form": guardian["base_form"], "hit_points": guardian["hit_points"]}
    return card


def _setup() -> dict[str, Any]:
    """The example parties with their cards from the starter catalog, Ana first."""
    guardians = {g["name"]: g for g in json.loads(STARTER.read_text())["guardians"]}
    players = []
    for name, front, back in EXAMPLE_PARTIES:
        party = (*front, *back)
        players.append(
            {
                "name": name,
                "front": list(front),
                "back": list(back),
                "hit_points": {g: guardians[g]["hit_points"] for g in party},
                "cards": [_card(guardians[g]) for g in party],
            }
        )
    shared = [_card(g) for g in guardians.values() if g["base_form"]]
    return {"first_player": 0, "players": players, "transformations": shared}


@pytest.fixture
def action_phase(transactional_db: None) -> Game:
    """Ana (seat 0) and Ben (seat 1) each on their own tablet; Ana in her Action phase with
    her two Mana on Aurelia."""
    host = User.objects.create_user("hostess", password=PASSWORD)
    ana = User.objects.create_user("anna", password=PASSWORD)
    ben = User.objects.create_user("benny", password=PASSWORD)
    game = create_game(host=host, system="azrah", name="Ana v Ben", setup=_setup())
    join(game, ana, game.join_token, 0)
    join(game, ben, game.join_token, 1)
    for type_, payload in (
        ("attach_mana", {"guardian": "Aurelia, Dawn Warden", "amount": 2}),
        ("end_phase", {}),
    ):
        row = Game.objects.get(pk=game.pk)
        game_apply(game=row, user=ana, type=type_, payload=payload, expected_version=row.version)
    return Game.objects.get(pk=game.pk)


def _open(open_tab: OpenTab, game: Game, user: str, size: tuple[int, int]) -> Tab:
    tab = open_tab(*size)
    tab.sign_in(user, PASSWORD, f"/games/{game.pk}/")
    expect(tab.page.get_by_test_id("phase")).to_have_text("Action phase")
    return tab


def _tap(tab: Tab, button: Locator) -> None:
    """Tap ``button`` and wait for the live part to move on."""
    version = tab.page.locator("#live").get_attribute("data-version")
    button.click()
    expect(tab.page.locator("#live")).not_to_have_attribute("data-version", version or "")


def _stack_names(tab: Tab) -> list[str]:
    items = tab.page.get_by_test_id("stack-item").locator(".tr-ability-name")
    return [name.strip() for name in items.all_inner_texts()]


def test_an_ability_by_range_arrow_a_quick_answer_and_the_stack_resolving_newest_first(
    open_tab: OpenTab, action_phase: Game
) -> None:
    ana = _open(open_tab, action_phase, "anna", TABLET_LANDSCAPE)
    ben = _open(open_tab, action_phase, "benny", PHONE)

    # Aurelia's card: her one arrow points straight across, at Ben's right place (Thorne).
    aurelia = ana.page.get_by_test_id("card-0-aurelia-dawn-warden")
    expect(aurelia.get_by_test_id("reach-0-aurelia-dawn-warden")).to_have_text(
        "In range: Thorne Wildcaller"
    )
    lance = aurelia.get_by_test_id("ability-0-aurelia-dawn-warden-radiant-lance")
    expect(lance).to_contain_text("2 Mana")
    expect(lance).to_contain_text("Target enemy")
    expect(lance.get_by_role("checkbox", name="Thorne Wildcaller")).to_be_checked()
    ana.at_every_size(SHOTS, "01-ana-cards", TARGETS)
    _tap(ana, lance.get_by_role("button", name="Aurelia, Dawn Warden: Radiant Lance"))
    expect(ana.page.get_by_test_id("waiting")).to_contain_text("Ben answers Aurelia")
    assert _stack_names(ana) == ["Radiant Lance"]

    # Ben's tablet polls, shows the stack and offers his quick abilities and "no response".
    stack = ben.page.get_by_test_id("stack")
    expect(stack).to_contain_text("Radiant Lance", timeout=10_000)
    expect(stack).to_contain_text("Targets: Thorne Wildcaller")
    ben.at_every_size(SHOTS, "02-ben-answers", TARGETS)
    veil = ben.page.get_by_test_id("ability-1-seraphine-of-the-veil-mirror-veil")
    expect(veil).to_contain_text("Quick")
    # Seraphine, in Ben's centre, points diagonally at both ends of Ana's row.
    expect(veil.get_by_role("checkbox", name="Aurelia, Dawn Warden")).to_be_checked()
    expect(veil.get_by_role("checkbox", name="Solace the Mender")).not_to_be_checked()
    _tap(ben, veil.get_by_role("button", name="Seraphine of the Veil: Mirror Veil"))

    # Ana may answer back; she declines, and the newest ability resolves first.
    expect(ana.page.get_by_test_id("waiting")).to_contain_text(
        "Ana answers Seraphine", timeout=10_000
    )
    assert _stack_names(ana) == ["Mirror Veil", "Radiant Lance"]
    ana.at_every_size(SHOTS, "03-ana-may-answer", TARGETS)
    _tap(
        ana,
        ana.page.get_by_role("button", name="No response to Seraphine of the Veil's Mirror Veil"),
    )

    newest = ben.page.get_by_test_id("stack-item").first
    expect(newest).to_contain_text("Resolves now", timeout=10_000)
    expect(newest).to_contain_text("Mirror Veil")
    # Ben resolves Mirror Veil through the resolve panel: one row, one effect.
    panel = ben.page.get_by_test_id("resolve-panel")
    expect(panel.get_by_test_id("effect-pick-2")).to_be_hidden()  # one row at a time
    panel.get_by_test_id("effect-pick-1").select_option(
        label="Damage to Ana's Aurelia, Dawn Warden"
    )
    panel.get_by_test_id("effect-number-1").fill("1")
    ben.at_every_size(SHOTS, "04-ben-resolves", TARGETS)
    _tap(ben, panel.get_by_test_id("resolve-effects"))

    expect(ana.page.get_by_test_id("stack-item")).to_have_count(1, timeout=10_000)
    expect(ana.page.get_by_test_id("stack-item")).to_contain_text("Resolves now")
    assert _stack_names(ana) == ["Radiant Lance"]
    # Ana resolves Radiant Lance with two effects, built up row by row in the panel; only
    # the announced target can be hit by a "target enemy" ability (R100)
    panel = ana.page.get_by_test_id("resolve-panel")
    row_one = panel.get_by_test_id("effect-pick-1")
    options = row_one.locator("option").all_inner_texts()
    assert "Damage to Ben's Thorne Wildcaller" in options, options
    assert not [o for o in options if "Ben's" in o and "Thorne" not in o], options
    row_one.select_option(label="Damage to Ben's Thorne Wildcaller")
    panel.get_by_test_id("effect-number-1").fill("2")
    panel.get_by_test_id("add-effect").click()
    row_two = panel.get_by_test_id("effect-pick-2")
    expect(row_two).to_be_visible()
    row_two.select_option(label="Frozen on Ben's Thorne Wildcaller for some turns")
    panel.get_by_test_id("effect-number-2").fill("1")
    ana.at_every_size(SHOTS, "05-ana-two-effects", TARGETS)
    _tap(ana, panel.get_by_test_id("resolve-effects"))

    expect(ana.page.get_by_test_id("stack")).to_have_count(0)
    # the board keeps its stylesheet through every swap of the live part
    abilities = ana.page.locator(".tr-abilities").first
    expect(abilities).to_have_css("list-style-type", "none")
    expect(ana.page.get_by_test_id("damage-0-aurelia-dawn-warden")).to_have_text("1")
    expect(ana.page.get_by_test_id("damage-1-thorne-wildcaller")).to_have_text("2")
    expect(ana.page.get_by_test_id("guardian-1-thorne-wildcaller")).to_contain_text("Frozen")
    ana.at_every_size(SHOTS, "06-resolved", TARGETS)
    history = ana.page.locator(".tr-history").inner_text()
    first = history.find("Ben: resolves the newest ability: Ana's Aurelia, Dawn Warden takes 1")
    second = history.find(
        "Ana: resolves the newest ability: Ben's Thorne Wildcaller takes 2 damage; "
        "Ben's Thorne Wildcaller is frozen for 1 turn"
    )
    assert first != -1 and second != -1, history
