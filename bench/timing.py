"""CPU time per request inside Django, by kind, as the benchmark's own server spends it.

``bench/tracker.py --by-request`` serves Referee with ``bench.timing_settings``: Referee's
settings with ``RequestTiming`` first among the middleware. Each server process adds up,
for each kind of request (the door, the method and the status: ``page GET 200`` is a
page's refresh with its part rendered, ``page POST 200`` a player's form, ``api POST 201``
the device's action), how many it answered and the CPU time its thread spent on them, from
the first middleware in to the answer out (the WSGI server's own share is not in it), and
writes the sums to a file of its own in ``BENCH_TIMING_DIR`` every few requests. The
benchmark reads the files before and after the paced load and prints what each kind cost:
a figure per request that moves much less from run to run than the CPU per change, which
subtracts what the polls cost from the whole server's time.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Sums = dict[str, tuple[int, float]]
"""For each kind of request: how many were answered, and their CPU seconds."""

FOLDER = "BENCH_TIMING_DIR"
"""The environment variable naming the folder the server processes write their sums to."""
WRITE_EVERY = 25


def kind(path: str, method: str, status: int) -> str:
    if path.startswith("/healthz"):
        return "healthz"
    door = "api" if path.startswith("/api/") else "page"
    return f"{door} {method} {status}"


class RequestTiming:
    """The middleware (see the module's docstring)."""

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response
        self.sums: dict[str, list[float]] = {}
        self.answered = 0
        self.folder = Path(os.environ[FOLDER])

    def __call__(self, request: Any) -> Any:
        started = time.thread_time()
        response = self.get_response(request)
        spent = time.thread_time() - started
        name = kind(request.path, request.method, response.status_code)
        entry = self.sums.setdefault(name, [0, 0.0])
        entry[0] += 1
        entry[1] += spent
        self.answered += 1
        if self.answered % WRITE_EVERY == 0:
            self.write()
        return response

    def write(self) -> None:
        path = self.folder / f"{os.getpid()}.json"
        partial = path.with_suffix(".part")
        partial.write_text(json.dumps(self.sums))
        partial.replace(path)


def read(folder: Path) -> Sums:
    """What every server process has written so far, added up."""
    sums: dict[str, list[float]] = {}
    for path in folder.glob("*.json"):
        try:
            written = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        for name, (count, seconds) in written.items():
            entry = sums.setdefault(name, [0, 0.0])
            entry[0] += count
            entry[1] += seconds
    return {name: (int(count), seconds) for name, (count, seconds) in sums.items()}


def between(before: Sums, after: Sums) -> Sums:
    """What was answered from ``before`` to ``after``."""
    spent = {}
    for name, (count, seconds) in after.items():
        was_count, was_seconds = before.get(name, (0, 0.0))
        if count > was_count:
            spent[name] = (count - was_count, seconds - was_seconds)
    return spent


def line(sums: Sums) -> str:
    """The sums as one line of the benchmark's detail: each kind's count and mean CPU."""
    return "; ".join(
        f"{name} {count} x {seconds / count * 1e3:.2f} ms"
        for name, (count, seconds) in sorted(sums.items())
    )
