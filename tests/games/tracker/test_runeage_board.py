"""The Rune Age board of the table page through Django's test client: the engine's
reminders of what is in effect now and what waits for the next round are shown in words,
the round's for everyone and an attack on a Home Realm on that player's own half, and they
go when the card leaves play."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.lifecycle import create_game
from referee.rules.runeage.system import RUNE_AGE
from tests.games.tracker.support import user
from tests.games.tracker.test_azrah_board import apply, board, page, text


@pytest.fixture
def hostess(db: None) -> User:
    return user("hostess")


@pytest.fixture
def event_phase(hostess: User) -> Game:
    """Ana, Ben and Cleo on the table's shared tablet, their first turns ended."""
    game = create_game(
        host=hostess, system="runeage", name="Rune Age", setup=RUNE_AGE.example_setup()
    )
    for seat in (0, 1, 2):
        game = apply(game, hostess, "end_turn", seat)
    return game


def part(html: str, testid: str) -> str:
    """The words of the element marked ``data-testid=testid`` (up to its list's end)."""
    found = re.search(rf'data-testid="{testid}"[^>]*>(.*?)</ul>', board(html), re.S)
    return unescape(text(found.group(1))) if found else ""


def test_an_attack_on_a_home_realm_is_shown_on_the_halves_it_concerns(
    event_phase: Game, hostess: User
) -> None:
    """Conduct a Battle: Defend Against an Instant Card; R197."""
    game = apply(event_phase, hostess, "draw_event", 0, event="Scorched Fields")
    html = page(hostess, game)
    assert "Ana battles it now. It stops once a player repels it." in part(html, "reminders-0")
    assert "Ben's Home Realm next unless Ana repels it first" in part(html, "reminders-1")
    assert "unless Ana or Ben repels it first" in part(html, "reminders-2")
    assert "attacks Home Realms until repelled" in part(html, "events")
    game = apply(game, hostess, "pass", 0)
    game = apply(game, hostess, "resolve", 0)
    html = page(hostess, game)
    assert 'data-testid="reminders-0"' not in html
    assert "Ben battles it now" in part(html, "reminders-1")
    game = apply(game, hostess, "play_other", 1, name="Hired Ogre", strength=4)
    game = apply(game, hostess, "pass", 1)
    game = apply(game, hostess, "resolve", 1)
    html = page(hostess, game)
    assert "reminders-" not in board(html)  # repelled: it has left play
    assert 'data-testid="combat"' not in html


def test_an_instant_for_the_next_round_is_shown_before_and_during_that_round(
    event_phase: Game, hostess: User
) -> None:
    """Instant Event Cards; R196."""
    game = apply(event_phase, hostess, "draw_event", 0, event="Bountiful Harvest")
    html = page(hostess, game)
    assert "Bountiful Harvest takes effect during the next round, round 2" in part(
        html, "reminders-next"
    )
    assert "in effect during round 2" in part(html, "lasting")
    game = apply(game, hostess, "end_event_phase", 0)
    html = page(hostess, game)
    assert "Bountiful Harvest is in effect during this round" in part(html, "reminders-now")
    assert 'data-testid="reminders-next"' not in html
    for seat in (0, 1, 2):
        game = apply(game, hostess, "end_turn", seat)
    game = apply(game, hostess, "draw_event", 0, event="Cinder Drake")
    game = apply(game, hostess, "end_event_phase", 0)
    html = page(hostess, game)
    assert 'data-testid="reminders"' not in html and 'data-testid="lasting"' not in html


def test_the_drawn_event_and_its_reminders_carry_the_attrition_mark(
    event_phase: Game, hostess: User
) -> None:
    """Anatomy of a Card 7, Attrition Die: whether the card shows the icon, and what it
    means, from the cards data."""
    game = apply(event_phase, hostess, "draw_event", 0, event="Cinder Drake")
    html = page(hostess, game)
    events = part(html, "events")
    assert "Attrition die icon x1: whoever battles it rolls the attrition die once" in events
    assert events.count("Attrition die icon x1") == 2  # the card drawn, and the enemy in play
    assert 'class="ra-attrition ra-attrition-on"' in board(html)
    assert "attrition 1" not in events  # the old bare number is gone


def test_an_attacking_instant_without_the_icon_says_no_attrition_roll(
    event_phase: Game, hostess: User
) -> None:
    game = apply(event_phase, hostess, "draw_event", 0, event="Scorched Fields")
    html = page(hostess, game)
    assert "No attrition die icon: a battle against it needs no attrition roll." in part(
        html, "reminders-0"
    )
    assert "No attrition die icon" in part(html, "events")
    assert (
        "ra-attrition-on"
        not in board(html).split('data-testid="events"', 1)[1].split("Objective:", 1)[0]
    )
