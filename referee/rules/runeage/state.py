"""The state of a Rune Age game as the tracker keeps it: the supply, each player's cards and
Home Realm, the round, turn and step, the event deck and the combat under way; and what is
looked up in it: an event card, its strength, a card's strength and a deck's.

The cards stay on the table: the tracker knows which cards each player owns (so it can count
the supply, refuse a card the player does not have and add up a deck's strength), never
which of them are in hand, deck or discard pile. Nothing in this state is secret.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from referee.rules.runeage.cards import UNIT, Event
from referee.rules.runeage.setup import RuneAgeSetup
from referee.rules.tracker import IllegalAction, Outcome

ACTIONS, EVENT = "actions", "event"
BATTLE, SIEGE = "battle", "siege"
ASSAULT, ATTRITION, RESOLUTION = "assault", "attrition", "resolution"
FACTION, NEUTRAL, OTHER = "faction", "neutral", "other"
GOLD, INFLUENCE = "gold", "influence"
ELIMINATED_AT = 20  # Home Realm Cards, Player Elimination
# The attrition die (R181): six faces, each showing 0, 1 or 2 skulls.
BLANK, SKULL, TWO_SKULLS = "blank", "skull", "two skulls"
ATTRITION_FACES: tuple[str, ...] = (BLANK, BLANK, BLANK, SKULL, SKULL, TWO_SKULLS)
SKULLS = {BLANK: 0, SKULL: 1, TWO_SKULLS: 2}


def gold_card(value: int) -> str:
    return f"{value}-gold"


@dataclass(frozen=True, slots=True)
class Played:
    """A card in a combat: ``key`` tells copies apart; ``origin`` says where it returns
    when destroyed (the owner's Barracks, the neutral piles, or nowhere the tracker counts
    for a card typed at the table)."""

    key: str
    name: str
    strength: int
    origin: str
    wounded: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a combat: a player's army (``seat``), or the target card (None)."""

    seat: int | None
    cards: tuple[Played, ...] = ()
    passed: bool = False
    bonus: int = 0  # strength abilities added or took away

    @property
    def strength(self) -> int:
        return max(0, sum(card.strength for card in self.cards) + self.bonus)

    def card(self, key: str) -> Played | None:
        return next((card for card in self.cards if card.key == key), None)


@dataclass(frozen=True, slots=True)
class Combat:
    """A battle (one player against a card) or a siege (against another player)."""

    kind: str
    target: str  # the target's id: stronghold:<name>, city:<name>, enemy:<name>, ...
    target_name: str
    base: int  # a battle: the target's strength; a siege: a city's auto-defense bonus
    attacker: Side
    defender: Side
    step: str = ASSAULT
    # a siege: whose turn it is to play a card or pass, then to apply Resolution abilities
    to_play: int | None = None
    dice: int = 0  # attrition dice still to roll
    skulls: int = 0  # units still to destroy for attrition
    rolls: tuple[str, ...] = ()
    event: bool = False  # against an instant attacking a Home Realm in the event phase
    next_key: int = 1

    @property
    def attack_total(self) -> int:
        return self.attacker.strength

    @property
    def defence_total(self) -> int:
        return max(
            0, self.base + sum(c.strength for c in self.defender.cards) + self.defender.bonus
        )

    def side(self, seat: int | None) -> Side:
        return self.attacker if seat == self.attacker.seat else self.defender


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    race: str
    owned: Mapping[str, int]  # every card of the player's deck, hand and discard pile
    barracks: Mapping[str, int]  # faction units, strongholds and the Monument not yet bought
    damage: int = 0
    eliminated: bool = False
    strongholds: tuple[str, ...] = ()
    cities: tuple[str, ...] = ()
    rewards: tuple[str, ...] = ()
    exhausted: frozenset[str] = frozenset()
    monument: bool = False
    rune_powers: tuple[str, ...] = ()  # the active one; two while the player chooses
    rune_used: bool = False  # this round
    attacked: frozenset[str] = frozenset()  # targets attacked this round


@dataclass(frozen=True, slots=True)
class RuneAgeState:
    setup: RuneAgeSetup
    players: tuple[PlayerState, ...]
    neutral_piles: Mapping[str, int]
    gold_piles: Mapping[int, int]
    central_cities: tuple[str, ...]
    deck: tuple[tuple[str, ...], ...]  # the event cards left, by stage (Stage 1 first)
    round: int = 1
    step: str = ACTIONS
    active: int = 0
    pool_kind: str = ""  # the Spend Gold or Spend Influence action under way
    pool: int = 0
    gold_spent: int = 0
    influence_spent: int = 0
    strength_played: int = 0
    kept: int = 0
    gold_played: Mapping[int, int] = field(default_factory=dict)
    discard: tuple[str, ...] = ()  # the event discard pile
    removed: tuple[str, ...] = ()  # events out of the game
    enemies: tuple[tuple[str, int], ...] = ()  # (enemy, the round it was drawn)
    # instants whose effect lasts during the next round, beside the objective until that
    # round is over: (instant, the round it applies to) (Instant Event Cards, R196)
    lasting: tuple[tuple[str, int], ...] = ()
    drawn: str | None = None  # this event phase's card
    attack_queue: tuple[int, ...] = ()  # players still to battle the attacking instant
    # the first player in play order who may still take the drawn event's damage: the
    # event is resolved for each player in play order (Event Cards & the Event Phase, R200)
    event_turn: int = 0
    event_strength: int = 0  # the attacking instant's strength
    typed_strengths: Mapping[str, int] = field(default_factory=dict)  # events' typed numbers
    combat: Combat | None = None
    built: tuple[int, ...] = ()  # players who built their Monument this round
    rune_choice: int | None = None  # the player choosing which dragon rune power to keep
    spare_runes: tuple[str, ...] = ()  # Runewars' dragon rune powers nobody holds yet
    outcome: Outcome = field(default_factory=Outcome)
    # what a log entry led to that its payload does not say, by the entry's number: who won
    # a combat, which unit was destroyed or wounded (the history says it after the entry)
    notes: tuple[tuple[int, str], ...] = ()

    @property
    def seats(self) -> int:
        return len(self.players)

    def standing(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.players) if not p.eliminated)

    @property
    def first(self) -> int | None:
        """The first player still in the game: the one who draws events (R186)."""
        standing = self.standing()
        return standing[0] if standing else None

    @property
    def deck_size(self) -> int:
        return sum(len(stage) for stage in self.deck)

    @property
    def top_stage(self) -> int | None:
        """The stage the next event comes from (1-based): Stage 1 lies on Stage 2."""
        for index, stage in enumerate(self.deck):
            if stage:
                return index + 1
        return None


# Looking things up --------------------------------------------------------------------------


def event_card(state: RuneAgeState, name: str) -> Event:
    for event in state.setup.cards.scenario(state.setup.scenario).events:
        if event.name == name:
            return event
    raise IllegalAction(f"No event called {name!r}.", "payload.event")


def event_strength(state: RuneAgeState, name: str) -> int:
    """An event's strength: the cards data's, or the number typed when it was drawn."""
    event = event_card(state, name)
    if event.strength is not None:
        return event.strength
    return state.typed_strengths.get(name, 0)


def card_strength(state: RuneAgeState, seat: int, name: str) -> tuple[int, str, str] | None:
    """(strength, origin, kind) of a unit or tactic card ``seat``'s player may own."""
    race = state.setup.cards.race(state.players[seat].race)
    for unit in race.units:
        if unit.name == name:
            return unit.strength, FACTION, UNIT
    for neutral in state.setup.cards.neutrals:
        if neutral.name == name:
            return neutral.strength, NEUTRAL, neutral.kind
    return None


def deck_strength(state: RuneAgeState, seat: int) -> int:
    """The strength of every unit card the player owns, deck, hand and discard pile alike
    (The Monument's tie-break, R190)."""
    total = 0
    for name, count in state.players[seat].owned.items():
        found = card_strength(state, seat, name)
        if found is not None and found[2] == UNIT:
            total += found[0] * count
    return total
