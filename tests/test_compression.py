"""What goes over the wire compressed: every page, htmx fragment and API answer is gzipped
when the browser asks (GZipMiddleware, with its BREACH reasoning in docs/operations.md), and
the static files are collected under hashed names, gzipped and brotli-compressed beforehand,
and cacheable forever (WhiteNoise's CompressedManifestStaticFilesStorage), as deployed with
DEBUG off."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory

from referee import compression
from tests.test_settings import manage, real_secret_key, run

pytestmark = pytest.mark.django_db

FOREVER = 315_360_000  # WhiteNoise's max-age for a file whose name holds its hash (ten years)


def test_a_page_is_gzipped_when_the_browser_asks(client: Client) -> None:
    response = client.get("/azeroth/odds/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")

    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    page = gzip.decompress(response.content).decode()
    assert page.lstrip().lower().startswith("<!doctype html>")
    assert len(response.content) * 3 < len(page)  # a page's HTML shrinks several times


def test_an_htmx_fragment_is_gzipped_too(client: Client) -> None:
    response = client.get("/azeroth/odds/", HTTP_ACCEPT_ENCODING="gzip", HTTP_HX_REQUEST="true")

    assert response["Content-Encoding"] == "gzip"
    fragment = gzip.decompress(response.content).decode()
    assert "<html" not in fragment and "</main>" not in fragment


def test_an_answer_is_compressed_at_the_quicker_level_and_padded_as_django_pads_it(
    client: Client,
) -> None:
    answers = [
        client.get("/azeroth/odds/", HTTP_ACCEPT_ENCODING="gzip", HTTP_HX_REQUEST="true")
        for _ in range(12)
    ]
    bodies = {gzip.decompress(answer.content) for answer in answers}
    assert len(bodies) == 1  # the same page each time (no CSRF token in this fragment)
    body = bodies.pop()
    quick = gzip.compress(body, compresslevel=compression.LEVEL, mtime=0)
    default = gzip.compress(body, compresslevel=6, mtime=0)
    assert len(quick) != len(default)  # the levels tell apart on this page
    lengths = set()
    for answer in answers:
        sent = answer.content
        assert sent[3] & gzip.FNAME  # a file name of random length, against BREACH
        end = sent.index(b"\x00", 10)
        assert set(sent[10:end]) <= {ord("a")}
        assert sent[end + 1 :] == quick[10:]  # the deflate stream is level 3's
        assert answer["Content-Length"] == str(len(sent))
        assert "Accept-Encoding" in answer["Vary"]
        lengths.add(len(sent))
    assert len(lengths) > 1


def through_gzip(response: HttpResponse) -> HttpResponse:
    """``response`` as the middleware answers it to a browser that takes gzip."""
    request = RequestFactory().get("/", HTTP_ACCEPT_ENCODING="gzip")
    answered = compression.GZipMiddleware(lambda request: response)(request)
    assert isinstance(answered, HttpResponse)
    return answered


def test_a_strong_etag_is_made_weak_when_the_answer_is_compressed() -> None:
    response = HttpResponse("x" * 1000)
    response["ETag"] = '"abc"'
    answered = through_gzip(response)
    assert answered["ETag"] == 'W/"abc"'
    assert gzip.decompress(answered.content) == b"x" * 1000


def test_short_or_already_encoded_answers_are_left_as_they_are() -> None:
    assert through_gzip(HttpResponse("x" * 100)).content == b"x" * 100
    encoded = HttpResponse("x" * 1000)
    encoded["Content-Encoding"] = "br"
    assert through_gzip(encoded).content == b"x" * 1000


def test_nothing_is_compressed_for_a_browser_that_does_not_ask(client: Client) -> None:
    response = client.get("/azeroth/odds/")

    assert not response.has_header("Content-Encoding")
    assert response.content.lstrip().lower().startswith(b"<!doctype html>")


SERVE = """
import json, django
django.setup()
from django.templatetags.static import static
from django.test import Client
url = static("css/app.css")
answer = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
brotli = Client().get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
plain = Client().get(url)
page = Client().get("/rulings/")
print(json.dumps({
    "url": url,
    "status": answer.status_code,
    "cache": answer["Cache-Control"],
    "encoding": answer.get("Content-Encoding", ""),
    "gzipped": len(b"".join(answer.streaming_content)),
    "brotli_encoding": brotli.get("Content-Encoding", ""),
    "brotli": len(b"".join(brotli.streaming_content)),
    "plain": len(b"".join(plain.streaming_content)),
    "page_links_it": url in page.content.decode(),
}))
"""


def test_collected_static_files_have_hashed_names_gzip_and_a_cache_of_ten_years(
    tmp_path: Path,
) -> None:
    production = {
        "DEBUG": "0",
        "SECRET_KEY": real_secret_key(),
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "0",
        "STATIC_ROOT": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    # the project's own files: the vendored ones (admin, DRF, the API docs' bundles) take
    # minutes to compress and are collected the same way
    vendored = ("--ignore=admin", "--ignore=rest_framework", "--ignore=drf_spectacular_sidecar")
    collected = manage("collectstatic", "--noinput", *vendored, **production)
    assert collected.returncode == 0, collected.stderr

    manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    hashed = manifest["css/app.css"]
    assert hashed != "css/app.css" and hashed.startswith("css/app.")
    assert (tmp_path / f"{hashed}.gz").exists() and (tmp_path / f"{hashed}.br").exists()
    migrated = manage("migrate", "--noinput", **production)
    assert migrated.returncode == 0, migrated.stderr

    served = run("-c", SERVE, **production)
    assert served.returncode == 0, served.stderr
    answer = json.loads(served.stdout)

    assert answer["url"] == f"/static/{hashed}"
    assert answer["status"] == 200
    assert f"max-age={FOREVER}" in answer["cache"] and "immutable" in answer["cache"]
    assert answer["encoding"] == "gzip" and answer["gzipped"] * 2 < answer["plain"]
    # Brotli, to a browser that takes it, smaller still
    assert answer["brotli_encoding"] == "br" and answer["brotli"] < answer["gzipped"]
    assert answer["page_links_it"]  # pages name the hashed file, so a new one is a new URL
