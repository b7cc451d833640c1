"""The game tracker over REST: /api/games/ and each game's state, actions, preview, undo,
redo, log, export, import and links.

Roles: the ``host`` (created the game, not seated), a ``player`` (seat 1, Ben), a
``spectator`` (opened the watch link) and an ``outsider``; plus an anonymous browser holding
the watch token.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game, GameAction
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join
from tests.api.helpers import assert_matches_schema
from tests.games.tracker.support import (
    AZRAH_SETUP,
    client_for,
    free_seat,
    game,
    host,
    outsider,
    player,
    send,
    spectator,
)
from tests.tokens import token_for

__all__ = ["game", "host", "outsider", "player", "spectator"]

GAMES = "/api/games/"


def url(game: Game, tail: str = "") -> str:
    return f"{GAMES}{game.pk}/{tail}"


def act(account: User | None, game: Game, type: str, version: int, **payload: Any) -> Any:
    body = {"system": game.system, "type": type, "payload": payload, "version": version}
    return send(client_for(account), "post", url(game, "actions/"), body)


def attach(account: User | None, game: Game, version: int, guardian: str = "Dragoon") -> Any:
    return act(account, game, "attach_mana", version, guardian=guardian)


# --- creating ---------------------------------------------------------------------------


def test_it_starts_a_game_from_a_setup_with_its_seats_and_links(host: User) -> None:
    response = send(
        client_for(host), "post", GAMES, {"system": "azrah", "name": "Friday", "setup": AZRAH_SETUP}
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["role"] == "host" and body["version"] == 0
    assert [s["name"] for s in body["seats"]] == ["Ana", "Ben"]
    assert body["state"]["phase"] == "Recovery"
    assert "/games/join/" in body["links"]["join_url"]
    assert "/games/watch/" in body["links"]["watch_url"]
    assert body["links"]["join_token"] != body["links"]["watch_token"]


def test_it_names_every_bad_field_of_a_setup(host: User) -> None:
    setup = {**AZRAH_SETUP, "first_player": 5}
    response = send(client_for(host), "post", GAMES, {"system": "azrah", "name": 7, "setup": setup})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert "name" in errors
    response = send(
        client_for(host), "post", GAMES, {"system": "azrah", "name": "X", "setup": setup}
    )
    assert set(response.json()["errors"]) == {"setup.first_player"}


def test_it_rejects_an_unknown_system_and_a_missing_setup(host: User) -> None:
    response = send(client_for(host), "post", GAMES, {"system": "chess", "name": "X"})
    assert response.status_code == 400 and "system" in response.json()["errors"]
    response = send(client_for(host), "post", GAMES, {"system": "azrah", "name": "X"})
    assert response.status_code == 400 and "setup" in response.json()["errors"]


def test_it_asks_to_sign_in_to_start_a_game(db: None) -> None:
    response = send(client_for(None), "post", GAMES, {"system": "azrah", "name": "X"})
    assert response.status_code in (401, 403)


def test_it_lists_the_games_each_role_is_at(
    game: Game, host: User, player: User, spectator: User, outsider: User
) -> None:
    for account, role in ((host, "host"), (player, "player"), (spectator, "spectator")):
        body = send(client_for(account), "get", GAMES).json()
        assert [(g["id"], g["role"]) for g in body["results"]] == [(str(game.pk), role)]
    assert send(client_for(outsider), "get", GAMES).json()["count"] == 0


# --- acting -----------------------------------------------------------------------------


def test_it_records_an_action_and_answers_the_new_state(game: Game, host: User) -> None:
    response = attach(host, game, 0)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["action"]["seq"] == 1 and body["action"]["type"] == "attach_mana"
    assert body["game"]["version"] == 1
    dragoon = body["game"]["state"]["players"][0]["front"][1]
    assert (dragoon["name"], dragoon["mana"]) == ("Dragoon", 1)
    assert GameAction.objects.filter(game=game).count() == 1


def test_a_stale_version_is_refused_with_409_and_the_current_state(game: Game, host: User) -> None:
    assert attach(host, game, 0).status_code == 201
    response = attach(host, game, 0)
    assert response.status_code == 409
    body = response.json()
    assert "version" in body["errors"]
    assert body["game"]["version"] == 1
    assert body["game"]["state"]["players"][0]["front"][1]["mana"] == 1
    assert GameAction.objects.filter(game=game).count() == 1


def test_an_illegal_action_is_a_400_naming_the_field_and_nothing_is_recorded(
    game: Game, host: User
) -> None:
    body = {
        "system": game.system,
        "type": "attach_mana",
        "payload": {"guardian": "Sentinel"},
        "version": 0,
        "seat": 0,
    }
    response = send(client_for(host), "post", url(game, "actions/"), body)  # Ana's back row
    assert response.status_code == 400
    answer = response.json()
    assert "payload.guardian" in answer["errors"]
    # the table's device knows no face-down card (R53): refused as a name nobody has
    nobody = send(
        client_for(host),
        "post",
        url(game, "actions/"),
        {**body, "payload": {"guardian": "Nobody"}},
    ).json()
    assert answer["detail"] == nobody["detail"].replace("Nobody", "Sentinel")
    response = act(host, game, "fly", 0)
    assert response.status_code == 400 and "type" in response.json()["errors"]
    response = send(
        client_for(host),
        "post",
        url(game, "actions/"),
        {"system": game.system, "type": "heal", "version": "x"},
    )
    assert "version" in response.json()["errors"]
    assert Game.objects.get(pk=game.pk).version == 0


def test_a_player_acts_for_their_own_seat_only(game: Game, player: User, host: User) -> None:
    body = {"system": game.system, "type": "end_phase", "payload": {}, "version": 0, "seat": 0}
    response = send(client_for(player), "post", url(game, "actions/"), body)
    assert response.status_code == 403
    # Ben (seat 1) is not the active player: the rules refuse, and say who is
    response = act(player, game, "end_phase", 0)
    assert response.status_code == 400 and "active player" in response.json()["detail"]
    # the host may act for any seat
    assert send(client_for(host), "post", url(game, "actions/"), body).status_code in (201, 400)


def test_undo_and_redo_take_back_and_restore_and_stay_in_the_log(game: Game, host: User) -> None:
    attach(host, game, 0)
    attach(host, game, 1, "Oracle")
    client = client_for(host)
    response = send(client, "post", url(game, "undo/"), {"version": 2, "target": 1})
    assert response.status_code == 201, response.json()
    state = response.json()["game"]
    assert state["state"]["players"][0]["front"][1]["mana"] == 0  # Dragoon's Mana taken back
    assert state["state"]["players"][0]["front"][2]["mana"] == 1  # Oracle's kept
    assert state["next_redo"] == 1
    response = send(client, "post", url(game, "redo/"), {"version": 3})
    assert response.status_code == 201
    assert response.json()["game"]["state"]["players"][0]["front"][1]["mana"] == 1
    log = send(client, "get", url(game, "log/")).json()
    assert [(e["type"], e["in_effect"]) for e in log["entries"]] == [
        ("attach_mana", True),
        ("attach_mana", True),
        ("undo", None),
        ("redo", None),
    ]
    assert log["entries"][2]["text"] == "Undid #1"


def test_undo_with_nothing_to_undo_is_a_400(game: Game, host: User) -> None:
    response = send(client_for(host), "post", url(game, "undo/"), {"version": 0})
    assert response.status_code == 400 and "payload.target" in response.json()["errors"]


def test_a_preview_shows_the_result_without_recording_it(game: Game, host: User) -> None:
    body = {
        "system": game.system,
        "type": "deal_damage",
        "payload": {"seat": 1, "guardian": "Bard", "amount": 3},
        "version": 0,
    }
    response = send(client_for(host), "post", url(game, "preview/"), body)
    assert response.status_code == 200, response.json()
    bard = response.json()["state"]["players"][1]
    assert bard["health"] == 2  # Bard (3 hit points) is defeated: Ben loses 1 health
    assert Game.objects.get(pk=game.pk).version == 0
    stale = send(client_for(host), "post", url(game, "preview/"), {**body, "version": 4})
    assert stale.status_code == 409


# --- reading and roles ------------------------------------------------------------------


def test_the_state_answers_304_when_nothing_changed(game: Game, spectator: User) -> None:
    client = client_for(spectator)
    first = client.get(url(game))
    assert first.status_code == 200
    tag = first["ETag"]
    assert client.get(url(game), HTTP_IF_NONE_MATCH=tag).status_code == 304
    Game.objects.filter(pk=game.pk).update(version=0)
    attach(game.host, game, 0)
    changed = client.get(url(game), HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed.json()["version"] == 1


@pytest.mark.parametrize("role", ["host", "player"])
def test_the_host_and_a_player_can_act(game: Game, role: str, request: Any) -> None:
    account = request.getfixturevalue(role)
    body = {
        "system": game.system,
        "type": "attach_mana",
        "payload": {"guardian": "Dragoon"},
        "version": 0,
        "seat": 0,
    }
    if role == "player":
        body = {
            "system": game.system,
            "type": "deal_damage",
            "payload": {"seat": 0, "guardian": "Oracle", "amount": 1},
            "version": 0,
        }
    response = send(client_for(account), "post", url(game, "actions/"), body)
    assert response.status_code == 201, response.json()


@pytest.mark.parametrize("role", ["spectator", "outsider"])
def test_a_spectator_and_an_outsider_cannot_act(game: Game, role: str, request: Any) -> None:
    account = request.getfixturevalue(role)
    client = client_for(account)
    assert attach(account, game, 0).status_code == 403
    assert send(client, "post", url(game, "undo/"), {"version": 0}).status_code == 403
    assert send(
        client,
        "post",
        url(game, "preview/"),
        {"system": game.system, "type": "end_phase", "version": 0},
    ).status_code in (403, 409)
    assert Game.objects.get(pk=game.pk).version == 0


def test_an_outsider_sees_nothing(game: Game, outsider: User) -> None:
    client = client_for(outsider)
    for tail in ("", "log/", "export/", "links/"):
        assert client.get(url(game, tail)).status_code == 403, tail
    assert client_for(None).get(url(game)).status_code == 403


def test_the_back_row_is_secret_from_the_opponent_and_spectators(
    game: Game, host: User, player: User, spectator: User
) -> None:
    def ana_back(account: User) -> Any:
        return send(client_for(account), "get", url(game)).json()["state"]["players"][0]["back"]

    assert ana_back(player) == [None, None]
    assert ana_back(spectator) == [None, None]
    assert ana_back(host) == [None, None]  # the host sits at no seat
    ben_back = send(client_for(player), "get", url(game)).json()["state"]["players"][1]["back"]
    assert [g["name"] for g in ben_back] == ["Mystic", "Ranger"]
    assert "Sentinel" not in send(client_for(spectator), "get", url(game)).content.decode()
    assert "Sentinel" not in send(client_for(spectator), "get", url(game, "log/")).content.decode()


def test_an_anonymous_browser_with_the_watch_token_can_watch_until_it_is_revoked(
    game: Game, host: User
) -> None:
    anonymous = client_for(None)
    watching = anonymous.get(url(game), {"watch": game.watch_token})
    assert watching.status_code == 200 and watching.json()["role"] == "spectator"
    response = send(client_for(host), "post", url(game, "links/"), {"link": "watch"})
    assert response.status_code == 200
    assert anonymous.get(url(game), {"watch": game.watch_token}).status_code == 403


def test_revoking_the_watch_link_removes_spectators_and_the_join_link_stops_joining(
    game: Game, host: User, spectator: User, outsider: User
) -> None:
    client = client_for(host)
    old_join = game.join_token
    send(client, "post", url(game, "links/"), {"link": "watch"})
    assert client_for(spectator).get(url(game)).status_code == 403
    links = send(client, "post", url(game, "links/"), {"link": "join"}).json()
    assert links["join_token"] != old_join
    response = send(client_for(outsider), "post", f"{GAMES}join/", {"token": old_join})
    assert response.status_code == 403
    response = send(client_for(outsider), "post", f"{GAMES}join/", {"token": links["join_token"]})
    assert response.status_code == 200 and response.json()["seat"] == 0
    bad = send(client, "post", url(game, "links/"), {"link": "both"})
    assert bad.status_code == 400 and "link" in bad.json()["errors"]


def test_only_the_host_sees_and_replaces_the_links(game: Game, player: User) -> None:
    assert client_for(player).get(url(game, "links/")).status_code == 403
    response = send(client_for(player), "post", url(game, "links/"), {"link": "join"})
    assert response.status_code == 403


def test_joining_a_taken_seat_names_the_seat(game: Game, outsider: User) -> None:
    response = send(
        client_for(outsider), "post", f"{GAMES}join/", {"token": game.join_token, "seat": 1}
    )
    assert response.status_code == 400 and "seat" in response.json()["errors"]


def test_watching_through_the_api_makes_a_spectator(game: Game, outsider: User) -> None:
    response = send(client_for(outsider), "post", f"{GAMES}watch/", {"token": game.watch_token})
    assert response.status_code == 200 and response.json()["role"] == "spectator"
    assert attach(outsider, game, 0).status_code == 403


def test_a_token_authenticates_as_well_as_a_session(game: Game, player: User) -> None:
    token = token_for(player)
    client = client_for(None)
    response = client.get(url(game), HTTP_AUTHORIZATION=f"Token {token}")
    assert response.status_code == 200 and response.json()["seat"] == 1


# --- export and import ------------------------------------------------------------------


def test_an_export_reimports_to_the_identical_game(game: Game, host: User, player: User) -> None:
    attach(host, game, 0)
    attach(host, game, 1, "Oracle")
    send(client_for(host), "post", url(game, "undo/"), {"version": 2})
    client = client_for(host)
    exported = client.get(url(game, "export/"))
    assert exported.status_code == 200
    assert "attachment" in exported["Content-Disposition"]
    document = exported.json()
    assert len(document["log"]) == 3
    response = send(client, "post", f"{GAMES}import/", document)
    assert response.status_code == 201, response.json()
    copy = Game.objects.get(pk=response.json()["id"])
    assert copy.pk != game.pk and copy.version == 3
    original = current_game(game)
    assert current_game(copy).state == original.state
    assert current_game(copy).history == original.history
    partial = client_for(player).get(url(game, "export/"))  # the game is still on
    assert partial.status_code == 200 and partial.json()["partial"] is True


def test_an_import_names_the_entry_that_does_not_replay(game: Game, host: User) -> None:
    attach(host, game, 0)
    document = client_for(host).get(url(game, "export/")).json()
    document["log"][0]["payload"]["guardian"] = "Sentinel"
    response = send(client_for(host), "post", f"{GAMES}import/", document)
    assert response.status_code == 400 and "log" in response.json()["errors"]
    document["log"][0]["seq"] = 7
    response = send(client_for(host), "post", f"{GAMES}import/", document)
    assert "log.0.seq" in response.json()["errors"]
    response = send(client_for(host), "post", f"{GAMES}import/", {"format": "nope"})
    assert "format" in response.json()["errors"]


# --- the schema -------------------------------------------------------------------------


def test_the_schema_documents_every_action_type(client: Any) -> None:
    schema = client.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    from games.registry import trackers

    for slug, system in trackers().items():
        for action_type in system.action_types:
            name = "".join(
                w.capitalize()
                for part in (slug, action_type.name, "action", "request")
                for w in part.split("_")
            )
            assert name in components, name
    request = schema["paths"]["/api/games/{id}/actions/"]["post"]["requestBody"]
    assert "GameActionRequest" in str(request)
    damage = components["AzrahDealDamageActionRequest"]
    enum = damage["properties"]["type"]["allOf"][0]["$ref"].rsplit("/", 1)[1]
    assert components[enum]["enum"] == ["deal_damage"]
    assert set(damage["properties"]["payload"]["$ref"].rsplit("/", 1)[1:]) == {
        "AzrahDealDamagePayloadRequest"
    }


def test_the_systems_endpoint_lists_action_types(client: Any) -> None:
    body = client.get(f"{GAMES}systems/").json()
    azrah = next(s for s in body["systems"] if s["slug"] == "azrah")
    names = [a["name"] for a in azrah["action_types"]]
    assert "deal_damage" in names and "end_phase" in names


def test_a_payload_is_checked_against_its_action_type(game: Game, host: User) -> None:
    response = act(host, game, "attach_mana", 0, guardian=3)
    assert response.status_code == 400 and "payload.guardian" in response.json()["errors"]
    response = act(host, game, "attach_mana", 0, guardian="Dragoon", colour="red")
    assert response.status_code == 400 and "payload.colour" in response.json()["errors"]
    response = act(host, game, "deal_damage", 0, seat=1, guardian="Bard")
    assert response.status_code == 400 and "payload.amount" in response.json()["errors"]
    assert Game.objects.get(pk=game.pk).version == 0


def test_the_app_rolls_the_dice_the_table_leaves_out(host: User) -> None:
    from referee.rules.azeroth.system import AZEROTH
    from tests.rules.azeroth.tracker_game import setup

    game = create_game(
        host=host, system="azeroth", name="Clash", setup=AZEROTH.setup_to_json(setup())
    )
    body = {
        "system": game.system,
        "type": "edge_roll_off",
        "payload": {},
        "version": 0,
        "app_rolls": True,
    }
    response = send(client_for(host), "post", url(game, "actions/"), body)
    assert response.status_code == 201, response.json()
    rolls = response.json()["action"]["payload"]["rolls"]
    assert len(rolls) == 2 and all(1 <= die <= 6 for die in rolls)
    without = {"system": game.system, "type": "edge_roll_off", "payload": {}, "version": 1}
    response = send(client_for(host), "post", url(game, "actions/"), without)
    assert response.status_code == 400 and "payload.rolls" in response.json()["errors"]


def test_the_state_changes_its_etag_when_a_seat_is_taken(
    game: Game, spectator: User, outsider: User
) -> None:
    client = client_for(spectator)
    tag = client.get(url(game))["ETag"]
    free_seat(game, 1)
    assert client.get(url(game), HTTP_IF_NONE_MATCH=tag).status_code == 200


# --- the systems --------------------------------------------------------------------------


def test_the_systems_endpoint_gives_seats_fields_and_dice(client: Any) -> None:
    from games.registry import trackers

    body = client.get(f"{GAMES}systems/").json()
    assert [s["slug"] for s in body["systems"]] == list(trackers())
    for entry in body["systems"]:
        system = trackers()[entry["slug"]]
        assert entry["name"] == system.name
        assert entry["seats"] == {"min": system.seats[0], "max": system.seats[1]}
        assert "example_setup" in entry
    azeroth = next(s for s in body["systems"] if s["slug"] == "azeroth")
    roll_off = next(a for a in azeroth["action_types"] if a["name"] == "edge_roll_off")
    rolls = next(f for f in roll_off["fields"] if f["name"] == "rolls")
    assert rolls["dice"] == 2 and rolls["faces"] == [1, 2, 3, 4, 5, 6]
    assert set(rolls) == {"name", "kind", "description", "required", "dice", "faces"}
    azrah = next(s for s in body["systems"] if s["slug"] == "azrah")
    damage = next(a for a in azrah["action_types"] if a["name"] == "deal_damage")
    assert all("dice" not in f for f in damage["fields"])


def test_the_schema_documents_the_systems_and_the_legal_actions(client: Any) -> None:
    components = client.get("/api/schema/?format=json").json()["components"]["schemas"]
    assert {"seats", "action_types", "example_setup"} <= set(components["System"]["properties"])
    assert {"dice", "faces"} <= set(components["PayloadField"]["properties"])
    assert "legal_actions" in components["GameState"]["properties"]
    assert {"type", "label", "seat", "payload", "choices"} <= set(
        components["LegalAction"]["properties"]
    )


# --- undo: one's own seat's actions -------------------------------------------------------


def _damage(account: User, game: Game, version: int, seat: int | None = None) -> Any:
    body: dict[str, Any] = {
        "system": game.system,
        "type": "deal_damage",
        "payload": {"seat": 0, "guardian": "Oracle", "amount": 1},
        "version": version,
    }
    if seat is not None:
        body["seat"] = seat
    return send(client_for(account), "post", url(game, "actions/"), body)


@pytest.mark.parametrize(
    ("who", "acted_for", "status"),
    [
        ("host", 0, 201),  # the host at no seat (the table's device) takes back anything
        ("host", 1, 201),
        ("player", 1, 201),  # Ben takes back his own seat's action
        ("player", 0, 403),  # but not Ana's: her player must
        ("spectator", 1, 403),
        ("outsider", 1, 403),
    ],
)
def test_who_may_undo_what(
    game: Game, host: User, who: str, acted_for: int, status: int, request: Any
) -> None:
    assert _damage(host, game, 0, seat=acted_for).status_code == 201
    account = request.getfixturevalue(who)
    response = send(client_for(account), "post", url(game, "undo/"), {"version": 1, "target": 1})
    assert response.status_code == status, response.json()
    if who == "player" and status == 403:
        assert "seat 0 (Ana)" in response.json()["detail"]
        assert "player" in response.json()["detail"]
    assert Game.objects.get(pk=game.pk).version == (2 if status == 201 else 1)


def test_a_player_undoing_the_latest_action_of_another_seat_is_refused(
    game: Game, host: User, player: User
) -> None:
    assert _damage(host, game, 0, seat=0).status_code == 201
    response = send(client_for(player), "post", url(game, "undo/"), {"version": 1})
    assert response.status_code == 403


# --- who recorded an entry ----------------------------------------------------------------


def test_the_schema_says_what_at_table_means_and_the_log_and_answers_fit_it(
    game: Game, host: User, player: User, client: Any
) -> None:
    components = client.get("/api/schema/?format=json").json()["components"]["schemas"]
    at_table = components["LogEntry"]["properties"]["at_table"]
    assert at_table["type"] == "boolean"
    assert "table" in at_table["description"] and "device" in at_table["description"]
    assert "at_table" in components["LogEntry"]["required"]
    by_host = _damage(host, game, 0, seat=0).json()
    assert_matches_schema(by_host, "ActionResult")
    assert by_host["action"]["at_table"] is True
    by_ben = _damage(player, game, 1).json()
    assert_matches_schema(by_ben, "ActionResult")
    assert by_ben["action"]["at_table"] is False
    log = send(client_for(player), "get", url(game, "log/")).json()
    assert_matches_schema(log, "Log")
    assert [entry["at_table"] for entry in log["entries"]] == [True, False]


# --- AZRAH abilities over REST (Activating and Resolving Abilities, R100, R105, R110) ------


def test_an_ability_is_answered_and_resolved_with_its_effects_over_rest(
    host: User, player: User
) -> None:
    from games.registry import tracker
    from tests.rules.tracker.azrah_game import CARDED

    setup = tracker("azrah").setup_to_json(CARDED)
    created = create_game(host=host, system="azrah", name="Cards", setup=setup)
    join(created, player, created.join_token, 1)
    game = Game.objects.get(pk=created.pk)
    assert act(host, game, "attach_mana", 0, guardian="Alchemist", amount=2).status_code == 201
    assert act(host, game, "end_phase", 1).status_code == 201
    wrong = act(
        host, game, "use_ability", 2, guardian="Alchemist", ability="Acid", targets=["Bard"]
    )
    assert wrong.status_code == 400
    assert "payload.targets" in wrong.json()["errors"]
    lance = act(host, game, "use_ability", 2, guardian="Alchemist", ability="Acid",
                targets=["Duelist"])  # fmt: skip
    assert lance.status_code == 201
    state = lance.json()["game"]["state"]
    assert state["stack"][0]["ability"] == "Acid" and state["responder"] == 1
    assert act(player, game, "no_response", 3).status_code == 201
    effects = [
        {"type": "deal_damage", "payload": {"seat": 1, "guardian": "Duelist", "amount": 2}},
        {"type": "apply_status", "payload": {"seat": 1, "guardian": "Duelist",
                                              "status": "frozen", "turns": 1}},
    ]  # fmt: skip
    resolved = act(host, game, "resolve", 4, effects=effects)
    assert resolved.status_code == 201, resolved.json()
    duelist = resolved.json()["game"]["state"]["players"][1]["front"][2]
    assert (duelist["damage"], duelist["statuses"]) == (2, {"frozen": 1})
    log = send(client_for(player), "get", url(game, "log/")).json()
    assert log["entries"][-1]["text"] == (
        "The table: resolves the newest ability: Ben's Duelist takes 2 damage; Ben's Duelist "
        "is frozen for 1 turn"
    )


# --- AZRAH cards in a new game's setup (Anatomy of a Card, R114) ---------------------------


def _example() -> dict[str, Any]:
    systems = send(client_for(None), "get", f"{GAMES}systems/").json()["systems"]
    example: dict[str, Any] = next(s for s in systems if s["slug"] == "azrah")["example_setup"]
    return example


def test_the_published_example_refuses_aurelias_meteor_storm_at_no_cost(host: User) -> None:
    """Anatomy of a Card; Activating and Resolving Abilities: the example the API publishes
    carries the cards, so an ability Aurelia's card does not print is a 400 and is not put
    on the stack."""
    created = send(client_for(host), "post", GAMES,
                   {"system": "azrah", "name": "Example", "setup": _example()})  # fmt: skip
    assert created.status_code == 201, created.json()
    game = Game.objects.get(pk=created.json()["id"])
    aurelia = "Aurelia, Dawn Warden"
    assert act(host, game, "attach_mana", 0, guardian=aurelia, amount=2).status_code == 201
    assert act(host, game, "end_phase", 1).status_code == 201
    refused = act(host, game, "use_ability", 2, guardian=aurelia, ability="Meteor Storm", mana=0)
    assert refused.status_code == 400
    assert "no ability called 'Meteor Storm'" in refused.json()["errors"]["payload.ability"][0]
    state = send(client_for(host), "get", url(game)).json()["state"]
    assert state["stack"] == [] and state["players"][0]["front"][0]["mana"] == 2


def test_a_new_game_without_a_guardians_card_is_a_400_naming_it(host: User) -> None:
    """Anatomy of a Card: a new game carries each Guardian's card; the problem names the
    one that has none."""
    example = _example()
    example["players"][0]["cards"] = example["players"][0]["cards"][1:]  # no Aurelia
    response = send(client_for(host), "post", GAMES,
                    {"system": "azrah", "name": "X", "setup": example})  # fmt: skip
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "setup.players.0.cards": [
            "Ana's setup carries no card for Aurelia, Dawn Warden: a new game needs each "
            "Guardian's card as printed (Anatomy of a Card)."
        ]
    }
    assert not Game.objects.exists()


def test_an_export_made_before_setups_carried_cards_still_imports_and_replays(
    game: Game, host: User
) -> None:
    """R114: an old export, its setup without cards and an ability named by the table,
    imports and replays as recorded."""
    from games.registry import tracker
    from tests.rules.tracker.azrah_game import SETUP

    document = client_for(host).get(url(game, "export/")).json()
    document["setup"] = tracker("azrah").setup_to_json(SETUP)
    document["log"] = [
        {"seq": 1, "type": "attach_mana", "by": 0,
         "payload": {"guardian": "Dragoon", "amount": 2}},
        {"seq": 2, "type": "end_phase", "by": 0, "payload": {}},
        {"seq": 3, "type": "use_ability", "by": 0,
         "payload": {"guardian": "Dragoon", "ability": "Old Trick", "mana": 2}},
    ]  # fmt: skip
    response = send(client_for(host), "post", f"{GAMES}import/", document)
    assert response.status_code == 201, response.json()
    state = response.json()["state"]
    assert [a["ability"] for a in state["stack"]] == ["Old Trick"]


def test_who_recorded_the_entries_is_read_once_per_version_and_follows_the_host_s_seat(
    game: Game, host: User, player: User, django_assert_num_queries: Any
) -> None:
    """Every viewer's page and log say which entries the table's device recorded: that is
    read from storage once per game and version, not once per viewer; the host sitting down
    changes it (an entry of their seat is then theirs) at the same version."""
    from games.tracker.selectors import recorded_at_table

    assert _damage(host, game, 0, seat=0).status_code == 201
    assert _damage(player, game, 1).status_code == 201
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    assert recorded_at_table(row) == {1}
    with django_assert_num_queries(0):
        assert recorded_at_table(row) == {1}
    free_seat(game, 0)
    join(game, host, game.join_token, 0)
    seated = Game.objects.prefetch_related("seats").get(pk=game.pk)
    assert seated.version == row.version
    assert recorded_at_table(seated) == set()
