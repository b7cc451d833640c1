"""Playing Azeroth at War games from the engine's own list of legal actions, for the
property tests: choices filled with allowed values, and actions just outside that list."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import strategies as st

from referee.rules.azeroth.tracker import AZEROTH
from referee.rules.tracker.core import (
    JSON,
    Amount,
    Choice,
    LegalAction,
    OneOf,
    Order,
    Rolls,
    SomeOf,
    game_apply,
)
from tests.rules.azeroth.tracker_game import AzerothGame

# Actions that move the game on are picked more often, so random games reach their end.
WEIGHTS = {
    "edge_roll_off": 8,
    "nominate_warlord": 4,
    "round_roll_off": 8,
    "activate": 10,
    "morale_test": 8,
    "leave_table": 4,
    "objectives": 6,
    "end_stage": 8,
    "damage": 3,
    "use_ability": 4,
    "summon": 4,
    "taunt": 4,
    "spell_block": 6,
    "dispel": 6,
    "counterspell": 6,
}


def choice_value(rng: Random, choice: Choice) -> JSON:
    """A value ``choice`` allows."""
    if isinstance(choice, OneOf):
        return rng.choice(choice.values)
    if isinstance(choice, Amount):
        top = choice.max if rng.random() < 0.3 else min(choice.max, choice.min + 3)
        return rng.randint(choice.min, top)
    if isinstance(choice, Rolls):
        rolls = [rng.choice(choice.faces) for _ in range(choice.dice)]
        return rolls[0] if choice.dice == 1 else rolls
    if isinstance(choice, SomeOf):
        most = len(choice.values) if choice.max is None else choice.max
        return rng.sample(list(choice.values), rng.randint(choice.min, most))
    assert isinstance(choice, Order)
    return rng.sample(list(choice.items), len(choice.items))


def outside(choice: Choice) -> JSON:
    """A value of the right type that ``choice`` does not allow."""
    if isinstance(choice, OneOf):
        if choice.values and isinstance(choice.values[0], list):
            return [*choice.values[0], *choice.values[0], True]
        return "nothing-listed"
    if isinstance(choice, Amount):
        return choice.max + 1
    if isinstance(choice, Rolls):
        return 7 if choice.dice == 1 else [7] * choice.dice
    if isinstance(choice, SomeOf):
        return ["nothing-listed"]
    return ["nothing-listed"]


def wrong_type(value: JSON) -> JSON:
    """A value of another JSON type than ``value``."""
    if isinstance(value, str):
        return 1
    if isinstance(value, bool | int):
        return "one"
    return {"not": "a list"}


def filled(rng: Random, legal: LegalAction) -> dict[str, Any]:
    payload = dict(legal.payload)
    for name, choice in legal.choices.items():
        payload[name] = choice_value(rng, choice)
    assert legal.allows(payload)
    return payload


def listed(game: AzerothGame) -> list[LegalAction]:
    return [a for seat in (0, 1) for a in AZEROTH.legal_actions(game.state, seat)]


def pick(rng: Random, options: list[LegalAction]) -> LegalAction:
    types = sorted({a.type for a in options})
    (chosen,) = rng.choices(types, [WEIGHTS.get(t, 1) for t in types])
    return rng.choice([a for a in options if a.type == chosen])


def play(rng: Random, game: AzerothGame, legal: LegalAction) -> AzerothGame:
    """``legal`` with its choices filled, applied: it must not be refused."""
    return game_apply(game, type=legal.type, by=legal.seat, payload=filled(rng, legal))


def randoms(data: st.DataObject) -> Random:
    """Choices for a whole game from a Random seeded by Hypothesis: the suite stays
    derandomized, and a game of hundreds of steps costs one draw rather than thousands."""
    return data.draw(st.randoms(use_true_random=True))
