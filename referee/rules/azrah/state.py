"""The AZRAH state: each Guardian, each player and the game as play goes, and what a state
alone tells: the card a Guardian has now, whom its range arrows reach, what play waits for,
and a state as another player may know it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from referee.rules.azrah.cards import Guardian, Position, in_range
from referee.rules.azrah.roster import CELESTIAL_GEMS, MANA_CARDS
from referee.rules.tracker import (
    Clock,
    Counter,
    IllegalAction,
    OncePerTurn,
    Outcome,
    Phase,
    Statuses,
)

STARTING_HEALTH = 3
RECOVERY, ACTION, END = "Recovery", "Action", "End"
GAIN_GEM = "gain a Celestial Gem"  # the Recovery step skipped on the game's first turn (Z1)
PHASES = (
    Phase(RECOVERY, ("heal back row", "attach 2 Mana", GAIN_GEM)),
    Phase(ACTION, ("use abilities", "move two adjacent allies", "escape an injured ally")),
    Phase(END, ("swap escaping or defeated allies", "order emergence abilities")),
)
FROZEN, IMMUNE = "frozen", "immune"
STATUSES = (FROZEN, IMMUNE)
POSITIONS = (Position.LEFT, Position.CENTRE, Position.RIGHT)
# why a front-row Guardian is leaving: its own choice, an effect, or defeat
VOLUNTARY, FORCED, DEFEATED = "voluntary", "forced", "defeated"
# what play waits for before anything else is done
SWAP, RESPOND, RESOLVE, EMERGE = "swap", "respond", "resolve", "emerge"


@dataclass(frozen=True, slots=True)
class Activation:
    """An ability activated and not yet resolved, on the stack (Activating and Resolving
    Abilities): whose, which Guardian's, the targets announced, and what its card says."""

    seat: int
    guardian: str
    ability: str
    emergence: bool = False
    targets: tuple[str, ...] = ()
    target_enemy: bool = False
    quick: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class GuardianState:
    name: str
    base_hit_points: int
    damage: int = 0
    mana: int = 0
    curses: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    transformation: str | None = None
    transformed_hit_points: int | None = None
    statuses: Statuses = field(default_factory=Statuses)
    leaving: str | None = None  # VOLUNTARY, FORCED or DEFEATED while still in the front row
    defeated_this_turn: bool = False
    used_ability: bool = False
    revealed: bool = False  # has been face-up in the front row

    @property
    def hit_points(self) -> int:
        """A Transformation's hit points replace the base form's."""
        if self.transformed_hit_points is not None:
            return self.transformed_hit_points
        return self.base_hit_points

    @property
    def injured(self) -> bool:
        return self.damage > 0

    def stripped(self) -> GuardianState:
        """Without Mana, Curses, Items or Transformation (they go back where they came from)."""
        return replace(
            self,
            mana=0,
            curses=(),
            items=(),
            transformation=None,
            transformed_hit_points=None,
        )


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    front: tuple[str, str, str]
    back: tuple[str, ...]
    guardians: tuple[GuardianState, ...]
    health: Counter = field(default_factory=lambda: Counter(STARTING_HEALTH, 0, None))
    gems: Counter = field(default_factory=lambda: Counter(0, 0, CELESTIAL_GEMS))
    mana_pool: Counter = field(default_factory=lambda: Counter(MANA_CARDS, 0, MANA_CARDS))
    cards: tuple[Guardian, ...] = ()

    def card(self, name: str) -> Guardian | None:
        """The Guardian card of ``name`` as printed, when the setup carries it."""
        return next((card for card in self.cards if card.name == name), None)

    def guardian(self, name: str) -> GuardianState:
        for guardian in self.guardians:
            if guardian.name == name:
                return guardian
        raise IllegalAction(f"{self.name} has no Guardian called {name!r}.", "payload.guardian")

    def with_guardian(self, new: GuardianState) -> PlayerState:
        return replace(
            self,
            guardians=tuple(new if g.name == new.name else g for g in self.guardians),
        )

    def in_front(self, name: str) -> bool:
        return name in self.front


@dataclass(frozen=True, slots=True)
class AzrahState:
    players: tuple[PlayerState, PlayerState]
    clock: Clock
    limits: OncePerTurn = field(default_factory=OncePerTurn)
    recovery_mana: int = 0  # Mana attached in this Recovery phase
    end_swaps: int = 0  # swaps made in this End phase
    entered: tuple[str, ...] = ()  # allies that entered the active front row this End phase
    emergence_order: tuple[str, ...] = ()
    outcome: Outcome = field(default_factory=Outcome)
    transformations: tuple[Guardian, ...] = ()
    stack: tuple[Activation, ...] = ()  # activated, not yet resolved; newest last
    responder: int | None = None  # the seat that may answer the newest activation now
    emerging: tuple[tuple[int, str], ...] = ()  # entered at once (R101), emergence to come
    emerged: tuple[str, ...] = ()  # End-phase entrants whose emergence was activated
    left_end: tuple[str, ...] = ()  # active allies that left the front row this End phase

    @property
    def active(self) -> int:
        return self.clock.active_seat


def face_up(player: PlayerState, name: str) -> bool:
    """Whether the opponent and spectators may see ``name``: it is in the front row, or
    it has been (R52)."""
    if name in player.front:
        return True
    return any(g.name == name and g.revealed for g in player.guardians)


def card_of(state: AzrahState, seat: int, guardian: GuardianState) -> Guardian | None:
    """The card whose abilities and range arrows ``guardian`` has now: its Transformation's
    while transformed, else its own (Transformations, Curses and Items); None when the setup
    carries neither."""
    if guardian.transformation is not None:
        for card in state.transformations:
            if card.name == guardian.transformation and card.base_form == guardian.name:
                return card
        return None
    return state.players[seat].card(guardian.name)


def reachable(state: AzrahState, seat: int, name: str) -> tuple[str, ...]:
    """The front-row enemies the range arrows of ``seat``'s front-row ``name`` point to
    (Range Arrows and Targeting Enemies, R100)."""
    player = state.players[seat]
    card = card_of(state, seat, player.guardian(name))
    if card is None or name not in player.front:
        return ()
    enemy = state.players[1 - seat]
    return tuple(enemy.front[i] for i in in_range(card.range_arrows, player.front.index(name)))


def end_swaps_open(state: AzrahState) -> bool:
    """Whether the active player's End-phase swaps may still be made: fewer than two made,
    no emergence ordered or activated yet (C.1, C.2)."""
    return (
        state.clock.phase.name == END
        and state.end_swaps < 2
        and not state.emerged
        and not state.emergence_order
    )


def ready(state: AzrahState, seat: int) -> tuple[str, ...]:
    """``seat``'s back-row allies that may enter the front row now: none defeated this turn
    (Dealing Damage and Defeating Enemies), none that left it in this End phase (C.1: the
    swaps are simultaneous, R101)."""
    player = state.players[seat]
    left = state.left_end if seat == state.active else ()
    return tuple(
        n for n in player.back if not player.guardian(n).defeated_this_turn and n not in left
    )


def waiting(state: AzrahState) -> tuple[int, str, str] | None:
    """What play waits for before anything else is done, and whose it is: a defeated or
    forced-out Guardian leaving the front row (R101), an answer to the newest ability, the
    newest ability resolving (Activating and Resolving Abilities), an emergence ability of a
    Guardian that entered (R106)."""
    for seat in (state.active, 1 - state.active):
        player = state.players[seat]
        if not ready(state, seat):
            continue
        for name in player.front:
            if player.guardian(name).leaving in (FORCED, DEFEATED):
                return seat, SWAP, name
    if state.stack:
        if state.responder is not None:
            return state.responder, RESPOND, state.stack[-1].guardian
        return state.stack[-1].seat, RESOLVE, state.stack[-1].guardian
    emerging = pending_emerging(state)
    if emerging:
        seat, name = emerging[0]
        return seat, EMERGE, name
    return None


def pending_emerging(state: AzrahState) -> tuple[tuple[int, str], ...]:
    """The allies that entered at once and have yet to activate their emergence ability:
    one that has since left the front row, or is escaping, activates nothing (R106), nor
    one that cannot pay the ability's printed cost (R113)."""
    return tuple(
        (seat, name)
        for seat, name in state.emerging
        if name in state.players[seat].front
        and state.players[seat].guardian(name).leaving is None
        and can_pay_emergence(state, seat, name)
    )


def can_pay_emergence(state: AzrahState, seat: int, name: str) -> bool:
    """Whether ``seat``'s ``name`` can pay its emergence ability's printed cost now: Mana
    attached to it, the player's Celestial Gems. One that cannot is not activated (R113)."""
    player = state.players[seat]
    guardian = player.guardian(name)
    card = card_of(state, seat, guardian)
    if card is None or card.emergence is None:
        return True
    return card.emergence.mana <= guardian.mana and card.emergence.gems <= player.gems.value


def end_emergences(state: AzrahState) -> tuple[str, ...]:
    """The End phase's entrants whose emergence ability is still to be activated, in the
    order the player chose (C.2): empty while that order is still to be chosen."""
    if state.clock.phase.name != END or not state.entered:
        return ()
    if len(state.entered) > 1 and not state.emergence_order:
        return ()
    order = state.emergence_order or state.entered
    player = state.players[state.active]
    pending = []
    for name in order:
        if name in state.emerged or name not in player.front:
            continue
        if player.guardian(name).leaving is not None:
            continue  # an escaping Guardian activates no ability (Moving and Escaping)
        card = card_of(state, state.active, player.guardian(name))
        if card is None or card.emergence is None:
            continue
        if can_pay_emergence(state, state.active, name):
            pending.append(name)
    return tuple(pending)


def concealed(state: AzrahState, viewer: int | None) -> AzrahState:
    """Every other player's face-down back-row Guardians replaced by the same stand-in
    (named by its place in the back row, with 1 hit point, no damage and nothing on
    it): what a preview for ``viewer`` is computed from."""
    players = tuple(
        player if seat == viewer else _conceal_player(player)
        for seat, player in enumerate(state.players)
    )
    return replace(state, players=(players[0], players[1]))


def _conceal_player(player: PlayerState) -> PlayerState:
    hidden = {
        name: f"Face-down Guardian {index}"
        for index, name in enumerate(player.back, start=1)
        if not player.guardian(name).revealed
    }
    if not hidden:
        return player
    guardians = tuple(
        GuardianState(hidden[g.name], 1) if g.name in hidden else g for g in player.guardians
    )
    back = tuple(hidden.get(name, name) for name in player.back)
    cards = tuple(card for card in player.cards if card.name not in hidden)
    return replace(player, back=back, guardians=guardians, cards=cards)
