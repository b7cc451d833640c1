"""A game without a board of its own still gets every control its engine lists."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.tracker import pages
from games.tracker.access import access_for
from games.tracker.selectors import state_for
from tests.games.tracker.support import client_for, game, host, player, spectator

__all__ = ["game", "host", "player", "spectator"]


@pytest.fixture
def generic(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "board_template", lambda system: pages.GENERIC_BOARD)


@pytest.mark.usefixtures("generic")
def test_the_generic_board_offers_each_listed_action_and_it_applies(
    game: Game, player: User
) -> None:
    body = state_for(game, access_for(game, player))
    listed = body["legal_actions"]
    assert listed
    page = client_for(player).get(f"/games/{game.pk}/").content.decode()
    assert 'data-testid="generic-board"' in page
    assert page.count('class="tr-control') == len(listed)
    # one the control sends as it comes: a value for each of its choices already filled in
    quick = next(e for e in listed if all(e["payload"].get(k) is not None for k in e["choices"]))
    form = {"type": quick["type"], "version": str(game.version), "seat": str(quick["seat"])}
    form |= {f"p.{k}": str(v) for k, v in quick["payload"].items() if v is not None}
    answer = client_for(player).post(f"/games/{game.pk}/act/", form)
    assert answer.status_code in (200, 302)
    assert Game.objects.get(pk=game.pk).version == game.version + 1


@pytest.mark.usefixtures("generic")
def test_a_spectator_gets_the_generic_board_without_controls(game: Game, spectator: User) -> None:
    page = client_for(spectator).get(f"/games/{game.pk}/").content.decode()
    assert 'data-testid="generic-board"' in page
    assert 'class="tr-control' not in page
