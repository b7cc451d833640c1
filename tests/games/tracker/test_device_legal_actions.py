"""The table's device is offered what is listed alike from the state and from the state as
nobody knows it (``selectors.legal_actions_for``). When nothing is concealed the two are one
list, worked out once: the answer is the same as the two lists compared."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.registry import tracker
from games.tracker.access import Access, Role
from games.tracker.current import DERIVED, CoreGame, current_game, derived
from games.tracker.lifecycle import create_game
from games.tracker.selectors import legal_actions_for
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import Action, LegalAction
from referee.rules.tracker import Game as RulesGame
from referee.rules.tracker.replaying import replay_until_refused
from tests.games.tracker.support import game, host, player, record, spectator
from tests.golden.support import golden_files, read
from tests.rules.azeroth.tracker_game import setup as azeroth_setup

__all__ = ["game", "host", "player", "spectator"]

TABLE = Access(Role.HOST, None)


def _compared(current: CoreGame, seats: int) -> list[dict[str, Any]]:
    """The device's actions the long way: every seat's, kept when listed alike concealed."""
    system = current.system
    hidden = system.conceal(current.state, None)
    public = {
        json.dumps(legal.to_json(), sort_keys=True)
        for seat in range(seats)
        for legal in system.table_actions(hidden, seat)
    }
    listed = [
        legal.to_json()
        for seat in range(seats)
        for legal in system.table_actions(current.state, seat)
    ]
    return [entry for entry in listed if json.dumps(entry, sort_keys=True) in public]


def test_the_devices_actions_are_those_listed_alike_concealed_azrah(game: Game, host: User) -> None:
    for _ in range(3):
        current = current_game(Game.objects.get(pk=game.pk))
        offered = legal_actions_for(current, TABLE, 2)
        assert offered == _compared(current, 2)
        assert offered  # the device has something to do
        assert current.system.conceal(current.state, None) != current.state  # hands held
        record(game, host, "deal_damage", {"seat": 1, "guardian": "Bard", "amount": 1})


def test_with_nothing_concealed_the_list_is_worked_out_once_and_is_the_same(host: User) -> None:
    data = AZEROTH.setup_to_json(azeroth_setup(Scenario.HOLD_THE_LINE))
    created = create_game(host=host, system="azeroth", name="Ana v Ben", setup=data)
    calls: list[Any] = []
    real = AZEROTH.legal_actions  # Azeroth's device lists each seat's own legal actions

    def counted(state: Any, seat: int) -> Any:
        calls.append((state, seat))
        return real(state, seat)

    for kind, payload in (("edge_roll_off", {"rolls": [2, 5]}), ("end_stage", {}), (None, {})):
        current = current_game(Game.objects.get(pk=created.pk))
        assert current.system is AZEROTH
        assert current.system.conceal(current.state, None) == current.state
        calls.clear()
        DERIVED.clear()
        AZEROTH.legal_actions = counted  # type: ignore[method-assign]
        try:
            offered = legal_actions_for(current, TABLE, 2)
            assert [seat for _, seat in calls] == [0, 1]  # once for each seat, not concealed
            again = legal_actions_for(current, TABLE, 2)
            seated = legal_actions_for(current, Access(Role.PLAYER, 1), 2)
        finally:
            del AZEROTH.legal_actions
        assert len(calls) == 2  # and not again for the same state, by the device or a seat
        assert offered == again == _compared(current, 2) and offered
        assert seated == [a for a in offered if a["seat"] == 1]
        if kind is not None:
            record(created, host, kind, payload)


def test_what_is_worked_out_from_a_state_is_kept_for_that_state_object_alone() -> None:
    DERIVED.clear()
    work: list[str] = []
    first, second = ["a state"], ["a state"]  # equal, not the same object

    def worked(name: str) -> str:
        work.append(name)
        return f"{name} worked out"

    assert derived(first, "x", lambda: worked("x")) == "x worked out"
    assert derived(first, "x", lambda: worked("again")) == "x worked out"
    assert derived(first, "y", lambda: worked("y")) == "y worked out"
    assert derived(second, "x", lambda: worked("second")) == "second worked out"
    assert work == ["x", "y", "second"]
    assert DERIVED.get(str(id(first))) is not None  # kept with its state, so its id is not reused
    DERIVED.clear()
    assert derived(first, "x", lambda: worked("cleared")) == "cleared worked out"


GOLDEN = golden_files()


@pytest.mark.parametrize("golden", GOLDEN, ids=[p.name.removesuffix(".json") for p in GOLDEN])
def test_at_every_step_of_every_golden_game_the_device_is_offered_what_the_long_way_keeps(
    golden: Path,
) -> None:
    document: dict[str, Any] = read(golden)
    system = tracker(document["system"])
    setup = system.setup_from_json(document["setup"])
    seats = len(system.seat_names(setup))
    log = tuple(
        Action(e["seq"], e["type"], e["by"], e["payload"], e["at"]) for e in document["log"]
    )
    for end in range(0, len(log) + 1, 3):
        state, history, broken = replay_until_refused(system, setup, log[:end])
        current: CoreGame = RulesGame(system, setup, log[:end], state, history, broken)
        assert legal_actions_for(current, TABLE, seats) == _compared(current, seats)


class _Listing:
    """A system whose device lists ``real`` from the state and ``concealed`` from the state
    as nobody knows it, seat by seat (each state an object of its own, as states are)."""

    def __init__(self, real: list[list[LegalAction]], concealed: list[list[LegalAction]]) -> None:
        self.state, self.hidden = object(), object()
        self.lists = {id(self.state): real, id(self.hidden): concealed}

    def conceal(self, state: object, viewer: int | None) -> object:
        return self.hidden

    def table_actions(self, state: object, seat: int) -> tuple[LegalAction, ...]:
        return tuple(self.lists[id(state)][seat])


def _offered(real: list[list[LegalAction]], concealed: list[list[LegalAction]]) -> list[Any]:
    system = _Listing(real, concealed)
    current: Any = SimpleNamespace(system=system, state=system.state)
    offered = legal_actions_for(current, TABLE, len(real))
    assert offered == _compared(current, len(real))
    return offered


def test_only_what_is_listed_alike_concealed_is_offered_its_json_compared_exactly() -> None:
    play = LegalAction("play", "Play", 0, {"card": "c1", "n": 1})
    same = LegalAction("play", "Play", 0, {"n": 1, "card": "c1"})  # the keys in another order
    reveal = LegalAction("reveal", "Reveal the Queen", 1, {"card": "queen"})
    truthy = LegalAction("play", "Play", 1, {"card": "c1", "n": True})  # JSON true, not 1
    counted = LegalAction("play", "Play", 1, {"card": "c1", "n": 1})
    offered = _offered([[play], [reveal, counted]], [[same], [truthy]])
    assert offered == [play.to_json()]
    assert _offered([[play], [counted]], [[play], [counted]]) == [play.to_json(), counted.to_json()]
    assert _offered([[play], [reveal]], [[play], []]) == [play.to_json()]
    assert counted == truthy  # equal as Python values, yet not the same JSON: not offered
    assert _offered([[], [counted]], [[], [truthy]]) == []
