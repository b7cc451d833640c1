"""Real-browser fixtures: Debian's Chromium driven by Playwright's sync API against the
pytest-django live server.

The browser is never downloaded: it is /usr/bin/chromium, and a missing one fails the tests
(see tests/conftest.py), it never skips them. One Chromium and one live server serve all the
browser tests a worker runs (tests/chromium.py); each tab is opened in a browser context of
its own, closed when its test ends. Each page records every request it makes, so a test can
prove the page loads nothing from any host but the live server.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.db.backends.utils import CursorWrapper
from django.db.models.sql.compiler import SQLCompiler, SQLInsertCompiler
from django.db.transaction import Atomic
from playwright.sync_api import Browser, BrowserContext, Page, expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "browser"
# How long any wait for the page lasts (an expect, a click, another tablet catching up). A
# tablet polls each second and a quiet machine answers in milliseconds, but one busy with
# other work can take seconds: a test waits for what must happen, and how fast it happens is
# for bench/tracker.py to measure, never for a test to time.
WAIT_MS = 30_000

TABLET_LANDSCAPE = (1280, 800)
TABLET_PORTRAIT = (800, 1280)
PHONE = (360, 740)
SIZES = {"landscape": TABLET_LANDSCAPE, "portrait": TABLET_PORTRAIT, "phone": PHONE}
# Kept by every page a tab opens, from its first script on: each Content-Security-Policy breach.
CSP_LISTENER = """window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = `${event.sourceFile}:${event.lineNumber}`;
  const target = event.target && event.target.outerHTML ? event.target.outerHTML : "";
  window.__cspViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${where}: `
    + `${event.sample} ${target.slice(0, 200)}`
  );
});"""
SMALL_TARGETS = """(targets) => [...document.querySelectorAll(targets)]
  .filter(el => el.offsetParent !== null)
  .filter(el => { const b = el.getBoundingClientRect();
                  return b.height < 47.5 || b.width < 47.5; })
  .map(el => el.textContent.trim() || el.name)"""


@dataclass
class Tab:
    """A page in its own browser context, with the URLs of every request it made."""

    page: Page
    base_url: str
    requests: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def csp_violations(self) -> list[str]:
        """Every breach of the Content-Security-Policy the browser reported on this tab: its
        console's messages and the page's own securitypolicyviolation events."""
        events = self.page.evaluate("window.__cspViolations || []")
        said = [text for text in self.console if "Content Security Policy" in text]
        return [*said, *(str(event) for event in events)]

    def goto(self, path: str) -> None:
        self.page.goto(self.base_url + path)
        self.page.wait_for_load_state("networkidle")

    def sign_in(self, username: str, password: str, then: str) -> None:
        """Sign in through the login page and wait on ``then``, where it leads."""
        self.goto(f"/accounts/login/?next={then}")
        self.page.fill("#id_username", username)
        self.page.fill("#id_password", password)
        self.page.get_by_role("button", name="Sign in").click()
        self.page.wait_for_url(f"**{then}")
        self.page.wait_for_load_state("networkidle")

    def fits(self) -> None:
        """Nothing on the page scrolls sideways."""
        overflow = self.page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"

    def at_every_size(self, folder: Path, name: str, targets: str) -> None:
        """At a tablet's two sizes and a phone's: nothing scrolls sideways, every shown
        element ``targets`` (a CSS selector) matches is at least 48 px each way, and a
        screenshot of the screen and one of the whole page are saved in ``folder``."""
        folder.mkdir(parents=True, exist_ok=True)
        start = self.page.viewport_size
        for size, (width, height) in SIZES.items():
            self.page.set_viewport_size({"width": width, "height": height})
            self.page.wait_for_timeout(150)
            overflow = self.page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"{name} at {size}: the page scrolls sideways by {overflow}px"
            small = self.page.evaluate(SMALL_TARGETS, targets)
            assert small == [], f"{name} at {size}: small targets {small}"
            self.page.screenshot(path=str(folder / f"{name}-{size}.png"))
            self.page.screenshot(path=str(folder / f"{name}-{size}-full.png"), full_page=True)
        assert start is not None
        self.page.set_viewport_size(start)

    def foreign_requests(self) -> list[str]:
        """Requests to anything but the live server (data: URLs never leave the page)."""
        server = urlsplit(self.base_url).netloc
        return [
            url
            for url in self.requests
            if not url.startswith("data:") and urlsplit(url).netloc != server
        ]

    def screenshot(self, name: str, *, full_page: bool = False) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path


@pytest.fixture(autouse=True)
def _patient_expect() -> None:
    """An expect waits as long as any other wait of these tests."""
    expect.set_options(timeout=WAIT_MS)


OpenTab = Callable[..., Tab]


@pytest.fixture(autouse=True)
def one_request_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live server answers one request after another, in every browser test, and the
    test's own database work waits for the request in flight. On PostgreSQL the game's row
    lock (``select_for_update`` in ``apply.game_apply``) lets one writer at a time into a
    game, and tests/games/tracker/test_concurrency.py proves it; the in-memory SQLite these
    tests run on (one connection, which the live server shares) has no row lock and refuses
    a write while another thread reads, outright ("database table is locked": a 500, seen
    when one tablet acted while another polled, and an error in a test that recorded an
    action while a tablet polled). One lock plays the row lock's part: a request holds it
    while it is answered, the test's thread while it runs a statement and reads its rows,
    or runs a transaction (test_one_writer.py). Tablets still send their actions at once,
    against the same version."""
    lock = threading.RLock()
    call = WSGIHandler.__call__

    def one_at_a_time(self: WSGIHandler, environ: Any, start_response: Any) -> Any:
        with lock:
            return call(self, environ, start_response)

    monkeypatch.setattr(WSGIHandler, "__call__", one_at_a_time)
    # A statement is run and its rows read within the lock (the live server shares the
    # test's in-memory database connection, and a write there while a read's rows are
    # still being stepped through is refused the same way).
    for kind, name in _STATEMENTS:
        monkeypatch.setattr(kind, name, _holding(lock, getattr(kind, name)))
    enter, leave = Atomic.__enter__, Atomic.__exit__

    def enter_holding(self: Atomic) -> None:
        lock.acquire()
        try:
            enter(self)
        except BaseException:
            lock.release()
            raise

    def leave_holding(self: Atomic, *exc: Any) -> None:
        try:
            leave(self, *exc)
        finally:
            lock.release()

    monkeypatch.setattr(Atomic, "__enter__", enter_holding)
    monkeypatch.setattr(Atomic, "__exit__", leave_holding)


_STATEMENTS = [
    (CursorWrapper, "execute"),
    (CursorWrapper, "executemany"),
    (SQLCompiler, "execute_sql"),
    (SQLInsertCompiler, "execute_sql"),
]


def _holding(lock: threading.RLock, method: Callable[..., Any]) -> Callable[..., Any]:
    def holding(*args: Any, **kwargs: Any) -> Any:
        with lock:
            return method(*args, **kwargs)

    return holding


class Tabs:
    """The tabs a test opens on one server (``base_url``), each in a browser context of its
    own. ``close`` closes them all and fails the test if any breached the
    Content-Security-Policy."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url.rstrip("/")
        self.contexts: list[BrowserContext] = []
        self.tabs: list[Tab] = []

    def open(
        self,
        width: int = TABLET_LANDSCAPE[0],
        height: int = TABLET_LANDSCAPE[1],
        color_scheme: str = "light",
    ) -> Tab:
        """A new tab at a given viewport size and colour scheme."""
        context = self.browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme=color_scheme,  # type: ignore[arg-type]
            has_touch=width < 1000,
        )
        context.set_default_timeout(WAIT_MS)
        self.contexts.append(context)
        page = context.new_page()
        tab = Tab(page=page, base_url=self.base_url)
        page.on("request", lambda request: tab.requests.append(request.url))
        page.on("console", lambda message: tab.console.append(message.text))
        page.add_init_script(CSP_LISTENER)
        self.tabs.append(tab)
        return tab

    def close(self) -> None:
        breaches = []
        for tab in self.tabs:
            if not tab.page.is_closed():
                breaches.extend(tab.csp_violations())
        for context in self.contexts:
            context.close()
        assert not breaches, "the Content-Security-Policy was breached:\n" + "\n".join(breaches)


@pytest.fixture
def open_tab(browser: Browser, live_server: object) -> Iterator[OpenTab]:
    """Open a new tab on the live server at a given viewport size and colour scheme.
    Whatever a test does, no tab may breach the Content-Security-Policy: one that did fails
    the test when it ends."""
    tabs = Tabs(browser, str(live_server))
    yield tabs.open
    tabs.close()


@pytest.fixture
def page(open_tab: OpenTab) -> Page:
    """A tablet-sized (1280x800 landscape) page."""
    return open_tab().page
