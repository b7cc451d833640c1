"""Why the tracker refuses an action: the rules do not allow it in the current state, or it
was sent against a version of the game that is no longer current."""

from __future__ import annotations

from referee.rules.errors import RulesError


class IllegalAction(RulesError):
    """An action the rules do not allow in the current state; the message says why."""


class StaleVersion(RulesError):
    """An action was posted against a version of the game that is no longer current."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(
            f"The game has moved on: you saw version {expected}, it is now at version "
            f"{actual}. Look at the new state and try again.",
            "version",
        )
        self.expected = expected
        self.actual = actual


def check_version(expected: int, actual: int) -> None:
    """Refuse an action posted against a version that is no longer the current one."""
    if expected != actual:
        raise StaleVersion(expected, actual)
