"""Throttle rates as the settings spell them: ``<count>/<period>``, the period a unit with an
optional multiple (``10/hour``, ``5/15min``, ``30/2d``). Read once at start-up by the settings,
so a rate that cannot be read stops start-up, and again by ``games.throttles``."""

from __future__ import annotations

import re

_UNITS = {
    "s": 1,
    "sec": 1,
    "second": 1,
    "m": 60,
    "min": 60,
    "minute": 60,
    "h": 3600,
    "hour": 3600,
    "d": 86400,
    "day": 86400,
}
_RATE = re.compile(r"^(\d+)/(\d*)\s*([a-z]+?)s?$")


def parse_rate(text: str) -> tuple[int, int]:
    """``(count, seconds)``: at most ``count`` in any ``seconds``. ValueError when ``text`` is
    not a rate, or allows nothing."""
    match = _RATE.match(text.strip().lower())
    if match is None or match.group(3) not in _UNITS:
        raise ValueError(f"{text!r} is not a rate; write it as 10/hour, 5/15min or 100/day.")
    count = int(match.group(1))
    multiple = int(match.group(2) or 1)
    if count < 1 or multiple < 1:
        raise ValueError(f"{text!r} is not a rate that allows anything; the least is 1/day.")
    return count, multiple * _UNITS[match.group(3)]
