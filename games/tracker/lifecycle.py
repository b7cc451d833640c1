"""A tracked game's life beside its actions: creating it (new, or from an imported log), its
name and its seats' colours, joining a seat through the player link, watching through the
watch link, and replacing a link to revoke the old one.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games import registry
from referee.rules.errors import InvalidInput
from referee.rules.tracker import Action, IllegalAction

from ..models import Catalog
from ..models.tracker import SEAT_COLOURS, Game, GameAction, Seat, Spectator, new_link_token
from . import snapshots
from .access import AnyUser, Forbidden
from .apply import MAX_LOG
from .current import CACHE, finished

MAX_GAME_NAME = 120


def check_game_name(name: object) -> str:
    """The game's name, or "" when none is given (``create_game`` then makes one)."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise InvalidInput({"name": ["The game's name is text."]})
    name = name.strip()
    if len(name) > MAX_GAME_NAME:
        raise InvalidInput({"name": [f"At most {MAX_GAME_NAME} characters."]})
    return name


def default_game_name(system_name: str, players: Sequence[str]) -> str:
    """A name made from the players' names and the game's short name (before any colon),
    such as "Ann vs Ben · Chess" for a game named "Chess: the Royal Game", cut to the longest
    name a game may have."""
    name = f"{' vs '.join(players)} · {system_name.split(':', 1)[0]}"
    return name if len(name) <= MAX_GAME_NAME else name[: MAX_GAME_NAME - 1] + "…"


def _check_system(system: object) -> str:
    if not isinstance(system, str) or system not in registry.trackers():
        known = ", ".join(sorted(registry.trackers()))
        raise InvalidInput({"system": [f"Must be one of {known} (got {system!r})."]})
    return system


def _check_colours(colours: object, seats: int) -> list[str]:
    if colours is None:
        return [SEAT_COLOURS[i % len(SEAT_COLOURS)] for i in range(seats)]
    problems: dict[str, list[str]] = {}
    if not isinstance(colours, list) or len(colours) != seats:
        raise InvalidInput({"colours": [f"Give one colour per seat ({seats})."]})
    for index, colour in enumerate(colours):
        if not (
            isinstance(colour, str)
            and len(colour) == 7
            and colour.startswith("#")
            and all(c in "0123456789abcdefABCDEF" for c in colour[1:])
        ):
            problems[f"colours.{index}"] = [f"A colour is written #rrggbb (got {colour!r})."]
    if problems:
        raise InvalidInput(problems)
    return [colour.lower() for colour in colours]


def create_game(
    *,
    host: User,
    system: object,
    name: object,
    setup: object,
    colours: object = None,
    catalog: Catalog | None = None,
    log: list[Action] | None = None,
    pk: uuid.UUID | None = None,
    join_token: str | None = None,
    new: bool = True,
) -> Game:
    """A new game hosted by ``host``, with one seat per player of the setup. ``setup`` is
    the system's setup JSON; ``log`` (from an import) is replayed and must be legal
    throughout. Without a name, one is made from the players' names and the game's. A game
    that waited for its players keeps that wait's id and player link (``pk``,
    ``join_token``). A ``new`` game's setup meets the system's rules for one
    (``check_new_setup``); an imported one (not ``new``) need only replay, as it did where
    it was made. Raises InvalidInput naming each bad field."""
    problems: dict[str, list[str]] = {}
    slug: str | None = None
    name_ = ""
    try:
        slug = _check_system(system)
    except InvalidInput as error:
        problems.update(error.problems)
    try:
        name_ = check_game_name(name)
    except InvalidInput as error:
        problems.update(error.problems)
    if slug is None:
        raise InvalidInput(problems)
    engine = registry.tracker(slug)
    if not isinstance(setup, Mapping):
        problems["setup"] = ["The setup must be an object."]
        raise InvalidInput(problems)
    try:
        parsed = engine.setup_from_json(setup)
        if new:
            engine.check_new_setup(parsed)
    except InvalidInput as error:
        problems.update({f"setup.{path}": messages for path, messages in error.problems.items()})
        raise InvalidInput(problems) from None
    seat_names = engine.seat_names(parsed)
    seat_colours = _check_colours(colours, len(seat_names))
    if problems:
        raise InvalidInput(problems)
    name_ = name_ or default_game_name(engine.name, seat_names)
    same_wait = {"id": pk, "join_token": join_token} if pk is not None and join_token else {}
    entries = list(log or [])
    if len(entries) > MAX_LOG:
        raise InvalidInput({"log": [f"A game holds at most {MAX_LOG} actions."]})
    try:
        replayed, states = snapshots.replayed(engine, parsed, entries)
    except IllegalAction as error:
        raise InvalidInput({"log": [f"The log does not replay: {error.message}"]}) from None
    with transaction.atomic():
        game = Game.objects.create(
            **same_wait,
            system=slug,
            name=name_,
            host=host,
            catalog=catalog,
            catalog_version=catalog.version if catalog is not None else "",
            setup=engine.setup_to_json(parsed),
            version=replayed.version,
            finished=finished(replayed),
        )
        Seat.objects.bulk_create(
            Seat(game=game, index=i, name=seat_name, colour=seat_colours[i])
            for i, seat_name in enumerate(seat_names)
        )
        GameAction.objects.bulk_create(
            GameAction(
                game=game,
                seq=action.seq,
                type=action.type,
                seat=action.by,
                payload=dict(action.payload),
                at=_parse_time(action.at),
            )
            for action in replayed.log
        )
        snapshots.store(game, replayed)
        snapshots.keep(game, engine, states)
    CACHE.put(str(game.pk), replayed)
    return game


def _parse_time(at: str | None) -> datetime:
    """When an imported entry was recorded; now, when it does not say."""
    parsed = parse_datetime(at) if at is not None else None
    return parsed if parsed is not None else timezone.now()


def join(game: Game, user: User, token: str, seat: int | None) -> Seat:
    """Sit ``user`` at ``seat`` (or the first free one) through the player link."""
    if not token or token != game.join_token:
        raise Forbidden("This player link is not valid any more: ask the host for a new one.")
    with transaction.atomic():
        seats = list(Seat.objects.select_for_update().filter(game=game).order_by("index"))
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is not None:
            if seat is None or seat == mine.index:
                return mine
            raise InvalidInput({"seat": [f"You already sit at seat {mine.index} ({mine.name})."]})
        if seat is None:
            free = next((s for s in seats if s.user_id is None), None)
            if free is None:
                raise InvalidInput({"seat": ["Every seat is taken."]})
        else:
            free = next((s for s in seats if s.index == seat), None)
            if free is None:
                raise InvalidInput({"seat": [f"There is no seat {seat}."]})
            if free.user_id is not None:
                raise InvalidInput({"seat": [f"Seat {seat} ({free.name}) is taken."]})
        free.user = user
        free.save(update_fields=["user"])
        return free


def watch(game: Game, user: AnyUser, token: str) -> None:
    """Record ``user`` as a spectator through the watch link (a signed-in account; an
    anonymous browser keeps the token in its session instead)."""
    if not token or token != game.watch_token:
        raise Forbidden("This watch link is not valid any more: ask the host for a new one.")
    if isinstance(user, User):
        Spectator.objects.get_or_create(game=game, user=user)


def replace_link(game: Game, which: str) -> Game:
    """Revoke the player (``join``) or spectator (``watch``) link by issuing a new one.
    Revoking the watch link also removes every spectator; seated players keep their seat."""
    if which not in ("join", "watch"):
        raise InvalidInput({"link": [f"Must be join or watch (got {which!r})."]})
    with transaction.atomic():
        if which == "join":
            game.join_token = new_link_token()
            game.save(update_fields=["join_token"])
        else:
            game.watch_token = new_link_token()
            game.save(update_fields=["watch_token"])
            game.spectators.all().delete()
    return game
