"""The Azeroth at War board's sides and model cards (``{% load azeroth_board %}``): a side
(``{% azeroth_side side si %}``) with each model's card on it. A card shows the model's
Wounds left as a number and a bar with the counter's buttons (minus loses a Wound, plus gives
one back, each shown only when the engine lists damage or healing there), what happened to
it this round, its Morale test, and the controls the engine listed at the model: the usual
ones on the card, the less used in "More". Presentation only: every word and number is the
engine's view, every control a legal action the engine listed there.

They are written in Python rather than in templates, as the controls' forms and the
history's lines are (games/templatetags/control_form.py): every tablet's refresh writes both
sides again, and under several server processes it writes again every card changed since
that process last wrote the tablet's part, a few each time. A card is kept in the fragments
cache for its inputs (``fragments.piece``, as ``{% fragment %}`` keeps one), so an unchanged
card is read, not written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from games.templatetags import fragments
from games.templatetags.control_form import control, escaped, tap
from games.tracker.controls import Control, except_types, of_type

register = template.Library()

GONE = ("destroyed", "fled", "removed")
MORE = "opportunity_attack damage heal morale_facts summon"
_e = escaped


def _get(value: Any, name: str) -> Any:
    """``value.name`` as a template reads it, for the view's dicts and a refusal."""
    if isinstance(value, Mapping):
        return value.get(name)
    return getattr(value, name, None)


def _flags(m: Mapping[str, Any]) -> str:
    def flag(shown: Any, html: str) -> str:
        return f"\n    {html if shown else ''}"

    lost = m["lost_this_round"]
    rounds = m["summoned_rounds_left"]
    activation = (
        '<span class="az-badge az-now">Activating</span>'
        if m["activating"]
        else '<span class="az-badge">Activated</span>'
        if m["activated"]
        else ""
    )
    morale = ""
    if m["morale_result"]:
        again = " (rerolled)" if m["morale_rerolled"] else ""
        morale = (
            f'<span class="az-badge az-morale">Morale: {_e(capfirst(m["morale_result"]))}'
            f"{again}</span>"
        )
    return (
        flag(lost, f'<span class="az-badge az-lost">Lost {_e(lost)} this round</span>')
        + f"\n    {activation}"
        + flag(m["ability_used"], '<span class="az-badge">Ability used</span>')
        + flag(m["grounded"], '<span class="az-badge az-wavered">Grounded</span>')
        + flag(
            m["taunted_by_name"],
            f'<span class="az-badge az-taunt">Taunted by {_e(m["taunted_by_name"])}</span>',
        )
        + flag(
            rounds is not None,
            f'<span class="az-badge">Summoned · {_e(rounds)} round'
            f"{'' if rounds == 1 else 's'} left</span>",
        )
        + flag(
            m["opportunity_attack_used"], '<span class="az-badge">Opportunity Attack made</span>'
        )
        + flag(m["spell_block_used"], '<span class="az-badge">Spell Block tried</span>')
        + flag(m["taunt_used"], '<span class="az-badge">Taunt declared</span>')
        + flag(m["fear_nearby"], '<span class="az-badge az-morale">Fear nearby</span>')
        + flag(m["command_aura"], '<span class="az-badge az-morale">In a Command Aura</span>')
        + flag(
            m["friendly_destroyed_within_6"],
            '<span class="az-badge az-morale">Friend destroyed within 6"</span>',
        )
        + f"\n    {morale}"
    )


def _tests(m: Mapping[str, Any], tests: Sequence[Mapping[str, Any]], sk: str) -> str:
    out = []
    for t in tests:
        if t["model"] != m["id"]:
            continue
        result = f" · {_e(capfirst(t['result']))}" if t["result"] else " · test due"
        reasons = "".join(f"<li>{_e(r)}</li>" for r in t["reasons"])
        reroll = ' <small class="muted">with the Command Aura reroll</small>' if t["reroll"] else ""
        lines = "".join(f"<li>{_e(line)}</li>" for line in t["explanation"])
        out.append(
            f'\n  <div class="az-test" data-testid="test-{_e(sk)}-{_e(m["id"])}">\n'
            f'    <p class="az-test-head"><strong>Morale {_e(t["morale_value"])}</strong>'
            f"{result}</p>\n"
            f'    <ul class="az-reasons">{reasons}</ul>\n'
            f'    <p class="az-odds"><span class="az-pass">Pass {_e(t["pass"])}%</span> '
            f'<span class="az-waver">Waver {_e(t["waver"])}%</span> '
            f'<span class="az-rout">Rout {_e(t["rout"])}%</span>{reroll}</p>\n'
            '    <details class="az-more"><summary>How the odds are worked out</summary>'
            f"<ol>{lines}</ol></details>\n"
            "  </div>\n  "
        )
    return "".join(out)


def _controls(context: template.Context, controls: Sequence[Control], kind: str) -> str:
    """The controls' forms in a box of their ``kind``; nothing without a control."""
    if not controls:
        return ""
    forms = "".join(control(context, c) for c in controls)
    return f'<div class="az-controls {kind}">{forms}</div>'


def _wounds(
    context: template.Context,
    here: Sequence[Control],
    kind: str,
    m: Mapping[str, Any],
    sk: str,
    step: str,
    sign: str,
    words: str,
) -> str:
    """The Wounds counter's tap buttons for the ``kind`` controls at the model (damage for
    minus, healing for plus)."""
    direction = "minus" if kind == "damage" else "plus"
    return "".join(
        tap(
            context,
            c,
            tap=f"model:{sk}:{m['id']}:wounds",
            step=step,
            sign=sign,
            plus="heal",
            minus="damage",
            label=f"One Wound {words} {m['name']}",
            testid=f"wounds-{direction}-{sk}-{m['id']}",
        )
        for c in here
        if c.type == kind
    )


def _gone(m: Mapping[str, Any], sk: str) -> str:
    warlord = ' <span class="az-badge az-warlord">Warlord</span>' if m["warlord"] else ""
    summoner = f" · summoned by {_e(m['summoner_name'])}" if m["summoner_name"] else ""
    tiers = ", ".join(_e(t) for t in m["tier_names"])
    return (
        f'\n<details class="az-model az-gone" data-testid="model-{_e(sk)}-{_e(m["id"])}">\n'
        f'  <summary><span class="az-m-name">{_e(m["name"])}</span> '
        f'<span class="az-badge az-{_e(m["status"])}" data-testid="status-{_e(sk)}-'
        f'{_e(m["id"])}">{_e(capfirst(m["status"]))}</span>{warlord}</summary>\n'
        f'  <p class="muted">{_e(m["points"])} pts · {tiers}{summoner}. '
        f"Lost {_e(m['lost_this_round'])} this round.</p>\n"
        "</details>\n"
    )


def card(
    context: template.Context,
    m: Mapping[str, Any],
    tests: Sequence[Mapping[str, Any]],
    sk: str,
    here: Sequence[Control],
    error: Any,
) -> str:
    """One model's card, as its template wrote it: ``m`` the model's view, ``tests`` its
    side's Morale tests, ``sk`` its seat as text, ``here`` the controls at it and ``error``
    the refusal to show, if it is the card's."""
    if m["status"] in GONE:
        return f"\n{_gone(m, sk)}\n"
    key = f"model:{sk}:{m['id']}"
    mine = _get(error, "key") == key
    ident = f"{_e(sk)}-{_e(m['id'])}"
    name = _e(m["name"])
    state = " az-activating" if m["activating"] else " az-done" if m["activated"] else ""
    warlord = (
        '<span class="az-badge az-warlord" data-testid="warlord-mark">Warlord</span>'
        if m["warlord"]
        else ""
    )
    keywords = "".join(f" · {_e(k)}{f' [{_e(x)}]' if x else ''}" for k, x in m["keywords"].items())
    minus = _wounds(context, here, "damage", m, sk, "-1", "\N{MINUS SIGN}", "lost by")
    plus = _wounds(context, here, "heal", m, sk, "1", "+", "back for")
    abilities = ""
    if m["abilities"]:
        items = "".join(
            f'<li class="az-ability-text">{_e(a["name"])} <small class="muted">'
            f"{_e(a['type_name'])} · {_e(a['mana_cost'])} Mana</small></li>"
            for a in m["abilities"]
        )
        abilities = (
            f'\n  <ul class="az-abilities" role="list" aria-label="Abilities of {name}">\n'
            f"    {items}\n"
            "  </ul>\n  "
        )
    main = except_types(here, MORE)
    more = of_type(here, MORE)
    actions = _controls(context, main, "az-actions")
    folded = ""
    if more:
        folded = (
            f'\n  <details class="az-more az-more-controls"{" open" if mine else ""}>\n'
            f"    <summary>More for {name}</summary>\n"
            '    <div class="az-controls">'
            + "".join(control(context, c) for c in more)
            + "</div>\n"
            "  </details>\n  "
        )
    refusal = (
        '<p class="field-errors" role="alert" data-testid="refusal">'
        f"<span>{_e(_get(error, 'message'))}</span></p>"
        if mine
        else ""
    )
    tiers = " / ".join(_e(t) for t in m["tier_names"])
    article = (
        f'\n<article id="m-{ident}" class="az-model{state} az-st-{_e(m["status"])}" '
        f'aria-label="{name}" data-testid="model-{ident}">\n'
        '  <header class="az-m-head">\n'
        f'    <h4 class="az-m-name">{name}</h4>\n'
        f"    {warlord}\n"
        f'    <span class="az-badge az-{_e(m["status"])}" data-testid="status-{ident}">'
        f"{_e(capfirst(m['status']))}</span>\n"
        "  </header>\n"
        f'  <p class="az-m-meta muted">{_e(m["points"])} pts · {tiers}{keywords}</p>\n'
        '  <div class="tr-counter az-wounds">\n'
        f"    {minus}\n"
        '    <div class="az-w">\n'
        '      <span class="tr-count"><span class="tr-big" '
        f'data-testid="wounds-{ident}">{_e(m["wounds"])}</span><span class="tr-of">/ '
        f'{_e(m["max_wounds"])}</span><span class="tr-unit">Wounds left</span></span>\n'
        f'      <svg class="az-bar" viewBox="0 0 {_e(m["max_wounds"])} 1" '
        'preserveAspectRatio="none" aria-hidden="true" focusable="false">'
        f'<rect width="{_e(m["wounds"])}" height="1"/></svg>\n'
        "    </div>\n"
        f"    {plus}\n"
        "  </div>\n"
        f'  <div class="az-flags">{_flags(m)}\n'
        "  </div>\n"
        f"  {_tests(m, tests, sk)}\n"
        f"  {abilities}\n"
        "  \n"
        f"  {actions}\n"
        f"  {folded}\n"
        "  \n"
        f"  {refusal}\n"
        "</article>\n"
    )
    return f"\n{article}\n"


def _model(
    context: template.Context, m: Mapping[str, Any], side: Mapping[str, Any], si: int
) -> fragments.Piece:
    """Model ``m``'s card on side ``si``, as a piece of the fragments cache: written afresh
    only where no card with the same inputs was written before."""
    error, controls = context.get("error"), context.get("controls")
    here = controls.at("model", si, m["id"]) if controls else []
    tests, sk = side["morale_tests"], str(si)
    return (
        "azeroth-model",
        [context["game"].pk, si, sk, m, tests, here, error],
        lambda marked: card(marked, m, tests, sk, here, error),
    )


def _warlord(side: Mapping[str, Any], sk: str) -> str:
    if side["warlord_name"]:
        return (
            f'<span class="az-badge az-warlord" data-testid="warlord-{sk}">'
            f"Warlord: {_e(side['warlord_name'])}</span>"
        )
    if side["warlord_nominated"]:
        return f'<span class="az-badge" data-testid="warlord-{sk}">Warlord: secret</span>'
    return f'<span class="az-badge az-lost" data-testid="warlord-{sk}">No Warlord named yet</span>'


@register.simple_tag(takes_context=True)
def azeroth_side(context: template.Context, side: Mapping[str, Any], si: int) -> SafeString:
    """``{% azeroth_side side si %}``: one side of the table, ``side`` the side's view and
    ``si`` its seat: its Mana and how it was worked out, what is left to activate, the last
    Hero, the Warlord (its name only to its owner until it falls: the view says null to
    everyone else), the side's own controls (naming the Warlord, in secret) and every
    model's card."""
    view, access, error = context["view"], context["access"], context.get("error")
    controls = context.get("controls")
    sk = _e(str(si))
    here = controls.at("side", si) if controls else []
    active = " tr-side-active" if view.get("next_seat") == si else ""
    you = ' <small class="muted">(you)</small>' if access.seat == si else ""
    fallen = (
        '<span class="az-badge az-destroyed">Last Hero slain</span>'
        if side["last_hero_slain"]
        else ""
    )
    warlord = _warlord(side, sk) if view.get("scenario") == "assassination" else ""
    due = "".join(
        f'<a class="az-badge az-morale" href="#m-{sk}-{_e(t["model"])}">'
        f"Morale test due: {_e(t['name'])}</a>"
        for t in side["morale_tests"]
        if not t["result"]
    )
    side_controls = _controls(context, here, "az-side-controls")
    refusal = (
        '<p class="field-errors" role="alert" data-testid="refusal">'
        f"<span>{_e(_get(error, 'message'))}</span></p>"
        if _get(error, "key") == f"side:{si}"
        else ""
    )
    breakdown = ""
    if side["mana_breakdown"]:
        lines = "".join(f"<li>{_e(line)}</li>" for line in side["mana_breakdown"])
        breakdown = (
            '\n  <details class="az-more az-breakdown"><summary>Mana this round: how it was '
            f"worked out</summary><ol>{lines}</ol></details>\n  "
        )
    # each card with the line its template ended in
    wanted = [_model(context, m, side, si) for m in side["models"]]
    cards = "".join(html + "\n" for html in fragments.pieces(context, wanted))
    name = _e(side["name"])
    html = (
        f'\n<section class="tr-side az-side{active} seat-colour-{sk}" data-seat="{sk}" '
        f'aria-label="{name}" data-testid="side-{sk}">\n'
        '  <header class="tr-side-head az-side-head">\n'
        f'    <h2 class="tr-player"><span class="tr-dot" aria-hidden="true"></span>{name}{you}'
        "</h2>\n"
        '    <dl class="tr-stats az-stats">\n'
        f'      <div class="tr-stat az-mana"><dt>Mana</dt><dd data-testid="mana-{sk}">'
        f"{_e(side['mana'])}</dd></div>\n"
        f'      <div class="tr-stat"><dt>To activate</dt><dd data-testid="left-{sk}">'
        f"{_e(side['models_left_to_activate'])}</dd></div>\n"
        "    </dl>\n"
        "  </header>\n"
        '  <div class="az-flags">\n'
        f"    {fallen}\n"
        f"    {warlord}\n"
        f"    {due}\n"
        "  </div>\n"
        f"  {side_controls}\n"
        f"  {refusal}\n"
        f"  {breakdown}\n"
        '  <h3 class="tr-row-title">Models</h3>\n'
        '  <div class="az-models">\n'
        f"    {cards}\n"
        "  </div>\n"
        "</section>\n"
    )
    return mark_safe(html)  # every value in it escaped above, and each card
