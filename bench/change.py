"""What one change at a table costs the server, request by request: the action, and the
refresh each other tablet of the table then fetches (or the parts its streams are pushed).

Run from the project root (PostgreSQL must answer; the default is the local server)::

    .venv/bin/python bench/change.py
    .venv/bin/python bench/change.py --rounds 20 --profile page

It makes a throwaway PostgreSQL database, migrates it, makes tables of three tablets as
bench/tracker.py does (two players on the table page, the host's device on the API;
bench/prepare.py) and drives them in this process through Django's test client, as
deployed (DEBUG off, static files collected). Each round, one tablet of every table acts,
in turn (a wound to one of its models, or healed back): a player through the table page's
control, its form posted as htmx posts it and answered with the page's live part
(``submit``), the device through the API (``action``); the answer carries what the actor
shows next. Then, at half the tables, each other tablet asks for what changed as it polls
(the page's live part with its ETag and poll ticket, ``page``; the API's state with its
token and ETag, ``api``); at the other half the page's tablets hold streams and the stream
server's work for the change is done instead (``push``: the game read once, each place's
part rendered once or read, each stream's filled in, framed and compressed), and the device
asks for the API's state. The first rounds warm the caches and are not counted.

It prints, for each kind of request, the median CPU time of this process (and the mean
share of it spent collecting garbage, with the collector set as referee/collector.py sets it
in a server) and of its PostgreSQL backend (read from /proc, where the server is on this
machine: it counts in ticks of 10 ms, so the database's is a mean over every request of the
kind), the statements sent through Django's cursor (the transaction's BEGIN and COMMIT
aside), and the bytes of the answer before compression; then what one change costs, by who
made it and on average, polled and pushed; and all of it again in ``/healthz`` checks (one
is asked for each table every round, and priced the same way), a yardstick that moves with
the machine as the milliseconds do, so runs on a busy minute and a quiet one compare. What
it leaves out is the WSGI server's own share
of each request (the connection, the worker waking; bench/tracker.py's quiet run prices it
at 1 to 2 ms), so the figures say where the time of a change goes inside Django, not what a
server spends on it.
``--profile KIND`` prints cProfile's view of the requests of that kind besides.

``--instructions`` runs the measurement under valgrind's callgrind, collecting only while the
counted rounds run, and prints the instructions they executed (every request of every kind,
this process only: not PostgreSQL's), in total and per table and round. Run under valgrind a
request takes some fifty times as long, so ``--rounds 3`` takes about ten minutes; but the
count moves by about a tenth of a percent from one run to the next, whatever else the
machine is doing, where the CPU times move by a third with the minute. So it is the way to
tell whether a change of the code made a change cheaper by a few percent: count both
versions (``git worktree``), one after the other.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import gzip
import html
import io
import json
import operator
import os
import pstats
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.server import CollectedStatic, cpu_seconds  # noqa: E402
from bench.tracker import (  # noqa: E402
    OPENING,
    POLL_TICKET_HEADER,
    TABLE_SEATS,
    admin,
    server_url,
    table_action,
    with_database,
)

TABLES = 6  # half of them polled, half on streams
ROUNDS = 20
WARM_ROUNDS = 2
KINDS = ("submit", "action", "page", "api", "push", "healthz")
SEATS = TABLE_SEATS[:3]  # two players on the page, the host's device on the API


def inside(rounds: int, profile: str | None, instructions: bool = False) -> None:
    """The measurement, in a process whose environment names the benchmark's database."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    import django

    django.setup()
    from django.db import connection
    from django.test import Client

    from bench.prepare import prepare
    from referee import collector

    prepared = prepare(tables=[len(SEATS)] * TABLES, seats=SEATS, opening=OPENING)
    collector.settle()  # as referee/wsgi.py does once the application is loaded
    collecting = [0.0, 0.0]  # CPU seconds in the garbage collector; when the current began

    def timing(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collecting[1] = time.process_time()
        else:
            collecting[0] += time.process_time() - collecting[1]

    gc.callbacks.append(timing)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = int(cursor.fetchone()[0])

    queries = [0]

    def counting(execute: Callable[..., Any], *args: Any) -> Any:
        queries[0] += 1
        return execute(*args)

    profiler = cProfile.Profile()
    seen: dict[str, list[tuple[float, float, float, int, float]]] = defaultdict(list)

    @contextmanager
    def measured(kind: str, counted: bool) -> Iterator[list[Any]]:
        answer: list[Any] = []
        queries[0] = 0
        on = counted and kind == profile
        before = (time.process_time(), cpu_seconds([backend]), collecting[0])
        if on:
            profiler.enable()
        with connection.execute_wrapper(counting):
            yield answer
        if on:
            profiler.disable()
        after = (time.process_time(), cpu_seconds([backend]), collecting[0])
        if counted:
            size = len(answer[0]) if isinstance(answer[0], bytes) else len(body_of(answer[0]))
            seen[kind].append(
                (after[0] - before[0], after[1] - before[1], queries[0], size, after[2] - before[2])
            )

    def refresh(tablet: dict[str, Any], game: str, counted: bool) -> None:
        """The tablet asks for what changed, as it polls, and keeps what it was answered."""
        me = tablet["me"]
        with measured(me["door"], counted) as answer:
            answer.append(ask(tablet["client"], me, game, tablet["etag"], tablet["ticket"]))
        if answer[0].status_code != 200:
            sys.exit(f"error: a refresh answered {answer[0].status_code}")
        tablet.update(heard(answer[0], me))

    tablets = []
    for table in prepared["tables"]:
        for me in table["tablets"]:
            client = Client()
            if me["door"] == "page":
                client.cookies["sessionid"] = me["session"]
            first = ask(client, me, table["game"], "", "")
            acted = 1 if me.get("wounded") else 0  # its model starts wounded: healed first
            tablets.append(
                {"table": table, "me": me, "client": client, "acted": acted, **heard(first, me)}
            )
            if me["door"] == "page":  # and its stream, opened from the page's request
                tablets[-1]["stream"] = stream_of(first.wsgi_request, table["game"])
    checker = Client()

    def play(numbers: range) -> None:
        for number in numbers:
            counted = number >= WARM_ROUNDS
            for _ in range(TABLES):  # the yardstick: what this machine spends on a health check
                with measured("healthz", counted) as answer:
                    answer.append(checker.get("/healthz", headers={"Accept-Encoding": "gzip"}))
            for order, table in enumerate(prepared["tables"]):
                at_table = [t for t in tablets if t["table"] is table]
                # the tablets take turns: a player through the page's form, the device the API
                actor = at_table[number % len(at_table)]
                others = [t for t in at_table if t is not actor]
                me = actor["me"]
                kind, payload = table_action(me["model"], damaged=actor["acted"] % 2 == 1)
                actor["acted"] += 1
                door = "submit" if me["door"] == "page" else "action"
                with measured(door, counted) as answer:
                    answer.append(act(actor, table["game"], kind, payload))
                if answer[0].status_code not in (200, 201):
                    sys.exit(f"error: the action answered {answer[0].status_code}")
                actor.update(heard(answer[0], me))  # its next poll is a 304
                if order % 2 == 0:  # polled: each other tablet fetches what changed
                    for tablet in others:
                        refresh(tablet, table["game"], counted)
                    continue
                # pushed: what the stream server does for the page's tablets instead of their
                # refreshes (the game read once, each place's part rendered once or read, each
                # stream's filled in, framed and compressed); the device fetches the API's state
                streams = [t["stream"] for t in at_table if "stream" in t]
                with measured("push", counted) as answer:
                    answer.append(push(streams))
                for tablet in others:
                    if "stream" in tablet:  # the page shows the part pushed, at its ETag
                        pushed = tablet["stream"].waiting[1]
                        tablet.update(etag=pushed, version=version_of(pushed))
                    if tablet["me"]["door"] == "api":
                        refresh(tablet, table["game"], counted)

    play(range(WARM_ROUNDS))
    rounds_counted = range(WARM_ROUNDS, WARM_ROUNDS + rounds)
    if instructions:
        # under callgrind (``--instructions``), which collects inside operator.call alone
        operator.call(play, rounds_counted)
        return
    play(rounds_counted)

    print(
        f"{TABLES} Azeroth at War tables of {len(SEATS)} tablets (two players on the page, "
        f"the host's device on the API), taking turns to act, {rounds} rounds after "
        f"{WARM_ROUNDS} to warm up; per request, the median CPU time of this process and the "
        "mean of its PostgreSQL backend's, the statements sent and the answer's size before "
        "compression:"
    )
    costs: dict[str, float] = {}
    for kind in KINDS:
        rows = seen[kind]
        python = statistics.median(r[0] for r in rows) * 1e3
        database = statistics.mean(r[1] for r in rows) * 1e3  # /proc counts in ticks
        count = statistics.median(r[2] for r in rows)
        size = statistics.median(r[3] for r in rows) / 1000
        collected = statistics.mean(r[4] for r in rows) * 1e3
        print(
            f"  {kind:<6} {python:6.2f} ms (a mean {collected:.2f} ms of it collecting garbage) "
            f"+ {database:5.2f} ms in PostgreSQL, {count:g} statements, {size:.1f} KB"
        )
        costs[kind] = python + database
    # a change, averaged over who makes it: a player (its form, then the other player's
    # refresh and the device's) or the device (its action, then both players' refreshes)
    by_player = costs["submit"] + costs["page"] + costs["api"]
    by_device = costs["action"] + 2 * costs["page"]
    polled = (2 * by_player + by_device) / 3
    pushed = (2 * (costs["submit"] + costs["push"] + costs["api"]) + costs["action"]) / 3
    pushed += costs["push"] / 3
    print(
        f"  one change: a player's form and the refreshes of the other two tablets "
        f"{by_player:.1f} ms, the device's action and the players' refreshes {by_device:.1f} ms; "
        f"a mean {polled:.1f} ms"
    )
    print(
        f"  with the page's tablets holding streams (the parts pushed, the device's refresh "
        f"when a player acted): a mean {pushed:.1f} ms"
    )
    check = costs["healthz"]
    print(
        f"  in /healthz checks ({check:.2f} ms each here, as the machine runs now): a change "
        f"polled {polled / check:.1f}, pushed {pushed / check:.1f}; "
        + ", ".join(f"{kind} {costs[kind] / check:.1f}" for kind in KINDS[:-1])
    )
    if profile:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(40)
        print(out.getvalue())


def stream_of(request: Any, game: str) -> Any:
    """A stream of ``game`` opened with the page's ``request`` (games/views/events.py), as
    the stream server holds it, whose events are framed and compressed as it sends them."""
    import asyncio

    from games.models import Game
    from games.tracker.http import poll_ticket, watch_tokens
    from games.views import events

    class Kept(events.Stream):
        def push(self, event: str, event_id: str, html: bytes) -> None:
            self.waiting = (event, event_id, html)

    pk = uuid.UUID(game)
    row = Game.objects.prefetch_related("seats").get(pk=pk)
    tokens = watch_tokens(request)
    stream = Kept(
        game=pk,
        request=request,
        user=request.user,
        tokens=tokens,
        ticket=poll_ticket(row, request.user, tokens),
        loop=asyncio.new_event_loop(),
    )
    stream.squeeze = events.squeezer()  # type: ignore[attr-defined]
    return stream


def push(streams: list[Any]) -> bytes:
    """What the hub and the streams do for ``streams`` after a change: the part of each, as
    the hub hands it over, then filled in, framed and compressed as the stream sends it; the
    first stream's event, unpacked."""
    import zlib

    from games.views import events, live

    pk = streams[0].game
    mark = events.read_marks([pk])[pk]
    events.HUB._send(pk, mark, streams)
    first = b""
    for stream in streams:
        name, event_id, part = stream.waiting
        chunk = events.event_bytes(name, event_id, live.filled(part, stream.request, stream.ticket))
        stream.squeeze.compress(chunk) + stream.squeeze.flush(zlib.Z_SYNC_FLUSH)
        first = first or chunk
    return first


def act(tablet: dict[str, Any], game: str, kind: str, payload: dict[str, Any]) -> Any:
    """The tablet's action against the version it shows: a player's through the table
    page's control, as htmx posts its form (answered with the page's live part), the
    device's through the API."""
    me, client = tablet["me"], tablet["client"]
    if me["door"] == "page":
        fields = {"type": kind, "version": str(tablet["version"]), "control": kind, "seat": ""}
        fields |= {f"p.{name}": str(value) for name, value in payload.items()}
        headers = {"HX-Request": "true", "HX-Target": "live", "Accept-Encoding": "gzip"}
        return client.post(f"/games/{game}/act/", fields, headers=headers)
    body = {"system": "azeroth", "type": kind, "payload": payload, "version": tablet["version"]}
    return client.post(
        f"/api/games/{game}/actions/",
        json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Token {me['token']}", "Accept-Encoding": "gzip"},
    )


def ask(client: Any, me: dict[str, Any], game: str, etag: str, ticket: str) -> Any:
    """What the tablet asks after a change, as bench/tracker.py's tablets poll."""
    headers = {"Accept-Encoding": "gzip"}
    if etag:
        headers["If-None-Match"] = etag
    if me["door"] == "api":
        headers |= {"Accept": "application/json", "Authorization": f"Token {me['token']}"}
        return client.get(f"/api/games/{game}/", headers=headers)
    headers |= {"HX-Request": "true", "HX-Trigger": "live", "HX-Target": "live", "Accept": "*/*"}
    if ticket:
        headers[POLL_TICKET_HEADER] = ticket
    return client.get(f"/games/{game}/", headers=headers)


def body_of(answer: Any) -> bytes:
    body: bytes = answer.content
    return gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body


def heard(answer: Any, me: dict[str, Any]) -> dict[str, Any]:
    """What a tablet keeps of an answer: its ETag, the poll ticket and the version."""
    ticket = ""
    if me["door"] == "page":
        found = re.search(rb'hx-headers="([^"]*)"', body_of(answer))
        if found:
            ticket = json.loads(html.unescape(found.group(1).decode())).get(POLL_TICKET_HEADER, "")
    etag = answer["ETag"]
    return {"etag": etag, "ticket": ticket, "version": version_of(etag)}


def version_of(etag: str) -> int:
    return int(etag.removeprefix("W/").strip('"').split(".")[0])


def callgrind(out: Path) -> list[str]:
    """valgrind's callgrind, counting only inside ``operator.call`` (the counted rounds)."""
    return [
        "valgrind",
        "--tool=callgrind",
        "--collect-atstart=no",
        "--toggle-collect=_operator_call",
        f"--callgrind-out-file={out}",
    ]


def counted_instructions(out: Path) -> int:
    """The instructions callgrind counted, from its output file's ``totals:`` line."""
    for line in out.read_text().splitlines():
        if line.startswith("totals:"):
            return int(line.split()[1])
    sys.exit(f"error: callgrind wrote no totals to {out}")


def report_instructions(total: int, rounds: int) -> None:
    per_round = total / (rounds * TABLES)
    print(
        f"{total:,} instructions in {rounds} rounds at {TABLES} tables: {per_round / 1e6:.1f} "
        "million a table and round (one change with its refreshes or pushes, and a health "
        "check); the count moves by about a tenth of a percent from run to run"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds counted ({ROUNDS})")
    parser.add_argument("--profile", choices=KINDS, help="cProfile the requests of this kind")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count the instructions of the counted rounds under valgrind's callgrind instead",
    )
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        inside(args.rounds, args.profile, args.instructions)
        return
    if args.instructions and shutil.which("valgrind") is None:
        sys.exit("error: --instructions needs valgrind (Debian's package valgrind)")
    server = server_url()
    name = f"referee_bench_{uuid.uuid4().hex[:10]}"
    try:
        admin(server, f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as error:
        sys.exit(f"error: PostgreSQL does not answer at {server}: {error}")
    settings = {"LOG_LEVEL": "ERROR", "SECRET_KEY": secrets.token_urlsafe(50)}
    static = CollectedStatic(settings)
    try:
        env = {
            **os.environ,
            **settings,
            "DATABASE_URL": with_database(server, name),
            "DEBUG": "0",
            "ALLOWED_HOSTS": "testserver",
            "SECURE_SSL_REDIRECT": "0",
        }
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--verbosity=0"], cwd=ROOT, env=env, check=True
        )
        env["STATIC_ROOT"] = static.wait()
        command = [sys.executable, __file__, "--inside", "--rounds", str(args.rounds)]
        if args.profile:
            command += ["--profile", args.profile]
        with tempfile.TemporaryDirectory(prefix="referee_change.") as scratch:
            counts = Path(scratch) / "callgrind.out"
            if args.instructions:
                command = [*callgrind(counts), *command, "--instructions"]
            if subprocess.run(command, cwd=ROOT, env=env).returncode != 0:
                sys.exit("error: the measurement failed")
            if args.instructions:
                report_instructions(counted_instructions(counts), args.rounds)
    finally:
        static.close()
        admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
