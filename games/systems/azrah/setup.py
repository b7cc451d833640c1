"""An AZRAH game set up from two rosters: each player's starting party and its Guardians' hit
points from the catalog, and the shared pile's Transformations (Game Setup; R109)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.catalogs import service as catalog_service
from games.models import Catalog
from games.tracker.seating import (
    COIN,
    ChosenList,
    Problems,
    TrackerSetup,
    check_first_player,
    decide_first,
)
from referee.rules.azrah.cards import Guardian
from referee.rules.azrah.roster import RosterIndex, roster_from_dict
from referee.rules.azrah.setup import card_to_json
from referee.rules.azrah.system import AZRAH
from referee.rules.errors import InvalidInput

from .catalog import guardian_cards

FIRST_PLAYER_AT_SETUP = (
    "The winner of a coin flip chooses to play first or second (AZRAH, Game Setup, R109): "
    "choose the player who goes first, or leave it to Referee's coin, which names them when "
    "the game starts."
)


def _guardians(catalog: Catalog | None) -> RosterIndex:
    """The catalog's Guardians, found as a roster names them (ID, name or "ID Name")."""
    return RosterIndex.of(guardian_cards(catalog) if catalog is not None else {})


def _guardian(index: RosterIndex, entry: str) -> Guardian | None:
    """The Guardian (not a Transformation) ``entry`` names, if any."""
    found = index.find(entry)
    return found if isinstance(found, Guardian) and found.base_form is None else None


def _azrah_options(options: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    return {"first_player": check_first_player(options.get("first_player"), problems)}


def _azrah_player(
    seat: int, chosen: ChosenList, name: str, party: object, problems: Problems
) -> dict[str, Any] | None:
    """One player of an AZRAH setup: their starting party from the roster (or ``party``,
    {"front": [3 Guardians], "back": [2]}) and each Guardian's hit points from the catalog."""
    path = f"parties.{seat}"
    index = _guardians(chosen.catalog or catalog_service.default_catalog("azrah"))
    roster = roster_from_dict(dict(chosen.payload))
    in_roster = {g.id for g in (_guardian(index, str(e)) for e in roster.guardians) if g}
    if party is None:
        if roster.party is None:
            problems[path] = [f"{chosen.name!r} has no starting party: choose one here."]
            return None
        front, back = list(roster.party.front), list(roster.party.back)
    else:
        given = party if isinstance(party, Mapping) else {}
        given_front, given_back = given.get("front"), given.get("back")
        if not isinstance(given_front, list) or not isinstance(given_back, list):
            problems[path] = ["A party is {front: [3 Guardians], back: [2]}."]
            return None
        front, back = given_front, given_back
    hit_points: dict[str, int] = {}
    cards: list[dict[str, Any]] = []
    resolved: list[list[str]] = [[], []]
    for row, members in enumerate((front, back)):
        for member in members:
            guardian = _guardian(index, str(member))
            if guardian is None:
                problems.setdefault(path, []).append(
                    f"{member!r} is not a Guardian of the catalog."
                )
                continue
            if guardian.id not in in_roster:
                problems.setdefault(path, []).append(f"{guardian.name} is not in {chosen.name!r}.")
            resolved[row].append(guardian.name)
            hit_points[guardian.name] = guardian.hit_points
            cards.append(card_to_json(guardian))
    return {
        "name": name,
        "front": resolved[0],
        "back": resolved[1],
        "hit_points": hit_points,
        "cards": cards,
    }


def _azrah_setup(
    players: list[Any], lists: Sequence[ChosenList], options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    catalog = lists[0].catalog or catalog_service.default_catalog("azrah")
    setup = {"first_player": decide_first(options.get("first_player", COIN)), "players": players}
    # The shared pile's Transformations, so an ally transforms as its card prints
    # (Transformations, Curses and Items).
    shared = guardian_cards(catalog).values() if catalog is not None else ()
    transformations = [card_to_json(g) for g in shared if g.base_form is not None]
    if transformations:
        setup["transformations"] = transformations
    try:
        AZRAH.setup_from_json(setup)
    except InvalidInput as error:
        raise InvalidInput(
            {f"setup.{path}": messages for path, messages in error.problems.items()}
        ) from None
    return setup, catalog


SETUP = TrackerSetup(
    _azrah_options,
    _azrah_player,
    _azrah_setup,
    first_player_at_setup=True,
    first_player_rule=FIRST_PLAYER_AT_SETUP,
    chooses_party=True,
    first_player_help=(
        'AZRAH: seat 0 or 1, or "coin" (the default) for the app to flip a coin when the '
        "game starts."
    ),
    parties_help="AZRAH: [{front: [3], back: [2]}] per list, else the rosters'.",
    party_help="A waiting AZRAH game: your starting party {front: [3], back: [2]}, else "
    "your roster's.",
)
