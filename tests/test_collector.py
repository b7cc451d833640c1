"""The garbage collector as a serving process runs it (referee/collector.py)."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from referee import collector

ROOT = Path(__file__).resolve().parent.parent


def test_settling_freezes_what_the_process_holds_and_collects_the_youngest_less_often() -> None:
    before = gc.get_threshold()
    try:
        collector.settle()
        assert gc.get_threshold() == (collector.YOUNGEST, before[1], before[2])
        assert gc.get_freeze_count() > 10_000  # Django, the settings, pytest: all frozen
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_both_servers_settle_the_collector_once_the_application_is_loaded() -> None:
    script = (
        "import gc, sys\n"
        "import referee.{door}\n"
        "print(gc.get_threshold()[0], 'django.urls' in sys.modules, gc.get_freeze_count())\n"
    )
    for door in ("wsgi", "asgi"):
        run = subprocess.run(
            [sys.executable, "-c", script.format(door=door)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        youngest, loaded, frozen = run.stdout.split()
        assert (int(youngest), loaded) == (collector.YOUNGEST, "True"), door
        assert int(frozen) > 10_000, door
