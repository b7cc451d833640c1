"""A two-player AZRAH game for the tracker tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.rules.azrah.cards import Guardian, GuardianAbility, Position
from referee.rules.azrah.setup import AzrahSetup, SeatSetup
from referee.rules.azrah.state import AzrahState
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import Game, game_apply, start

ANA = SeatSetup(
    "Ana",
    ("Alchemist", "Dragoon", "Oracle"),
    ("Sentinel", "Warden"),
    {"Alchemist": 3, "Dragoon": 4, "Oracle": 2, "Sentinel": 5, "Warden": 3},
)
BEN = SeatSetup(
    "Ben",
    ("Bard", "Cleric", "Duelist"),
    ("Mystic", "Ranger"),
    {"Bard": 3, "Cleric": 3, "Duelist": 4, "Mystic": 2, "Ranger": 3},
)
SETUP = AzrahSetup((ANA, BEN), first_player=0)

AzrahGame = Game[AzrahSetup, AzrahState]


def new_game(first_player: int = 0) -> AzrahGame:
    return start(AZRAH, AzrahSetup((ANA, BEN), first_player))


def act(game: AzrahGame, type: str, by: int | None = None, **payload: Any) -> AzrahGame:
    return game_apply(game, type=type, by=by, payload=payload)


def undo(game: AzrahGame) -> AzrahGame:
    return game_apply(game, type="undo", payload={"target": game.next_undo()})


def redo(game: AzrahGame) -> AzrahGame:
    return game_apply(game, type="redo", payload={"target": game.next_redo()})


def recover(game: AzrahGame, *names: str) -> AzrahGame:
    """Attach the Recovery phase's two Mana (to the named allies) and end the phase."""
    seat = game.state.active
    front = game.state.players[seat].front
    targets = names or (front[0], front[0])
    for name in targets:
        game = act(game, "attach_mana", seat, guardian=name)
    return act(game, "end_phase", seat)


def pass_turn(game: AzrahGame) -> AzrahGame:
    """Play out the rest of the turn doing nothing optional."""
    seat = game.state.active
    if game.state.clock.phase.name == "Recovery":
        game = recover(game)
    if game.state.clock.phase.name == "Action":
        game = act(game, "end_phase", seat)
    return act(game, "end_phase", seat)


def player(game: AzrahGame, seat: int) -> Any:
    return game.state.players[seat]


def guardian(game: AzrahGame, seat: int, name: str) -> Any:
    return game.state.players[seat].guardian(name)


# The same parties with their cards as printed (made up for the tests): abilities with
# costs, quick ones, "target enemy" ones with range arrows, emergence abilities, and a
# Transformation in the shared pile.
def _ability(
    name: str, mana: int = 0, gems: int = 0, quick: bool = False, target: bool = False
) -> GuardianAbility:
    text = "Deal 2 damage to a target enemy." if target else "Heal 1 damage from an ally."
    return GuardianAbility(name, mana, gems, text, quick=quick, target_enemy=target)


def _card(
    name: str,
    arrows: tuple[str, ...],
    *abilities: GuardianAbility,
    emergence: GuardianAbility | None = None,
    hit_points: int = 1,
    base_form: str | None = None,
) -> Guardian:
    return Guardian(
        name,
        name,
        hit_points,
        tuple(Position(a) for a in arrows),
        emergence,
        abilities,
        base_form,
    )


ANA_CARDS = (
    _card(
        "Alchemist", ("centre",), _ability("Acid", 1, target=True), _ability("Flask", quick=True)
    ),
    _card("Dragoon", ("left", "right"), _ability("Lunge", 2, target=True)),
    _card("Oracle", ("centre",), _ability("Ward", quick=True), _ability("Omen", gems=1)),
    _card("Sentinel", ("centre",), emergence=_ability("Stand Guard")),
    _card("Warden", ("left", "centre", "right"), emergence=_ability("Challenge", target=True)),
)
BEN_CARDS = (
    _card("Bard", ("centre",), _ability("Dissonance", quick=True, target=True)),
    _card("Cleric", ("centre",), _ability("Mend", 1)),
    _card("Duelist", ("left", "centre", "right"), _ability("Riposte", 2, target=True)),
    _card("Mystic", ("centre",), emergence=_ability("Veil")),
    _card("Ranger", ("left",), _ability("Volley", 1, target=True)),
)
WYRM = _card(
    "Wyrm Dragoon",
    ("left", "centre", "right"),
    _ability("Flame", 2, target=True),
    hit_points=6,
    base_form="Dragoon",
)


def _printed(seat: SeatSetup, cards: tuple[Guardian, ...]) -> SeatSetup:
    points = seat.hit_points
    return replace(seat, cards=tuple(replace(c, hit_points=points[c.name]) for c in cards))


CARDED = AzrahSetup(
    (_printed(ANA, ANA_CARDS), _printed(BEN, BEN_CARDS)),
    first_player=0,
    transformations=(WYRM,),
)


def carded_game(first_player: int = 0) -> AzrahGame:
    """The parties above, each Guardian carrying its card."""
    return start(AZRAH, replace(CARDED, first_player=first_player))
