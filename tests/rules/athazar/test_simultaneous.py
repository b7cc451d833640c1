"""What players of Deaths of Athazar do at the same moment (R178): everyone passes at once,
and everyone enters the cards they received. Sent against the same version, in any order,
such actions are all recorded (``core.stale_conflict`` names nothing) and lead to the same
state; an action that does not commute with one recorded since its sender looked is named."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.athazar.cards import TOKENS
from referee.rules.athazar.state import OVER, PASS, PLAY, AthazarState
from referee.rules.athazar.system import ATHAZAR
from referee.rules.tracker import Action, game_apply, stale_conflict
from tests.profiles import examples
from tests.rules.athazar.athazar_game import AthazarGame, act, everyone_passes, new_game
from tests.rules.athazar.test_tracker_properties import choose, play
from tests.rules.tracker.legal_play import filled

Move = tuple[str, int, dict[str, Any]]


def reach(data: st.DataObject, phase: str) -> tuple[AthazarGame, Random] | None:
    """A game played from its legal actions for a random while, then on until a ``phase``
    begins (in the pass phase: nobody has passed yet); None when it ends first."""
    game, rng = play(data)
    steps = data.draw(st.integers(0, 80), label="steps")
    for step in range(400):
        state = game.state
        if state.phase == OVER:
            return None
        fresh = state.phase == phase and (
            phase != PASS or all(s.passing is None for s in state.seats)
        )
        if phase == PLAY:
            fresh = fresh and state.turn == 0
        if step >= steps and fresh:
            return game, rng
        legal = choose(rng, state, rng.random() < 0.5)
        game = game_apply(game, type=legal.type, by=legal.seat, payload=filled(rng, legal))
    return None


def send_all(game: AthazarGame, moves: list[Move]) -> AthazarGame:
    """Every move sent against the version ``game`` is at, recorded in the order given."""
    seen, seen_version = game.state, game.version
    for type_, by, payload in moves:
        assert stale_conflict(game, seen, seen_version, type_, by, payload) is None, (type_, by)
        game = game_apply(game, type=type_, by=by, payload=payload)
    return game


def _in_play(state: AthazarState) -> list[int]:
    return [s for s in range(len(state.seats)) if state.in_play(s)]


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_every_pass_is_recorded_whatever_order_they_reach_the_table(data: st.DataObject) -> None:
    reached = reach(data, PASS)
    if reached is None:
        return
    game, rng = reached
    moves: list[Move] = []
    for seat in _in_play(game.state):
        passes = [e for e in ATHAZAR.legal_actions(game.state, seat) if e.type == "pass_cards"]
        if passes:
            legal = rng.choice(passes)
            moves.append(("pass_cards", seat, filled(rng, legal)))
    order = data.draw(st.permutations(moves), label="order")
    one, two = send_all(game, moves), send_all(game, list(order))
    assert one.state == two.state
    assert one.version == two.version == game.version + len(moves)
    if len(moves) == len(_in_play(game.state)):
        assert one.state.phase != PASS  # the last pass landed them all


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_every_hand_entered_is_recorded_whatever_order_they_reach_the_table(
    data: st.DataObject,
) -> None:
    reached = reach(data, PLAY)
    if reached is None:
        return
    game, rng = reached
    seen = game.state
    active = seen.active
    assert active is not None
    moves: list[Move] = []
    plays = [e for e in ATHAZAR.legal_actions(seen, active) if e.type in ("kill", "skip_turn")]
    if plays and rng.random() < 0.5:  # the first player's play goes in among the edits
        moves.append((plays[0].type, active, filled(rng, plays[0])))
    for seat in _in_play(seen):
        if moves and seat == active:
            continue  # a seat's own actions never commute with each other
        mine = seen.seats[seat]
        if mine.unknown > 0 and rng.random() < 0.4:
            moves.append(("add_card", seat, {"card": rng.choice(TOKENS)}))
        else:
            cards = [rng.choice(TOKENS) for _ in range(rng.randint(0, mine.held))]
            moves.append(("enter_hand", seat, {"cards": cards}))
    order = data.draw(st.permutations(moves), label="order")
    one, two = send_all(game, moves), send_all(game, list(order))
    assert one.state == two.state
    for seat in _in_play(seen):  # each seat sees its own hand as it entered it
        assert ATHAZAR.view(one.state, seat) == ATHAZAR.view(two.state, seat)


def test_a_seats_own_actions_do_not_commute_with_each_other() -> None:
    game = new_game(3)
    after = act(game, "pass_cards", 0, count=1)
    conflict = stale_conflict(after, game.state, game.version, "enter_hand", 0, {"cards": []})
    assert conflict is not None and conflict.seq == after.version


@settings(max_examples=examples(30), deadline=None)
@given(st.data())
def test_a_play_after_another_players_play_is_named_as_stale(data: st.DataObject) -> None:
    reached = reach(data, PLAY)
    if reached is None:
        return
    game, rng = reached
    seen, version = game.state, game.version
    active = seen.active
    assert active is not None
    plays = [e for e in ATHAZAR.legal_actions(seen, active) if e.type != "enter_hand"]
    plays = [e for e in plays if e.type not in ("add_card", "drop_card", "forget_hand")]
    legal = rng.choice(plays)
    after = game_apply(game, type=legal.type, by=active, payload=filled(rng, legal))
    for other in _in_play(seen):
        if other == active:
            continue
        for type_, payload in (
            ("skip_turn", {}),
            ("kill", {"killer": "Assassin", "victim": "Sailor"}),
        ):
            conflict = stale_conflict(after, seen, version, type_, other, payload)
            assert conflict is not None and conflict.seq == after.version


def test_a_swap_or_a_gift_aimed_at_the_editor_does_not_commute() -> None:
    game = everyone_passes(new_game(3))  # Ben plays first
    seen, version = game.state, game.version
    edit: dict[str, Any] = {"cards": ["Sailor"]}
    for payload in (
        {"card": "Merchant", "target": 0, "keeps": 0, "target_keeps": 0},
        {"card": "Sorcerer", "target": 0},
        {"card": "Princess", "as": "Merchant", "target": 0, "keeps": 0, "target_keeps": 0},
    ):
        after = act(game, "play_effect", 1, **payload)
        assert stale_conflict(after, seen, version, "enter_hand", 0, edit) is not None
        # aimed at another player, it leaves Ana's hand alone
        other = {**payload, "target": 2}
        after = act(game, "play_effect", 1, **other)
        assert stale_conflict(after, seen, version, "enter_hand", 0, edit) is None
    prince = act(game, "play_effect", 1, card="Prince")
    assert stale_conflict(prince, seen, version, "enter_hand", 0, edit) is None


def test_commutes_reads_no_hand() -> None:
    """Two states alike but for an entered hand answer every pair alike."""
    game = everyone_passes(new_game(3))
    entered = act(game, "enter_hand", 0, cards=["Sailor", "Prince"]).state
    pairs = [
        (Action(9, "play_effect", 1, {"card": "Merchant", "target": 0}), "enter_hand"),
        (Action(9, "kill", 1, {"killer": "Assassin", "victim": "Sailor"}), "add_card"),
        (Action(9, "pass_cards", 1, {"count": 1}), "pass_cards"),
    ]
    for recorded, kind in pairs:
        pending = Action(10, kind, 0, {})
        plain: AthazarState = game.state
        assert ATHAZAR.commutes(plain, recorded, pending) == ATHAZAR.commutes(
            entered, recorded, pending
        )
