"""Contract tests for GET /api/ (the root), /api/schema/ (OpenAPI 3) and the interactive docs
pages (Swagger UI and ReDoc; the plain reference at /api/docs/ has its own file)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client
from django.urls import resolve
from drf_spectacular.validation import validate_schema

from referee.rules.azeroth.profiles import LIMITS, MAX_BLAST_DISTANCE, MAX_BLAST_TARGETS
from tests.api.helpers import (
    ATTACK_URL,
    BLAST_URL,
    MORALE_URL,
    ODDS_URLS,
    SPELL_URL,
    assert_matches_schema,
    openapi_schema,
)

LIST_URLS = (
    "/api/azeroth/army-lists/validate/",
    "/api/azuki/decks/validate/",
    "/api/azrah/rosters/validate/",
    "/api/catalogs/",
    "/api/catalogs/import/",
)

COMPONENTS = {
    ATTACK_URL: ("AttackOddsRequest", "AttackOddsResult"),
    MORALE_URL: ("MoraleOddsRequest", "MoraleOddsResult"),
    SPELL_URL: ("SpellOddsRequest", "SpellOddsResult"),
    BLAST_URL: ("BlastOddsRequest", "BlastOddsResult"),
}


def served_schema(client: Client) -> dict[str, Any]:
    response = client.get("/api/schema/?format=json")
    assert response.status_code == 200
    schema: dict[str, Any] = json.loads(response.content)
    return schema


# --- The root ----------------------------------------------------------------------------


def test_the_root_lists_every_endpoint_with_its_url_and_purpose(client: Client):
    response = client.get("/api/")
    assert response.status_code == 200
    body = response.json()
    assert_matches_schema(body, "ApiRoot")
    paths = [urlsplit(endpoint["url"]).path for endpoint in body["endpoints"]]
    assert paths[: len(ODDS_URLS)] == list(ODDS_URLS)
    assert set(LIST_URLS) <= set(paths)
    for endpoint in body["endpoints"]:
        assert endpoint["method"] in ("GET", "POST")
        assert endpoint["name"] and len(endpoint["description"]) > 20
        assert urlsplit(endpoint["url"]).netloc == "testserver"


def test_every_endpoint_the_root_lists_is_in_the_schema_and_answers(client: Client):
    body = client.get("/api/").json()
    schema = served_schema(client)
    for endpoint in body["endpoints"]:
        path = urlsplit(endpoint["url"]).path
        assert endpoint["method"].lower() in schema["paths"][path]
        resolve(path)
        if endpoint["method"] == "POST":
            # Importing a catalog is for staff: an anonymous caller is refused before the body.
            expected = 403 if path == "/api/catalogs/import/" else 400
            assert client.post(path, "{}", content_type="application/json").status_code == expected


def test_the_root_links_to_the_schema_and_the_docs(client: Client):
    body = client.get("/api/").json()
    for key in ("schema", "docs", "redoc"):
        assert client.get(urlsplit(body[key]).path).status_code == 200


def test_the_root_only_answers_get(client: Client):
    assert client.post("/api/", "{}", content_type="application/json").status_code == 405


@pytest.mark.parametrize("method", ["get", "post", "delete"])
def test_an_unknown_api_path_is_a_json_404(client: Client, method):
    response = getattr(client, method)("/api/azeroth/charge-odds/")
    assert response.status_code == 404
    assert set(response.json()) == {"detail"}
    assert "/api/" in response.json()["detail"]


def test_a_post_without_the_trailing_slash_is_a_404_that_names_the_right_url(client: Client):
    response = client.post(ATTACK_URL.rstrip("/"), "{}", content_type="application/json")
    assert response.status_code == 404
    assert f"Did you mean {ATTACK_URL} ?" in response.json()["detail"]


# --- The schema --------------------------------------------------------------------------


def test_the_schema_is_valid_openapi_3_in_json_and_yaml(client: Client):
    as_json = served_schema(client)
    assert as_json["openapi"].startswith("3.")
    validate_schema(as_json)  # type: ignore[no-untyped-call]
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert yaml.safe_load(response.content) == as_json


def test_the_schema_builds_without_a_single_warning(tmp_path: Path):
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    assert yaml.safe_load(target.read_text())["paths"]


@pytest.mark.parametrize("url", ODDS_URLS)
def test_each_endpoint_documents_its_request_answer_and_errors(client: Client, url):
    operation = served_schema(client)["paths"][url]["post"]
    request_name, result_name = COMPONENTS[url]
    request_body = operation["requestBody"]
    assert request_body["required"] is True
    assert request_body["content"]["application/json"]["schema"] == {
        "$ref": f"#/components/schemas/{request_name}"
    }
    assert request_body["content"]["application/json"]["examples"]
    responses = operation["responses"]
    assert responses["200"]["content"]["application/json"]["schema"] == {
        "$ref": f"#/components/schemas/{result_name}"
    }
    for code in ("400", "413"):
        content = responses[code]["content"]["application/json"]
        assert content["schema"] == {"$ref": "#/components/schemas/BadRequest"}
    assert responses["400"]["content"]["application/json"]["examples"]
    assert operation["summary"] and operation["description"]


@pytest.mark.parametrize("url", ODDS_URLS)
def test_every_request_example_fits_the_request_schema_and_is_answered(client: Client, url):
    operation = served_schema(client)["paths"][url]["post"]
    request_name, result_name = COMPONENTS[url]
    request_examples = operation["requestBody"]["content"]["application/json"]["examples"]
    for example in request_examples.values():
        assert_matches_schema(example["value"], request_name)
        response = client.post(url, json.dumps(example["value"]), content_type="application/json")
        assert response.status_code == 200, response.content
        assert_matches_schema(response.json(), result_name)


@pytest.mark.parametrize("url", ODDS_URLS)
def test_every_answer_example_is_a_real_answer_in_the_documented_shape(client: Client, url):
    operation = served_schema(client)["paths"][url]["post"]
    _, result_name = COMPONENTS[url]
    answers = operation["responses"]["200"]["content"]["application/json"]["examples"]
    requests = operation["requestBody"]["content"]["application/json"]["examples"]
    answered = [
        client.post(url, json.dumps(example["value"]), content_type="application/json").json()
        for example in requests.values()
    ]
    assert answers
    for answer in answers.values():
        assert_matches_schema(answer["value"], result_name)
        assert answer["value"] in answered


@pytest.mark.parametrize("url", ODDS_URLS)
def test_every_error_example_is_the_documented_error_shape(client: Client, url):
    operation = served_schema(client)["paths"][url]["post"]
    for example in operation["responses"]["400"]["content"]["application/json"][
        "examples"
    ].values():
        assert_matches_schema(example["value"], "BadRequest")


def components() -> dict[str, Any]:
    schemas: dict[str, Any] = openapi_schema()["components"]["schemas"]
    return schemas


RANGED_FIELDS = [
    ("AttackerRequest", "atk", "atk"),
    ("AttackerRequest", "skl", "skl"),
    ("AttackerRequest", "str", "str"),
    ("AttackerRequest", "ranged_str", "ranged_str"),
    ("AttackerRequest", "ini", "ini"),
    ("AttackerRequest", "wounds", "wounds"),
    ("AttackerRequest", "wounds_remaining", "wounds_remaining"),
    ("KeywordsRequest", "momentum", "momentum"),
    ("KeywordsRequest", "decisive_blow", "decisive_blow"),
    ("DefenderRequest", "tgh", "tgh"),
    ("DefenderRequest", "def", "def"),
    ("DefenderRequest", "ini", "ini"),
    ("DefenderRequest", "wounds", "wounds"),
    ("DefenderRequest", "wounds_remaining", "wounds_remaining"),
    ("SpellOddsRequest", "mana_cost", "mana_cost"),
    ("SpellOddsRequest", "defender_mana", "defender_mana"),
    ("BlastOddsRequest", "caster_skl", "skl"),
    ("BlastOddsRequest", "strength", "strength"),
    ("BlastTargetRequest", "tgh", "tgh"),
    ("BlastTargetRequest", "def", "def"),
    ("BlastTargetRequest", "base_mm", "base_mm"),
    ("BlastTargetRequest", "wounds_remaining", "wounds_remaining"),
    ("MoraleTriggerRequest", "starting_wounds", "wounds"),
]


@pytest.mark.parametrize(("component", "field", "limit"), RANGED_FIELDS)
def test_the_schema_shows_the_engines_ranges(component, field, limit):
    prop = components()[component]["properties"][field]
    assert (prop["minimum"], prop["maximum"]) == LIMITS[limit]


def test_the_schema_shows_the_blast_limits():
    target = components()["BlastTargetRequest"]["properties"]
    assert target["distance"]["maximum"] == MAX_BLAST_DISTANCE
    targets = components()["BlastOddsRequest"]["properties"]["targets"]
    assert (targets["minItems"], targets["maxItems"]) == (1, MAX_BLAST_TARGETS)


def test_the_schema_marks_what_is_required_and_what_may_be_null():
    schemas = components()
    assert sorted(schemas["AttackOddsRequest"]["required"]) == ["attacker", "defender", "mode"]
    assert "def" in schemas["DefenderRequest"]["required"]
    assert schemas["DefenderRequest"]["properties"]["def"]["nullable"] is True
    goal = schemas["AttackOddsRequest"]["properties"]["goal"]
    assert goal["exclusiveMinimum"] is True and goal["maximum"] == 1
    assert "plan" not in schemas["AttackOddsResult"]["required"]
    assert "second_target" in schemas["AttackOddsResult"]["required"]
    assert schemas["MoraleOddsResult"]["properties"]["morale_value"]["nullable"] is True
    assert "pass" in schemas["MoraleOddsResult"]["required"]


def test_the_error_body_is_documented():
    bad_request = components()["BadRequest"]
    assert sorted(bad_request["required"]) == ["detail", "errors"]
    errors = bad_request["properties"]["errors"]
    assert errors["type"] == "object"
    assert errors["additionalProperties"]["items"]["type"] == "string"


# --- The docs pages ----------------------------------------------------------------------


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in {"src", "href"} and value:
                self.urls.append(value)


@pytest.mark.parametrize("page", ["/api/docs/try/", "/api/redoc/"])
def test_the_interactive_docs_load_only_vendored_files(client: Client, page):
    response = client.get(page)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    links = _Links()
    links.feed(html)
    assert links.urls
    for url in links.urls:
        if url == f"{page}?script=":  # Swagger UI's start-up script, served by the page's view
            script = client.get(url)
            assert script["Content-Type"].startswith("application/javascript")
            html += script.content.decode()
            continue
        assert url.startswith("/static/"), url
        assert finders.find(url.removeprefix("/static/")), f"{url} is not a vendored file"
    assert not re.search(r"""["'(]\s*(https?:)?//""", html), "the page names an outside host"
    assert "/api/schema/" in html


def test_the_swagger_page_loads_no_standalone_preset_since_its_layout_uses_none(client: Client):
    html = client.get("/api/docs/try/").content.decode()
    script = client.get("/api/docs/try/?script=").content.decode()

    assert "swagger-ui-bundle" in html
    assert "standalone" not in html.lower()
    assert '"BaseLayout"' in script and "StandalonePreset" not in script


def test_the_schema_is_answered_304_to_a_browser_that_has_it(client: Client):
    first = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    again = client.get(
        "/api/schema/",
        HTTP_ACCEPT="application/vnd.oai.openapi+json",
        HTTP_IF_NONE_MATCH=first["ETag"],
    )

    assert first.status_code == 200 and len(first.content) > 10_000
    assert again.status_code == 304 and again.content == b""


@pytest.mark.browser
@pytest.mark.parametrize(("page", "ready"), [("/api/docs/try/", ".opblock"), ("/api/redoc/", "h1")])
def test_the_docs_render_in_chromium_without_contacting_any_other_host(
    live_server, browser, page, ready
):
    """The page renders the four operations and nothing leaves for another host. ReDoc's
    bundle asks for its maker's logo; the page's Content-Security-Policy must stop it before
    the request is sent. (``browser`` is the worker's Chromium, tests/chromium.py.)"""
    attempted: list[str] = []
    blocked: list[str] = []

    def outside(url: str) -> bool:
        return not url.startswith((live_server.url, "data:", "blob:"))

    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        tab = context.new_page()
        tab.on("request", lambda r: attempted.append(r.url) if outside(r.url) else None)
        tab.on(
            "requestfailed",
            lambda r: blocked.append(r.url) if outside(r.url) and r.failure == "csp" else None,
        )
        tab.goto(live_server.url + page)
        tab.wait_for_selector(ready, timeout=20_000)
        tab.wait_for_load_state("networkidle")
        text = tab.inner_text("body")
        output = Path("test-output")
        output.mkdir(exist_ok=True)
        tab.screenshot(path=str(output / f"{page.strip('/').replace('/', '-')}.png"))
    finally:
        context.close()
    assert [url for url in attempted if url not in blocked] == []
    for summary in ("Odds of one attack", "Odds of a Morale test", "Odds of a Blast"):
        assert summary in text
