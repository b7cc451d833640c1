"""A game's setup from saved lists: the players' rosters or armies, checked legal, turned into
the system's setup JSON with what it needs from the catalog (hit points, wounds, points), so a
stored game never depends on the catalog again.

Each seat's part is built from that seat's list alone (``check_seat``), so a player who
brings their own list to a waiting game hears about its problems when they choose it; the
setup is put together once every seat has one (``setup_from_chosen``). What each game asks
of the host and how it builds its setup is its list game's (``tracker_setup``, in
``games.listgames.<game>.setup``); ``from_lists`` lists the games that can be set up this way.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User

from games import registry
from referee.rules.errors import InvalidInput

from ..catalogs.reading import plural
from ..lists.service import recheck
from ..models import Catalog, SavedList
from .seating import (
    COIN,
    SEATS,
    ChosenList,
    Problems,
    TrackerSetup,
    check_first_player,
    decide_first,
)

__all__ = [
    "COIN",
    "SEATS",
    "ChosenList",
    "check_first_player",
    "decide_first",
]


def choose_list(
    owner: User, system: str, list_id: object, path: str, problems: Problems
) -> ChosenList | None:
    """``owner``'s saved list ``list_id`` if it is theirs, a list of ``system`` and legal now;
    otherwise None, with the reason under ``path``."""
    try:
        pk = uuid.UUID(str(list_id))
    except ValueError:
        pk = None
    saved = SavedList.objects.filter(owner=owner, pk=pk).first() if pk else None
    if saved is None:
        problems[path] = [f"You have no saved list {list_id!r}."]
        return None
    if saved.system != system:
        problems[path] = [f"{saved.name!r} is a list for another game."]
        return None
    report = recheck(saved)
    if not report.valid:
        first = report.errors[0].message if report.errors else ""
        problems[path] = [
            f"{saved.name!r} is not legal ({plural(len(report.errors), 'error')}): {first} "
            "Fix it in the builder first."
        ]
        return None
    return ChosenList.of(saved)


def _lists(owner: User, system: str, ids: object, problems: Problems) -> list[ChosenList]:
    """The two saved lists, each the owner's own, of ``system`` and legal now."""
    if not isinstance(ids, list) or len(ids) != SEATS:
        problems["lists"] = ["Choose two saved lists, one per player."]
        return []
    found = [
        choose_list(owner, system, list_id, f"lists.{index}", problems)
        for index, list_id in enumerate(ids)
    ]
    return [chosen for chosen in found if chosen is not None]


def _names(value: object, lists: Sequence[ChosenList], problems: Problems) -> list[str]:
    """The players' names, one per list; a name left out (or empty) is the list's."""
    if value is None:
        return [chosen.name for chosen in lists]
    if (
        not isinstance(value, list)
        or len(value) != len(lists)
        or not all(v is None or isinstance(v, str) for v in value)
    ):
        problems["players"] = ["Give one name per player (an empty one: the list's name)."]
        return []
    return [
        name.strip() if isinstance(name, str) and name.strip() else chosen.name
        for name, chosen in zip(value, lists, strict=True)
    ]


def from_lists() -> dict[str, TrackerSetup]:
    """The tracked games set up from saved lists, each with how, in the registry's order
    (the new-game form offers the first one first)."""
    return {
        game.slug: setup
        for game in registry.games()
        if game.tracker is not None
        and (found := game.list_game) is not None
        and (setup := found.tracker_setup) is not None
    }


def list_game(system: str) -> TrackerSetup:
    """The way ``system`` is set up from lists; InvalidInput when it cannot be."""
    found = from_lists().get(system)
    if found is None:
        raise InvalidInput({"system": [f"Games of {system!r} cannot be set up from lists."]})
    return found


def check_options(system: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The setup options ``system`` takes, checked (who plays first, scenario, battle size),
    as a waiting game keeps them; InvalidInput names each bad one."""
    problems: Problems = {}
    checked = list_game(system).options(options, problems)
    if problems:
        raise InvalidInput(problems)
    return checked


def check_seat(
    system: str,
    seat: int,
    chosen: ChosenList,
    name: str,
    party: object,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Whether ``chosen`` can be seat ``seat``'s part of the setup (a roster's starting
    party, an army's units in the catalog, and its legality at the battle size ``options``
    name); InvalidInput names each problem."""
    problems: Problems = {}
    game = list_game(system)
    game.seat(seat, chosen, name, party, problems)
    if game.fits is not None and options is not None:
        game.fits(seat, chosen, [chosen], options, problems)
    if problems:
        raise InvalidInput(problems)


def setup_from_chosen(
    system: str,
    lists: Sequence[ChosenList],
    names: Sequence[str],
    options: Mapping[str, Any],
    parties: Sequence[object] = (None, None),
) -> tuple[dict[str, Any], Catalog | None]:
    """The setup JSON (and the catalog it was taken from) from one checked list per seat,
    the players' names and the checked options; a coin the host left to the app is flipped
    here."""
    game = list_game(system)
    problems: Problems = {}
    parts = [
        game.seat(seat, chosen, names[seat], parties[seat], problems)
        for seat, chosen in enumerate(lists)
    ]
    if game.fits is not None and not problems:
        for seat, chosen in enumerate(lists):
            game.fits(seat, chosen, lists, options, problems)
    if problems:
        raise InvalidInput(problems)
    return game.setup(parts, lists, options)


def setup_from_lists(
    owner: User, system: str, options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    """The setup JSON for ``system`` built from two of the owner's saved lists
    (``options["lists"]``) and options: ``players`` (default: the lists' names),
    ``first_player`` and ``parties`` (a starting party per player, else the lists'), in a game
    that takes them, and the options the game's setup takes (``TrackerSetup.settings``)."""
    game = list_game(system)
    problems: Problems = {}
    lists = _lists(owner, system, options.get("lists"), problems)
    names = _names(options.get("players"), lists, problems)
    checked = game.options(options, problems)
    parties = options.get("parties")
    if parties is not None and (not isinstance(parties, list) or len(parties) != SEATS):
        problems["parties"] = ["Give both players' parties, or none to use the rosters'."]
    if problems:
        raise InvalidInput(problems)
    return setup_from_chosen(
        system, lists, names, checked, parties if isinstance(parties, list) else (None, None)
    )
