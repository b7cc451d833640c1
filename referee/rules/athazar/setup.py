"""A Deaths of Athazar game's setup: the players in seating order, the dealer, the pass
direction, the deck's size and whether the table plays on; read, checked and written as the
JSON a game is stored and exported with.

Sections cited are the rulebook's: "Players" and "How to Play" 2, 3 and 9; R160, R161 and
R174 this project's rulings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.rules.checks import Problems, add_problem
from referee.rules.errors import InvalidInput
from referee.rules.text import lone_surrogate
from referee.rules.tracker import JSON

MIN_PLAYERS, MAX_PLAYERS = 2, 5
MAX_NAME = 40
DEFAULT_DECK = 56  # R160: four copies of each of the fourteen characters
MAX_DECK = 999
RIGHT, LEFT = "right", "left"
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


def setup_from_json(data: Mapping[str, JSON]) -> AthazarSetup:
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
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < max(count, 1):
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


def setup_to_json(setup: AthazarSetup) -> dict[str, JSON]:
    return {
        "players": list(setup.players),
        "dealer": setup.dealer,
        "pass_direction": setup.pass_direction,
        "deck_size": setup.deck_size,
        "play_on": setup.play_on,
    }


def example_setup() -> dict[str, JSON]:
    """Three players, Ana dealing, passing to the right, the default deck (R160)."""
    return {
        "players": list(EXAMPLE_PLAYERS),
        "dealer": 0,
        "pass_direction": RIGHT,
        "deck_size": DEFAULT_DECK,
        "play_on": False,
    }
