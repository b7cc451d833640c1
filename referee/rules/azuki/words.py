"""The Azuki tracker's state as the board and the API read it, its history lines and the
names of its combat steps, in words. Referee holds no secret in Azuki (R141): every viewer
gets the same view."""

from __future__ import annotations

from collections.abc import Mapping

from referee.rules.azuki.setup import (
    AFTER_ATTACKING,
    ALLEY,
    DAMAGE,
    DEFENDER,
    GARDEN,
    RESPONSE,
    THEIR_LEADER,
    WHEN_ATTACKING,
    AzukiSetup,
    CardInfo,
    ability_effect,
)
from referee.rules.azuki.state import (
    LEADER,
    MULLIGAN,
    TOKEN_NONE,
    TOKEN_READY,
    TOKEN_USED,
    TOKEN_WAITING,
    AzukiState,
    Combat,
    Entity,
    PlayerState,
    Preview,
    Weapon,
    combat_preview,
    entity_in_cooldown,
    step_seat,
    used_key,
)
from referee.rules.text import possessive
from referee.rules.tracker import JSON, Action

STEP_NAMES = {
    WHEN_ATTACKING: "1-2. Attacker and target declared; When Attacking effects",
    RESPONSE: "3. Response window",
    DEFENDER: "4. Declare a defender",
    DAMAGE: "5. Resolve damage",
    AFTER_ATTACKING: "6. After Attacking effects",
}
TOKEN_WORDS = {
    TOKEN_NONE: "none (the first player has no IKZ token)",
    TOKEN_WAITING: "held: usable from this player's first turn",
    TOKEN_READY: "ready: pays 1 IKZ once",
    TOKEN_USED: "used",
}
STEP_DONE = {
    "when_attacking": "no more When Attacking effects",
    "response": "no more responses",
    "defender": "declares no defender",
    "after_attacking": "ends the attack",
}
TIMING_WORDS = {
    "on_play": "On Play",
    "when_attacking": "When Attacking",
    "after_attacking": "After Attacking",
    "response": "Response",
    "main": "Main phase",
}


def _keywords(card: CardInfo, entity: Entity | None = None) -> list[str]:
    words = []
    if card.charge:
        words.append("Charge")
    if card.defender:
        words.append("Defender")
    carapace = entity.carapace if entity is not None else card.carapace
    if carapace:
        words.append(f"Carapace {carapace}")
    return words


def _ability(card: CardInfo) -> JSON:
    ability = card.ability
    if ability is None:
        return None
    return {
        "timing": TIMING_WORDS.get(ability.timing, ability.timing),
        "zone": ability.zone,
        "once_per_turn": ability.once_per_turn,
        "cost": ability.cost,
        "taps": ability.taps,
    }


def _weapon(weapon: Weapon) -> dict[str, JSON]:
    return {
        "id": weapon.uid,
        "card": weapon.card.id,
        "name": weapon.uid,  # the card's name and a number: which copy it is
        "card_name": weapon.card.name,
        "attack": weapon.card.attack or 0,
        "text": weapon.card.text,
    }


def _entity(state: AzukiState, seat: int, entity: Entity, zone: str) -> dict[str, JSON]:
    return {
        "id": entity.uid,
        "card": entity.card.id,
        "name": entity.uid,  # the card's name and a number: which copy it is
        "card_name": entity.name,
        "zone": zone,
        "attack": entity.attack,
        "health": entity.health,
        "damage": entity.damage,
        "remaining": entity.remaining,
        "base_attack": entity.card.attack or 0,
        "base_health": entity.card.health or 0,
        "ikz_cost": entity.card.ikz_cost,
        "gate_power": entity.card.gate_power,
        "tapped": entity.tapped,
        "cooldown": zone == GARDEN and entity_in_cooldown(state, entity),
        "keywords": _keywords(entity.card, entity),
        "weapons": [_weapon(w) for w in entity.weapons],
        "text": entity.card.text,
        "ability": _ability(entity.card),
        "ability_used": used_key(seat, entity.uid) in state.used,
        "lasting": entity.mods.lasting_attack != 0 or entity.mods.lasting_health != 0,
    }


def _card(card: CardInfo) -> dict[str, JSON]:
    return {**card.to_json(), "ability": _ability(card), "keywords": _keywords(card)}


def _player(state: AzukiState, seat: int, player: PlayerState) -> dict[str, JSON]:
    leader = player.leader
    return {
        "name": player.name,
        "health": leader.health,
        "ikz": player.ikz,
        "deck": player.deck,
        "hand": player.hand,
        "discard": player.discard,
        "mulligan": player.mulligan,
        "ikz_area": {
            "untapped": player.ikz_untapped,
            "tapped": player.ikz_tapped,
            "pile": player.ikz_pile,
        },
        "token": {"state": player.token, "name": TOKEN_WORDS[player.token]},
        "leader": {
            "card": leader.card.id,
            "name": leader.card.name,
            "health": leader.health,
            "max_health": leader.max_health,
            "attack": leader.attack,
            "tapped": leader.tapped,
            "weapons": [_weapon(w) for w in leader.weapons],
            "text": leader.card.text,
            "ability": _ability(leader.card),
            "ability_used": used_key(seat, LEADER) in state.used,
        },
        "gate": {
            "card": player.gate.id,
            "name": player.gate.name,
            "tapped": player.gate_tapped,
            "text": player.gate.text,
            "portaled": list(state.last_portal) if seat == state.active else [],
        },
        "garden": [_entity(state, seat, e, GARDEN) for e in player.garden],
        "alley": [_entity(state, seat, e, ALLEY) for e in player.alley],
        "cards": [_card(card) for card in player.cards],
    }


def _piece_words(player: PlayerState, piece: str) -> str:
    return (
        f"{possessive(player.name)} Leader"
        if piece == LEADER
        else f"{possessive(player.name)} {piece}"
    )


def _combat(state: AzukiState, combat: Combat) -> dict[str, JSON]:
    preview = combat_preview(state)
    waiting = state.players[step_seat(combat)].name
    prompts = {
        "when_attacking": f"{waiting}: use When Attacking effects, then continue.",
        "response": f"{waiting}: play Response spells or abilities, then continue.",
        "defender": f"{waiting}: declare a Defender, or none.",
        "damage": f"{waiting}: check the damage below, then resolve it.",
        "after_attacking": f"{waiting}: use After Attacking effects, then end the attack.",
    }
    me, them = state.players[combat.seat], state.players[1 - combat.seat]
    target = combat.defender or combat.target
    return {
        "seat": combat.seat,
        "attacker": combat.attacker,
        "attacker_name": _piece_words(me, combat.attacker),
        "target": target,
        "target_name": _piece_words(them, target),
        "defender": combat.defender,
        "step": combat.step,
        "step_name": STEP_NAMES[combat.step],
        "waiting_seat": step_seat(combat),
        "prompt": prompts[combat.step],
        "responses": combat.responses,
        "preview": _preview(preview),
        "dealt": _preview(combat.dealt),
    }


def _preview(preview: Preview | None) -> JSON:
    """Damage to come (the preview) or dealt (recorded by the damage step): either way the
    same shape, the board reporting what the engine worked out once."""
    if preview is None:
        return None
    return {
        "attacker": preview.attacker,
        "target": preview.target,
        "to_target": preview.to_target,
        "to_attacker": preview.to_attacker,
        "destroyed": list(preview.destroyed),
        "leaders": [
            {"seat": seat, "before": before, "after": after}
            for seat, before, after in preview.leader_health
        ],
        "lines": list(preview.lines),
    }


def notes(state: AzukiState) -> list[str]:
    """What the table should hear now, in words."""
    out: list[str] = []
    if state.outcome.over:
        return [state.outcome.reason]
    if state.phase == MULLIGAN:
        for player in state.players:
            if player.mulligan is None:
                out.append(f"{player.name}: keep the opening 7 or mulligan (once per game).")
        return out
    nxt = state.players[1 - state.active]
    if nxt.deck == 0:
        out.append(
            f"{possessive(nxt.name)} deck is empty: the draw at the start of their turn loses "
            "the game (Win Conditions)."
        )
    me = state.players[state.active]
    if me.deck == 0:
        out.append(
            f"{possessive(me.name)} deck is empty: any draw now loses the game (Win Conditions)."
        )
    if state.start_effects:
        out.append(
            f"{me.name}: order the start-of-turn effects: " + ", ".join(state.start_effects) + "."
        )
    elif state.start_order:
        out.append("Start-of-turn effects, in order: " + ", ".join(state.start_order) + ".")
    if "gate" in state.used:
        out.append(f"{possessive(me.name)} Gate has portaled this turn.")
    return out


def state_view(state: AzukiState) -> dict[str, JSON]:
    return {
        "turn": state.turn,
        "round": state.round,
        "active_seat": state.active if state.phase != MULLIGAN else None,
        "first_seat": state.first_player,
        "phase": state.phase,
        "combat": None if state.combat is None else _combat(state, state.combat),
        "on_play": state.on_play,
        "start_effects": list(state.start_effects),
        "start_order": list(state.start_order),
        "last_turn_end": list(state.last_turn_end),
        "last_portal": list(state.last_portal),
        "notes": notes(state),
        "over": state.outcome.over,
        "winner": state.outcome.winner,
        "reason": state.outcome.reason,
        "players": [_player(state, seat, p) for seat, p in enumerate(state.players)],
    }


def _seat_of(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _names(setup: AzukiSetup | None) -> tuple[str, str]:
    if setup is None:
        return ("Seat 0", "Seat 1")
    return (setup.players[0].name, setup.players[1].name)


def _card_name(setup: AzukiSetup | None, seat: int | None, card_id: object) -> str:
    if setup is not None and seat in (0, 1):
        assert seat is not None
        card = setup.players[seat].card(str(card_id))
        if card is not None:
            return card.name
    return str(card_id)


def _other(seat: int | None) -> int | None:
    return 1 - seat if seat in (0, 1) and seat is not None else None


def _who(names: tuple[str, str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and seat in (0, 1) else "?"


def _piece(names: tuple[str, str], seat: object, piece: object) -> str:
    who = names[seat] if isinstance(seat, int) and seat in (0, 1) else "?"
    if piece == LEADER:
        return f"{possessive(who)} Leader"
    return f"{possessive(who)} {piece}"


def _amount(value: JSON) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _damage_words(names: tuple[str, str], by: int | None, p: Mapping[str, JSON]) -> str:
    """ ": Ben's Leader takes 3, Ana's Ashen Hound #2 takes 0", from what the damage step
    recorded; nothing for an entry that recorded no amounts (an older one, or one sent
    without them)."""
    to_target, to_attacker = _amount(p.get("to_target")), _amount(p.get("to_attacker"))
    if to_target is None or to_attacker is None or by not in (0, 1):
        return ""
    target = _piece(names, _other(by), p.get("target"))
    attacker = _piece(names, by, p.get("attacker"))
    return f": {target} takes {to_target}, {attacker} takes {to_attacker}"


def _ability_words(
    names: tuple[str, str], setup: AzukiSetup | None, by: int | None, p: Mapping[str, JSON]
) -> str:
    """An ability used, in words: 'uses the ability of the Leader Ember Matriarch on Ashen
    Hound #2: +1 Attack this turn'; the target and the effect only where the entry names
    them (R154)."""
    source = p.get("source")
    if source != LEADER:
        words = f"uses the ability of {source}"
    elif setup is not None and by in (0, 1):
        assert by is not None
        leader = setup.players[by].leader
        words = f"uses the ability of the Leader {leader.name}"
        effect = ability_effect(leader)
        target = p.get("target")
        if effect is not None and isinstance(target, str):
            aim = (
                _piece(names, _other(by), LEADER)
                if effect.target == THEIR_LEADER
                else ("the Leader" if target == LEADER else target)
            )
            return f"{words} on {aim}: {effect.words()}"
        return words
    else:
        words = "uses the ability of the Leader"
    target = p.get("target")
    if isinstance(target, str):
        words += " on " + ("the Leader" if target == LEADER else target)
    return words


def describe(action: Action, setup: AzukiSetup | None) -> str:
    """A history line: "Ana: plays Ashen Hound into the Garden (2 IKZ)". Entities are named
    by their id (e3) where the setup cannot say which card they are."""
    p: Mapping[str, JSON] = action.payload
    names = _names(setup)
    by = action.by
    who = names[by] if by in (0, 1) and by is not None else "The table"
    card = _card_name(setup, by, p.get("card"))
    token = " with the IKZ token" if p.get("use_token") is True else ""
    seat = p.get("seat")
    # A player recording their own draw reads "Ben: draws 1", not "Ben: Ben draws 1".
    whose = "" if seat == by else f"{_who(names, seat)} "
    lines = {
        "keep_hand": "keeps the opening hand",
        "mulligan": "mulligans: the hand to the bottom, draws 7, shuffles",
        "order_effects": "orders the start-of-turn effects: "
        + ", ".join(map(str, p.get("order") or [])),
        "play_entity": f"plays {card} into the {str(p.get('zone', '')).capitalize()}"
        + (f", replacing {p.get('replace')}" if p.get("replace") else "")
        + token,
        "play_spell": f"plays the spell {card}{token}",
        "play_weapon": f"attaches {card} to "
        + ("the Leader" if p.get("bearer") == LEADER else str(p.get("bearer")))
        + token,
        "use_ability": _ability_words(names, setup, by, p) + token,
        "portal": f"taps the Gate: portals {p.get('entity')} to the Garden"
        + (f", replacing {p.get('replace')}" if p.get("replace") else ""),
        "attack": f"attacks {possessive(_who(names, _other(by)))} "
        + ("Leader" if p.get("target") == LEADER else str(p.get("target")))
        + " with "
        + ("the Leader" if p.get("attacker") == LEADER else str(p.get("attacker"))),
        "continue_combat": STEP_DONE.get(str(p.get("step")), "finishes the combat step"),
        "declare_defender": f"declares {p.get('defender')} as the defender",
        "resolve_damage": "resolves the combat damage" + _damage_words(names, by, p),
        "end_turn": "ends the turn"
        + (": end effects " + ", ".join(map(str, p["order"])) if p.get("order") else ""),
        "deal_damage": f"deals {p.get('amount')} damage to {_piece(names, seat, p.get('target'))}",
        "heal": f"heals {_piece(names, seat, p.get('target'))} by {p.get('amount')}",
        "adjust_stats": f"changes {_piece(names, seat, p.get('target'))}: "
        + ", ".join(
            f"{stat} {int(value):+d}"
            for stat in ("attack", "health", "carapace")
            if isinstance(value := p.get(stat), int) and not isinstance(value, bool) and value
        )
        + (" (lasting)" if p.get("lasting") is True else " (this turn)"),
        "draw": f"{whose}draws {p.get('count')}",
        "discard": f"{whose}discards {p.get('count')} from the hand",
        "return_from_discard": f"{whose}takes {p.get('count')} back from the "
        "discard pile to the hand",
        "destroy": f"destroys {_piece(names, seat, p.get('entity'))}",
        "return_to_hand": f"returns {_piece(names, seat, p.get('entity'))} to the hand",
        "put_into_play": f"puts {_card_name(setup, _seat_of(seat), p.get('card'))} into "
        f"{possessive(_who(names, seat))} {str(p.get('zone', '')).capitalize()} from the "
        f"{p.get('source')}" + (f", replacing {p.get('replace')}" if p.get("replace") else ""),
        "swap_rows": f"swaps {_piece(names, seat, p.get('garden'))} (Garden) with "
        f"{p.get('alley')} (Alley)",
    }
    line = lines.get(action.type, action.type.replace("_", " "))
    return f"{who}: {line}"
