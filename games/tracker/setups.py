"""A game's setup from saved lists: the players' rosters or armies, checked legal, turned into
the system's setup JSON with what it needs from the catalog (hit points, wounds, points), so a
stored game never depends on the catalog again."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User

from referee.rules.azrah.cards import Guardian
from referee.rules.azrah.roster import roster_from_dict
from referee.rules.azrah.tracker import AZRAH, decide_first_player
from referee.rules.errors import InvalidInput

from ..catalogs.engine import azrah_guardians
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
        saved = None
        try:
            saved = SavedList.objects.filter(owner=owner, pk=str(list_id)).first()
        except (ValueError, TypeError):
            saved = None
        except Exception:  # a malformed UUID raises ValidationError
            saved = None
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


def _guardian_index(catalog: Catalog | None) -> dict[str, Guardian]:
    index: dict[str, Guardian] = {}
    if catalog is None:
        return index
    for card_id, guardian in azrah_guardians(catalog).items():
        if guardian.base_form is None:
            index[card_id.upper()] = guardian
            index.setdefault(" ".join(guardian.name.lower().split()), guardian)
    return index


def _find(index: Mapping[str, Guardian], entry: str) -> Guardian | None:
    return index.get(entry.strip().upper()) or index.get(" ".join(entry.lower().split()))


def azrah_setup(owner: User, options: Mapping[str, Any]) -> tuple[dict[str, Any], Any]:
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
        index = _guardian_index(saved.catalog or default_catalog("azrah"))
        roster = roster_from_dict(saved.payload)
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
                guardian = _find(index, str(member))
                if guardian is None:
                    problems.setdefault(f"parties.{seat}", []).append(
                        f"{member!r} is not a Guardian of the catalog."
                    )
                    continue
                if guardian.id.upper() not in {str(g).strip().upper() for g in roster.guardians}:
                    known = {" ".join(str(g).lower().split()) for g in roster.guardians}
                    if " ".join(guardian.name.lower().split()) not in known:
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


BUILDERS = {"azrah": azrah_setup}


def setup_from_lists(
    owner: User, system: str, options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    """The setup JSON for ``system`` built from the owner's saved lists and options."""
    builder = BUILDERS.get(system)
    if builder is None:
        raise InvalidInput({"system": [f"Games of {system!r} cannot be set up from lists."]})
    setup, catalog = builder(owner, options)
    return setup, catalog
