"""The rules of Rune Age the tracker applies: the table laid out, and each action checked and
applied to the state, refused with IllegalAction when the rules do not allow it.

Sections cited are the rulebook's headings: Setup, Variable Setup, A Player's Turn,
Performing Actions, Resources, Event Cards & the Event Phase, Rewards, Attrition Die,
Conduct a Battle, Conduct a Siege, Destroying & Wounding Units, Player Elimination,
Winning the Game and The Scenarios. Rulings R180 to R201 settle what the book leaves open.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from referee.rules.runeage.cards import (
    CATACLYSM,
    DRAGONLORDS,
    ENEMY,
    MONUMENT,
    RUNEWARS,
    STARTING_GOLD,
    STARTING_UNITS,
    TACTIC,
    VARIABLE_SETUP,
    Event,
)
from referee.rules.runeage.setup import RuneAgeSetup
from referee.rules.runeage.state import (
    ACTIONS,
    ASSAULT,
    ATTRITION,
    ATTRITION_FACES,
    BATTLE,
    ELIMINATED_AT,
    EVENT,
    FACTION,
    GOLD,
    INFLUENCE,
    OTHER,
    RESOLUTION,
    SIEGE,
    SKULLS,
    Combat,
    Played,
    PlayerState,
    RuneAgeState,
    Side,
    card_strength,
    deck_strength,
    event_card,
    event_strength,
    gold_card,
)
from referee.rules.runeage.words import combat_result_words, destroyed_words, unit_words
from referee.rules.text import lone_surrogate
from referee.rules.tracker import Action, IllegalAction, Outcome, payload_value

MAX_TYPED_STRENGTH = 30
MAX_ADJUST = 10
MAX_DAMAGE = 40
DAMAGE_CARD, DAMAGE_EVENT = "card", "event"  # where damage recorded by the table comes from
DAMAGE_SOURCES = (DAMAGE_CARD, DAMAGE_EVENT)
Handler = Callable[[RuneAgeState, Action], RuneAgeState]


def _add_count(counts: Mapping[str, int], name: str, amount: int) -> dict[str, int]:
    result = dict(counts)
    result[name] = result.get(name, 0) + amount
    return result


# Setting up ---------------------------------------------------------------------------------


def initial_state(setup: RuneAgeSetup) -> RuneAgeState:
    """The table laid out (Setup 5 to 11): each Barracks, the gold piles and neutral piles of
    the Variable Setup table less the starting decks' five 1-gold cards each (R180), the
    neutral cities, the starting decks (five 1-gold and three 1-cost units), the event deck
    by stage without the solo and cooperative removals, and the first player's turn."""
    cards = setup.cards
    count = len(setup.players)
    ones, twos, threes, each_neutral, _cities = VARIABLE_SETUP[count]
    scenario = cards.scenario(setup.scenario)
    players = []
    for player in setup.players:
        race = cards.race(player.race)
        barracks = {unit.name: unit.copies for unit in race.units}
        barracks[race.starting_unit.name] -= STARTING_UNITS
        for stronghold in race.strongholds:
            barracks[stronghold.name] = 1
        if setup.scenario == MONUMENT:
            barracks[race.monument.name] = 1
        owned = {gold_card(1): STARTING_GOLD, race.starting_unit.name: STARTING_UNITS}
        runes = (player.rune_power,) if player.rune_power else ()
        players.append(PlayerState(player.name, player.race, owned, barracks, rune_powers=runes))
    stages = max(scenario.stages, 3 if setup.scenario == CATACLYSM else 2)
    deck = tuple(
        tuple(
            event.name
            for event in scenario.events
            if event.stage == stage
            and not (setup.solo and event.solo_removed)
            and not (
                setup.cooperative and setup.scenario == CATACLYSM and event.cooperative_removed
            )
        )
        for stage in range(1, stages + 1)
    )
    removed = tuple(
        event.name for event in scenario.events if not any(event.name in stage for stage in deck)
    )
    dealt = {player.rune_power for player in setup.players}
    spare = tuple(x.name for x in cards.rune_powers if x.name not in dealt)
    return RuneAgeState(
        setup=setup,
        spare_runes=spare if setup.scenario == RUNEWARS else (),
        players=tuple(players),
        neutral_piles={name: each_neutral for name in setup.neutrals},
        gold_piles={1: ones - STARTING_GOLD * count, 2: twos, 3: threes},
        central_cities=setup.cities,
        deck=deck,
        removed=removed,
    )


# Looking things up --------------------------------------------------------------------------


def influence_of(state: RuneAgeState, seat: int, card: str) -> tuple[str, int]:
    """(resource, amount) a stronghold, city or Reward of ``seat`` gives when exhausted."""
    kind, _, name = card.partition(":")
    player = state.players[seat]
    if kind == "stronghold" and name in player.strongholds:
        race = state.setup.cards.race(player.race)
        return INFLUENCE, next(s.influence for s in race.strongholds if s.name == name)
    if kind == "city" and name in player.cities:
        return INFLUENCE, next(c.influence for c in state.setup.cards.cities if c.name == name)
    if kind == "reward" and name in player.rewards:
        event = event_card(state, name)
        if event.reward in (GOLD, INFLUENCE) and event.reward_value > 0:
            return event.reward, event.reward_value
    raise IllegalAction(
        f"{player.name} controls no stronghold, city or Reward {card!r} that gives gold or "
        "influence.",
        "payload.card",
    )


def price(state: RuneAgeState, seat: int, name: str) -> tuple[str, int, int] | None:
    """(resource, cost, left in the supply) of a card ``seat`` may buy or acquire."""
    player = state.players[seat]
    race = state.setup.cards.race(player.race)
    for unit in race.units:
        if unit.name == name:
            return GOLD, unit.cost, player.barracks.get(name, 0)
    for stronghold in race.strongholds:
        if stronghold.name == name:
            return GOLD, stronghold.gold, player.barracks.get(name, 0)
    if state.setup.scenario == MONUMENT and race.monument.name == name:
        return GOLD, race.monument.gold, player.barracks.get(name, 0)
    for neutral in state.setup.cards.neutrals:
        if neutral.name == name and name in state.neutral_piles:
            return INFLUENCE, neutral.influence, state.neutral_piles[name]
    for gold in state.setup.cards.gold:
        if gold_card(gold.value) == name:
            return INFLUENCE, gold.influence, state.gold_piles[gold.value]
    return None


def gold_in_hand_at_most(state: RuneAgeState, seat: int, value: int) -> int:
    """Gold cards of ``value`` the player may still play this turn: those owned, less those
    played already (R183)."""
    owned = state.players[seat].owned.get(gold_card(value), 0)
    return owned - state.gold_played.get(value, 0)


# Checks -------------------------------------------------------------------------------------


def _acting_seat(state: RuneAgeState, action: Action) -> int:
    return state.active if action.by is None else action.by


def _require_turn(state: RuneAgeState, action: Action, what: str) -> int:
    """The acting seat, when it is that player's turn to perform actions."""
    if state.step != ACTIONS:
        raise IllegalAction(
            f"You can {what} only during a player's turn; it is the event phase (A Player's Turn).",
            "type",
        )
    seat = _acting_seat(state, action)
    if seat != state.active:
        raise IllegalAction(
            f"Only {state.players[state.active].name}, whose turn it is, can {what} "
            "(A Player's Turn).",
            "by",
        )
    if state.combat is not None:
        raise IllegalAction(f"Finish the combat against {state.combat.target_name} first.", "type")
    if state.rune_choice is not None:
        raise IllegalAction(
            f"{state.players[state.rune_choice].name} chooses which dragon rune power to keep "
            "first (Runewars: Special Rules).",
            "type",
        )
    return seat


def _close_pool(state: RuneAgeState, keep: str = "") -> RuneAgeState:
    """Another action begins: the Spend Gold or Spend Influence action under way ends, and
    what it left unspent is lost (Performing Actions, R182)."""
    if state.pool_kind and state.pool_kind != keep:
        return replace(state, pool_kind="", pool=0)
    return state


def _open_pool(state: RuneAgeState, kind: str, amount: int) -> RuneAgeState:
    state = _close_pool(state, kind)
    return replace(state, pool_kind=kind, pool=state.pool + amount)


def _set_player(state: RuneAgeState, seat: int, player: PlayerState) -> RuneAgeState:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def _payload_text(action: Action, key: str = "card") -> str:
    value: str = payload_value(action.payload, key, str)
    return value


# Spending resources -------------------------------------------------------------------------


def _play_gold(state: RuneAgeState, action: Action) -> RuneAgeState:
    """A Spend Gold action: gold cards played from hand, one at a time; their whole value
    is spent in this action or lost (Performing Actions: Spend Gold Action)."""
    seat = _require_turn(state, action, "play gold")
    value: int = payload_value(action.payload, "value", int)
    if value not in (1, 2, 3):
        raise IllegalAction("A gold card is worth 1, 2 or 3.", "payload.value")
    if gold_in_hand_at_most(state, seat, value) < 1:
        raise IllegalAction(
            f"{state.players[seat].name} has no {gold_card(value)} card left to play this "
            "turn (R183).",
            "payload.value",
        )
    state = _open_pool(state, GOLD, value)
    return replace(state, gold_played=_count_one_more(state.gold_played, value))


def _count_one_more(counts: Mapping[int, int], key: int) -> dict[int, int]:
    result = dict(counts)
    result[key] = result.get(key, 0) + 1
    return result


def _exhaust(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Exhaust a stronghold, city or Reward for its influence (or a Reward's gold): a Spend
    Influence action, spent now or lost (Resources; Spend Influence Action; Rewards)."""
    seat = _require_turn(state, action, "exhaust a card")
    card = _payload_text(action)
    player = state.players[seat]
    resource, amount = influence_of(state, seat, card)
    if card in player.exhausted:
        raise IllegalAction(
            f"{card.partition(':')[2]} is exhausted until {player.name}'s next turn "
            "(A Player's Turn, step 1).",
            "payload.card",
        )
    state = _set_player(state, seat, replace(player, exhausted=player.exhausted | {card}))
    return _open_pool(state, resource, amount)


def _spend(state: RuneAgeState, kind: str, cost: int, what: str) -> RuneAgeState:
    if state.pool_kind != kind:
        verb = "Play gold cards" if kind == GOLD else "Exhaust cities, strongholds or Rewards"
        raise IllegalAction(f"{verb} first: {what} costs {cost} {kind}.", "payload.card")
    if cost > state.pool:
        raise IllegalAction(
            f"Not enough {kind}: {what} costs {cost}, {state.pool} is left to spend "
            "(Performing Actions).",
            "payload.card",
        )
    spent = {GOLD: "gold_spent", INFLUENCE: "influence_spent"}[kind]
    return replace(state, pool=state.pool - cost, **{spent: getattr(state, spent) + cost})


def _buy(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Spend gold on a unit or stronghold of one's own Barracks, or on the Monument (Spend
    Gold Action; The Monument). Bought units go to the discard pile; a stronghold enters
    refreshed; the pile shows one fewer."""
    seat = _require_turn(state, action, "buy cards")
    name = _payload_text(action)
    found = price(state, seat, name)
    if found is None or found[0] != GOLD:
        raise IllegalAction(
            f"{name!r} is not a card of {state.players[seat].name}'s Barracks.", "payload.card"
        )
    _, cost, left = found
    if left < 1:
        raise IllegalAction(f"No {name} is left in the Barracks.", "payload.card")
    state = _spend(state, GOLD, cost, name)
    player = state.players[seat]
    race = state.setup.cards.race(player.race)
    barracks = _add_count(player.barracks, name, -1)
    if any(s.name == name for s in race.strongholds):
        player = replace(player, barracks=barracks, strongholds=(*player.strongholds, name))
    elif name == race.monument.name:
        player = replace(player, barracks=barracks, monument=True)
        state = replace(state, built=(*state.built, seat))
    else:
        player = replace(player, barracks=barracks, owned=_add_count(player.owned, name, 1))
    return _set_player(state, seat, player)


def _acquire(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Spend influence on a neutral card or a gold card of the central area; it goes to the
    discard pile and its pile shows one fewer (Spend Influence Action)."""
    seat = _require_turn(state, action, "acquire cards")
    name = _payload_text(action)
    found = price(state, seat, name)
    if found is None or found[0] != INFLUENCE:
        raise IllegalAction(f"{name!r} is not a neutral or gold card of this game.", "payload.card")
    _, cost, left = found
    if left < 1:
        raise IllegalAction(f"The {name} pile is empty.", "payload.card")
    state = _spend(state, INFLUENCE, cost, name)
    if name in state.neutral_piles:
        state = replace(state, neutral_piles=_add_count(state.neutral_piles, name, -1))
    else:
        value = int(name.split("-")[0])
        piles = dict(state.gold_piles)
        piles[value] -= 1
        state = replace(state, gold_piles=piles)
    player = state.players[seat]
    return _set_player(state, seat, replace(player, owned=_add_count(player.owned, name, 1)))


def _keep(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Keep cards in hand past the discard step at one influence each (A Player's Turn,
    step 3)."""
    _require_turn(state, action, "keep cards")
    count: int = payload_value(action.payload, "count", int)
    if not 1 <= count <= 20:
        raise IllegalAction("Keep 1 to 20 cards.", "payload.count")
    state = _spend(state, INFLUENCE, count, f"keeping {count} card(s)")
    return replace(state, kept=state.kept + count)


def _card_action(state: RuneAgeState, action: Action) -> RuneAgeState:
    """A card's Action ability, played from hand or exhausted in play: recorded, its effect
    made at the table (Card Action)."""
    seat = _require_turn(state, action, "use a card's Action")
    name = _payload_text(action)
    if state.players[seat].owned.get(name, 0) < 1 or card_strength(state, seat, name) is None:
        raise IllegalAction(f"{state.players[seat].name} has no {name!r} card.", "payload.card")
    return _close_pool(state)


def _use_rune_power(state: RuneAgeState, action: Action) -> RuneAgeState:
    """A dragon rune power is exhausted to be used, once per round (Runewars)."""
    seat = _require_turn(state, action, "use a dragon rune power")
    player = state.players[seat]
    if not player.rune_powers:
        raise IllegalAction(f"{player.name} has no dragon rune power.", "type")
    if player.rune_used:
        raise IllegalAction("A dragon rune power is used once per round (Runewars).", "type")
    return _set_player(_close_pool(state), seat, replace(player, rune_used=True))


def _choose_rune_power(state: RuneAgeState, action: Action) -> RuneAgeState:
    """The player who took another's dragon rune power keeps one active; the other leaves
    the game (Runewars: Special Rules)."""
    seat = _acting_seat(state, action)
    if state.rune_choice is None or seat != state.rune_choice:
        raise IllegalAction("No dragon rune power is waiting for your choice.", "type")
    keep = _payload_text(action, "keep")
    player = state.players[seat]
    if keep not in player.rune_powers:
        raise IllegalAction(f"{player.name} holds no dragon rune power {keep!r}.", "payload.keep")
    return replace(_set_player(state, seat, replace(player, rune_powers=(keep,))), rune_choice=None)


def _gain_rune_power(state: RuneAgeState, action: Action) -> RuneAgeState:
    """An event gives a player a dragon rune power nobody holds (Runewars' Dragon Rune
    Discovery): the player then keeps one of their two active (Runewars: Special Rules,
    R195)."""
    if state.setup.scenario != RUNEWARS:
        raise IllegalAction("Only Runewars uses dragon rune powers.", "type")
    if state.step != EVENT or state.drawn is None or state.combat is not None:
        raise IllegalAction(
            "A dragon rune power is found through an event: draw it first (R195).", "type"
        )
    if state.rune_choice is not None:
        raise IllegalAction("The dragon rune power waiting is chosen first.", "type")
    seat = _acting_seat(state, action)
    power = _payload_text(action, "power")
    if power not in state.spare_runes:
        raise IllegalAction(f"{power!r} is not a dragon rune power nobody holds.", "payload.power")
    player = state.players[seat]
    player = replace(player, rune_powers=(*player.rune_powers, power))
    state = replace(
        _set_player(state, seat, player),
        spare_runes=tuple(r for r in state.spare_runes if r != power),
    )
    if len(player.rune_powers) > 1:
        state = replace(state, rune_choice=seat)
    return state


# Damage, elimination and victory -------------------------------------------------------------


def damage(
    state: RuneAgeState, seat: int, amount: int, *, by_event: bool, victor: int | None = None
) -> RuneAgeState:
    """Damage tokens on a Home Realm; at 20 its player is eliminated (Player Elimination)."""
    player = state.players[seat]
    if amount <= 0 or player.eliminated:
        return state
    player = replace(player, damage=player.damage + amount)
    state = _set_player(state, seat, player)
    if player.damage >= ELIMINATED_AT:
        state = eliminate(state, seat, by_event=by_event, victor=victor)
    return state


def eliminate(
    state: RuneAgeState, seat: int, *, by_event: bool, victor: int | None
) -> RuneAgeState:
    """Neutral and gold cards go back to their piles, cities to the central area, Rewards
    out of the game, the rest of the player's cards with the player (Player Elimination,
    R194). In Runewars the victor takes the loser's dragon
    rune power unless an event did the eliminating or the player has no victor but
    themself (R199); in The Cataclysm everyone loses; the
    last player standing wins Runewars; nobody standing is a game everyone lost (R187)."""
    player = state.players[seat]
    neutral_piles = dict(state.neutral_piles)
    gold_piles = dict(state.gold_piles)
    for name, count in player.owned.items():
        if name in neutral_piles:
            neutral_piles[name] += count
        for value in (1, 2, 3):
            if name == gold_card(value):
                gold_piles[value] += count
    runes = player.rune_powers
    state = replace(
        state,
        neutral_piles=neutral_piles,
        gold_piles=gold_piles,
        central_cities=(*state.central_cities, *player.cities),
        removed=(*state.removed, *player.rewards),
        attack_queue=tuple(s for s in state.attack_queue if s != seat),
        built=tuple(s for s in state.built if s != seat),
    )
    if victor == seat:
        victor = None
    state = _set_player(
        state,
        seat,
        replace(
            player,
            eliminated=True,
            owned={
                n: c for n, c in player.owned.items() if n not in neutral_piles and "-gold" not in n
            },
            cities=(),
            rewards=(),
            rune_powers=(),
            exhausted=frozenset(),
        ),
    )
    outcome = state.outcome
    if state.setup.scenario == RUNEWARS and runes and victor is not None and not by_event:
        # a player is never their own victor (R199)
        winner = state.players[victor]
        state = _set_player(
            state, victor, replace(winner, rune_powers=(*winner.rune_powers, *runes))
        )
        state = replace(state, rune_choice=victor)
    name = player.name
    if state.setup.scenario == CATACLYSM:
        reason = f"{name} was eliminated: in The Cataclysm everyone loses (Winning the Game)."
        return replace(state, outcome=Outcome.everyone_loses(reason))
    outcome = replace(outcome, eliminated=(*outcome.eliminated, seat))
    standing = state.standing()
    if not standing:
        reason = "Every player has been eliminated: nobody wins (R187)."
        return replace(
            state, outcome=replace(Outcome.everyone_loses(reason), eliminated=outcome.eliminated)
        )
    if state.setup.scenario == RUNEWARS and len(standing) == 1:
        last = standing[0]
        reason = f"{state.players[last].name} is the last player standing (Runewars)."
        places = (frozenset(standing), *(frozenset({s}) for s in reversed(outcome.eliminated)))
        return replace(
            state, outcome=Outcome(outcome.eliminated, True, places, reason), rune_choice=None
        )
    return replace(state, outcome=outcome)


def _take_damage(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Damage a card's or an event's text deals to a Home Realm, placed by the table; the
    event drawn deals its damage in play order (R200). The ``source`` says whose: ``card``,
    a card of the player whose turn it is (the default during a turn), or ``event``, an
    event card's text (the only source in the event phase).
    In Runewars only a card eliminating another player makes its owner the victor, who takes
    the loser's dragon rune power; an event's damage, or a player's own card turned on their
    own Home Realm, eliminates without a victor (Runewars: Special Rules; R199)."""
    seat: int = payload_value(action.payload, "seat", int)
    if not 0 <= seat < state.seats or state.players[seat].eliminated:
        raise IllegalAction("Name a player still in the game.", "payload.seat")
    amount: int = payload_value(action.payload, "amount", int)
    if not 1 <= amount <= MAX_DAMAGE:
        raise IllegalAction(f"Damage is 1 to {MAX_DAMAGE} tokens.", "payload.amount")
    source = DAMAGE_EVENT if state.step == EVENT else DAMAGE_CARD
    if "source" in action.payload:
        source = payload_value(action.payload, "source", str)
    if source not in DAMAGE_SOURCES:
        raise IllegalAction(
            "The damage comes from a card (of the player whose turn it is) or an event.",
            "payload.source",
        )
    if source == DAMAGE_CARD and state.step == EVENT:
        raise IllegalAction(
            "No player's card deals damage in the event phase: the damage is the event's.",
            "payload.source",
        )
    actor = _acting_seat(state, action)
    if state.combat is not None:
        raise IllegalAction(f"Finish the combat against {state.combat.target_name} first.", "type")
    if state.step == ACTIONS and actor != state.active:
        raise IllegalAction(
            f"During {state.players[state.active].name}'s turn only that player records damage.",
            "by",
        )
    if state.step == EVENT and state.drawn is not None:
        if seat < state.event_turn:
            raise IllegalAction(
                f"{state.drawn} is resolved for each player in play order: "
                f"{state.players[state.event_turn].name} has taken its damage, so "
                f"{state.players[seat].name}, before them, takes no more (Event Cards & the "
                "Event Phase, R200).",
                "payload.seat",
            )
        state = replace(state, event_turn=seat)
    by_event = source == DAMAGE_EVENT
    victor = actor if source == DAMAGE_CARD and actor != seat else None
    state = damage(state, seat, amount, by_event=by_event, victor=victor)
    return _after_elimination(state)


def _after_elimination(state: RuneAgeState) -> RuneAgeState:
    """The turn passes on when the player whose turn it was is out of the game."""
    if state.outcome.over or state.step != ACTIONS:
        return state
    if state.players[state.active].eliminated and state.combat is None:
        return _next_turn(state)
    return state


# Turns and rounds ---------------------------------------------------------------------------


def _begin_turn(state: RuneAgeState, seat: int) -> RuneAgeState:
    """Refresh the player's exhausted cities, strongholds and Rewards (step 1)."""
    player = state.players[seat]
    state = _set_player(state, seat, replace(player, exhausted=frozenset()))
    return replace(
        state,
        active=seat,
        step=ACTIONS,
        pool_kind="",
        pool=0,
        gold_spent=0,
        influence_spent=0,
        strength_played=0,
        kept=0,
        gold_played={},
    )


def _end_turn(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Discard the hand (keeping what was paid for), draw up to five, and the next player
    in play order takes a turn; after the last, the event phase (A Player's Turn)."""
    _require_turn(state, action, "end the turn")
    return _next_turn(state)


def _next_turn(state: RuneAgeState) -> RuneAgeState:
    later = [s for s in state.standing() if s > state.active]
    if later:
        return _begin_turn(state, later[0])
    return _begin_event_phase(state)


def _begin_event_phase(state: RuneAgeState) -> RuneAgeState:
    """After the last player's turn the first player draws an event. An empty deck is
    rebuilt from the Stage 2 discards, except in The Cataclysm, where an empty deck means
    every player has survived it: all win (Event Cards & the Event Phase; The Cataclysm)."""
    state = replace(state, step=EVENT, pool_kind="", pool=0, drawn=None, active=state.first or 0)
    if state.deck_size:
        return state
    if state.setup.scenario == CATACLYSM:
        reason = "The first player cannot draw an event: every player survived (The Cataclysm)."
        return replace(state, outcome=Outcome.win(state.standing(), state.seats, reason))
    stage_two = tuple(n for n in state.discard if event_card(state, n).stage == 2)
    deck = tuple(stage_two if index == 1 else () for index in range(len(state.deck)))
    return replace(state, deck=deck, discard=tuple(n for n in state.discard if n not in stage_two))


def _draw_event(state: RuneAgeState, action: Action) -> RuneAgeState:
    """The first player draws the top event: the table says which card it is, from the
    stage on top (R185). An enemy stays in play; an instant resolves at once, one attacking
    Home Realms is battled by each player in play order (Event Cards & the Event Phase,
    R192)."""
    if state.step != EVENT:
        raise IllegalAction("Events are drawn in the event phase, after the last turn.", "type")
    if action.by is not None and action.by != state.first:
        raise IllegalAction(
            f"The first player, {state.players[state.first or 0].name}, draws the event (R186).",
            "by",
        )
    if state.drawn is not None:
        raise IllegalAction(f"This event phase's card, {state.drawn}, is drawn already.", "type")
    name = _payload_text(action, "event")
    stage = state.top_stage
    if stage is None:
        raise IllegalAction("The event deck is empty: no event this phase (R188).", "type")
    if name not in state.deck[stage - 1]:
        raise IllegalAction(
            f"{name!r} is not a Stage {stage} event still in the deck: Stage {stage} lies on "
            "top (Setup 10).",
            "payload.event",
        )
    event = event_card(state, name)
    deck = tuple(
        tuple(n for n in cards if n != name) if index == stage - 1 else cards
        for index, cards in enumerate(state.deck)
    )
    strength = _strength_of_event(event, action)
    typed = dict(state.typed_strengths)
    if event.strength is None:
        typed[name] = strength  # the number the cards data lacks, typed at the table
    state = replace(state, deck=deck, drawn=name, typed_strengths=typed, event_turn=0)
    if event.kind == ENEMY:
        return replace(state, enemies=(*state.enemies, (name, state.round)))
    if event.attacks:
        queue = state.standing()
        state = replace(state, attack_queue=queue[1:], event_strength=strength)
        return _start_event_battle(state, queue[0], event, strength)
    return _instant_resolved(state, name)


def _instant_resolved(state: RuneAgeState, name: str) -> RuneAgeState:
    """A resolved instant goes to the event discard pile, unless its effect lasts during the
    next game round: then it stays beside the objective, recorded with the round it applies
    to, until that round is over (Instant Event Cards, R196)."""
    if event_card(state, name).next_round:
        return replace(state, lasting=(*state.lasting, (name, state.round + 1)))
    return replace(state, discard=(*state.discard, name))


def _strength_of_event(event: Event, action: Action) -> int:
    if event.strength is not None:
        return event.strength
    typed: int = payload_value(action.payload, "strength", int)
    if not 0 <= typed <= MAX_TYPED_STRENGTH:
        raise IllegalAction(
            f"Type the event's strength, 0 to {MAX_TYPED_STRENGTH}.", "payload.strength"
        )
    return typed


def _start_event_battle(
    state: RuneAgeState, seat: int, event: Event, strength: int
) -> RuneAgeState:
    combat = Combat(
        kind=BATTLE,
        target=f"instant:{event.name}",
        target_name=event.name,
        base=strength,
        attacker=Side(seat),
        defender=Side(None),
        dice=event.attrition,
        event=True,
    )
    return replace(state, combat=combat, active=seat)


def _end_event_phase(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Everyone draws up to five; the round is over, and so are the effects of instants
    that lasted during it (R196). A Monument built this round wins now;
    several compare the strength of the units in their decks, ties sharing (The Monument,
    R193).
    The next round begins with the first player's turn."""
    if state.step != EVENT:
        raise IllegalAction("The event phase has not begun.", "type")
    if action.by is not None and action.by != state.first:
        raise IllegalAction("The first player ends the event phase (R186).", "by")
    if state.combat is not None or state.attack_queue:
        raise IllegalAction("Every player battles the attacking event first.", "type")
    if state.drawn is None and state.top_stage is not None:
        raise IllegalAction(
            "Draw this round's event first (Event Cards & the Event Phase).", "type"
        )
    if state.rune_choice is not None:
        raise IllegalAction("The dragon rune power is chosen first.", "type")
    builders = [s for s in state.built if not state.players[s].eliminated]
    if builders:
        strengths = {s: deck_strength(state, s) for s in builders}
        best = max(strengths.values())
        winners = [s for s in builders if strengths[s] == best]
        names = " and ".join(state.players[s].name for s in winners)
        if len(builders) == 1:
            reason = f"{names} built the Monument this round (The Monument)."
        else:
            reason = (
                f"Several Monuments were built this round; {names} had the strongest units "
                f"in their deck ({best}) (The Monument, R190)."
            )
        return replace(state, outcome=Outcome.win(winners, state.seats, reason))
    players = tuple(replace(p, attacked=frozenset(), rune_used=False) for p in state.players)
    over = tuple(name for name, applies in state.lasting if applies <= state.round)
    state = replace(
        state,
        players=players,
        round=state.round + 1,
        drawn=None,
        built=(),
        lasting=tuple(entry for entry in state.lasting if entry[0] not in over),
        discard=(*state.discard, *over),  # their round is over (R196)
    )
    return _begin_turn(state, state.first or 0)


# Combat -------------------------------------------------------------------------------------


def attack_targets(state: RuneAgeState, seat: int) -> dict[str, tuple[str, int]]:
    """What ``seat`` may attack now, by id: (words, strength or defence bonus). Strongholds
    of one's own Barracks, neutral cities, enemies, the objective in Resurgence of the
    Dragonlords; other players' cities and Home Realms (these not in The Monument). Each
    once per round (Combat Action)."""
    cards = state.setup.cards
    player = state.players[seat]
    race = cards.race(player.race)
    found: dict[str, tuple[str, int]] = {}
    for stronghold in race.strongholds:
        if player.barracks.get(stronghold.name, 0) > 0:
            found[f"stronghold:{stronghold.name}"] = (stronghold.name, stronghold.strength)
    for city in cards.cities:
        if city.name in state.central_cities:
            found[f"city:{city.name}"] = (city.name, city.strength)
    for name, _round in state.enemies:
        found[f"enemy:{name}"] = (name, event_strength(state, name))
    if state.setup.scenario == DRAGONLORDS:
        objective = cards.scenario(DRAGONLORDS).objective
        found["objective"] = (objective.name, objective.strength)
    for other, rival in enumerate(state.players):
        if other == seat or rival.eliminated:
            continue
        for name in rival.cities:
            city = next(c for c in cards.cities if c.name == name)
            found[f"city:{name}"] = (f"{rival.name}'s {name}", city.defense)
        if state.setup.scenario != MONUMENT:
            found[f"realm:{other}"] = (f"{rival.name}'s Home Realm", 0)
    return {key: value for key, value in found.items() if key not in player.attacked}


def _city_owner(state: RuneAgeState, name: str) -> int | None:
    for seat, player in enumerate(state.players):
        if name in player.cities:
            return seat
    return None


def _attack(state: RuneAgeState, action: Action) -> RuneAgeState:
    """A Combat action: declare the target (Conduct a Battle / Conduct a Siege, step 1).
    A target controlled by another player makes it a siege; strongholds never are."""
    seat = _require_turn(state, action, "attack")
    target = _payload_text(action, "target")
    targets = attack_targets(state, seat)
    player = state.players[seat]
    if target not in targets:
        if target in player.attacked:
            raise IllegalAction(
                "You have attacked that target this round already: each target once per "
                "round (Combat Action).",
                "payload.target",
            )
        raise IllegalAction(f"{target!r} is not a target you may attack now.", "payload.target")
    words, strength = targets[target]
    state = _close_pool(state)
    state = _set_player(state, seat, replace(player, attacked=player.attacked | {target}))
    kind, _, name = target.partition(":")
    defender: int | None = None
    if kind == "realm":
        defender = int(name)
    elif kind == "city":
        defender = _city_owner(state, name)
    dice = 0
    if kind == "enemy":
        dice = event_card(state, name).attrition
    elif kind == "objective":
        dice = state.setup.cards.scenario(DRAGONLORDS).objective.attrition
    combat = Combat(
        kind=SIEGE if defender is not None else BATTLE,
        target=target,
        target_name=words,
        base=strength,
        attacker=Side(seat),
        defender=Side(defender),
        to_play=seat if defender is not None else None,
        dice=dice,
    )
    return replace(state, combat=combat)


def _combat_under_way(state: RuneAgeState) -> Combat:
    if state.combat is None:
        raise IllegalAction("No combat is under way.", "type")
    return state.combat


def _participant(state: RuneAgeState, action: Action) -> tuple[Combat, int]:
    combat = _combat_under_way(state)
    seat = _acting_seat(state, action)
    if action.by is None and combat.kind == SIEGE and combat.to_play is not None:
        seat = combat.to_play
    if seat not in (combat.attacker.seat, combat.defender.seat):
        raise IllegalAction("Only the players in the combat take part in it.", "by")
    return combat, seat


def _with_side(combat: Combat, seat: int | None, side: Side) -> Combat:
    if seat == combat.attacker.seat:
        return replace(combat, attacker=side)
    return replace(combat, defender=side)


def _may_play(combat: Combat, seat: int) -> None:
    if combat.step != ASSAULT:
        raise IllegalAction("The assault is over: no more cards are played.", "type")
    side = combat.side(seat)
    if side.passed:
        raise IllegalAction(
            "You have passed: no more cards in this combat (Conduct a Siege, step 2).", "type"
        )
    if combat.kind == SIEGE and combat.to_play != seat:
        raise IllegalAction(
            "Players take turns in a siege, one card at a time: wait for the other side "
            "(Conduct a Siege, step 2).",
            "by",
        )


def _after_card(state: RuneAgeState, combat: Combat, seat: int) -> RuneAgeState:
    """In a siege the other side plays next, unless it has passed."""
    if combat.kind == SIEGE:
        other = combat.defender if seat == combat.attacker.seat else combat.attacker
        if not other.passed:
            combat = replace(combat, to_play=other.seat)
    return replace(state, combat=combat)


def _play_into_combat(
    state: RuneAgeState, action: Action, name: str, strength: int, origin: str
) -> RuneAgeState:
    combat, seat = _participant(state, action)
    _may_play(combat, seat)
    side = combat.side(seat)
    prefix = "a" if seat == combat.attacker.seat else "d"
    card = Played(f"{prefix}{combat.next_key}", name, strength, origin)
    combat = _with_side(combat, seat, replace(side, cards=(*side.cards, card)))
    combat = replace(combat, next_key=combat.next_key + 1)
    if seat == state.active:
        state = replace(state, strength_played=state.strength_played + strength)
    return _after_card(state, combat, seat)


def _play_card(state: RuneAgeState, action: Action) -> RuneAgeState:
    """A unit or tactic from hand joins the army, its strength added to the total (Assault).
    A player cannot play more copies than they own (R184)."""
    combat, seat = _participant(state, action)
    name = _payload_text(action)
    found = card_strength(state, seat, name)
    if found is None:
        raise IllegalAction(
            f"{name!r} is no unit or tactic {state.players[seat].name} can own: play it as a "
            "card typed at the table.",
            "payload.card",
        )
    played = sum(1 for c in combat.side(seat).cards if c.name == name)
    if state.players[seat].owned.get(name, 0) <= played:
        raise IllegalAction(
            f"{state.players[seat].name} owns no other {name} to play (R184).", "payload.card"
        )
    return _play_into_combat(state, action, name, found[0], found[1])


def _play_other(state: RuneAgeState, action: Action) -> RuneAgeState:
    """A card the cards data lacks, typed at the table with its strength."""
    name = _payload_text(action, "name").strip()
    if not 0 < len(name) <= 80 or lone_surrogate(name):
        raise IllegalAction(
            "A card's name is 1 to 80 characters of text (no lone surrogate).", "payload.name"
        )
    strength: int = payload_value(action.payload, "strength", int)
    if not 0 <= strength <= MAX_TYPED_STRENGTH:
        raise IllegalAction(f"Its strength is 0 to {MAX_TYPED_STRENGTH}.", "payload.strength")
    return _play_into_combat(state, action, name, strength, OTHER)


def _pass(state: RuneAgeState, action: Action) -> RuneAgeState:
    """The player stops playing cards. A battle goes on to attrition (against an event with
    the die's icon) or resolution; a siege, once both sides have passed, to resolution, where
    the attacker applies their Resolution abilities first (Assault; Conduct a Siege)."""
    combat, seat = _participant(state, action)
    if combat.kind == SIEGE and combat.step == RESOLUTION:
        return replace(state, combat=_done_resolving(combat, seat))
    _may_play(combat, seat)
    side = replace(combat.side(seat), passed=True)
    combat = _with_side(combat, seat, side)
    if combat.kind == SIEGE:
        other = combat.defender if seat == combat.attacker.seat else combat.attacker
        if not other.passed:
            return replace(state, combat=replace(combat, to_play=other.seat))
        return replace(state, combat=replace(combat, step=RESOLUTION, to_play=combat.attacker.seat))
    if combat.dice > 0 and combat.attacker.cards:
        return replace(state, combat=replace(combat, step=ATTRITION))
    return replace(state, combat=replace(combat, step=RESOLUTION, dice=0))


def _check_resolution_turn(combat: Combat, seat: int) -> None:
    """In a siege's resolution step the attacker applies all of their Resolution abilities,
    then the defender all of theirs; ``to_play`` says whose turn it is, None when both are
    done (Conduct a Siege, step 3; Abilities)."""
    if combat.to_play is None:
        raise IllegalAction(
            "Both players are done with their Resolution abilities: the attacker resolves the "
            "siege (Conduct a Siege, step 3).",
            "type",
        )
    if seat != combat.to_play:
        first = "attacker" if combat.to_play == combat.attacker.seat else "defender"
        raise IllegalAction(
            f"The {first} applies their Resolution abilities now; the attacker goes first, "
            "then the defender (Conduct a Siege, step 3).",
            "by",
        )


def _done_resolving(combat: Combat, seat: int) -> Combat:
    _check_resolution_turn(combat, seat)
    later = combat.defender.seat if seat == combat.attacker.seat else None
    return replace(combat, to_play=later)


def _participating_units(side: Side, state: RuneAgeState) -> list[Played]:
    """The participating units (tactics are not units; a typed card counts as one)."""
    found = []
    for card in side.cards:
        if card.origin == OTHER:
            found.append(card)
            continue
        strength = card_strength(state, side.seat or 0, card.name)
        if strength is not None and strength[2] != TACTIC:
            found.append(card)
    return found


def _require_unit(state: RuneAgeState, side: Side, key: str, done: str) -> Played:
    """The participating unit ``key`` of ``side``: only units are destroyed or wounded, a
    tactic never (Destroying & Wounding Units)."""
    card = side.card(key)
    if card is None:
        raise IllegalAction("No such card in that army.", "payload.card")
    if card not in _participating_units(side, state):
        raise IllegalAction(
            f"{card.name} is a tactic, not a unit: only units are {done} "
            "(Destroying & Wounding Units).",
            "payload.card",
        )
    return card


def _roll_attrition(state: RuneAgeState, action: Action) -> RuneAgeState:
    """The attrition die, once per icon; each skull destroys a participating unit the player
    chooses (Attrition Die; Conduct a Battle, step 3)."""
    combat, _seat = _participant(state, action)
    if combat.step != ATTRITION or combat.dice < 1:
        raise IllegalAction("No attrition die is to be rolled now.", "type")
    if combat.skulls > 0:
        raise IllegalAction("Destroy the units the last roll asks for first.", "type")
    roll = payload_value(action.payload, "roll", str)
    if roll not in SKULLS:
        raise IllegalAction(
            f"The attrition die shows one of: {', '.join(sorted(set(ATTRITION_FACES)))}.",
            "payload.roll",
        )
    units = len(_participating_units(combat.attacker, state))
    skulls = min(SKULLS[roll], units)
    combat = replace(combat, dice=combat.dice - 1, skulls=skulls, rolls=(*combat.rolls, roll))
    return replace(state, combat=_attrition_done(combat))


def _attrition_done(combat: Combat) -> Combat:
    if combat.dice == 0 and combat.skulls == 0:
        return replace(combat, step=RESOLUTION)
    return combat


def _destroy_card(
    state: RuneAgeState, combat: Combat, seat: int | None, key: str
) -> tuple[RuneAgeState, Combat]:
    """A destroyed unit leaves the combat at once and returns to its Barracks or the
    central area (Destroying & Wounding Units)."""
    side = combat.side(seat)
    card = side.card(key)
    if card is None:
        raise IllegalAction("No such card in that army.", "payload.card")
    combat = _with_side(
        combat, seat, replace(side, cards=tuple(c for c in side.cards if c.key != key))
    )
    return _return_card(state, side.seat, card), combat


def _note_for_history(state: RuneAgeState, action: Action, text: str) -> RuneAgeState:
    """Keep, for the history, what ``action`` led to that its payload does not say."""
    return replace(state, notes=(*state.notes, (action.seq, text)))


def _return_card(state: RuneAgeState, seat: int | None, card: Played) -> RuneAgeState:
    if seat is None or card.origin == OTHER:
        return state
    player = state.players[seat]
    player = replace(player, owned=_add_count(player.owned, card.name, -1))
    if card.origin == FACTION:
        player = replace(player, barracks=_add_count(player.barracks, card.name, 1))
    elif card.name in state.neutral_piles:
        state = replace(state, neutral_piles=_add_count(state.neutral_piles, card.name, 1))
    return _set_player(state, seat, player)


def _side_seat(combat: Combat, action: Action) -> int | None:
    side = payload_value(action.payload, "side", str)
    if side not in ("attacker", "defender"):
        raise IllegalAction("The side is attacker or defender.", "payload.side")
    return combat.attacker.seat if side == "attacker" else combat.defender.seat


def _destroy(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Destroy a participating unit: for attrition (the attacker's own units) or by an
    ability (Destroying & Wounding Units)."""
    combat, _seat = _participant(state, action)
    target = _side_seat(combat, action)
    key = _payload_text(action)
    if combat.step == ATTRITION:
        if combat.skulls < 1 or target != combat.attacker.seat:
            raise IllegalAction("Roll the attrition die first.", "type")
        unit = next((c for c in _participating_units(combat.attacker, state) if c.key == key), None)
        if unit is None:
            raise IllegalAction("Attrition destroys a participating unit.", "payload.card")
        words = destroyed_words(state, target, unit, " for attrition")
        state, combat = _destroy_card(state, combat, target, key)
        left = len(_participating_units(combat.attacker, state))
        combat = replace(combat, skulls=min(combat.skulls - 1, left))
        return _note_for_history(replace(state, combat=_attrition_done(combat)), action, words)
    if combat.step != ASSAULT:
        raise IllegalAction("Units are destroyed by abilities during the assault.", "type")
    if target is None:
        raise IllegalAction("The target card is no army.", "payload.side")
    unit = _require_unit(state, combat.side(target), key, "destroyed")
    words = destroyed_words(state, target, unit)
    state, combat = _destroy_card(state, combat, target, key)
    return _note_for_history(replace(state, combat=combat), action, words)


def _wound(state: RuneAgeState, action: Action) -> RuneAgeState:
    """A wounded unit still counts and is destroyed at the end of combat; once only
    (Destroying & Wounding Units)."""
    combat, _seat = _participant(state, action)
    if combat.step != ASSAULT:
        raise IllegalAction("Units are wounded during the assault.", "type")
    target = _side_seat(combat, action)
    if target is None:
        raise IllegalAction("The target card is no army.", "payload.side")
    side = combat.side(target)
    key = _payload_text(action)
    card = _require_unit(state, side, key, "wounded")
    if card.wounded:
        raise IllegalAction(
            f"{card.name} is wounded already: a unit is wounded once.", "payload.card"
        )
    cards = tuple(replace(c, wounded=True) if c.key == key else c for c in side.cards)
    state = replace(state, combat=_with_side(combat, target, replace(side, cards=cards)))
    words = f"{unit_words(state, target, card)} is wounded: it counts until the end of combat"
    return _note_for_history(state, action, words)


def _adjust(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Strength an ability adds or takes away (When Played in the assault, Resolution
    abilities in the resolution step, in a siege the attacker's before the defender's),
    recorded on the army of the player using it; an enemy's ability that weakens the army is
    recorded the same way (R189; Conduct a Siege, step 3)."""
    combat, seat = _participant(state, action)
    if combat.step not in (ASSAULT, RESOLUTION):
        raise IllegalAction("Abilities change strength during the assault or resolution.", "type")
    target = _side_seat(combat, action)
    if target is not None and target != seat:
        raise IllegalAction("Each player changes the strength of their own army.", "payload.side")
    if combat.kind == SIEGE and combat.step == RESOLUTION:
        _check_resolution_turn(combat, seat)
    amount: int = payload_value(action.payload, "amount", int)
    if amount == 0 or not -MAX_ADJUST <= amount <= MAX_ADJUST:
        raise IllegalAction(
            f"Change the strength by 1 to {MAX_ADJUST}, up or down.", "payload.amount"
        )
    side = combat.side(target)
    return replace(
        state, combat=_with_side(combat, target, replace(side, bonus=side.bonus + amount))
    )


def _resolve(state: RuneAgeState, action: Action) -> RuneAgeState:
    """Compare the totals: a battle's tie goes to the army, a siege's to the defender; apply
    the result (a stronghold or neutral city secured enters refreshed, R191); wounded units
    are destroyed and the rest go to the discard pile (Conduct a Battle, steps 4 and 5;
    Conduct a Siege, steps 3 and 4)."""
    combat, seat = _participant(state, action)
    if seat != combat.attacker.seat:
        raise IllegalAction("The attacking player resolves the combat.", "by")
    if combat.step != RESOLUTION:
        raise IllegalAction(
            "Play cards, pass and roll the attrition die first; then resolve.", "type"
        )
    if combat.kind == SIEGE and combat.to_play is not None:
        raise IllegalAction(
            f"{state.players[combat.to_play].name} applies their Resolution abilities first, "
            "then passes: the attacker, then the defender (Conduct a Siege, step 3).",
            "type",
        )
    attack, defence = combat.attack_total, combat.defence_total
    won = attack >= defence if combat.kind == BATTLE else attack > defence
    words = [combat_result_words(state, combat, won)]
    for side in (combat.attacker, combat.defender):
        for card in side.cards:
            if card.wounded:
                words.append(f"{unit_words(state, side.seat, card)}, wounded, is destroyed")
                state = _return_card(state, side.seat, card)
    standing = state.standing()
    state = _combat_result(replace(state, combat=None), combat, won)
    words += [
        f"{state.players[s].name} is eliminated" for s in standing if s not in state.standing()
    ]
    return _note_for_history(state, action, "; ".join(words))


def _combat_result(state: RuneAgeState, combat: Combat, won: bool) -> RuneAgeState:
    """The result of a resolved combat applied (Conduct a Battle, step 4; Conduct a Siege,
    step 3)."""
    attack, defence = combat.attack_total, combat.defence_total
    attacker = combat.attacker.seat
    assert attacker is not None
    kind, _, name = combat.target.partition(":")
    if kind == "instant":
        if not won:
            state = damage(state, attacker, defence - attack, by_event=True)
        elif event_card(state, name).until_repelled:
            # repelled: an instant that attacks until repelled stops here (R197)
            state = replace(state, attack_queue=())
        return _next_event_battle(state)
    player = state.players[attacker]
    if not won:
        return state
    if kind == "stronghold":
        player = replace(
            player,
            barracks=_add_count(player.barracks, name, -1),
            strongholds=(*player.strongholds, name),
        )
        return _set_player(state, attacker, player)
    if kind == "city" and combat.kind == BATTLE:
        state = replace(state, central_cities=tuple(c for c in state.central_cities if c != name))
        return _set_player(state, attacker, replace(player, cities=(*player.cities, name)))
    if kind == "city":
        owner = combat.defender.seat
        assert owner is not None
        loser = state.players[owner]
        state = _set_player(
            state,
            owner,
            replace(
                loser,
                cities=tuple(c for c in loser.cities if c != name),
                exhausted=loser.exhausted - {f"city:{name}"},
            ),
        )
        player = state.players[attacker]
        exhausted = player.exhausted
        if state.setup.scenario == CATACLYSM:
            exhausted = exhausted | {f"city:{name}"}
        return _set_player(
            state, attacker, replace(player, cities=(*player.cities, name), exhausted=exhausted)
        )
    if kind == "realm":
        return _after_elimination(
            damage(state, int(name), attack - defence, by_event=False, victor=attacker)
        )
    if kind == "enemy":
        event = event_card(state, name)
        enemies = tuple(e for e in state.enemies if e[0] != name)
        state = replace(state, enemies=enemies)
        if event.reward:
            return _set_player(state, attacker, replace(player, rewards=(*player.rewards, name)))
        return replace(state, discard=(*state.discard, name))
    # the objective of Resurgence of the Dragonlords
    reason = f"{player.name} defeated {combat.target_name} (Resurgence of the Dragonlords)."
    return replace(state, outcome=Outcome.win([attacker], state.seats, reason))


def _next_event_battle(state: RuneAgeState) -> RuneAgeState:
    """The attacking instant stays in play in front of the next player in play order, who
    battles it (Conduct a Battle: Defend Against an Instant Card); when nobody is left to
    battle it, it has resolved (R192, R197)."""
    name = state.drawn or ""
    if state.outcome.over:  # the game ended in this battle: the card is done with all the same
        return _instant_resolved(replace(state, attack_queue=()), name)
    queue = tuple(s for s in state.attack_queue if not state.players[s].eliminated)
    if queue:
        event = event_card(state, name)
        strength = event.strength if event.strength is not None else state.event_strength
        state = replace(state, attack_queue=queue[1:])
        return _start_event_battle(state, queue[0], event, strength)
    return _instant_resolved(replace(state, attack_queue=(), active=state.first or 0), name)


HANDLERS: dict[str, Handler] = {
    "play_gold": _play_gold,
    "exhaust": _exhaust,
    "buy": _buy,
    "acquire": _acquire,
    "keep": _keep,
    "card_action": _card_action,
    "use_rune_power": _use_rune_power,
    "choose_rune_power": _choose_rune_power,
    "gain_rune_power": _gain_rune_power,
    "attack": _attack,
    "play_card": _play_card,
    "play_other": _play_other,
    "pass": _pass,
    "roll_attrition": _roll_attrition,
    "destroy": _destroy,
    "wound": _wound,
    "adjust": _adjust,
    "resolve": _resolve,
    "take_damage": _take_damage,
    "end_turn": _end_turn,
    "draw_event": _draw_event,
    "end_event_phase": _end_event_phase,
}


def apply_action(state: RuneAgeState, action: Action) -> RuneAgeState:
    """The state after ``action``, applied by its action type's handler; refused once the
    game is over, for a seat the game lacks or a player out of it, and for an action type
    Rune Age lacks."""
    if state.outcome.over:
        raise IllegalAction(f"The game is over: {state.outcome.reason}", "type")
    if action.by is not None and not 0 <= action.by < state.seats:
        raise IllegalAction(f"This game has seats 0 to {state.seats - 1}.", "by")
    if action.by is not None and state.players[action.by].eliminated:
        raise IllegalAction(f"{state.players[action.by].name} is out of the game.", "by")
    handler = HANDLERS.get(action.type)
    if handler is None:
        raise IllegalAction(f"Rune Age has no action called {action.type!r}.", "type")
    return handler(state, action)


__all__ = ["apply_action", "initial_state"]
