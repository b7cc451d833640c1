"""Moves sent at the same second from two tablets (R155).

Game Start is the one step both Azuki players take at once: each keeps or mulligans without
waiting for the other, so both decisions sent against the same version are recorded, in any
order, to the same state. Everything after is played in turn: an action chosen before another
seat's action was recorded is refused as stale, naming that entry."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azuki.state import MAIN, MULLIGAN
from referee.rules.azuki.system import AZUKI
from referee.rules.tracker import game_apply, stale_conflict
from tests.profiles import examples
from tests.rules.azuki.test_tracker_properties import play_out
from tests.rules.tracker.azuki_game import new_game
from tests.rules.tracker.legal_play import filled, randoms

DECISIONS = st.sampled_from(["keep_hand", "mulligan"])


@settings(max_examples=examples(30), deadline=None)
@given(
    first=st.sampled_from([0, 1]),
    decisions=st.tuples(DECISIONS, DECISIONS),
    order=st.permutations([0, 1]),
)
def test_both_opening_hand_decisions_against_one_version_are_recorded_in_any_order_r155(
    first: int, decisions: tuple[str, str], order: list[int]
) -> None:
    start = new_game(first_player=first, keep=False)
    seen, seen_version = start.state, start.version
    assert seen.phase == MULLIGAN
    game = start
    for seat in order:
        kind = decisions[seat]
        # Each tablet sends what it listed when it looked at version 0.
        assert any(a.type == kind for a in AZUKI.legal_actions(seen, seat))
        assert stale_conflict(game, seen, seen_version, kind, seat, {}) is None
        game = game_apply(game, type=kind, by=seat, payload={})
    other = new_game(first_player=first, keep=False)
    for seat in reversed(order):
        other = game_apply(other, type=decisions[seat], by=seat, payload={})
    assert game.state == other.state, "the order they arrived in changes nothing"
    assert game.state.phase == MAIN and game.state.turn == 1
    for seat in (0, 1):
        expected = "mulliganed" if decisions[seat] == "mulligan" else "kept"
        assert game.state.players[seat].mulligan == expected


@settings(max_examples=examples(30), deadline=None)
@given(st.data())
def test_a_stale_action_of_an_ordinary_turn_is_refused_naming_the_entry(
    data: st.DataObject,
) -> None:
    rng = randoms(data)
    game = play_out(rng, new_game(), data.draw(st.integers(0, 60)), effects=0.2)
    if game.state.outcome.over:
        return
    seen, seen_version = game.state, game.version
    looker = data.draw(st.sampled_from([0, 1]))
    mine = AZUKI.legal_actions(seen, looker)
    theirs = AZUKI.legal_actions(seen, 1 - looker)
    assert mine and theirs, "both seats may always record a card effect"
    recorded = rng.choice(theirs)
    game = game_apply(game, type=recorded.type, by=1 - looker, payload=filled(rng, recorded))
    pending = rng.choice(mine)
    payload = filled(rng, pending)
    conflict = stale_conflict(game, seen, seen_version, pending.type, looker, payload)
    assert conflict is not None and conflict.seq == seen_version + 1
    assert conflict.by == 1 - looker and conflict.type == recorded.type


@settings(max_examples=examples(20), deadline=None)
@given(decision=DECISIONS, theirs=DECISIONS)
def test_the_hosts_decision_for_whoever_is_next_does_not_commute(
    decision: str, theirs: str
) -> None:
    """Sent with no seat, a decision goes to the first undecided player: that depends on
    what was recorded since, so it is not merged."""
    start = new_game(keep=False)
    game = game_apply(start, type=theirs, by=0, payload={})
    assert stale_conflict(game, start.state, start.version, decision, None, {}) == game.log[0]
