"""Applying Counter Race's actions: choosing one's secret, then moving one's counter."""

from __future__ import annotations

from dataclasses import replace

from referee.rules.tracker import Action, ActionType, IllegalAction, Outcome, PayloadField

from .setup import SECRETS, STEPS
from .state import RaceState, score

CHOOSE = ActionType(
    "choose_secret",
    "Choose your secret number, added to your counter at the end.",
    (PayloadField("number", "int", "1, 2 or 3."),),
)
ADVANCE = ActionType(
    "advance",
    "Move your counter on, on your turn.",
    (PayloadField("steps", "int", "1, 2 or 3."),),
)
ACTION_TYPES = (CHOOSE, ADVANCE)


def apply(state: RaceState, action: Action) -> RaceState:
    if state.outcome.over:
        raise IllegalAction("The race is over.")
    seat = action.by
    if seat not in (0, 1):
        raise IllegalAction("Only a player acts in Counter Race.")
    if action.type == CHOOSE.name:
        return _choose(state, seat, action.payload.get("number"))
    if action.type == ADVANCE.name:
        return _advance(state, seat, action.payload.get("steps"))
    raise IllegalAction(f"Counter Race has no action {action.type!r}.")


def _choose(state: RaceState, seat: int, number: object) -> RaceState:
    if state.racers[seat].secret is not None:
        raise IllegalAction("Your secret number is chosen already.")
    if number not in SECRETS or isinstance(number, bool):
        raise IllegalAction("The secret number is 1, 2 or 3.")
    assert isinstance(number, int)
    racers = list(state.racers)
    racers[seat] = replace(racers[seat], secret=number)
    return replace(state, racers=(racers[0], racers[1]))


def _advance(state: RaceState, seat: int, steps: object) -> RaceState:
    if state.choosing:
        raise IllegalAction("Both players choose their secret number first.")
    if seat != state.active:
        raise IllegalAction("It is not your turn.")
    if steps not in STEPS or isinstance(steps, bool):
        raise IllegalAction("A counter moves 1, 2 or 3 steps.")
    assert isinstance(steps, int)
    racers = list(state.racers)
    racers[seat] = replace(racers[seat], counter=racers[seat].counter + steps)
    state = replace(state, racers=(racers[0], racers[1]), active=1 - seat)
    if racers[seat].counter >= state.setup.target:
        scores = [score(racer) for racer in racers]
        if scores[0] == scores[1]:
            outcome = Outcome.draw(2, "Counters and secrets add up the same.")
        else:
            best = scores.index(max(scores))
            outcome = Outcome.win([best], 2, "The higher counter and secret together.")
        state = replace(state, outcome=outcome)
    return state


def commutes(recorded: Action, pending: Action) -> bool:
    """The two secrets are chosen at once: each seat's choice is its own."""
    return recorded.type == pending.type == CHOOSE.name and recorded.by != pending.by
