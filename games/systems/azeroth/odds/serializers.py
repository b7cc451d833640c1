"""Request and response serializers for the Azeroth at War odds endpoints.

Request serializers validate shape, JSON types and the ranges in ``profiles.LIMITS`` (so the
engine stays the single source of every range, and the limits appear in the OpenAPI schema);
contradictions between inputs are the engine's to find. Response serializers document the
bodies in the schema; they are made from ``bodies``, the one definition of each
body, which also renders the bodies from the engine's results.

Section numbers (4.5, 7.1 ...) refer to the Azeroth at War rulebook; A-codes to the shared
rulings and R-codes to the project's rulings.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import MaxLengthValidator, MinLengthValidator
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictFloatField,
    StrictIntegerField,
    StrictSerializer,
    with_field,
)
from referee.rules.azeroth.profiles import (
    LIMITS,
    MAX_BLAST_DISTANCE,
    MAX_BLAST_TARGETS,
    AbilityType,
    Armor,
    Cover,
    Dispeller,
    Mode,
    NaturalRolls,
    Template,
    Tier,
    Weapon,
)

from . import bodies

MAX_LABEL_LENGTH = 60
TARGET_COUNT_MESSAGE = f"Give from 1 to {MAX_BLAST_TARGETS} targets; got %(show_value)d."


def stat(name: str, help_text: str, **kwargs: Any) -> StrictIntegerField:
    """An integer field whose range comes from the engine's LIMITS."""
    low, high = LIMITS[name]
    return StrictIntegerField(min_value=low, max_value=high, help_text=help_text, **kwargs)


def flag(help_text: str, default: bool = False) -> StrictBooleanField:
    return StrictBooleanField(default=default, help_text=help_text)


# How each enum value reads in the schema's documentation.
LABELS: dict[str, str] = {
    Armor.HEAVY: "Heavy Armor",
    Armor.MEDIUM: "Medium Armor",
    Armor.LIGHT: "Light Armor",
    Weapon.LIGHT: "Light Weapon",
    Weapon.STANDARD: "Standard Weapon",
    Weapon.HEAVY: "Heavy Weapon",
    Weapon.SHIELD: "Shield",
    Weapon.RANGED: "Ranged Weapon",
    Mode.MELEE: "Melee attack (7.2)",
    Mode.RANGED: "Ranged attack (7.1)",
    Cover.NONE: "No cover",
    Cover.SOFT: "Soft cover, +1 to the save",
    Cover.HARD: "Hard cover, +2 to the save",
    NaturalRolls.STANDARD: "A natural 1 always fails and a natural 6 always succeeds (A1)",
    NaturalRolls.LITERAL: "Only the modified roll against the target counts",
    Tier.BASELINE: "Baseline",
    Tier.MOUNTED: "Mounted",
    Tier.ELITE: "Elite",
    Tier.HERO: "Hero",
    AbilityType.INSTANT: "Instant",
    AbilityType.SPELL_SHOOT: "Spell (Shoot)",
    AbilityType.BUFF: "Buff",
    AbilityType.DEBUFF: "Debuff",
    AbilityType.REACTION: "Reaction",
    AbilityType.BLAST: "Blast",
    Dispeller.NONE: "No surviving Magical model",
    Dispeller.MAGICAL_MODEL: "A Magical model rolls",
    Dispeller.MAGICAL_HERO: "A Magical Hero rolls, +1 (R10)",
    Template.SMALL: 'Small, 3" across',
    Template.LARGE: 'Large, 5" across',
}


def choice(values: type[Any], help_text: str, **kwargs: Any) -> StrictChoiceField:
    """A field accepting the values of one engine enum."""
    choices = [(member.value, LABELS.get(member.value, member.value)) for member in values]
    return StrictChoiceField(choices, help_text=help_text, **kwargs)


def reject_duplicates(values: list[str]) -> None:
    repeated = sorted({value for value in values if values.count(value) > 1})
    if repeated:
        shown = ", ".join(repeated)
        raise serializers.ValidationError(f"Each tag may appear once; repeated: {shown}.")


def armor_field() -> StrictChoiceField:
    return choice(Armor, "Armor class (4.5): HA heavy, MA medium, LA light.", default="MA")


def weapons_field() -> serializers.ListField:
    return serializers.ListField(
        child=choice(Weapon, "A weapon tag (4.5)."),
        default=list,
        max_length=len(Weapon),
        validators=[reject_duplicates],
        help_text=(
            "Weapon tags (4.5): LW light, SW standard, HW heavy, SH shield, RW ranged. "
            "Each at most once."
        ),
    )


# --- Requests ----------------------------------------------------------------------------


class RulingsSerializer(StrictSerializer):
    """Switches for the rulings that have a second reading."""

    natural_rolls = choice(
        NaturalRolls,
        "A1: 'standard' makes a natural 1 always fail and a natural 6 always succeed; "
        "'literal' compares the modified roll with the target and nothing else.",
        default=NaturalRolls.STANDARD.value,
    )


class KeywordsSerializer(StrictSerializer):
    """The attacker's keywords that change an attack's odds (4.6)."""

    momentum = stat("momentum", "Momentum [X]: extra dice on a charge (4.6, A5).", default=0)
    decisive_blow = stat(
        "decisive_blow",
        "Decisive Blow [X]: extra damage from a natural 6 that wounds and is not saved "
        "(4.6, A4). 0 for none; a Heavy Weapon gives 1 in melee on its own.",
        default=0,
    )
    cleave = flag("Cleave: natural 6s to hit also strike a second model (4.6).")
    berserker = flag("Berserker: one extra die at half wounds or fewer (4.6, A6).")
    precision_shot = flag("Precision Shot: may shoot into melee (4.6, 7.6).")


class AttackerSerializer(StrictSerializer):
    """The attacking model's profile (4.4, 4.5) and keywords."""

    atk = stat("atk", "ATK: dice rolled before keywords (4.4).")
    skl = stat("skl", "SKL: the to-hit target, 2 for 2+ (4.4, 7.1).")
    str = stat("str", "STR: melee strength, and ranged strength unless ranged_str is given.")
    ranged_str = stat(
        "ranged_str",
        "Ranged STR, used for ranged attacks when given (4.4, A2). Omit or null for none.",
        required=False,
        allow_null=True,
        default=None,
    )
    ini = stat("ini", "Base INI (4.4, 7.2.1).")
    armor = armor_field()
    weapons = weapons_field()
    wounds = stat("wounds", "Starting wounds (4.4).")
    wounds_remaining = stat(
        "wounds_remaining",
        "Wounds left now (Berserker counts them). Omit or null when unhurt.",
        required=False,
        allow_null=True,
        default=None,
    )
    fly = flag("The attacker flies (4.6 Fly, 7.7).")
    keywords = KeywordsSerializer(required=False, help_text="Attack keywords (4.6).")


class DefenderSerializer(StrictSerializer):
    """A model on the receiving end: the target, Cleave's second model, or a friendly."""

    tgh = stat("tgh", "TGH (4.4, wound chart A2).")
    ini = stat("ini", "Base INI (4.4, 7.2.1).")
    armor = armor_field()
    weapons = weapons_field()
    wounds = stat("wounds", "Starting wounds (4.4).")
    wounds_remaining = stat(
        "wounds_remaining",
        "Wounds left now; P(kill) is against these. Omit or null when unhurt.",
        required=False,
        allow_null=True,
        default=None,
    )
    fly = flag("The model flies (4.6 Fly).")


with_field(
    DefenderSerializer,
    "def",
    stat(
        "def",
        "DEF save target, 2 for 2+. Required: null means the profile shows '-' (no save, A9).",
        allow_null=True,
    ),
    after="tgh",
)


class SituationSerializer(StrictSerializer):
    """Situation toggles (5.2, 6.5, 7.1-7.7); every one is off unless sent."""

    charging = flag("The attacker charged this activation (6.3).")
    downhill_charge = flag("Melee: the charge came downhill (7.7, A5).")
    uphill_defender = flag("Melee: the defender stands uphill of the charge, +1 save (7.7, A9).")
    flanking = flag("Melee: attacking from the flank, -1 save (7.5, A9).")
    opportunity_attack = flag("Melee: an Opportunity Attack, -1 to hit (6.5, A7).")
    hold = flag("Ranged: the shooter held still, +1 to hit (7.1, A8).")
    elevated = flag("Ranged: the shooter is on higher ground, +1 to hit (7.3, A8).")
    long_range = flag("Ranged: the target is beyond half range, -1 to hit (7.1, A8).")
    cover = choice(
        Cover,
        "Ranged: the target's cover, soft +1 and hard +2 to the save (7.1, A9).",
        default=Cover.NONE.value,
    )
    into_melee = flag(
        "Ranged: the target is engaged in melee with a friendly model; needs Precision Shot "
        "(7.6, R4)."
    )


@extend_schema_field(
    {"type": "number", "format": "double", "minimum": 0, "exclusiveMinimum": True, "maximum": 1}
)
class GoalField(StrictFloatField):
    """A wanted P(kill): greater than 0 and at most 1."""

    def to_internal_value(self, data: Any) -> float:
        value = super().to_internal_value(data)
        if value <= 0.0:
            raise serializers.ValidationError("Ensure this value is greater than 0.")
        return value


class AttackOddsSerializer(StrictSerializer):
    """One attack: who attacks whom, how, and in what situation."""

    mode = choice(Mode, "Melee (7.2) or ranged (7.1) attack.")
    attacker = AttackerSerializer()
    defender = DefenderSerializer(help_text="The model attacked.")
    situation = SituationSerializer(
        required=False, help_text="Situation toggles; omitted ones are off."
    )
    rulings = RulingsSerializer(required=False, help_text="Switchable rulings.")
    second_target = DefenderSerializer(
        required=False,
        allow_null=True,
        help_text="Cleave: the second model that natural 6s also strike (4.6).",
    )
    friendly = DefenderSerializer(
        required=False,
        allow_null=True,
        help_text=(
            "Shooting into melee: the closest friendly model, which takes the misses (7.6). "
            "Give it to get its damage odds, not just the hits it takes."
        ),
    )
    goal = GoalField(
        required=False,
        allow_null=True,
        max_value=1.0,
        help_text=(
            "A wanted P(kill), greater than 0 and at most 1. When given, the answer adds a "
            "'plan': the fewest dice, and the best single toggle, that reach it."
        ),
    )


class MoraleTriggerSerializer(StrictSerializer):
    """What happened to the model this turn (10.1)."""

    starting_wounds = stat("wounds", "The model's starting wounds.")
    wounds_lost_this_turn = StrictIntegerField(
        min_value=0,
        max_value=LIMITS["wounds"][1],
        default=0,
        help_text="Wounds lost this turn (10.1, R14).",
    )
    friendly_destroyed_within_6 = flag('A friendly model was destroyed within 6" (10.1).')
    routing = flag("The model is routing and tests to Rally (10.3, R15).")


class MoraleOddsSerializer(StrictSerializer):
    """One Morale test (10.2)."""

    tier = choice(Tier, "The model's tier, which sets its Morale value (10.2).")
    last_hero_slain = flag("The army's last Hero has been slain (10.2).")
    below_quarter_wounds = flag("Fewer wounds left than a quarter of its starting wounds (R14).")
    fear_nearby = flag("An enemy with Fear is near; counts once (10.2, A11).")
    command_aura = flag("Within another Hero's Command Aura: one reroll (9.1, A10).")
    undead_or_mechanical = flag("Undead or Mechanical: never tests (A11).")
    trigger = MoraleTriggerSerializer(
        required=False,
        allow_null=True,
        help_text="What happened this turn; when given, the answer says whether it must test.",
    )


class SpellOddsSerializer(StrictSerializer):
    """One ability cast, and what the defender can do about it (8.3, 8.5, 8.6)."""

    ability_type = choice(AbilityType, "The ability's type (8.3); it decides the response (R8).")
    mana_cost = stat("mana_cost", "Mana the caster pays (8.2).", default=0)
    spell_block = flag('An enemy Spell Block model within 2" that has not used it (8.6).')
    respond = flag(
        "The defender tries a Dispel or Counterspell when the type allows one (8.5).",
        default=True,
    )
    dispeller = choice(
        Dispeller,
        "Who rolls the Dispel or Counterspell: none, a Magical model, or a Magical Hero (+1, R10).",
        default=Dispeller.NONE.value,
    )
    defender_mana = stat(
        "defender_mana",
        "The defender's Mana pool. Omit or null to assume enough for the response.",
        required=False,
        allow_null=True,
        default=None,
    )
    rulings = RulingsSerializer(required=False, help_text="Switchable rulings.")


class BlastTargetSerializer(StrictSerializer):
    """A unit near the Blast's aim point."""

    label = StrictCharField(  # type: ignore[assignment]  # DRF moves fields off the class
        max_length=MAX_LABEL_LENGTH,
        allow_blank=True,
        default="",
        help_text="Your name for the unit, echoed back.",
    )
    distance = StrictFloatField(
        min_value=0.0,
        max_value=MAX_BLAST_DISTANCE,
        help_text="Inches from the aim point to the centre of the unit's base.",
    )
    base_mm = StrictFloatField(
        min_value=float(LIMITS["base_mm"][0]),
        max_value=float(LIMITS["base_mm"][1]),
        help_text="Base diameter in millimetres.",
    )
    tgh = stat("tgh", "TGH (wound chart A2).")
    armor = armor_field()
    weapons = weapons_field()
    hard_cover = flag("Behind hard cover as seen from the blast centre (8.4, R13).")
    wounds_remaining = stat("wounds_remaining", "Wounds left; 1 means a wound kills it.", default=1)


with_field(
    BlastTargetSerializer,
    "def",
    stat(
        "def",
        "DEF save target, 2 for 2+. Required: null means no save (A9).",
        allow_null=True,
    ),
    after="tgh",
)


class BlastOddsSerializer(StrictSerializer):
    """One Blast: the template, the caster, and the units near the aim point (8.4)."""

    template = choice(Template, 'Blast template: small 3" or large 5" across (8.4).')
    caster_skl = stat("skl", "The caster's SKL; 2+ and 3+ casters scatter less (R12).")
    strength = stat("strength", "The Blast's STR for the wound roll (8.4, A2).")
    # Counted by validators rather than min_length/max_length so the schema shows the limits.
    targets: serializers.ListSerializer[Any] = serializers.ListSerializer(
        child=BlastTargetSerializer(),
        validators=[
            MinLengthValidator(1, message=TARGET_COUNT_MESSAGE),
            MaxLengthValidator(MAX_BLAST_TARGETS, message=TARGET_COUNT_MESSAGE),
        ],
        help_text=f"The units near the aim point (1 to {MAX_BLAST_TARGETS}).",
    )
    rulings = RulingsSerializer(required=False, help_text="Switchable rulings.")


# --- Responses ---------------------------------------------------------------------------
#
# Each response body is written once, in bodies (the tasks answer with it too, and
# they load no DRF); these serializers are made from those shapes for the OpenAPI schema.

_FIELDS: dict[str, type[serializers.Field[Any, Any, Any, Any]]] = {
    "integer": serializers.IntegerField,
    "number": serializers.FloatField,
    "boolean": serializers.BooleanField,
    "string": serializers.CharField,
}
_SERIALIZERS: dict[str, type[serializers.Serializer[Any]]] = {}


def _field(key: bodies.Key) -> serializers.Field[Any, Any, Any, Any]:
    options: dict[str, Any] = {}
    if key.help:
        options["help_text"] = key.help
    if key.nullable:
        options["allow_null"] = True
    if key.optional:
        options["required"] = False
    if key.shape is not None:
        return result_serializer(key.shape)(many=key.kind == "array", **options)
    if key.choices:
        return serializers.ChoiceField(choices=list(key.choices), **options)
    return _FIELDS[key.kind](**options)


def result_serializer(shape: bodies.Shape) -> type[serializers.Serializer[Any]]:
    """The serializer documenting ``shape`` (one class per shape, named after its component)."""
    found = _SERIALIZERS.get(shape.name)
    if found is None:
        attrs: dict[str, Any] = {"__doc__": shape.doc, "__module__": __name__}
        attrs.update((key.name, _field(key)) for key in shape.keys)
        found = type(f"{shape.name}Serializer", (serializers.Serializer,), attrs)
        _SERIALIZERS[shape.name] = found
    return found


AttackOddsResultSerializer = result_serializer(bodies.ATTACK)
MoraleOddsResultSerializer = result_serializer(bodies.MORALE)
SpellOddsResultSerializer = result_serializer(bodies.SPELL)
BlastOddsResultSerializer = result_serializer(bodies.BLAST)
