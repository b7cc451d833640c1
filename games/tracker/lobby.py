"""Games waiting for their players' lists.

A host who sits at a seat brings only their own list; each other seat is taken by a player
who opens the player link and brings theirs. Each list is checked when it is chosen, by the
same rules as a game started at once (``setups.choose_list``, ``setups.check_seat``), and
copied as it stood then. When every seat has its list the setup is built from them and the
game starts (``lifecycle.create_game``), keeping the waiting game's id and player link; until
then there is no setup and no rules engine, only a ``PendingGame``.

Problems are named by the field a person fills in: ``list``, ``player`` (their name),
``party`` (a starting party, where the players choose one), ``seat``, ``name``, ``system``
and the setup options.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from games import registry
from referee.rules.errors import InvalidInput

from ..models import Catalog
from ..models.tracker import Game, PendingGame, PendingSeat, Seat
from . import setups
from .access import Forbidden
from .lifecycle import MAX_GAME_NAME, check_game_name, create_game, default_game_name, join

Problems = dict[str, list[str]]


def player_name(user: User) -> str:
    """The name a player is shown by when they do not give one: their account's."""
    return (user.get_short_name() or user.get_username()).strip()[:MAX_GAME_NAME]


def _check_player(value: object, user: User, problems: Problems) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        return player_name(user)
    if not isinstance(value, str):
        problems["player"] = ["A player's name is text."]
        return ""
    if len(value.strip()) > MAX_GAME_NAME:
        problems["player"] = [f"At most {MAX_GAME_NAME} characters."]
    return value.strip()


def _seat_problems(
    system: str,
    seat: int,
    chosen: setups.ChosenList,
    name: str,
    party: object,
    options: Mapping[str, Any],
) -> Problems:
    """What is wrong with ``chosen`` as seat ``seat``'s part in a game of ``options``, named
    by the field the player fills in: a party they gave, else their list."""
    try:
        setups.check_seat(system, seat, chosen, name, party, options)
    except InvalidInput as error:
        return {
            "party" if party is not None and path.startswith("parties.") else "list": messages
            for path, messages in error.problems.items()
        }
    return {}


def _check_party(party: object, system: str, problems: Problems) -> object:
    if party is not None and not setups.list_game(system).chooses_party:
        problems["party"] = [f"{registry.trackers()[system].name} has no starting party to choose."]
    return party


def open_game(
    *,
    host: User,
    system: str,
    seat: object,
    list_id: object,
    name: object = None,
    player: object = None,
    options: Mapping[str, Any] | None = None,
    party: object = None,
) -> PendingGame:
    """A game whose host sits at ``seat`` with their own saved list ``list_id``, waiting for
    the other seat's player to bring theirs through the player link. Raises InvalidInput
    naming each problem."""
    problems: Problems = {}
    game = setups.list_game(system)
    name_ = ""
    if name is not None:
        try:
            name_ = check_game_name(name)
        except InvalidInput as error:
            problems.update(error.problems)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < setups.SEATS:
        problems["seat"] = [f"Seats are numbered 0 to {setups.SEATS - 1} (got {seat!r})."]
        seat = 0
    checked = game.options(options or {}, problems)
    you = _check_player(player, host, problems)
    party = _check_party(party, system, problems)
    chosen = setups.choose_list(host, system, list_id, "list", problems)
    if chosen is not None and "player" not in problems and "party" not in problems:
        problems.update(_seat_problems(system, seat, chosen, you, party, checked))
    if problems:
        raise InvalidInput(problems)
    assert chosen is not None
    with transaction.atomic():
        pending = PendingGame.objects.create(system=system, name=name_, host=host, options=checked)
        PendingSeat.objects.bulk_create(
            PendingSeat(game=pending, index=index) for index in range(setups.SEATS)
        )
        _sit(pending, seat, host, you, chosen, party)
    return pending


def start_seated(
    *,
    host: User,
    seat: int | None,
    system: object,
    name: object,
    setup: object,
    colours: object = None,
    catalog: Catalog | None = None,
) -> Game:
    """A game from a setup given in full, started at once, its host sitting at ``seat``
    straight away (None: at no seat, the table's shared device). Both happen or neither."""
    with transaction.atomic():
        game = create_game(
            host=host, system=system, name=name, setup=setup, colours=colours, catalog=catalog
        )
        if seat is not None:
            join(game, host, game.join_token, seat)
    return game


def _sit(
    pending: PendingGame,
    index: int,
    user: User,
    name: str,
    chosen: setups.ChosenList,
    party: object,
) -> None:
    PendingSeat.objects.filter(game=pending, index=index).update(
        user=user,
        name=name,
        list_name=chosen.name,
        list_payload=dict(chosen.payload),
        catalog=chosen.catalog,
        party=party,
    )


def bring_list(
    pending: PendingGame,
    user: User,
    token: str,
    *,
    seat: int | None,
    list_id: object,
    player: object = None,
    party: object = None,
) -> Game | PendingGame:
    """Sit ``user`` at ``seat`` (or the first free one) of a waiting game with their own
    saved list ``list_id``. When that was the last seat without a list, the game starts and
    is returned; otherwise the waiting game is. Raises Forbidden for a revoked link and
    InvalidInput naming each problem (nothing is kept then)."""
    if not token or token != pending.join_token:
        raise Forbidden("This player link is not valid any more: ask the host for a new one.")
    with transaction.atomic():
        seats = list(PendingSeat.objects.select_for_update().filter(game=pending).order_by("index"))
        if any(s.user_id == user.pk for s in seats):
            mine = next(s for s in seats if s.user_id == user.pk)
            raise InvalidInput({"seat": [f"You already sit at seat {mine.index} ({mine.name})."]})
        problems: Problems = {}
        free = _free_seat(seats, seat, problems)
        you = _check_player(player, user, problems)
        same = next((s for s in seats if s.user_id and s.name.casefold() == you.casefold()), None)
        if same is not None and "player" not in problems:
            problems["player"] = [
                f"Player {same.index + 1} is already called {same.name}: choose another name."
            ]
        party = _check_party(party, pending.system, problems)
        chosen = setups.choose_list(user, pending.system, list_id, "list", problems)
        if free is not None and chosen is not None and not problems:
            problems.update(
                _seat_problems(pending.system, free.index, chosen, you, party, pending.options)
            )
        if problems:
            raise InvalidInput(problems)
        assert free is not None and chosen is not None
        _sit(pending, free.index, user, you, chosen, party)
        seats = list(PendingSeat.objects.filter(game=pending).order_by("index"))
        if all(s.ready for s in seats):
            return _start(pending, seats)
    return pending


def _free_seat(
    seats: Sequence[PendingSeat], seat: int | None, problems: Problems
) -> PendingSeat | None:
    if seat is None:
        free = next((s for s in seats if s.user_id is None), None)
        if free is None:
            problems["seat"] = ["Every seat is taken."]
        return free
    found = next((s for s in seats if s.index == seat), None)
    if found is None:
        problems["seat"] = [f"There is no seat {seat}: seats are numbered 0 to {len(seats) - 1}."]
    elif found.user_id is not None:
        problems["seat"] = [f"Seat {seat} ({found.name}) is taken."]
        return None
    return found


def _start(pending: PendingGame, seats: Sequence[PendingSeat]) -> Game:
    """The game, from every seat's list: its setup built, its players seated, and the
    waiting game gone. A problem only the whole setup shows (two players of one name) is
    named by the field of the last player to arrive."""
    lists = [setups.ChosenList(s.list_name, s.list_payload or {}, s.catalog) for s in seats]
    names = [s.name for s in seats]
    try:
        setup, catalog = setups.setup_from_chosen(
            pending.system, lists, names, pending.options, [s.party for s in seats]
        )
        game = create_game(
            host=pending.host,
            system=pending.system,
            name=pending.name or None,
            setup=setup,
            catalog=catalog,
            pk=pending.pk,
            join_token=pending.join_token,
        )
    except InvalidInput as error:
        named = {
            "player" if ".name" in path else "list": messages
            for path, messages in error.problems.items()
        }
        raise InvalidInput(named) from None
    for pending_seat in seats:
        Seat.objects.filter(game=game, index=pending_seat.index).update(user=pending_seat.user)
    pending.delete()
    return game


def cancel(pending: PendingGame, user: User) -> None:
    """The host calls off a game that is still waiting for its players."""
    if pending.host_id != user.pk:
        raise Forbidden("Only the host can call off this game.")
    pending.delete()


# --- reading --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Waiting:
    """A waiting game as one viewer sees it: whether they host it, the seat they sit at,
    the seats, and those still waiting for a player's list."""

    game: PendingGame
    seats: list[PendingSeat]
    is_host: bool
    seat: int | None

    @property
    def waiting_for(self) -> list[PendingSeat]:
        return [s for s in self.seats if not s.ready]

    @property
    def free(self) -> list[PendingSeat]:
        return [s for s in self.seats if s.user_id is None]

    @property
    def name(self) -> str:
        """The game's name, or the one it will get ("Ann vs …" and the game's short name)."""
        names = [s.name if s.ready else "…" for s in self.seats]
        return self.game.name or default_game_name(
            registry.trackers()[self.game.system].name, names
        )

    @property
    def first_player(self) -> str:
        """Who plays first, in words: the host's choice, the coin the app flips at the start,
        or how the game settles it in play."""
        game = setups.list_game(self.game.system)
        if not game.first_player_at_setup:
            return game.first_player_rule
        chosen = self.game.options.get("first_player", setups.COIN)
        if chosen == setups.COIN:
            return "Referee flips a coin when the game starts: its winner plays first."
        return f"Player {int(chosen) + 1} plays first, as the host chose."


def waiting(pending: PendingGame, user: User) -> Waiting:
    seats = list(pending.seats.select_related("user").order_by("index"))
    mine = next((s.index for s in seats if s.user_id == user.pk), None)
    return Waiting(pending, seats, pending.host_id == user.pk, mine)


def waiting_body(view: Waiting) -> dict[str, Any]:
    """A waiting game as JSON: no setup yet, so no state; who sits where and who it waits
    for. A seat's list stays with its player."""
    return {
        "id": str(view.game.pk),
        "system": view.game.system,
        "name": view.name,
        "status": "waiting",
        "role": "host" if view.is_host else ("player" if view.seat is not None else "invited"),
        "seat": view.seat,
        "seats": [
            {"index": s.index, "name": s.name, "taken": s.user_id is not None, "ready": s.ready}
            for s in view.seats
        ],
        "waiting_for": [s.index for s in view.waiting_for],
    }


def pending_for(user: User) -> list[Waiting]:
    """The waiting games ``user`` hosts or sits at, newest first."""
    rows = PendingGame.objects.filter(host=user) | PendingGame.objects.filter(seats__user=user)
    return [waiting(row, user) for row in rows.distinct().order_by("-created")[:50]]
