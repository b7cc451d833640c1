"""What setting up a tracked game from saved lists shares across games: a chosen list, who
plays first, and what one list game's setup answers (``TrackerSetup``, the ``tracker_setup``
of its list game in ``games.listgames``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.rules.tracker import decide_first_player

from ..models import Catalog, SavedList

if TYPE_CHECKING:
    from django import forms

Problems = dict[str, list[str]]
SEATS = 2  # every game set up from lists is between two players
COIN = "coin"


@dataclass(frozen=True, slots=True)
class ChosenList:
    """A saved list as it stood when it was checked for a seat: its name, its JSON and the
    catalog it was written against (None: the game's default catalog)."""

    name: str
    payload: Mapping[str, Any]
    catalog: Catalog | None

    @classmethod
    def of(cls, saved: SavedList) -> ChosenList:
        return cls(saved.name, saved.payload, saved.catalog)


def check_first_player(value: object, problems: Problems, path: str = "first_player") -> Any:
    """Who plays first as the host chose it: seat 0, seat 1 or ``"coin"`` (the default: the
    app flips the coin when the game starts)."""
    if value in (None, COIN):
        return COIN
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)  # type: ignore[call-overload,unused-ignore]
    problems[path] = ['The first player is seat 0, seat 1 or "coin" (the app flips a coin).']
    return COIN


def decide_first(chosen: object) -> int:
    """The seat that plays first: the one the host chose, or the coin's winner (the app
    flips it now, unpredictably)."""
    return decide_first_player(secrets.randbelow(2)) if chosen == COIN else int(str(chosen))


@dataclass(frozen=True, slots=True)
class TrackerSetup:
    """How one list game's tracked game is set up from saved lists, one per seat: the options it
    takes, one seat's part from that seat's list, and the setup from every seat's part.
    ``first_player_at_setup`` says whether the host chooses who plays first (else
    ``first_player_rule`` says how the game settles it); ``chooses_party`` whether a
    player may lay out a starting party other than their list's; ``settings`` the options the
    game takes besides who goes first, each with the new-game form's field that asks for it
    (the form shows each to the games that take it). The ``*_help`` sentences are what the
    API's fields say of this game, if anything: ``first_player`` and ``parties`` of a new game,
    ``party`` of a player joining a waiting one."""

    options: Callable[[Mapping[str, Any], Problems], dict[str, Any]]
    seat: Callable[[int, ChosenList, str, object, Problems], Any]
    setup: Callable[
        [list[Any], Sequence[ChosenList], Mapping[str, Any]],
        tuple[dict[str, Any], Catalog | None],
    ]
    first_player_at_setup: bool
    first_player_rule: str
    chooses_party: bool
    settings: Mapping[str, forms.Field] = field(default_factory=dict)
    # whether a seat's list is legal in the game the options and the lists make (its
    # battle size), problems under ``lists.<seat>``: ``lists`` holds every seat's list when
    # the setup is put together, only the seat's own when its player brings it to a waiting
    # game
    fits: (
        Callable[[int, ChosenList, Sequence[ChosenList], Mapping[str, Any], Problems], None] | None
    ) = None
    first_player_help: str = ""
    parties_help: str = ""
    party_help: str = ""
