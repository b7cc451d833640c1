"""The fourteen characters of Deaths of Athazar, their values, and which kill each allows.

Sections cited are the rulebook's: "Characters" (Kill Cards 1-7, Effect cards 1-7), "How to
Play" (steps 1-10) and the rulings D1-D3 (RULINGS.md) and R160-R175 (``referee.rules.rulings``).
A card travels as a short text, its token: the character's name, and for a Warrior its value
after it ("Warrior 8"), since Warriors' values vary (Kill Cards 6).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.tracker import IllegalAction

BRAWLER, RENEGADE, ASSASSIN, ARCHER, MAGICIAN, WARRIOR, PRINCESS = (
    "Brawler",
    "Renegade",
    "Assassin",
    "Archer",
    "Magician",
    "Warrior",
    "Princess",
)
SAILOR, HUNTER, MERCHANT, DJINN, SORCERER, WISEMAN, PRINCE = (
    "Sailor",
    "Hunter",
    "Merchant",
    "Djinn",
    "Sorcerer",
    "Wiseman",
    "Prince",
)
KILLERS = (BRAWLER, RENEGADE, ASSASSIN, ARCHER, MAGICIAN, WARRIOR, PRINCESS)
EFFECTS = (SAILOR, HUNTER, MERCHANT, DJINN, SORCERER, WISEMAN, PRINCE)
CHARACTERS = KILLERS + EFFECTS
VALUES: dict[str, int | None] = {
    BRAWLER: 2,
    RENEGADE: 4,
    ASSASSIN: 5,
    ARCHER: 6,
    MAGICIAN: 7,
    WARRIOR: None,  # printed on each Warrior (R163)
    PRINCESS: None,  # no value (Kill Cards 7, D3)
    SAILOR: 1,
    HUNTER: 3,
    MERCHANT: 5,
    DJINN: 6,
    SORCERER: 10,
    WISEMAN: 15,
    PRINCE: 20,
}
WARRIOR_VALUES = range(1, 21)  # R163: a Warrior's printed value, 1 to 20
PLAYED_EFFECTS = (MERCHANT, SORCERER, WISEMAN, PRINCE)  # a disruption in the play phase
PRINCESS_KILLS = (BRAWLER, RENEGADE, ASSASSIN, ARCHER, MAGICIAN)  # R164
PRINCESS_ROLES = (*PRINCESS_KILLS, *PLAYED_EFFECTS)
MAX_TOKEN = 40


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: its character and, for a Warrior, the value printed on it."""

    character: str
    warrior_value: int | None = None

    @property
    def value(self) -> int | None:
        """The card's value, None for the Princess (D3)."""
        if self.character == WARRIOR:
            return self.warrior_value
        return VALUES[self.character]

    @property
    def token(self) -> str:
        if self.character == WARRIOR:
            return f"{WARRIOR} {self.warrior_value}"
        return self.character


def all_tokens() -> tuple[str, ...]:
    """Every card there can be, as tokens: each character, a Warrior once per value."""
    tokens: list[str] = []
    for character in CHARACTERS:
        if character == WARRIOR:
            tokens += [f"{WARRIOR} {value}" for value in WARRIOR_VALUES]
        else:
            tokens.append(character)
    return tuple(tokens)


TOKENS = all_tokens()


def parse(token: object, field: str) -> Card:
    """The card ``token`` names ("Sailor", "Warrior 8"); a clear refusal naming ``field``
    otherwise. Only the ASCII digits of a plain whole number are read as a Warrior's value."""
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
        raise IllegalAction(
            "Name a card by its character, a Warrior with its value (Warrior 8).", field
        )
    words = token.split()
    if len(words) == 1 and words[0] in VALUES and words[0] != WARRIOR:
        return Card(words[0])
    if len(words) == 1 and words[0] == WARRIOR:
        raise IllegalAction(
            "A Warrior's value varies: name it with its value, such as Warrior 8 (Kill Cards "
            "6, R163).",
            field,
        )
    if len(words) == 2 and words[0] == WARRIOR:
        digits = words[1]
        if digits.isascii() and digits.isdigit() and len(digits) <= 2:
            value = int(digits)
            if value in WARRIOR_VALUES:
                return Card(WARRIOR, value)
        raise IllegalAction(
            f"A Warrior's value is a whole number from {WARRIOR_VALUES[0]} to "
            f"{WARRIOR_VALUES[-1]} (R163).",
            field,
        )
    shown = token if token.isprintable() and token.isascii() else "that"
    raise IllegalAction(
        f"There is no character called {shown!r}; the characters are: "
        f"{', '.join(CHARACTERS)} (Characters).",
        field,
    )


def a(word: str) -> str:
    """``word`` after its article: "an Assassin", "an Archer", "a Sailor"."""
    return f"{'an' if word[:1].upper() in 'AEIOU' else 'a'} {word}"


def value_words(value: int | None) -> str:
    return "no value" if value is None else f"value {value}"


@dataclass(frozen=True, slots=True)
class Kill:
    """A checked kill: the killer, its victims, the character a Princess acted as, and the
    rule that allows it."""

    killer: Card
    victims: tuple[Card, ...]
    role: str  # the character whose kill this is (the killer's own, or a Princess's role)
    rule: str

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.killer, *self.victims)

    @property
    def value(self) -> int | None:
        """The value of this play for a tie-break: the killer's own (R166)."""
        return self.killer.value


def check_kill(killer: Card, victims: tuple[Card, ...], role: str | None) -> Kill:
    """The kill ``killer`` makes of ``victims`` checked against its character's rule (Kill
    Cards 1-7, D1, D3, R163-R165); the refusal quotes the rule it breaks."""
    if killer.character == PRINCESS:
        if role is None or role not in PRINCESS_KILLS:
            raise IllegalAction(
                "Say which character the Princess acts as: "
                f"{', '.join(PRINCESS_KILLS)} (Kill Cards 7, R164).",
                "payload.as",
            )
        acting = role
    else:
        if role is not None:
            raise IllegalAction(
                "Only a Princess acts as another character (Kill Cards 7).", "payload.as"
            )
        acting = killer.character
    if acting not in KILLERS:
        raise IllegalAction(
            f"A {killer.character} is an effect card: it kills nothing (Characters: Effect cards).",
            "payload.killer",
        )
    who = f"the Princess acting as {a(acting)}" if killer.character == PRINCESS else killer.token
    if acting == MAGICIAN:
        return _magician(killer, victims, who)
    if len(victims) != 1:
        raise IllegalAction(
            f"{who} kills exactly one card; only a Magician takes a set (D1, Kill Cards 5).",
            "payload.second_victim",
        )
    victim = victims[0]
    value = victim.value
    if acting == BRAWLER:
        if victim.character != SAILOR:
            raise IllegalAction(
                f"{who} cannot kill the {victim.token}: a Brawler kills only a Sailor (Kill "
                "Cards 1).",
                "payload.victim",
            )
        return Kill(killer, victims, acting, "A Brawler kills only a Sailor (Kill Cards 1).")
    if value is None:
        raise IllegalAction(
            f"{who} cannot kill the Princess: she has no value, so no kill by value takes "
            "her (D3).",
            "payload.victim",
        )
    if acting == ASSASSIN:
        return Kill(
            killer, victims, acting, "An Assassin kills a card of any value (Kill Cards 3)."
        )
    if acting == RENEGADE:
        if value % 2 == 0:
            raise IllegalAction(
                f"{who} cannot kill the {victim.token} ({value_words(value)}): a Renegade "
                "kills only odd values (Kill Cards 2, R163).",
                "payload.victim",
            )
        return Kill(
            killer, victims, acting, f"A Renegade kills odd values: {value} (Kill Cards 2)."
        )
    if acting == ARCHER:
        if value % 2 == 1:
            raise IllegalAction(
                f"{who} cannot kill the {victim.token} ({value_words(value)}): an Archer "
                "kills only even values (Kill Cards 4, R163).",
                "payload.victim",
            )
        return Kill(
            killer, victims, acting, f"An Archer kills even values: {value} (Kill Cards 4)."
        )
    own = killer.value
    assert acting == WARRIOR and own is not None  # a Princess never acts as a Warrior (R164)
    if value >= own:
        raise IllegalAction(
            f"{who} cannot kill the {victim.token} ({value_words(value)}): a Warrior kills "
            f"only values lower than its own, {own} (Kill Cards 6, R163).",
            "payload.victim",
        )
    return Kill(
        killer,
        victims,
        acting,
        f"A Warrior kills lower values: {value} is below {own} (Kill Cards 6).",
    )


def _magician(killer: Card, victims: tuple[Card, ...], who: str) -> Kill:
    if len(victims) != 2:
        raise IllegalAction(
            f"{who} discards itself and one set of two matching characters: three cards in "
            "all (Kill Cards 5, R165).",
            "payload.second_victim",
        )
    first, second = victims
    if first.character != second.character:
        raise IllegalAction(
            f"{who} needs a matching set: the {first.token} and the {second.token} are "
            "different characters, and a set matches by character, not by value (Kill "
            "Cards 5, R165).",
            "payload.second_victim",
        )
    return Kill(
        killer,
        victims,
        MAGICIAN,
        f"A Magician discards itself with one set of matching characters, two "
        f"{first.character}s (Kill Cards 5).",
    )


def sort_key(token: str) -> tuple[int, int]:
    """Cards in the rulebook's order of characters, Warriors by value."""
    card = parse(token, "card")
    return CHARACTERS.index(card.character), card.warrior_value or 0
