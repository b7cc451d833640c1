"""How AZRAH says things: history lines, what each viewer sees of an entry's payload, and
the view of the board each viewer is given, with what play waits for in words."""

from __future__ import annotations

from collections.abc import Mapping

from referee.rules.azrah.setup import AzrahSetup, ability_to_json, player_names
from referee.rules.azrah.state import (
    GAIN_GEM,
    RECOVERY,
    RESOLVE,
    RESPOND,
    SWAP,
    Activation,
    AzrahState,
    GuardianState,
    card_of,
    face_up,
    reachable,
    waiting,
)
from referee.rules.tracker import JSON, Action

# what an effect recorded outside a resolution is (R115): an attached Curse's or Item's own
# effect, which the app does not model, or a correction of the board
CAUSES = {"card": "an attached card's effect", "correction": "a correction"}
CAUSE_HELP = "card effect or correction"  # what it is, not being an ability's (R115)
# entries that can name only a Guardian in the front row, so face up when recorded (R52):
# their history lines name it to everyone
FACE_UP = frozenset(
    {"use_ability", "emerge", "escape", "attach_mana", "transform", "attach_curse", "attach_item"}
)


def describe(action: Action, setup: AzrahSetup | None = None, viewer: int | None = None) -> str:
    """A history line in words: "Ana: Ben's Bard takes 3 damage". A Guardian is named
    to ``viewer`` once it is face up (R52). An entry that can name only a front-row
    Guardian (its ability, emergence or escape, an ability's targets: ``FACE_UP``) was
    recorded while it was face up, so it names it to everyone. Elsewhere one that began
    in another player's back row is "one of Ben's Guardians" to them, as is a name the
    payload leaves out (None): without the state there is no telling whether it has
    been seen since; without the setup every Guardian of another player is."""
    p = action.payload
    names = player_names(setup) if setup is not None else ("Seat 0", "Seat 1")

    def player(seat: object) -> str:
        index = _as_seat(seat)
        return names[index] if index is not None else "the host"

    who = player(action.by) if action.by is not None else "The table"
    owner = _as_seat(p.get("seat", action.by))

    def unnamed(seat: int | None, name: object, face_up: bool = False) -> bool:
        """Whether ``seat``'s ``name`` is not named to the viewer."""
        if seat is None or seat == viewer:
            return False
        if name is None:
            return True
        return not face_up and (setup is None or name in setup.players[seat].back)

    def shown(name: object, face_up: bool = False) -> str:
        if unnamed(owner, name, face_up):
            return f"one of {player(owner)}'s Guardians"
        return str(name)

    def entering(name: object) -> str:
        """A Guardian from the back row (only its controller may say which)."""
        return "a back-row Guardian" if owner is None else shown(name)

    # the Guardian a swap sends out is in the front row too (C.1)
    face_up = action.type in FACE_UP or action.type == "swap"
    guardian = shown(p.get("guardian"), face_up)
    hidden = unnamed(owner, p.get("guardian"), face_up)
    if "seat" in p and not hidden:
        guardian = f"{player(owner)}'s {guardian}"

    def of(noun: str) -> str:
        """``guardian``'s ``noun``: "Bard's emergence ability", or "the emergence
        ability of one of Ben's Guardians" (never "Guardians's")."""
        return f"the {noun} of {guardian}" if hidden else f"{guardian}'s {noun}"

    amount = p.get("amount", 1)
    enemy = 1 - owner if owner is not None else None
    targets = p.get("targets") if isinstance(p.get("targets"), list) else []
    aimed = ""
    if targets and enemy is not None and setup is not None:
        # a target is a front-row enemy (R100): face up when it was announced
        aimed = " on " + ", ".join(
            f"one of {player(enemy)}'s Guardians"
            if t is None and enemy != viewer
            else f"{player(enemy)}'s {t}"
            for t in targets
        )
    if action.type == "resolve":
        return f"{who}: " + _describe_resolution(action, setup, viewer)
    order: list[JSON] = p["order"] if isinstance(p.get("order"), list) else []
    lines = {
        "attach_mana": f"attaches Mana to {guardian}",
        "use_ability": f"{guardian} uses {p.get('ability') or 'an ability'}{aimed}"
        + (
            f" ({p.get('mana', 0)} Mana, {p.get('gems', 0)} Gems)"
            if p.get("mana") or p.get("gems")
            else ""
        ),
        "no_response": "no response",
        "emerge": f"{of('emergence ability')}{aimed}",
        "move": f"moves {p.get('left')} and {p.get('right')}",
        "escape": f"{guardian} escapes",
        "swap": f"swaps {guardian} for "
        + (
            entering(p.get("replacement"))
            if "replacement" in p
            else f"back-row card {p.get('place')}"
        ),
        "order_emergence": "orders emergence: " + ", ".join(entering(n) for n in order),
        "deal_damage": f"{guardian} takes {amount} damage",
        "heal": f"{guardian} heals {amount}",
        "transform": f"{guardian} transforms into {p.get('transformation')}",
        "attach_curse": f"attaches the Curse {p.get('card')} to {guardian}",
        "attach_item": f"attaches the Item {p.get('card')} to {guardian}",
        "detach": f"returns {p.get('card')} from {guardian}",
        "apply_status": f"{guardian} is {p.get('status')}"
        + (f" for {_turns_words(p.get('turns'))}" if p.get("turns") else ""),
        "remove_status": f"{guardian} is no longer {p.get('status')}",
        "end_phase": "ends the phase",
    }
    line = lines.get(action.type) or action.type.replace("_", " ")
    cause = p.get("cause")
    if isinstance(cause, str) and cause in CAUSES:
        line += f" ({CAUSES[cause]})"  # not an ability's: R115
    return f"{who}: {line}"


def _describe_resolution(action: Action, setup: AzrahSetup | None, viewer: int | None) -> str:
    """A resolution's line: the ability resolves, then each effect it applied."""
    p = action.payload
    effects: list[JSON] = p["effects"] if isinstance(p.get("effects"), list) else []
    if "effect" in p:
        flat = {k: v for k, v in p.items() if k not in ("effect", "effects")}
        effects = [{"type": p["effect"], "payload": flat}]
    parts = []
    for effect in effects:
        if not isinstance(effect, Mapping) or not isinstance(effect.get("payload"), Mapping):
            continue
        body = effect["payload"]
        assert isinstance(body, Mapping)
        line = describe(
            Action(action.seq, str(effect.get("type")), action.by, dict(body)), setup, viewer
        )
        parts.append(line.split(": ", 1)[-1])
    return "resolves the newest ability" + (": " + "; ".join(parts) if parts else "")


def visible_payload(
    action: Action, state: AzrahState, viewer: int | None
) -> Mapping[str, JSON] | None:
    """The payload with every Guardian ``viewer`` may not see now named None: one still
    face down in another player's back row (R52). An entering Guardian named by the
    host without a seat is always hidden, since whose it was is not recorded."""
    p = dict(action.payload)
    owner = _as_seat(p.get("seat", action.by))

    def shown(name: JSON) -> JSON:
        if owner is None or owner == viewer or not isinstance(name, str):
            return name
        return name if face_up(state.players[owner], name) else None

    def entering(name: JSON) -> JSON:
        return None if owner is None else shown(name)

    if "guardian" in p:
        p["guardian"] = shown(p["guardian"])
    if action.type == "swap" and "replacement" in p:
        p["replacement"] = entering(p["replacement"])
    if action.type == "order_emergence" and isinstance(p.get("order"), list):
        p["order"] = [entering(name) for name in p["order"]]
    if isinstance(p.get("targets"), list) and owner is not None:
        enemy = state.players[1 - owner]
        p["targets"] = [
            t if 1 - owner == viewer or not isinstance(t, str) or face_up(enemy, t) else None
            for t in p["targets"]
        ]
    if action.type == "resolve" and isinstance(p.get("effects"), list):
        p["effects"] = [
            {
                "type": e.get("type"),
                "payload": visible_payload(
                    Action(action.seq, str(e.get("type")), action.by, e["payload"]),
                    state,
                    viewer,
                ),
            }
            if isinstance(e, Mapping) and isinstance(e.get("payload"), Mapping)
            else e
            for e in p["effects"]
        ]
    return p


def view(state: AzrahState, viewer: int | None) -> dict[str, JSON]:
    """Everything but the face-down back row of the other player (R52)."""
    return {
        "turn": state.clock.turn,
        "round": state.clock.round,
        "active_seat": state.active,
        "phase": state.clock.phase.name,
        "checklist": _checklist(state),
        "moved": "move" in state.limits.used,
        "escaped": "escape" in state.limits.used,
        "recovery_mana": state.recovery_mana,
        "emergence_order": list(state.emergence_order),
        "notes": _notes(state),
        "winner": state.outcome.winner,
        "reason": state.outcome.reason,
        "players": [_player_view(state, seat, seat == viewer) for seat in (0, 1)],
        "stack": [_activation_view(state, a) for a in state.stack],
        "responder": state.responder if state.stack else None,
        "waiting": _waiting_view(state),
    }


def _activation_view(state: AzrahState, activation: Activation) -> dict[str, JSON]:
    return {
        "seat": activation.seat,
        "player": state.players[activation.seat].name,
        "guardian": activation.guardian,
        "ability": activation.ability,
        "emergence": activation.emergence,
        "quick": activation.quick,
        "targets": list(activation.targets),
        "text": activation.text,
    }


def _waiting_view(state: AzrahState) -> dict[str, JSON] | None:
    """What play waits for, in words (every Guardian named in it is face up)."""
    wait = waiting(state)
    if wait is None:
        return None
    return {"seat": wait[0], "kind": wait[1], "guardian": wait[2], "text": wait_words(state, wait)}


def _checklist(state: AzrahState) -> list[str]:
    """The phase's steps in words; on the game's very first turn the Celestial Gem step says
    it is skipped (A.3, Z1)."""
    skipped = f"{GAIN_GEM}: skipped on the game's first turn (Z1)"
    return [
        skipped if step == GAIN_GEM and state.clock.turn == 1 else step
        for step in state.clock.phase.checklist
    ]


def _notes(state: AzrahState) -> list[str]:
    """What this turn has used up so far, in words, for the board's turn area."""
    notes = []
    if state.clock.phase.name == RECOVERY:
        notes.append(f"Mana attached this Recovery: {state.recovery_mana}.")
    if "move" in state.limits.used:
        notes.append("Allies moved this turn.")
    if "escape" in state.limits.used:
        notes.append("An ally escaped this turn.")
    if state.emergence_order:
        notes.append("Emergence order: " + ", ".join(state.emergence_order) + ".")
    return notes


def _as_seat(value: object) -> int | None:
    """``value`` when it is a seat of AZRAH (0 or 1), else None."""
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    return None


def _guardian_view(state: AzrahState, seat: int, guardian: GuardianState) -> dict[str, JSON]:
    card = card_of(state, seat, guardian)
    player = state.players[seat]
    front = guardian.name in player.front
    return {
        "card": None
        if card is None
        else {
            "range_arrows": [arrow.value for arrow in card.range_arrows],
            "emergence": ability_to_json(card.emergence) if card.emergence else None,
            "abilities": [ability_to_json(a) for a in card.abilities],
        },
        "in_range": list(reachable(state, seat, guardian.name)) if front else [],
        "name": guardian.name,
        "hit_points": guardian.hit_points,
        "damage": guardian.damage,
        "mana": guardian.mana,
        "curses": list(guardian.curses),
        "items": list(guardian.items),
        "transformation": guardian.transformation,
        "statuses": {s.name: s.remaining for s in guardian.statuses.items},
        "leaving": guardian.leaving,
        "used_ability": guardian.used_ability,
        "defeated_this_turn": guardian.defeated_this_turn,
    }


def _player_view(state: AzrahState, seat: int, own: bool) -> dict[str, JSON]:
    player = state.players[seat]
    back: list[JSON] = []
    for name in player.back:
        guardian = player.guardian(name)
        back.append(_guardian_view(state, seat, guardian) if own or guardian.revealed else None)
    return {
        "name": player.name,
        "health": player.health.value,
        "gems": player.gems.value,
        "mana_pool": player.mana_pool.value,
        "front": [_guardian_view(state, seat, player.guardian(name)) for name in player.front],
        "back": back,
    }


def wait_words(state: AzrahState, wait: tuple[int, str, str]) -> str:
    seat, kind, name = wait
    who = state.players[seat].name
    if kind == SWAP:
        return (
            f"{who}'s {name} leaves the front row first: {who} swaps it with a back-row ally (R101)"
        )
    if kind == RESPOND:
        return (
            f"{who} answers {name}'s ability first, with a quick ability or no response "
            "(Activating and Resolving Abilities)"
        )
    if kind == RESOLVE:
        ability = state.stack[-1].ability
        return (
            f"{name}'s {ability} resolves first, newest first (Activating and Resolving Abilities)"
        )
    return f"{who}'s {name} activates its emergence ability first (R106)"


def _turns_words(turns: object) -> str:
    """ "1 turn", "2 turns": a status's length in a history line."""
    return f"{turns} turn" if turns == 1 else f"{turns} turns"
