"""A secret Warlord (11) tells nobody but its owner which Hero it is: not the view, not a
preview of an action computed from the concealed state, not a refusal. A seat nominates
only its own Warlord."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.state import AzerothState
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import Action, IllegalAction, game_apply
from tests.profiles import examples
from tests.rules.azeroth.legal_play import outside, pick, wrong_type
from tests.rules.azeroth.tracker_game import AzerothGame, act, activation, new_game
from tests.rules.tracker.legal_play import filled, randoms

HEROES = ("sorceress-1", "paladin-1")


def assassination(warlord: str) -> AzerothGame:
    """Round 1's Activation stage; Ana's Warlord is the Warchief, Ben's ``warlord``."""
    game = act(new_game(Scenario.ASSASSINATION), "edge_roll_off", rolls=[2, 5])
    game = act(game, "nominate_warlord", 0, model="warchief-1")
    game = act(game, "nominate_warlord", 1, model=warlord)
    return act(act(game, "end_stage"), "end_stage")


def preview(
    state: AzerothState, viewer: int | None, type_: str, by: int | None, **payload: Any
) -> dict[str, Any]:
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


# Noninterference ------------------------------------------------------------------------------


def refusal(state: AzerothState, action: Action) -> tuple[str, str | None] | None:
    try:
        AZEROTH.apply(state, action)
    except IllegalAction as error:
        return error.message, error.field
    return None


def shown(state: AzerothState, viewer: int | None, action: Action) -> Any:
    """The preview ``viewer`` gets of ``action``: computed from the concealed state."""
    try:
        return AZEROTH.view(AZEROTH.apply(AZEROTH.conceal(state, viewer), action), viewer)
    except IllegalAction as error:
        return error.message, error.field


def seen_by(
    game: AzerothGame, viewer: int | None, tries: list[tuple[str, int, dict[str, Any]]]
) -> tuple[Any, ...]:
    """Everything ``viewer`` learns from ``game``: the view, the seat's legal actions, the
    history lines and payloads, and for each try its refusal and its preview."""
    state = game.state
    log = [
        (AZEROTH.describe(a, game.setup, viewer), AZEROTH.visible_payload(a, state, viewer))
        for a in game.log
    ]
    listing = None if viewer is None else AZEROTH.legal_actions(state, viewer)
    results = []
    for type_, by, payload in tries:
        action = Action(game.version + 1, type_, by, payload)
        results.append((refusal(state, action), shown(state, viewer, action)))
    return AZEROTH.view(state, viewer), listing, log, results


def warlord_standing(game: AzerothGame) -> bool:
    return not game.state.over and not game.state.sides[1].warlord_revealed


@settings(max_examples=examples(10))
@given(st.data())
def test_nothing_ana_or_a_spectator_sees_depends_on_bens_secret_warlord(
    data: st.DataObject,
) -> None:
    """Two games that differ only in which Hero Ben nominated: while that Warlord stands,
    Ana and a spectator get the same views, legal actions, history, refusals and previews
    (of slaying each of Ben's Heroes, too)."""
    rng = randoms(data)
    games = []
    for hero in HEROES:
        game = act(new_game(Scenario.ASSASSINATION), "nominate_warlord", 0, model="warchief-1")
        games.append(act(game, "nominate_warlord", 1, model=hero))
    slay: list[tuple[str, int, dict[str, Any]]] = [
        ("damage", 0, {"seat": 1, "model": hero, "amount": 99}) for hero in HEROES
    ]
    nominate: list[tuple[str, int, dict[str, Any]]] = [
        ("nominate_warlord", 0, {"model": "paladin-1"}),
        ("nominate_warlord", 0, {"seat": 1, "model": "sorceress-1"}),
    ]
    for _ in range(data.draw(st.integers(5, 120))):
        options = [
            a
            for a in AZEROTH.legal_actions(games[0].state, 0)
            + AZEROTH.legal_actions(games[0].state, 1)
            if not (a.type == "nominate_warlord" and a.seat == 1)
        ]
        legal = pick(rng, options)
        payload = filled(rng, legal)
        bad = dict(payload)
        if legal.choices:
            name = rng.choice(sorted(legal.choices))
            bad[name] = outside(legal.choices[name])
        elif bad:
            name = rng.choice(sorted(bad))
            bad[name] = wrong_type(bad[name])
        tries = [(legal.type, legal.seat, payload), (legal.type, legal.seat, bad), *slay, *nominate]
        for viewer in (0, None):
            assert seen_by(games[0], viewer, tries) == seen_by(games[1], viewer, tries)
        games = [game_apply(g, type=legal.type, by=legal.seat, payload=payload) for g in games]
        if not all(warlord_standing(g) for g in games):
            break


# Undo, redo and requests to undo are channels too (R50, R128) -------------------------------


def answer(game: AzerothGame, type_: str, by: int | None, **payload: Any) -> Any:
    """What the sender of an undo, a redo or an answer to a request learns: refused (and the
    refusal's words and field), or accepted."""
    try:
        game_apply(game, type=type_, by=by, payload=payload)
    except IllegalAction as error:
        return "refused", error.message, error.field
    return "accepted"


def test_whether_an_undo_is_allowed_does_not_tell_which_hero_is_the_warlord() -> None:
    """Taking back the heal makes Ben's Paladin fall at #3 of the replay, and a later entry
    of Ben's follows. Were the Paladin the Warlord, the replayed game would end there and
    the undo be refused; Ana would learn it without the Warlord being revealed. The undo is
    decided as if no Hero were a Warlord (R128)."""
    answers = []
    for hero in HEROES:
        game = assassination(hero)
        start = game.version
        game = act(game, "damage", 0, seat=1, model="paladin-1", amount=2)
        game = act(game, "heal", 0, seat=1, model="paladin-1", amount=2)
        game = act(game, "damage", 0, seat=1, model="paladin-1", amount=4)
        game = act(game, "activate", 1, model="footman-1")
        request = act(game, "request_undo", 1, target=start + 2)
        answers.append(
            (
                answer(game, "undo", 0, target=start + 2),
                answer(request, "answer_undo", 0, request=request.version, accept=True),
            )
        )
    assert answers[0] == answers[1] == ("accepted", "accepted")


def test_after_such_an_undo_the_fallen_warlord_ends_the_game_and_later_entries_stay() -> None:
    """R128: the game ends where the Warlord falls; the entry after it stays in the history
    with no effect, and redoing the heal brings the game back as it was."""
    game = assassination("paladin-1")
    start = game.version
    game = act(game, "damage", 0, seat=1, model="paladin-1", amount=2)
    game = act(game, "heal", 0, seat=1, model="paladin-1", amount=2)
    game = act(game, "damage", 0, seat=1, model="paladin-1", amount=4)
    before = act(game, "activate", 1, model="footman-1")
    undone = game_apply(before, type="undo", by=0, payload={"target": start + 2})
    assert undone.state.over and undone.state.sides[1].warlord_revealed
    assert start + 4 in undone.history.effective
    footman = undone.state.sides[1].find("footman-1")
    assert footman is not None and not footman.activated
    redone = game_apply(undone, type="redo", by=0, payload={"target": start + 2})
    assert redone.state == before.state


@settings(max_examples=examples(10))
@given(st.data())
def test_undo_redo_and_requests_answer_alike_whichever_hero_is_bens_warlord(
    data: st.DataObject,
) -> None:
    """Two games that differ only in which Hero Ben nominated, played alike: while that
    Warlord stands, an undo of any entry in effect, a redo, and Ben's acceptance of Ana's
    request to undo one of his entries are allowed or refused alike, in the same words, for
    Ana, Ben and the host; once accepted, Ana and a spectator see the same game."""
    rng = randoms(data)
    games = []
    for hero in HEROES:
        game = act(new_game(Scenario.ASSASSINATION), "nominate_warlord", 0, model="warchief-1")
        games.append(act(game, "nominate_warlord", 1, model=hero))
    for _ in range(data.draw(st.integers(5, 80))):
        game = games[0]
        effective = [seq for seq in game.history.effective if seq > 2]
        tries: list[tuple[str, int | None, dict[str, Any]]] = []
        for seq in rng.sample(effective, min(3, len(effective))):
            tries += [("undo", rng.choice((0, 1, None)), {"target": seq})]
        if game.next_redo() is not None:
            tries.append(("redo", rng.choice((0, None)), {"target": game.next_redo()}))
        for type_, by, payload in tries:
            assert answer(games[0], type_, by, **payload) == answer(games[1], type_, by, **payload)
        bens = [seq for seq in effective if game.log[seq - 1].by == 1]
        if bens:
            target = rng.choice(bens)
            asked = [act(g, "request_undo", 0, target=target) for g in games]
            answers = [answer(g, "answer_undo", 1, request=g.version, accept=True) for g in asked]
            assert answers[0] == answers[1]
        if tries and rng.random() < 0.3:
            type_, by, payload = rng.choice(tries)
            if answer(games[0], type_, by, **payload) == "accepted":
                games = [game_apply(g, type=type_, by=by, payload=payload) for g in games]
        else:
            options = [
                a
                for a in AZEROTH.legal_actions(games[0].state, 0)
                + AZEROTH.legal_actions(games[0].state, 1)
                if a.type != "nominate_warlord"
            ]
            if not options:
                break
            legal = pick(rng, options)
            payload = filled(rng, legal)
            games = [game_apply(g, type=legal.type, by=legal.seat, payload=payload) for g in games]
        if not all(warlord_standing(g) for g in games):
            break
        for viewer in (0, None):
            assert AZEROTH.view(games[0].state, viewer) == AZEROTH.view(games[1].state, viewer)
