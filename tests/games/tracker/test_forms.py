"""Reading an action's payload from the table page's form inputs (``p.<field>``)."""

from __future__ import annotations

from django.http import QueryDict

from games.tracker.forms import payload_from_post
from referee.rules.tracker.core import ActionType, PayloadField

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
