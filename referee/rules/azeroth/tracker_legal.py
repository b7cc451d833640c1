"""What each seat may do now in an Azeroth at War game, as python-chess lists legal moves.

Each entry mirrors a handler's checks in ``tracker_actions`` so that it applies as listed, and
every value its choices allow applies too. A listing reads only what the seat may see: the
enemy's secret Warlord is never consulted (11)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from referee.rules.azeroth.magic import RESPONSES
from referee.rules.azeroth.profiles import AbilityType, Tier
from referee.rules.azeroth.table import ROUNDS, objective_count
from referee.rules.azeroth.tracker_actions import (
    MORALE_FACTS,
    _dispeller,
    _due,
    _morale_checks,
    _split,
    next_seat,
)
from referee.rules.azeroth.tracker_setup import (
    MANA_CAP,
    MAX_MODELS,
    MAX_POINTS,
    MAX_STAT,
    SEATS,
    Scenario,
)
from referee.rules.azeroth.tracker_state import (
    ROUTING,
    AzerothState,
    ModelState,
    SideState,
    Stage,
)
from referee.rules.tracker.core import JSON, Amount, LegalAction, OneOf, Rolls, SomeOf

DIE = Rolls(1)
TWO_DICE = Rolls(2)


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
            *_effects(state, seat),
            *_end_stage(state, seat),
        )
    )


def _owner(state: AzerothState, seat: int, other: int) -> str:
    return "your" if seat == other else f"{state.sides[other].name}'s"


def _in_play(side: SideState) -> tuple[ModelState, ...]:
    return tuple(m for m in side.models if m.in_play)


def _deployment(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    if state.stage is not Stage.DEPLOYMENT:
        return
    if state.edge_chooser is None:
        yield LegalAction(
            "edge_roll_off",
            "Roll off for the table edge",
            seat,
            {"rolls": [1, 2]},
            {"rolls": TWO_DICE},
        )
    if state.scenario is Scenario.ASSASSINATION:
        for model in state.sides[seat].models:
            if model.profile.hero:
                yield LegalAction(
                    "nominate_warlord",
                    f"Nominate {model.name} as your Warlord",
                    seat,
                    {"model": model.id},
                )


def _activation(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    if state.stage is not Stage.ACTIVATION:
        return
    if state.first is None:
        yield LegalAction(
            "round_roll_off",
            "Roll off for the first activation",
            seat,
            {"rolls": [1, 2]},
            {"rolls": TWO_DICE},
        )
        return
    if next_seat(state) == seat:
        for model in state.sides[seat].to_activate:
            yield LegalAction("activate", f"Activate {model.name}", seat, {"model": model.id})


def _abilities(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """The activating model's ability or summons (5.2, 8.2, 4.6), its Taunt (4.6, R71), and
    Reactions out of turn (8.3, R73)."""
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
                        yield LegalAction(
                            "use_ability",
                            f"{model.name} uses {ability.name} ({ability.mana_cost} Mana)",
                            seat,
                            {"model": model.id, "ability": ability.name},
                        )
                yield from _summon(state, seat, model)
            yield from _taunt(state, seat, model)
        return
    for model in _in_play(side):
        if f"reaction:{seat}:{model.id}" in state.limits.used:
            continue
        for ability in model.profile.abilities:
            if ability.type is AbilityType.REACTION and ability.mana_cost <= mana:
                yield LegalAction(
                    "use_ability",
                    f"{model.name} reacts with {ability.name} ({ability.mana_cost} Mana)",
                    seat,
                    {"model": model.id, "ability": ability.name},
                )


def _summon(state: AzerothState, seat: int, model: ModelState) -> Iterator[LegalAction]:
    side = state.sides[seat]
    if (
        not model.profile.keyword("Summon")
        or len(side.models) >= MAX_MODELS
        or any(m.summoner == model.id and m.in_play for m in side.models)
    ):
        return
    yield LegalAction(
        "summon",
        f"{model.name} summons a unit",
        seat,
        {
            "model": model.id,
            "name": f"{model.name}'s summons",
            "wounds": 1,
            "mana": 0,
            "tier": Tier.BASELINE.value,
            "points": 0,
            "ability_type": AbilityType.INSTANT.value,
        },
        {
            "wounds": Amount(1, MAX_STAT),
            "mana": Amount(0, min(MANA_CAP, side.mana.value)),
            "tier": OneOf(tuple(t.value for t in Tier)),
            "points": Amount(0, MAX_POINTS),
            "ability_type": OneOf(tuple(t.value for t in AbilityType)),
        },
    )


def _taunt(state: AzerothState, seat: int, model: ModelState) -> Iterator[LegalAction]:
    if not model.profile.has("Taunt") or f"taunt:{seat}:{model.id}" in state.limits.used:
        return
    targets = tuple(m.id for m in _in_play(state.sides[1 - seat]) if not m.profile.fearless)
    if targets:
        yield LegalAction(
            "taunt",
            f"{model.name} taunts an enemy",
            seat,
            {"model": model.id, "target": targets[0]},
            {"target": OneOf(targets)},
        )


def _answers(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """A Spell Block, then one Dispel or Counterspell, against the enemy's latest ability
    (8.5, 8.6, R9, R72)."""
    pending = state.pending
    if pending is None or pending.seat == seat or pending.stopped or pending.response is not None:
        return
    side = state.sides[seat]
    if pending.spell_block is None:
        for model in _in_play(side):
            if (
                model.profile.has("Spell Block")
                and f"block:{seat}:{model.id}" not in state.limits.used
            ):
                yield LegalAction(
                    "spell_block",
                    f"{model.name} tries a Spell Block against {pending.name}",
                    seat,
                    {"model": model.id, "roll": 1},
                    {"roll": DIE},
                )
    allowed = RESPONSES.get(pending.type)
    _, roller = _dispeller(side)
    if allowed is None or roller is None or side.mana.value < allowed[1]:
        return
    kind, cost = allowed
    magical = tuple(m.id for m in _in_play(side) if m.profile.magical)
    yield LegalAction(
        kind,
        f"{kind.capitalize()} {pending.name} ({cost} Mana)",
        seat,
        {"roll": 1, "model": roller.id},
        {"roll": DIE, "model": OneOf(magical)},
    )


def _morale(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """Morale tests due (10.1-10.3), routing models leaving (10.3, R68), objectives (11)."""
    if state.stage not in (Stage.ACTIVATION, Stage.MORALE):
        return
    if state.stage is Stage.MORALE:
        for check in _morale_checks(state):
            owner, model_id = _split(check.label)
            model = state.sides[owner].find(model_id)
            if (
                model is None
                or model.morale_result is not None
                or not check.must_test.required
                or check.odds is None
                or check.odds.morale_value is None
            ):
                continue
            target = {"seat": owner, "model": model.id}
            yield LegalAction(
                "morale_test",
                f"Morale test for {model.name}",
                seat,
                {**target, "rolls": [1, 1]},
                {"rolls": TWO_DICE},
            )
            value = check.odds.morale_value
            fails: tuple[JSON, ...] = tuple(
                [a, b] for a, b in product(range(1, 7), repeat=2) if a + b > value
            )
            if model.command_aura and fails:
                yield LegalAction(
                    "morale_test",
                    f"Morale test for {model.name}, rerolling a fail (Command Aura)",
                    seat,
                    {**target, "rolls": fails[0], "reroll": [1, 1]},
                    {"rolls": OneOf(fails), "reroll": TWO_DICE},
                )
        if state.scenario is Scenario.HOLD_THE_LINE:
            count = objective_count(state.battle_size)
            lists: tuple[JSON, ...] = tuple(
                list(flags) for flags in product((False, True), repeat=count)
            )
            yield LegalAction(
                "objectives",
                'Record who is within 3" of each objective',
                seat,
                {"seat_0_within_3": lists[0], "seat_1_within_3": lists[0]},
                {"seat_0_within_3": OneOf(lists), "seat_1_within_3": OneOf(lists)},
            )
    for owner in SEATS:
        for model in _in_play(state.sides[owner]):
            if model.status == ROUTING:
                yield LegalAction(
                    "leave_table",
                    f"{_owner(state, seat, owner).capitalize()} {model.name} flees off the table",
                    seat,
                    {"seat": owner, "model": model.id},
                )


def _effects(state: AzerothState, seat: int) -> Iterator[LegalAction]:
    """What the table records on any model: Opportunity Attacks (6.5), damage (7.8),
    healing (4.6) and what is near a model for Morale (10.1, 10.2)."""
    if state.stage not in (Stage.MANA, Stage.ACTIVATION, Stage.MORALE):
        return
    if state.stage is not Stage.MANA:
        for model in _in_play(state.sides[seat]):
            if f"oa:{seat}:{model.id}" not in state.limits.used:
                yield LegalAction(
                    "opportunity_attack",
                    f"Opportunity Attack by {model.name}",
                    seat,
                    {"model": model.id},
                )
    for owner in SEATS:
        side = state.sides[owner]
        whose = _owner(state, seat, owner)
        for model in _in_play(side):
            target = {"seat": owner, "model": model.id}
            friends = tuple(m.id for m in side.models if m.id != model.id)
            yield LegalAction(
                "damage",
                f"Damage {whose} {model.name}",
                seat,
                {**target, "amount": 1, "within_6": []},
                {"amount": Amount(1, MAX_STAT), "within_6": SomeOf(friends)},
            )
            if not model.profile.fearless and model.wounds_left < model.profile.wounds:
                yield LegalAction(
                    "heal",
                    f"Heal {whose} {model.name}",
                    seat,
                    {**target, "amount": 1},
                    {"amount": Amount(1, MAX_STAT)},
                )
            if state.stage is not Stage.MANA and model.morale_result is None:
                yield LegalAction(
                    "morale_facts",
                    f"Say what is near {whose} {model.name} for Morale",
                    seat,
                    {**target, "facts": []},
                    {"facts": SomeOf(MORALE_FACTS)},
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
        ) and not any(_due(state, check) for check in _morale_checks(state))
        if state.round >= ROUNDS:
            label = "End the last round and the game"
    if ready:
        yield LegalAction("end_stage", label, seat)
