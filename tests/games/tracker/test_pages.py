"""The game tracker's pages through Django's test client: my games and a new game, the table
page for each role, polling with 304, actions through the page's forms (recorded, stale,
refused), undo from the history, the host's links and QR codes, export and import."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.models import Game
from games.tracker.access import access_for
from games.tracker.apply import game_apply
from games.tracker.selectors import log_for, state_for
from tests.games.tracker.support import (
    client_for,
    game,
    host,
    outsider,
    player,
    rosters,
    spectator,
)

__all__ = ["game", "host", "outsider", "player", "rosters", "spectator"]

HTMX = {"HX-Request": "true"}


def url(game: Game, part: str = "") -> str:
    return f"/games/{game.pk}/{part + '/' if part else ''}"


def damage(game: Game, version: int, amount: int = 1, guardian: str = "Bard") -> dict[str, str]:
    return {
        "type": "deal_damage",
        "version": str(version),
        "p.seat": "1",
        "p.guardian": guardian,
        "p.amount": str(amount),
        "control": f"guardian:1:{guardian}",
    }


def html(response: Any) -> str:
    return str(response.content.decode())


# --- the table page, role by role -----------------------------------------------------------


def test_the_host_sees_the_board_the_controls_and_the_links(game: Game, host: User) -> None:
    response = client_for(host).get(url(game))
    assert response.status_code == 200
    page = html(response)
    assert 'id="live"' in page and 'hx-trigger="every 1s"' in page
    assert 'data-testid="side-0"' in page and 'data-testid="side-1"' in page
    assert "tap-deal_damage" not in page  # an ability's damage is recorded as it resolves
    assert 'data-testid="outside-1-bard"' in page  # under "More": a card effect or correction
    assert 'data-testid="tap-attach_mana-guardian-0-oracle"' in page  # Ana's Recovery Mana
    assert 'data-testid="links"' in page
    assert page.count("<svg") >= 2  # the two QR codes, drawn on the server
    assert game.join_token in page and game.watch_token in page
    assert "Other actions" in page


def test_a_player_sees_their_own_back_row_and_not_the_other(game: Game, player: User) -> None:
    page = html(client_for(player).get(url(game)))
    assert "Mystic" in page and "Ranger" in page  # Ben's own back row
    assert "Sentinel" not in page and "Warden" not in page  # Ana's, face down
    assert "Face-down card 1" in page and "Face-down card 2" in page
    assert 'data-testid="links"' not in page
    assert game.join_token not in page


def test_a_spectator_sees_the_board_without_secrets_or_controls(
    game: Game, spectator: User
) -> None:
    page = html(client_for(spectator).get(url(game)))
    assert 'data-testid="side-1"' in page
    assert "Mystic" not in page and "Sentinel" not in page
    assert "data-tap" not in page and "tr-control" not in page
    assert "Other actions" not in page and "Undo" not in page
    assert 'data-testid="links"' not in page


def test_an_outsider_gets_a_403_page(game: Game, outsider: User) -> None:
    response = client_for(outsider).get(url(game))
    assert response.status_code == 403
    assert "You are not at this game" in html(response)
    assert client_for(None).get(url(game)).status_code == 403


def test_an_anonymous_browser_with_the_watch_link_watches(game: Game) -> None:
    browser = client_for(None)
    assert browser.get(f"/games/watch/{game.watch_token}/").status_code == 302
    assert browser.get(url(game)).status_code == 200


def test_a_system_without_a_board_template_gets_the_generic_board(game: Game, host: User) -> None:
    from games.tracker import pages

    assert pages.board_template("azrah") == "games/boards/azrah.html"
    assert pages.board_template("no-such-system") == pages.GENERIC_BOARD
    tree = pages.readable({"players": [{"name": "Ana", "health": 3}], "over": False})
    assert [n.label for n in tree.children] == ["players", "over"]
    assert tree.children[0].children[0].label == "Ana"


# --- polling ----------------------------------------------------------------------------------


def test_polling_answers_304_until_the_game_changes(game: Game, spectator: User) -> None:
    watcher = client_for(spectator)
    first = watcher.get(url(game), headers=HTMX)
    assert first.status_code == 200
    assert html(first).startswith('<div id="live"')  # the live part only
    tag = first["ETag"]
    assert watcher.get(url(game), HTTP_IF_NONE_MATCH=tag, headers=HTMX).status_code == 304
    client_for(game.host).post(url(game, "act"), damage(game, 0), headers=HTMX)
    changed = watcher.get(url(game), HTTP_IF_NONE_MATCH=tag, headers=HTMX)
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert "If-None-Match" in html(changed)  # the next poll sends the new ETag


def test_the_whole_page_is_never_answered_304(game: Game, host: User) -> None:
    tag = client_for(host).get(url(game))["ETag"]
    assert client_for(host).get(url(game), HTTP_IF_NONE_MATCH=tag).status_code == 200


# --- actions ----------------------------------------------------------------------------------


def test_an_action_through_the_page_form_is_recorded(game: Game, host: User) -> None:
    response = client_for(host).post(url(game, "act"), damage(game, 0, 2), headers=HTMX)
    assert response.status_code == 200
    assert 'data-version="1"' in html(response)
    assert re.search(r'data-testid="damage-1-bard">2<', html(response))
    game.refresh_from_db()
    assert game.version == 1


def test_without_javascript_an_action_redirects_back_to_the_page(game: Game, host: User) -> None:
    browser = client_for(host)
    response = browser.post(url(game, "act"), damage(game, 0))
    assert response.status_code == 302
    assert response["Location"].startswith(url(game))
    assert "Recorded #1." in html(browser.get(url(game)))


def test_a_stale_version_is_a_409_with_the_fresh_table_and_a_message(
    game: Game, host: User, player: User
) -> None:
    client_for(player).post(url(game, "act"), damage(game, 0), headers=HTMX)
    response = client_for(host).post(url(game, "act"), damage(game, 0), headers=HTMX)
    assert response.status_code == 409
    page = html(response)
    assert "While you were choosing: Ben: Ben&#x27;s Bard takes 1 damage." in page  # no version
    assert "Nothing of yours was recorded: your choice is still set" in page
    assert 'data-version="1"' in page
    game.refresh_from_db()
    assert game.version == 1  # nothing recorded twice


def test_an_illegal_action_shows_the_engines_message_beside_its_control(
    game: Game, host: User
) -> None:
    posted = {
        "type": "escape",
        "version": "0",
        "p.guardian": "Alchemist",
        "control": "guardian:0:Alchemist",
    }
    response = client_for(host).post(url(game, "act"), posted, headers=HTMX)
    assert response.status_code == 400
    page = html(response)
    box = page.split('data-testid="guardian-0-alchemist"', 1)[1].split("</article>", 1)[0]
    assert "only in the Action phase" in box
    game.refresh_from_db()
    assert game.version == 0


def test_a_form_that_cannot_be_read_is_refused_without_a_500(game: Game, host: User) -> None:
    posted = {**damage(game, 0), "p.amount": "three", "control": "form:deal_damage"}
    response = client_for(host).post(url(game, "act"), posted, headers=HTMX)
    assert response.status_code == 400
    assert "whole number" in html(response)
    no_version = {k: v for k, v in damage(game, 0).items() if k != "version"}
    assert client_for(host).post(url(game, "act"), no_version).status_code == 400
    unknown = {**damage(game, 0), "type": "explode"}
    assert client_for(host).post(url(game, "act"), unknown, headers=HTMX).status_code == 400


def test_a_spectator_cannot_act_through_the_page(game: Game, spectator: User) -> None:
    response = client_for(spectator).post(url(game, "act"), damage(game, 0), headers=HTMX)
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.version == 0


def test_a_preview_says_what_would_change_without_recording(game: Game, host: User) -> None:
    response = client_for(host).post(url(game, "preview"), damage(game, 0, 3))
    assert response.status_code == 200
    page = html(response)
    assert "Deal damage x3 · Ben&#x27;s Bard" in page
    assert "health" in page and "defeated" in page  # Bard has 3 hit points
    assert 'name="p.amount" value="3"' in page  # Commit sends the whole amount at once
    game.refresh_from_db()
    assert game.version == 0


def test_a_refused_preview_shows_why_and_cannot_be_committed(game: Game, host: User) -> None:
    posted = {"type": "heal", "version": "0", "p.seat": "1", "p.guardian": "Bard", "p.amount": "1"}
    response = client_for(host).post(url(game, "preview"), posted)
    assert response.status_code == 400
    assert "no damage to heal" in html(response)
    assert "disabled" in html(response)


def test_taps_committed_together_are_one_log_entry(game: Game, host: User) -> None:
    client_for(host).post(url(game, "act"), damage(game, 0, 2, "Duelist"), headers=HTMX)
    entries = log_for(game, access_for(game, host))
    assert len(entries) == 1
    assert entries[0]["payload"]["amount"] == 2


# --- history, undo and redo -------------------------------------------------------------------


def test_undo_from_the_history_then_redo(game: Game, host: User) -> None:
    browser = client_for(host)
    browser.post(url(game, "act"), damage(game, 0, 1, "Duelist"), headers=HTMX)
    browser.post(url(game, "act"), damage(game, 1, 1, "Cleric"), headers=HTMX)
    page = html(browser.get(url(game)))
    assert page.count('aria-label="Undo #') == 2  # every entry in effect
    undo = {"type": "undo", "target": "1", "version": "2", "control": "log:1"}
    response = browser.post(url(game, "act"), undo, headers=HTMX)
    assert response.status_code == 200
    page = html(response)
    assert "<s>" in page and "undone" in page
    assert 'aria-label="Redo #1"' in page
    assert re.search(r'data-testid="damage-1-duelist">0<', page)
    redo = {"type": "redo", "target": "1", "version": "3", "control": "log:1"}
    response = browser.post(url(game, "act"), redo, headers=HTMX)
    assert re.search(r'data-testid="damage-1-duelist">1<', html(response))


def test_an_undo_the_engine_refuses_shows_why_beside_the_entry(game: Game, host: User) -> None:
    undo = {"type": "undo", "target": "5", "version": "0", "control": "log:5"}
    response = client_for(host).post(url(game, "act"), undo, headers=HTMX)
    assert response.status_code == 400
    assert "undo" in html(response).lower()


def test_an_undo_refused_because_a_later_action_depends_on_it(game: Game, host: User) -> None:
    browser = client_for(host)
    browser.post(url(game, "act"), damage(game, 0, 1, "Duelist"), headers=HTMX)
    browser.post(url(game, "act"), {**damage(game, 1, 1, "Duelist"), "type": "heal"}, headers=HTMX)
    undo = {"type": "undo", "target": "1", "version": "2", "control": "log:1"}
    response = browser.post(url(game, "act"), undo, headers=HTMX)
    assert response.status_code == 400
    entry = html(response).split('data-testid="log-1"', 1)[1].split("</li>", 1)[0]
    assert 'data-testid="refusal"' in entry


# --- links ------------------------------------------------------------------------------------


def test_only_the_host_replaces_a_link(game: Game, host: User, player: User) -> None:
    old = game.join_token
    assert client_for(player).post(url(game, "links"), {"link": "join"}).status_code == 403
    response = client_for(host).post(url(game, "links"), {"link": "join"}, headers=HTMX)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.join_token != old
    assert game.join_token in html(response) and old not in html(response)
    assert "no longer works" in html(response)
    assert client_for(host).post(url(game, "links"), {"link": "nope"}).status_code == 400


def test_replacing_the_watch_link_removes_spectators(
    game: Game, host: User, spectator: User
) -> None:
    response = client_for(host).post(url(game, "links"), {"link": "watch"})
    assert response.status_code == 302
    assert client_for(spectator).get(url(game)).status_code == 403


# --- export and import ------------------------------------------------------------------------


def test_export_then_import_gives_the_same_game(game: Game, host: User) -> None:
    browser = client_for(host)
    browser.post(url(game, "act"), damage(game, 0, 2), headers=HTMX)
    response = browser.get(url(game, "export"))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    upload = SimpleUploadedFile("game.json", response.content, "application/json")
    imported = browser.post("/games/import/", {"file": upload})
    assert imported.status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    assert imported["Location"] == url(copy)
    assert copy.version == 1
    access = access_for(copy, host)
    assert state_for(copy, access)["state"] == state_for(game, access)["state"]


def test_a_player_exports_only_what_they_see_while_the_game_is_on(game: Game, player: User) -> None:
    response = client_for(player).get(url(game, "export"))
    assert response.status_code == 200
    assert response.json()["partial"] is True
    assert "-partial.json" in response["Content-Disposition"]
    assert "Sentinel" not in response.content.decode()  # Ana's face-down Guardian


def test_an_import_that_is_not_a_game_says_why(host: User) -> None:
    browser = client_for(host)
    bad = SimpleUploadedFile("x.json", b"not json", "application/json")
    response = browser.post("/games/import/", {"file": bad})
    assert response.status_code == 400
    assert "not a JSON file" in html(response)
    wrong = SimpleUploadedFile("x.json", json.dumps({"format": "other"}).encode())
    response = browser.post("/games/import/", {"file": wrong})
    assert response.status_code == 400
    assert "Not a game export" in html(response)


# --- my games and a new game ------------------------------------------------------------------


def test_my_games_lists_each_role_and_asks_strangers_to_sign_in(
    game: Game, host: User, player: User, spectator: User
) -> None:
    for account, role in ((host, "hosting"), (player, "playing"), (spectator, "watching")):
        page = html(client_for(account).get("/games/"))
        assert url(game) in page and role in page
    signed_out = client_for(None).get("/games/")
    assert signed_out.status_code == 200
    assert "Sign in" in html(signed_out)


def test_a_new_game_from_two_saved_rosters_flips_the_coin(
    host: User, rosters: dict[str, Any]
) -> None:
    browser = client_for(host)
    form = {
        "system": "azrah",
        "name": "Friday",
        "list_0": str(rosters["dawn"].pk),
        "list_1": str(rosters["dusk"].pk),
        "player_0": "Ana",
        "player_1": "Ben",
        "first_player": "coin",
    }
    response = browser.post("/games/new/", form)
    assert response.status_code == 302, html(response)
    created = Game.objects.get(name="Friday")
    assert [s.name for s in created.seats.all()] == ["Ana", "Ben"]
    page = html(browser.get(response["Location"]))
    assert "The coin is flipped:" in page


def test_a_new_game_chooses_the_first_player(host: User, rosters: dict[str, Any]) -> None:
    form = {
        "system": "azrah",
        "name": "Chosen",
        "list_0": str(rosters["dawn"].pk),
        "list_1": str(rosters["dusk"].pk),
        "first_player": "1",
    }
    assert client_for(host).post("/games/new/", form).status_code == 302
    created = Game.objects.get(name="Chosen")
    view = state_for(created, access_for(created, host))["state"]
    assert view["active_seat"] == 1
    assert [s.name for s in created.seats.all()] == ["Dawn", "Dusk"]  # the lists' names


def test_new_game_errors_are_shown_beside_the_fields_and_keep_the_input(
    host: User, rosters: dict[str, Any]
) -> None:
    form = {
        "system": "azrah",
        "name": "Typed name",
        "list_0": str(rosters["dawn"].pk),
        "list_1": str(rosters["short"].pk),
        "player_0": "Ana typed",
        "first_player": "coin",
    }
    response = client_for(host).post("/games/new/", form)
    assert response.status_code == 400
    page = html(response)
    errors = page.split('id="err-list_1"', 1)[1].split("</p>", 1)[0]
    assert "not legal" in errors
    assert 'value="Typed name"' in page and 'value="Ana typed"' in page
    assert re.search(rf'<option value="{rosters["short"].pk}"[^>]* selected[ >]', page)
    assert not Game.objects.exists()
    missing = client_for(host).post("/games/new/", {"system": "azrah", "first_player": "coin"})
    assert missing.status_code == 400
    assert "Choose a saved list." in html(missing)


def test_the_header_and_home_page_link_the_games(db: None) -> None:
    page = html(Client().get("/"))
    assert 'href="/games/"' in page
    assert "on the way" not in page


def test_the_segno_qr_code_is_inline_svg(game: Game, host: User) -> None:
    page = html(client_for(host).get(url(game)))
    links = page.split('data-testid="links"', 1)[1]
    assert links.count("<svg") == 2
    assert not re.search(r'(src|href)="https?://', links)


def test_a_finished_game_shows_the_winner_why_and_the_totals(game: Game, player: User) -> None:
    browser = client_for(player)
    version = 0
    for guardian, amount, replacement in (
        ("Bard", 3, "Ranger"),  # Ranger's card prints no emergence ability to wait for
        ("Cleric", 3, "Mystic"),
        ("Duelist", 4, ""),
    ):
        browser.post(url(game, "act"), damage(game, version, amount, guardian), headers=HTMX)
        version += 1
        if replacement:  # the defeated Guardian leaves the front row at once (R101)
            swap = {"type": "swap", "version": str(version), "p.guardian": guardian,
                    "p.replacement": replacement, "control": f"guardian:1:{guardian}"}  # fmt: skip
            assert browser.post(url(game, "act"), swap, headers=HTMX).status_code == 200
            version += 1
        if replacement == "Mystic":  # its emergence ability (R106); Ana lets it resolve
            emerge = {"type": "emerge", "version": str(version), "p.guardian": "Mystic",
                      "control": "guardian:1:Mystic"}  # fmt: skip
            assert browser.post(url(game, "act"), emerge, headers=HTMX).status_code == 200
            row = Game.objects.get(pk=game.pk)
            game_apply(game=row, user=row.host, type="no_response", payload={},
                               expected_version=version + 1, seat=0)  # fmt: skip
            resolve = {"type": "resolve", "version": str(version + 2), "control": "stack"}
            assert browser.post(url(game, "act"), resolve, headers=HTMX).status_code == 200
            version += 3
    page = html(browser.get(url(game)))
    summary = page.split('data-testid="summary"', 1)[1].split("</section>", 1)[0]
    assert "Ana wins" in summary
    assert "health to zero" in summary
    assert "8 actions recorded" in summary
    assert "Export the game" in summary  # a player may export once it is over
    assert "data-tap" not in page  # no counters on a finished game


def test_a_new_azeroth_game_takes_the_scenario_and_battle_size_from_the_form(
    host: User,
) -> None:
    from games.lists.service import save_list
    from tests.lists.support import load_starter
    from tests.lists.support import payload as list_payload

    load_starter("azeroth")
    horde = save_list(owner=host, system="azeroth", name="Horde", payload=list_payload("azeroth"))
    form = {
        "system": "azeroth",
        "name": "Skirmish night",
        "list_0": str(horde.pk),
        "list_1": str(horde.pk),
        "scenario": "assassination",
        "battle_size": "large",
        "first_player": "coin",
    }
    response = client_for(host).post("/games/new/", form)
    assert response.status_code == 302, html(response)
    created = Game.objects.get(name="Skirmish night")
    assert created.setup["scenario"] == "assassination"
    assert created.setup["battle_size"] == "large"
    page = html(client_for(host).get(url(created)))
    assert "Assassination" in page and "Large battle" in page


def test_the_table_page_loads_its_board_stylesheet_outside_the_live_part(
    game: Game, host: User
) -> None:
    page = html(client_for(host).get(url(game)))
    outside = page.split('id="live"', 1)[0]
    assert 'href="/static/css/tracker-azrah.css"' in outside


def test_a_board_stylesheet_is_looked_for_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    from django.contrib.staticfiles import finders

    from games.tracker import pages

    asked: list[str] = []
    find = finders.find

    def counted(path: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(path)
        return find(path, *args, **kwargs)

    monkeypatch.setattr(finders, "find", counted)
    pages.board_stylesheet.cache_clear()
    try:
        found = [pages.board_stylesheet("azrah") for _ in range(3)]
        missing = [pages.board_stylesheet("no-such-game") for _ in range(2)]
    finally:
        pages.board_stylesheet.cache_clear()
    assert found == ["css/tracker-azrah.css"] * 3 and missing == [None, None]
    assert asked == ["css/tracker-azrah.css", "css/tracker-no-such-game.css"]


def test_someone_without_a_saved_list_is_told_which_games_need_none(outsider: User) -> None:
    client = Client()
    client.force_login(outsider)
    page = client.get("/games/").content.decode()
    hint = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page.split('class="tr-hint">')[1]))
    assert hint.startswith("You need a saved list to start a game: build one first (")
    assert "Rune Age and Deaths of Athazar need no list: start one below." in hint
