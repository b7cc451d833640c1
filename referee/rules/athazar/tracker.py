"""The Deaths of Athazar table tracker, built on the tracker core.

Players hold real cards: the tracker keeps the rounds and their phases (pass, play, deal),
the token and the dealer, how many cards each player holds, every card played face up, the
deck and the played pile, and the end with its places and ties. A player may enter their own
hand on their own tablet: it is that seat's secret, it follows their plays, passes and
deals, and their legal actions then list each kill and disruption the hand allows.

Sections cited are the rulebook's: "Players", "Characters" (Kill Cards 1-7, Effect cards
1-7) and "How to Play" 1-10; D1-D3 are RULINGS.md's and R160-R179 this project's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from referee.rules.athazar.cards import (
    CHARACTERS,
    DJINN,
    HUNTER,
    MERCHANT,
    PLAYED_EFFECTS,
    PRINCE,
    PRINCESS,
    PRINCESS_ROLES,
    SAILOR,
    SORCERER,
    TOKENS,
    WARRIOR,
    WISEMAN,
    Card,
    Kill,
    a,
    check_kill,
    parse,
    sort_key,
    value_words,
)
from referee.rules.checks import Problems, add_problem
from referee.rules.errors import InvalidInput
from referee.rules.text import counted, lone_surrogate
from referee.rules.tracker import (
    JSON,
    Action,
    ActionType,
    IllegalAction,
    LegalAction,
    Outcome,
    PayloadField,
    System,
    payload_value,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 5
MAX_NAME = 40
DEFAULT_DECK = 56  # R160: four copies of each of the fourteen characters
MAX_DECK = 999
RIGHT, LEFT = "right", "left"
PASS, PLAY, DEAL, OVER = "Pass", "Play", "Deal", "Over"
SHOWN_PLAYS = 40  # the latest plays the view lists
EXAMPLE_PLAYERS = ("Ana", "Ben", "Cleo")


def hand_size(players: int) -> int:
    """Seven cards each; five each with more than four players (How to Play 2, R174)."""
    return 5 if players > 4 else 7


@dataclass(frozen=True, slots=True)
class AthazarSetup:
    """The players in seating order (each player's right-hand neighbour is the next one,
    R161), the dealer, the pass direction, the deck's size (R160) and whether the table
    plays on for further places (How to Play 9)."""

    players: tuple[str, ...]
    dealer: int = 0
    pass_direction: str = RIGHT
    deck_size: int = DEFAULT_DECK
    play_on: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    """A play made face up, for everyone to see."""

    round: int
    seat: int
    cards: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class SeatState:
    name: str
    count: int
    hand: tuple[str, ...] | None = None  # the seat's own entry of its cards: its secret
    passing: int | None = None  # cards passed this pass phase (None: not passed yet)
    last_value: int | None = None  # the value of this round's last play (R166; 0: none)
    last_play: str = ""  # this round's last play in words
    place: int | None = None  # a finishing place, once the seat is out
    check: bool = False  # the hand entered stopped fitting what was recorded (R176, R177)

    @property
    def held(self) -> int:
        """Cards still in the player's hand: a pass leaves it at once, though the counts
        change for everyone together when the last player has passed."""
        return self.count - (self.passing or 0)

    @property
    def unknown(self) -> int:
        """Cards held that the hand entered does not name yet (received, not entered)."""
        return self.held - len(self.hand) if self.hand is not None else self.held


@dataclass(frozen=True, slots=True)
class AthazarState:
    seats: tuple[SeatState, ...]
    dealer: int
    direction: int  # +1: each passes to the right (the next seat); -1: to the left
    play_on: bool
    deck: int
    token: int
    round: int = 1
    phase: str = PASS
    order: tuple[int, ...] = ()  # this play phase's turns, the dealer last
    turn: int = 0  # the index in ``order`` of the seat whose turn it is
    played: int = 0  # the face-up pile since the deck was last made (How to Play 10)
    plays: tuple[Play, ...] = ()
    reshuffles: tuple[tuple[int, int], ...] = ()  # (log entry, cards shuffled into the deck)
    places: tuple[frozenset[int], ...] = ()
    verdict: str = ""  # why the first place is who it is
    outcome: Outcome = field(default_factory=Outcome)

    @property
    def active(self) -> int | None:
        """Whose turn it is in the play phase; the dealer in the deal phase; nobody while
        everyone passes at once."""
        if self.phase == PLAY:
            return self.order[self.turn]
        if self.phase == DEAL:
            return self.dealer
        return None

    def in_play(self, seat: int) -> bool:
        return self.seats[seat].place is None

    @property
    def total(self) -> int:
        return self.deck + self.played + sum(s.count for s in self.seats)


Handler = Callable[[AthazarState, Action], AthazarState]


# --- seating and order ------------------------------------------------------------------------


def _next(state: AthazarState, seat: int, step: int = 1, skip_dealer: bool = False) -> int:
    """The next player still in from ``seat`` in the direction ``step`` (R161, R172)."""
    n = len(state.seats)
    for move in range(1, n + 1):
        other = (seat + step * move) % n
        if state.in_play(other) and not (skip_dealer and other == state.dealer):
            return other
    return seat


def play_order(state: AthazarState) -> tuple[int, ...]:
    """From the token round to the right, the dealer always last (How to Play 4, R162)."""
    n = len(state.seats)
    order = [
        (state.token + k) % n
        for k in range(n)
        if state.in_play((state.token + k) % n) and (state.token + k) % n != state.dealer
    ]
    if state.in_play(state.dealer):
        order.append(state.dealer)
    return tuple(order)


def _first_token(state: AthazarState, after: int) -> int:
    """The player to the right of ``after`` still in, never the dealer unless the dealer is
    alone (How to Play 4 and 6, R162)."""
    return _next(state, after, 1, skip_dealer=True)


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


# --- the engine -------------------------------------------------------------------------------


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


def _names(state: AthazarState, seats: frozenset[int] | Sequence[int]) -> str:
    named = [state.seats[s].name for s in sorted(seats)]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


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
        state = replace(state, verdict=_verdict(state, groups))
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


def _verdict(state: AthazarState, groups: list[frozenset[int]]) -> str:
    """Why the first place is who it is: the first to empty their hand, or of several who
    emptied theirs in the same round, the highest last play; equal values tie (How to Play
    7, R166)."""
    first = groups[0]
    if len(groups) == 1 and len(first) == 1:
        return f"{_names(state, first)} emptied their hand first (How to Play 7)."
    value = value_words(state.seats[min(first)].last_value or None)
    if len(first) > 1:
        return (
            f"{_names(state, first)} tie: they emptied their hands in the same round and "
            f"their last plays have the same value ({value}) (How to Play 7, R166)."
        )
    everyone = [s for group in groups for s in group]
    return (
        f"{_names(state, everyone)} emptied their hands in the same round; "
        f"{_names(state, first)}'s last play ({value}) is the highest (How to Play 7, R166)."
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
        giver = _next(state, index, -state.direction)
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
    state = _record(state, actor, kill.cards, kill.value, _kill_words(kill))
    return _end_turn(state)


def _kill_words(kill: Kill) -> str:
    acting = f" (as {a(kill.role)})" if kill.killer.character == PRINCESS else ""
    victims = " and ".join(card.token for card in kill.victims)
    return f"{kill.killer.token}{acting} kills {victims}"


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
    return replace(state, token=_first_token(state, state.token))


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


def _keep_what_fits(state: AthazarState, action: Action) -> AthazarState:
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


def _aimed_at(action: Action, seat: int | None) -> bool:
    """Whether ``action`` is a Merchant's swap or a Sorcerer's gift (a Princess acting as
    one included) aimed at ``seat``: it changes the cards that seat holds (R178)."""
    if action.type != "play_effect" or action.payload.get("target") != seat:
        return False
    acting = action.payload.get("as") or action.payload.get("card")
    return acting in (MERCHANT, SORCERER)


class AthazarSystem(System[AthazarSetup, AthazarState]):
    slug = "athazar"
    name = "Deaths of Athazar"
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    action_types = (
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

    def setup_from_json(self, data: Mapping[str, JSON]) -> AthazarSetup:
        """``{"players": [2 to 5 names, in seating order], "dealer": seat, "pass_direction":
        "right" or "left", "deck_size": cards, "play_on": bool}``."""
        if not isinstance(data, Mapping):
            raise InvalidInput({"setup": ["The setup must be an object."]})
        problems: Problems = {}
        players = data.get("players")
        names: list[str] = []
        if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            add_problem(
                problems,
                "players",
                f"Deaths of Athazar seats {MIN_PLAYERS} to {MAX_PLAYERS} players (Players, "
                "How to Play 2).",
            )
        else:
            for index, name in enumerate(players):
                path = f"players.{index}"
                if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
                    add_problem(problems, path, f"A player's name is 1 to {MAX_NAME} characters.")
                elif lone_surrogate(name):
                    add_problem(
                        problems, path, f"The name holds a lone surrogate ({lone_surrogate(name)})."
                    )
                elif name.strip() in names:
                    add_problem(problems, path, "Two players have this name: tell them apart.")
                else:
                    names.append(name.strip())
        count = len(players) if isinstance(players, list) else 0
        dealer = data.get("dealer", 0)
        if (
            isinstance(dealer, bool)
            or not isinstance(dealer, int)
            or not 0 <= dealer < max(count, 1)
        ):
            add_problem(problems, "dealer", f"The dealer is a seat from 0 to {max(count - 1, 0)}.")
        direction = data.get("pass_direction", RIGHT)
        if direction not in (RIGHT, LEFT):
            add_problem(
                problems,
                "pass_direction",
                "Cards pass to the right or to the left (How to Play 3).",
            )
        deck = data.get("deck_size", DEFAULT_DECK)
        least = count * hand_size(count) + count if count else 0
        if isinstance(deck, bool) or not isinstance(deck, int):
            add_problem(problems, "deck_size", "The deck's size is a whole number of cards.")
        elif not max(least, 1) <= deck <= MAX_DECK:
            add_problem(
                problems,
                "deck_size",
                f"The deck holds {max(least, 1)} to {MAX_DECK} cards: enough to deal every "
                "hand and one deal phase (R160).",
            )
        play_on = data.get("play_on", False)
        if not isinstance(play_on, bool):
            add_problem(problems, "play_on", "Playing on for places is true or false.")
        extra = sorted(
            str(key)
            for key in data
            if key not in ("players", "dealer", "pass_direction", "deck_size", "play_on")
        )
        for key in extra:
            add_problem(problems, key, "Not part of a Deaths of Athazar setup.")
        if problems:
            raise InvalidInput(problems)
        assert isinstance(dealer, int) and isinstance(deck, int) and isinstance(play_on, bool)
        return AthazarSetup(tuple(names), dealer, str(direction), deck, play_on)

    def setup_to_json(self, setup: AthazarSetup) -> dict[str, JSON]:
        return {
            "players": list(setup.players),
            "dealer": setup.dealer,
            "pass_direction": setup.pass_direction,
            "deck_size": setup.deck_size,
            "play_on": setup.play_on,
        }

    def seat_names(self, setup: AthazarSetup) -> tuple[str, ...]:
        return setup.players

    def example_setup(self) -> dict[str, JSON]:
        """Three players, Ana dealing, passing to the right, the default deck (R160)."""
        return {
            "players": list(EXAMPLE_PLAYERS),
            "dealer": 0,
            "pass_direction": RIGHT,
            "deck_size": DEFAULT_DECK,
            "play_on": False,
        }

    def initial_state(self, setup: AthazarSetup) -> AthazarState:
        """The dealer deals every hand (How to Play 2); the token is the player on the
        dealer's right; the first round begins with a pass phase (How to Play 2 and 4)."""
        n = len(setup.players)
        size = hand_size(n)
        seats = tuple(SeatState(name, size) for name in setup.players)
        state = AthazarState(
            seats=seats,
            dealer=setup.dealer,
            direction=1 if setup.pass_direction == RIGHT else -1,
            play_on=setup.play_on,
            deck=setup.deck_size - n * size,
            token=setup.dealer,
        )
        return replace(state, token=_first_token(state, setup.dealer))

    def apply(self, state: AthazarState, action: Action) -> AthazarState:
        if state.phase == OVER:
            raise IllegalAction(f"The game is over: {state.outcome.reason}", "type")
        if action.by is not None and not 0 <= action.by < len(state.seats):
            raise IllegalAction(f"Deaths of Athazar has seats 0 to {len(state.seats) - 1}.", "by")
        handler = _HANDLERS.get(action.type)
        if handler is None:
            raise IllegalAction(f"Deaths of Athazar has no action called {action.type!r}.", "type")
        return handler(state, action)

    def replay_apply(self, state: AthazarState, action: Action) -> AthazarState:
        """As ``apply``; a hand edit it refuses, replayed after an undo or a redo changed
        what came before it, is kept as far as it still fits (R177). Plays never depend on
        a hand (R176), so whether an undo is allowed tells nobody what a hand holds (R50)."""
        try:
            return self.apply(state, action)
        except IllegalAction:
            if action.type not in HAND_TYPES:
                raise
        return _keep_what_fits(state, action)

    def private_edit(self, action: Action) -> bool:
        """A hand entered is its seat's own note: nobody else is asked about it (R177)."""
        return action.type in HAND_TYPES

    # R179: what the table's shared device sends for a seat is checked as if no hand were
    # entered, so neither its answer nor its preview depends on one
    table_knows_secrets = False

    def table_actions(self, state: AthazarState, seat: int) -> tuple[LegalAction, ...]:
        """What the table's shared device may do for ``seat``: the seat's actions as if no
        hand were entered anywhere (a pass by how many cards, a kill or a disruption named
        by its cards), and never a hand edit, which is made on the player's own tablet
        (R179). Nothing listed names or depends on a hand."""
        from referee.rules.athazar.legal import legal_actions

        listed = legal_actions(self.conceal(state, None), seat)
        return tuple(entry for entry in listed if entry.type not in HAND_TYPES)

    def commutes(self, seen: AthazarState, recorded: Action, pending: Action) -> bool:
        """What players do at the same moment (R178): passes of different players in the
        pass phase (How to Play 3), and an edit of one's own hand beside another player's
        action, unless that action is a Merchant's swap or a Sorcerer's gift aimed at the
        editor. Read from the two actions' types, seats and targets and the phase, never
        from a hand."""
        if recorded.by is None or pending.by is None or recorded.by == pending.by:
            return False
        if recorded.type == pending.type == "pass_cards":
            return seen.phase == PASS
        for edit, other in ((recorded, pending), (pending, recorded)):
            if edit.type in HAND_TYPES:
                return not _aimed_at(other, edit.by)
        return False

    def conceal(self, state: AthazarState, viewer: int | None) -> AthazarState:
        """Every other seat's entered hand replaced by the same stand-in: none entered."""
        seats = tuple(
            seat if index == viewer else replace(seat, hand=None, check=False)
            for index, seat in enumerate(state.seats)
        )
        return replace(state, seats=seats)

    def visible_payload(
        self, action: Action, state: AthazarState, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """A seat's hand entries are its own; so are the cards it names in a pass or a
        Sorcerer's gift, which travel face down."""
        if action.by == viewer:
            return action.payload
        if action.type in HAND_TYPES:
            return None
        if action.type in ("pass_cards", "play_effect"):
            hidden = SECRET_FIELDS if action.type == "pass_cards" else {"given"}
            return {k: v for k, v in action.payload.items() if k not in hidden}
        return action.payload

    def describe(
        self, action: Action, setup: AthazarSetup | None = None, viewer: int | None = None
    ) -> str:
        names = setup.players if setup is not None else ()

        def player(seat: object) -> str:
            if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
                return names[seat]
            return f"Seat {seat}"

        who = player(action.by) if action.by is not None else "The table"
        p = action.payload
        own = viewer is not None and viewer == action.by
        line = action.type.replace("_", " ")
        if action.type == "pass_cards":
            count = p.get("count")
            line = {
                0: "passes nothing (only Djinns)",
                2: "passes two cards (a Hunter and one more)",
            }.get(count if isinstance(count, int) else -1, "passes a card")
            named = [str(p[k]) for k in ("card", "second_card") if k in p]
            if own and named:
                line += f": {', '.join(named)}"
        elif action.type == "kill":
            acting = f" (as {a(str(p.get('as')))})" if p.get("as") else ""
            victims = " and ".join(str(p[k]) for k in ("victim", "second_victim") if k in p)
            line = f"{p.get('killer')}{acting} kills {victims}"
        elif action.type == "play_effect":
            card = str(p.get("card"))
            acting = str(p.get("as") or card)
            shown = f"{card} (as {a(acting)})" if p.get("as") else card
            if acting == MERCHANT:
                line = f"plays {shown}: swaps hands with {player(p.get('target'))}"
                keeps, theirs = p.get("keeps", 0), p.get("target_keeps", 0)
                kept = counted(keeps, DJINN) if isinstance(keeps, int) else f"{keeps} {DJINN}s"
                line += f", keeping {kept} to their {theirs}"
            elif acting == SORCERER:
                gift = f" {p.get('given')}" if own and p.get("given") else " a card"
                line = f"plays {shown}: gives{gift} to {player(p.get('target'))}"
            elif acting == WISEMAN:
                line = f"plays {shown}: takes a card from the deck"
            elif acting == PRINCE:
                line = f"plays {shown}: every other player takes a card"
            else:
                line = f"plays {shown}"
        elif action.type == "skip_turn":
            line = "does nothing this turn"
        elif action.type == "deal":
            line = "deals a card to every player"
        elif action.type == "add_card":
            line = f"enters {p.get('card')} in their hand"
        elif action.type == "drop_card":
            line = f"takes {p.get('card')} out of their hand"
        elif action.type == "enter_hand":
            cards = p.get("cards")
            listed = ", ".join(str(c) for c in cards) if isinstance(cards, list) else ""
            line = f"enters their hand: {listed}"
        elif action.type == "forget_hand":
            line = "stops tracking their hand"
        return f"{who}: {line}"

    def describe_secret(self, action: Action, setup: AthazarSetup | None = None) -> str:
        names = setup.players if setup is not None else ()
        by = action.by
        who = names[by] if by is not None and 0 <= by < len(names) else "A player"
        return f"{who}: updates their private hand"

    def aftermath(self, seq: int, state: AthazarState) -> str:
        """What an entry led to that its payload does not say: the deck made again from the
        played cards (How to Play 10)."""
        shuffled = [cards for at, cards in state.reshuffles if at == seq]
        if not shuffled:
            return ""
        return "; ".join(
            f"the deck ran out: {cards} played cards were shuffled into a new deck (How to Play 10)"
            for cards in shuffled
        )

    def legal_actions(self, state: AthazarState, seat: int) -> tuple[LegalAction, ...]:
        from referee.rules.athazar.legal import legal_actions

        return legal_actions(state, seat)

    def view(self, state: AthazarState, viewer: int | None) -> dict[str, JSON]:
        """Everything at the table, and for a seated viewer their own hand as they entered
        it with the kill helper's list (``helper``): nobody else's."""
        from referee.rules.athazar.legal import WARRIORS, hand_view, helper

        active = state.active
        over = state.phase == OVER
        return {
            "round": state.round,
            "phase": state.phase,
            "active_seat": active,
            "dealer": state.dealer,
            "token": state.token,
            "order": list(state.order),
            "pass_direction": RIGHT if state.direction == 1 else LEFT,
            "deck": state.deck,
            "played": state.played,
            "reshuffles": len(state.reshuffles),
            "players": [
                {"name": seat.name, "cards": seat.count, "held": seat.held, "place": seat.place}
                for seat in state.seats
            ],
            "passed": [seat.passing is not None for seat in state.seats],
            "last_plays": [seat.last_play for seat in state.seats],
            "plays": [
                {"round": play.round, "seat": play.seat, "text": play.text}
                for play in reversed(state.plays[-SHOWN_PLAYS:])
            ],
            "hand": hand_view(state, viewer) if viewer is not None else None,
            # what the hand allows, worked out from it: shown beside the controls, and
            # never repeated when the table's device shows the hand (an explanation)
            "helper_explanation": helper(state, viewer) if viewer is not None else None,
            # the cards there are, for a hand editor: no secret, the same for everyone
            "characters": {
                "all": list(TOKENS),
                "named": [c for c in CHARACTERS if c != WARRIOR],
                "warriors": list(WARRIORS),
            },
            "card_names": list(TOKENS) if state.phase == PLAY else [],
            "places": [sorted(place) for place in state.places],
            "summary": _summary(state) if over else None,
            "over": over,
            "winner": state.outcome.winner,
            "reason": state.outcome.reason,
        }


def _summary(state: AthazarState) -> dict[str, JSON]:
    """The end: each place with its players, shared places marked as ties (How to Play 7
    and 9, R166, R173)."""
    return {
        "places": [
            {
                "place": number,
                "names": [state.seats[s].name for s in sorted(place)],
                "tie": len(place) > 1,
                "last_plays": [state.seats[s].last_play for s in sorted(place)],
            }
            for number, place in enumerate(state.places, start=1)
        ],
        "rounds": state.round,
    }


ATHAZAR = AthazarSystem()
