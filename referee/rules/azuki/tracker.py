"""The Azuki TCG table tracker, built on the tracker core.

The physical cards stay on the table. The tracker keeps what players forget or argue about:
each Leader's Health, IKZ and what is tapped, the Garden and the Alley with their limits,
damage that resets, Cooldown, weapons, counts of the deck, hand and discard pile, whose turn
and which combat step, and who won. It never knows which cards are in a hand or in what
order the deck lies: only how many.

Sections cited are the rulebook's headings (``/shared/rules/azuki-tcg.md``): Win Conditions,
The Field (Garden, Alley, Gate), Card Types, Phases (Game Start, Start of Turn Phase, Main
Phase, End of Turn Phase), Playing Entities and Using Gates, Combat Mechanism, Untapping
Gaining IKZ and Drawing, Card Effects, Stats; rulings R140-R155 (``referee.rules.rulings``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.azuki.deck import validate_deck
from referee.rules.checks import Problems, add_problem, check_whole
from referee.rules.errors import InvalidInput
from referee.rules.lists import DECK_SIZE, ELEMENT_MISMATCH, GATE_ELEMENT, TOO_MANY_COPIES
from referee.rules.text import counted, lone_surrogate, possessive
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

OPENING_HAND = 7  # Game Start
GARDEN_SIZE = 5  # The Field: the Garden holds 5 entities besides the Leader
ALLEY_SIZE = 5  # The Field: the Alley
MAX_IKZ = 10  # Start of Turn Phase: Ramp
DECK_CARDS = 50  # Deck Composition, K1
MIN_SETUP_DECK = OPENING_HAND + 1  # R150: a practice deck from a setup JSON
MAX_AMOUNT = 30  # damage, healing or cards at once
MAX_STAT = 99
MAX_NAME = 120
MAX_ORDER = 20

MULLIGAN, START, MAIN = "Game start", "Start of turn", "Main"
GARDEN, ALLEY = "garden", "alley"
LEADER = "leader"
ZONE_NAMES = {GARDEN: "Garden", ALLEY: "Alley"}
ZONE_SIZES = {GARDEN: GARDEN_SIZE, ALLEY: ALLEY_SIZE}
# The IKZ token of the player going second (Untapping, Gaining IKZ and Drawing)
TOKEN_NONE, TOKEN_WAITING, TOKEN_READY, TOKEN_USED = "none", "waiting", "ready", "used"
# Combat steps, in order (Combat Mechanism)
WHEN_ATTACKING, RESPONSE, DEFENDER, DAMAGE, AFTER_ATTACKING = (
    "when_attacking",
    "response",
    "defender",
    "damage",
    "after_attacking",
)
STEPS = (WHEN_ATTACKING, RESPONSE, DEFENDER, DAMAGE, AFTER_ATTACKING)
STEP_NAMES = {
    WHEN_ATTACKING: "1-2. Attacker and target declared; When Attacking effects",
    RESPONSE: "3. Response window",
    DEFENDER: "4. Declare a defender",
    DAMAGE: "5. Resolve damage",
    AFTER_ATTACKING: "6. After Attacking effects",
}
# How an ability may be used (Card Effects: timing windows; Phases: [Response])
ON_PLAY, ACTIVATED, PASSIVE = "on_play", "main", "passive"
TIMINGS = {
    "[on play]": ON_PLAY,
    "[when attacking]": WHEN_ATTACKING,
    "[after attacking]": AFTER_ATTACKING,
    "[response]": RESPONSE,
}
FIRST_BY = ("coin", "chosen")


# --- cards ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ability:
    """What a card's text lets its controller do, as the tracker reads it (R146): when
    (``timing``), from which zone (None: either), Once per Turn, its IKZ cost and whether
    it taps the card."""

    timing: str
    zone: str | None = None
    once_per_turn: bool = False
    cost: int = 0
    taps: bool = False


_KEYWORD = {
    "charge": re.compile(r"\bcharge\b", re.IGNORECASE),
    "defender": re.compile(r"\bdefender\b", re.IGNORECASE),
}
_CARAPACE = re.compile(r"\bcarapace\s+(\d{1,2})\b", re.IGNORECASE)
_PAY = re.compile(r"\bpay\s+(\d{1,2})\s+ikz\b", re.IGNORECASE)
_TAP_COST = re.compile(r"\btap\b[^:]*:", re.IGNORECASE)
_START_EFFECT = re.compile(r"start of (?:each|your|the|every) turn", re.IGNORECASE)
_END_EFFECT = re.compile(r"end of (?:each|your|the|every) turn", re.IGNORECASE)


# What an ability's effect aims at, where Referee reads it whole (R154)
CHOSEN, OWN_LEADER, THEIR_LEADER = "chosen", "own_leader", "their_leader"
_ELEMENT = r"(?:(?P<element>fire|water|earth|lightning|neutral) )?"
_ONE = r"(?:one|a|an|target) "
_AMOUNT = r"(?P<amount>[+-]?\d{1,2})"
_UNTIL_END = r" until (?:the )?end of (?:the )?turn"
_EFFECTS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(f"give {_ONE}{_ELEMENT}entity {_AMOUNT} attack{_UNTIL_END}"), "attack", CHOSEN),
    (re.compile(f"give your leader {_AMOUNT} attack{_UNTIL_END}"), "attack", OWN_LEADER),
    (
        re.compile(f"deal {_AMOUNT} damage to {_ONE}(?P<tapped>tapped )?{_ELEMENT}entity"),
        "damage",
        CHOSEN,
    ),
    (re.compile(f"deal {_AMOUNT} damage to the opponent's leader"), "damage", THEIR_LEADER),
)
_MARKER = re.compile(r"\[[^\]]*\]")


@dataclass(frozen=True, slots=True)
class Effect:
    """What an ability does, for the abilities whose whole effect Referee reads (R154): a
    change of Attack until the end of the turn, or damage; on an entity the player picks
    (of ``element``, tapped when ``tapped``, in either Garden), or on a Leader the text
    names."""

    kind: str  # "attack" or "damage"
    amount: int
    target: str  # CHOSEN, OWN_LEADER or THEIR_LEADER
    element: Element | None = None
    tapped: bool = False

    @property
    def chosen(self) -> bool:
        return self.target == CHOSEN

    def words(self) -> str:
        if self.kind == "attack":
            return f"{self.amount:+d} Attack this turn"
        return f"{self.amount} damage"


def ability_effect(card: CardInfo) -> Effect | None:
    """The effect of ``card``'s ability when its text, past its markers and its cost, is one
    sentence Referee reads whole (R154); None when the players record what it does (R146)."""
    if card.ability is None:
        return None
    text = _MARKER.sub(" ", card.text.lower())
    if ":" in text:
        text = text.split(":", 1)[1]
    text = " ".join(text.split()).strip().rstrip(".").strip()
    for pattern, kind, target in _EFFECTS:
        found = pattern.fullmatch(text)
        if found is None:
            continue
        named = found.groupdict()
        element = Element(named["element"]) if named.get("element") else None
        amount = int(named["amount"])
        if kind == "damage" and amount < 1:
            return None
        return Effect(kind, amount, target, element, bool(named.get("tapped")))
    return None


@dataclass(frozen=True, slots=True)
class CardInfo:
    """A card as the tracker knows it, copied into the setup from the catalog (or given in
    a setup JSON): its stats and text. A stat the card does not give is None."""

    id: str
    name: str
    type: CardType
    element: Element = Element.NEUTRAL
    ikz_cost: int | None = None
    gate_power: int | None = None
    attack: int | None = None
    health: int | None = None
    text: str = ""

    @property
    def charge(self) -> bool:
        return bool(_KEYWORD["charge"].search(self.text))

    @property
    def defender(self) -> bool:
        return bool(_KEYWORD["defender"].search(self.text))

    @property
    def carapace(self) -> int:
        """Carapace written on the card; several mentions add up (Card Effects: stacking)."""
        return sum(int(n) for n in _CARAPACE.findall(self.text))

    @property
    def response(self) -> bool:
        """A [Response] spell, played in the opponent's attack (Card Types: Spells)."""
        return "[response]" in self.text.lower()

    @property
    def ability(self) -> Ability | None:
        """The card's one usable ability (R146), or None when its text has nothing to use:
        a keyword, a passive effect, no text."""
        text = self.text.lower()
        if not text.strip() or self.type in (CardType.SPELL, CardType.GATE):
            return None
        timing = next((t for marker, t in TIMINGS.items() if marker in text), None)
        once = "[once/turn]" in text or "once per turn" in text
        zone = GARDEN if "in garden only" in text else ALLEY if "in alley only" in text else None
        paid = _PAY.search(text)
        cost = int(paid.group(1)) if paid else 0
        taps = bool(_TAP_COST.search(text))
        if timing is None:
            if not (once or zone or paid or taps or ":" in text or "[main]" in text):
                return None
            timing = ACTIVATED
        return Ability(timing, zone, once, cost, taps)

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "id": self.id,
            "name": self.name,
            "type": self.type.value,
            "element": self.element.value,
        }
        for stat in ("ikz_cost", "gate_power", "attack", "health"):
            value = getattr(self, stat)
            if value is not None:
                out[stat] = value
        if self.text:
            out["text"] = self.text
        return out


@dataclass(frozen=True, slots=True)
class DeckCard:
    card: CardInfo
    count: int


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """A player's name, Leader, Gate and main deck (each card with its count)."""

    name: str
    leader: CardInfo
    gate: CardInfo
    deck: tuple[DeckCard, ...]

    @property
    def deck_size(self) -> int:
        return sum(line.count for line in self.deck)

    def card(self, card_id: str) -> CardInfo | None:
        for line in self.deck:
            if line.card.id == card_id:
                return line.card
        return None


@dataclass(frozen=True, slots=True)
class AzukiSetup:
    players: tuple[SeatSetup, SeatSetup]
    first_player: int = 0
    first_player_by: str = "coin"  # R140: "coin" (the app flipped it) or "chosen"


# --- state ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weapon:
    uid: str
    card: CardInfo


@dataclass(frozen=True, slots=True)
class Mods:
    """Changes to a card's Attack, Health and Carapace: until the end of the turn, or
    lasting (an effect that says so; End of Turn Phase)."""

    attack: int = 0
    health: int = 0
    carapace: int = 0
    lasting_attack: int = 0
    lasting_health: int = 0
    lasting_carapace: int = 0

    @property
    def total_attack(self) -> int:
        return self.attack + self.lasting_attack

    @property
    def total_health(self) -> int:
        return self.health + self.lasting_health

    @property
    def total_carapace(self) -> int:
        return self.carapace + self.lasting_carapace

    def end_turn(self) -> Mods:
        return replace(self, attack=0, health=0, carapace=0)

    @property
    def for_this_turn(self) -> bool:
        return bool(self.attack or self.health or self.carapace)


@dataclass(frozen=True, slots=True)
class Entity:
    uid: str
    card: CardInfo
    damage: int = 0
    tapped: bool = False
    entered_garden: int | None = None  # the turn it entered the Garden (Cooldown)
    weapons: tuple[Weapon, ...] = ()
    mods: Mods = field(default_factory=Mods)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def attack(self) -> int:
        base = self.card.attack or 0
        return max(0, base + sum(w.card.attack or 0 for w in self.weapons) + self.mods.total_attack)

    @property
    def health(self) -> int:
        return max(0, (self.card.health or 0) + self.mods.total_health)

    @property
    def carapace(self) -> int:
        return max(0, self.card.carapace + self.mods.total_carapace)

    @property
    def remaining(self) -> int:
        return max(0, self.health - self.damage)


@dataclass(frozen=True, slots=True)
class Leader:
    card: CardInfo
    health: int  # current Health; never above the card's (Stats: no overheal)
    tapped: bool = False
    weapons: tuple[Weapon, ...] = ()
    mods: Mods = field(default_factory=Mods)

    @property
    def max_health(self) -> int:
        return self.card.health or 0

    @property
    def attack(self) -> int:
        """The Leader's Attack: its weapons' and this turn's changes (R153)."""
        base = self.card.attack or 0
        return max(0, base + sum(w.card.attack or 0 for w in self.weapons) + self.mods.total_attack)


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    leader: Leader
    gate: CardInfo
    deck: int
    hand: int = 0
    discard: int = 0
    ikz: int = 0  # IKZ in the IKZ area (usable)
    ikz_tapped: int = 0
    token: str = TOKEN_NONE
    mulligan: str | None = None  # "kept" or "mulliganed" once decided (Game Start)
    gate_tapped: bool = False
    garden: tuple[Entity, ...] = ()
    alley: tuple[Entity, ...] = ()
    cards: tuple[CardInfo, ...] = ()  # the deck list, one entry per card ID

    def card(self, card_id: object) -> CardInfo | None:
        return next((card for card in self.cards if card.id == card_id), None)

    @property
    def ikz_untapped(self) -> int:
        return self.ikz - self.ikz_tapped

    @property
    def ikz_pile(self) -> int:
        return MAX_IKZ - self.ikz

    def zone(self, name: str) -> tuple[Entity, ...]:
        return self.garden if name == GARDEN else self.alley

    def find(self, uid: str) -> tuple[str, Entity] | None:
        for zone in (GARDEN, ALLEY):
            for entity in self.zone(zone):
                if entity.uid == uid:
                    return zone, entity
        return None

    def with_zone(self, name: str, entities: tuple[Entity, ...]) -> PlayerState:
        return replace(self, garden=entities) if name == GARDEN else replace(self, alley=entities)

    def put(self, entity: Entity) -> PlayerState:
        """``entity`` changed where it is."""
        found = self.find(entity.uid)
        assert found is not None
        zone = found[0]
        return self.with_zone(
            zone, tuple(entity if e.uid == entity.uid else e for e in self.zone(zone))
        )

    def without(self, uid: str) -> PlayerState:
        return replace(
            self,
            garden=tuple(e for e in self.garden if e.uid != uid),
            alley=tuple(e for e in self.alley if e.uid != uid),
        )


@dataclass(frozen=True, slots=True)
class Combat:
    """An attack in progress (Combat Mechanism): who attacks what, and the step it is at."""

    seat: int  # the attacking player
    attacker: str  # "leader" or an entity's uid
    target: str  # "leader" or an entity's uid of the other player
    step: str = WHEN_ATTACKING
    defender: str | None = None  # the Defender declared, now the target
    responses: int = 0
    dealt: Preview | None = None  # what the damage step did, once resolved (step 6 shows it)


@dataclass(frozen=True, slots=True)
class AzukiState:
    players: tuple[PlayerState, PlayerState]
    first_player: int
    turn: int = 0  # 0 during Game Start
    phase: str = MULLIGAN
    combat: Combat | None = None
    used: frozenset[str] = frozenset()  # Once per Turn keys, and "gate"
    on_play: str | None = None  # the card just played whose [On Play] may be used now
    start_effects: tuple[str, ...] = ()  # start-of-turn effects waiting for their order
    start_order: tuple[str, ...] = ()
    next_uid: int = 1
    last_turn_end: tuple[str, ...] = ()  # what the last end of turn did, itemised
    last_portal: tuple[str, ...] = ()
    outcome: Outcome = field(default_factory=Outcome)

    @property
    def active(self) -> int:
        return (self.first_player + max(self.turn, 1) - 1) % 2

    @property
    def round(self) -> int:
        return (max(self.turn, 1) - 1) // 2 + 1


Handler = Callable[[AzukiState, Action], AzukiState]


def entity_in_cooldown(state: AzukiState, entity: Entity) -> bool:
    """An entity that entered the Garden this turn, played or portaled, has Cooldown; Charge
    lifts it (Playing Entities and Using Gates, R145)."""
    return entity.entered_garden == state.turn and not entity.card.charge


# --- the combat preview ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Preview:
    """What resolving the damage step would do, before it is committed (Combat Mechanism)."""

    attacker: str
    target: str
    to_target: int  # damage the target takes
    to_attacker: int  # damage the attacker takes
    destroyed: tuple[str, ...]  # names of the entities it destroys
    leader_health: tuple[tuple[int, int, int], ...]  # (seat, before, after) per Leader hit
    lines: tuple[str, ...]


def _piece_name(player: PlayerState, piece: str) -> str:
    if piece == LEADER:
        return f"{possessive(player.name)} Leader {player.leader.card.name}"
    found = player.find(piece)
    # an entity by its id, its name and a number, as the board shows it ("Grunt #3")
    return f"{possessive(player.name)} {found[1].uid if found else 'card (gone)'}"


def _absorb(damage: int, carapace: int) -> int:
    """Damage after Carapace, which subtracts from each amount dealt to the card (R147)."""
    return max(0, damage - carapace)


def combat_preview(state: AzukiState) -> Preview | None:
    """Damage as it would resolve now: dealt at the same time both ways; a Leader without
    Attack deals none back; Carapace subtracts (Combat Mechanism, R147). A piece that has
    left the field deals and takes nothing (R148). None once the damage is dealt: the attack
    then keeps what was dealt (``Combat.dealt``)."""
    combat = state.combat
    if combat is None or combat.dealt is not None:
        return None
    me, them = state.players[combat.seat], state.players[1 - combat.seat]
    target = combat.defender or combat.target
    attacker_name, target_name = _piece_name(me, combat.attacker), _piece_name(them, target)
    hitter = _attack_of(me, combat.attacker)
    back = _attack_of(them, target)
    if hitter is None or back is None:
        gone = attacker_name if hitter is None else target_name
        line = f"{gone} has left the field: no damage is dealt (R148)."
        return Preview(attacker_name, target_name, 0, 0, (), (), (line,))
    to_target = _absorb(hitter, _carapace_of(them, target))
    to_attacker = _absorb(back, _carapace_of(me, combat.attacker))
    destroyed: list[str] = []
    leaders: list[tuple[int, int, int]] = []
    lines = [
        f"{attacker_name} deals {to_target} to {target_name}.",
        f"{target_name} deals {to_attacker} back to {attacker_name}."
        if back
        else f"{target_name} has no Attack and deals nothing back.",
    ]
    for seat, player, piece, amount in (
        (1 - combat.seat, them, target, to_target),
        (combat.seat, me, combat.attacker, to_attacker),
    ):
        if piece == LEADER:
            after = max(0, player.leader.health - amount)
            leaders.append((seat, player.leader.health, after))
            lines.append(
                f"{possessive(player.name)} Leader: Health {player.leader.health} → {after}"
                + (" (loses the game)" if after == 0 else "")
                + "."
            )
        else:
            found = player.find(piece)
            if found is not None and found[1].damage + amount >= found[1].health:
                destroyed.append(f"{possessive(player.name)} {found[1].uid}")
                lines.append(f"{possessive(player.name)} {found[1].uid} is destroyed.")
    return Preview(
        attacker_name,
        target_name,
        to_target,
        to_attacker,
        tuple(destroyed),
        tuple(leaders),
        tuple(lines),
    )


def _attack_of(player: PlayerState, piece: str) -> int | None:
    if piece == LEADER:
        return player.leader.attack
    found = player.find(piece)
    return found[1].attack if found is not None and found[0] == GARDEN else None


def _carapace_of(player: PlayerState, piece: str) -> int:
    if piece == LEADER:
        return 0
    found = player.find(piece)
    return found[1].carapace if found is not None else 0


# --- the system -----------------------------------------------------------------------------


def _fields(*fields: PayloadField) -> tuple[PayloadField, ...]:
    return fields


_PAY_FIELDS = _fields(
    PayloadField("use_token", "bool", "pay 1 IKZ with the one-use IKZ token", False),
    PayloadField("cost", "int", "its IKZ cost (for a card the catalog gives none)", False),
)
_TARGET = _fields(
    PayloadField("seat", "int", "the card's controller"),
    PayloadField(
        "target", "str", "'leader' or an entity's id (its name and number: \"Ashen Hound #3\")"
    ),
)


class AzukiSystem(System[AzukiSetup, AzukiState]):
    slug = "azuki"
    name = "Azuki TCG"
    action_types = (
        ActionType("keep_hand", "Keep the opening hand of 7 (Game Start)."),
        ActionType(
            "mulligan",
            "Once per game: the hand to the bottom of the deck, draw 7, shuffle (Game Start).",
        ),
        ActionType(
            "order_effects",
            "The active player orders the start-of-turn effects of both players.",
            (PayloadField("order", "list[str]", "the effects, first to resolve first"),),
        ),
        ActionType(
            "play_entity",
            "Play an entity from the hand into the Garden or the Alley, tapping IKZ for its cost.",
            (
                PayloadField("card", "str", "card"),
                PayloadField("zone", "str", "the row: garden or alley"),
                PayloadField("replace", "str", "the entity it replaces (the row is full)", False),
                *_PAY_FIELDS,
            ),
        ),
        ActionType(
            "play_spell",
            "Play a spell: a [Main] spell in one's own Main phase, a [Response] spell in the "
            "opponent's attack.",
            (PayloadField("card", "str", "card"), *_PAY_FIELDS),
        ),
        ActionType(
            "play_weapon",
            "Attach a weapon to the Leader or an entity in the Garden.",
            (
                PayloadField("card", "str", "card"),
                PayloadField("bearer", "str", "onto: the Leader or a Garden entity"),
                *_PAY_FIELDS,
            ),
        ),
        ActionType(
            "use_ability",
            "Use the ability of the Leader or an entity (its timing, zone and Once per Turn "
            "as its text says), paying its IKZ. Where Referee applies the effect itself, the "
            "target is an entity's id, or 'leader' for the Leader its text names (R154).",
            (
                PayloadField("source", "str", "the card whose ability it is"),
                PayloadField("target", "str", "the target", False),
                PayloadField("use_token", "bool", "pay 1 with the IKZ token", False),
            ),
        ),
        ActionType(
            "portal",
            "Tap the Gate to move an entity from the Alley to the Garden (once per turn).",
            (
                PayloadField("entity", "str", "the Alley entity to portal"),
                PayloadField(
                    "replace", "str", "the Garden entity it replaces (the Garden is full)", False
                ),
            ),
        ),
        ActionType(
            "attack",
            "Declare an attacker and its target (Combat Mechanism 1).",
            (
                PayloadField("attacker", "str", "the attacker: the Leader or a Garden entity"),
                PayloadField("target", "str", "target"),
            ),
        ),
        ActionType(
            "continue_combat",
            "Finish the current combat step: no more [When Attacking], no more [Response], "
            "no defender, or done [After Attacking].",
            (
                PayloadField(
                    "step", "str", "the step being finished (refused if it has passed)", False
                ),
            ),
        ),
        ActionType(
            "declare_defender",
            "The defending player's untapped Defender taps and becomes the target.",
            (PayloadField("defender", "str", "the Defender"),),
        ),
        ActionType(
            "resolve_damage",
            "Deal the combat damage as previewed (Combat Mechanism 5). The fields, as the "
            "legal action lists them, record who took how much; refused if it has changed.",
            (
                PayloadField("attacker", "str", "the attacker, as previewed", False),
                PayloadField("target", "str", "the target (or defender), as previewed", False),
                PayloadField("to_target", "int", "damage the target takes", False),
                PayloadField("to_attacker", "int", "damage the attacker takes", False),
            ),
        ),
        ActionType(
            "end_turn",
            "End the turn: end-of-turn effects in order, damage and stats reset, weapons to "
            "the discard; the next turn starts (draw, IKZ, untap).",
            (
                PayloadField(
                    "order", "list[str]", "the end-of-turn effects, first to resolve first", False
                ),
            ),
        ),
        ActionType(
            "deal_damage",
            "A card effect deals damage to a Leader or an entity (Carapace subtracts).",
            (*_TARGET, PayloadField("amount", "int", "damage")),
        ),
        ActionType(
            "heal",
            "A card effect restores Health or removes damage, never past the maximum.",
            (*_TARGET, PayloadField("amount", "int", "Health restored")),
        ),
        ActionType(
            "adjust_stats",
            "A card effect changes an entity's or Leader's Attack, Health or Carapace, until "
            "the end of the turn or lasting.",
            (
                *_TARGET,
                PayloadField("attack", "int", "Attack change", False),
                PayloadField("health", "int", "Health change", False),
                PayloadField("carapace", "int", "Carapace change", False),
                PayloadField("lasting", "bool", "lasting beyond this turn", False),
            ),
        ),
        ActionType(
            "draw",
            "A card effect makes a player draw (drawing from an empty deck loses).",
            (
                PayloadField("seat", "int", "the player"),
                PayloadField("count", "int", "cards"),
            ),
        ),
        ActionType(
            "discard",
            "A card effect discards cards from a player's hand.",
            (
                PayloadField("seat", "int", "the player"),
                PayloadField("count", "int", "cards"),
            ),
        ),
        ActionType(
            "return_from_discard",
            "A card effect returns cards from a player's discard pile to their hand.",
            (
                PayloadField("seat", "int", "the player"),
                PayloadField("count", "int", "cards"),
            ),
        ),
        ActionType(
            "destroy",
            "A card effect destroys an entity (to the discard pile, with its weapons).",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("entity", "str", "its id"),
            ),
        ),
        ActionType(
            "return_to_hand",
            "A card effect returns an entity to its owner's hand (its weapons to the discard).",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("entity", "str", "its id"),
            ),
        ),
        ActionType(
            "put_into_play",
            "A card effect puts an entity of a player's deck list onto their field; when the "
            "row is full, that player picks the entity it replaces (R142).",
            (
                PayloadField("seat", "int", "the player whose field it enters"),
                PayloadField("card", "str", "card"),
                PayloadField("zone", "str", "the row: garden or alley"),
                PayloadField("source", "str", "where it comes from: hand, deck or discard"),
                PayloadField("replace", "str", "the entity it replaces (the row is full)", False),
            ),
        ),
        ActionType(
            "swap_rows",
            "A card effect swaps a Garden entity and an Alley entity (nothing is replaced).",
            (
                PayloadField("seat", "int", "their controller"),
                PayloadField("garden", "str", "the Garden entity"),
                PayloadField("alley", "str", "the Alley entity"),
            ),
        ),
    )

    # setup ----------------------------------------------------------------------------------

    def setup_from_json(self, data: Mapping[str, JSON]) -> AzukiSetup:
        """``{"first_player": 0|1, "first_player_by": "coin"|"chosen", "players": [two
        {"name", "leader": card, "gate": card, "deck": [{card fields..., "count"}]}]}``,
        a card being ``{"id", "name", "type", "element", "ikz_cost", "gate_power",
        "attack", "health", "text"}`` as the catalog gives it."""
        problems: Problems = {}
        if not isinstance(data, Mapping):
            raise InvalidInput({"setup": ["The setup must be an object."]})
        first = data.get("first_player", 0)
        if first not in (0, 1) or isinstance(first, bool):
            add_problem(problems, "first_player", "The first player is seat 0 or seat 1.")
        by = data.get("first_player_by", "coin")
        if by not in FIRST_BY:
            add_problem(
                problems,
                "first_player_by",
                'Say how the first player was chosen: "coin" (the app\'s flip) or "chosen".',
            )
        players = data.get("players")
        seats: list[SeatSetup] = []
        if not isinstance(players, list) or len(players) != 2:
            add_problem(problems, "players", "Azuki TCG needs exactly two players.")
        else:
            for index, player in enumerate(players):
                seat = _seat_setup(problems, f"players.{index}", player)
                if seat is not None:
                    seats.append(seat)
        if problems:
            raise InvalidInput(problems)
        return AzukiSetup((seats[0], seats[1]), int(first), str(by))

    def setup_to_json(self, setup: AzukiSetup) -> dict[str, JSON]:
        return {
            "first_player": setup.first_player,
            "first_player_by": setup.first_player_by,
            "players": [
                {
                    "name": seat.name,
                    "leader": seat.leader.to_json(),
                    "gate": seat.gate.to_json(),
                    "deck": [{**line.card.to_json(), "count": line.count} for line in seat.deck],
                }
                for seat in setup.players
            ],
        }

    def seat_names(self, setup: AzukiSetup) -> tuple[str, ...]:
        return tuple(seat.name for seat in setup.players)

    def example_setup(self) -> dict[str, JSON]:
        """Two decks of the demonstration catalog, Ana playing first."""
        from referee.rules.azuki.example import EXAMPLE_SETUP

        return self.setup_to_json(EXAMPLE_SETUP)

    def initial_state(self, setup: AzukiSetup) -> AzukiState:
        """Each Leader at its Health, 7 cards drawn, 0 IKZ (Game Start; Untapping, Gaining
        IKZ and Drawing); the player going second holds the IKZ token from their first turn."""
        players = tuple(
            PlayerState(
                seat.name,
                Leader(seat.leader, seat.leader.health or 1),
                seat.gate,
                deck=seat.deck_size - OPENING_HAND,
                hand=OPENING_HAND,
                token=TOKEN_NONE if index == setup.first_player else TOKEN_WAITING,
                cards=tuple(line.card for line in seat.deck),
            )
            for index, seat in enumerate(setup.players)
        )
        return AzukiState((players[0], players[1]), setup.first_player)

    # actions --------------------------------------------------------------------------------

    def apply(self, state: AzukiState, action: Action) -> AzukiState:
        return self._handler(state, action)(state, action)

    def _handler(self, state: AzukiState, action: Action) -> Handler:
        if state.outcome.over:
            raise IllegalAction(f"The game is over: {state.outcome.reason}", "type")
        if action.by is not None and action.by not in (0, 1):
            raise IllegalAction("Only seats 0 and 1 play Azuki TCG.", "by")
        handler = _HANDLERS.get(action.type)
        if handler is None:
            raise IllegalAction(f"Azuki TCG has no action called {action.type!r}.", "type")
        return handler

    def replay_apply(self, state: AzukiState, action: Action) -> AzukiState:
        """As ``apply``, but a stored use of an ability with no target, recorded before
        Referee applied that ability's effect itself (R154), replays as it was recorded:
        its cost only, the players having recorded the effect."""
        handler = self._handler(state, action)
        if action.type == "use_ability" and "target" not in action.payload:
            return _use_ability(state, action, stored=True)
        return handler(state, action)

    def over(self, state: AzukiState) -> bool:
        """A win or a draw (Win Conditions, R149): both Leaders at 0 at once has no winner
        and is over all the same."""
        return state.outcome.over

    def commutes(self, seen: AzukiState, recorded: Action, pending: Action) -> bool:
        """Game Start is the one step the two players take at the same time (R155): each
        keeps or mulligans without waiting for the other, so one seat's decision recorded
        since the other looked changes nothing of theirs. Everything else is played in
        turn, so nothing else commutes."""
        decisions = ("keep_hand", "mulligan")
        return (
            seen.phase == MULLIGAN
            and recorded.type in decisions
            and pending.type in decisions
            and recorded.by is not None
            and pending.by is not None
            and recorded.by != pending.by
        )

    def check_new_setup(self, setup: AzukiSetup) -> None:
        """A new game's decks follow Deck Composition and Elements as a saved deck does
        (K1-K3), checked by the deck validator: at most 4 copies of a card ID, every card of
        the Leader's element or Neutral, the Gate of the Leader's own element. Only the size
        is relaxed for a practice deck (R150), as ``setup_from_json`` reads it."""
        problems: Problems = {}
        for index, seat in enumerate(setup.players):
            _check_seat_deck(problems, f"players.{index}", seat)
        if problems:
            raise InvalidInput(problems)

    def legal_actions(self, state: AzukiState, seat: int) -> tuple[LegalAction, ...]:
        from referee.rules.azuki.legal import legal_actions

        return legal_actions(state, seat)

    def view(self, state: AzukiState, viewer: int | None) -> dict[str, JSON]:
        """The whole table: Referee holds no secret in Azuki (R141), so every viewer gets
        the same view."""
        from referee.rules.azuki.words import state_view

        return state_view(state)

    def describe(
        self, action: Action, setup: AzukiSetup | None = None, viewer: int | None = None
    ) -> str:
        from referee.rules.azuki.words import describe

        return describe(action, setup)


def _text(problems: Problems, path: str, value: object, what: str, most: int = MAX_NAME) -> str:
    if not isinstance(value, str) or not 0 < len(value.strip()) <= most or lone_surrogate(value):
        add_problem(problems, path, f"{what} is 1 to {most} characters of text.")
        return ""
    return value.strip()


def _stat(problems: Problems, path: str, data: Mapping[str, Any], name: str) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    check_whole(problems, f"{path}.{name}", value, 0, MAX_STAT, name.replace("_", " "))
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _card(
    problems: Problems, path: str, data: object, kinds: tuple[CardType, ...]
) -> CardInfo | None:
    if not isinstance(data, Mapping):
        add_problem(problems, path, "A card is an object with id, name, type and its stats.")
        return None
    before = sum(len(v) for v in problems.values())
    card_id = _text(problems, f"{path}.id", data.get("id"), "A card ID", 40)
    name = _text(problems, f"{path}.name", data.get("name"), "A card's name")
    try:
        kind = CardType(str(data.get("type")))
    except ValueError:
        kind = None
    if kind not in kinds:
        wanted = " or ".join(k.value for k in kinds)
        add_problem(problems, f"{path}.type", f"The card's type must be {wanted}.")
    try:
        element = Element(str(data.get("element", "neutral")))
    except ValueError:
        add_problem(
            problems, f"{path}.element", "The element is fire, water, earth, lightning or neutral."
        )
        element = Element.NEUTRAL
    text = data.get("text", "")
    if not isinstance(text, str) or len(text) > 2000 or lone_surrogate(text):
        add_problem(problems, f"{path}.text", "A card's text is text of at most 2000 characters.")
        text = ""
    stats = {
        s: _stat(problems, path, data, s) for s in ("ikz_cost", "gate_power", "attack", "health")
    }
    if kind in (CardType.LEADER, CardType.ENTITY) and not stats["health"]:
        add_problem(
            problems, f"{path}.health", "A Leader or an entity needs its Health (at least 1)."
        )
    if sum(len(v) for v in problems.values()) > before or kind is None:
        return None
    return CardInfo(card_id, name, kind, element, text=text, **stats)


def _seat_setup(problems: Problems, path: str, data: object) -> SeatSetup | None:
    if not isinstance(data, Mapping):
        add_problem(problems, path, "Each player is an object with a name, Leader, Gate and deck.")
        return None
    name = _text(problems, f"{path}.name", data.get("name"), "A player's name")
    leader = _card(problems, f"{path}.leader", data.get("leader"), (CardType.LEADER,))
    gate = _card(problems, f"{path}.gate", data.get("gate"), (CardType.GATE,))
    deck = data.get("deck")
    lines: list[DeckCard] = []
    if not isinstance(deck, list) or not deck:
        add_problem(problems, f"{path}.deck", "The deck lists its cards, each with a count.")
    else:
        seen: set[str] = set()
        for index, item in enumerate(deck[:DECK_CARDS]):
            where = f"{path}.deck.{index}"
            card = _card(problems, where, item, (CardType.ENTITY, CardType.SPELL, CardType.WEAPON))
            count = item.get("count", 1) if isinstance(item, Mapping) else None
            check_whole(problems, f"{where}.count", count, 1, DECK_CARDS, "A card's count")
            if card is not None and card.id in seen:
                add_problem(problems, f"{where}.id", f"{card.id} is listed twice: give one count.")
            elif card is not None and isinstance(count, int) and not isinstance(count, bool):
                seen.add(card.id)
                lines.append(DeckCard(card, count))
        if len(deck) > DECK_CARDS:
            add_problem(problems, f"{path}.deck", f"A deck has at most {DECK_CARDS} cards.")
        size = sum(line.count for line in lines)
        if lines and not MIN_SETUP_DECK <= size <= DECK_CARDS:
            add_problem(
                problems,
                f"{path}.deck",
                f"The deck holds {counted(size, 'card')}; a game needs {MIN_SETUP_DECK} to "
                f"{DECK_CARDS} "
                f"(a legal deck is exactly {DECK_CARDS}: Deck Composition, R150).",
            )
    if not name or leader is None or gate is None or not lines:
        return None
    return SeatSetup(name, leader, gate, tuple(lines))


def _deck_card_of(card: CardInfo) -> Card:
    return Card(
        card.id,
        card.name,
        card.type,
        card.element,
        card.ikz_cost,
        card.gate_power,
        card.attack,
        card.health,
        card.text,
    )


def _check_seat_deck(problems: Problems, path: str, seat: SeatSetup) -> None:
    """Every problem the deck validator finds with ``seat``'s Leader, Gate and deck, but
    the deck's size (R150), each named by the field of the setup that causes it."""
    deck = Deck(
        leader=DeckLine(1, seat.leader.id, _deck_card_of(seat.leader)),
        gate=DeckLine(1, seat.gate.id, _deck_card_of(seat.gate)),
        cards=tuple(
            DeckLine(line.count, line.card.id, _deck_card_of(line.card)) for line in seat.deck
        ),
    )
    where = {line.card.id: index for index, line in enumerate(seat.deck)}
    for problem in validate_deck(deck).errors:
        if problem.code == DECK_SIZE:
            continue
        card_id = problem.entries[0] if problem.entries else None
        if problem.code == GATE_ELEMENT:
            field_name = f"{path}.gate.element"
        elif card_id in where and problem.code == TOO_MANY_COPIES:
            field_name = f"{path}.deck.{where[card_id]}.count"
        elif card_id in where and problem.code == ELEMENT_MISMATCH:
            field_name = f"{path}.deck.{where[card_id]}.element"
        elif card_id in where:
            field_name = f"{path}.deck.{where[card_id]}"
        else:
            field_name = f"{path}.deck"
        add_problem(problems, field_name, f"{problem.message} ({problem.rule})")


# --- helpers --------------------------------------------------------------------------------


def _set(state: AzukiState, seat: int, player: PlayerState) -> AzukiState:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=(players[0], players[1]))


def _seat_field(action: Action) -> int:
    seat: int = payload_value(action.payload, "seat", int)
    if seat not in (0, 1):
        raise IllegalAction("A seat is 0 or 1.", "payload.seat")
    return seat


def _acting(state: AzukiState, action: Action, seat: int, what: str) -> None:
    """Only ``seat`` may do this now (the table's device acts for it)."""
    if action.by is not None and action.by != seat:
        raise IllegalAction(f"Only {state.players[seat].name} can {what} now.", "by")


def _playing(state: AzukiState) -> None:
    if state.phase == MULLIGAN:
        raise IllegalAction("Both players first keep their hand or mulligan (Game Start).", "type")


def _main(state: AzukiState, action: Action, what: str) -> int:
    """The active player's Main phase, outside an attack (Main Phase)."""
    _playing(state)
    seat = state.active
    _acting(state, action, seat, what)
    if state.phase == START:
        raise IllegalAction("Order the start-of-turn effects first (Start of Turn Phase).", "type")
    if state.combat is not None:
        raise IllegalAction(
            f"An attack is under way ({STEP_NAMES[state.combat.step]}): finish it first "
            "(Combat Mechanism, R148).",
            "type",
        )
    return seat


def _deck_card(player: PlayerState, action: Action, kind: CardType) -> CardInfo:
    card_id: str = payload_value(action.payload, "card", str)
    card = player.card(card_id)
    if card is None:
        raise IllegalAction(
            f"{card_id!r} is not a card of {possessive(player.name)} deck.", "payload.card"
        )
    if card.type is not kind:
        raise IllegalAction(
            f"{card.name} is a {card.type.value}, not a {kind.value}.", "payload.card"
        )
    return card


def _pay(player: PlayerState, cost: int, action: Action, what: str) -> PlayerState:
    """Tap IKZ for ``cost``; the IKZ token pays 1 and is gone (Untapping, Gaining IKZ and
    Drawing). Refused when the untapped IKZ are too few."""
    use_token: bool = payload_value(action.payload, "use_token", bool, False)
    token = player.token
    if use_token:
        if token != TOKEN_READY:
            why = {
                TOKEN_NONE: "only the player going second has one",
                TOKEN_WAITING: "it is usable from their first turn",
                TOKEN_USED: "it was used already",
            }[token]
            raise IllegalAction(
                f"{player.name} has no IKZ token to use: {why}.", "payload.use_token"
            )
        if cost < 1:
            raise IllegalAction(f"{what} costs nothing: keep the IKZ token.", "payload.use_token")
        cost -= 1
        token = TOKEN_USED
    if cost > player.ikz_untapped:
        raise IllegalAction(
            f"{what} needs {cost} IKZ and {player.name} has {player.ikz_untapped} untapped "
            "(Stats: IKZ Cost).",
            "payload.card" if "card" in action.payload else "type",
        )
    return replace(player, ikz_tapped=player.ikz_tapped + cost, token=token)


def _cost(card: CardInfo, action: Action) -> int:
    """The card's IKZ cost from the catalog, else the one typed in the payload."""
    if card.ikz_cost is not None:
        if "cost" in action.payload:
            raise IllegalAction(
                f"{card.name} costs {card.ikz_cost} IKZ, from the catalog: leave 'cost' out.",
                "payload.cost",
            )
        return card.ikz_cost
    cost: int = payload_value(action.payload, "cost", int)
    if not 0 <= cost <= MAX_IKZ:
        raise IllegalAction(f"An IKZ cost is 0 to {MAX_IKZ}.", "payload.cost")
    return cost


def _from_hand(player: PlayerState) -> PlayerState:
    if player.hand < 1:
        raise IllegalAction(f"{player.name} has no card in hand to play.", "type")
    return replace(player, hand=player.hand - 1)


def _new_uid(state: AzukiState, card: CardInfo) -> tuple[AzukiState, str]:
    """A new id for a card entering the field: its name and a number, so that the history
    and the log read in words ("Ashen Hound #3")."""
    return replace(state, next_uid=state.next_uid + 1), f"{card.name} #{state.next_uid}"


def _leave(player: PlayerState, entity: Entity, to_hand: bool = False) -> PlayerState:
    """An entity leaves the field: to the discard pile (or the hand), its weapons to the
    discard pile; its stats and effects are gone (Card Types: Weapons; Card Effects)."""
    player = player.without(entity.uid)
    discarded = len(entity.weapons) + (0 if to_hand else 1)
    return replace(player, discard=player.discard + discarded, hand=player.hand + int(to_hand))


def _enter(
    state: AzukiState, seat: int, zone: str, entity: Entity, action: Action
) -> tuple[AzukiState, str | None]:
    """``entity`` enters ``zone``; a full row replaces the entity named in ``replace``,
    which goes to the discard pile and is not destroyed (The Field, R142)."""
    player = state.players[seat]
    row = player.zone(zone)
    replaced: str | None = None
    if len(row) >= ZONE_SIZES[zone]:
        uid = action.payload.get("replace")
        if not isinstance(uid, str):
            raise IllegalAction(
                f"{possessive(player.name)} {ZONE_NAMES[zone]} is full ({ZONE_SIZES[zone]}): "
                "choose the entity it replaces (The Field).",
                "payload.replace",
            )
        old = next((e for e in row if e.uid == uid), None)
        if old is None:
            raise IllegalAction(
                f"{uid!r} is not an entity in {possessive(player.name)} {ZONE_NAMES[zone]}.",
                "payload.replace",
            )
        player = _leave(player, old)
        replaced = old.name
    elif action.payload.get("replace") is not None:
        raise IllegalAction(
            f"{possessive(player.name)} {ZONE_NAMES[zone]} has room: nothing is replaced.",
            "payload.replace",
        )
    if zone == GARDEN:
        entity = replace(entity, entered_garden=state.turn)
    player = player.with_zone(zone, (*player.zone(zone), entity))
    return _set(state, seat, player), replaced


def _entity(state: AzukiState, seat: int, uid: object, field_name: str) -> tuple[str, Entity]:
    player = state.players[seat]
    found = player.find(uid) if isinstance(uid, str) else None
    if found is None:
        raise IllegalAction(
            f"{player.name} has no entity {uid!r} on the field.", f"payload.{field_name}"
        )
    return found


def _lose(state: AzukiState, seat: int, reason: str) -> AzukiState:
    if state.outcome.over:
        return state
    return replace(state, outcome=Outcome.win([1 - seat], 2, reason), combat=None)


def _check_leaders(state: AzukiState) -> AzukiState:
    """A Leader at 0 Health loses; both at once is a draw (Win Conditions, R149)."""
    down = [seat for seat, p in enumerate(state.players) if p.leader.health <= 0]
    if state.outcome.over or not down:
        return state
    if len(down) == 2:
        return replace(
            state,
            outcome=Outcome.draw(2, "Both Leaders reached 0 Health at once: a draw (R149)."),
            combat=None,
        )
    loser = down[0]
    winner = state.players[1 - loser].name
    return _lose(
        state,
        loser,
        f"{winner} wins: {possessive(state.players[loser].name)} Leader reached 0 Health "
        "(Win Conditions).",
    )


def _draw(state: AzukiState, seat: int, count: int) -> AzukiState:
    """Draw ``count``; a player who must draw from an empty deck loses (Win Conditions)."""
    player = state.players[seat]
    drawn = min(count, player.deck)
    player = replace(player, deck=player.deck - drawn, hand=player.hand + drawn)
    state = _set(state, seat, player)
    if drawn < count:
        winner = state.players[1 - seat].name
        state = _lose(
            state,
            seat,
            f"{winner} wins: {player.name} had to draw from an empty deck (Win Conditions).",
        )
    return state


def _damage_entity(player: PlayerState, entity: Entity, amount: int) -> tuple[PlayerState, bool]:
    """Damage on an entity; at its Health it is destroyed, to the discard pile (Stats)."""
    entity = replace(entity, damage=entity.damage + amount)
    if entity.damage >= entity.health:
        return _leave(player, entity), True
    return player.put(entity), False


def effects_with(state: AzukiState, pattern: re.Pattern[str]) -> tuple[str, ...]:
    """The cards on the field whose text has a start- or end-of-turn effect for this turn,
    by name with their controller: "your turn" only on its controller's (Start of Turn
    Phase, End of Turn Phase, R152)."""
    found: list[str] = []
    for seat, player in enumerate(state.players):
        cards = [
            player.leader.card,
            player.gate,
            *(e.card for e in (*player.garden, *player.alley)),
        ]
        for card in cards:
            said = pattern.search(card.text)
            if said and ("your" not in said.group(0).lower() or seat == state.active):
                label = f"{possessive(player.name)} {card.name}"
                count = sum(1 for f in found if f == label or f.startswith(label + " ("))
                found.append(label if not count else f"{label} ({count + 1})")
    return tuple(found)


def start_effects(state: AzukiState) -> tuple[str, ...]:
    return effects_with(state, _START_EFFECT)


def end_effects(state: AzukiState) -> tuple[str, ...]:
    return effects_with(state, _END_EFFECT)


def _check_order(order: object, items: tuple[str, ...], path: str, where: str) -> tuple[str, ...]:
    if (
        not isinstance(order, list)
        or sorted(map(str, order)) != sorted(items)
        or len(order) != len(items)
    ):
        raise IllegalAction(
            f"Give the order of the {where} effects, each once: {', '.join(items)}.", path
        )
    return tuple(str(item) for item in order)


# --- handlers -------------------------------------------------------------------------------


def _decide_hand(mulligan: bool) -> Handler:
    def decide(state: AzukiState, action: Action) -> AzukiState:
        """Keep the opening hand, or mulligan once: the hand to the bottom, 7 new cards, the
        deck shuffled; counts are unchanged (Game Start, R143)."""
        if state.phase != MULLIGAN:
            raise IllegalAction(
                "The mulligan is decided at the start of the game only (Game Start, R143).", "type"
            )
        seat = _decider(state, action)
        player = state.players[seat]
        state = _set(state, seat, replace(player, mulligan="mulliganed" if mulligan else "kept"))
        if all(p.mulligan is not None for p in state.players):
            state = _begin_turn(replace(state, turn=1))
        return state

    return decide


def _decider(state: AzukiState, action: Action) -> int:
    if action.by is not None:
        if state.players[action.by].mulligan is not None:
            raise IllegalAction(f"{state.players[action.by].name} has decided already.", "type")
        return action.by
    for seat in (state.first_player, 1 - state.first_player):
        if state.players[seat].mulligan is None:
            return seat
    raise IllegalAction("Both players have decided.", "type")  # pragma: no cover


def _begin_turn(state: AzukiState) -> AzukiState:
    """Start of Turn Phase: draw 1 (not the first player's first turn), gain 1 IKZ (up to
    10), untap everything; the second player's IKZ token becomes usable on their first turn.
    Start-of-turn effects wait for the active player's order when there are several."""
    seat = state.active
    player = state.players[seat]
    token = TOKEN_READY if player.token == TOKEN_WAITING else player.token
    leader = replace(player.leader, tapped=False)
    player = replace(
        player,
        ikz=min(MAX_IKZ, player.ikz + 1),
        ikz_tapped=0,
        token=token,
        gate_tapped=False,
        leader=leader,
        garden=tuple(replace(e, tapped=False) for e in player.garden),
        alley=tuple(replace(e, tapped=False) for e in player.alley),
    )
    state = _set(state, seat, player)
    if state.turn > 1:
        state = _draw(state, seat, 1)
    effects = start_effects(state)
    phase = START if len(effects) > 1 else MAIN
    return replace(
        state,
        phase=phase,
        start_effects=effects if phase == START else (),
        start_order=effects if len(effects) == 1 else (),
        used=frozenset(),
        on_play=None,
    )


def _order_effects(state: AzukiState, action: Action) -> AzukiState:
    """The active player orders both players' start-of-turn effects (Start of Turn Phase)."""
    _playing(state)
    _acting(state, action, state.active, "order the start-of-turn effects")
    if state.phase != START:
        raise IllegalAction("There are no start-of-turn effects to order now.", "type")
    order = _check_order(
        action.payload.get("order"), state.start_effects, "payload.order", "start-of-turn"
    )
    return replace(state, phase=MAIN, start_order=order, start_effects=(), on_play=None)


def _play_entity(state: AzukiState, action: Action) -> AzukiState:
    """An entity from the hand into the Garden or the Alley, paying its IKZ; in the
    Garden it has Cooldown this turn (Card Types: Entities; Playing Entities and Using
    Gates)."""
    seat = _main(state, action, "play an entity")
    card = _deck_card(state.players[seat], action, CardType.ENTITY)
    zone = action.payload.get("zone")
    if zone not in (GARDEN, ALLEY):
        raise IllegalAction("An entity is played into the garden or the alley.", "payload.zone")
    player = _from_hand(state.players[seat])
    player = _pay(player, _cost(card, action), action, card.name)
    state, uid = _new_uid(_set(state, seat, player), card)
    state, _ = _enter(state, seat, str(zone), Entity(uid, card), action)
    ability = card.ability
    on_play = uid if ability is not None and ability.timing == ON_PLAY else None
    return replace(state, on_play=on_play)


def _play_spell(state: AzukiState, action: Action) -> AzukiState:
    """A [Main] spell in one's own Main phase; a [Response] spell only by the defending
    player in the [Response] window of an attack (Card Types: Spells; Phases). The spell
    goes to the discard pile; its effect is recorded with the effect actions."""
    _playing(state)
    combat = state.combat
    seat = action.by if action.by is not None else (1 - combat.seat if combat else state.active)
    card = _deck_card(state.players[seat], action, CardType.SPELL)
    if card.response:
        if combat is None or combat.step != RESPONSE:
            raise IllegalAction(
                f"{card.name} is a [Response] spell: it is played when the opponent "
                "declares an attack, in the [Response] window (Card Types: Spells).",
                "payload.card",
            )
        if seat == combat.seat:
            raise IllegalAction(
                "The attacking player has no [Response] window (Phases: Main Phase).", "by"
            )
        responses = combat.responses + 1
    else:
        seat = _main(state, action, "play a [Main] spell")
        responses = 0
    player = _from_hand(state.players[seat])
    player = _pay(player, _cost(card, action), action, card.name)
    player = replace(player, discard=player.discard + 1)
    state = replace(_set(state, seat, player), on_play=None)
    if combat is not None and card.response:
        state = replace(state, combat=replace(combat, responses=responses))
    return state


def _bearer(state: AzukiState, seat: int, bearer: object) -> str:
    if bearer == LEADER:
        return LEADER
    zone, _ = _entity(state, seat, bearer, "bearer")
    if zone != GARDEN:
        raise IllegalAction(
            "Weapons are attached to the Leader or an entity in the Garden, never in the "
            "Alley (Card Types: Weapons).",
            "payload.bearer",
        )
    return str(bearer)


def _play_weapon(state: AzukiState, action: Action) -> AzukiState:
    """A weapon onto the Leader or a Garden entity; several may share a bearer
    (Card Types: Weapons)."""
    seat = _main(state, action, "play a weapon")
    card = _deck_card(state.players[seat], action, CardType.WEAPON)
    bearer = _bearer(state, seat, action.payload.get("bearer"))
    player = _from_hand(state.players[seat])
    player = _pay(player, _cost(card, action), action, card.name)
    state, uid = _new_uid(_set(state, seat, player), card)
    weapon = Weapon(uid, card)
    player = state.players[seat]
    if bearer == LEADER:
        leader = player.leader
        player = replace(player, leader=replace(leader, weapons=(*leader.weapons, weapon)))
    else:
        _, entity = _entity(state, seat, bearer, "bearer")
        player = player.put(replace(entity, weapons=(*entity.weapons, weapon)))
    ability = card.ability
    on_play = uid if ability is not None and ability.timing == ON_PLAY else None
    return replace(_set(state, seat, player), on_play=on_play)


def ability_source(
    player: PlayerState, source: str
) -> tuple[CardInfo, str, bool, Entity | None] | None:
    """The card ``source`` names among ``player``'s: the Leader, an entity, or a weapon (for
    its [On Play]); with its zone, whether it is tapped, and the entity when it is one."""
    if source == LEADER:
        return player.leader.card, GARDEN, player.leader.tapped, None
    found = player.find(source)
    if found is not None:
        return found[1].card, found[0], found[1].tapped, found[1]
    weapons = [*player.leader.weapons, *(w for e in player.garden for w in e.weapons)]
    weapon = next((w for w in weapons if w.uid == source), None)
    return (weapon.card, GARDEN, False, None) if weapon is not None else None


def ability_window(state: AzukiState, seat: int, source: str, stored: bool = False) -> str | None:
    """Why ``seat``'s ``source`` may not use its ability now, or None when it may
    (Card Effects: zone-specific effects, Once per Turn, timing windows; Playing Entities and
    Using Gates: Cooldown)."""
    player = state.players[seat]
    found = ability_source(player, source)
    if found is None:
        return f"{player.name} has no card {source!r} on the field."
    card, zone, tapped, entity = found
    cooldown = entity is not None and zone == GARDEN and entity_in_cooldown(state, entity)
    ability = card.ability
    if ability is None:
        return f"{card.name} has no ability to use (R146)."
    if state.phase == MULLIGAN or state.phase == START:
        return "Abilities are used once the turn is under way."
    combat = state.combat
    if ability.timing == ON_PLAY:
        if state.on_play != source:
            return f"{possessive(card.name)} [On Play] is used only as it is played (Card Effects)."
    elif ability.timing == RESPONSE:
        if combat is None or combat.step != RESPONSE or seat == combat.seat:
            return (
                f"{possessive(card.name)} [Response] is used by the defending player when an "
                "attack is declared (Phases: Main Phase)."
            )
    elif ability.timing in (WHEN_ATTACKING, AFTER_ATTACKING):
        marker = "[When Attacking]" if ability.timing == WHEN_ATTACKING else "[After Attacking]"
        if (
            combat is None
            or combat.step != ability.timing
            or combat.attacker != source
            or combat.seat != seat
        ):
            return (
                f"{possessive(card.name)} {marker} is used in that step of its own attack "
                "(Combat Mechanism)."
            )
    else:
        if seat != state.active or combat is not None:
            return (
                f"{possessive(card.name)} ability is used in its controller's Main phase (Phases)."
            )
    if ability.zone is not None and ability.zone != zone:
        return (
            f"{possessive(card.name)} ability works only from the {ZONE_NAMES[ability.zone]} "
            "(Card Effects)."
        )
    if ability.once_per_turn and used_key(seat, source) in state.used:
        return (
            f"{possessive(card.name)} ability is Once per Turn and was used this turn "
            "(Card Effects)."
        )
    if ability.taps and tapped:
        return f"{card.name} is tapped."
    if ability.taps and cooldown:
        return (
            f"{card.name} has Cooldown: it entered the Garden this turn and cannot tap for "
            "abilities (Playing Entities and Using Gates)."
        )
    if ability.cost > player.ikz_untapped + (1 if player.token == TOKEN_READY else 0):
        return (
            f"{possessive(card.name)} ability costs {ability.cost} IKZ; {player.name} has "
            f"{player.ikz_untapped} untapped."
        )
    effect = ability_effect(card)
    if not stored and effect is not None and not effect_targets(state, seat, effect):
        return (
            f"{possessive(card.name)} ability needs a target: there is no "
            f"{_target_words(effect)} in a Garden (The Field, R154)."
        )
    return None


def used_key(seat: int, source: str) -> str:
    """The Once per Turn mark of ``seat``'s ``source``: per seat, since both Leaders are
    called "leader" and may be the same card (Card Effects)."""
    return f"ability:{seat}:{source}"


def _target_words(effect: Effect) -> str:
    element = f"{effect.element.value.capitalize()} " if effect.element is not None else ""
    return ("tapped " if effect.tapped else "") + element + "entity"


def effect_targets(state: AzukiState, seat: int, effect: Effect) -> tuple[str, ...]:
    """What ``seat``'s ability with ``effect`` may aim at (R154): for a chosen entity, the
    entities in either Garden that are of its element and tapped when the text says so,
    ``seat``'s own first, never the Alley (The Field); else "leader", the Leader it names."""
    if not effect.chosen:
        return (LEADER,)
    found: list[str] = []
    for owner in (seat, 1 - seat):
        for entity in state.players[owner].garden:
            if effect.element is not None and entity.card.element is not effect.element:
                continue
            if effect.tapped and not entity.tapped:
                continue
            found.append(entity.uid)
    return tuple(found)


def _use_ability(state: AzukiState, action: Action, stored: bool = False) -> AzukiState:
    """Use an ability: pay its IKZ, tap the card when its cost says so, mark Once per Turn
    for its seat; an effect Referee reads is applied to the target named (R146, R154).
    ``stored``: an entry recorded before R154 with no target, kept as it was then (the
    cost only, its effect recorded by the players)."""
    _playing(state)
    combat = state.combat
    default = state.active
    if combat is not None:
        default = 1 - combat.seat if combat.step == RESPONSE else combat.seat
    seat = action.by if action.by is not None else default
    source: str = payload_value(action.payload, "source", str)
    why = ability_window(state, seat, source, stored)
    if why is not None:
        raise IllegalAction(why, "payload.source")
    player = state.players[seat]
    found = ability_source(player, source)
    assert found is not None
    card, _, _, entity = found
    ability = card.ability
    assert ability is not None
    effect = ability_effect(card)
    target = _effect_target(state, seat, card, effect, action, stored)
    used = state.used
    player = _pay(player, ability.cost, action, f"{possessive(card.name)} ability")
    if ability.once_per_turn:
        used = used | {used_key(seat, source)}
    if ability.taps and source == LEADER:
        player = replace(player, leader=replace(player.leader, tapped=True))
    elif ability.taps and entity is not None:
        player = player.put(replace(entity, tapped=True))
    state = replace(_set(state, seat, player), used=used)
    if state.on_play == source:
        state = replace(state, on_play=None)
    if effect is not None and target is not None:
        state = _apply_effect(state, seat, effect, target)
    return state


def _effect_target(
    state: AzukiState,
    seat: int,
    card: CardInfo,
    effect: Effect | None,
    action: Action,
    stored: bool,
) -> str | None:
    """The target named in the payload, checked against what the effect may aim at (R154);
    None for an ability whose effect the players record (R146)."""
    target = action.payload.get("target")
    whose = possessive(card.name)
    if effect is None:
        if target is not None:
            raise IllegalAction(
                f"{whose} ability has no target Referee applies: record what it does with "
                "the card effects (R146).",
                "payload.target",
            )
        return None
    allowed = effect_targets(state, seat, effect)
    if target is None:
        if stored:
            return None
        raise IllegalAction(
            f"Name the target of {whose} ability: "
            + ("a " + _target_words(effect) + " in a Garden" if effect.chosen else "'leader'")
            + " (R154).",
            "payload.target",
        )
    if target not in allowed:
        aim = f"a {_target_words(effect)} in a Garden" if effect.chosen else "'leader'"
        raise IllegalAction(
            f"{target!r} is not a target of {whose} ability: it aims at {aim} (The Field, R154).",
            "payload.target",
        )
    return str(target)


def _apply_effect(state: AzukiState, seat: int, effect: Effect, target: str) -> AzukiState:
    """The effect done: Attack changed until the end of the turn (End of Turn Phase), or
    damage, Carapace subtracting (R147); an entity at its Health is destroyed, a Leader at 0
    loses (Stats; Win Conditions)."""
    if effect.chosen:
        owner = seat if state.players[seat].find(target) is not None else 1 - seat
        player = state.players[owner]
        _, entity = _entity(state, owner, target, "target")
        if effect.kind == "attack":
            mods = replace(entity.mods, attack=entity.mods.attack + effect.amount)
            return _set(state, owner, player.put(replace(entity, mods=mods)))
        player, _ = _damage_entity(player, entity, _absorb(effect.amount, entity.carapace))
        return _set(state, owner, player)
    owner = seat if effect.target == OWN_LEADER else 1 - seat
    player = state.players[owner]
    leader = player.leader
    if effect.kind == "attack":
        mods = replace(leader.mods, attack=leader.mods.attack + effect.amount)
        return _set(state, owner, replace(player, leader=replace(leader, mods=mods)))
    hit = replace(leader, health=max(0, leader.health - effect.amount))
    return _check_leaders(_set(state, owner, replace(player, leader=hit)))


def _portal(state: AzukiState, action: Action) -> AzukiState:
    """Tap the Gate, once per turn, to move one entity from the Alley to the Garden, even
    one played this turn; it has Cooldown there, and the Gate's effect scales with its Gate
    Power (The Field: Gate; Playing Entities and Using Gates)."""
    seat = _main(state, action, "use the Gate")
    player = state.players[seat]
    if player.gate_tapped or "gate" in state.used:
        raise IllegalAction(
            f"{possessive(player.name)} Gate is tapped: it portals one entity per turn "
            "(Playing Entities and Using Gates).",
            "type",
        )
    zone, entity = _entity(state, seat, action.payload.get("entity"), "entity")
    if zone != ALLEY:
        raise IllegalAction(f"{entity.name} is not in the Alley.", "payload.entity")
    state = _set(state, seat, replace(player.without(entity.uid), gate_tapped=True))
    state, _ = _enter(state, seat, GARDEN, replace(entity, tapped=False), action)
    power = entity.card.gate_power or 0
    portal = (
        f"{player.name} portals {entity.name} (Gate Power {power}) through {player.gate.name}.",
        f"{player.gate.name}: {player.gate.text or 'its effect scales with the Gate Power.'}",
    )
    return replace(state, used=state.used | {"gate"}, last_portal=portal, on_play=None)


def can_attack(state: AzukiState, seat: int, attacker: str) -> str | None:
    """Why ``attacker`` may not attack now, or None: untapped in the Garden without Cooldown
    (Charge lifts it), or the Leader with a weapon (Combat Mechanism; Untapping, Gaining IKZ
    and Drawing)."""
    player = state.players[seat]
    if attacker == LEADER:
        if not player.leader.weapons:
            return (
                "A Leader attacks only with a weapon equipped (Untapping, Gaining IKZ and "
                "Drawing; R153)."
            )
        if player.leader.tapped:
            return f"{possessive(player.name)} Leader is tapped."
        return None
    found = player.find(attacker)
    if found is None:
        return f"{player.name} has no entity {attacker!r} on the field."
    zone, entity = found
    if zone != GARDEN:
        return f"{entity.name} is in the Alley: only the Garden attacks (The Field)."
    if entity.tapped:
        return f"{entity.name} is tapped."
    if entity_in_cooldown(state, entity):
        return (
            f"{entity.name} has Cooldown: it entered the Garden this turn (Playing Entities and "
            "Using Gates; Charge would let it attack)."
        )
    return None


def can_target(state: AzukiState, seat: int, target: str) -> str | None:
    """Why the opponent's ``target`` may not be attacked: the Leader always may; a Garden
    entity only when tapped; never the Alley (The Field)."""
    them = state.players[1 - seat]
    if target == LEADER:
        return None
    found = them.find(target)
    if found is None:
        return f"{them.name} has no entity {target!r} on the field."
    zone, entity = found
    if zone != GARDEN:
        return f"{entity.name} is in the Alley and cannot be attacked (The Field)."
    if not entity.tapped:
        return (
            f"{entity.name} is untapped: Garden entities are attacked only when tapped (The Field)."
        )
    return None


def _attack(state: AzukiState, action: Action) -> AzukiState:
    """Declare an attacker and its target; the attacker taps (Combat Mechanism 1, R144)."""
    seat = _main(state, action, "attack")
    attacker: str = payload_value(action.payload, "attacker", str)
    target: str = payload_value(action.payload, "target", str)
    why = can_attack(state, seat, attacker)
    if why is not None:
        raise IllegalAction(why, "payload.attacker")
    why = can_target(state, seat, target)
    if why is not None:
        raise IllegalAction(why, "payload.target")
    player = state.players[seat]
    if attacker == LEADER:
        player = replace(player, leader=replace(player.leader, tapped=True))
    else:
        player = player.put(replace(_entity(state, seat, attacker, "attacker")[1], tapped=True))
    state = _set(state, seat, player)
    return replace(state, combat=Combat(seat, attacker, target), on_play=None)


def _combat_step(state: AzukiState, action: Action, step: str) -> Combat:
    combat = state.combat
    if combat is None:
        raise IllegalAction("No attack is under way.", "type")
    if combat.step != step:
        raise IllegalAction(f"The attack is at {STEP_NAMES[combat.step]}.", "type")
    return combat


def step_seat(combat: Combat) -> int:
    """Whose turn it is to act in the combat's current step."""
    return 1 - combat.seat if combat.step in (RESPONSE, DEFENDER) else combat.seat


def _continue(state: AzukiState, action: Action) -> AzukiState:
    """Move to the next combat step (Combat Mechanism): no more [When Attacking]; no more
    [Response]; no defender; or the attack ends after [After Attacking]."""
    _playing(state)
    combat = state.combat
    if combat is None:
        raise IllegalAction("No attack is under way.", "type")
    if combat.step == DAMAGE:
        raise IllegalAction("Resolve the damage first (Combat Mechanism 5).", "type")
    _acting(state, action, step_seat(combat), "finish this step")
    step = action.payload.get("step", combat.step)
    if step != combat.step:
        raise IllegalAction(
            f"The attack is at {STEP_NAMES[combat.step]}, not {step!r}: look again.",
            "payload.step",
        )
    state = replace(state, on_play=None)
    if combat.step == AFTER_ATTACKING:
        return replace(state, combat=None)
    following = STEPS[STEPS.index(combat.step) + 1]
    return replace(state, combat=replace(combat, step=following))


def defenders(state: AzukiState, combat: Combat) -> tuple[Entity, ...]:
    """The defending player's untapped Garden entities with Defender, other than the target
    (R144: declaring one taps it; Cooldown does not stop it)."""
    them = state.players[1 - combat.seat]
    return tuple(
        e for e in them.garden if e.card.defender and not e.tapped and e.uid != combat.target
    )


def _declare_defender(state: AzukiState, action: Action) -> AzukiState:
    _playing(state)
    combat = _combat_step(state, action, DEFENDER)
    seat = 1 - combat.seat
    _acting(state, action, seat, "declare a defender")
    uid = action.payload.get("defender")
    chosen = next((e for e in defenders(state, combat) if e.uid == uid), None)
    if chosen is None:
        raise IllegalAction(
            "The defender is an untapped entity with Defender in the defending Garden, other "
            "than the target (Combat Mechanism 4, R144).",
            "payload.defender",
        )
    player = state.players[seat].put(replace(chosen, tapped=True))
    state = _set(state, seat, player)
    return replace(state, combat=replace(combat, step=DAMAGE, defender=chosen.uid))


def resolve_payload(state: AzukiState) -> dict[str, JSON]:
    """The damage step as its sender sees it: attacker, target and the amounts each takes.
    Recorded with the action, so the history says who took how much, and refused when the
    damage has changed since it was seen."""
    combat = state.combat
    preview = combat_preview(state)
    assert combat is not None and preview is not None
    return {
        "attacker": combat.attacker,
        "target": combat.defender or combat.target,
        "to_target": preview.to_target,
        "to_attacker": preview.to_attacker,
    }


def _resolve_damage(state: AzukiState, action: Action) -> AzukiState:
    """Damage both ways at once, as previewed: entities at their Health are destroyed,
    Leader damage is permanent (Combat Mechanism 5). What was dealt is kept with the attack
    for its After Attacking step, which reports it rather than working it out again."""
    _playing(state)
    combat = _combat_step(state, action, DAMAGE)
    _acting(state, action, combat.seat, "resolve the damage")
    preview = combat_preview(state)
    assert preview is not None
    now = resolve_payload(state)
    for name, value in now.items():
        if name in action.payload and action.payload[name] != value:
            raise IllegalAction(
                f"The damage has changed since you looked: {preview.attacker} deals "
                f"{preview.to_target} to {preview.target} and takes {preview.to_attacker}. "
                "Look again.",
                f"payload.{name}",
            )
    before = state
    target = combat.defender or combat.target
    hits = (
        (1 - combat.seat, target, preview.to_target),
        (combat.seat, combat.attacker, preview.to_attacker),
    )
    for seat, piece, amount in hits:
        player = state.players[seat]
        if piece == LEADER:
            leader = replace(player.leader, health=max(0, player.leader.health - amount))
            state = _set(state, seat, replace(player, leader=leader))
        else:
            found = player.find(piece)
            if found is not None and amount > 0:
                player, _ = _damage_entity(player, found[1], amount)
                state = _set(state, seat, player)
    dealt = _dealt(before, state, preview)
    state = replace(state, combat=replace(combat, step=AFTER_ATTACKING, dealt=dealt))
    return _check_leaders(state)


def _dealt(before: AzukiState, after: AzukiState, preview: Preview) -> Preview:
    """The damage step as it happened, in the past tense: the amounts, each Leader's Health
    before and after, and each entity hit destroyed or left standing with its damage."""
    combat = before.combat
    assert combat is not None
    lines = [f"{preview.attacker} dealt {preview.to_target} to {preview.target}."]
    if preview.to_attacker or _attack_of(before.players[1 - combat.seat], _hit(combat)):
        lines.append(f"{preview.target} dealt {preview.to_attacker} back to {preview.attacker}.")
    else:
        lines.append(f"{preview.target} dealt nothing back.")
    destroyed: list[str] = []
    for seat, piece, amount in (
        (1 - combat.seat, _hit(combat), preview.to_target),
        (combat.seat, combat.attacker, preview.to_attacker),
    ):
        was, now = before.players[seat], after.players[seat]
        if piece == LEADER:
            continue
        found = was.find(piece)
        if found is None:
            continue
        name = f"{possessive(was.name)} {found[1].uid}"
        standing = now.find(piece)
        if standing is None:
            destroyed.append(name)
            lines.append(f"{name} took {amount} and was destroyed.")
        elif amount:
            entity = standing[1]
            lines.append(
                f"{name}: {entity.damage} damage of {entity.health} Health, "
                f"{entity.remaining} left."
            )
    for seat, was_health, _ in preview.leader_health:
        player = after.players[seat]
        health = player.leader.health
        lines.append(
            f"{possessive(player.name)} Leader: Health {was_health} → {health}"
            + (" (loses the game)" if health == 0 else "")
            + "."
        )
    leaders = tuple(
        (seat, was_health, after.players[seat].leader.health)
        for seat, was_health, _ in preview.leader_health
    )
    return replace(preview, destroyed=tuple(destroyed), leader_health=leaders, lines=tuple(lines))


def _hit(combat: Combat) -> str:
    return combat.defender or combat.target


def _end_turn(state: AzukiState, action: Action) -> AzukiState:
    """End of Turn Phase, applied at once and itemised (R151): the end-of-turn effects in the
    active player's order; every entity's damage resets (not healing); weapons go to the
    discard pile; this turn's stat changes end. Then the next player's turn starts."""
    seat = _main(state, action, "end the turn")
    effects = end_effects(state)
    items: list[str] = []
    if len(effects) > 1:
        order = _check_order(action.payload.get("order"), effects, "payload.order", "end-of-turn")
        items.append("End-of-turn effects, in order: " + ", ".join(order) + ".")
    elif "order" in action.payload and action.payload.get("order") not in ([], list(effects)):
        raise IllegalAction("There are no end-of-turn effects to order.", "payload.order")
    elif effects:
        items.append(f"End-of-turn effect: {effects[0]}.")
    players = []
    for player in state.players:
        entities = []
        discarded = 0
        for zone in (GARDEN, ALLEY):
            kept = []
            for entity in player.zone(zone):
                if entity.damage:
                    items.append(
                        f"{possessive(player.name)} {entity.name}: {entity.damage} damage resets."
                    )
                for weapon in entity.weapons:
                    items.append(
                        f"{possessive(player.name)} {weapon.card.name} ({entity.name}) to the "
                        "discard pile."
                    )
                if entity.mods.for_this_turn:
                    items.append(
                        f"{possessive(player.name)} {entity.name}: this turn's stat changes end."
                    )
                discarded += len(entity.weapons)
                kept.append(replace(entity, damage=0, weapons=(), mods=entity.mods.end_turn()))
            entities.append(tuple(kept))
        leader = player.leader
        for weapon in leader.weapons:
            items.append(
                f"{possessive(player.name)} {weapon.card.name} (Leader) to the discard pile."
            )
        if leader.mods.for_this_turn:
            items.append(f"{possessive(player.name)} Leader: this turn's stat changes end.")
        discarded += len(leader.weapons)
        leader = replace(leader, weapons=(), mods=leader.mods.end_turn())
        players.append(
            replace(
                player,
                garden=entities[0],
                alley=entities[1],
                leader=leader,
                discard=player.discard + discarded,
            )
        )
    if not items:
        items.append("Nothing to reset.")
    state = replace(
        state,
        players=(players[0], players[1]),
        turn=state.turn + 1,
        last_portal=(),
        start_order=(),
    )
    state = _begin_turn(state)
    nxt = state.players[state.active]
    begin = f"{possessive(nxt.name)} turn {state.turn} starts: "
    if state.outcome.over:
        begin += "the deck is empty, so the draw loses the game."
    else:
        begin += ("draws 1, " if state.turn > 1 else "") + f"IKZ {nxt.ikz}, untaps everything."
    items.append(begin)
    del seat
    return replace(state, last_turn_end=tuple(items))


def _target_piece(state: AzukiState, action: Action) -> tuple[int, str]:
    seat = _seat_field(action)
    target: str = payload_value(action.payload, "target", str)
    if target != LEADER:
        _entity(state, seat, target, "target")
    return seat, target


def _amount(action: Action, name: str = "amount", low: int = 1) -> int:
    amount: int = payload_value(action.payload, name, int)
    if not low <= amount <= MAX_AMOUNT:
        raise IllegalAction(f"'{name}' is {low} to {MAX_AMOUNT}.", f"payload.{name}")
    return amount


def _effect_by(state: AzukiState, action: Action) -> None:
    _playing(state)


def _deal_damage(state: AzukiState, action: Action) -> AzukiState:
    """Damage from a card effect: Carapace subtracts (R147); an entity at its Health is
    destroyed; a Leader at 0 loses (Stats; Win Conditions)."""
    _effect_by(state, action)
    seat, target = _target_piece(state, action)
    amount = _amount(action)
    player = state.players[seat]
    if target == LEADER:
        leader = replace(player.leader, health=max(0, player.leader.health - amount))
        return _check_leaders(_set(state, seat, replace(player, leader=leader)))
    _, entity = _entity(state, seat, target, "target")
    player, _ = _damage_entity(player, entity, _absorb(amount, entity.carapace))
    return _set(state, seat, player)


def _heal(state: AzukiState, action: Action) -> AzukiState:
    """Healing never passes the maximum Health, for Leaders and entities (Stats: no
    overheal); healing nothing is refused."""
    _effect_by(state, action)
    seat, target = _target_piece(state, action)
    amount = _amount(action)
    player = state.players[seat]
    if target == LEADER:
        leader = player.leader
        if leader.health >= leader.max_health:
            raise IllegalAction(
                f"{possessive(player.name)} Leader is at full Health ({leader.max_health}): "
                "there is no overheal (Stats).",
                "payload.target",
            )
        healed = replace(leader, health=min(leader.max_health, leader.health + amount))
        return _set(state, seat, replace(player, leader=healed))
    _, entity = _entity(state, seat, target, "target")
    if not entity.damage:
        raise IllegalAction(
            f"{entity.name} is at full Health: there is no overheal (Stats).", "payload.target"
        )
    return _set(state, seat, player.put(replace(entity, damage=max(0, entity.damage - amount))))


def _adjust(state: AzukiState, action: Action) -> AzukiState:
    """A stat change from an effect, this turn or lasting (End of Turn Phase). An entity
    whose Health falls to its damage is destroyed; a Leader's Health is not a stat here."""
    _effect_by(state, action)
    seat, target = _target_piece(state, action)
    changes = {}
    for name in ("attack", "health", "carapace"):
        value: int = payload_value(action.payload, name, int, 0)
        if not -MAX_AMOUNT <= value <= MAX_AMOUNT:
            raise IllegalAction(
                f"'{name}' changes by -{MAX_AMOUNT} to {MAX_AMOUNT}.", f"payload.{name}"
            )
        changes[name] = value
    if not any(changes.values()):
        raise IllegalAction("Give a change of Attack, Health or Carapace.", "payload.attack")
    lasting: bool = payload_value(action.payload, "lasting", bool, False)
    player = state.players[seat]
    if target == LEADER and (changes["health"] or changes["carapace"]):
        raise IllegalAction(
            "A Leader's Health changes with damage and healing (Stats); only its Attack "
            "is adjusted here.",
            "payload.health",
        )
    prefix = "lasting_" if lasting else ""

    def moved(mods: Mods) -> Mods:
        return replace(
            mods,
            **{
                f"{prefix}{name}": getattr(mods, f"{prefix}{name}") + value
                for name, value in changes.items()
            },
        )

    if target == LEADER:
        leader = replace(player.leader, mods=moved(player.leader.mods))
        return _set(state, seat, replace(player, leader=leader))
    _, entity = _entity(state, seat, target, "target")
    entity = replace(entity, mods=moved(entity.mods))
    if entity.damage >= entity.health:
        return _set(state, seat, _leave(player, entity))
    return _set(state, seat, player.put(entity))


def _draw_effect(state: AzukiState, action: Action) -> AzukiState:
    _effect_by(state, action)
    seat = _seat_field(action)
    return _draw(state, seat, _amount(action, "count"))


def _discard(state: AzukiState, action: Action) -> AzukiState:
    _effect_by(state, action)
    seat = _seat_field(action)
    count = _amount(action, "count")
    player = state.players[seat]
    if count > player.hand:
        raise IllegalAction(f"{player.name} holds {counted(player.hand, 'card')}.", "payload.count")
    return _set(
        state, seat, replace(player, hand=player.hand - count, discard=player.discard + count)
    )


def _return_from_discard(state: AzukiState, action: Action) -> AzukiState:
    """Cards back from the discard pile to the hand (a Gate's or a card's effect)."""
    _effect_by(state, action)
    seat = _seat_field(action)
    count = _amount(action, "count")
    player = state.players[seat]
    if count > player.discard:
        raise IllegalAction(
            f"{possessive(player.name)} discard pile holds {counted(player.discard, 'card')}.",
            "payload.count",
        )
    player = replace(player, discard=player.discard - count, hand=player.hand + count)
    return _set(state, seat, player)


def _remove(to_hand: bool) -> Handler:
    def remove(state: AzukiState, action: Action) -> AzukiState:
        """An entity leaves the field by an effect: destroyed to the discard pile, or back
        to the hand; its weapons go to the discard pile (Card Types: Weapons)."""
        _effect_by(state, action)
        seat = _seat_field(action)
        _, entity = _entity(state, seat, action.payload.get("entity"), "entity")
        state = _set(state, seat, _leave(state.players[seat], entity, to_hand))
        return state

    return remove


def _swap_rows(state: AzukiState, action: Action) -> AzukiState:
    """An effect swaps a Garden and an Alley entity at once: nothing is replaced even when
    both rows are full; the one entering the Garden has Cooldown (The Field)."""
    _effect_by(state, action)
    seat = _seat_field(action)
    zone_g, front = _entity(state, seat, action.payload.get("garden"), "garden")
    zone_a, back = _entity(state, seat, action.payload.get("alley"), "alley")
    if zone_g != GARDEN:
        raise IllegalAction(f"{front.name} is not in the Garden.", "payload.garden")
    if zone_a != ALLEY:
        raise IllegalAction(f"{back.name} is not in the Alley.", "payload.alley")
    player = state.players[seat]
    weapons = len(front.weapons)
    garden = tuple(
        replace(back, entered_garden=state.turn) if e.uid == front.uid else e for e in player.garden
    )
    alley = tuple(replace(front, weapons=()) if e.uid == back.uid else e for e in player.alley)
    player = replace(player, garden=garden, alley=alley, discard=player.discard + weapons)
    return _set(state, seat, player)


SOURCES = ("hand", "deck", "discard")


def _put_into_play(state: AzukiState, action: Action) -> AzukiState:
    """An effect puts an entity onto a player's field from their hand, deck or discard pile.
    It is not played, so it has no [On Play]; in the Garden it has Cooldown. A full row: the
    player whose row it is picks the entity replaced, even when the opponent's effect forced
    it (The Field, R142)."""
    _effect_by(state, action)
    seat = _seat_field(action)
    player = state.players[seat]
    card = _deck_card(player, action, CardType.ENTITY)
    zone = action.payload.get("zone")
    if zone not in (GARDEN, ALLEY):
        raise IllegalAction("An entity enters the garden or the alley.", "payload.zone")
    source = action.payload.get("source")
    if source not in SOURCES:
        raise IllegalAction(
            "It comes from the hand, the deck or the discard pile.", "payload.source"
        )
    if getattr(player, str(source)) < 1:
        raise IllegalAction(f"{possessive(player.name)} {source} is empty.", "payload.source")
    full = len(player.zone(str(zone))) >= ZONE_SIZES[str(zone)]
    if full and action.by is not None and action.by != seat:
        raise IllegalAction(
            f"{possessive(player.name)} {ZONE_NAMES[str(zone)]} is full: {player.name} picks "
            "the entity it replaces (The Field, R142).",
            "by",
        )
    player = replace(player, **{str(source): getattr(player, str(source)) - 1})
    state, uid = _new_uid(_set(state, seat, player), card)
    state, _ = _enter(state, seat, str(zone), Entity(uid, card), action)
    return state


_HANDLERS: dict[str, Handler] = {
    "put_into_play": _put_into_play,
    "keep_hand": _decide_hand(False),
    "mulligan": _decide_hand(True),
    "order_effects": _order_effects,
    "play_entity": _play_entity,
    "play_spell": _play_spell,
    "play_weapon": _play_weapon,
    "use_ability": _use_ability,
    "portal": _portal,
    "attack": _attack,
    "continue_combat": _continue,
    "declare_defender": _declare_defender,
    "resolve_damage": _resolve_damage,
    "end_turn": _end_turn,
    "deal_damage": _deal_damage,
    "heal": _heal,
    "adjust_stats": _adjust,
    "draw": _draw_effect,
    "discard": _discard,
    "return_from_discard": _return_from_discard,
    "destroy": _remove(False),
    "return_to_hand": _remove(True),
    "swap_rows": _swap_rows,
}

AZUKI = AzukiSystem()
