"""Whether a game is over is read by every page and answer (``System.over``). A system may
read it straight from its state rather than from the whole view for nobody; it must then say
exactly what that view says, at every step of every golden game, before the end and after."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.registry import tracker
from referee.rules.tracker import Action, System, history, replay
from tests.golden.support import golden_files, read

GOLDEN = golden_files()


def from_the_view(system: System[Any, Any], state: Any) -> bool:
    """``System.over`` as the base class decides it: from the view for nobody."""
    return System.over(system, state)


@pytest.mark.parametrize("golden", GOLDEN, ids=[p.name.removesuffix(".json") for p in GOLDEN])
def test_a_game_is_over_exactly_when_its_view_says_so(golden: Path) -> None:
    document: dict[str, Any] = read(golden)
    system = tracker(document["system"])
    setup = system.setup_from_json(document["setup"])
    log = [Action(e["seq"], e["type"], e["by"], e["payload"], e["at"]) for e in document["log"]]
    states: dict[tuple[int, ...], Any] = {}  # each prefix's state, as a stored game keeps it

    def stored(effective: tuple[int, ...]) -> tuple[int, Any] | None:
        for length in range(len(effective), 0, -1):
            if effective[:length] in states:
                return length, states[effective[:length]]
        return None

    seen = set()
    for end in range(len(log) + 1):
        state = replay(system, setup, log[:end], base=stored)
        states[history(log[:end]).effective] = state
        over = system.over(state)
        assert over is from_the_view(system, state), f"after entry {end}"
        seen.add(over)
    assert seen == ({False, True} if golden.stem.endswith("-finished") else {False})
