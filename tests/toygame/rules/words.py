"""How Counter Race says things: the history's lines."""

from __future__ import annotations

from referee.rules.text import counted
from referee.rules.tracker import Action

from .setup import RaceSetup


def name_of(setup: RaceSetup | None, seat: int | None) -> str:
    if seat is None:
        return "The table"
    return setup.players[seat] if setup is not None else f"Player {seat + 1}"


def describe(action: Action, setup: RaceSetup | None) -> str:
    who = name_of(setup, action.by)
    if action.type == "advance":
        steps = action.payload.get("steps")
        return f"{who} moves {counted(int(steps), 'step')}" if isinstance(steps, int) else who
    if action.type == "choose_secret":
        return f"{who} chooses the secret number {action.payload.get('number')}"
    return f"{who}: {action.type.replace('_', ' ')}"


def describe_secret(action: Action, setup: RaceSetup | None) -> str:
    return f"{name_of(setup, action.by)} chooses a secret number"
