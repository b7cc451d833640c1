"""A two-player Azuki TCG game for the tracker tests: made-up cards, one of each kind the
rules treat differently."""

from __future__ import annotations

from typing import Any

from referee.rules.azuki.cards import CardType, Element
from referee.rules.azuki.setup import AzukiSetup, CardInfo, DeckCard, SeatSetup
from referee.rules.azuki.state import AzukiState, Entity, PlayerState
from referee.rules.azuki.system import AZUKI
from referee.rules.tracker import Game, game_apply, start

ENTITY, SPELL, WEAPON = CardType.ENTITY, CardType.SPELL, CardType.WEAPON
FIRE = Element.FIRE


def card(
    card_id: str,
    name: str,
    kind: CardType = ENTITY,
    cost: int | None = 1,
    attack: int | None = 2,
    health: int | None = 2,
    text: str = "",
    gate_power: int | None = 1,
) -> CardInfo:
    if kind is not ENTITY:
        gate_power, health = None, None
    return CardInfo(card_id, name, kind, FIRE, cost, gate_power, attack, health, text)


LEADER = CardInfo("T-L", "Ember Lord", CardType.LEADER, FIRE, health=20, text="")
GATE = CardInfo("T-G", "Ash Gate", CardType.GATE, FIRE, text="Deal Gate Power damage.")
GRUNT = card("T-01", "Grunt")
HOUND = card("T-02", "Hound", cost=2, text="Charge.")
WALL = card("T-03", "Wall", cost=2, attack=1, health=4, text="Defender.")
SHELL = card("T-04", "Shell", cost=2, attack=1, health=3, text="Carapace 1.")
SPRITE = card("T-05", "Sprite", attack=1, health=1, text="[On Play] Deal 1 damage.")
DRAKE = card("T-06", "Drake", attack=3, health=3, text="[When Attacking] Deal 1 damage.")
ACOLYTE = card(
    "T-07", "Acolyte", attack=1, health=1, text="[In Alley Only Ability] [Once/Turn] Draw 1."
)
TAPPER = card("T-08", "Tapper", attack=1, health=1, text="Tap this entity: draw 1 card.")
DAWN = card("T-09", "Dawn", attack=1, health=1, text="At the start of your turn, heal 1.")
DUSK = card("T-10", "Dusk", attack=1, health=1, text="At the end of your turn, draw 1.")
BOLT = card("T-11", "Bolt", SPELL, attack=None, text="[Main] Deal 3 damage to an entity.")
PARRY = card("T-12", "Parry", SPELL, attack=None, text="[Response] The attacker gets -2 attack.")
BLADE = card("T-13", "Blade", WEAPON, attack=2, text="")
MYSTERY = card("T-14", "Mystery", cost=None, attack=1, health=1)
GIANT = card("T-15", "Giant", cost=5, attack=6, health=6)
CARDS = (
    GRUNT, HOUND, WALL, SHELL, SPRITE, DRAKE, ACOLYTE, TAPPER, DAWN, DUSK, BOLT, PARRY,
    BLADE, MYSTERY, GIANT,
)  # fmt: skip


def deck(size: int = 50) -> tuple[DeckCard, ...]:
    """``size`` cards: 3 of each card, as far as they go, then Grunts to fill."""
    lines: list[DeckCard] = []
    left = size
    for each in CARDS[1:]:
        count = min(3, left - 1)
        if count > 0:
            lines.append(DeckCard(each, count))
            left -= count
    return (DeckCard(GRUNT, left), *lines)


def setup(first_player: int = 0, deck_size: int = 50) -> AzukiSetup:
    return AzukiSetup(
        (
            SeatSetup("Ana", LEADER, GATE, deck(deck_size)),
            SeatSetup("Ben", LEADER, GATE, deck(deck_size)),
        ),
        first_player,
        "coin",
    )


AzukiGame = Game[AzukiSetup, AzukiState]


def new_game(first_player: int = 0, deck_size: int = 50, keep: bool = True) -> AzukiGame:
    """A game; with ``keep`` both players keep their hands and turn 1 has begun."""
    game = start(AZUKI, setup(first_player, deck_size))
    if keep:
        game = act(game, "keep_hand", 0)
        game = act(game, "keep_hand", 1)
    return game


def act(game: AzukiGame, type: str, by: int | None = None, **payload: Any) -> AzukiGame:
    return game_apply(game, type=type, by=by, payload=payload)


def undo(game: AzukiGame) -> AzukiGame:
    return game_apply(game, type="undo", payload={"target": game.next_undo()})


def redo(game: AzukiGame) -> AzukiGame:
    return game_apply(game, type="redo", payload={"target": game.next_redo()})


def end_turn(game: AzukiGame, turns: int = 1) -> AzukiGame:
    for _ in range(turns):
        game = act(game, "end_turn", game.state.active)
    return game


def ramp(game: AzukiGame, ikz: int) -> AzukiGame:
    """Pass turns until the active player is back with at least ``ikz`` IKZ."""
    seat = game.state.active
    while game.state.players[seat].ikz < ikz or game.state.active != seat:
        game = end_turn(game)
    return game


def player(game: AzukiGame, seat: int) -> PlayerState:
    return game.state.players[seat]


def last_entity(game: AzukiGame, seat: int, zone: str = "garden") -> Entity:
    return player(game, seat).zone(zone)[-1]


def play(game: AzukiGame, who: CardInfo, zone: str = "garden", **extra: Any) -> AzukiGame:
    return act(game, "play_entity", game.state.active, card=who.id, zone=zone, **extra)
