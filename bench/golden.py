"""How long does a stored game take to open: each golden game (tests/golden), its number of
log entries and the time to open it.

Run from the project root::

    .venv/bin/python -m bench.golden             # 9 runs of each
    .venv/bin/python -m bench.golden --runs 25

It sets Django up on an in-memory SQLite database, imports every golden game through the
tracker's import and seats its players (as tests/golden/test_golden_games.py does). Then,
for each game, it opens it as a process that has never seen it: it empties the process's
cache of current states (``games.tracker.current.CACHE``), reads the game's row and asks
``state_for`` for the table's device, which reads the game's stored state (``GameState``)
and its log from the database. Beside it, "replay" is the same with no stored state, so the
whole log is replayed through the engine, as every game opened before states were stored.
It also times ``log_for``, the history the table's page lists, right after (the state then
cached).
Each figure is the median of the runs. It prints figures and checks none: the time a table
waits is for a reader to judge.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, bench/ would be first on the path instead
    sys.path.insert(0, str(ROOT))

from tests.golden.record import django_in_memory  # noqa: E402


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def timings(pk: Any, access: Any, runs: int) -> tuple[float, float, float]:
    """The median time, in ms, to open the stored game ``pk`` in a process that has not seen
    it (``state_for``), to list its history once opened (``log_for``), and to open it with
    no stored state (the whole log replayed)."""
    from games.models import Game, GameState
    from games.tracker.current import CACHE
    from games.tracker.selectors import log_for, state_for

    opening, listing, replaying = [], [], []
    for _ in range(runs):
        CACHE.clear()
        started = time.perf_counter()
        game = Game.objects.get(pk=pk)
        state_for(game, access)
        opening.append(time.perf_counter() - started)
        game = Game.objects.get(pk=pk)
        started = time.perf_counter()
        log_for(game, access)
        listing.append(time.perf_counter() - started)
    for _ in range(runs):
        CACHE.clear()
        GameState.objects.filter(game_id=pk).delete()
        started = time.perf_counter()
        game = Game.objects.get(pk=pk)
        state_for(game, access)
        replaying.append(time.perf_counter() - started)
    return median_ms(opening), median_ms(listing), median_ms(replaying)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each measurement")
    args = parser.parse_args(argv)
    django_in_memory()
    from tests.golden.support import golden_files, open_game, read

    print(f"Opening each golden game: median of {args.runs} runs, in milliseconds")
    print(f"{'game':<22} {'entries':>7} {'open':>9} {'history':>9} {'replay':>9}")
    for golden in golden_files():
        stem = golden.name.removesuffix(".json")
        opened = open_game(read(golden), prefix=stem)
        open_ms, history_ms, replay_ms = timings(opened.game.pk, opened.access["table"], args.runs)
        entries = opened.game.version
        print(f"{stem:<22} {entries:>7} {open_ms:>9.1f} {history_ms:>9.1f} {replay_ms:>9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
