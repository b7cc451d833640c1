"""The pages' Content-Security-Policy: strict on every page (the browser tests check Chromium
reports no breach of it), and nothing in the templates that it would block."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.template import Context, Template
from django.test import Client, RequestFactory

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = [ROOT / "templates", *sorted(ROOT.glob("games/systems/*/templates"))]


def directives(header: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.parametrize("path", ["/", "/rulings/", "/accounts/login/", "/batches/"])
@pytest.mark.django_db
def test_every_page_answers_a_strict_policy(client: Client, path: str) -> None:
    header = client.get(path)["Content-Security-Policy"]

    policy = directives(header)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]  # a nonce only on a page that uses one
    assert policy["frame-ancestors"] == ["'none'"]
    assert "unsafe" not in header


def test_no_template_has_a_style_attribute_an_inline_script_or_an_event_handler() -> None:
    found = []
    for path in (path for folder in TEMPLATES for path in folder.rglob("*.html")):
        text = path.read_text()
        for pattern in (r"\sstyle=", r"<script(?![^>]*\ssrc=)[^>]*>", r"\son[a-z]+=\""):
            found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(pattern, text)]

    assert found == []


def render_colours(seats: object) -> str:
    request = RequestFactory().get("/")
    request.csp_nonce = "n0nce"  # type: ignore[attr-defined]
    template = Template("{% load board %}{% seat_colours seats %}")
    return template.render(Context({"request": request, "seats": seats}))


def test_seat_colours_come_in_one_style_element_bearing_the_nonce() -> None:
    seats = [{"index": 0, "colour": "#aa3311"}, SimpleNamespace(index=1, colour="#1155CC")]

    html = render_colours(seats)

    assert html == (
        '<style nonce="n0nce">.seat-colour-0 { --seat: #aa3311; }\n'
        ".seat-colour-1 { --seat: #1155CC; }</style>"
    )


def test_a_seat_colour_that_is_not_hex_is_left_out() -> None:
    seats = [
        {"index": 0, "colour": "red;} body { display: none"},
        {"index": 1, "colour": "</style><script>alert(1)</script>"},
    ]

    assert render_colours(seats) == '<style nonce="n0nce"></style>'
