"""Several changes committed as one action from the table page: ``type=batch`` with the
``batch`` field (the JSON list of ``{type, payload}``) posted to ``/act/`` and
``/preview/``. Whatever is posted, the answer is a page or a 400 that says what is wrong,
never a 500. An AZRAH game: the ``host`` at no seat, Ben (the ``player``, seat 1)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from tests.games.tracker.support import client_for, game, host, player, spectator

__all__ = ["game", "host", "player", "spectator"]

HTMX = {"HX-Request": "true"}


def url(game: Game, part: str = "") -> str:
    return f"/games/{game.pk}/{part + '/' if part else ''}"


def hit(guardian: str, amount: int = 1, seat: int = 0) -> dict[str, Any]:
    return {
        "type": "deal_damage",
        "payload": {"seat": seat, "guardian": guardian, "amount": amount},
    }


def form(actions: Any, version: int = 0, **extra: str) -> dict[str, str]:
    raw = actions if isinstance(actions, str) else json.dumps(actions)
    return {"type": "batch", "batch": raw, "version": str(version), "control": "tap", **extra}


def post(account: User, game: Game, part: str, data: dict[str, str]) -> Any:
    return client_for(account).post(url(game, part), data, headers=HTMX)


def text(response: Any) -> str:
    return str(response.content.decode())


def test_a_batch_is_recorded_as_one_entry_with_every_change(game: Game, player: User) -> None:
    response = post(player, game, "act", form([hit("Oracle", 1), hit("Dragoon", 3)]))
    assert response.status_code == 200
    row = Game.objects.get(pk=game.pk)
    assert row.version == 1
    html = text(response)
    assert re.search(r'data-testid="damage-0-oracle">1<', html)
    assert re.search(r'data-testid="damage-0-dragoon">3<', html)
    entry = html.split('data-testid="log-1"', 1)[1].split("</li>", 1)[0]
    assert "Oracle takes 1 damage" in entry and "Dragoon takes 3 damage" in entry
    assert 'aria-label="Undo #1"' in entry


def test_one_undo_takes_back_the_whole_batch(game: Game, player: User) -> None:
    post(player, game, "act", form([hit("Oracle", 1), hit("Dragoon", 1)]))
    undo = {"type": "undo", "target": "1", "version": "1", "control": "log:1"}
    html = text(post(player, game, "act", undo))
    assert re.search(r'data-testid="damage-0-oracle">0<', html)
    assert re.search(r'data-testid="damage-0-dragoon">0<', html)


def test_a_batch_is_previewed_with_every_change_and_a_commit_that_posts_it(
    game: Game, player: User
) -> None:
    actions = [hit("Oracle", 1), hit("Dragoon", 2)]  # Oracle (2 hit points) is not defeated
    response = post(player, game, "preview", form(actions))
    assert response.status_code == 200
    html = text(response)
    assert "Deal damage x1 · Ana&#x27;s Oracle; Deal damage x2 · Ana&#x27;s Dragoon" in html
    assert 'data-testid="changes"' in html and "Oracle" in html and "Dragoon" in html
    assert 'name="type" value="batch"' in html
    posted = re.search(r'name="batch" value="([^"]*)"', html)
    assert posted is not None
    assert json.loads(posted.group(1).replace("&quot;", '"')) == actions
    assert Game.objects.get(pk=game.pk).version == 0


def test_a_refused_change_refuses_the_batch_and_names_it(game: Game, player: User) -> None:
    actions = [hit("Oracle", 1), hit("Nobody", 1)]
    for part in ("act", "preview"):
        response = post(player, game, part, form(actions))
        assert response.status_code == 400
        assert "Change 2 of 2" in text(response)
    assert Game.objects.get(pk=game.pk).version == 0


LONG = [hit("Oracle")] * 51


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "The batch is empty"),
        ("[{", "The batch is not valid JSON"),
        ("[NaN]", "The batch is not valid JSON"),
        ("[" * 100_000, "The batch is"),
        ('[{"type": "deal_damage", "payload": {"guardian": "\\ud800"}}]', "lone surrogate"),
        ('[{"type": "deal_damage", "payload": {"guardian": "a\\u0000"}}]', "NUL"),
        ("x" * 70_000, "longer than 64 KiB"),
        (json.dumps(LONG), "A batch holds 1 to 50 actions (got 51)."),
        ("[]", "A batch holds 1 to 50 actions (got 0)."),
        ('{"type": "deal_damage"}', "A batch lists its actions in"),
        ('[{"type": "fly"}]', "Change 1 of 1: AZRAH"),
        ('[{"type": "undo", "payload": {"target": 1}}]', "not &#x27;undo&#x27;"),
        ('[{"type": "deal_damage", "payload": 3}]', "its payload must be an object"),
        ("[7]", "Change 1 of 1 must be an object"),
    ],
)
@pytest.mark.parametrize("part", ["act", "preview"])
def test_a_batch_that_cannot_be_read_is_a_400_that_says_why(
    game: Game, player: User, raw: str, message: str, part: str
) -> None:
    response = post(player, game, part, form(raw))
    assert response.status_code == 400
    assert message in text(response)
    assert Game.objects.get(pk=game.pk).version == 0


def test_fifty_changes_are_one_batch(game: Game, host: User) -> None:
    heal = {"type": "heal", "payload": {"seat": 0, "guardian": "Dragoon", "amount": 1}}
    actions = [hit("Dragoon", 1), heal] * 25
    response = post(host, game, "act", form(actions, seat="1"))
    assert response.status_code == 200, text(response)[:500]
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_spectator_cannot_post_a_batch(game: Game, spectator: User) -> None:
    assert post(spectator, game, "act", form([hit("Oracle")])).status_code == 403
    assert post(spectator, game, "preview", form([hit("Oracle")])).status_code == 403
