"""A long game's history: the table page shows the latest entries and links the whole history,
which has its own page with the same undo and redo controls."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User

from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.table_page import HISTORY_SHOWN
from tests.games.tracker.support import client_for, game, host, outsider, player, spectator

__all__ = ["game", "host", "outsider", "player", "spectator"]

HTMX = {"HX-Request": "true"}
ACTIONS = HISTORY_SHOWN + 5


def played(game: Game, host: User, actions: int = ACTIONS) -> Game:
    """``game`` with ``actions`` statuses put on Ben's Bard from the table device, each for
    its own number of turns so that every history line differs."""
    for version in range(actions):
        game_apply(
            game=game,
            user=host,
            type="apply_status",
            payload={"seat": 1, "guardian": "Bard", "status": "frozen", "turns": version + 1},
            expected_version=version,
            seat=None,
        )
        game.refresh_from_db()
    return game


def shown_entries(page: str) -> list[int]:
    return [int(seq) for seq in re.findall(r'data-testid="log-(\d+)"', page)]


def test_the_table_page_shows_the_latest_entries_and_links_the_whole_history(
    game: Game, host: User
) -> None:
    played(game, host)
    for headers in ({}, HTMX):  # the whole page and the live part each second
        page = client_for(host).get(f"/games/{game.pk}/", headers=headers).content.decode()
        assert shown_entries(page) == list(range(ACTIONS, ACTIONS - HISTORY_SHOWN, -1))
        assert f"The latest {HISTORY_SHOWN} of {ACTIONS} entries." in page
        assert f'href="/games/{game.pk}/history/"' in page


def test_a_short_game_shows_its_whole_history_without_a_link(game: Game, host: User) -> None:
    played(game, host, actions=3)
    page = client_for(host).get(f"/games/{game.pk}/").content.decode()
    assert shown_entries(page) == [3, 2, 1]
    assert 'data-testid="history-more"' not in page


def test_the_history_page_lists_every_entry_with_plain_undo_forms(game: Game, host: User) -> None:
    played(game, host)
    response = client_for(host).get(f"/games/{game.pk}/history/")
    assert response.status_code == 200
    page = response.content.decode()
    assert shown_entries(page) == list(range(ACTIONS, 0, -1))
    assert page.count('aria-label="Undo #') == ACTIONS
    assert "hx-post" not in page  # nothing on this page to swap: a form brings the table back
    assert 'data-testid="history-more"' not in page


def test_an_old_entry_is_undone_from_the_history_page(game: Game, host: User) -> None:
    played(game, host)
    browser = client_for(host)
    undo: dict[str, Any] = {"type": "undo", "target": "1", "version": str(ACTIONS)}
    response = browser.post(f"/games/{game.pk}/act/", {**undo, "control": "log:1"})
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/#live"
    page = browser.get(f"/games/{game.pk}/history/").content.decode()
    assert re.search(r'data-testid="log-1">.*?<s>', page, re.DOTALL)
    assert 'aria-label="Redo #1"' in page


def test_the_history_page_is_for_those_who_may_see_the_game(
    game: Game, host: User, player: User, spectator: User, outsider: User
) -> None:
    played(game, host, actions=2)
    assert client_for(outsider).get(f"/games/{game.pk}/history/").status_code == 403
    watched = client_for(spectator).get(f"/games/{game.pk}/history/")
    assert watched.status_code == 200
    assert 'aria-label="Undo #' not in watched.content.decode()
    # a player is offered to ask the table device to undo its entries, not to undo them
    seated = client_for(player).get(f"/games/{game.pk}/history/").content.decode()
    assert 'aria-label="Ask to undo #2"' in seated
    assert 'aria-label="Undo #' not in seated
