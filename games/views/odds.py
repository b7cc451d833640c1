"""The Azeroth at War odds page: attack, morale, magic and blast odds from one query string.

The view only parses the query string (games.forms), calls the engines and hands their results
to the template: every number on the page comes from referee.rules.azeroth. An htmx request
gets the result panels only (``azeroth/odds.html#results``), so the inputs being typed in are
never replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET
from django_htmx.middleware import HtmxDetails

from games.charts import DamageChart, damage_chart
from games.forms import (
    SITUATION_LABELS,
    AttackForms,
    BlastForms,
    MoraleForm,
    QueryForm,
    RulingsForm,
    SpellForm,
)
from referee.rules.azeroth import blast, combat, magic, morale
from referee.rules.azeroth.profiles import (
    AttackOdds,
    AttackPlan,
    BlastOdds,
    MoraleOdds,
    MustTest,
    SpellOdds,
)
from referee.rules.errors import InvalidInput, RulesError


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _problems(error: RulesError) -> dict[str, list[str]]:
    if isinstance(error, InvalidInput):
        return error.problems
    return {error.field or "": [error.message]}


@dataclass
class AttackPanel:
    forms: AttackForms
    odds: AttackOdds | None = None
    chart: DamageChart | None = None
    second_chart: DamageChart | None = None
    friendly_chart: DamageChart | None = None
    plan: AttackPlan | None = None
    toggle_labels: dict[str, str] = field(default_factory=lambda: dict(SITUATION_LABELS))


def attack_panel(forms: AttackForms) -> AttackPanel:
    panel = AttackPanel(forms)
    if not forms.is_valid():
        # Ask the engine about everything else too (the failed fields stand in with their
        # defaults), so every problem shows at once.
        try:
            combat.validate_attack(forms.to_attack())
        except RulesError as error:
            forms.add_problems(_problems(error))
        return panel
    attack = forms.to_attack()
    try:
        panel.odds = combat.attack_odds(attack)
    except RulesError as error:
        forms.add_problems(_problems(error))
        return panel
    panel.chart = damage_chart(panel.odds.damage, title="Damage to the target")
    for splash, name in ((panel.odds.second_target, "second"), (panel.odds.friendly, "friendly")):
        if splash is not None and splash.damage is not None:
            title = "Damage to the second model" if name == "second" else "Damage to the friendly"
            chart = damage_chart(splash.damage, title=title)
            if name == "second":
                panel.second_chart = chart
            else:
                panel.friendly_chart = chart
    goal = forms.attack.goal_probability()
    if goal is not None:
        try:
            panel.plan = combat.plan_attack(attack, goal)
        except RulesError as error:
            forms.add_problems(_problems(error))
    return panel


@dataclass
class MoralePanel:
    form: MoraleForm
    odds: MoraleOdds | None = None
    must: MustTest | None = None


def morale_panel(form: MoraleForm) -> MoralePanel:
    panel = MoralePanel(form)
    if not form.is_valid():
        return panel
    try:
        panel.odds = morale.morale_odds(form.to_test())
        panel.must = morale.must_test(form.to_trigger())
    except RulesError as error:
        form.add_problems(_problems(error))
    return panel


@dataclass
class SpellPanel:
    form: SpellForm
    odds: SpellOdds | None = None


def spell_panel(form: SpellForm, rulings: RulingsForm) -> SpellPanel:
    panel = SpellPanel(form)
    if not form.is_valid():
        return panel
    try:
        panel.odds = magic.spell_odds(form.to_attempt(rulings.to_rulings()))
    except RulesError as error:
        form.add_problems(_problems(error))
    return panel


@dataclass
class BlastPanel:
    forms: BlastForms
    odds: BlastOdds | None = None


def blast_panel(forms: BlastForms) -> BlastPanel:
    panel = BlastPanel(forms)
    if not forms.is_valid():
        return panel
    try:
        panel.odds = blast.blast_odds(forms.to_blast())
    except RulesError as error:
        forms.add_problems(_problems(error))
    return panel


@require_GET
def odds(request: HtmxHttpRequest) -> HttpResponse:
    rulings = RulingsForm(request.GET)
    attack = attack_panel(AttackForms(request.GET, rulings))
    morale_ = morale_panel(MoraleForm(request.GET, prefix="m"))
    spell = spell_panel(SpellForm(request.GET, prefix="sp"), rulings)
    blast_ = blast_panel(BlastForms(request.GET, rulings))
    all_forms: list[QueryForm] = [
        rulings,
        *attack.forms.all(),
        morale_.form,
        spell.form,
        *blast_.forms.all(),
    ]
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    context = {
        "rulings": rulings,
        "attack": attack,
        "morale": morale_,
        "spell": spell,
        "blast": blast_,
        "all_forms": all_forms,
        "oob": partial,
    }
    template = "azeroth/odds.html#results" if partial else "azeroth/odds.html"
    response = render(request, template, context)
    # The same URL answers with the whole page or with the result panels only.
    patch_vary_headers(response, ("HX-Request",))
    return response
