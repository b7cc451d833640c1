"""The Azeroth at War odds response bodies, each written once: every key with its JSON type,
whether it may be null, its description and where its value comes from in the engine's result.

``render`` turns an engine result into its body, and ``serializers`` makes the
OpenAPI schema's components from the same shapes, so a body and its documentation are one
definition. Plain Python: no Django, no DRF (the Celery tasks answer with these bodies).

No rule is computed here: every number in a body comes from the engine unchanged. The casts
(``int``, ``float``, ``bool``) only make sure a body holds plain Python values (the engine may
hand back numpy scalars); they never change one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.azeroth.profiles import (
    AttackOdds,
    AttackPlan,
    DamageOdds,
    MoraleOdds,
    MustTest,
    SplashOdds,
)

__all__ = ["ATTACK", "BLAST", "MORALE", "SPELL", "AttackAnswer", "MoraleAnswer", "Shape", "render"]

Body = dict[str, Any]
Getter = Callable[[Any], Any]

CASTS: dict[str, Callable[[Any], Any]] = {
    "integer": int,
    "number": float,
    "boolean": bool,
    "string": str,
}


@dataclass(frozen=True)
class Key:
    """One key of a body. ``kind`` is a JSON type (``integer``, ``number``, ``boolean``,
    ``string``), or ``object`` / ``array`` of ``shape``; ``optional`` keys are left out of the
    body when their value is None."""

    name: str
    kind: str
    value: Getter
    help: str = ""
    nullable: bool = False
    optional: bool = False
    shape: Shape | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Shape:
    """A JSON object of a body; ``name`` is its component in the OpenAPI schema."""

    name: str
    doc: str
    keys: tuple[Key, ...]


def render(shape: Shape, source: Any) -> Body:
    """The body ``shape`` describes, with each key's value taken from ``source``."""
    body: Body = {}
    for key in shape.keys:
        value = key.value(source)
        if value is None and key.optional:
            continue
        body[key.name] = _plain(key, value)
    return body


def _plain(key: Key, value: Any) -> Any:
    if value is None:
        return None
    if key.shape is None:
        return CASTS[key.kind](value)
    if key.kind == "array":
        return [render(key.shape, item) for item in value]
    return render(key.shape, value)


def _path(path: str) -> Getter:
    """Follow a dotted attribute path; None as soon as a step is None (an absent save ...)."""

    def get(source: Any) -> Any:
        for name in path.split("."):
            if source is None:
                return None
            source = getattr(source, name)
        return source

    return get


def _key(kind: str, name: str, value: str | Getter | None, help: str, **kwargs: Any) -> Key:
    get = value if callable(value) else _path(value or name)
    return Key(name, kind, get, help, **kwargs)


def integer(name: str, value: str | Getter | None = None, help: str = "", **kw: Any) -> Key:
    return _key("integer", name, value, help, **kw)


def number(name: str, value: str | Getter | None = None, help: str = "", **kw: Any) -> Key:
    return _key("number", name, value, help, **kw)


def boolean(name: str, value: str | Getter | None = None, help: str = "", **kw: Any) -> Key:
    return _key("boolean", name, value, help, **kw)


def string(name: str, value: str | Getter | None = None, help: str = "", **kw: Any) -> Key:
    return _key("string", name, value, help, **kw)


def one(
    name: str, shape: Shape, value: str | Getter | None = None, help: str = "", **kw: Any
) -> Key:
    return _key("object", name, value, help, shape=shape, **kw)


def many(
    name: str, shape: Shape, value: str | Getter | None = None, help: str = "", **kw: Any
) -> Key:
    return _key("array", name, value, help, shape=shape, **kw)


# --- Shared parts --------------------------------------------------------------------------

STEP = Shape(
    "Step",
    "One line of the explanation.",
    (
        string("rule", help="The section or ruling applied (7.1, A1, R3 ...)."),
        string("text", help="What it did, in words."),
    ),
)


def _first(pair: Sequence[Any]) -> Any:
    return pair[0]


def _second(pair: Sequence[Any]) -> Any:
    return pair[1]


DAMAGE_PROBABILITY = Shape(
    "DamageProbability",
    "The probability of one damage total.",
    (integer("damage", _first), number("probability", _second)),
)
HIT_COUNT = Shape(
    "HitCount",
    "The probability that exactly ``count`` dice strike the model.",
    (integer("count", _first), number("probability", _second)),
)
MANA_PROBABILITY = Shape(
    "ManaProbability",
    "The probability the defender spends exactly this much Mana.",
    (integer("mana", _first), number("probability", _second)),
)


def _nonzero(values: Iterable[Any]) -> list[tuple[int, Any]]:
    return [(k, p) for k, p in enumerate(values) if p > 0]


def _distribution(damage: DamageOdds | None) -> list[tuple[int, Any]] | None:
    return None if damage is None else _nonzero(damage.distribution)


def _at_least(damage: DamageOdds | None) -> list[tuple[int, Any]] | None:
    if damage is None:
        return None
    most = max((k for k, p in enumerate(damage.distribution) if p > 0), default=0)
    return [(k, damage.at_least[k]) for k in range(most + 1)]


EXACTLY = (
    "P(exactly k damage): every k with a chance above 0, in ascending k; the probabilities "
    "sum to 1."
)
AT_LEAST = "P(k or more damage) for every k from 0 to the largest damage possible."


def _save_modifier(odds: Any) -> int:
    return 0 if odds.save is None else odds.save.modifier


def _save_probability(odds: Any) -> float:
    """0 when there is no save."""
    return 0.0 if odds.save is None else odds.save.probability


def _splash_save(get: Callable[[SplashOdds], Any]) -> Getter:
    """A splash's save field: null without a profile (no wound roll), else ``get``."""
    return lambda splash: None if splash.wound is None else get(splash)


SPLASH = Shape(
    "Splash",
    "Hits on a model other than the target, and their damage when its profile was given.",
    (
        many(
            "hits",
            HIT_COUNT,
            lambda splash: _nonzero(splash.hits),
            "P(exactly n of the attack's dice strike this model), every n possible.",
        ),
        number("expected_hits"),
        integer(
            "wound_target",
            "wound.needed",
            "Lowest natural die that wounds; null without a profile.",
            nullable=True,
        ),
        number("wound_probability", "wound.probability", "Null without a profile.", nullable=True),
        integer(
            "save_target",
            _splash_save(_path("save.needed")),
            "Lowest natural die that saves; null when it has no save.",
            nullable=True,
        ),
        number(
            "save_probability",
            _splash_save(_save_probability),
            "0 when it has no save; null without a profile.",
            nullable=True,
        ),
        boolean("armor_piercing"),
        number("expected_damage", "damage.expected", nullable=True),
        number(
            "kill_probability",
            "damage.kill_probability",
            "Null without a profile.",
            nullable=True,
        ),
        many(
            "distribution",
            DAMAGE_PROBABILITY,
            lambda splash: _distribution(splash.damage),
            EXACTLY + " Null without a profile.",
            nullable=True,
        ),
        many(
            "at_least",
            DAMAGE_PROBABILITY,
            lambda splash: _at_least(splash.damage),
            AT_LEAST + " Null without a profile.",
            nullable=True,
        ),
        number(
            "both_killed_probability",
            help="P(the target and this model are both destroyed). Null without a profile.",
            nullable=True,
        ),
    ),
)

# --- Attack --------------------------------------------------------------------------------

TOGGLE_OPTION = Shape(
    "ToggleOption",
    "P(kill) with one situation toggle flipped.",
    (
        string("toggle", help="A situation field name."),
        boolean("value"),
        number("kill_probability"),
        boolean("reaches_goal"),
    ),
)
PLAN = Shape(
    "Plan",
    "How to reach the wanted P(kill).",
    (
        number("goal"),
        number("current_kill_probability"),
        integer("dice_now"),
        integer(
            "dice_needed",
            help="Fewest dice (1-200) reaching the goal here; null if 200 fall short.",
            nullable=True,
        ),
        many(
            "toggles",
            TOGGLE_OPTION,
            help="Each applicable toggle that is off, flipped on, best first.",
        ),
        one(
            "best_toggle",
            TOGGLE_OPTION,
            help="The best toggle that reaches the goal, if any.",
            nullable=True,
        ),
    ),
)


@dataclass(frozen=True)
class AttackAnswer:
    """What an attack-odds body is made from: the odds, and the plan when a goal was given."""

    odds: AttackOdds
    plan: AttackPlan | None = None


ATTACK = Shape(
    "AttackOddsResult",
    "The exact odds of one attack.",
    (
        integer("dice", "odds.dice", "Dice rolled after keywords."),
        integer(
            "hit_target",
            "odds.hit.needed",
            "Lowest natural die result that hits after modifiers and A1; 7 = impossible.",
        ),
        integer("hit_modifier", "odds.hit.modifier"),
        number("hit_probability", "odds.hit.probability", "Chance one die hits."),
        integer("wound_target", "odds.wound.needed", "Lowest natural die that wounds."),
        number("wound_probability", "odds.wound.probability", "Chance one hit wounds."),
        integer(
            "save_target",
            "odds.save.needed",
            "Lowest natural die that saves; null when there is no save.",
            nullable=True,
        ),
        integer(
            "save_modifier",
            lambda answer: _save_modifier(answer.odds),
            "0 when there is no save.",
        ),
        number(
            "save_probability",
            lambda answer: _save_probability(answer.odds),
            "Chance one wound is saved; 0 when there is no save.",
        ),
        boolean("armor_piercing", "odds.armor_piercing"),
        integer("decisive_blow", "odds.decisive_blow", "The Decisive Blow X in force (A4)."),
        number("expected_damage", "odds.damage.expected"),
        number(
            "kill_probability",
            "odds.damage.kill_probability",
            "P(damage >= the defender's wounds remaining).",
        ),
        many(
            "distribution",
            DAMAGE_PROBABILITY,
            lambda answer: _distribution(answer.odds.damage),
            EXACTLY,
        ),
        many(
            "at_least", DAMAGE_PROBABILITY, lambda answer: _at_least(answer.odds.damage), AT_LEAST
        ),
        many("explanation", STEP, "odds.explanation"),
        one(
            "second_target",
            SPLASH,
            "odds.second_target",
            "Cleave's second model; null unless it applies.",
            nullable=True,
        ),
        one(
            "friendly",
            SPLASH,
            "odds.friendly",
            "The friendly struck by misses; null unless shooting into melee.",
            nullable=True,
        ),
        one("plan", PLAN, "plan", "Present only when a goal was given.", optional=True),
    ),
)

# --- Morale --------------------------------------------------------------------------------

MUST_TEST = Shape(
    "MustTest",
    "Whether the model must take a Morale test, and why (10.1).",
    (boolean("required"), many("reasons", STEP)),
)


@dataclass(frozen=True)
class MoraleAnswer:
    """What a morale-odds body is made from: the odds, and whether it must test when a
    trigger was given."""

    odds: MoraleOdds
    must: MustTest | None = None


MORALE = Shape(
    "MoraleOddsResult",
    "The odds of one Morale test (pass + waver + rout = 1).",
    (
        integer(
            "morale_value",
            "odds.morale_value",
            "The 2D6 target; null when the model never tests.",
            nullable=True,
        ),
        number("pass", "odds.pass_probability", "P(the test is passed), reroll included."),
        number("waver", "odds.waver_probability", "P(fail by 1 or 2): Waver (A11)."),
        number("rout", "odds.rout_probability", "P(fail by 3 or more): Rout (A11)."),
        boolean("reroll", "odds.reroll", "A Command Aura reroll is included (A10)."),
        many("explanation", STEP, "odds.explanation"),
        one(
            "must_test", MUST_TEST, "must", "Present only when a trigger was given.", optional=True
        ),
    ),
)

# --- Magic ---------------------------------------------------------------------------------

SPELL = Shape(
    "SpellOddsResult",
    "The odds of one ability (goes_off + blocked + cancelled = 1).",
    (
        number("goes_off", help="P(the ability takes effect)."),
        number("blocked", help="P(stopped by Spell Block)."),
        number("cancelled", help="P(stopped by the Dispel or Counterspell)."),
        integer("caster_mana", help="Mana the caster pays, whatever happens."),
        string(
            "response",
            help="The response the defender can make; null when none is possible (R8).",
            nullable=True,
            choices=("dispel", "counterspell"),
        ),
        integer("response_cost", help="Mana a response costs when attempted."),
        integer(
            "spell_block_target",
            "spell_block_roll.needed",
            "Lowest natural die that blocks; null without Spell Block.",
            nullable=True,
        ),
        number(
            "spell_block_probability",
            "spell_block_roll.probability",
            "Chance the Spell Block die succeeds; null without Spell Block.",
            nullable=True,
        ),
        integer(
            "response_target",
            "response_roll.needed",
            "Lowest natural die the response needs; null when none.",
            nullable=True,
        ),
        integer(
            "response_modifier",
            "response_roll.modifier",
            "Modifier on the response roll; null when none.",
            nullable=True,
        ),
        number(
            "response_probability",
            "response_roll.probability",
            "Chance the response die succeeds; null when none.",
            nullable=True,
        ),
        number("defender_mana_expected"),
        many(
            "defender_mana_distribution",
            MANA_PROBABILITY,
            lambda odds: [(m, p) for m, p in sorted(odds.defender_mana_distribution) if p > 0],
            "P(the defender spends exactly this Mana), ascending.",
        ),
        many("explanation", STEP),
    ),
)

# --- Blast ---------------------------------------------------------------------------------

BLAST_TARGET = Shape(
    "BlastTargetResult",
    "One unit's odds under the Blast.",
    (
        string("label"),
        number("under_template", help="P(the template ends over the unit)."),
        integer("wound_target", "wound.needed"),
        number("wound_probability", "wound.probability"),
        integer("save_target", "save.needed", "Null when no save.", nullable=True),
        integer("save_modifier", _save_modifier, "0 when there is no save."),
        number("save_probability", _save_probability, "0 when there is no save."),
        boolean("armor_piercing"),
        number("damage_probability", help="P(under the template, wounded and not saved)."),
        number("kill_probability", help="P(destroyed): the damage chance when on its last wound."),
        many("explanation", STEP),
    ),
)
BLAST = Shape(
    "BlastOddsResult",
    "The odds of one Blast.",
    (
        number("template_diameter", help="Inches."),
        boolean("scatter_reduced", help='The caster scatters 1" less (R12).'),
        number("on_target_probability", help="P(the Scatter Die shows HIT)."),
        many("targets", BLAST_TARGET),
        many("explanation", STEP),
    ),
)
