"""Playing Azeroth at War games from the engine's own list of legal actions, for the
property tests: choices filled with allowed values, and actions just outside that list."""

from __future__ import annotations

from random import Random

from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import (
    JSON,
    Amount,
    Choice,
    LegalAction,
    OneOf,
    Rolls,
    SomeOf,
    game_apply,
)
from tests.rules.azeroth.tracker_game import AzerothGame
from tests.rules.tracker.legal_play import filled

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


def listed(game: AzerothGame) -> list[LegalAction]:
    return [a for seat in (0, 1) for a in AZEROTH.legal_actions(game.state, seat)]


def pick(rng: Random, options: list[LegalAction]) -> LegalAction:
    types = sorted({a.type for a in options})
    (chosen,) = rng.choices(types, [WEIGHTS.get(t, 1) for t in types])
    return rng.choice([a for a in options if a.type == chosen])


def play(rng: Random, game: AzerothGame, legal: LegalAction) -> AzerothGame:
    """``legal`` with its choices filled, applied: it must not be refused."""
    return game_apply(game, type=legal.type, by=legal.seat, payload=filled(rng, legal))
