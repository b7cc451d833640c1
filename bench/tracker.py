"""How does the game tracker hold up: twenty tablets posting to one game, and many tables of
tablets polling one server.

Run from the project root (PostgreSQL must answer; the default is the local server)::

    .venv/bin/python bench/tracker.py              # both runs; 800 tablets at the tables
    .venv/bin/python bench/tracker.py --quick      # both runs, short, 100 tablets
    .venv/bin/python bench/tracker.py --run tables --tablets 1200
    CACHE_URL=redis://127.0.0.1:6379/1 .venv/bin/python bench/tracker.py --run tables

It creates a throwaway PostgreSQL database, migrates it, makes its games, accounts, sessions and
tokens through the app's own services (bench/prepare.py, in a process of its own) and starts
Referee under gunicorn on it (DEBUG off, as deployed, with the cache the environment
configures: Redis when CACHE_URL names it, else each process's own memory). The load comes
from client processes on the same machine, so on a machine that is busy with other work every
figure is lower than the server can do.

**One game** (``--run one-game``). Twenty client threads, each with its own connection and
the host's API token, post actions to one AZRAH game (the engine's example setup: a status on
a Guardian of the first player's front row) through POST /api/games/<id>/actions/, each
carrying the version it last saw, as a tablet does. A 409 (someone else got there first) answers the
current version, and the client sends its action again with it after a random 0-10 ms, so the
twenty do not collide in lockstep. First each tablet sends one action a second (twenty a second
into one game, far more than a table makes); then all twenty send back to back, to show where
it saturates. It prints the actions applied per second, the latency of every request (applied
or refused) at p50 and p95, the time from an action's first try to its 201 (retries included),
and how many were refused as stale; then it reads the log back and checks that it holds
exactly the actions answered 201, numbered 1..N without a gap, each with the payload sent.

**Tables** (``--run tables``). Many Azeroth at War games, each with a table of 2 to 4 tablets
(the two players, then the host's own device, then a spectator), all on one server. Every
tablet polls the table page's live part once a second as the page does: signed in with a
session cookie, with htmx's headers, If-None-Match carrying the ETag it last got and the
poll ticket its page gave (X-Poll-Ticket), and Accept-Encoding gzip. Every tablet but the
spectator also acts at a human pace, one action every 5 s (through the API with its token: a
damage or heal on a model of its own). Every tablet opens its page before the clock starts.
It prints:

- the poll's capacity: polls answered per second back to back by 16 clients (every answer a
  304), against ``/healthz`` asked the same way in the same run, in alternate rounds, and the
  ratio of the two (target >= 0.8: a server that answers 1,000 health checks a second then
  carries 800 tablets);
- under the paced load: polls per second, action p95 (first try to 201, retries included;
  target < 100 ms), sync delay p95 (from an action's 201 to each other tablet of its table
  getting a live part at that version or later; target < 1.5 s) and lost actions (a 201 whose
  entry is not in the log as sent, or an entry nobody was answered 201 for; target none);
- what a change costs each tablet on the wire: the bytes of a 200 poll answer, headers
  included, compressed as served (target < 10 KB), beside the live part's size uncompressed;
- the server's CPU time (gunicorn's processes and the database's backends, read from /proc),
  which other work on the machine does not change: per answer of each kind back to back, and
  per action applied under the paced load with the live parts it makes its table fetch; from
  these, how many tablets the machine's cores would carry if the server had them to itself.

DATABASE_URL names the server to use (its database part is ignored: the benchmark makes and
drops its own).
"""

from __future__ import annotations

import argparse
import gzip
import html
import http.client
import json
import multiprocessing
import os
import random
import re
import secrets
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.server import (  # noqa: E402
    HOST,
    collect_static,
    cpu_seconds,
    gunicorn_server,
    server_pids,
)

CLIENTS = 20
P95_TARGET_MS = 50.0
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
POLL_TICKET_HEADER = "X-Poll-Ticket"  # as games.tracker.http names it
# The tables run: targets, and how a tablet behaves.
TABLETS = 800
QUICK_TABLETS = 100  # --quick: every tablet opens its page first, and that takes a while
RATIO_TARGET = 0.8
SYNC_P95_TARGET = 1.5  # seconds
ACTION_P95_TARGET_MS = 100.0
CHANGE_BYTES_TARGET = 10_000
POLL_SECONDS = 1.0  # as the page (games.tracker.table_page.POLL_SECONDS)
ACT_SECONDS = 5.0  # a human pace
DRAIN_SECONDS = 2.5  # polling goes on after the last action, so every tablet can see it
LOAD_PROCESSES = 4  # client processes, so one interpreter's lock does not slow the tablets
# What each tablet of a table is, in the order tables fill: who it is, the model it damages
# and heals (a model of its own side, so no two tablets touch one model; None: it only
# watches) and how it polls (the table page with its session).
TABLE_SEATS: tuple[dict[str, Any], ...] = (
    {"role": "player", "seat": 0, "model": "thrall-warchief-1", "door": "page"},
    {"role": "player", "seat": 1, "model": "jaina-proudmoore-1", "door": "page"},
    {"role": "host", "seat": None, "model": "orc-shaman-1", "door": "page"},
    {"role": "spectator", "seat": None, "model": None, "door": "page"},
)
# Deployment done, so damage and heal are allowed: the table edge, both Warlords, the end of
# the stage (Azeroth at War 3.3, 11, 5.1).
OPENING: tuple[dict[str, Any], ...] = (
    {"type": "edge_roll_off", "payload": {"rolls": [5, 2]}, "seat": None},
    {"type": "nominate_warlord", "payload": {"model": "thrall-warchief-1"}, "seat": 0},
    {"type": "nominate_warlord", "payload": {"model": "jaina-proudmoore-1"}, "seat": 1},
    {"type": "end_stage", "payload": {}, "seat": None},
)


def one_game_action(guardian: str, turns: int) -> tuple[str, dict[str, Any]]:
    """What the one-game run posts: the first player's ``guardian`` made Frozen for
    ``turns`` turns (a correction the host may record at any time)."""
    return "apply_status", {"seat": 0, "guardian": guardian, "status": "frozen", "turns": turns}


def table_action(model: str, damaged: bool) -> tuple[str, dict[str, Any]]:
    """What a tablet at a table posts: one wound to its ``model``, or healed back."""
    return ("heal" if damaged else "damage"), {"model": model, "amount": 1}


def server_url() -> str:
    url = os.environ.get("DATABASE_URL", "").strip() or DEFAULT_SERVER
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit("bench/tracker.py measures PostgreSQL: set DATABASE_URL to a PostgreSQL server.")
    return url


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def admin(url: str, sql: str) -> None:
    with psycopg.connect(with_database(url, "postgres"), autocommit=True) as connection:
        connection.execute(sql.encode())  # our own fixed statements


def p95(values: Sequence[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100)[94]


class Client:
    def __init__(self, base_url: str, token: str) -> None:
        parts = urlsplit(base_url)
        self.connection = http.client.HTTPConnection(parts.hostname or HOST, parts.port, timeout=30)
        self.headers = {
            "Authorization": f"Token {token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        }

    def send(self, method: str, path: str, body: object = None) -> tuple[int, dict[str, Any]]:
        data = None if body is None else json.dumps(body).encode()
        self.connection.request(method, path, body=data, headers=self.headers)
        response = self.connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")

    def close(self) -> None:
        self.connection.close()


# --- one game, twenty tablets ---------------------------------------------------------------


@dataclass
class Phase:
    name: str
    seconds: float
    latencies: list[float] = field(default_factory=list)
    action_times: list[float] = field(default_factory=list)  # first try to 201, retries in
    applied: dict[int, dict[str, Any]] = field(default_factory=dict)  # seq: the payload sent
    stale: int = 0

    def report(self) -> str:
        quantiles = statistics.quantiles(self.latencies, n=100)
        p50, p95 = quantiles[49] * 1e3, quantiles[94] * 1e3
        whole = statistics.quantiles(self.action_times, n=100)
        return (
            f"{self.name}: {len(self.applied) / self.seconds:,.0f} actions applied/s "
            f"({len(self.applied)} in {self.seconds:.1f} s; {self.stale} refused as stale and "
            f"sent again); latency per request p50 {p50:.1f} ms, p95 {p95:.1f} ms; "
            f"per action, retries included, p50 {whole[49] * 1e3:.0f} ms, "
            f"p95 {whole[94] * 1e3:.0f} ms"
        )

    @property
    def p95_ms(self) -> float:
        return statistics.quantiles(self.latencies, n=100)[94] * 1e3


def play(
    base_url: str,
    game: str,
    token: str,
    guardians: Sequence[str],
    phase: Phase,
    pace: float | None,
) -> None:
    """``CLIENTS`` tablets post for ``phase.seconds``: each one action every ``pace`` seconds
    (starting at random offsets), or back to back when ``pace`` is None. Each action is told
    apart by its Guardian and a random number of turns; the 201 says which entry it became."""
    path = f"/api/games/{game}/actions/"
    lock = threading.Lock()
    failures: list[str] = []
    barrier = threading.Barrier(CLIENTS + 1)
    stop_at = 0.0

    def tablet(number: int) -> None:
        client = Client(base_url, token)
        _, body = client.send("GET", f"/api/games/{game}/")  # open the connection
        version = int(body["version"])
        rng = random.Random(number)
        barrier.wait()
        next_at = time.monotonic() + (rng.uniform(0, pace) if pace else 0.0)
        try:
            while not failures:
                if pace:
                    time.sleep(max(0.0, next_at - time.monotonic()))
                    next_at += pace
                if time.monotonic() >= stop_at:
                    return
                kind, payload = one_game_action(rng.choice(guardians), rng.randint(1, 99))
                first_try = time.perf_counter()
                while True:
                    started = time.perf_counter()
                    status, body = client.send(
                        "POST",
                        path,
                        {"system": "azrah", "type": kind, "payload": payload, "version": version},
                    )
                    elapsed = time.perf_counter() - started
                    game_body = body.get("game")
                    if status not in (201, 409) or not isinstance(game_body, dict):
                        failures.append(f"client {number}: HTTP {status}: {body}")
                        return
                    version = int(game_body["version"])
                    with lock:
                        phase.latencies.append(elapsed)
                        if status == 201:
                            phase.applied[int(body["action"]["seq"])] = payload
                            phase.action_times.append(time.perf_counter() - first_try)
                        else:
                            phase.stale += 1
                    if status == 201:
                        break
                    if pace:
                        # send again with the new version a moment later (a random 0-10 ms),
                        # so twenty of them do not collide in step
                        time.sleep(rng.uniform(0.0, 0.01))
        finally:
            client.close()

    threads = [threading.Thread(target=tablet, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    stop_at = time.monotonic() + phase.seconds + 0.5
    barrier.wait()
    started = time.monotonic()
    for thread in threads:
        thread.join()
    phase.seconds = time.monotonic() - started
    if failures:
        sys.exit(f"error: {failures[0]}")


def read_log(base_url: str, game: str, token: str) -> list[dict[str, Any]]:
    reader = Client(base_url, token)
    try:
        status, log = reader.send("GET", f"/api/games/{game}/log/")
    finally:
        reader.close()
    if status != 200:
        sys.exit(f"error: reading the log of {game} answered HTTP {status}")
    entries: list[dict[str, Any]] = log["entries"]
    return entries


@dataclass(frozen=True)
class LogCheck:
    entries: int
    gapless: bool
    missing: int  # answered 201, not in the log as sent
    unanswered: int  # in the log, answered 201 to nobody

    @property
    def ok(self) -> bool:
        return self.gapless and not self.missing and not self.unanswered


def check_entries(
    entries: list[dict[str, Any]], applied: dict[int, dict[str, Any]], before: int = 0
) -> LogCheck:
    """Every action answered 201 is the log entry its answer named, with the payload sent;
    every entry after the first ``before`` was answered 201 to someone."""
    seqs = [entry["seq"] for entry in entries]
    by_seq = {entry["seq"]: entry for entry in entries}
    missing = sum(
        1
        for seq, payload in applied.items()
        if seq not in by_seq or by_seq[seq]["payload"] != payload
    )
    unanswered = sum(1 for seq in seqs if seq > before and seq not in applied)
    return LogCheck(len(entries), seqs == list(range(1, len(seqs) + 1)), missing, unanswered)


def run_one_game(base_url: str, prepared: dict[str, Any], seconds: float, rate: float) -> bool:
    game, token, guardians = prepared["game"], prepared["token"], prepared["guardians"]
    paced = Phase(f"{CLIENTS} tablets, each {rate:g} actions/s", seconds)
    play(base_url, game, token, guardians, paced, 1.0 / rate)
    print(paced.report())
    flat_out = Phase(f"{CLIENTS} clients back to back (saturation)", seconds)
    play(base_url, game, token, guardians, flat_out, None)
    print(flat_out.report())
    applied = {**paced.applied, **flat_out.applied}
    check = check_entries(read_log(base_url, game, token), applied, prepared["version"])
    print(
        f"log: {check.entries} entries, numbered 1..{check.entries} without a gap: "
        f"{check.gapless}; actions answered 201 but not in the log as sent: {check.missing}; "
        f"entries nobody was answered 201 for: {check.unanswered}"
    )
    verdict = "met" if paced.p95_ms < P95_TARGET_MS and check.ok else "NOT met"
    print(
        f"target p95 < {P95_TARGET_MS:.0f} ms for {CLIENTS} tablets with no action lost: "
        f"{verdict} (p95 {paced.p95_ms:.1f} ms)"
    )
    return check.ok


# --- many tables ----------------------------------------------------------------------------


def table_sizes(tablets: int) -> list[int]:
    """Tables of 2, 3 and 4 tablets in turn, with exactly ``tablets`` in all."""
    sizes: list[int] = []
    left = tablets
    while left > 0:
        size = min(2 + len(sizes) % 3, left)
        if left - size == 1:
            size = size + 1 if size < 4 else size - 1
        sizes.append(size)
        left -= size
    return sizes


@dataclass
class Answer:
    status: int
    body: bytes
    wire: int  # bytes on the wire: status line, headers, body as sent
    etag: str


class Browser:
    """One tablet's connection to the server, as its browser would send requests."""

    def __init__(self, base_url: str, session: str | None = None) -> None:
        parts = urlsplit(base_url)
        self.base_url = base_url
        # a saturated server queues requests for a long time; a tablet waits for its answer
        self.connection = http.client.HTTPConnection(
            parts.hostname or HOST, parts.port, timeout=600
        )
        self.session = session
        self.ticket = ""  # the poll ticket the page last gave (games.tracker.http)

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        sent = {"Accept-Encoding": "gzip, deflate", **(headers or {})}
        if self.session:
            sent["Cookie"] = f"sessionid={self.session}"
        self.connection.request("GET", path, headers=sent)
        return self._answer()

    def poll(self, game: str, etag: str) -> Answer:
        """The live part as htmx asks for it every second."""
        path = f"/games/{game}/"
        headers = {
            "HX-Request": "true",
            "HX-Trigger": "live",
            "HX-Target": "live",
            "HX-Current-URL": f"{self.base_url}{path}",
            "Accept": "*/*",
        }
        if etag:
            headers["If-None-Match"] = etag
        if self.ticket:
            headers[POLL_TICKET_HEADER] = self.ticket
        answer = self.get(path, headers)
        if answer.status == 200:  # the page names the headers of its next poll
            self.ticket = poll_ticket_in(answer) or self.ticket
        return answer

    def post(self, path: str, token: str, body: object) -> tuple[int, dict[str, Any]]:
        headers = {
            "Authorization": f"Token {token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        }
        self.connection.request("POST", path, body=json.dumps(body).encode(), headers=headers)
        response = self.connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")

    def _answer(self) -> Answer:
        response = self.connection.getresponse()
        body = response.read()
        head = len(f"HTTP/1.1 {response.status} {response.reason}\r\n") + len(str(response.msg))
        return Answer(response.status, body, head + len(body), response.getheader("ETag") or "")

    def close(self) -> None:
        self.connection.close()


def poll_ticket_in(answer: Answer) -> str:
    """The poll ticket a live part tells htmx to send with the next poll (its hx-headers)."""
    body = gzip.decompress(answer.body) if answer.body[:2] == b"\x1f\x8b" else answer.body
    found = re.search(rb'hx-headers="([^"]*)"', body)
    if not found:
        return ""
    headers = json.loads(html.unescape(found.group(1).decode()))
    return str(headers.get(POLL_TICKET_HEADER, ""))


def version_of(etag: str) -> int:
    """The version an ETag names (``W/"<version>.<role>..."``, games.tracker.http.etag)."""
    return int(etag.removeprefix("W/").strip('"').split(".")[0])


def unzipped_size(answer: Answer) -> int:
    """The body's size before compression: gzip's trailer holds it (RFC 1952, ISIZE)."""
    if answer.body[:2] == b"\x1f\x8b":
        size: int = struct.unpack("<I", answer.body[-4:])[0]
        return size
    return len(answer.body)


@dataclass
class Load:
    """What the tablets of one client process saw."""

    polls: int = 0
    poll_latencies: list[float] = field(default_factory=list)
    changes: list[tuple[int, int]] = field(default_factory=list)  # (wire bytes, unzipped)
    requests: list[float] = field(default_factory=list)  # every action request
    actions: list[float] = field(default_factory=list)  # first try to 201
    stale: int = 0
    applied: dict[str, dict[int, dict[str, Any]]] = field(default_factory=dict)
    made: dict[str, list[tuple[int, float, int]]] = field(default_factory=dict)  # v, t, tablet
    seen: dict[str, dict[int, list[tuple[float, int]]]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Start:
    """How client processes start together: each opens its tablets' pages and waits at
    ``ready``; the parent then sets ``at`` (the system's monotonic clock) and all pass
    ``go``."""

    ready: Any  # multiprocessing barriers, for the client processes and the parent
    go: Any
    at: Any  # a shared double

    def wait(self) -> float:
        self.ready.wait()
        self.go.wait()
        at: float = self.at.value
        return at


def drive_tables(
    base_url: str, tables: list[dict[str, Any]], start: Start, seconds: float, seed: int
) -> Load:
    """The tablets of ``tables`` open the table page, then (once every client process is
    ready) poll every second for ``seconds`` and a little more, and act every 5 s for
    ``seconds``."""
    load = Load()
    lock = threading.Lock()
    tablets = [(table, number) for table in tables for number in range(len(table["tablets"]))]
    opened = threading.Barrier(len(tablets) + 1)
    opening = threading.BoundedSemaphore(4)
    times: dict[str, float] = {}
    go = threading.Event()

    def tablet(table: dict[str, Any], number: int) -> None:
        game, me = table["game"], table["tablets"][number]
        browser = Browser(base_url, me["session"])
        rng = random.Random(f"{seed}-{game}-{number}")
        seen: list[tuple[float, int]] = []
        with lock:
            load.seen.setdefault(game, {})[number] = seen
            load.applied.setdefault(game, {})
            load.made.setdefault(game, [])
        try:
            with opening:  # the page as it opens, a few at a time
                first = browser.poll(game, "")
            if first.status != 200:
                raise RuntimeError(f"opening the table answered HTTP {first.status}")
            etag = first.etag
            version = version_of(etag)
            acts = me["token"] is not None
            damaged = False
            opened.wait()
            go.wait()
            start_at, act_until, stop_at = times["start"], times["acts"], times["stop"]
            next_poll = start_at + rng.uniform(0.0, POLL_SECONDS)
            next_act = start_at + rng.uniform(0.0, ACT_SECONDS) if acts else float("inf")
            while not load.failures:
                now = time.monotonic()
                if now >= stop_at:
                    return
                if next_act <= next_poll and next_act < act_until:
                    time.sleep(max(0.0, next_act - now))
                    kind, body = table_action(me["model"], damaged)
                    version = act(browser, table, number, kind, body, version, rng)
                    damaged = not damaged
                    next_act = max(next_act + ACT_SECONDS, time.monotonic())
                    continue
                time.sleep(max(0.0, next_poll - now))
                if time.monotonic() >= stop_at:
                    return
                started = time.perf_counter()
                answer = browser.poll(game, etag)
                elapsed = time.perf_counter() - started
                at = time.monotonic()
                if answer.status == 200:
                    etag = answer.etag
                    version = max(version, version_of(etag))
                    seen.append((at, version_of(etag)))
                elif answer.status != 304:
                    raise RuntimeError(f"a poll answered HTTP {answer.status}")
                with lock:
                    load.polls += 1
                    load.poll_latencies.append(elapsed)
                    if answer.status == 200:
                        load.changes.append((answer.wire, unzipped_size(answer)))
                next_poll = max(next_poll + POLL_SECONDS, time.monotonic())
        except (OSError, RuntimeError, ValueError, KeyError) as error:
            with lock:
                load.failures.append(f"table {game}, tablet {number}: {error!r}")
            opened.abort()
        finally:
            browser.close()

    def act(
        browser: Browser,
        table: dict[str, Any],
        number: int,
        kind: str,
        payload: dict[str, Any],
        version: int,
        rng: random.Random,
    ) -> int:
        game, me = table["game"], table["tablets"][number]
        first_try = time.perf_counter()
        while True:
            started = time.perf_counter()
            status, body = browser.post(
                f"/api/games/{game}/actions/",
                me["token"],
                {"system": "azeroth", "type": kind, "payload": payload, "version": version},
            )
            elapsed = time.perf_counter() - started
            game_body = body.get("game")
            if status not in (201, 409) or not isinstance(game_body, dict):
                raise RuntimeError(f"{kind} answered HTTP {status}: {str(body)[:300]}")
            version = int(game_body["version"])
            with lock:
                load.requests.append(elapsed)
                if status == 201:
                    load.actions.append(time.perf_counter() - first_try)
                    load.applied[game][int(body["action"]["seq"])] = payload
                    load.made[game].append((version, time.monotonic(), number))
                else:
                    load.stale += 1
            if status == 201:
                return version
            time.sleep(rng.uniform(0.0, 0.01))

    threads = [threading.Thread(target=tablet, args=pair, daemon=True) for pair in tablets]
    for thread in threads:
        thread.start()
    try:
        opened.wait()
    except threading.BrokenBarrierError:
        start.ready.abort()
    else:
        at = start.wait()
        times.update(start=at, acts=at + seconds, stop=at + seconds + DRAIN_SECONDS)
        go.set()
    for thread in threads:
        thread.join()
    return load


def hammer(base_url: str, targets: list[dict[str, Any]], until: float, poll: bool) -> Load:
    """Back to back until ``until``: one thread per target, each polling its table with the
    ETag its page last got (every answer must be a 304) or asking /healthz."""
    load = Load()
    lock = threading.Lock()

    def client(target: dict[str, Any]) -> None:
        browser = Browser(base_url, target["session"] if poll else None)
        browser.ticket = target.get("ticket", "") if poll else ""
        try:
            while time.monotonic() < until and not load.failures:
                started = time.perf_counter()
                answer = (
                    browser.poll(target["game"], target["etag"])
                    if poll
                    else browser.get("/healthz")
                )
                elapsed = time.perf_counter() - started
                if answer.status != (304 if poll else 200):
                    raise RuntimeError(f"answered HTTP {answer.status}, not a 304")
                with lock:
                    load.polls += 1
                    load.poll_latencies.append(elapsed)
        except (OSError, RuntimeError) as error:
            with lock:
                load.failures.append(repr(error))
        finally:
            browser.close()

    threads = [threading.Thread(target=client, args=(t,), daemon=True) for t in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return load


def _in_process(queue: Any, job: Callable[..., Load], args: tuple[Any, ...]) -> None:
    sys.setswitchinterval(0.0005)  # hundreds of threads: each gets the lock back soon
    try:
        queue.put(job(*args))
    except BaseException as error:  # reported by the parent
        queue.put(Load(failures=[repr(error)]))


def in_processes(
    jobs: list[tuple[Callable[..., Load], tuple[Any, ...]]],
    start: Start | None = None,
    on_start: Callable[[], object] | None = None,
) -> list[Load]:
    """Run each job in a process of its own; their Loads, once all are done. With ``start``,
    the jobs begin together once every one of them is ready, just after ``on_start``."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    processes = [context.Process(target=_in_process, args=(queue, job, args)) for job, args in jobs]
    for process in processes:
        process.start()
    if start is not None:
        try:
            start.ready.wait()
        except threading.BrokenBarrierError:
            start.go.abort()
        else:
            if on_start is not None:
                on_start()
            start.at.value = time.monotonic() + 0.2
            start.go.wait()
    loads = [queue.get() for _ in processes]
    for process in processes:
        process.join()
    failures = [failure for load in loads for failure in load.failures]
    if failures:
        sys.exit(f"error: {failures[0]} ({len(failures)} failures)")
    return loads


def split(items: list[Any], parts: int) -> list[list[Any]]:
    return [chunk for chunk in (items[n::parts] for n in range(parts)) if chunk]


class ServerCPU:
    """The CPU time the server spends: gunicorn's processes and the PostgreSQL backends of
    the benchmark's database, whatever else the machine runs."""

    def __init__(self, base_url: str, admin_url: str, database: str) -> None:
        self.base_url, self.admin_url, self.database = base_url, admin_url, database

    def snapshot(self) -> dict[int, float]:
        with psycopg.connect(with_database(self.admin_url, "postgres")) as connection:
            rows = connection.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s", (self.database,)
            ).fetchall()
        pids = [*server_pids(self.base_url), *(int(row[0]) for row in rows)]
        return {pid: cpu_seconds([pid]) for pid in pids}

    @staticmethod
    def spent(before: dict[int, float], after: dict[int, float]) -> float:
        """Seconds used between two snapshots (a process started since counts in full)."""
        return sum(used - before.get(pid, 0.0) for pid, used in after.items())


@dataclass(frozen=True)
class Capacity:
    ratio: float
    poll_cpu: float  # server CPU seconds per 304


def capacity(
    base_url: str, tables: list[dict[str, Any]], seconds: float, clients: int, cpu: ServerCPU
) -> Capacity:
    """Polls per second against health checks per second, both back to back with the same
    number of clients, in alternate rounds, and the server's CPU time per answer of each;
    prints them and returns the ratio."""
    pollers = [
        {"game": table["game"], "session": tablet["session"]}
        for table in tables
        for tablet in table["tablets"]
    ][:clients]
    for poller in pollers:  # each opens its page once, untimed: the polls then all answer 304
        browser = Browser(base_url, poller["session"])
        poller["etag"] = browser.poll(poller["game"], "").etag
        poller["ticket"] = browser.ticket
        browser.close()
    totals = {True: [0, 0.0], False: [0, 0.0]}
    used = {True: 0.0, False: 0.0}
    latencies: dict[bool, list[float]] = {True: [], False: []}
    for _round in range(2):
        for poll in (False, True):
            before = cpu.snapshot()
            started = time.monotonic()
            until = started + seconds / 2
            jobs = [(hammer, (base_url, chunk, until, poll)) for chunk in split(pollers, 4)]
            loads = in_processes(jobs)
            totals[poll][0] += sum(load.polls for load in loads)
            totals[poll][1] += time.monotonic() - started
            used[poll] += cpu.spent(before, cpu.snapshot())
            latencies[poll] += [x for load in loads for x in load.poll_latencies]
    rates = {poll: count / elapsed for poll, (count, elapsed) in totals.items()}
    per_answer = {poll: used[poll] / max(1, int(totals[poll][0])) for poll in used}
    ratio = rates[True] / rates[False]
    for poll, label in ((False, "/healthz"), (True, "polls (304)")):
        print(
            f"capacity, {clients} clients back to back: {label} {rates[poll]:,.0f}/s, "
            f"p95 {p95(latencies[poll]) * 1e3:.1f} ms, server CPU {per_answer[poll] * 1e3:.2f} ms "
            f"per answer"
        )
    verdict = "met" if ratio >= RATIO_TARGET else "NOT met"
    print(
        f"poll/healthz ratio {ratio:.2f} (target >= {RATIO_TARGET}: {verdict}; by server CPU "
        f"per answer {per_answer[False] / per_answer[True]:.2f}); at one poll a second per "
        f"tablet this server carries about {rates[True]:,.0f} tablets"
    )
    return Capacity(ratio, per_answer[True])


def sync_delays(loads: list[Load]) -> tuple[list[float], int]:
    """For each action and each other tablet of its table: how long from the action's 201
    until that tablet got the live part at that version or later; and how many never did."""
    delays: list[float] = []
    never = 0
    for load in loads:
        for game, made in load.made.items():
            for version, at, actor in made:
                for number, seen in load.seen[game].items():
                    if number == actor:
                        continue
                    when = next((t for t, v in seen if v >= version), None)
                    if when is None:
                        never += 1
                    else:
                        delays.append(max(0.0, when - at))
    return delays, never


def run_tables(
    base_url: str,
    tables: list[dict[str, Any]],
    seconds: float,
    capacity_seconds: float,
    cpu: ServerCPU,
) -> bool:
    tablets = sum(len(table["tablets"]) for table in tables)
    sizes = [len(table["tablets"]) for table in tables]
    print(
        f"tables: {len(tables)} Azeroth at War games, {tablets} tablets "
        f"({sizes.count(2)} tables of 2, {sizes.count(3)} of 3, {sizes.count(4)} of 4)"
    )
    measured = capacity(base_url, tables, capacity_seconds, clients=16, cpu=cpu)
    ratio = measured.ratio

    chunks = split(tables, LOAD_PROCESSES)
    context = multiprocessing.get_context("fork")
    start = Start(
        context.Barrier(len(chunks) + 1), context.Barrier(len(chunks) + 1), context.Value("d")
    )
    jobs = [(drive_tables, (base_url, chunk, start, seconds, n)) for n, chunk in enumerate(chunks)]
    snapshots: list[dict[int, float]] = []
    loads = in_processes(jobs, start, on_start=lambda: snapshots.append(cpu.snapshot()))
    used = cpu.spent(snapshots[0], cpu.snapshot())
    # from the start until the last tablet had its last answer, past the nominal end when
    # the server was behind
    elapsed = time.monotonic() - start.at.value
    polls = sum(load.polls for load in loads)
    poll_latencies = [x for load in loads for x in load.poll_latencies]
    actions = [x for load in loads for x in load.actions]
    requests = [x for load in loads for x in load.requests]
    stale = sum(load.stale for load in loads)
    changes = [change for load in loads for change in load.changes]
    delays, never = sync_delays(loads)
    print(
        f"{tablets} tablets acting for {seconds:.0f} s and polling for {elapsed:.1f} s, each "
        f"polling every {POLL_SECONDS:g} s and acting every {ACT_SECONDS:g} s (spectators only "
        f"watch): {polls / elapsed:,.0f} polls/s "
        f"(p50 {statistics.median(poll_latencies) * 1e3:.1f} ms, "
        f"p95 {p95(poll_latencies) * 1e3:.1f} ms), "
        f"{len(actions) / seconds:,.1f} actions applied/s ({stale} refused as stale and sent "
        f"again); per action request p95 {p95(requests) * 1e3:.0f} ms"
    )
    action_p95 = p95(actions) * 1e3
    synced = len(delays) + never
    sync_p95 = p95(delays + [float("inf")] * never) if synced else float("nan")
    print(
        f"action p95 {action_p95:.0f} ms (first try to 201, retries included; p50 "
        f"{statistics.median(actions) * 1e3:.0f} ms); sync delay p95 {sync_p95:.2f} s "
        f"(p50 {statistics.median(delays):.2f} s, {synced} action-tablet pairs, "
        f"{never} never seen)"
    )

    # What the load costs the server, whatever else the machine runs: each 304 as measured
    # back to back above; the rest (the actions, their retries, the live parts they make every
    # tablet fetch) shared among the actions applied.
    acting = sum(1 for table in tables for tablet in table["tablets"] if tablet["token"])
    unchanged = polls - len(changes)
    per_action = max(0.0, used - unchanged * measured.poll_cpu) / max(1, len(actions))
    per_tablet = measured.poll_cpu / POLL_SECONDS + acting / tablets * per_action / ACT_SECONDS
    cores = os.cpu_count() or 1
    print(
        f"server CPU: {used:.1f} s in those {elapsed:.1f} s ({used / elapsed:.2f} of this "
        f"machine's {cores} cores); {per_action * 1e3:.0f} ms per action applied, with the "
        f"live parts it makes the table fetch; at these costs {cores} cores to itself would "
        f"carry about {cores / per_tablet:,.0f} tablets at this pace"
    )

    missing = unanswered = 0
    for load in loads:
        for game, applied in load.applied.items():
            table = next(t for t in tables if t["game"] == game)
            check = check_entries(
                read_log(base_url, game, table["host_token"]), applied, table["version"]
            )
            missing += check.missing + (0 if check.gapless else 1)
            unanswered += check.unanswered
    lost = missing + unanswered
    print(
        f"lost actions: {lost} (answered 201 but not in the log as sent: {missing}; "
        f"in the log but answered 201 to nobody: {unanswered})"
    )

    wire = [w for w, _ in changes]
    unzipped = [u for _, u in changes]
    change_bytes = statistics.mean(wire) if wire else float("nan")
    print(
        f"a change costs each tablet {change_bytes / 1000:.1f} KB on the wire (mean of "
        f"{len(wire)} live parts, headers included, as served; p95 {p95(wire) / 1000:.1f} KB, "
        f"max {max(wire, default=0) / 1000:.1f} KB); the live part uncompressed is "
        f"{statistics.mean(unzipped) / 1000:.1f} KB on average"
    )
    results = (
        ("poll/healthz ratio", ratio >= RATIO_TARGET, f"{ratio:.2f} >= {RATIO_TARGET}"),
        (
            "sync p95",
            sync_p95 < SYNC_P95_TARGET,
            f"{sync_p95:.2f} s < {SYNC_P95_TARGET} s",
        ),
        (
            "action p95",
            action_p95 < ACTION_P95_TARGET_MS,
            f"{action_p95:.0f} ms < {ACTION_P95_TARGET_MS:.0f} ms",
        ),
        ("nothing lost", lost == 0, f"{lost} lost"),
        (
            "change on the wire",
            change_bytes < CHANGE_BYTES_TARGET,
            f"{change_bytes / 1000:.1f} KB < {CHANGE_BYTES_TARGET / 1000:.0f} KB",
        ),
    )
    print(
        f"targets at {tablets} tablets: "
        + "; ".join(f"{name} {'met' if ok else 'NOT met'} ({text})" for name, ok, text in results)
    )
    return lost == 0


# --- the run --------------------------------------------------------------------------------


def prepare(env: dict[str, str], tables: list[int]) -> dict[str, Any]:
    """bench/prepare.py's data, made in a process of its own on the benchmark's database."""
    request = {"tables": tables, "seats": TABLE_SEATS, "opening": OPENING}
    prepared = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", "from bench.prepare import main; main()"],
        cwd=ROOT,
        env=env,
        input=json.dumps(request),
        capture_output=True,
        text=True,
    )
    if prepared.returncode != 0:
        sys.exit(f"error: preparing the data failed:\n{prepared.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(prepared.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short phases: under a minute")
    parser.add_argument(
        "--run", choices=("all", "one-game", "tables"), default="all", help="which runs (all)"
    )
    parser.add_argument(
        "--rate", type=float, default=1.0, help="one game: actions per second per tablet (1)"
    )
    parser.add_argument(
        "--tablets",
        type=int,
        help=f"tables: tablets in all ({TABLETS}; {QUICK_TABLETS} with --quick)",
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (4)")
    args = parser.parse_args()
    if args.tablets is None:
        args.tablets = QUICK_TABLETS if args.quick else TABLETS
    if args.tablets < 2:
        parser.error("--tablets: a table has at least 2 tablets")
    server = server_url()
    name = f"referee_bench_{uuid.uuid4().hex[:10]}"
    try:
        admin(server, f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as error:
        sys.exit(f"error: PostgreSQL does not answer at {server}: {error}")
    database = with_database(server, name)
    # one key for the sessions made here and the server that reads them
    secret = {"SECRET_KEY": secrets.token_urlsafe(50)}
    env = {**os.environ, "DATABASE_URL": database, **secret}
    ok = True
    quiet = {"LOG_LEVEL": "ERROR", **secret}  # a 409 is expected: not worth a log line
    static_root = tempfile.TemporaryDirectory(prefix="referee-static-")
    collecting = collect_static(static_root.name, quiet)  # meanwhile, the data is made
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--verbosity=0"], cwd=ROOT, env=env, check=True
        )
        sizes = table_sizes(args.tablets) if args.run in ("all", "tables") else []
        ids = prepare(env, sizes)
        if collecting.wait() != 0:
            sys.exit("error: collectstatic failed")
        os.environ["DATABASE_URL"] = database  # gunicorn_server passes os.environ on
        cache = "Redis (CACHE_URL)" if os.environ.get("CACHE_URL") else "local memory"
        print(f"gunicorn, {args.workers} sync workers; cache: {cache}")
        with gunicorn_server(
            args.workers, extra_env=quiet, static_root=static_root.name
        ) as base_url:
            if args.run in ("all", "one-game"):
                seconds = 3.0 if args.quick else 10.0
                ok &= run_one_game(base_url, ids, seconds, args.rate)
            if args.run in ("all", "tables"):
                seconds, capacity_seconds = (8.0, 4.0) if args.quick else (30.0, 10.0)
                cpu = ServerCPU(base_url, server, name)
                ok &= run_tables(base_url, ids["tables"], seconds, capacity_seconds, cpu)
    finally:
        os.environ["DATABASE_URL"] = server
        admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        collecting.wait()
        static_root.cleanup()
    if not ok:
        sys.exit("error: a log does not match the actions answered 201")


if __name__ == "__main__":
    main()
