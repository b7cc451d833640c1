"""An Azeroth at War game set up from two armies: each side's units with their catalog
profiles, the battle size and the scenario, and each army checked at that size (3.1, 4.1;
A12, R125)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games import registry
from games.catalogs import service as catalog_service
from games.models import Catalog
from games.tracker.seating import SEATS, ChosenList, Problems, TrackerSetup
from referee.rules.azeroth.army import BATTLE_SIZE_NAMES, army_at_size, army_from_dict
from referee.rules.azeroth.setup import AzerothSetup, Scenario, side_from_army
from referee.rules.azeroth.system import AZEROTH
from referee.rules.azeroth.units import BattleSize
from referee.rules.errors import InvalidInput
from referee.rules.lists import Report

from .catalog import azeroth_units
from .forms import SETTINGS

FIRST_PLAYER_IN_PLAY = (
    "Azeroth at War has no first player to choose here: the player who deployed second "
    "activates first in round 1, and in each later round the higher roller of a roll-off "
    "does (3.3, 5.1, R123). Record those roll-offs during the game."
)


def _azeroth_options(options: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    if options.get("first_player") is not None:
        problems["first_player"] = [FIRST_PLAYER_IN_PLAY]
    scenario = options.get("scenario", Scenario.ANNIHILATION.value)
    if scenario not in {s.value for s in Scenario}:
        known = ", ".join(s.value for s in Scenario)
        problems["scenario"] = [f"The scenario is one of {known} (got {scenario!r})."]
    battle_size = options.get("battle_size")
    if battle_size is not None and battle_size not in {b.value for b in BattleSize}:
        known = ", ".join(b.value for b in BattleSize)
        problems["battle_size"] = [f"The battle size is one of {known} (got {battle_size!r})."]
    return {"scenario": scenario, "battle_size": battle_size}


def _azeroth_units(chosen: ChosenList) -> dict[str, Any]:
    units = azeroth_units(chosen.catalog) if chosen.catalog is not None else {}
    catalog = catalog_service.default_catalog("azeroth")
    if not units and catalog is not None:
        units = azeroth_units(catalog)
    return dict(units)


def _azeroth_side(
    seat: int, chosen: ChosenList, name: str, party: object, problems: Problems
) -> Any:
    """One side of an Azeroth at War setup: every unit of the army one model with its
    catalog profile."""
    try:
        return side_from_army(name, army_from_dict(dict(chosen.payload)), _azeroth_units(chosen))
    except InvalidInput as error:
        for path, messages in error.problems.items():
            problems[f"lists.{seat}.{path}"] = messages
        return None


def _azeroth_size(lists: Sequence[ChosenList], options: Mapping[str, Any]) -> BattleSize:
    """The game's battle size: the host's choice, else the first army's."""
    battle_size = options.get("battle_size")
    if battle_size is not None:
        return BattleSize(battle_size)
    return army_from_dict(dict(lists[0].payload)).battle_size


def _azeroth_fits(seat: int, chosen: ChosenList, size: BattleSize, problems: Problems) -> None:
    """Whether the army is legal in a game of ``size``: its points against that size's
    budget, its tiers against its faction's table for that size (3.1, 4.1; A12, R125). A
    list built for another size keeps no agreed budget."""
    try:
        army = army_at_size(army_from_dict(dict(chosen.payload)), size)
    except InvalidInput as error:
        for path, messages in error.problems.items():
            problems[f"lists.{seat}.{path}"] = messages
        return
    catalog = chosen.catalog or catalog_service.default_catalog("azeroth")
    report: Report = registry.list_game("azeroth").check(army, catalog)
    if report.valid:
        return
    size_name = BATTLE_SIZE_NAMES[size]
    battle = size_name if size_name.endswith("Battle") else f"{size_name} battle"
    said = [f"{error.message} ({error.rule})" for error in report.errors]
    said[0] = f"{chosen.name!r} does not fit this {battle}: {said[0]}"
    problems[f"lists.{seat}"] = said


def _azeroth_fits_game(
    seat: int,
    chosen: ChosenList,
    lists: Sequence[ChosenList],
    options: Mapping[str, Any],
    problems: Problems,
) -> None:
    """Whether the army is legal in the game's battle size. An army brought alone to a waiting
    game (``lists`` holds only it) is checked here only against a size the host chose: at its
    own size, its check when it was chosen already said."""
    if len(lists) < SEATS and not options.get("battle_size"):
        return
    _azeroth_fits(seat, chosen, _azeroth_size(lists, options), problems)


def _azeroth_setup(
    sides: list[Any], lists: Sequence[ChosenList], options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    setup = AzerothSetup(
        (sides[0], sides[1]),
        _azeroth_size(lists, options),
        Scenario(options.get("scenario", Scenario.ANNIHILATION.value)),
    )
    return AZEROTH.setup_to_json(setup), lists[0].catalog or catalog_service.default_catalog(
        "azeroth"
    )


SETUP = TrackerSetup(
    _azeroth_options,
    _azeroth_side,
    _azeroth_setup,
    first_player_at_setup=False,
    first_player_rule=FIRST_PLAYER_IN_PLAY,
    chooses_party=False,
    settings=SETTINGS,
    first_player_help="Azeroth at War takes none: roll-offs in play settle it (3.3, 5.1).",
    fits=_azeroth_fits_game,
)
