"""games/pickling.py writes what pickle writes, byte for byte: every game's state as its
setup starts it, with the legal actions it offers, and the odd classes around them."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from games import pickling, registry
from games.tracker.controls import Controls
from referee.rules.tracker import start


@dataclasses.dataclass(frozen=True, slots=True)
class One:
    name: str


@dataclasses.dataclass(frozen=True, slots=True)
class Two:
    name: str
    parts: tuple[Any, ...] = ()


class Loose(Two):
    """No slots of its own: pickled by the dataclass's own reduction all the same."""


@dataclasses.dataclass(frozen=True, slots=True)
class Reduced:
    name: str

    def __reduce__(self) -> Any:
        return (Reduced, ("always",))


@pytest.mark.parametrize("slug", sorted(registry.trackers()))
def test_every_game_s_state_is_written_as_pickle_writes_it(slug: str) -> None:
    system = registry.tracker(slug)
    game = start(system, system.setup_from_json(system.example_setup()))
    legal = [
        action.to_json() for seat in range(2) for action in system.legal_actions(game.state, seat)
    ]
    controls = Controls(legal, system).all
    for value in (game.state, game.history, controls, (1, "slug", 3, game.state)):
        written = pickling.dumps(value, protocol=5)
        assert written == pickle.dumps(value, protocol=5)
        assert pickle.loads(written) == value


def test_other_classes_are_left_to_pickle() -> None:
    shared = One("shared")
    values = [
        One("a"),
        Two("b", (One("c"), shared, shared)),
        Loose("d"),
        Reduced("e"),
        {"f": [One("g")]},
    ]
    for protocol in (2, 4, 5):
        assert pickling.dumps(values, protocol) == pickle.dumps(values, protocol)
    assert pickle.loads(pickling.dumps(values))[3] == Reduced("always")


def test_dataclasses_with_slots_take_the_quick_way_and_no_other_class_does() -> None:
    assert pickling._reader(One) is not None
    assert pickling._reader(Two) is not None
    assert pickling._reader(Loose) is not None  # its base's reduction, as pickle would use
    assert pickling._reader(Reduced) is None
    assert pickling._reader(dict) is None
