"""One Chromium per test worker, shared by every test marked ``browser``.

Starting Chromium takes a second or more; a browser context (what a test's tabs live in:
its cookies, storage and cache) takes milliseconds. So a worker starts Debian's Chromium
(/usr/bin/chromium, never a downloaded one) for the first browser test it runs, each test
opens contexts of its own and closes them, and the browser is closed as soon as the next
test is not a browser test, or the run ends. tests/conftest.py runs the browser tests before
the others, so each worker starts Chromium once.

Playwright's sync API runs an event loop in the test thread, and Django refuses database
work (the live server's flush between tests, a fixture's rows) while one runs: it is allowed
while the browser is open and only then, so the rest of the suite keeps Django's guard.
"""

from __future__ import annotations

import os

from playwright.sync_api import Browser, Playwright, sync_playwright

ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class SharedChromium:
    """The worker's Chromium: started when first asked for, closed by ``close``."""

    def __init__(self) -> None:
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._previous: str | None = None

    def get(self) -> Browser:
        if self._browser is None:
            self._previous = os.environ.get(ASYNC_UNSAFE)
            os.environ[ASYNC_UNSAFE] = "true"
            self._playwright = sync_playwright().start()
            try:
                self._browser = self._playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
            except BaseException:
                self.close()
                raise
        return self._browser

    def close(self) -> None:
        """Close Chromium and Playwright's loop, and give Django back its guard."""
        if self._playwright is None:
            return
        try:
            if self._browser is not None:
                self._browser.close()
        finally:
            self._playwright.stop()
            self._playwright = self._browser = None
            if self._previous is None:
                os.environ.pop(ASYNC_UNSAFE, None)
            else:
                os.environ[ASYNC_UNSAFE] = self._previous


CHROMIUM_OF_THIS_WORKER = SharedChromium()
