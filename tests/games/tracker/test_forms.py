"""Reading an action's payload from the table page's form inputs (``p.<field>``), the pages'
whole numbers (ASCII digits only, bounded: a bad one is a 400 naming its field) and
checkboxes posted after a hidden "false"."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import QueryDict

from games.models import Game
from games.numbers import whole_number
from games.tracker.forms import form_int, payload_from_post
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import ActionType, PayloadField
from tests.games.tracker.support import client_for, game, host, player, spectator

__all__ = ["game", "host", "player", "spectator"]

ROLL_OFF = ActionType(
    "roll", "A roll.", (PayloadField("rolls", "list[int]", "the two D6", dice=2),)
)
OBJECTIVES = ActionType(
    "objectives",
    "Who is near each objective.",
    (
        PayloadField("near", "list[bool]", "one per objective"),
        PayloadField("note", "str", "a note", False),
    ),
)


def post(text: str) -> QueryDict:
    return QueryDict(text)


def test_it_reads_a_list_from_repeated_inputs_in_order() -> None:
    assert payload_from_post(ROLL_OFF, post("p.rolls=4&p.rolls=2")) == ({"rolls": [4, 2]}, {})


def test_it_reads_a_list_from_one_input_of_comma_separated_items() -> None:
    assert payload_from_post(ROLL_OFF, post("p.rolls=4%2C+2")) == ({"rolls": [4, 2]}, {})


def test_it_reads_yes_and_no_for_each_item_of_a_list_of_booleans() -> None:
    data = post("p.near=true&p.near=false&p.near=on")
    assert payload_from_post(OBJECTIVES, data) == ({"near": [True, False, True]}, {})
    payload, errors = payload_from_post(OBJECTIVES, post("p.near=maybe"))
    assert payload == {} and "yes or no" in errors["near"]


def test_it_names_a_missing_required_field_and_leaves_out_an_empty_optional_one() -> None:
    payload, errors = payload_from_post(OBJECTIVES, post("p.note="))
    assert payload == {} and errors == {"near": "Give one per objective."}


def test_dice_the_app_will_roll_may_be_left_out() -> None:
    assert payload_from_post(ROLL_OFF, post(""), app_rolls=True) == ({}, {})
    _, errors = payload_from_post(ROLL_OFF, post(""))
    assert "rolls" in errors


def test_it_says_which_numbers_it_could_not_read() -> None:
    _, errors = payload_from_post(ROLL_OFF, post("p.rolls=4&p.rolls=x"))
    assert errors["rolls"] == "The two D6: whole numbers."


# --- whole numbers from the pages: ASCII digits only, bounded, never a 500 -----------------

HTMX = {"HX-Request": "true"}
SUPERSCRIPT_TWO = "\u00b2"
ARABIC_INDIC_THREE = "\u0663"
HUGE = "9" * 5000


@pytest.mark.parametrize("text", [SUPERSCRIPT_TWO, ARABIC_INDIC_THREE, HUGE, "1e3", "0x1", "+-1"])
def test_a_number_that_is_not_plain_ascii_digits_or_too_long_is_not_read(text: str) -> None:
    with pytest.raises(ValueError):
        whole_number(text)
    problems: dict[str, str] = {}
    assert form_int(post("seat=" + text), "seat", problems) is None
    assert "seat" in problems["seat"]  # the message names the field


def test_plain_digits_are_read_and_an_absent_number_is_no_problem() -> None:
    problems: dict[str, str] = {}
    assert form_int(post("version=12"), "version", problems) == 12
    assert form_int(post(" version= 7 "), "version", problems) is None  # another key
    assert form_int(post("version="), "version", problems) is None
    assert problems == {}
    assert whole_number(" 42 ") == 42 and whole_number("-3") == -3
    assert whole_number("9" * 18) == 10**18 - 1


def test_a_negative_seat_is_named_as_below_the_least_value() -> None:
    problems: dict[str, str] = {}
    assert form_int(post("seat=-1"), "seat", problems) is None
    assert "at least 0" in problems["seat"]


def test_payload_numbers_are_ascii_digits_only() -> None:
    for text in (SUPERSCRIPT_TWO, ARABIC_INDIC_THREE, HUGE):
        payload, errors = payload_from_post(ROLL_OFF, post("p.rolls=" + text))
        assert payload == {} and errors["rolls"] == "The two D6: whole numbers."


def _damage(version: str) -> dict[str, str]:
    return {"type": "deal_damage", "version": version, "p.seat": "1", "p.guardian": "Bard",
            "p.amount": "1", "control": "g:1:Bard"}  # fmt: skip


@pytest.mark.parametrize("text", [SUPERSCRIPT_TWO, HUGE])
def test_the_act_page_refuses_an_unreadable_version_or_undo_target_with_a_400(
    game: Game, host: User, text: str
) -> None:
    browser = client_for(host)
    act = f"/games/{game.pk}/act/"
    response = browser.post(act, _damage(text), headers=HTMX)
    assert response.status_code == 400
    assert "version" in response.content.decode()
    assert browser.post(act, _damage("0"), headers=HTMX).status_code == 200
    undo = {"type": "undo", "version": "1", "target": text, "control": "history"}
    response = browser.post(act, undo, headers=HTMX)
    assert response.status_code == 400
    assert "target" in response.content.decode()
    game.refresh_from_db()
    assert game.version == 1  # nothing undone


@pytest.mark.parametrize("text", [SUPERSCRIPT_TWO, HUGE])
def test_the_preview_page_refuses_an_unreadable_seat_with_a_400(
    game: Game, host: User, text: str
) -> None:
    posted = {**_damage("0"), "seat": text}
    response = client_for(host).post(f"/games/{game.pk}/preview/", posted, headers=HTMX)
    assert response.status_code == 400
    assert "seat" in response.content.decode()


@pytest.mark.parametrize("text", [SUPERSCRIPT_TWO, HUGE])
def test_the_join_page_refuses_an_unreadable_seat_with_a_400(game: Game, text: str) -> None:
    newcomer = User.objects.create_user("newcomer")
    response = client_for(newcomer).post(f"/games/join/{game.join_token}/", {"seat": text})
    assert response.status_code == 400
    assert "seat" in response.content.decode()
    assert not game.seats.filter(user=newcomer).exists()


# --- checkboxes: a hidden "false" before the box -------------------------------------------

MORALE_FACTS = AZEROTH.action_type("morale_facts")


def test_a_ticked_box_after_its_hidden_false_is_true() -> None:
    data = post("p.model=grunt-1&p.fear_nearby=false&p.fear_nearby=true&p.command_aura=false")
    payload, errors = payload_from_post(MORALE_FACTS, data)
    assert errors == {}
    assert payload["fear_nearby"] is True and payload["command_aura"] is False


def test_a_bool_posted_several_times_is_true_when_any_value_is_true() -> None:
    assert payload_from_post(MORALE_FACTS, post("p.fear_nearby=true&p.fear_nearby=false"))[0][
        "fear_nearby"
    ]
    payload, errors = payload_from_post(MORALE_FACTS, post("p.fear_nearby=perhaps"))
    assert "fear_nearby" in errors and "fear_nearby" not in payload
