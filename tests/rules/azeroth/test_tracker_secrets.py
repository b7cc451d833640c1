"""A secret Warlord (11) tells nobody but its owner which Hero it is: not the view, not a
preview of an action computed from the concealed state, not a refusal. A seat nominates
only its own Warlord."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.azeroth.tracker import AZEROTH, AzerothState, Scenario
from referee.rules.tracker.core import Action, IllegalAction
from tests.rules.azeroth.tracker_game import AzerothGame, act, activation, new_game

HEROES = ("sorceress-1", "paladin-1")


def assassination(warlord: str) -> AzerothGame:
    """Round 1's Activation stage; Ana's Warlord is the Warchief, Ben's ``warlord``."""
    game = act(new_game(Scenario.ASSASSINATION), "edge_roll_off", rolls=[2, 5])
    game = act(game, "nominate_warlord", 0, model="warchief-1")
    game = act(game, "nominate_warlord", 1, model=warlord)
    return act(act(game, "end_stage"), "end_stage")


def preview(state: AzerothState, viewer: int | None, type_: str, by: int | None, **payload: Any):
    concealed = AZEROTH.conceal(state, viewer)
    return AZEROTH.view(AZEROTH.apply(concealed, Action(99, type_, by, payload)), viewer)


@pytest.mark.parametrize("viewer", [0, None])
def test_a_preview_of_slaying_each_hero_does_not_tell_which_is_the_warlord(
    viewer: int | None,
) -> None:
    game = assassination("sorceress-1")
    for hero in HEROES:
        view = preview(game.state, viewer, "damage", 0, seat=1, model=hero, amount=99)
        assert view["sides"][1]["warlord"] is None
        assert not any(m["warlord"] for m in view["sides"][1]["models"])
        assert not view["over"]


@pytest.mark.parametrize("viewer", [0, None])
def test_states_differing_only_in_the_other_sides_warlord_conceal_the_same(
    viewer: int | None,
) -> None:
    one, other = (assassination(hero).state for hero in HEROES)
    assert one != other
    assert AZEROTH.conceal(one, viewer) == AZEROTH.conceal(other, viewer)
    assert AZEROTH.view(AZEROTH.conceal(one, viewer), viewer) == AZEROTH.view(one, viewer)


def test_the_owner_keeps_their_own_warlord_in_the_concealed_state() -> None:
    one, other = (assassination(hero).state for hero in HEROES)
    assert AZEROTH.conceal(one, 1).sides[1] == one.sides[1]
    assert AZEROTH.conceal(one, 1).sides[0].warlord_id != "warchief-1"
    assert AZEROTH.conceal(one, 1) != AZEROTH.conceal(other, 1)
    view = preview(one, 1, "damage", 0, seat=1, model="sorceress-1", amount=99)
    assert view["over"]


def test_a_fallen_warlord_is_no_secret_to_conceal() -> None:
    game = act(assassination("paladin-1"), "damage", 0, seat=1, model="paladin-1", amount=99)
    assert game.state.over
    assert AZEROTH.conceal(game.state, 0) == game.state


def test_a_seat_nominates_only_its_own_warlord() -> None:
    game = act(new_game(Scenario.ASSASSINATION), "edge_roll_off", rolls=[2, 5])
    with pytest.raises(IllegalAction) as caught:
        act(game, "nominate_warlord", 0, model="sorceress-1")
    assert caught.value.field == "payload.model"
    with pytest.raises(IllegalAction) as caught:
        act(game, "nominate_warlord", 0, seat=1, model="warchief-1")
    assert caught.value.field == "payload.seat"
    assert game.state.sides[1].warlord is None


def test_refusals_read_the_same_whichever_hero_is_the_warlord() -> None:
    games = [assassination(hero) for hero in HEROES]
    for type_, payload in (
        ("nominate_warlord", {"model": "paladin-1"}),
        ("activate", {"model": "sorceress-1"}),
        ("heal", {"seat": 1, "model": "paladin-1", "amount": 1}),
    ):
        refusals = []
        for game in games:
            with pytest.raises(IllegalAction) as caught:
                act(game, type_, 0, **payload)
            refusals.append((caught.value.message, caught.value.field))
        assert refusals[0] == refusals[1]


def test_the_spectator_and_opponent_histories_hide_the_nomination() -> None:
    games = [activation(Scenario.ASSASSINATION), assassination("paladin-1")]
    for viewer in (0, None):
        lines = [
            [AZEROTH.describe(a, g.setup, viewer) for a in g.log if a.type == "nominate_warlord"]
            for g in games
        ]
        assert lines[0] == lines[1]
        payloads = [
            [AZEROTH.visible_payload(a, g.state, viewer) for a in g.log if a.by == 1] for g in games
        ]
        assert payloads[0] == payloads[1] == [None]
