"""What a seat may do now in AZRAH, listed as python-chess lists legal moves.

Each entry's payload applies as it stands, and so does any combination of the values its
choices allow. Entries are enumerated where fields depend on each other (one per target
Guardian, each with its own amount). A seat is offered only what it may see: its own
Guardians, and the opponent's front row (an enemy in the back row cannot be targeted,
Frequently Asked Questions; a face-down one cannot even be named, R53).

Names of cards the tracker does not know (a Transformation, a Curse, an Item) are free text;
the listed payload carries a placeholder the player may overwrite.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.rules.azrah.tracker import (
    ACTION,
    DEFEATED,
    END,
    FROZEN,
    IMMUNE,
    MAX_AMOUNT,
    MAX_HIT_POINTS,
    MAX_TURNS,
    POSITIONS,
    RECOVERY,
    RECOVERY_MANA,
    STATUSES,
    VOLUNTARY,
    AzrahState,
    GuardianState,
    PlayerState,
)
from referee.rules.tracker.core import (
    JSON,
    Action,
    Amount,
    Choice,
    IllegalAction,
    LegalAction,
    OneOf,
    Order,
)

PLACEHOLDERS = {
    "transform": "Transformation",
    "attach_curse": "Curse",
    "attach_item": "Item",
}


class _Listing:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.entries: list[LegalAction] = []

    def add(
        self,
        type_: str,
        label: str,
        payload: Mapping[str, JSON],
        choices: Mapping[str, Choice] | None = None,
    ) -> None:
        self.entries.append(LegalAction(type_, label, self.seat, dict(payload), choices or {}))


def legal_actions(state: AzrahState, seat: int) -> tuple[LegalAction, ...]:
    if state.outcome.over or seat not in (0, 1):
        return ()
    listing = _Listing(seat)
    if seat == state.active:
        _turn(state, listing)
    _abilities(state, listing)
    _leaving(state, listing)
    for target in (0, 1):
        _effects(state, seat, target, listing)
    if seat == state.active:
        _end_phase(state, listing)
    return tuple(listing.entries)


def _turn(state: AzrahState, listing: _Listing) -> None:
    """The active player's own steps: Mana (A.2 or an effect), moving, escaping, ordering."""
    me = state.players[listing.seat]
    phase = state.clock.phase.name
    pool = me.mana_pool.value
    if phase == RECOVERY:
        room = min(RECOVERY_MANA - state.recovery_mana, pool)
        if room >= 1:
            for name in me.front:
                listing.add(
                    "attach_mana",
                    f"Attach Mana to {name}",
                    {"guardian": name, "amount": 1},
                    {"amount": Amount(1, room)},
                )
    if pool >= 1:
        for name in me.front:
            listing.add(
                "attach_mana",
                f"Attach Mana to {name} (an ability's effect)",
                {"guardian": name, "amount": 1, "effect": True},
                {"amount": Amount(1, pool)},
            )
    if phase == ACTION and "move" not in state.limits.used:
        for left, right in ((0, 1), (1, 2)):
            pair = (me.front[left], me.front[right])
            if not any(me.guardian(n).statuses.has(FROZEN) for n in pair):
                listing.add(
                    "move",
                    f"Move {pair[0]} and {pair[1]} ({POSITIONS[left].value} and "
                    f"{POSITIONS[right].value})",
                    {"left": POSITIONS[left].value, "right": POSITIONS[right].value},
                )
    if phase == ACTION and "escape" not in state.limits.used:
        for name in me.front:
            guardian = me.guardian(name)
            if (
                guardian.leaving is None
                and guardian.injured
                and not guardian.used_ability
                and not guardian.statuses.has(FROZEN)
            ):
                listing.add("escape", f"{name} escapes", {"guardian": name})
    if phase == END and len(state.entered) > 1:
        listing.add(
            "order_emergence",
            "Order the emergence abilities of " + ", ".join(state.entered),
            {"order": list(state.entered)},
            {"order": Order(tuple(state.entered))},
        )


def _abilities(state: AzrahState, listing: _Listing) -> None:
    """A front-row ally that is not leaving activates an ability: a normal one on its own
    Action phase, a quick one at any time."""
    me = state.players[listing.seat]
    normal = listing.seat == state.active and state.clock.phase.name == ACTION
    for name in me.front:
        guardian = me.guardian(name)
        if guardian.leaving is not None:
            continue
        payload: dict[str, JSON] = {"guardian": name, "mana": 0, "gems": 0}
        choices: dict[str, Choice] = {
            "mana": Amount(0, guardian.mana),
            "gems": Amount(0, me.gems.value),
        }
        if normal:
            listing.add("use_ability", f"{name} uses an ability", payload, choices)
        listing.add(
            "use_ability", f"{name} uses a quick ability", {**payload, "quick": True}, choices
        )


def _leaving(state: AzrahState, listing: _Listing) -> None:
    """Swapping out an escaping or defeated ally (C.1, R51)."""
    me = state.players[listing.seat]
    in_end = listing.seat == state.active and state.clock.phase.name == END
    if in_end and state.end_swaps >= 2:
        return
    ready = tuple(n for n in me.back if not me.guardian(n).defeated_this_turn)
    if not ready:
        return
    for name in me.front:
        leaving = me.guardian(name).leaving
        if leaving is None or (leaving == VOLUNTARY and not in_end):
            continue
        listing.add(
            "swap",
            f"Swap {name} with a back-row ally",
            {"guardian": name, "replacement": ready[0]},
            {"replacement": OneOf(ready)},
        )


def _effects(state: AzrahState, seat: int, target: int, listing: _Listing) -> None:
    """What an ability's effect may do to ``target``'s Guardians that ``seat`` may target:
    all of its own, the opponent's front row."""
    player = state.players[target]
    names = (*player.front, *player.back) if seat == target else player.front
    for name in names:
        guardian = player.guardian(name)
        whose = _whose(player, name, seat == target)
        at: dict[str, JSON] = {"seat": target, "guardian": name}
        if name in player.front and guardian.leaving is None:
            listing.add("escape", f"Force {whose} to escape", {**at, "forced": True})
        if not guardian.statuses.has(IMMUNE) and guardian.leaving != DEFEATED:
            listing.add(
                "deal_damage",
                f"Deal damage to {whose}",
                {**at, "amount": 1},
                {"amount": Amount(1, MAX_AMOUNT)},
            )
        if guardian.injured:
            listing.add(
                "heal", f"Heal {whose}", {**at, "amount": 1}, {"amount": Amount(1, MAX_AMOUNT)}
            )
        if name in player.front:
            _front_effects(listing, at, whose)
        _cards_and_statuses(listing, at, whose, guardian)


def _front_effects(listing: _Listing, at: dict[str, JSON], whose: str) -> None:
    listing.add(
        "transform",
        f"Transform {whose}",
        {**at, "transformation": PLACEHOLDERS["transform"], "hit_points": 1},
        {"hit_points": Amount(1, MAX_HIT_POINTS)},
    )
    listing.add(
        "attach_curse",
        f"Attach a Curse to {whose}",
        {**at, "card": PLACEHOLDERS["attach_curse"]},
    )
    listing.add(
        "attach_item", f"Attach an Item to {whose}", {**at, "card": PLACEHOLDERS["attach_item"]}
    )


def _cards_and_statuses(
    listing: _Listing, at: dict[str, JSON], whose: str, guardian: GuardianState
) -> None:
    cards = (*guardian.curses, *guardian.items)
    if cards:
        listing.add(
            "detach",
            f"Return a card from {whose}",
            {**at, "card": cards[0]},
            {"card": OneOf(tuple(dict.fromkeys(cards)))},
        )
    statuses = OneOf(STATUSES)
    listing.add(
        "apply_status",
        f"Make {whose} Frozen or Immune for some turns",
        {**at, "status": STATUSES[0], "turns": 1},
        {"status": statuses, "turns": Amount(1, MAX_TURNS)},
    )
    listing.add(
        "apply_status",
        f"Make {whose} Frozen or Immune until removed",
        {**at, "status": STATUSES[0], "turns": None},
        {"status": statuses},
    )
    present = tuple(s.name for s in guardian.statuses.items)
    if present:
        listing.add(
            "remove_status",
            f"End a status on {whose}",
            {**at, "status": present[0]},
            {"status": OneOf(present)},
        )


def _whose(player: PlayerState, name: str, own: bool) -> str:
    return name if own else f"{player.name}'s {name}"


def _end_phase(state: AzrahState, listing: _Listing) -> None:
    """Ending the phase is listed when the engine would accept it (its conditions are the
    engine's own: Mana attached, escaping allies swapped, emergence ordered)."""
    from referee.rules.azrah.tracker import AZRAH

    phase = state.clock.phase.name
    try:
        AZRAH.apply(state, Action(0, "end_phase", listing.seat))
    except IllegalAction:
        return
    label = "End the turn" if phase == END else f"End the {phase} phase"
    listing.add("end_phase", label, {})
