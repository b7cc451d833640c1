"""The state of a Deaths of Athazar game as the tracker keeps it: the rounds and their phases
(pass, play, deal), the token and the dealer, how many cards each player holds and the hand
they entered (each seat's secret), the deck, the played pile, every play made face up and
the places; with the state a game begins in and the helpers that only read a state, such as
who plays after whom.

Sections cited are the rulebook's "How to Play" 2, 4, 6 and 10; R161-R177 are this project's
rulings.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from referee.rules.athazar.setup import RIGHT, AthazarSetup, hand_size
from referee.rules.tracker import Outcome

PASS, PLAY, DEAL, OVER = "Pass", "Play", "Deal", "Over"


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


# --- seating and order ------------------------------------------------------------------------


def next_in_play(state: AthazarState, seat: int, step: int = 1, skip_dealer: bool = False) -> int:
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


def token_after(state: AthazarState, after: int) -> int:
    """The player to the right of ``after`` still in, never the dealer unless the dealer is
    alone (How to Play 4 and 6, R162)."""
    return next_in_play(state, after, 1, skip_dealer=True)


def initial_state(setup: AthazarSetup) -> AthazarState:
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
    return replace(state, token=token_after(state, setup.dealer))
