"""Entries the two players make at once (5.1, R127): in the Mana and Morale stages, which both
play at the same time, each player's entries about their own models are kept whichever
tablet sent first, even from a tablet that had not yet shown the other's, and the game does
not depend on the order. Every other entry sent from a stale tablet is refused, naming the
entry it had not seen."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.state import Stage
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import LegalAction, game_apply, stale_conflict
from tests.profiles import examples
from tests.rules.azeroth.legal_play import listed, pick, play
from tests.rules.azeroth.tracker_game import AzerothGame, act, deployed, new_game, to_morale
from tests.rules.tracker.legal_play import filled, randoms

SIMULTANEOUS = (Stage.MANA, Stage.MORALE)
OWN = ("morale_test", "morale_reroll", "morale_facts", "heal")
"""What a player records of their own models at once with the other (5.1, 10, R127)."""


def own_entries(game: AzerothGame, seat: int) -> list[LegalAction]:
    return [
        a
        for a in AZEROTH.legal_actions(game.state, seat)
        if a.type in OWN and a.payload.get("seat") == seat
    ]


def start(data: st.DataObject) -> AzerothGame:
    scenario = data.draw(st.sampled_from(list(Scenario)))
    return new_game(scenario)


def submit_stale(game: AzerothGame, order: list[tuple[int, str, dict[str, Any]]]) -> AzerothGame:
    """Each entry sent against the version every sender saw, in ``order``: none is refused
    as stale, and each applies."""
    seen, version = game.state, game.version
    for by, type_, payload in order:
        assert stale_conflict(game, seen, version, type_, by, payload) is None, (type_, by)
        game = game_apply(game, type=type_, by=by, payload=payload)
    return game


@settings(max_examples=examples(12), deadline=None)
@given(st.data())
def test_both_players_entries_in_a_simultaneous_stage_are_kept_in_any_order(
    data: st.DataObject,
) -> None:
    rng = randoms(data)
    game = start(data)
    for _ in range(data.draw(st.integers(20, 200))):
        if game.state.over:
            break
        mine = [own_entries(game, seat) for seat in (0, 1)]
        if game.state.stage in SIMULTANEOUS and all(mine):
            sent = [
                (seat, legal.type, filled(rng, legal))
                for seat, legal in ((s, rng.choice(mine[s])) for s in (0, 1))
            ]
            order = data.draw(st.permutations(sent))
            one = submit_stale(game, list(order))
            other = submit_stale(game, list(reversed(order)))
            assert one.state == other.state
            for viewer in (0, 1, None):
                assert AZEROTH.view(one.state, viewer) == AZEROTH.view(other.state, viewer)
            game = one
            continue
        options = listed(game)
        if not options:
            break
        game = play(rng, game, pick(rng, options))


def test_two_morale_tests_sent_at_once_are_both_kept() -> None:
    """A known case: both Orc Grunt 1 and Footman 1 lost half their Wounds; each player tests
    their own from a tablet showing neither test yet."""
    game = act(deployed(), "end_stage")
    game = act(game, "damage", 0, seat=0, model="grunt-1", amount=1)
    game = act(game, "damage", 1, seat=1, model="footman-1", amount=1)
    game = to_morale(game)
    assert game.state.stage is Stage.MORALE
    sent = [
        (0, "morale_test", {"seat": 0, "model": "grunt-1", "rolls": [6, 6]}),
        (1, "morale_test", {"seat": 1, "model": "footman-1", "rolls": [1, 2]}),
    ]
    one = submit_stale(game, sent)
    other = submit_stale(game, sent[::-1])
    assert one.state == other.state
    assert one.state.sides[0].find("grunt-1").morale_result is not None  # type: ignore[union-attr]


def test_a_test_of_the_other_sides_model_waits_for_a_fresh_tablet() -> None:
    """R127: only entries about one's own models are played at once."""
    game = act(deployed(), "end_stage")
    game = act(game, "damage", 0, seat=0, model="grunt-1", amount=1)
    game = act(game, "damage", 1, seat=1, model="footman-1", amount=1)
    game = to_morale(game)
    seen, version = game.state, game.version
    recorded = act(game, "morale_test", 1, seat=1, model="footman-1", rolls=[1, 2])
    payload = {"seat": 1, "model": "footman-1", "rolls": [3, 3]}
    assert stale_conflict(recorded, seen, version, "morale_test", 0, payload) == recorded.log[-1]


def commute_by_the_book(seen: Any, first: LegalAction, second: LegalAction) -> bool:
    """5.1 and R127 said again: a simultaneous stage, two seats, each about its own model."""
    return (
        seen.stage in SIMULTANEOUS
        and first.seat != second.seat
        and all(a.type in OWN and a.payload.get("seat") == a.seat for a in (first, second))
    )


@settings(max_examples=examples(12), deadline=None)
@given(st.data())
def test_a_stale_entry_that_does_not_commute_is_refused_naming_the_entry_not_seen(
    data: st.DataObject,
) -> None:
    """From random legal play: an entry recorded since a tablet looked, then an entry that
    tablet's seat chose from what it saw. Unless both are played at once by the book, the
    second is refused naming the first; when it is kept, either order gives the same game."""
    rng = randoms(data)
    game = start(data)
    for _ in range(data.draw(st.integers(10, 150))):
        options = listed(game)
        if not options:
            break
        seen, version = game.state, game.version
        # in a simultaneous stage, lean on what the players record there at once
        lean = seen.stage in SIMULTANEOUS and rng.random() < 0.6
        own = [a for seat in (0, 1) for a in own_entries(game, seat)]
        first = rng.choice(own) if lean and own else pick(rng, options)
        recorded = play(rng, game, first)
        seat = rng.choice((0, 1))
        mine = (lean and own_entries(game, seat)) or list(AZEROTH.legal_actions(seen, seat))
        if mine and not recorded.state.over:
            second = pick(rng, mine)
            payload = filled(rng, second)
            conflict = stale_conflict(recorded, seen, version, second.type, seat, payload)
            if commute_by_the_book(seen, first, second):
                assert conflict is None
                after = game_apply(recorded, type=second.type, by=seat, payload=payload)
                before = game_apply(game, type=second.type, by=seat, payload=payload)
                entry = recorded.log[-1]
                swapped = game_apply(before, type=entry.type, by=entry.by, payload=entry.payload)
                assert after.state == swapped.state
            else:
                assert conflict == recorded.log[-1]
        game = recorded


def test_what_commutes_is_decided_without_the_warlords() -> None:
    """R127: the same answer from the game as every viewer may see it."""
    game = act(new_game(Scenario.ASSASSINATION), "edge_roll_off", rolls=[2, 5])
    game = act(game, "nominate_warlord", 0, model="warchief-1")
    game = act(game, "nominate_warlord", 1, model="paladin-1")
    game = act(game, "end_stage")
    game = act(game, "end_stage")
    game = act(game, "damage", 0, seat=0, model="grunt-1", amount=1)
    game = act(game, "damage", 1, seat=1, model="paladin-1", amount=3)
    game = to_morale(game)
    pairs = [
        (a, b)
        for a in (*own_entries(game, 0), *AZEROTH.legal_actions(game.state, 0))
        for b in (*own_entries(game, 1), *AZEROTH.legal_actions(game.state, 1))
    ]
    assert pairs
    for viewer in (0, 1, None):
        hidden = AZEROTH.conceal(game.state, viewer)
        for a, b in pairs:
            first = (
                act(game, a.type, a.seat, **a.payload).log[-1] if a.type != "end_stage" else None
            )
            if first is None:
                continue
            pending = game_apply(game, type=b.type, by=b.seat, payload=b.payload).log[-1]
            assert AZEROTH.commutes(game.state, first, pending) == AZEROTH.commutes(
                hidden, first, pending
            )
