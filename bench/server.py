"""Serve Referee with gunicorn on a loopback port and measure requests per second against it.

For the benchmarks under bench/ (`make bench`); it is a helper, not a benchmark of its own::

    from bench.server import gunicorn_server, requests_per_second

    with gunicorn_server() as base_url:
        rate = requests_per_second(f"{base_url}/api/azeroth/attack-odds/", payload)
    print(rate)

The server runs as in production (DEBUG off, gunicorn's sync workers) but over plain HTTP on
127.0.0.1, so HTTPS redirects are off. Load comes from threads in the calling process, each with
its own connection; every run is bounded in time and in count, and any answer other than the
expected status stops it with an error rather than counting as a fast reply. Static files are
collected as a deployment does; `CollectedStatic` keeps them between runs, in the system's
temporary folder, for as long as what they are collected from stays the same.

`python -m bench.server` serves until Ctrl-C, for measuring with another tool.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def server_env(static_root: str) -> dict[str, str]:
    return {
        **os.environ,
        "STATIC_ROOT": static_root,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "WARNING",
    }


def _status(url: str, timeout: float = 2.0) -> int:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or HOST, parts.port, timeout=timeout)
    try:
        connection.request("GET", parts.path or "/")
        return connection.getresponse().status
    finally:
        connection.close()


def collect_static(
    static_root: str, extra_env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """Start ``collectstatic`` into ``static_root``, as a deployment does; the caller waits
    for it (it takes seconds, so a benchmark can prepare its data meanwhile)."""
    env = {**server_env(static_root), **(extra_env or {})}
    return subprocess.Popen(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity=0"],
        cwd=BASE_DIR,
        env=env,
    )


class CollectedStatic:
    """``collectstatic``'s output kept between runs, in the system's temporary folder under a
    name that changes whenever what it collects may change (the project's static files and
    settings, the installed packages): collecting compresses every file of the installed apps
    and takes a minute of CPU, which a benchmark need not spend again on every run. Start it,
    prepare the data meanwhile, then ``wait`` for the folder to serve from. Folders of other
    keys untouched for a day are removed."""

    def __init__(self, extra_env: dict[str, str] | None = None) -> None:
        base = Path(tempfile.gettempdir())
        self.root = base / f"referee-bench-static-{_static_key()}"
        self._collecting: subprocess.Popen[bytes] | None = None
        self._into = ""
        if not self.root.is_dir():
            self._into = tempfile.mkdtemp(prefix=f"{self.root.name}.", dir=base)
            self._collecting = collect_static(self._into, extra_env)
        for old in base.glob("referee-bench-static-*"):
            if old != self.root and time.time() - old.stat().st_mtime > 86_400:
                shutil.rmtree(old, ignore_errors=True)

    def wait(self) -> str:
        """The folder, once collected."""
        if self._collecting is not None:
            if self._collecting.wait() != 0:
                shutil.rmtree(self._into, ignore_errors=True)
                raise RuntimeError("collectstatic failed")
            try:
                os.rename(self._into, self.root)
            except OSError:  # another run collected it meanwhile
                shutil.rmtree(self._into, ignore_errors=True)
            self._collecting = None
        os.utime(self.root)
        return str(self.root)

    def close(self) -> None:
        """Stop collecting, when the run ended before it waited, and remove what was half
        collected."""
        if self._collecting is not None:
            self._collecting.terminate()
            self._collecting.wait()
            shutil.rmtree(self._into, ignore_errors=True)
            self._collecting = None


def _static_key() -> str:
    digest = hashlib.sha256()
    folders = [BASE_DIR / "static", *(BASE_DIR / "games").glob("**/static")]
    for path in sorted(p for folder in folders for p in folder.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(BASE_DIR)).encode() + b"\0" + path.read_bytes())
    digest.update((BASE_DIR / "referee" / "settings.py").read_bytes())
    installed = sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions())
    digest.update("\n".join(installed).encode())
    return digest.hexdigest()[:16]


@contextmanager
def gunicorn_server(
    workers: int = 2,
    start_timeout: float = 30.0,
    extra_env: dict[str, str] | None = None,
    static_root: str | None = None,
) -> Iterator[str]:
    """Start `gunicorn referee.wsgi` on a free loopback port; yield its base URL; stop it.

    Static files are collected first, as a deployment does, into a folder removed afterwards,
    unless ``static_root`` names a folder ``collect_static`` filled already. ``extra_env`` adds
    to (or overrides) the server's environment.
    """
    if static_root is not None:
        with _serve(
            {**server_env(static_root), **(extra_env or {})}, workers, start_timeout
        ) as url:
            yield url
        return
    with tempfile.TemporaryDirectory(prefix="referee-static-") as collected:
        if collect_static(collected, extra_env).wait() != 0:
            raise RuntimeError("collectstatic failed")
        with _serve({**server_env(collected), **(extra_env or {})}, workers, start_timeout) as url:
            yield url


@contextmanager
def _serve(env: dict[str, str], workers: int, start_timeout: float) -> Iterator[str]:
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "referee.wsgi",
        f"--bind={HOST}:{port}", f"--workers={workers}", "--log-level=warning",
    ]  # fmt: skip
    with _running(command, env, port, start_timeout) as url:
        yield url


@contextmanager
def uvicorn_server(
    static_root: str,
    extra_env: dict[str, str] | None = None,
    start_timeout: float = 30.0,
    workers: int = 1,
) -> Iterator[str]:
    """Start `uvicorn referee.asgi:application` on a free loopback port, ``workers``
    processes with LIVE_EVENTS on (each with its own hub), as a deployment runs it beside
    gunicorn to hold the table pages' streams of server-sent events; yield its base URL;
    stop it."""
    env = {**server_env(static_root), **(extra_env or {}), "LIVE_EVENTS": "1"}
    port = free_port()
    command = [
        sys.executable, "-m", "uvicorn", "referee.asgi:application",
        f"--host={HOST}", f"--port={port}", "--log-level=warning", "--no-access-log",
        "--timeout-graceful-shutdown=1", *([f"--workers={workers}"] if workers > 1 else []),
    ]  # fmt: skip
    with _running(command, env, port, start_timeout) as url:
        yield url


@contextmanager
def _running(
    command: list[str], env: dict[str, str], port: int, start_timeout: float
) -> Iterator[str]:
    """Run ``command``, a server of the site on ``port``, until the block ends; yield its
    base URL once it answers /healthz."""
    name = command[2]
    server = subprocess.Popen(command, cwd=BASE_DIR, env=env)
    base_url = f"http://{HOST}:{port}"
    _MASTERS[base_url] = server.pid
    try:
        deadline = time.monotonic() + start_timeout
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"{name} exited with {server.returncode}")
            try:
                if _status(f"{base_url}/healthz") == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not answer /healthz in {start_timeout:.0f} s")
            time.sleep(0.1)
        yield base_url
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=15)


_MASTERS: dict[str, int] = {}  # base URL: the server's (gunicorn's master's) process id


def cpu_seconds(pids: Iterable[int]) -> float:
    """CPU time (user and system) the processes have used so far; a process that has gone
    counts 0. Linux's /proc: other processes on the machine do not count, so the figure
    holds on a busy machine where requests per second do not."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def server_pids(base_url: str) -> list[int]:
    """The process serving ``base_url`` (gunicorn's master, uvicorn) and its children (the
    workers)."""
    master = _MASTERS[base_url]
    workers = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if parent == master:
            workers.append(int(stat.parent.name))
    return [master, *workers]


@dataclass(frozen=True)
class Rate:
    requests: int
    seconds: float
    clients: int
    latencies: tuple[float, ...]  # seconds per answered request

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def percentile(self, percent: int) -> float:
        """The latency (seconds) below which ``percent`` % of the requests were answered."""
        return statistics.quantiles(self.latencies, n=100)[percent - 1]

    def __str__(self) -> str:
        return (
            f"{self.per_second:,.0f} requests/s "
            f"({self.requests} requests in {self.seconds:.1f} s, {self.clients} clients); "
            f"latency p50 {self.percentile(50) * 1e3:.2f} ms, "
            f"p95 {self.percentile(95) * 1e3:.2f} ms"
        )


def requests_per_second(
    url: str,
    payload: Any = None,
    *,
    clients: int = 4,
    seconds: float = 5.0,
    max_requests: int = 50_000,
    warmup: int = 20,
    expected_status: int = 200,
) -> Rate:
    """POST ``payload`` as JSON (or GET when it is None) from ``clients`` threads at once.

    Runs for ``seconds`` or until ``max_requests`` answers, whichever comes first, after
    ``warmup`` untimed requests that let every worker load its code.
    """
    parts = urlsplit(url)
    host, port, path = parts.hostname or HOST, parts.port, parts.path or "/"
    body = None if payload is None else json.dumps(payload).encode()
    method = "GET" if body is None else "POST"
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"

    def one_request() -> None:
        connection = http.client.HTTPConnection(host, port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status != expected_status:
                raise RuntimeError(f"{method} {url} answered {response.status}")
        finally:
            connection.close()

    for _ in range(warmup):
        one_request()

    lock = threading.Lock()
    latencies: list[float] = []
    failures: list[BaseException] = []
    stop_at = time.monotonic() + seconds

    def client() -> None:
        while time.monotonic() < stop_at and not failures:
            with lock:
                if len(latencies) >= max_requests:
                    return
            started = time.perf_counter()
            try:
                one_request()
            except BaseException as error:  # reported below, after every thread stops
                failures.append(error)
                return
            with lock:
                latencies.append(time.perf_counter() - started)

    started = time.monotonic()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    if failures:
        raise failures[0]
    return Rate(
        requests=len(latencies), seconds=elapsed, clients=clients, latencies=tuple(latencies)
    )


def main() -> None:
    with gunicorn_server() as base_url:
        print(f"Referee under gunicorn at {base_url}/ (Ctrl-C stops it)", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
