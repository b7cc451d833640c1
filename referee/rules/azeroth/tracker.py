"""The Azeroth at War table tracker, built on the tracker core.

Sections cited are azeroth-at-war.md's; A-rulings are RULINGS.md's and R-rulings the project's
own (referee.rules.rulings). The tracker keeps what the table would otherwise keep on paper:
Mana, wounds, who has activated, statuses, Taunts, summons, Morale tests and the score. It
rolls nothing: every die the table rolls arrives in an action's payload, so a log always
replays to the same game. The rules the table applies between the dice are ``table``'s;
this module calls them and keeps their explanations for the view.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from referee.rules.azeroth.army import find_unit
from referee.rules.azeroth.dice import roll_target
from referee.rules.azeroth.magic import RESPONSE_TARGET, RESPONSES, SPELL_BLOCK_TARGET, spell_odds
from referee.rules.azeroth.morale import BASE_MORALE
from referee.rules.azeroth.profiles import (
    AbilityType,
    Dispeller,
    NaturalRolls,
    SpellAttempt,
    SpellOdds,
    Step,
    Tier,
)
from referee.rules.azeroth.table import (
    OBJECTIVE_VP,
    ROUNDS,
    ArmyStanding,
    GameResult,
    MoraleCheck,
    MoraleFacts,
    MoraleOutcome,
    ObjectiveFacts,
    Player,
    annihilation_result,
    assassination_result,
    deployment,
    edge_roll_off,
    first_activator,
    hold_the_line_result,
    mana_income,
    morale_result,
    morale_stage,
    next_activator,
    objective_controller,
    objective_count,
    regenerate,
    summon_expires,
)
from referee.rules.azeroth.table import Outcome as ResultKind
from referee.rules.azeroth.units import BATTLE_SIZES, ArmyList, BattleSize, Unit
from referee.rules.checks import Problems, add_problem, check_whole
from referee.rules.errors import InvalidInput
from referee.rules.tracker.core import (
    JSON,
    Action,
    ActionType,
    Counter,
    IllegalAction,
    OncePerTurn,
    Outcome,
    PayloadField,
    Secret,
    Statuses,
    System,
    payload_value,
)

MANA_CAP = 10  # 8.1
MAX_NAME = 120
MAX_MODELS = 200  # per side, summons included
MAX_STAT = 99
MAX_POINTS = 10_000
SEATS = (0, 1)


class Scenario(StrEnum):
    """The three core scenarios (11)."""

    ANNIHILATION = "annihilation"
    HOLD_THE_LINE = "hold_the_line"
    ASSASSINATION = "assassination"


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


# --- Setup ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AbilitySetup:
    """An ability on a model's card: its name, type (8.3) and Mana cost (8.2)."""

    name: str
    type: AbilityType
    mana_cost: int = 0


@dataclass(frozen=True, slots=True)
class ModelSetup:
    """One model as the game needs it, copied from its unit card so a stored game never
    depends on the catalog again. Each unit is a single model (4.3). ``keywords`` holds
    (name, X) pairs sorted by name, X being 0 for a keyword without one (4.6)."""

    id: str
    name: str
    slug: str
    points: int
    wounds: int
    tiers: tuple[Tier, ...]
    mov: int = 0
    ini: int = 0
    magical: bool = False
    keywords: tuple[tuple[str, int], ...] = ()
    abilities: tuple[AbilitySetup, ...] = ()

    def keyword(self, name: str) -> int | None:
        """The [X] of keyword ``name`` (0 for one without X), None when the model lacks it."""
        for key, x in self.keywords:
            if key.casefold() == name.casefold():
                return x
        return None

    def has(self, name: str) -> bool:
        return self.keyword(name) is not None

    @property
    def hero(self) -> bool:
        return Tier.HERO in self.tiers

    @property
    def fearless(self) -> bool:
        """Undead and Mechanical models never test Morale, ignore Taunt and cannot be
        healed (4.6)."""
        return self.has("Undead") or self.has("Mechanical")

    @property
    def morale_tier(self) -> Tier:
        """The tier whose Morale value the model tests on: a dual-slot unit uses the higher
        of its two tiers' values (R64)."""
        return max(self.tiers, key=lambda tier: BASE_MORALE[tier])

    def ability(self, name: str) -> AbilitySetup | None:
        for ability in self.abilities:
            if ability.name.casefold() == name.strip().casefold():
                return ability
        return None


@dataclass(frozen=True, slots=True)
class SideSetup:
    name: str
    models: tuple[ModelSetup, ...]

    def model(self, model_id: str) -> ModelSetup | None:
        for model in self.models:
            if model.id == model_id:
                return model
        return None


@dataclass(frozen=True, slots=True)
class AzerothSetup:
    sides: tuple[SideSetup, SideSetup]
    battle_size: BattleSize = BattleSize.STANDARD
    scenario: Scenario = Scenario.ANNIHILATION


def _slug_name(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "model"


def model_from_unit(unit: Unit, model_id: str, name: str) -> ModelSetup:
    """The model a unit card puts on the table (4.3-4.6, 8.3)."""
    return ModelSetup(
        id=model_id,
        name=name,
        slug=unit.slug,
        points=unit.points,
        wounds=unit.wounds,
        tiers=tuple(unit.tiers),
        mov=unit.mov,
        ini=unit.ini,
        magical=unit.magical,
        keywords=tuple(sorted(unit.keywords.items())),
        abilities=tuple(AbilitySetup(a.name, a.type, a.mana_cost) for a in unit.abilities),
    )


def side_from_army(name: str, army: ArmyList, units: Mapping[str, Unit]) -> SideSetup:
    """A side from a saved army list: every unit of a line is one model (4.3), so a line of
    three Orc Grunts gives "orc-grunt-1" to "orc-grunt-3", named "Orc Grunt 1" to "Orc Grunt
    3" (a unit taken once keeps its plain name). Lines naming the same unit are numbered on.
    Raises InvalidInput naming each line whose unit is not in ``units`` (an inline unit has
    no profile to play with)."""
    problems: Problems = {}
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        add_problem(problems, "name", f"A player's name is 1 to {MAX_NAME} characters.")
    resolved: list[tuple[Unit, int]] = []
    for index, line in enumerate(army.lines):
        unit = find_unit(line.ref, units) if line.ref and line.inline is None else None
        if unit is None:
            what = line.inline.name if line.inline is not None else line.ref
            add_problem(
                problems,
                f"units.{index}",
                f"{what!r} is not a unit of the catalog, so it has no profile to play with.",
            )
            continue
        resolved.append((unit, line.count))
    if not resolved and not problems:
        add_problem(problems, "units", "An army needs at least one model (4.1).")
    if problems:
        raise InvalidInput(problems)
    totals: dict[str, int] = {}
    for unit, count in resolved:
        totals[unit.slug] = totals.get(unit.slug, 0) + count
    numbered: dict[str, int] = {}
    models: list[ModelSetup] = []
    for unit, count in resolved:
        for _ in range(count):
            n = numbered.get(unit.slug, 0) + 1
            numbered[unit.slug] = n
            label = unit.name if totals[unit.slug] == 1 else f"{unit.name} {n}"
            models.append(model_from_unit(unit, f"{unit.slug}-{n}", label))
    return SideSetup(name.strip(), tuple(models))


# --- State ---------------------------------------------------------------------------------


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

    @property
    def stopped(self) -> bool:
        return self.spell_block == "blocked" or self.response_result == "cancelled"


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
    limits: OncePerTurn = field(default_factory=OncePerTurn)  # once-per-round uses
    pending: PendingAbility | None = None
    objectives: tuple[int | None, ...] | None = None  # recorded this round (Hold the Line)
    held: tuple[int | None, ...] = ()  # controllers at the end of the last round
    outcome: Outcome = field(default_factory=Outcome)
    result: tuple[Step, ...] = ()  # how the game ended

    @property
    def over(self) -> bool:
        return self.stage is Stage.OVER

    @property
    def deployed_second(self) -> int | None:
        """The edge chooser places second, so deploys second (3.3, 5.1; R65)."""
        return self.edge_chooser


Handler = Callable[[AzerothState, Action], AzerothState]


# --- Reading payloads ------------------------------------------------------------------------


def _die(payload: Mapping[str, JSON], name: str = "roll") -> int:
    roll: int = payload_value(payload, name, int)
    if not 1 <= roll <= 6:
        raise IllegalAction(f"A D6 shows 1 to 6, not {roll}.", f"payload.{name}")
    return roll


def _dice(payload: Mapping[str, JSON], name: str, required: bool = True) -> tuple[int, int] | None:
    value = payload.get(name)
    if value is None and not required:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value)
    ):
        raise IllegalAction(f"'{name}' must be two D6 results, 1 to 6 each.", f"payload.{name}")
    return (value[0], value[1])


def _amount(payload: Mapping[str, JSON]) -> int:
    amount: int = payload_value(payload, "amount", int)
    if not 1 <= amount <= MAX_STAT:
        raise IllegalAction(f"The amount is 1 to {MAX_STAT}.", "payload.amount")
    return amount


def _seat_of(action: Action) -> int:
    if action.by is None:
        seat: int = payload_value(action.payload, "seat", int)
        if seat not in SEATS:
            raise IllegalAction("A seat is 0 or 1.", "payload.seat")
        return seat
    return action.by


def _locate(state: AzerothState, action: Action, key: str = "model") -> tuple[int, ModelState]:
    """The model ``payload[key]`` names: on ``payload.seat``'s side when given, else on the
    one side that has a model with that id."""
    model_id: str = payload_value(action.payload, key, str)
    seat: int | None = payload_value(action.payload, "seat", int, None) if key == "model" else None
    if seat is not None and seat not in SEATS:
        raise IllegalAction("A seat is 0 or 1.", "payload.seat")
    seats = (seat,) if seat is not None else SEATS
    found = [(s, m) for s in seats if (m := state.sides[s].find(model_id)) is not None]
    if not found:
        raise IllegalAction(f"There is no model {model_id!r}.", f"payload.{key}")
    if len(found) > 1:
        raise IllegalAction(
            f"Both sides have a model {model_id!r}: say whose with 'seat'.", "payload.seat"
        )
    return found[0]


def _own(state: AzerothState, action: Action, key: str = "model") -> tuple[int, ModelState]:
    """A model the acting player commands (the host may act for either side)."""
    if action.by is None:
        try:
            return _locate(state, action, key)
        except IllegalAction as error:
            if error.field != "payload.seat":
                raise
            raise IllegalAction(
                f"Both sides have a model {action.payload.get(key)!r}: act for one seat.", "by"
            ) from None
    model_id: str = payload_value(action.payload, key, str)
    model = state.sides[action.by].find(model_id)
    if model is None:
        raise IllegalAction(
            f"{state.sides[action.by].name} has no model {model_id!r}.", f"payload.{key}"
        )
    return action.by, model


def _in_play(model: ModelState, key: str = "model") -> None:
    if not model.in_play:
        raise IllegalAction(f"{model.name} is {model.status}: it is out of play.", f"payload.{key}")


def _require_stage(state: AzerothState, what: str, *stages: Stage) -> None:
    if state.stage not in stages:
        names = " or ".join(f"the {s.value} stage" for s in stages)
        raise IllegalAction(
            f"You can {what} only in {names}; it is the {state.stage.value} stage (5.1).",
            "type",
        )


def _set_side(state: AzerothState, seat: int, side: SideState) -> AzerothState:
    sides = (side, state.sides[1]) if seat == 0 else (state.sides[0], side)
    return replace(state, sides=sides)


def _set_model(state: AzerothState, seat: int, model: ModelState) -> AzerothState:
    return _set_side(state, seat, state.sides[seat].with_model(model))


def _player(seat: int) -> Player:
    return Player.A if seat == 0 else Player.B


def _seat(player: Player) -> int:
    return 0 if player is Player.A else 1


# --- The system ----------------------------------------------------------------------------


class AzerothSystem(System[AzerothSetup, AzerothState]):
    slug = "azeroth"
    name = "Azeroth at War"
    action_types = (
        ActionType(
            "edge_roll_off",
            "Each player rolls a D6; the higher chooses the table edge and the other places "
            "the first unit. A tie is rolled again (3.3, R63).",
            (PayloadField("rolls", "list[int]", "seat 0's die, then seat 1's die", dice=2),),
        ),
        ActionType(
            "nominate_warlord",
            "Assassination: secretly name one of your Heroes as your Warlord (11).",
            (PayloadField("model", "str", "the Hero's model id"),),
        ),
        ActionType(
            "round_roll_off",
            "From round 2, roll off for who activates first; a tie is rolled again (5.1).",
            (PayloadField("rolls", "list[int]", "seat 0's die, then seat 1's die", dice=2),),
        ),
        ActionType(
            "activate",
            "Activate one of your models: players alternate (5.1); Regeneration is applied "
            "first (4.6). The previous activation ends.",
            (PayloadField("model", "str", "the model's id"),),
        ),
        ActionType(
            "use_ability",
            "The activating model uses one ability from its card, paying its Mana (5.2, 8.2).",
            (
                PayloadField("model", "str", "the activating model"),
                PayloadField("ability", "str", "the ability's name on the card"),
            ),
        ),
        ActionType(
            "summon",
            "The activating Summon [X] model summons a unit with an ability: it costs the "
            "ability's Mana and lasts X rounds (4.6, R62, R69).",
            (
                PayloadField("model", "str", "the summoner"),
                PayloadField("name", "str", "the summoned unit's name"),
                PayloadField("wounds", "int", "its starting Wounds"),
                PayloadField("mana", "int", "the summoning ability's Mana cost"),
                PayloadField("tier", "str", "its tier, default baseline", False),
                PayloadField("points", "int", "its PTS, default 0", False),
                PayloadField("ability", "str", "the summoning ability's name", False),
                PayloadField(
                    "ability_type", "str", "the summoning ability's type, default instant", False
                ),
            ),
        ),
        ActionType(
            "spell_block",
            'A Spell Block model within 2" of the caster tries to block the pending ability: '
            "4+ on a D6, once per round (8.6).",
            (
                PayloadField("model", "str", "the Spell Block model"),
                PayloadField("roll", "int", "its D6", dice=1),
            ),
        ),
        ActionType(
            "dispel",
            "Spend 2 Mana to try to cancel the pending Buff or Debuff: 4+, +1 for a Magical "
            "Hero (8.5, R10).",
            (
                PayloadField("roll", "int", "the D6", dice=1),
                PayloadField("model", "str", "the Magical model rolling (default: a Hero)", False),
            ),
        ),
        ActionType(
            "counterspell",
            "Spend 3 Mana to try to cancel the pending Instant or Blast: 4+, +1 for a Magical "
            "Hero (8.5, R10).",
            (
                PayloadField("roll", "int", "the D6", dice=1),
                PayloadField("model", "str", "the Magical model rolling (default: a Hero)", False),
            ),
        ),
        ActionType(
            "opportunity_attack",
            "Record a model's Opportunity Attack: one per model per round (6.5). Its damage "
            "is a damage action.",
            (PayloadField("model", "str", "the attacking model"),),
        ),
        ActionType(
            "taunt",
            'After its activation a Taunt model marks one enemy within 6": that model must '
            "charge or fight it on its next activation (4.6). Once per round.",
            (
                PayloadField("model", "str", "the Taunt model"),
                PayloadField("target", "str", "the enemy model taunted"),
            ),
        ),
        ActionType(
            "damage",
            "A model loses Wounds; at 0 it is destroyed (7.8). Name the friendly models "
            'within 6" of it, who must then test Morale (10.1).',
            (
                PayloadField("model", "str", "the model hit"),
                PayloadField("amount", "int", "Wounds lost"),
                PayloadField("seat", "int", "its side, when both have that id", False),
                PayloadField(
                    "within_6", "list[str]", 'its friends within 6" if it is destroyed', False
                ),
            ),
        ),
        ActionType(
            "heal",
            "A model recovers Wounds, never above its starting Wounds; never Undead or "
            "Mechanical (4.6).",
            (
                PayloadField("model", "str", "the model healed"),
                PayloadField("amount", "int", "Wounds recovered"),
                PayloadField("seat", "int", "its side, when both have that id", False),
            ),
        ),
        ActionType(
            "morale_facts",
            "What the table sees around a model for its Morale test: an enemy with Fear "
            'within 6", another Hero\'s Command Aura, a friend destroyed within 6" (10.1, 10.2).',
            (
                PayloadField("model", "str", "the model"),
                PayloadField("seat", "int", "its side, when both have that id", False),
                PayloadField("fear_nearby", "bool", 'an enemy with Fear within 6"', False),
                PayloadField("command_aura", "bool", "within another Hero's aura", False),
                PayloadField(
                    "friendly_destroyed_within_6", "bool", 'a friend destroyed within 6"', False
                ),
            ),
        ),
        ActionType(
            "morale_test",
            "A model due a Morale test rolls 2D6: Waver, Rout or Rally follow (10.2, 10.3).",
            (
                PayloadField("model", "str", "the model testing"),
                PayloadField("rolls", "list[int]", "the two D6", dice=2),
                PayloadField("reroll", "list[int]", "a Command Aura reroll of a fail", False),
                PayloadField("seat", "int", "its side, when both have that id", False),
            ),
        ),
        ActionType(
            "leave_table",
            "A routing model reaches its table edge and is removed from play (10.3, R68).",
            (
                PayloadField("model", "str", "the routing model"),
                PayloadField("seat", "int", "its side, when both have that id", False),
            ),
        ),
        ActionType(
            "objectives",
            'Hold the Line: at the end of the round, which side has a unit within 3" of '
            "each objective (11).",
            (
                PayloadField(
                    "seat_0_within_3",
                    "list[bool]",
                    'per objective, in order: seat 0 has a unit within 3"',
                ),
                PayloadField(
                    "seat_1_within_3",
                    "list[bool]",
                    'per objective, in order: seat 1 has a unit within 3"',
                ),
            ),
        ),
        ActionType(
            "end_stage",
            "Finish the stage: Deployment, then each round's Mana, Activation and Morale "
            "stages (5.1). The game ends after round 6.",
        ),
    )

    # -- setup --

    def setup_from_json(self, data: Mapping[str, JSON]) -> AzerothSetup:
        """``{"battle_size": "standard", "scenario": "annihilation", "sides": [two {"name",
        "models": [{"id", "name", "slug", "points", "wounds", "tiers", "mov", "ini",
        "magical", "keywords": {name: X}, "abilities": [{"name", "type", "mana_cost"}]}]}]}``."""
        problems: Problems = {}
        if not isinstance(data, Mapping):
            raise InvalidInput({"setup": ["The setup must be an object."]})
        size = _enum(problems, "battle_size", data.get("battle_size"), BattleSize)
        scenario = _enum(problems, "scenario", data.get("scenario"), Scenario)
        sides_data = data.get("sides")
        sides: list[SideSetup] = []
        if not isinstance(sides_data, list) or len(sides_data) != 2:
            add_problem(problems, "sides", "Azeroth at War has exactly two sides.")
        else:
            for index, side in enumerate(sides_data):
                read = _side_setup(problems, f"sides.{index}", side)
                if read is not None:
                    sides.append(read)
        if problems:
            raise InvalidInput(problems)
        assert size is not None and scenario is not None
        setup = AzerothSetup((sides[0], sides[1]), BattleSize(size), Scenario(scenario))
        _check_setup(setup)
        return setup

    def setup_to_json(self, setup: AzerothSetup) -> dict[str, JSON]:
        return {
            "battle_size": setup.battle_size.value,
            "scenario": setup.scenario.value,
            "sides": [
                {"name": side.name, "models": [_model_json(m) for m in side.models]}
                for side in setup.sides
            ],
        }

    def seat_names(self, setup: AzerothSetup) -> tuple[str, ...]:
        return tuple(side.name for side in setup.sides)

    def initial_state(self, setup: AzerothSetup) -> AzerothState:
        """Both armies at full Wounds with empty Mana pools, ready to deploy (3.3)."""
        _check_setup(setup)
        sides = tuple(
            SideState(side.name, tuple(ModelState(m, m.wounds) for m in side.models))
            for side in setup.sides
        )
        return AzerothState(setup.battle_size, setup.scenario, (sides[0], sides[1]))

    # -- actions --

    def apply(self, state: AzerothState, action: Action) -> AzerothState:
        if state.over:
            raise IllegalAction(f"The game is over: {state.outcome.reason}", "type")
        if action.by is not None and action.by not in SEATS:
            raise IllegalAction("Only seats 0 and 1 play Azeroth at War.", "by")
        handler = _HANDLERS.get(action.type)
        if handler is None:
            raise IllegalAction(f"Azeroth at War has no action called {action.type!r}.", "type")
        return handler(state, action)

    def describe(
        self, action: Action, setup: AzerothSetup | None = None, viewer: int | None = None
    ) -> str:
        """A history line: "Ana: 3 damage to Orc Grunt 2". Names come from ``setup`` when
        given, else from the model ids. A Warlord's nomination never says which Hero."""
        return _describe(action, setup)

    def visible_payload(
        self, action: Action, state: AzerothState, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """A Warlord's nomination stays hidden in the history from all but its owner until
        that Warlord falls or the game ends (11); every other payload is open."""
        if action.type != "nominate_warlord":
            return action.payload
        owner = action.by
        if owner is None:
            model_id = action.payload.get("model")
            owners = [
                seat
                for seat in SEATS
                if isinstance(model_id, str) and state.sides[seat].find(model_id) is not None
            ]
            owner = owners[0] if len(owners) == 1 else None
        if viewer is not None and viewer == owner:
            return action.payload
        if state.over or (owner is not None and state.sides[owner].warlord_revealed):
            return action.payload
        return None

    # -- view --

    def view(self, state: AzerothState, viewer: int | None) -> dict[str, JSON]:
        """Everything the table shows, as plain JSON; a Warlord only to its owner until it
        falls or the game ends (11)."""
        return _view(state, viewer)


# --- Setup JSON ----------------------------------------------------------------------------


def _enum(problems: Problems, path: str, value: object, enum: type[StrEnum]) -> str | None:
    choices = [member.value for member in enum]
    if value not in choices:
        add_problem(problems, path, f"Must be one of {', '.join(choices)} (got {value!r}).")
        return None
    return str(value)


def _model_json(model: ModelSetup) -> dict[str, JSON]:
    return {
        "id": model.id,
        "name": model.name,
        "slug": model.slug,
        "points": model.points,
        "wounds": model.wounds,
        "tiers": [tier.value for tier in model.tiers],
        "mov": model.mov,
        "ini": model.ini,
        "magical": model.magical,
        "keywords": dict(model.keywords),
        "abilities": [
            {"name": a.name, "type": a.type.value, "mana_cost": a.mana_cost}
            for a in model.abilities
        ],
    }


def _text(problems: Problems, path: str, value: object, what: str) -> str | None:
    if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_NAME:
        add_problem(problems, path, f"{what} is 1 to {MAX_NAME} characters.")
        return None
    return value.strip()


def _side_setup(problems: Problems, path: str, data: object) -> SideSetup | None:
    if not isinstance(data, Mapping):
        add_problem(problems, path, "Each side is an object with a name and its models.")
        return None
    name = _text(problems, f"{path}.name", data.get("name"), "A player's name")
    models_data = data.get("models")
    models: list[ModelSetup] = []
    if not isinstance(models_data, list) or not 0 < len(models_data) <= MAX_MODELS:
        add_problem(problems, f"{path}.models", f"A side has 1 to {MAX_MODELS} models.")
        return None
    for index, item in enumerate(models_data):
        model = _model_setup(problems, f"{path}.models.{index}", item)
        if model is not None:
            models.append(model)
    if name is None or len(models) != len(models_data):
        return None
    return SideSetup(name, tuple(models))


def _model_setup(problems: Problems, path: str, data: object) -> ModelSetup | None:
    if not isinstance(data, Mapping):
        add_problem(problems, path, "Each model is an object.")
        return None
    before = len(problems)
    model_id = _text(problems, f"{path}.id", data.get("id"), "A model id")
    name = _text(problems, f"{path}.name", data.get("name"), "A model's name")
    slug = _text(problems, f"{path}.slug", data.get("slug"), "A unit slug")
    check_whole(problems, f"{path}.points", data.get("points"), 0, MAX_POINTS, "Points")
    check_whole(problems, f"{path}.wounds", data.get("wounds"), 1, MAX_STAT, "Wounds")
    check_whole(problems, f"{path}.mov", data.get("mov", 0), 0, MAX_STAT, "MOV")
    check_whole(problems, f"{path}.ini", data.get("ini", 0), 0, MAX_STAT, "INI")
    magical = data.get("magical", False)
    if not isinstance(magical, bool):
        add_problem(problems, f"{path}.magical", "Must be true or false.")
    tiers_data = data.get("tiers")
    tiers: list[Tier] = []
    choices = [t.value for t in Tier]
    if (
        not isinstance(tiers_data, list)
        or not 1 <= len(tiers_data) <= 2
        or not all(t in choices for t in tiers_data)
    ):
        add_problem(
            problems, f"{path}.tiers", f"One or two tiers of {', '.join(choices)} (4.1, 4.2)."
        )
    else:
        tiers = [Tier(t) for t in tiers_data]
    keywords_data = data.get("keywords", {})
    keywords: list[tuple[str, int]] = []
    if not isinstance(keywords_data, Mapping):
        add_problem(problems, f"{path}.keywords", "Keywords map each name to its X (0 if none).")
    else:
        for key, x in keywords_data.items():
            if not isinstance(key, str) or not key.strip():
                add_problem(problems, f"{path}.keywords", "A keyword needs a name.")
                continue
            check_whole(problems, f"{path}.keywords.{key}", x, 0, MAX_STAT, f"{key} [X]")
            if isinstance(x, int):
                keywords.append((key, x))
    abilities_data = data.get("abilities", [])
    abilities: list[AbilitySetup] = []
    if not isinstance(abilities_data, list):
        add_problem(problems, f"{path}.abilities", "Abilities are a list.")
    else:
        types = [t.value for t in AbilityType]
        for index, item in enumerate(abilities_data):
            where = f"{path}.abilities.{index}"
            if not isinstance(item, Mapping):
                add_problem(problems, where, "Each ability is an object.")
                continue
            ability_name = _text(problems, f"{where}.name", item.get("name"), "An ability's name")
            kind = item.get("type")
            if kind not in types:
                add_problem(problems, f"{where}.type", f"Must be one of {', '.join(types)} (8.3).")
            check_whole(
                problems, f"{where}.mana_cost", item.get("mana_cost", 0), 0, MANA_CAP, "Mana cost"
            )
            cost = item.get("mana_cost", 0)
            if ability_name is not None and kind in types and isinstance(cost, int):
                abilities.append(AbilitySetup(ability_name, AbilityType(kind), cost))
    if len(problems) != before:
        return None
    assert model_id is not None and name is not None and slug is not None
    return ModelSetup(
        id=model_id,
        name=name,
        slug=slug,
        points=int(data["points"]),
        wounds=int(data["wounds"]),
        tiers=tuple(tiers),
        mov=int(data.get("mov", 0)),
        ini=int(data.get("ini", 0)),
        magical=bool(magical),
        keywords=tuple(sorted(keywords)),
        abilities=tuple(abilities),
    )


def _check_setup(setup: AzerothSetup) -> None:
    """Model ids are unique within a side; an Assassination needs a Hero on each side."""
    problems: Problems = {}
    for index, side in enumerate(setup.sides):
        seen: set[str] = set()
        for number, model in enumerate(side.models):
            if model.id in seen:
                add_problem(
                    problems,
                    f"sides.{index}.models.{number}.id",
                    f"{side.name} has two models with the id {model.id!r}.",
                )
            seen.add(model.id)
        if setup.scenario is Scenario.ASSASSINATION and not any(m.hero for m in side.models):
            add_problem(
                problems,
                f"sides.{index}.models",
                f"{side.name} has no Hero to nominate as Warlord (11, Assassination).",
            )
    if problems:
        raise InvalidInput(problems)


# --- Deployment (3.3) and Warlords (11) ------------------------------------------------------


def _edge_roll_off(state: AzerothState, action: Action) -> AzerothState:
    """The higher D6 chooses the table edge and the other player places the first unit; a
    tie is rolled again (3.3, R63). The chooser places second and so activates first in
    round 1 (5.1, R65)."""
    _require_stage(state, "roll off for the table edge", Stage.DEPLOYMENT)
    if state.edge_chooser is not None:
        raise IllegalAction(
            f"{state.sides[state.edge_chooser].name} already chose the table edge (3.3).",
            "type",
        )
    rolls = _dice(action.payload, "rolls")
    assert rolls is not None
    result = edge_roll_off(rolls)
    if result.chooser is None:
        return replace(state, edge_rolls=rolls, deployment_steps=result.explanation)
    chooser = _seat(result.chooser)
    placed = deployment(state.battle_size, result.chooser)
    return replace(
        state,
        edge_rolls=rolls,
        edge_chooser=chooser,
        deployment_steps=(*result.explanation, *placed.explanation),
    )


def _nominate_warlord(state: AzerothState, action: Action) -> AzerothState:
    """Each player secretly names one of their Heroes as Warlord before the game (11)."""
    if state.scenario is not Scenario.ASSASSINATION:
        raise IllegalAction("Only an Assassination game has Warlords (11).", "type")
    _require_stage(state, "nominate a Warlord", Stage.DEPLOYMENT)
    seat, model = _own(state, action)
    if not model.profile.hero:
        raise IllegalAction(
            f"{model.name} is not a Hero: a Warlord is one of your Heroes (11).", "payload.model"
        )
    side = replace(state.sides[seat], warlord=Secret(seat, model.id))
    return _set_side(state, seat, side)


# --- Rounds and stages (5.1) -----------------------------------------------------------------


def _end_stage(state: AzerothState, action: Action) -> AzerothState:
    """Finish the stage once its checklist is done, and begin the next."""
    if state.stage is Stage.DEPLOYMENT:
        if state.edge_chooser is None:
            raise IllegalAction("Roll off for the table edge first (3.3).", "type")
        if state.scenario is Scenario.ASSASSINATION:
            missing = [s.name for s in state.sides if s.warlord is None]
            if missing:
                raise IllegalAction(
                    f"{' and '.join(missing)} must nominate a Warlord first (11).", "type"
                )
        return _begin_round(replace(state, round=1))
    if state.stage is Stage.MANA:
        state = replace(state, stage=Stage.ACTIVATION)
        if state.round == 1:
            assert state.deployed_second is not None
            first = first_activator(1, _player(state.deployed_second))
            assert first.player is not None
            state = replace(state, first=_seat(first.player), first_steps=first.explanation)
        return state
    if state.stage is Stage.ACTIVATION:
        if state.first is None:
            raise IllegalAction("Roll off for who activates first this round (5.1).", "type")
        waiting = [m.name for side in state.sides for m in side.to_activate]
        if waiting:
            raise IllegalAction(
                f"Every model activates before the Morale stage; still to go: "
                f"{', '.join(waiting)} (5.1).",
                "type",
            )
        return replace(_finish_activation(state), stage=Stage.MORALE)
    # the Morale stage
    if state.scenario is Scenario.HOLD_THE_LINE and state.objectives is None:
        raise IllegalAction("Record who controls each objective first (11, Hold the Line).", "type")
    due = [check.label for check in _morale_checks(state) if _due(state, check)]
    if due:
        raise IllegalAction(
            f"Morale tests still due: {', '.join(_label(state, d) for d in due)} (10.1).", "type"
        )
    return _end_round(state)


def _begin_round(state: AzerothState) -> AzerothState:
    """The Mana stage: each side gains its income at once (8.1, A13), objectives counted as
    controlled at the end of the last round (11, R60)."""
    state = replace(state, stage=Stage.MANA)
    sides = []
    for seat, side in enumerate(state.sides):
        alive = [m for m in side.models if m.in_play]
        heroes = sum(1 for m in alive if m.profile.hero)
        magical = sum(1 for m in alive if m.profile.magical and not m.profile.hero)
        held = sum(1 for c in state.held if c == seat)
        income = mana_income(
            state.battle_size,
            min(heroes, 99),
            min(magical, 99),
            held,
            state.scenario is Scenario.HOLD_THE_LINE,
            side.mana.value,
        )
        sides.append(
            replace(
                side,
                mana=replace(side.mana, value=income.pool_after),
                mana_breakdown=income.explanation,
            )
        )
    return replace(state, sides=(sides[0], sides[1]))


def _end_round(state: AzerothState) -> AzerothState:
    """The round ends: summons whose time is up leave (R62), objectives are counted, and
    after round 6 the scenario decides the game (11); otherwise the next round begins."""
    for seat in SEATS:
        side = state.sides[seat]
        expired: set[str] = set()
        for model in side.models:
            if model.in_play and model.summoned_round is not None and model.summon_x is not None:
                status = summon_expires(model.summoned_round, model.summon_x, state.round)
                if status.last_round <= state.round:
                    side = side.with_model(replace(model, status=REMOVED, taunted_by=None))
                    expired.add(model.id)
        state = _clear_taunts(_set_side(state, seat, side), 1 - seat, expired)
    held = state.objectives if state.objectives is not None else state.held
    state = replace(state, held=held)
    if state.round >= ROUNDS:
        return _final(state)
    fresh = tuple(
        replace(
            side,
            models=tuple(
                replace(
                    m,
                    activated=False,
                    ability_used=False,
                    lost_this_round=0,
                    friendly_destroyed_nearby=False,
                    fear_nearby=False,
                    command_aura=False,
                    morale_result=None,
                )
                for m in side.models
            ),
        )
        for side in state.sides
    )
    state = replace(
        state,
        sides=(fresh[0], fresh[1]),
        round=state.round + 1,
        round_rolls=None,
        first=None,
        first_steps=(),
        last_activator=None,
        current=None,
        limits=state.limits.reset(),
        pending=None,
        objectives=None,
    )
    return _begin_round(state)


def _round_roll_off(state: AzerothState, action: Action) -> AzerothState:
    """From round 2 the players roll off at the start of the Activation stage; the higher
    activates first and a tie is rolled again (5.1)."""
    _require_stage(state, "roll off for the first activation", Stage.ACTIVATION)
    if state.first is not None:
        who = state.sides[state.first].name
        raise IllegalAction(
            f"{who} already activates first this round"
            + (
                " (5.1)."
                if state.round > 1
                else ": in round 1 the player who deployed second does (5.1)."
            ),
            "type",
        )
    rolls = _dice(action.payload, "rolls")
    assert rolls is not None
    assert state.deployed_second is not None
    result = first_activator(state.round, _player(state.deployed_second), rolls)
    first = None if result.player is None else _seat(result.player)
    return replace(state, round_rolls=rolls, first=first, first_steps=result.explanation)


def next_seat(state: AzerothState) -> int | None:
    """Whose activation is next (5.1), None when nobody's is (or the roll-off is due)."""
    if state.stage is not Stage.ACTIVATION or state.first is None:
        return None
    left = [len(side.to_activate) for side in state.sides]
    last = None if state.last_activator is None else _player(state.last_activator)
    turn = next_activator(_player(state.first), last, min(left[0], 99), min(left[1], 99))
    return None if turn.player is None else _seat(turn.player)


def _finish_activation(state: AzerothState) -> AzerothState:
    """The activating model's activation ends: a Waver and a Taunt it was under are spent
    (10.3, 4.6; R67, R71), and the enemy can no longer answer its ability."""
    if state.current is None:
        return replace(state, pending=None)
    seat, model_id = state.current
    model = state.sides[seat].find(model_id)
    if model is not None and model.in_play:
        status = READY if model.status == WAVERED else model.status
        model = replace(model, status=status, taunted_by=None, ability_used=False)
        state = _set_model(state, seat, model)
    return replace(state, current=None, pending=None)


def _activate(state: AzerothState, action: Action) -> AzerothState:
    """The next player activates one of their models that has not yet (5.1); a routing
    model gets no activation (10.3). Regeneration [X] is applied at once (4.6), and a
    grounded flyer regains Fly (4.6)."""
    _require_stage(state, "activate a model", Stage.ACTIVATION)
    if state.first is None:
        raise IllegalAction(
            f"Roll off first: round {state.round} starts with a roll-off for who activates "
            "first (5.1).",
            "type",
        )
    seat, model = _own(state, action)
    _in_play(model)
    turn = next_seat(state)
    if turn != seat:
        whose = "nobody's" if turn is None else f"{state.sides[turn].name}'s"
        raise IllegalAction(
            f"It is {whose} activation, not {state.sides[seat].name}'s: players alternate "
            "one model at a time (5.1).",
            "by",
        )
    if model.status == ROUTING:
        raise IllegalAction(
            f"{model.name} is routing and gets no activation (10.3).", "payload.model"
        )
    if model.activated:
        raise IllegalAction(
            f"{model.name} has already activated this round (5.1).", "payload.model"
        )
    state = _finish_activation(state)
    model = state.sides[seat].find(model.id) or model
    regeneration = model.profile.keyword("Regeneration")
    wounds = model.wounds_left
    if regeneration:
        wounds = regenerate(
            model.wounds_left, model.profile.wounds, regeneration, model.profile.fearless
        ).wounds_left
    model = replace(
        model,
        activated=True,
        ability_used=False,
        wounds_left=wounds,
        statuses=model.statuses.remove(GROUNDED),
    )
    state = _set_model(state, seat, model)
    return replace(state, current=(seat, model.id), last_activator=seat)


def _current_model(state: AzerothState, action: Action, what: str) -> tuple[int, ModelState]:
    _require_stage(state, what, Stage.ACTIVATION)
    seat, model = _own(state, action)
    if state.current != (seat, model.id):
        raise IllegalAction(
            f"{model.name} is not activating: a model {what} during its own activation (5.2).",
            "payload.model",
        )
    if model.ability_used:
        raise IllegalAction(
            f"{model.name} has already used an ability this activation (5.2, 8.2).",
            "payload.model",
        )
    return seat, model


def _spend(side: SideState, amount: int, field_name: str) -> SideState:
    if side.mana.value < amount:
        raise IllegalAction(
            f"{side.name} has {side.mana.value} Mana and this costs {amount} (8.2).",
            field_name,
        )
    return replace(side, mana=side.mana.spend(amount, "Mana"))


def _use_ability(state: AzerothState, action: Action) -> AzerothState:
    """One ability per activation, paid from the side's shared pool (5.2, 8.2). A Reaction
    is used out of turn, when an enemy leaves the model's 2" zone, once per round (8.3).
    The ability stays open to a Spell Block, Dispel or Counterspell until the next
    activation (8.5, 8.6)."""
    _require_stage(state, "use an ability", Stage.ACTIVATION)
    seat, model = _own(state, action)
    _in_play(model)
    name: str = payload_value(action.payload, "ability", str)
    ability = model.profile.ability(name)
    if ability is None:
        have = ", ".join(a.name for a in model.profile.abilities) or "none"
        raise IllegalAction(
            f"{model.name}'s card has no ability {name!r} (it has: {have}).", "payload.ability"
        )
    limits = state.limits
    if ability.type is AbilityType.REACTION:
        if state.current is not None and state.current[0] == seat:
            raise IllegalAction(
                f"{ability.name} is a Reaction: it answers an enemy model leaving "
                f"{model.name}'s 2\" zone during the enemy's activation (8.3).",
                "payload.ability",
            )
        limits = limits.use(
            f"reaction:{seat}:{model.id}",
            f"{model.name} has already used a Reaction this round (8.3).",
        )
    else:
        seat, model = _current_model(state, action, "uses an ability")
    side = _spend(state.sides[seat], ability.mana_cost, "payload.ability")
    if ability.type is not AbilityType.REACTION:
        side = side.with_model(replace(model, ability_used=True))
    pending = PendingAbility(seat, model.id, ability.name, ability.type, ability.mana_cost)
    return replace(_set_side(state, seat, side), pending=pending, limits=limits)


def _summon(state: AzerothState, action: Action) -> AzerothState:
    """A Summon [X] model's summoning ability: one ability, its Mana paid; the unit lasts X
    rounds counting this one (4.6, R62). A summoner whose last summons is still on the table
    cannot summon again (4.6, R69)."""
    seat, model = _current_model(state, action, "summons")
    x = model.profile.keyword("Summon")
    if not x:
        raise IllegalAction(f"{model.name} has no Summon [X] keyword (4.6).", "payload.model")
    side = state.sides[seat]
    if any(m.summoner == model.id and m.in_play for m in side.models):
        raise IllegalAction(
            f"{model.name}'s summoned unit is still on the table: it may summon again once "
            "that one has expired or been destroyed (4.6, R69).",
            "payload.model",
        )
    name: str = payload_value(action.payload, "name", str)
    if not 0 < len(name.strip()) <= MAX_NAME:
        raise IllegalAction(f"A name is 1 to {MAX_NAME} characters.", "payload.name")
    wounds: int = payload_value(action.payload, "wounds", int)
    if not 1 <= wounds <= MAX_STAT:
        raise IllegalAction(f"Wounds are 1 to {MAX_STAT}.", "payload.wounds")
    points: int = payload_value(action.payload, "points", int, 0)
    if not 0 <= points <= MAX_POINTS:
        raise IllegalAction(f"Points are 0 to {MAX_POINTS}.", "payload.points")
    mana: int = payload_value(action.payload, "mana", int)
    if not 0 <= mana <= MANA_CAP:
        raise IllegalAction(f"A Mana cost is 0 to {MANA_CAP}.", "payload.mana")
    tier_name: str = payload_value(action.payload, "tier", str, Tier.BASELINE.value)
    if tier_name not in [t.value for t in Tier]:
        raise IllegalAction("The tier is baseline, mounted, elite or hero.", "payload.tier")
    if len(side.models) >= MAX_MODELS:
        raise IllegalAction(f"A side has at most {MAX_MODELS} models.", "payload.name")
    ability: str = payload_value(action.payload, "ability", str, "Summon")
    side = _spend(side, mana, "payload.mana")
    number = side.summons + 1
    profile = ModelSetup(
        id=f"{model.id}-summon-{number}",
        name=name.strip(),
        slug=_slug_name(name),
        points=points,
        wounds=wounds,
        tiers=(Tier(tier_name),),
    )
    summoned = ModelState(
        profile, wounds, summoner=model.id, summoned_round=state.round, summon_x=x
    )
    side = side.with_model(replace(model, ability_used=True))
    side = replace(side, models=(*side.models, summoned), summons=number)
    kind: str = payload_value(action.payload, "ability_type", str, AbilityType.INSTANT.value)
    if kind not in [t.value for t in AbilityType]:
        raise IllegalAction(
            f"An ability type is one of {', '.join(t.value for t in AbilityType)} (8.3).",
            "payload.ability_type",
        )
    pending = PendingAbility(seat, model.id, ability.strip() or "Summon", AbilityType(kind), mana)
    return replace(_set_side(state, seat, side), pending=pending)


# --- Answering an ability (8.5, 8.6) ---------------------------------------------------------


def _pending_against(state: AzerothState, seat: int) -> PendingAbility:
    pending = state.pending
    if pending is None or pending.seat == seat:
        raise IllegalAction(
            "There is no enemy ability to answer: the latest one has resolved (8.5, 8.6).",
            "type",
        )
    if pending.stopped:
        raise IllegalAction(
            f"{pending.name} has already been stopped: nothing is left to answer.", "type"
        )
    return pending


def _spell_block(state: AzerothState, action: Action) -> AzerothState:
    """A Spell Block model rolls a D6 against the ability: 4+ blocks it, and the caster's
    Mana stays spent. Once per round per model, and before any Dispel or Counterspell
    (8.6, R9). That the caster is within 2" is the table's call."""
    seat, model = _own(state, action)
    _in_play(model)
    pending = _pending_against(state, seat)
    if not model.profile.has("Spell Block"):
        raise IllegalAction(f"{model.name} has no Spell Block keyword (4.6).", "payload.model")
    if pending.spell_block is not None or pending.response is not None:
        raise IllegalAction(
            "Spell Block comes first and only once against an ability (8.6, R9).", "type"
        )
    limits = state.limits.use(
        f"block:{seat}:{model.id}",
        f"{model.name} has already tried a Spell Block this round (8.6).",
    )
    roll = _die(action.payload)
    needed = roll_target(SPELL_BLOCK_TARGET, 0, NaturalRolls.STANDARD).needed
    pending = replace(pending, spell_block="blocked" if roll >= needed else "failed")
    return replace(state, limits=limits, pending=pending)


def _dispeller(side: SideState) -> tuple[Dispeller, ModelState | None]:
    """Who rolls a side's Dispel or Counterspell: a surviving Magical Hero when there is
    one, for its +1 (8.5, R10, R72)."""
    magical = [m for m in side.models if m.in_play and m.profile.magical]
    heroes = [m for m in magical if m.profile.hero]
    if heroes:
        return Dispeller.MAGICAL_HERO, heroes[0]
    if magical:
        return Dispeller.MAGICAL_MODEL, magical[0]
    return Dispeller.NONE, None


def _respond(kind: str) -> Handler:
    def respond(state: AzerothState, action: Action) -> AzerothState:
        if action.by is None and state.pending is not None:
            action = replace(action, by=1 - state.pending.seat)  # the host answers for them
        seat = _seat_of(action)
        pending = _pending_against(state, seat)
        allowed = RESPONSES.get(pending.type)
        if allowed is None or allowed[0] != kind:
            answer = "nothing" if allowed is None else f"a {allowed[0].capitalize()}"
            raise IllegalAction(
                f"{pending.name} is a {pending.type.value} ability: it can be answered by "
                f"{answer}, not a {kind.capitalize()} (8.5, R8).",
                "type",
            )
        if pending.response is not None:
            raise IllegalAction(
                f"{state.sides[seat].name} has already tried a {pending.response} against "
                f"{pending.name} (8.5, R72).",
                "type",
            )
        side = state.sides[seat]
        who, roller = _dispeller(side)
        if "model" in action.payload:
            _, roller = _own(state, replace(action, by=seat))
            _in_play(roller)
            if not roller.profile.magical:
                raise IllegalAction(
                    f"{roller.name} is not Magical and cannot {kind} (8.5).", "payload.model"
                )
            who = Dispeller.MAGICAL_HERO if roller.profile.hero else Dispeller.MAGICAL_MODEL
        if roller is None:
            raise IllegalAction(
                f"{side.name} has no surviving Magical model, so it cannot {kind} (8.5).", "type"
            )
        cost = allowed[1]
        side = _spend(side, cost, "type")
        roll = _die(action.payload)
        bonus = 1 if who is Dispeller.MAGICAL_HERO else 0
        needed = roll_target(RESPONSE_TARGET, bonus, NaturalRolls.STANDARD).needed
        result = "cancelled" if roll >= needed else "failed"
        pending = replace(pending, response=kind, response_result=result)
        return replace(_set_side(state, seat, side), pending=pending)

    respond.__doc__ = (
        f"A {kind.capitalize()}: the side pays its Mana and rolls a D6 needing 4+, +1 when a "
        "Magical Hero rolls; the caster's Mana stays spent (8.5, R9, R10)."
    )
    return respond


def response_odds(
    state: AzerothState, spell_block: bool = False, respond: bool = True
) -> SpellOdds | None:
    """The odds that the pending ability goes off, is blocked or is cancelled, as the side
    answering it stands now (8.5, 8.6; magic.spell_odds). ``spell_block`` assumes an unused
    Spell Block model within 2" of the caster. None when no ability is pending."""
    pending = state.pending
    if pending is None or pending.stopped:
        return None
    defender = state.sides[1 - pending.seat]
    who, _ = _dispeller(defender)
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


# --- Opportunity Attacks and Taunt (6.5, 4.6) ------------------------------------------------


def _opportunity_attack(state: AzerothState, action: Action) -> AzerothState:
    """A model makes at most one Opportunity Attack per round (6.5)."""
    _require_stage(state, "make an Opportunity Attack", Stage.ACTIVATION, Stage.MORALE)
    seat, model = _own(state, action)
    _in_play(model)
    limits = state.limits.use(
        f"oa:{seat}:{model.id}",
        f"{model.name} has already made its Opportunity Attack this round (6.5).",
    )
    return replace(state, limits=limits)


def _taunt(state: AzerothState, action: Action) -> AzerothState:
    """Right after its activation a Taunt model marks one enemy; a newer Taunt replaces an
    older one; Undead and Mechanical models are immune (4.6, R71)."""
    _require_stage(state, "declare Taunt", Stage.ACTIVATION)
    seat, model = _own(state, action)
    if not model.profile.has("Taunt"):
        raise IllegalAction(f"{model.name} has no Taunt keyword (4.6).", "payload.model")
    if state.current != (seat, model.id):
        raise IllegalAction(
            f"Taunt is declared right after the Taunt model's own activation, and "
            f"{model.name} is not the model that just activated (4.6, R71).",
            "payload.model",
        )
    target_id: str = payload_value(action.payload, "target", str)
    target = state.sides[1 - seat].find(target_id)
    if target is None:
        raise IllegalAction(
            f"{state.sides[1 - seat].name} has no model {target_id!r}.", "payload.target"
        )
    _in_play(target, "target")
    if target.profile.fearless:
        raise IllegalAction(
            f"{target.name} is Undead or Mechanical and immune to Taunt (4.6).", "payload.target"
        )
    limits = state.limits.use(
        f"taunt:{seat}:{model.id}", f"{model.name} has already taunted this round (4.6)."
    )
    state = _set_model(state, 1 - seat, replace(target, taunted_by=model.id))
    return replace(state, limits=limits)


# --- Damage, healing and destruction (7.8) ---------------------------------------------------


def _damage(state: AzerothState, action: Action) -> AzerothState:
    """Wounds come off; at 0 the model is destroyed (7.1 step 6, 7.8)."""
    _require_stage(state, "deal damage", Stage.MANA, Stage.ACTIVATION, Stage.MORALE)
    seat, model = _locate(state, action)
    _in_play(model)
    amount = _amount(action.payload)
    nearby = _nearby(state, action, seat, model)
    lost = min(amount, model.wounds_left)
    model = replace(
        model, wounds_left=model.wounds_left - lost, lost_this_round=model.lost_this_round + lost
    )
    state = _set_model(state, seat, model)
    if model.wounds_left == 0:
        state = _destroy(state, seat, model, DESTROYED, nearby)
    return state


def _nearby(
    state: AzerothState, action: Action, seat: int, model: ModelState
) -> tuple[ModelState, ...]:
    ids = action.payload.get("within_6", [])
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise IllegalAction("'within_6' must be a list of model ids.", "payload.within_6")
    found: list[ModelState] = []
    for model_id in ids:
        friend = state.sides[seat].find(model_id)
        if friend is None or friend.id == model.id:
            raise IllegalAction(
                f"{model_id!r} is not another model of {state.sides[seat].name}'s.",
                "payload.within_6",
            )
        found.append(friend)
    return tuple(found)


def _destroy(
    state: AzerothState,
    seat: int,
    model: ModelState,
    how: str,
    nearby: Sequence[ModelState] = (),
) -> AzerothState:
    """What a model's end causes (7.8): its activation ends, its summons leave without
    triggering Morale (4.6), Taunts it made expire (4.6), friends within 6" must test
    (10.1), the enemy scores its PTS (11), the army may lose its last Hero (9.1), and the
    scenario may end (11). A model that flees off the table counts as destroyed but makes
    no one test (R68)."""
    model = replace(model, status=how, wounds_left=0, taunted_by=None)
    state = _set_model(state, seat, model)
    if state.current == (seat, model.id):
        state = replace(state, current=None)
    side = state.sides[seat]
    gone = {model.id}
    near = {n.id for n in nearby} if how == DESTROYED else set()
    models = []
    for other in side.models:
        if other.summoner == model.id and other.in_play:
            other = replace(other, status=REMOVED, taunted_by=None)
            gone.add(other.id)
        elif other.id in near and other.in_play:
            other = replace(other, friendly_destroyed_nearby=True)
        models.append(other)
    side = replace(side, models=tuple(models))
    if model.profile.hero and not any(m.profile.hero and m.in_play for m in side.models):
        side = replace(side, last_hero_slain=True)
    if side.warlord_id == model.id:
        side = replace(side, warlord_revealed=True)
    state = _set_side(state, seat, side)
    enemy = state.sides[1 - seat]
    enemy = replace(enemy, points_destroyed=enemy.points_destroyed + model.profile.points)
    state = _set_side(state, 1 - seat, enemy)
    return _check_victory(_clear_taunts(state, 1 - seat, gone))


def _clear_taunts(state: AzerothState, seat: int, taunters: set[str]) -> AzerothState:
    """A Taunt expires when its Taunt model leaves play (4.6)."""
    side = state.sides[seat]
    models = tuple(
        replace(m, taunted_by=None) if m.taunted_by in taunters else m for m in side.models
    )
    return _set_side(state, seat, replace(side, models=models))


def _heal(state: AzerothState, action: Action) -> AzerothState:
    """Lost Wounds come back, never above the starting Wounds; Undead and Mechanical models
    cannot be healed (4.6). Wounds lost this round still count for Morale (R30)."""
    _require_stage(state, "heal", Stage.MANA, Stage.ACTIVATION, Stage.MORALE)
    seat, model = _locate(state, action)
    _in_play(model)
    amount = _amount(action.payload)
    if model.profile.fearless:
        raise IllegalAction(
            f"{model.name} is Undead or Mechanical and cannot be healed (4.6).", "payload.model"
        )
    if model.wounds_left == model.profile.wounds:
        raise IllegalAction(f"{model.name} has lost no Wounds.", "payload.model")
    healed = min(model.profile.wounds, model.wounds_left + amount)
    return _set_model(state, seat, replace(model, wounds_left=healed))


def _leave_table(state: AzerothState, action: Action) -> AzerothState:
    """A routing model that reaches its table edge is removed from play (10.3), scored as
    destroyed but making no one test (R68)."""
    _require_stage(state, "have a routing model leave", Stage.MORALE, Stage.ACTIVATION)
    seat, model = _locate(state, action)
    _in_play(model)
    if model.status != ROUTING:
        raise IllegalAction(
            f"{model.name} is not routing: only a fleeing model leaves by its edge (10.3).",
            "payload.model",
        )
    return _destroy(state, seat, model, FLED)


# --- Morale (10; A10, A11) -------------------------------------------------------------------


def _morale_checks(state: AzerothState) -> tuple[MoraleCheck, ...]:
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


def _split(label: str) -> tuple[int, str]:
    seat, model_id = label.split(":", 1)
    return int(seat), model_id


def _label(state: AzerothState, label: str) -> str:
    seat, model_id = _split(label)
    model = state.sides[seat].find(model_id)
    return model.name if model is not None else model_id


def _due(state: AzerothState, check: MoraleCheck) -> bool:
    seat, model_id = _split(check.label)
    model = state.sides[seat].find(model_id)
    return check.must_test.required and model is not None and model.morale_result is None


def _morale_facts(state: AzerothState, action: Action) -> AzerothState:
    """What the table sees around a model this round, for its Morale test (10.1, 10.2)."""
    _require_stage(state, "report what is near a model", Stage.ACTIVATION, Stage.MORALE)
    seat, model = _locate(state, action)
    _in_play(model)
    if model.morale_result is not None:
        raise IllegalAction(f"{model.name} has already tested this round.", "payload.model")
    fear: bool | None = payload_value(action.payload, "fear_nearby", bool, None)
    aura: bool | None = payload_value(action.payload, "command_aura", bool, None)
    friend: bool | None = payload_value(action.payload, "friendly_destroyed_within_6", bool, None)
    if fear is None and aura is None and friend is None:
        raise IllegalAction(
            "Say what is near it: fear_nearby, command_aura or friendly_destroyed_within_6.",
            "payload",
        )
    model = replace(
        model,
        fear_nearby=model.fear_nearby if fear is None else fear,
        command_aura=model.command_aura if aura is None else aura,
        friendly_destroyed_nearby=model.friendly_destroyed_nearby if friend is None else friend,
    )
    return _set_model(state, seat, model)


def _morale_test(state: AzerothState, action: Action) -> AzerothState:
    """The table's 2D6 for a model due a test, with a Command Aura reroll of a fail when
    another Hero's aura covers it; the reroll stands (10.2, 10.3; A10, A11, R61)."""
    _require_stage(state, "test Morale", Stage.MORALE)
    seat, model = _locate(state, action)
    _in_play(model)
    if model.morale_result is not None:
        raise IllegalAction(
            f"{model.name} has already tested this round ({model.morale_result}).", "payload.model"
        )
    check = next(c for c in _morale_checks(state) if c.label == f"{seat}:{model.id}")
    if not check.must_test.required or check.odds is None or check.odds.morale_value is None:
        why = " ".join(step.text for step in check.must_test.reasons)
        raise IllegalAction(f"{model.name} need not test: {why}", "payload.model")
    rolls = _dice(action.payload, "rolls")
    reroll = _dice(action.payload, "reroll", required=False)
    assert rolls is not None
    if reroll is not None and not model.command_aura:
        raise IllegalAction(
            f"{model.name} is not within another Hero's Command Aura, so it cannot reroll "
            "(9.1, A10).",
            "payload.reroll",
        )
    try:
        result = morale_result(
            check.odds.morale_value,
            sum(rolls),
            None if reroll is None else sum(reroll),
            routing=model.status == ROUTING,
        )
    except InvalidInput as error:
        raise IllegalAction(error.message, "payload.reroll") from None
    status, statuses = model.status, model.statuses
    if result.outcome is MoraleOutcome.WAVER:
        status = WAVERED
        if model.profile.has("Fly"):
            statuses = statuses.add(GROUNDED)
    elif result.outcome is MoraleOutcome.ROUT:
        status = ROUTING
        if model.profile.has("Fly"):
            statuses = statuses.add(GROUNDED)  # a routing flyer flees on the ground (10.3)
    elif result.outcome is MoraleOutcome.RALLY:
        status = WAVERED
    model = replace(model, status=status, statuses=statuses, morale_result=result.outcome.value)
    return _set_model(state, seat, model)


# --- Objectives and the end of the game (11) -------------------------------------------------


def _objectives(state: AzerothState, action: Action) -> AzerothState:
    """Hold the Line: at the end of each round, who has a unit within 3" of each objective;
    an objective is held by the side alone within 3" (11, R60)."""
    if state.scenario is not Scenario.HOLD_THE_LINE:
        raise IllegalAction("Only Hold the Line has objectives (11).", "type")
    _require_stage(state, "record objective control", Stage.MORALE)
    count = objective_count(state.battle_size)
    lists = []
    for key in ("seat_0_within_3", "seat_1_within_3"):
        value = action.payload.get(key)
        if (
            not isinstance(value, list)
            or len(value) != count
            or not all(isinstance(b, bool) for b in value)
        ):
            raise IllegalAction(
                f"'{key}' says for each of the {count} objectives whether that side has a "
                'unit within 3" of it (11).',
                f"payload.{key}",
            )
        lists.append(value)
    controllers = tuple(
        None if (c := objective_controller(ObjectiveFacts(a, b))) is None else _seat(c)
        for a, b in zip(lists[0], lists[1], strict=True)
    )
    return replace(state, objectives=controllers)


def _standing(state: AzerothState, seat: int) -> ArmyStanding:
    side = state.sides[seat]
    army = side.army
    return ArmyStanding(
        units_remaining=len(army),
        points_destroyed=side.points_destroyed,
        surviving_wounds=sum(m.wounds_left for m in army),
        remaining_points=sum(m.profile.points for m in army),
        warlord_slain=_warlord_slain(side),
    )


def _warlord_slain(side: SideState) -> bool:
    warlord = None if side.warlord_id is None else side.find(side.warlord_id)
    return warlord is not None and not warlord.in_play


def _result(state: AzerothState, rounds_completed: int) -> GameResult:
    a, b = _standing(state, 0), _standing(state, 1)
    if state.scenario is Scenario.ANNIHILATION:
        return annihilation_result(a, b, rounds_completed)
    if state.scenario is Scenario.ASSASSINATION:
        return assassination_result(a, b, rounds_completed)
    if rounds_completed < ROUNDS and (a.units_remaining == 0) != (b.units_remaining == 0):
        # R70: an army with no models left cannot hold anything; the game ends at once.
        return annihilation_result(a, b, rounds_completed)
    facts = tuple(ObjectiveFacts(c == 0, c == 1) for c in state.held)
    return hold_the_line_result(a.points_destroyed, b.points_destroyed, facts, rounds_completed)


def _named(state: AzerothState, text: str) -> str:
    """A table explanation with "player A" and "player B" given the sides' names."""
    for seat, letter in enumerate("AB"):
        name = state.sides[seat].name
        text = text.replace(f"Player {letter} ", f"{name} ").replace(
            f"player {letter} ", f"{name} "
        )
        text = text.replace(f"player {letter}'s", f"{name}'s").replace(f" {letter} ", f" {name} ")
    return text


def _ended(state: AzerothState, result: GameResult) -> AzerothState:
    winner = None if result.winner is None else _seat(result.winner)
    explanation = tuple(Step(step.rule, _named(state, step.text)) for step in result.explanation)
    last = explanation[-1].text
    reason = last  # it names the winner, or says the game is a draw
    sides = tuple(replace(side, warlord_revealed=side.warlord is not None) for side in state.sides)
    return replace(
        state,
        sides=(sides[0], sides[1]),
        stage=Stage.OVER,
        current=None,
        pending=None,
        outcome=(Outcome.draw(2, reason) if winner is None else Outcome.win([winner], 2, reason)),
        result=explanation,
    )


def _check_victory(state: AzerothState) -> AzerothState:
    """A victory condition met in the middle of a round ends the game at once (5, 11)."""
    result = _result(state, state.round - 1)
    if result.outcome is ResultKind.ONGOING:
        return state
    return _ended(state, result)


def _final(state: AzerothState) -> AzerothState:
    """After round 6 the scenario's count decides (11)."""
    return _ended(state, _result(state, ROUNDS))


# --- History lines -------------------------------------------------------------------------


def _humanize(model_id: str) -> str:
    return " ".join(word.capitalize() for word in model_id.split("-"))


def _describe(action: Action, setup: AzerothSetup | None) -> str:
    payload = action.payload

    def seat_name(seat: int | None) -> str:
        if seat is None:
            return "Host"
        if setup is not None and seat in SEATS:
            return setup.sides[seat].name
        return f"Seat {seat}"

    def model_name(key: str = "model", seat: int | None = None) -> str:
        model_id = payload.get(key)
        if not isinstance(model_id, str):
            return "?"
        if setup is not None:
            seats = (seat,) if seat in SEATS else SEATS
            for s in seats:
                assert s is not None
                found = setup.sides[s].model(model_id)
                if found is not None:
                    return found.name
        return _humanize(model_id)

    who = seat_name(action.by)
    target_seat = payload.get("seat") if isinstance(payload.get("seat"), int) else None
    kind = action.type
    if kind in ("edge_roll_off", "round_roll_off"):
        what = "table edge" if kind == "edge_roll_off" else "first activation"
        return f"{who}: roll-off for the {what} {payload.get('rolls')}"
    if kind == "nominate_warlord":
        return f"{who}: nominated a Warlord in secret"
    if kind == "activate":
        return f"{who}: activates {model_name(seat=action.by)}"
    if kind == "use_ability":
        return f"{who}: {model_name(seat=action.by)} uses {payload.get('ability')}"
    if kind == "summon":
        return f"{who}: {model_name(seat=action.by)} summons {payload.get('name')}"
    if kind == "spell_block":
        return (
            f"{who}: {model_name(seat=action.by)} tries a Spell Block, rolls {payload.get('roll')}"
        )
    if kind in ("dispel", "counterspell"):
        return f"{who}: {kind}, rolls {payload.get('roll')}"
    if kind == "opportunity_attack":
        return f"{who}: Opportunity Attack by {model_name(seat=action.by)}"
    if kind == "taunt":
        enemy = None if action.by is None else 1 - action.by
        return f"{who}: {model_name(seat=action.by)} taunts {model_name('target', seat=enemy)}"
    if kind == "damage":
        return f"{who}: {payload.get('amount')} damage to {model_name(seat=target_seat)}"
    if kind == "heal":
        return f"{who}: heals {model_name(seat=target_seat)} by {payload.get('amount')}"
    if kind == "morale_facts":
        return f"{who}: what is near {model_name(seat=target_seat)} for Morale"
    if kind == "morale_test":
        return (
            f"{who}: Morale test for {model_name(seat=target_seat)}, rolls {payload.get('rolls')}"
        )
    if kind == "leave_table":
        return f"{who}: {model_name(seat=target_seat)} flees off the table"
    if kind == "objectives":
        return f"{who}: objective control recorded"
    if kind == "end_stage":
        return f"{who}: ends the stage"
    label = kind.replace("_", " ")
    return f"{who}: {label}"


# --- View ----------------------------------------------------------------------------------


def _percent(p: float) -> float:
    return round(p * 100, 1)


def _steps(steps: Sequence[Step]) -> list[JSON]:
    return [f"{step.text} ({step.rule})" for step in steps]


def _named_steps(state: AzerothState, steps: Sequence[Step]) -> list[JSON]:
    return [f"{_named(state, step.text)} ({step.rule})" for step in steps]


def _checklist(state: AzerothState) -> list[JSON]:
    done: dict[str, bool] = {}
    if state.stage is Stage.DEPLOYMENT:
        done = {
            "roll off for the table edge": state.edge_chooser is not None,
            "nominate Warlords in secret": all(s.warlord is not None for s in state.sides),
        }
        items = list(CHECKLISTS[Stage.DEPLOYMENT])
        if state.scenario is not Scenario.ASSASSINATION:
            items.remove("nominate Warlords in secret")
    elif state.stage is Stage.MANA:
        items = list(CHECKLISTS[Stage.MANA])
        done = {"gain Mana": True}
    elif state.stage is Stage.ACTIVATION:
        items = list(CHECKLISTS[Stage.ACTIVATION])
        done = {
            "roll off for the first activation": state.first is not None,
            "activate every model, alternating": not any(s.to_activate for s in state.sides),
        }
        if state.round == 1:
            items[0] = "the player who deployed second activates first"
            done[items[0]] = True
    elif state.stage is Stage.MORALE:
        items = list(CHECKLISTS[Stage.MORALE])
        if state.scenario is not Scenario.HOLD_THE_LINE:
            items.remove("record objective control")
        done = {
            "record objective control": state.objectives is not None,
            "test Morale for every model due": not any(
                _due(state, c) for c in _morale_checks(state)
            ),
        }
    else:
        items = []
    # None: a step the players do at the table, which the tracker cannot see
    return [{"step": item, "done": done.get(item)} for item in items]


def _model_view(
    state: AzerothState, seat: int, model: ModelState, show_warlord: bool
) -> dict[str, JSON]:
    profile = model.profile
    rounds_left: int | None = None
    if model.summoned_round is not None and model.summon_x is not None and model.in_play:
        rounds_left = summon_expires(
            model.summoned_round, model.summon_x, max(state.round, model.summoned_round)
        ).rounds_left
    return {
        "id": model.id,
        "name": model.name,
        "slug": profile.slug,
        "points": profile.points,
        "tiers": [t.value for t in profile.tiers],
        "hero": profile.hero,
        "magical": profile.magical,
        "keywords": dict(profile.keywords),
        "abilities": [
            {"name": a.name, "type": a.type.value, "mana_cost": a.mana_cost}
            for a in profile.abilities
        ],
        "wounds": model.wounds_left,
        "max_wounds": profile.wounds,
        "lost_this_round": model.lost_this_round,
        "status": model.status,
        "grounded": model.statuses.has(GROUNDED),
        "activated": model.activated,
        "activating": state.current == (seat, model.id),
        "ability_used": model.ability_used,
        "taunted_by": model.taunted_by,
        "summoner": model.summoner,
        "summoned_rounds_left": rounds_left,
        "warlord": show_warlord and state.sides[seat].warlord_id == model.id,
        "fear_nearby": model.fear_nearby,
        "command_aura": model.command_aura,
        "friendly_destroyed_within_6": model.friendly_destroyed_nearby,
        "morale_result": model.morale_result,
    }


def _used(state: AzerothState, prefix: str, seat: int) -> list[JSON]:
    start = f"{prefix}:{seat}:"
    return sorted(key[len(start) :] for key in state.limits.used if key.startswith(start))


def _morale_view(state: AzerothState, seat: int) -> list[JSON]:
    if state.stage not in (Stage.ACTIVATION, Stage.MORALE):
        return []
    tests: list[JSON] = []
    for check in _morale_checks(state):
        owner, model_id = _split(check.label)
        if owner != seat or not check.must_test.required or check.odds is None:
            continue
        model = state.sides[seat].find(model_id)
        assert model is not None
        odds = check.odds
        tests.append(
            {
                "model": model_id,
                "name": model.name,
                "reasons": _steps(check.must_test.reasons),
                "morale_value": odds.morale_value,
                "reroll": odds.reroll,
                "pass": _percent(odds.pass_probability),
                "waver": _percent(odds.waver_probability),
                "rout": _percent(odds.rout_probability),
                "explanation": _steps(odds.explanation),
                "result": model.morale_result,
            }
        )
    return tests


def _side_view(state: AzerothState, seat: int, viewer: int | None) -> dict[str, JSON]:
    side = state.sides[seat]
    show = side.warlord is not None and (side.warlord.visible_to(viewer) or side.warlord_revealed)
    return {
        "name": side.name,
        "mana": side.mana.value,
        "mana_cap": side.mana.maximum,
        "mana_breakdown": _steps(side.mana_breakdown),
        "last_hero_slain": side.last_hero_slain,
        "warlord": side.warlord_id if show else None,
        "warlord_nominated": side.warlord is not None,
        "opportunity_attacks_used": _used(state, "oa", seat),
        "spell_blocks_used": _used(state, "block", seat),
        "taunts_used": _used(state, "taunt", seat),
        "models_left_to_activate": len(side.to_activate),
        "models": [_model_view(state, seat, m, show) for m in side.models],
        "morale_tests": _morale_view(state, seat),
    }


def _odds_view(odds: SpellOdds | None) -> dict[str, JSON] | None:
    if odds is None:
        return None
    return {
        "goes_off": _percent(odds.goes_off),
        "blocked": _percent(odds.blocked),
        "cancelled": _percent(odds.cancelled),
        "response": odds.response,
        "response_cost": odds.response_cost,
        "explanation": _steps(odds.explanation),
    }


def _pending_view(state: AzerothState) -> dict[str, JSON] | None:
    pending = state.pending
    if pending is None:
        return None
    enemy = state.sides[1 - pending.seat]
    blockers = [
        m.id
        for m in enemy.models
        if m.in_play
        and m.profile.has("Spell Block")
        and f"block:{1 - pending.seat}:{m.id}" not in state.limits.used
    ]
    with_block = response_odds(state, spell_block=True) if blockers else None
    return {
        "seat": pending.seat,
        "model": pending.model,
        "ability": pending.name,
        "type": pending.type.value,
        "mana_cost": pending.mana_cost,
        "spell_block": pending.spell_block,
        "response": pending.response,
        "response_result": pending.response_result,
        "stopped": pending.stopped,
        "spell_blockers": list(blockers),
        "odds": _odds_view(response_odds(state)),
        "odds_with_spell_block": _odds_view(with_block),
    }


def _summary(state: AzerothState) -> dict[str, JSON]:
    rows: list[JSON] = []
    held = state.held if state.objectives is None else state.objectives
    for seat, side in enumerate(state.sides):
        standing = _standing(state, seat)
        objectives = sum(1 for c in held if c == seat)
        rows.append(
            {
                "name": side.name,
                "points_destroyed": side.points_destroyed,
                "surviving_wounds": standing.surviving_wounds,
                "remaining_points": standing.remaining_points,
                "models_left": standing.units_remaining,
                "objectives": objectives,
                "vp": objectives * OBJECTIVE_VP + side.points_destroyed
                if state.scenario is Scenario.HOLD_THE_LINE
                else None,
            }
        )
    return {"sides": rows, "explanation": _steps(state.result)}


def _view(state: AzerothState, viewer: int | None) -> dict[str, JSON]:
    pending_roll: str | None = None
    if state.stage is Stage.DEPLOYMENT and state.edge_chooser is None:
        pending_roll = "edge"
    elif state.stage is Stage.ACTIVATION and state.first is None:
        pending_roll = "first activation"
    reroll = (state.edge_chooser is None and state.edge_rolls is not None) or (
        state.first is None and state.round_rolls is not None
    )
    current: JSON = None
    if state.current is not None:
        current = {"seat": state.current[0], "model": state.current[1]}
    deployed = None
    if state.edge_chooser is not None:
        deployed = 1 - state.edge_chooser
    held = state.objectives
    return {
        "scenario": state.scenario.value,
        "battle_size": state.battle_size.value,
        "round": state.round,
        "rounds": ROUNDS,
        "stage": state.stage.value,
        "checklist": _checklist(state),
        "pending_roll_off": pending_roll,
        "reroll_needed": bool(reroll and pending_roll),
        "deployment": {
            "edge_rolls": None if state.edge_rolls is None else list(state.edge_rolls),
            "edge_chooser": state.edge_chooser,
            "first_to_deploy": deployed,
            "deployed_second": state.deployed_second,
            "zone_depth": BATTLE_SIZES[state.battle_size].deployment_depth,
            "explanation": _named_steps(state, state.deployment_steps),
        },
        "first_activator": state.first,
        "first_activator_explanation": _named_steps(state, state.first_steps),
        "round_rolls": None if state.round_rolls is None else list(state.round_rolls),
        "next_seat": next_seat(state),
        "activating": current,
        "ability": _pending_view(state),
        "objectives": None
        if state.scenario is not Scenario.HOLD_THE_LINE
        else {
            "count": objective_count(state.battle_size),
            "this_round": None if held is None else list(held),
            "last_round": list(state.held),
        },
        "sides": [_side_view(state, seat, viewer) for seat in SEATS],
        "over": state.over,
        "winner": state.outcome.winner,
        "reason": state.outcome.reason,
        "summary": _summary(state),
    }


_HANDLERS: dict[str, Handler] = {
    "edge_roll_off": _edge_roll_off,
    "nominate_warlord": _nominate_warlord,
    "round_roll_off": _round_roll_off,
    "activate": _activate,
    "use_ability": _use_ability,
    "summon": _summon,
    "spell_block": _spell_block,
    "dispel": _respond("dispel"),
    "counterspell": _respond("counterspell"),
    "opportunity_attack": _opportunity_attack,
    "taunt": _taunt,
    "damage": _damage,
    "heal": _heal,
    "morale_facts": _morale_facts,
    "morale_test": _morale_test,
    "leave_table": _leave_table,
    "objectives": _objectives,
    "end_stage": _end_stage,
}

AZEROTH = AzerothSystem()
