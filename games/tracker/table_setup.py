"""A game the table sets up on the spot, without saved lists (the players, their races or
seats typed in at the table): its form, and where the games page shows it. A game's slice
answers one as ``Game.table_setup``; ``/games/new/<slug>/`` is the one view that starts any
of them (``games.views.tracker.new_table_game``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol

from django.http import QueryDict


class TableSetupForm(Protocol):
    """What the new-game view asks of a table-setup form: a Django form whose ``setup`` is
    the engine's setup JSON (random draws, such as the cities dealt, from ``rng``) and whose
    ``seat_index`` is the seat its host takes (None: the table's shared device)."""

    cleaned_data: dict[str, Any]

    def is_valid(self) -> bool: ...

    def setup(self, rng: Random) -> dict[str, Any]: ...

    def seat_index(self) -> int | None: ...

    def add_problems(self, problems: Mapping[str, list[str]]) -> None: ...


@dataclass(frozen=True, slots=True)
class TableSetup:
    """``form(data)``: the form, bound to what was posted (None: a blank one);
    ``template``: its section of the games page, drawn with the form as ``f``. Someone
    without a saved list is told that the games set up at the table need none."""

    form: Callable[[QueryDict | None], TableSetupForm]
    template: str
