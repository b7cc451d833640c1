"""``bench/change.py --instructions``: callgrind counts what runs inside ``operator.call``
alone (the counted rounds), and the count is read back from its output. The counting itself
is checked on a small program, not on the benchmark, which takes minutes under valgrind."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench import change

PROGRAM = """
import operator, sys
def work(n):
    total = 0
    for _ in range(n):
        total += 1  # the same few instructions each time (a sum of i would outgrow 2**30)
    return total
work(int(sys.argv[1]))  # not counted
operator.call(work, int(sys.argv[2]))  # counted
"""


def counted(tmp_path: Path, outside: int, inside: int) -> int:
    out = tmp_path / f"callgrind.{outside}.{inside}"
    script = tmp_path / "program.py"
    script.write_text(PROGRAM)
    command = [*change.callgrind(out), sys.executable, str(script), str(outside), str(inside)]
    subprocess.run(command, check=True, capture_output=True)
    return change.counted_instructions(out)


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_only_what_runs_inside_operator_call_is_counted(tmp_path: Path) -> None:
    alone = counted(tmp_path, 0, 50_000)
    assert alone > 1_000_000
    assert abs(counted(tmp_path, 200_000, 50_000) - alone) < alone / 50  # outside: not counted
    assert 1.9 * alone < counted(tmp_path, 0, 100_000) < 2.1 * alone  # inside: all of it


def test_the_count_is_read_from_the_totals_line(tmp_path: Path) -> None:
    out = tmp_path / "callgrind.out"
    out.write_text("# callgrind format\nversion: 1\nevents: Ir\nsummary: 12345\n\ntotals: 12345\n")
    assert change.counted_instructions(out) == 12345
    out.write_text("# callgrind format\nversion: 1\nevents: Ir\n")
    with pytest.raises(SystemExit, match="no totals"):
        change.counted_instructions(out)
