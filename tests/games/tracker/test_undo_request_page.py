"""Requests to undo on the table page (``/games/<id>/`` and ``/act/``): "Ask to undo" on
another seat's entry, the banner with Accept and Decline on the asked seat's page, and what
each role sees. An AZRAH game: Ana (``ann``, seat 0) v Ben (the ``player``, seat 1), the
``host`` at no seat (the table's shared device), a ``spectator``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker.lifecycle import join
from tests.games.tracker.support import client_for, game, host, outsider, player, spectator, user

__all__ = ["game", "host", "outsider", "player", "spectator"]

HTMX = {"HX-Request": "true"}


@pytest.fixture
def ann(db: None) -> User:
    return user("annie")


@pytest.fixture
def table(game: Game, ann: User, player: User) -> Game:
    """#1: Ana deals Ben's Bard 1 damage; #2: Ben deals Ana's Oracle 1 damage."""
    join(game, ann, game.join_token, 0)
    act(ann, game, damage(0, seat=1, guardian="Bard"))
    act(player, game, damage(1, seat=0, guardian="Oracle"))
    return Game.objects.get(pk=game.pk)


def url(game: Game, part: str = "") -> str:
    return f"/games/{game.pk}/{part + '/' if part else ''}"


def damage(version: int, *, seat: int, guardian: str) -> dict[str, str]:
    return {
        "type": "deal_damage",
        "version": str(version),
        "p.seat": str(seat),
        "p.guardian": guardian,
        "p.amount": "1",
        "control": f"guardian:{seat}:{guardian}",
    }


def act(account: User | None, game: Game, form: dict[str, str], htmx: bool = True) -> Any:
    return client_for(account).post(url(game, "act"), form, headers=HTMX if htmx else {})


def ask(target: int, version: int) -> dict[str, str]:
    return {
        "type": "request_undo",
        "target": str(target),
        "version": str(version),
        "control": f"log:{target}",
    }


def answer(request: int, accept: str, version: int) -> dict[str, str]:
    return {
        "type": "answer_undo",
        "request": str(request),
        "accept": accept,
        "version": str(version),
        "control": f"ask:{request}",
    }


def page(account: User | None, game: Game) -> str:
    response = client_for(account).get(url(game))
    assert response.status_code == 200
    return str(response.content.decode())


def banner(html: str, seq: int) -> str:
    """The banner of request ``seq`` (up to the next one, or the end of the requests)."""
    marker = f'data-testid="undo-request-{seq}"'
    if marker not in html:
        return ""
    rest = html.split(marker, 1)[1].split("</section>", 1)[0]
    return rest.split('data-testid="undo-request-', 1)[0]


def test_a_player_is_offered_undo_on_their_own_entry_and_ask_on_anothers(
    table: Game, ann: User, player: User, host: User, spectator: User
) -> None:
    mine = page(ann, table)
    assert 'aria-label="Undo #1"' in mine and 'aria-label="Ask to undo #2"' in mine
    assert 'aria-label="Undo #2"' not in mine
    bens = page(player, table)
    assert 'aria-label="Ask to undo #1"' in bens and 'aria-label="Undo #2"' in bens
    device = page(host, table)  # the table's device undoes anything, and asks no one
    assert 'aria-label="Undo #1"' in device and 'aria-label="Undo #2"' in device
    assert "Ask to undo" not in device
    watching = page(spectator, table)
    assert "Ask to undo" not in watching and 'aria-label="Undo #' not in watching


def test_asking_shows_the_asked_seat_a_banner_and_the_asker_that_it_waits(
    table: Game, ann: User, player: User, host: User, spectator: User
) -> None:
    response = act(ann, table, ask(2, 2))
    assert response.status_code == 200
    asked = banner(page(player, table), 3)
    assert "Ana asks to undo #2 (Ben: Ana&#x27;s Oracle takes 1 damage)" in asked
    assert "Accept</button>" in asked and "Decline</button>" in asked
    assert 'name="type" value="answer_undo"' in asked and 'name="request" value="3"' in asked
    assert "Accept</button>" in banner(page(host, table), 3)  # the device may answer too
    waiting = page(ann, table)
    assert "waiting for Ben to answer" in banner(waiting, 3)
    assert "Accept</button>" not in banner(waiting, 3)
    assert 'data-testid="asked-2"' in waiting and 'aria-label="Ask to undo #2"' not in waiting
    assert 'data-testid="undo-requests"' not in page(spectator, table)
    # the history keeps the request as a line of its own
    assert "Ana asks to undo #2" in re.split(r'data-testid="log-3"', waiting)[1]


def test_accepting_from_the_banner_undoes_the_entry_on_every_page(
    table: Game, ann: User, player: User
) -> None:
    act(ann, table, ask(2, 2))
    response = act(player, table, answer(3, "1", 3))
    assert response.status_code == 200
    for account in (ann, player):
        html = page(account, table)
        assert 'data-testid="undo-requests"' not in html
        entry = html.split('data-testid="log-2"', 1)[1].split("</li>", 1)[0]
        assert "<s>" in entry and "undone" in entry
        assert "Ben accepts: #2 is undone" in html
        assert "accepted in #4" in html
    assert re.search(r'data-testid="damage-0-oracle">0<', page(ann, table))


def test_declining_from_the_banner_keeps_the_entry(table: Game, ann: User, player: User) -> None:
    act(ann, table, ask(2, 2))
    assert act(player, table, answer(3, "0", 3)).status_code == 200
    html = page(ann, table)
    assert "Ben declines: #2 stays" in html
    assert 'data-testid="undo-requests"' not in html
    assert 'aria-label="Ask to undo #2"' in html  # and may ask again


def test_the_asker_cannot_answer_and_the_page_says_why(table: Game, ann: User) -> None:
    act(ann, table, ask(2, 2))
    response = act(ann, table, answer(3, "1", 3))
    assert response.status_code == 403
    assert "Request #3 asks Ben to undo #2" in response.content.decode()
    assert Game.objects.get(pk=table.pk).version == 3


@pytest.mark.parametrize("who", ["spectator", "outsider"])
def test_a_spectator_or_an_outsider_neither_asks_nor_answers(
    table: Game, ann: User, who: str, request: Any
) -> None:
    act(ann, table, ask(2, 2))
    account = request.getfixturevalue(who)
    for form in (ask(1, 3), answer(3, "1", 3), ask(1, 0)):
        assert act(account, table, form).status_code == 403
    assert Game.objects.get(pk=table.pk).version == 3


def test_undoing_another_seats_entry_from_a_handmade_form_says_to_ask(
    table: Game, ann: User
) -> None:
    form = {"type": "undo", "target": "2", "version": "2", "control": "log:2"}
    response = act(ann, table, form)
    assert response.status_code == 403
    assert "so ask them to" in response.content.decode()


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (answer(3, "maybe", 3), "An answer accepts (accept=1) or declines (accept=0)."),
        ({**answer(3, "1", 3), "request": ""}, "The answer did not say which request"),
        ({**answer(3, "1", 3), "request": "x"}, "The request"),
        (answer(9, "1", 3), "#9 is not an open request to undo"),
        (ask(2, 3), "#3 already asks to undo #2: wait for the answer."),
        (ask(1, 3), "your own seat&#x27;s: undo it directly"),
    ],
)
def test_a_request_or_answer_that_cannot_be_read_or_is_refused_is_a_400(
    table: Game, ann: User, player: User, form: dict[str, str], message: str
) -> None:
    act(ann, table, ask(2, 2))
    who = ann if form["type"] == "request_undo" else player
    if form.get("target") == "1":
        who = ann  # Ana's own entry
    response = act(who, table, form)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Game.objects.get(pk=table.pk).version == 3


def test_without_javascript_asking_redirects_back_to_the_page(table: Game, ann: User) -> None:
    response = act(ann, table, ask(2, 2), htmx=False)
    assert response.status_code == 302 and response["Location"].endswith("#live")


def test_a_request_about_a_face_down_guardian_never_names_it_to_the_other_seat(
    game: Game, ann: User, player: User, spectator: User
) -> None:
    join(game, ann, game.join_token, 0)
    act(ann, game, damage(0, seat=0, guardian="Sentinel"))  # Ana's own back row
    act(player, game, ask(1, 1))
    for account in (player, spectator):
        html = page(account, game)
        assert "Sentinel" not in html
        live = client_for(account).get(url(game), headers=HTMX).content.decode()
        assert "Sentinel" not in live
    asked = banner(page(ann, game), 2)
    assert "Ben asks to undo #1 (Ana: Ana&#x27;s Sentinel takes 1 damage)" in asked
    assert "Accept</button>" in asked
