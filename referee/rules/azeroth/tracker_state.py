"""The Azeroth at War tracker's state: the stages of a round (5.1), each side's models,
Mana and Warlord, and the ability the enemy may still answer (8.5, 8.6)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum

from referee.rules.azeroth.profiles import (
    AbilityType,
    Step,
    Tier,
)
from referee.rules.azeroth.tracker_setup import (
    MANA_CAP,
    ModelSetup,
    Scenario,
)
from referee.rules.azeroth.units import BattleSize
from referee.rules.tracker import (
    Action,
    Counter,
    OncePerTurn,
    Outcome,
    Secret,
    Statuses,
)


class Stage(StrEnum):
    DEPLOYMENT = "Deployment"
    MANA = "Mana"
    ACTIVATION = "Activation"
    MORALE = "Morale"
    OVER = "Over"


# What a model is doing on the table, as the view shows it.
READY, WAVERED, ROUTING = "ready", "wavered", "routing"
DESTROYED, FLED, REMOVED = "destroyed", "fled", "removed"  # out of play
GROUNDED = "grounded"  # a Wavered flyer until it next activates (4.6 Fly)

CHECKLISTS: dict[Stage, tuple[str, ...]] = {
    Stage.DEPLOYMENT: (
        "roll off for the table edge",
        "nominate Warlords in secret",
        "deploy, alternating one unit at a time",
    ),
    Stage.MANA: ("gain Mana", "resolve start-of-round effects"),
    Stage.ACTIVATION: (
        "roll off for the first activation",
        "activate every model, alternating",
    ),
    Stage.MORALE: (
        "record objective control",
        "test Morale for every model due",
        "routing models flee",
    ),
    Stage.OVER: (),
}


# Words for the codes a payload or the view carries, so no page shows a code.
ABILITY_TYPE_NAMES: dict[str, str] = {
    AbilityType.INSTANT: "Instant",
    AbilityType.SPELL_SHOOT: "Spell (Shoot)",
    AbilityType.BUFF: "Buff",
    AbilityType.DEBUFF: "Debuff",
    AbilityType.REACTION: "Reaction",
    AbilityType.BLAST: "Blast",
}
TIER_NAMES: dict[str, str] = {
    Tier.BASELINE: "Baseline",
    Tier.MOUNTED: "Mounted",
    Tier.ELITE: "Elite",
    Tier.HERO: "Hero",
}
MORALE_FACT_NAMES: dict[str, str] = {
    "fear_nearby": 'An enemy with Fear within 6"',
    "command_aura": "Within another Hero's Command Aura",
    "friendly_destroyed_within_6": 'A friend destroyed within 6"',
}


# --- State ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoraleRecord:
    """This round's Morale test as first rolled, so that a Command Aura reroll of a fail
    can take its place (9.1, 10.3; A10): the Morale value it was taken on, the 2D6 total,
    and the model's status before it."""

    value: int
    roll: int
    status: str
    statuses: Statuses
    rerolled: bool = False

    @property
    def failed(self) -> bool:
        return self.roll > self.value


@dataclass(frozen=True, slots=True)
class ModelState:
    """One model in play. ``lost_this_round`` counts wounds lost since the round began,
    Regeneration not given back (10.1, R30, R66)."""

    profile: ModelSetup
    wounds_left: int
    status: str = READY  # READY, WAVERED, ROUTING, DESTROYED, FLED or REMOVED
    statuses: Statuses = field(default_factory=Statuses)  # GROUNDED
    activated: bool = False
    ability_used: bool = False
    lost_this_round: int = 0
    taunted_by: str | None = None  # an enemy Taunt model's id (4.6)
    summoner: str | None = None
    summoned_round: int | None = None
    summon_x: int | None = None
    # Morale facts the table reports for this round (10.1, 10.2, 9.1)
    friendly_destroyed_nearby: bool = False
    fear_nearby: bool = False
    command_aura: bool = False
    morale_result: str | None = None  # this round's test result, once taken
    morale_record: MoraleRecord | None = None  # how it was taken, for a reroll (A10)

    @property
    def id(self) -> str:
        return self.profile.id

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def in_play(self) -> bool:
        return self.status not in (DESTROYED, FLED, REMOVED)

    @property
    def summoned(self) -> bool:
        return self.summoner is not None


@dataclass(frozen=True, slots=True)
class SideState:
    name: str
    models: tuple[ModelState, ...]
    mana: Counter = field(default_factory=lambda: Counter(0, 0, MANA_CAP))
    mana_breakdown: tuple[Step, ...] = ()
    last_hero_slain: bool = False
    warlord: Secret[str] | None = None
    warlord_revealed: bool = False
    points_destroyed: int = 0  # PTS of enemy models this side destroyed (11)
    summons: int = 0  # summoned models so far, for their ids

    def find(self, model_id: str) -> ModelState | None:
        for model in self.models:
            if model.id == model_id:
                return model
        return None

    def with_model(self, new: ModelState) -> SideState:
        return replace(self, models=tuple(new if m.id == new.id else m for m in self.models))

    @property
    def army(self) -> tuple[ModelState, ...]:
        """Models still in play that keep the army in the game (summons do not, R69)."""
        return tuple(m for m in self.models if m.in_play and not m.summoned)

    @property
    def to_activate(self) -> tuple[ModelState, ...]:
        """Models that still activate this round: in play, not routing (10.3)."""
        return tuple(
            m for m in self.models if m.in_play and m.status != ROUTING and not m.activated
        )

    @property
    def warlord_id(self) -> str | None:
        return None if self.warlord is None else self.warlord.value


@dataclass(frozen=True, slots=True)
class PendingAbility:
    """The latest ability used, while the enemy may still answer it (8.5, 8.6)."""

    seat: int
    model: str
    name: str
    type: AbilityType
    mana_cost: int
    spell_block: str | None = None  # "blocked" or "failed"
    response: str | None = None  # "dispel" or "counterspell"
    response_result: str | None = None  # "cancelled" or "failed"
    declined: bool = False  # the enemy let it go off without an answer (8.5, 8.6, R75)

    @property
    def stopped(self) -> bool:
        return self.spell_block == "blocked" or self.response_result == "cancelled"

    @property
    def settled(self) -> bool:
        """Nothing more can answer it: stopped, answered by a Dispel or Counterspell, or
        let go off (8.5, 8.6; R9, R72, R75)."""
        return self.stopped or self.response is not None or self.declined


@dataclass(frozen=True, slots=True)
class AzerothState:
    battle_size: BattleSize
    scenario: Scenario
    sides: tuple[SideState, SideState]
    round: int = 0  # 0 while deploying
    stage: Stage = Stage.DEPLOYMENT
    edge_rolls: tuple[int, int] | None = None  # the latest edge roll-off
    edge_chooser: int | None = None
    deployment_steps: tuple[Step, ...] = ()
    round_rolls: tuple[int, int] | None = None  # the latest roll-off for the first activation
    first: int | None = None  # who activates first this round
    first_steps: tuple[Step, ...] = ()
    last_activator: int | None = None
    current: tuple[int, str] | None = None  # (seat, model id) activating now
    ended: tuple[int, str] | None = None  # the model whose activation was just ended (R71, R74)
    limits: OncePerTurn = field(default_factory=OncePerTurn)  # once-per-round uses
    pending: PendingAbility | None = None
    objectives: tuple[int | None, ...] | None = None  # recorded this round (Hold the Line)
    held: tuple[int | None, ...] = ()  # controllers at the end of the last round
    outcome: Outcome = field(default_factory=Outcome)
    result: tuple[Step, ...] = ()  # how the game ended
    # When a secret Warlord's fall ended the game: the game as it goes on when no Hero is
    # anyone's Warlord, which a replay after an undo checks later entries against (R128).
    unended: AzerothState | None = None

    @property
    def over(self) -> bool:
        return self.stage is Stage.OVER

    @property
    def deployed_second(self) -> int | None:
        """The edge chooser places second, so deploys second (3.3, 5.1; R65)."""
        return self.edge_chooser


Handler = Callable[[AzerothState, Action], AzerothState]


# A Warlord the viewer may not see, in the state a preview for that viewer is computed from:
# no model has this id, so the preview can neither slay nor reveal it (11).
HIDDEN_WARLORD = "(secret)"


def nobodys_warlord(state: AzerothState) -> AzerothState:
    """``state`` with every Warlord, standing or fallen, replaced by the stand-in and
    unrevealed: the game as it goes when no Hero is anyone's Warlord (R128)."""
    sides = tuple(
        replace(side, warlord=Secret(side.warlord.owner, HIDDEN_WARLORD), warlord_revealed=False)
        if side.warlord is not None
        else side
        for side in state.sides
    )
    return replace(state, sides=(sides[0], sides[1]))


def conceal(state: AzerothState, viewer: int | None) -> AzerothState:
    """``state`` with every other side's standing secret Warlord replaced by the same
    stand-in, so that states differing only in which Hero the enemy nominated conceal
    alike and a preview computed from them tells ``viewer`` nothing (11). A fallen Warlord
    and, once the game is over, every Warlord are public, so they stay."""
    if state.over:
        return state
    sides = tuple(
        replace(side, warlord=Secret(side.warlord.owner, HIDDEN_WARLORD))
        if side.warlord is not None
        and not side.warlord.visible_to(viewer)
        and not side.warlord_revealed
        else side
        for side in state.sides
    )
    return replace(state, sides=(sides[0], sides[1]))
