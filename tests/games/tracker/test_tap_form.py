"""A counter's tap button (``{% tap %}``, games/templatetags/control_form.py): what it posts,
every value escaped, and the same bytes the board's tap template wrote before it, for the
generic counter and for Azeroth's Wounds."""

from __future__ import annotations

from django.template import Context, Template

from games.tracker.controls import Control
from tests.games.tracker.test_control_form import GAME, NASTY, Parsed, _Game

# The templates the tag replaces, as they were (their comments left out).
_HEAD = (
    '<form class="tap" method="post" action="{% url \'game-act\' game.pk %}" data-tap="{{ tap }}" '
)
_FIELDS = (
    '\n  {% csrf_token %}<input type="hidden" name="type" value="{{ c.type }}">'
    '<input type="hidden" name="version" value="{{ body.version }}">'
    '<input type="hidden" name="control" value="{{ c.key }}">'
    '<input type="hidden" name="seat" value="{% if c.seat is not None %}{{ c.seat }}{% endif %}">'
)
_AMOUNT = '<input type="hidden" name="p.amount" value="1">\n'
GENERIC = (
    _HEAD
    + 'data-plus="{{ plus }}"{% if minus %} data-minus="{{ minus }}"{% endif %} '
    + 'data-step="{{ step }}">'
    + _FIELDS
    + '{% for name, value in c.hidden %}{% if name != "amount" %}'
    + '<input type="hidden" name="p.{{ name }}" value="{{ value }}">{% endif %}{% endfor %}'
    + _AMOUNT
    + '  <button class="tap-btn" type="submit" aria-label="{{ c.label }}" '
    + 'data-testid="tap-{{ c.testid }}">{{ sign }}</button>\n</form>\n'
)
AZEROTH = (
    _HEAD
    + 'data-plus="heal" data-minus="damage" data-step="{{ step }}">'
    + _FIELDS
    + "{% for name, value in c.hidden %}"
    + '<input type="hidden" name="p.{{ name }}" value="{{ value }}">{% endfor %}'
    + _AMOUNT
    + '  <button class="tap-btn" type="submit" aria-label="{{ label }}" '
    + 'data-testid="{{ testid }}">{{ sign }}</button>\n</form>\n'
)
MINUS = "\N{MINUS SIGN}"

CONTROLS = [
    Control(
        "damage",
        "Damage your Grunt",
        0,
        "model:0:grunt-1",
        (("seat", "0"), ("model", "grunt-1")),
        (),
    ),
    Control("heal", "Heal", None, "model:1:grunt-1", (("model", "grunt-1"),), ()),
    Control("attach_mana", NASTY, 1, f"guardian:1:{NASTY}", (("guardian", NASTY),), ()),
]


def _context(**values: object) -> Context:
    return Context({"game": _Game(), "body": {"version": 12}, "csrf_token": "the-token", **values})


def test_the_generic_counter_writes_what_its_template_wrote() -> None:
    tag = Template("{% load board %}{% tap c tap=tap step=step sign=sign plus=plus minus=minus %}")
    for c in CONTROLS:
        for minus in ("", "deal_damage", NASTY):
            values = {"c": c, "tap": f"mana:{c.key}", "step": "-1", "sign": MINUS, "plus": "heal"}
            context = {**values, "minus": minus}
            assert tag.render(_context(**context)) == Template(GENERIC).render(_context(**context))


def test_azeroth_wounds_write_what_their_template_wrote() -> None:
    tag = Template(
        '{% load board %}{% tap c tap=tap step=step sign=sign plus="heal" minus="damage" '
        "label=label testid=testid %}"
    )
    for c in CONTROLS[:2]:
        context = {
            "c": c,
            "tap": f"{c.key}:wounds",
            "step": "1",
            "sign": "+",
            "label": f"One Wound back for {NASTY}",
            "testid": "wounds-plus-0-grunt-1",
        }
        assert tag.render(_context(**context)) == Template(AZEROTH).render(_context(**context))


def test_it_posts_the_control_with_one_and_a_fixed_amount_once() -> None:
    fixed = Control(
        "heal", "Heal 2", 0, "model:0:grunt-1", (("model", "grunt-1"), ("amount", "2")), ()
    )
    html = Template('{% load board %}{% tap c tap="t" step="1" sign="+" plus="heal" %}').render(
        _context(c=fixed)
    )
    form = Parsed(html)
    (attrs,) = form.named("form")
    assert attrs == {
        "class": "tap",
        "method": "post",
        "action": f"/games/{GAME}/act/",
        "data-tap": "t",
        "data-plus": "heal",
        "data-step": "1",
    }
    hidden = [(a["name"], a["value"]) for a in form.named("input", type="hidden")]
    assert hidden == [
        ("csrfmiddlewaretoken", "the-token"),
        ("type", "heal"),
        ("version", "12"),
        ("control", "model:0:grunt-1"),
        ("seat", "0"),
        ("p.model", "grunt-1"),
        ("p.amount", "1"),
    ]
    (button,) = form.named("button")
    assert (button["aria-label"], button["data-testid"]) == ("Heal 2", "tap-heal-model-0-grunt-1")
    assert form.text == ["+"]


def test_every_value_is_escaped() -> None:
    html = Template(
        "{% load board %}{% tap c tap=nasty step=nasty sign=nasty plus=nasty minus=nasty "
        "label=nasty testid=nasty %}"
    ).render(_context(c=CONTROLS[2], nasty=NASTY))
    assert "<b>" not in html
    form = Parsed(html)
    (attrs,) = form.named("form")
    assert attrs["data-tap"] == attrs["data-minus"] == attrs["data-step"] == NASTY
    (button,) = form.named("button")
    assert button["aria-label"] == button["data-testid"] == NASTY
    assert form.text == [NASTY]
