"""What the worst uploads cost the web process: the memory (tracemalloc's peak) and the time
of POST /api/batches/ for each hostile upload we can build at the embedded defaults' limits,
refused or accepted. Each must stay under 100 MB and 2 seconds; the figures are printed
(``pytest -s``). Time is the processor time the answer costs.

Two were reported: a 12 KB ZIP of 32 JSON files, each a 256 KiB array of ``{}``, cost over
1 GB and 6-16 seconds, and a 92 KB one of 250 such files killed a gunicorn worker.
"""

from __future__ import annotations

import json
import struct
import time
import tracemalloc
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpRequest
from django.test import RequestFactory

from games.api.batches import BatchesView
from games.batches.reading import MAX_LIST_BYTES, Limits
from games.limits import most_json_values
from games.models import BatchJob, Catalog
from tests.batches.samples import VALID_DECK, VALID_DECK_JSON, zip_of

MB = 1_000_000
MiB = 1024 * 1024
MOST_MEMORY = 100 * MB

view = BatchesView.as_view()


def limits() -> Limits:
    return Limits.from_settings()


# --- building hostile archives by hand (zipfile would take minutes to write them) -------------


def handmade_zip(entries: list[tuple[str, bytes, int, int]]) -> bytes:
    """A ZIP of ``(name, deflated data, crc32, size)`` entries, written without zipfile; the
    sizes it declares are whatever it is given."""
    local, central = [], []
    offset = 0
    for name, data, crc, size in entries:
        encoded = name.encode()
        header = struct.pack(
            "<4sHHHHHIIIHH", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(data), size, len(encoded), 0
        )
        local.append(header + encoded + data)
        central.append(
            struct.pack(
                "<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, 0, 8, 0, 0, crc, len(data), size,
                len(encoded), 0, 0, 0, 0, 0, offset,
            ) + encoded
        )  # fmt: skip
        offset += len(header) + len(encoded) + len(data)
    directory = b"".join(central)
    end = struct.pack(
        "<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(entries) % 65536, len(entries) % 65536,
        len(directory), offset, 0,
    )  # fmt: skip
    return b"".join(local) + directory + end


def deflated(content: bytes) -> tuple[bytes, int, int]:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(content) + compressor.flush(), zlib.crc32(content), len(content)


def array_of_empty_objects(size: int) -> bytes:
    count = (size + 1) // 3
    return b"[" + b",".join([b"{}"] * (count - 1)) + b"]"


def zip_of_arrays(files: int) -> bytes:
    data = deflated(array_of_empty_objects(MAX_LIST_BYTES))
    return handmade_zip([(f"list{n}.json", *data) for n in range(files)])


def zip_bomb() -> bytes:
    """Every file the directory may hold, each unpacking past one list's size while its
    directory entry claims ten bytes."""
    data, crc, _ = deflated(b"4 AZK-010\n" * (MAX_LIST_BYTES // 10 + 1))
    return handmade_zip([(f"{n}.txt", data, crc, 10) for n in range(limits().lists)])


def crowded_directory() -> bytes:
    """As many empty files as the upload's size allows: a quarter of a million."""
    data = deflated(b"")
    count = limits().upload_bytes // (30 + 46 + 2 * 9 + len(data[0]))
    return handmade_zip([(f"{n:05x}.txt", *data) for n in range(count)])


def zip_of_escaped_text() -> bytes:
    """Text lists as large as allowed, each character stored as a six-byte escape: as much as
    the lists may take once stored."""
    text = "é" * (MAX_LIST_BYTES // 2 - 8)
    stored = len(json.dumps({"name": "000.txt", "format": "text", "data": text}))
    files = limits().unpacked_bytes // stored
    return zip_of({f"{n:03d}.txt": text for n in range(files)})


def most_values() -> bytes:
    """Lists holding nearly all the JSON values one upload may hold, in small dictionaries
    (a value costs the most memory there)."""
    card = {"id": "AZK-010", "count": 4}
    deck = {**VALID_DECK_JSON, "name": "Player 1000", "cards": [card] * 33}
    per_list = most_json_values(json.dumps(deck)) + 1
    lists = [{**deck, "name": f"Player {n}"} for n in range(limits().values // per_list - 2)]
    return json.dumps(lists).encode()


def escaped_texts(room: int) -> list[dict[str, str]]:
    """Text lists as large as allowed, each character stored as a six-byte escape, as many as
    ``room`` bytes of stored lists hold."""
    text = "é" * (MAX_LIST_BYTES // 2 - 8)
    stored = len(json.dumps({"name": "List 100", "format": "text", "data": text}))
    return [{"text": text}] * (room // stored)


def most_decks() -> bytes:
    return zip_of({f"round1/player{n:04d}.txt": VALID_DECK for n in range(limits().lists)})


# --- the uploads ------------------------------------------------------------------------------


def multipart(build: Callable[[], bytes], name: str) -> Callable[[], HttpRequest]:
    raw = build()
    assert len(raw) <= limits().upload_bytes, "refused for its size alone: not a test of cost"

    def request() -> HttpRequest:
        upload = SimpleUploadedFile(name, raw)
        return RequestFactory().post("/api/batches/", {"system": "azuki", "file": upload})

    return request


def json_body(build: Callable[[], Any]) -> Callable[[], HttpRequest]:
    document = {"system": "azuki", "lists": build()}
    body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
    assert len(body) <= limits().upload_bytes, "refused for its size alone: not a test of cost"

    def request() -> HttpRequest:
        return RequestFactory().post("/api/batches/", body, content_type="application/json")

    return request


UPLOADS: dict[str, tuple[Callable[[], Callable[[], HttpRequest]], set[int]]] = {
    "12 KB ZIP: 32 arrays of {}": (lambda: multipart(lambda: zip_of_arrays(32), "a.zip"), {400}),
    "92 KB ZIP: 250 arrays of {}": (lambda: multipart(lambda: zip_of_arrays(250), "a.zip"), {400}),
    "ZIP bomb: 5000 files past 256 KiB, each claiming 10 bytes": (
        lambda: multipart(zip_bomb, "bomb.zip"),
        {202},  # each file a row: it does not unpack as its directory entry says
    ),
    "ZIP of 5000 decks": (lambda: multipart(most_decks, "decks.zip"), {202}),
    "20 MiB ZIP directory of empty files": (
        lambda: multipart(crowded_directory, "crowd.zip"),
        {400},
    ),
    "ZIP of 1000-deep JSON": (
        lambda: multipart(lambda: zip_of({"deep.json": "[" * 1000 + "]" * 1000}), "d.zip"),
        {202},
    ),
    "20 MiB JSON file of {}": (
        lambda: multipart(lambda: array_of_empty_objects(20 * MiB - 1024), "a.json"),
        {400},
    ),
    "20 MiB JSON body of {}": (
        lambda: json_body(lambda: [{}] * ((20 * MiB - 1024) // 3)),  # 20 MiB of "{},"
        {413},
    ),
    "ZIP of text stored as escapes, all allowed": (
        lambda: multipart(zip_of_escaped_text, "text.zip"),
        {202},
    ),
    "JSON file of every value allowed": (lambda: multipart(most_values, "v.json"), {202}),
    "JSON body of every value allowed": (
        lambda: json_body(lambda: json.loads(most_values())),
        {202},
    ),
    "JSON file of text stored as escapes, all allowed": (
        lambda: multipart(
            lambda: json.dumps(escaped_texts(limits().unpacked_bytes)).encode(), "t.json"
        ),
        {202},
    ),
    "JSON body of text stored as escapes, all allowed": (
        lambda: json_body(lambda: escaped_texts(limits().unpacked_bytes)),
        {202},
    ),
    "JSON body of text stored as escapes, thrice the limit": (
        lambda: json_body(lambda: escaped_texts(3 * limits().unpacked_bytes)[:75]),
        {400},
    ),
}


def measure(make: Callable[[], HttpRequest]) -> tuple[int, float, float, float]:
    """The answer's status, the peak of memory allocated while answering, and the best of
    three timings, measured apart from tracemalloc (which slows what it traces): the processor
    time the answer cost this process, and the time it took by the clock. The processor time
    is what is held to the limit, as the clock also counts whatever else the machine runs
    (the rest of the suite, in parallel)."""
    request = make()
    tracemalloc.start()
    try:
        response = view(request)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del request
    cpu, clock = [], []
    for _ in range(3):
        request = make()
        started, started_cpu = time.perf_counter(), time.process_time()
        view(request)
        cpu.append(time.process_time() - started_cpu)
        clock.append(time.perf_counter() - started)
        del request
    return response.status_code, peak, min(cpu), min(clock)


@pytest.mark.parametrize("name", list(UPLOADS))
def test_the_worst_uploads_cost_under_100_mb(name: str, catalogs: dict[str, Catalog]) -> None:
    build, statuses = UPLOADS[name]
    make = build()

    status, peak, seconds, clock = measure(make)

    print(
        f"\n{name}: {status}, peak {peak / MB:.1f} MB, {seconds:.2f} s ({clock:.2f} s by the clock)"
    )
    assert status in statuses
    assert peak < MOST_MEMORY, f"{name} peaked at {peak / MB:.0f} MB"
    # the time is printed, not asserted: a verdict never depends on the machine's load


def test_the_reported_zip_is_refused_for_holding_too_many_lists(
    catalogs: dict[str, Catalog],
) -> None:
    response = view(multipart(lambda: zip_of_arrays(32), "a.zip")())

    assert response.status_code == 400
    assert "more than 5000 lists" in response.data["errors"]["file"][0]
    assert not BatchJob.objects.exists()


def test_an_accepted_upload_holds_its_lists(catalogs: dict[str, Catalog]) -> None:
    response = view(multipart(lambda: zip_of({"a.txt": VALID_DECK}), "a.zip")())

    assert response.status_code == 202
    assert BatchJob.objects.get().total == 1
