"""The Azeroth at War board (``{% load azeroth_board %}``, ``{% azeroth_board %}``): its head
(round, stage and checklist, deployment, roll-offs, the game's own controls), the ability
waiting for an answer, the objectives, the result, and each side (``{% azeroth_side side
si %}``) with each model's card on it. A card shows the model's Wounds left as a number and
a bar with the counter's buttons (minus loses a Wound, plus gives one back, each shown only
when the engine lists damage or healing there), what happened to it this round, its Morale
test, and the controls the engine listed at the model: the usual ones on the card, the less
used in "More". Presentation only: every word and number is the engine's view, every control
a legal action the engine listed there.

They are written in Python rather than in templates, as the controls' forms and the
history's lines are (games/templatetags/control_form.py): every tablet's refresh writes the
board again, and under several server processes it writes again every card changed since
that process last wrote the tablet's part, a few each time. A card is kept in the fragments
cache for its inputs (``fragments.pieces``, a side's cards asked for in one call, as
``{% fragment %}`` keeps a piece), so an unchanged card is read, not written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from games.templatetags import fragments
from games.templatetags.control_form import control, escaped, tap
from games.tracker.controls import Control, except_types, of_type

register = template.Library()

GONE = ("destroyed", "fled", "removed")
MORE = "opportunity_attack damage heal morale_facts summon"
_e = escaped


def _items(lines: Sequence[Any]) -> str:
    """Each line as a list item, escaped."""
    return "".join(f"<li>{_e(line)}</li>" for line in lines)


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
        reasons = _items(t["reasons"])
        reroll = ' <small class="muted">with the Command Aura reroll</small>' if t["reroll"] else ""
        lines = _items(t["explanation"])
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
    classes = f"az-controls {kind}" if kind else "az-controls"
    return f'<div class="{classes}">{forms}</div>'


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
        lines = _items(side["mana_breakdown"])
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


ANSWERS = "spell_block dispel counterspell no_response"
OWNS = "\N{RIGHT SINGLE QUOTATION MARK}s "  # "Horde's Thrall", with a typographic apostrophe
RECORDS = "objectives"


def _named(sides: Sequence[Mapping[str, Any]], seat: Any, suffix: str = "") -> str:
    """The name of the side at ``seat`` (and ``suffix``), or nothing when no side is."""
    return "".join(f"{_e(s['name'])}{suffix}" for i, s in enumerate(sides) if i == seat)


def _why(lines: Any) -> str:
    return f'<ul class="az-why">{_items(lines)}</ul>' if lines else ""


def _turn(
    context: template.Context,
    view: Mapping[str, Any],
    seats: Sequence[Any],
    stage: list[Control],
) -> str:
    """The head: round and stage with the checklist, the deployment, the roll-off, and the
    controls for the game as a whole."""
    sides = view["sides"]
    activation = _get(view, "activation")
    if view["round"]:
        round_no = f"Round {_e(view['round'])} of {_e(view['rounds'])}"
    else:
        round_no = "Before round 1"
    phase = "Game over" if view["over"] else f"{_e(view['stage'])} stage"
    nxt = ""
    if _get(activation, "next_known"):
        nxt = "".join(
            f'<span class="tr-active seat-colour-{_e(_get(seat, "index"))}" data-testid="next">'
            '<span class="tr-dot" aria-hidden="true"></span>'
            f"{_e(_get(seat, 'name'))} activates next</span>"
            for seat in seats
            if _get(seat, "index") == view["next_seat"]
        )
        if view["next_seat"] is None:
            nxt += '<span class="muted" data-testid="next">Every model has activated</span>'
    checklist = ""
    if view["checklist"]:
        items = []
        for item in view["checklist"]:
            done = item["done"]
            state = "done" if done else "table" if done is None else "todo"
            tick = "✓" if done else "•" if done is None else "○"
            after = (
                '<span class="visually-hidden"> (done)</span>'
                if done
                else ' <small class="muted">(at the table)</small>'
                if done is None
                else ""
            )
            items.append(
                f'<li class="az-c-{state}"><span class="az-tick" aria-hidden="true">{tick}</span>'
                f"{_e(capfirst(item['step']))}{after}</li>"
            )
        checklist = (
            f'\n  <ol class="az-checklist" aria-label="{_e(view["stage"])} stage checklist" '
            f'data-testid="checklist">{"".join(items)}</ol>\n  '
        )
    activating = ""
    if view["activating"]:
        who = _named(sides, view["activating"]["seat"], OWNS)
        activating = (
            '<p class="az-line" data-testid="activating">Activating now: '
            f"<strong>{who}{_e(view['activating']['name'])}</strong></p>"
        )
    deployment = view["deployment"]
    deploy = ""
    if _get(deployment, "shown"):
        rolls = deployment["edge_rolls"]
        rolled = (
            f"{_e(sides[0]['name'])} {_e(rolls[0])} · {_e(sides[1]['name'])} {_e(rolls[1])}"
            if rolls
            else "not rolled yet"
        )
        chooser, first = deployment["edge_chooser"], deployment["first_to_deploy"]
        deploy = (
            '\n  <div class="az-deploy" data-testid="deployment">\n'
            '    <dl class="az-facts">\n'
            f"      <div><dt>Edge roll-off</dt><dd>{rolled}</dd></div>\n"
            '      <div><dt>Chose the edge</dt><dd data-testid="edge-chooser">'
            f"{_named(sides, chooser)}{'—' if chooser is None else ''}</dd></div>\n"
            '      <div><dt>Deploys first</dt><dd data-testid="first-to-deploy">'
            f"{_named(sides, first)}{'—' if first is None else ''}</dd></div>\n"
            "      <div><dt>Deployment zone</dt><dd>"
            f'{_e(deployment["zone_depth"])}" deep</dd></div>\n'
            "    </dl>\n"
            f"    {_why(deployment['explanation'])}\n"
            "  </div>\n  "
        )
    roll_off = ""
    pending = view["pending_roll_off"]
    if pending:
        edge = pending == "edge"
        tie = ""
        if view["reroll_needed"]:
            rolls = ""
            if edge:
                rolls = f" ({', '.join(_e(r) for r in deployment['edge_rolls'])})"
            elif view["round_rolls"]:
                rolls = f" ({', '.join(_e(r) for r in view['round_rolls'])})"
            tie = (
                ' <span class="az-badge az-lost" data-testid="reroll">'
                f"Tie{rolls}: roll again</span>"
            )
        what = "the table edge" if edge else "the first activation"
        roll_off = (
            '\n  <div class="az-rolloff" data-testid="roll-off">\n'
            f'    <p class="az-line"><strong>Roll off for {what}.</strong>{tie}</p>\n'
            "  </div>\n  "
        )
    error = context.get("error")
    refusal = (
        '<p class="field-errors az-line" role="alert" data-testid="refusal">'
        f"<span>{_e(_get(error, 'message'))}</span></p>"
        if _get(error, "key") == "game"
        else ""
    )
    return (
        '<section class="tr-turn az-head" aria-label="Round and stage" data-testid="turn">\n'
        '  <div class="tr-turn-main">\n'
        f'    <span data-testid="scenario">{_e(view["scenario_name"])}</span>\n'
        f'    <span class="az-size muted">{_e(view["battle_size_name"])}</span>\n'
        f'    <span class="tr-turn-no" data-testid="round">{round_no}</span>\n'
        f'    <span class="tr-phase" data-testid="stage">{phase}</span>\n'
        f"    {nxt}\n"
        "  </div>\n"
        f"  {checklist}\n"
        f"  {activating}\n"
        "\n"
        f"  {deploy}\n"
        f"  {_why(_get(activation, 'explanation'))}\n"
        "\n"
        f"  {roll_off}\n"
        "\n"
        f"  {_controls(context, stage, 'az-stage-controls')}\n"
        f"  {refusal}\n"
        "</section>\n"
    )


def _ability(context: template.Context, view: Mapping[str, Any], answers: list[Control]) -> str:
    """The ability waiting for an answer, with its odds and the answers."""
    ab = view["ability"]
    if not ab:
        return ""
    stopped = " az-stopped" if ab["stopped"] or ab["settled"] else ""
    said = ""
    if ab["spell_block"]:
        said += f"Spell Block: <strong>{_e(ab['spell_block'])}</strong>. "
    if ab["response"]:
        said += f"{_e(capfirst(ab['response']))}: <strong>{_e(ab['response_result'])}</strong>. "
    if ab["stopped"]:
        said += "<strong>It does not go off.</strong>"
    elif ab["declined"]:
        said += "<strong>Not answered: it goes off.</strong>"
    elif ab["response"]:
        said += "<strong>It goes off.</strong>"
    odds = ""
    if ab["odds"]:
        blocked = ab["odds_with_spell_block"]
        response = ""
        if ab["odds"]["response"]:
            response = (
                f"<div><dt>{_e(capfirst(ab['odds']['response']))}</dt>"
                f"<dd>{_e(ab['odds']['response_cost'])} Mana</dd></div>"
            )
        with_block = (
            '<div><dt>Goes off, with Spell Block</dt><dd data-testid="goes-off-blocked">'
            f"{_e(blocked['goes_off'])}%</dd></div>"
            if blocked
            else ""
        )
        blocked_lines = (
            f"<p><strong>With a Spell Block:</strong></p><ol>{_items(blocked['explanation'])}</ol>"
            if blocked
            else ""
        )
        odds = (
            '\n  <dl class="az-facts az-odds-facts">\n'
            f"    <div><dt>Goes off{', no Spell Block' if blocked else ''}</dt>"
            f'<dd data-testid="goes-off">{_e(ab["odds"]["goes_off"])}%</dd></div>\n'
            f"    {with_block}\n"
            f"    {response}\n"
            "  </dl>\n"
            '  <details class="az-more"><summary>How the odds are worked out</summary>'
            f"<ol>{_items(ab['odds']['explanation'])}</ol>{blocked_lines}</details>\n  "
        )
    return (
        f'\n<section class="az-pending{stopped}" aria-label="The ability waiting for an answer" '
        'data-testid="pending-ability">\n'
        f'  <h2 class="az-p-title">{_e(ab["ability"])} <span class="az-badge">'
        f"{_e(ab['type_name'])} · {_e(ab['mana_cost'])} Mana</span></h2>\n"
        f'  <p class="az-line">Cast by {_named(view["sides"], ab["seat"], OWNS)}'
        f"{_e(ab['model_name'])}.\n"
        f"    {said}</p>\n"
        f"  {odds}\n"
        f"  {_controls(context, answers, 'az-answers')}\n"
        "</section>\n"
    )


def _held(view: Mapping[str, Any], held: Sequence[Any]) -> str:
    return "".join(
        f'<span class="az-badge">Objective {n}: {_named(view["sides"], c)}'
        f"{'nobody' if c is None else ''}</span> "
        for n, c in enumerate(held, start=1)
    )


def _objectives(context: template.Context, view: Mapping[str, Any], records: list[Control]) -> str:
    objectives = view["objectives"]
    if not objectives:
        return ""
    if objectives["this_round"]:
        held = f"This round: {_held(view, objectives['this_round'])}"
    elif objectives["last_round"]:
        held = f"Held at the end of last round: {_held(view, objectives['last_round'])}"
    else:
        held = "Not recorded yet."
    return (
        '\n<section class="az-objectives" aria-label="Objectives" data-testid="objectives">\n'
        f'  <h2 class="tr-row-title">Objectives ({_e(objectives["count"])})</h2>\n'
        f'  <p class="az-line">{held}</p>\n'
        f"  {_controls(context, records, '')}\n"
        "</section>\n"
    )


def _result(view: Mapping[str, Any]) -> str:
    if not view["over"]:
        return ""
    winner, summary = view["winner"], view["summary"]
    headline = "A draw" if winner is None else _named(view["sides"], winner, " wins")
    scored = bool(view["objectives"])
    extra = '<th scope="col">Objectives</th><th scope="col">VP</th>' if scored else ""
    rows = "".join(
        f'<tr><th scope="row">{_e(row["name"])}</th><td>{_e(row["points_destroyed"])}</td>'
        f"<td>{_e(row['surviving_wounds'])}</td><td>{_e(row['remaining_points'])}</td>"
        f"<td>{_e(row['models_left'])}</td>"
        + (f"<td>{_e(row['objectives'])}</td><td>{_e(row['vp'])}</td>" if scored else "")
        + "</tr>"
        for row in summary["sides"]
    )
    if summary["explanation"]:
        why = _why(summary["explanation"])
    elif view["reason"]:
        why = f'<p class="lede">{_e(view["reason"])}</p>'
    else:
        why = ""
    return (
        '\n<section class="az-result" aria-label="The result" data-testid="azeroth-summary">\n'
        f"  <h2>{headline}</h2>\n"
        '  <div class="table-scroll"><table class="tr-totals">\n'
        '    <thead><tr><th scope="col">Side</th><th scope="col">Points destroyed</th>'
        '<th scope="col">Surviving Wounds</th><th scope="col">Points left</th>'
        f'<th scope="col">Models left</th>{extra}</tr></thead>\n'
        f"    <tbody>{rows}</tbody>\n"
        "  </table></div>\n"
        f"  {why}\n"
        "</section>\n"
    )


@register.simple_tag(takes_context=True)
def azeroth_board(context: template.Context) -> SafeString:
    """``{% azeroth_board %}``: the whole board (see azeroth.html): the head, the ability
    waiting for an answer, the objectives, the result once the game is over, and each side,
    the viewer's first."""
    view = context["view"]
    controls = context.get("controls")
    head = controls.at() if controls else []
    answers, records = of_type(head, ANSWERS), of_type(head, RECORDS)
    stage = except_types(head, f"{ANSWERS} {RECORDS}")
    seats = _get(context.get("body"), "seats") or []
    sides = "".join(
        azeroth_side(context, side, si)
        for si in context.get("seat_order") or []
        for i, side in enumerate(view["sides"])
        if i == si
        for seat in seats
        if _get(seat, "index") == si
    )
    css = static("css/tracker-azeroth.css")
    return mark_safe(
        f'<link rel="stylesheet" href="{_e(css)}">\n'
        "\n"
        '<div class="az-board" data-testid="azeroth-board">\n'
        f"{_turn(context, view, seats, stage)}"
        "\n"
        f"{_ability(context, view, answers)}\n"
        "\n"
        f"{_objectives(context, view, records)}\n"
        "\n"
        f"{_result(view)}\n"
        "\n"
        '<div class="tr-sides az-sides">\n'
        f"  {sides}\n"
        "</div>\n"
        "</div>\n"
    )
