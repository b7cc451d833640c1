"""What a seat may do now in Rune Age, listed as python-chess lists legal moves.

Each entry's payload applies as it stands, and so does any value its choices allow. Each
says where on the board it belongs (``at``): ``realm:<seat>`` for a player's own turn and
Home Realm, ``supply`` for the central piles, ``combat`` for the combat under way, and
nothing for the game as a whole (ending the turn, drawing the event, ending the event
phase), which the board shows beside the round.
"""

from __future__ import annotations

from referee.rules.runeage.actions import (
    DAMAGE_CARD,
    DAMAGE_EVENT,
    DAMAGE_SOURCES,
    MAX_ADJUST,
    MAX_DAMAGE,
    MAX_TYPED_STRENGTH,
    attack_targets,
    gold_in_hand_at_most,
    influence_of,
    price,
)
from referee.rules.runeage.cards import TACTIC
from referee.rules.runeage.state import (
    ACTIONS,
    ASSAULT,
    ATTRITION,
    ATTRITION_FACES,
    EVENT,
    GOLD,
    INFLUENCE,
    OTHER,
    RESOLUTION,
    SIEGE,
    Combat,
    Played,
    RuneAgeState,
    card_strength,
    event_card,
    gold_card,
)
from referee.rules.tracker import (
    JSON,
    Amount,
    Choice,
    IllegalAction,
    LegalAction,
    Listing,
    OneOf,
    Rolls,
    Text,
)

ADJUSTMENTS: tuple[JSON, ...] = tuple(v for v in range(-MAX_ADJUST, MAX_ADJUST + 1) if v)


def legal_actions(state: RuneAgeState, seat: int) -> tuple[LegalAction, ...]:
    if state.outcome.over or not 0 <= seat < state.seats or state.players[seat].eliminated:
        return ()
    listing = Listing(seat)
    if state.rune_choice is not None:
        if state.rune_choice == seat:
            powers = state.players[seat].rune_powers
            listing.add(
                "choose_rune_power",
                "Keep a dragon rune power",
                {"keep": powers[0]},
                {"keep": OneOf(tuple(powers))},
                at=f"realm:{seat}",
            )
        return listing.actions()
    if state.combat is not None:
        _combat(state, state.combat, listing)
        return listing.actions()
    if state.step == EVENT:
        _event_phase(state, listing)
    elif state.step == ACTIONS and seat == state.active:
        _turn(state, listing)
    return listing.actions()


def _event_phase(state: RuneAgeState, listing: Listing) -> None:
    seat = listing.seat
    if seat == state.first:
        stage = state.top_stage
        if state.drawn is None and stage is not None:
            cards = state.deck[stage - 1]
            payload: dict[str, JSON] = {"event": cards[0]}
            choices: dict[str, Choice] = {"event": OneOf(tuple(cards))}
            if any(event_card(state, n).strength is None for n in cards):
                payload["strength"] = 0
                choices["strength"] = Amount(0, MAX_TYPED_STRENGTH)
            listing.add(
                "draw_event",
                f"Draw the event (Stage {stage}, {state.deck_size} left)",
                payload,
                choices,
                at="",
            )
        elif not state.attack_queue:
            listing.add("end_event_phase", "End the event phase", {}, at="")
    if state.drawn is not None and state.spare_runes and not state.attack_queue:
        listing.add(
            "gain_rune_power",
            "Take a dragon rune power the event gives",
            {"power": state.spare_runes[0]},
            {"power": OneOf(state.spare_runes)},
            at=f"realm:{seat}",
        )
    if state.drawn is not None and seat < state.event_turn:
        return  # the drawn event is resolved in play order, past this player now (R200)
    listing.add(
        "take_damage",
        "Damage from the event",
        {"seat": seat, "amount": 1, "source": DAMAGE_EVENT},
        {"amount": Amount(1, MAX_DAMAGE)},
        at=f"realm:{seat}",
    )


def _turn(state: RuneAgeState, listing: Listing) -> None:
    seat = listing.seat
    player = state.players[seat]
    at = f"realm:{seat}"
    values = tuple(v for v in (1, 2, 3) if gold_in_hand_at_most(state, seat, v) > 0)
    if values:
        listing.add(
            "play_gold",
            "Play a gold card",
            {"value": values[0]},
            {"value": OneOf(values)},
            at=at,
            names={str(v): gold_card(v) for v in values},
        )
    ready = []
    for card in (
        *(f"stronghold:{n}" for n in player.strongholds),
        *(f"city:{n}" for n in player.cities),
        *(f"reward:{n}" for n in player.rewards),
    ):
        if card in player.exhausted:
            continue
        try:
            influence_of(state, seat, card)
        except IllegalAction:
            continue
        ready.append(card)
    if ready:
        listing.add(
            "exhaust",
            "Exhaust for its influence or gold",
            {"card": ready[0]},
            {"card": OneOf(tuple(ready))},
            at=at,
            names={card: card.partition(":")[2] for card in ready},
        )
    race = state.setup.cards.race(player.race)
    if state.pool_kind == GOLD:
        for name in (
            *(u.name for u in race.units),
            *(s.name for s in race.strongholds),
            race.monument.name,
        ):
            found = price(state, seat, name)
            if found is not None and found[2] > 0 and found[1] <= state.pool:
                listing.add("buy", f"Buy {name} ({found[1]} gold)", {"card": name}, at=at)
    if state.pool_kind == INFLUENCE:
        names = [n.name for n in state.setup.cards.neutrals if n.name in state.neutral_piles]
        names += [gold_card(g.value) for g in state.setup.cards.gold]
        for name in names:
            found = price(state, seat, name)
            if found is not None and found[2] > 0 and found[1] <= state.pool:
                listing.add(
                    "acquire", f"Acquire {name} ({found[1]} influence)", {"card": name}, at="supply"
                )
        if state.pool >= 1:
            listing.add(
                "keep",
                "Keep cards in hand (1 influence each)",
                {"count": 1},
                {"count": Amount(1, min(state.pool, 20))},
                at=at,
            )
    actionable = tuple(
        n for n, c in sorted(player.owned.items()) if c > 0 and card_strength(state, seat, n)
    )
    if actionable:
        listing.add(
            "card_action",
            "Use a card's Action",
            {"card": actionable[0]},
            {"card": OneOf(actionable)},
            at=at,
        )
    if player.rune_powers and not player.rune_used:
        listing.add("use_rune_power", f"Use {player.rune_powers[0]}", {}, at=at)
    for target, (words, strength) in attack_targets(state, seat).items():
        kind = target.partition(":")[0]
        where = "supply" if kind in ("city", "objective", "enemy") else at
        if kind == "realm":
            where = f"realm:{target.partition(':')[2]}"
        elif kind == "city" and not any(target == c["id"] for c in _central_cities(state)):
            owner = next(
                s for s, p in enumerate(state.players) if target.partition(":")[2] in p.cities
            )
            where = f"realm:{owner}"
        label = f"Attack {words}" + (f" (strength {strength})" if kind != "realm" else "")
        listing.add("attack", label, {"target": target}, at=where, names={target: words})
    listing.add(
        "take_damage",
        "Damage from a card or an event",
        {"seat": seat, "amount": 1, "source": DAMAGE_CARD},
        {
            "seat": OneOf(state.standing()),
            "amount": Amount(1, MAX_DAMAGE),
            "source": OneOf(DAMAGE_SOURCES),
        },
        at=at,
        names={
            **{str(s): state.players[s].name for s in state.standing()},
            DAMAGE_CARD: f"a card of {player.name}'s",
            DAMAGE_EVENT: "an event's text",
        },
    )
    listing.add("end_turn", "End the turn (discard, draw up to five)", {}, at="")


def _central_cities(state: RuneAgeState) -> list[dict[str, str]]:
    return [{"id": f"city:{c}"} for c in state.central_cities]


def _combat(state: RuneAgeState, combat: Combat, listing: Listing) -> None:
    seat = listing.seat
    if seat not in (combat.attacker.seat, combat.defender.seat):
        return
    mine = "attacker" if seat == combat.attacker.seat else "defender"
    side = combat.side(seat)
    if combat.step == ASSAULT:
        may_play = not side.passed and (combat.kind != SIEGE or combat.to_play == seat)
        if not may_play:
            return
        owned = state.players[seat].owned
        playable = tuple(
            name
            for name, count in sorted(owned.items())
            if card_strength(state, seat, name) is not None
            and count > sum(1 for c in side.cards if c.name == name)
        )
        if playable:
            listing.add(
                "play_card",
                "Play a card",
                {"card": playable[0]},
                {"card": OneOf(playable)},
                at="combat",
            )
        listing.add(
            "play_other",
            "Play a card not in the list",
            {"name": "Card", "strength": 1},
            {"name": Text(80), "strength": Amount(0, MAX_TYPED_STRENGTH)},
            at="combat",
        )
        listing.add("pass", "Pass (play no more cards)", {}, at="combat")
        _adjust(listing, mine)
        for kind, verb in (("wound", "Wound"), ("destroy", "Destroy")):
            for army, other in (("attacker", combat.attacker), ("defender", combat.defender)):
                if other.seat is None:
                    continue
                units = _unit_keys(state, other.seat, other.cards)
                keys = tuple(
                    c.key
                    for c in other.cards
                    if c.key in units and (kind == "destroy" or not c.wounded)
                )
                if keys:
                    listing.add(
                        kind,
                        f"{verb} a unit of the {army}",
                        {"side": army, "card": keys[0]},
                        {"card": OneOf(keys)},
                        at="combat",
                        names={c.key: c.name for c in other.cards},
                    )
    elif combat.step == ATTRITION and seat == combat.attacker.seat:
        if combat.skulls > 0:
            units = _unit_keys(state, seat, combat.attacker.cards)
            listing.add(
                "destroy",
                "Destroy a unit for the skull",
                {"side": "attacker", "card": units[0]},
                {"card": OneOf(units)},
                at="combat",
                names={c.key: c.name for c in combat.attacker.cards},
            )
        else:
            listing.add(
                "roll_attrition",
                f"Roll the attrition die ({combat.dice} left)",
                {"roll": ATTRITION_FACES[0]},
                {"roll": Rolls(1, tuple(dict.fromkeys(ATTRITION_FACES)))},
                at="combat",
            )
    elif combat.step == RESOLUTION and combat.kind == SIEGE:
        # the attacker's Resolution abilities, then the defender's (Conduct a Siege, step 3)
        if combat.to_play == seat:
            _adjust(listing, mine)
            listing.add("pass", "Done with Resolution abilities", {}, at="combat")
        elif combat.to_play is None and seat == combat.attacker.seat:
            listing.add("resolve", "Resolve the combat", {}, at="combat")
    elif combat.step == RESOLUTION:
        _adjust(listing, mine)
        if seat == combat.attacker.seat:
            listing.add("resolve", "Resolve the combat", {}, at="combat")


def _unit_keys(state: RuneAgeState, seat: int, cards: tuple[Played, ...]) -> tuple[str, ...]:
    """The keys of the participating units among ``cards``: a typed card counts as one, a
    tactic never does (Destroying & Wounding Units)."""
    return tuple(
        c.key
        for c in cards
        if c.origin == OTHER or (card_strength(state, seat, c.name) or (0, "", TACTIC))[2] != TACTIC
    )


def _adjust(listing: Listing, side: str) -> None:
    listing.add(
        "adjust",
        "An ability changes your strength",
        {"side": side, "amount": 1},
        {"amount": OneOf(ADJUSTMENTS)},
        at="combat",
    )
