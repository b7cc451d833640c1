"""How hard Hypothesis tries, by profile (tests/conftest.py loads one).

``make test`` runs the ``referee`` profile: derandomized, so the same code always meets the
same examples and the suite's verdict never depends on luck. ``make fuzz`` runs the ``fuzz``
profile: random seeds and ``FUZZ_SCALE`` times as many examples (10 unless set), to find what
the fixed examples miss. A failure found that way is fixed and pinned with ``@example``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "referee")
FUZZING = PROFILE == "fuzz"
SCALE = int(os.environ.get("FUZZ_SCALE", "10")) if FUZZING else 1

# Timing is never a verdict: speed is measured under bench/, not by a test.
_COMMON = hypothesis_settings(
    deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)

hypothesis_settings.register_profile("referee", _COMMON, derandomize=True, database=None)
hypothesis_settings.register_profile("fuzz", _COMMON, derandomize=False, max_examples=100 * SCALE)


def examples(count: int) -> int:
    """``count`` examples in the suite; ``FUZZ_SCALE`` times as many when fuzzing."""
    return count * SCALE


def load() -> None:
    if PROFILE not in ("referee", "fuzz"):
        raise SystemExit(f"HYPOTHESIS_PROFILE must be 'referee' or 'fuzz', not {PROFILE!r}")
    hypothesis_settings.load_profile(PROFILE)
