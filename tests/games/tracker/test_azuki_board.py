"""The Azuki TCG board of the table page through Django's test client: exactly the controls
the engine lists for the viewer, words and never codes, the combat band with its damage
preview, a control posted as shown is recorded, and bad input is a 400 beside its control,
never a 500."""

from __future__ import annotations

import re
from collections import Counter
from html import unescape

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.access import access_for
from games.tracker.controls import Controls
from games.tracker.lifecycle import create_game, join, watch
from games.tracker.selectors import shown_legal_actions, state_for
from referee.rules.azuki.system import AZUKI
from tests.games.tracker.support import client_for, user
from tests.games.tracker.test_azrah_board import HTMX, apply, board, forms, page, text

ASHEN_HOUND = "AZK-011"


@pytest.fixture
def people(db: None) -> dict[str, User]:
    return {"host": user("hostess"), "ben": user("benny"), "spectator": user("watcher")}


@pytest.fixture
def game(people: dict[str, User]) -> Game:
    """Ana (seat 0) at the host's shared tablet, Ben at seat 1; both kept their hands and
    Ana is on turn 3 with 2 IKZ."""
    created = create_game(
        host=people["host"], system="azuki", name="Azuki", setup=AZUKI.example_setup()
    )
    join(created, people["ben"], created.join_token, 1)
    watch(created, people["spectator"], created.watch_token)
    row = Game.objects.get(pk=created.pk)
    for kind, seat in (("keep_hand", 0), ("keep_hand", 1), ("end_turn", 0), ("end_turn", 1)):
        row = apply(row, people["host"], kind, seat)
    return row


def listed(game: Game, account: User) -> Counter[tuple[str, str, str]]:
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    access = access_for(row, account)
    active = state_for(row, access)["state"]["active_seat"]
    controls = Controls(shown_legal_actions(row, access), AZUKI, prefer=active)
    return Counter((c.type, c.key, c.label) for c in controls.all)


def shown(html: str) -> Counter[tuple[str, str, str]]:
    return Counter((f.type, f.key, f.button) for f in forms(html) if not f.tap)


def tapped(html: str) -> Counter[tuple[str, str]]:
    return Counter((f.type, f.key) for f in forms(html) if f.tap)


def test_each_viewer_is_shown_exactly_its_listed_controls(
    game: Game, people: dict[str, User]
) -> None:
    for account in (people["host"], people["ben"]):
        html = page(account, game)
        expected = listed(game, account)
        counters = ("deal_damage", "heal")  # the Health and damage counters' buttons
        plain = Counter({k: v for k, v in expected.items() if k[0] not in counters})
        assert shown(html) == plain
        assert {key for _, key in tapped(html)} == {
            key for kind, key, _ in expected if kind in ("deal_damage", "heal")
        }
    assert not forms(page(people["spectator"], game))


def test_the_board_says_everything_in_words(game: Game, people: dict[str, User]) -> None:
    game = apply(game, people["host"], "play_entity", 0, card=ASHEN_HOUND, zone="garden")
    words = text(board(page(people["host"], game)))
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", words), re.findall(r"\b[a-z]+_[a-z_]+\b", words)
    assert "None" not in words and "{" not in words and "AZK-" not in words
    assert "Ashen Hound #1" in words and "Charge" in words and "Garden 1 / 5" in words


def test_the_combat_band_previews_the_damage_before_it_is_dealt(
    game: Game, people: dict[str, User]
) -> None:
    host = people["host"]
    game = apply(game, host, "play_entity", 0, card=ASHEN_HOUND, zone="garden")
    game = apply(game, host, "attack", 0, attacker="Ashen Hound #1", target="leader")
    for seat in (0, 1, 1):
        game = apply(game, host, "continue_combat", seat)
    html = board(page(people["ben"], game))
    band = unescape(html.split('data-testid="combat"', 1)[1].split("</section>", 1)[0])
    assert 'aria-current="step">5. Damage' in band
    assert "Ben's Leader: Health 20 → 18." in text(band)
    assert 'data-testid="health-1">20<' in html  # nothing dealt yet
    assert not [f for f in forms(page(people["ben"], game)) if f.type == "resolve_damage"]
    (resolve,) = [f for f in forms(page(host, game)) if f.type == "resolve_damage"]
    response = client_for(host).post(f"/games/{game.pk}/act/", resolve.post(), headers=HTMX)
    assert response.status_code == 200
    assert 'data-testid="health-1">18<' in response.content.decode()


def test_after_attacking_shows_the_damage_dealt_once_and_the_history_its_amounts(
    game: Game, people: dict[str, User]
) -> None:
    """At the table: step 6 said "Health 18 → 16" after 20 → 18 was dealt."""
    host = people["host"]
    game = apply(game, host, "play_entity", 0, card=ASHEN_HOUND, zone="garden")
    game = apply(game, host, "attack", 0, attacker="Ashen Hound #1", target="leader")
    for seat in (0, 1, 1):
        game = apply(game, host, "continue_combat", seat)
    (resolve,) = [f for f in forms(page(host, game)) if f.type == "resolve_damage"]
    client_for(host).post(f"/games/{game.pk}/act/", resolve.post(), headers=HTMX)
    html = page(people["ben"], Game.objects.get(pk=game.pk))
    band = text(unescape(html.split('data-testid="combat"', 1)[1].split("</section>", 1)[0]))
    assert 'aria-current="step">6. After Attacking' in html
    assert "Damage dealt" in band and "Ben's Leader: Health 20 → 18." in band
    assert "18 → 16" not in band and "preview" not in band
    assert "resolves the combat damage: Ben's Leader takes 2, Ana's Ashen Hound #1 takes 0" in (
        unescape(html)
    )


def test_a_control_posted_as_shown_is_recorded(game: Game, people: dict[str, User]) -> None:
    ben = client_for(people["ben"])
    html = page(people["ben"], game)
    (draw,) = [f for f in forms(html) if f.type == "draw" and f.fields["p.seat"] == ["1"]]
    response = ben.post(f"/games/{game.pk}/act/", draw.post(), headers=HTMX)
    assert response.status_code == 200
    assert 'data-testid="hand-1">9<' in response.content.decode()


@pytest.mark.parametrize("amount", ["²", "\uff11", "1" * 40, "-1", "0", "31"])
def test_bad_input_is_a_400_beside_its_control_never_a_500(
    game: Game, people: dict[str, User], amount: str
) -> None:
    host = client_for(people["host"])
    posted = {
        "type": "deal_damage",
        "version": str(game.version),
        "seat": "0",
        "control": "leader:1",
        "p.seat": "1",
        "p.target": "leader",
        "p.amount": amount,
    }
    response = host.post(f"/games/{game.pk}/act/", posted, headers=HTMX)
    assert response.status_code == 400
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_refusal_is_shown_beside_the_control_that_sent_it(
    game: Game, people: dict[str, User]
) -> None:
    host = client_for(people["host"])
    posted = {
        "type": "play_entity",
        "version": str(game.version),
        "seat": "0",
        "control": "hand:0",
        "p.card": "AZK-015",  # the Magma Colossus costs 6
        "p.zone": "garden",
    }
    response = host.post(f"/games/{game.pk}/act/", posted, headers=HTMX)
    assert response.status_code == 400
    html = response.content.decode()
    assert html.count("Magma Colossus needs 6 IKZ") == 1
    hand = html.split('data-testid="hand-controls-0"', 1)[1].split("</div>\n  {% endif", 1)[0]
    assert "Magma Colossus needs 6 IKZ" in hand
