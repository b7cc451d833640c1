"""The setup of an Azuki TCG game at the table: each player's Leader, Gate and main deck, the
cards as the tracker knows them (their stats, and what their text lets them do), and who
plays first; read from, checked against and written to the setup JSON.

Sections cited are the rulebook's headings (``/shared/rules/azuki-tcg.md``); rulings
R140-R155 (``referee.rules.rulings``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.azuki.deck import validate_deck
from referee.rules.checks import Problems, add_problem, check_whole
from referee.rules.errors import InvalidInput
from referee.rules.lists import DECK_SIZE, ELEMENT_MISMATCH, GATE_ELEMENT, TOO_MANY_COPIES
from referee.rules.text import counted, lone_surrogate
from referee.rules.tracker import JSON

OPENING_HAND = 7  # Game Start
DECK_CARDS = 50  # Deck Composition, K1
MIN_SETUP_DECK = OPENING_HAND + 1  # R150: a practice deck from a setup JSON
MAX_STAT = 99
MAX_NAME = 120

GARDEN, ALLEY = "garden", "alley"
# Combat steps, in order (Combat Mechanism); three of them are also when an ability is used
WHEN_ATTACKING, RESPONSE, DEFENDER, DAMAGE, AFTER_ATTACKING = (
    "when_attacking",
    "response",
    "defender",
    "damage",
    "after_attacking",
)
STEPS = (WHEN_ATTACKING, RESPONSE, DEFENDER, DAMAGE, AFTER_ATTACKING)
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

    def target_words(self) -> str:
        """What a chosen entity must be to be aimed at: "tapped Fire entity"."""
        element = f"{self.element.value.capitalize()} " if self.element is not None else ""
        return ("tapped " if self.tapped else "") + element + "entity"


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


# --- the setup JSON -------------------------------------------------------------------------


def setup_from_json(data: Mapping[str, JSON]) -> AzukiSetup:
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


def setup_to_json(setup: AzukiSetup) -> dict[str, JSON]:
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


def check_new_setup(setup: AzukiSetup) -> None:
    """A new game's decks follow Deck Composition and Elements as a saved deck does
    (K1-K3), checked by the deck validator: at most 4 copies of a card ID, every card of
    the Leader's element or Neutral, the Gate of the Leader's own element. Only the size
    is relaxed for a practice deck (R150), as ``setup_from_json`` reads it."""
    problems: Problems = {}
    for index, seat in enumerate(setup.players):
        _check_seat_deck(problems, f"players.{index}", seat)
    if problems:
        raise InvalidInput(problems)


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
