"""The benchmark's timing middleware (bench/timing.py, ``bench/tracker.py --by-request``):
each server process adds up each kind of request it answered and the CPU time spent on it,
writes the sums to a file of its own, and the benchmark adds up every process's file and
takes what was answered between two readings. The timing itself is never a test; what it
counts and how the readings add up is."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from bench import timing


def test_each_kind_is_counted_with_its_cpu_time_and_written_every_few_requests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(timing.FOLDER, str(tmp_path))
    statuses = iter([200, 304] * timing.WRITE_EVERY)

    def view(request: Any) -> HttpResponse:
        sum(range(20_000))  # some CPU time to count
        return HttpResponse(status=next(statuses))

    middleware = timing.RequestTiming(view)
    requests = RequestFactory()
    for _ in range(timing.WRITE_EVERY - 1):
        middleware(requests.get("/games/x/"))
    assert not list(tmp_path.glob("*.json"))  # nothing written before the 25th answer
    middleware(requests.post("/api/games/x/actions/"))
    written = json.loads((tmp_path / f"{os.getpid()}.json").read_text())
    assert {name: count for name, (count, _) in written.items()} == {
        "page GET 200": 12,
        "page GET 304": 12,
        "api POST 200": 1,
    }
    assert all(seconds > 0 for _, seconds in written.values())


def test_readings_add_up_every_process_and_take_what_came_between(tmp_path: Path) -> None:
    (tmp_path / "1.json").write_text(json.dumps({"page GET 200": [4, 0.25]}))
    (tmp_path / "2.json").write_text(json.dumps({"page GET 200": [6, 0.5], "healthz": [1, 0.001]}))
    (tmp_path / "3.part").write_text("{not finished")
    before = timing.read(tmp_path)
    assert before == {"page GET 200": (10, 0.75), "healthz": (1, 0.001)}
    (tmp_path / "2.json").write_text(json.dumps({"page GET 200": [16, 1.0], "healthz": [1, 0.001]}))
    spent = timing.between(before, timing.read(tmp_path))
    assert spent == {"page GET 200": (10, 0.5)}
    assert timing.line(spent) == "page GET 200 10 x 50.00 ms"
