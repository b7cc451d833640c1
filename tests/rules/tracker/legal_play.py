"""Playing any tracked game from its engine's own list of legal actions, for the property
tests: a value each choice allows, and a Random for a whole game seeded by Hypothesis."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import strategies as st

from referee.rules.tracker import (
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

EDGES: tuple[JSON, ...] = (None, [], "")
"""Values a client is likeliest to mishandle on the way to the engine: null, an empty list
and an empty string, tried wherever a choice allows one."""


TEXTS: tuple[str, ...] = ("Shadow Pact", "Aegis of Dawn", "Ember")
"""Words typed for a card's name the tracker does not know."""


def choice_value(
    rng: Random, choice: Choice, *, edges: float = 0.3, big: float = 0.3, longest: bool = True
) -> JSON:
    """A value ``choice`` allows; amounts lean small (up to the most only with chance
    ``big``), so games stay in play longer. With chance ``edges``, null, an empty list or an
    empty string, where the choice allows it (``EDGES``); text is one of ``TEXTS``, or as
    long as allowed when ``longest``."""
    allowed = [value for value in EDGES if choice.allows(value)] if edges else []
    if allowed and rng.random() < edges:
        return rng.choice(allowed)
    if isinstance(choice, OneOf):
        return rng.choice(choice.values)
    if isinstance(choice, Amount):
        top = choice.max if rng.random() < big else min(choice.max, choice.min + 3)
        return rng.randint(choice.min, top)
    if isinstance(choice, Rolls):
        rolls = [rng.choice(choice.faces) for _ in range(choice.dice)]
        return rolls[0] if choice.dice == 1 else rolls
    if isinstance(choice, SomeOf):
        most = len(choice.values) if choice.max is None else choice.max
        return rng.sample(list(choice.values), rng.randint(choice.min, most))
    if isinstance(choice, Text):
        return rng.choice((*TEXTS, "x" * choice.max) if longest else TEXTS)
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
