"""The game systems the tracker can run, looked up by slug. Adding a tracked game means
adding its system module and one line here."""

from __future__ import annotations

from typing import Any

from referee.rules.athazar.tracker import ATHAZAR
from referee.rules.azeroth.system import AZEROTH
from referee.rules.azrah.tracker import AZRAH
from referee.rules.azuki.tracker import AZUKI
from referee.rules.runeage.system import RUNE_AGE
from referee.rules.tracker import System

TRACKERS: dict[str, System[Any, Any]] = {
    AZRAH.slug: AZRAH,
    AZEROTH.slug: AZEROTH,
    AZUKI.slug: AZUKI,
    RUNE_AGE.slug: RUNE_AGE,
    ATHAZAR.slug: ATHAZAR,
}


def tracker(slug: str) -> System[Any, Any]:
    """The system for ``slug``; a KeyError names the slugs there are."""
    try:
        return TRACKERS[slug]
    except KeyError:
        known = ", ".join(sorted(TRACKERS))
        raise KeyError(f"No tracker for {slug!r}; there are: {known}.") from None
