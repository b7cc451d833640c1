"""What a seat may do now in AZRAH, listed as python-chess lists legal moves.

Each entry's payload applies as it stands, and so does any combination of the values its
choices allow. Entries are enumerated where fields depend on each other (one per target
Guardian, each with its own amount). A seat is offered only what it may see: its own
Guardians, and the opponent's front row (an enemy in the back row cannot be targeted,
Frequently Asked Questions; a face-down one cannot even be named, R53). For the table's
shared device (``table``) nothing names a face-down card: a swap offers back-row places (R111).

Names of cards the tracker does not know (a Transformation, a Curse, an Item) are free text;
the listed payload carries a placeholder, and the choice (`Text`) lets the player type the name.

Each entry says which piece of the board it concerns (``at``), as the seat's view shows it:
``guardian:<seat>:<name>`` for an action on one Guardian (its controller's seat, whoever acts),
``side:<seat>`` for a player's own turn steps that concern no single Guardian (moving two
allies), and nothing for the game as a whole (ending the phase, ordering emergence). Codes in
a payload (a status, a position) are given in words in ``names``.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.rules.azrah.actions import MAX_AMOUNT, MAX_TURNS, RECOVERY_MANA, apply
from referee.rules.azrah.setup import MAX_HIT_POINTS, MAX_NAME
from referee.rules.azrah.state import (
    ACTION,
    DEFEATED,
    EMERGE,
    END,
    FORCED,
    FROZEN,
    IMMUNE,
    POSITIONS,
    RECOVERY,
    RESOLVE,
    RESPOND,
    STATUSES,
    SWAP,
    VOLUNTARY,
    AzrahState,
    GuardianState,
    PlayerState,
    card_of,
    end_emergences,
    pending_emerging,
    reachable,
    ready,
    waiting,
)
from referee.rules.azrah.words import CAUSES
from referee.rules.tracker import (
    JSON,
    Action,
    Amount,
    Choice,
    IllegalAction,
    LegalAction,
    Listing,
    OneOf,
    Order,
    SomeOf,
    Text,
)

STATUS_NAMES = {FROZEN: "Frozen", IMMUNE: "Immune"}
POSITION_NAMES = {p.value: p.value.capitalize() for p in POSITIONS}
OUTSIDE_WORDS = "card effect or correction"
CAUSE_CHOICE = OneOf(tuple(CAUSES))
CAUSE_NAMES = {"card": "Attached card", "correction": "Correction"}  # short: a phone's menu
PLACEHOLDERS = {
    "transform": "Transformation",
    "attach_curse": "Curse",
    "attach_item": "Item",
}


def guardian_at(seat: int, name: str) -> str:
    """The board's piece for ``seat``'s Guardian called ``name``."""
    return f"guardian:{seat}:{name}"


def side_at(seat: int) -> str:
    """The board's piece for ``seat``'s half of the table (its turn steps)."""
    return f"side:{seat}"


def legal_actions(state: AzrahState, seat: int, table: bool = False) -> tuple[LegalAction, ...]:
    """What ``seat`` may do now; ``table``: what the table's shared device may do for it,
    nothing that names a face-down Guardian (R53, R111)."""
    if state.outcome.over or seat not in (0, 1):
        return ()
    # on the table's shared device (``table``) nothing may name a face-down Guardian (R53): a
    # swap picks the entering card by its back-row place (R111)
    listing = Listing(seat, table)
    wait = waiting(state)
    if wait is not None:
        if wait[0] == seat:
            _awaited(state, wait[1], wait[2], listing)
        return listing.actions()
    if seat == state.active:
        _turn(state, listing)
        _emergences(state, listing)
    _abilities(state, listing)
    _leaving(state, listing)
    for target in (0, 1):
        _outside(state, seat, target, listing)
    if seat == state.active:
        _end_phase(state, listing)
    return listing.actions()


def _awaited(state: AzrahState, kind: str, name: str, listing: Listing) -> None:
    """What the seat play waits for may do: swap out its defeated or forced-out ally
    (R101), answer the newest ability or decline, resolve it, or activate an emergence."""
    seat = listing.seat
    if kind == SWAP:
        _leaving(state, listing)
    elif kind == RESPOND:
        _abilities(state, listing, quick_only=True)
        top = state.stack[-1]
        what = "ability" if top.ability == "an ability" else top.ability
        listing.add(
            "no_response",
            f"No response to {top.guardian}'s {what}",
            {},
            at="stack",
        )
    elif kind == RESOLVE:
        _resolutions(state, listing)
    elif kind == EMERGE:
        for owner, entrant in dict.fromkeys(pending_emerging(state)):
            if owner == seat:
                _emergence(state, seat, entrant, listing)


def _emergences(state: AzrahState, listing: Listing) -> None:
    pending = end_emergences(state)
    if pending:
        _emergence(state, listing.seat, pending[0], listing)


def _emergence(state: AzrahState, seat: int, name: str, listing: Listing) -> None:
    player = state.players[seat]
    card = card_of(state, seat, player.guardian(name))
    if card is None or card.emergence is None:
        return
    payload: dict[str, JSON] = {"guardian": name}
    choices: dict[str, Choice] = {}
    in_reach = reachable(state, seat, name)
    if card.emergence.target_enemy and in_reach:
        payload["targets"] = [in_reach[0]]
        choices["targets"] = SomeOf(in_reach, 1, min(card.emergence.targets, len(in_reach)))
    cost = _cost_words(card.emergence.mana, card.emergence.gems)
    listing.add(
        "emerge",
        f"{name}: {card.emergence.name} (emergence{', ' + cost if cost else ''})",
        payload,
        choices,
        at=guardian_at(seat, name),
    )


def _cost_words(mana: int, gems: int) -> str:
    """A printed cost in words ("1 Mana, 2 Gems"), empty when it costs nothing."""
    parts = [f"{mana} Mana"] if mana else []
    if gems:
        parts.append(f"{gems} Gem{'s' if gems > 1 else ''}")
    return ", ".join(parts)


def _resolutions(state: AzrahState, listing: Listing) -> None:
    """The newest ability resolves: with nothing to record, or with one effect its text
    applies, each listed on its own with its fields flat, worded what first ("damage to
    Ben's Bard", "Frozen on Bard for some turns"), so a phone's narrow menu shows it. A
    resolution applies several at once in ``effects``: any of these, each as listed (the
    board's resolve panel gathers them, R110)."""
    top = state.stack[-1]
    seat = listing.seat
    ability = f"{top.guardian}'s ability" if top.ability == "an ability" else top.ability
    listing.add("resolve", f"Resolve {ability}, nothing to record", {"effects": []}, at="stack")
    for target in (0, 1):
        player = state.players[target]
        names = _reachable_names(player, target == seat, listing.table)
        for name in names:
            if target != seat and top.target_enemy and name not in top.targets:
                continue
            guardian = player.guardian(name)
            whose = _whose(player, name, target == seat)
            on = _GuardianEntries(listing, {"seat": target, "guardian": name}, "stack", whose)
            # an ally in the back row too: its controller's own effects reach it (R107)
            if not guardian.statuses.has(IMMUNE) and guardian.leaving != DEFEATED:
                _flat(
                    on,
                    ability,
                    "deal_damage",
                    f"damage to {whose}",
                    {"amount": 1},
                    {"amount": Amount(1, MAX_AMOUNT)},
                )
            if name in player.front and guardian.leaving is None:
                _flat(on, ability, "escape", f"force {whose} to escape", {}, {})
            if target == seat and name in player.front and player.mana_pool.value >= 1:
                _flat(
                    on,
                    ability,
                    "attach_mana",
                    f"attach Mana to {whose}",
                    {"amount": 1},
                    {"amount": Amount(1, player.mana_pool.value)},
                )
            if guardian.injured:
                _flat(
                    on,
                    ability,
                    "heal",
                    f"heal {whose}",
                    {"amount": 1},
                    {"amount": Amount(1, MAX_AMOUNT)},
                )
            for status in STATUSES:
                word = STATUS_NAMES[status]
                _flat(
                    on,
                    ability,
                    "apply_status",
                    f"{word} on {whose} for some turns",
                    {"status": status, "turns": 1},
                    {"turns": Amount(1, MAX_TURNS)},
                    {status: word},
                )


def _flat(
    on: _GuardianEntries,
    ability: str,
    effect: str,
    words: str,
    payload: Mapping[str, JSON],
    choices: Mapping[str, Choice],
    names: Mapping[str, str] | None = None,
) -> None:
    """A resolution recording one effect, its fields given flat (``effect`` names it)."""
    on.listing.add(
        "resolve",
        f"Resolve {ability}: {words}",
        {"effect": effect, **on.payload, **payload},
        choices,
        at=on.at,
        names=names,
    )


def _turn(state: AzrahState, listing: Listing) -> None:
    """The active player's own steps: Mana (A.2 or an effect), moving, escaping, ordering."""
    seat = listing.seat
    me = state.players[seat]
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
                    at=guardian_at(seat, name),
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
                    at=side_at(seat),
                    names=POSITION_NAMES,
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
                listing.add(
                    "escape", f"{name} escapes", {"guardian": name}, at=guardian_at(seat, name)
                )
    if phase == END and len(state.entered) > 1:
        listing.add(
            "order_emergence",
            "Order the emergence abilities of " + ", ".join(state.entered),
            {"order": list(state.entered)},
            {"order": Order(tuple(state.entered))},
            at="",
        )


def _abilities(state: AzrahState, listing: Listing, quick_only: bool = False) -> None:
    """A front-row ally that is not leaving activates an ability its card prints, at the
    printed cost it can pay: any of them in its own Action phase with nothing to answer, a
    quick one in answer to an enemy's ability (R105). A "target enemy" ability is listed
    only when a range arrow points to a front-row enemy, and offers only those, as many as
    its card's number of targets (R100, R112). In
    a game stored before setups carried cards, a Guardian without one gives the name and
    cost itself (R114)."""
    seat = listing.seat
    me = state.players[seat]
    if not quick_only and not (seat == state.active and state.clock.phase.name == ACTION):
        return
    for name in me.front:
        guardian = me.guardian(name)
        if guardian.leaving is not None:
            continue
        at = guardian_at(seat, name)
        card = card_of(state, seat, guardian)
        if card is None:
            payload: dict[str, JSON] = {"guardian": name, "mana": 0, "gems": 0}
            choices: dict[str, Choice] = {
                "mana": Amount(0, guardian.mana),
                "gems": Amount(0, me.gems.value),
            }
            if not quick_only:
                listing.add("use_ability", f"{name} uses an ability", payload, choices, at=at)
            listing.add(
                "use_ability",
                f"{name} uses a quick ability",
                {**payload, "quick": True},
                choices,
                at=at,
            )
            continue
        in_reach = reachable(state, seat, name)
        for ability in card.abilities:
            if quick_only and not ability.quick:
                continue
            if ability.mana > guardian.mana or ability.gems > me.gems.value:
                continue
            payload = {"guardian": name, "ability": ability.name}
            choices = {}
            if ability.target_enemy:
                if not in_reach:
                    continue
                payload["targets"] = [in_reach[0]]
                choices["targets"] = SomeOf(in_reach, 1, min(ability.targets, len(in_reach)))
            listing.add("use_ability", f"{name}: {ability.name}", payload, choices, at=at)


def _leaving(state: AzrahState, listing: Listing) -> None:
    """Swapping out an escaping or defeated ally (C.1, R101)."""
    seat = listing.seat
    me = state.players[seat]
    in_end = seat == state.active and state.clock.phase.name == END
    closed = state.end_swaps >= 2 or bool(state.emerged) or bool(state.emergence_order)
    awaited = waiting(state)
    can_enter = ready(state, seat)
    if not can_enter:
        return
    for name in me.front:
        leaving = me.guardian(name).leaving
        if leaving is None:
            continue
        if leaving == VOLUNTARY and (not in_end or closed):
            continue
        if leaving in (FORCED, DEFEATED) and (awaited is None or awaited[0] != seat):
            continue
        if listing.table:
            places = tuple(i for i, n in enumerate(me.back, start=1) if n in can_enter)
            listing.add(
                "swap",
                f"Swap {name} with a back-row card",
                {"guardian": name, "place": places[0]},
                {"place": OneOf(places)},
                at=guardian_at(seat, name),
                names={str(i): _place_name(me, i) for i in places},
            )
            continue
        listing.add(
            "swap",
            f"Swap {name} with a back-row ally",
            {"guardian": name, "replacement": can_enter[0]},
            {"replacement": OneOf(can_enter)},
            at=guardian_at(seat, name),
        )


def _reachable_names(player: PlayerState, own: bool, table: bool) -> tuple[str, ...]:
    """The Guardians of ``player`` an effect may name: the front row; the back row too
    when they are the lister's own, but on the table's device only the face-up ones (R53)."""
    if not own:
        return player.front
    back = tuple(n for n in player.back if not table or player.guardian(n).revealed)
    return (*player.front, *back)


def _place_name(player: PlayerState, place: int) -> str:
    """A back-row place in words as the table may read it: the face-up card's name, else
    only where the face-down card lies (R111)."""
    name = player.back[place - 1]
    if player.guardian(name).revealed:
        return f"{name} (card {place})"
    return f"Card {place}"


def _outside(state: AzrahState, seat: int, target: int, listing: Listing) -> None:
    """What may be recorded outside an ability's resolution on ``target``'s Guardians that
    ``seat`` may name (all of its own, the opponent's front row): an attached Curse's or
    Item's own effect, which the app does not model, or a correction. Each entry says so,
    and its payload records which (``cause``); an ability's effects are recorded by
    resolving it (R110, R115)."""
    player = state.players[target]
    for name in _reachable_names(player, seat == target, listing.table):
        guardian = player.guardian(name)
        whose = _whose(player, name, seat == target)
        at = guardian_at(target, name)
        on = _GuardianEntries(listing, {"seat": target, "guardian": name}, at, whose, outside=True)
        pool = player.mana_pool.value
        if seat == target and name in player.front and pool >= 1:
            _GuardianEntries(listing, {"guardian": name}, at, whose, outside=True).add(
                "attach_mana",
                f"Attach Mana to {whose}",
                {"amount": 1, "effect": True},
                {"amount": Amount(1, pool)},
            )
        if name in player.front and guardian.leaving is None:
            on.add("escape", f"Force {whose} to escape", {"forced": True})
        if not guardian.statuses.has(IMMUNE) and guardian.leaving != DEFEATED:
            on.add(
                "deal_damage",
                f"Deal damage to {whose}",
                {"amount": 1},
                {"amount": Amount(1, MAX_AMOUNT)},
            )
        if guardian.injured:
            on.add("heal", f"Heal {whose}", {"amount": 1}, {"amount": Amount(1, MAX_AMOUNT)})
        if name in player.front:
            _front_effects(state, on, seat == target)
        _cards_and_statuses(on, guardian)


class _GuardianEntries:
    """Entries that concern one Guardian: its seat and name in every payload, its piece of
    the board as ``at``."""

    def __init__(
        self,
        listing: Listing,
        payload: Mapping[str, JSON],
        at: str,
        whose: str,
        outside: bool = False,
    ) -> None:
        self.listing = listing
        self.payload = payload
        self.at = at
        self.whose = whose
        self.outside = outside  # recorded outside a resolution: it says why (R115)

    def add(
        self,
        type_: str,
        label: str,
        payload: Mapping[str, JSON],
        choices: Mapping[str, Choice] | None = None,
        names: Mapping[str, str] | None = None,
    ) -> None:
        if self.outside:
            label = f"{label} ({OUTSIDE_WORDS})"
            payload = {**payload, "cause": CAUSE_CHOICE.values[0]}
            choices = {**(choices or {}), "cause": CAUSE_CHOICE}
            names = {**(names or {}), **CAUSE_NAMES}
        self.listing.add(
            type_, label, {**self.payload, **payload}, choices, at=self.at, names=names
        )


def _front_effects(state: AzrahState, on: _GuardianEntries, own: bool) -> None:
    """Transforming an ally (never an enemy: Transformations, Curses and Items) into one of
    the Transformations tied to it, or, when the setup has none, one the table names;
    attaching a Curse or an Item."""
    whose = on.whose
    base = on.payload["guardian"]
    tied = tuple(c.name for c in state.transformations if c.base_form == base)
    if own and tied:
        on.add(
            "transform",
            f"Transform {whose}",
            {"transformation": tied[0]},
            {"transformation": OneOf(tied)},
        )
    elif own:
        on.add(
            "transform",
            f"Transform {whose}",
            {"transformation": PLACEHOLDERS["transform"], "hit_points": 1},
            {"transformation": Text(MAX_NAME), "hit_points": Amount(1, MAX_HIT_POINTS)},
        )
    on.add(
        "attach_curse",
        f"Attach a Curse to {whose}",
        {"card": PLACEHOLDERS["attach_curse"]},
        {"card": Text(MAX_NAME)},
    )
    on.add(
        "attach_item",
        f"Attach an Item to {whose}",
        {"card": PLACEHOLDERS["attach_item"]},
        {"card": Text(MAX_NAME)},
    )


def _cards_and_statuses(on: _GuardianEntries, guardian: GuardianState) -> None:
    """Returning a card, and each status (Important Keywords) put on until removed (one
    tap), for some turns, or taken off when it is there."""
    whose = on.whose
    cards = (*guardian.curses, *guardian.items)
    if cards:
        on.add(
            "detach",
            f"Return a card from {whose}",
            {"card": cards[0]},
            {"card": OneOf(tuple(dict.fromkeys(cards)))},
        )
    for status in STATUSES:
        word = STATUS_NAMES[status]
        names = {status: word}
        on.add(
            "apply_status", f"Make {whose} {word}", {"status": status, "turns": None}, None, names
        )
        on.add(
            "apply_status",
            f"Make {whose} {word} for some turns",
            {"status": status, "turns": 1},
            {"turns": Amount(1, MAX_TURNS)},
            names,
        )
        if guardian.statuses.has(status):
            on.add("remove_status", f"Remove {word} from {whose}", {"status": status}, None, names)


def _whose(player: PlayerState, name: str, own: bool) -> str:
    return name if own else f"{player.name}'s {name}"


def _end_phase(state: AzrahState, listing: Listing) -> None:
    """Ending the phase is listed when the engine would accept it (its conditions are the
    engine's own: Mana attached, escaping allies swapped, emergence ordered)."""
    phase = state.clock.phase.name
    try:
        apply(state, Action(0, "end_phase", listing.seat))
    except IllegalAction:
        return
    label = "End the turn" if phase == END else f"End the {phase} phase"
    listing.add("end_phase", label, {}, at="")
