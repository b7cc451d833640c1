"""The rulings the engines follow where a rulebook is silent or contradicts itself.

``SHARED`` restates, in the project's words, the rulings every tool for these games follows
(RULINGS.md); ``PROJECT`` holds the further rulings this project made. Both are shown on the
rulings page and cited by code (A1, R3 ...) in every explanation that uses them.

Each game's rules package holds its own rulings (``referee.rules.<game>.rulings``), and the
tracker package those of every tracked game; they are gathered here in the order the page
shows them.
"""

from __future__ import annotations

from .athazar import rulings as athazar
from .azeroth import rulings as azeroth
from .azrah import rulings as azrah
from .azuki import rulings as azuki
from .ruling import TRACKED, TRACKED_NAME, Ruling
from .runeage import rulings as runeage
from .tracker import rulings as tracker

__all__ = ["ALL", "BY_CODE", "PROJECT", "SHARED", "TRACKED", "TRACKED_NAME", "Ruling"]


def _split(rulings: tuple[Ruling, ...], code: str) -> tuple[tuple[Ruling, ...], tuple[Ruling, ...]]:
    """``rulings`` before the one coded ``code``, and the rest from it on."""
    at = [ruling.code for ruling in rulings].index(code)
    return rulings[:at], rulings[at:]


# The page lists the project's rulings in the order it always has, in which some games'
# rulings come in two runs with other games' in between.
_AZEROTH_FIRST, _AZEROTH_THEN = _split(azeroth.PROJECT, "R60")
_AZUKI_FIRST, _AZUKI_THEN = _split(azuki.PROJECT, "R140")
_AZRAH_FIRST, _AZRAH_THEN = _split(azrah.PROJECT, "R53")

SHARED: tuple[Ruling, ...] = (
    tracker.SHARED + azeroth.SHARED + azrah.SHARED + azuki.SHARED + runeage.SHARED + athazar.SHARED
)

PROJECT: tuple[Ruling, ...] = (
    tracker.PROJECT
    + _AZEROTH_FIRST
    + _AZUKI_FIRST
    + _AZRAH_FIRST
    + _AZEROTH_THEN
    + _AZRAH_THEN
    + _AZUKI_THEN
    + runeage.PROJECT
    + athazar.PROJECT
)

ALL: tuple[Ruling, ...] = SHARED + PROJECT
BY_CODE: dict[str, Ruling] = {ruling.code: ruling for ruling in ALL}
