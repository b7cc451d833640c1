"""The rules of Deaths of Athazar the tracker applies: each action checked against the state
and applied to it, or refused (``IllegalAction``) with the rule that refuses it.

Passes, kills, disruptions, turns and deals follow the cards everyone sees; a hand a player
entered is their own note, which follows what they play, pass and receive and never decides
what is allowed (R176). Sections cited are the rulebook's: "Characters" (Kill Cards 1-7,
Effect cards 1-7) and "How to Play" 1-10; D1-D3 are RULINGS.md's and R160-R178 this
project's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from referee.rules.athazar.cards import (
    DJINN,
    HUNTER,
    MERCHANT,
    PLAYED_EFFECTS,
    PRINCE,
    PRINCESS,
    PRINCESS_ROLES,
    SAILOR,
    SORCERER,
    WISEMAN,
    Card,
    a,
    check_kill,
    parse,
    sort_key,
)
from referee.rules.athazar.state import (
    DEAL,
    OVER,
    PASS,
    PLAY,
    AthazarState,
    Play,
    SeatState,
    next_in_play,
    play_order,
    token_after,
)
from referee.rules.athazar.words import kill_words, verdict
from referee.rules.text import counted
from referee.rules.tracker import (
    JSON,
    Action,
    ActionType,
    IllegalAction,
    Outcome,
    PayloadField,
    payload_value,
)

Handler = Callable[[AthazarState, Action], AthazarState]


# --- hands ------------------------------------------------------------------------------------


def _sorted(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=sort_key))


def _shed(seat: SeatState, cards: Sequence[Card], field: str) -> SeatState:
    """``seat`` without ``cards``: counted off, and taken from its entered hand where the
    hand holds them, otherwise from its places not entered. Only the count can refuse: the
    hand is the player's note, and a play it does not fit is recorded all the same, the
    note keeping what still fits (R176)."""
    if len(cards) > seat.held:
        raise IllegalAction(
            f"{seat.name} holds {seat.held} card{'s' if seat.held != 1 else ''}: too few to "
            f"play {len(cards)}.",
            field,
        )
    return _fit(replace(seat, count=seat.count - len(cards), hand=_without(seat.hand, cards)))


def _without(hand: tuple[str, ...] | None, cards: Sequence[Card]) -> tuple[str, ...] | None:
    """The hand entered less each of ``cards`` it holds."""
    if hand is None:
        return None
    left = list(hand)
    for card in cards:
        if card.token in left:
            left.remove(card.token)
    return tuple(left)


def _fit(seat: SeatState) -> SeatState:
    """The seat with its entered hand naming no more cards than it holds: the cards last in
    the rulebook's order go, and the player is asked to check their hand (R176)."""
    if seat.hand is None or len(seat.hand) <= seat.held:
        return seat
    return replace(seat, hand=_sorted(seat.hand)[: max(seat.held, 0)], check=True)


def _receive(seat: SeatState, cards: int) -> SeatState:
    """``cards`` face-down cards arrive: the hand entered gains places to enter them."""
    return replace(seat, count=seat.count + cards)


def _set_seat(state: AthazarState, index: int, seat: SeatState) -> AthazarState:
    seats = list(state.seats)
    seats[index] = seat
    return replace(state, seats=tuple(seats))


def _draw(state: AthazarState, seq: int, index: int) -> tuple[AthazarState, bool]:
    """One card from the deck to seat ``index``. An empty deck is first made again from
    the played cards (How to Play 10, R171); with none, no card comes."""
    if state.deck == 0 and state.played > 0:
        state = replace(
            state,
            deck=state.played,
            played=0,
            reshuffles=(*state.reshuffles, (seq, state.played)),
        )
    if state.deck == 0:
        return state, False
    state = replace(state, deck=state.deck - 1)
    return _set_seat(state, index, _receive(state.seats[index], 1)), True


# --- the actions ------------------------------------------------------------------------------


def _card_field(payload: Mapping[str, JSON], name: str, required: bool = True) -> Card | None:
    if name not in payload:
        if required:
            raise IllegalAction(f"The action needs '{name}'.", f"payload.{name}")
        return None
    return parse(payload[name], f"payload.{name}")


def _seat_field(state: AthazarState, payload: Mapping[str, JSON], name: str) -> int:
    seat: int = payload_value(payload, name, int)
    if not 0 <= seat < len(state.seats):
        raise IllegalAction(
            f"'{name}' is a seat from 0 to {len(state.seats) - 1}.", f"payload.{name}"
        )
    return seat


def _who(state: AthazarState, action: Action, what: str) -> int:
    """The seat whose turn it is in the play phase, the one acting (D2)."""
    if state.phase != PLAY:
        raise IllegalAction(
            f"A player can {what} only in the play phase; it is the {state.phase.lower()} "
            "phase (How to Play 4).",
            "type",
        )
    active = state.order[state.turn]
    if action.by is not None and action.by != active:
        raise IllegalAction(
            f"It is {state.seats[active].name}'s turn: one play each, in order from the "
            "token, the dealer last (How to Play 4, D2).",
            "by",
        )
    return active


def _target(state: AthazarState, action: Action, actor: int) -> int:
    target = _seat_field(state, action.payload, "target")
    seat = state.seats[target]
    if target == actor:
        raise IllegalAction("Choose another player as the target.", "payload.target")
    if not state.in_play(target) or seat.count == 0:
        raise IllegalAction(
            f"{seat.name} holds no cards and is immune to every action (How to Play 8).",
            "payload.target",
        )
    return target


def _record(
    state: AthazarState, actor: int, cards: Sequence[Card], value: int | None, text: str
) -> AthazarState:
    """A play laid face up: on the played pile, in the list of plays, and the actor's last
    play this round (R166: a Princess's has no value, below every other)."""
    seat = state.seats[actor]
    seat = replace(seat, last_value=value or 0, last_play=text)
    play = Play(state.round, actor, tuple(card.token for card in cards), text)
    state = _set_seat(state, actor, seat)
    return replace(state, played=state.played + len(cards), plays=(*state.plays, play))


def _end_turn(state: AthazarState) -> AthazarState:
    """The next turn; after the dealer's the play phase ends (How to Play 4 and 7)."""
    if state.turn + 1 < len(state.order):
        return replace(state, turn=state.turn + 1)
    return _end_play_phase(state)


def _value_groups(state: AthazarState, seats: Sequence[int]) -> list[frozenset[int]]:
    """Seats grouped by the value of their last play, highest first; equal values tie
    (How to Play 7, R166)."""
    values = sorted({state.seats[s].last_value or 0 for s in seats}, reverse=True)
    return [frozenset(s for s in seats if (state.seats[s].last_value or 0) == v) for v in values]


def _end_play_phase(state: AthazarState) -> AthazarState:
    """Whoever emptied their hand by the end of the play phase finishes; several are placed
    by the value of their last play, equal values tying (How to Play 7, R166). Without play
    on the game ends there; with it the rest play on for the next places, until one player
    or none holds cards (How to Play 9, R173)."""
    finishers = [
        s for s in range(len(state.seats)) if state.in_play(s) and state.seats[s].count == 0
    ]
    if not finishers:
        return replace(state, phase=DEAL)
    groups = _value_groups(state, finishers)
    if not state.places:
        state = replace(state, verdict=verdict(state, groups))
    places = list(state.places)
    seats = list(state.seats)
    for group in groups:
        places.append(group)
        for s in group:
            seats[s] = replace(seats[s], place=len(places))
    state = replace(state, seats=tuple(seats), places=tuple(places))
    rest = [s for s in range(len(seats)) if state.in_play(s)]
    if state.play_on and len(rest) > 1:
        return replace(state, phase=DEAL)
    if rest:
        places.append(frozenset(rest))
        seats = [
            replace(seat, place=len(places)) if i in rest else seat for i, seat in enumerate(seats)
        ]
    reason = state.verdict
    if len(places) > 2 and state.play_on:
        reason += " Play went on for the further places (How to Play 9, R173)."
    return replace(
        state,
        seats=tuple(seats),
        places=tuple(places),
        phase=OVER,
        outcome=Outcome.ranked(places, reason),
    )


def _pass_cards(state: AthazarState, action: Action) -> AthazarState:
    """Everyone passes at once, face down: one card, or a Hunter with one more card that is
    not a Djinn; a Djinn never passes, so a hand of Djinns alone passes nothing (How to Play
    3, Effect cards 2 and 4, R168). The counts change when the last player has passed."""
    if state.phase != PASS:
        raise IllegalAction(
            f"Cards are passed only in the pass phase; it is the {state.phase.lower()} phase "
            "(How to Play 3).",
            "type",
        )
    if action.by is None:
        raise IllegalAction("Each player records their own pass.", "by")
    index = action.by
    seat = state.seats[index]
    if not state.in_play(index):
        raise IllegalAction(f"{seat.name} is out of the game and passes nothing.", "by")
    if seat.passing is not None:
        raise IllegalAction(f"{seat.name} has passed already this round (How to Play 3).", "by")
    count: int = payload_value(action.payload, "count", int)
    if not 0 <= count <= 2:
        raise IllegalAction(
            "A player passes one card, two with a Hunter, or none with only Djinns (How to "
            "Play 3, R168).",
            "payload.count",
        )
    if count > seat.count:
        raise IllegalAction(
            f"{seat.name} holds {seat.count} card{'s' if seat.count != 1 else ''}.",
            "payload.count",
        )
    first = _card_field(action.payload, "card", required=False)
    second = _card_field(action.payload, "second_card", required=False)
    named = [card for card in (first, second) if card is not None]
    if second is not None and first is None:
        raise IllegalAction("Name the first card before the second.", "payload.card")
    if len(named) > count:
        raise IllegalAction(
            f"{counted(len(named), 'card')} named for a pass of {count}.", "payload.second_card"
        )
    for name, card in (("card", first), ("second_card", second)):
        if card is not None and card.character == DJINN:
            raise IllegalAction(
                "A Djinn is never passed: its holder keeps it until it is killed (Effect cards 4).",
                f"payload.{name}",
            )
    if count == 2 and len(named) == 2 and not {c.character for c in named} & {HUNTER, PRINCESS}:
        raise IllegalAction(
            "Two cards pass only as a Hunter and one more card (Effect cards 2, R168).",
            "payload.card",
        )
    # the cards named leave the hand entered; a pass it does not fit is still recorded (R176)
    seat = _fit(replace(seat, hand=_without(seat.hand, named), passing=count))
    state = _set_seat(state, index, seat)
    if all(s.passing is not None for i, s in enumerate(state.seats) if state.in_play(i)):
        state = _resolve_passes(state)
    return state


def _resolve_passes(state: AthazarState) -> AthazarState:
    """Every pass lands at once; then the play phase begins from the token (How to Play 3
    and 4)."""
    seats = list(state.seats)
    for index, seat in enumerate(state.seats):
        if not state.in_play(index):
            continue
        giver = next_in_play(state, index, -state.direction)
        received = state.seats[giver].passing or 0 if giver != index else 0
        seats[index] = replace(
            seat, count=seat.count - (seat.passing or 0) + received, passing=None
        )
    state = replace(state, seats=tuple(seats), phase=PLAY, turn=0)
    return replace(state, order=play_order(state))


def _kill(state: AthazarState, action: Action) -> AthazarState:
    """One kill a turn: the killer and its victims leave the player's own hand face up
    (How to Play 4.1, D1, D2), checked against the killer's rule (Kill Cards 1-7)."""
    actor = _who(state, action, "kill")
    killer = _card_field(action.payload, "killer")
    victim = _card_field(action.payload, "victim")
    second = _card_field(action.payload, "second_victim", required=False)
    role = action.payload.get("as")
    if "as" in action.payload and not isinstance(role, str):
        raise IllegalAction("'as' names a character.", "payload.as")
    assert killer is not None and victim is not None
    victims = (victim,) if second is None else (victim, second)
    kill = check_kill(killer, victims, role)
    seat = _shed(state.seats[actor], kill.cards, "payload.killer")
    state = _set_seat(state, actor, seat)
    state = _record(state, actor, kill.cards, kill.value, kill_words(kill))
    return _end_turn(state)


def _effect_card(action: Action) -> tuple[Card, str]:
    """The card played as a disruption and the character whose effect it is."""
    card = _card_field(action.payload, "card")
    assert card is not None
    role = action.payload.get("as")
    if "as" in action.payload and not isinstance(role, str):
        raise IllegalAction("'as' names a character.", "payload.as")
    if card.character == PRINCESS:
        if not isinstance(role, str) or role not in PRINCESS_ROLES:
            raise IllegalAction(
                f"Say which character the Princess acts as: {', '.join(PRINCESS_ROLES)} "
                "(Kill Cards 7, R164).",
                "payload.as",
            )
        acting = role
    else:
        if role is not None:
            raise IllegalAction(
                "Only a Princess acts as another character (Kill Cards 7).", "payload.as"
            )
        acting = card.character
    if acting == SAILOR:
        raise IllegalAction(
            "A Sailor does nothing when played: it leaves a hand only when it is killed "
            "(Effect cards 1, R167).",
            "payload.card",
        )
    if acting == HUNTER:
        raise IllegalAction(
            "A Hunter acts only in the pass phase: it has no effect in the play phase "
            "(Effect cards 2).",
            "payload.card",
        )
    if acting == DJINN:
        raise IllegalAction(
            "A Djinn is held until it is killed: it is never played (Effect cards 4).",
            "payload.card",
        )
    if acting not in PLAYED_EFFECTS:
        raise IllegalAction(
            f"{a(acting).capitalize()} is a kill card: record it as a kill (Characters).",
            "payload.card",
        )
    return card, acting


def _play_effect(state: AthazarState, action: Action) -> AthazarState:
    """One disruption a turn, played face up (How to Play 4.2, D2): a Merchant, a Sorcerer,
    a Wiseman or a Prince, or a Princess acting as one (Effect cards 3, 5, 6 and 7)."""
    actor = _who(state, action, "play a disruption")
    card, acting = _effect_card(action)
    allowed = {"card", "as"} | {
        MERCHANT: {"target", "keeps", "target_keeps"},
        SORCERER: {"target", "given"},
        WISEMAN: set(),
        PRINCE: set(),
    }[acting]
    extra = sorted(set(action.payload) - allowed)
    if extra:
        raise IllegalAction(f"A {acting}'s play takes no '{extra[0]}'.", f"payload.{extra[0]}")
    value = card.value
    if acting == MERCHANT:
        return _merchant(state, action, actor, card, value)
    if acting == SORCERER:
        return _sorcerer(state, action, actor, card, value)
    seat = _shed(state.seats[actor], (card,), "payload.card")
    state = _set_seat(state, actor, seat)
    as_words = f" (as {a(acting)})" if card.character == PRINCESS else ""
    if acting == WISEMAN:
        state = _record(state, actor, (card,), value, f"{card.token}{as_words} takes a card")
        state, _ = _draw(state, action.seq, actor)
        return _end_turn(state)
    state = _record(
        state, actor, (card,), value, f"{card.token}{as_words}: every other player takes a card"
    )
    other = actor
    for _ in range(len(state.seats) - 1):
        other = (other + 1) % len(state.seats)
        if other == actor or not state.in_play(other) or state.seats[other].count == 0:
            continue  # immune with no cards left (Effect cards 7, How to Play 8)
        state, _ = _draw(state, action.seq, other)
    return _end_turn(state)


def _merchant(
    state: AthazarState, action: Action, actor: int, card: Card, value: int | None
) -> AthazarState:
    """The actor and the target swap whole hands, each keeping their Djinns; a hand of only
    the Merchant and Djinns cannot swap, and a target with only Djinns swaps nothing
    (Effect cards 3 and 4, R169). How many Djinns each keeps is seen as the cards change
    hands, so it is recorded."""
    target = _target(state, action, actor)
    keeps: int = payload_value(action.payload, "keeps", int, 0)
    target_keeps: int = payload_value(action.payload, "target_keeps", int, 0)
    seat = state.seats[actor]
    other = state.seats[target]
    if not 0 <= keeps <= seat.held - 1:
        raise IllegalAction(
            f"{seat.name} keeps from 0 to {max(seat.held - 1, 0)} Djinns besides the Merchant.",
            "payload.keeps",
        )
    if not 0 <= target_keeps <= other.count:
        raise IllegalAction(
            f"{other.name} keeps from 0 to {other.count} Djinns.", "payload.target_keeps"
        )
    give = seat.held - 1 - keeps
    if give == 0:
        raise IllegalAction(
            "A hand of only the Merchant and Djinns cannot swap: do nothing this turn "
            "instead (Effect cards 3).",
            "payload.keeps",
        )
    # the Djinns kept are seen as the cards change hands; the hand entered then holds them
    # alone, whatever it said before (R169, R176)
    seat = _shed(seat, (card,), "payload.card")
    taken = other.count - target_keeps
    as_words = " (as a Merchant)" if card.character == PRINCESS else ""
    if taken == 0:
        state = _set_seat(state, actor, seat)
        text = f"{card.token}{as_words}: {other.name} holds only Djinns, nothing is swapped"
        return _end_turn(_record(state, actor, (card,), value, text))
    seat = replace(
        seat,
        count=keeps + taken,
        hand=(DJINN,) * keeps if seat.hand is not None else None,
    )
    other = replace(
        other,
        count=target_keeps + give,
        hand=(DJINN,) * target_keeps if other.hand is not None else None,
    )
    state = _set_seat(_set_seat(state, actor, seat), target, other)
    text = (
        f"{card.token}{as_words}: swaps hands with {other.name} ({give} card"
        f"{'s' if give != 1 else ''} for {taken}; Djinns stay)"
    )
    return _end_turn(_record(state, actor, (card,), value, text))


def _sorcerer(
    state: AthazarState, action: Action, actor: int, card: Card, value: int | None
) -> AthazarState:
    """The actor gives one card from their hand, face down, to another player who holds
    cards; never a Djinn (Effect cards 5 and 4, R170)."""
    target = _target(state, action, actor)
    given = _card_field(action.payload, "given", required=False)
    seat = state.seats[actor]
    if seat.held < 2:
        raise IllegalAction(
            "A Sorcerer gives a card from its player's hand: there is none left to give "
            "(Effect cards 5).",
            "payload.card",
        )
    if given is not None and given.character == DJINN:
        raise IllegalAction(
            "A Djinn is never given away: its holder keeps it until it is killed (Effect "
            "cards 4, R170).",
            "payload.given",
        )
    seat = _shed(seat, (card,), "payload.card")
    if given is not None:
        seat = _shed(seat, (given,), "payload.given")
    else:  # a card not named: from the places not entered, else the note is trimmed (R176)
        seat = _fit(replace(seat, count=seat.count - 1))
    other = _receive(state.seats[target], 1)
    state = _set_seat(_set_seat(state, actor, seat), target, other)
    as_words = " (as a Sorcerer)" if card.character == PRINCESS else ""
    text = f"{card.token}{as_words}: gives a card to {other.name}"
    return _end_turn(_record(state, actor, (card,), value, text))


def _skip_turn(state: AthazarState, action: Action) -> AthazarState:
    """Doing nothing is a turn too (How to Play 4.3, D2)."""
    actor = _who(state, action, "do nothing")
    seat = replace(state.seats[actor], last_play="nothing")
    return _end_turn(_set_seat(state, actor, seat))


def _deal(state: AthazarState, action: Action) -> AthazarState:
    """The dealer deals a card to every player still in, from the player to the dealer's
    right round to the dealer (How to Play 5, R175); the token moves on to the right, and
    the next round begins with a pass phase (How to Play 6)."""
    if state.phase != DEAL:
        raise IllegalAction(
            f"The dealer deals only in the deal phase; it is the {state.phase.lower()} phase "
            "(How to Play 5).",
            "type",
        )
    if action.by is not None and action.by != state.dealer:
        raise IllegalAction(
            f"{state.seats[state.dealer].name} is the dealer: only the dealer deals (How to "
            "Play 1).",
            "by",
        )
    n = len(state.seats)
    for k in range(1, n + 1):
        seat = (state.dealer + k) % n
        if state.in_play(seat):
            state, _ = _draw(state, action.seq, seat)
    seats = tuple(replace(s, last_value=None, last_play="") for s in state.seats)
    state = replace(state, seats=seats, round=state.round + 1, phase=PASS, order=(), turn=0)
    return replace(state, token=token_after(state, state.token))


def _hand_seat(state: AthazarState, action: Action) -> tuple[int, SeatState]:
    if state.phase == OVER:
        raise IllegalAction("The game is over.", "type")
    if action.by is None:
        raise IllegalAction(
            "A hand is entered on its player's own tablet: it is that seat's secret.", "by"
        )
    return action.by, state.seats[action.by]


def _add_card(state: AthazarState, action: Action) -> AthazarState:
    """A card the player holds, entered in their private hand (a card received in a pass
    or a deal is entered when it arrives)."""
    index, seat = _hand_seat(state, action)
    card = _card_field(action.payload, "card")
    assert card is not None
    if seat.unknown < 1:
        raise IllegalAction(
            f"Your hand as entered already names all {seat.held} of your cards.",
            "payload.card",
        )
    hand = _sorted((*(seat.hand or ()), card.token))
    return _set_seat(state, index, replace(seat, hand=hand))


def _drop_card(state: AthazarState, action: Action) -> AthazarState:
    """A card taken out of the private hand entered (a mistake corrected)."""
    index, seat = _hand_seat(state, action)
    card = _card_field(action.payload, "card")
    assert card is not None
    if seat.hand is None or card.token not in seat.hand:
        raise IllegalAction("Your hand as entered holds no such card.", "payload.card")
    left = list(seat.hand)
    left.remove(card.token)
    return _set_seat(state, index, replace(seat, hand=tuple(left)))


def _enter_hand(state: AthazarState, action: Action) -> AthazarState:
    """The whole private hand at once: the cards held, at most as many as the player has."""
    index, seat = _hand_seat(state, action)
    cards = action.payload.get("cards")
    if not isinstance(cards, list):
        raise IllegalAction("'cards' lists the cards held.", "payload.cards")
    if len(cards) > seat.held:
        raise IllegalAction(
            f"You hold {seat.held} card{'s' if seat.held != 1 else ''}: {len(cards)} named.",
            "payload.cards",
        )
    tokens = [parse(token, f"payload.cards.{i}").token for i, token in enumerate(cards)]
    return _set_seat(state, index, replace(seat, hand=_sorted(tokens), check=False))


def _forget_hand(state: AthazarState, action: Action) -> AthazarState:
    index, seat = _hand_seat(state, action)
    if seat.hand is None:
        raise IllegalAction("No hand is entered.", "type")
    return _set_seat(state, index, replace(seat, hand=None, check=False))


def keep_what_fits(state: AthazarState, action: Action) -> AthazarState:
    """A hand edit replayed after an undo or a redo changed what came before it, which
    ``apply`` refuses: kept as far as it still fits, never refused for what the hand holds
    (R177). It is still refused for what everyone knows (the game over, no seat)."""
    if state.phase == OVER:
        raise IllegalAction(f"The game is over: {state.outcome.reason}", "type")
    if action.by is not None and not 0 <= action.by < len(state.seats):
        raise IllegalAction(f"Deaths of Athazar has seats 0 to {len(state.seats) - 1}.", "by")
    index, seat = _hand_seat(state, action)
    if action.type == "add_card":
        _card_field(action.payload, "card")  # a card with no place left is left out
        return _set_seat(state, index, replace(seat, check=seat.hand is not None))
    if action.type == "enter_hand":
        cards = action.payload.get("cards")
        if not isinstance(cards, list):
            raise IllegalAction("'cards' lists the cards held.", "payload.cards")
        tokens = [parse(token, f"payload.cards.{i}").token for i, token in enumerate(cards)]
        kept = _sorted(tokens[: max(seat.held, 0)])  # the first listed, as many as are held
        return _set_seat(state, index, replace(seat, hand=kept, check=True))
    if action.type == "drop_card":
        _card_field(action.payload, "card")  # a card no longer there: nothing to take out
    return state  # a hand already forgotten stays so


HAND_TYPES = frozenset({"add_card", "drop_card", "enter_hand", "forget_hand"})
SECRET_FIELDS = frozenset({"given", "card", "second_card"})  # of a pass and a Sorcerer's gift

_HANDLERS: dict[str, Handler] = {
    "pass_cards": _pass_cards,
    "kill": _kill,
    "play_effect": _play_effect,
    "skip_turn": _skip_turn,
    "deal": _deal,
    "add_card": _add_card,
    "drop_card": _drop_card,
    "enter_hand": _enter_hand,
    "forget_hand": _forget_hand,
}


def aimed_at(action: Action, seat: int | None) -> bool:
    """Whether ``action`` is a Merchant's swap or a Sorcerer's gift (a Princess acting as
    one included) aimed at ``seat``: it changes the cards that seat holds (R178)."""
    if action.type != "play_effect" or action.payload.get("target") != seat:
        return False
    acting = action.payload.get("as") or action.payload.get("card")
    return acting in (MERCHANT, SORCERER)


def apply(state: AthazarState, action: Action) -> AthazarState:
    """``action`` applied to ``state``; refused with the reason when the rules forbid it."""
    if state.phase == OVER:
        raise IllegalAction(f"The game is over: {state.outcome.reason}", "type")
    if action.by is not None and not 0 <= action.by < len(state.seats):
        raise IllegalAction(f"Deaths of Athazar has seats 0 to {len(state.seats) - 1}.", "by")
    handler = _HANDLERS.get(action.type)
    if handler is None:
        raise IllegalAction(f"Deaths of Athazar has no action called {action.type!r}.", "type")
    return handler(state, action)


ACTION_TYPES = (
    ActionType(
        "pass_cards",
        "Pass phase: pass cards face down, all at once (one; a Hunter and one more; none "
        "with only Djinns). The cards named stay secret.",
        (
            PayloadField("count", "int", "how many cards: 0, 1 or 2"),
            PayloadField("card", "str", "the card passed, from a hand entered", False),
            PayloadField("second_card", "str", "the second card passed", False),
        ),
    ),
    ActionType(
        "kill",
        "Play phase: a kill from the player's own hand, both (or, with a Magician, all "
        "three) cards face up.",
        (
            PayloadField("killer", "str", "the killer, such as Assassin or Warrior 8"),
            PayloadField("victim", "str", "the card killed"),
            PayloadField("second_victim", "str", "a Magician's second matching card", False),
            PayloadField("as", "str", "the character a Princess acts as", False),
        ),
    ),
    ActionType(
        "play_effect",
        "Play phase: a disruption played face up (Merchant, Sorcerer, Wiseman, Prince).",
        (
            PayloadField("card", "str", "the effect card, or Princess"),
            PayloadField("as", "str", "the character a Princess acts as", False),
            PayloadField("target", "int", "the other player (Merchant, Sorcerer)", False),
            PayloadField("keeps", "int", "Djinns the Merchant's player keeps", False),
            PayloadField("target_keeps", "int", "Djinns the target keeps", False),
            PayloadField("given", "str", "the card a Sorcerer gives (secret)", False),
        ),
    ),
    ActionType("skip_turn", "Play phase: do nothing this turn."),
    ActionType("deal", "Deal phase: the dealer deals one card to every player."),
    ActionType(
        "add_card",
        "Enter one card of your own hand (private to your seat).",
        (PayloadField("card", "str", "the card, such as Sailor or Warrior 8"),),
    ),
    ActionType(
        "drop_card",
        "Take a card out of the hand you entered (private to your seat).",
        (PayloadField("card", "str", "the card"),),
    ),
    ActionType(
        "enter_hand",
        "Enter your whole hand at once (private to your seat).",
        (PayloadField("cards", "list[str]", "the cards you hold"),),
    ),
    ActionType("forget_hand", "Stop tracking your hand (private to your seat)."),
)
