"""Applying each AZRAH action to a state, and refusing, with the rule that says why, what
the rules do not allow.

Sections cited are the rulebook's headings: Game Setup, Mana and Celestial Gems, Dealing
Damage and Defeating Enemies, Moving and Escaping, Transformations Curses and Items,
Anatomy of a Turn (A Recovery, B Action, C End) and Important Keywords.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from referee.rules.azrah.cards import Guardian, GuardianAbility
from referee.rules.azrah.roster import BACK_ROW, FRONT_ROW
from referee.rules.azrah.setup import MAX_HIT_POINTS, AzrahSetup, SeatSetup
from referee.rules.azrah.state import (
    ACTION,
    DEFEATED,
    EMERGE,
    END,
    FORCED,
    FROZEN,
    IMMUNE,
    PHASES,
    POSITIONS,
    RECOVERY,
    RESOLVE,
    RESPOND,
    STATUSES,
    SWAP,
    VOLUNTARY,
    Activation,
    AzrahState,
    GuardianState,
    PlayerState,
    can_pay_emergence,
    card_of,
    end_emergences,
    end_swaps_open,
    face_up,
    pending_emerging,
    reachable,
    ready,
    waiting,
)
from referee.rules.azrah.words import CAUSES, wait_words
from referee.rules.tracker import JSON, Action, Clock, IllegalAction, payload_value

MAX_AMOUNT = 99  # damage or healing at once
MAX_TURNS = 99  # a counted status
RECOVERY_MANA = 2
# what an ability's effect may do, recorded as part of resolving it
EFFECT_TYPES = (
    "deal_damage",
    "heal",
    "attach_mana",
    "attach_curse",
    "attach_item",
    "detach",
    "apply_status",
    "remove_status",
    "escape",
    "transform",
)
MAX_EFFECTS = 20
# the effects that may also be recorded outside a resolution, with a cause (R115)
OUTSIDE_TYPES = (*(t for t in EFFECT_TYPES if t not in ("attach_mana", "escape")),)


Handler = Callable[[AzrahState, Action], AzrahState]


def initial_state(setup: AzrahSetup) -> AzrahState:
    """Health 3 each, the first player given (Game Setup); turn 1 begins."""
    if setup.first_player not in (0, 1):
        raise IllegalAction("The first player is seat 0 or seat 1.", "first_player")
    players = (_starting_player(setup.players[0], 0), _starting_player(setup.players[1], 1))
    clock = Clock(PHASES, seats=2, first_seat=setup.first_player)
    return _begin_turn(AzrahState(players, clock, transformations=setup.transformations))


def apply(state: AzrahState, action: Action) -> AzrahState:
    """The state after ``action``, or IllegalAction saying why it is refused."""
    if state.outcome.over:
        raise IllegalAction(
            f"The game is over: {state.players[state.outcome.winner or 0].name} won.",
            "type",
        )
    if action.by is not None and action.by not in (0, 1):
        raise IllegalAction("Only seats 0 and 1 play AZRAH.", "by")
    handler = _HANDLERS.get(action.type)
    if handler is None:
        raise IllegalAction(f"AZRAH has no action called {action.type!r}.", "type")
    _refuse_unawaited(state, action)
    _check_cause(action)
    return _pass_over(handler(state, action))


def commutes(seen: AzrahState, recorded: Action, pending: Action) -> bool:
    """Two of the active player's End-phase swaps are made together (C.1, R116): sent
    from two devices (the seat's tablet naming the entering card, the table's device
    giving its back-row place, R111) against ``seen``, each is recorded whatever the
    other did when they send out different Guardians and bring in cards from different
    places. Only while ``seen`` has made none of the phase's two, nothing waits but a
    swap, and the player's health is above two: two entering Guardians defeated at once
    (R102) could then end the game in one order and not the other.

    Decided from the public part of ``seen``: the front row, who is leaving, the places
    given; a named entering card counts by the place it lies in, which its sender, the
    seat, knows, and which is public once that swap is recorded (the card is face up,
    the Guardian it replaced lies there). A name sent by anyone else for a face-down
    card never commutes, whatever the back row holds, so the answer tells them
    nothing."""
    if recorded.type != "swap" or pending.type != "swap":
        return False
    seat = seen.active
    if not end_swaps_open(seen) or seen.end_swaps != 0 or seen.stack:
        return False
    wait = waiting(seen)
    if wait is not None and (wait[0], wait[1]) != (seat, SWAP):
        return False
    if seen.players[seat].health.value <= 2:
        return False
    first = _swap_touches(seen, seat, recorded, recorded=True)
    second = _swap_touches(seen, seat, pending, recorded=False)
    if first is None or second is None:
        return False
    return first[0] != second[0] and first[1] != second[1]


def _swap_touches(
    seen: AzrahState, seat: int, action: Action, recorded: bool
) -> tuple[str, int] | None:
    """The Guardian an End-phase swap of ``seat``'s sends out and the back-row place of the
    card it brings in (1 or 2), as public knowledge gives them; None when it is not such a
    swap or the place is not known publicly (``commutes``)."""
    payload = action.payload
    player = seen.players[seat]
    name = payload.get("guardian")
    if action.by not in (seat, None) or not isinstance(name, str) or name not in player.front:
        return None
    if player.guardian(name).leaving is None or ("place" in payload) == ("replacement" in payload):
        return None
    place = payload.get("place")
    if "replacement" in payload:
        entering = payload.get("replacement")
        if not isinstance(entering, str) or entering not in player.back:
            return None
        known = recorded or action.by == seat or player.guardian(entering).revealed
        place = player.back.index(entering) + 1 if known else None
    if not isinstance(place, int) or isinstance(place, bool) or not 1 <= place <= len(player.back):
        return None
    return name, place


def _amount(payload: Mapping[str, JSON], default: Any = ...) -> int:
    amount: int = payload_value(payload, "amount", int, default)
    if not 1 <= amount <= MAX_AMOUNT:
        raise IllegalAction(
            f"The amount must be at least 1 and at most {MAX_AMOUNT}.", "payload.amount"
        )
    return amount


def _concerned_seat(state: AzrahState, action: Action, payload_seat: bool) -> int:
    """The player whose Guardian the action concerns: ``payload.seat`` for effects that
    may touch either side, else the acting seat (or the active player for the host)."""
    if payload_seat and "seat" in action.payload:
        seat: int = payload_value(action.payload, "seat", int)
    else:
        seat = state.active if action.by is None else action.by
    if seat not in (0, 1):
        raise IllegalAction("A seat is 0 or 1.", "payload.seat")
    return seat


def _require_active(state: AzrahState, action: Action, what: str) -> None:
    if action.by is not None and action.by != state.active:
        raise IllegalAction(
            f"Only {state.players[state.active].name}, the active player, can {what} "
            "(Anatomy of a Turn).",
            "by",
        )


def _require_phase(state: AzrahState, phase: str, what: str) -> None:
    if state.clock.phase.name != phase:
        raise IllegalAction(
            f"You can {what} only in the {phase} phase; it is the "
            f"{state.clock.phase.name} phase (Anatomy of a Turn).",
            "type",
        )


def _named(
    state: AzrahState, seat: int, name: str, by: int | None, field: str = "payload.guardian"
) -> GuardianState:
    """``seat``'s Guardian called ``name``, as ``by`` may name it: to anyone but its
    controller (the host without a seat included) a face-down Guardian is refused exactly
    as a name nobody has, so a refusal never confirms a secret (R53)."""
    player = state.players[seat]
    if by != seat and not face_up(player, name):
        raise IllegalAction(f"{player.name} has no face-up Guardian by that name.", field)
    for guardian in player.guardians:
        if guardian.name == name:
            return guardian
    raise IllegalAction(f"{player.name} has no Guardian called {name!r}.", field)


def _front_guardian(
    state: AzrahState, seat: int, name: str, by: int | None, what: str
) -> GuardianState:
    player = state.players[seat]
    guardian = _named(state, seat, name, by)
    if not player.in_front(name):
        raise IllegalAction(
            f"{name} is in {player.name}'s back row: only front-row Guardians can {what}.",
            "payload.guardian",
        )
    return guardian


def _starting_player(seat: SeatSetup, index: int) -> PlayerState:
    names = (*seat.front, *seat.back)
    if len(seat.front) != FRONT_ROW or len(seat.back) != BACK_ROW:
        raise IllegalAction(
            f"{seat.name}'s party needs {FRONT_ROW} front and {BACK_ROW} back Guardians "
            "(Game Setup, R46).",
            f"players.{index}",
        )
    if len(set(names)) != len(names):
        raise IllegalAction(
            f"{seat.name}'s party names a Guardian twice (Game Setup, R46).", f"players.{index}"
        )
    guardians = []
    for name in names:
        hit_points = seat.hit_points.get(name)
        if not isinstance(hit_points, int) or hit_points < 1:
            raise IllegalAction(
                f"{seat.name}'s {name} needs its total hit points (at least 1).",
                f"players.{index}.hit_points",
            )
        guardians.append(GuardianState(name, hit_points, revealed=name in seat.front))
    return PlayerState(seat.name, seat.front, seat.back, tuple(guardians), cards=seat.cards)


def _set_player(state: AzrahState, seat: int, player: PlayerState) -> AzrahState:
    players = (player, state.players[1]) if seat == 0 else (state.players[0], player)
    return replace(state, players=players)


def _begin_turn(state: AzrahState) -> AzrahState:
    """Recovery steps the app does itself: heal 1 on each back-row ally (A.1) and gain a
    Celestial Gem, skipped on the game's first turn (A.3, Z1) and lost at three (Z2)."""
    player = state.players[state.active]
    for name in player.back:
        guardian = player.guardian(name)
        player = player.with_guardian(replace(guardian, damage=max(0, guardian.damage - 1)))
    if state.clock.turn > 1:
        player = replace(player, gems=player.gems.add(1))
    return _set_player(state, state.active, player)


def _attach_mana(state: AzrahState, action: Action) -> AzrahState:
    """Mana is attached to front-row allies: two in the Recovery phase (A.2), more only by
    an ability's effect (Mana and Celestial Gems)."""
    amount = _amount(action.payload, 1)
    effect: bool = payload_value(action.payload, "effect", bool, False)
    if not effect:
        _require_active(state, action, "attach Mana")
    seat = state.active if action.by is None else action.by
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "hold Mana")
    recovery_mana = state.recovery_mana
    if not effect:
        _require_phase(state, RECOVERY, "attach Mana (unless an ability gives it)")
        if recovery_mana + amount > RECOVERY_MANA:
            raise IllegalAction(
                f"The Recovery phase attaches {RECOVERY_MANA} Mana; {recovery_mana} already "
                f"attached (Anatomy of a Turn A.2).",
                "payload.amount",
            )
        recovery_mana += amount
    if amount > player.mana_pool.value:
        raise IllegalAction(
            f"Not enough Mana cards in the resource pile: {amount} needed, "
            f"{player.mana_pool.value} held.",
            "payload.amount",
        )
    pool = player.mana_pool.spend(amount, "Mana cards in the resource pile")
    player = replace(player, mana_pool=pool).with_guardian(
        replace(guardian, mana=guardian.mana + amount)
    )
    return replace(_set_player(state, seat, player), recovery_mana=recovery_mana)


def _use_ability(state: AzrahState, action: Action) -> AzrahState:
    """An ally activates an ability its card prints, paying the printed cost from the Mana
    attached to it and the player's Gems; a "target enemy" ability announces front-row
    enemies its range arrows point to (Activating and Resolving Abilities, Range Arrows and
    Targeting Enemies, R100). With nothing to answer, only the active player activates, in
    the Action phase; an enemy's ability is answered only with a quick ability (R105). The
    ability goes on the stack and the opponent may answer it. An escaping ally cannot
    (Moving and Escaping). Only a game stored before setups carried cards has a Guardian
    without one; it replays with the name and cost the table gave (R114)."""
    wait = waiting(state)
    responding = wait is not None and wait[1] == RESPOND
    if responding and wait is not None and action.by is None:
        seat = wait[0]
    else:
        seat = state.active if action.by is None else action.by
    if not responding:
        _require_active(state, action, "activate an ability with nothing to answer")
        _require_phase(state, ACTION, "activate an ability with nothing to answer (R105)")
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "activate abilities")
    given_mana: int | None = payload_value(action.payload, "mana", int, None)
    given_gems: int | None = payload_value(action.payload, "gems", int, None)
    for cost, key in ((given_mana, "mana"), (given_gems, "gems")):
        if cost is not None and cost < 0:
            raise IllegalAction("A cost is never negative.", f"payload.{key}")
    quick: bool = payload_value(action.payload, "quick", bool, False)
    if guardian.leaving is not None:
        raise IllegalAction(
            f"{name} is escaping and cannot activate abilities (Moving and Escaping).",
            "payload.guardian",
        )
    card = card_of(state, seat, guardian)
    targets: tuple[str, ...] = ()
    target_enemy = False
    text = ""
    if card is not None:
        ability_name: str = payload_value(action.payload, "ability", str)
        ability = _ability_of(card, ability_name, emergence=False)
        if ability is None:
            printed = ", ".join(a.name for a in card.abilities) or "none"
            raise IllegalAction(
                f"{name} has no ability called {ability_name!r}; its card prints: {printed} "
                "(Anatomy of a Card).",
                "payload.ability",
            )
        for given, printed_cost, key, word in (
            (given_mana, ability.mana, "mana", "Mana"),
            (given_gems, ability.gems, "gems", "Celestial Gems"),
        ):
            if given is not None and given != printed_cost:
                raise IllegalAction(
                    f"{ability.name} costs {printed_cost} {word}, as its card prints, not "
                    f"{given} (Activating and Resolving Abilities).",
                    f"payload.{key}",
                )
        if quick and not ability.quick:
            raise IllegalAction(
                f"{ability.name} is not a quick ability (Activating and Resolving Abilities).",
                "payload.quick",
            )
        quick = ability.quick
        mana, gems = ability.mana, ability.gems
        targets = _announced(state, seat, name, ability, action.payload)
        target_enemy = ability.target_enemy
        text = ability.text
        shown = ability.name
    else:
        mana, gems = given_mana or 0, given_gems or 0
        raw_name = action.payload.get("ability")
        shown = raw_name if isinstance(raw_name, str) and raw_name.strip() else "an ability"
        if action.payload.get("targets"):
            raise IllegalAction(
                f"{name}'s card is not in this game's setup, so its range arrows are unknown.",
                "payload.targets",
            )
    if responding and not quick:
        raise IllegalAction(
            "Only a quick ability answers an enemy's ability (Activating and Resolving Abilities).",
            "payload.ability" if card is not None else "payload.quick",
        )
    if guardian.mana < mana:
        raise IllegalAction(
            f"{name} has {guardian.mana} Mana attached and the ability costs {mana}: only "
            "Mana attached to this Guardian can pay (Mana and Celestial Gems).",
            "payload.mana",
        )
    if gems > player.gems.value:
        raise IllegalAction(
            f"Not enough Celestial Gems: {gems} needed, {player.gems.value} held "
            "(Mana and Celestial Gems).",
            "payload.gems",
        )
    player = replace(
        player,
        gems=player.gems.spend(gems, "Celestial Gems"),
        mana_pool=player.mana_pool.add(mana),
    ).with_guardian(replace(guardian, mana=guardian.mana - mana, used_ability=True))
    state = _set_player(state, seat, player)
    activation = Activation(
        seat, name, shown, targets=targets, target_enemy=target_enemy, quick=quick, text=text
    )
    return replace(state, stack=(*state.stack, activation), responder=1 - seat)


def _move(state: AzrahState, action: Action) -> AzrahState:
    """Once per turn, two adjacent front-row allies change places; not a Frozen one
    (Anatomy of a Turn B.2, Important Keywords)."""
    _require_active(state, action, "move allies")
    _require_phase(state, ACTION, "move allies")
    left, right = (_position(action.payload, key) for key in ("left", "right"))
    if abs(left - right) != 1:
        raise IllegalAction(
            "Only two adjacent allies can move: left and centre, or centre and right "
            "(Moving and Escaping).",
            "payload.right",
        )
    player = state.players[state.active]
    for index in (left, right):
        if player.guardian(player.front[index]).statuses.has(FROZEN):
            raise IllegalAction(
                f"{player.front[index]} is Frozen and cannot move (Important Keywords).",
                "payload",
            )
    limits = state.limits.use(
        "move", "You have already moved two allies this turn (Anatomy of a Turn B.2)."
    )
    front = list(player.front)
    front[left], front[right] = front[right], front[left]
    player = replace(player, front=(front[0], front[1], front[2]))
    return replace(_set_player(state, state.active, player), limits=limits)


def _position(payload: Mapping[str, JSON], key: str) -> int:
    value = payload.get(key)
    for index, position in enumerate(POSITIONS):
        if value == position.value:
            return index
    raise IllegalAction(f"'{key}' must be left, centre or right.", f"payload.{key}")


def _escape(state: AzrahState, action: Action) -> AzrahState:
    """Once per turn an injured front-row ally that used no ability this turn escapes; a
    Frozen one cannot. An effect forces an escape at once, whatever stands in its way, and
    the Guardian loses its attached cards then (Moving and Escaping, FAQ)."""
    forced: bool = payload_value(action.payload, "forced", bool, False)
    seat = _concerned_seat(state, action, forced)
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "escape")
    if guardian.leaving is not None:
        raise IllegalAction(f"{name} is already escaping.", "payload.guardian")
    limits = state.limits
    if forced:
        player, _ = _strip(player, guardian)
        guardian = player.guardian(name)
        player = player.with_guardian(replace(guardian, leaving=FORCED))
        return replace(_set_player(state, seat, player), limits=limits)
    _require_active(state, action, "have an ally escape")
    _require_phase(state, ACTION, "have an ally escape")
    if not guardian.injured:
        raise IllegalAction(
            f"{name} is uninjured: only an injured ally can escape (Moving and Escaping).",
            "payload.guardian",
        )
    if guardian.used_ability:
        raise IllegalAction(
            f"{name} used an ability this turn and cannot escape too (Moving and Escaping).",
            "payload.guardian",
        )
    if guardian.statuses.has(FROZEN):
        raise IllegalAction(
            f"{name} is Frozen and cannot escape (Important Keywords).", "payload.guardian"
        )
    limits = limits.use("escape", "An ally has already escaped this turn (Anatomy of a Turn B.3).")
    player = player.with_guardian(replace(guardian, leaving=VOLUNTARY))
    return replace(_set_player(state, seat, player), limits=limits)


def _strip(player: PlayerState, guardian: GuardianState) -> tuple[PlayerState, int]:
    """Attached Mana back to the pile; Curses, Items and Transformation back to the shared
    pile (Transformations, Curses and Items)."""
    returned = guardian.mana
    player = replace(player, mana_pool=player.mana_pool.add(returned))
    return player.with_guardian(guardian.stripped()), returned


def _swap(state: AzrahState, action: Action) -> AzrahState:
    """An escaping or defeated front-row Guardian changes places with a back-row one. One
    defeated or forced to escape leaves at once, before anything else is done (R101); one
    that chose to escape waits for the End phase, where the active player swaps up to two,
    all at the same time, so none that left this End phase comes back in it (C.1). A
    Guardian defeated this turn cannot re-enter (Dealing Damage and Defeating Enemies). An
    entering Guardian with damage at or above its hit points is defeated at once (R102)."""
    wait = waiting(state)
    if action.by is None and wait is not None and wait[1] == SWAP:
        seat = wait[0]
    else:
        seat = _concerned_seat(state, action, False)
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "be swapped out")
    if guardian.leaving is None:
        raise IllegalAction(
            f"{name} is neither escaping nor defeated, so it stays (Anatomy of a Turn C.1).",
            "payload.guardian",
        )
    replacement_name = _entering(player, action.payload)
    if "replacement" in action.payload and action.by != seat:
        _named(state, seat, replacement_name, action.by, "payload.replacement")
    if replacement_name not in player.back:
        raise IllegalAction(
            f"{replacement_name} is not in {player.name}'s back row.", "payload.replacement"
        )
    replacement = player.guardian(replacement_name)
    if replacement.defeated_this_turn:
        raise IllegalAction(
            f"{replacement_name} was defeated this turn and cannot re-enter the front row "
            "until a later turn (Dealing Damage and Defeating Enemies).",
            "payload.replacement",
        )
    in_end = seat == state.active and state.clock.phase.name == END
    if in_end and replacement_name in state.left_end:
        raise IllegalAction(
            f"{replacement_name} left the front row in this End phase: its swaps are made "
            "at the same time, so it cannot come back in them (Anatomy of a Turn C.1, R101).",
            "payload.replacement",
        )
    end_swaps = state.end_swaps
    at_once = guardian.leaving in (FORCED, DEFEATED)
    end_open = in_end and not state.emerged and not state.emergence_order
    if not at_once:
        if not in_end:
            raise IllegalAction(
                f"{name} escapes at the end of the turn: swap it in the End phase "
                "(Moving and Escaping).",
                "type",
            )
        if end_swaps >= 2:
            raise IllegalAction(
                "Up to two allies are swapped in the End phase (Anatomy of a Turn C.1).",
                "payload.guardian",
            )
        if not end_open:
            raise IllegalAction(
                "The End phase's swaps are made together, before any emergence ability "
                "(Anatomy of a Turn C.1, C.2).",
                "type",
            )
    counted = end_open and end_swaps < 2  # one of the End phase's simultaneous swaps (C.1)
    if counted:
        end_swaps += 1
    player, _ = _strip(player, guardian)
    leaving = replace(player.guardian(name), leaving=None)
    entering = replace(replacement, revealed=True)
    front = tuple(replacement_name if n == name else n for n in player.front)
    back = tuple(name if n == replacement_name else n for n in player.back)
    player = replace(player, front=(front[0], front[1], front[2]), back=back)
    player = player.with_guardian(leaving).with_guardian(entering)
    state = _set_player(state, seat, player)
    entered, emerging, left_end = state.entered, state.emerging, state.left_end
    # made together (C.1), so kept in an order that does not depend on which was sent
    # first: where each now lies, left to right
    if in_end:
        left_end = _by_place(player, (*left_end, name))
    if counted:
        entered = _by_place(player, (*entered, replacement_name))
    else:
        card = card_of(state, seat, entering)
        if card is not None and card.emergence is not None:
            emerging = (*emerging, (seat, replacement_name))
    state = replace(
        state, end_swaps=end_swaps, entered=entered, emerging=emerging, left_end=left_end
    )
    return _check_defeat(state, seat, state.players[seat], entering)


def _by_place(player: PlayerState, names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` in the order they lie now: the front row left to right, then the back row."""
    places = (*player.front, *player.back)
    return tuple(sorted(names, key=lambda n: places.index(n) if n in places else len(places)))


def _entering(player: PlayerState, payload: Mapping[str, JSON]) -> str:
    """The back-row Guardian a swap brings in: named (``replacement``), or picked by its
    place in the back row (``place``, 1 or 2 from the left), as the table's device does
    for a card it cannot see (R111). A place is refused the same way whatever the back row
    holds: its cards' places are public, their names are not."""
    if ("replacement" in payload) == ("place" in payload):
        raise IllegalAction(
            "Name the entering Guardian (replacement) or give its back-row place (place), "
            "not both.",
            "payload.replacement" if "replacement" in payload else "payload.place",
        )
    if "replacement" in payload:
        name: str = payload_value(payload, "replacement", str)
        return name
    place: int = payload_value(payload, "place", int)
    if not 1 <= place <= len(player.back):
        raise IllegalAction(
            f"A back-row place is 1 to {len(player.back)}, counted from the left (R111).",
            "payload.place",
        )
    return player.back[place - 1]


def _order_emergence(state: AzrahState, action: Action) -> AzrahState:
    """The active player orders the emergence abilities of the allies that entered (C.2)."""
    _require_active(state, action, "order emergence abilities")
    _require_phase(state, END, "order emergence abilities")
    order = action.payload.get("order")
    if not isinstance(order, list) or not all(isinstance(n, str) for n in order):
        raise IllegalAction("'order' must be a list of Guardian names.", "payload.order")
    if sorted(order) != sorted(state.entered) or len(state.entered) < 2:
        raise IllegalAction(
            "The order must name each ally that entered the front row this End phase once "
            f"({', '.join(state.entered) or 'none yet'}), and is needed only for two or "
            "more (Anatomy of a Turn C.2).",
            "payload.order",
        )
    return replace(state, emergence_order=tuple(order))


def _target(state: AzrahState, action: Action) -> tuple[int, PlayerState, GuardianState]:
    """The Guardian an effect targets. An enemy must be in the front row (FAQ); a face-down
    one is refused as a name nobody has (R53)."""
    seat = _concerned_seat(state, action, True)
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _named(state, seat, name, action.by)
    if action.by is not None and action.by != seat and not player.in_front(name):
        raise IllegalAction(
            f"{name} is in {player.name}'s back row: only enemies in the front row can be "
            "targeted (Frequently Asked Questions).",
            "payload.guardian",
        )
    return seat, player, guardian


def _deal_damage(state: AzrahState, action: Action) -> AzrahState:
    """Damage accumulates; an Immune Guardian takes none (Important Keywords). A back-row
    Guardian, which only its controller's effects reach, is not defeated there (R107)."""
    seat, player, guardian = _target(state, action)
    amount = _amount(action.payload)
    if guardian.statuses.has(IMMUNE):
        raise IllegalAction(
            f"{guardian.name} is Immune and cannot be dealt damage (Important Keywords).",
            "payload.guardian",
        )
    if guardian.leaving == DEFEATED:
        raise IllegalAction(f"{guardian.name} is already defeated.", "payload.guardian")
    guardian = replace(guardian, damage=guardian.damage + amount)
    return _check_defeat(state, seat, player.with_guardian(guardian), guardian)


def _check_defeat(
    state: AzrahState, seat: int, player: PlayerState, guardian: GuardianState
) -> AzrahState:
    """A front-row Guardian with damage at or above its hit points is defeated: damage and
    attachments go, it escapes, and its controller loses 1 health; at 0 health that player
    loses (Dealing Damage and Defeating Enemies, How to Win)."""
    if not player.in_front(guardian.name) or guardian.damage < guardian.hit_points:
        return _set_player(state, seat, player)
    player, _ = _strip(player, guardian)
    defeated = replace(
        player.guardian(guardian.name), damage=0, leaving=DEFEATED, defeated_this_turn=True
    )
    player = replace(player.with_guardian(defeated), health=player.health.add(-1))
    state = _set_player(state, seat, player)
    if player.health.value == 0:
        winner = state.players[1 - seat].name
        outcome = state.outcome.eliminate(
            seat, 2, f"{winner} reduced {player.name}'s health to zero (How to Win)."
        )
        state = replace(state, outcome=outcome)
    return state


def _heal(state: AzrahState, action: Action) -> AzrahState:
    seat, player, guardian = _target(state, action)
    amount = _amount(action.payload)
    if not guardian.injured:
        raise IllegalAction(f"{guardian.name} has no damage to heal.", "payload.guardian")
    guardian = replace(guardian, damage=max(0, guardian.damage - amount))
    return _set_player(state, seat, player.with_guardian(guardian))


def _transform(state: AzrahState, action: Action) -> AzrahState:
    """A Transformation on a front-row Guardian replaces its hit points; it may be defeated
    at once if its damage reaches them (Transformations, Curses and Items)."""
    seat, player, guardian = _target(state, action)
    _front_guardian(state, seat, guardian.name, action.by, "transform")
    acting = state.active if action.by is None else action.by
    if seat != acting:
        raise IllegalAction(
            f"{guardian.name} is {player.name}'s: an ability transforms an ally, never an "
            "enemy (Transformations, Curses and Items).",
            "payload.guardian",
        )
    name: str = payload_value(action.payload, "transformation", str)
    given: int | None = payload_value(action.payload, "hit_points", int, None)
    tied = [c for c in state.transformations if c.base_form == guardian.name]
    if tied:
        card = next((c for c in tied if c.name == name), None)
        if card is None:
            raise IllegalAction(
                f"{guardian.name} transforms only into {', '.join(c.name for c in tied)} "
                "(Transformations, Curses and Items).",
                "payload.transformation",
            )
        if given is not None and given != card.hit_points:
            raise IllegalAction(
                f"{card.name} has {card.hit_points} hit points, as its card prints.",
                "payload.hit_points",
            )
        given = card.hit_points
    if given is None:
        raise IllegalAction("The action needs 'hit_points'.", "payload.hit_points")
    hit_points = given
    if not 1 <= hit_points <= MAX_HIT_POINTS:
        raise IllegalAction(
            f"A Transformation has at least 1 hit point and at most {MAX_HIT_POINTS}.",
            "payload.hit_points",
        )
    guardian = replace(guardian, transformation=name, transformed_hit_points=hit_points)
    return _check_defeat(state, seat, player.with_guardian(guardian), guardian)


def _attach(kind: str) -> Handler:
    def attach(state: AzrahState, action: Action) -> AzrahState:
        seat, player, guardian = _target(state, action)
        _front_guardian(state, seat, guardian.name, action.by, f"have a {kind} attached")
        card: str = payload_value(action.payload, "card", str)
        if kind == "Curse":
            guardian = replace(guardian, curses=(*guardian.curses, card))
        else:
            guardian = replace(guardian, items=(*guardian.items, card))
        return _set_player(state, seat, player.with_guardian(guardian))

    attach.__doc__ = f"Attach a {kind} to a front-row Guardian (Transformations, Curses and Items)."
    return attach


def _detach(state: AzrahState, action: Action) -> AzrahState:
    seat, player, guardian = _target(state, action)
    card: str = payload_value(action.payload, "card", str)
    if card in guardian.curses:
        curses = list(guardian.curses)
        curses.remove(card)
        guardian = replace(guardian, curses=tuple(curses))
    elif card in guardian.items:
        items = list(guardian.items)
        items.remove(card)
        guardian = replace(guardian, items=tuple(items))
    else:
        raise IllegalAction(f"{guardian.name} has no {card} attached.", "payload.card")
    return _set_player(state, seat, player.with_guardian(guardian))


def _status_name(action: Action) -> str:
    status: str = payload_value(action.payload, "status", str)
    if status not in STATUSES:
        raise IllegalAction("The status must be frozen or immune.", "payload.status")
    return status


def _apply_status(state: AzrahState, action: Action) -> AzrahState:
    seat, player, guardian = _target(state, action)
    status = _status_name(action)
    turns: int | None = payload_value(action.payload, "turns", int, None)
    if turns is not None and not 1 <= turns <= MAX_TURNS:
        raise IllegalAction(f"A status lasts 1 to {MAX_TURNS} turns.", "payload.turns")
    guardian = replace(guardian, statuses=guardian.statuses.add(status, turns))
    return _set_player(state, seat, player.with_guardian(guardian))


def _remove_status(state: AzrahState, action: Action) -> AzrahState:
    seat, player, guardian = _target(state, action)
    status = _status_name(action)
    if not guardian.statuses.has(status):
        raise IllegalAction(f"{guardian.name} is not {status}.", "payload.status")
    guardian = replace(guardian, statuses=guardian.statuses.remove(status))
    return _set_player(state, seat, player.with_guardian(guardian))


def _end_phase(state: AzrahState, action: Action) -> AzrahState:
    """Finish the phase. Recovery needs its two Mana attached (A.2) unless the pile is
    empty; the End phase needs each escaping ally swapped out while a back-row ally can
    enter and fewer than two swaps were made (C.1). Then the next turn begins: once-per-turn
    limits reset, counted statuses lose a turn, and the new active player recovers."""
    _require_active(state, action, "end the phase")
    phase = state.clock.phase.name
    player = state.players[state.active]
    if phase == RECOVERY:
        missing = RECOVERY_MANA - state.recovery_mana
        if missing > 0 and player.mana_pool.value > 0:
            raise IllegalAction(
                f"Attach {missing} more Mana to front-row allies first (Anatomy of a Turn A.2).",
                "type",
            )
        return replace(state, clock=state.clock.next_phase())
    if phase == ACTION:
        return replace(state, clock=state.clock.next_phase(), end_swaps=0, entered=(), left_end=())
    escaping = [n for n in player.front if player.guardian(n).leaving == VOLUNTARY]
    if escaping and ready(state, state.active) and state.end_swaps < 2 and not state.emerged:
        raise IllegalAction(
            f"Swap {', '.join(escaping)} with a back-row ally first (Anatomy of a Turn C.1).",
            "type",
        )
    if len(state.entered) > 1 and not state.emergence_order:
        raise IllegalAction(
            "Choose the order of the emergence abilities of "
            f"{', '.join(state.entered)} first (Anatomy of a Turn C.2).",
            "type",
        )
    pending = end_emergences(state)
    if pending:
        raise IllegalAction(
            f"Activate {pending[0]}'s emergence ability first (Anatomy of a Turn C.2).", "type"
        )
    players = tuple(
        _next_turn_player(p, seat == state.active) for seat, p in enumerate(state.players)
    )
    state = replace(
        state,
        players=(players[0], players[1]),
        clock=state.clock.next_phase(),
        limits=state.limits.reset(),
        recovery_mana=0,
        end_swaps=0,
        entered=(),
        emergence_order=(),
        emerged=(),
        left_end=(),
    )
    return _begin_turn(state)


def _next_turn_player(player: PlayerState, active: bool) -> PlayerState:
    """The turn ends for ``player``. The active player's escaping allies that no back-row
    ally could replace lose their attached cards and Transformation, keep their damage and
    stay in the front row, no longer escaping (Moving and Escaping, R103); their counted
    statuses lose a turn, as only their controller's turns count (R104)."""
    guardians = []
    for g in player.guardians:
        if active and g.leaving == VOLUNTARY:
            returned = g.mana
            player = replace(player, mana_pool=player.mana_pool.add(returned))
            g = replace(g.stripped(), leaving=None)
        guardians.append(
            replace(
                g,
                used_ability=False,
                defeated_this_turn=False,
                statuses=g.statuses.tick() if active else g.statuses,
            )
        )
    return replace(player, guardians=tuple(guardians))


def _pass_over(state: AzrahState) -> AzrahState:
    """Allies that entered at once and whose emergence would now be activated, nothing
    resolving or leaving before it, but that cannot pay its printed cost, are passed over
    for good: their emergence does not activate (R113)."""
    wait = waiting(state)
    if not state.emerging or (wait is not None and wait[1] != EMERGE):
        return state
    kept = tuple(
        (seat, name)
        for seat, name in state.emerging
        if name not in state.players[seat].front or can_pay_emergence(state, seat, name)
    )
    return state if kept == state.emerging else replace(state, emerging=kept)


ALLOWED_WHILE = {
    SWAP: ("swap",),
    RESPOND: ("use_ability", "no_response"),
    RESOLVE: ("resolve",),
    EMERGE: ("emerge",),
}


def _refuse_unawaited(state: AzrahState, action: Action) -> None:
    """Refuse what play is not waiting for: only the awaited seat acts, and only so."""
    wait = waiting(state)
    if wait is None:
        if action.type in ("no_response", "resolve"):
            raise IllegalAction(
                "No ability is waiting for an answer or to resolve (Activating and "
                "Resolving Abilities).",
                "type",
            )
        return
    seat, kind, _ = wait
    if action.by is not None and action.by != seat:
        raise IllegalAction(wait_words(state, wait) + ".", "by")
    if action.type not in ALLOWED_WHILE[kind]:
        raise IllegalAction(wait_words(state, wait) + ".", "type")
    if kind == SWAP:
        player = state.players[seat]
        leaving = [n for n in player.front if player.guardian(n).leaving in (FORCED, DEFEATED)]
        if seat == state.active and end_swaps_open(state):
            # the End phase's swaps are made together (C.1, R101): none waits for another
            leaving += [n for n in player.front if player.guardian(n).leaving == VOLUNTARY]
        if action.payload.get("guardian") not in leaving:
            raise IllegalAction(wait_words(state, wait) + ".", "payload.guardian")


def _check_cause(action: Action) -> None:
    """An effect recorded outside a resolution may say what it is: an attached card's own
    effect or a correction (R115)."""
    cause = action.payload.get("cause")
    if cause is not None and (not isinstance(cause, str) or cause not in CAUSES):
        raise IllegalAction(
            "'cause' is card (an attached card's effect) or correction (R115).", "payload.cause"
        )


def _ability_of(card: Guardian, name: str, emergence: bool) -> GuardianAbility | None:
    if emergence:
        return card.emergence if card.emergence and card.emergence.name == name else None
    return next((a for a in card.abilities if a.name == name), None)


def _announced(
    state: AzrahState,
    seat: int,
    name: str,
    ability: GuardianAbility,
    payload: Mapping[str, JSON],
    emergence: bool = False,
) -> tuple[str, ...]:
    """The targets announced for ``ability``: front-row enemies its range arrows point to
    when it says "target enemy", at least one and no more than the card's number of targets,
    none otherwise (Range Arrows and Targeting Enemies, R100, R112)."""
    raw = payload.get("targets", [])
    if not ability.target_enemy:
        if raw:
            raise IllegalAction(
                f'{ability.name} does not say "target enemy": range arrows do not apply and '
                "no target is announced (Range Arrows and Targeting Enemies).",
                "payload.targets",
            )
        return ()
    in_reach = reachable(state, seat, name)
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise IllegalAction("'targets' must be a list of enemy names.", "payload.targets")
    if len(set(raw)) != len(raw):
        raise IllegalAction("A target is announced once.", "payload.targets")
    if not in_reach and not emergence:
        raise IllegalAction(
            f"None of {name}'s range arrows points to a front-row enemy, so {ability.name} "
            "has nothing to target (Range Arrows and Targeting Enemies, R100).",
            "payload.targets",
        )
    if not raw and in_reach:
        raise IllegalAction(
            f"Announce the enemy {ability.name} targets: "
            f"{', '.join(in_reach)} (Range Arrows and Targeting Enemies).",
            "payload.targets",
        )
    if len(raw) > ability.targets:
        most = "one enemy" if ability.targets == 1 else f"up to {ability.targets} enemies"
        raise IllegalAction(
            f"{ability.name} targets {most}, as its card prints; {len(raw)} were announced "
            "(Range Arrows and Targeting Enemies, R112).",
            "payload.targets",
        )
    for target in raw:
        if target not in in_reach:
            raise IllegalAction(
                f"{name}'s range arrows point only to {', '.join(in_reach) or 'nobody'}: an "
                'ability that says "target enemy" reaches only those (Range Arrows and '
                "Targeting Enemies, R100).",
                "payload.targets",
            )
    return tuple(raw)


def _no_response(state: AzrahState, action: Action) -> AzrahState:
    """The seat asked to answer declines: the window closes and the stack resolves, newest
    first (Activating and Resolving Abilities, R105)."""
    return replace(state, responder=None)


def _resolve(state: AzrahState, action: Action) -> AzrahState:
    """The newest ability resolves: every effect it applies (damage, healing, Mana, cards,
    statuses, a forced escape, a transformation) is recorded in this one entry, applied in
    order, all or nothing. A "target enemy" ability touches only the enemies announced (R100).
    It resolves even if its Guardian has since left or been defeated (FAQ)."""
    top = state.stack[-1]
    effects = action.payload.get("effects", [])
    if "effect" in action.payload:
        flat = {k: v for k, v in action.payload.items() if k not in ("effect", "effects")}
        effects = [{"type": action.payload["effect"], "payload": flat}]
    if not isinstance(effects, list) or len(effects) > MAX_EFFECTS:
        raise IllegalAction(
            f"'effects' is a list of at most {MAX_EFFECTS} effects.", "payload.effects"
        )
    state = replace(state, stack=state.stack[:-1])
    for index, effect in enumerate(effects):
        where = f"payload.effects.{index}"
        if not isinstance(effect, Mapping):
            raise IllegalAction("An effect is {type, payload}.", where)
        kind = effect.get("type")
        body = effect.get("payload", {})
        if kind not in EFFECT_TYPES:
            raise IllegalAction(f"An effect is one of: {', '.join(EFFECT_TYPES)}.", f"{where}.type")
        if not isinstance(body, Mapping):
            raise IllegalAction("An effect's payload is an object.", f"{where}.payload")
        body = dict(body)
        if "cause" in body:
            raise IllegalAction(
                f"Effect {index + 1} is {top.ability}'s: it is the ability's own, with no "
                "other cause (R110, R115).",
                f"{where}.payload.cause",
            )
        if kind == "attach_mana":
            body["effect"] = True
        if kind == "escape":
            body["forced"] = True
            body.setdefault("seat", top.seat)
        target_seat = body.get("seat", top.seat)
        if (
            top.target_enemy
            and target_seat == 1 - top.seat
            and body.get("guardian") not in top.targets
        ):
            raise IllegalAction(
                f"{top.ability} targets {', '.join(top.targets) or 'no enemy'}: its effect "
                "reaches no other enemy (Range Arrows and Targeting Enemies, R100).",
                f"{where}.payload.guardian",
            )
        try:
            state = _HANDLERS[str(kind)](state, Action(action.seq, str(kind), top.seat, body))
        except IllegalAction as error:
            field = (error.field or "").removeprefix("payload.")
            raise IllegalAction(
                f"Effect {index + 1}: {error.message}",
                f"{where}.payload.{field}" if field and field != "type" else where,
            ) from None
    return state


def _emerge(state: AzrahState, action: Action) -> AzrahState:
    """An ally that entered the front row activates its emergence ability, paying the cost
    its card prints, if any, as for any ability: Mana attached to it and the player's Gems;
    one that cannot pay is passed over (Activating and Resolving Abilities, R106, R113).
    Those that entered at once come first, then the End phase's in the order chosen (C.2).
    The opponent may answer it."""
    name: str = payload_value(action.payload, "guardian", str)
    wait = waiting(state)
    if wait is not None:
        seat = wait[0]
        mine = [n for s, n in pending_emerging(state) if s == seat]
        expected = name if name in mine else mine[0]
        emerging = tuple(e for e in pending_emerging(state) if e != (seat, expected))
        emerged = state.emerged
    else:
        pending = end_emergences(state)
        if not pending:
            raise IllegalAction(
                "No ally is waiting to activate an emergence ability (Activating and "
                "Resolving Abilities).",
                "payload.guardian",
            )
        _require_active(state, action, "activate emergence abilities")
        seat, expected = state.active, pending[0]
        emerging = state.emerging
        emerged = (*state.emerged, expected)
    if name != expected:
        raise IllegalAction(
            f"{expected}'s emergence ability comes next (Anatomy of a Turn C.2, R106).",
            "payload.guardian",
        )
    player = state.players[seat]
    card = card_of(state, seat, player.guardian(name))
    if card is None or card.emergence is None:
        raise IllegalAction(f"{name} has no emergence ability.", "payload.guardian")
    targets = _announced(state, seat, name, card.emergence, action.payload, emergence=True)
    cost = card.emergence
    guardian = player.guardian(name)
    if cost.mana > guardian.mana or cost.gems > player.gems.value:
        raise IllegalAction(
            f"{cost.name} costs {cost.mana} Mana and {cost.gems} Celestial Gems, as its card "
            f"prints; {name} has {guardian.mana} Mana attached and {player.name} "
            f"{player.gems.value} Gems, so it does not activate (R113).",
            "payload.guardian",
        )
    player = replace(
        player,
        gems=player.gems.spend(cost.gems, "Celestial Gems"),
        mana_pool=player.mana_pool.add(cost.mana),
    ).with_guardian(replace(guardian, mana=guardian.mana - cost.mana))
    state = _set_player(state, seat, player)
    activation = Activation(
        seat,
        name,
        card.emergence.name,
        emergence=True,
        targets=targets,
        target_enemy=card.emergence.target_enemy,
        text=card.emergence.text,
    )
    return replace(
        state,
        stack=(*state.stack, activation),
        responder=1 - seat,
        emerging=emerging,
        emerged=emerged,
    )


_HANDLERS: dict[str, Handler] = {
    "attach_mana": _attach_mana,
    "use_ability": _use_ability,
    "move": _move,
    "escape": _escape,
    "swap": _swap,
    "order_emergence": _order_emergence,
    "deal_damage": _deal_damage,
    "heal": _heal,
    "transform": _transform,
    "attach_curse": _attach("Curse"),
    "attach_item": _attach("Item"),
    "detach": _detach,
    "apply_status": _apply_status,
    "remove_status": _remove_status,
    "end_phase": _end_phase,
    "no_response": _no_response,
    "resolve": _resolve,
    "emerge": _emerge,
}
