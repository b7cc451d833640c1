"""Azeroth at War: the typed inputs and results shared by the odds engines.

Plain frozen dataclasses and enums; the engines in ``combat``, ``morale``, ``magic`` and
``blast`` take these in and hand these back. Section numbers refer to azeroth-at-war.md; ruling
numbers (A1 ...) to RULINGS.md, and R-numbers to the project's own rulings page (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

MAX_DICE = 200

# Accepted range of every profile number, inclusive. The engines check these (validate_attack
# and friends raise InvalidInput naming the field); the API schema and the page forms read them.
LIMITS: dict[str, tuple[int, int]] = {
    "atk": (0, MAX_DICE),
    "skl": (2, 6),
    "str": (1, 20),
    "ranged_str": (1, 20),
    "ini": (0, 10),
    "tgh": (1, 20),
    "def": (2, 6),
    "wounds": (1, 99),
    "wounds_remaining": (1, 99),
    "momentum": (0, 20),
    "decisive_blow": (0, 20),
    "mana_cost": (0, 10),
    "defender_mana": (0, 10),
    "strength": (1, 20),  # a Blast spell's STR
    "base_mm": (10, 200),
}
MAX_BLAST_DISTANCE = 100.0  # inches from the aim point
MAX_BLAST_TARGETS = 20


class Armor(StrEnum):
    """Armor class (4.5)."""

    HEAVY = "HA"
    MEDIUM = "MA"
    LIGHT = "LA"


class Weapon(StrEnum):
    """Weapon tags (4.5)."""

    LIGHT = "LW"
    STANDARD = "SW"
    HEAVY = "HW"
    SHIELD = "SH"
    RANGED = "RW"


class Mode(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"


class Cover(StrEnum):
    NONE = "none"
    SOFT = "soft"
    HARD = "hard"


class NaturalRolls(StrEnum):
    """A1: ``standard`` makes a natural 1 always fail and a natural 6 always succeed;
    ``literal`` compares the modified roll with the target and nothing else."""

    STANDARD = "standard"
    LITERAL = "literal"


@dataclass(frozen=True, slots=True)
class Rulings:
    natural_rolls: NaturalRolls = NaturalRolls.STANDARD


@dataclass(frozen=True, slots=True)
class Keywords:
    """Attack keywords of 4.6 (the ones that change an attack's odds)."""

    momentum: int = 0
    decisive_blow: int = 0
    cleave: bool = False
    berserker: bool = False
    precision_shot: bool = False


@dataclass(frozen=True, slots=True)
class Attacker:
    atk: int
    skl: int
    str: int
    ini: int
    wounds: int
    ranged_str: int | None = None
    armor: Armor = Armor.MEDIUM
    weapons: tuple[Weapon, ...] = ()
    wounds_remaining: int | None = None  # None means unhurt (= wounds)
    fly: bool = False
    keywords: Keywords = field(default_factory=Keywords)

    @property
    def wounds_left(self) -> int:
        return self.wounds if self.wounds_remaining is None else self.wounds_remaining


@dataclass(frozen=True, slots=True)
class Defender:
    """A model on the receiving end: the target, a Cleave second target, or the friendly a
    Precision Shot may strike. ``defense`` is the DEF save (2-6) or None for DEF "-" (A9)."""

    tgh: int
    defense: int | None
    ini: int
    wounds: int
    armor: Armor = Armor.MEDIUM
    weapons: tuple[Weapon, ...] = ()
    wounds_remaining: int | None = None
    fly: bool = False

    @property
    def wounds_left(self) -> int:
        return self.wounds if self.wounds_remaining is None else self.wounds_remaining


@dataclass(frozen=True, slots=True)
class Situation:
    charging: bool = False
    downhill_charge: bool = False
    uphill_defender: bool = False
    flanking: bool = False
    opportunity_attack: bool = False
    hold: bool = False
    elevated: bool = False
    long_range: bool = False
    cover: Cover = Cover.NONE
    # Shooting at a target engaged in melee with a friendly model (7.6); needs Precision Shot.
    into_melee: bool = False


@dataclass(frozen=True, slots=True)
class Attack:
    mode: Mode
    attacker: Attacker
    defender: Defender
    situation: Situation = field(default_factory=Situation)
    rulings: Rulings = field(default_factory=Rulings)
    second_target: Defender | None = None  # Cleave's extra model (melee only)
    friendly: Defender | None = None  # closest friendly engaged with the target (7.6)


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a readable explanation: the rule (section or ruling) and what it did."""

    rule: str
    text: str


@dataclass(frozen=True, slots=True)
class RollTarget:
    """A single-D6 roll against a target number.

    ``base`` is the printed target (SKL, DEF, wound-chart value, 4 for a Dispel ...),
    ``modifier`` the sum of the modifiers added to the roll, ``needed`` the lowest natural die
    result that succeeds once A1 is applied (7 when no result succeeds), and ``probability``
    the chance one die succeeds.
    """

    base: int
    modifier: int
    needed: int
    probability: float


@dataclass(frozen=True, slots=True)
class DamageOdds:
    """The exact distribution of damage dealt to one model.

    ``distribution[k]`` is P(exactly k damage); it sums to 1. ``at_least[k]`` is P(k or more).
    ``kill_probability`` is P(damage >= the model's wounds remaining).
    """

    distribution: tuple[float, ...]
    at_least: tuple[float, ...]
    expected: float
    wounds_remaining: int
    kill_probability: float

    def nonzero(self) -> list[tuple[int, float]]:
        """(damage, probability) for every damage that can happen, ascending."""
        return [(k, p) for k, p in enumerate(self.distribution) if p > 0.0]


@dataclass(frozen=True, slots=True)
class SplashOdds:
    """Hits landing on a model other than the target: Cleave's second model or the friendly
    struck by a Precision Shot miss.

    ``hits[k]`` is P(exactly k of the attack's dice hit this model). The wound and save fields
    and ``damage`` are present when that model's profile was given. ``both_killed_probability``
    is P(the target and this model are both destroyed by the same attack).
    """

    hits: tuple[float, ...]
    expected_hits: float
    wound: RollTarget | None = None
    save: RollTarget | None = None
    armor_piercing: bool = False
    damage: DamageOdds | None = None
    both_killed_probability: float | None = None


@dataclass(frozen=True, slots=True)
class AttackOdds:
    dice: int
    hit: RollTarget
    wound: RollTarget
    save: RollTarget | None  # None: no save at all (DEF "-" or Armor Piercing)
    armor_piercing: bool
    decisive_blow: int  # the X in force for this attack (0 when none)
    damage: DamageOdds
    explanation: tuple[Step, ...]
    second_target: SplashOdds | None = None
    friendly: SplashOdds | None = None


@dataclass(frozen=True, slots=True)
class ToggleOption:
    """What P(kill) becomes if one situation toggle the attacker controls were flipped
    (``toggle`` is a Situation field name, ``value`` what it would be set to)."""

    toggle: str
    value: bool
    kill_probability: float
    reaches_goal: bool


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """The inverse question: how to reach a wanted P(kill).

    ``dice_needed`` is the smallest number of dice (1-200) that reaches ``goal`` in the same
    situation, or None when even 200 dice fall short. ``toggles`` lists every applicable toggle
    that is off, best first; ``best_toggle`` is the first of them that reaches the goal, if any.
    """

    goal: float
    current_kill_probability: float
    dice_now: int
    dice_needed: int | None
    toggles: tuple[ToggleOption, ...]
    best_toggle: ToggleOption | None


# --- Morale (10) ---------------------------------------------------------------------------


class Tier(StrEnum):
    BASELINE = "baseline"
    MOUNTED = "mounted"
    ELITE = "elite"
    HERO = "hero"


@dataclass(frozen=True, slots=True)
class MoraleTest:
    tier: Tier
    last_hero_slain: bool = False
    below_quarter_wounds: bool = False
    fear_nearby: bool = False
    command_aura: bool = False  # within another Hero's Command Aura (A10)
    undead_or_mechanical: bool = False


@dataclass(frozen=True, slots=True)
class MoraleOdds:
    morale_value: int | None  # None: immune (Undead / Mechanical)
    pass_probability: float
    waver_probability: float
    rout_probability: float
    reroll: bool  # a Command Aura reroll is available
    explanation: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class MoraleTrigger:
    """What happened to a model this turn, to decide whether it must test (10.1)."""

    starting_wounds: int
    wounds_lost_this_turn: int = 0
    friendly_destroyed_within_6: bool = False
    routing: bool = False  # a routing model tests again to Rally (10.3)
    undead_or_mechanical: bool = False
    # Wounds Regeneration or healing gave back this turn. A model can lose only the wounds it
    # has, so it loses more than its starting wounds only when some were given back (R30).
    # None: not said, and the count is held to the overall limit alone.
    wounds_given_back: int | None = None


@dataclass(frozen=True, slots=True)
class MustTest:
    required: bool
    reasons: tuple[Step, ...]


# --- Magic (8.4-8.6) -----------------------------------------------------------------------


class AbilityType(StrEnum):
    """Ability types of 8.3."""

    INSTANT = "instant"
    SPELL_SHOOT = "spell_shoot"
    BUFF = "buff"
    DEBUFF = "debuff"
    REACTION = "reaction"
    BLAST = "blast"


class Dispeller(StrEnum):
    """Who makes a Dispel or Counterspell roll for the defending army (8.5)."""

    NONE = "none"  # no surviving Magical model: no Dispel or Counterspell possible
    MAGICAL_MODEL = "magical_model"
    MAGICAL_HERO = "magical_hero"  # +1 to the roll


@dataclass(frozen=True, slots=True)
class SpellAttempt:
    ability_type: AbilityType
    mana_cost: int = 0
    spell_block: bool = False  # an enemy Spell Block model within 2" that has not used it
    respond: bool = True  # the defender tries a Dispel / Counterspell when the type allows one
    dispeller: Dispeller = Dispeller.NONE
    defender_mana: int | None = None  # None: assume enough Mana for the response
    rulings: Rulings = field(default_factory=Rulings)


@dataclass(frozen=True, slots=True)
class SpellOdds:
    goes_off: float
    blocked: float  # stopped by Spell Block
    cancelled: float  # stopped by the Dispel or Counterspell
    caster_mana: int  # the caster pays whatever happens
    response: str | None  # "dispel", "counterspell" or None when no response is possible
    response_cost: int  # Mana a response costs the defender when attempted
    spell_block_roll: RollTarget | None
    response_roll: RollTarget | None
    defender_mana_expected: float
    defender_mana_distribution: tuple[tuple[int, float], ...]  # (Mana spent, probability)
    explanation: tuple[Step, ...]


class Template(StrEnum):
    SMALL = "small"  # 3" diameter
    LARGE = "large"  # 5" diameter


@dataclass(frozen=True, slots=True)
class BlastTarget:
    """One unit near a Blast's aim point. ``distance`` is in inches from the aim point to the
    centre of the unit's base; ``base_mm`` is the base diameter in millimetres."""

    distance: float
    base_mm: float
    tgh: int
    defense: int | None
    armor: Armor = Armor.MEDIUM
    weapons: tuple[Weapon, ...] = ()
    hard_cover: bool = False  # behind hard cover relative to the blast centre (8.4 step 5)
    wounds_remaining: int = 1
    label: str = ""


@dataclass(frozen=True, slots=True)
class Blast:
    template: Template
    caster_skl: int
    strength: int
    targets: tuple[BlastTarget, ...]
    rulings: Rulings = field(default_factory=Rulings)


@dataclass(frozen=True, slots=True)
class BlastTargetOdds:
    label: str
    under_template: float
    wound: RollTarget
    save: RollTarget | None
    armor_piercing: bool
    damage_probability: float  # under the template, wounded and not saved
    kill_probability: float  # damage_probability when it was on its last wound, else 0
    explanation: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class BlastOdds:
    template_diameter: float
    scatter_reduced: bool  # SKL 2+ or 3+ casters scatter 1" less (min 1")
    on_target_probability: float  # the Scatter Die shows HIT
    targets: tuple[BlastTargetOdds, ...]
    explanation: tuple[Step, ...]
