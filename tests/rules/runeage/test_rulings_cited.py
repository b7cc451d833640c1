"""The rulings the Rune Age engine cites are the rulings page's own, and the range its
docstring gives holds every one of them and nothing else."""

from __future__ import annotations

import re
from pathlib import Path

from referee.rules.runeage import actions
from referee.rules.runeage.rulings import PROJECT

ENGINE = Path(actions.__file__).parent


def _runeage_rulings() -> set[int]:
    return {int(r.code[1:]) for r in PROJECT if r.system == "runeage"}


def test_every_ruling_cited_by_the_engine_is_a_rune_age_ruling() -> None:
    cited = {
        int(code)
        for path in ENGINE.glob("*.py")
        for code in re.findall(r"\bR(\d{3})\b", path.read_text(encoding="utf-8"))
    }
    assert cited and cited <= _runeage_rulings()


def test_the_engines_docstring_names_the_range_of_its_rulings() -> None:
    found = re.search(r"Rulings R(\d+) to R(\d+)", " ".join((actions.__doc__ or "").split()))
    assert found is not None
    first, last = int(found.group(1)), int(found.group(2))
    assert set(range(first, last + 1)) == _runeage_rulings()
