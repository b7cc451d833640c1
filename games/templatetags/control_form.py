"""One control's form, as the board shows each legal action the engine listed (a
``games.tracker.controls.Control``): the fields the engine fixed travel hidden, each field
the player picks is an input of its kind, and the button says what it does. htmx posts it
and swaps the live part; a refusal is shown beside the control (its key).

It is written here in Python rather than in a template because a board shows dozens of them
and every tablet's live part renders them again after each change: this writes the HTML a
template would (whitespace included) in a fifth of the time. ``tuck``: the fields to pick (an
ability's Mana and Gems) folded beside the button, what it pays said on the fold ("0 Mana"),
so a card stays short and a tap uses it as listed.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from games.tracker.controls import Control, Input


def escaped(value: Any) -> str:
    """A value as a template writes it: as text, escaped (Django's ``conditional_escape``,
    without its checks for lazy text, which the engine's words never are)."""
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(value))


_e = escaped


def posted_version(context: template.Context) -> str:
    """The game's version a form posts (``body.version``), escaped; empty without one."""
    body = context.get("body")
    return _e(body.get("version", "")) if isinstance(body, Mapping) else ""


def act_form(context: template.Context) -> tuple[str, str]:
    """Where the board's forms post (the game's ``game-act``) and the CSRF token's field,
    worked out once for each rendering and each token in the context (a piece rendered for
    the fragments cache holds a mark in the token's place)."""
    kept = context.render_context
    key = f"act_form:{context['game'].pk}:{context.get('csrf_token')}"
    if key not in kept:
        url = _e(reverse("game-act", args=[context["game"].pk]))
        kept[key] = (url, str(CsrfTokenNode().render(context)))
    found: tuple[str, str] = kept[key]
    return found


def _selected(chosen: bool, word: str) -> str:
    return f" {word}" if chosen else ""


def _options(options: Any, selected: Any = None) -> str:
    return "".join(
        f'<option value="{_e(o.value)}"'
        f"{_selected(o.chosen if selected is None else o.value == selected, 'selected')}>"
        f"{_e(o.text)}</option>"
        for o in options
    )


def _input(i: Input, testid: str) -> str:
    name, label = _e(i.name), _e(i.label)
    field = f"input-{testid}-{name}"
    if i.widget == "select":
        return (
            f'<label class="tr-in"><span>{label}</span><select name="p.{name}" '
            f'data-testid="{field}">{_options(i.options)}</select></label>'
        )
    if i.widget == "number":
        return (
            f'<label class="tr-in tr-in-number"><span>{label}</span><input type="number" '
            f'name="p.{name}" min="{_e(i.min)}" max="{_e(i.max)}" value="{_e(i.value)}" '
            f'inputmode="numeric" required data-testid="{field}"></label>'
        )
    if i.widget == "text":
        value = f' value="{_e(i.value)}"' if i.value else ""
        return (
            f'<label class="tr-in tr-in-text"><span>{label}</span><input type="text" '
            f'name="p.{name}"{value} maxlength="{_e(i.max)}" required autocomplete="off" '
            f'placeholder="{_e(i.hint)}" data-testid="{field}"></label>'
        )
    if i.widget == "dice":
        dice = []
        for n, die, shown in i.dice:
            said = f"<span>{_e(die)}</span>" if i.count > 1 or i.labels else ""
            aria = f"{label}: {_e(die)}, {n} of {i.count}"
            if i.options:
                menu = _options(i.options, shown)
                box = (
                    f'<select name="p.{name}" required aria-label="{aria}" '
                    f'data-testid="{field}-{n}"><option value="">—</option>{menu}</select>'
                )
            else:
                value = f' value="{_e(shown)}"' if shown else ""
                box = (
                    f'<input type="number" name="p.{name}" min="{_e(i.min)}" max="{_e(i.max)}"'
                    f'{value} required inputmode="numeric" aria-label="{aria}" '
                    f'data-testid="{field}-{n}">'
                )
            dice.append(f'<label class="tr-die">{said}{box}</label>')
        return f'<fieldset class="tr-in tr-dice"><legend>{label}</legend>{"".join(dice)}</fieldset>'
    if i.widget == "order":
        slots = "".join(
            f'<label class="tr-in"><span>{n}.</span><select name="p.{name}" '
            f'data-testid="{field}-{n}">{_options(options)}</select></label>'
            for n, options in i.slot_options
        )
        return f'<fieldset class="tr-in tr-order"><legend>{label}</legend>{slots}</fieldset>'
    boxes = "".join(
        f'<label class="toggle"><input type="checkbox" name="p.{name}" value="{_e(o.value)}"'
        f"{_selected(o.chosen, 'checked')}><span>{_e(o.text)}</span></label>"
        for o in i.options
    )
    return f'<fieldset class="tr-in tr-checks"><legend>{label}</legend>{boxes}</fieldset>'


def _cost(c: Control) -> str:
    items = '<span class="visually-hidden">, </span>'.join(
        f'<span class="tr-cost-item"><span data-cost-of="p.{_e(i.name)}">{_e(i.value or "0")}'
        f"</span> {_e(capfirst(i.name))}</span>"
        for i in c.inputs
    )
    return (
        f'<details class="tr-cost" data-keep="cost:{_e(c.key)}:{_e(c.label)}"><summary>'
        f'<span class="visually-hidden">Cost: </span>{items}</summary><div class="tr-cost-body">'
    )


def control(context: template.Context, c: Control, tuck: bool = False) -> SafeString:
    """``{% control c %}`` (or ``{% control c tuck=True %}``): the control's form, posting
    the game's version (``body.version``) and the CSRF token in the context."""
    url, csrf = act_form(context)
    version = posted_version(context)
    testid = _e(c.testid)
    seat = "" if c.seat is None else _e(c.seat)
    hidden = "".join(
        f'<input type="hidden" name="p.{_e(name)}" value="{_e(value)}">' for name, value in c.hidden
    )
    tucked = bool(tuck and c.inputs)
    inputs = "".join(f"\n  \n  {_input(i, testid)}\n  \n  " for i in c.inputs)
    app = (
        f'<button class="button button-small" type="submit" name="app_rolls" value="1" '
        f'formnovalidate data-testid="{testid}-app">Roll for us</button>'
        if c.rolls
        else ""
    )
    form = (
        f'<form class="tr-control{" tr-quick" if c.quick else ""}" method="post" '
        f'action="{url}" hx-post="{url}" hx-target="#live" hx-swap="outerHTML" '
        f'data-testid="control-{testid}">\n'
        f'  {csrf}<input type="hidden" name="type" value="{_e(c.type)}">'
        f'<input type="hidden" name="version" value="{version}">'
        f'<input type="hidden" name="control" value="{_e(c.key)}">'
        f'<input type="hidden" name="seat" value="{seat}">{hidden}\n'
        f"  {_cost(c) if tucked else ''}\n"
        f"  {inputs}\n"
        f"  {'</div></details>' if tucked else ''}\n"
        f'  <button class="button button-small{" button-primary" if c.rolls else ""}" '
        f'type="submit" data-testid="{testid}">{_e(c.label)}</button>\n'
        f"  {app}\n"
        "</form>\n"
    )
    return mark_safe(form)  # every value in it escaped above


def tap(
    context: template.Context,
    c: Control,
    tap: str,
    step: str,
    sign: str,
    plus: str,
    minus: str = "",
    label: str | None = None,
    testid: str | None = None,
) -> SafeString:
    """``{% tap c tap=... step="-1" sign="-" plus="heal" minus="damage" %}``: one button of a
    counter (damage, Wounds, Mana), made from control ``c``, in the page's tap pattern.
    Without JavaScript it records one at once; tracker.js instead adds the tap to the pending
    change. ``tap`` names the counter (unique on the page), ``plus`` and ``minus`` its two
    action types (``minus`` empty: the counter only goes up), ``step`` 1 or -1, ``sign`` the
    button's text; the hidden fields are the control's with ``p.amount`` 1 (an amount the
    control fixed is replaced by it). The button is named by ``label`` (the control's label
    unless given) and tested by ``testid`` (``tap-`` and the control's, unless given). Written
    here rather than in a template for the same reason as ``control``: a board renders one
    or two for each piece that changed, on every tablet."""
    url, csrf = act_form(context)
    seat = "" if c.seat is None else _e(c.seat)
    hidden = "".join(
        f'<input type="hidden" name="p.{_e(name)}" value="{_e(value)}">'
        for name, value in c.hidden
        if name != "amount"
    )
    minus_attribute = f' data-minus="{_e(minus)}"' if minus else ""
    name = _e(c.label if label is None else label)
    test = _e(f"tap-{c.testid}" if testid is None else testid)
    form = (
        f'<form class="tap" method="post" action="{url}" data-tap="{_e(tap)}" '
        f'data-plus="{_e(plus)}"{minus_attribute} data-step="{_e(step)}">\n'
        f'  {csrf}<input type="hidden" name="type" value="{_e(c.type)}">'
        f'<input type="hidden" name="version" value="{posted_version(context)}">'
        f'<input type="hidden" name="control" value="{_e(c.key)}">'
        f'<input type="hidden" name="seat" value="{seat}">{hidden}'
        '<input type="hidden" name="p.amount" value="1">\n'
        f'  <button class="tap-btn" type="submit" aria-label="{name}" '
        f'data-testid="{test}">{_e(sign)}</button>\n'
        "</form>\n"
    )
    return mark_safe(form)  # every value in it escaped above
