"""How Rune Age says things: the view every viewer gets (nothing in it is secret), the setup
checklist, history lines, and what a combat led to in words for the history."""

from __future__ import annotations

from referee.rules.runeage.cards import DRAGONLORDS, HAND, SCENARIO_NAMES, VARIABLE_SETUP
from referee.rules.runeage.reminders import NEXT, NOW, Reminder, attrition_words, reminders
from referee.rules.runeage.setup import RuneAgeSetup
from referee.rules.runeage.state import (
    ACTIONS,
    ELIMINATED_AT,
    FACTION,
    NEUTRAL,
    SIEGE,
    Combat,
    Played,
    RuneAgeState,
    Side,
    deck_strength,
    event_card,
    event_strength,
    gold_card,
)
from referee.rules.tracker import JSON, Action

TURN_STEPS = (
    "Refresh exhausted cities, strongholds and Rewards",
    "Perform actions",
    "Discard the hand, keeping cards at 1 influence each",
    "Draw up to five cards",
)
EVENT_STEPS = (
    "The first player draws the top event",
    "An enemy stays in play; an instant resolves now",
    "Everyone draws up to five cards",
)


# The view -----------------------------------------------------------------------------------


def _side_view(state: RuneAgeState, side: Side) -> dict[str, JSON]:
    return {
        "seat": side.seat,
        "cards": [
            {"key": c.key, "name": c.name, "strength": c.strength, "wounded": c.wounded}
            for c in side.cards
        ],
        "passed": side.passed,
        "bonus": side.bonus,
    }


def _combat_view(state: RuneAgeState, combat: Combat) -> dict[str, JSON]:
    attack, defence = combat.attack_total, combat.defence_total
    if combat.kind == "battle":
        leader = "army" if attack >= defence else "target"
    else:
        leader = "attacker" if attack > defence else "defender"
    return {
        "kind": combat.kind,
        "target": combat.target,
        "target_name": combat.target_name,
        "base": combat.base,
        "step": combat.step,
        "attacker": _side_view(state, combat.attacker),
        "defender": _side_view(state, combat.defender),
        "attack_total": attack,
        "defence_total": defence,
        "leader": leader,
        "to_play": combat.to_play,
        "dice_left": combat.dice,
        "skulls_to_destroy": combat.skulls,
        "rolls": list(combat.rolls),
        "event": combat.event,
    }


def _reminder_view(reminder: Reminder) -> dict[str, JSON]:
    return {
        "when": reminder.when,
        "kind": reminder.kind,
        "event": reminder.event,
        "text": reminder.text,
        "seats": list(reminder.seats),
        "section": reminder.section,
        "attrition": reminder.attrition,
        "attrition_text": reminder.attrition_text,
    }


def table_view(state: RuneAgeState) -> dict[str, JSON]:
    setup = state.setup
    cards = setup.cards
    scenario = cards.scenario(setup.scenario)
    due = reminders(state)
    players: list[JSON] = []
    for seat, player in enumerate(state.players):
        race = cards.race(player.race)
        barracks = [
            {
                "name": u.name,
                "kind": "unit",
                "cost": u.cost,
                "strength": u.strength,
                "left": player.barracks.get(u.name, 0),
            }
            for u in race.units
        ]
        barracks += [
            {
                "name": s.name,
                "kind": "stronghold",
                "cost": s.gold,
                "strength": s.strength,
                "left": player.barracks.get(s.name, 0),
            }
            for s in race.strongholds
        ]
        if race.monument.name in player.barracks:
            barracks.append(
                {
                    "name": race.monument.name,
                    "kind": "monument",
                    "cost": race.monument.gold,
                    "strength": 0,
                    "left": player.barracks[race.monument.name],
                }
            )
        in_play = [
            {
                "id": f"stronghold:{s.name}",
                "name": s.name,
                "kind": "stronghold",
                "influence": s.influence,
                "exhausted": f"stronghold:{s.name}" in player.exhausted,
            }
            for s in race.strongholds
            if s.name in player.strongholds
        ]
        in_play += [
            {
                "id": f"city:{c.name}",
                "name": c.name,
                "kind": "city",
                "influence": c.influence,
                "defense": c.defense,
                "exhausted": f"city:{c.name}" in player.exhausted,
            }
            for c in cards.cities
            if c.name in player.cities
        ]
        for name in player.rewards:
            event = event_card(state, name)
            in_play.append(
                {
                    "id": f"reward:{name}",
                    "name": name,
                    "kind": "reward",
                    "resource": event.reward,
                    "value": event.reward_value,
                    "text": event.text,
                    "exhausted": f"reward:{name}" in player.exhausted,
                }
            )
        owned = sorted(player.owned.items())
        players.append(
            {
                "name": player.name,
                "race": player.race,
                "home_realm": race.home_realm,
                "damage": player.damage,
                "damage_left": max(0, ELIMINATED_AT - player.damage),
                "eliminated": player.eliminated,
                "in_play": in_play,
                "barracks": barracks,
                "cards": [{"name": n, "count": c} for n, c in owned if c > 0],
                "deck_size": sum(c for _, c in owned),
                "unit_strength": deck_strength(state, seat),
                "monument": player.monument,
                "rune_powers": list(player.rune_powers),
                "rune_used": player.rune_used,
                "attacked": sorted(player.attacked),
                # what concerns this player alone (an attack on the Home Realm)
                "reminders": [_reminder_view(r) for r in due if not r.everyone and seat in r.seats],
            }
        )
    enemies = []
    for name, arrived in state.enemies:
        event = event_card(state, name)
        enemies.append(
            {
                "name": name,
                "stage": event.stage,
                "strength": event_strength(state, name),
                "attrition": event.attrition,
                "attrition_text": attrition_words(event.attrition),
                "reward": event.reward,
                "text": event.text,
                "start_of_event_phase": event.start_of_event_phase,
                # its start-of-phase effect applies from the phase after the one it came in
                "acts_this_event_phase": event.start_of_event_phase and arrived < state.round,
            }
        )
    drawn = None
    if state.drawn is not None:
        event = event_card(state, state.drawn)
        drawn = {
            "name": event.name,
            "stage": event.stage,
            "kind": event.kind,
            "strength": event_strength(state, event.name),
            "attrition": event.attrition,
            "attrition_text": attrition_words(event.attrition),
            "attacks": event.attacks,
            "until_repelled": event.until_repelled,
            "next_round": event.next_round,
            "text": event.text,
        }
    objective = scenario.objective
    outcome = state.outcome
    step_name = (
        "Event phase" if state.step != ACTIONS else f"{state.players[state.active].name}'s turn"
    )
    return {
        "scenario": setup.scenario,
        "scenario_name": SCENARIO_NAMES[setup.scenario],
        "solo": setup.solo,
        "round": state.round,
        "step": state.step,
        "step_name": step_name,
        "active_seat": state.active,
        "first_seat": state.first,
        "checklist": list(TURN_STEPS if state.step == ACTIONS else EVENT_STEPS),
        "spending": {
            "kind": state.pool_kind,
            "left": state.pool,
            "gold_spent": state.gold_spent,
            "influence_spent": state.influence_spent,
            "strength_played": state.strength_played,
            "kept": state.kept,
        },
        "supply": {
            "gold": [
                {
                    "name": gold_card(g.value),
                    "value": g.value,
                    "cost": g.influence,
                    "left": state.gold_piles[g.value],
                }
                for g in cards.gold
            ],
            "neutrals": [
                {
                    "name": n.name,
                    "kind": n.kind,
                    "cost": n.influence,
                    "strength": n.strength,
                    "left": state.neutral_piles.get(n.name, 0),
                }
                for n in cards.neutrals
                if n.name in state.neutral_piles
            ],
            "cities": [
                {
                    "id": f"city:{c.name}",
                    "name": c.name,
                    "influence": c.influence,
                    "strength": c.strength,
                    "defense": c.defense,
                }
                for c in cards.cities
                if c.name in state.central_cities
            ],
        },
        "events": {
            "left": state.deck_size,
            "by_stage": [len(stage) for stage in state.deck],
            "top_stage": state.top_stage,
            "drawn": drawn,
            "discard": list(state.discard),
            "enemies": enemies,
            "lasting": [
                {"name": name, "round": applies, "text": event_card(state, name).text}
                for name, applies in state.lasting
            ],
            "waiting_to_battle": list(state.attack_queue),
        },
        "objective": {
            "name": objective.name,
            "strength": objective.strength if setup.scenario == DRAGONLORDS else None,
            "attrition": objective.attrition if setup.scenario == DRAGONLORDS else 0,
            "attrition_text": attrition_words(objective.attrition)
            if setup.scenario == DRAGONLORDS
            else "",
        },
        # what concerns every player: lasting instants and enemies' start-of-phase effects
        "reminders": {
            "now": [_reminder_view(r) for r in due if r.everyone and r.when == NOW],
            "next": [_reminder_view(r) for r in due if r.everyone and r.when == NEXT],
        },
        "combat": _combat_view(state, state.combat) if state.combat is not None else None,
        "rune_choice": state.rune_choice,
        "setup": setup_checklist(setup),
        "players": players,
        "winner": outcome.winner,
        "winners": sorted(outcome.winners),
        "over": outcome.over,
        "everyone_lost": outcome.over and not outcome.places,
        "reason": outcome.reason,
    }


def setup_checklist(setup: RuneAgeSetup) -> list[str]:
    """What to lay out, in the order of Setup 4 to 11: play order and races, the Variable
    Setup table's piles and cities, starting decks and hands, the event deck by stage with
    what solo or cooperative play removes, the Runewars rune powers, the Monuments."""
    count = len(setup.players)
    ones, twos, threes, each, cities = VARIABLE_SETUP[count]
    cards = setup.cards
    scenario = cards.scenario(setup.scenario)
    lines = [
        "Play order: "
        + ", ".join(f"{p.name} ({p.race})" for p in setup.players)
        + " (the youngest first, then clockwise)",
        f"Gold piles: {ones} 1-gold, {twos} 2-gold, {threes} 3-gold",
        f"Neutral piles of {each}: " + ", ".join(setup.neutrals),
        f"{cities} neutral cities: " + ", ".join(setup.cities),
        "Each player: Home Realm, Barracks (three strongholds and the units by cost)",
        f"Each starting deck: five 1-gold cards and three 1-cost units; draw {HAND}",
    ]
    stages = 3 if setup.scenario == "cataclysm" else 2
    removed = [
        e.name
        for e in scenario.events
        if (setup.solo and e.solo_removed)
        or (setup.cooperative and setup.scenario == "cataclysm" and e.cooperative_removed)
    ]
    counts = [
        sum(1 for e in scenario.events if e.stage == stage and e.name not in removed)
        for stage in range(1, stages + 1)
    ]
    order = " on ".join(f"Stage {i} ({n})" for i, n in enumerate(counts, start=1))
    lines.append(
        f"Event deck, each stage shuffled: {order}"
        + (f"; removed: {', '.join(removed)}" if removed else "")
    )
    if any(p.rune_power for p in setup.players):
        lines.append(
            "Dragon rune powers: " + ", ".join(f"{p.name} {p.rune_power}" for p in setup.players)
        )
    if setup.scenario == "monument":
        lines.append("Each Barracks holds its race's Monument")
    lines.append(f"Objective: {scenario.objective.name}")
    return lines


# History lines ------------------------------------------------------------------------------


def _target_words(target: object, setup: RuneAgeSetup | None) -> str:
    kind, _, name = str(target).partition(":")
    if kind == "realm" and setup is not None and name.isdigit() and int(name) < len(setup.players):
        return f"{setup.players[int(name)].name}'s Home Realm"
    if kind == "objective" and setup is not None:
        return setup.cards.scenario(setup.scenario).objective.name
    return name or kind


def history_line(action: Action, setup: RuneAgeSetup | None) -> str:
    p = action.payload
    names = [player.name for player in setup.players] if setup is not None else []

    def who(seat: object) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            return names[seat]
        return "the table"

    actor = who(action.by) if action.by is not None else "The table"
    card = p.get("card")
    lines = {
        "play_gold": f"plays a {p.get('value')}-gold card",
        "exhaust": f"exhausts {str(card).partition(':')[2] or card}",
        "buy": f"buys {card}",
        "acquire": f"acquires {card}",
        "keep": f"keeps {p.get('count')} card(s) in hand",
        "card_action": f"uses {card}'s Action",
        "use_rune_power": "uses the dragon rune power",
        "choose_rune_power": f"keeps the dragon rune power {p.get('keep')}",
        "gain_rune_power": f"finds the dragon rune power {p.get('power')}",
        "attack": f"attacks {_target_words(p.get('target'), setup)}",
        "play_card": f"plays {card}",
        "play_other": f"plays {p.get('name')} (strength {p.get('strength')})",
        "pass": "passes",
        "roll_attrition": f"rolls the attrition die: {p.get('roll')}",
        "destroy": f"destroys a unit of the {p.get('side')}",
        "wound": f"wounds a unit of the {p.get('side')}",
        "adjust": f"changes the {p.get('side')}'s strength by {p.get('amount')}",
        "resolve": "resolves the combat",
        "take_damage": f"{who(p.get('seat'))}'s Home Realm takes {p.get('amount')} damage"
        + {"card": " from a card", "event": " from an event"}.get(str(p.get("source")), ""),
        "end_turn": "ends the turn",
        "draw_event": f"draws the event {p.get('event')}",
        "end_event_phase": "ends the event phase",
    }
    line = lines.get(action.type, action.type.replace("_", " "))
    return f"{actor}: {line}"


# What a combat led to ---------------------------------------------------------------------


def unit_words(state: RuneAgeState, seat: int | None, card: Played) -> str:
    """A participating card in words: its owner's name and its card name."""
    owner = state.players[seat].name if seat is not None else "the target"
    return f"{owner}'s {card.name}"


def destroyed_words(state: RuneAgeState, seat: int | None, card: Played, why: str = "") -> str:
    """A destroyed unit, named, and where it goes: its owner's Barracks or the neutral
    piles; a card typed at the table goes nowhere the tracker counts (Destroying &
    Wounding Units)."""
    back = {FACTION: " and goes back to the Barracks", NEUTRAL: " and goes back to its pile"}
    return f"{unit_words(state, seat, card)} is destroyed{why}{back.get(card.origin, '')}"


def combat_result_words(state: RuneAgeState, combat: Combat, won: bool) -> str:
    """Who won the combat, what it was about, the totals (the winner's first) and what
    follows, in words every viewer may read (Conduct a Battle, step 4; Conduct a Siege,
    step 3)."""
    attack, defence = combat.attack_total, combat.defence_total
    attacker = state.players[combat.attacker.seat or 0].name
    kind, _, name = combat.target.partition(":")
    score = f"{attack} to {defence}" if won else f"{defence} to {attack}"
    if combat.kind == SIEGE:
        defender = state.players[combat.defender.seat or 0].name
        head = f"{attacker if won else defender} wins the siege of {combat.target_name}, {score}"
        if kind == "city":
            follows = (
                f"{attacker} takes {name} from {defender}" if won else f"{defender} keeps {name}"
            )
        else:
            follows = (
                f"{defender}'s Home Realm takes {attack - defence} damage"
                if won
                else f"{defender} repels it"
            )
        return f"{head}: {follows}"
    if won:
        head = f"{attacker} wins the battle against {combat.target_name}, {score}"
    else:
        head = f"{combat.target_name} wins the battle against {attacker}, {score}"
    if kind == "instant":
        follows = (
            f"{attacker} repels it"
            if won
            else (f"{attacker}'s Home Realm takes {defence - attack} damage")
        )
    elif kind == "enemy" and won:
        reward = event_card(state, name).reward
        follows = (
            f"{name} becomes {attacker}'s Reward"
            if reward
            else (f"{name} goes to the event discard pile")
        )
    elif kind == "objective" and won:
        follows = f"{attacker} wins the game"
    elif won:
        follows = f"{attacker} secures {name}"
    elif kind == "stronghold":
        follows = f"{name} stays in the Barracks"
    elif kind == "city":
        follows = f"{name} stays in the central area"
    else:
        follows = f"{combat.target_name} stays in play"
    return f"{head}: {follows}"
