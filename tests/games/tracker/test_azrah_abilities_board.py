"""The AZRAH board with each Guardian's card (Anatomy of a Card): the front row shows its
range arrows, the enemies they reach and every ability as printed with its control; the stack
shows what waits and the abilities newest first, with the controls to answer or resolve; and
every control the engine lists is on the board exactly once, through the whole exchange."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.registry import tracker
from games.tracker.access import access_for
from games.tracker.lifecycle import create_game, join, watch
from games.tracker.selectors import state_for
from tests.games.tracker.support import client_for, host, player, spectator
from tests.games.tracker.test_azrah_board import HTMX, apply, forms, listed, page, shown, text
from tests.rules.tracker.azrah_game import CARDED

__all__ = ["host", "player", "spectator"]

AZRAH = tracker("azrah")


@pytest.fixture
def carded(host: User, player: User, spectator: User) -> Game:
    """Ana (seat 0, the host's table device) v Ben (seat 1, ``player``), with their cards."""
    setup = AZRAH.setup_to_json(CARDED)
    created = create_game(host=host, system="azrah", name="Cards", setup=setup)
    join(created, player, created.join_token, 1)
    watch(created, spectator, created.watch_token)
    return Game.objects.get(pk=created.pk)


def _action_phase(game: Game, host: User) -> Game:
    game = apply(game, host, "attach_mana", 0, guardian="Alchemist", amount=2)
    return apply(game, host, "end_phase", 0)


def pick(html: str, words: str) -> str:
    """The value of the resolve panel's pick that says ``words``."""
    panel = html.split('data-testid="resolve-panel"', 1)[1].split("</form>", 1)[0]
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', panel)
    return next(unescape(value) for value, text in options if unescape(text) == words)


def _every_control_once(game: Game, *accounts: User) -> None:
    for account in accounts:
        assert shown(page(account, game)) == listed(game, account)


def test_a_front_row_card_shows_its_arrows_reach_and_abilities_as_printed(
    carded: Game, host: User, player: User
) -> None:
    game = _action_phase(carded, host)
    html = page(host, game)
    card = html.split('data-testid="card-0-alchemist"', 1)[1].split("</ul>", 1)[0]
    assert 'aria-label="Range arrows: centre"' in card
    assert "In range: Duelist" in text(card)
    acid = card.split('data-testid="ability-0-alchemist-acid"', 1)[1].split("</li>", 1)[0]
    assert "1 Mana" in acid and "Target enemy" in acid
    assert "Deal 2 damage to a target enemy." in acid
    assert 'data-testid="use_ability-guardian-0-alchemist"' in acid  # its control, beside it
    flask = card.split('data-testid="ability-0-alchemist-flask"', 1)[1].split("</li>", 1)[0]
    assert "No cost" in flask and "Quick" in flask
    # the back row shows no card; a face-down one nothing at all
    assert 'data-testid="card-0-sentinel"' not in html
    _every_control_once(game, host, player)


def test_the_stack_is_shown_and_answered_and_resolved_newest_first(
    carded: Game, host: User, player: User
) -> None:
    game = _action_phase(carded, host)
    game = apply(
        game, host, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"]
    )
    ben = page(player, game)
    stack = ben.split('data-testid="stack"', 1)[1].split("</section>", 1)[0]
    assert "Ben answers Alchemist's ability first" in unescape(text(stack))
    assert "Acid" in stack and "Targets: Duelist" in stack
    labels = {f.button for f in forms(ben)}
    assert {"No response to Alchemist's Acid", "Bard: Dissonance"} <= labels
    _every_control_once(game, host, player)
    # Ben answers with Dissonance, through the form the page shows
    (answer,) = [f for f in forms(ben) if f.button == "Bard: Dissonance"]
    response = client_for(player).post(f"/games/{game.pk}/act/", answer.post(), headers=HTMX)
    assert response.status_code == 200
    game = Game.objects.get(pk=game.pk)
    assert game.version == 4
    game = apply(game, host, "no_response", 0)
    html = page(player, game)
    items = re.findall(r'data-testid="stack-item">(.*?)</li>', html, re.S)
    assert [re.search(r'tr-ability-name">([^<]*)<', i).group(1) for i in items] == [  # type: ignore[union-attr]
        "Dissonance",
        "Acid",
    ]
    assert "Resolves now" in items[0]
    _every_control_once(game, host, player)
    (panel,) = [f for f in forms(html) if f.button == "Resolve with these effects"]
    blow = pick(html, "Damage to Ana's Oracle")
    response = client_for(player).post(
        f"/games/{game.pk}/act/",
        {**panel.post(), "p.effects.pick": [blow, ""], "p.effects.number": ["1", ""]},
        headers=HTMX,
    )
    assert response.status_code == 200
    game = Game.objects.get(pk=game.pk)
    state: Any = state_for(game, access_for(game, host))["state"]
    assert [a["ability"] for a in state["stack"]] == ["Acid"]
    assert state["players"][0]["front"][2]["damage"] == 1
    _every_control_once(game, host, player)


def test_a_refusal_at_the_stack_is_shown_there(carded: Game, host: User) -> None:
    game = _action_phase(carded, host)
    game = apply(
        game, host, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"]
    )
    game = apply(game, host, "no_response", 1)
    form = {
        "type": "resolve",
        "version": str(game.version),
        "seat": "0",
        "control": "stack",
        "p.effect": "deal_damage",
        "p.seat": "1",
        "p.guardian": "Bard",
        "p.amount": "2",
    }
    html = client_for(host).post(f"/games/{game.pk}/act/", form, headers=HTMX).content.decode()
    stack = html.split('data-testid="stack"', 1)[1].split("</section>", 1)[0]
    assert "Acid targets Duelist: its effect reaches no other enemy" in text(stack)


def test_an_entering_ally_is_prompted_for_its_emergence_on_its_card(
    carded: Game, host: User, player: User
) -> None:
    """Activating and Resolving Abilities, R106: the board prompts the emergence ability on
    the card of the ally that entered, and nothing else until it is activated."""
    game = _action_phase(carded, host)
    game = apply(game, player, "escape", 1, seat=0, guardian="Dragoon", forced=True)
    game = apply(game, host, "swap", 0, guardian="Dragoon", place=2)  # by place (R111)
    html = page(host, game)
    assert "Ana's Warden activates its emergence ability first" in unescape(
        text(html.split('data-testid="stack"', 1)[1].split("</section>", 1)[0])
    )
    challenge = html.split('data-testid="ability-0-warden-challenge"', 1)[1].split("</li>", 1)[0]
    assert "Emergence" in challenge and "Target enemy" in challenge
    assert [f.button for f in forms(html)] == ["Warden: Challenge (emergence)"]
    _every_control_once(game, host, player)


def test_a_card_shows_how_many_enemies_an_ability_targets_and_an_emergence_cost(
    host: User,
) -> None:
    """R112, R113: Dragoon's Lunge targets up to three enemies; Warden's Challenge costs a
    Gem; both show on the cards as printed."""
    cards = []
    for card in CARDED.players[0].cards:
        if card.name == "Dragoon":
            card = replace(card, abilities=(replace(card.abilities[0], targets=3),))
        if card.name == "Warden" and card.emergence is not None:
            card = replace(card, emergence=replace(card.emergence, gems=1))
        cards.append(card)
    ana = replace(CARDED.players[0], cards=tuple(cards))
    setup = AZRAH.setup_to_json(replace(CARDED, players=(ana, CARDED.players[1])))
    game = create_game(host=host, system="azrah", name="Counts", setup=setup)
    html = page(host, game)
    lunge = html.split('data-testid="ability-0-dragoon-lunge"', 1)[1].split("</li>", 1)[0]
    assert "Up to 3 target enemies" in lunge
    acid = html.split('data-testid="ability-0-alchemist-acid"', 1)[1].split("</li>", 1)[0]
    assert "Target enemy" in acid and "Up to" not in acid
    game = apply(game, host, "attach_mana", 0, guardian="Alchemist", amount=2)
    game = apply(game, host, "end_phase", 0)
    game = apply(game, host, "escape", 0, seat=0, guardian="Dragoon", forced=True)
    game = apply(game, host, "swap", 0, guardian="Dragoon", place=2)  # Warden, by place
    html = page(host, game)
    challenge = html.split('data-testid="ability-0-warden-challenge"', 1)[1].split("</li>", 1)[0]
    assert "1 Gem" in text(challenge) and "Emergence" in challenge
    # no Gem on Ana's first turn: Challenge is passed over, so nothing prompts it (R113)
    assert not [f for f in forms(html) if f.type == "emerge"]
