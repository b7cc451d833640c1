"""Playing any tracked game from its engine's own list of legal actions, for the property
tests: a value each choice allows, and a Random for a whole game seeded by Hypothesis."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import strategies as st

from referee.rules.tracker.core import (
    JSON,
    Amount,
    Choice,
    LegalAction,
    OneOf,
    Order,
    Rolls,
    SomeOf,
    Text,
)


def choice_value(rng: Random, choice: Choice) -> JSON:
    """A value ``choice`` allows; amounts lean small, so games stay in play longer."""
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
    if isinstance(choice, Text):
        return rng.choice(("Shadow Pact", "Aegis of Dawn", "Ember", "x" * choice.max))
    assert isinstance(choice, Order)
    return rng.sample(list(choice.items), len(choice.items))


def filled(rng: Random, legal: LegalAction) -> dict[str, Any]:
    """The entry's payload with each choice given a value it allows."""
    payload = dict(legal.payload)
    for name, choice in legal.choices.items():
        payload[name] = choice_value(rng, choice)
    assert legal.allows(payload)
    return payload


def randoms(data: st.DataObject) -> Random:
    """Choices for a whole game from a Random seeded by Hypothesis: the suite stays
    derandomized, and a game of hundreds of steps costs one draw rather than thousands."""
    return data.draw(st.randoms(use_true_random=True))
