"""The Azeroth at War tracker's state: the stages of a round (5.1), each side's models,
Mana and Warlord, and the ability the enemy may still answer (8.5, 8.6); and what is read
from a state alone: whose activation is next, the odds against the pending ability, every
model's Morale check, an army's standing, and the state with a secret Warlord concealed."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from referee.rules.azeroth.magic import spell_odds
from referee.rules.azeroth.profiles import (
    AbilityType,
    Dispeller,
    SpellAttempt,
    SpellOdds,
    Step,
)
from referee.rules.azeroth.setup import (
    MANA_CAP,
    MAX_STAT,
    ModelSetup,
    Scenario,
)
from referee.rules.azeroth.table import (
    ArmyStanding,
    MoraleCheck,
    MoraleFacts,
    Player,
    morale_stage,
    next_activator,
)
from referee.rules.azeroth.units import BattleSize
from referee.rules.tracker import (
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


# --- Read from a state ---------------------------------------------------------------------


def player_of_seat(seat: int) -> Player:
    """The table rules' player A or B for a seat."""
    return Player.A if seat == 0 else Player.B


def seat_of_player(player: Player) -> int:
    return 0 if player is Player.A else 1


def next_seat(state: AzerothState) -> int | None:
    """Whose activation is next (5.1), None when nobody's is (or the roll-off is due)."""
    if state.stage is not Stage.ACTIVATION or state.first is None:
        return None
    left = [len(side.to_activate) for side in state.sides]
    last = None if state.last_activator is None else player_of_seat(state.last_activator)
    turn = next_activator(player_of_seat(state.first), last, min(left[0], 99), min(left[1], 99))
    return None if turn.player is None else seat_of_player(turn.player)


def dispeller(side: SideState) -> tuple[Dispeller, ModelState | None]:
    """Who rolls a side's Dispel or Counterspell: a surviving Magical Hero when there is
    one, for its +1 (8.5, R10, R72)."""
    magical = [m for m in side.models if m.in_play and m.profile.magical]
    heroes = [m for m in magical if m.profile.hero]
    if heroes:
        return Dispeller.MAGICAL_HERO, heroes[0]
    if magical:
        return Dispeller.MAGICAL_MODEL, magical[0]
    return Dispeller.NONE, None


def response_odds(
    state: AzerothState, spell_block: bool = False, respond: bool = True
) -> SpellOdds | None:
    """The odds that the pending ability goes off, is blocked or is cancelled, as the side
    answering it stands now (8.5, 8.6; magic.spell_odds). ``spell_block`` assumes an unused
    Spell Block model within 2" of the caster. None when no ability is pending."""
    pending = state.pending
    if pending is None or pending.settled:
        return None
    defender = state.sides[1 - pending.seat]
    who, _ = dispeller(defender)
    return spell_odds(
        SpellAttempt(
            ability_type=pending.type,
            mana_cost=min(pending.mana_cost, MANA_CAP),
            spell_block=spell_block and pending.spell_block is None and pending.response is None,
            respond=respond and pending.response is None,
            dispeller=who,
            defender_mana=defender.mana.value,
        )
    )


def morale_checks(state: AzerothState) -> tuple[MoraleCheck, ...]:
    """Every model in play, whether it must test and why, with its odds (10.1, 10.2).
    Labels are "<seat>:<model id>"."""
    facts = []
    for seat, side in enumerate(state.sides):
        for model in side.models:
            if not model.in_play:
                continue
            profile = model.profile
            facts.append(
                MoraleFacts(
                    label=f"{seat}:{model.id}",
                    tier=profile.morale_tier,
                    starting_wounds=profile.wounds,
                    wounds_remaining=model.wounds_left,
                    wounds_lost_this_turn=min(model.lost_this_round, MAX_STAT),
                    friendly_destroyed_within_6=model.friendly_destroyed_nearby,
                    routing=model.status == ROUTING,
                    undead_or_mechanical=profile.fearless,
                    fear_nearby=model.fear_nearby,
                    command_aura=model.command_aura,
                    last_hero_slain=side.last_hero_slain,
                )
            )
    return morale_stage(facts)


def split_label(label: str) -> tuple[int, str]:
    """The seat and model id of a Morale check's "<seat>:<model id>" label."""
    seat, model_id = label.split(":", 1)
    return int(seat), model_id


def morale_due(state: AzerothState, check: MoraleCheck) -> bool:
    """Whether the model of ``check`` must still test Morale this round."""
    seat, model_id = split_label(check.label)
    model = state.sides[seat].find(model_id)
    return check.must_test.required and model is not None and model.morale_result is None


def army_standing(state: AzerothState, seat: int) -> ArmyStanding:
    side = state.sides[seat]
    army = side.army
    return ArmyStanding(
        units_remaining=len(army),
        points_destroyed=side.points_destroyed,
        surviving_wounds=sum(m.wounds_left for m in army),
        remaining_points=sum(m.profile.points for m in army),
        warlord_slain=warlord_slain(side),
    )


def warlord_slain(side: SideState) -> bool:
    warlord = None if side.warlord_id is None else side.find(side.warlord_id)
    return warlord is not None and not warlord.in_play
