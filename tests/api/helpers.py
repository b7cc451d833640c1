"""Helpers for the API contract tests: posting JSON, and checking bodies against the schema.

conftest.py turns ``post_json`` into the ``post`` fixture.

``assert_matches_schema`` validates a response body against the component the OpenAPI schema
documents for it, with every object closed (no undocumented keys), so a body and its
documentation cannot drift apart.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import TYPE_CHECKING, Any

import jsonschema  # type: ignore[import-untyped]  # comes with drf-spectacular
from django.test import Client
from drf_spectacular.generators import SchemaGenerator
from hypothesis import strategies as st

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

ATTACK_URL = "/api/azeroth/attack-odds/"
MORALE_URL = "/api/azeroth/morale-odds/"
SPELL_URL = "/api/azeroth/spell-odds/"
BLAST_URL = "/api/azeroth/blast-odds/"
ODDS_URLS = (ATTACK_URL, MORALE_URL, SPELL_URL, BLAST_URL)


def post_json(client: Client, url: str, body: Any) -> TestResponse:
    return client.post(url, json.dumps(body), content_type="application/json")


def post_raw(client: Client, url: str, raw: bytes | str) -> TestResponse:
    return client.post(url, raw, content_type="application/json")


@cache
def openapi_schema() -> dict[str, Any]:
    generator: Any = SchemaGenerator()  # type: ignore[no-untyped-call]
    schema: dict[str, Any] = generator.get_schema(request=None, public=True)
    return schema


def _to_json_schema(node: Any) -> Any:
    """OpenAPI 3.0 schema object -> JSON Schema (2020-12), with every object closed."""
    if isinstance(node, list):
        return [_to_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _to_json_schema(value) for key, value in node.items()}
    if out.get("exclusiveMinimum") is True:
        out["exclusiveMinimum"] = out.pop("minimum")
    if out.get("type") == "object" and "properties" in out:
        out.setdefault("additionalProperties", False)
    if out.pop("nullable", False):
        return {"anyOf": [out, {"type": "null"}]}
    return out


@cache
def _components() -> dict[str, Any]:
    components: dict[str, Any] = _to_json_schema(copy.deepcopy(openapi_schema()["components"]))
    return components


def assert_matches_schema(body: Any, component: str) -> None:
    """Fail unless ``body`` is exactly what the schema's ``component`` documents."""
    document = {"$ref": f"#/components/schemas/{component}", "components": _components()}
    jsonschema.Draft202012Validator(document).validate(body)


def assert_bad_request(status: int, body: Any, *paths: str) -> None:
    """A 400 in the API's one error shape, naming exactly ``paths``."""
    assert status == 400, body
    assert_matches_schema(body, "BadRequest")
    assert isinstance(body["detail"], str) and body["detail"]
    assert sorted(body["errors"]) == sorted(paths), body
    for messages in body["errors"].values():
        assert messages and all(isinstance(m, str) and m for m in messages)


# --- Hypothesis strategies for malformed payloads -----------------------------------------

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.integers(min_value=-3, max_value=250)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "HA", "SW", "melee", "ranged", "soft", "large", "elite", "buff", "1"])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def _slots(node: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) pair in a JSON document, nested ones included."""
    found: list[tuple[Any, Any]] = []
    if isinstance(node, dict):
        for key, child in node.items():
            found.append((node, key))
            found.extend(_slots(child))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            found.append((node, index))
            found.extend(_slots(child))
    return found


def _objects(node: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = [node] if isinstance(node, dict) else []
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    for child in children:
        found.extend(_objects(child))
    return found


@st.composite
def mutated(draw: st.DrawFn, payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` with one to three random edits: a value replaced by any JSON value, a key
    removed, or an unknown key added, anywhere in the document."""
    body = copy.deepcopy(payload)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "add":
            target = draw(st.sampled_from(_objects(body)))
            target[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
            continue
        slots = _slots(body)
        if not slots:
            continue
        container, key = draw(st.sampled_from(slots))
        if action == "delete" and isinstance(container, dict):
            del container[key]
        else:
            container[key] = draw(json_values)
    return body


def assert_answered(response: TestResponse, result_component: str) -> None:
    """Whatever was sent, the answer is a documented 200 or the documented 400, never a 500."""
    assert response.status_code in (200, 400), response.content[:500]
    body = response.json()
    if response.status_code == 200:
        assert_matches_schema(body, result_component)
    else:
        assert_matches_schema(body, "BadRequest")
        assert body["errors"], body
