"""The Azeroth at War board of the table page through Django's test client: what each role
sees (round, stage, models, Mana; a secret Warlord only for its owner; no forms for a
spectator) and actions posted through the board's own forms."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.access import access_for
from games.tracker.apply import game_apply
from games.tracker.lifecycle import create_game, join, watch
from games.tracker.selectors import log_for
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from tests.games.tracker.support import client_for, host, outsider, player, spectator
from tests.rules.azeroth.tracker_game import setup

__all__ = ["host", "outsider", "player", "spectator"]

HTMX = {"HX-Request": "true"}


def make_game(host: User, player: User, spectator: User, scenario: Scenario) -> Game:
    """Ana (seat 0) v Ben (seat 1, ``player``), ``spectator`` watching."""
    data = AZEROTH.setup_to_json(setup(scenario))
    created = create_game(host=host, system="azeroth", name="Horde v Alliance", setup=data)
    join(created, player, created.join_token, 1)
    watch(created, spectator, created.watch_token)
    return Game.objects.get(pk=created.pk)


@pytest.fixture
def azeroth(host: User, player: User, spectator: User) -> Game:
    return make_game(host, player, spectator, Scenario.ANNIHILATION)


@pytest.fixture
def assassination(host: User, player: User, spectator: User) -> Game:
    return make_game(host, player, spectator, Scenario.ASSASSINATION)


def url(game: Game, part: str = "") -> str:
    return f"/games/{game.pk}/{part + '/' if part else ''}"


def page(account: User, game: Game) -> str:
    response = client_for(account).get(url(game))
    assert response.status_code == 200
    return str(response.content.decode())


def apply(game: Game, account: User, type: str, seat: int | None = None, **payload: Any) -> Game:
    fresh = Game.objects.get(pk=game.pk)
    game_apply(
        game=fresh,
        user=account,
        type=type,
        payload=payload,
        expected_version=fresh.version,
        seat=seat,
    )
    return Game.objects.get(pk=game.pk)


def form_fields(html: str, testid: str) -> dict[str, str]:
    """The hidden inputs of the form marked ``data-testid=testid`` (its own fields)."""
    match = re.search(
        r'<form[^>]*data-testid="' + re.escape(testid) + r'"[^>]*>(.*?)</form>', html, re.S
    )
    assert match, f"no form {testid}"
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', match.group(1)))


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_board_shows_round_stage_models_and_mana(azeroth: Game, host: User) -> None:
    html = page(host, azeroth)
    assert 'data-testid="azeroth-board"' in html
    assert "tracker-azeroth.css" in html
    words = text(html)
    assert "Annihilation" in words and "Standard battle" in words
    assert "Before round 1" in words and "Deployment stage" in words
    assert "Roll off for the table edge" in words
    assert 'data-testid="model-0-warchief-1"' in html and 'data-testid="model-1-footman-2"' in html
    assert 'data-testid="wounds-0-warchief-1">6<' in html
    assert 'data-testid="mana-0">0<' in html


def test_an_edge_roll_off_through_the_form_moves_on(azeroth: Game, host: User) -> None:
    html = page(host, azeroth)
    fields = form_fields(html, "control-edge_roll_off")
    assert fields["type"] == "edge_roll_off"
    posted = {**fields, "p.rolls": ["2", "5"]}  # two dice inputs of the same name
    response = client_for(host).post(url(azeroth, "act"), posted, headers=HTMX)
    assert response.status_code == 200
    after = text(response.content.decode())
    assert "Chose the edge Ben" in after and "Deploys first Ana" in after
    assert 'data-testid="control-edge_roll_off"' not in response.content.decode()


def test_a_tied_roll_off_asks_for_another(azeroth: Game, host: User) -> None:
    fields = form_fields(page(host, azeroth), "control-edge_roll_off")
    response = client_for(host).post(
        url(azeroth, "act"), {**fields, "p.rolls": "3, 3"}, headers=HTMX
    )
    html = response.content.decode()
    assert 'data-testid="reroll"' in html and "Tie (3, 3): roll again" in text(html)


def test_damage_through_the_board_changes_wounds(azeroth: Game, host: User, player: User) -> None:
    apply(azeroth, host, "edge_roll_off", rolls=[2, 5])
    apply(azeroth, host, "end_stage")
    html = page(player, azeroth)  # Ben records a hit on Ana's Warchief
    match = re.search(
        r'<form class="tap"[^>]*>(?:(?!</form>).)*data-testid="wounds-minus-0-warchief-1"',
        html,
        re.S,
    )
    assert match, "no damage button"
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', match.group(0)))
    assert fields["type"] == "damage" and fields["p.model"] == "warchief-1"
    response = client_for(player).post(
        url(azeroth, "act"), {**fields, "p.amount": "2"}, headers=HTMX
    )
    assert response.status_code == 200
    after = response.content.decode()
    assert 'data-testid="wounds-0-warchief-1">4<' in after
    assert "Lost 2 this round" in after


def test_a_refusal_is_shown_beside_the_model(azeroth: Game, host: User) -> None:
    apply(azeroth, host, "edge_roll_off", rolls=[2, 5])
    apply(azeroth, host, "end_stage")
    version = Game.objects.get(pk=azeroth.pk).version
    posted = {
        "type": "heal",
        "version": str(version),
        "control": "model:0:warchief-1",
        "p.model": "warchief-1",
        "p.seat": "0",
        "p.amount": "1",
    }
    response = client_for(host).post(url(azeroth, "act"), posted, headers=HTMX)
    assert response.status_code == 400
    html = response.content.decode()
    card = html.split('data-testid="model-0-warchief-1"', 1)[1].split("</article>", 1)[0]
    assert "has lost no Wounds" in card


def test_activation_buttons_follow_the_turn(azeroth: Game, host: User, player: User) -> None:
    apply(azeroth, host, "edge_roll_off", rolls=[2, 5])
    apply(azeroth, host, "end_stage")
    apply(azeroth, host, "end_stage")  # round 1's Activation: Ben first
    html = page(player, azeroth)
    assert "Ben activates next" in text(html)
    assert 'data-testid="activate-model-1-sorceress-1"' in html
    assert 'data-testid="activate-model-0-warchief-1"' not in html  # not Ben's model


def test_a_secret_warlord_shows_only_to_its_owner(
    assassination: Game, host: User, player: User, spectator: User
) -> None:
    apply(assassination, player, "nominate_warlord", model="sorceress-1")
    mine = page(player, assassination)
    assert 'data-testid="warlord-1">Warlord: Sorceress<' in mine
    assert 'data-testid="warlord-mark"' in mine
    for other in (host, spectator):
        html = page(other, assassination)
        assert "Warlord: secret" in html
        assert 'data-testid="warlord-mark"' not in html
        assert "Warlord: Sorceress" not in html


def test_the_spectator_has_no_action_forms(azeroth: Game, host: User, spectator: User) -> None:
    apply(azeroth, host, "edge_roll_off", rolls=[2, 5])
    apply(azeroth, host, "end_stage")
    apply(azeroth, host, "end_stage")
    html = page(spectator, azeroth)
    assert 'data-testid="azeroth-board"' in html and "Sorceress" in html
    assert "<form" not in html.split('id="live"', 1)[1].split('class="tr-history"', 1)[0]
    assert 'name="type"' not in html


@pytest.fixture
def hold(host: User, player: User, spectator: User) -> Game:
    return make_game(host, player, spectator, Scenario.HOLD_THE_LINE)


def to_morale(game: Game, host: User) -> Game:
    """Round 1's Morale stage: Ana's Troll took 3 Wounds with the Shieldbearer within 6",
    every model activated."""
    apply(game, host, "edge_roll_off", rolls=[2, 5])
    apply(game, host, "end_stage")
    apply(game, host, "end_stage")
    game = apply(
        game, host, "damage", model="troll-1", seat=0, amount=3, within_6=["shieldbearer-1"]
    )
    order = [
        (1, "sorceress-1"),
        (0, "warchief-1"),
        (1, "paladin-1"),
        (0, "shaman-1"),
        (1, "gryphon-1"),
        (0, "shieldbearer-1"),
        (1, "skeleton-1"),
        (0, "grunt-1"),
        (1, "footman-1"),
        (0, "grunt-2"),
        (1, "footman-2"),
    ]
    for seat, model in order:
        game = apply(game, host, "activate", seat=seat, model=model)
    return apply(game, host, "end_stage")


def test_the_morale_stage_shows_tests_due_and_takes_the_dice(hold: Game, host: User) -> None:
    game = to_morale(hold, host)
    html = page(host, game)
    assert "Morale stage" in text(html)
    test = html.split('data-testid="test-0-shieldbearer-1"', 1)[1].split("</details>", 1)[0]
    assert "Pass " in test and "Waver " in test and "Rout " in test
    fields = form_fields(html, "control-morale_test-model-0-shieldbearer-1")
    assert fields["type"] == "morale_test" and fields["p.model"] == "shieldbearer-1"
    response = client_for(host).post(url(game, "act"), {**fields, "p.rolls": "6, 6"}, headers=HTMX)
    assert response.status_code == 200, text(response.content.decode())[:400]
    after = response.content.decode()
    card = after.split('data-testid="model-0-shieldbearer-1"', 1)[1].split("</article>", 1)[0]
    assert "Morale: " in card
    assert 'data-testid="control-morale_test-model-0-shieldbearer-1"' not in after


def test_hold_the_line_asks_for_each_objective_per_side(hold: Game, host: User) -> None:
    game = to_morale(hold, host)
    html = page(host, game)
    form = html.split('data-testid="control-objectives"', 1)[1].split("</form>", 1)[0]
    assert form.count('type="checkbox" name="p.within_3"') == 6  # 3 objectives, 2 sides
    fields = form_fields(html, "control-objectives")
    posted = {**fields, "p.within_3": ["0:1", "0:3", "1:3"]}
    response = client_for(host).post(url(game, "act"), posted, headers=HTMX)
    assert response.status_code == 200, text(response.content.decode())[:400]
    recorded = log_for(game, access_for(game, host))[-1]
    assert recorded["type"] == "objectives"
    assert recorded["payload"] == {"within_3": ["0:1", "0:3", "1:3"]}
    assert "This round: Objective 1: Ana Objective 2: nobody Objective 3: nobody" in text(
        response.content.decode()
    )


def test_the_app_rolls_for_the_table_when_asked(azeroth: Game, host: User) -> None:
    html = page(host, azeroth)
    assert 'data-testid="edge_roll_off-app"' in html
    fields = form_fields(html, "control-edge_roll_off")
    response = client_for(host).post(
        url(azeroth, "act"), {**fields, "app_rolls": "1"}, headers=HTMX
    )
    assert response.status_code == 200, text(response.content.decode())[:400]
    recorded = log_for(azeroth, access_for(azeroth, host))[-1]
    rolls = recorded["payload"]["rolls"]
    assert recorded["type"] == "edge_roll_off" and len(rolls) == 2
    assert all(1 <= die <= 6 for die in rolls)


def test_the_result_shows_the_winner_and_the_totals(
    azeroth: Game, host: User, spectator: User
) -> None:
    apply(azeroth, host, "edge_roll_off", rolls=[2, 5])
    game = apply(azeroth, host, "end_stage")
    wounds = {"sorceress-1": 5, "paladin-1": 5, "gryphon-1": 3, "skeleton-1": 1}
    wounds |= {"footman-1": 2, "footman-2": 2}
    for model, amount in wounds.items():
        game = apply(game, host, "damage", model=model, seat=1, amount=amount)
    html = page(spectator, game)
    summary = html.split('data-testid="azeroth-summary"', 1)[1].split("</section>", 1)[0]
    words = text(summary)
    assert "Ana wins" in words
    assert "Points destroyed" in words and "505" in words  # Ben's whole army
    assert 'data-testid="stage">Game over<' in html
    assert 'data-testid="control-edge_roll_off"' not in html and 'name="type"' not in html
