"""Rune Age cards as data: what the tracker needs to know of each card.

No official card list comes with the rulebook, so the numbers are data a table imports
(``catalog_from_json``) and exports (``catalog_to_json``). ``DEMO`` is a small catalog made up
for demonstration: its names and numbers are not the published game's, except the names the
rulebook's own rules refer to (the races, the scenarios, their neutral card types and the
events the solo and cooperative rules remove).

Sections cited are the rulebook's: Component List, Component Overview, Setup, Variable Setup,
Resources, Event Cards & the Event Phase, Attrition Die and The Scenarios.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.checks import Problems, add_problem
from referee.rules.errors import InvalidInput
from referee.rules.text import lone_surrogate

JSON = Any
MAX_NAME = 80
MAX_TEXT = 400
MAX_NUMBER = 99

DRAGONLORDS, RUNEWARS, CATACLYSM, MONUMENT = "dragonlords", "runewars", "cataclysm", "monument"
SCENARIOS = (DRAGONLORDS, RUNEWARS, CATACLYSM, MONUMENT)
SCENARIO_NAMES = {
    DRAGONLORDS: "Resurgence of the Dragonlords",
    RUNEWARS: "Runewars",
    CATACLYSM: "The Cataclysm",
    MONUMENT: "The Monument",
}
SOLO_SCENARIOS = (DRAGONLORDS, CATACLYSM)  # The Scenarios: Solitaire Play
UNIT, TACTIC = "unit", "tactic"
ENEMY, INSTANT = "enemy", "instant"
UNIT_COSTS = (1, 2, 3, 5)  # Component List: 1-, 2-, 3- and 5-cost faction units
GOLD_VALUES = (1, 2, 3)
STARTING_GOLD = 5  # Setup 8: five 1-gold cards
STARTING_UNITS = 3  # Setup 8: three 1-cost units
HAND = 5  # Setup 9, Drawing Cards

# Variable Setup: players -> (1-gold, 2-gold, 3-gold, each neutral pile, neutral cities)
VARIABLE_SETUP: dict[int, tuple[int, int, int, int, int]] = {
    4: (24, 14, 10, 5, 5),
    3: (19, 12, 8, 4, 4),
    2: (14, 10, 6, 3, 3),
    1: (9, 8, 4, 2, 2),
}


@dataclass(frozen=True, slots=True)
class Unit:
    """A faction unit of a race's Barracks: its gold cost, strength and copies."""

    name: str
    cost: int
    strength: int
    copies: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class Stronghold:
    """Bought for ``gold`` or secured with ``strength``; exhausted for ``influence``."""

    name: str
    gold: int
    strength: int
    influence: int


@dataclass(frozen=True, slots=True)
class Monument:
    name: str
    gold: int


@dataclass(frozen=True, slots=True)
class Race:
    name: str
    home_realm: str
    units: tuple[Unit, ...]
    strongholds: tuple[Stronghold, ...]
    monument: Monument

    @property
    def starting_unit(self) -> Unit:
        """The 1-cost unit the starting deck takes three of (Setup 8)."""
        return min(self.units, key=lambda unit: (unit.cost, unit.name))


@dataclass(frozen=True, slots=True)
class Neutral:
    """A neutral card type: a unit or a tactic, acquired for ``influence``."""

    name: str
    kind: str
    influence: int
    strength: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class City:
    """Secured with ``strength``; exhausted for ``influence``; adds ``defense`` to its
    controller's army in a siege."""

    name: str
    influence: int
    strength: int
    defense: int


@dataclass(frozen=True, slots=True)
class Gold:
    value: int
    influence: int  # its cost


@dataclass(frozen=True, slots=True)
class Event:
    """An event card. ``strength`` None: the number is typed at the table when drawn.
    ``reward`` names the resource a defeated enemy gives as a Reward ("gold" or "influence",
    ``reward_value`` of it), "card" for a Reward with only text, or "" when it is no Reward.
    ``attacks`` says an instant attacks each player's Home Realm in play order;
    ``until_repelled`` that it stops at the first player who repels it (R197).
    ``next_round`` says an instant's effect lasts during the next game round (Instant Event
    Cards, R196); ``start_of_event_phase`` that an enemy acts at the start of each event phase
    it was in play for (Enemy Event Cards)."""

    name: str
    stage: int
    kind: str
    strength: int | None = None
    attrition: int = 0
    reward: str = ""
    reward_value: int = 0
    attacks: bool = False
    until_repelled: bool = False
    next_round: bool = False
    start_of_event_phase: bool = False
    solo_removed: bool = False
    cooperative_removed: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Objective:
    name: str
    strength: int
    attrition: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class Scenario:
    key: str
    neutrals: tuple[str, str, str]
    objective: Objective
    events: tuple[Event, ...]

    @property
    def name(self) -> str:
        return SCENARIO_NAMES[self.key]

    @property
    def stages(self) -> int:
        return max((event.stage for event in self.events), default=1)


@dataclass(frozen=True, slots=True)
class RunePower:
    name: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Catalog:
    name: str
    demonstration: bool
    races: tuple[Race, ...]
    neutrals: tuple[Neutral, ...]
    cities: tuple[City, ...]
    gold: tuple[Gold, ...]
    scenarios: tuple[Scenario, ...]
    rune_powers: tuple[RunePower, ...]

    def race(self, name: str) -> Race:
        return next(race for race in self.races if race.name == name)

    def scenario(self, key: str) -> Scenario:
        return next(scenario for scenario in self.scenarios if scenario.key == key)

    def neutral(self, name: str) -> Neutral:
        return next(neutral for neutral in self.neutrals if neutral.name == name)


# Reading and writing ---------------------------------------------------------------------


class _Reader:
    """Reads one JSON document, filing every problem under its dotted path."""

    def __init__(self) -> None:
        self.problems: Problems = {}

    def obj(self, path: str, value: object) -> Mapping[str, JSON]:
        if not isinstance(value, Mapping):
            add_problem(self.problems, path, "Must be an object.")
            return {}
        return value

    def items(self, path: str, value: object, low: int, high: int) -> list[JSON]:
        if not isinstance(value, list) or not low <= len(value) <= high:
            add_problem(self.problems, path, f"Must be a list of {low} to {high} entries.")
            return []
        return value

    def text(self, path: str, value: object, optional: bool = False, most: int = MAX_NAME) -> str:
        if optional and value in (None, ""):
            return ""
        if not isinstance(value, str) or not 0 < len(value.strip()) <= most:
            add_problem(self.problems, path, f"Must be text of 1 to {most} characters.")
            return ""
        if lone_surrogate(value):
            add_problem(self.problems, path, "Must not hold a lone surrogate character.")
            return ""
        return value.strip()

    def number(self, path: str, value: object, low: int = 0, high: int = MAX_NUMBER) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            add_problem(self.problems, path, f"Must be a whole number (got {value!r}).")
            return low
        if not low <= value <= high:
            add_problem(self.problems, path, f"Must be from {low} to {high} (got {value}).")
            return low
        return value

    def flag(self, path: str, value: object) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            add_problem(self.problems, path, "Must be true or false.")
            return False
        return value

    def one_of(self, path: str, value: object, allowed: Sequence[str]) -> str:
        if value not in allowed:
            add_problem(self.problems, path, f"Must be one of: {', '.join(allowed)}.")
            return allowed[0]
        return str(value)

    def unique(self, path: str, names: Sequence[str], what: str) -> None:
        seen: set[str] = set()
        for name in names:
            if name and name in seen:
                add_problem(self.problems, path, f"Two {what} are called {name!r}.")
            seen.add(name)


def _unit(r: _Reader, path: str, data: object) -> Unit:
    d = r.obj(path, data)
    return Unit(
        r.text(f"{path}.name", d.get("name")),
        _cost(r, path, d),
        r.number(f"{path}.strength", d.get("strength")),
        r.number(f"{path}.copies", d.get("copies"), 1, 40),
        r.text(f"{path}.text", d.get("text"), optional=True, most=MAX_TEXT),
    )


def _cost(r: _Reader, path: str, d: Mapping[str, JSON]) -> int:
    cost = d.get("cost")
    if cost not in UNIT_COSTS or isinstance(cost, bool):
        add_problem(r.problems, f"{path}.cost", "A faction unit costs 1, 2, 3 or 5 gold.")
        return 1
    return int(cost)


def _race(r: _Reader, path: str, data: object) -> Race:
    d = r.obj(path, data)
    units = tuple(
        _unit(r, f"{path}.units.{i}", u)
        for i, u in enumerate(r.items(f"{path}.units", d.get("units"), 4, 4))
    )
    if units and sorted(u.cost for u in units) != list(UNIT_COSTS):
        add_problem(
            r.problems, f"{path}.units", "A Barracks has one unit pile of each cost: 1, 2, 3 and 5."
        )
    strongholds = []
    for i, s in enumerate(r.items(f"{path}.strongholds", d.get("strongholds"), 3, 3)):
        sp = f"{path}.strongholds.{i}"
        sd = r.obj(sp, s)
        strongholds.append(
            Stronghold(
                r.text(f"{sp}.name", sd.get("name")),
                r.number(f"{sp}.gold", sd.get("gold")),
                r.number(f"{sp}.strength", sd.get("strength")),
                r.number(f"{sp}.influence", sd.get("influence")),
            )
        )
    md = r.obj(f"{path}.monument", d.get("monument"))
    monument = Monument(
        r.text(f"{path}.monument.name", md.get("name")),
        r.number(f"{path}.monument.gold", md.get("gold"), 1),
    )
    race = Race(
        r.text(f"{path}.name", d.get("name")),
        r.text(f"{path}.home_realm", d.get("home_realm")),
        units,
        tuple(strongholds),
        monument,
    )
    r.unique(path, [*(u.name for u in units), *(s.name for s in strongholds)], "cards of a race")
    return race


def _event(r: _Reader, path: str, data: object) -> Event:
    d = r.obj(path, data)
    strength = d.get("strength")
    event = Event(
        name=r.text(f"{path}.name", d.get("name")),
        stage=r.number(f"{path}.stage", d.get("stage"), 1, 3),
        kind=r.one_of(f"{path}.kind", d.get("kind"), (ENEMY, INSTANT)),
        strength=None if strength is None else r.number(f"{path}.strength", strength),
        attrition=r.number(f"{path}.attrition", d.get("attrition", 0), 0, 3),
        reward=r.one_of(f"{path}.reward", d.get("reward", ""), ("", "gold", "influence", "card")),
        reward_value=r.number(f"{path}.reward_value", d.get("reward_value", 0)),
        attacks=r.flag(f"{path}.attacks", d.get("attacks")),
        until_repelled=r.flag(f"{path}.until_repelled", d.get("until_repelled")),
        next_round=r.flag(f"{path}.next_round", d.get("next_round")),
        start_of_event_phase=r.flag(f"{path}.start_of_event_phase", d.get("start_of_event_phase")),
        solo_removed=r.flag(f"{path}.solo_removed", d.get("solo_removed")),
        cooperative_removed=r.flag(f"{path}.cooperative_removed", d.get("cooperative_removed")),
        text=r.text(f"{path}.text", d.get("text"), optional=True, most=MAX_TEXT),
    )
    # only the flags added with R196 and R197 are checked against the kind of card, so a
    # game stored before them still reads back
    if event.until_repelled and not (event.attacks and event.kind == INSTANT):
        add_problem(
            r.problems,
            f"{path}.until_repelled",
            "Only an instant that attacks Home Realms stops once repelled: set attacks too.",
        )
    if event.next_round and event.kind != INSTANT:
        add_problem(
            r.problems, f"{path}.next_round", "Only an instant lasts during the next round."
        )
    return event


def _scenario(r: _Reader, path: str, data: object) -> Scenario:
    d = r.obj(path, data)
    key = r.one_of(f"{path}.key", d.get("key"), SCENARIOS)
    names = [
        r.text(f"{path}.neutrals.{i}", n)
        for i, n in enumerate(r.items(f"{path}.neutrals", d.get("neutrals"), 3, 3))
    ]
    od = r.obj(f"{path}.objective", d.get("objective"))
    objective = Objective(
        r.text(f"{path}.objective.name", od.get("name")),
        r.number(f"{path}.objective.strength", od.get("strength"), 1),
        r.number(f"{path}.objective.attrition", od.get("attrition", 0), 0, 3),
        r.text(f"{path}.objective.text", od.get("text"), optional=True, most=MAX_TEXT),
    )
    events = tuple(
        _event(r, f"{path}.events.{i}", e)
        for i, e in enumerate(r.items(f"{path}.events", d.get("events"), 1, 40))
    )
    r.unique(f"{path}.events", [e.name for e in events], "events")
    stages = 3 if key == CATACLYSM else 2
    if events and not {e.stage for e in events} <= set(range(1, stages + 1)):
        add_problem(
            r.problems, f"{path}.events", f"This scenario's events are of stages 1 to {stages}."
        )
    padded = ([*names, "", "", ""])[:3]
    return Scenario(key, (padded[0], padded[1], padded[2]), objective, events)


def catalog_from_json(data: object) -> Catalog:
    """The catalog ``data`` describes; raises InvalidInput naming every bad field at once."""
    r = _Reader()
    d = r.obj("catalog", data)
    races = tuple(
        _race(r, f"races.{i}", x) for i, x in enumerate(r.items("races", d.get("races"), 1, 8))
    )
    neutrals = []
    for i, n in enumerate(r.items("neutrals", d.get("neutrals"), 3, 40)):
        nd = r.obj(f"neutrals.{i}", n)
        neutrals.append(
            Neutral(
                r.text(f"neutrals.{i}.name", nd.get("name")),
                r.one_of(f"neutrals.{i}.kind", nd.get("kind"), (UNIT, TACTIC)),
                r.number(f"neutrals.{i}.influence", nd.get("influence"), 1),
                r.number(f"neutrals.{i}.strength", nd.get("strength", 0)),
                r.text(f"neutrals.{i}.text", nd.get("text"), optional=True, most=MAX_TEXT),
            )
        )
    cities = []
    for i, c in enumerate(r.items("cities", d.get("cities"), 1, 20)):
        cd = r.obj(f"cities.{i}", c)
        cities.append(
            City(
                r.text(f"cities.{i}.name", cd.get("name")),
                r.number(f"cities.{i}.influence", cd.get("influence"), 1),
                r.number(f"cities.{i}.strength", cd.get("strength"), 1),
                r.number(f"cities.{i}.defense", cd.get("defense", 0)),
            )
        )
    gold = []
    for i, g in enumerate(r.items("gold", d.get("gold"), 3, 3)):
        gd = r.obj(f"gold.{i}", g)
        gold.append(
            Gold(
                r.number(f"gold.{i}.value", gd.get("value"), 1, 3),
                r.number(f"gold.{i}.influence", gd.get("influence"), 1),
            )
        )
    if gold and sorted(g.value for g in gold) != list(GOLD_VALUES):
        add_problem(r.problems, "gold", "Give the cost of the 1-, 2- and 3-gold cards once each.")
    scenarios = tuple(
        _scenario(r, f"scenarios.{i}", s)
        for i, s in enumerate(r.items("scenarios", d.get("scenarios"), 1, 4))
    )
    runes = []
    for i, x in enumerate(r.items("rune_powers", d.get("rune_powers", []), 0, 12)):
        xd = r.obj(f"rune_powers.{i}", x)
        runes.append(
            RunePower(
                r.text(f"rune_powers.{i}.name", xd.get("name")),
                r.text(f"rune_powers.{i}.text", xd.get("text"), optional=True, most=MAX_TEXT),
            )
        )
    r.unique("races", [x.name for x in races], "races")
    r.unique("neutrals", [x.name for x in neutrals], "neutral cards")
    r.unique("cities", [x.name for x in cities], "cities")
    r.unique("scenarios", [x.key for x in scenarios], "scenarios")
    r.unique("rune_powers", [x.name for x in runes], "dragon rune powers")
    known = {n.name for n in neutrals}
    for i, scenario in enumerate(scenarios):
        for j, name in enumerate(scenario.neutrals):
            if name and name not in known:
                add_problem(r.problems, f"scenarios.{i}.neutrals.{j}", f"No neutral card {name!r}.")
    if r.problems:
        raise InvalidInput(r.problems)
    return Catalog(
        r.text("name", d.get("name")) or "Rune Age cards",
        bool(d.get("demonstration", False)),
        races,
        tuple(neutrals),
        tuple(cities),
        tuple(sorted(gold, key=lambda g: g.value)),
        scenarios,
        tuple(runes),
    )


def _drop_empty(d: dict[str, JSON]) -> dict[str, JSON]:
    return {k: v for k, v in d.items() if (v is not False and v != "") or k in ("name", "kind")}


def event_to_json(e: Event) -> dict[str, JSON]:
    return _drop_empty(
        {
            "name": e.name,
            "stage": e.stage,
            "kind": e.kind,
            "strength": e.strength,
            "attrition": e.attrition,
            "reward": e.reward,
            "reward_value": e.reward_value,
            "attacks": e.attacks,
            "until_repelled": e.until_repelled,
            "next_round": e.next_round,
            "start_of_event_phase": e.start_of_event_phase,
            "solo_removed": e.solo_removed,
            "cooperative_removed": e.cooperative_removed,
            "text": e.text,
        }
    )


def race_to_json(x: Race) -> dict[str, JSON]:
    return {
        "name": x.name,
        "home_realm": x.home_realm,
        "units": [
            _drop_empty(
                {
                    "name": u.name,
                    "cost": u.cost,
                    "strength": u.strength,
                    "copies": u.copies,
                    "text": u.text,
                }
            )
            for u in x.units
        ],
        "strongholds": [
            {"name": s.name, "gold": s.gold, "strength": s.strength, "influence": s.influence}
            for s in x.strongholds
        ],
        "monument": {"name": x.monument.name, "gold": x.monument.gold},
    }


def neutral_to_json(n: Neutral) -> dict[str, JSON]:
    return _drop_empty(
        {
            "name": n.name,
            "kind": n.kind,
            "influence": n.influence,
            "strength": n.strength,
            "text": n.text,
        }
    )


def city_to_json(c: City) -> dict[str, JSON]:
    return {"name": c.name, "influence": c.influence, "strength": c.strength, "defense": c.defense}


def scenario_to_json(s: Scenario) -> dict[str, JSON]:
    return {
        "key": s.key,
        "neutrals": list(s.neutrals),
        "objective": _drop_empty(
            {
                "name": s.objective.name,
                "strength": s.objective.strength,
                "attrition": s.objective.attrition,
                "text": s.objective.text,
            }
        ),
        "events": [event_to_json(e) for e in s.events],
    }


def catalog_to_json(catalog: Catalog) -> dict[str, JSON]:
    """The catalog as JSON that ``catalog_from_json`` reads back to the same catalog."""
    return {
        "name": catalog.name,
        "demonstration": catalog.demonstration,
        "races": [race_to_json(x) for x in catalog.races],
        "neutrals": [neutral_to_json(n) for n in catalog.neutrals],
        "cities": [city_to_json(c) for c in catalog.cities],
        "gold": [{"value": g.value, "influence": g.influence} for g in catalog.gold],
        "scenarios": [scenario_to_json(s) for s in catalog.scenarios],
        "rune_powers": [_drop_empty({"name": x.name, "text": x.text}) for x in catalog.rune_powers],
    }
