"""Errors raised by the rules engines. They subclass ValueError and never import Django."""

from __future__ import annotations


class RulesError(ValueError):
    """An input the rules do not allow. ``field`` is a dotted path to the offending input
    (``"attacker.atk"``, ``"situation.downhill_charge"``) when one field is to blame."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class InvalidInput(RulesError):
    """One or more inputs are out of range or contradict each other.

    ``problems`` maps each dotted field path to its readable messages, so a caller can show
    every problem at once rather than the first one found.
    """

    def __init__(self, problems: dict[str, list[str]]) -> None:
        first_field, messages = next(iter(problems.items()))
        super().__init__(messages[0], first_field)
        self.problems = problems
