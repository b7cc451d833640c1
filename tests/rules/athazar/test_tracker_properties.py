"""Properties of the Deaths of Athazar tracker, played only through its legal actions: games
of 2 to 5 players end; no count goes below zero; the deck, the played cards and the hands
always add up to the deck's size; nothing listed is refused, and what is just outside the
list is; undo gives back the state before; the log replays to the identical state."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.athazar.legal import options
from referee.rules.athazar.state import OVER, AthazarState
from referee.rules.athazar.system import ATHAZAR
from referee.rules.tracker import IllegalAction, LegalAction, game_apply, replay
from tests.profiles import examples
from tests.rules.athazar.athazar_game import AthazarGame, new_game, undo
from tests.rules.tracker.legal_play import filled, randoms

HAND = ("add_card", "drop_card", "enter_hand", "forget_hand")
MAX_STEPS = 1500


def listed(state: AthazarState) -> list[LegalAction]:
    return [
        legal for seat in range(len(state.seats)) for legal in ATHAZAR.legal_actions(state, seat)
    ]


def choose(rng: Random, state: AthazarState, hands: bool) -> LegalAction:
    """A listed action: mostly the game's own moves, a kill over a disruption over doing
    nothing, so that games end; with ``hands``, cards are entered as they arrive."""
    entries = listed(state)
    moves = [e for e in entries if e.type not in HAND]
    if hands:
        adds = [e for e in entries if e.type == "add_card"]
        if adds and rng.random() < 0.7:
            return rng.choice(adds)
    others = [e for e in entries if e.type in ("drop_card", "forget_hand")]
    if others and rng.random() < 0.03:
        return rng.choice(others)
    kills = [e for e in moves if e.type == "kill"]
    if kills and rng.random() < 0.9:
        return rng.choice(kills)
    effects = [e for e in moves if e.type == "play_effect"]
    if effects and rng.random() < 0.3:
        return rng.choice(effects)
    return rng.choice(moves)


def check(state: AthazarState, size: int) -> None:
    assert state.deck >= 0 and state.played >= 0
    for seat in state.seats:
        assert seat.count >= 0
        assert seat.unknown >= 0
        if seat.place is not None and state.phase != OVER:
            assert seat.count == 0
    assert state.deck + state.played + sum(s.count for s in state.seats) == size


def play(data: st.DataObject) -> tuple[AthazarGame, Random]:
    rng = randoms(data)
    players = data.draw(st.integers(2, 5), label="players")
    game = new_game(
        players,
        dealer=rng.randrange(players),
        pass_direction=rng.choice(["left", "right"]),
        play_on=rng.random() < 0.4,
        deck_size=rng.choice([56, 56, players * 8 + 1, 120]),
    )
    return game, rng


@settings(max_examples=examples(60), deadline=None)
@given(st.data())
def test_random_legal_games_end_with_every_count_kept(data: st.DataObject) -> None:
    game, rng = play(data)
    hands = rng.random() < 0.5
    size = game.setup.deck_size
    for _ in range(MAX_STEPS):
        if game.state.phase == OVER:
            break
        legal = choose(rng, game.state, hands)
        game = game_apply(game, type=legal.type, by=legal.seat, payload=filled(rng, legal))
        check(game.state, size)
    assert game.state.phase == OVER, "a game of legal plays ends"
    view = ATHAZAR.view(game.state, None)
    seated = sorted(s for place in view["places"] for s in place)
    assert seated == list(range(len(game.state.seats)))  # everyone has a place


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_nothing_listed_is_refused_and_undo_gives_back_the_state(data: st.DataObject) -> None:
    game, rng = play(data)
    for _ in range(data.draw(st.integers(0, 120), label="steps")):
        if game.state.phase == OVER:
            break
        before = game
        legal = choose(rng, game.state, True)
        payload = filled(rng, legal)
        game = game_apply(game, type=legal.type, by=legal.seat, payload=payload)
        assert undo(game).state == before.state
        for type_, by, other in _outside(game.state, before.state, legal, payload):
            try:
                game_apply(before, type=type_, by=by, payload=other)
            except IllegalAction as error:
                assert error.message
            else:
                raise AssertionError(f"{type_} by {by} {other} applied, not listed")
    assert replay(ATHAZAR, game.setup, game.log) == game.state
    for viewer in (None, *range(len(game.state.seats))):
        assert ATHAZAR.view(replay(ATHAZAR, game.setup, game.log), viewer) == ATHAZAR.view(
            game.state, viewer
        )


def _outside(
    after: AthazarState, state: AthazarState, legal: LegalAction, payload: dict[str, Any]
) -> list[tuple[str, int | None, dict[str, Any]]]:
    """The same action from a seat offered nothing of its type, and payloads no entry offers."""
    steps: list[tuple[str, int | None, dict[str, Any]]] = []
    seats = len(state.seats)
    for by in range(seats):
        if not any(e.type == legal.type for e in ATHAZAR.legal_actions(state, by)):
            steps.append((legal.type, by, payload))
    for key in ("killer", "victim", "card", "target", "count"):
        if key in payload:
            for bad in ("Nobody", "Warrior", "Warrior 21", -1, 99, True, None):
                steps.append((legal.type, legal.seat, {**payload, key: bad}))
    return steps


@settings(max_examples=examples(30), deadline=None)
@given(st.data())
def test_the_helper_lists_exactly_the_kills_the_hand_allows(data: st.DataObject) -> None:
    """With a whole hand entered, every kill the engine would accept from those cards is
    listed, and each listed one sheds what it says."""
    from referee.rules.athazar.cards import TOKENS
    from tests.rules.athazar.athazar_game import everyone_passes, with_hand

    rng = randoms(data)
    game = everyone_passes(new_game(2))
    cards = [rng.choice(TOKENS[:30]) for _ in range(rng.randint(2, 6))]
    game = with_hand(game, 1, *cards)
    found = options(game.state, 1)
    kills = {
        (
            o.action.payload["killer"],
            o.action.payload["victim"],
            o.action.payload.get("second_victim"),
            o.action.payload.get("as"),
        )
        for o in found
        if o.action.type == "kill"
    }
    for option in found:
        after = game_apply(game, type=option.action.type, by=1, payload=filled(rng, option.action))
        if option.action.type == "kill":
            assert game.state.seats[1].count - after.state.seats[1].count == option.sheds
    for killer in set(cards):
        rest = list(cards)
        rest.remove(killer)
        for victim in set(rest):
            for role in (None, "Brawler", "Renegade", "Assassin", "Archer"):
                payload: dict[str, Any] = {"killer": killer, "victim": victim}
                if role:
                    payload["as"] = role
                try:
                    game_apply(game, type="kill", by=1, payload=payload)
                except IllegalAction:
                    continue
                assert (killer, victim, None, role) in kills, payload
