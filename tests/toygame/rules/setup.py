"""A Counter Race setup: the two players' names and the target their counters race to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.rules.checks import Problems, add_problem
from referee.rules.errors import InvalidInput
from referee.rules.tracker import JSON

SEATS = 2
MIN_TARGET = 3
MAX_TARGET = 30
SECRETS = (1, 2, 3)
"""The secret numbers a player may choose."""
STEPS = (1, 2, 3)
"""How far a counter may move in one turn."""


@dataclass(frozen=True, slots=True)
class RaceSetup:
    players: tuple[str, str]
    target: int


def setup_from_json(data: Mapping[str, JSON]) -> RaceSetup:
    problems: Problems = {}
    players = data.get("players")
    names: list[str] = []
    if not isinstance(players, list) or len(players) != SEATS:
        add_problem(problems, "players", "Name the two players.")
    else:
        for index, name in enumerate(players):
            if not isinstance(name, str) or not name.strip():
                add_problem(problems, f"players.{index}", "A player needs a name.")
            else:
                names.append(name.strip())
    target = data.get("target")
    if isinstance(target, bool) or not isinstance(target, int):
        add_problem(problems, "target", "The target is a whole number.")
    elif not MIN_TARGET <= target <= MAX_TARGET:
        add_problem(problems, "target", f"The target is {MIN_TARGET} to {MAX_TARGET}.")
    unknown = sorted(set(data) - {"players", "target"})
    for key in unknown:
        add_problem(problems, key, "Counter Race takes no such setting.")
    if problems:
        raise InvalidInput(problems)
    assert isinstance(target, int)
    return RaceSetup((names[0], names[1]), target)


def setup_to_json(setup: RaceSetup) -> dict[str, JSON]:
    return {"players": list(setup.players), "target": setup.target}
