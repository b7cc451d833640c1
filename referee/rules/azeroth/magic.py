"""Spell odds for Azeroth at War: Spell Block, then Dispel or Counterspell (8.3, 8.5, 8.6).

Rulings: R8 (which abilities can be stopped), R9 (order and cost), R10 (Magical Hero bonus),
A1 (natural rolls on every single D6).
"""

from __future__ import annotations

from ..checks import check_whole
from ..errors import InvalidInput
from .dice import roll_target
from .profiles import (
    LIMITS,
    AbilityType,
    Dispeller,
    NaturalRolls,
    Rulings,
    SpellAttempt,
    SpellOdds,
    Step,
)

SPELL_BLOCK_TARGET = 4
RESPONSE_TARGET = 4
MAGICAL_HERO_BONUS = 1

# What the defending army may answer each ability type with, and its Mana cost (8.5, R8).
RESPONSES: dict[AbilityType, tuple[str, int]] = {
    AbilityType.BUFF: ("dispel", 2),
    AbilityType.DEBUFF: ("dispel", 2),
    AbilityType.INSTANT: ("counterspell", 3),
    AbilityType.BLAST: ("counterspell", 3),
}

_TYPE_NAMES: dict[AbilityType, str] = {
    AbilityType.INSTANT: "an Instant",
    AbilityType.SPELL_SHOOT: "a Spell (Shoot)",
    AbilityType.BUFF: "a Buff",
    AbilityType.DEBUFF: "a Debuff",
    AbilityType.REACTION: "a Reaction",
    AbilityType.BLAST: "a Blast",
}


def _percent(p: float) -> str:
    return f"{p:.1%}"


def _choices(enum: type[AbilityType] | type[Dispeller] | type[NaturalRolls]) -> str:
    return ", ".join(member.value for member in enum)


def validate_spell(attempt: SpellAttempt) -> None:
    """Raise InvalidInput listing every problem with a spell attempt's inputs."""
    problems: dict[str, list[str]] = {}
    if not isinstance(attempt.ability_type, AbilityType):
        problems["ability_type"] = [
            f"Ability type must be one of {_choices(AbilityType)} (got {attempt.ability_type!r})."
        ]
    check_whole(problems, "mana_cost", attempt.mana_cost, *LIMITS["mana_cost"], "Mana cost")
    for name in ("spell_block", "respond"):
        value = getattr(attempt, name)
        if not isinstance(value, bool):
            problems[name] = [f"Must be true or false (got {value!r})."]
    if not isinstance(attempt.dispeller, Dispeller):
        problems["dispeller"] = [
            f"Dispeller must be one of {_choices(Dispeller)} (got {attempt.dispeller!r})."
        ]
    if attempt.defender_mana is not None:
        check_whole(
            problems,
            "defender_mana",
            attempt.defender_mana,
            *LIMITS["defender_mana"],
            "Defender's Mana",
        )
    if not isinstance(attempt.rulings, Rulings) or not isinstance(
        attempt.rulings.natural_rolls, NaturalRolls
    ):
        problems["rulings.natural_rolls"] = [
            f"Natural rolls must be one of {_choices(NaturalRolls)}."
        ]
    if problems:
        raise InvalidInput(problems)


def spell_odds(attempt: SpellAttempt) -> SpellOdds:
    """The exact chances that an ability goes off, is blocked, or is cancelled (8.5, 8.6).

    An enemy Spell Block model within 2" rolls first: a D6 needing 4+ with no modifier, and on
    a success the ability has no effect (8.6, R9). If the ability is still going, the defending
    army may Dispel a Buff or Debuff (2 Mana) or Counterspell an Instant or Blast (3 Mana),
    needing 4+ with +1 when a Magical Hero rolls (8.5, R8, R10); that Mana is spent only when
    the attempt is made (R9). The caster's Mana is spent whatever happens.
    """
    validate_spell(attempt)
    natural = attempt.rulings.natural_rolls
    steps: list[Step] = [
        Step(
            "8.2, 8.5, 8.6",
            f"The caster spends {attempt.mana_cost} Mana; it stays spent even if the ability "
            "is blocked or cancelled.",
        )
    ]

    if attempt.spell_block:
        block_roll = roll_target(SPELL_BLOCK_TARGET, 0, natural)
        blocked = block_roll.probability
        steps.append(
            Step(
                "8.6, R9, R124, A1",
                'An enemy Spell Block model within 2" interrupts first, before any Dispel or '
                "Counterspell: it needs "
                f"{block_roll.needed}+ on a D6 with no modifier, so the ability is blocked "
                f"{_percent(blocked)} of the time.",
            )
        )
    else:
        block_roll = None
        blocked = 0.0
        steps.append(Step("8.6", 'No Spell Block model within 2" of the caster interrupts it.'))
    still_going = 1.0 - blocked

    response: str | None = None
    response_cost = 0
    response_roll = None
    cancelled = 0.0
    kind = _TYPE_NAMES[attempt.ability_type]
    allowed = RESPONSES.get(attempt.ability_type)
    if allowed is None:
        steps.append(
            Step(
                "8.5, R8",
                f"{kind[0].upper()}{kind[1:]} ability can be neither Dispelled nor Counterspelled.",
            )
        )
    else:
        name, cost = allowed
        label = name.capitalize()
        if attempt.dispeller is Dispeller.NONE:
            steps.append(
                Step(
                    "8.5",
                    f"The defending army has no surviving Magical model, so it cannot {name} "
                    f"{kind} ability.",
                )
            )
        elif not attempt.respond:
            steps.append(Step("8.5", f"The defending army chooses not to attempt a {label}."))
        elif attempt.defender_mana is not None and attempt.defender_mana < cost:
            steps.append(
                Step(
                    "8.5",
                    f"A {label} costs {cost} Mana and the defending army has only "
                    f"{attempt.defender_mana}, so none is attempted.",
                )
            )
        else:
            response, response_cost = name, cost
            hero = attempt.dispeller is Dispeller.MAGICAL_HERO
            response_roll = roll_target(RESPONSE_TARGET, MAGICAL_HERO_BONUS if hero else 0, natural)
            who = (
                "a Magical Hero rolls, +1 (R10)"
                if hero
                else "a non-Hero Magical model rolls, no bonus (R10)"
            )
            steps.append(
                Step(
                    "8.5, R10, A1",
                    f"{label} against {kind} ability: {cost} Mana and a D6 needing "
                    f"{RESPONSE_TARGET}+; {who}; so {response_roll.needed}+ on the die, "
                    f"{_percent(response_roll.probability)}.",
                )
            )
            if attempt.spell_block:
                steps.append(
                    Step(
                        "R9",
                        f"The {label} is attempted, and its {cost} Mana spent, only if the "
                        f"Spell Block fails: {_percent(still_going)} of the time.",
                    )
                )
            cancelled = still_going * response_roll.probability

    goes_off = still_going - cancelled
    spent = still_going if response is not None else 0.0
    distribution = tuple(
        (mana, p) for mana, p in ((0, 1.0 - spent), (response_cost, spent)) if p > 0.0
    )
    steps.append(
        Step(
            "8.5, 8.6",
            f"The ability goes off {_percent(goes_off)}, is blocked {_percent(blocked)}, is "
            f"cancelled {_percent(cancelled)}.",
        )
    )
    return SpellOdds(
        goes_off=goes_off,
        blocked=blocked,
        cancelled=cancelled,
        caster_mana=attempt.mana_cost,
        response=response,
        response_cost=response_cost,
        spell_block_roll=block_roll,
        response_roll=response_roll,
        defender_mana_expected=response_cost * spent,
        defender_mana_distribution=distribution,
        explanation=tuple(steps),
    )
