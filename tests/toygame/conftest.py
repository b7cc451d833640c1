"""The browser's fixtures, for this package's Chromium test of its board: the same as every
browser test's (tests/browser/conftest.py), the patient expect among them."""

from tests.browser.conftest import _patient_expect, one_request_at_a_time, open_tab

__all__ = ["_patient_expect", "one_request_at_a_time", "open_tab"]
