"""The Azeroth at War tracker's actions applied: one handler per action type, each a pure
function from a state and an action to the next state, refusing with IllegalAction what the
rules do not allow. Sections cited are azeroth-at-war.md's; R-rulings are
referee.rules.rulings'."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from referee.rules.azeroth.dice import roll_target
from referee.rules.azeroth.magic import RESPONSE_TARGET, RESPONSES, SPELL_BLOCK_TARGET
from referee.rules.azeroth.profiles import (
    AbilityType,
    Dispeller,
    NaturalRolls,
    Step,
    Tier,
)
from referee.rules.azeroth.setup import (
    MANA_CAP,
    MAX_MODELS,
    MAX_NAME,
    MAX_POINTS,
    MAX_STAT,
    SEATS,
    ModelSetup,
    Scenario,
    slug_of,
)
from referee.rules.azeroth.state import (
    DESTROYED,
    FLED,
    GROUNDED,
    READY,
    REMOVED,
    ROUTING,
    WAVERED,
    AzerothState,
    ModelState,
    MoraleRecord,
    PendingAbility,
    SideState,
    Stage,
    army_standing,
    dispeller,
    morale_checks,
    morale_due,
    next_seat,
    nobodys_warlord,
    player_of_seat,
    seat_of_player,
    split_label,
    warlord_slain,
)
from referee.rules.azeroth.table import (
    ROUNDS,
    GameResult,
    MoraleOutcome,
    ObjectiveFacts,
    annihilation_result,
    assassination_result,
    deployment,
    edge_roll_off,
    first_activator,
    hold_the_line_result,
    mana_income,
    morale_result,
    objective_controller,
    objective_count,
    regenerate,
    summon_expires,
)
from referee.rules.azeroth.table import Outcome as ResultKind
from referee.rules.azeroth.words import with_side_names
from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
    JSON,
    Action,
    IllegalAction,
    Outcome,
    Secret,
    payload_value,
)

Handler = Callable[[AzerothState, Action], AzerothState]
MAX_SUMMONED = 6  # units one summoning may bring (R69)

# --- Reading payloads ------------------------------------------------------------------------


def _d6(payload: Mapping[str, JSON], name: str = "roll") -> int:
    roll: int = payload_value(payload, name, int)
    if not 1 <= roll <= 6:
        raise IllegalAction(f"A D6 shows 1 to 6, not {roll}.", f"payload.{name}")
    return roll


def _two_d6(
    payload: Mapping[str, JSON], name: str, required: bool = True
) -> tuple[int, int] | None:
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


def _acting_seat(action: Action) -> int:
    if action.by is None:
        seat: int = payload_value(action.payload, "seat", int)
        if seat not in SEATS:
            raise IllegalAction("A seat is 0 or 1.", "payload.seat")
        return seat
    return action.by


def _named_model(state: AzerothState, action: Action, key: str = "model") -> tuple[int, ModelState]:
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


def _own_model(state: AzerothState, action: Action, key: str = "model") -> tuple[int, ModelState]:
    """A model the acting player commands (the host may act for either side)."""
    if action.by is None:
        try:
            return _named_model(state, action, key)
        except IllegalAction as error:
            if error.field != "payload.seat":
                raise
            raise IllegalAction(
                f"Both sides have a model {action.payload.get(key)!r}: act for one seat.", "by"
            ) from None
    seat: int | None = payload_value(action.payload, "seat", int, None)
    if seat is not None and seat != action.by:
        raise IllegalAction(
            f"{state.sides[action.by].name} acts only for their own models, not for seat {seat}'s.",
            "payload.seat",
        )
    model_id: str = payload_value(action.payload, key, str)
    model = state.sides[action.by].find(model_id)
    if model is None:
        raise IllegalAction(
            f"{state.sides[action.by].name} has no model {model_id!r}.", f"payload.{key}"
        )
    return action.by, model


def _require_in_play(model: ModelState, key: str = "model") -> None:
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
    rolls = _two_d6(action.payload, "rolls")
    assert rolls is not None
    result = edge_roll_off(rolls)
    if result.chooser is None:
        return replace(state, edge_rolls=rolls, deployment_steps=result.explanation)
    chooser = seat_of_player(result.chooser)
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
    seat, model = _own_model(state, action)
    if not model.profile.hero:
        raise IllegalAction(
            f"{model.name} is not a Hero: a Warlord is one of your Heroes (11).", "payload.model"
        )
    side = replace(state.sides[seat], warlord=Secret(seat, model.id))
    return _set_side(state, seat, side)


# --- Rounds and stages (5.1) -----------------------------------------------------------------


def _end_stage(state: AzerothState, action: Action) -> AzerothState:
    """Finish the stage once its checklist is done, and begin the next. A ``stage`` named in
    the payload must be the one on: a second tap on an old page ends nothing more."""
    named: str | None = payload_value(action.payload, "stage", str, None)
    if named is not None and named != state.stage.value:
        raise IllegalAction(
            f"The {state.stage.value} stage is on, not the {named} stage: nothing was ended.",
            "payload.stage",
        )
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
            first = first_activator(1, player_of_seat(state.deployed_second))
            assert first.player is not None
            state = replace(
                state, first=seat_of_player(first.player), first_steps=first.explanation
            )
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
    due = [check.label for check in morale_checks(state) if morale_due(state, check)]
    if due:
        raise IllegalAction(
            f"Morale tests still due: {', '.join(_labelled_name(state, d) for d in due)} (10.1).",
            "type",
        )
    return _end_round(state)


def _begin_round(state: AzerothState) -> AzerothState:
    """The Mana stage: each side gains its income at once (8.1, A13), objectives counted as
    controlled at the end of the last round (11, R60)."""
    state = replace(state, stage=Stage.MANA)
    sides = []
    for seat, side in enumerate(state.sides):
        # A summoned Hero-tier unit is not one of the army's Heroes (R121); a routing
        # model is still in the army (R120).
        alive = [m for m in side.models if m.in_play and not m.summoned]
        heroes = sum(1 for m in alive if m.profile.hero)
        magical = sum(1 for m in alive if m.profile.magical and not m.profile.hero)
        routing = sum(
            1 for m in alive if m.status == ROUTING and (m.profile.hero or m.profile.magical)
        )
        held = sum(1 for c in state.held if c == seat)
        income = mana_income(
            state.battle_size,
            min(heroes, 99),
            min(magical, 99),
            held if state.round > 1 else 0,
            state.scenario is Scenario.HOLD_THE_LINE,
            side.mana.value,
            state.round,
        )
        steps = income.explanation
        if routing:
            note = Step(
                "10.3, R120",
                f"{routing} of them {'is' if routing == 1 else 'are'} routing: a routing "
                "model is still in the army and brings its Mana.",
            )
            steps = (*steps[:3], note, *steps[3:])
        sides.append(
            replace(
                side,
                mana=replace(side.mana, value=income.pool_after),
                mana_breakdown=steps,
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
        return _after_last_round(state)
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
                    morale_record=None,
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
        ended=None,
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
    rolls = _two_d6(action.payload, "rolls")
    assert rolls is not None
    assert state.deployed_second is not None
    result = first_activator(state.round, player_of_seat(state.deployed_second), rolls)
    first = None if result.player is None else seat_of_player(result.player)
    return replace(state, round_rolls=rolls, first=first, first_steps=result.explanation)


def _end_current(state: AzerothState) -> AzerothState:
    """The activating model's activation ends: a Waver and a Taunt it was under are spent
    (10.3, 4.6; R67, R71)."""
    if state.current is None:
        return state
    seat, model_id = state.current
    model = state.sides[seat].find(model_id)
    if model is not None and model.in_play:
        status = READY if model.status == WAVERED else model.status
        model = replace(model, status=status, taunted_by=None, ability_used=False)
        state = _set_model(state, seat, model)
    return replace(state, current=None)


def _finish_activation(state: AzerothState) -> AzerothState:
    """The next model activates, or the stage ends: the activation under way ends, a Taunt
    can no longer be declared after it, and the enemy can no longer answer its ability
    (R71, R72, R75)."""
    return replace(_end_current(state), ended=None, pending=None)


def _end_activation(state: AzerothState, action: Action) -> AzerothState:
    """The player says their activating model is done (5.1, 5.2). Its activation ends as
    the next one would end it, but until the next model activates it may still declare
    Taunt and the enemy may still answer its ability (R71, R72, R74)."""
    _require_stage(state, "end an activation", Stage.ACTIVATION)
    seat, model = _own_model(state, action)
    if state.current != (seat, model.id):
        raise IllegalAction(
            f"{model.name} is not activating, so there is no activation of its to end (5.1).",
            "payload.model",
        )
    return replace(_end_current(state), ended=(seat, model.id))


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
    seat, model = _own_model(state, action)
    _require_in_play(model)
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


def _activating_model(state: AzerothState, action: Action, what: str) -> tuple[int, ModelState]:
    _require_stage(state, what, Stage.ACTIVATION)
    seat, model = _own_model(state, action)
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
    seat, model = _own_model(state, action)
    _require_in_play(model)
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
        seat, model = _activating_model(state, action, "uses an ability")
    side = _spend(state.sides[seat], ability.mana_cost, "payload.ability")
    if ability.type is not AbilityType.REACTION:
        side = side.with_model(replace(model, ability_used=True))
    pending = PendingAbility(seat, model.id, ability.name, ability.type, ability.mana_cost)
    return replace(_set_side(state, seat, side), pending=pending, limits=limits)


def _summon(state: AzerothState, action: Action) -> AzerothState:
    """A Summon [X] model's summoning ability: one ability, its Mana paid; the units it
    brings (``count``, one unless the card says more) last X rounds counting this one (4.6,
    R62). A summoner with a unit of its last summoning still on the table cannot summon
    again (4.6, R69)."""
    seat, model = _activating_model(state, action, "summons")
    x = model.profile.keyword("Summon")
    if not x:
        raise IllegalAction(f"{model.name} has no Summon [X] keyword (4.6).", "payload.model")
    side = state.sides[seat]
    if any(m.summoner == model.id and m.in_play for m in side.models):
        raise IllegalAction(
            f"{model.name}'s summoned units are still on the table: it may summon again once "
            "every one has expired or been destroyed (4.6, R69).",
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
    count: int = payload_value(action.payload, "count", int, 1)
    if not 1 <= count <= MAX_SUMMONED:
        raise IllegalAction(
            f"A summoning brings 1 to {MAX_SUMMONED} units, as its card says (4.6, R69).",
            "payload.count",
        )
    if len(side.models) + count > MAX_MODELS:
        raise IllegalAction(f"A side has at most {MAX_MODELS} models.", "payload.count")
    ability: str = payload_value(action.payload, "ability", str, "Summon")
    side = _spend(side, mana, "payload.mana")
    number = side.summons
    summoned: list[ModelState] = []
    for _ in range(count):
        number += 1
        profile = ModelSetup(
            id=f"{model.id}-summon-{number}",
            name=name.strip(),
            slug=slug_of(name),
            points=points,
            wounds=wounds,
            tiers=(Tier(tier_name),),
        )
        summoned.append(
            ModelState(profile, wounds, summoner=model.id, summoned_round=state.round, summon_x=x)
        )
    side = side.with_model(replace(model, ability_used=True))
    side = replace(side, models=(*side.models, *summoned), summons=number)
    kind: str = payload_value(action.payload, "ability_type", str, AbilityType.INSTANT.value)
    if kind not in [t.value for t in AbilityType]:
        raise IllegalAction(
            f"An ability type is one of {', '.join(t.value for t in AbilityType)} (8.3).",
            "payload.ability_type",
        )
    pending = PendingAbility(seat, model.id, ability.strip() or "Summon", AbilityType(kind), mana)
    return replace(_set_side(state, seat, side), pending=pending)


# --- Answering an ability (8.5, 8.6) ---------------------------------------------------------


def _enemy_ability_pending(state: AzerothState, seat: int) -> PendingAbility:
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
    if pending.declined:
        raise IllegalAction(
            f"{state.sides[seat].name} let {pending.name} go off without an answer: it can "
            "no longer be answered (8.5, 8.6, R75).",
            "type",
        )
    return pending


def _spell_block(state: AzerothState, action: Action) -> AzerothState:
    """A Spell Block model rolls a D6 against the ability: 4+ blocks it, and the caster's
    Mana stays spent. Once per round per model, and before any Dispel or Counterspell
    (8.6, R9). That the caster is within 2" is the table's call."""
    seat, model = _own_model(state, action)
    _require_in_play(model)
    pending = _enemy_ability_pending(state, seat)
    if not model.profile.has("Spell Block"):
        raise IllegalAction(f"{model.name} has no Spell Block keyword (4.6).", "payload.model")
    if pending.response is not None:
        raise IllegalAction(
            f"A {pending.response.capitalize()} has already been rolled against "
            f"{pending.name}: Spell Block comes before it, so it is too late for one "
            "(8.6, R124).",
            "type",
        )
    if pending.spell_block is not None:
        raise IllegalAction(
            "Spell Block comes first and only once against an ability (8.6, R9).", "type"
        )
    limits = state.limits.use(
        f"block:{seat}:{model.id}",
        f"{model.name} has already tried a Spell Block this round (8.6).",
    )
    roll = _d6(action.payload)
    needed = roll_target(SPELL_BLOCK_TARGET, 0, NaturalRolls.STANDARD).needed
    pending = replace(pending, spell_block="blocked" if roll >= needed else "failed")
    return replace(state, limits=limits, pending=pending)


def _magic_response(kind: str) -> Handler:
    def respond(state: AzerothState, action: Action) -> AzerothState:
        if action.by is None and state.pending is not None:
            action = replace(action, by=1 - state.pending.seat)  # the host answers for them
        seat = _acting_seat(action)
        pending = _enemy_ability_pending(state, seat)
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
        who, roller = dispeller(side)
        if "model" in action.payload:
            _, roller = _own_model(state, replace(action, by=seat))
            _require_in_play(roller)
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
        roll = _d6(action.payload)
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


def _no_response(state: AzerothState, action: Action) -> AzerothState:
    """The defending player lets the enemy's ability go off: no Spell Block, Dispel or
    Counterspell is tried against it, then or later (8.5, 8.6, R75)."""
    if action.by is None and state.pending is not None:
        action = replace(action, by=1 - state.pending.seat)  # the host answers for them
    seat = _acting_seat(action)
    pending = _enemy_ability_pending(state, seat)
    if pending.response is not None:
        raise IllegalAction(
            f"{state.sides[seat].name} has already tried a {pending.response} against "
            f"{pending.name}: nothing is left to decline (8.5, R72).",
            "type",
        )
    return replace(state, pending=replace(pending, declined=True))


# --- Opportunity Attacks and Taunt (6.5, 4.6) ------------------------------------------------


def _opportunity_attack(state: AzerothState, action: Action) -> AzerothState:
    """A model makes at most one Opportunity Attack per round (6.5)."""
    _require_stage(state, "make an Opportunity Attack", Stage.ACTIVATION, Stage.MORALE)
    seat, model = _own_model(state, action)
    _require_in_play(model)
    limits = state.limits.use(
        f"oa:{seat}:{model.id}",
        f"{model.name} has already made its Opportunity Attack this round (6.5).",
    )
    return replace(state, limits=limits)


def _taunt(state: AzerothState, action: Action) -> AzerothState:
    """Right after its activation a Taunt model marks one enemy; a newer Taunt replaces an
    older one; Undead and Mechanical models are immune (4.6, R71)."""
    _require_stage(state, "declare Taunt", Stage.ACTIVATION)
    seat, model = _own_model(state, action)
    _require_in_play(model)
    if not model.profile.has("Taunt"):
        raise IllegalAction(f"{model.name} has no Taunt keyword (4.6).", "payload.model")
    if (seat, model.id) not in (state.current, state.ended):
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
    _require_in_play(target, "target")
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
    seat, model = _named_model(state, action)
    _require_in_play(model)
    amount = _amount(action.payload)
    nearby = _friends_within_6(state, action, seat, model)
    lost = min(amount, model.wounds_left)
    model = replace(
        model, wounds_left=model.wounds_left - lost, lost_this_round=model.lost_this_round + lost
    )
    state = _set_model(state, seat, model)
    if model.wounds_left == 0:
        state = _destroy(state, seat, model, DESTROYED, nearby)
    return state


def _friends_within_6(
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
    scenario may end (11). A model that flees off the table is destroyed in every respect
    (R68); a summoned Hero-tier unit is not one of the army's Heroes (R121)."""
    model = replace(model, status=how, wounds_left=0, taunted_by=None)
    state = _set_model(state, seat, model)
    if state.current == (seat, model.id):
        state = replace(state, current=None)
    if state.ended == (seat, model.id):
        state = replace(state, ended=None)
    side = state.sides[seat]
    gone = {model.id}
    near = {n.id for n in nearby} if how in (DESTROYED, FLED) else set()
    models = []
    for other in side.models:
        if other.summoner == model.id and other.in_play:
            other = replace(other, status=REMOVED, taunted_by=None)
            gone.add(other.id)
        elif other.id in near and other.in_play:
            other = replace(other, friendly_destroyed_nearby=True)
        models.append(other)
    side = replace(side, models=tuple(models))
    if (
        model.profile.hero
        and not model.summoned
        and not any(m.profile.hero and m.in_play and not m.summoned for m in side.models)
    ):
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
    seat, model = _named_model(state, action)
    _require_in_play(model)
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
    """A routing model that reaches its table edge is removed from play (10.3) and is
    destroyed in every respect: it scores, and the friends named within 6" of it must test
    Morale (7.8, 10.1, R68)."""
    _require_stage(state, "have a routing model leave", Stage.MORALE, Stage.ACTIVATION)
    seat, model = _named_model(state, action)
    _require_in_play(model)
    if model.status != ROUTING:
        raise IllegalAction(
            f"{model.name} is not routing: only a fleeing model leaves by its edge (10.3).",
            "payload.model",
        )
    nearby = _friends_within_6(state, action, seat, model)
    return _destroy(state, seat, model, FLED, nearby)


# --- Morale (10; A10, A11) -------------------------------------------------------------------


def _labelled_name(state: AzerothState, label: str) -> str:
    seat, model_id = split_label(label)
    model = state.sides[seat].find(model_id)
    return model.name if model is not None else model_id


def _morale_facts(state: AzerothState, action: Action) -> AzerothState:
    """What the table sees around a model this round, for its Morale test (10.1, 10.2)."""
    _require_stage(state, "report what is near a model", Stage.ACTIVATION, Stage.MORALE)
    seat, model = _named_model(state, action)
    _require_in_play(model)
    if model.morale_result is not None:
        raise IllegalAction(f"{model.name} has already tested this round.", "payload.model")
    one_by_one = any(name in action.payload for name in MORALE_FACTS)
    if one_by_one and "facts" in action.payload:
        raise IllegalAction("Give the facts either as 'facts' or one by one, not both.", "payload")
    if one_by_one:
        fear = payload_value(action.payload, "fear_nearby", bool, None)
        aura = payload_value(action.payload, "command_aura", bool, None)
        friend = payload_value(action.payload, "friendly_destroyed_within_6", bool, None)
    else:
        # a page's boxes, none of them ticked, post no list at all: then none holds
        fear, aura, friend = _listed_facts(action.payload)
    model = replace(
        model,
        fear_nearby=model.fear_nearby if fear is None else fear,
        command_aura=model.command_aura if aura is None else aura,
        friendly_destroyed_nearby=model.friendly_destroyed_nearby if friend is None else friend,
    )
    return _set_model(state, seat, model)


MORALE_FACTS = ("fear_nearby", "command_aura", "friendly_destroyed_within_6")


def _listed_facts(payload: Mapping[str, JSON]) -> tuple[bool, bool, bool]:
    """``facts`` lists the facts that hold around a model; those it leaves out do not, and
    so none does when it is left out."""
    facts = payload.get("facts", [])
    if (
        not isinstance(facts, list)
        or not all(isinstance(f, str) and f in MORALE_FACTS for f in facts)
        or len(set(facts)) != len(facts)
    ):
        raise IllegalAction(
            f"'facts' lists, each once, those of {', '.join(MORALE_FACTS)} that hold.",
            "payload.facts",
        )
    fear, aura, friend = (name in facts for name in MORALE_FACTS)
    return fear, aura, friend


def _morale_test(state: AzerothState, action: Action) -> AzerothState:
    """The table's 2D6 for a model due a test, with a Command Aura reroll of a fail when
    another Hero's aura covers it; the reroll stands (10.2, 10.3; A10, A11, R61). The
    reroll may also come afterwards, as a ``morale_reroll``."""
    _require_stage(state, "test Morale", Stage.MORALE)
    seat, model = _named_model(state, action)
    _require_in_play(model)
    if model.morale_result is not None:
        raise IllegalAction(
            f"{model.name} has already tested this round ({model.morale_result}).", "payload.model"
        )
    check = next(c for c in morale_checks(state) if c.label == f"{seat}:{model.id}")
    if not check.must_test.required or check.odds is None or check.odds.morale_value is None:
        why = " ".join(step.text for step in check.must_test.reasons)
        raise IllegalAction(f"{model.name} need not test: {why}", "payload.model")
    rolls = _two_d6(action.payload, "rolls")
    reroll = _two_d6(action.payload, "reroll", required=False)
    assert rolls is not None
    if reroll is not None:
        _may_reroll(model)
    record = MoraleRecord(
        check.odds.morale_value, sum(rolls), model.status, model.statuses, reroll is not None
    )
    return _set_model(state, seat, _after_morale_test(model, record, reroll, "payload.reroll"))


def _may_reroll(model: ModelState) -> None:
    if not model.command_aura:
        raise IllegalAction(
            f"{model.name} is not within another Hero's Command Aura, so it cannot reroll "
            "(9.1, A10).",
            "payload.reroll",
        )


def _after_morale_test(
    model: ModelState, record: MoraleRecord, reroll: tuple[int, int] | None, field: str
) -> ModelState:
    """``model`` after the test ``record`` holds, rerolled when ``reroll`` is given: Waver,
    Rout or Rally from the status it had before the test (10.3, R61, R67)."""
    try:
        result = morale_result(
            record.value,
            record.roll,
            None if reroll is None else sum(reroll),
            routing=record.status == ROUTING,
        )
    except InvalidInput as error:
        raise IllegalAction(error.message, field) from None
    status, statuses = record.status, record.statuses
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
    return replace(
        model,
        status=status,
        statuses=statuses,
        morale_result=result.outcome.value,
        morale_record=record,
    )


def _morale_reroll(state: AzerothState, action: Action) -> AzerothState:
    """A model under another Hero's Command Aura that failed this round's test rerolls it
    once, and the reroll stands (9.1, 10.2; A10)."""
    _require_stage(state, "reroll a Morale test", Stage.MORALE)
    seat, model = _named_model(state, action)
    _require_in_play(model)
    record = model.morale_record
    if record is None:
        raise IllegalAction(f"{model.name} has not tested Morale this round.", "payload.model")
    if record.rerolled:
        raise IllegalAction(
            f"{model.name} has already rerolled its Morale test this round (A10).",
            "payload.model",
        )
    if not record.failed:
        raise IllegalAction(
            f"{model.name} passed its Morale test: only a fail is rerolled (A10).",
            "payload.model",
        )
    _may_reroll(model)
    rolls = _two_d6(action.payload, "rolls")
    assert rolls is not None
    model = _after_morale_test(model, replace(record, rerolled=True), rolls, "payload.rolls")
    return _set_model(state, seat, model)


# --- Objectives and the end of the game (11) -------------------------------------------------


def _objectives(state: AzerothState, action: Action) -> AzerothState:
    """Hold the Line: at the end of each round, who has a unit within 3" of each objective;
    an objective is held by the side alone within 3" (11, R60). Given per side as a list of
    yes or no per objective, or as ``within_3``: the "<seat>:<objective>" pairs that hold,
    every other pair not (so nothing ticked on the page says nobody is near any)."""
    if state.scenario is not Scenario.HOLD_THE_LINE:
        raise IllegalAction("Only Hold the Line has objectives (11).", "type")
    _require_stage(state, "record objective control", Stage.MORALE)
    count = objective_count(state.battle_size)
    if any(key in action.payload for key in OBJECTIVE_LISTS):
        if "within_3" in action.payload:
            raise IllegalAction(
                "Say who is near each objective either as 'within_3' or per side, not both.",
                "payload.within_3",
            )
        lists = [_objective_list(action.payload, key, count) for key in OBJECTIVE_LISTS]
    else:
        near = _within_3(action.payload, count)
        lists = [[f"{seat}:{n}" in near for n in range(1, count + 1)] for seat in SEATS]
    controllers = tuple(
        None if (c := objective_controller(ObjectiveFacts(a, b))) is None else seat_of_player(c)
        for a, b in zip(lists[0], lists[1], strict=True)
    )
    return replace(state, objectives=controllers)


OBJECTIVE_LISTS = ("seat_0_within_3", "seat_1_within_3")


def objective_pairs(count: int) -> tuple[str, ...]:
    """Every "<seat>:<objective>" a ``within_3`` may list, objective by objective."""
    return tuple(f"{seat}:{n}" for n in range(1, count + 1) for seat in SEATS)


def _objective_list(payload: Mapping[str, JSON], key: str, count: int) -> list[bool]:
    value = payload.get(key)
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
    return value


def _within_3(payload: Mapping[str, JSON], count: int) -> set[str]:
    value = payload.get("within_3", [])
    pairs = objective_pairs(count)
    if (
        not isinstance(value, list)
        or not all(isinstance(p, str) and p in pairs for p in value)
        or len(set(value)) != len(value)
    ):
        raise IllegalAction(
            f"'within_3' lists, each once, the sides near each of the {count} objectives as "
            f'"<seat>:<objective>" ({", ".join(pairs)}) (11).',
            "payload.within_3",
        )
    return set(value)


def _scenario_result(state: AzerothState, rounds_completed: int) -> GameResult:
    a, b = army_standing(state, 0), army_standing(state, 1)
    if state.scenario is Scenario.ANNIHILATION:
        return annihilation_result(a, b, rounds_completed)
    if state.scenario is Scenario.ASSASSINATION:
        return assassination_result(a, b, rounds_completed)
    # R70: Hold the Line has no early end; an army with no models left holds nothing.
    facts = tuple(ObjectiveFacts(c == 0, c == 1) for c in state.held)
    return hold_the_line_result(a.points_destroyed, b.points_destroyed, facts, rounds_completed)


def _game_over(state: AzerothState, result: GameResult) -> AzerothState:
    winner = None if result.winner is None else seat_of_player(result.winner)
    explanation = tuple(
        Step(step.rule, with_side_names(state, step.text)) for step in result.explanation
    )
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
    """A victory condition met in the middle of a round ends the game at once (5, 11). When
    a secret Warlord's fall ends it, the game as it would go on were no Hero a Warlord is
    kept beside the end, for a replay after an undo to check later entries against, so that
    whether an undo is allowed never tells which Hero is the Warlord (R128)."""
    result = _scenario_result(state, state.round - 1)
    if result.outcome is ResultKind.ONGOING:
        return state
    ended = _game_over(state, result)
    if any(warlord_slain(side) for side in state.sides):
        ended = replace(ended, unended=_check_victory(nobodys_warlord(state)))
    return ended


def _after_last_round(state: AzerothState) -> AzerothState:
    """After round 6 the scenario's count decides (11)."""
    return _game_over(state, _scenario_result(state, ROUNDS))


HANDLERS: dict[str, Handler] = {
    "edge_roll_off": _edge_roll_off,
    "nominate_warlord": _nominate_warlord,
    "round_roll_off": _round_roll_off,
    "activate": _activate,
    "use_ability": _use_ability,
    "summon": _summon,
    "spell_block": _spell_block,
    "dispel": _magic_response("dispel"),
    "counterspell": _magic_response("counterspell"),
    "opportunity_attack": _opportunity_attack,
    "taunt": _taunt,
    "damage": _damage,
    "heal": _heal,
    "morale_facts": _morale_facts,
    "morale_test": _morale_test,
    "morale_reroll": _morale_reroll,
    "leave_table": _leave_table,
    "objectives": _objectives,
    "end_activation": _end_activation,
    "no_response": _no_response,
    "end_stage": _end_stage,
}


def apply_action(state: AzerothState, action: Action) -> AzerothState:
    """The state after ``action``, applied by its action type's handler; refused once the
    game is over, for a seat that does not play, and for an action type the game lacks."""
    if state.over:
        raise IllegalAction(f"The game is over: {state.outcome.reason}", "type")
    if action.by is not None and action.by not in SEATS:
        raise IllegalAction("Only seats 0 and 1 play Azeroth at War.", "by")
    handler = HANDLERS.get(action.type)
    if handler is None:
        raise IllegalAction(f"Azeroth at War has no action called {action.type!r}.", "type")
    return handler(state, action)
