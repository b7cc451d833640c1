"""The form of one control (games/templatetags/control_form.py), read as a browser reads it:
what it posts, each kind of input, and every value escaped."""

from __future__ import annotations

import uuid
from html.parser import HTMLParser
from typing import Any

from django.template import Context, Template

from games.tracker.controls import Control, Input, Option

GAME = uuid.UUID("00000000-0000-4000-8000-000000000001")
NASTY = '<b>"Ana\'s" & co</b>'


class _Game:
    pk = GAME


class Parsed(HTMLParser):
    """Every start tag with its attributes, and the text, in order."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.text.append(data.strip())

    def named(self, tag: str, **wanted: str) -> list[dict[str, str | None]]:
        return [
            attrs
            for name, attrs in self.tags
            if name == tag and all(attrs.get(k) == v for k, v in wanted.items())
        ]


def rendered(control: Control, *, tuck: bool = False, version: Any = 7) -> Parsed:
    page = Template("{% load board %}{% control c tuck=tuck %}")
    context = {"c": control, "tuck": tuck, "game": _Game(), "body": {"version": version}}
    return Parsed(page.render(Context({**context, "csrf_token": "the-token"})))


def control(*inputs: Input, seat: int | None = 0, label: str = "Damage") -> Control:
    return Control("damage", label, seat, "model:0:grunt", (("model", "grunt"),), inputs)


def test_it_posts_what_the_engine_fixed_the_version_and_the_token() -> None:
    form = rendered(control(seat=None))
    (attrs,) = form.named("form")
    assert attrs["action"] == attrs["hx-post"] == f"/games/{GAME}/act/"
    assert attrs["class"] == "tr-control tr-quick"
    hidden = {a["name"]: a["value"] for a in form.named("input", type="hidden")}
    assert hidden == {
        "csrfmiddlewaretoken": "the-token",
        "type": "damage",
        "version": "7",
        "control": "model:0:grunt",
        "seat": "",
        "p.model": "grunt",
    }
    assert form.text == ["Damage"]
    assert rendered(control(seat=1)).named("input", name="seat")[0]["value"] == "1"


def test_every_value_is_escaped() -> None:
    choice = Input("target", NASTY, "select", (Option(NASTY, NASTY, chosen=True),))
    form = rendered(control(choice, label=NASTY))
    assert form.named("option")[0] == {"value": NASTY, "selected": None}
    assert form.text == [NASTY, NASTY, NASTY]
    assert [name for name, _ in form.tags] == [
        "form",
        "input",
        *["input"] * 5,
        "label",
        "span",
        "select",
        "option",
        "button",
    ]


def test_each_kind_of_input() -> None:
    amount = Input("amount", "Wounds", "number", min=1, max=20, value="1")
    friends = Input("within_6", "Within 6", "checks", (Option("a", "A", True), Option("b", "B")))
    note = Input("note", "Note", "text", max=40, hint="why")
    order = Input(
        "order", "Order", "order", (Option("x", "X"), Option("y", "Y")), count=2, value="y\x1fx"
    )
    form = rendered(control(amount, friends, note, order))
    (number,) = form.named("input", type="number")
    assert (number["min"], number["max"], number["value"]) == ("1", "20", "1")
    boxes = form.named("input", type="checkbox")
    assert [(b["value"], "checked" in b) for b in boxes] == [("a", True), ("b", False)]
    (text,) = form.named("input", type="text")
    assert (text["maxlength"], text["placeholder"], "value" in text) == ("40", "why", False)
    menus = form.named("select")
    assert [m["data-testid"] for m in menus] == [
        "input-damage-model-0-grunt-order-1",
        "input-damage-model-0-grunt-order-2",
    ]
    chosen = [a["value"] for a in form.named("option") if "selected" in a]
    assert chosen == ["y", "x"]


def test_dice_read_on_the_page_or_rolled_for_the_table() -> None:
    dice = Input("rolls", "Rolls", "dice", min=1, max=6, count=2, value="4", labels=("Ana's die",))
    form = rendered(control(dice))
    first, second = form.named("input", type="number")
    assert (first["value"], "value" in second) == ("4", False)
    assert first["aria-label"] == "Rolls: Ana's die, 1 of 2"
    assert second["aria-label"] == "Rolls: Die 2, 2 of 2"
    assert form.named("button", name="app_rolls", value="1")
    assert form.named("button", type="submit")[0]["class"] == "button button-small button-primary"
    faces = Input(
        "faces", "Face", "dice", (Option("hit", "Hit"), Option("miss", "Miss")), value="miss"
    )
    menu = rendered(control(faces))
    assert [a["value"] for a in menu.named("option") if "selected" in a] == ["miss"]
    assert menu.named("option")[0] == {"value": ""}


def test_a_tucked_cost_is_folded_beside_the_button() -> None:
    mana = Input("mana", "Mana", "number", min=0, max=9, value="")
    form = rendered(control(mana, label="Cast"), tuck=True)
    (fold,) = form.named("details")
    assert fold == {"class": "tr-cost", "data-keep": "cost:model:0:grunt:Cast"}
    assert "0" in form.text and "Mana" in form.text
    assert not rendered(control(mana, label="Cast")).named("details")
