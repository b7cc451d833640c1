"""Saved lists over REST: /api/lists/, /api/lists/<id>/ (+ export/, share/), /api/shared/<token>/
and /api/auth/token/.

Roles: the ``owner`` of the lists, ``other_user`` (signed in, owns none of them), an anonymous
visitor and a holder of the share link.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from knox.models import AuthToken

from games.lists import service
from games.models import Catalog, SavedList
from games.registry import list_game
from referee.rules.azuki.deck import deck_from_dict, parse_deck_text
from tests.api.helpers import assert_matches_schema, mutated
from tests.lists.support import LEGAL, PASSWORD, catalogs, other_user, owner, payload
from tests.profiles import examples
from tests.tokens import token_for

__all__ = ["catalogs", "other_user", "owner"]

LISTS = "/api/lists/"


def send(client: Client, method: str, url: str, body: Any = None, **extra: Any) -> Any:
    kwargs: dict[str, Any] = dict(extra)
    if body is not None:
        kwargs["data"] = json.dumps(body)
        kwargs["content_type"] = "application/json"
    return getattr(client, method)(url, **kwargs)


@pytest.fixture
def as_owner(owner: User, catalogs: dict[str, Catalog]) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def as_other(other_user: User) -> Client:
    client = Client()
    client.force_login(other_user)
    return client


@pytest.fixture
def deck_id(as_owner: Client) -> str:
    response = send(
        as_owner, "post", LISTS, {"system": "azuki", "name": "Fire", "payload": payload("azuki")}
    )
    assert response.status_code == 201
    return str(response.json()["id"])


# --- Creating and listing -----------------------------------------------------------------


def test_the_owner_saves_a_list_and_gets_its_check(
    as_owner: Client, catalogs: dict[str, Catalog]
) -> None:
    body = {"system": "azuki", "name": "Short", "payload": payload("azuki", legal=False)}
    response = send(as_owner, "post", LISTS, body)
    assert response.status_code == 201
    answer = response.json()
    assert answer["name"] == "Short"
    assert answer["check"] == {
        "valid": False,
        "error_count": 1,
        "warning_count": 0,
        "catalog_version": catalogs["azuki"].version,
    }
    assert [p["code"] for p in answer["problems"]] == ["deck_size"]
    assert answer["catalog"]["slug"] == catalogs["azuki"].slug
    assert answer["builder_url"].endswith(f"/azuki/deck/?saved={answer['id']}")
    assert answer["shared"] is False and answer["share_url"] is None
    assert SavedList.objects.get(pk=answer["id"]).owner.username == "owner"


def test_it_checks_against_the_catalog_named(as_owner: Client) -> None:
    body = {
        "system": "azrah",
        "name": "Dawn",
        "payload": payload("azrah"),
        "catalog": {"slug": "starter", "version": "1.0"},
    }
    response = send(as_owner, "post", LISTS, body)
    assert response.status_code == 201, response.json()
    assert response.json()["check"]["valid"] is True
    assert response.json()["check"]["catalog_version"] == "1.0"


def test_it_names_a_catalog_that_does_not_exist(as_owner: Client) -> None:
    body = {
        "system": "azrah",
        "name": "Dawn",
        "payload": payload("azrah"),
        "catalog": {"slug": "x"},
    }
    response = send(as_owner, "post", LISTS, body)
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["catalog"]


def test_it_names_each_bad_field_inside_the_payload(as_owner: Client) -> None:
    bad = payload("azeroth")
    bad["units"][0]["count"] = "one"
    bad["battle_size"] = "huge"
    response = send(as_owner, "post", LISTS, {"system": "azeroth", "name": "X", "payload": bad})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"payload.units.0.count", "payload.battle_size"} <= set(errors)
    assert not SavedList.objects.exists()


def test_it_rejects_unknown_missing_and_mistyped_fields(as_owner: Client) -> None:
    response = send(as_owner, "post", LISTS, {"system": "chess", "payload": [], "colour": "red"})
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"system", "name", "payload", "colour"}


def test_the_index_holds_only_the_callers_lists(
    as_owner: Client, as_other: Client, deck_id: str
) -> None:
    send(
        as_other, "post", LISTS, {"system": "azrah", "name": "Theirs", "payload": payload("azrah")}
    )
    mine = send(as_owner, "get", LISTS).json()
    assert mine["count"] == 1
    assert [item["id"] for item in mine["results"]] == [deck_id]
    assert send(as_other, "get", LISTS).json()["results"][0]["name"] == "Theirs"


def test_the_index_filters_by_system(as_owner: Client, deck_id: str) -> None:
    send(as_owner, "post", LISTS, {"system": "azrah", "name": "Dawn", "payload": payload("azrah")})
    answer = send(as_owner, "get", LISTS + "?system=azrah").json()
    assert [item["system"] for item in answer["results"]] == ["azrah"]
    assert send(as_owner, "get", LISTS + "?system=chess").status_code == 400


# --- One list -------------------------------------------------------------------------------


def test_the_owner_reads_a_list_with_its_problems(as_owner: Client, deck_id: str) -> None:
    answer = send(as_owner, "get", f"{LISTS}{deck_id}/").json()
    assert answer["name"] == "Fire"
    assert answer["check"]["valid"] is True
    assert answer["problems"] == []
    assert answer["payload"]["format"] == "azuki-deck"


def test_put_replaces_and_rechecks(as_owner: Client, deck_id: str) -> None:
    body = {"name": "Fire, short", "payload": payload("azuki", legal=False)}
    response = send(as_owner, "put", f"{LISTS}{deck_id}/", body)
    assert response.status_code == 200
    answer = response.json()
    assert answer["name"] == "Fire, short"
    assert answer["check"]["valid"] is False
    assert answer["check"]["error_count"] == 1
    saved = SavedList.objects.get(pk=deck_id)
    assert (saved.valid, saved.name) == (False, "Fire, short")


def test_put_needs_the_name_and_payload(as_owner: Client, deck_id: str) -> None:
    response = send(as_owner, "put", f"{LISTS}{deck_id}/", {"name": "Only a name"})
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["payload"]


def test_patch_renames_and_keeps_the_payload(as_owner: Client, deck_id: str) -> None:
    before = SavedList.objects.get(pk=deck_id).payload
    response = send(as_owner, "patch", f"{LISTS}{deck_id}/", {"name": "Blaze"})
    assert response.status_code == 200
    assert response.json()["name"] == "Blaze"
    assert SavedList.objects.get(pk=deck_id).payload == before


def test_patch_rechecks_a_new_payload(as_owner: Client, deck_id: str) -> None:
    short = payload("azuki", legal=False)
    response = send(as_owner, "patch", f"{LISTS}{deck_id}/", {"payload": short})
    assert response.json()["check"]["valid"] is False
    assert [p["code"] for p in response.json()["problems"]] == ["deck_size"]


def test_a_list_keeps_its_system(as_owner: Client, deck_id: str) -> None:
    response = send(as_owner, "patch", f"{LISTS}{deck_id}/", {"system": "azrah"})
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["system"]


def test_delete_removes_the_list(as_owner: Client, deck_id: str) -> None:
    assert send(as_owner, "delete", f"{LISTS}{deck_id}/").status_code == 204
    assert not SavedList.objects.filter(pk=deck_id).exists()
    assert send(as_owner, "get", f"{LISTS}{deck_id}/").status_code == 404


# --- Who may do what --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "suffix", "body"),
    [
        ("get", "", None),
        ("put", "", {"name": "Mine now", "payload": payload("azuki")}),
        ("patch", "", {"name": "Mine now"}),
        ("delete", "", None),
        ("get", "export/?format=text", None),
        ("post", "share/", None),
        ("delete", "share/", None),
    ],
)
def test_another_user_gets_404_for_every_operation(
    as_other: Client, deck_id: str, method: str, suffix: str, body: Any
) -> None:
    response = send(as_other, method, f"{LISTS}{deck_id}/{suffix}", body)
    assert response.status_code == 404
    saved = SavedList.objects.get(pk=deck_id)
    assert (saved.name, saved.share_token) == ("Fire", None)


@pytest.mark.parametrize(
    ("method", "suffix"),
    [
        ("get", ""),
        ("patch", ""),
        ("delete", ""),
        ("get", "export/"),
        ("post", "share/"),
    ],
)
def test_an_anonymous_visitor_gets_401(
    client: Client, deck_id: str, method: str, suffix: str
) -> None:
    response = send(client, method, f"{LISTS}{deck_id}/{suffix}", {} if method == "patch" else None)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert SavedList.objects.filter(pk=deck_id).exists()


def test_an_anonymous_visitor_can_neither_list_nor_create(client: Client, db: None) -> None:
    assert send(client, "get", LISTS).status_code == 401
    body = {"system": "azuki", "name": "X", "payload": payload("azuki")}
    assert send(client, "post", LISTS, body).status_code == 401
    assert not SavedList.objects.exists()


def test_a_session_write_needs_the_csrf_token(owner: User, catalogs: dict[str, Catalog]) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    body = {"system": "azuki", "name": "X", "payload": payload("azuki")}
    response = send(client, "post", LISTS, body)
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]


# --- Tokens -----------------------------------------------------------------------------------


def test_a_token_is_had_for_a_username_and_password(client: Client, owner: User) -> None:
    response = send(client, "post", "/api/auth/token/", {"username": "owner", "password": PASSWORD})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"token", "expiry"}
    assert AuthToken.objects.get(user=owner).token_key == body["token"][:15]


def test_a_wrong_password_gets_no_token(client: Client, owner: User) -> None:
    response = send(client, "post", "/api/auth/token/", {"username": "owner", "password": "no"})
    assert response.status_code == 400
    assert "detail" in response.json() and "errors" in response.json()
    assert not AuthToken.objects.exists()


def test_the_token_request_names_missing_fields(client: Client, db: None) -> None:
    response = send(client, "post", "/api/auth/token/", {"username": "owner"})
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["password"]


def test_a_token_works_without_a_session_or_csrf(owner: User, catalogs: dict[str, Catalog]) -> None:
    token = token_for(owner)
    client = Client(enforce_csrf_checks=True)
    auth = {"HTTP_AUTHORIZATION": f"Token {token}"}
    body = {"system": "azrah", "name": "By token", "payload": payload("azrah")}
    created = send(client, "post", LISTS, body, **auth)
    assert created.status_code == 201
    assert send(client, "get", LISTS, **auth).json()["count"] == 1
    assert send(client, "get", LISTS, HTTP_AUTHORIZATION="Token wrong").status_code == 401


# --- Export -----------------------------------------------------------------------------------


def test_the_text_export_downloads_and_reads_back(
    as_owner: Client, deck_id: str, catalogs: dict[str, Catalog]
) -> None:
    response = as_owner.get(f"{LISTS}{deck_id}/export/?format=text")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response["Content-Disposition"] == 'attachment; filename="fire.azuki.txt"'
    cards = list_game("azuki").engine_entries(catalogs["azuki"])
    deck, problems = parse_deck_text(response.content.decode(), cards)
    assert problems == ()
    saved = service.payload_to_engine("azuki", SavedList.objects.get(pk=deck_id).payload)
    assert [(line.card_id, line.count) for line in deck.cards] == [
        (line.card_id, line.count) for line in saved.cards
    ]


def test_the_json_export_reads_back_equal(as_owner: Client, deck_id: str) -> None:
    response = as_owner.get(f"{LISTS}{deck_id}/export/?format=json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == 'attachment; filename="fire.azuki.json"'
    saved = SavedList.objects.get(pk=deck_id)
    assert deck_from_dict(response.json()) == service.payload_to_engine("azuki", saved.payload)


def test_json_is_the_default_export_and_other_formats_are_refused(
    as_owner: Client, deck_id: str
) -> None:
    assert as_owner.get(f"{LISTS}{deck_id}/export/").json()["format"] == "azuki-deck"
    response = as_owner.get(f"{LISTS}{deck_id}/export/?format=csv")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["format"]


def test_the_exported_json_saves_again_as_an_equal_list(as_owner: Client, deck_id: str) -> None:
    exported = as_owner.get(f"{LISTS}{deck_id}/export/?format=json").json()
    body = {"system": "azuki", "name": "Again", "payload": exported}
    again = send(as_owner, "post", LISTS, body).json()
    assert again["payload"] == SavedList.objects.get(pk=deck_id).payload


# --- Sharing ----------------------------------------------------------------------------------


def test_a_share_link_reads_the_list_until_revoked(
    as_owner: Client, deck_id: str, client: Client
) -> None:
    shared = send(as_owner, "post", f"{LISTS}{deck_id}/share/").json()
    token = shared["token"]
    assert shared["url"].endswith(f"/lists/shared/{token}/")
    assert shared["api_url"].endswith(f"/api/shared/{token}/")
    # A holder of the link, signed in or not, reads the list.
    answer = client.get(f"/api/shared/{token}/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["name"] == "Fire"
    assert body["check"]["valid"] is True
    assert "AZK-001" in body["text"]
    assert body["payload"] == SavedList.objects.get(pk=deck_id).payload
    assert "owner" not in json.dumps(body)
    listed = send(as_owner, "get", f"{LISTS}{deck_id}/").json()
    assert listed["shared"] is True and listed["share_url"] == shared["url"]
    # The owner revokes: the link reads nothing any more.
    assert send(as_owner, "delete", f"{LISTS}{deck_id}/share/").status_code == 204
    assert client.get(f"/api/shared/{token}/").status_code == 404
    assert send(as_owner, "get", f"{LISTS}{deck_id}/").json()["shared"] is False


def test_sharing_again_retires_the_old_link(as_owner: Client, deck_id: str, client: Client) -> None:
    first = send(as_owner, "post", f"{LISTS}{deck_id}/share/").json()["token"]
    second = send(as_owner, "post", f"{LISTS}{deck_id}/share/").json()["token"]
    assert first != second
    assert client.get(f"/api/shared/{first}/").status_code == 404
    assert client.get(f"/api/shared/{second}/").status_code == 200


def test_a_share_link_cannot_change_the_list(
    as_owner: Client, deck_id: str, client: Client
) -> None:
    token = send(as_owner, "post", f"{LISTS}{deck_id}/share/").json()["token"]
    for method in ("post", "put", "patch", "delete"):
        assert send(client, method, f"/api/shared/{token}/", {}).status_code == 405
    assert SavedList.objects.get(pk=deck_id).name == "Fire"


def test_an_unknown_share_token_is_404(client: Client, db: None) -> None:
    assert client.get("/api/shared/not-a-token/").status_code == 404


# --- Documentation ----------------------------------------------------------------------------


def test_the_schema_documents_the_saved_list_endpoints(client: Client, db: None) -> None:
    schema = client.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    assert {"get", "post"} <= set(paths["/api/lists/"])
    assert {"get", "put", "patch", "delete"} <= set(paths["/api/lists/{id}/"])
    assert "get" in paths["/api/lists/{id}/export/"]
    assert {"post", "delete"} <= set(paths["/api/lists/{id}/share/"])
    assert "get" in paths["/api/shared/{token}/"]
    assert "post" in paths["/api/auth/token/"]


def test_the_api_root_lists_the_saved_list_endpoints(client: Client, db: None) -> None:
    urls = [endpoint["url"] for endpoint in client.get("/api/").json()["endpoints"]]
    assert any(url.endswith("/api/lists/") for url in urls)
    assert any(url.endswith("/api/auth/token/") for url in urls)


# --- Whatever is sent -------------------------------------------------------------------------

BODIES = st.sampled_from(sorted(LEGAL)).flatmap(
    lambda system: mutated({"system": system, "name": "Any", "payload": payload(system)})
)


@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=BODIES)
def test_any_create_body_is_a_201_or_a_400_never_a_500(as_owner: Client, body: Any) -> None:
    response = send(as_owner, "post", LISTS, body)
    assert response.status_code in (201, 400), response.content[:500]
    if response.status_code == 400:
        assert_matches_schema(response.json(), "BadRequest")
    else:
        assert_matches_schema(response.json(), "SavedListDetail")


@settings(max_examples=examples(40), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.dictionaries(
        st.sampled_from(["system", "name", "payload", "catalog", "x"]),
        st.none() | st.text(max_size=5) | st.integers() | st.just({}),
    )
)
def test_any_patch_body_is_a_200_or_a_400_never_a_500(
    as_owner: Client, deck_id: str, body: Any
) -> None:
    response = send(as_owner, "patch", f"{LISTS}{deck_id}/", body)
    assert response.status_code in (200, 400), response.content[:500]


def test_a_list_is_saved_from_its_text_as_the_builders_read_it(as_owner: Client) -> None:
    text = (
        "# Azeroth at War army: Skirmish, 500 points\n# Faction: Horde\n2 Orc Grunt\n2 Orc Grnut\n"
    )
    response = send(as_owner, "post", LISTS, {"system": "azeroth", "name": "Pasted", "text": text})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["payload"]["battle_size"] == "skirmish"
    assert body["payload"]["faction"]["slug"] == "horde"
    codes = [p["code"] for p in body["problems"]]
    assert "unknown_entry" in codes and "no_hero" in codes
    assert body["check"]["error_count"] == sum(
        1 for p in body["problems"] if p["severity"] == "error"
    )


def test_a_list_is_given_as_payload_or_text_never_both_nor_neither(as_owner: Client) -> None:
    both = {"system": "azuki", "name": "X", "payload": payload("azuki"), "text": "AZK-001"}
    response = send(as_owner, "post", LISTS, both)
    assert response.status_code == 400 and "payload" in response.json()["errors"]
    response = send(as_owner, "post", LISTS, {"system": "azuki", "name": "X"})
    assert response.status_code == 400 and "payload" in response.json()["errors"]
    assert not SavedList.objects.exists()
