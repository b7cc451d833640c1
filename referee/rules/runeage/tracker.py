"""The Rune Age table tracker, built on the tracker core: the setup JSON, the action types,
the view every viewer gets (nothing in it is secret), history lines and the example setup."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import ClassVar

from referee.rules.runeage import engine
from referee.rules.runeage.cards import (
    DRAGONLORDS,
    ENEMY,
    HAND,
    SCENARIO_NAMES,
    VARIABLE_SETUP,
)
from referee.rules.runeage.demo import DEMO
from referee.rules.runeage.reminders import NEXT, NOW, Reminder, attrition_words, reminders
from referee.rules.runeage.setup import RuneAgeSetup, build_setup, setup_from_json, setup_to_json
from referee.rules.runeage.state import (
    ACTIONS,
    ATTRITION_FACES,
    ELIMINATED_AT,
    GOLD,
    Combat,
    RuneAgeState,
    Side,
    gold_card,
)
from referee.rules.tracker import (
    JSON,
    Action,
    ActionType,
    LegalAction,
    PayloadField,
    System,
)

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


def _card(name: str, description: str = "the card") -> PayloadField:
    return PayloadField(name, "str", description)


ACTION_TYPES = (
    ActionType(
        "play_gold",
        "Play a gold card from hand to spend its gold now (Spend Gold action).",
        (PayloadField("value", "int", "gold card"),),
    ),
    ActionType(
        "exhaust",
        "Exhaust a stronghold, city or Reward for its influence (or a Reward's gold); the card "
        "is stronghold:<name>, city:<name> or reward:<name>.",
        (_card("card", "card to exhaust"),),
    ),
    ActionType(
        "buy",
        "Spend gold on a unit or stronghold of your Barracks, or your Monument.",
        (_card("card", "the card's name"),),
    ),
    ActionType(
        "acquire",
        "Spend influence on a neutral card or a gold card (1-gold, 2-gold, 3-gold).",
        (_card("card", "the card's name"),),
    ),
    ActionType(
        "keep",
        "Spend influence to keep cards in hand past the discard step (1 each).",
        (PayloadField("count", "int", "cards kept"),),
    ),
    ActionType(
        "card_action",
        "Use a card's Action ability (its effect is made at the table).",
        (_card("card", "the card's name"),),
    ),
    ActionType("use_rune_power", "Exhaust your dragon rune power (once per round, Runewars)."),
    ActionType(
        "choose_rune_power",
        "Choose which of two dragon rune powers stays active (Runewars).",
        (_card("keep", "the dragon rune power kept"),),
    ),
    ActionType(
        "gain_rune_power",
        "An event gives you a dragon rune power nobody holds (Runewars).",
        (_card("power", "the dragon rune power"),),
    ),
    ActionType(
        "attack",
        "Declare a combat's target: a battle or, against another player, a siege.",
        (
            _card(
                "target",
                "stronghold:<name>, city:<name>, enemy:<name>, objective or realm:<seat>",
            ),
        ),
    ),
    ActionType(
        "play_card",
        "Play a unit or tactic into the combat.",
        (_card("card", "the card"),),
    ),
    ActionType(
        "play_other",
        "Play a card the cards data lacks, typing its name and strength.",
        (
            PayloadField("name", "str", "name"),
            PayloadField("strength", "int", "strength"),
        ),
    ),
    ActionType("pass", "Stop playing cards in this combat."),
    ActionType(
        "roll_attrition",
        "Roll the attrition die once (one roll per icon on the event).",
        (
            PayloadField(
                "roll",
                "str",
                "what the die shows: blank, skull or two skulls",
                dice=1,
                faces=ATTRITION_FACES,
            ),
        ),
    ),
    ActionType(
        "destroy",
        "Destroy a participating unit (for attrition, or by an ability); the unit is named by "
        "its key in the combat (a1, d2 ...).",
        (
            PayloadField("side", "str", "attacker or defender"),
            _card("card", "the unit"),
        ),
    ),
    ActionType(
        "wound",
        "Wound a participating unit: it counts, and is destroyed at the end of combat; the unit "
        "is named by its key in the combat (a1, d2 ...).",
        (
            PayloadField("side", "str", "attacker or defender"),
            _card("card", "the unit"),
        ),
    ),
    ActionType(
        "adjust",
        "An ability changes your army's strength (or the target's, in a battle).",
        (
            PayloadField("side", "str", "attacker or defender"),
            PayloadField("amount", "int", "strength (minus: taken away)"),
        ),
    ),
    ActionType("resolve", "Resolve the combat: compare the totals and apply the result."),
    ActionType(
        "take_damage",
        "Place damage tokens on a Home Realm, as a card's or an event's text says. In Runewars "
        "a card eliminating another player makes the player whose turn it is the victor; an "
        "event's damage, or one's own card on one's own Home Realm, makes none (R199). The "
        "source is card (a card of the player whose turn it is, the default in a turn) or "
        "event (the only one in the event phase).",
        (
            PayloadField("seat", "int", "the player"),
            PayloadField("amount", "int", "damage, 1 to 40"),
            PayloadField(
                "source",
                "str",
                "where it comes from",
                False,
            ),
        ),
    ),
    ActionType("end_turn", "Discard the hand, draw up to five, and pass the turn on."),
    ActionType(
        "draw_event",
        "The first player draws the event: name the card drawn.",
        (
            PayloadField("event", "str", "the event card drawn"),
            PayloadField("strength", "int", "its strength, when the cards data lacks it", False),
        ),
    ),
    ActionType("end_event_phase", "Everyone draws up to five; the next round begins."),
)


class RuneAgeSystem(System[RuneAgeSetup, RuneAgeState]):
    """Rune Age. No step is played by several players at once (turns go in play order, the
    first player draws each event and it is resolved in play order, a siege's players
    alternate) and nothing tracked is private, so no entry commutes with another: an entry
    from a tablet that had not shown the latest one is refused (the default ``commutes``)."""

    slug = "runeage"
    name = "Rune Age"
    action_types = ACTION_TYPES
    seats: ClassVar[tuple[int, int]] = (1, 4)

    def setup_from_json(self, data: Mapping[str, JSON]) -> RuneAgeSetup:
        """See ``referee.rules.runeage.setup``: scenario, players in play order (name, race,
        Runewars' rune power), neutral types, cities and the cards with their numbers."""
        return setup_from_json(data)

    def setup_to_json(self, setup: RuneAgeSetup) -> dict[str, JSON]:
        return setup_to_json(setup)

    def seat_names(self, setup: RuneAgeSetup) -> tuple[str, ...]:
        return tuple(player.name for player in setup.players)

    def initial_state(self, setup: RuneAgeSetup) -> RuneAgeState:
        return engine.initial_state(setup)

    def apply(self, state: RuneAgeState, action: Action) -> RuneAgeState:
        return engine.apply(state, action)

    def legal_actions(self, state: RuneAgeState, seat: int) -> tuple[LegalAction, ...]:
        from referee.rules.runeage.legal import legal_actions

        return legal_actions(state, seat)

    def view(self, state: RuneAgeState, viewer: int | None) -> dict[str, JSON]:
        """Everything: the tracker holds no secret (hands are not tracked)."""
        return view(state)

    def describe(
        self, action: Action, setup: RuneAgeSetup | None = None, viewer: int | None = None
    ) -> str:
        return describe(action, setup)

    def aftermath(self, seq: int, state: RuneAgeState) -> str:
        """What entry ``seq`` led to that its payload does not say, kept by the engine when
        it applied the entry: who won a combat and what it was about, which unit was
        destroyed or wounded. Nothing in it is secret."""
        return "; ".join(text for at, text in state.notes if at == seq)

    def example_setup(self) -> dict[str, JSON]:
        """Three players of the demonstration cards in Resurgence of the Dragonlords."""
        return build_setup(
            DEMO,
            DRAGONLORDS,
            [("Ana", "Daqan Lords"), ("Ben", "Latari Elves"), ("Cleo", "Uthuk Y'llan")],
            Random("rune-age-example"),
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


def view(state: RuneAgeState) -> dict[str, JSON]:
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
            event = engine.event_card(state, name)
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
                "unit_strength": engine.deck_strength(state, seat),
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
        event = engine.event_card(state, name)
        enemies.append(
            {
                "name": name,
                "stage": event.stage,
                "strength": engine.event_strength(state, name),
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
        event = engine.event_card(state, state.drawn)
        drawn = {
            "name": event.name,
            "stage": event.stage,
            "kind": event.kind,
            "strength": engine.event_strength(state, event.name),
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
                {"name": name, "round": applies, "text": engine.event_card(state, name).text}
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


def describe(action: Action, setup: RuneAgeSetup | None) -> str:
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


RUNE_AGE = RuneAgeSystem()

__all__ = ["ENEMY", "GOLD", "RUNE_AGE", "RuneAgeSystem", "setup_checklist", "view"]
