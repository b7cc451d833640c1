"""A game's setup from saved lists: the players' rosters or armies, checked legal, turned into
the system's setup JSON with what it needs from the catalog (hit points, wounds, points), so a
stored game never depends on the catalog again."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User

from referee.rules.azeroth.army import army_from_dict
from referee.rules.azeroth.tracker import AZEROTH, AzerothSetup, Scenario, side_from_army
from referee.rules.azeroth.units import BattleSize
from referee.rules.azrah.cards import Guardian
from referee.rules.azrah.roster import RosterIndex, roster_from_dict
from referee.rules.azrah.tracker import AZRAH, decide_first_player
from referee.rules.errors import InvalidInput

from ..catalogs.engine import azeroth_units, azrah_guardians
from ..catalogs.service import default_catalog
from ..lists.service import recheck
from ..models import Catalog, SavedList

Problems = dict[str, list[str]]


def _lists(owner: User, system: str, ids: object, problems: Problems) -> list[SavedList]:
    """The two saved lists, each the owner's own, of ``system`` and legal now."""
    if not isinstance(ids, list) or len(ids) != 2:
        problems["lists"] = ["Choose two saved lists, one per player."]
        return []
    found: list[SavedList] = []
    for index, list_id in enumerate(ids):
        path = f"lists.{index}"
        try:
            pk = uuid.UUID(str(list_id))
        except ValueError:
            pk = None
        saved = SavedList.objects.filter(owner=owner, pk=pk).first() if pk else None
        if saved is None:
            problems[path] = [f"You have no saved list {list_id!r}."]
            continue
        if saved.system != system:
            problems[path] = [f"{saved.name!r} is a list for another game."]
            continue
        report = recheck(saved)
        if not report.valid:
            first = report.errors[0].message if report.errors else ""
            problems[path] = [
                f"{saved.name!r} is not legal ({len(report.errors)} errors): {first} "
                "Fix it in the builder first."
            ]
            continue
        found.append(saved)
    return found


def _names(value: object, lists: Sequence[SavedList], problems: Problems) -> list[str]:
    if value is None:
        return [saved.name for saved in lists]
    if (
        not isinstance(value, list)
        or len(value) != len(lists)
        or not all(isinstance(v, str) and v.strip() for v in value)
    ):
        problems["players"] = ["Give each player a name."]
        return []
    return [v.strip() for v in value]


def first_player(value: object, problems: Problems, path: str = "first_player") -> int:
    """A seat given by the players, or ``"coin"``: the app flips the coin for them."""
    if value in (None, "coin"):
        return decide_first_player(secrets.randbelow(2))
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)  # type: ignore[call-overload,unused-ignore]
    problems[path] = ['The first player is seat 0, seat 1 or "coin" (the app flips a coin).']
    return 0


def _guardians(catalog: Catalog | None) -> RosterIndex:
    """The catalog's Guardians, found as a roster names them (ID, name or "ID Name")."""
    return RosterIndex.of(azrah_guardians(catalog) if catalog is not None else {})


def _guardian(index: RosterIndex, entry: str) -> Guardian | None:
    """The Guardian (not a Transformation) ``entry`` names, if any."""
    found = index.find(entry)
    return found if isinstance(found, Guardian) and found.base_form is None else None


def azrah_setup(owner: User, options: Mapping[str, Any]) -> tuple[dict[str, Any], Catalog | None]:
    """AZRAH from two saved rosters, each with its starting party (or ``parties`` given
    here, [{"front": [3], "back": [2]}] per player); hit points from the roster's catalog.
    Returns the setup JSON and the catalog used."""
    problems: Problems = {}
    lists = _lists(owner, "azrah", options.get("lists"), problems)
    names = _names(options.get("players"), lists, problems)
    first = first_player(options.get("first_player"), problems)
    parties = options.get("parties")
    if parties is not None and (not isinstance(parties, list) or len(parties) != 2):
        problems["parties"] = ["Give both players' parties, or none to use the rosters'."]
        parties = None
    if problems:
        raise InvalidInput(problems)
    players = []
    catalog = lists[0].catalog or default_catalog("azrah")
    for seat, saved in enumerate(lists):
        index = _guardians(saved.catalog or default_catalog("azrah"))
        roster = roster_from_dict(saved.payload)
        in_roster = {g.id for g in (_guardian(index, str(e)) for e in roster.guardians) if g}
        party = parties[seat] if parties is not None else None
        if party is None:
            if roster.party is None:
                problems[f"parties.{seat}"] = [
                    f"{saved.name!r} has no starting party: choose one here."
                ]
                continue
            front, back = list(roster.party.front), list(roster.party.back)
        elif not isinstance(party, Mapping):
            problems[f"parties.{seat}"] = ["A party is {front: [3 Guardians], back: [2]}."]
            continue
        else:
            given_front, given_back = party.get("front"), party.get("back")
            if not isinstance(given_front, list) or not isinstance(given_back, list):
                problems[f"parties.{seat}"] = ["A party is {front: [3 Guardians], back: [2]}."]
                continue
            front, back = given_front, given_back
        hit_points: dict[str, int] = {}
        resolved: list[list[str]] = [[], []]
        for row, members in enumerate((front, back)):
            for member in members:
                guardian = _guardian(index, str(member))
                if guardian is None:
                    problems.setdefault(f"parties.{seat}", []).append(
                        f"{member!r} is not a Guardian of the catalog."
                    )
                    continue
                if guardian.id not in in_roster:
                    problems.setdefault(f"parties.{seat}", []).append(
                        f"{guardian.name} is not in {saved.name!r}."
                    )
                resolved[row].append(guardian.name)
                hit_points[guardian.name] = guardian.hit_points
        players.append(
            {
                "name": names[seat],
                "front": resolved[0],
                "back": resolved[1],
                "hit_points": hit_points,
            }
        )
    if problems:
        raise InvalidInput(problems)
    setup = {"first_player": first, "players": players}
    try:
        AZRAH.setup_from_json(setup)
    except InvalidInput as error:
        raise InvalidInput(
            {f"setup.{path}": messages for path, messages in error.problems.items()}
        ) from None
    return setup, catalog


def azeroth_setup(owner: User, options: Mapping[str, Any]) -> tuple[dict[str, Any], Catalog | None]:
    """Azeroth at War from two saved army lists: every unit one model with its catalog
    profile; ``battle_size`` (default: the first army's) and ``scenario`` (annihilation,
    hold_the_line or assassination; default annihilation)."""
    problems: Problems = {}
    lists = _lists(owner, "azeroth", options.get("lists"), problems)
    names = _names(options.get("players"), lists, problems)
    scenario = options.get("scenario", Scenario.ANNIHILATION.value)
    if scenario not in {s.value for s in Scenario}:
        known = ", ".join(s.value for s in Scenario)
        problems["scenario"] = [f"The scenario is one of {known} (got {scenario!r})."]
    battle_size = options.get("battle_size")
    if battle_size is not None and battle_size not in {b.value for b in BattleSize}:
        known = ", ".join(b.value for b in BattleSize)
        problems["battle_size"] = [f"The battle size is one of {known} (got {battle_size!r})."]
    if problems:
        raise InvalidInput(problems)
    sides = []
    catalog = lists[0].catalog or default_catalog("azeroth")
    armies = [army_from_dict(saved.payload) for saved in lists]
    for seat, (saved, army) in enumerate(zip(lists, armies, strict=True)):
        units = azeroth_units(saved.catalog) if saved.catalog is not None else {}
        if not units and catalog is not None:
            units = azeroth_units(catalog)
        try:
            sides.append(side_from_army(names[seat], army, units))
        except InvalidInput as error:
            for path, messages in error.problems.items():
                problems[f"lists.{seat}.{path}"] = messages
    if problems:
        raise InvalidInput(problems)
    setup = AzerothSetup(
        (sides[0], sides[1]),
        BattleSize(battle_size) if battle_size is not None else armies[0].battle_size,
        Scenario(scenario),
    )
    return AZEROTH.setup_to_json(setup), catalog


BUILDERS = {"azrah": azrah_setup, "azeroth": azeroth_setup}


def setup_from_lists(
    owner: User, system: str, options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    """The setup JSON for ``system`` built from the owner's saved lists and options."""
    builder = BUILDERS.get(system)
    if builder is None:
        raise InvalidInput({"system": [f"Games of {system!r} cannot be set up from lists."]})
    setup, catalog = builder(owner, options)
    return setup, catalog
