"""Azeroth at War odds as plain functions: request data in, response body out.

The API views, the Celery tasks and the pages all call these, so every caller validates the
same way and gets the same answer. Each function validates ``data`` with the endpoint's request
serializer, turns it into the engine's types, calls the engine and renders the result as plain
JSON-ready Python (dicts, lists, ints, floats, strings). Bad input of any kind, including a
contradiction only the engine can see, raises ``rest_framework.exceptions.ValidationError``
whose detail is ``{dotted.path: [messages]}``.

No rule is computed here: every number in a response comes from the engine unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from rest_framework import serializers

from games.errors import BODY, flatten_errors
from referee.rules.azeroth import blast, combat, magic, morale
from referee.rules.azeroth.profiles import (
    AbilityType,
    Armor,
    Attack,
    Attacker,
    AttackOdds,
    AttackPlan,
    Blast,
    BlastOdds,
    BlastTarget,
    Cover,
    DamageOdds,
    Defender,
    Dispeller,
    Keywords,
    Mode,
    MoraleOdds,
    MoraleTest,
    MoraleTrigger,
    MustTest,
    NaturalRolls,
    RollTarget,
    Rulings,
    Situation,
    SpellAttempt,
    SpellOdds,
    SplashOdds,
    Step,
    Template,
    Tier,
    ToggleOption,
    Weapon,
)
from referee.rules.errors import InvalidInput, RulesError

from .serializers import (
    AttackOddsSerializer,
    BlastOddsSerializer,
    MoraleOddsSerializer,
    SpellOddsSerializer,
)

__all__ = [
    "attack_from_data",
    "attack_odds_body",
    "attack_odds_response",
    "blast_from_data",
    "blast_odds_body",
    "blast_odds_response",
    "morale_from_data",
    "morale_odds_body",
    "morale_odds_response",
    "spell_from_data",
    "spell_odds_body",
    "spell_odds_response",
]

# A decoded JSON body: the functions take whatever arrived and reject anything but an object.
Data = Mapping[str, Any] | list[Any] | str | int | float | bool | None
Body = dict[str, Any]
T = TypeVar("T")

# The engine calls the DEF save ``defense`` (``def`` is a Python keyword); the API calls it
# ``def`` like the printed profile. Engine error paths are translated back.
_ENGINE_TO_API_SEGMENT = {"defense": "def"}


# --- Validation --------------------------------------------------------------------------


def _validated(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        kind = "a list" if isinstance(data, list) else _json_kind(data)
        raise serializers.ValidationError({BODY: [f"Expected a JSON object, but got {kind}."]})
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise serializers.ValidationError(flatten_errors(serializer.errors))
    return dict(serializer.validated_data)


def _json_kind(data: Any) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, int | float):
        return "a number"
    if isinstance(data, str):
        return "a string"
    return type(data).__name__


def _api_path(path: str | None, prefix: str = "") -> str:
    if not path:
        return prefix or BODY
    parts = [_ENGINE_TO_API_SEGMENT.get(part, part) for part in path.split(".")]
    return ".".join([prefix, *parts] if prefix else parts)


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:]


def _engine(call: Callable[[], T], prefix: str = "") -> T:
    """Run an engine call, turning the engine's input errors into a ValidationError.

    ``prefix`` places the engine's paths inside the request (the morale trigger's fields sit
    under ``trigger``).
    """
    try:
        return call()
    except InvalidInput as exc:
        problems: dict[str, list[str]] = {}
        for path, messages in exc.problems.items():
            target = problems.setdefault(_api_path(path, prefix), [])
            target.extend(_sentence(str(message)) for message in messages)
        raise serializers.ValidationError(problems) from None
    except RulesError as exc:
        path = _api_path(exc.field, prefix)
        raise serializers.ValidationError({path: [_sentence(exc.message)]}) from None


# --- Request data -> engine types --------------------------------------------------------


def _rulings(data: Mapping[str, Any] | None) -> Rulings:
    if not data:
        return Rulings()
    return Rulings(natural_rolls=NaturalRolls(data["natural_rolls"]))


def _weapons(values: Iterable[str]) -> tuple[Weapon, ...]:
    return tuple(Weapon(value) for value in values)


def _defender(data: Mapping[str, Any]) -> Defender:
    return Defender(
        tgh=data["tgh"],
        defense=data["def"],
        ini=data["ini"],
        wounds=data["wounds"],
        armor=Armor(data["armor"]),
        weapons=_weapons(data["weapons"]),
        wounds_remaining=data.get("wounds_remaining"),
        fly=data["fly"],
    )


def _attacker(data: Mapping[str, Any]) -> Attacker:
    keywords = data.get("keywords")
    return Attacker(
        atk=data["atk"],
        skl=data["skl"],
        str=data["str"],
        ini=data["ini"],
        wounds=data["wounds"],
        ranged_str=data.get("ranged_str"),
        armor=Armor(data["armor"]),
        weapons=_weapons(data["weapons"]),
        wounds_remaining=data.get("wounds_remaining"),
        fly=data["fly"],
        keywords=Keywords(**keywords) if keywords else Keywords(),
    )


def _situation(data: Mapping[str, Any] | None) -> Situation:
    if not data:
        return Situation()
    return Situation(**{**data, "cover": Cover(data["cover"])})


def attack_from_data(data: Data) -> tuple[Attack, float | None]:
    """Validate an attack-odds request; return the engine's Attack and the goal (or None)."""
    valid = _validated(AttackOddsSerializer, data)
    second, friendly = valid.get("second_target"), valid.get("friendly")
    attack = Attack(
        mode=Mode(valid["mode"]),
        attacker=_attacker(valid["attacker"]),
        defender=_defender(valid["defender"]),
        situation=_situation(valid.get("situation")),
        rulings=_rulings(valid.get("rulings")),
        second_target=_defender(second) if second is not None else None,
        friendly=_defender(friendly) if friendly is not None else None,
    )
    goal = valid.get("goal")
    return attack, goal


def morale_from_data(data: Data) -> tuple[MoraleTest, MoraleTrigger | None]:
    valid = _validated(MoraleOddsSerializer, data)
    test = MoraleTest(
        tier=Tier(valid["tier"]),
        last_hero_slain=valid["last_hero_slain"],
        below_quarter_wounds=valid["below_quarter_wounds"],
        fear_nearby=valid["fear_nearby"],
        command_aura=valid["command_aura"],
        undead_or_mechanical=valid["undead_or_mechanical"],
    )
    trigger_data = valid.get("trigger")
    trigger = None
    if trigger_data is not None:
        trigger = MoraleTrigger(**trigger_data, undead_or_mechanical=valid["undead_or_mechanical"])
    return test, trigger


def spell_from_data(data: Data) -> SpellAttempt:
    valid = _validated(SpellOddsSerializer, data)
    return SpellAttempt(
        ability_type=AbilityType(valid["ability_type"]),
        mana_cost=valid["mana_cost"],
        spell_block=valid["spell_block"],
        respond=valid["respond"],
        dispeller=Dispeller(valid["dispeller"]),
        defender_mana=valid.get("defender_mana"),
        rulings=_rulings(valid.get("rulings")),
    )


def blast_from_data(data: Data) -> Blast:
    valid = _validated(BlastOddsSerializer, data)
    targets = tuple(
        BlastTarget(
            distance=target["distance"],
            base_mm=target["base_mm"],
            tgh=target["tgh"],
            defense=target["def"],
            armor=Armor(target["armor"]),
            weapons=_weapons(target["weapons"]),
            hard_cover=target["hard_cover"],
            wounds_remaining=target["wounds_remaining"],
            label=target["label"],
        )
        for target in valid["targets"]
    )
    return Blast(
        template=Template(valid["template"]),
        caster_skl=valid["caster_skl"],
        strength=valid["strength"],
        targets=targets,
        rulings=_rulings(valid.get("rulings")),
    )


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


# --- Request data -> response body -------------------------------------------------------


def attack_odds_response(data: Data) -> Body:
    """POST /api/azeroth/attack-odds/ as a function (4.4-4.6, 5.2, 7; A1-A9)."""
    attack, goal = attack_from_data(data)
    odds = _engine(lambda: combat.attack_odds(attack))
    plan = _engine(lambda: combat.plan_attack(attack, goal)) if goal is not None else None
    return attack_odds_body(odds, plan)


def morale_odds_response(data: Data) -> Body:
    """POST /api/azeroth/morale-odds/ as a function (10.1-10.3; A10, A11)."""
    test, trigger = morale_from_data(data)
    odds = _engine(lambda: morale.morale_odds(test))
    must = None
    if trigger is not None:
        must = _engine(lambda: morale.must_test(trigger), prefix="trigger")
    return morale_odds_body(odds, must)


def spell_odds_response(data: Data) -> Body:
    """POST /api/azeroth/spell-odds/ as a function (8.3, 8.5, 8.6)."""
    attempt = spell_from_data(data)
    return spell_odds_body(_engine(lambda: magic.spell_odds(attempt)))


def blast_odds_response(data: Data) -> Body:
    """POST /api/azeroth/blast-odds/ as a function (8.4)."""
    request = blast_from_data(data)
    return blast_odds_body(_engine(lambda: blast.blast_odds(request)))
