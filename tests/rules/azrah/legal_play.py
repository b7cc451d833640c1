"""Playing AZRAH only through ``legal_actions``: pick a seat, a listed entry and values its
choices allow; and actions just outside the list, to check they are refused."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from referee.rules.azrah.state import AzrahState
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import Amount, LegalAction, OneOf, Order
from tests.rules.tracker.azrah_game import AzrahGame, act
from tests.rules.tracker.legal_play import filled, randoms

Step = tuple[str, int | None, dict[str, Any]]

# Card names the tracker does not know: free text, so any string is accepted there.
FREE_TEXT = {("transform", "transformation"), ("attach_curse", "card"), ("attach_item", "card")}


def fill(data: st.DataObject, entry: LegalAction) -> dict[str, Any]:
    """The entry's payload with each choice given a value it allows."""
    return filled(randoms(data), entry)


def listed(state: AzrahState, type_: str, by: int | None, payload: dict[str, Any]) -> bool:
    """Whether ``by`` is offered this action now."""
    if by not in (0, 1):
        return False
    return any(
        entry.type == type_ and entry.allows(payload) for entry in AZRAH.legal_actions(state, by)
    )


def pick(data: st.DataObject, state: AzrahState, seats: tuple[int, ...] = (0, 1)) -> Step | None:
    """A listed action of one of ``seats``, its choices filled; None when none is offered."""
    seat = data.draw(st.sampled_from(seats))
    entries = AZRAH.legal_actions(state, seat) or AZRAH.legal_actions(state, 1 - seat)
    if not entries:
        return None
    entry = data.draw(st.sampled_from(entries))
    return entry.type, entry.seat, fill(data, entry)


def play(game: AzrahGame, step: Step) -> AzrahGame:
    type_, by, payload = step
    return act(game, type_, by, **payload)


def wrong_types(value: Any) -> list[Any]:
    if isinstance(value, bool):
        return [1, "yes"]
    if isinstance(value, int):
        return ["1", 1.5, True]
    if isinstance(value, str):
        return [7, [value]]
    if isinstance(value, list):
        return ["x", [7]]
    return ["1", 1.5]  # None: a counted status or nothing


def outside(entry: LegalAction, name: str, names: list[str]) -> list[Any]:
    """Values of field ``name`` that the entry does not offer."""
    choice = entry.choices.get(name)
    value = entry.payload[name]
    if isinstance(choice, Amount):
        return [choice.min - 1, choice.max + 1, 10**6]
    if isinstance(choice, OneOf):
        return [v for v in ["Nobody", "burning", *names] if not choice.allows(v)]
    if isinstance(choice, Order):
        items = list(choice.items)
        return [items[1:], [*items, items[0]], [*items[1:], "Nobody"]]
    if (entry.type, name) in FREE_TEXT:
        return []
    if isinstance(value, str):
        return ["Nobody", *(n for n in names if n != value)]
    if isinstance(value, int) and not isinstance(value, bool):
        return [value + 1, value - 1, 2, -1]
    return []


def mutations(state: AzrahState, entry: LegalAction) -> list[Step]:
    """The entry sent by another seat, or with one field outside its choices or of a wrong
    type."""
    names = [g.name for p in state.players for g in p.guardians]
    steps: list[Step] = [(entry.type, by, dict(entry.payload)) for by in (1 - entry.seat, 2, -1)]
    for name, value in entry.payload.items():
        for other in [*outside(entry, name, names), *wrong_types(value)]:
            steps.append((entry.type, entry.seat, {**entry.payload, name: other}))
    return steps
