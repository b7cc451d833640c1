"""How does one tracked game hold up when twenty tablets post to it at once?

Run from the project root (PostgreSQL must answer; the default is the local server)::

    .venv/bin/python bench/tracker.py              # 20 clients, 10 s
    .venv/bin/python bench/tracker.py --quick      # 20 clients, 3 s

It creates a throwaway PostgreSQL database, migrates it, starts Referee under gunicorn on it
(DEBUG off, as deployed) and creates one AZRAH game. Then 20 client threads, each with its own
connection and API token, post actions to that game through POST /api/games/<id>/actions/,
each carrying the version it last saw, as a tablet does. A 409 (someone else got there first)
answers the current version, and the client sends its action again with it after a random
0-10 ms, so the twenty do not collide in lockstep. First each tablet sends one action a second
(twenty a second into one game, far more than a table makes); then all twenty send back to
back, to show where it saturates.

It prints the actions applied per second, the latency of every request (applied or refused)
at p50 and p95, the time from an action's first try to its 201 (retries included), and how
many were refused as stale; then it reads the log back and checks
that no action was lost or applied twice: the log holds exactly the actions answered 201,
numbered 1..N without a gap. Target: p95 under 50 ms, no action lost.

DATABASE_URL names the server to use (its database part is ignored: the benchmark makes and
drops its own).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.server import HOST, gunicorn_server  # noqa: E402

CLIENTS = 20
P95_TARGET_MS = 50.0
DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
GUARDIANS = ("Alchemist", "Dragoon", "Oracle")
SETUP = {
    "first_player": 0,
    "players": [
        {
            "name": "Ana",
            "front": ["Alchemist", "Dragoon", "Oracle"],
            "back": ["Sentinel", "Warden"],
            "hit_points": {"Alchemist": 3, "Dragoon": 4, "Oracle": 2, "Sentinel": 5, "Warden": 3},
        },
        {
            "name": "Ben",
            "front": ["Bard", "Cleric", "Duelist"],
            "back": ["Mystic", "Ranger"],
            "hit_points": {"Bard": 3, "Cleric": 3, "Duelist": 4, "Mystic": 2, "Ranger": 3},
        },
    ],
}

PREPARE = """
import json, os
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from games.tracker import service
host = User.objects.create_user("bench-host")
setup = json.loads(os.environ["BENCH_SETUP"])
game = service.create_game(host=host, system="azrah", name="Bench", setup=setup)
print(json.dumps({"game": str(game.pk), "token": Token.objects.create(user=host).key}))
"""


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


class Client:
    def __init__(self, base_url: str, token: str) -> None:
        parts = urlsplit(base_url)
        self.connection = http.client.HTTPConnection(parts.hostname or HOST, parts.port, timeout=30)
        self.headers = {
            "Authorization": f"Token {token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        }

    def send(self, method: str, path: str, body: object = None) -> tuple[int, dict[str, object]]:
        data = None if body is None else json.dumps(body).encode()
        self.connection.request(method, path, body=data, headers=self.headers)
        response = self.connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")

    def close(self) -> None:
        self.connection.close()


@dataclass
class Phase:
    name: str
    seconds: float
    latencies: list[float] = field(default_factory=list)
    action_times: list[float] = field(default_factory=list)  # first try to 201, retries in
    applied: list[int] = field(default_factory=list)
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


def play(base_url: str, game: str, token: str, phase: Phase, pace: float | None) -> None:
    """``CLIENTS`` tablets post for ``phase.seconds``: each one action every ``pace`` seconds
    (starting at random offsets), or back to back when ``pace`` is None."""
    path = f"/api/games/{game}/actions/"
    lock = threading.Lock()
    failures: list[str] = []
    barrier = threading.Barrier(CLIENTS + 1)
    stop_at = 0.0

    def tablet(number: int) -> None:
        client = Client(base_url, token)
        _, body = client.send("GET", f"/api/games/{game}/")  # open the connection
        version = int(body["version"])  # type: ignore[call-overload]
        rng = random.Random(number)
        barrier.wait()
        next_at = time.monotonic() + (rng.uniform(0, pace) if pace else 0.0)
        k = 0
        try:
            while not failures:
                if pace:
                    time.sleep(max(0.0, next_at - time.monotonic()))
                    next_at += pace
                if time.monotonic() >= stop_at:
                    return
                k += 1
                tag = len(phase.name) * 10_000_000 + number * 100_000 + k  # names the action
                payload = {"seat": 0, "guardian": GUARDIANS[number % 3], "status": "frozen"}
                first_try = time.perf_counter()
                while True:
                    started = time.perf_counter()
                    status, body = client.send(
                        "POST",
                        path,
                        {"type": "apply_status", "payload": {**payload, "turns": tag},
                         "version": version},
                    )  # fmt: skip
                    elapsed = time.perf_counter() - started
                    game_body = body.get("game")
                    if status not in (201, 409) or not isinstance(game_body, dict):
                        failures.append(f"client {number}: HTTP {status}: {body}")
                        return
                    version = int(game_body["version"])
                    with lock:
                        phase.latencies.append(elapsed)
                        if status == 201:
                            phase.applied.append(tag)
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


def check_log(base_url: str, game: str, token: str, applied: list[int]) -> bool:
    reader = Client(base_url, token)
    try:
        _, log = reader.send("GET", f"/api/games/{game}/log/")
    finally:
        reader.close()
    entries = log["entries"]
    assert isinstance(entries, list)
    seqs = [entry["seq"] for entry in entries]
    tags = [entry["payload"]["turns"] for entry in entries]
    lost = set(applied) - set(tags)
    extra = set(tags) - set(applied)
    gapless = seqs == list(range(1, len(seqs) + 1))
    twice = len(tags) - len(set(tags))
    print(
        f"log: {len(entries)} entries, numbered 1..{len(entries)} without a gap: {gapless}; "
        f"actions answered 201 but missing: {len(lost)}; applied twice: {twice}; "
        f"stored though refused: {len(extra)}"
    )
    return gapless and not lost and not extra and not twice and len(entries) == len(applied)


def run(base_url: str, game: str, token: str, seconds: float, rate: float) -> None:
    paced = Phase(f"{CLIENTS} tablets, each {rate:g} actions/s", seconds)
    play(base_url, game, token, paced, 1.0 / rate)
    print(paced.report())
    flat_out = Phase(f"{CLIENTS} clients back to back (saturation)", seconds)
    play(base_url, game, token, flat_out, None)
    print(flat_out.report())
    ok = check_log(base_url, game, token, paced.applied + flat_out.applied)
    if not ok:
        sys.exit("error: the log does not match the actions answered 201")
    verdict = "met" if paced.p95_ms < P95_TARGET_MS else "NOT met"
    print(
        f"target p95 < {P95_TARGET_MS:.0f} ms for {CLIENTS} tablets with no action lost: "
        f"{verdict} (p95 {paced.p95_ms:.1f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 s per phase instead of 10 s")
    parser.add_argument(
        "--rate", type=float, default=1.0, help="actions per second per tablet when paced (1)"
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (4)")
    args = parser.parse_args()
    server = server_url()
    name = f"referee_bench_{uuid.uuid4().hex[:10]}"
    try:
        admin(server, f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as error:
        sys.exit(f"error: PostgreSQL does not answer at {server}: {error}")
    database = with_database(server, name)
    env = {**os.environ, "DATABASE_URL": database}
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--verbosity=0"], cwd=ROOT, env=env, check=True
        )
        prepared = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", PREPARE],
            cwd=ROOT, env={**env, "BENCH_SETUP": json.dumps(SETUP)}, check=True,
            capture_output=True, text=True,
        )  # fmt: skip
        ids = json.loads(prepared.stdout.strip().splitlines()[-1])
        os.environ["DATABASE_URL"] = database  # gunicorn_server passes os.environ on
        quiet = {"LOG_LEVEL": "ERROR"}  # a 409 is expected here, not worth a log line
        with gunicorn_server(workers=args.workers, extra_env=quiet) as base_url:
            run(base_url, ids["game"], ids["token"], 3.0 if args.quick else 10.0, args.rate)
    finally:
        os.environ["DATABASE_URL"] = server
        admin(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
