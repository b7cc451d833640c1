"""Deaths of Athazar games for the tracker tests: a table of 2 to 5, and ways to reach a
round's play phase quickly."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.rules.athazar.setup import AthazarSetup
from referee.rules.athazar.state import AthazarState
from referee.rules.athazar.system import ATHAZAR
from referee.rules.tracker import Game, game_apply, start

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")

AthazarGame = Game[AthazarSetup, AthazarState]


def setup(players: int = 3, **options: Any) -> AthazarSetup:
    return ATHAZAR.setup_from_json({"players": list(NAMES[:players]), **options})


def new_game(players: int = 3, **options: Any) -> AthazarGame:
    return start(ATHAZAR, setup(players, **options))


def act(game: AthazarGame, type: str, by: int | None = None, **payload: Any) -> AthazarGame:
    return game_apply(game, type=type, by=by, payload=payload)


def undo(game: AthazarGame) -> AthazarGame:
    return game_apply(game, type="undo", payload={"target": game.next_undo()})


def everyone_passes(game: AthazarGame) -> AthazarGame:
    """Each player still in passes one card they have not entered."""
    for seat, state in enumerate(game.state.seats):
        if state.place is None and state.passing is None:
            game = act(game, "pass_cards", seat, count=1)
    return game


def with_counts(game: AthazarGame, *counts: int) -> AthazarGame:
    """The game with these counts of cards in hand (the rest in the deck), for reaching an
    end quickly; the log is left as it was, so only the engine's ``apply`` is used after."""
    state = game.state
    seats = tuple(replace(s, count=c) for s, c in zip(state.seats, counts, strict=True))
    deck = state.total - state.played - sum(counts)
    return replace(game, state=replace(state, seats=seats, deck=deck))


def with_hand(game: AthazarGame, seat: int, *cards: str) -> AthazarGame:
    """Seat ``seat`` holding exactly ``cards``, entered in its hand."""
    game = with_counts(
        game, *(len(cards) if i == seat else s.count for i, s in enumerate(game.state.seats))
    )
    return act(game, "enter_hand", seat, cards=list(cards))


def apply(state: AthazarState, type: str, by: int | None, **payload: Any) -> AthazarState:
    from referee.rules.tracker import Action

    return ATHAZAR.apply(state, Action(1, type, by, payload))
