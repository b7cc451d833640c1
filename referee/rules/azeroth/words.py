"""How Azeroth at War says things: words for its codes, history lines, and the view each
viewer gets, a secret Warlord shown only to its owner until it falls or the game ends (11)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules.azeroth.profiles import (
    AbilityType,
    SpellOdds,
    Step,
    Tier,
)
from referee.rules.azeroth.setup import (
    SEATS,
    AzerothSetup,
    Scenario,
)
from referee.rules.azeroth.state import (
    GROUNDED,
    HIDDEN_WARLORD,
    AzerothState,
    ModelState,
    Stage,
    army_standing,
    morale_checks,
    morale_due,
    next_seat,
    response_odds,
    split_label,
)
from referee.rules.azeroth.table import (
    OBJECTIVE_VP,
    ROUNDS,
    MoraleCheck,
    objective_count,
    summon_expires,
)
from referee.rules.azeroth.units import BATTLE_SIZES
from referee.rules.tracker import (
    JSON,
    Action,
)

SCENARIO_NAMES: dict[str, str] = {
    Scenario.ANNIHILATION: "Annihilation",
    Scenario.HOLD_THE_LINE: "Hold the Line",
    Scenario.ASSASSINATION: "Assassination",
}

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


def with_side_names(state: AzerothState, text: str) -> str:
    """A table explanation with "player A" and "player B" given the sides' names."""
    for seat, letter in enumerate("AB"):
        name = state.sides[seat].name
        text = text.replace(f"Player {letter} ", f"{name} ").replace(
            f"player {letter} ", f"{name} "
        )
        text = text.replace(f"player {letter}'s", f"{name}'s").replace(f" {letter} ", f" {name} ")
    return text


# --- History lines -------------------------------------------------------------------------


def _id_in_words(model_id: str) -> str:
    return " ".join(word.capitalize() for word in model_id.split("-"))


def history_line(action: Action, setup: AzerothSetup | None) -> str:
    payload = action.payload

    def seat_name(seat: int | None) -> str:
        if seat is None:
            return "The table"
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
        return _id_in_words(model_id)

    who = seat_name(action.by)
    target_seat = payload.get("seat") if isinstance(payload.get("seat"), int) else None
    kind = action.type

    def dice(key: str = "rolls") -> str:
        value = payload.get(key)
        if isinstance(value, list):
            return " and ".join(str(die) for die in value) or "?"
        return "?" if value is None else str(value)

    if kind in ("edge_roll_off", "round_roll_off"):
        what = "table edge" if kind == "edge_roll_off" else "first activation"
        rolls = payload.get("rolls")
        if isinstance(rolls, list) and len(rolls) == 2:
            said = f"{seat_name(0)} {rolls[0]}, {seat_name(1)} {rolls[1]}"
            return f"{who}: roll-off for the {what}: {said}"
        return f"{who}: roll-off for the {what}"
    if kind == "nominate_warlord":
        return f"{who}: nominates their Warlord (kept secret)"
    if kind == "activate":
        return f"{who}: activates {model_name(seat=action.by)}"
    if kind == "end_activation":
        return f"{who}: ends {model_name(seat=action.by)}'s activation"
    if kind == "no_response":
        return f"{who}: lets the enemy's ability go off unanswered"
    if kind == "use_ability":
        return f"{who}: {model_name(seat=action.by)} uses {payload.get('ability')}"
    if kind == "summon":
        count = payload.get("count")
        many = f"{count} x " if isinstance(count, int) and count > 1 else ""
        return f"{who}: {model_name(seat=action.by)} summons {many}{payload.get('name')}"
    if kind == "spell_block":
        return f"{who}: {model_name(seat=action.by)} tries a Spell Block, rolls {dice('roll')}"
    if kind in ("dispel", "counterspell"):
        return f"{who}: {kind.capitalize()}, rolls {dice('roll')}"
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
        facts = payload.get("facts")
        if not isinstance(facts, list):
            facts = [name for name in MORALE_FACT_NAMES if payload.get(name) is True]
        words = [MORALE_FACT_NAMES.get(str(f), str(f)) for f in facts]
        said = "; ".join(word[:1].lower() + word[1:] for word in words)
        return f"{who}: near {model_name(seat=target_seat)} for Morale: {said or 'nothing'}"
    if kind == "morale_test":
        line = f"{who}: Morale test for {model_name(seat=target_seat)}, rolls {dice()}"
        if payload.get("reroll") is not None:
            line += f", Command Aura reroll {dice('reroll')}"
        return line
    if kind == "morale_reroll":
        return (
            f"{who}: Command Aura reroll of {model_name(seat=target_seat)}'s Morale test, "
            f"rolls {dice()}"
        )
    if kind == "leave_table":
        return f"{who}: {model_name(seat=target_seat)} flees off the table"
    if kind == "objectives":
        return f"{who}: objective control recorded"
    if kind == "end_stage":
        stage = payload.get("stage")
        which = f"the {stage} stage" if isinstance(stage, str) else "the stage"
        return f"{who}: ends {which}"
    label = kind.replace("_", " ")
    return f"{who}: {label}"


# --- View ----------------------------------------------------------------------------------


def _percent(p: float) -> float:
    return round(p * 100, 1)


def _step_lines(steps: Sequence[Step]) -> list[JSON]:
    return [f"{step.text} ({step.rule})" for step in steps]


def _step_lines_named(state: AzerothState, steps: Sequence[Step]) -> list[JSON]:
    return [f"{with_side_names(state, step.text)} ({step.rule})" for step in steps]


def _checklist(state: AzerothState, checks: Sequence[MoraleCheck]) -> list[JSON]:
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
            "test Morale for every model due": not any(morale_due(state, c) for c in checks),
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
        "tier_names": [TIER_NAMES[t] for t in profile.tiers],
        "hero": profile.hero,
        "magical": profile.magical,
        "keywords": dict(profile.keywords),
        "abilities": [
            {
                "name": a.name,
                "type": a.type.value,
                "type_name": ABILITY_TYPE_NAMES[a.type],
                "mana_cost": a.mana_cost,
            }
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
        "taunted_by_name": _model_name(state, 1 - seat, model.taunted_by),
        "summoner": model.summoner,
        "summoner_name": _model_name(state, seat, model.summoner),
        "summoned_rounds_left": rounds_left,
        "warlord": show_warlord and state.sides[seat].warlord_id == model.id,
        "fear_nearby": model.fear_nearby,
        "command_aura": model.command_aura,
        "friendly_destroyed_within_6": model.friendly_destroyed_nearby,
        "morale_result": model.morale_result,
        "morale_rerolled": model.morale_record is not None and model.morale_record.rerolled,
        "opportunity_attack_used": f"oa:{seat}:{model.id}" in state.limits.used,
        "spell_block_used": f"block:{seat}:{model.id}" in state.limits.used,
        "taunt_used": f"taunt:{seat}:{model.id}" in state.limits.used,
    }


def _model_name(state: AzerothState, seat: int, model_id: str | None) -> str | None:
    """A model's name for the view, where the state holds its id."""
    if model_id is None:
        return None
    model = state.sides[seat].find(model_id)
    return model_id if model is None else model.name


def _used_this_round(state: AzerothState, prefix: str, seat: int) -> list[JSON]:
    start = f"{prefix}:{seat}:"
    return sorted(key[len(start) :] for key in state.limits.used if key.startswith(start))


def _morale_view(state: AzerothState, seat: int, checks: Sequence[MoraleCheck]) -> list[JSON]:
    if state.stage not in (Stage.ACTIVATION, Stage.MORALE):
        return []
    tests: list[JSON] = []
    for check in checks:
        owner, model_id = split_label(check.label)
        if owner != seat or not check.must_test.required or check.odds is None:
            continue
        model = state.sides[seat].find(model_id)
        assert model is not None
        odds = check.odds
        tests.append(
            {
                "model": model_id,
                "name": model.name,
                "reasons": _step_lines(check.must_test.reasons),
                "morale_value": odds.morale_value,
                "reroll": odds.reroll,
                "pass": _percent(odds.pass_probability),
                "waver": _percent(odds.waver_probability),
                "rout": _percent(odds.rout_probability),
                "explanation": _step_lines(odds.explanation),
                "result": model.morale_result,
            }
        )
    return tests


def _side_view(
    state: AzerothState, seat: int, viewer: int | None, checks: Sequence[MoraleCheck]
) -> dict[str, JSON]:
    side = state.sides[seat]
    show = (
        side.warlord is not None
        and side.warlord.value != HIDDEN_WARLORD
        and (side.warlord.visible_to(viewer) or side.warlord_revealed)
    )
    return {
        "name": side.name,
        "mana": side.mana.value,
        "mana_cap": side.mana.maximum,
        "mana_breakdown": _step_lines(side.mana_breakdown),
        "last_hero_slain": side.last_hero_slain,
        "warlord": side.warlord_id if show else None,
        "warlord_name": _model_name(state, seat, side.warlord_id) if show else None,
        "warlord_nominated": side.warlord is not None,
        "opportunity_attacks_used": _used_this_round(state, "oa", seat),
        "spell_blocks_used": _used_this_round(state, "block", seat),
        "taunts_used": _used_this_round(state, "taunt", seat),
        "models_left_to_activate": len(side.to_activate),
        "models": [_model_view(state, seat, m, show) for m in side.models],
        "morale_tests": _morale_view(state, seat, checks),
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
        "explanation": _step_lines(odds.explanation),
    }


def _pending_view(state: AzerothState) -> dict[str, JSON] | None:
    pending = state.pending
    if pending is None:
        return None
    enemy = state.sides[1 - pending.seat]
    # Spell Block comes first: once it was tried, or a Dispel or Counterspell rolled, or the
    # ability settled, none is left to try (8.6, R9, R124).
    open_to_block = pending.spell_block is None and not pending.settled
    blockers = [
        m.id
        for m in enemy.models
        if open_to_block
        and m.in_play
        and m.profile.has("Spell Block")
        and f"block:{1 - pending.seat}:{m.id}" not in state.limits.used
    ]
    with_block = response_odds(state, spell_block=True) if blockers else None
    return {
        "seat": pending.seat,
        "model": pending.model,
        "model_name": _model_name(state, pending.seat, pending.model),
        "ability": pending.name,
        "type": pending.type.value,
        "type_name": ABILITY_TYPE_NAMES[pending.type],
        "mana_cost": pending.mana_cost,
        "spell_block": pending.spell_block,
        "response": pending.response,
        "response_result": pending.response_result,
        "declined": pending.declined,
        "stopped": pending.stopped,
        "settled": pending.settled,
        "spell_blockers": list(blockers),
        "odds": _odds_view(response_odds(state)),
        "odds_with_spell_block": _odds_view(with_block),
    }


def _summary(state: AzerothState) -> dict[str, JSON]:
    rows: list[JSON] = []
    held = state.held if state.objectives is None else state.objectives
    for seat, side in enumerate(state.sides):
        standing = army_standing(state, seat)
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
    return {"sides": rows, "explanation": _step_lines(state.result)}


def table_view(state: AzerothState, viewer: int | None) -> dict[str, JSON]:
    # Every model's Morale check, worked out once for the checklist and both sides (10.1).
    checks = morale_checks(state) if state.stage in (Stage.ACTIVATION, Stage.MORALE) else ()
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
        seat, model_id = state.current
        current = {"seat": seat, "model": model_id, "name": _model_name(state, seat, model_id)}
    deployed = None
    if state.edge_chooser is not None:
        deployed = 1 - state.edge_chooser
    held = state.objectives
    return {
        "scenario": state.scenario.value,
        "scenario_name": SCENARIO_NAMES[state.scenario],
        "battle_size": state.battle_size.value,
        "battle_size_name": f"{state.battle_size.value.capitalize()} battle",
        "round": state.round,
        "rounds": ROUNDS,
        "stage": state.stage.value,
        "checklist": _checklist(state, checks),
        "pending_roll_off": pending_roll,
        "reroll_needed": bool(reroll and pending_roll),
        "deployment": {
            "shown": state.stage is Stage.DEPLOYMENT,
            "edge_rolls": None if state.edge_rolls is None else list(state.edge_rolls),
            "edge_chooser": state.edge_chooser,
            "first_to_deploy": deployed,
            "deployed_second": state.deployed_second,
            "zone_depth": BATTLE_SIZES[state.battle_size].deployment_depth,
            "explanation": _step_lines_named(state, state.deployment_steps),
        },
        "first_activator": state.first,
        "first_activator_explanation": _step_lines_named(state, state.first_steps),
        "round_rolls": None if state.round_rolls is None else list(state.round_rolls),
        "next_seat": next_seat(state),
        # who activates next and why, while models are activating (5.1)
        "activation": None
        if state.stage is not Stage.ACTIVATION
        else {
            "next_known": state.first is not None,
            "explanation": _step_lines_named(state, state.first_steps),
        },
        "activating": current,
        "ability": _pending_view(state),
        "objectives": None
        if state.scenario is not Scenario.HOLD_THE_LINE
        else {
            "count": objective_count(state.battle_size),
            "this_round": None if held is None else list(held),
            "last_round": list(state.held),
        },
        "sides": [_side_view(state, seat, viewer, checks) for seat in SEATS],
        "over": state.over,
        "winner": state.outcome.winner,
        "reason": state.outcome.reason,
        "summary": _summary(state),
    }
