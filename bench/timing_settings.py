"""Referee's settings, with the benchmark's timing middleware first (bench/timing.py):
``bench/tracker.py --by-request`` serves the site with these."""

from referee.settings import *  # noqa: F403
from referee.settings import MIDDLEWARE

MIDDLEWARE = ["bench.timing.RequestTiming", *MIDDLEWARE]
