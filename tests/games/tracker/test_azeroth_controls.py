"""The Azeroth at War board shows exactly the controls the engine lists, where they belong:
a model's at its card, a side's on its half, the game's in the head. Posted as the page
posts them (the Django test client, no JavaScript), they record what they say: the wounds
counter's minus loses a Wound, a ticked Morale fact is recorded, an activation is ended and an
ability let go off. Nothing on the board is a raw code."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game
from games.registry import tracker
from games.tracker import pages
from games.tracker.access import access_for
from games.tracker.apply import game_apply
from games.tracker.controls import Controls
from games.tracker.current import current_game
from games.tracker.lifecycle import create_game, join, watch
from games.tracker.selectors import log_for, shown_legal_actions, state_for
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from tests.games.tracker.support import client_for, host, player, spectator, user
from tests.rules.azeroth.tracker_game import setup

__all__ = ["host", "player", "spectator"]

HTMX = {"HX-Request": "true"}


@pytest.fixture
def ana(db: None) -> User:
    """Sits at seat 0 (Ana)."""
    return user("anna")


def make_game(host: User, ana: User, ben: User, spectator: User, scenario: Scenario) -> Game:
    data = AZEROTH.setup_to_json(setup(scenario))
    created = create_game(host=host, system="azeroth", name="Horde v Alliance", setup=data)
    join(created, ana, created.join_token, 0)
    join(created, ben, created.join_token, 1)
    watch(created, spectator, created.watch_token)
    return Game.objects.get(pk=created.pk)


@pytest.fixture
def annihilation(host: User, ana: User, player: User, spectator: User) -> Game:
    return make_game(host, ana, player, spectator, Scenario.ANNIHILATION)


@pytest.fixture
def assassination(host: User, ana: User, player: User, spectator: User) -> Game:
    return make_game(host, ana, player, spectator, Scenario.ASSASSINATION)


@pytest.fixture
def hold(host: User, ana: User, player: User, spectator: User) -> Game:
    return make_game(host, ana, player, spectator, Scenario.HOLD_THE_LINE)


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def apply(game: Game, account: User, type: str, seat: int | None = None, **payload: Any) -> Game:
    row = fresh(game)
    game_apply(
        game=row, user=account, type=type, payload=payload, expected_version=row.version, seat=seat
    )
    return fresh(game)


def page(account: User, game: Game) -> str:
    response = client_for(account).get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return str(response.content.decode())


def board(html: str) -> str:
    start = html.index('data-testid="azeroth-board"')
    return html[start : html.index('class="tr-history"', start)]


class Forms(HTMLParser):
    """Every form of a page: its class, its inputs (name, value, type) and its buttons."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append({"attrs": a, "inputs": [], "buttons": []})
        elif self.forms and tag in ("input", "select"):
            self.forms[-1]["inputs"].append(a | {"tag": tag})
        elif self.forms and tag == "button":
            self.forms[-1]["buttons"].append(a)


def forms(html: str) -> list[dict[str, Any]]:
    parser = Forms()
    parser.feed(board(html))
    return parser.forms


def hidden(form: dict[str, Any]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for i in form["inputs"]:
        if i.get("type") == "hidden":
            found.setdefault(i["name"], []).append(i.get("value", ""))
    return found


def shown_controls(html: str) -> set[tuple[str, str]]:
    """(type, control key) of every control form and counter button on the board."""
    return {
        (hidden(f)["type"][0], hidden(f)["control"][0])
        for f in forms(html)
        if "tr-control" in f["attrs"].get("class", "") or "tap" in f["attrs"].get("class", "")
    }


def listed_controls(game: Game, account: User) -> set[tuple[str, str]]:
    row = fresh(game)
    access = access_for(row, account)
    controls = Controls(shown_legal_actions(row, access), tracker("azeroth"))
    return {(c.type, c.key) for c in controls.all}


def tap(html: str, testid: str) -> dict[str, Any]:
    (form,) = [f for f in forms(html) if any(b.get("data-testid") == testid for b in f["buttons"])]
    return form


def post(account: User, game: Game, data: dict[str, Any]) -> Any:
    return client_for(account).post(f"/games/{game.pk}/act/", data, headers=HTMX)


def form_data(form: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for name, values in hidden(form).items():
        data[name] = values if len(values) > 1 else values[0]
    return data


def control_form(html: str, type_: str, key: str) -> dict[str, Any]:
    (form,) = [
        f
        for f in forms(html)
        if "tr-control" in f["attrs"].get("class", "")
        and hidden(f)["type"] == [type_]
        and hidden(f)["control"] == [key]
    ]
    return form


def visible_text(html: str) -> str:
    text = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))


def activation(game: Game, host: User) -> Game:
    """Round 1's Activation stage: Ben deployed second, so Ben activates first."""
    apply(game, host, "edge_roll_off", rolls=[2, 5])
    apply(game, host, "end_stage")
    return apply(game, host, "end_stage")


# Exactly the listed controls ---------------------------------------------------------------


@pytest.mark.parametrize("who", ["ana", "player", "host"])
def test_the_board_shows_exactly_the_listed_controls(
    annihilation: Game, host: User, who: str, request: pytest.FixtureRequest
) -> None:
    account = request.getfixturevalue(who)
    game = annihilation
    for step in range(4):
        expected = listed_controls(game, account)
        assert expected, step
        assert shown_controls(page(account, game)) == expected, step
        if step == 0:
            game = apply(game, host, "edge_roll_off", rolls=[2, 5])
        elif step in (1, 2):
            game = apply(game, host, "end_stage")
        else:
            game = apply(game, host, "activate", seat=1, model="sorceress-1")


def test_a_spectator_gets_no_control(annihilation: Game, host: User, spectator: User) -> None:
    game = activation(annihilation, host)
    html = page(spectator, game)
    assert 'data-testid="azeroth-board"' in html
    assert forms(html) == []


def test_a_players_own_models_are_activated_from_their_cards(
    annihilation: Game, host: User, player: User, ana: User
) -> None:
    game = activation(annihilation, host)
    html = page(player, game)
    card = html.split('data-testid="model-1-sorceress-1"', 1)[1].split("</article>", 1)[0]
    assert "Activate Sorceress" in card
    assert not [f for f in forms(page(ana, game)) if hidden(f)["type"] == ["activate"]]


# Counters ------------------------------------------------------------------------------------


def test_the_wounds_counters_minus_loses_a_wound_and_plus_gives_one_back(
    annihilation: Game, host: User, player: User
) -> None:
    game = activation(annihilation, host)
    html = page(player, game)
    assert 'data-testid="wounds-0-warchief-1">6<' in html
    minus = tap(html, "wounds-minus-0-warchief-1")
    assert minus["attrs"]["data-minus"] == "damage" and minus["attrs"]["data-plus"] == "heal"
    assert minus["attrs"]["data-step"] == "-1"
    assert hidden(minus)["type"] == ["damage"]
    assert [b.get("aria-label") for b in minus["buttons"]] == ["One Wound lost by Warchief"]
    # at full Wounds nothing can be given back: no "+"
    assert "wounds-plus-0-warchief-1" not in html
    response = post(player, game, form_data(minus))
    assert response.status_code == 200
    after = response.content.decode()
    assert 'data-testid="wounds-0-warchief-1">5<' in after
    plus = tap(after, "wounds-plus-0-warchief-1")
    assert hidden(plus)["type"] == ["heal"] and plus["attrs"]["data-step"] == "1"
    back = post(player, game, form_data(plus)).content.decode()
    assert 'data-testid="wounds-0-warchief-1">6<' in back


def test_a_refusal_is_shown_on_the_card_that_sent_it(
    annihilation: Game, host: User, player: User
) -> None:
    game = activation(annihilation, host)
    minus = form_data(tap(page(player, game), "wounds-minus-0-warchief-1"))
    response = post(player, game, {**minus, "p.amount": "0"})
    assert response.status_code == 400
    html = response.content.decode()
    card = html.split('data-testid="model-0-warchief-1"', 1)[1].split("</article>", 1)[0]
    assert "The amount is 1 to" in card
    assert 'data-testid="refusal"' in card


# Morale facts, activations, answers ----------------------------------------------------------


def test_a_ticked_morale_fact_is_recorded_and_unticking_them_all_clears_it(
    annihilation: Game, host: User, ana: User
) -> None:
    game = activation(annihilation, host)
    html = page(ana, game)
    form = control_form(html, "morale_facts", "model:0:troll-1")
    boxes = [i for i in form["inputs"] if i.get("type") == "checkbox"]
    assert [b["value"] for b in boxes] == [
        "fear_nearby",
        "command_aura",
        "friendly_destroyed_within_6",
    ]
    assert 'An enemy with Fear within 6"' in visible_text(html)
    response = post(ana, game, {**form_data(form), "p.facts": ["fear_nearby", "command_aura"]})
    assert response.status_code == 200, visible_text(response.content.decode())[:300]
    troll = current_game(fresh(game)).state.sides[0].find("troll-1")
    assert troll is not None and troll.fear_nearby and troll.command_aura
    after = page(ana, game)
    ticked = [
        i["value"]
        for i in control_form(after, "morale_facts", "model:0:troll-1")["inputs"]
        if i.get("type") == "checkbox" and "checked" in i
    ]
    assert ticked == ["fear_nearby", "command_aura"]
    form = control_form(after, "morale_facts", "model:0:troll-1")
    assert post(ana, game, form_data(form)).status_code == 200  # nothing ticked
    troll = current_game(fresh(game)).state.sides[0].find("troll-1")
    assert troll is not None and not troll.fear_nearby and not troll.command_aura


def test_the_activating_model_ends_its_activation_from_its_card(
    annihilation: Game, host: User, player: User
) -> None:
    game = apply(activation(annihilation, host), host, "activate", seat=1, model="paladin-1")
    html = page(player, game)
    form = control_form(html, "end_activation", "model:1:paladin-1")
    assert [b.get("data-testid") for b in form["buttons"]] == ["end_activation-model-1-paladin-1"]
    assert "End Paladin's activation" in visible_text(html)
    response = post(player, game, form_data(form))
    assert response.status_code == 200
    assert 'data-testid="activating"' not in response.content.decode()
    log = log_for(fresh(game), access_for(fresh(game), player))
    assert log[-1]["type"] == "end_activation"


def test_the_defender_lets_an_ability_go_off_from_the_pending_panel(
    annihilation: Game, host: User, player: User, ana: User
) -> None:
    game = apply(activation(annihilation, host), host, "activate", seat=1, model="footman-1")
    game = apply(game, ana, "activate", model="warchief-1")
    game = apply(game, ana, "use_ability", model="warchief-1", ability="Bloodlust")
    html = page(player, game)
    panel = html.split('data-testid="pending-ability"', 1)[1].split("</section>", 1)[0]
    assert "No answer: let Warchief's Bloodlust go off" in visible_text(panel)
    assert "Dispel Bloodlust (2 Mana)" in panel
    assert "no_response" not in board(page(ana, game))
    response = post(player, game, form_data(control_form(html, "no_response", "game")))
    assert response.status_code == 200
    after = response.content.decode()
    panel = after.split('data-testid="pending-ability"', 1)[1].split("</section>", 1)[0]
    assert "goes off" in visible_text(panel) and "<form" not in panel


def test_dice_are_labelled_and_the_app_may_roll_them(annihilation: Game, ana: User) -> None:
    html = page(ana, annihilation)
    form = control_form(html, "edge_roll_off", "game")
    dice = [i for i in form["inputs"] if i.get("name") == "p.rolls"]
    assert [d.get("aria-label") for d in dice] == [
        "The first player's D6, then the second's: Ana's die, 1 of 2",
        "The first player's D6, then the second's: Ben's die, 2 of 2",
    ]
    words = visible_text(board(html))
    assert "The first player's D6, then the second's Ana's die Ben's die" in words
    assert "Die 1" not in words and "Die 2" not in words
    response = post(ana, annihilation, {**form_data(form), "app_rolls": "1"})
    assert response.status_code == 200
    entry = log_for(fresh(annihilation), access_for(annihilation, ana))[-1]
    assert entry["type"] == "edge_roll_off" and len(entry["payload"]["rolls"]) == 2


# The Warlord and objectives ------------------------------------------------------------------


def test_each_player_nominates_a_warlord_on_their_own_side_in_secret(
    assassination: Game, host: User, player: User, ana: User, spectator: User
) -> None:
    html = page(player, assassination)
    form = control_form(html, "nominate_warlord", "side:1")
    assert "side:0" not in {hidden(f)["control"][0] for f in forms(html)}
    (menu,) = [i for i in form["inputs"] if i["tag"] == "select"]
    side = html.split('data-testid="side-1"', 1)[1].split('data-testid="model-', 1)[0]
    assert "Nominate your Warlord in secret" in side
    assert ">Sorceress</option>" in side and ">Paladin</option>" in side
    response = post(player, assassination, {**form_data(form), menu["name"]: "paladin-1"})
    assert response.status_code == 200
    assert 'data-testid="warlord-1">Warlord: Paladin<' in page(player, assassination)
    for other in (ana, spectator, host):
        words = visible_text(board(page(other, assassination)))
        assert "Warlord: secret" in words and "Warlord: Paladin" not in words


def morale(game: Game, host: User) -> Game:
    """Round 1's Morale stage: Ana's Troll lost 2 of its 3 Wounds, every model activated."""
    game = apply(activation(game, host), host, "damage", seat=0, model="troll-1", amount=2)
    bens = ["sorceress-1", "paladin-1", "gryphon-1", "skeleton-1", "footman-1", "footman-2"]
    anas = ["warchief-1", "shaman-1", "shieldbearer-1", "grunt-1", "grunt-2", "troll-1"]
    for bens_model, anas_model in zip(bens, anas, strict=True):  # Ben activates first
        game = apply(game, host, "activate", seat=1, model=bens_model)
        game = apply(game, host, "activate", seat=0, model=anas_model)
    return apply(game, host, "end_stage")


def test_objectives_are_ticked_per_side_and_recorded(hold: Game, host: User, ana: User) -> None:
    game = morale(hold, host)
    html = page(ana, game)
    section = html.split('data-testid="objectives"', 1)[1].split("</section>", 1)[0]
    assert "Objective 2: Ben" in section
    form = control_form(html, "objectives", "game")
    response = post(ana, game, {**form_data(form), "p.within_3": ["0:1", "1:2", "0:3", "1:3"]})
    assert response.status_code == 200, visible_text(response.content.decode())[:300]
    view = state_for(fresh(game), access_for(fresh(game), ana))["state"]
    assert view["objectives"]["this_round"] == [0, 1, None]


# Words, not codes -----------------------------------------------------------------------------


RAW = re.compile(r"\b(?:[a-z]+-\d+|[a-z]+_[a-z_]+)\b")


def test_the_board_says_everything_in_words(
    annihilation: Game, hold: Game, host: User, player: User, ana: User
) -> None:
    game = apply(activation(annihilation, host), host, "activate", seat=1, model="sorceress-1")
    game = apply(game, player, "use_ability", model="sorceress-1", ability="Slow")
    in_morale = morale(hold, host)
    assert "Morale test for" in board(page(ana, in_morale))
    for shown in (game, in_morale):
        for account in (host, player, ana):
            words = visible_text(board(page(account, shown)))
            assert not RAW.findall(words), RAW.findall(words)[:5]


def test_the_table_device_shows_each_sides_nomination_on_its_half(
    assassination: Game, host: User
) -> None:
    html = page(host, assassination)
    assert shown_controls(html) == listed_controls(assassination, host)
    for seat, heroes in ((0, ["Warchief"]), (1, ["Sorceress", "Paladin"])):
        form = control_form(html, "nominate_warlord", f"side:{seat}")
        assert hidden(form)["seat"] == [str(seat)]
        side = html.split(f'data-testid="side-{seat}"', 1)[1].split('data-testid="model-', 1)[0]
        assert [f">{name}</option>" in side for name in heroes] == [True] * len(heroes)


def test_a_preview_says_the_model_and_what_is_near_it_in_words(
    annihilation: Game, host: User, ana: User
) -> None:
    game = activation(annihilation, host)
    form = control_form(page(ana, game), "morale_facts", "model:0:troll-1")
    data = {**form_data(form), "p.facts": ["fear_nearby", "friendly_destroyed_within_6"]}
    response = client_for(ana).post(f"/games/{game.pk}/preview/", data, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    head = visible_text(html.split('class="tr-pending-head"', 1)[1].split("</p>", 1)[0])
    assert head.startswith("> Morale facts · Ana's Troll · facts ")
    assert 'An enemy with Fear within 6", A friend destroyed within 6"' in head
    assert not re.search(r"troll-1|fear_nearby|fear nearby|friendly destroyed", head)


def test_the_table_device_records_what_any_seat_may_do_as_the_tables(
    annihilation: Game, host: User, ana: User
) -> None:
    """Azeroth at War has no active player: a roll-off or the end of a stage tapped on the
    table's shared device is the table's, not the first seat's."""
    game = apply(annihilation, host, "edge_roll_off", rolls=[2, 5])
    html = page(host, game)
    form = control_form(html, "end_stage", "game")
    assert hidden(form)["seat"] == [""]
    assert post(host, game, form_data(form)).status_code == 200
    rows = pages.history(log_for(fresh(game), access_for(game, ana)), None, None)
    assert [(row.text, row.who) for row in rows] == [
        ("The table: ends the Deployment stage", "at the table device"),
        ("The table: roll-off for the table edge: Ana 2, Ben 5", "at the table device"),
    ]
    assert current_game(fresh(game)).log[-1].by is None
    # a model's damage, any seat's to record, is worded for the table, not for one seat
    game = apply(game, host, "end_stage")
    labels = {c["label"] for c in shown_legal_actions(fresh(game), access_for(game, host))}
    assert "Damage Ana's Troll" in labels
    board_words = visible_text(board(page(host, game)))
    assert "Damage Ana's Troll" in board_words and "your" not in board_words.lower()
