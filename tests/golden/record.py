"""Record the golden games: play each game of ``tests.golden.play.PLANS`` with today's
engines, and write what a table will have to open tomorrow.

Run from the project root::

    .venv/bin/python -m tests.golden.record                  # every golden game
    .venv/bin/python -m tests.golden.record azrah-finished   # only the games named

For each game it writes ``tests/golden/<slug>-<name>.json``, the game exported whole by the
tracker (``exchange.export_game`` from the table's device), and
``tests/golden/<slug>-<name>.expected.json``, what each viewer is shown of it (see
``tests.golden.support.shown``). It needs no database of yours: Django runs on an in-memory
SQLite database, migrated for the run and gone when it ends.

Re-recording is a decision, not a chore: a golden file changes only when the engine's answer
for a stored game changes on purpose, and the ruling that decides it says why.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

SECRETS = {
    "azrah": "the Guardians face down in each back row",
    "azeroth": "each side's secret Warlord",
    "athazar": "a hand entered on its player's own tablet",
}
"""The systems with secrets, and what they are: some golden game of each must hold one."""
LONG = 150
"""Entries at least one golden game of each system holds."""
PRETTY = 5
"""How many levels of a golden file are laid out one key or item per line."""


def django_in_memory() -> None:
    """Set Django up on a fresh in-memory SQLite database, migrated: whatever database the
    environment names is never touched."""
    os.environ["DATABASE_URL"] = "sqlite:///:memory:"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def formatted(value: Any, depth: int = 0) -> str:
    """JSON laid out for reading a diff, yet small: containers open one key or item per
    line down to ``PRETTY`` levels, a log or history entry on one line, anything deeper on
    one line."""
    compact = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if not value or not isinstance(value, dict | list) or depth >= PRETTY:
        return compact
    pad = " " * (depth + 1)
    if isinstance(value, list):
        entries = all(
            isinstance(item, dict) and ("seq" in item or "text" in item) for item in value
        )
        items = [
            json.dumps(item, ensure_ascii=False, separators=(",", ":"))
            if entries
            else formatted(item, depth + 1)
            for item in value
        ]
        return "[\n" + ",\n".join(pad + item for item in items) + "\n" + pad[:-1] + "]"
    items = [
        f"{json.dumps(k, ensure_ascii=False)}: {formatted(v, depth + 1)}" for k, v in value.items()
    ]
    return "{\n" + ",\n".join(pad + item for item in items) + "\n" + pad[:-1] + "}"


def dump(path: Path, data: Any) -> None:
    text = formatted(data)
    assert json.loads(text) == data
    path.write_text(text + "\n", encoding="utf-8")


def document(game: Any, title: str) -> dict[str, Any]:
    """The export a tracked game of this log would give: what is imported to open it."""
    from games.models.tracker import SEAT_COLOURS
    from games.tracker.exchange import EXPORT_FORMAT, EXPORT_VERSION

    system = game.system
    names = system.seat_names(game.setup)
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "partial": False,
        "system": system.slug,
        "name": title,
        "catalog_version": "",
        "seats": [
            {"name": name, "colour": SEAT_COLOURS[i % len(SEAT_COLOURS)]}
            for i, name in enumerate(names)
        ],
        "version": game.version,
        "setup": system.setup_to_json(game.setup),
        "log": [action.to_json() for action in game.log],
    }


def record(plan: Any, folder: Path) -> dict[str, Any]:
    """Play, import, export and look at one golden game; write its two files. Returns what
    it holds, for the checks of the whole set."""
    from games.tracker import current
    from games.tracker.exchange import export_game
    from referee.rules.tracker import request_outcomes
    from tests.golden import support
    from tests.golden.play import play

    game = play(plan)
    built = document(game, plan.title)
    opened = support.open_game(built, prefix=f"{plan.slug}-{plan.name}")
    exported = export_game(opened.game, opened.access["table"])
    assert exported == built, f"{plan.slug}-{plan.name}: the export differs from its log"
    finished = current.finished(game)
    assert finished == plan.finish, f"{plan.slug}-{plan.name}: finished is {finished}"
    stem = f"{plan.slug}-{plan.name}"
    expected: dict[str, Any] = {
        "about": (
            f"What each viewer is shown of {stem}.json, recorded by {support.RECORD}. "
            "A change to it needs a ruling saying why."
        ),
        "golden": f"{stem}.json",
        "entries": game.version,
        "roles": {role: support.shown(opened, role, built) for role in support.roles(built)},
    }
    dump(folder / f"{stem}.json", exported)
    dump(folder / f"{stem}.expected.json", expected)
    roles: dict[str, dict[str, Any]] = expected["roles"]
    types = Counter(action.type for action in game.log)
    table_undos = sum(1 for a in game.log if a.type == "undo" and a.by is None)
    outcomes = Counter(o.status for o in request_outcomes(game.log).values())
    secret = any(role["seats_with_secrets"] for role in roles.values())
    hidden = sum(1 for role in roles.values() for line in role["history"] if "payload" in line)
    return {
        "slug": plan.slug,
        "stem": stem,
        "entries": game.version,
        "finished": finished,
        "types": types,
        "table_undos": table_undos,
        "outcomes": outcomes,
        "secret": secret or hidden > 0,
        "summary": (
            f"{stem}: {game.version} entries, {'finished' if finished else 'unfinished'}; "
            f"undo {types['undo']} (table device {table_undos}), redo {types['redo']}, "
            f"batch {types['batch']}, requests {dict(sorted(outcomes.items()))}; "
            f"seats with secrets now {sorted({s for r in roles.values() for s in r['seats_with_secrets']})}, "  # noqa: E501
            f"history lines with a hidden payload {hidden}"
        ),
    }


def expect_again(stem: str, folder: Path) -> str:
    """Write again what each viewer is shown of the recorded game ``stem``, keeping its
    log as it was recorded: what a deliberate change to what a stored game shows needs."""
    from tests.golden import support

    golden = support.read(folder / f"{stem}.json")
    opened = support.open_game(golden, prefix=stem)
    expected = support.read(folder / f"{stem}.expected.json")
    expected["roles"] = {
        role: support.shown(opened, role, golden) for role in support.roles(golden)
    }
    dump(folder / f"{stem}.expected.json", expected)
    return f"{stem}: {len(golden['log'])} entries as recorded; what each viewer is shown, again"


def check_set(found: list[dict[str, Any]]) -> list[str]:
    """What the set of golden games of each system lacks (nothing, when it is complete)."""
    missing = []
    for slug in sorted({f["slug"] for f in found}):
        games = [f for f in found if f["slug"] == slug]
        types: Counter[str] = sum((f["types"] for f in games), Counter())
        outcomes: Counter[str] = sum((f["outcomes"] for f in games), Counter())
        wants = {
            "a finished game": any(f["finished"] for f in games),
            "an unfinished game": any(not f["finished"] for f in games),
            f"a game of {LONG} entries or more": any(f["entries"] >= LONG for f in games),
            "an undo": types["undo"] > 0,
            "an undo from the table's device": any(f["table_undos"] for f in games),
            "a redo": types["redo"] > 0,
            "a batch": types["batch"] > 0,
            **{
                f"a request {status}": outcomes[status] > 0
                for status in ("accepted", "declined", "lapsed", "open")
            },
        }
        if slug in SECRETS:
            wants[f"a secret ({SECRETS[slug]})"] = any(f["secret"] for f in games)
        missing += [f"{slug}: no {what}" for what, ok in wants.items() if not ok]
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="record only these (e.g. azrah-finished)")
    parser.add_argument(
        "--views",
        action="store_true",
        help=(
            "keep the recorded logs and write again only what each viewer is shown of them "
            "(after a deliberate change, with its ruling)"
        ),
    )
    args = parser.parse_args(argv)
    django_in_memory()
    from tests.golden.play import PLANS
    from tests.golden.support import FOLDER, golden_files

    if args.views:
        stems = [p.name.removesuffix(".json") for p in golden_files()]
        for stem in stems:
            if not args.games or stem in args.games:
                print(expect_again(stem, FOLDER))
        return 0

    plans = [p for p in PLANS if not args.games or f"{p.slug}-{p.name}" in args.games]
    unknown = set(args.games) - {f"{p.slug}-{p.name}" for p in PLANS}
    if unknown:
        print(f"No golden game named {', '.join(sorted(unknown))}.", file=sys.stderr)
        return 2
    found = [record(plan, FOLDER) for plan in plans]
    for item in found:
        print(item["summary"])
    if not args.games:
        missing = check_set(found)
        for problem in missing:
            print(f"MISSING {problem}", file=sys.stderr)
        if missing:
            print("Choose other seeds in tests/golden/play.py and record again.", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
