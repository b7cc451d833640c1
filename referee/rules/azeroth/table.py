"""Azeroth at War at the table: the rules a game tracker applies between the dice.

Mana income (8.1, A13), deployment (3.3), who activates when (5.1), the Morale Phase (10;
A10, A11), Regeneration and Summon [X] (4.6) and the three core scenarios' results (11).
Every function is pure: facts in, a typed result with a readable explanation out. Players are
``Player.A`` and ``Player.B``; the tracker maps them to its seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..checks import Problems, add_problem, check_flags, check_whole
from ..errors import InvalidInput
from .morale import below_quarter, morale_odds, must_test
from .profiles import LIMITS, MoraleOdds, MoraleTest, MoraleTrigger, MustTest, Step, Tier
from .units import BATTLE_SIZES, BattleSize

MANA_CAP = 10  # 8.1
ROUNDS = 6  # 5
OBJECTIVE_VP = 100  # 11, Hold the Line
MAX_COUNT = 99  # models of one kind in one army
MAX_OBJECTIVES = 3  # 11, Hold the Line
MAX_POINTS = 100_000


class Player(StrEnum):
    A = "a"
    B = "b"

    @property
    def other(self) -> Player:
        return Player.B if self is Player.A else Player.A


def _raise_if(problems: Problems) -> None:
    if problems:
        raise InvalidInput(problems)


def _check_player(problems: Problems, path: str, value: object) -> None:
    if not isinstance(value, Player):
        add_problem(problems, path, f"Player must be a or b (got {value!r}).")


def _check_round(problems: Problems, path: str, value: object, low: int = 1) -> None:
    check_whole(problems, path, value, low, ROUNDS, "Round")


def _check_dice(problems: Problems, roll_off: object) -> None:
    if not isinstance(roll_off, tuple) or len(roll_off) != 2:
        add_problem(problems, "roll_off", f"A roll-off is two dice (got {roll_off!r}).")
    else:
        for i, die in enumerate(roll_off):
            check_whole(problems, f"roll_off.{i}", die, 1, 6, "A D6")


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


# --- Mana (8.1, A13) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ManaIncome:
    base: int
    heroes: int
    magical: int
    objectives: int
    income: int
    pool_before: int
    pool_after: int
    lost: int  # Mana over the cap of 10, gone
    explanation: tuple[Step, ...]


def mana_income(
    battle_size: BattleSize,
    surviving_heroes: int,
    surviving_magical_non_heroes: int,
    controlled_objectives: int,
    scenario_grants_objective_mana: bool,
    pool_before: int,
    round_number: int | None = None,
) -> ManaIncome:
    """One army's Mana Phase (8.1, A13): base by battle size, +1 per surviving Hero, +1 per
    surviving non-Hero Magical model, +1 per controlled objective when the scenario grants it
    (11, Hold the Line); the pool is then capped at 10 and the excess is lost. Given
    ``round_number``, the objectives are those held at the end of the round before, and
    round 1 has none (R122)."""
    problems: Problems = {}
    if not isinstance(battle_size, BattleSize):
        choices = ", ".join(size.value for size in BattleSize)
        add_problem(
            problems, "battle_size", f"Battle size must be one of {choices} (got {battle_size!r})."
        )
    check_whole(problems, "surviving_heroes", surviving_heroes, 0, MAX_COUNT, "Surviving Heroes")
    check_whole(
        problems,
        "surviving_magical_non_heroes",
        surviving_magical_non_heroes,
        0,
        MAX_COUNT,
        "Surviving Magical models",
    )
    check_whole(
        problems,
        "controlled_objectives",
        controlled_objectives,
        0,
        MAX_OBJECTIVES,
        "Controlled objectives",
    )
    if not isinstance(scenario_grants_objective_mana, bool):
        add_problem(
            problems,
            "scenario_grants_objective_mana",
            f"Must be true or false (got {scenario_grants_objective_mana!r}).",
        )
    check_whole(problems, "pool_before", pool_before, 0, MANA_CAP, "Mana before the phase")
    if round_number is not None:
        _check_round(problems, "round_number", round_number)
        if round_number == 1 and isinstance(controlled_objectives, int) and controlled_objectives:
            add_problem(
                problems,
                "controlled_objectives",
                "Round 1's Mana Phase comes before any round has ended, so no objective is "
                "held yet (R122).",
            )
    _raise_if(problems)

    base = BATTLE_SIZES[battle_size].base_mana
    objectives = controlled_objectives if scenario_grants_objective_mana else 0
    steps = [
        Step("8.1", f"Base Mana for a {battle_size.value} battle: +{base}."),
        Step(
            "8.1",
            _plural(surviving_heroes, "surviving Hero", "surviving Heroes")
            + f": +{surviving_heroes}.",
        ),
        Step(
            "8.1",
            f"{_plural(surviving_magical_non_heroes, 'surviving Magical model')} that "
            f"{'is' if surviving_magical_non_heroes == 1 else 'are'} not a Hero: "
            f"+{surviving_magical_non_heroes}.",
        ),
    ]
    if scenario_grants_objective_mana and round_number == 1:
        steps.append(
            Step(
                "8.1, 11, R122",
                "No objective brings Mana in round 1: control is first decided at the end of "
                "round 1.",
            )
        )
    elif scenario_grants_objective_mana and round_number is not None:
        steps.append(
            Step(
                "8.1, 11, R122",
                f"{_plural(controlled_objectives, 'objective')} held at the end of round "
                f"{round_number - 1}: +{objectives}.",
            )
        )
    elif scenario_grants_objective_mana:
        steps.append(
            Step(
                "8.1, 11",
                f"{_plural(controlled_objectives, 'controlled objective')}: +{objectives}.",
            )
        )
    elif controlled_objectives:
        steps.append(Step("8.1, 11", "This scenario gives no Mana for objectives: +0."))
    income = base + surviving_heroes + surviving_magical_non_heroes + objectives
    total = pool_before + income
    pool_after = min(total, MANA_CAP)
    lost = total - pool_after
    steps.append(Step("A13", f"Income {income}, added to {pool_before} in the pool: {total}."))
    if lost:
        steps.append(Step("8.1, A13", f"The pool holds at most {MANA_CAP}: {lost} Mana lost."))
    steps.append(Step("8.1", f"Mana pool now {pool_after}."))
    return ManaIncome(
        base=base,
        heroes=surviving_heroes,
        magical=surviving_magical_non_heroes,
        objectives=objectives,
        income=income,
        pool_before=pool_before,
        pool_after=pool_after,
        lost=lost,
        explanation=tuple(steps),
    )


# --- Deployment (3.3) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EdgeRollOff:
    chooser: Player | None  # None: the roll-off tied and must be rerolled
    reroll: bool
    explanation: tuple[Step, ...]


def edge_roll_off(roll_off: tuple[int, int]) -> EdgeRollOff:
    """Who chooses the table edge (3.3; R63): the higher of a D6 roll-off (player A's die,
    player B's die). A tie is rolled again, as for the round roll-off of 5.1."""
    problems: Problems = {}
    _check_dice(problems, roll_off)
    _raise_if(problems)
    a, b = roll_off
    if a == b:
        return EdgeRollOff(
            None, True, (Step("3.3, R63", f"Both rolled {a}: a tie, roll off again."),)
        )
    winner = Player.A if a > b else Player.B
    return EdgeRollOff(
        winner,
        False,
        (
            Step(
                "3.3",
                f"Edge roll-off: A {a}, B {b}. Player {winner.value.upper()} chooses the table "
                f"edge; player {winner.other.value.upper()} will place the first unit.",
            ),
        ),
    )


@dataclass(frozen=True, slots=True)
class Deployment:
    depth: int  # inches from the table edge
    first_to_place: Player
    explanation: tuple[Step, ...]


def deployment(battle_size: BattleSize, edge_chooser: Player) -> Deployment:
    """Deployment (3.3): the zone's depth by battle size; the player who did not choose the
    table edge places the first unit, then the players alternate one unit at a time."""
    problems: Problems = {}
    if not isinstance(battle_size, BattleSize):
        choices = ", ".join(size.value for size in BattleSize)
        add_problem(
            problems, "battle_size", f"Battle size must be one of {choices} (got {battle_size!r})."
        )
    _check_player(problems, "edge_chooser", edge_chooser)
    _raise_if(problems)
    depth = BATTLE_SIZES[battle_size].deployment_depth
    first = edge_chooser.other
    return Deployment(
        depth=depth,
        first_to_place=first,
        explanation=(
            Step(
                "3.3", f'A {battle_size.value} battle deploys within {depth}" of each table edge.'
            ),
            Step(
                "3.3",
                f"Player {edge_chooser.value.upper()} chose the edge, so player "
                f"{first.value.upper()} places a unit first; then the players alternate, one "
                "unit at a time.",
            ),
        ),
    )


# --- Activation (5.1) ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FirstActivator:
    player: Player | None  # None: the roll-off tied and must be rerolled
    reroll: bool
    explanation: tuple[Step, ...]


def first_activator(
    round_number: int, deployed_second: Player, roll_off: tuple[int, int] | None = None
) -> FirstActivator:
    """Who activates first this round (5.1): in round 1 the player who deployed second; from
    round 2 the higher of a D6 roll-off (``roll_off`` is player A's die, player B's die), who
    has no choice (R123). A tie is rerolled: the answer is then "reroll", never a guess."""
    problems: Problems = {}
    _check_round(problems, "round_number", round_number)
    _check_player(problems, "deployed_second", deployed_second)
    if roll_off is not None:
        _check_dice(problems, roll_off)
    elif isinstance(round_number, int) and not isinstance(round_number, bool) and round_number > 1:
        add_problem(
            problems, "roll_off", f"Round {round_number} starts with a roll-off: give both dice."
        )
    _raise_if(problems)

    if round_number == 1:
        return FirstActivator(
            player=deployed_second,
            reroll=False,
            explanation=(
                Step(
                    "5.1",
                    f"Round 1: player {deployed_second.value.upper()} deployed second, so "
                    "activates first.",
                ),
            ),
        )
    assert roll_off is not None  # checked above
    a, b = roll_off
    if a == b:
        return FirstActivator(
            player=None,
            reroll=True,
            explanation=(Step("5.1", f"Both rolled {a}: a tie, roll off again."),),
        )
    winner = Player.A if a > b else Player.B
    return FirstActivator(
        player=winner,
        reroll=False,
        explanation=(
            Step(
                "5.1, R123",
                f"Round {round_number} roll-off: A {a}, B {b}. Player {winner.value.upper()} "
                "rolled higher and activates first; the winner does not choose.",
            ),
        ),
    )


@dataclass(frozen=True, slots=True)
class NextActivation:
    player: Player | None  # None: every model on both sides has activated
    explanation: tuple[Step, ...]


def next_activator(
    first: Player, last: Player | None, a_models_left: int, b_models_left: int
) -> NextActivation:
    """Whose activation is next (5.1): the players alternate one model at a time, starting
    with ``first`` (``last`` is who activated most recently, None at the start of the phase).
    When one player has no model left to activate, the other activates the rest one at a
    time; when neither has, the Activation Phase is over."""
    problems: Problems = {}
    _check_player(problems, "first", first)
    if last is not None:
        _check_player(problems, "last", last)
    check_whole(problems, "a_models_left", a_models_left, 0, MAX_COUNT, "Models left to activate")
    check_whole(problems, "b_models_left", b_models_left, 0, MAX_COUNT, "Models left to activate")
    _raise_if(problems)

    left = {Player.A: a_models_left, Player.B: b_models_left}
    if not a_models_left and not b_models_left:
        return NextActivation(
            None, (Step("5.1", "Every model on both sides has activated: on to Morale."),)
        )
    turn = first if last is None else last.other
    if left[turn]:
        why = (
            f"Player {turn.value.upper()} activates first this round."
            if last is None
            else f"Players alternate: player {turn.value.upper()} activates next."
        )
        return NextActivation(turn, (Step("5.1", why),))
    other = turn.other
    return NextActivation(
        other,
        (
            Step(
                "5.1",
                f"Player {turn.value.upper()} has no model left to activate, so player "
                f"{other.value.upper()} activates its remaining models one at a time.",
            ),
        ),
    )


# --- Morale Phase (10; A10, A11) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoraleFacts:
    """What the table knows about one model at the Morale Phase."""

    label: str
    tier: Tier
    starting_wounds: int
    wounds_remaining: int
    wounds_lost_this_turn: int = 0
    friendly_destroyed_within_6: bool = False
    routing: bool = False
    undead_or_mechanical: bool = False
    fear_nearby: bool = False
    command_aura: bool = False  # within another Hero's Command Aura (9.1, A10)
    last_hero_slain: bool = False


@dataclass(frozen=True, slots=True)
class MoraleCheck:
    label: str
    must_test: MustTest
    odds: MoraleOdds | None  # None when it need not test


_MORALE_FLAGS = (
    "friendly_destroyed_within_6",
    "routing",
    "undead_or_mechanical",
    "fear_nearby",
    "command_aura",
    "last_hero_slain",
)


def morale_stage(models: Sequence[MoraleFacts]) -> tuple[MoraleCheck, ...]:
    """The Morale Phase's list (10.1-10.3): for each model, whether it must test and why
    (``morale.must_test``) and, when it must, its exact odds (``morale.morale_odds``). The
    -1 below a quarter of starting wounds is worked out from the wounds remaining (R14).
    Problems are named ``models.<i>.<field>``."""
    problems: Problems = {}
    for i, facts in enumerate(models):
        own: Problems = {}
        if not isinstance(facts.tier, Tier):
            choices = ", ".join(tier.value for tier in Tier)
            add_problem(own, "tier", f"Tier must be one of {choices} (got {facts.tier!r}).")
        low, high = LIMITS["wounds"]
        check_whole(own, "starting_wounds", facts.starting_wounds, low, high, "Starting wounds")
        check_whole(own, "wounds_remaining", facts.wounds_remaining, 1, high, "Wounds remaining")
        if (
            "starting_wounds" not in own
            and "wounds_remaining" not in own
            and facts.wounds_remaining > facts.starting_wounds
        ):
            add_problem(
                own,
                "wounds_remaining",
                f"Wounds remaining ({facts.wounds_remaining}) cannot exceed starting "
                f"wounds ({facts.starting_wounds}).",
            )
        check_whole(
            own, "wounds_lost_this_turn", facts.wounds_lost_this_turn, 0, high, "Wounds lost"
        )
        check_flags(own, facts, _MORALE_FLAGS)
        for path, messages in own.items():
            problems.setdefault(f"models.{i}.{path}", []).extend(messages)
    _raise_if(problems)

    checks: list[MoraleCheck] = []
    for facts in models:
        need = must_test(
            MoraleTrigger(
                starting_wounds=facts.starting_wounds,
                wounds_lost_this_turn=facts.wounds_lost_this_turn,
                friendly_destroyed_within_6=facts.friendly_destroyed_within_6,
                routing=facts.routing,
                undead_or_mechanical=facts.undead_or_mechanical,
            )
        )
        odds = None
        if need.required:
            odds = morale_odds(
                MoraleTest(
                    tier=facts.tier,
                    last_hero_slain=facts.last_hero_slain,
                    below_quarter_wounds=below_quarter(
                        facts.starting_wounds, facts.wounds_remaining
                    ),
                    fear_nearby=facts.fear_nearby,
                    command_aura=facts.command_aura,
                )
            )
        checks.append(MoraleCheck(facts.label, need, odds))
    return tuple(checks)


class MoraleOutcome(StrEnum):
    PASS = "pass"
    WAVER = "waver"
    ROUT = "rout"
    RALLY = "rally"  # a routing model passed: it is Wavering again
    FLEE = "flee"  # a routing model failed: it keeps fleeing


@dataclass(frozen=True, slots=True)
class MoraleResult:
    outcome: MoraleOutcome
    roll_used: int  # the reroll when one was made (it stands, A10)
    failed_by: int  # 0 on a pass
    explanation: tuple[Step, ...]


def morale_result(
    morale_value: int,
    roll_total: int,
    rerolled_total: int | None = None,
    *,
    routing: bool = False,
) -> MoraleResult:
    """Apply one Morale test's 2D6 (10.2, 10.3; A10, A11, R15, R61). A roll at or under the
    value passes; failing by 1-2 Wavers, by 3 or more Routs. A failed test may be rerolled
    once under another Hero's Command Aura and the reroll stands. A routing model that passes
    Rallies (back to Wavering); one that fails, by any margin, flees on."""
    problems: Problems = {}
    check_whole(problems, "morale_value", morale_value, 1, 12, "Morale value")
    check_whole(problems, "roll_total", roll_total, 2, 12, "A 2D6 roll")
    if rerolled_total is not None:
        check_whole(problems, "rerolled_total", rerolled_total, 2, 12, "A 2D6 reroll")
    if not isinstance(routing, bool):
        add_problem(problems, "routing", f"Must be true or false (got {routing!r}).")
    if not problems and rerolled_total is not None and roll_total <= morale_value:
        add_problem(
            problems,
            "rerolled_total",
            f"Only a failed test is rerolled: {roll_total} already passes on {morale_value}.",
        )
    _raise_if(problems)

    steps = [
        Step(
            "10.2",
            f"Rolled {roll_total} against Morale {morale_value}: "
            + ("pass." if roll_total <= morale_value else f"fails by {roll_total - morale_value}."),
        )
    ]
    roll = roll_total
    if rerolled_total is not None:
        roll = rerolled_total
        steps.append(
            Step(
                "9.1, A10",
                f"Command Aura reroll: {rerolled_total}. The reroll stands.",
            )
        )
    failed_by = max(0, roll - morale_value)
    if routing:
        if failed_by == 0:
            outcome = MoraleOutcome.RALLY
            text = "A routing model that passes Rallies: it is Wavering and activates next round."
        else:
            outcome = MoraleOutcome.FLEE
            text = (
                f"A routing model that fails (by {failed_by}) keeps fleeing toward its table "
                "edge and does not activate."
            )
        steps.append(Step("10.3, R15, R61", text))
    elif failed_by == 0:
        outcome = MoraleOutcome.PASS
        steps.append(Step("10.3", "Pass: it holds firm."))
    elif failed_by <= 2:
        outcome = MoraleOutcome.WAVER
        steps.append(
            Step(
                "10.3, A11",
                f"Failed by {failed_by}: Waver. Next activation it may only Hold and Shoot or "
                "Fight where it stands; a flyer is grounded until then.",
            )
        )
    else:
        outcome = MoraleOutcome.ROUT
        steps.append(
            Step(
                "10.3, A11",
                f"Failed by {failed_by}: Rout. It flees its full MOV toward its own edge now "
                "and gets no activation while routing.",
            )
        )
    return MoraleResult(outcome, roll, failed_by, tuple(steps))


# --- Regeneration and Summon [X] (4.6) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Regeneration:
    wounds_left: int
    healed: int
    explanation: tuple[Step, ...]


def regenerate(
    wounds_left: int, starting_wounds: int, x: int, undead_or_mechanical: bool
) -> Regeneration:
    """Regeneration [X] at the start of the model's activation (4.6): it gets back up to X lost
    wounds, never above its starting wounds. Undead and Mechanical models cannot be healed."""
    problems: Problems = {}
    low, high = LIMITS["wounds"]
    check_whole(problems, "starting_wounds", starting_wounds, low, high, "Starting wounds")
    remaining_high = starting_wounds if "starting_wounds" not in problems else high
    check_whole(problems, "wounds_left", wounds_left, 1, remaining_high, "Wounds left")
    check_whole(problems, "x", x, 0, high, "Regeneration [X]")
    if not isinstance(undead_or_mechanical, bool):
        add_problem(
            problems,
            "undead_or_mechanical",
            f"Must be true or false (got {undead_or_mechanical!r}).",
        )
    _raise_if(problems)

    if undead_or_mechanical:
        return Regeneration(
            wounds_left,
            0,
            (Step("4.6", "Undead and Mechanical models cannot be healed, Regeneration included."),),
        )
    healed = min(x, starting_wounds - wounds_left)
    after = wounds_left + healed
    if healed == 0:
        text = (
            f"Regeneration [{x}]: nothing to recover, it has all {starting_wounds} wounds."
            if wounds_left == starting_wounds
            else f"Regeneration [{x}]: recovers nothing."
        )
    else:
        text = (
            f"Regeneration [{x}]: recovers {_plural(healed, 'wound')}, "
            f"{wounds_left} -> {after} of {starting_wounds}."
        )
    return Regeneration(after, healed, (Step("4.6", text),))


@dataclass(frozen=True, slots=True)
class SummonStatus:
    rounds_left: int  # rounds it is still on the table, counting the current one
    expired: bool
    last_round: int  # it is removed at the end of this round
    explanation: tuple[Step, ...]


def summon_expires(summoned_round: int, x: int, current_round: int) -> SummonStatus:
    """How long a summoned unit stays (Summon [X], 4.6; R62): the round it is summoned counts
    as the first of its X rounds, and it is removed at the end of round summoned_round + X - 1.
    (Its summoner's death removes it at once: the tracker handles that.)"""
    problems: Problems = {}
    _check_round(problems, "summoned_round", summoned_round)
    check_whole(problems, "x", x, 1, MAX_COUNT, "Summon [X]")
    _check_round(problems, "current_round", current_round)
    if not problems and current_round < summoned_round:
        add_problem(
            problems,
            "current_round",
            f"Round {current_round} is before the unit was summoned (round {summoned_round}).",
        )
    _raise_if(problems)

    last = summoned_round + x - 1
    rounds_left = max(0, last - current_round + 1)
    expired = rounds_left == 0
    if expired:
        text = f"Summoned in round {summoned_round} for {x}: removed at the end of round {last}."
    else:
        text = (
            f"Summoned in round {summoned_round} for {_plural(x, 'round')}: "
            f"{_plural(rounds_left, 'round')} left including this one; removed at the end of "
            f"round {last}."
        )
    return SummonStatus(rounds_left, expired, last, (Step("4.6, R62", text),))


# --- Winning the game (11) -------------------------------------------------------------------


class Outcome(StrEnum):
    ONGOING = "ongoing"
    WIN = "win"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class GameResult:
    outcome: Outcome
    winner: Player | None
    score: dict[Player, int]  # what decided it (points destroyed, VP, remaining points ...)
    explanation: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class ArmyStanding:
    """One player's army as the scenarios count it. ``points_destroyed`` is the PTS of enemy
    units this player has destroyed."""

    units_remaining: int
    points_destroyed: int = 0
    surviving_wounds: int = 0
    remaining_points: int = 0
    warlord_slain: bool = False


def _check_standing(problems: Problems, path: str, standing: ArmyStanding) -> None:
    check_whole(
        problems, f"{path}.units_remaining", standing.units_remaining, 0, MAX_POINTS, "Units"
    )
    for name, what in (
        ("points_destroyed", "Points destroyed"),
        ("surviving_wounds", "Surviving wounds"),
        ("remaining_points", "Remaining points"),
    ):
        check_whole(problems, f"{path}.{name}", getattr(standing, name), 0, MAX_POINTS, what)
    if not isinstance(standing.warlord_slain, bool):
        add_problem(
            problems,
            f"{path}.warlord_slain",
            f"Must be true or false (got {standing.warlord_slain!r}).",
        )


def _compare(a: int, b: int, rule: str, what: str, steps: list[Step]) -> Player | None:
    steps.append(Step(rule, f"{what}: A {a}, B {b}."))
    if a == b:
        return None
    return Player.A if a > b else Player.B


def _win(
    winner: Player, score: dict[Player, int], steps: list[Step], rule: str, why: str
) -> GameResult:
    steps.append(Step(rule, f"Player {winner.value.upper()} wins: {why}."))
    return GameResult(Outcome.WIN, winner, score, tuple(steps))


def annihilation_result(a: ArmyStanding, b: ArmyStanding, rounds_completed: int) -> GameResult:
    """Annihilation (11; R60): the game ends when a player has no units left (the other
    wins) or after round 6, when more enemy points destroyed wins, then more surviving
    wounds, else a draw. Both armies gone at once is decided as after round 6."""
    problems: Problems = {}
    _check_standing(problems, "a", a)
    _check_standing(problems, "b", b)
    _check_round(problems, "rounds_completed", rounds_completed, low=0)
    _raise_if(problems)

    score = {Player.A: a.points_destroyed, Player.B: b.points_destroyed}
    steps: list[Step] = []
    wiped = [p for p, s in ((Player.A, a), (Player.B, b)) if s.units_remaining == 0]
    if len(wiped) == 1:
        loser = wiped[0]
        return _win(
            loser.other, score, steps, "11", f"player {loser.value.upper()} has no units left"
        )
    if not wiped and rounds_completed < ROUNDS:
        steps.append(
            Step("11", f"Both armies stand after round {rounds_completed}: the game goes on.")
        )
        return GameResult(Outcome.ONGOING, None, score, tuple(steps))
    if wiped:
        steps.append(Step("11, R60", "Both armies are gone at once: decided as after round 6."))
    else:
        steps.append(Step("11", "Both armies stand after round 6."))
    leader = _compare(a.points_destroyed, b.points_destroyed, "11", "Enemy points destroyed", steps)
    if leader is not None:
        return _win(leader, score, steps, "11", "more enemy points destroyed")
    leader = _compare(a.surviving_wounds, b.surviving_wounds, "11", "Surviving wounds", steps)
    if leader is not None:
        score = {Player.A: a.surviving_wounds, Player.B: b.surviving_wounds}
        return _win(leader, score, steps, "11", "equal points destroyed, more wounds surviving")
    steps.append(Step("11", "Equal points destroyed and equal surviving wounds: a draw."))
    return GameResult(Outcome.DRAW, None, score, tuple(steps))


@dataclass(frozen=True, slots=True)
class ObjectiveFacts:
    """Who has a unit within 3" of one objective (one that may control it, 4.6 Summon)."""

    a_within_3: bool
    b_within_3: bool


def objective_count(battle_size: BattleSize) -> int:
    """How many objective markers Hold the Line uses (11): 2 in a Skirmish, else 3."""
    if not isinstance(battle_size, BattleSize):
        choices = ", ".join(size.value for size in BattleSize)
        raise InvalidInput(
            {"battle_size": [f"Battle size must be one of {choices} (got {battle_size!r})."]}
        )
    return 2 if battle_size is BattleSize.SKIRMISH else MAX_OBJECTIVES


def objective_controller(objective: ObjectiveFacts) -> Player | None:
    """Who controls an objective at the end of a round (11, Hold the Line; R60): the player
    with a unit within 3" when the enemy has none; nobody when both or neither have. What a
    player controls at the end of a round is what earns Mana in the next round's Mana Phase
    (8.1, A13)."""
    problems: Problems = {}
    check_flags(problems, objective, ("a_within_3", "b_within_3"))
    _raise_if(problems)
    if objective.a_within_3 == objective.b_within_3:
        return None
    return Player.A if objective.a_within_3 else Player.B


def hold_the_line_result(
    a_points_destroyed: int,
    b_points_destroyed: int,
    objectives: Sequence[ObjectiveFacts],
    rounds_completed: int,
) -> GameResult:
    """Hold the Line (11; R60): at the end of round 6 each objective a player controls is
    worth 100 VP, plus the PTS of every enemy unit that player destroyed; the higher total
    wins and equal totals draw. Before then the standing so far is reported. ``objectives``
    are the facts at the end of the last completed round (2 in Skirmish, else 3)."""
    problems: Problems = {}
    check_whole(problems, "a_points_destroyed", a_points_destroyed, 0, MAX_POINTS, "Points")
    check_whole(problems, "b_points_destroyed", b_points_destroyed, 0, MAX_POINTS, "Points")
    if len(objectives) > MAX_OBJECTIVES:
        add_problem(
            problems, "objectives", f"At most {MAX_OBJECTIVES} objectives (got {len(objectives)})."
        )
    for i, objective in enumerate(objectives):
        own: Problems = {}
        check_flags(own, objective, ("a_within_3", "b_within_3"))
        for path, messages in own.items():
            problems.setdefault(f"objectives.{i}.{path}", []).extend(messages)
    _check_round(problems, "rounds_completed", rounds_completed, low=0)
    _raise_if(problems)

    held = {Player.A: 0, Player.B: 0}
    steps: list[Step] = []
    for i, objective in enumerate(objectives, start=1):
        controller = objective_controller(objective)
        if controller is None:
            why = 'both sides within 3"' if objective.a_within_3 else 'nobody within 3"'
            steps.append(Step("11, R60", f"Objective {i}: nobody controls it ({why})."))
        else:
            held[controller] += 1
            steps.append(
                Step(
                    "11",
                    f"Objective {i}: player {controller.value.upper()} controls it (a unit "
                    'within 3", no enemy within 3").',
                )
            )
    vp = {
        Player.A: held[Player.A] * OBJECTIVE_VP + a_points_destroyed,
        Player.B: held[Player.B] * OBJECTIVE_VP + b_points_destroyed,
    }
    for player, destroyed in ((Player.A, a_points_destroyed), (Player.B, b_points_destroyed)):
        steps.append(
            Step(
                "11",
                f"Player {player.value.upper()}: {held[player]} x {OBJECTIVE_VP} VP + "
                f"{destroyed} PTS destroyed = {vp[player]} VP.",
            )
        )
    if rounds_completed < ROUNDS:
        steps.append(Step("11", f"After round {rounds_completed}: the game goes on to round 6."))
        return GameResult(Outcome.ONGOING, None, vp, tuple(steps))
    leader = _compare(vp[Player.A], vp[Player.B], "11", "Victory Points after round 6", steps)
    if leader is None:
        steps.append(Step("11, R60", "Equal Victory Points: a draw."))
        return GameResult(Outcome.DRAW, None, vp, tuple(steps))
    return _win(leader, vp, steps, "11", "more Victory Points")


def assassination_result(a: ArmyStanding, b: ArmyStanding, rounds_completed: int) -> GameResult:
    """Assassination (11; R60): the game ends the moment a Warlord is slain, and its player
    loses (both slain at once is a draw). After 6 rounds with both Warlords alive, more
    remaining army points wins; equal is a draw."""
    problems: Problems = {}
    _check_standing(problems, "a", a)
    _check_standing(problems, "b", b)
    _check_round(problems, "rounds_completed", rounds_completed, low=0)
    _raise_if(problems)

    score = {Player.A: a.remaining_points, Player.B: b.remaining_points}
    steps: list[Step] = []
    slain = [p for p, s in ((Player.A, a), (Player.B, b)) if s.warlord_slain]
    if len(slain) == 2:
        steps.append(Step("11, R60", "Both Warlords fell at the same moment: a draw."))
        return GameResult(Outcome.DRAW, None, score, tuple(steps))
    if slain:
        loser = slain[0]
        return _win(
            loser.other, score, steps, "11", f"player {loser.value.upper()}'s Warlord was slain"
        )
    if rounds_completed < ROUNDS:
        steps.append(
            Step("11", f"Both Warlords live after round {rounds_completed}: the game goes on.")
        )
        return GameResult(Outcome.ONGOING, None, score, tuple(steps))
    steps.append(Step("11", "Both Warlords survived 6 rounds."))
    leader = _compare(a.remaining_points, b.remaining_points, "11", "Remaining army points", steps)
    if leader is None:
        steps.append(Step("11, R60", "Equal remaining army points: a draw."))
        return GameResult(Outcome.DRAW, None, score, tuple(steps))
    return _win(leader, score, steps, "11", "more army points remaining")
