"""Applying each Azuki TCG action to a state, and refusing what the rules do not allow
(``IllegalAction``, naming the field at fault).

Sections cited are the rulebook's headings (``/shared/rules/azuki-tcg.md``); rulings
R140-R155 (``referee.rules.rulings``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from referee.rules.azuki.cards import CardType
from referee.rules.azuki.setup import (
    AFTER_ATTACKING,
    ALLEY,
    DAMAGE,
    DEFENDER,
    GARDEN,
    ON_PLAY,
    OWN_LEADER,
    RESPONSE,
    STEPS,
    CardInfo,
    Effect,
    ability_effect,
)
from referee.rules.azuki.state import (
    LEADER,
    MAIN,
    MAX_IKZ,
    MULLIGAN,
    START,
    TOKEN_NONE,
    TOKEN_READY,
    TOKEN_USED,
    TOKEN_WAITING,
    ZONE_NAMES,
    ZONE_SIZES,
    AzukiState,
    Combat,
    Entity,
    Mods,
    PlayerState,
    Preview,
    Weapon,
    ability_source,
    ability_window,
    after_carapace,
    attack_of,
    can_attack,
    can_target,
    combat_preview,
    defenders,
    effect_targets,
    end_effects,
    resolve_payload,
    start_effects,
    step_seat,
    used_key,
)
from referee.rules.azuki.words import STEP_NAMES
from referee.rules.text import counted, possessive
from referee.rules.tracker import Action, IllegalAction, Outcome, payload_value

MAX_AMOUNT = 30  # damage, healing or cards at once
MAX_ORDER = 20
SOURCES = ("hand", "deck", "discard")  # where an entity put into play comes from

Handler = Callable[[AzukiState, Action], AzukiState]


def apply_action(state: AzukiState, action: Action) -> AzukiState:
    """The state after ``action``; raises IllegalAction when it is not allowed there."""
    return _handler(state, action)(state, action)


def replay_action(state: AzukiState, action: Action) -> AzukiState:
    """As ``apply_action``, but a stored use of an ability with no target, recorded before
    Referee applied that ability's effect itself (R154), replays as it was recorded:
    its cost only, the players having recorded the effect."""
    handler = _handler(state, action)
    if action.type == "use_ability" and "target" not in action.payload:
        return _use_ability(state, action, stored=True)
    return handler(state, action)


def _handler(state: AzukiState, action: Action) -> Handler:
    if state.outcome.over:
        raise IllegalAction(f"The game is over: {state.outcome.reason}", "type")
    if action.by is not None and action.by not in (0, 1):
        raise IllegalAction("Only seats 0 and 1 play Azuki TCG.", "by")
    handler = _HANDLERS.get(action.type)
    if handler is None:
        raise IllegalAction(f"Azuki TCG has no action called {action.type!r}.", "type")
    return handler


# --- helpers --------------------------------------------------------------------------------


def _set(state: AzukiState, seat: int, player: PlayerState) -> AzukiState:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=(players[0], players[1]))


def _seat_field(action: Action) -> int:
    seat: int = payload_value(action.payload, "seat", int)
    if seat not in (0, 1):
        raise IllegalAction("A seat is 0 or 1.", "payload.seat")
    return seat


def _acting(state: AzukiState, action: Action, seat: int, what: str) -> None:
    """Only ``seat`` may do this now (the table's device acts for it)."""
    if action.by is not None and action.by != seat:
        raise IllegalAction(f"Only {state.players[seat].name} can {what} now.", "by")


def _playing(state: AzukiState) -> None:
    if state.phase == MULLIGAN:
        raise IllegalAction("Both players first keep their hand or mulligan (Game Start).", "type")


def _main(state: AzukiState, action: Action, what: str) -> int:
    """The active player's Main phase, outside an attack (Main Phase)."""
    _playing(state)
    seat = state.active
    _acting(state, action, seat, what)
    if state.phase == START:
        raise IllegalAction("Order the start-of-turn effects first (Start of Turn Phase).", "type")
    if state.combat is not None:
        raise IllegalAction(
            f"An attack is under way ({STEP_NAMES[state.combat.step]}): finish it first "
            "(Combat Mechanism, R148).",
            "type",
        )
    return seat


def _deck_card(player: PlayerState, action: Action, kind: CardType) -> CardInfo:
    card_id: str = payload_value(action.payload, "card", str)
    card = player.card(card_id)
    if card is None:
        raise IllegalAction(
            f"{card_id!r} is not a card of {possessive(player.name)} deck.", "payload.card"
        )
    if card.type is not kind:
        raise IllegalAction(
            f"{card.name} is a {card.type.value}, not a {kind.value}.", "payload.card"
        )
    return card


def _pay(player: PlayerState, cost: int, action: Action, what: str) -> PlayerState:
    """Tap IKZ for ``cost``; the IKZ token pays 1 and is gone (Untapping, Gaining IKZ and
    Drawing). Refused when the untapped IKZ are too few."""
    use_token: bool = payload_value(action.payload, "use_token", bool, False)
    token = player.token
    if use_token:
        if token != TOKEN_READY:
            why = {
                TOKEN_NONE: "only the player going second has one",
                TOKEN_WAITING: "it is usable from their first turn",
                TOKEN_USED: "it was used already",
            }[token]
            raise IllegalAction(
                f"{player.name} has no IKZ token to use: {why}.", "payload.use_token"
            )
        if cost < 1:
            raise IllegalAction(f"{what} costs nothing: keep the IKZ token.", "payload.use_token")
        cost -= 1
        token = TOKEN_USED
    if cost > player.ikz_untapped:
        raise IllegalAction(
            f"{what} needs {cost} IKZ and {player.name} has {player.ikz_untapped} untapped "
            "(Stats: IKZ Cost).",
            "payload.card" if "card" in action.payload else "type",
        )
    return replace(player, ikz_tapped=player.ikz_tapped + cost, token=token)


def _cost(card: CardInfo, action: Action) -> int:
    """The card's IKZ cost from the catalog, else the one typed in the payload."""
    if card.ikz_cost is not None:
        if "cost" in action.payload:
            raise IllegalAction(
                f"{card.name} costs {card.ikz_cost} IKZ, from the catalog: leave 'cost' out.",
                "payload.cost",
            )
        return card.ikz_cost
    cost: int = payload_value(action.payload, "cost", int)
    if not 0 <= cost <= MAX_IKZ:
        raise IllegalAction(f"An IKZ cost is 0 to {MAX_IKZ}.", "payload.cost")
    return cost


def _from_hand(player: PlayerState) -> PlayerState:
    if player.hand < 1:
        raise IllegalAction(f"{player.name} has no card in hand to play.", "type")
    return replace(player, hand=player.hand - 1)


def _new_uid(state: AzukiState, card: CardInfo) -> tuple[AzukiState, str]:
    """A new id for a card entering the field: its name and a number, so that the history
    and the log read in words ("Ashen Hound #3")."""
    return replace(state, next_uid=state.next_uid + 1), f"{card.name} #{state.next_uid}"


def _leave(player: PlayerState, entity: Entity, to_hand: bool = False) -> PlayerState:
    """An entity leaves the field: to the discard pile (or the hand), its weapons to the
    discard pile; its stats and effects are gone (Card Types: Weapons; Card Effects)."""
    player = player.without(entity.uid)
    discarded = len(entity.weapons) + (0 if to_hand else 1)
    return replace(player, discard=player.discard + discarded, hand=player.hand + int(to_hand))


def _enter(
    state: AzukiState, seat: int, zone: str, entity: Entity, action: Action
) -> tuple[AzukiState, str | None]:
    """``entity`` enters ``zone``; a full row replaces the entity named in ``replace``,
    which goes to the discard pile and is not destroyed (The Field, R142)."""
    player = state.players[seat]
    row = player.zone(zone)
    replaced: str | None = None
    if len(row) >= ZONE_SIZES[zone]:
        uid = action.payload.get("replace")
        if not isinstance(uid, str):
            raise IllegalAction(
                f"{possessive(player.name)} {ZONE_NAMES[zone]} is full ({ZONE_SIZES[zone]}): "
                "choose the entity it replaces (The Field).",
                "payload.replace",
            )
        old = next((e for e in row if e.uid == uid), None)
        if old is None:
            raise IllegalAction(
                f"{uid!r} is not an entity in {possessive(player.name)} {ZONE_NAMES[zone]}.",
                "payload.replace",
            )
        player = _leave(player, old)
        replaced = old.name
    elif action.payload.get("replace") is not None:
        raise IllegalAction(
            f"{possessive(player.name)} {ZONE_NAMES[zone]} has room: nothing is replaced.",
            "payload.replace",
        )
    if zone == GARDEN:
        entity = replace(entity, entered_garden=state.turn)
    player = player.with_zone(zone, (*player.zone(zone), entity))
    return _set(state, seat, player), replaced


def _entity(state: AzukiState, seat: int, uid: object, field_name: str) -> tuple[str, Entity]:
    player = state.players[seat]
    found = player.find(uid) if isinstance(uid, str) else None
    if found is None:
        raise IllegalAction(
            f"{player.name} has no entity {uid!r} on the field.", f"payload.{field_name}"
        )
    return found


def _lose(state: AzukiState, seat: int, reason: str) -> AzukiState:
    if state.outcome.over:
        return state
    return replace(state, outcome=Outcome.win([1 - seat], 2, reason), combat=None)


def _check_leaders(state: AzukiState) -> AzukiState:
    """A Leader at 0 Health loses; both at once is a draw (Win Conditions, R149)."""
    down = [seat for seat, p in enumerate(state.players) if p.leader.health <= 0]
    if state.outcome.over or not down:
        return state
    if len(down) == 2:
        return replace(
            state,
            outcome=Outcome.draw(2, "Both Leaders reached 0 Health at once: a draw (R149)."),
            combat=None,
        )
    loser = down[0]
    winner = state.players[1 - loser].name
    return _lose(
        state,
        loser,
        f"{winner} wins: {possessive(state.players[loser].name)} Leader reached 0 Health "
        "(Win Conditions).",
    )


def _draw(state: AzukiState, seat: int, count: int) -> AzukiState:
    """Draw ``count``; a player who must draw from an empty deck loses (Win Conditions)."""
    player = state.players[seat]
    drawn = min(count, player.deck)
    player = replace(player, deck=player.deck - drawn, hand=player.hand + drawn)
    state = _set(state, seat, player)
    if drawn < count:
        winner = state.players[1 - seat].name
        state = _lose(
            state,
            seat,
            f"{winner} wins: {player.name} had to draw from an empty deck (Win Conditions).",
        )
    return state


def _damage_entity(player: PlayerState, entity: Entity, amount: int) -> tuple[PlayerState, bool]:
    """Damage on an entity; at its Health it is destroyed, to the discard pile (Stats)."""
    entity = replace(entity, damage=entity.damage + amount)
    if entity.damage >= entity.health:
        return _leave(player, entity), True
    return player.put(entity), False


def _check_order(order: object, items: tuple[str, ...], path: str, where: str) -> tuple[str, ...]:
    if (
        not isinstance(order, list)
        or sorted(map(str, order)) != sorted(items)
        or len(order) != len(items)
    ):
        raise IllegalAction(
            f"Give the order of the {where} effects, each once: {', '.join(items)}.", path
        )
    return tuple(str(item) for item in order)


# --- handlers -------------------------------------------------------------------------------


def _decide_hand(mulligan: bool) -> Handler:
    def decide(state: AzukiState, action: Action) -> AzukiState:
        """Keep the opening hand, or mulligan once: the hand to the bottom, 7 new cards, the
        deck shuffled; counts are unchanged (Game Start, R143)."""
        if state.phase != MULLIGAN:
            raise IllegalAction(
                "The mulligan is decided at the start of the game only (Game Start, R143).", "type"
            )
        seat = _decider(state, action)
        player = state.players[seat]
        state = _set(state, seat, replace(player, mulligan="mulliganed" if mulligan else "kept"))
        if all(p.mulligan is not None for p in state.players):
            state = _begin_turn(replace(state, turn=1))
        return state

    return decide


def _decider(state: AzukiState, action: Action) -> int:
    if action.by is not None:
        if state.players[action.by].mulligan is not None:
            raise IllegalAction(f"{state.players[action.by].name} has decided already.", "type")
        return action.by
    for seat in (state.first_player, 1 - state.first_player):
        if state.players[seat].mulligan is None:
            return seat
    raise IllegalAction("Both players have decided.", "type")  # pragma: no cover


def _begin_turn(state: AzukiState) -> AzukiState:
    """Start of Turn Phase: draw 1 (not the first player's first turn), gain 1 IKZ (up to
    10), untap everything; the second player's IKZ token becomes usable on their first turn.
    Start-of-turn effects wait for the active player's order when there are several."""
    seat = state.active
    player = state.players[seat]
    token = TOKEN_READY if player.token == TOKEN_WAITING else player.token
    leader = replace(player.leader, tapped=False)
    player = replace(
        player,
        ikz=min(MAX_IKZ, player.ikz + 1),
        ikz_tapped=0,
        token=token,
        gate_tapped=False,
        leader=leader,
        garden=tuple(replace(e, tapped=False) for e in player.garden),
        alley=tuple(replace(e, tapped=False) for e in player.alley),
    )
    state = _set(state, seat, player)
    if state.turn > 1:
        state = _draw(state, seat, 1)
    effects = start_effects(state)
    phase = START if len(effects) > 1 else MAIN
    return replace(
        state,
        phase=phase,
        start_effects=effects if phase == START else (),
        start_order=effects if len(effects) == 1 else (),
        used=frozenset(),
        on_play=None,
    )


def _order_effects(state: AzukiState, action: Action) -> AzukiState:
    """The active player orders both players' start-of-turn effects (Start of Turn Phase)."""
    _playing(state)
    _acting(state, action, state.active, "order the start-of-turn effects")
    if state.phase != START:
        raise IllegalAction("There are no start-of-turn effects to order now.", "type")
    order = _check_order(
        action.payload.get("order"), state.start_effects, "payload.order", "start-of-turn"
    )
    return replace(state, phase=MAIN, start_order=order, start_effects=(), on_play=None)


def _play_entity(state: AzukiState, action: Action) -> AzukiState:
    """An entity from the hand into the Garden or the Alley, paying its IKZ; in the
    Garden it has Cooldown this turn (Card Types: Entities; Playing Entities and Using
    Gates)."""
    seat = _main(state, action, "play an entity")
    card = _deck_card(state.players[seat], action, CardType.ENTITY)
    zone = action.payload.get("zone")
    if zone not in (GARDEN, ALLEY):
        raise IllegalAction("An entity is played into the garden or the alley.", "payload.zone")
    player = _from_hand(state.players[seat])
    player = _pay(player, _cost(card, action), action, card.name)
    state, uid = _new_uid(_set(state, seat, player), card)
    state, _ = _enter(state, seat, str(zone), Entity(uid, card), action)
    ability = card.ability
    on_play = uid if ability is not None and ability.timing == ON_PLAY else None
    return replace(state, on_play=on_play)


def _play_spell(state: AzukiState, action: Action) -> AzukiState:
    """A [Main] spell in one's own Main phase; a [Response] spell only by the defending
    player in the [Response] window of an attack (Card Types: Spells; Phases). The spell
    goes to the discard pile; its effect is recorded with the effect actions."""
    _playing(state)
    combat = state.combat
    seat = action.by if action.by is not None else (1 - combat.seat if combat else state.active)
    card = _deck_card(state.players[seat], action, CardType.SPELL)
    if card.response:
        if combat is None or combat.step != RESPONSE:
            raise IllegalAction(
                f"{card.name} is a [Response] spell: it is played when the opponent "
                "declares an attack, in the [Response] window (Card Types: Spells).",
                "payload.card",
            )
        if seat == combat.seat:
            raise IllegalAction(
                "The attacking player has no [Response] window (Phases: Main Phase).", "by"
            )
        responses = combat.responses + 1
    else:
        seat = _main(state, action, "play a [Main] spell")
        responses = 0
    player = _from_hand(state.players[seat])
    player = _pay(player, _cost(card, action), action, card.name)
    player = replace(player, discard=player.discard + 1)
    state = replace(_set(state, seat, player), on_play=None)
    if combat is not None and card.response:
        state = replace(state, combat=replace(combat, responses=responses))
    return state


def _bearer(state: AzukiState, seat: int, bearer: object) -> str:
    if bearer == LEADER:
        return LEADER
    zone, _ = _entity(state, seat, bearer, "bearer")
    if zone != GARDEN:
        raise IllegalAction(
            "Weapons are attached to the Leader or an entity in the Garden, never in the "
            "Alley (Card Types: Weapons).",
            "payload.bearer",
        )
    return str(bearer)


def _play_weapon(state: AzukiState, action: Action) -> AzukiState:
    """A weapon onto the Leader or a Garden entity; several may share a bearer
    (Card Types: Weapons)."""
    seat = _main(state, action, "play a weapon")
    card = _deck_card(state.players[seat], action, CardType.WEAPON)
    bearer = _bearer(state, seat, action.payload.get("bearer"))
    player = _from_hand(state.players[seat])
    player = _pay(player, _cost(card, action), action, card.name)
    state, uid = _new_uid(_set(state, seat, player), card)
    weapon = Weapon(uid, card)
    player = state.players[seat]
    if bearer == LEADER:
        leader = player.leader
        player = replace(player, leader=replace(leader, weapons=(*leader.weapons, weapon)))
    else:
        _, entity = _entity(state, seat, bearer, "bearer")
        player = player.put(replace(entity, weapons=(*entity.weapons, weapon)))
    ability = card.ability
    on_play = uid if ability is not None and ability.timing == ON_PLAY else None
    return replace(_set(state, seat, player), on_play=on_play)


def _use_ability(state: AzukiState, action: Action, stored: bool = False) -> AzukiState:
    """Use an ability: pay its IKZ, tap the card when its cost says so, mark Once per Turn
    for its seat; an effect Referee reads is applied to the target named (R146, R154).
    ``stored``: an entry recorded before R154 with no target, kept as it was then (the
    cost only, its effect recorded by the players)."""
    _playing(state)
    combat = state.combat
    default = state.active
    if combat is not None:
        default = 1 - combat.seat if combat.step == RESPONSE else combat.seat
    seat = action.by if action.by is not None else default
    source: str = payload_value(action.payload, "source", str)
    why = ability_window(state, seat, source, stored)
    if why is not None:
        raise IllegalAction(why, "payload.source")
    player = state.players[seat]
    found = ability_source(player, source)
    assert found is not None
    card, _, _, entity = found
    ability = card.ability
    assert ability is not None
    effect = ability_effect(card)
    target = _effect_target(state, seat, card, effect, action, stored)
    used = state.used
    player = _pay(player, ability.cost, action, f"{possessive(card.name)} ability")
    if ability.once_per_turn:
        used = used | {used_key(seat, source)}
    if ability.taps and source == LEADER:
        player = replace(player, leader=replace(player.leader, tapped=True))
    elif ability.taps and entity is not None:
        player = player.put(replace(entity, tapped=True))
    state = replace(_set(state, seat, player), used=used)
    if state.on_play == source:
        state = replace(state, on_play=None)
    if effect is not None and target is not None:
        state = _apply_effect(state, seat, effect, target)
    return state


def _effect_target(
    state: AzukiState,
    seat: int,
    card: CardInfo,
    effect: Effect | None,
    action: Action,
    stored: bool,
) -> str | None:
    """The target named in the payload, checked against what the effect may aim at (R154);
    None for an ability whose effect the players record (R146)."""
    target = action.payload.get("target")
    whose = possessive(card.name)
    if effect is None:
        if target is not None:
            raise IllegalAction(
                f"{whose} ability has no target Referee applies: record what it does with "
                "the card effects (R146).",
                "payload.target",
            )
        return None
    allowed = effect_targets(state, seat, effect)
    if target is None:
        if stored:
            return None
        raise IllegalAction(
            f"Name the target of {whose} ability: "
            + ("a " + effect.target_words() + " in a Garden" if effect.chosen else "'leader'")
            + " (R154).",
            "payload.target",
        )
    if target not in allowed:
        aim = f"a {effect.target_words()} in a Garden" if effect.chosen else "'leader'"
        raise IllegalAction(
            f"{target!r} is not a target of {whose} ability: it aims at {aim} (The Field, R154).",
            "payload.target",
        )
    return str(target)


def _apply_effect(state: AzukiState, seat: int, effect: Effect, target: str) -> AzukiState:
    """The effect done: Attack changed until the end of the turn (End of Turn Phase), or
    damage, Carapace subtracting (R147); an entity at its Health is destroyed, a Leader at 0
    loses (Stats; Win Conditions)."""
    if effect.chosen:
        owner = seat if state.players[seat].find(target) is not None else 1 - seat
        player = state.players[owner]
        _, entity = _entity(state, owner, target, "target")
        if effect.kind == "attack":
            mods = replace(entity.mods, attack=entity.mods.attack + effect.amount)
            return _set(state, owner, player.put(replace(entity, mods=mods)))
        player, _ = _damage_entity(player, entity, after_carapace(effect.amount, entity.carapace))
        return _set(state, owner, player)
    owner = seat if effect.target == OWN_LEADER else 1 - seat
    player = state.players[owner]
    leader = player.leader
    if effect.kind == "attack":
        mods = replace(leader.mods, attack=leader.mods.attack + effect.amount)
        return _set(state, owner, replace(player, leader=replace(leader, mods=mods)))
    hit = replace(leader, health=max(0, leader.health - effect.amount))
    return _check_leaders(_set(state, owner, replace(player, leader=hit)))


def _portal(state: AzukiState, action: Action) -> AzukiState:
    """Tap the Gate, once per turn, to move one entity from the Alley to the Garden, even
    one played this turn; it has Cooldown there, and the Gate's effect scales with its Gate
    Power (The Field: Gate; Playing Entities and Using Gates)."""
    seat = _main(state, action, "use the Gate")
    player = state.players[seat]
    if player.gate_tapped or "gate" in state.used:
        raise IllegalAction(
            f"{possessive(player.name)} Gate is tapped: it portals one entity per turn "
            "(Playing Entities and Using Gates).",
            "type",
        )
    zone, entity = _entity(state, seat, action.payload.get("entity"), "entity")
    if zone != ALLEY:
        raise IllegalAction(f"{entity.name} is not in the Alley.", "payload.entity")
    state = _set(state, seat, replace(player.without(entity.uid), gate_tapped=True))
    state, _ = _enter(state, seat, GARDEN, replace(entity, tapped=False), action)
    power = entity.card.gate_power or 0
    portal = (
        f"{player.name} portals {entity.name} (Gate Power {power}) through {player.gate.name}.",
        f"{player.gate.name}: {player.gate.text or 'its effect scales with the Gate Power.'}",
    )
    return replace(state, used=state.used | {"gate"}, last_portal=portal, on_play=None)


def _attack(state: AzukiState, action: Action) -> AzukiState:
    """Declare an attacker and its target; the attacker taps (Combat Mechanism 1, R144)."""
    seat = _main(state, action, "attack")
    attacker: str = payload_value(action.payload, "attacker", str)
    target: str = payload_value(action.payload, "target", str)
    why = can_attack(state, seat, attacker)
    if why is not None:
        raise IllegalAction(why, "payload.attacker")
    why = can_target(state, seat, target)
    if why is not None:
        raise IllegalAction(why, "payload.target")
    player = state.players[seat]
    if attacker == LEADER:
        player = replace(player, leader=replace(player.leader, tapped=True))
    else:
        player = player.put(replace(_entity(state, seat, attacker, "attacker")[1], tapped=True))
    state = _set(state, seat, player)
    return replace(state, combat=Combat(seat, attacker, target), on_play=None)


def _combat_step(state: AzukiState, action: Action, step: str) -> Combat:
    combat = state.combat
    if combat is None:
        raise IllegalAction("No attack is under way.", "type")
    if combat.step != step:
        raise IllegalAction(f"The attack is at {STEP_NAMES[combat.step]}.", "type")
    return combat


def _continue(state: AzukiState, action: Action) -> AzukiState:
    """Move to the next combat step (Combat Mechanism): no more [When Attacking]; no more
    [Response]; no defender; or the attack ends after [After Attacking]."""
    _playing(state)
    combat = state.combat
    if combat is None:
        raise IllegalAction("No attack is under way.", "type")
    if combat.step == DAMAGE:
        raise IllegalAction("Resolve the damage first (Combat Mechanism 5).", "type")
    _acting(state, action, step_seat(combat), "finish this step")
    step = action.payload.get("step", combat.step)
    if step != combat.step:
        raise IllegalAction(
            f"The attack is at {STEP_NAMES[combat.step]}, not {step!r}: look again.",
            "payload.step",
        )
    state = replace(state, on_play=None)
    if combat.step == AFTER_ATTACKING:
        return replace(state, combat=None)
    following = STEPS[STEPS.index(combat.step) + 1]
    return replace(state, combat=replace(combat, step=following))


def _declare_defender(state: AzukiState, action: Action) -> AzukiState:
    _playing(state)
    combat = _combat_step(state, action, DEFENDER)
    seat = 1 - combat.seat
    _acting(state, action, seat, "declare a defender")
    uid = action.payload.get("defender")
    chosen = next((e for e in defenders(state, combat) if e.uid == uid), None)
    if chosen is None:
        raise IllegalAction(
            "The defender is an untapped entity with Defender in the defending Garden, other "
            "than the target (Combat Mechanism 4, R144).",
            "payload.defender",
        )
    player = state.players[seat].put(replace(chosen, tapped=True))
    state = _set(state, seat, player)
    return replace(state, combat=replace(combat, step=DAMAGE, defender=chosen.uid))


def _resolve_damage(state: AzukiState, action: Action) -> AzukiState:
    """Damage both ways at once, as previewed: entities at their Health are destroyed,
    Leader damage is permanent (Combat Mechanism 5). What was dealt is kept with the attack
    for its After Attacking step, which reports it rather than working it out again."""
    _playing(state)
    combat = _combat_step(state, action, DAMAGE)
    _acting(state, action, combat.seat, "resolve the damage")
    preview = combat_preview(state)
    assert preview is not None
    now = resolve_payload(state)
    for name, value in now.items():
        if name in action.payload and action.payload[name] != value:
            raise IllegalAction(
                f"The damage has changed since you looked: {preview.attacker} deals "
                f"{preview.to_target} to {preview.target} and takes {preview.to_attacker}. "
                "Look again.",
                f"payload.{name}",
            )
    before = state
    target = combat.defender or combat.target
    hits = (
        (1 - combat.seat, target, preview.to_target),
        (combat.seat, combat.attacker, preview.to_attacker),
    )
    for seat, piece, amount in hits:
        player = state.players[seat]
        if piece == LEADER:
            leader = replace(player.leader, health=max(0, player.leader.health - amount))
            state = _set(state, seat, replace(player, leader=leader))
        else:
            found = player.find(piece)
            if found is not None and amount > 0:
                player, _ = _damage_entity(player, found[1], amount)
                state = _set(state, seat, player)
    dealt = _dealt(before, state, preview)
    state = replace(state, combat=replace(combat, step=AFTER_ATTACKING, dealt=dealt))
    return _check_leaders(state)


def _dealt(before: AzukiState, after: AzukiState, preview: Preview) -> Preview:
    """The damage step as it happened, in the past tense: the amounts, each Leader's Health
    before and after, and each entity hit destroyed or left standing with its damage."""
    combat = before.combat
    assert combat is not None
    lines = [f"{preview.attacker} dealt {preview.to_target} to {preview.target}."]
    if preview.to_attacker or attack_of(before.players[1 - combat.seat], _hit(combat)):
        lines.append(f"{preview.target} dealt {preview.to_attacker} back to {preview.attacker}.")
    else:
        lines.append(f"{preview.target} dealt nothing back.")
    destroyed: list[str] = []
    for seat, piece, amount in (
        (1 - combat.seat, _hit(combat), preview.to_target),
        (combat.seat, combat.attacker, preview.to_attacker),
    ):
        was, now = before.players[seat], after.players[seat]
        if piece == LEADER:
            continue
        found = was.find(piece)
        if found is None:
            continue
        name = f"{possessive(was.name)} {found[1].uid}"
        standing = now.find(piece)
        if standing is None:
            destroyed.append(name)
            lines.append(f"{name} took {amount} and was destroyed.")
        elif amount:
            entity = standing[1]
            lines.append(
                f"{name}: {entity.damage} damage of {entity.health} Health, "
                f"{entity.remaining} left."
            )
    for seat, was_health, _ in preview.leader_health:
        player = after.players[seat]
        health = player.leader.health
        lines.append(
            f"{possessive(player.name)} Leader: Health {was_health} → {health}"
            + (" (loses the game)" if health == 0 else "")
            + "."
        )
    leaders = tuple(
        (seat, was_health, after.players[seat].leader.health)
        for seat, was_health, _ in preview.leader_health
    )
    return replace(preview, destroyed=tuple(destroyed), leader_health=leaders, lines=tuple(lines))


def _hit(combat: Combat) -> str:
    return combat.defender or combat.target


def _end_turn(state: AzukiState, action: Action) -> AzukiState:
    """End of Turn Phase, applied at once and itemised (R151): the end-of-turn effects in the
    active player's order; every entity's damage resets (not healing); weapons go to the
    discard pile; this turn's stat changes end. Then the next player's turn starts."""
    seat = _main(state, action, "end the turn")
    effects = end_effects(state)
    items: list[str] = []
    if len(effects) > 1:
        order = _check_order(action.payload.get("order"), effects, "payload.order", "end-of-turn")
        items.append("End-of-turn effects, in order: " + ", ".join(order) + ".")
    elif "order" in action.payload and action.payload.get("order") not in ([], list(effects)):
        raise IllegalAction("There are no end-of-turn effects to order.", "payload.order")
    elif effects:
        items.append(f"End-of-turn effect: {effects[0]}.")
    players = []
    for player in state.players:
        entities = []
        discarded = 0
        for zone in (GARDEN, ALLEY):
            kept = []
            for entity in player.zone(zone):
                if entity.damage:
                    items.append(
                        f"{possessive(player.name)} {entity.name}: {entity.damage} damage resets."
                    )
                for weapon in entity.weapons:
                    items.append(
                        f"{possessive(player.name)} {weapon.card.name} ({entity.name}) to the "
                        "discard pile."
                    )
                if entity.mods.for_this_turn:
                    items.append(
                        f"{possessive(player.name)} {entity.name}: this turn's stat changes end."
                    )
                discarded += len(entity.weapons)
                kept.append(replace(entity, damage=0, weapons=(), mods=entity.mods.end_turn()))
            entities.append(tuple(kept))
        leader = player.leader
        for weapon in leader.weapons:
            items.append(
                f"{possessive(player.name)} {weapon.card.name} (Leader) to the discard pile."
            )
        if leader.mods.for_this_turn:
            items.append(f"{possessive(player.name)} Leader: this turn's stat changes end.")
        discarded += len(leader.weapons)
        leader = replace(leader, weapons=(), mods=leader.mods.end_turn())
        players.append(
            replace(
                player,
                garden=entities[0],
                alley=entities[1],
                leader=leader,
                discard=player.discard + discarded,
            )
        )
    if not items:
        items.append("Nothing to reset.")
    state = replace(
        state,
        players=(players[0], players[1]),
        turn=state.turn + 1,
        last_portal=(),
        start_order=(),
    )
    state = _begin_turn(state)
    nxt = state.players[state.active]
    begin = f"{possessive(nxt.name)} turn {state.turn} starts: "
    if state.outcome.over:
        begin += "the deck is empty, so the draw loses the game."
    else:
        begin += ("draws 1, " if state.turn > 1 else "") + f"IKZ {nxt.ikz}, untaps everything."
    items.append(begin)
    del seat
    return replace(state, last_turn_end=tuple(items))


def _target_piece(state: AzukiState, action: Action) -> tuple[int, str]:
    seat = _seat_field(action)
    target: str = payload_value(action.payload, "target", str)
    if target != LEADER:
        _entity(state, seat, target, "target")
    return seat, target


def _amount(action: Action, name: str = "amount", low: int = 1) -> int:
    amount: int = payload_value(action.payload, name, int)
    if not low <= amount <= MAX_AMOUNT:
        raise IllegalAction(f"'{name}' is {low} to {MAX_AMOUNT}.", f"payload.{name}")
    return amount


def _effect_by(state: AzukiState, action: Action) -> None:
    _playing(state)


def _deal_damage(state: AzukiState, action: Action) -> AzukiState:
    """Damage from a card effect: Carapace subtracts (R147); an entity at its Health is
    destroyed; a Leader at 0 loses (Stats; Win Conditions)."""
    _effect_by(state, action)
    seat, target = _target_piece(state, action)
    amount = _amount(action)
    player = state.players[seat]
    if target == LEADER:
        leader = replace(player.leader, health=max(0, player.leader.health - amount))
        return _check_leaders(_set(state, seat, replace(player, leader=leader)))
    _, entity = _entity(state, seat, target, "target")
    player, _ = _damage_entity(player, entity, after_carapace(amount, entity.carapace))
    return _set(state, seat, player)


def _heal(state: AzukiState, action: Action) -> AzukiState:
    """Healing never passes the maximum Health, for Leaders and entities (Stats: no
    overheal); healing nothing is refused."""
    _effect_by(state, action)
    seat, target = _target_piece(state, action)
    amount = _amount(action)
    player = state.players[seat]
    if target == LEADER:
        leader = player.leader
        if leader.health >= leader.max_health:
            raise IllegalAction(
                f"{possessive(player.name)} Leader is at full Health ({leader.max_health}): "
                "there is no overheal (Stats).",
                "payload.target",
            )
        healed = replace(leader, health=min(leader.max_health, leader.health + amount))
        return _set(state, seat, replace(player, leader=healed))
    _, entity = _entity(state, seat, target, "target")
    if not entity.damage:
        raise IllegalAction(
            f"{entity.name} is at full Health: there is no overheal (Stats).", "payload.target"
        )
    return _set(state, seat, player.put(replace(entity, damage=max(0, entity.damage - amount))))


def _adjust(state: AzukiState, action: Action) -> AzukiState:
    """A stat change from an effect, this turn or lasting (End of Turn Phase). An entity
    whose Health falls to its damage is destroyed; a Leader's Health is not a stat here."""
    _effect_by(state, action)
    seat, target = _target_piece(state, action)
    changes = {}
    for name in ("attack", "health", "carapace"):
        value: int = payload_value(action.payload, name, int, 0)
        if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
            raise IllegalAction(
                f"'{name}' changes by -{MAX_AMOUNT} to {MAX_AMOUNT}.", f"payload.{name}"
            )
        changes[name] = value
    if not any(changes.values()):
        raise IllegalAction("Give a change of Attack, Health or Carapace.", "payload.attack")
    lasting: bool = payload_value(action.payload, "lasting", bool, False)
    player = state.players[seat]
    if target == LEADER and (changes["health"] or changes["carapace"]):
        raise IllegalAction(
            "A Leader's Health changes with damage and healing (Stats); only its Attack "
            "is adjusted here.",
            "payload.health",
        )
    prefix = "lasting_" if lasting else ""

    def moved(mods: Mods) -> Mods:
        return replace(
            mods,
            **{
                f"{prefix}{name}": getattr(mods, f"{prefix}{name}") + value
                for name, value in changes.items()
            },
        )

    if target == LEADER:
        leader = replace(player.leader, mods=moved(player.leader.mods))
        return _set(state, seat, replace(player, leader=leader))
    _, entity = _entity(state, seat, target, "target")
    entity = replace(entity, mods=moved(entity.mods))
    if entity.damage >= entity.health:
        return _set(state, seat, _leave(player, entity))
    return _set(state, seat, player.put(entity))


def _draw_effect(state: AzukiState, action: Action) -> AzukiState:
    _effect_by(state, action)
    seat = _seat_field(action)
    return _draw(state, seat, _amount(action, "count"))


def _discard(state: AzukiState, action: Action) -> AzukiState:
    _effect_by(state, action)
    seat = _seat_field(action)
    count = _amount(action, "count")
    player = state.players[seat]
    if count > player.hand:
        raise IllegalAction(f"{player.name} holds {counted(player.hand, 'card')}.", "payload.count")
    return _set(
        state, seat, replace(player, hand=player.hand - count, discard=player.discard + count)
    )


def _return_from_discard(state: AzukiState, action: Action) -> AzukiState:
    """Cards back from the discard pile to the hand (a Gate's or a card's effect)."""
    _effect_by(state, action)
    seat = _seat_field(action)
    count = _amount(action, "count")
    player = state.players[seat]
    if count > player.discard:
        raise IllegalAction(
            f"{possessive(player.name)} discard pile holds {counted(player.discard, 'card')}.",
            "payload.count",
        )
    player = replace(player, discard=player.discard - count, hand=player.hand + count)
    return _set(state, seat, player)


def _remove(to_hand: bool) -> Handler:
    def remove(state: AzukiState, action: Action) -> AzukiState:
        """An entity leaves the field by an effect: destroyed to the discard pile, or back
        to the hand; its weapons go to the discard pile (Card Types: Weapons)."""
        _effect_by(state, action)
        seat = _seat_field(action)
        _, entity = _entity(state, seat, action.payload.get("entity"), "entity")
        state = _set(state, seat, _leave(state.players[seat], entity, to_hand))
        return state

    return remove


def _swap_rows(state: AzukiState, action: Action) -> AzukiState:
    """An effect swaps a Garden and an Alley entity at once: nothing is replaced even when
    both rows are full; the one entering the Garden has Cooldown (The Field)."""
    _effect_by(state, action)
    seat = _seat_field(action)
    zone_g, front = _entity(state, seat, action.payload.get("garden"), "garden")
    zone_a, back = _entity(state, seat, action.payload.get("alley"), "alley")
    if zone_g != GARDEN:
        raise IllegalAction(f"{front.name} is not in the Garden.", "payload.garden")
    if zone_a != ALLEY:
        raise IllegalAction(f"{back.name} is not in the Alley.", "payload.alley")
    player = state.players[seat]
    weapons = len(front.weapons)
    garden = tuple(
        replace(back, entered_garden=state.turn) if e.uid == front.uid else e for e in player.garden
    )
    alley = tuple(replace(front, weapons=()) if e.uid == back.uid else e for e in player.alley)
    player = replace(player, garden=garden, alley=alley, discard=player.discard + weapons)
    return _set(state, seat, player)


def _put_into_play(state: AzukiState, action: Action) -> AzukiState:
    """An effect puts an entity onto a player's field from their hand, deck or discard pile.
    It is not played, so it has no [On Play]; in the Garden it has Cooldown. A full row: the
    player whose row it is picks the entity replaced, even when the opponent's effect forced
    it (The Field, R142)."""
    _effect_by(state, action)
    seat = _seat_field(action)
    player = state.players[seat]
    card = _deck_card(player, action, CardType.ENTITY)
    zone = action.payload.get("zone")
    if zone not in (GARDEN, ALLEY):
        raise IllegalAction("An entity enters the garden or the alley.", "payload.zone")
    source = action.payload.get("source")
    if source not in SOURCES:
        raise IllegalAction(
            "It comes from the hand, the deck or the discard pile.", "payload.source"
        )
    if getattr(player, str(source)) < 1:
        raise IllegalAction(f"{possessive(player.name)} {source} is empty.", "payload.source")
    full = len(player.zone(str(zone))) >= ZONE_SIZES[str(zone)]
    if full and action.by is not None and action.by != seat:
        raise IllegalAction(
            f"{possessive(player.name)} {ZONE_NAMES[str(zone)]} is full: {player.name} picks "
            "the entity it replaces (The Field, R142).",
            "by",
        )
    player = replace(player, **{str(source): getattr(player, str(source)) - 1})
    state, uid = _new_uid(_set(state, seat, player), card)
    state, _ = _enter(state, seat, str(zone), Entity(uid, card), action)
    return state


_HANDLERS: dict[str, Handler] = {
    "put_into_play": _put_into_play,
    "keep_hand": _decide_hand(False),
    "mulligan": _decide_hand(True),
    "order_effects": _order_effects,
    "play_entity": _play_entity,
    "play_spell": _play_spell,
    "play_weapon": _play_weapon,
    "use_ability": _use_ability,
    "portal": _portal,
    "attack": _attack,
    "continue_combat": _continue,
    "declare_defender": _declare_defender,
    "resolve_damage": _resolve_damage,
    "end_turn": _end_turn,
    "deal_damage": _deal_damage,
    "heal": _heal,
    "adjust_stats": _adjust,
    "draw": _draw_effect,
    "discard": _discard,
    "return_from_discard": _return_from_discard,
    "destroy": _remove(False),
    "return_to_hand": _remove(True),
    "swap_rows": _swap_rows,
}
