"""Golden games: every game recorded in tests/golden opens with today's code exactly as it
opened when it was recorded, for the table's device, each seat's player and a spectator, and
exports again to the same file. A stored game survives an upgrade, or the change that alters
it is made on purpose (tests/golden/README.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from games.registry import trackers
from games.tracker.exchange import export_game
from games.tracker.selectors import secret_views
from referee.rules.errors import InvalidInput
from tests.golden.support import (
    RECORD,
    Opened,
    expected_file,
    golden_files,
    open_game,
    read,
    roles,
    shown,
)

GOLDEN = golden_files()
SHOWN_DIFFERENCES = 8


def differences(expected: Any, actual: Any, path: str = "") -> Iterator[str]:
    """Where ``actual`` differs from ``expected``, each as its path and both values."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            if key not in actual:
                yield f"{path}.{key}: no longer shown (was {_short(expected[key])})"
            elif key not in expected:
                yield f"{path}.{key}: newly shown ({_short(actual[key])})"
            else:
                yield from differences(expected[key], actual[key], f"{path}.{key}")
    elif isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        for index, (was, now) in enumerate(zip(expected, actual, strict=True)):
            yield from differences(was, now, f"{path}[{index}]")
    elif expected != actual or type(expected) is not type(actual):
        yield f"{path}: recorded {_short(expected)}, now {_short(actual)}"


def _short(value: Any, most: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= most else text[: most - 1] + "…"


def altered(golden: Path, what: str, found: list[str]) -> str:
    """The failure message: what changed, and what to do about it."""
    stem = golden.name.removesuffix(".json")
    listed = "\n".join(f"  {line}" for line in found[:SHOWN_DIFFERENCES])
    more = len(found) - SHOWN_DIFFERENCES
    return (
        f"An engine change altered the recorded game {golden.name}: {what}.\n{listed}"
        + (f"\n  ... and {more} more" if more > 0 else "")
        + "\nA stored game must open as it did when it was played. If this change is meant, "
        "it needs a ruling in its game's referee/rules/<game>/rulings.py saying why a game "
        "recorded before it now reads differently; then record the golden games again on "
        "purpose with\n"
        f"  {RECORD} {stem}\n"
        "look at the diff, and commit the new recordings citing that ruling "
        "(tests/golden/README.md)."
    )


def check(golden: Path, what: str, expected: Any, actual: Any) -> None:
    found = list(differences(expected, actual))
    assert not found, altered(golden, what, found)


@pytest.fixture(params=GOLDEN, ids=[p.name.removesuffix(".json") for p in GOLDEN])
def golden(request: pytest.FixtureRequest) -> Path:
    return Path(request.param)


@pytest.fixture
def opened(golden: Path, db: None) -> tuple[Opened, dict[str, Any], dict[str, Any]]:
    document = read(golden)
    try:
        game = open_game(document)
    except InvalidInput as error:
        found = [f"{field}: {'; '.join(messages)}" for field, messages in error.problems.items()]
        pytest.fail(altered(golden, "it no longer imports", found))
    return game, document, read(expected_file(golden))


def test_it_has_games_of_every_tracked_system_finished_and_not() -> None:
    kinds = {
        (read(p)["system"], read(expected_file(p))["roles"]["table"]["state"]["finished"])
        for p in GOLDEN
    }
    wanted = {(slug, done) for slug in trackers() for done in (True, False)}
    assert kinds == wanted, (
        f"Missing golden games (system, finished): {sorted(wanted - kinds)}. Every tracked "
        f"system keeps a finished and an unfinished one: add them to tests/golden/play.py's "
        f"PLANS and record them with {RECORD}."
    )


def test_every_role_is_shown_what_it_was_shown_when_recorded(
    golden: Path, opened: tuple[Opened, dict[str, Any], dict[str, Any]]
) -> None:
    game, document, expected = opened
    assert list(expected["roles"]) == roles(document)
    for role in roles(document):
        check(
            golden,
            f"the {role} is now shown something else",
            expected["roles"][role],
            shown(game, role, document),
        )
    assert game.game.finished is expected["roles"]["table"]["state"]["finished"]


def test_the_tables_hold_to_reveal_shows_each_seats_recorded_secrets(
    golden: Path, opened: tuple[Opened, dict[str, Any], dict[str, Any]]
) -> None:
    game, _, expected = opened
    views = expected["roles"]
    for seat in views["table"]["seats_with_secrets"]:
        revealed = secret_views(game.game, game.access["table"], seat)
        recorded = (views["spectator"]["state"]["state"], views[f"seat{seat}"]["state"]["state"])
        check(
            golden,
            f"holding seat {seat}'s reveal on the table's device shows something else",
            list(recorded),
            list(revealed),
        )


def test_it_exports_again_to_the_recorded_game(
    golden: Path, opened: tuple[Opened, dict[str, Any], dict[str, Any]]
) -> None:
    game, document, expected = opened
    exported = export_game(game.game, game.access["table"])
    check(golden, "the table's device exports it differently", document, exported)
    finished = expected["roles"]["table"]["state"]["finished"]
    for role in roles(document)[1:-1]:
        exported = export_game(game.game, game.access[role])
        if finished:
            check(golden, f"{role} exports the finished game differently", document, exported)
            continue
        assert exported["partial"] is True, f"{role} exports an unfinished game whole"
        shown_then = expected["roles"][role]
        check(
            golden,
            f"{role}'s partial export shows another state",
            shown_then["state"]["state"],
            exported["state"],
        )
        check(
            golden,
            f"{role}'s partial export has other history lines",
            [line["text"] for line in shown_then["history"]],
            [line["text"] for line in exported["log"]],
        )
