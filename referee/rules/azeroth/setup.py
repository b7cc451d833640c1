"""The Azeroth at War tracker's setup: the armies as the game needs them, copied from
their unit cards, and the setup as JSON, read, checked and written (3.3, 4.1-4.6, 11)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from referee.rules.azeroth.army import find_unit
from referee.rules.azeroth.morale import BASE_MORALE
from referee.rules.azeroth.profiles import (
    AbilityType,
    Tier,
)
from referee.rules.azeroth.units import ArmyList, BattleSize, Unit
from referee.rules.checks import Problems, add_problem, check_whole
from referee.rules.errors import InvalidInput
from referee.rules.tracker import JSON

MANA_CAP = 10  # 8.1
MAX_NAME = 120
MAX_MODELS = 200  # per side, summons included
MAX_STAT = 99
MAX_POINTS = 10_000
SEATS = (0, 1)


class Scenario(StrEnum):
    """The three core scenarios (11)."""

    ANNIHILATION = "annihilation"
    HOLD_THE_LINE = "hold_the_line"
    ASSASSINATION = "assassination"


# --- Setup ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AbilitySetup:
    """An ability on a model's card: its name, type (8.3) and Mana cost (8.2)."""

    name: str
    type: AbilityType
    mana_cost: int = 0


@dataclass(frozen=True, slots=True)
class ModelSetup:
    """One model as the game needs it, copied from its unit card so a stored game never
    depends on the catalog again. Each unit is a single model (4.3). ``keywords`` holds
    (name, X) pairs sorted by name, X being 0 for a keyword without one (4.6)."""

    id: str
    name: str
    slug: str
    points: int
    wounds: int
    tiers: tuple[Tier, ...]
    mov: int = 0
    ini: int = 0
    magical: bool = False
    keywords: tuple[tuple[str, int], ...] = ()
    abilities: tuple[AbilitySetup, ...] = ()

    def keyword(self, name: str) -> int | None:
        """The [X] of keyword ``name`` (0 for one without X), None when the model lacks it."""
        for key, x in self.keywords:
            if key.casefold() == name.casefold():
                return x
        return None

    def has(self, name: str) -> bool:
        return self.keyword(name) is not None

    @property
    def hero(self) -> bool:
        return Tier.HERO in self.tiers

    @property
    def fearless(self) -> bool:
        """Undead and Mechanical models never test Morale, ignore Taunt and cannot be
        healed (4.6)."""
        return self.has("Undead") or self.has("Mechanical")

    @property
    def morale_tier(self) -> Tier:
        """The tier whose Morale value the model tests on (10.2). The book gives no value
        for a dual-slot unit (4.1, 4.2); it uses the higher of its two tiers' (R64)."""
        return max(self.tiers, key=lambda tier: BASE_MORALE[tier])

    def ability(self, name: str) -> AbilitySetup | None:
        for ability in self.abilities:
            if ability.name.casefold() == name.strip().casefold():
                return ability
        return None


@dataclass(frozen=True, slots=True)
class SideSetup:
    name: str
    models: tuple[ModelSetup, ...]

    def model(self, model_id: str) -> ModelSetup | None:
        for model in self.models:
            if model.id == model_id:
                return model
        return None


@dataclass(frozen=True, slots=True)
class AzerothSetup:
    sides: tuple[SideSetup, SideSetup]
    battle_size: BattleSize = BattleSize.STANDARD
    scenario: Scenario = Scenario.ANNIHILATION


def slug_of(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "model"


def model_from_unit(unit: Unit, model_id: str, name: str) -> ModelSetup:
    """The model a unit card puts on the table (4.3-4.6, 8.3)."""
    return ModelSetup(
        id=model_id,
        name=name,
        slug=unit.slug,
        points=unit.points,
        wounds=unit.wounds,
        tiers=tuple(unit.tiers),
        mov=unit.mov,
        ini=unit.ini,
        magical=unit.magical,
        keywords=tuple(sorted(unit.keywords.items())),
        abilities=tuple(AbilitySetup(a.name, a.type, a.mana_cost) for a in unit.abilities),
    )


def side_from_army(name: str, army: ArmyList, units: Mapping[str, Unit]) -> SideSetup:
    """A side from a saved army list: every unit of a line is one model (4.3), so a line of
    three Orc Grunts gives "orc-grunt-1" to "orc-grunt-3", named "Orc Grunt 1" to "Orc Grunt
    3" (a unit taken once keeps its plain name). Lines naming the same unit are numbered on.
    Raises InvalidInput naming each line whose unit is not in ``units`` (an inline unit has
    no profile to play with)."""
    problems: Problems = {}
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        add_problem(problems, "name", f"A player's name is 1 to {MAX_NAME} characters.")
    resolved: list[tuple[Unit, int]] = []
    for index, line in enumerate(army.lines):
        unit = find_unit(line.ref, units) if line.ref and line.inline is None else None
        if unit is None:
            what = line.inline.name if line.inline is not None else line.ref
            add_problem(
                problems,
                f"units.{index}",
                f"{what!r} is not a unit of the catalog, so it has no profile to play with.",
            )
            continue
        resolved.append((unit, line.count))
    if not resolved and not problems:
        add_problem(problems, "units", "An army needs at least one model (4.1).")
    if problems:
        raise InvalidInput(problems)
    totals: dict[str, int] = {}
    for unit, count in resolved:
        totals[unit.slug] = totals.get(unit.slug, 0) + count
    numbered: dict[str, int] = {}
    models: list[ModelSetup] = []
    for unit, count in resolved:
        for _ in range(count):
            n = numbered.get(unit.slug, 0) + 1
            numbered[unit.slug] = n
            label = unit.name if totals[unit.slug] == 1 else f"{unit.name} {n}"
            models.append(model_from_unit(unit, f"{unit.slug}-{n}", label))
    return SideSetup(name.strip(), tuple(models))


# --- Setup JSON ----------------------------------------------------------------------------


def setup_from_json(data: Mapping[str, JSON]) -> AzerothSetup:
    """``{"battle_size": "standard", "scenario": "annihilation", "sides": [two {"name",
    "models": [{"id", "name", "slug", "points", "wounds", "tiers", "mov", "ini",
    "magical", "keywords": {name: X}, "abilities": [{"name", "type", "mana_cost"}]}]}]}``."""
    problems: Problems = {}
    if not isinstance(data, Mapping):
        raise InvalidInput({"setup": ["The setup must be an object."]})
    size = _enum_value(problems, "battle_size", data.get("battle_size"), BattleSize)
    scenario = _enum_value(problems, "scenario", data.get("scenario"), Scenario)
    sides_data = data.get("sides")
    sides: list[SideSetup] = []
    if not isinstance(sides_data, list) or len(sides_data) != 2:
        add_problem(problems, "sides", "Azeroth at War has exactly two sides.")
    else:
        for index, side in enumerate(sides_data):
            read = _read_side(problems, f"sides.{index}", side)
            if read is not None:
                sides.append(read)
    if problems:
        raise InvalidInput(problems)
    assert size is not None and scenario is not None
    setup = AzerothSetup((sides[0], sides[1]), BattleSize(size), Scenario(scenario))
    check_setup(setup)
    return setup


def setup_to_json(setup: AzerothSetup) -> dict[str, JSON]:
    return {
        "battle_size": setup.battle_size.value,
        "scenario": setup.scenario.value,
        "sides": [
            {"name": side.name, "models": [_model_to_json(m) for m in side.models]}
            for side in setup.sides
        ],
    }


def _enum_value(problems: Problems, path: str, value: object, enum: type[StrEnum]) -> str | None:
    choices = [member.value for member in enum]
    if value not in choices:
        add_problem(problems, path, f"Must be one of {', '.join(choices)} (got {value!r}).")
        return None
    return str(value)


def _model_to_json(model: ModelSetup) -> dict[str, JSON]:
    return {
        "id": model.id,
        "name": model.name,
        "slug": model.slug,
        "points": model.points,
        "wounds": model.wounds,
        "tiers": [tier.value for tier in model.tiers],
        "mov": model.mov,
        "ini": model.ini,
        "magical": model.magical,
        "keywords": dict(model.keywords),
        "abilities": [
            {"name": a.name, "type": a.type.value, "mana_cost": a.mana_cost}
            for a in model.abilities
        ],
    }


def _read_text(problems: Problems, path: str, value: object, what: str) -> str | None:
    if not isinstance(value, str) or not 0 < len(value.strip()) <= MAX_NAME:
        add_problem(problems, path, f"{what} is 1 to {MAX_NAME} characters.")
        return None
    return value.strip()


def _read_side(problems: Problems, path: str, data: object) -> SideSetup | None:
    if not isinstance(data, Mapping):
        add_problem(problems, path, "Each side is an object with a name and its models.")
        return None
    name = _read_text(problems, f"{path}.name", data.get("name"), "A player's name")
    models_data = data.get("models")
    models: list[ModelSetup] = []
    if not isinstance(models_data, list) or not 0 < len(models_data) <= MAX_MODELS:
        add_problem(problems, f"{path}.models", f"A side has 1 to {MAX_MODELS} models.")
        return None
    for index, item in enumerate(models_data):
        model = _read_model(problems, f"{path}.models.{index}", item)
        if model is not None:
            models.append(model)
    if name is None or len(models) != len(models_data):
        return None
    return SideSetup(name, tuple(models))


def _read_model(problems: Problems, path: str, data: object) -> ModelSetup | None:
    if not isinstance(data, Mapping):
        add_problem(problems, path, "Each model is an object.")
        return None
    before = len(problems)
    model_id = _read_text(problems, f"{path}.id", data.get("id"), "A model id")
    name = _read_text(problems, f"{path}.name", data.get("name"), "A model's name")
    slug = _read_text(problems, f"{path}.slug", data.get("slug"), "A unit slug")
    check_whole(problems, f"{path}.points", data.get("points"), 0, MAX_POINTS, "Points")
    check_whole(problems, f"{path}.wounds", data.get("wounds"), 1, MAX_STAT, "Wounds")
    check_whole(problems, f"{path}.mov", data.get("mov", 0), 0, MAX_STAT, "MOV")
    check_whole(problems, f"{path}.ini", data.get("ini", 0), 0, MAX_STAT, "INI")
    magical = data.get("magical", False)
    if not isinstance(magical, bool):
        add_problem(problems, f"{path}.magical", "Must be true or false.")
    tiers_data = data.get("tiers")
    tiers: list[Tier] = []
    choices = [t.value for t in Tier]
    if (
        not isinstance(tiers_data, list)
        or not 1 <= len(tiers_data) <= 2
        or not all(t in choices for t in tiers_data)
    ):
        add_problem(
            problems, f"{path}.tiers", f"One or two tiers of {', '.join(choices)} (4.1, 4.2)."
        )
    else:
        tiers = [Tier(t) for t in tiers_data]
    keywords_data = data.get("keywords", {})
    keywords: list[tuple[str, int]] = []
    if not isinstance(keywords_data, Mapping):
        add_problem(problems, f"{path}.keywords", "Keywords map each name to its X (0 if none).")
    else:
        for key, x in keywords_data.items():
            if not isinstance(key, str) or not key.strip():
                add_problem(problems, f"{path}.keywords", "A keyword needs a name.")
                continue
            check_whole(problems, f"{path}.keywords.{key}", x, 0, MAX_STAT, f"{key} [X]")
            if isinstance(x, int):
                keywords.append((key, x))
    abilities_data = data.get("abilities", [])
    abilities: list[AbilitySetup] = []
    if not isinstance(abilities_data, list):
        add_problem(problems, f"{path}.abilities", "Abilities are a list.")
    else:
        types = [t.value for t in AbilityType]
        for index, item in enumerate(abilities_data):
            where = f"{path}.abilities.{index}"
            if not isinstance(item, Mapping):
                add_problem(problems, where, "Each ability is an object.")
                continue
            ability_name = _read_text(
                problems, f"{where}.name", item.get("name"), "An ability's name"
            )
            kind = item.get("type")
            if kind not in types:
                add_problem(problems, f"{where}.type", f"Must be one of {', '.join(types)} (8.3).")
            check_whole(
                problems, f"{where}.mana_cost", item.get("mana_cost", 0), 0, MANA_CAP, "Mana cost"
            )
            cost = item.get("mana_cost", 0)
            if ability_name is not None and kind in types and isinstance(cost, int):
                abilities.append(AbilitySetup(ability_name, AbilityType(kind), cost))
    if len(problems) != before:
        return None
    assert model_id is not None and name is not None and slug is not None
    return ModelSetup(
        id=model_id,
        name=name,
        slug=slug,
        points=int(data["points"]),
        wounds=int(data["wounds"]),
        tiers=tuple(tiers),
        mov=int(data.get("mov", 0)),
        ini=int(data.get("ini", 0)),
        magical=bool(magical),
        keywords=tuple(sorted(keywords)),
        abilities=tuple(abilities),
    )


def check_setup(setup: AzerothSetup) -> None:
    """Model ids are unique within a side; an Assassination needs a Hero on each side."""
    problems: Problems = {}
    for index, side in enumerate(setup.sides):
        seen: set[str] = set()
        for number, model in enumerate(side.models):
            if model.id in seen:
                add_problem(
                    problems,
                    f"sides.{index}.models.{number}.id",
                    f"{side.name} has two models with the id {model.id!r}.",
                )
            seen.add(model.id)
        if setup.scenario is Scenario.ASSASSINATION and not any(m.hero for m in side.models):
            add_problem(
                problems,
                f"sides.{index}.models",
                f"{side.name} has no Hero to nominate as Warlord (11, Assassination).",
            )
    if problems:
        raise InvalidInput(problems)
