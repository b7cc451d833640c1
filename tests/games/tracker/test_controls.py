"""The board's controls are the engine's legal actions, as inputs a page can post."""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from games.registry import tracker
from games.tracker.controls import Controls, control
from games.tracker.forms import payload_from_post
from referee.rules.tracker import Amount, LegalAction, OneOf, Order, Rolls, SomeOf, Text

AZRAH = tracker("azrah")


def entry(legal: LegalAction) -> dict[str, Any]:
    return legal.to_json()


def test_it_hides_fixed_fields_and_offers_the_choices_with_their_names() -> None:
    legal = LegalAction(
        "swap",
        "Swap Bard with a back-row ally",
        0,
        {"guardian": "Bard", "replacement": "Cleric"},
        {"replacement": OneOf(("Cleric", "Druid"))},
        at="guardian:0:Bard",
        names={"Cleric": "the Cleric", "Druid": "the Druid"},
    )
    made = control(entry(legal), AZRAH)
    assert made.hidden == (("guardian", "Bard"),)
    (menu,) = made.inputs
    assert menu.widget == "select"
    assert [(o.value, o.text, o.chosen) for o in menu.options] == [
        ("Cleric", "the Cleric", True),
        ("Druid", "the Druid", False),
    ]
    assert made.key == "guardian:0:Bard"


def test_each_kind_of_choice_gets_its_widget() -> None:
    legal = LegalAction(
        "x",
        "X",
        1,
        {"amount": 2, "rolls": [1, 1], "order": ["a", "b"], "facts": ["f"], "flag": False},
        {
            "amount": Amount(1, 5),
            "rolls": Rolls(2),
            "order": Order(("a", "b")),
            "facts": SomeOf(("f", "g")),
        },
    )
    made = control(entry(legal), AZRAH)
    widgets = {i.name: i for i in made.inputs}
    assert (widgets["amount"].widget, widgets["amount"].min, widgets["amount"].max) == (
        "number",
        1,
        5,
    )
    assert (widgets["rolls"].widget, widgets["rolls"].count) == ("dice", 2)
    assert made.rolls
    assert [o.value for n, opts in widgets["order"].slot_options for o in opts if o.chosen] == [
        "a",
        "b",
    ]
    assert [o.chosen for o in widgets["facts"].options] == [True, False]
    assert made.hidden == ()  # False is sent as nothing


def test_a_listed_action_posted_as_the_page_posts_it_reads_back_to_its_payload() -> None:
    """What the hidden inputs and the defaults post is the listed payload again."""
    state = AZRAH.initial_state(AZRAH.setup_from_json(AZRAH.example_setup()))
    for legal in AZRAH.legal_actions(state, 0):
        made = control(entry(legal), AZRAH)
        data = QueryDict(mutable=True)
        for name, value in made.hidden:
            data.appendlist("p." + name, value)
        for i in made.inputs:
            if i.widget == "select":
                data.appendlist("p." + i.name, next(o.value for o in i.options if o.chosen))
            elif i.widget == "number":
                data.appendlist("p." + i.name, i.value)
            elif i.widget == "order":
                for value in i.values:
                    data.appendlist("p." + i.name, value)
            elif i.widget == "text":
                data.appendlist("p." + i.name, i.hint)
        payload, problems = payload_from_post(AZRAH.action_type(legal.type), data)
        assert not problems, (legal, problems)
        listed = {k: v for k, v in legal.payload.items() if v is not None and v is not False}
        assert payload == listed, legal


def test_a_name_the_player_types_is_a_text_field() -> None:
    legal = LegalAction("attach_curse", "Attach a Curse", 0, {"card": "Curse"}, {"card": Text(40)})
    (field,) = control(entry(legal), AZRAH).inputs
    assert (field.widget, field.max, field.hint) == ("text", 40, "Curse")
    assert legal.allows({"card": "Hex of Ash"})
    assert not legal.allows({"card": "  "})
    assert not legal.allows({"card": "\ud800"})
    assert not legal.allows({"card": "x" * 41})


def test_controls_are_grouped_by_the_piece_they_concern() -> None:
    state = AZRAH.initial_state(AZRAH.setup_from_json(AZRAH.example_setup()))
    controls = Controls([entry(legal) for legal in AZRAH.legal_actions(state, 0)], AZRAH)
    assert controls.at() == [c for c in controls.all if not c.at]
    assert sum(
        len(controls.at(*c.at.split(":"))) for c in {c.at: c for c in controls.all}.values()
    ) == len(controls.all)


def test_a_control_sent_but_not_recorded_shows_again_what_the_player_chose() -> None:
    """After a refusal or a stale version (409), the control that was sent keeps each choice
    the player made, as far as it is still offered; its siblings stay as listed."""
    legal = LegalAction(
        "x",
        "X",
        1,
        {"guardian": "Bard", "amount": 2, "rolls": [1, 1], "order": ["a", "b"], "card": "c1"},
        {
            "amount": Amount(1, 5),
            "rolls": Rolls(2),
            "order": Order(("a", "b")),
            "facts": SomeOf(("f", "g")),
            "card": OneOf(("c1", "c2", "c3")),
            "name": Text(40),
        },
        at="guardian:1:Bard",
    )
    other = LegalAction(
        "x",
        "X too",
        1,
        {"guardian": "Cleric", "card": "c1"},
        {"card": OneOf(("c1", "c3"))},
        at="guardian:1:Bard",
    )
    posted = {
        "type": ["x"],
        "control": ["guardian:1:Bard"],
        "seat": ["1"],
        "p.guardian": ["Bard"],
        "p.amount": ["4"],
        "p.rolls": ["6", "3"],
        "p.order": ["b", "a"],
        "p.facts": ["g"],
        "p.card": ["c3"],
        "p.name": ["Hex of Ash"],
    }
    controls = Controls([entry(legal), entry(other)], AZRAH, posted=posted)
    sent, sibling = controls.all
    widgets = {i.name: i for i in sent.inputs}
    assert widgets["amount"].value == "4"
    assert widgets["rolls"].values == ("6", "3")
    assert [shown for _n, _die, shown in widgets["rolls"].dice] == ["6", "3"]
    assert [o.value for _n, opts in widgets["order"].slot_options for o in opts if o.chosen] == [
        "b",
        "a",
    ]
    assert [o.chosen for o in widgets["facts"].options] == [False, True]
    assert [o.value for o in widgets["card"].options if o.chosen] == ["c3"]
    assert widgets["name"].value == "Hex of Ash"
    # the other control at the same piece fixes another Guardian: it was not the one sent
    assert [o.value for o in sibling.inputs[0].options if o.chosen] == ["c1"]
    # a card no longer offered leaves the menu as listed
    gone = Controls([entry(legal)], AZRAH, posted={**posted, "p.card": ["c9"]})
    assert [
        o.value for i in gone.all[0].inputs if i.name == "card" for o in i.options if o.chosen
    ] == ["c1"]
    # another control's form leaves every control as listed
    elsewhere = Controls([entry(legal)], AZRAH, posted={**posted, "control": ["guardian:0:Bard"]})
    assert elsewhere.all == Controls([entry(legal)], AZRAH).all
