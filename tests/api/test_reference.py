"""The API reference at /api/docs/ (and its schemas page, /api/docs/schemas/): plain HTML read
from the schema drf-spectacular generates, light enough for a tablet at the table."""

from __future__ import annotations

import gzip
import html
import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from games.api.reference import build_reference, operations_of, render_reference

pytestmark = pytest.mark.django_db

DOCS = "/api/docs/"
SCHEMAS = "/api/docs/schemas/"
ATTACK = "/api/azeroth/attack-odds/"
FIRST_OPEN_TARGET = 60_000  # bytes on the wire, first open (bench/page_weight.py)

_HEADING = re.compile(
    r'<h3 id="(?P<anchor>op-[^"]+)-title"><span class="api-method [^"]+">(?P<method>[A-Z]+)'
    r'</span> <code class="api-path">(?P<path>[^<]+)</code></h3>'
)


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    """A schema generated afresh, not the page's cached one: the page must match it."""
    generator = SchemaGenerator()  # type: ignore[no-untyped-call]
    generated: dict[str, Any] = generator.get_schema(request=None, public=True)  # type: ignore[no-untyped-call]
    return generated


def page(client: Client, url: str = DOCS) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def operation_section(text: str, method: str, path: str) -> str:
    """The HTML of one operation's section, found by its heading."""
    for heading in _HEADING.finditer(text):
        if (heading["method"], html.unescape(heading["path"])) == (method, path):
            end = text.index("</section>", heading.end())
            return text[heading.start() : end]
    raise AssertionError(f"no section for {method} {path}")


def field_term(section: str, name: str) -> str:
    """The <dt> of a field or parameter: its name, type, required and limits."""
    found = re.search(rf'<dt><code class="api-name">{re.escape(name)}</code>.*?</dt>', section)
    assert found, f"no field {name}"
    return html.unescape(found.group(0))


def test_it_lists_every_operation_of_the_schema_once(client: Client, schema: dict[str, Any]):
    listed = [
        (heading["method"], html.unescape(heading["path"]))
        for heading in _HEADING.finditer(page(client))
    ]

    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(operations_of(schema))
    assert len(listed) > 40  # the schema's paths were read, not an empty page matched


def test_the_schema_it_reads_is_the_one_the_api_serves(client: Client, schema: dict[str, Any]):
    served = json.loads(client.get("/api/schema/?format=json").content)

    assert sorted(operations_of(served)) == sorted(operations_of(schema))


def test_each_operation_has_an_anchor_its_contents_entry_links_to(client: Client):
    text = page(client)
    anchors = [heading["anchor"] for heading in _HEADING.finditer(text)]

    assert len(anchors) == len(set(anchors))
    for anchor in anchors:
        assert f'id="{anchor}"' in text
        assert f'href="#{anchor}"' in text  # from the table of contents


def test_it_shows_a_request_field_with_its_type_limits_and_whether_it_is_required(
    client: Client, schema: dict[str, Any]
):
    fields = schema["components"]["schemas"]["AttackOddsRequest"]["properties"]
    section = operation_section(page(client), "POST", ATTACK)

    goal = field_term(section, "goal")
    assert "number (double)" in goal and "or null" in goal
    assert f"> {fields['goal']['minimum']}" in goal
    assert f"≤ {fields['goal']['maximum']}" in goal
    assert "required" not in goal
    assert "required" in field_term(section, "mode")
    assert "Melee attack (7.2)" in section  # an enumeration's value with its label


def test_a_nested_object_is_linked_to_its_fields_on_the_schemas_page(
    client: Client, schema: dict[str, Any]
):
    attacker = schema["components"]["schemas"]["AttackerRequest"]["properties"]["skl"]
    section = operation_section(page(client), "POST", ATTACK)
    schemas = page(client, SCHEMAS)

    assert f'href="{SCHEMAS}#schema-AttackerRequest"' in field_term(section, "attacker")
    entry = schemas[schemas.index('id="schema-AttackerRequest"') :]
    skl = field_term(entry, "skl")
    assert "integer" in skl and "required" in skl
    assert f"≥ {attacker['minimum']}" in skl and f"≤ {attacker['maximum']}" in skl


def test_every_link_to_a_schema_reaches_one(client: Client):
    operations, schemas = page(client), page(client, SCHEMAS)
    targets = set(re.findall(r' id="(schema-[^"]+)"', schemas))

    linked = set(re.findall(rf'href="{SCHEMAS}#(schema-[^"]+)"', operations))
    linked |= set(re.findall(r'href="#(schema-[^"]+)"', schemas))

    assert linked and linked <= targets


def test_it_shows_each_response_code_with_its_fields(client: Client, schema: dict[str, Any]):
    responses = schema["paths"][ATTACK]["post"]["responses"]
    section = operation_section(page(client), "POST", ATTACK)

    for code in responses:
        assert f">{code}</strong>" in section
    bad_request = section[section.index(">400</strong>") :]
    assert "required" in field_term(bad_request, "detail")
    assert "required" in field_term(bad_request, "errors")
    assert "expected_damage" in section[section.index(">200</strong>") :]


def test_it_shows_the_examples_the_schema_carries(client: Client, schema: dict[str, Any]):
    body = schema["paths"][ATTACK]["post"]["requestBody"]["content"]["application/json"]
    section = html.unescape(operation_section(page(client), "POST", ATTACK))

    assert body["examples"]
    for example in body["examples"].values():
        assert f"Example: {example['summary']}" in section
        assert json.dumps(example["value"], indent=2, ensure_ascii=False) in section


def test_it_escapes_the_schema_text():
    hostile = "<script>alert('x')</script>"
    schema = {
        "info": {"title": hostile, "version": "1"},
        "paths": {
            "/api/things/": {
                "post": {
                    "operationId": "things",
                    "summary": hostile,
                    "description": hostile,
                    "tags": [hostile],
                    "requestBody": {
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/Thing"},
                                "examples": {"A": {"summary": hostile, "value": {"a": hostile}}},
                            }
                        }
                    },
                    "responses": {"200": {"description": hostile}},
                }
            }
        },
        "components": {
            "schemas": {
                "Thing": {
                    "type": "object",
                    "properties": {
                        hostile: {"type": "string", "description": hostile, "enum": [hostile]},
                        "other": {"$ref": "#/components/schemas/Other"},
                    },
                },
                "Other": {"type": "object", "description": hostile, "properties": {}},
            }
        },
    }
    reference = build_reference(schema)

    for name in ("operations", "schemas"):
        text = render_reference(reference, name)
        assert "<script" not in text
        assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in text


def test_a_nullable_choice_reads_as_its_values_or_null():
    schema = {
        "paths": {
            "/api/things/": {
                "get": {
                    "operationId": "things",
                    "parameters": [
                        {
                            "in": "query",
                            "name": "size",
                            "schema": {
                                "oneOf": [
                                    {"$ref": "#/components/schemas/SizeEnum"},
                                    {"$ref": "#/components/schemas/NullEnum"},
                                ]
                            },
                            "description": "How big.\n\n* `s` - Small\n* `l` - Large",
                        }
                    ],
                    "responses": {"204": {"description": "Nothing."}},
                }
            }
        },
        "components": {
            "schemas": {
                "SizeEnum": {"type": "string", "enum": ["s", "l"]},
                "NullEnum": {"enum": [None]},
            }
        },
    }

    (size,) = build_reference(schema).operations[0].parameters

    assert "".join(part.text for part in size.type) == "string or null"
    assert size.description == "How big."
    assert [(value.value, value.label) for value in size.values] == [
        ("s", "Small"),
        ("l", "Large"),
    ]
    assert build_reference(schema).schemas == ()  # an enumeration is written out, not linked


def test_it_is_under_the_first_open_target_gzipped_with_its_stylesheets(client: Client):
    for url in (DOCS, SCHEMAS):
        response = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
        assert response["Content-Encoding"] == "gzip"
        text = gzip.decompress(response.content).decode()
        stylesheets = re.findall(r'<link rel="stylesheet" href="/static/([^"]+)"', text)
        assert "css/api-reference.css" in stylesheets
        styles = 0
        for name in stylesheets:
            found = finders.find(name)
            assert isinstance(found, str)
            with open(found, "rb") as file:
                styles += len(gzip.compress(file.read()))

        assert len(response.content) + styles < FIRST_OPEN_TARGET, url
        assert len(text) > 5 * len(response.content)  # it was the whole page, compressed


def test_it_carries_no_script(client: Client):
    for url in (DOCS, SCHEMAS):
        assert "<script" not in page(client, url)


def test_it_is_answered_304_when_opened_again(client: Client):
    first = client.get(DOCS, HTTP_ACCEPT_ENCODING="gzip")
    again = client.get(DOCS, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=first["ETag"])

    assert "no-cache" in first["Cache-Control"] and "private" in first["Cache-Control"]
    assert again.status_code == 304 and again.content == b""


def test_a_signed_in_reader_gets_another_tag_since_the_header_differs(client: Client):
    anonymous = client.get(DOCS)
    client.force_login(User.objects.create_user("mira"))
    signed_in = client.get(DOCS, HTTP_IF_NONE_MATCH=anonymous["ETag"])

    assert signed_in.status_code == 200
    assert "Sign out" in signed_in.content.decode()
    assert signed_in["ETag"] != anonymous["ETag"]


def test_it_links_the_interactive_pages_as_the_heavier_way_to_try_requests(client: Client):
    text = page(client)

    for url in ("/api/docs/try/", "/api/redoc/", SCHEMAS):
        assert f'href="{url}"' in text
        assert client.get(url).status_code == 200
    assert "heavier" in text
    assert not re.search(r"""["'(]\s*(https?:)?//""", text), "the page names an outside host"
