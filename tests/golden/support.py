"""Opening a golden game as a table opens it, and what each viewer is shown: shared by the
recording script (``tests.golden.record``), the test (``test_golden_games``) and the bench
(``bench.golden``), so the three read a game the same way.

A golden game is imported for a host, who keeps the table's shared device (the host at no
seat); one account sits at each seat through the player link, and one watches through the
watch link. The roles are then ``table``, ``seat0``, ``seat1``, ... and ``spectator``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User

from games.models import Game
from games.tracker.access import Access, Role, access_for
from games.tracker.current import CACHE
from games.tracker.exchange import import_game
from games.tracker.lifecycle import join, watch
from games.tracker.selectors import log_for, seats_with_secrets, state_for

FOLDER = Path(__file__).resolve().parent
RECORD = ".venv/bin/python -m tests.golden.record"
RECORD_HOW = f"{RECORD} (from the project root; see tests/golden/README.md)"
VOLATILE = ("id",)
"""What ``state_for`` shows that differs from one import to the next: left out."""
LOG_DEFAULTS = ("seq", "type", "by", "at", "payload")
"""The keys of a history entry that repeat the recorded log entry; an expectation file
holds them only where the viewer is shown something else (a payload kept secret)."""


def golden_files() -> list[Path]:
    """Every golden game of the folder, by name."""
    return sorted(p for p in FOLDER.glob("*.json") if not p.name.endswith(".expected.json"))


def expected_file(golden: Path) -> Path:
    return golden.with_name(golden.name.removesuffix(".json") + ".expected.json")


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@dataclass(frozen=True, slots=True)
class Opened:
    """A golden game imported and seated: the game, and each role's account and access."""

    game: Game
    users: dict[str, User]
    access: dict[str, Access]


def open_game(document: dict[str, Any], prefix: str = "golden") -> Opened:
    """Import ``document`` for a new host, sit one new account at each seat, let one watch,
    and forget every derived state, so each role opens the game from its stored log."""
    host = User.objects.create_user(f"{prefix}-host")
    game = import_game(host, document)
    users = {"table": host}
    access = {"table": Access(Role.HOST, None)}
    for index in range(len(document["seats"])):
        player = User.objects.create_user(f"{prefix}-seat{index}")
        join(game, player, game.join_token, index)
        users[f"seat{index}"] = player
        access[f"seat{index}"] = Access(Role.PLAYER, index)
    watcher = User.objects.create_user(f"{prefix}-spectator")
    watch(game, watcher, game.watch_token)
    users["spectator"] = watcher
    access["spectator"] = Access(Role.SPECTATOR)
    game = Game.objects.get(pk=game.pk)
    for role, user in users.items():
        found = access_for(game, user)
        assert found == access[role], f"{role} opens the game as {found}, not {access[role]}"
    CACHE.clear()
    return Opened(game, users, access)


def history(
    lines: list[dict[str, Any]], log: list[dict[str, Any]], names: list[str]
) -> list[dict[str, Any]]:
    """The history as a viewer reads it, each entry held as its line and whether it is in
    effect, plus every other key whose value is not what the recorded entry says (its
    payload as recorded, its seat's name, recorded at no table device): equal histories
    give equal results, and any difference in any key shows."""
    shown = []
    for line, entry in zip(lines, log, strict=True):
        by = entry["by"]
        defaults = {
            **{key: entry[key] for key in LOG_DEFAULTS},
            "by_name": names[by] if by is not None else None,
            "at_table": False,
        }
        kept = {"text": line["text"], "in_effect": line["in_effect"]}
        for key, value in line.items():
            if key not in kept and (key not in defaults or defaults[key] != value):
                kept[key] = value
        kept.update({key: "(missing)" for key in defaults if key not in line})
        shown.append(kept)
    return shown


def shown(opened: Opened, role: str, document: dict[str, Any]) -> dict[str, Any]:
    """What ``role`` is shown of the game: its state (``state_for`` less what differs
    between imports), the seats whose secrets the table's device may reveal, and the
    history."""
    game, access = opened.game, opened.access[role]
    state = state_for(game, access)
    names = [seat["name"] for seat in document["seats"]]
    return {
        "access": {"role": access.role.value, "seat": access.seat},
        "state": {key: value for key, value in state.items() if key not in VOLATILE},
        "seats_with_secrets": seats_with_secrets(game, access),
        "history": history(log_for(game, access), document["log"], names),
    }


def roles(document: dict[str, Any]) -> list[str]:
    return ["table", *(f"seat{i}" for i in range(len(document["seats"]))), "spectator"]
