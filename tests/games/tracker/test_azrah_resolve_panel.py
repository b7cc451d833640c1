"""The AZRAH resolve panel: the player picks each effect a resolution applies, among the
one-effect resolutions the engine lists, and records them all as one entry of the log,
itemised in the history (Activating and Resolving Abilities, R110). It is a plain form, so it
works without JavaScript, and a refusal shows the panel again with what was entered."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.registry import tracker
from games.tracker.access import access_for
from games.tracker.controls import Controls
from games.tracker.selectors import shown_legal_actions, state_for
from tests.games.tracker.support import client_for, host, player, spectator
from tests.games.tracker.test_azrah_abilities_board import carded, pick
from tests.games.tracker.test_azrah_board import HTMX, PANEL_BUTTON, apply, forms, page, text

__all__ = ["carded", "host", "player", "spectator"]

AZRAH = tracker("azrah")


def _resolving(carded: Game, host: User) -> Game:
    """Ana's Alchemist's Acid on Ben's Duelist, unanswered: it waits to resolve."""
    game = apply(carded, host, "attach_mana", 0, guardian="Alchemist", amount=2)
    game = apply(game, host, "end_phase", 0)
    game = apply(
        game, host, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"]
    )
    return apply(game, host, "no_response", 1)


def _panel(html: str) -> str:
    return html.split('data-testid="resolve-panel"', 1)[1].split("</form>", 1)[0]


def _state(game: Game, account: User) -> Any:
    row = Game.objects.get(pk=game.pk)
    return state_for(row, access_for(row, account))["state"]


def test_the_panel_offers_every_one_effect_resolution_the_engine_lists(
    carded: Game, host: User
) -> None:
    game = _resolving(carded, host)
    html = page(host, game)
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    access = access_for(row, host)
    controls = Controls(shown_legal_actions(row, access), AZRAH, prefer=0)
    listed = [c for c in controls.all if c.type == "resolve" and "effect" in c.payload]
    options = re.findall(r'<option value="([^"]+)"', _panel(html))
    offered = [json.loads(unescape(value)) for value in options]
    assert len(offered) == len(listed) * 4  # four rows, each offering every listed effect
    first_row = offered[: len(listed)]
    assert [(o["type"], o["payload"]) for o in first_row] == [
        (
            c.payload["effect"],
            {k: v for k, v in c.payload.items() if k not in ("effect", "amount", "turns")},
        )
        for c in listed
    ]
    # a "target enemy" ability reaches only its announced target (R100): no other enemy
    words = unescape(text(_panel(html)))
    assert "Damage to Ben's Duelist" in words
    assert "Damage to Ben's Bard" not in words
    # one form for the panel, not one button per effect and target
    assert [f.button for f in forms(html)].count(PANEL_BUTTON) == 1
    assert not [f for f in forms(html) if "p.effect" in f.fields]


def test_several_effects_resolve_as_one_itemised_entry(carded: Game, host: User) -> None:
    game = _resolving(carded, host)
    html = page(host, game)
    (panel,) = [f for f in forms(html) if f.button == PANEL_BUTTON]
    form = {
        **panel.post(),
        "p.effects.pick": [
            pick(html, "Damage to Ben's Duelist"),
            pick(html, "Frozen on Alchemist for some turns"),
            "",
            "",
        ],
        "p.effects.number": ["2", "", "", ""],
    }
    response = client_for(host).post(f"/games/{game.pk}/act/", form, headers=HTMX)
    assert response.status_code == 200
    row = Game.objects.get(pk=game.pk)
    assert row.version == game.version + 1  # one entry for the whole resolution
    state = _state(game, host)
    assert state["stack"] == []
    assert state["players"][1]["front"][2]["damage"] == 2
    assert state["players"][0]["front"][0]["statuses"] == {"frozen": 1}  # empty: the listed 1
    history = unescape(text(page(host, row)))
    assert (
        "resolves the newest ability: Ben's Duelist takes 2 damage; "
        "Ana's Alchemist is frozen for 1 turn" in history
    )


def test_it_works_without_javascript(carded: Game, host: User) -> None:
    """Without htmx the form posts and the page reloads after the redirect."""
    game = _resolving(carded, host)
    html = page(host, game)
    (panel,) = [f for f in forms(html) if f.button == PANEL_BUTTON]
    form = {
        **panel.post(),
        "p.effects.pick": [pick(html, "Damage to Ben's Duelist"), ""],
        "p.effects.number": ["3", ""],
    }
    response = client_for(host).post(f"/games/{game.pk}/act/", form)
    assert response.status_code == 302
    assert _state(game, host)["players"][1]["front"][2]["damage"] == 3


@pytest.mark.parametrize("htmx", [True, False])
def test_a_refusal_shows_the_panel_again_with_what_was_entered(
    carded: Game, host: User, htmx: bool
) -> None:
    game = _resolving(carded, host)
    html = page(host, game)
    (panel,) = [f for f in forms(html) if f.button == PANEL_BUTTON]
    blow = pick(html, "Damage to Ben's Duelist")
    frozen = pick(html, "Frozen on Alchemist for some turns")
    form = {
        **panel.post(),
        "p.effects.pick": [frozen, blow, "", ""],
        "p.effects.number": ["1", "120", "", ""],
    }
    response = client_for(host).post(f"/games/{game.pk}/act/", form, headers=HTMX if htmx else {})
    assert response.status_code == 400
    answer = response.content.decode()
    stack = answer.split('data-testid="stack"', 1)[1].split("</section>", 1)[0]
    assert "Effect 2: The amount must be at least 1 and at most 99." in text(stack)
    kept = _panel(answer)
    chosen = [unescape(v) for v in re.findall(r'<option value="([^"]+)" selected', kept)]
    assert chosen == [frozen, blow]
    assert re.findall(r'name="p.effects.number"[^>]*value="([^"]*)"', kept)[:2] == ["1", "120"]
    assert Game.objects.get(pk=game.pk).version == game.version  # nothing recorded


def test_an_unreadable_row_is_a_400_naming_the_row(carded: Game, host: User) -> None:
    game = _resolving(carded, host)
    html = page(host, game)
    (panel,) = [f for f in forms(html) if f.button == PANEL_BUTTON]
    blow = pick(html, "Damage to Ben's Duelist")
    for picks, numbers, words in (
        ([blow, "not json"], ["1", ""], "Effect 2: pick one of the effects listed."),
        ([blow], ["two"], "Effect 1: the number must be a whole number"),
        (["", ""], ["", ""], "Pick at least one effect"),
    ):
        form = {**panel.post(), "p.effects.pick": picks, "p.effects.number": numbers}
        response = client_for(host).post(f"/games/{game.pk}/act/", form, headers=HTMX)
        assert response.status_code == 400
        assert words in text(response.content.decode())
    assert Game.objects.get(pk=game.pk).version == game.version


@pytest.mark.parametrize(
    "forged",
    [
        {"type": "deal_damage", "payload": {"seat": "one", "guardian": ["Duelist"]}},
        {"type": "deal_damage", "payload": {"seat": 1, "guardian": "Bard"}, "number": "amount"},
        {"type": "end_phase", "payload": {}},
        {"type": "heal", "payload": {"seat": 1, "guardian": "Duelist"}, "number": 7},
    ],
)
def test_a_forged_pick_is_refused_by_the_engine_not_a_500(
    carded: Game, host: User, forged: dict[str, Any]
) -> None:
    """A pick is only ever what the engine listed, but the engine checks whatever is posted."""
    game = _resolving(carded, host)
    (panel,) = [f for f in forms(page(host, game)) if f.button == PANEL_BUTTON]
    form = {**panel.post(), "p.effects.pick": [json.dumps(forged)], "p.effects.number": ["2"]}
    response = client_for(host).post(f"/games/{game.pk}/act/", form, headers=HTMX)
    assert response.status_code == 400
    stack = response.content.decode().split('data-testid="stack"', 1)[1]
    assert 'data-testid="refusal"' in stack.split("</section>", 1)[0]
    assert Game.objects.get(pk=game.pk).version == game.version


def test_nobody_else_is_offered_the_panel(carded: Game, host: User, player: User) -> None:
    """Only the seat whose ability resolves resolves it: Ben's tablet has no panel."""
    game = _resolving(carded, host)
    assert 'data-testid="resolve-panel"' in page(host, game)
    assert 'data-testid="resolve-panel"' not in page(player, game)
