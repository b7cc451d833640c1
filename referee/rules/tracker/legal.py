"""What a seat may do now: a legal action, as python-chess lists legal moves, and the listing
an engine gathers them in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .choices import Choice
from .json_values import JSON, same_json


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One action the engine accepts from ``seat`` now, as python-chess lists legal moves.

    ``payload`` is complete: sent as it is, the action applies. ``choices`` names the fields
    a player picks, each with what it may be; any combination of allowed values applies
    too. ``label`` says it in words, for a button.

    ``at`` names the piece of the board the action concerns, as the system's view names it
    (``"guardian:1:Bard"``, ``"model:0:footman-1"``; empty for the game as a whole), so a
    board puts the control beside that piece. ``names`` says in words the ids that appear
    in the payload or the choices (``{"footman-1": "Footman 1"}``), so no raw code is shown."""

    type: str
    label: str
    seat: int
    payload: Mapping[str, JSON] = field(default_factory=dict)
    choices: Mapping[str, Choice] = field(default_factory=dict)
    at: str = ""
    names: Mapping[str, str] = field(default_factory=dict)

    def allows(self, payload: Mapping[str, JSON]) -> bool:
        """Whether ``payload`` is this action with allowed values in its choice fields."""
        if set(payload) != set(self.payload):
            return False
        for name, value in payload.items():
            choice = self.choices.get(name)
            if choice is None:
                if not same_json(value, self.payload[name]):
                    return False
            elif not choice.allows(value):
                return False
        return True

    def to_json(self) -> dict[str, JSON]:
        return {
            "type": self.type,
            "label": self.label,
            "seat": self.seat,
            "payload": dict(self.payload),
            "choices": {name: choice.to_json() for name, choice in self.choices.items()},
            "at": self.at,
            "names": dict(self.names),
        }


class Listing:
    """The legal actions of one seat, gathered as an engine finds them.

    ``table``: listed for the table's shared device rather than for the seat's own player
    (an engine that must not name a hidden card there says so by this)."""

    def __init__(self, seat: int, table: bool = False) -> None:
        self.seat = seat
        self.table = table
        self.entries: list[LegalAction] = []

    def add(
        self,
        type_: str,
        label: str,
        payload: Mapping[str, JSON],
        choices: Mapping[str, Choice] | None = None,
        *,
        at: str,
        names: Mapping[str, str] | None = None,
    ) -> None:
        self.entries.append(
            LegalAction(
                type_, label, self.seat, dict(payload), choices or {}, at, dict(names or {})
            )
        )

    def actions(self) -> tuple[LegalAction, ...]:
        return tuple(self.entries)
