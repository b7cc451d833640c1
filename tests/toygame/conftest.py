"""The browser's fixtures, for this package's Chromium test of its board."""

from tests.browser.conftest import open_tab
from tests.browser.test_tracker_stale import one_request_at_a_time

__all__ = ["one_request_at_a_time", "open_tab"]
