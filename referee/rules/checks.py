"""Input checks shared by the rules engines' validate_* functions.

Each check files a readable message under the input's dotted path (as the REST API names it)
instead of raising, so a validator can report every problem at once (STYLE: validators return
everything).
"""

from __future__ import annotations

Problems = dict[str, list[str]]


def add_problem(problems: Problems, path: str, message: str) -> None:
    problems.setdefault(path, []).append(message)


def check_whole(
    problems: Problems, path: str, value: object, low: int, high: int, what: str
) -> None:
    """File a problem unless ``value`` is a whole number (not a bool) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        add_problem(problems, path, f"{what} must be a whole number (got {value!r}).")
    elif not low <= value <= high:
        add_problem(problems, path, f"{what} must be between {low} and {high} (got {value}).")


def check_flags(problems: Problems, obj: object, names: tuple[str, ...]) -> None:
    """File a problem for each named attribute of ``obj`` that is not a bool."""
    for name in names:
        value = getattr(obj, name)
        if not isinstance(value, bool):
            add_problem(problems, name, f"Must be true or false (got {value!r}).")
