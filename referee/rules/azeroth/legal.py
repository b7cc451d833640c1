"""What each seat may do now in an Azeroth at War game, as python-chess lists legal moves.

Each entry mirrors a handler's checks in ``actions`` so that it applies as listed, and
every value its choices allow applies too. A listing reads only what the seat may see: the
enemy's secret Warlord is never consulted (11).

Each entry also says where it belongs on the board (``at``): ``model:<seat>:<id>`` for what
a model does or what is recorded on it, ``side:<seat>`` for a side's own choice (its
Warlord), and nothing for the game as a whole (roll-offs, answers to the pending ability,
objectives, ending a stage). ``names`` gives in words every id and code its payload and
choices hold, so a board never shows one."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from referee.rules.azeroth.actions import MAX_SUMMONED, MORALE_FACTS, objective_pairs
from referee.rules.azeroth.magic import RESPONSES
from referee.rules.azeroth.profiles import AbilityType, Tier
from referee.rules.azeroth.setup import (
    MANA_CAP,
    MAX_MODELS,
    MAX_POINTS,
    MAX_STAT,
    SEATS,
    Scenario,
)
from referee.rules.azeroth.state import (
    ROUTING,
    AzerothState,
    ModelState,
    SideState,
    Stage,
    dispeller,
    morale_checks,
    morale_due,
    next_seat,
    split_label,
)
from referee.rules.azeroth.table import ROUNDS, objective_count
from referee.rules.azeroth.words import ABILITY_TYPE_NAMES, MORALE_FACT_NAMES, TIER_NAMES
from referee.rules.tracker import JSON, Amount, Choice, LegalAction, OneOf, Rolls, SomeOf

ONE_D6 = Rolls(1)
ANSWERS = ("spell_block", "dispel", "counterspell", "no_response")
"""The answers to an enemy's pending ability (8.5, 8.6, R75)."""


def legal_actions(state: AzerothState, seat: int) -> tuple[LegalAction, ...]:
    """Every action ``seat`` may take now, in the order a player would look for them: what
    moves the game on first, then abilities and their answers, then the table's records."""
    if state.over or seat not in SEATS:
        return ()
    return tuple(
        (
            *_deployment(state, seat),
            *_activation(state, seat),
            *_abilities(state, seat),
            *_answers(state, seat),
            *_morale(state, seat),
            *_records_on_models(state, seat),
            *_end_stage(state, seat),
        )
    )


def model_at(seat: int, model: ModelState) -> str:
    """Where a model's controls go on the board: the view's ``sides[seat].models`` entry."""
    return f"model:{seat}:{model.id}"


def side_at(seat: int) -> str:
    return f"side:{seat}"


def _model_names(models: Iterable[ModelState]) -> dict[str, str]:
    return {m.id: m.name for m in models}


def _legal_action(
    type: str,
    label: str,
    seat: int,
    payload: dict[str, JSON] | None = None,
    choices: dict[str, Choice] | None = None,
    *,
    at: str = "",
    names: dict[str, str] | None = None,
) -> LegalAction:
    return LegalAction(type, label, seat, payload or {}, choices or {}, at, names or {})


def _roll_off(state: AzerothState) -> Rolls:
    """A roll-off: one die per player, the first player's first (3.3, 5.1)."""
    return Rolls(2, labels=tuple(f"{side.name}'s die" for side in state.sides))


def _two_dice(state: AzerothState, owner: int) -> Rolls:
    """A Morale test's two dice, both rolled for the model's owner (10.1)."""
    name = state.sides[owner].name
    return Rolls(2, labels=(f"{name}'s first die", f"{name}'s second die"))


def _whose(state: AzerothState, seat: int, other: int) -> str:
    return "your" if seat == other else f"{state.sides[other].name}'s"


def _in_play_models(side: SideState) -> tuple[ModelState, ...]:
    return tuple(m for m in side.models if m.in_play)


def _deployment(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    if state.stage is not Stage.DEPLOYMENT:
        return
    if state.edge_chooser is None:
        yield _legal_action(
            "edge_roll_off",
            "Roll off for the table edge",
            seat,
            {"rolls": [1, 2]},
            {"rolls": _roll_off(state)},
        )
    side = state.sides[seat]
    heroes = tuple(m for m in side.models if m.profile.hero)
    if state.scenario is Scenario.ASSASSINATION and heroes:
        # One entry whatever the seat nominated before: it reads no secret, the seat's own
        # included, so the table's shared device may show it too (11).
        again = side.warlord is not None
        yield _legal_action(
            "nominate_warlord",
            "Nominate another Warlord in secret" if again else "Nominate your Warlord in secret",
            seat,
            {"model": heroes[0].id},
            {"model": OneOf(tuple(m.id for m in heroes))},
            at=side_at(seat),
            names=_model_names(heroes),
        )


def _activation(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    if state.stage is not Stage.ACTIVATION:
        return
    if state.first is None:
        yield _legal_action(
            "round_roll_off",
            "Roll off for the first activation",
            seat,
            {"rolls": [1, 2]},
            {"rolls": _roll_off(state)},
        )
        return
    if next_seat(state) == seat:
        for model in state.sides[seat].to_activate:
            yield _legal_action(
                "activate",
                f"Activate {model.name}",
                seat,
                {"model": model.id},
                at=model_at(seat, model),
                names=_model_names([model]),
            )


def _abilities(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """The activating model's ability or summons (5.2, 8.2, 4.6), the end of its activation
    (R74), its Taunt (4.6, R71), and Reactions out of turn (8.3, R73)."""
    if state.stage is not Stage.ACTIVATION:
        return
    side = state.sides[seat]
    mana = side.mana.value
    current = state.current
    if current is not None and current[0] == seat:
        model = side.find(current[1])
        if model is not None and model.in_play:
            if not model.ability_used:
                for ability in model.profile.abilities:
                    if ability.type is not AbilityType.REACTION and ability.mana_cost <= mana:
                        yield _legal_action(
                            "use_ability",
                            f"{model.name} uses {ability.name} ({ability.mana_cost} Mana)",
                            seat,
                            {"model": model.id, "ability": ability.name},
                            at=model_at(seat, model),
                            names=_model_names([model]),
                        )
                yield from _summon(state, seat, model)
            yield from _taunt(state, seat, model)
            yield _legal_action(
                "end_activation",
                f"End {model.name}'s activation",
                seat,
                {"model": model.id},
                at=model_at(seat, model),
                names=_model_names([model]),
            )
        return
    if state.ended is not None and state.ended[0] == seat:
        ended = side.find(state.ended[1])
        if ended is not None and ended.in_play:
            yield from _taunt(state, seat, ended)
    for model in _in_play_models(side):
        if f"reaction:{seat}:{model.id}" in state.limits.used:
            continue
        for ability in model.profile.abilities:
            if ability.type is AbilityType.REACTION and ability.mana_cost <= mana:
                yield _legal_action(
                    "use_ability",
                    f"{model.name} reacts with {ability.name} ({ability.mana_cost} Mana)",
                    seat,
                    {"model": model.id, "ability": ability.name},
                    at=model_at(seat, model),
                    names=_model_names([model]),
                )


def _summon(state: AzerothState, seat: int, model: ModelState) -> Iterator[LegalAction]:
    side = state.sides[seat]
    if (
        not model.profile.keyword("Summon")
        or len(side.models) >= MAX_MODELS
        or any(m.summoner == model.id and m.in_play for m in side.models)
    ):
        return
    yield _legal_action(
        "summon",
        f"{model.name} summons a unit",
        seat,
        {
            "model": model.id,
            "name": f"{model.name}'s summons",
            "count": 1,
            "wounds": 1,
            "mana": 0,
            "tier": Tier.BASELINE.value,
            "points": 0,
            "ability_type": AbilityType.INSTANT.value,
        },
        {
            "count": Amount(1, min(MAX_SUMMONED, MAX_MODELS - len(side.models))),
            "wounds": Amount(1, MAX_STAT),
            "mana": Amount(0, min(MANA_CAP, side.mana.value)),
            "tier": OneOf(tuple(t.value for t in Tier)),
            "points": Amount(0, MAX_POINTS),
            "ability_type": OneOf(tuple(t.value for t in AbilityType)),
        },
        at=model_at(seat, model),
        names={**_model_names([model]), **TIER_NAMES, **ABILITY_TYPE_NAMES},
    )


def _taunt(state: AzerothState, seat: int, model: ModelState) -> Iterator[LegalAction]:
    if not model.profile.has("Taunt") or f"taunt:{seat}:{model.id}" in state.limits.used:
        return
    targets = tuple(m for m in _in_play_models(state.sides[1 - seat]) if not m.profile.fearless)
    if targets:
        yield _legal_action(
            "taunt",
            f"{model.name} taunts an enemy",
            seat,
            {"model": model.id, "target": targets[0].id},
            {"target": OneOf(tuple(m.id for m in targets))},
            at=model_at(seat, model),
            names=_model_names([model, *targets]),
        )


def _answers(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """A Spell Block, then one Dispel or Counterspell, against the enemy's latest ability,
    or letting it go off (8.5, 8.6, R9, R72, R75)."""
    pending = state.pending
    if pending is None or pending.seat == seat or pending.settled:
        return
    side = state.sides[seat]
    caster = state.sides[pending.seat].find(pending.model)
    cast = pending.name if caster is None else f"{caster.name}'s {pending.name}"
    answers: list[LegalAction] = []
    if pending.spell_block is None and pending.response is None:  # 8.6, R124
        for model in _in_play_models(side):
            if (
                model.profile.has("Spell Block")
                and f"block:{seat}:{model.id}" not in state.limits.used
            ):
                answers.append(
                    _legal_action(
                        "spell_block",
                        f"{model.name} tries a Spell Block against {pending.name}",
                        seat,
                        {"model": model.id, "roll": 1},
                        {"roll": ONE_D6},
                        names=_model_names([model]),
                    )
                )
    allowed = RESPONSES.get(pending.type)
    _, roller = dispeller(side)
    if allowed is not None and roller is not None and side.mana.value >= allowed[1]:
        kind, cost = allowed
        magical = tuple(m for m in _in_play_models(side) if m.profile.magical)
        answers.append(
            _legal_action(
                kind,
                f"{kind.capitalize()} {pending.name} ({cost} Mana)",
                seat,
                {"roll": 1, "model": roller.id},
                {"roll": ONE_D6, "model": OneOf(tuple(m.id for m in magical))},
                names=_model_names(magical),
            )
        )
    if answers:
        yield from answers
        yield _legal_action("no_response", f"No answer: let {cast} go off", seat)


def _morale(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """Morale tests due and their Command Aura rerolls (10.1-10.3, A10), routing models
    leaving (10.3, R68), objectives (11)."""
    if state.stage not in (Stage.ACTIVATION, Stage.MORALE):
        return
    if state.stage is Stage.MORALE:
        for check in morale_checks(state):
            owner, model_id = split_label(check.label)
            model = state.sides[owner].find(model_id)
            if model is None:
                continue
            whose = _whose(state, seat, owner)
            target: dict[str, JSON] = {"seat": owner, "model": model.id}
            if (
                model.morale_result is None
                and check.must_test.required
                and check.odds is not None
                and check.odds.morale_value is not None
            ):
                yield _legal_action(
                    "morale_test",
                    f"Morale test for {whose} {model.name}",
                    seat,
                    {**target, "rolls": [1, 1]},
                    {"rolls": _two_dice(state, owner)},
                    at=model_at(owner, model),
                    names=_model_names([model]),
                )
            record = model.morale_record
            if (
                model.in_play
                and model.command_aura
                and record is not None
                and record.failed
                and not record.rerolled
            ):
                yield _legal_action(
                    "morale_reroll",
                    f"Reroll {whose} {model.name}'s failed Morale test (Command Aura)",
                    seat,
                    {**target, "rolls": [1, 1]},
                    {"rolls": _two_dice(state, owner)},
                    at=model_at(owner, model),
                    names=_model_names([model]),
                )
        if state.scenario is Scenario.HOLD_THE_LINE:
            pairs = objective_pairs(objective_count(state.battle_size))
            yield _legal_action(
                "objectives",
                'Record who is within 3" of each objective',
                seat,
                {"within_3": []},
                {"within_3": SomeOf(pairs)},
                names={
                    pair: f"Objective {pair.split(':')[1]}: {state.sides[int(pair[0])].name}"
                    for pair in pairs
                },
            )
    for owner in SEATS:
        for model in _in_play_models(state.sides[owner]):
            if model.status == ROUTING:
                friends = tuple(m for m in _in_play_models(state.sides[owner]) if m.id != model.id)
                yield _legal_action(
                    "leave_table",
                    f"{_whose(state, seat, owner).capitalize()} {model.name} flees off the table",
                    seat,
                    {"seat": owner, "model": model.id, "within_6": []},
                    {"within_6": SomeOf(tuple(m.id for m in friends))},
                    at=model_at(owner, model),
                    names=_model_names([model, *friends]),
                )


def _records_on_models(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """What the table records on any model: Opportunity Attacks (6.5), damage (7.8),
    healing (4.6) and what is near a model for Morale (10.1, 10.2)."""
    if state.stage not in (Stage.MANA, Stage.ACTIVATION, Stage.MORALE):
        return
    if state.stage is not Stage.MANA:
        for model in _in_play_models(state.sides[seat]):
            if f"oa:{seat}:{model.id}" not in state.limits.used:
                yield _legal_action(
                    "opportunity_attack",
                    f"Opportunity Attack by {model.name}",
                    seat,
                    {"model": model.id},
                    at=model_at(seat, model),
                    names=_model_names([model]),
                )
    for owner in SEATS:
        side = state.sides[owner]
        whose = _whose(state, seat, owner)
        for model in _in_play_models(side):
            at = model_at(owner, model)
            target: dict[str, JSON] = {"seat": owner, "model": model.id}
            friends = tuple(m for m in _in_play_models(side) if m.id != model.id)
            yield _legal_action(
                "damage",
                f"Damage {whose} {model.name}",
                seat,
                {**target, "amount": 1, "within_6": []},
                {"amount": Amount(1, MAX_STAT), "within_6": SomeOf(tuple(m.id for m in friends))},
                at=at,
                names=_model_names([model, *friends]),
            )
            if not model.profile.fearless and model.wounds_left < model.profile.wounds:
                yield _legal_action(
                    "heal",
                    f"Heal {whose} {model.name}",
                    seat,
                    {**target, "amount": 1},
                    {"amount": Amount(1, MAX_STAT)},
                    at=at,
                    names=_model_names([model]),
                )
            if state.stage is not Stage.MANA and model.morale_result is None:
                flags = (model.fear_nearby, model.command_aura, model.friendly_destroyed_nearby)
                holding: list[JSON] = [f for f, on in zip(MORALE_FACTS, flags, strict=True) if on]
                yield _legal_action(
                    "morale_facts",
                    f"Record what is near {whose} {model.name} for Morale",
                    seat,
                    {**target, "facts": holding},
                    {"facts": SomeOf(MORALE_FACTS)},
                    at=at,
                    names={**_model_names([model]), **MORALE_FACT_NAMES},
                )


def _end_stage(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """A stage ends once its checklist is done (5.1)."""
    label = f"End the {state.stage.value} stage"
    if state.stage is Stage.DEPLOYMENT:
        ready = state.edge_chooser is not None and (
            state.scenario is not Scenario.ASSASSINATION
            or all(side.warlord is not None for side in state.sides)
        )
        label = "End deployment and begin round 1"
    elif state.stage is Stage.MANA:
        ready = True
    elif state.stage is Stage.ACTIVATION:
        ready = state.first is not None and not any(side.to_activate for side in state.sides)
    else:
        ready = (
            state.scenario is not Scenario.HOLD_THE_LINE or state.objectives is not None
        ) and not any(morale_due(state, check) for check in morale_checks(state))
        if state.round >= ROUNDS:
            label = "End the last round and the game"
    if ready:
        yield _legal_action("end_stage", label, seat, {"stage": state.stage.value})
