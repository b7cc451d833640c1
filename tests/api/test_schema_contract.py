"""What the OpenAPI schema says of a request is what the server does with it: what it refuses,
the schema forbids (closed objects, "units or text, not both", non-null values, caps), and
what the schema allows is the shape the server reads. Each system's game actions have their
own bodies, and every answer's content type is documented, errors included.
"""

from __future__ import annotations

import copy
import uuid
from functools import cache
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # comes with drf-spectacular
import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from games.batches.service import run_batch
from games.models import Game
from tests.api.helpers import assert_bad_request, assert_matches_schema, openapi_schema, post_json
from tests.batches.samples import VALID_DECK, load_catalogs
from tests.games.tracker.support import client_for, game, host, player, send, spectator

__all__ = ["game", "host", "player", "spectator"]


def _json_schema(node: Any) -> Any:
    """OpenAPI 3.0 -> JSON Schema as written: objects stay as open as the schema leaves them."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _json_schema(value) for key, value in node.items()}
    if out.pop("nullable", False):
        return {"anyOf": [out, {"type": "null"}]}
    return out


@cache
def _components() -> dict[str, Any]:
    components: dict[str, Any] = _json_schema(copy.deepcopy(openapi_schema()["components"]))
    return components


def allows(component: str, body: Any) -> bool:
    """Whether the schema's ``component`` allows ``body``."""
    document = {"$ref": f"#/components/schemas/{component}", "components": _components()}
    return bool(jsonschema.Draft202012Validator(document).is_valid(body))


def operation(path: str, method: str = "post") -> dict[str, Any]:
    found: dict[str, Any] = openapi_schema()["paths"][path][method]
    return found


# --- game actions: one body per system and action type -------------------------------------


def _action(game: Game, **fields: Any) -> dict[str, Any]:
    return {
        "system": game.system,
        "type": "attach_mana",
        "payload": {"guardian": "Dragoon"},
        "version": 0,
        "seat": 0,
    } | fields


def test_an_action_names_its_game_s_system_or_is_a_400_naming_system(
    game: Game, host: User
) -> None:
    url = f"/api/games/{game.pk}/actions/"
    body = _action(game)
    del body["system"]

    missing = send(client_for(host), "post", url, body)
    other = send(client_for(host), "post", url, _action(game, system="azeroth"))

    assert_bad_request(missing.status_code, missing.json(), "system")
    assert_bad_request(other.status_code, other.json(), "system")
    assert "AZRAH" in other.json()["errors"]["system"][0]
    assert send(client_for(host), "post", url, _action(game)).status_code == 201
    assert Game.objects.get(pk=game.pk).version == 1


def test_a_preview_names_its_game_s_system_too(game: Game, host: User) -> None:
    response = send(
        client_for(host), "post", f"/api/games/{game.pk}/preview/", _action(game, system="x")
    )

    assert_bad_request(response.status_code, response.json(), "system")


def test_the_schema_gives_each_system_s_actions_a_body_of_their_own() -> None:
    bodies = openapi_schema()["components"]["schemas"]["GameActionRequest"]["oneOf"]
    pairs = set()
    for ref in bodies:
        name = ref["$ref"].rsplit("/", 1)[1]
        component = openapi_schema()["components"]["schemas"][name]
        assert {"system", "type"} <= set(component["required"]), name
        systems = _components()["schemas"][name]["properties"]["system"]
        types = _components()["schemas"][name]["properties"]["type"]
        (system,) = _enum(systems)
        (kind,) = _enum(types)
        pairs.add((system, kind))
    assert ("azrah", "attach_mana") in pairs
    assert ("azeroth", "attach_mana") not in pairs
    assert {("azrah", "batch"), ("azeroth", "batch"), ("azeroth", "request_undo")} <= pairs
    assert len(pairs) == len(bodies)


def _enum(schema: dict[str, Any]) -> list[str]:
    """The values an inline or referenced enum allows."""
    for part in schema.get("allOf", [schema]):
        if "$ref" in part:
            part = _components()["schemas"][part["$ref"].rsplit("/", 1)[1]]
        if "enum" in part:
            return list(part["enum"])
    raise AssertionError(schema)


def test_an_azeroth_action_is_not_a_valid_body_for_an_azrah_game(game: Game) -> None:
    azrah = _action(game)
    azeroth = _action(game, system="azeroth")

    assert allows("GameActionRequest", azrah)
    assert not allows("GameActionRequest", azeroth)


def test_a_batch_of_one_system_lists_only_that_system_s_action_types() -> None:
    batch = {"system": "azrah", "type": "batch", "version": 0}
    item = {"type": "attach_mana", "payload": {"guardian": "Dragoon"}}

    assert allows("GameActionRequest", batch | {"payload": {"actions": [item]}})
    wrong = batch | {"payload": {"actions": [item | {"type": "activate"}]}}
    assert not allows("GameActionRequest", wrong)


# --- closed objects, one-of bodies, non-null values -----------------------------------------


@pytest.mark.parametrize(
    ("component", "body"),
    [
        ("MoraleOddsRequest", {"tier": "mounted", "colour": "red"}),
        ("WatchRequest", {"token": "t", "extra": 1}),
        ("BatchJSONRequestRequest", {"system": "azuki", "lists": [], "extra": 1}),
    ],
)
def test_a_request_body_that_refuses_unknown_keys_is_documented_closed(
    component: str, body: dict[str, Any]
) -> None:
    assert openapi_schema()["components"]["schemas"][component]["additionalProperties"] is False
    assert not allows(component, body)


@pytest.mark.parametrize(
    ("url", "component", "both", "each"),
    [
        (
            "/api/azeroth/army-lists/validate/",
            "ArmyValidateRequest",
            {"battle_size": "skirmish", "units": [], "text": "2 Orc Grunt"},
            [{"battle_size": "skirmish", "units": []}, {"text": "2 Orc Grunt"}],
        ),
        (
            "/api/azuki/decks/validate/",
            "DeckValidateRequest",
            {"cards": [], "text": "4 AZK-017"},
            [{"cards": []}, {"text": "4 AZK-017"}],
        ),
        (
            "/api/azrah/rosters/validate/",
            "RosterValidateRequest",
            {"guardians": ["Bard"], "text": "Bard"},
            [{"guardians": ["Bard"]}, {"text": "Bard"}],
        ),
    ],
)
def test_a_list_check_takes_its_list_as_json_or_as_text_never_both_and_says_so(
    client: Client, url: str, component: str, both: dict[str, Any], each: list[dict[str, Any]]
) -> None:
    response = post_json(client, url, both)

    assert response.status_code == 400
    assert not allows(component, both)
    assert not allows(component, {})
    assert all(allows(component, body) for body in each)
    assert operation(url)["requestBody"]["required"] is True


def test_an_army_of_units_needs_its_battle_size_in_the_schema_as_on_the_server(
    client: Client,
) -> None:
    body = {"units": [{"unit": "orc-grunt", "count": 2}]}

    response = post_json(client, "/api/azeroth/army-lists/validate/", body)

    assert_bad_request(response.status_code, response.json(), "battle_size")
    assert not allows("ArmyValidateRequest", body)


def test_a_roster_as_text_takes_no_mana_beside_it_in_the_schema_as_on_the_server(
    client: Client,
) -> None:
    body = {"text": "Bard", "mana": 9}

    response = post_json(client, "/api/azrah/rosters/validate/", body)

    assert_bad_request(response.status_code, response.json(), "mana")
    assert not allows("RosterValidateRequest", body)


@pytest.mark.parametrize("key", ["setup", "options", "parties", "first_player"])
def test_a_new_game_s_json_values_are_documented_and_refused_as_null(key: str, host: User) -> None:
    body = {"system": "azrah", key: None}

    response = send(client_for(host), "post", "/api/games/", body)

    assert response.status_code == 400 and key in response.json()["errors"]
    assert not allows("CreateGameRequest", body)


def test_a_new_game_s_setup_is_an_object_or_a_400_naming_it(host: User) -> None:
    response = send(client_for(host), "post", "/api/games/", {"system": "azrah", "setup": []})

    assert_bad_request(response.status_code, response.json(), "setup")
    assert not allows("CreateGameRequest", {"system": "azrah", "setup": []})


def test_a_game_import_documents_the_export_it_takes(game: Game, host: User) -> None:
    document = client_for(host).get(f"/api/games/{game.pk}/export/").json()

    assert allows("GameImportRequest", document)
    assert not allows("GameImportRequest", {})
    assert operation("/api/games/import/")["requestBody"]["required"] is True
    assert send(client_for(host), "post", "/api/games/import/", document).status_code == 201


# --- caps and blanks ------------------------------------------------------------------------


def _parameter(path: str, name: str) -> dict[str, Any]:
    (found,) = [p for p in operation(path, "get")["parameters"] if p["name"] == name]
    parameter: dict[str, Any] = found
    return parameter


def test_the_entries_search_documents_its_limit_s_range(client: Client, db: None) -> None:
    load_catalogs()
    url = "/api/catalogs/azuki/starter/1.0/entries/"

    assert _parameter("/api/catalogs/{system}/{slug}/{version}/entries/", "limit")["schema"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 200,
    }
    assert client.get(url + "?limit=200").status_code == 200
    assert client.get(url + "?limit=201").status_code == 400
    assert client.get(url + "?limit=0").status_code == 400


def test_a_player_link_s_token_is_documented_as_not_empty(host: User) -> None:
    response = client_for(host).get("/api/games/join/?token=")

    assert_bad_request(response.status_code, response.json(), "token")
    assert _parameter("/api/games/join/", "token")["schema"]["minLength"] == 1


def test_a_batch_s_options_may_be_empty_or_null_as_documented(client: Client, db: None) -> None:
    load_catalogs()
    options = {"catalog": "", "catalog_version": None, "battle_size": "", "points_limit": None}
    body = {"system": "azuki", "lists": [{"text": VALID_DECK}], "options": options}

    response = post_json(client, "/api/batches/", body)

    assert response.status_code == 202, response.content[:300]
    assert allows("BatchJSONRequestRequest", body)
    no_options = body | {"options": None}
    assert post_json(client, "/api/batches/", no_options).status_code == 202
    assert allows("BatchJSONRequestRequest", no_options)


def test_a_batch_s_points_limit_in_json_is_a_number_not_its_text(client: Client, db: None) -> None:
    body = {"system": "azeroth", "lists": [{"text": "2 Orc Grunt"}], "options": {}}
    body["options"] = {"points_limit": "500"}

    response = post_json(client, "/api/batches/", body)

    assert_bad_request(response.status_code, response.json(), "options.points_limit")
    assert not allows("BatchJSONRequestRequest", body)


# --- answers: every content type documented ------------------------------------------------


def test_an_unknown_batch_s_csv_is_the_documented_json_404(client: Client, db: None) -> None:
    response = client.get(f"/api/batches/{uuid.uuid4()}/results.csv")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert_matches_schema(response.json(), "Detail")
    documented = operation("/api/batches/{job_id}/results.csv", "get")["responses"]["404"]
    assert set(documented["content"]) == {"application/json"}


def test_a_catalog_s_export_is_documented_beside_its_detail(client: Client, db: None) -> None:
    load_catalogs()

    for url in ("/api/catalogs/azrah/starter/", "/api/catalogs/azeroth/starter/1.0/"):
        detail = client.get(url).json()
        exported = client.get(url + "?format=export").json()

        assert allows("CatalogDetailOrFile", detail)
        assert allows("CatalogDetailOrFile", exported)
        assert_matches_schema(exported, "CatalogFile")
        assert not allows("CatalogDetail", exported)


def test_the_catalog_paths_examples_name_a_catalog_every_install_has(
    client: Client, db: None
) -> None:
    call_command("load_starter_data", verbosity=0)  # what every install loads
    parameters = operation("/api/catalogs/{system}/{slug}/{version}/", "get")["parameters"]
    examples = {
        p["name"]: [e["value"] for e in p["examples"].values()]
        for p in parameters
        if p["in"] == "path"
    }

    assert set(examples) == {"system", "slug", "version"}
    for system in examples["system"]:
        (slug,), (version,) = examples["slug"], examples["version"]
        response = client.get(f"/api/catalogs/{system}/{slug}/{version}/")
        assert response.status_code == 200, (system, response.content[:200])


def test_a_batch_item_that_is_no_list_is_a_row_saying_so_as_documented(
    client: Client, db: None
) -> None:
    load_catalogs()
    body = {"system": "azuki", "lists": [{"text": VALID_DECK}, [None, None]]}

    response = post_json(client, "/api/batches/", body)

    assert response.status_code == 202, response.content[:300]
    run_batch(response.json()["id"])  # as a worker would, once the job is committed
    rows = client.get(response.json()["url"]).json()["results"]
    assert [row["valid"] for row in rows] == [True, False]
    assert allows("BatchJSONRequestRequest", body)
