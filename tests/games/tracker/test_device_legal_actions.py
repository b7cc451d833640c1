"""The table's device is offered what is listed alike from the state and from the state as
nobody knows it (``selectors.legal_actions_for``). When nothing is concealed the two are one
list, worked out once: the answer is the same as the two lists compared."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User

from games.models import Game
from games.tracker.access import Access, Role
from games.tracker.current import CoreGame, current_game
from games.tracker.lifecycle import create_game
from games.tracker.selectors import legal_actions_for
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from tests.games.tracker.support import game, host, player, record, spectator
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
    real = AZEROTH.table_actions

    def counted(state: Any, seat: int) -> Any:
        calls.append(state)
        return real(state, seat)

    for kind, payload in (("edge_roll_off", {"rolls": [2, 5]}), ("end_stage", {}), (None, {})):
        current = current_game(Game.objects.get(pk=created.pk))
        assert current.system is AZEROTH
        assert current.system.conceal(current.state, None) == current.state
        calls.clear()
        AZEROTH.table_actions = counted  # type: ignore[method-assign]
        try:
            offered = legal_actions_for(current, TABLE, 2)
        finally:
            del AZEROTH.table_actions
        assert len(calls) == 2  # once for each seat, not again concealed
        assert offered == _compared(current, 2) and offered
        if kind is not None:
            record(created, host, kind, payload)
