"""Azeroth at War odds as a service: the engine's types in, the API's response body out.

The REST API (``games.odds.azeroth``) and the Celery tasks (``games.tasks``) both answer with
these, so a queued calculation and a request never disagree. A call raises only the rules'
own errors: ``InvalidInput`` keyed by the API's dotted paths (``defender.def``,
``trigger.starting_wounds``) with each message as a sentence. Nothing here knows HTTP or DRF.

No rule is computed here: every number in a body comes from the engine unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from referee.rules.azeroth import blast, combat, magic, morale
from referee.rules.azeroth.profiles import (
    Attack,
    AttackOdds,
    AttackPlan,
    Blast,
    BlastOdds,
    DamageOdds,
    MoraleOdds,
    MoraleTest,
    MoraleTrigger,
    MustTest,
    RollTarget,
    SpellAttempt,
    SpellOdds,
    SplashOdds,
    Step,
    ToggleOption,
)
from referee.rules.errors import InvalidInput, RulesError

from .mapping import api_path

__all__ = [
    "attack_odds",
    "attack_odds_body",
    "blast_odds",
    "blast_odds_body",
    "morale_odds",
    "morale_odds_body",
    "problems_of",
    "spell_odds",
    "spell_odds_body",
]

Body = dict[str, Any]
T = TypeVar("T")
# Problems with the request as a whole, rather than one of its fields.
BODY = "body"


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:]


def problems_of(error: RulesError, prefix: str = "") -> dict[str, list[str]]:
    """A rules error's problems as ``{API path: [sentences]}``; ``prefix`` places the engine's
    paths inside the request (the morale trigger's fields sit under ``trigger``)."""
    found = (
        error.problems if isinstance(error, InvalidInput) else {error.field or "": [error.message]}
    )
    problems: dict[str, list[str]] = {}
    for path, messages in found.items():
        target = problems.setdefault(api_path(path, prefix) or BODY, [])
        target.extend(_sentence(str(message)) for message in messages)
    return problems


def _engine(call: Callable[[], T], prefix: str = "") -> T:
    """Run an engine call; its errors come back as InvalidInput keyed by the API's paths."""
    try:
        return call()
    except RulesError as exc:
        raise InvalidInput(problems_of(exc, prefix)) from None


# --- Engine results -> response bodies ---------------------------------------------------
# float() and int() only make sure the body holds plain Python numbers (the engine may hand
# back numpy scalars); they never change a value.


def _steps(steps: Iterable[Step]) -> list[dict[str, str]]:
    return [{"rule": step.rule, "text": step.text} for step in steps]


def _distribution(damage: DamageOdds) -> list[dict[str, Any]]:
    return [
        {"damage": int(k), "probability": float(p)}
        for k, p in enumerate(damage.distribution)
        if p > 0
    ]


def _at_least(damage: DamageOdds) -> list[dict[str, Any]]:
    most = max((k for k, p in enumerate(damage.distribution) if p > 0), default=0)
    return [{"damage": k, "probability": float(damage.at_least[k])} for k in range(most + 1)]


def _save_fields(save: RollTarget | None) -> tuple[int | None, int, float]:
    if save is None:
        return None, 0, 0.0
    return int(save.needed), int(save.modifier), float(save.probability)


def _splash(splash: SplashOdds | None) -> Body | None:
    if splash is None:
        return None
    body: Body = {
        "hits": [{"count": n, "probability": float(p)} for n, p in enumerate(splash.hits) if p > 0],
        "expected_hits": float(splash.expected_hits),
        "wound_target": None,
        "wound_probability": None,
        "save_target": None,
        "save_probability": None,
        "armor_piercing": bool(splash.armor_piercing),
        "expected_damage": None,
        "kill_probability": None,
        "distribution": None,
        "at_least": None,
        "both_killed_probability": None,
    }
    if splash.wound is not None:
        body["wound_target"] = int(splash.wound.needed)
        body["wound_probability"] = float(splash.wound.probability)
        save_target, _, save_probability = _save_fields(splash.save)
        body["save_target"] = save_target
        body["save_probability"] = save_probability
    if splash.damage is not None:
        body["expected_damage"] = float(splash.damage.expected)
        body["kill_probability"] = float(splash.damage.kill_probability)
        body["distribution"] = _distribution(splash.damage)
        body["at_least"] = _at_least(splash.damage)
    if splash.both_killed_probability is not None:
        body["both_killed_probability"] = float(splash.both_killed_probability)
    return body


def _toggle(option: ToggleOption | None) -> Body | None:
    if option is None:
        return None
    return {
        "toggle": option.toggle,
        "value": bool(option.value),
        "kill_probability": float(option.kill_probability),
        "reaches_goal": bool(option.reaches_goal),
    }


def _plan(plan: AttackPlan) -> Body:
    return {
        "goal": float(plan.goal),
        "current_kill_probability": float(plan.current_kill_probability),
        "dice_now": int(plan.dice_now),
        "dice_needed": None if plan.dice_needed is None else int(plan.dice_needed),
        "toggles": [_toggle(option) for option in plan.toggles],
        "best_toggle": _toggle(plan.best_toggle),
    }


def attack_odds_body(odds: AttackOdds, plan: AttackPlan | None = None) -> Body:
    """The attack-odds response body for an engine result (and plan, when one was asked)."""
    save_target, save_modifier, save_probability = _save_fields(odds.save)
    body: Body = {
        "dice": int(odds.dice),
        "hit_target": int(odds.hit.needed),
        "hit_modifier": int(odds.hit.modifier),
        "hit_probability": float(odds.hit.probability),
        "wound_target": int(odds.wound.needed),
        "wound_probability": float(odds.wound.probability),
        "save_target": save_target,
        "save_modifier": save_modifier,
        "save_probability": save_probability,
        "armor_piercing": bool(odds.armor_piercing),
        "decisive_blow": int(odds.decisive_blow),
        "expected_damage": float(odds.damage.expected),
        "kill_probability": float(odds.damage.kill_probability),
        "distribution": _distribution(odds.damage),
        "at_least": _at_least(odds.damage),
        "explanation": _steps(odds.explanation),
        "second_target": _splash(odds.second_target),
        "friendly": _splash(odds.friendly),
    }
    if plan is not None:
        body["plan"] = _plan(plan)
    return body


def morale_odds_body(odds: MoraleOdds, must: MustTest | None = None) -> Body:
    body: Body = {
        "morale_value": odds.morale_value,
        "pass": float(odds.pass_probability),
        "waver": float(odds.waver_probability),
        "rout": float(odds.rout_probability),
        "reroll": bool(odds.reroll),
        "explanation": _steps(odds.explanation),
    }
    if must is not None:
        body["must_test"] = {"required": bool(must.required), "reasons": _steps(must.reasons)}
    return body


def _roll_fields(roll: RollTarget | None) -> tuple[int | None, int | None, float | None]:
    if roll is None:
        return None, None, None
    return int(roll.needed), int(roll.modifier), float(roll.probability)


def spell_odds_body(odds: SpellOdds) -> Body:
    block_target, _, block_probability = _roll_fields(odds.spell_block_roll)
    response_target, response_modifier, response_probability = _roll_fields(odds.response_roll)
    return {
        "goes_off": float(odds.goes_off),
        "blocked": float(odds.blocked),
        "cancelled": float(odds.cancelled),
        "caster_mana": int(odds.caster_mana),
        "response": odds.response,
        "response_cost": int(odds.response_cost),
        "spell_block_target": block_target,
        "spell_block_probability": block_probability,
        "response_target": response_target,
        "response_modifier": response_modifier,
        "response_probability": response_probability,
        "defender_mana_expected": float(odds.defender_mana_expected),
        "defender_mana_distribution": [
            {"mana": int(mana), "probability": float(p)}
            for mana, p in sorted(odds.defender_mana_distribution)
            if p > 0
        ],
        "explanation": _steps(odds.explanation),
    }


def blast_odds_body(odds: BlastOdds) -> Body:
    targets: list[Body] = []
    for target in odds.targets:
        save_target, save_modifier, save_probability = _save_fields(target.save)
        targets.append(
            {
                "label": target.label,
                "under_template": float(target.under_template),
                "wound_target": int(target.wound.needed),
                "wound_probability": float(target.wound.probability),
                "save_target": save_target,
                "save_modifier": save_modifier,
                "save_probability": save_probability,
                "armor_piercing": bool(target.armor_piercing),
                "damage_probability": float(target.damage_probability),
                "kill_probability": float(target.kill_probability),
                "explanation": _steps(target.explanation),
            }
        )
    return {
        "template_diameter": float(odds.template_diameter),
        "scatter_reduced": bool(odds.scatter_reduced),
        "on_target_probability": float(odds.on_target_probability),
        "targets": targets,
        "explanation": _steps(odds.explanation),
    }


# --- Engine types -> response bodies ------------------------------------------------------


def attack_odds(attack: Attack, goal: float | None = None) -> Body:
    """POST /api/azeroth/attack-odds/ for a read request (4.4-4.6, 5.2, 7; A1-A9)."""
    odds = _engine(lambda: combat.attack_odds(attack))
    plan = _engine(lambda: combat.plan_attack(attack, goal)) if goal is not None else None
    return attack_odds_body(odds, plan)


def morale_odds(test: MoraleTest, trigger: MoraleTrigger | None = None) -> Body:
    """POST /api/azeroth/morale-odds/ for a read request (10.1-10.3; A10, A11)."""
    odds = _engine(lambda: morale.morale_odds(test))
    must = None
    if trigger is not None:
        must = _engine(lambda: morale.must_test(trigger), prefix="trigger")
    return morale_odds_body(odds, must)


def spell_odds(attempt: SpellAttempt) -> Body:
    """POST /api/azeroth/spell-odds/ for a read request (8.3, 8.5, 8.6)."""
    return spell_odds_body(_engine(lambda: magic.spell_odds(attempt)))


def blast_odds(request: Blast) -> Body:
    """POST /api/azeroth/blast-odds/ for a read request (8.4)."""
    return blast_odds_body(_engine(lambda: blast.blast_odds(request)))
