"""Who may do what to a tracked game, as a matrix over its roles, through the REST API and the
table page (docs/tracker.md, "Who may do what").

Played on the tiny game with secrets (``secrets_system``): each seat holds a secret number,
``add`` adds to a shared total and ``guess`` names a seat's number (right: the guesser wins).
Ana has 3 at seat 0, Ben 4 at seat 1.

The roles: the ``table`` (the host at no seat: the table's shared device), the ``seated host``
(the host, sitting at Ana's seat 0), the ``player`` (Ben, seat 1), a ``spectator`` and an
``outsider``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games import registry
from games.api.tracker import actions as api
from games.models import Game
from games.tracker.access import Access, Role
from games.tracker.apply import game_apply, preview
from games.tracker.current import CACHE
from games.tracker.lifecycle import create_game, join, watch
from referee.rules.tracker import IllegalAction
from tests.games.tracker.secrets_system import SECRETS, SLUG
from tests.games.tracker.support import client_for, game, host, player, send, spectator, user

__all__ = ["game", "host", "player", "spectator"]

ROLES = ("table", "seated host", "player", "spectator", "outsider")
HTMX = {"HX-Request": "true"}


@pytest.fixture
def secrets_system(monkeypatch: pytest.MonkeyPatch, db: None) -> None:
    """The secrets game registered as a tracked system, its action bodies known to the API."""
    known = registry.trackers()
    monkeypatch.setattr(registry, "trackers", lambda: {**known, SLUG: SECRETS})
    for action_type in SECRETS.action_types:
        body = api._action_serializer(SLUG, action_type)
        monkeypatch.setitem(api.ACTION_SERIALIZERS, (SLUG, action_type.name), body)
    CACHE.clear()


@dataclass
class Table:
    """One game and the people around it; ``me`` is the role under test."""

    game: Game
    accounts: dict[str, User]
    me: str

    @property
    def client(self) -> Client:
        return client_for(self.accounts.get(self.me))

    def url(self, tail: str = "") -> str:
        return f"/api/games/{self.game.pk}/{tail}"

    def page(self, tail: str = "") -> str:
        return f"/games/{self.game.pk}/{tail}"

    def version(self) -> int:
        return Game.objects.get(pk=self.game.pk).version

    def record(self, type: str, payload: dict[str, Any], seat: int) -> None:
        """``seat``'s own player (or the host) records an action for it."""
        account = self.accounts["player"] if seat == 1 else self.accounts["host"]
        body = {
            "system": self.game.system,
            "type": type,
            "payload": payload,
            "version": self.version(),
            "seat": seat,
        }
        response = send(client_for(account), "post", self.url("actions/"), body)
        assert response.status_code == 201, response.json()

    def end(self) -> None:
        """Ben guesses his own number, and wins."""
        self.record("guess", {"seat": 1, "number": 4}, 1)
        assert Game.objects.get(pk=self.game.pk).finished


def table_for(me: str) -> Table:
    host = user("hostess")
    accounts = {
        "host": host,
        "player": user("benny"),
        "spectator": user("watcher"),
        "outsider": user("stranger"),
    }
    created = create_game(host=host, system=SLUG, name="Secrets", setup=SECRETS.example_setup())
    if me == "seated host":
        join(created, host, created.join_token, 0)
    join(created, accounts["player"], created.join_token, 1)
    watch(created, accounts["spectator"], created.watch_token)
    accounts.update({"table": host, "seated host": host})
    return Table(Game.objects.get(pk=created.pk), accounts, me)


@pytest.fixture(params=ROLES)
def table(request: pytest.FixtureRequest, secrets_system: None) -> Table:
    return table_for(request.param)


def expect(table: Table, matrix: dict[str, Any]) -> Any:
    return matrix[table.me]


# --- seeing -------------------------------------------------------------------------------


def test_each_role_sees_its_own_secret_and_no_other(table: Table) -> None:
    response = table.client.get(table.url())
    numbers = expect(
        table,
        {
            "table": [None, None],  # its secrets only while held (below)
            "seated host": [3, None],
            "player": [None, 4],
            "spectator": [None, None],
            "outsider": 403,
        },
    )
    if numbers == 403:
        assert response.status_code == 403
    else:
        assert response.status_code == 200
        assert response.json()["state"]["numbers"] == numbers


def test_each_role_gets_the_legal_actions_of_the_seats_it_acts_for(table: Table) -> None:
    response = table.client.get(table.url())
    seats = expect(
        table,
        {"table": [0, 1], "seated host": [0], "player": [1], "spectator": [], "outsider": 403},
    )
    if seats == 403:
        assert response.status_code == 403
    else:
        assert [a["seat"] for a in response.json()["legal_actions"]] == seats


# --- acting -------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1])
def test_who_acts_for_which_seat(table: Table, seat: int) -> None:
    allowed = expect(
        table,
        {
            "table": (0, 1),  # the shared device, passed round the table
            "seated host": (0,),  # a player of seat 0 who also manages the links
            "player": (1,),
            "spectator": (),
            "outsider": (),
        },
    )
    body = {"system": SLUG, "type": "add", "payload": {"amount": 2}, "version": 0, "seat": seat}
    response = send(table.client, "post", table.url("actions/"), body)
    if seat in allowed:
        assert response.status_code == 201, response.json()
        assert response.json()["action"]["by"] == seat
    else:
        assert response.status_code == 403
        assert table.version() == 0


@pytest.mark.parametrize(("me", "seat"), [("player", 1), ("seated host", 0)])
def test_a_player_and_a_seated_host_act_for_their_own_seat_when_they_name_none(
    secrets_system: None, me: str, seat: int
) -> None:
    table = table_for(me)
    body = {"system": SLUG, "type": "add", "payload": {"amount": 1}, "version": 0}
    response = send(table.client, "post", table.url("actions/"), body)
    assert response.status_code == 201 and response.json()["action"]["by"] == seat


@pytest.mark.parametrize("seat", [0, 1])
def test_who_undoes_whose_action(table: Table, seat: int) -> None:
    table.record("add", {"amount": 2}, seat)
    allowed = expect(
        table,
        {"table": (0, 1), "seated host": (0,), "player": (1,), "spectator": (), "outsider": ()},
    )
    response = send(table.client, "post", table.url("undo/"), {"version": 1, "target": 1})
    if seat in allowed:
        assert response.status_code == 201, response.json()
    else:
        assert response.status_code == 403
        if table.me in ("seated host", "player"):
            assert "player must undo it" in response.json()["detail"]
        assert table.version() == 1


def test_who_manages_the_links(table: Table) -> None:
    allowed = table.me in ("table", "seated host")
    assert table.client.get(table.url("links/")).status_code == (200 if allowed else 403)


# --- the table device's action is checked as the seat it acts for knows the game -----------


def test_the_table_devices_preview_for_a_seat_works_from_what_that_seat_knows(
    secrets_system: None,
) -> None:
    """Ben may name his own number; the table's device acting for Ben may too. Its preview
    used to be worked out from the state concealed for nobody and refused what the action
    then did."""
    table = table_for("table")
    body = {
        "system": SLUG,
        "type": "guess",
        "payload": {"seat": 1, "number": 4},
        "version": 0,
        "seat": 1,
    }
    preview = send(table.client, "post", table.url("preview/"), body)
    assert preview.status_code == 200, preview.json()
    assert preview.json()["state"]["winner"] == 1
    assert preview.json()["state"]["numbers"] == [None, None]  # seen as the table sees it


@pytest.mark.parametrize(
    ("seat", "guess_at", "number"),
    [(1, 1, 4), (1, 1, 5), (1, 0, 3), (1, 0, 5), (0, 0, 3), (0, 1, 4), (None, 0, 3)],
)
def test_the_table_devices_preview_is_refused_exactly_when_its_action_is(
    secrets_system: None, seat: int | None, guess_at: int, number: int
) -> None:
    table = table_for("table")
    access = Access(Role.HOST)
    payload = {"seat": guess_at, "number": number}
    try:
        preview(game=table.game, access=access, type="guess", payload=payload, seat=seat)
    except IllegalAction as error:
        previewed: Any = ("refused", error.message)
    else:
        previewed = ("applies",)
    try:
        game_apply(
            game=table.game,
            user=table.accounts["host"],
            type="guess",
            payload=payload,
            expected_version=0,
            seat=seat,
        )
    except IllegalAction as error:
        applied: Any = ("refused", error.message)
    else:
        applied = ("applies",)
    assert previewed == applied


# --- exports ------------------------------------------------------------------------------


def test_who_exports_what_while_the_game_is_on(table: Table) -> None:
    table.record("add", {"amount": 2}, 0)
    response = table.client.get(table.url("export/"))
    kind = expect(
        table,
        {
            "table": "whole",
            "seated host": "partial",
            "player": "partial",
            "spectator": "partial",
            "outsider": 403,
        },
    )
    if kind == 403:
        assert response.status_code == 403
        return
    assert response.status_code == 200
    document = response.json()
    assert document["partial"] is (kind == "partial")
    if kind == "whole":
        assert document["setup"] == SECRETS.example_setup()
        assert document["log"][0]["payload"] == {"amount": 2}
    else:
        assert "setup" not in document
        assert "still being played" in document["partial_reason"]
        assert "cannot be imported" in document["partial_reason"]
        seen = table.client.get(table.url()).json()
        assert document["state"] == seen["state"]
        assert document["log"] == table.client.get(table.url("log/")).json()["entries"]


def test_who_exports_what_once_the_game_is_over(table: Table) -> None:
    table.end()
    response = table.client.get(table.url("export/"))
    if table.me == "outsider":
        assert response.status_code == 403
        return
    assert response.status_code == 200
    assert response.json()["partial"] is False
    assert response.json()["setup"]["numbers"] == [3, 4]


def test_the_page_exports_as_the_api_does(table: Table) -> None:
    response = table.client.get(table.page("export/"))
    if table.me == "outsider":
        assert response.status_code == 403
        return
    assert response.status_code == 200
    api_document = table.client.get(table.url("export/")).json()
    assert json.loads(response.content) == api_document


def test_the_page_offers_each_role_its_export(table: Table) -> None:
    response = table.client.get(table.page())
    if table.me == "outsider":
        assert response.status_code == 403
        return
    html = response.content.decode()
    export = f'href="/games/{table.game.pk}/export/"'
    assert export in html
    if table.me == "table":
        assert "Export the game (JSON)" in html and "Export what you see" not in html
    else:
        assert "Export what you see (JSON)" in html


def test_a_partial_export_says_whose_view_it_holds(secrets_system: None) -> None:
    table = table_for("player")
    document = table.client.get(table.url("export/")).json()
    assert document["exported_by"] == {"role": "player", "seat": 1}
    assert "Ben (seat 1)" in document["partial_reason"]
    assert document["state"]["numbers"] == [None, 4]
    spectator = client_for(table.accounts["spectator"]).get(table.url("export/")).json()
    assert "a spectator" in spectator["partial_reason"]
    assert spectator["exported_by"] == {"role": "spectator", "seat": None}


def test_an_anonymous_spectator_with_the_watch_token_exports_a_partial_game(
    secrets_system: None,
) -> None:
    table = table_for("spectator")
    anonymous = client_for(None)
    response = anonymous.get(table.url("export/"), {"watch": table.game.watch_token})
    assert response.status_code == 200 and response.json()["partial"] is True
    assert anonymous.get(table.url("export/")).status_code == 403


@pytest.mark.parametrize("partial", [True, "yes", 1])
def test_importing_a_partial_export_is_refused_naming_it(
    secrets_system: None, partial: object
) -> None:
    table = table_for("player")
    document = table.client.get(table.url("export/")).json()
    document["partial"] = partial
    response = send(table.client, "post", "/api/games/import/", document)
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["partial"]
    assert "cannot be replayed" in response.json()["errors"]["partial"][0]
    assert Game.objects.count() == 1


def test_importing_a_partial_export_through_the_page_says_why(secrets_system: None) -> None:
    table = table_for("player")
    content = table.client.get(table.page("export/")).content
    upload = SimpleUploadedFile("game.json", content, "application/json")
    response = table.client.post("/games/import/", {"file": upload})
    assert response.status_code == 400
    assert "partial export" in response.content.decode()
    assert Game.objects.count() == 1


def test_a_whole_export_without_the_partial_mark_still_imports(secrets_system: None) -> None:
    table = table_for("table")
    document = table.client.get(table.url("export/")).json()
    del document["partial"]  # an export made before exports said so
    response = send(table.client, "post", "/api/games/import/", document)
    assert response.status_code == 201, response.json()


@pytest.mark.parametrize(
    ("name", "filename"),
    [
        ('Ana "v" Ben\\..\\/etc', "Ana-v-Ben-etc"),
        ("Café des Héros; 2ᵉ round", "Caf-des-H-ros-2-round"),
        ("名前", "game"),
        ("x" * 120, "x" * 60),
    ],
)
def test_export_filenames_are_plain_letters_and_digits(
    secrets_system: None, name: str, filename: str
) -> None:
    table = table_for("player")
    Game.objects.filter(pk=table.game.pk).update(name=name)
    for path in (table.url("export/"), table.page("export/")):
        header = table.client.get(path)["Content-Disposition"]
        assert header == f'attachment; filename="{filename}-partial.json"'
    whole = client_for(table.accounts["host"]).get(table.url("export/"))
    assert whole["Content-Disposition"] == f'attachment; filename="{filename}.json"'


def test_the_schema_describes_both_kinds_of_export(client: Client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    export = schema["paths"]["/api/games/{id}/export/"]["get"]
    ref = export["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    component = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert {"partial", "partial_reason", "setup", "state", "log"} <= set(component["properties"])
    assert "partial" in component["required"] and "setup" not in component["required"]
    assert any(p["name"] == "watch" for p in export["parameters"])
    imported = schema["paths"]["/api/games/import/"]["post"]
    assert "partial" in imported["description"]


# --- hold-to-reveal -----------------------------------------------------------------------


def test_only_the_table_device_gets_a_seats_secrets(table: Table) -> None:
    response = table.client.get(table.page("reveal/1/"))
    if table.me == "table":
        assert response.status_code == 200
        assert "Ben's secrets" in response.content.decode()
        assert response["Cache-Control"] == "no-store"
    else:
        assert response.status_code == 403


def test_only_the_table_devices_page_has_hold_to_reveal_buttons(table: Table) -> None:
    response = table.client.get(table.page())
    if table.me == "outsider":
        assert response.status_code == 403
        return
    html = response.content.decode()
    buttons = html.count("data-reveal=")
    assert buttons == (2 if table.me == "table" else 0)
    if table.me == "table":
        assert "Hold to show Ana's secrets" in html
        assert "Hold to show Ben's secrets" in html


def test_the_table_device_holds_to_see_each_azrah_back_row(
    game: Game, host: User, player: User
) -> None:
    """AZRAH's face-down back rows (R53): on the table's page only while held."""
    browser = client_for(host)
    html = browser.get(f"/games/{game.pk}/").content.decode()
    assert "Hold to show Ana's secrets" in html and "Hold to show Ben's secrets" in html
    assert "Sentinel" not in html and "Mystic" not in html
    ana = browser.get(f"/games/{game.pk}/reveal/0/", headers=HTMX).content.decode()
    assert "Ana's secrets" in ana
    sentinel = ana.split("Ana · Sentinel</strong>:", 1)[1].split("</li>", 1)[0]
    assert "range arrows centre" in sentinel and "hit points 5" in sentinel
    assert "Ana · Warden" in ana
    assert "Mystic" not in ana and "Ranger" not in ana
    ben = browser.get(f"/games/{game.pk}/reveal/1/").content.decode()
    assert "Ben · Mystic" in ben and "Ben · Ranger" in ben and "Sentinel" not in ben
    assert client_for(player).get(f"/games/{game.pk}/reveal/0/").status_code == 403


@pytest.mark.parametrize(
    ("seat", "status"),
    [
        ("2", 400),  # no such seat
        ("99999999999999999999999999", 400),
        ("²", 404),
        ("\uff11", 404),  # a full-width digit one
        ("-1", 404),
        ("1.0", 404),
        ("1e3", 404),
        (" 1", 404),
        ("9" * 5000, 404),
    ],
)
def test_a_seat_that_is_not_one_is_refused_without_a_500(
    game: Game, host: User, seat: str, status: int
) -> None:
    response = client_for(host).get(f"/games/{game.pk}/reveal/{seat}/")
    assert response.status_code == status
    if status == 400:
        assert response.content.decode().startswith("seat: ")


def test_a_reveal_of_a_game_that_is_not_there_is_a_404(host: User, db: None) -> None:
    missing = "/games/00000000-0000-0000-0000-000000000000/reveal/0/"
    assert client_for(host).get(missing).status_code == 404


def test_a_seat_without_a_secret_has_no_button(host: User, player: User, spectator: User) -> None:
    """Azeroth at War's Assassination: nothing is secret until a Warlord is nominated (11),
    and then only its side's."""
    from referee.rules.azeroth.setup import Scenario
    from referee.rules.azeroth.system import AZEROTH
    from tests.rules.azeroth.tracker_game import setup

    data = AZEROTH.setup_to_json(setup(Scenario.ASSASSINATION))
    created = create_game(host=host, system="azeroth", name="Horde v Alliance", setup=data)
    join(created, player, created.join_token, 1)
    browser = client_for(host)
    page = f"/games/{created.pk}/"
    assert "data-reveal=" not in browser.get(page).content.decode()

    def record(type: str, seat: int | None, **payload: Any) -> None:
        row = Game.objects.get(pk=created.pk)
        game_apply(
            game=row, user=host, type=type, payload=payload, expected_version=row.version, seat=seat
        )

    record("edge_roll_off", None, rolls=[2, 5])
    record("nominate_warlord", 1, model="sorceress-1")
    html = browser.get(page).content.decode()
    assert "Hold to show Ben's secrets" in html and "Hold to show Ana's secrets" not in html
    secret = browser.get(f"{page}reveal/1/").content.decode()
    assert "Ben</strong>: warlord Sorceress" in secret  # the model's name, not its id
    assert "Ben · Sorceress</strong>: warlord yes" in secret
    nothing = browser.get(f"{page}reveal/0/").content.decode()
    assert "Ana holds no secret now." in nothing
