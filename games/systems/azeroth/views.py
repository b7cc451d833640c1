"""The Azeroth at War odds page: attack, morale, magic and blast odds from one query string.

The view only parses the query string (``odds.forms``), calls the engines and hands their results
to the template: every number on the page comes from referee.rules.azeroth. An htmx request
gets the result panels only (``azeroth/odds.html#results``), so the inputs being typed in are
never replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET
from django_htmx.http import replace_url

from games.catalogs.service import default_catalog, find_catalog
from games.models import Catalog
from games.views.htmx import HtmxHttpRequest
from referee.rules.azeroth import blast, combat, magic, morale
from referee.rules.azeroth.profiles import (
    AttackOdds,
    AttackPlan,
    BlastOdds,
    MoraleOdds,
    MustTest,
    SpellOdds,
)
from referee.rules.azeroth.units import Unit
from referee.rules.errors import InvalidInput, RulesError

from .catalog import azeroth_factions, azeroth_units
from .charts import DamageChart, damage_chart
from .odds.forms import (
    PICK_LABELS,
    PICK_PREFIXES,
    SITUATION_LABELS,
    AttackForms,
    BlastForms,
    MoraleForm,
    QueryForm,
    RulingsForm,
    SpellForm,
    attack_form_of,
    expand_unit_picks,
    profile_matches_unit,
)


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

    @property
    def forms(self) -> tuple[MoraleForm]:
        return (self.form,)


def morale_panel(form: MoraleForm) -> MoralePanel:
    panel = MoralePanel(form)
    if not form.is_valid():
        return panel
    # The test's odds do not hang on the trigger: each is asked on its own, so a problem with
    # one leaves the other's answer on the page.
    try:
        panel.odds = morale.morale_odds(form.to_test())
    except RulesError as error:
        form.add_problems(_problems(error))
    try:
        panel.must = morale.must_test(form.to_trigger())
    except RulesError as error:
        form.add_problems(_problems(error))
    return panel


@dataclass
class SpellPanel:
    form: SpellForm
    odds: SpellOdds | None = None

    @property
    def forms(self) -> tuple[SpellForm]:
        return (self.form,)


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


@dataclass
class Pick:
    """What the unit picker says beside one profile: the unit it was filled from, whether it
    has been edited since, or why a pick failed."""

    prefix: str
    label: str
    unit: Unit | None = None
    edited: bool = False
    error: str = ""


@dataclass
class UnitPicker:
    """The catalog units the attack's profiles can be filled from, grouped by faction."""

    catalog: Catalog | None
    units: dict[str, Unit]
    groups: list[tuple[str, list[Unit]]]
    catalog_param: str = ""  # the query's ``catalog=<slug>:<version>``, kept on the page
    error: str = ""
    picks: dict[str, Pick] = field(default_factory=dict)


def unit_picker(query: QueryDict) -> UnitPicker:
    """The catalog named by ``catalog=<slug>:<version>`` (or ``<slug>``: its newest version),
    else the default Azeroth at War catalog."""
    param = query.get("catalog", "").strip()
    catalog: Catalog | None
    error = ""
    if param:
        slug, _, version = param.partition(":")
        try:
            catalog = find_catalog("azeroth", slug.strip(), version.strip() or None)
        except Catalog.DoesNotExist:
            catalog = None
            error = f"There is no Azeroth at War catalog “{param}”: give it as slug:version."
    else:
        catalog = default_catalog("azeroth")
        if catalog is None:
            error = "No Azeroth at War catalog is loaded, so there are no units to pick."
    units = azeroth_units(catalog) if catalog else {}
    groups = [
        (faction.name, [unit for unit in units.values() if unit.faction == faction.slug])
        for faction in (azeroth_factions(catalog).values() if catalog else ())
    ]
    picker = UnitPicker(catalog, units, [group for group in groups if group[1]], param, error)
    picker.picks = {prefix: Pick(prefix, PICK_LABELS[prefix]) for prefix in PICK_PREFIXES}
    return picker


def _picked_units(query: QueryDict, picker: UnitPicker) -> dict[str, Unit]:
    """The units asked for with ``a_unit=<slug>`` and the like; an unknown one is noted on
    its profile's pick."""
    picked: dict[str, Unit] = {}
    for prefix in PICK_PREFIXES:
        slug = query.get(f"{prefix}_unit", "").strip()
        if not slug:
            continue
        unit = picker.units.get(slug)
        if unit is None:
            where = str(picker.catalog) if picker.catalog else "any catalog"
            pick = picker.picks[prefix]
            pick.error = f"There is no unit “{slug[:60]}” in {where}: pick one from the list."
        else:
            picked[prefix] = unit
    return picked


def _describe_picks(picker: UnitPicker, forms: AttackForms, query: QueryDict) -> None:
    for prefix, pick in picker.picks.items():
        unit = picker.units.get(query.get(f"{prefix}_from", "").strip())
        if unit is not None:
            pick.unit = unit
            pick.edited = not profile_matches_unit(attack_form_of(forms, prefix), unit)


@require_GET
def odds(request: HtmxHttpRequest) -> HttpResponse:
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    query: QueryDict = request.GET
    picker = unit_picker(query)
    picked = _picked_units(query, picker)
    asked = bool(picked) or any(pick.error for pick in picker.picks.values())
    expanded_url = ""
    if asked:
        query = expand_unit_picks(query, picked)
        expanded_url = f"{reverse('azeroth-odds')}?{query.urlencode()}"
        failed = any(pick.error for pick in picker.picks.values())
        if not partial and not failed:
            # The expanded URL holds the whole state, so it is the one to bookmark or share.
            return redirect(expanded_url)
    rulings = RulingsForm(query)
    attack = attack_panel(AttackForms(query, rulings))
    _describe_picks(picker, attack.forms, query)
    morale_ = morale_panel(MoraleForm(query, prefix="m"))
    spell = spell_panel(SpellForm(query, prefix="sp"), rulings)
    blast_ = blast_panel(BlastForms(query, rulings))
    all_forms: list[QueryForm] = [
        rulings,
        *attack.forms.all(),
        morale_.form,
        spell.form,
        *blast_.forms.all(),
    ]
    context = {
        "rulings": rulings,
        "attack": attack,
        "morale": morale_,
        "spell": spell,
        "blast": blast_,
        "all_forms": all_forms,
        "oob": partial,
        "picker": picker,
        # After a pick the profiles it filled are swapped too (the inputs otherwise never are).
        "swap_profiles": partial and asked,
    }
    template = "azeroth/odds.html#results" if partial else "azeroth/odds.html"
    response = render(request, template, context)
    # The same URL answers with the whole page or with the result panels only.
    patch_vary_headers(response, ("HX-Request",))
    if partial and expanded_url:
        replace_url(response, expanded_url)
    return response
