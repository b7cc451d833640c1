"""A small two-army Azeroth at War game for the tracker tests.

Ana leads the Horde: a Warchief (Hero, Magical), a Shaman (Magical, Summon [2]), a troll
that regenerates, a Taunt shieldbearer and two Grunts. Ben leads the Alliance: a Sorceress
Hero (Magical, Spell Block), a Paladin Hero, a Gryphon Rider (Fly), a skeleton (Undead) and
two Footmen.
"""

from __future__ import annotations

from typing import Any

from referee.rules.azeroth.profiles import AbilityType, Tier
from referee.rules.azeroth.setup import AzerothSetup, Scenario, side_from_army
from referee.rules.azeroth.state import AzerothState
from referee.rules.azeroth.system import AZEROTH
from referee.rules.azeroth.units import Ability, ArmyLine, ArmyList, BattleSize, Unit
from referee.rules.tracker import Game, game_apply, start


def unit(slug: str, name: str, tiers: tuple[Tier, ...], points: int, **more: Any) -> Unit:
    stats: dict[str, Any] = dict(mov=6, atk=2, skl=4, strength=3, tgh=3, defense=5, ini=3, wounds=2)
    stats.update(more)
    return Unit(slug=slug, name=name, faction="any", tiers=tiers, points=points, **stats)


UNITS: dict[str, Unit] = {
    u.slug: u
    for u in (
        unit(
            "warchief",
            "Warchief",
            (Tier.HERO,),
            175,
            wounds=6,
            magical=True,
            abilities=(
                Ability("Bloodlust", AbilityType.BUFF, 2),
                Ability("Earthquake", AbilityType.BLAST, 3),
                Ability("War Stomp", AbilityType.REACTION, 1),
            ),
        ),
        unit("shaman", "Shaman", (Tier.ELITE,), 80, wounds=3, magical=True, keywords={"Summon": 2}),
        unit("troll", "Troll", (Tier.BASELINE,), 60, wounds=3, keywords={"Regeneration": 1}),
        unit("shieldbearer", "Shieldbearer", (Tier.ELITE,), 85, wounds=3, keywords={"Taunt": 0}),
        unit("grunt", "Orc Grunt", (Tier.BASELINE,), 45),
        unit(
            "sorceress",
            "Sorceress",
            (Tier.HERO,),
            160,
            wounds=5,
            magical=True,
            keywords={"Spell Block": 0},
            abilities=(Ability("Slow", AbilityType.DEBUFF, 1),),
        ),
        unit("paladin", "Paladin", (Tier.HERO,), 115, wounds=5),
        unit(
            "gryphon",
            "Gryphon Rider",
            (Tier.MOUNTED, Tier.ELITE),
            100,
            wounds=3,
            keywords={"Fly": 0, "Fear": 0},
        ),
        unit("skeleton", "Skeleton", (Tier.BASELINE,), 30, wounds=1, keywords={"Undead": 0}),
        unit("footman", "Footman", (Tier.BASELINE,), 50),
    )
}


def army(*lines: tuple[int, str]) -> ArmyList:
    return ArmyList(BattleSize.STANDARD, tuple(ArmyLine(count, ref) for count, ref in lines))


HORDE = army((1, "warchief"), (1, "shaman"), (1, "troll"), (1, "shieldbearer"), (2, "grunt"))
ALLIANCE = army((1, "sorceress"), (1, "paladin"), (1, "gryphon"), (1, "skeleton"), (2, "footman"))
ANA = side_from_army("Ana", HORDE, UNITS)
BEN = side_from_army("Ben", ALLIANCE, UNITS)


def setup(
    scenario: Scenario = Scenario.ANNIHILATION, size: BattleSize = BattleSize.STANDARD
) -> AzerothSetup:
    return AzerothSetup((ANA, BEN), size, scenario)


AzerothGame = Game[AzerothSetup, AzerothState]


def new_game(
    scenario: Scenario = Scenario.ANNIHILATION, size: BattleSize = BattleSize.STANDARD
) -> AzerothGame:
    return start(AZEROTH, setup(scenario, size))


def act(game: AzerothGame, type: str, by: int | None = None, **payload: Any) -> AzerothGame:
    return game_apply(game, type=type, by=by, payload=payload)


def undo(game: AzerothGame) -> AzerothGame:
    return game_apply(game, type="undo", payload={"target": game.next_undo()})


def redo(game: AzerothGame) -> AzerothGame:
    return game_apply(game, type="redo", payload={"target": game.next_redo()})


def deployed(
    scenario: Scenario = Scenario.ANNIHILATION, size: BattleSize = BattleSize.STANDARD
) -> AzerothGame:
    """Ben wins the edge roll-off (so Ben deploys second and activates first in round 1);
    Warlords are the Warchief and the Sorceress; the game is in round 1's Mana stage."""
    game = act(new_game(scenario, size), "edge_roll_off", None, rolls=[2, 5])
    if scenario is Scenario.ASSASSINATION:
        game = act(game, "nominate_warlord", 0, model="warchief-1")
        game = act(game, "nominate_warlord", 1, model="sorceress-1")
    return act(game, "end_stage")


def activation(scenario: Scenario = Scenario.ANNIHILATION) -> AzerothGame:
    """Round 1's Activation stage, Ben to activate first."""
    return act(deployed(scenario), "end_stage")


def activate_all(game: AzerothGame) -> AzerothGame:
    """Activate every remaining model, in turn order."""
    state = game.state
    while (seat := _next(game)) is not None:
        model = game.state.sides[seat].to_activate[0]
        game = act(game, "activate", seat, model=model.id)
        state = game.state
    assert state.stage.value == "Activation"
    return game


def _next(game: AzerothGame) -> int | None:
    from referee.rules.azeroth.state import next_seat

    return next_seat(game.state)


def model(game: AzerothGame, seat: int, model_id: str) -> Any:
    found = game.state.sides[seat].find(model_id)
    assert found is not None, model_id
    return found


def side(game: AzerothGame, seat: int) -> Any:
    return game.state.sides[seat]


def finish_round(game: AzerothGame, rolls: tuple[int, int] = (5, 2)) -> AzerothGame:
    """From a Mana or Activation stage, play to the next round's Mana stage doing nothing
    optional: roll off if needed, activate all, take no Morale tests (none due)."""
    if game.state.stage.value == "Mana":
        game = act(game, "end_stage")
    if game.state.first is None:
        game = act(game, "round_roll_off", rolls=list(rolls))
    game = activate_all(game)
    game = act(game, "end_stage")
    if game.state.scenario.value == "hold_the_line" and game.state.objectives is None:
        count = 2 if game.state.battle_size.value == "skirmish" else 3
        game = act(
            game, "objectives", seat_0_within_3=[False] * count, seat_1_within_3=[False] * count
        )
    return act(game, "end_stage")


def kill(game: AzerothGame, seat: int, model_id: str, by: int | None = None) -> AzerothGame:
    """Deal a model all its remaining wounds."""
    left = model(game, seat, model_id).wounds_left
    return act(game, "damage", by, seat=seat, model=model_id, amount=left)


def to_morale(game: AzerothGame) -> AzerothGame:
    """Activate every remaining model and end the Activation stage."""
    return act(activate_all(game), "end_stage")
