"""What a seat may do now in Azuki TCG, listed as python-chess lists legal moves.

Each entry's payload applies as it stands, and so does any combination of the values its
choices allow. Each says which piece of the board it concerns (``at``): ``leader:<seat>``,
``gate:<seat>``, ``entity:<seat>:<id>``, ``hand:<seat>`` for playing a card, ``side:<seat>``
for a player's counts and effects on them, ``combat`` for the attack under way, and nothing
for the game as a whole (ending the turn, ordering effects). Card IDs and zones are given in
words in ``names``.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.rules.azuki.actions import MAX_AMOUNT, SOURCES
from referee.rules.azuki.cards import CardType
from referee.rules.azuki.setup import (
    AFTER_ATTACKING,
    ALLEY,
    DAMAGE,
    DEFENDER,
    GARDEN,
    RESPONSE,
    WHEN_ATTACKING,
    CardInfo,
    ability_effect,
)
from referee.rules.azuki.state import (
    LEADER,
    MAIN,
    MULLIGAN,
    START,
    TOKEN_READY,
    ZONE_NAMES,
    ZONE_SIZES,
    AzukiState,
    PlayerState,
    ability_source,
    ability_window,
    can_attack,
    can_target,
    defenders,
    effect_targets,
    end_effects,
    resolve_payload,
    step_seat,
)
from referee.rules.text import possessive
from referee.rules.tracker import JSON, Amount, Choice, LegalAction, Listing, OneOf, Order

CONTINUE_LABELS = {
    WHEN_ATTACKING: "Continue: no more When Attacking effects",
    RESPONSE: "No more responses",
    DEFENDER: "No defender",
    AFTER_ATTACKING: "End the attack",
}


def entity_at(seat: int, uid: str) -> str:
    return f"entity:{seat}:{uid}"


def piece_at(seat: int, piece: str) -> str:
    return f"leader:{seat}" if piece == LEADER else entity_at(seat, piece)


def legal_actions(state: AzukiState, seat: int) -> tuple[LegalAction, ...]:
    if state.outcome.over or seat not in (0, 1):
        return ()
    listing = Listing(seat)
    me = state.players[seat]
    if state.phase == MULLIGAN:
        if me.mulligan is None:
            listing.add("keep_hand", "Keep the opening 7", {}, at=f"side:{seat}")
            listing.add("mulligan", "Mulligan: hand to the bottom, draw 7", {}, at=f"side:{seat}")
        return listing.actions()
    active = seat == state.active
    if state.phase == START and active:
        effects = state.start_effects
        listing.add(
            "order_effects",
            "Order the start-of-turn effects",
            {"order": list(effects)},
            {"order": Order(effects)},
            at="",
        )
    combat = state.combat
    if state.phase == MAIN and combat is None and active:
        _plays(state, listing)
        _portal(state, listing)
        _attacks(state, listing)
    _abilities(state, listing)
    if combat is not None and step_seat(combat) == seat:
        _combat(state, listing)
    _effects(state, listing)
    if state.phase == MAIN and combat is None and active:
        effects = end_effects(state)
        if len(effects) > 1:
            listing.add(
                "end_turn",
                "End the turn, ordering the end-of-turn effects",
                {"order": list(effects)},
                {"order": Order(effects)},
                at="",
            )
        else:
            listing.add("end_turn", "End the turn", {}, at="")
    return listing.actions()


def _ways_to_pay(
    player: PlayerState, cards: list[CardInfo]
) -> list[tuple[str, dict[str, JSON], list[CardInfo]]]:
    """The cards ``player`` can pay for, grouped by how: IKZ only, or 1 of it with the IKZ
    token (the cost from the card; a card without one gets its cost typed)."""
    untapped = player.ikz_untapped
    ready = player.token == TOKEN_READY
    plain = [c for c in cards if c.ikz_cost is not None and c.ikz_cost <= untapped]
    token = [c for c in cards if c.ikz_cost is not None and 1 <= c.ikz_cost <= untapped + 1]
    ways: list[tuple[str, dict[str, JSON], list[CardInfo]]] = []
    if plain:
        ways.append(("", {}, plain))
    if ready and token:
        ways.append((", 1 IKZ paid with the token", {"use_token": True}, token))
    return ways


def _card_names(cards: list[CardInfo]) -> dict[str, str]:
    return {c.id: f"{c.name} ({c.ikz_cost} IKZ)" for c in cards}


def _typed(player: PlayerState, kind: CardType) -> list[CardInfo]:
    return [c for c in player.cards if c.type is kind and c.ikz_cost is None]


def _plays(state: AzukiState, listing: Listing) -> None:
    """Entities into either row, [Main] spells, weapons onto the Leader or a Garden entity,
    each paid in IKZ (Main Phase; Card Types)."""
    seat = listing.seat
    me = state.players[seat]
    if me.hand < 1:
        return
    at = f"hand:{seat}"
    entities = [c for c in me.cards if c.type is CardType.ENTITY]
    for zone in (GARDEN, ALLEY):
        row = me.zone(zone)
        extra: dict[str, JSON] = {}
        choices: dict[str, Choice] = {}
        names = {u.uid: u.uid for u in row}
        if len(row) >= ZONE_SIZES[zone]:
            extra = {"replace": row[0].uid}
            choices = {"replace": OneOf(tuple(u.uid for u in row))}
        for how, pay, cards in _ways_to_pay(me, entities):
            listing.add(
                "play_entity",
                f"Play an entity into the {ZONE_NAMES[zone]}{how}"
                + (" (replacing one)" if extra else ""),
                {"card": cards[0].id, "zone": zone, **extra, **pay},
                {"card": OneOf(tuple(c.id for c in cards)), **choices},
                at=at,
                names={**_card_names(cards), **names, zone: ZONE_NAMES[zone]},
            )
        for card in _typed(me, CardType.ENTITY):
            listing.add(
                "play_entity",
                f"Play {card.name} into the {ZONE_NAMES[zone]} (type its cost)",
                {"card": card.id, "zone": zone, "cost": 0, **extra},
                {"cost": Amount(0, me.ikz_untapped), **choices},
                at=at,
                names={**names, zone: ZONE_NAMES[zone]},
            )
    spells = [c for c in me.cards if c.type is CardType.SPELL and not c.response]
    for how, pay, cards in _ways_to_pay(me, spells):
        listing.add(
            "play_spell",
            f"Play a [Main] spell{how}",
            {"card": cards[0].id, **pay},
            {"card": OneOf(tuple(c.id for c in cards))},
            at=at,
            names=_card_names(cards),
        )
    weapons = [c for c in me.cards if c.type is CardType.WEAPON]
    bearers = (LEADER, *(e.uid for e in me.garden))
    bearer_names = {LEADER: "Leader", **{e.uid: e.uid for e in me.garden}}
    for how, pay, cards in _ways_to_pay(me, weapons):
        listing.add(
            "play_weapon",
            f"Attach a weapon{how}",
            {"card": cards[0].id, "bearer": LEADER, **pay},
            {"card": OneOf(tuple(c.id for c in cards)), "bearer": OneOf(bearers)},
            at=at,
            names={**_card_names(cards), **bearer_names},
        )


def _portal(state: AzukiState, listing: Listing) -> None:
    seat = listing.seat
    me = state.players[seat]
    if me.gate_tapped or "gate" in state.used or not me.alley:
        return
    payload: dict[str, JSON] = {"entity": me.alley[0].uid}
    choices: dict[str, Choice] = {"entity": OneOf(tuple(e.uid for e in me.alley))}
    if len(me.garden) >= ZONE_SIZES[GARDEN]:
        payload["replace"] = me.garden[0].uid
        choices["replace"] = OneOf(tuple(e.uid for e in me.garden))
    names = {e.uid: f"{e.uid} (Gate Power {e.card.gate_power or 0})" for e in me.alley}
    names.update({e.uid: e.uid for e in me.garden})
    listing.add(
        "portal",
        f"Tap {me.gate.name}: portal an entity to the Garden",
        payload,
        choices,
        at=f"gate:{seat}",
        names=names,
    )


def _attacks(state: AzukiState, listing: Listing) -> None:
    """Each legal attacker with its legal targets (Combat Mechanism; The Field)."""
    seat = listing.seat
    me, them = state.players[seat], state.players[1 - seat]
    targets = tuple(
        t for t in (LEADER, *(e.uid for e in them.garden)) if can_target(state, seat, t) is None
    )
    names = {LEADER: "Leader"}
    for attacker in (LEADER, *(e.uid for e in me.garden)):
        if can_attack(state, seat, attacker) is not None:
            continue
        label = "the Leader" if attacker == LEADER else attacker
        listing.add(
            "attack",
            f"Attack with {label}",
            {"attacker": attacker, "target": LEADER},
            {"target": OneOf(targets)},
            at=piece_at(seat, attacker),
            names=names,
        )


def _abilities(state: AzukiState, listing: Listing) -> None:
    """Every ability ``seat`` may use now: its window, zone, Once per Turn, Cooldown and
    cost allow it, and an effect Referee applies has a target (R154), offered as a choice."""
    seat = listing.seat
    me = state.players[seat]
    sources = [LEADER, *(e.uid for e in (*me.garden, *me.alley))]
    if state.on_play is not None and state.on_play not in sources:
        sources.append(state.on_play)
    for source in sources:
        if ability_window(state, seat, source) is not None:
            continue
        found = ability_source(me, source)
        assert found is not None
        card = found[0]
        ability = card.ability
        assert ability is not None
        at = (
            piece_at(seat, source) if found[3] is not None or source == LEADER else f"leader:{seat}"
        )
        if found[3] is None and source != LEADER:
            holder = next(
                (e.uid for e in me.garden if any(w.uid == source for w in e.weapons)), None
            )
            at = entity_at(seat, holder) if holder else f"leader:{seat}"
        cost = ability.cost
        label = f"Use {possessive(card.name)} ability" + (f" ({cost} IKZ)" if cost else "")
        payload: dict[str, JSON] = {"source": source}
        choices: dict[str, Choice] = {}
        names: dict[str, str] = {}
        effect = ability_effect(card)
        if effect is not None:  # R154: its target is asked for, and the effect applied
            targets = effect_targets(state, seat, effect)
            payload["target"] = targets[0]
            if effect.chosen:
                choices["target"] = OneOf(targets)
                names = {uid: _whose(state, uid) for uid in targets}
            label += f": {effect.words()}"
        if cost == 0 or cost <= me.ikz_untapped:
            listing.add("use_ability", label, payload, choices, at=at, names=names)
        if cost >= 1 and me.token == TOKEN_READY:
            listing.add(
                "use_ability",
                label + ", 1 IKZ paid with the token",
                {**payload, "use_token": True},
                choices,
                at=at,
                names=names,
            )


def _whose(state: AzukiState, uid: str) -> str:
    for player in state.players:
        if player.find(uid) is not None:
            return f"{possessive(player.name)} {uid}"
    return uid


def _combat(state: AzukiState, listing: Listing) -> None:
    """The step the attack is at, prompted for the seat whose step it is."""
    combat = state.combat
    assert combat is not None
    seat = listing.seat
    me = state.players[seat]
    if combat.step == RESPONSE and me.hand >= 1:
        spells = [c for c in me.cards if c.type is CardType.SPELL and c.response]
        for how, pay, cards in _ways_to_pay(me, spells):
            listing.add(
                "play_spell",
                f"Play a [Response] spell{how}",
                {"card": cards[0].id, **pay},
                {"card": OneOf(tuple(c.id for c in cards))},
                at="combat",
                names=_card_names(cards),
            )
    if combat.step == DEFENDER:
        found = defenders(state, combat)
        if found:
            listing.add(
                "declare_defender",
                "Declare a Defender (it taps and takes the attack)",
                {"defender": found[0].uid},
                {"defender": OneOf(tuple(e.uid for e in found))},
                at="combat",
                names={e.uid: e.uid for e in found},
            )
    if combat.step == DAMAGE:
        listing.add(
            "resolve_damage", "Resolve the damage as previewed", resolve_payload(state), at="combat"
        )
    else:
        listing.add(
            "continue_combat", CONTINUE_LABELS[combat.step], {"step": combat.step}, at="combat"
        )


def _effects(state: AzukiState, listing: Listing) -> None:
    """What a card effect may do, recorded by the seat whose card it is: damage, healing
    (never past the maximum), stat changes, draws and discards, destroying, returning to
    the hand, swapping rows (Card Effects; Stats)."""
    amount = Amount(1, MAX_AMOUNT)
    lasting = OneOf((False, True))
    for seat, player in enumerate(state.players):
        side = f"side:{seat}"
        listing.add(
            "draw",
            f"{player.name} draws (an effect)",
            {"seat": seat, "count": 1},
            {"count": amount},
            at=side,
        )
        if player.hand:
            listing.add(
                "discard",
                f"{player.name} discards from the hand (an effect)",
                {"seat": seat, "count": 1},
                {"count": Amount(1, min(player.hand, MAX_AMOUNT))},
                at=side,
            )
        if player.discard:
            listing.add(
                "return_from_discard",
                f"{player.name} takes cards back from the discard pile (an effect)",
                {"seat": seat, "count": 1},
                {"count": Amount(1, min(player.discard, MAX_AMOUNT))},
                at=side,
            )
        leader = player.leader
        at = f"leader:{seat}"
        base = {"seat": seat, "target": LEADER}
        listing.add(
            "deal_damage",
            f"Damage {possessive(player.name)} Leader",
            {**base, "amount": 1},
            {"amount": amount},
            at=at,
        )
        if leader.health < leader.max_health:
            listing.add(
                "heal",
                f"Heal {possessive(player.name)} Leader",
                {**base, "amount": 1},
                {"amount": amount},
                at=at,
            )
        _stat_changes(listing, base, f"{possessive(player.name)} Leader", at, lasting, ("attack",))
        for zone in (GARDEN, ALLEY):
            for entity in player.zone(zone):
                at = entity_at(seat, entity.uid)
                base = {"seat": seat, "target": entity.uid}
                whose = f"{possessive(player.name)} {entity.name}"
                listing.add(
                    "deal_damage",
                    f"Damage {whose}",
                    {**base, "amount": 1},
                    {"amount": amount},
                    at=at,
                )
                if entity.damage:
                    listing.add(
                        "heal", f"Heal {whose}", {**base, "amount": 1}, {"amount": amount}, at=at
                    )
                _stat_changes(listing, base, whose, at, lasting, ("attack", "health", "carapace"))
                ref = {"seat": seat, "entity": entity.uid}
                listing.add("destroy", f"Destroy {whose}", ref, at=at)
                listing.add("return_to_hand", f"Return {whose} to the hand", ref, at=at)
        _put_into_play(listing, seat, player)
        if player.garden and player.alley:
            listing.add(
                "swap_rows",
                f"Swap a Garden and an Alley entity of {player.name} (an effect)",
                {"seat": seat, "garden": player.garden[0].uid, "alley": player.alley[0].uid},
                {
                    "garden": OneOf(tuple(e.uid for e in player.garden)),
                    "alley": OneOf(tuple(e.uid for e in player.alley)),
                },
                at=side,
                names={e.uid: e.uid for e in (*player.garden, *player.alley)},
            )


def _stat_changes(
    listing: Listing,
    base: Mapping[str, JSON],
    whose: str,
    at: str,
    lasting: OneOf,
    stats: tuple[str, ...],
) -> None:
    for stat in stats:
        for sign, low, high in (("+", 1, MAX_AMOUNT), ("\u2212", -MAX_AMOUNT, -1)):
            if stat == "carapace" and sign != "+":
                continue
            listing.add(
                "adjust_stats",
                f"{whose}: {stat.capitalize()} {sign}",
                {**base, stat: low if sign == "+" else high, "lasting": False},
                {stat: Amount(low, high), "lasting": lasting},
                at=at,
            )


def _put_into_play(listing: Listing, seat: int, player: PlayerState) -> None:
    """An effect puts one of ``player``'s entities onto their field; into a full row only
    from that player's own seat, who picks the entity replaced (R142)."""
    entities = tuple(c.id for c in player.cards if c.type is CardType.ENTITY)
    sources = tuple(s for s in SOURCES if getattr(player, s) > 0)
    if not entities or not sources:
        return
    for zone in (GARDEN, ALLEY):
        row = player.zone(zone)
        payload: dict[str, JSON] = {
            "seat": seat,
            "card": entities[0],
            "zone": zone,
            "source": sources[0],
        }
        choices: dict[str, Choice] = {"card": OneOf(entities), "source": OneOf(sources)}
        if len(row) >= ZONE_SIZES[zone]:
            if listing.seat != seat:
                continue
            payload["replace"] = row[0].uid
            choices["replace"] = OneOf(tuple(e.uid for e in row))
        listing.add(
            "put_into_play",
            f"Put an entity into {possessive(player.name)} {ZONE_NAMES[zone]} (an effect)",
            payload,
            choices,
            at=f"side:{seat}",
            names={
                **{c.id: c.name for c in player.cards},
                **{e.uid: e.uid for e in row},
                "hand": "from the hand",
                "deck": "from the deck",
                "discard": "from the discard pile",
            },
        )
