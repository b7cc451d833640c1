"""The browser's fixtures, for this package's Chromium test of its board."""

from tests.browser.conftest import one_request_at_a_time, open_tab

__all__ = ["one_request_at_a_time", "open_tab"]
