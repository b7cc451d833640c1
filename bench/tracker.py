"""How does the game tracker hold up: twenty tablets posting to one game, and tables of tablets
polling one server, then two.

Run from the project root (PostgreSQL must answer; the default is the local server)::

    .venv/bin/python bench/tracker.py              # every run: phases of 100 and 800 tablets
    .venv/bin/python bench/tracker.py --quick      # every run, short: 50 and 100 tablets
    .venv/bin/python bench/tracker.py --run tables --tablets 100,400,1200
    .venv/bin/python bench/tracker.py --run two-servers --quick
    CACHE_URL=redis://127.0.0.1:6379/1 .venv/bin/python bench/tracker.py --run tables
    .venv/bin/python bench/tracker.py --run tables --tablets 100 --by-request

It creates a throwaway PostgreSQL database, migrates it, makes its games, accounts, sessions and
tokens through the app's own services (bench/prepare.py, in a process of its own) and serves
Referee under gunicorn on it (DEBUG off, as deployed; static files collected once and kept
between runs, bench/server.py). The load comes from client processes on the same machine, so
on a machine busy with other work every rate and latency is lower than the server can do; the
server's CPU time (gunicorn's processes and the database's backends, read from /proc) is not.

**One game** (``--run one-game``). Twenty client threads, each with its own connection, post
actions with the host's API token to one AZRAH game (the engine's example setup) through
POST /api/games/<id>/actions/, each carrying the version it last saw, as a tablet does: a
status on a Guardian of the first player's front row, told apart by a random number of turns.
A 409 (someone else got there first) answers the current version, and the client sends its
action again with it after a random 0-10 ms. First each tablet sends one action a second
(twenty a second into one game, far more than a table makes); then all twenty send back to
back, to show where it saturates. It prints the actions applied per second, the latency of
every request at p50 and p95 (target p95 < 50 ms at one action a second each), the time from
an action's first try to its 201 (retries included), how many were refused as stale and the
server's CPU time per request and per action applied; then it reads the log back and checks
that it holds exactly the actions answered 201, numbered 1..N without a gap, each with the
payload sent.

**Tables** (``--run tables``). Azeroth at War games at tables of 2 to 4 tablets (the two
players, then the table's own device, logged in as the host, then a spectator), in phases of
growing size (``--tablets``: 100 then 800; the second phase's tables include the first's). Two
doors, as the app has: the players and the spectator poll the table page's live part as the
page does (signed in with a session cookie, htmx's headers, If-None-Match with the ETag they
last got, the poll ticket their page gave, Accept-Encoding gzip); the table device polls
GET /api/games/<id>/ as a tool does (``Authorization: Token ...``, If-None-Match, gzip). Every
tablet polls once a second. Each table records one action every 5 s on average, at Poisson
times (a damage or a heal of a model of its own side, by one of its players or its device,
drawn at random: a player through the table page's control as the page posts it, its form
through htmx with the session and the CSRF token, answered with the page's live part; the
device through POST /api/games/<id>/actions/); every tablet opens its page or state before
the clock starts. For each phase it first measures the capacity of each door: answers per
second back to back by 16 clients (every answer a 304), against ``/healthz`` asked the same
way, in alternating rounds, with the server's CPU time per answer; then the paced load for the
phase's time (60 s; 8 s with --quick), after which each tablet polls on for 2.5 s and until
it has polled since its table's last action was answered (at most a minute more: a server
that lags shows in the sync p95, rather than as tablets that never saw a change). It prints
a table, one column per phase, each figure beside its target with ok or MISSED:

- tablets (by door) and tables; polls per second under the paced load, by door;
- answers per second back to back: /healthz, the page's 304 and the API's 304; and what a
  poll that finds nothing changed costs, in /healthz checks, two ways: the health checks
  answered per second over that door's 304s answered per second, and the server's CPU time
  per 304 over its CPU time per health check (target <= 1.25 both ways, for each door: a
  server that answers 1,000 health checks a second then carries 800 tablets). The detail
  line above the table gives each one's p95 and CPU time per answer besides;
- actions applied per second, action p95 (first try to 201, retries included; < 100 ms);
- sync p95: from an action's 201 to each other tablet of its table getting that version or a
  later one, by a poll or in the answer to an action of its own (< 1.5 s), with any tablet
  that never got it counted as infinitely late;
- lost actions: a 201 whose entry is not in the log as sent, an entry nobody was answered
  201 for, or a gap in the log (target none);
- what a change costs each tablet on the wire: the mean 200 answer, headers included, as
  served (gzip), for each door (< 10 KB);
- the server's CPU time per change: everything the server spent under the paced load but
  the polls that found nothing, over the actions applied, so an action with the refreshes
  it makes its table fetch (a table holds 3 tablets on average; the tablet that acted gets
  what it shows next in the answer to its action, and polls on with that answer's ETag,
  answered 304; <= 15 ms); and the server's CPU use in cores. A poll that finds nothing is
  priced by a quiet run before the paced load: the same tablets polling at the same pace for
  10 s (--quick: 8 s) with no action. At that pace a poll costs about twice what it does
  back to back (each one wakes a worker and opens a connection), so pricing it back to back
  would charge the difference to the changes; the detail line gives both.

**Pushed parts** (``--push``, with ``tables`` or ``two-servers``). The players and the
spectator hold their table page's stream of server-sent events (``/games/<id>/events/``, from
the ETag their page opened at, with its session and gzip, as the browser does) from a uvicorn
started beside each gunicorn with ``LIVE_EVENTS`` on (one process, or ``--stream-workers``
of them sharing its port, each with its own hub), and never poll; each part the
stream pushes counts as that tablet seeing its version, and as a change on the wire. The
servers share a Redis cache, as docs/operations.md says to run streams (unless CACHE_URL
names one, the benchmark's own Redis database as for two servers, below), so the stream
server reads the part gunicorn rendered for the player who acted. The table device still
polls the API. The quiet run then prices what the tablets cost while nothing
changes by the second rather than by the poll, and the figures add the streams open, the
stream servers' resident memory with them open (and before) and their share of the CPU.

**By request** (``--by-request``). The servers run with ``bench.timing_settings``: a
middleware first in line adds up, in each process, the CPU time its thread spent inside
Django on each kind of request (``page GET 200``, a page's refresh with its part rendered;
``page POST 200``, a player's form; ``api POST 201``, the device's action; the 304s...),
and each phase prints what each kind cost under the paced load. Unlike the CPU per change,
which takes what the polls cost away from the whole server's time, these move little from
run to run; they leave out the WSGI server's own share and PostgreSQL's.

**Two servers** (``--run two-servers``). The largest phase again, on two gunicorn instances
on two ports, half the workers each, sharing the database and one Redis cache
(``CACHE_URL=redis://127.0.0.1:6379/<--cache-db>``, 9 by default, emptied before and after:
the benchmark keeps that database of Redis to itself), so sessions, throttles and rendered
pieces are shared; the tablets of each table alternate between the two servers, so a change
made through one is seen through the other. It prints the same table (Redis's own CPU time
is not counted), and fails when an action is lost or sync p95 is not under 1.5 s.

``--run all`` (the default) runs the three in turn. It exits non-zero when an action is lost
in any run, or sync p95 is missed on two servers; every other target is reported, not
enforced, as the machine's other work moves the rates and latencies. DATABASE_URL names the
server to use (its database part is ignored: the benchmark makes and drops its own).
"""

from __future__ import annotations

import argparse
import gzip
import html
import http.client
import json
import math
import multiprocessing
import os
import random
import re
import secrets
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
import redis  # noqa: E402

from bench import timing  # noqa: E402
from bench.server import (  # noqa: E402
    HOST,
    CollectedStatic,
    cpu_seconds,
    gunicorn_server,
    server_pids,
    uvicorn_server,
)

DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
POLL_TICKET_HEADER = "X-Poll-Ticket"  # as games.tracker.http names it

# The one-game run.
CLIENTS = 20
P95_TARGET_MS = 50.0

# The tables runs: the phases, the targets, and how a tablet behaves.
PHASES = (100, 800)  # tablets; each phase's tables include the one before's
QUICK_PHASES = (50, 100)
PHASE_SECONDS = 60.0
QUICK_PHASE_SECONDS = 8.0
CAPACITY_SECONDS = 3.0  # each round of back-to-back answers; two rounds of each kind
QUICK_CAPACITY_SECONDS = 0.75
CAPACITY_CLIENTS = 16
QUIET_SECONDS = 10.0  # the run with no action that prices a poll that finds nothing
POLL_COST_TARGET = 1.25  # /healthz checks a 304 poll may cost
SYNC_P95_TARGET = 1.5  # seconds
ACTION_P95_TARGET_MS = 100.0
CHANGE_BYTES_TARGET = 10_000
CPU_PER_CHANGE_TARGET_MS = 15.0
POLL_SECONDS = 1.0  # as the page (games.tracker.table_page.POLL_SECONDS)
TABLE_ACT_SECONDS = 5.0  # a table's mean time between actions (Poisson)
# After the last action, each tablet polls on for at least DRAIN_SECONDS, and until it has
# polled since its table's last action was answered (or GIVE_UP_SECONDS have passed): so on
# a server that lags, sync p95 says how late, rather than that some tablets never saw it.
DRAIN_SECONDS = 2.5
GIVE_UP_SECONDS = 60.0
LOAD_PROCESSES = 4  # client processes, so one interpreter's lock does not slow the tablets
CACHE_DB = 9  # the Redis database of the two-servers run
DOORS = ("page", "api")
# What each tablet of a table is, in the order tables fill: who it is, the model it damages
# and heals (a model of its own side, so no two tablets touch one model; None: it only
# watches) and how it polls (the table page with its session, or the API with its token).
TABLE_SEATS: tuple[dict[str, Any], ...] = (
    {"role": "player", "seat": 0, "model": "thrall-warchief-1", "door": "page"},
    {"role": "player", "seat": 1, "model": "jaina-proudmoore-1", "door": "page"},
    {"role": "host", "seat": None, "model": "orc-shaman-1", "door": "api"},
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


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


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
    cpu: float = 0.0  # the server's CPU seconds

    def report(self) -> str:
        quantiles = statistics.quantiles(self.latencies, n=100)
        p50, p95 = quantiles[49] * 1e3, quantiles[94] * 1e3
        whole = statistics.quantiles(self.action_times, n=100)
        return (
            f"{self.name}: {len(self.applied) / self.seconds:,.0f} actions applied/s "
            f"({len(self.applied)} in {self.seconds:.1f} s; {self.stale} refused as stale and "
            f"sent again); latency per request p50 {p50:.1f} ms, p95 {p95:.1f} ms; "
            f"per action, retries included, p50 {whole[49] * 1e3:.0f} ms, "
            f"p95 {whole[94] * 1e3:.0f} ms; server CPU {self.cpu / len(self.latencies) * 1e3:.1f} "
            f"ms per request, {self.cpu / max(1, len(self.applied)) * 1e3:.1f} ms per action "
            f"applied"
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
    cpu: ServerCPU,
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
    before = cpu.snapshot()
    for thread in threads:
        thread.join()
    phase.seconds = time.monotonic() - started
    phase.cpu = cpu.spent(before, cpu.snapshot())
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


def run_one_game(
    base_url: str, prepared: dict[str, Any], seconds: float, rate: float, cpu: ServerCPU
) -> bool:
    game, token, guardians = prepared["game"], prepared["token"], prepared["guardians"]
    paced = Phase(f"{CLIENTS} tablets, each {rate:g} actions/s", seconds)
    play(base_url, game, token, guardians, paced, 1.0 / rate, cpu)
    print(paced.report())
    flat_out = Phase(f"{CLIENTS} clients back to back (saturation)", seconds)
    play(base_url, game, token, guardians, flat_out, None, cpu)
    print(flat_out.report())
    applied = {**paced.applied, **flat_out.applied}
    check = check_entries(read_log(base_url, game, token), applied, prepared["version"])
    print(
        f"log: {check.entries} entries, numbered 1..{check.entries} without a gap: "
        f"{check.gapless}; actions answered 201 but not in the log as sent: {check.missing}; "
        f"entries nobody was answered 201 for: {check.unanswered}"
    )
    verdict = "ok" if paced.p95_ms < P95_TARGET_MS and check.ok else "MISSED"
    print(
        f"target p95 < {P95_TARGET_MS:.0f} ms for {CLIENTS} tablets with no action lost: "
        f"{verdict} (p95 {paced.p95_ms:.1f} ms)"
    )
    return check.ok


# --- tablets at tables ----------------------------------------------------------------------


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


def phase_sizes(phases: Sequence[int]) -> list[int]:
    """The tables of every phase: each phase's first tables are the phase before's, and the
    tables it adds hold the tablets it adds."""
    sizes: list[int] = []
    for before, tablets in zip((0, *phases), phases, strict=False):
        sizes += table_sizes(tablets - before)
    return sizes


@dataclass
class Answer:
    status: int
    body: bytes
    wire: int  # bytes on the wire: status line, headers, body as sent
    etag: str


class Browser:
    """One tablet's connection to one server, as it sends requests: through the table page
    (``door`` page, signed in with ``session``) or the API (``door`` api, with ``token``)."""

    def __init__(
        self,
        base_url: str,
        session: str | None = None,
        token: str | None = None,
        door: str = "page",
    ) -> None:
        parts = urlsplit(base_url)
        self.base_url = base_url
        # a saturated server queues requests for a long time; a tablet waits for its answer
        self.connection = http.client.HTTPConnection(
            parts.hostname or HOST, parts.port, timeout=600
        )
        self.session = session if door == "page" else None
        self.token = token
        self.door = door
        self.ticket = ""  # the poll ticket the page last gave (games.tracker.http)
        # the page's CSRF secret, in its cookie and with each form it posts, as a browser
        # holds the one Django set (the unmasked secret: Django takes either form)
        self.csrf = secrets.token_hex(16)

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        sent = {"Accept-Encoding": "gzip, deflate", **(headers or {})}
        if self.session:
            sent["Cookie"] = self.cookie()
        self.connection.request("GET", path, headers=sent)
        return self._answer()

    def cookie(self) -> str:
        """The page's cookies: its session and its CSRF secret."""
        return f"sessionid={self.session}; csrftoken={self.csrf}"

    def submit(self, game: str, kind: str, payload: dict[str, Any], version: int) -> Answer:
        """An action posted as the table page's control posts it: its form, through htmx,
        with the session and the CSRF token; answered with the page's live part as it now
        is (200, or 409 when the game had moved on), whose ETag and poll ticket the page
        keeps for its next poll."""
        fields = {
            "csrfmiddlewaretoken": self.csrf,
            "type": kind,
            "version": str(version),
            "control": f"{kind}:{payload.get('model', '')}",
            "seat": "",
            **{f"p.{name}": str(value) for name, value in payload.items()},
        }
        path = f"/games/{game}/act/"
        headers = {
            "Accept-Encoding": "gzip, deflate",
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookie(),
            "X-CSRFToken": self.csrf,
            "HX-Request": "true",
            "HX-Target": "live",
            "HX-Current-URL": f"{self.base_url}/games/{game}/",
            "Accept": "*/*",
        }
        self.connection.request("POST", path, body=urlencode(fields).encode(), headers=headers)
        answer = self._answer()
        if answer.status in (200, 409):
            self.ticket = poll_ticket_in(answer) or self.ticket
        return answer

    def poll(self, game: str, etag: str) -> Answer:
        """What the tablet asks every second: the page's live part as htmx asks for it, or
        the game's state from the API."""
        if self.door == "api":
            headers = {"Accept": "application/json", "Authorization": f"Token {self.token}"}
            if etag:
                headers["If-None-Match"] = etag
            return self.get(f"/api/games/{game}/", headers)
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

    def post(self, path: str, body: object) -> tuple[int, dict[str, Any], str]:
        """The answer's status, its JSON and its ETag (that of the state it holds)."""
        headers = {
            "Authorization": f"Token {self.token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        }
        self.connection.request("POST", path, body=json.dumps(body).encode(), headers=headers)
        response = self.connection.getresponse()
        answer = json.loads(response.read() or b"{}")
        return response.status, answer, response.getheader("ETag") or ""

    def _answer(self) -> Answer:
        response = self.connection.getresponse()
        body = response.read()
        head = len(f"HTTP/1.1 {response.status} {response.reason}\r\n") + len(str(response.msg))
        return Answer(response.status, body, head + len(body), response.getheader("ETag") or "")

    def close(self) -> None:
        self.connection.close()


class EventStream:
    """A table page's stream of server-sent events (games/views/events.py), read as the
    browser reads it: signed in with the session, from the ETag the page was opened at,
    compressed when the server compresses it."""

    def __init__(self, base_url: str, session: str, game: str, since: str) -> None:
        parts = urlsplit(base_url)
        self.connection = http.client.HTTPConnection(
            parts.hostname or HOST, parts.port, timeout=600
        )
        headers = {
            "Cookie": f"sessionid={session}",
            "Accept": "text/event-stream",
            "Accept-Encoding": "gzip, deflate",
        }
        query = urlencode({"since": since})
        self.connection.request("GET", f"/games/{game}/events/?{query}", headers=headers)
        self.response = self.connection.getresponse()
        if self.response.status != 200:
            raise RuntimeError(f"the stream answered HTTP {self.response.status}")
        gzipped = self.response.getheader("Content-Encoding") == "gzip"
        self.inflate = zlib.decompressobj(31) if gzipped else None

    def events(self) -> Iterator[tuple[str, str, int, int]]:
        """Each event as it comes: its name, its id, the bytes it took on the wire (with
        the chunk's framing, as read) and its size unpacked; until the stream ends."""
        pending = b""
        wire = 0
        while True:
            try:
                chunk = self.response.read1(65536)
            except (OSError, ValueError, AttributeError, http.client.HTTPException):
                return  # closed by ``close`` (http.client may trip over its closed file)
            if not chunk:
                return
            wire += len(chunk)
            pending += self.inflate.decompress(chunk) if self.inflate else chunk
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                fields = dict(
                    line.split(b": ", 1)
                    for line in block.split(b"\n")
                    if line.startswith(b"e") or line.startswith(b"id")
                )
                if b"event" in fields:
                    yield (
                        fields[b"event"].decode(),
                        fields.get(b"id", b"").decode(),
                        wire,
                        len(block),
                    )
                    wire = 0

    def close(self) -> None:
        sock = self.connection.sock
        if sock is not None:
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        with suppress(AttributeError, OSError):  # http.client trips over its closed file
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


def server_of(servers: Sequence[str], number: int) -> str:
    """The server tablet ``number`` of its table talks to: with two, the tablets of a table
    alternate between them."""
    return servers[number % len(servers)]


@dataclass
class Load:
    """What the tablets of one client process saw."""

    polls: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DOORS, 0))
    poll_latencies: dict[str, list[float]] = field(
        default_factory=lambda: {door: [] for door in DOORS}
    )
    # per door, each 200 answer: (wire bytes, unzipped)
    changes: dict[str, list[tuple[int, int]]] = field(
        default_factory=lambda: {door: [] for door in DOORS}
    )
    answered: int = 0  # back to back: every answer, in the time or just after it
    pushes: int = 0  # events a stream sent
    requests: list[float] = field(default_factory=list)  # every action request
    actions: list[float] = field(default_factory=list)  # first try to 201
    stale: int = 0
    opened: dict[str, int] = field(default_factory=dict)  # game: its version when opened
    # game: the tablets that acted an odd number of times, whose model is left wounded if
    # it was whole, or whole if it was wounded (a later phase at the table starts from that)
    flipped: dict[str, set[int]] = field(default_factory=dict)
    applied: dict[str, dict[int, dict[str, Any]]] = field(default_factory=dict)
    made: dict[str, list[tuple[int, float, int]]] = field(default_factory=dict)  # v, t, tablet
    seen: dict[str, dict[int, list[tuple[float, int]]]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Start:
    """How client processes start together: each gets ready (opens its connections or its
    tablets' pages) and waits at ``ready``; the parent then sets ``at`` (the system's
    monotonic clock, a moment ahead) and all pass ``go``."""

    ready: Any  # multiprocessing barriers, for the client processes and the parent
    go: Any
    at: Any  # a shared double

    @classmethod
    def make(cls, processes: int) -> Start:
        context = multiprocessing.get_context("fork")
        return cls(
            context.Barrier(processes + 1), context.Barrier(processes + 1), context.Value("d")
        )

    def wait(self) -> float:
        self.ready.wait()
        self.go.wait()
        at: float = self.at.value
        return at


def drive_tables(
    servers: list[str],
    tables: list[dict[str, Any]],
    start: Start,
    seconds: float,
    seed: int,
    acting: bool,
    streams: Sequence[str] = (),
) -> Load:
    """The tablets of ``tables`` open their page or state, then (once every client process
    is ready) poll every second for ``seconds`` and a little more; each table acts at Poisson
    times, once every ``TABLE_ACT_SECONDS`` on average, for ``seconds`` (not at all when not
    ``acting``: the same polls, none of which finds a change). With ``streams`` (the servers
    that hold streams, beside ``servers``), a tablet on the page holds its page's stream of
    server-sent events instead of polling, and stops once it has been sent its table's last
    change."""
    load = Load()
    lock = threading.Lock()
    tablets = [(table, number) for table in tables for number in range(len(table["tablets"]))]
    opened = threading.Barrier(len(tablets) + 1)
    opening = threading.BoundedSemaphore(4)
    times: dict[str, float] = {}
    go = threading.Event()
    sending: dict[str, int] = {}  # game: its tablets' actions waiting for an answer
    answered: dict[str, float] = {}  # game: when its last action was answered

    def settled(game: str, polled: float, now: float) -> bool:
        """Whether a tablet of ``game`` that last polled at ``polled`` may stop now."""
        if now < times["stop"]:
            return False
        with lock:
            last = math.inf if sending.get(game) else answered.get(game, -math.inf)
        return polled >= last or now >= times["stop"] + GIVE_UP_SECONDS

    def caught_up(game: str, seen: list[tuple[float, int]], now: float) -> bool:
        """Whether a tablet of ``game`` holding a stream may stop now: it has been sent (or
        answered) the table's last change."""
        if now < times["stop"]:
            return False
        with lock:
            busy = sending.get(game)
            last = max((v for v, _, _ in load.made[game]), default=0)
            got = max((v for _, v in seen), default=0)
        return (not busy and got >= last) or now >= times["stop"] + GIVE_UP_SECONDS

    def listen(stream: EventStream, game: str, seen: list[tuple[float, int]]) -> None:
        """What the stream sends, as it comes: each change's version, and its size."""
        try:
            for name, event_id, wire, size in stream.events():
                at = time.monotonic()
                if name != "live":
                    raise RuntimeError(f"the stream sent a {name!r} event")
                with lock:
                    seen.append((at, version_of(event_id)))
                    load.pushes += 1
                    load.changes["page"].append((wire, size))
        except (RuntimeError, ValueError) as error:
            with lock:
                load.failures.append(f"table {game}: {error!r}")

    def tablet(table: dict[str, Any], number: int) -> None:
        game, me = table["game"], table["tablets"][number]
        door = me["door"]
        browser = Browser(server_of(servers, number), me["session"], me["token"], door)
        push = door == "page" and bool(streams)
        stream: EventStream | None = None
        listener: threading.Thread | None = None
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
            with lock:
                load.opened[game] = version
            if push:
                with opening:
                    stream = EventStream(server_of(streams, number), me["session"], game, etag)
                listener = threading.Thread(target=listen, args=(stream, game, seen), daemon=True)
                listener.start()
            # The table's actions are a Poisson process: each of its k acting tablets one
            # of rate 1/(k * TABLE_ACT_SECONDS), and together one of rate 1/TABLE_ACT_SECONDS.
            actors = sum(1 for t in table["tablets"] if t["model"] is not None)
            mean_gap = TABLE_ACT_SECONDS * actors
            damaged = bool(me.get("wounded"))
            opened.wait()
            go.wait()
            start_at, act_until = times["start"], times["acts"]
            # a tablet holding a stream never polls
            next_poll = math.inf if push else start_at + rng.uniform(0.0, POLL_SECONDS)
            next_act = (
                start_at + rng.expovariate(1.0 / mean_gap)
                if me["model"] and acting
                else float("inf")
            )
            polled = -math.inf
            while not load.failures:
                now = time.monotonic()
                if caught_up(game, seen, now) if push else settled(game, polled, now):
                    return
                # an action is sent no later than the acting time (one falling due while the
                # tablet waited on a slow answer is sent late, or not at all past that time),
                # so a tablet that stops polling after it has seen every action misses none
                if next_act <= next_poll and next_act < act_until and now < act_until:
                    time.sleep(max(0.0, next_act - now))
                    kind, payload = table_action(me["model"], damaged)
                    with lock:  # the version the tablet shows: its stream's last part included
                        version = max([version, *(v for _, v in seen)])
                    version, answered_etag = act(browser, game, number, kind, payload, version, rng)
                    # its answer shows the game at that version, others' changes included,
                    # and its next poll, with that answer's ETag, is a 304
                    seen.append((time.monotonic(), version))
                    etag = answered_etag
                    damaged = not damaged
                    with lock:
                        load.flipped.setdefault(game, set()).symmetric_difference_update({number})
                    next_act += rng.expovariate(1.0 / mean_gap)
                    continue
                if push:  # the stream brings the changes: wait for the next action or the end
                    # (an action that fell due while the tablet waited on a slow answer, and
                    # is past the acting time, is not sent: waiting for it would spin)
                    acts = next_act < act_until and now < act_until
                    due = next_act if acts else max(times["stop"], now + 0.1)
                    time.sleep(max(0.0, due - now))
                    continue
                time.sleep(max(0.0, next_poll - now))
                if settled(game, polled, time.monotonic()):
                    return
                polled = time.monotonic()
                started = time.perf_counter()
                answer = browser.poll(game, etag)
                elapsed = time.perf_counter() - started
                at = time.monotonic()
                if answer.status == 200:
                    etag = answer.etag
                    version = max(version, version_of(etag))
                    seen.append((at, version_of(etag)))
                elif answer.status != 304:
                    raise RuntimeError(f"a {door} poll answered HTTP {answer.status}")
                with lock:
                    load.polls[door] += 1
                    load.poll_latencies[door].append(elapsed)
                    if answer.status == 200:
                        load.changes[door].append((answer.wire, unzipped_size(answer)))
                next_poll = max(next_poll + POLL_SECONDS, time.monotonic())
        except (OSError, RuntimeError, ValueError, KeyError) as error:
            with lock:
                load.failures.append(f"table {game}, tablet {number}: {error!r}")
            opened.abort()
        finally:
            browser.close()
            if stream is not None:
                stream.close()
            if listener is not None:
                listener.join(timeout=5)

    def act(
        browser: Browser,
        game: str,
        number: int,
        kind: str,
        payload: dict[str, Any],
        version: int,
        rng: random.Random,
    ) -> tuple[int, str]:
        """Send the action until it is applied, sent again after each 409 with the version
        it answered; the version the 201 answered, and the ETag of the state it holds.
        Meanwhile the table counts as sending."""
        with lock:
            sending[game] = sending.get(game, 0) + 1
        first_try = time.perf_counter()
        try:
            while True:
                started = time.perf_counter()
                seq, version, answered_etag = sent(browser, game, kind, payload, version)
                elapsed = time.perf_counter() - started
                with lock:
                    load.requests.append(elapsed)
                    if seq is not None:
                        load.actions.append(time.perf_counter() - first_try)
                        load.applied[game][seq] = payload
                        load.made[game].append((version, time.monotonic(), number))
                    else:
                        load.stale += 1
                if seq is not None:
                    return version, answered_etag
                time.sleep(rng.uniform(0.0, 0.01))
        finally:
            with lock:
                sending[game] -= 1
                answered[game] = time.monotonic()

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


def sent(
    browser: Browser, game: str, kind: str, payload: dict[str, Any], version: int
) -> tuple[int | None, int, str]:
    """One try at an action, through the tablet's door: a player's page posts its form, the
    table's device the API. The number the log gave the action (None when it was refused
    as stale), the version the answer shows, and its ETag."""
    if browser.door == "page":
        answer = browser.submit(game, kind, payload, version)
        if answer.status not in (200, 409) or not answer.etag:
            raise RuntimeError(f"{kind} answered HTTP {answer.status}: {answer.body[:300]!r}")
        shown = version_of(answer.etag)
        # one entry recorded: the action, numbered as the version it made
        return (shown if answer.status == 200 else None), shown, answer.etag
    status, body, answered_etag = browser.post(
        f"/api/games/{game}/actions/",
        {"system": "azeroth", "type": kind, "payload": payload, "version": version},
    )
    game_body = body.get("game")
    if status not in (201, 409) or not isinstance(game_body, dict):
        raise RuntimeError(f"{kind} answered HTTP {status}: {str(body)[:300]}")
    seq = int(body["action"]["seq"]) if status == 201 else None
    return seq, int(game_body["version"]), answered_etag


def hammer(targets: list[dict[str, Any]], kind: str, start: Start, seconds: float) -> Load:
    """Back to back for ``seconds`` from the common start: one thread per target, each
    polling its table through its door with the ETag it last got (every answer must be a
    304), or asking /healthz (``kind`` healthz). Counts, under ``polls[kind]``, the answers
    that came within the time; ``poll_latencies[kind]`` holds every answer's."""
    load = Load(polls={kind: 0}, poll_latencies={kind: []})
    lock = threading.Lock()
    go = threading.Event()
    times: dict[str, float] = {}
    polling = kind != "healthz"
    browsers = []
    for target in targets:  # each connects before the clock starts
        browser = Browser(
            target["server"],
            target.get("session") if polling else None,
            target.get("token"),
            kind if polling else "page",
        )
        browser.ticket = target.get("ticket", "") if polling else ""
        browser.get("/healthz")
        browsers.append(browser)

    def client(target: dict[str, Any], browser: Browser) -> None:
        try:
            go.wait()
            until = times["until"]
            while time.monotonic() < until and not load.failures:
                started = time.perf_counter()
                answer = (
                    browser.poll(target["game"], target["etag"])
                    if polling
                    else (browser.get("/healthz"))
                )
                elapsed = time.perf_counter() - started
                if answer.status != (304 if polling else 200):
                    raise RuntimeError(f"{kind} answered HTTP {answer.status}")
                with lock:
                    load.answered += 1
                    load.poll_latencies[kind].append(elapsed)
                    if time.monotonic() <= until:
                        load.polls[kind] += 1
        except (OSError, RuntimeError) as error:
            with lock:
                load.failures.append(f"{kind}: {error!r}")
        finally:
            browser.close()

    threads = [
        threading.Thread(target=client, args=pair, daemon=True)
        for pair in zip(targets, browsers, strict=True)
    ]
    for thread in threads:
        thread.start()
    at = start.wait()
    times["until"] = at + seconds
    time.sleep(max(0.0, at - time.monotonic()))
    go.set()
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
    jobs: list[tuple[Callable[..., Load], tuple[Any, ...]]], start: Start, cpu: ServerCPU
) -> tuple[list[Load], float]:
    """Run each job in a process of its own, all beginning together at ``start`` once every
    one is ready; their Loads, once all are done, and the server's CPU time from the start
    until then."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    processes = [context.Process(target=_in_process, args=(queue, job, args)) for job, args in jobs]
    for process in processes:
        process.start()
    before: dict[int, float] = {}
    try:
        start.ready.wait()
    except threading.BrokenBarrierError:
        start.go.abort()
    else:
        before = cpu.snapshot()
        start.at.value = time.monotonic() + 0.2
        start.go.wait()
    loads = [queue.get() for _ in processes]
    used = cpu.spent(before, cpu.snapshot())
    for process in processes:
        process.join()
    failures = [failure for load in loads for failure in load.failures]
    if failures:
        sys.exit(f"error: {failures[0]} ({len(failures)} failures)")
    return loads, used


def split(items: list[Any], parts: int) -> list[list[Any]]:
    return [chunk for chunk in (items[n::parts] for n in range(parts)) if chunk]


class ServerCPU:
    """The CPU time the server spends: the gunicorn processes of ``servers`` and the
    PostgreSQL backends of the benchmark's database, whatever else the machine runs."""

    def __init__(
        self, servers: list[str], admin_url: str, database: str, streams: Sequence[str] = ()
    ) -> None:
        self.servers, self.admin_url, self.name = [*servers, *streams], admin_url, database
        self.stream_servers = list(streams)
        self.backends: set[int] = set()  # the database's backends seen so far
        self.database = 0.0  # of the seconds ``spent`` last answered, the database's
        self.idle_memory = 0  # bytes: the stream servers' resident memory, first seen
        self.stream_memory = 0  # and when the most streams were open
        self.streams = 0  # the most streams seen open (their connections)
        self.streaming = 0.0  # of the seconds ``spent`` last answered, the stream servers'

    def _stream_state(self) -> None:
        pids = [pid for url in self.stream_servers for pid in server_pids(url)]
        memory = sum(resident_bytes(pid) for pid in pids)
        self.idle_memory = self.idle_memory or memory
        ports = {urlsplit(url).port for url in self.stream_servers}
        streams = sum(established(port) for port in ports if port)
        if streams >= self.streams:  # the last snapshot with the streams open
            self.streams, self.stream_memory = streams, memory

    def snapshot(self) -> dict[int, float]:
        with psycopg.connect(with_database(self.admin_url, "postgres")) as connection:
            rows = connection.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s", (self.name,)
            ).fetchall()
        pids = [pid for url in self.servers for pid in server_pids(url)]
        pids += [int(row[0]) for row in rows]
        if self.stream_servers:
            self._stream_state()
        self.backends |= {int(row[0]) for row in rows}
        return {pid: cpu_seconds([pid]) for pid in pids}

    def spent(self, before: dict[int, float], after: dict[int, float]) -> float:
        """Seconds used between two snapshots (a process started since counts in full); the
        database's backends' share is kept in ``database``, the stream servers' in
        ``streaming``."""
        used = {pid: seconds - before.get(pid, 0.0) for pid, seconds in after.items()}
        self.database = sum(v for pid, v in used.items() if pid in self.backends)
        streaming = {pid for url in self.stream_servers for pid in server_pids(url)}
        self.streaming = sum(v for pid, v in used.items() if pid in streaming)
        return sum(used.values())


def resident_bytes(pid: int) -> int:
    """A process's resident memory (Linux's /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(found.group(1)) * 1024 if found else 0


def established(port: int) -> int:
    """Connections established to ``port`` on this machine (Linux's /proc/net/tcp)."""
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            if state == "01" and int(local.rsplit(":", 1)[1], 16) == port:
                count += 1
    return count


CAPACITY_KINDS = ("healthz", *DOORS)


@dataclass(frozen=True)
class Capacity:
    """Answers per second back to back, their p95 and the server's CPU per answer, of each
    kind: ``healthz`` and each door's 304."""

    rates: dict[str, float]
    p95s: dict[str, float]
    cpu: dict[str, float]  # server CPU seconds per answer

    def cost(self, door: str) -> float:
        """What a 304 of ``door`` costs in /healthz checks: the health checks answered per
        second over the 304s answered per second."""
        return self.rates["healthz"] / self.rates[door] if self.rates[door] else math.inf

    def cpu_cost(self, door: str) -> float:
        return self.cpu[door] / self.cpu["healthz"] if self.cpu["healthz"] else math.inf


def capacity(
    servers: list[str],
    tables: list[dict[str, Any]],
    seconds: float,
    clients: int,
    cpu: ServerCPU,
) -> Capacity:
    """Each door's 304s and /healthz answered per second, each back to back by ``clients``
    clients in rounds of ``seconds`` that take turns (two rounds of each), and the server's
    CPU time per answer of each."""
    pollers: dict[str, list[dict[str, Any]]] = {door: [] for door in DOORS}
    for table in tables:
        for number, tablet in enumerate(table["tablets"]):
            door = tablet["door"]
            if len(pollers[door]) < clients:
                server = server_of(servers, number)
                pollers[door].append({**tablet, "game": table["game"], "server": server})
    targets: dict[str, list[dict[str, Any]]] = {
        "healthz": [{"server": servers[n % len(servers)]} for n in range(clients)]
    }
    for door, found in pollers.items():
        if not found:
            continue
        for poller in found:  # each opens its page once, untimed: the polls then answer 304
            browser = Browser(poller["server"], poller["session"], poller["token"], door)
            poller["etag"] = browser.poll(poller["game"], "").etag
            poller["ticket"] = browser.ticket
            browser.close()
        targets[door] = [found[n % len(found)] for n in range(clients)]  # a few may share one
    counted = dict.fromkeys(targets, 0)
    answered = dict.fromkeys(targets, 0)
    used = dict.fromkeys(targets, 0.0)
    latencies: dict[str, list[float]] = {kind: [] for kind in targets}
    for _round in range(2):
        for kind in targets:
            chunks = split(targets[kind], LOAD_PROCESSES)
            start = Start.make(len(chunks))
            jobs = [(hammer, (chunk, kind, start, seconds)) for chunk in chunks]
            loads, spent = in_processes(jobs, start, cpu)
            used[kind] += spent
            counted[kind] += sum(load.polls[kind] for load in loads)
            answered[kind] += sum(load.answered for load in loads)
            latencies[kind] += [x for load in loads for x in load.poll_latencies[kind]]
    rates = {kind: counted[kind] / (2 * seconds) for kind in CAPACITY_KINDS if kind in targets}
    measured = Capacity(
        rates={kind: rates.get(kind, math.nan) for kind in CAPACITY_KINDS},
        p95s={kind: p95(latencies.get(kind, [])) for kind in CAPACITY_KINDS},
        cpu={
            kind: used[kind] / max(1, answered[kind]) if kind in targets else math.nan
            for kind in CAPACITY_KINDS
        },
    )
    words = {"healthz": "/healthz", "page": "page polls (304)", "api": "API polls (304)"}
    print(
        f"  back to back, {clients} clients, {2 * seconds:g} s each: "
        + "; ".join(
            f"{words[kind]} {measured.rates[kind]:,.0f}/s (p95 "
            f"{measured.p95s[kind] * 1e3:.1f} ms, server CPU {measured.cpu[kind] * 1e3:.2f} ms"
            + (f", {measured.cpu_cost(kind):.2f} checks of CPU)" if kind != "healthz" else ")")
            for kind in CAPACITY_KINDS
            if kind in targets
        )
    )
    return measured


def sync_delays(loads: list[Load]) -> tuple[list[float], int]:
    """For each action and each other tablet of its table: how long from the action's 201
    until that tablet got the game at that version or later; and how many never did."""
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


@dataclass(frozen=True)
class Figures:
    """What one phase of tablets at tables showed."""

    label: str
    tablets: dict[str, int]  # by door
    tables: int
    seconds: float  # acting
    elapsed: float  # polling: the acting, the drain and any lag of the server
    polls_per_s: dict[str, float]  # by door, under the paced load
    back_to_back: dict[str, float]  # answers/s of /healthz and each door's 304
    poll_cost: dict[str, float]  # /healthz checks per 304, by door, by the rates
    poll_cpu_cost: dict[str, float]  # the same, by the server's CPU time per answer
    actions_per_s: float
    action_p95_ms: float
    sync_p95_s: float
    lost: int
    change_kb: dict[str, float]  # by door
    cpu_per_change_ms: float
    refreshes_per_change: float
    cores_used: float


def run_phase(
    label: str,
    servers: list[str],
    tables: list[dict[str, Any]],
    seconds: float,
    capacity_seconds: float,
    cpu: ServerCPU,
    streams: Sequence[str] = (),
) -> Figures:
    """One phase: each door's capacity against /healthz, then the paced load (the page's
    tablets holding streams from ``streams`` when there are any); prints a few lines of
    detail and answers the figures."""
    doors = {
        door: sum(1 for t in tables for tablet in t["tablets"] if tablet["door"] == door)
        for door in DOORS
    }
    tablets = sum(doors.values())
    sizes = [len(table["tablets"]) for table in tables]
    print(
        f"{label}: {len(tables)} tables ({sizes.count(2)} of 2, {sizes.count(3)} of 3, "
        f"{sizes.count(4)} of 4), {tablets} tablets ({doors['page']} on the page, "
        f"{doors['api']} on the API), {len(servers)} server(s)"
    )
    measured = capacity(servers, tables, capacity_seconds, CAPACITY_CLIENTS, cpu)

    def at_tables(seconds: float, acting: bool) -> tuple[list[Load], float, float]:
        """Every table's tablets driven for ``seconds`` (``drive_tables``), in client
        processes that start together: their Loads, the server's CPU time and when they
        started."""
        chunks = split(tables, LOAD_PROCESSES)
        start = Start.make(len(chunks))
        jobs = [
            (drive_tables, (servers, chunk, start, seconds, n, acting, streams))
            for n, chunk in enumerate(chunks)
        ]
        loads, used = in_processes(jobs, start, cpu)
        return loads, used, start.at.value

    # The same tablets polling at the same pace with no action: what a poll that finds
    # nothing costs the server at this pace (connections, waking a worker, the 304).
    quiet_seconds = min(seconds, QUIET_SECONDS)
    quiet_loads, quiet_used, quiet_started = at_tables(quiet_seconds, acting=False)
    quiet_elapsed = time.monotonic() - quiet_started
    quiet_polls = sum(sum(load.polls.values()) for load in quiet_loads)
    quiet_cost = quiet_used / quiet_polls if quiet_polls else math.nan
    print(
        f"  quiet, {quiet_seconds:g} s of polls and no action: {quiet_polls} polls, "
        f"server CPU {quiet_used:.2f} s ({cpu.database:.2f} s in PostgreSQL"
        + (f", {cpu.streaming:.2f} s in the stream server" if streams else "")
        + ")"
        + (f", {quiet_cost * 1e3:.2f} ms per poll" if quiet_polls else "")
        + (
            f"; {cpu.streams} streams open, the stream server's memory "
            f"{cpu.stream_memory / 1e6:.0f} MB ({cpu.idle_memory / 1e6:.0f} MB before they opened)"
            if streams
            else ""
        )
    )

    folder = os.environ.get(timing.FOLDER)
    before = timing.read(Path(folder)) if folder else {}
    loads, used, started = at_tables(seconds, acting=True)
    if folder:
        spent = timing.between(before, timing.read(Path(folder)))
        print(f"  inside Django, CPU per request under the paced load: {timing.line(spent)}")
    # from the start until the last tablet had its last answer, past the nominal end when
    # the server was behind
    elapsed = time.monotonic() - started
    for load in loads:  # a later phase at these tables heals first what this one left wounded
        for table in tables:
            for number in load.flipped.get(table["game"], ()):
                tablet = table["tablets"][number]
                tablet["wounded"] = not tablet.get("wounded")
    polls = {door: sum(load.polls[door] for load in loads) for door in DOORS}
    poll_latencies = {door: [x for ld in loads for x in ld.poll_latencies[door]] for door in DOORS}
    changes = {door: [c for load in loads for c in load.changes[door]] for door in DOORS}
    actions = [x for load in loads for x in load.actions]
    requests = [x for load in loads for x in load.requests]
    stale = sum(load.stale for load in loads)
    delays, never = sync_delays(loads)
    synced = len(delays) + never
    sync_p95 = p95(delays + [math.inf] * never) if synced else math.nan
    print(
        f"  paced, {seconds:g} s of actions and {elapsed:.1f} s of polls: "
        + "; ".join(
            f"{door} polls p50 {median(poll_latencies[door]) * 1e3:.1f} ms, "
            f"p95 {p95(poll_latencies[door]) * 1e3:.1f} ms"
            for door in DOORS
            if polls[door]
        )
        + f"; {len(actions)} actions applied, {stale} refused as stale and sent again, "
        f"action request p95 {p95(requests) * 1e3:.0f} ms; sync p50 {median(delays):.2f} s "
        f"over {synced} action-tablet pairs ({never} never seen)"
    )

    # What the load costs the server, whatever else the machine runs: each poll that found
    # nothing at its cost in the quiet run; the rest (the actions, their retries, the
    # refreshes they make every tablet of the table fetch) shared among the actions applied.
    pushed = sum(load.pushes for load in loads)
    unchanged = sum(polls.values()) - (sum(len(c) for c in changes.values()) - pushed)
    applied = len(actions) or math.nan
    # what the tablets cost while nothing changes: with streams, mostly by the second (the
    # hub looking for changes); without, by the poll
    idle = unchanged * quiet_cost if quiet_polls else quiet_used * elapsed / quiet_elapsed
    per_change = max(0.0, used - idle) / applied
    # the same with each such poll at its back-to-back cost, as a check on the quiet run's
    back_to_back = sum(
        (polls[door] - len(changes[door])) * measured.cpu[door]
        for door in DOORS
        if polls[door] > len(changes[door])
    )
    print(
        f"  server CPU {used:.2f} s under the paced load: {unchanged} polls found nothing "
        f"({idle:.2f} s at the quiet run's cost, {back_to_back:.2f} s at "
        f"the back-to-back cost), so {per_change * 1e3:.1f} ms per change "
        f"({max(0.0, used - back_to_back) / applied * 1e3:.1f} ms by the back-to-back cost)"
        + (
            f"; {pushed} parts pushed by the streams, the stream servers' CPU "
            f"{cpu.streaming:.2f} s, PostgreSQL's {cpu.database:.2f} s"
            if streams
            else ""
        )
    )

    lost = 0
    for load in loads:
        for game, sent in load.applied.items():
            table = next(t for t in tables if t["game"] == game)
            check = check_entries(
                read_log(servers[0], game, table["host_token"]), sent, load.opened[game]
            )
            lost += check.missing + check.unanswered + (0 if check.gapless else 1)

    def kb(door: str) -> float:
        wire = [w for w, _ in changes[door]]
        return statistics.mean(wire) / 1000 if wire else math.nan

    return Figures(
        label=label,
        tablets=doors,
        tables=len(tables),
        seconds=seconds,
        elapsed=elapsed,
        polls_per_s={door: polls[door] / elapsed for door in DOORS},
        back_to_back=measured.rates,
        poll_cost={door: measured.cost(door) for door in DOORS},
        poll_cpu_cost={door: measured.cpu_cost(door) for door in DOORS},
        actions_per_s=len(actions) / seconds,
        action_p95_ms=p95(actions) * 1e3,
        sync_p95_s=sync_p95,
        lost=lost,
        change_kb={door: kb(door) for door in DOORS},
        cpu_per_change_ms=per_change * 1e3,
        refreshes_per_change=sum(len(c) for c in changes.values()) / applied,
        cores_used=used / elapsed,
    )


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def judged(text: str, value: float, ok: bool) -> tuple[str, bool | None]:
    """A cell with a target: a figure there was nothing to measure for (no tablet at that
    door, no change seen) has no verdict."""
    return (text, None) if math.isnan(value) else (text, ok)


def poll_cost_cell(f: Figures, door: str) -> tuple[str, bool | None]:
    """What a 304 of ``door`` costs in /healthz checks, judged both ways: by the answers per
    second back to back (which the machine's other work moves) and by the server's CPU time
    per answer (which it does not)."""
    rate, cpu = f.poll_cost[door], f.poll_cpu_cost[door]
    return judged(
        f"{rate:.2f} {cpu:.2f}", rate + cpu, rate <= POLL_COST_TARGET and cpu <= POLL_COST_TARGET
    )


# Each row of the figures' table: its name, its target, and the cell of one phase (the text,
# and whether it meets the target; None when the row has no target).
Row = tuple[str, str, Callable[[Figures], tuple[str, bool | None]]]
ROWS: tuple[Row, ...] = (
    ("tablets: page + API", "", lambda f: (f"{f.tablets['page']} + {f.tablets['api']}", None)),
    ("tables", "", lambda f: (f"{f.tables}", None)),
    ("seconds acting / polling", "", lambda f: (f"{f.seconds:g} / {f.elapsed:.1f}", None)),
    (
        "polls/s: page + API",
        "",
        lambda f: (f"{f.polls_per_s['page']:,.0f} + {f.polls_per_s['api']:,.0f}", None),
    ),
    (
        "back to back/s: /healthz, page, API",
        "",
        lambda f: (" ".join(f"{f.back_to_back[kind]:,.0f}" for kind in CAPACITY_KINDS), None),
    ),
    (
        "page 304 poll, /healthz checks: rate, CPU",
        f"<= {POLL_COST_TARGET}",
        lambda f: poll_cost_cell(f, "page"),
    ),
    (
        "API 304 poll, /healthz checks: rate, CPU",
        f"<= {POLL_COST_TARGET}",
        lambda f: poll_cost_cell(f, "api"),
    ),
    ("actions applied/s", "", lambda f: (f"{f.actions_per_s:.1f}", None)),
    (
        "action p95",
        f"< {ACTION_P95_TARGET_MS:.0f} ms",
        lambda f: judged(
            f"{f.action_p95_ms:.0f} ms", f.action_p95_ms, f.action_p95_ms < ACTION_P95_TARGET_MS
        ),
    ),
    (
        "sync p95",
        f"< {SYNC_P95_TARGET} s",
        lambda f: judged(f"{f.sync_p95_s:.2f} s", f.sync_p95_s, f.sync_p95_s < SYNC_P95_TARGET),
    ),
    ("lost actions", "0", lambda f: (f"{f.lost}", f.lost == 0)),
    (
        "a change on the wire, page",
        f"< {CHANGE_BYTES_TARGET / 1000:.0f} KB",
        lambda f: judged(
            f"{f.change_kb['page']:.1f} KB",
            f.change_kb["page"],
            f.change_kb["page"] < CHANGE_BYTES_TARGET / 1000,
        ),
    ),
    (
        "a change on the wire, API",
        f"< {CHANGE_BYTES_TARGET / 1000:.0f} KB",
        lambda f: judged(
            f"{f.change_kb['api']:.1f} KB",
            f.change_kb["api"],
            f.change_kb["api"] < CHANGE_BYTES_TARGET / 1000,
        ),
    ),
    (
        "server CPU per change",
        f"<= {CPU_PER_CHANGE_TARGET_MS:.0f} ms",
        lambda f: judged(
            f"{f.cpu_per_change_ms:.1f} ms",
            f.cpu_per_change_ms,
            f.cpu_per_change_ms <= CPU_PER_CHANGE_TARGET_MS,
        ),
    ),
    ("  refreshes per change", "", lambda f: (f"{f.refreshes_per_change:.1f}", None)),
    (
        "server CPU use",
        "",
        lambda f: (f"{f.cores_used:.2f} of {os.cpu_count() or 1} cores", None),
    ),
)


def print_figures(title: str, phases: Sequence[Figures]) -> None:
    """The phases side by side, each figure beside its target with ok or MISSED."""
    cells = [[row[2](figures) for figures in phases] for row in ROWS]
    texts = [
        [text + ("" if ok is None else f" {verdict(ok)}") for text, ok in row] for row in cells
    ]
    name_width = max(len(row[0]) for row in ROWS)
    widths = [
        max(len(phase.label), *(len(texts[r][p]) for r in range(len(ROWS))))
        for p, phase in enumerate(phases)
    ]
    print(title)
    header = [
        f"{'':{name_width}}",
        *(f"{p.label:>{w}}" for p, w in zip(phases, widths, strict=True)),
    ]
    print("  " + "  ".join([*header, "target"]))
    for (name, target, _), row in zip(ROWS, texts, strict=True):
        line = [f"{name:{name_width}}", *(f"{t:>{w}}" for t, w in zip(row, widths, strict=True))]
        print("  " + "  ".join([*line, target]).rstrip())


def tables_of(prepared: dict[str, Any], tablets: int) -> list[dict[str, Any]]:
    """The first tables, holding ``tablets`` tablets in all."""
    chosen: list[dict[str, Any]] = []
    count = 0
    for table in prepared["tables"]:
        if count >= tablets:
            break
        chosen.append(table)
        count += len(table["tablets"])
    return chosen


def run_tables(
    servers: list[str],
    prepared: dict[str, Any],
    phases: Sequence[int],
    seconds: float,
    capacity_seconds: float,
    cpu: ServerCPU,
    streams: Sequence[str] = (),
) -> list[Figures]:
    found = []
    for tablets in phases:
        label = f"{tablets} tablets"
        chosen = tables_of(prepared, tablets)
        found.append(run_phase(label, servers, chosen, seconds, capacity_seconds, cpu, streams))
    return found


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


@contextmanager
def stream_servers(
    push: bool, env: dict[str, str], static_root: str, count: int, workers: int = 1
) -> Iterator[list[str]]:
    """``count`` uvicorn servers of ``workers`` processes each, holding the table pages'
    streams (none unless ``push``)."""
    with ExitStack() as stack:
        yield [
            stack.enter_context(uvicorn_server(static_root, extra_env=env, workers=workers))
            for _ in range(count if push else 0)
        ]


@contextmanager
def shared_cache(cache_url: str) -> Iterator[None]:
    """The benchmark's own Redis database at ``cache_url``, emptied before and after."""
    shared = redis.Redis.from_url(cache_url)
    try:
        shared.flushdb()
    except redis.RedisError as error:
        sys.exit(f"error: Redis does not answer at {cache_url}: {error}")
    try:
        yield
    finally:
        shared.flushdb()
        shared.close()


@contextmanager
def two_servers(
    workers: int, env: dict[str, str], static_root: str, cache_url: str
) -> Iterator[list[str]]:
    """Two gunicorn instances sharing the database and the Redis cache at ``cache_url``,
    emptied before and after."""
    with shared_cache(cache_url), ExitStack() as stack:
        yield [
            stack.enter_context(
                gunicorn_server(
                    workers, extra_env={**env, "CACHE_URL": cache_url}, static_root=static_root
                )
            )
            for _ in range(2)
        ]


def parse_phases(text: str) -> tuple[int, ...]:
    try:
        phases = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("tablets in each phase, e.g. 100,800") from None
    if any(n < 2 for n in phases) or list(phases) != sorted(set(phases)):
        raise argparse.ArgumentTypeError("phases grow, and each has at least 2 tablets")
    return phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short phases, at most 100 tablets")
    parser.add_argument(
        "--run",
        choices=("all", "one-game", "tables", "two-servers"),
        default="all",
        help="which runs (all)",
    )
    parser.add_argument(
        "--rate", type=float, default=1.0, help="one game: actions per second per tablet (1)"
    )
    parser.add_argument(
        "--tablets",
        type=parse_phases,
        help=(
            f"tables: tablets in each phase ({','.join(map(str, PHASES))}; "
            f"{','.join(map(str, QUICK_PHASES))} with --quick); two servers: the last"
        ),
    )
    parser.add_argument("--seconds", type=float, help="tables: seconds of actions per phase")
    parser.add_argument(
        "--workers", type=int, default=4, help="gunicorn workers (4; two servers: half each)"
    )
    parser.add_argument(
        "--push",
        action="store_true",
        help=(
            "tables: the page's tablets hold a stream of server-sent events from a uvicorn "
            "process beside each gunicorn (LIVE_EVENTS) instead of polling"
        ),
    )
    parser.add_argument(
        "--stream-workers",
        type=int,
        default=1,
        help="--push: the processes of each uvicorn (1), each holding some of the streams",
    )
    parser.add_argument(
        "--cache-db",
        type=int,
        default=CACHE_DB,
        help=f"two servers, and --push: the Redis database ({CACHE_DB})",
    )
    parser.add_argument(
        "--by-request",
        action="store_true",
        help=(
            "tables: the servers also add up the CPU time of each kind of request inside "
            "Django (bench/timing.py), printed for the paced load"
        ),
    )
    args = parser.parse_args()
    if args.stream_workers < 1:
        parser.error("--stream-workers: at least 1")
    phases: tuple[int, ...] = args.tablets or (QUICK_PHASES if args.quick else PHASES)
    seconds = args.seconds or (QUICK_PHASE_SECONDS if args.quick else PHASE_SECONDS)
    capacity_seconds = QUICK_CAPACITY_SECONDS if args.quick else CAPACITY_SECONDS
    runs = {"one-game", "tables", "two-servers"} if args.run == "all" else {args.run}
    server = server_url()
    name = f"referee_bench_{uuid.uuid4().hex[:10]}"
    try:
        admin(server, f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as error:
        sys.exit(f"error: PostgreSQL does not answer at {server}: {error}")
    database = with_database(server, name)
    # one key for the sessions made here and the servers that read them
    secret = {"SECRET_KEY": secrets.token_urlsafe(50)}
    env = {**os.environ, "DATABASE_URL": database, **secret}
    failed: list[str] = []
    quiet = {"LOG_LEVEL": "ERROR", **secret}  # a 409 is expected: not worth a log line
    static = CollectedStatic(quiet)  # meanwhile, the data is made
    if args.by_request:
        os.environ[timing.FOLDER] = tempfile.mkdtemp(prefix="referee-timing-")
        quiet = {
            **quiet,
            "DJANGO_SETTINGS_MODULE": "bench.timing_settings",
            timing.FOLDER: os.environ[timing.FOLDER],
        }
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--verbosity=0"], cwd=ROOT, env=env, check=True
        )
        table_runs = runs & {"tables", "two-servers"}
        prepared = prepare(env, phase_sizes(phases) if table_runs else [])
        static_root = static.wait()
        os.environ["DATABASE_URL"] = database  # gunicorn_server passes os.environ on
        cache_url = f"redis://127.0.0.1:6379/{args.cache_db}"
        if runs & {"one-game", "tables"}:
            # the stream server reads the parts gunicorn rendered from a shared cache, as
            # docs/operations.md says to run them
            ours = args.push and not os.environ.get("CACHE_URL")
            one = {**quiet, "CACHE_URL": cache_url} if ours else quiet
            cache = "Redis (CACHE_URL)" if ours or os.environ.get("CACHE_URL") else "local memory"
            processes = (
                "one process" if args.stream_workers == 1 else f"{args.stream_workers} processes"
            )
            pushing = f"; the page's streams: uvicorn, {processes}" if args.push else ""
            print(f"one server: gunicorn, {args.workers} sync workers{pushing}; cache: {cache}")
            with (
                shared_cache(cache_url) if ours else nullcontext(),
                gunicorn_server(args.workers, extra_env=one, static_root=static_root) as url,
                stream_servers(args.push, one, static_root, 1, args.stream_workers) as streams,
            ):
                cpu = ServerCPU([url], server, name, streams)
                if "one-game" in runs:
                    one_game_seconds = 3.0 if args.quick else 10.0
                    if not run_one_game(url, prepared, one_game_seconds, args.rate, cpu):
                        failed.append("one game: an action was lost")
                if "tables" in runs:
                    found = run_tables(
                        [url], prepared, phases, seconds, capacity_seconds, cpu, streams
                    )
                    print_figures("tables, one server:", found)
                    if any(figures.lost for figures in found):
                        failed.append("tables: an action was lost")
        if "two-servers" in runs:
            workers = max(1, args.workers // 2)
            print(
                f"two servers: gunicorn twice, {workers} sync workers each; cache: Redis "
                f"({cache_url}); the tablets of each table alternate between the two"
            )
            with (
                two_servers(workers, quiet, static_root, cache_url) as urls,
                stream_servers(
                    args.push,
                    {**quiet, "CACHE_URL": cache_url},
                    static_root,
                    2,
                    args.stream_workers,
                ) as streams,
            ):
                cpu = ServerCPU(urls, server, name, streams)
                tablets = phases[-1]
                two = run_phase(
                    f"{tablets} tablets", urls, tables_of(prepared, tablets), seconds,
                    capacity_seconds, cpu, streams,
                )  # fmt: skip
            print_figures("tables, two servers:", [two])
            if two.lost:
                failed.append("two servers: an action was lost")
            if not two.sync_p95_s < SYNC_P95_TARGET:
                failed.append(f"two servers: sync p95 {two.sync_p95_s:.2f} s")
    finally:
        os.environ["DATABASE_URL"] = server
        admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        static.close()
        if args.by_request:
            shutil.rmtree(os.environ.pop(timing.FOLDER), ignore_errors=True)
    if failed:
        sys.exit("error: " + "; ".join(failed))


if __name__ == "__main__":
    main()
