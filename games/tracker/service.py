"""Tracked games: creating them, who may do what, and the one way a game changes.

``game_apply`` is the only writer of a game's log. It locks the game's row, checks the
version the caller saw, applies the action through the system's pure rules engine
(``referee.rules.tracker.game_apply``) and appends it, all in one transaction: an action
is applied exactly once or refused, and the log never has a gap.

The state is derived from the log. Each process keeps the games it has seen in a small cache
keyed by game and version; a request that finds its cache behind applies only the entries
it has not seen (other processes wrote them), so a long game is not replayed from the start
on every request.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
import uuid
from collections import OrderedDict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from games import registry
from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
    ANSWER_UNDO,
    BATCH,
    CORE_TYPES,
    META_TYPES,
    REDO,
    REQUEST_UNDO,
    UNDO,
    Action,
    IllegalAction,
    RequestOutcome,
    StaleVersion,
    replay,
    request_outcomes,
    roll_missing_dice,
    stale_conflict,
)
from referee.rules.tracker import Game as RulesGame
from referee.rules.tracker import game_apply as rules_game_apply
from referee.rules.tracker.batches import batch_actions
from referee.rules.tracker.replaying import replay_until_refused

from ..models import Catalog
from ..models.tracker import SEAT_COLOURS, Game, GameAction, Seat, Spectator, new_link_token
from . import snapshots

EXPORT_FORMAT = "referee-game"
EXPORT_VERSION = 1
MAX_GAME_NAME = 120
MAX_LOG = 20_000  # entries a game (or an imported log) may hold
CACHE_SIZE = 256

AnyUser = User | AnonymousUser | Any  # what request.user may be
CoreGame = RulesGame[Any, Any]


class Role(StrEnum):
    HOST = "host"
    PLAYER = "player"
    SPECTATOR = "spectator"
    OUTSIDER = "outsider"


@dataclass(frozen=True, slots=True)
class Access:
    """What one viewer is to one game: their role, and their seat when they sit at it."""

    role: Role
    seat: int | None = None

    @property
    def can_see(self) -> bool:
        return self.role is not Role.OUTSIDER

    @property
    def can_act(self) -> bool:
        return self.role in (Role.HOST, Role.PLAYER)

    @property
    def viewer(self) -> int | None:
        """The seat whose secrets the viewer may see (None: nobody's)."""
        return self.seat

    @property
    def is_table(self) -> bool:
        """The host at no seat: the table's shared device, passed round the table. It acts
        for any seat and undoes anything, and shows a seat's secrets only while that seat's
        hold-to-reveal is pressed. A host who took a seat is a player of that seat who
        also manages the links."""
        return self.role is Role.HOST and self.seat is None


class Forbidden(Exception):
    """The viewer may not do this to this game; the message says why."""


class Stale(Exception):
    """The action was sent against an old version and something recorded since may change
    what it means (``conflict``, the first such entry; None when the action no longer
    applies at all, or the version is not one the game had); ``game`` is the current one
    and ``seen`` the version the sender looked at."""

    def __init__(
        self,
        error: StaleVersion,
        game: Game,
        current: CoreGame,
        conflict: Action | None = None,
    ) -> None:
        super().__init__(error.message)
        self.error = error
        self.game = game
        self.current = current
        self.seen = error.expected
        self.conflict = conflict


# --- access ---------------------------------------------------------------------------------


def access_for(game: Game, user: AnyUser, watch_tokens: Collection[str] = ()) -> Access:
    """The viewer's role: the host (and their seat, if they took one), a seated player, a
    spectator (an account that opened the watch link, or a browser session holding the
    current watch token), or an outsider."""
    if isinstance(user, User):
        seat = next((s.index for s in game.seats.all() if s.user_id == user.pk), None)
        if game.host_id == user.pk:
            return Access(Role.HOST, seat)
        if seat is not None:
            return Access(Role.PLAYER, seat)
        if game.spectators.filter(user_id=user.pk).exists():
            return Access(Role.SPECTATOR)
    if game.watch_token in watch_tokens:
        return Access(Role.SPECTATOR)
    return Access(Role.OUTSIDER)


def require_see(access: Access) -> None:
    if not access.can_see:
        raise Forbidden("You are not at this game: ask the host for a player or watch link.")


def require_act(access: Access) -> None:
    require_see(access)
    if not access.can_act:
        raise Forbidden("Spectators can watch but not act: only the host and players can.")


def require_host(access: Access) -> None:
    if access.role is not Role.HOST:
        raise Forbidden("Only the host can do this.")


def acting_seat(access: Access, requested: int | None, seats: int) -> int | None:
    """The seat an action is taken for. A player (a seated host too) acts for their own
    seat; the table's device acts for the seat it names, or none (the rules engine then
    takes the active player)."""
    require_act(access)
    if requested is not None and not 0 <= requested < seats:
        raise InvalidInput({"seat": [f"Seats are numbered 0 to {seats - 1} (got {requested})."]})
    if access.is_table:
        return requested
    if requested is not None and requested != access.seat:
        raise Forbidden("You can act only for your own seat.")
    return access.seat


# --- the cache of derived states ------------------------------------------------------------


class _Cache:
    """The latest derived game of each recently used game, in this process."""

    def __init__(self, size: int) -> None:
        self._games: OrderedDict[str, CoreGame] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, key: str) -> CoreGame | None:
        with self._lock:
            found = self._games.get(key)
            if found is not None:
                self._games.move_to_end(key)
            return found

    def put(self, key: str, game: CoreGame) -> None:
        with self._lock:
            current = self._games.get(key)
            if current is not None and current.version > game.version:
                return
            self._games[key] = game
            self._games.move_to_end(key)
            while len(self._games) > self._size:
                self._games.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()


CACHE = _Cache(CACHE_SIZE)


def to_action(row: GameAction) -> Action:
    """A stored log entry as the rules engine sees it."""
    return Action(row.seq, row.type, row.seat, row.payload, row.at.isoformat())


def _opened(game: Game) -> CoreGame:
    """The game as stored: its log, and its latest stored state when that still reads, with
    any entries recorded since applied; else its log replayed until the rules refuse an
    entry, if they do (R210), and that state stored for next time. Never raises for an
    entry the rules now refuse: the game opens at the state just before it."""
    system = registry.tracker(game.system)
    setup = system.setup_from_json(game.setup)
    log = tuple(to_action(row) for row in game.actions.order_by("seq"))
    stored = snapshots.latest(game, system)
    if stored is not None and stored.version <= len(log):
        result: CoreGame = RulesGame(
            system, setup, log[: stored.version], stored.state, stored.history, stored.broken
        )
        try:
            return snapshots.caught_up(
                result, log[stored.version :], snapshots.finder(game, system)
            )
        except IllegalAction:
            pass  # recorded under other rules: replay the whole log below
    state, history, broken = replay_until_refused(system, setup, log)
    result = RulesGame(system, setup, log, state, history, broken)
    snapshots.keep_latest(game, result)
    return result


def derived(game: Game) -> CoreGame:
    """The game's log and state at ``game.version``: from this process's cache, brought up
    to date with the entries it has not seen, or opened from the stored state."""
    key = str(game.pk)
    cached = CACHE.get(key)
    if cached is not None and cached.version >= game.version:
        return cached  # a reader holding an older row may see a newer state, never an older
    result = None
    if cached is not None:
        rows = game.actions.filter(seq__gt=cached.version, seq__lte=game.version)
        unseen = [to_action(row) for row in rows.order_by("seq")]
        try:
            result = snapshots.caught_up(cached, unseen, snapshots.finder(game, cached.system))
        except IllegalAction:
            result = None
    if result is None:
        result = _opened(game)
    CACHE.put(key, result)
    return result


# --- the one way a game changes -------------------------------------------------------------


def roll_die(faces: Sequence[Any]) -> Any:
    """One die the app rolls for the table (one of its ``faces``): unpredictable, and
    recorded in the action."""
    return faces[secrets.randbelow(len(faces))]


def roll_dice(system: str, type: str, payload: Mapping[str, Any] | None) -> dict[str, Any]:
    """The payload with the app's rolls for every dice field the table left out; in a
    batch, each action's (a part of the wrong shape is left for the rules to refuse)."""
    if type == BATCH and isinstance(payload, Mapping):
        parts = payload.get("actions")
        if isinstance(parts, list):
            rolled = [
                {**part, "payload": roll_dice(system, part["type"], part.get("payload"))}
                if isinstance(part, Mapping)
                and isinstance(part.get("type"), str)
                and isinstance(part.get("payload", {}), Mapping)
                else part
                for part in parts
            ]
            return {**payload, "actions": rolled}
    action_type = registry.tracker(system).action_type(type)
    if action_type is None:
        return dict(payload or {})
    return roll_missing_dice(action_type, payload or {}, roll_die)


def _check_type(game: Game, type: object) -> str:
    system = registry.tracker(game.system)
    names = [action_type.name for action_type in system.action_types]
    if not isinstance(type, str) or (type not in names and type not in CORE_TYPES):
        known = ", ".join([*names, *sorted(CORE_TYPES)])
        raise InvalidInput({"type": [f"{system.name} has no action {type!r}; there are: {known}."]})
    return type


def _check_payload(payload: object) -> dict[str, Any]:
    if payload is None:
        return {}
    if not isinstance(payload, Mapping):
        raise InvalidInput({"payload": ["The payload must be an object."]})
    return dict(payload)


def game_apply(
    *,
    game: Game,
    user: AnyUser,
    type: str,
    payload: Mapping[str, Any] | None = None,
    expected_version: int,
    seat: int | None = None,
    watch_tokens: Collection[str] = (),
) -> Applied:
    """Apply one action to ``game`` for ``user``, atomically, and say what was done.

    Raises Forbidden (not the host or a seated player, or acting for another's seat;
    checked before the version), Stale (``expected_version`` is not the game's version:
    nothing is applied), InvalidInput (an unknown type or a payload that is not an object)
    or IllegalAction (the rules do not allow it now; the message says why).

    An answer to a request to undo is recorded for the seat whose action it is, whoever of
    those who may undo it directly sends it (that seat's player, or the table's device)."""
    type = _check_type(game, type)
    clean = _check_payload(payload)
    require_act(access_for(game, user, watch_tokens))
    with transaction.atomic():
        locked = Game.objects.select_for_update(of=("self",)).prefetch_related("seats")
        locked_game = locked.get(pk=game.pk)
        access = access_for(locked_game, user, watch_tokens)
        by = acting_seat(access, seat, len(locked_game.seats.all()))
        current = derived(locked_game)
        stale = expected_version != current.version
        if stale:
            check_merge(current, locked_game, expected_version, type=type, by=by, payload=clean)
        if current.version >= MAX_LOG:
            raise IllegalAction(f"A game holds at most {MAX_LOG} actions.", "type")
        try:
            by = _check_rights(access, current, locked_game, type=type, by=by, payload=clean)
            at = timezone.now()
            result = rules_game_apply(
                current,
                type=type,
                by=by,
                payload=clean,
                at=at.isoformat(),
                base=snapshots.finder(locked_game, current.system),
            )
        except IllegalAction:
            if not stale:
                raise
            # It commuted with what was recorded since, but no longer applies as it stands
            # now: the sender looks at the table again, as for any other stale action.
            error = StaleVersion(expected_version, current.version)
            raise Stale(error, locked_game, current) from None
        action = result.log[-1]
        # Before the action, the app's own set_aside when the rules of this version refuse
        # an earlier entry (R210): it is nobody's, so no account sent it.
        GameAction.objects.bulk_create(
            GameAction(
                game=locked_game,
                seq=entry.seq,
                type=entry.type,
                seat=entry.by,
                user=user if isinstance(user, User) and entry is action else None,
                payload=dict(entry.payload),
                at=at,
            )
            for entry in result.log[current.version :]
        )
        locked_game.version = result.version
        locked_game.finished = finished(result)
        locked_game.save(update_fields=["version", "finished", "updated"])
        snapshots.store(locked_game, result)
    CACHE.put(str(locked_game.pk), result)
    return Applied(locked_game, result, action, access)


def _check_rights(
    access: Access,
    current: CoreGame,
    game: Game,
    *,
    type: str,
    by: int | None,
    payload: Mapping[str, Any],
) -> int | None:
    """Refuse what the sender may not do (another seat's undo or redo, a request about
    another seat's private notes) or what the rules refuse in the state as they know it;
    answer the seat the entry is recorded for."""
    if type in (UNDO, REDO):
        require_may_undo(access, current, payload.get("target"), game)
    elif type == ANSWER_UNDO:
        return answering_seat(access, current, payload.get("request"), game, by)
    elif type == REQUEST_UNDO:  # a request changes no state: the core checks the rest
        target = current.entry(payload.get("target"))
        if target is not None and _private_to_other(current, target, by):
            raise IllegalAction(
                f"#{target.seq} is {current.seat_name(target.by)}'s own private notes: "
                "nobody else is asked about it.",
                "payload.target",
            )
    else:
        if access.seat is None and _edits_private_notes(current, type, by, payload):
            whose = current.seat_name(by) if by is not None else "a player"
            raise Forbidden(
                f"That is {whose}'s own private notes: only their own tablet edits them, "
                "never the table's shared device."
            )
        knows = knower(access, current.system, by)
        check_unseen(current, type=type, by=by, payload=payload, knows=knows)
    return by


def _edits_private_notes(
    current: CoreGame, type: str, by: int | None, payload: Mapping[str, Any]
) -> bool:
    """Whether the action, or any action of the batch, edits a seat's private notes."""
    sent = Action(current.version + 1, type, by, dict(payload))
    try:
        parts = batch_actions(current.system, sent) if type == BATCH else (sent,)
    except IllegalAction:
        return False  # a batch of the wrong shape: the rules refuse it as such
    return any(current.system.private_edit(part) for part in parts)


def _private_to_other(current: CoreGame, action: Action, seat: int | None) -> bool:
    """Whether ``action`` only edits another seat's private notes (``System.private_edit``)."""
    return action.by is not None and action.by != seat and current.system.private_edit(action)


def state_at(current: CoreGame, game: Game, version: int) -> Any:
    """The state the game had at ``version`` (after its first ``version`` entries), replayed
    from the nearest snapshot taken by then."""
    if version == current.version:
        return current.state
    base = snapshots.finder(game, current.system, below=version)
    return replay(current.system, current.setup, current.log[:version], base)


def check_merge(
    current: CoreGame,
    game: Game,
    seen: int,
    *,
    type: str,
    by: int | None,
    payload: Mapping[str, Any],
) -> None:
    """Raise Stale unless an action sent against version ``seen`` may be recorded now: the
    version is one the game had, and every entry recorded since commutes with the action
    (``stale_conflict``: actions of different seats in a step the rules play at
    once, an edit of one's own private hand). Whether it merges depends only on what was
    recorded and the sender's own action, never on another seat's secret."""
    error = StaleVersion(seen, current.version)
    if isinstance(seen, bool) or not 0 <= seen < current.version:
        raise Stale(error, game, current)
    before = state_at(current, game, seen)
    conflict = stale_conflict(current, before, seen, type, by, payload)
    if conflict is not None:
        raise Stale(error, game, current, conflict)


@dataclass(frozen=True, slots=True)
class Applied:
    """What ``game_apply`` did: the game row (seats loaded), the derived game, the new
    log entry and the sender's access."""

    game: Game
    result: CoreGame
    action: Action
    access: Access


def preview(
    *,
    game: Game,
    access: Access,
    type: str,
    payload: Mapping[str, Any] | None = None,
    seat: int | None = None,
) -> dict[str, Any]:
    """What the viewer would see after the action, without recording it. Raises as
    ``game_apply`` does.

    The answer is worked out from the state as the acting seat may know it (``conceal``),
    never the real one: otherwise trying an action would tell, by its result or its
    refusal, what is hidden (whether a guess at a secret Warlord is right). It is the same
    state ``game_apply`` checks the action against, so a preview is refused exactly when
    the action would be: the table's device acting for a seat previews as that seat knows
    the game, and sees the result as it sees every state (no secrets). Undo and redo are
    not previewed: they replay the game from its setup, which holds every secret."""
    type = _check_type(game, type)
    if type in META_TYPES:
        raise InvalidInput({"type": [f"An {type} cannot be previewed: send it, or not."]})
    clean = _check_payload(payload)
    by = acting_seat(access, seat, game.seats.count())
    current = derived(game)
    system = current.system
    known = replace(current, state=system.conceal(current.state, knower(access, system, by)))
    result = rules_game_apply(known, type=type, by=by, payload=clean)
    return system.view(result.state, access.viewer)


def knower(access: Access, system: Any, by: int | None) -> int | None:
    """Whose knowledge an action is checked and previewed against: the acting seat's, but
    nobody's when the table's device acts in a game whose table knows no secret (face-down
    back rows, R53): a preview of a swap by place then shows the face-down card
    coming in, not which Guardian it is."""
    if access.is_table and not system.table_knows_secrets:
        return None
    return by


def check_unseen(
    current: CoreGame,
    *,
    type: str,
    by: int | None,
    payload: Mapping[str, Any],
    knows: int | None = None,
) -> None:
    """Refuse an ordinary action the rules refuse in the state as its sender knows it
    (``knows``: the seat whose secrets they hold, if any), with that refusal, before it is
    applied for real: a refusal never depends on what the actor may not see."""
    known = replace(current, state=current.system.conceal(current.state, knows))
    rules_game_apply(known, type=type, by=by, payload=payload)


def require_may_undo(access: Access, current: CoreGame, target: object, game: Game) -> None:
    """A player (a seated host too) takes back only their own seat's actions; the table's
    device (the host at no seat) takes back anything. A target not in the log is left to
    the rules to refuse."""
    if access.is_table:
        return
    action = current.entry(target)
    if action is None or action.by == access.seat:
        return
    seat = next((s for s in game.seats.all() if s.index == action.by), None)
    if seat is None:
        raise Forbidden(
            f"Action #{action.seq} was taken by the table's shared device (the host at no "
            "seat): undo it there."
        )
    raise Forbidden(
        f"Action #{action.seq} was taken for seat {action.by} ({seat.name}): that seat's "
        "player must undo it, so ask them to (Ask to undo in the history; request_undo "
        "over the API), or the host, from the table's shared device."
    )


def may_undo(access: Access, current: CoreGame, target: int, game: Game) -> bool:
    """Whether ``access`` may undo entry ``target`` directly (else they may ask)."""
    try:
        require_may_undo(access, current, target, game)
    except Forbidden:
        return False
    return access.can_act


def answering_seat(
    access: Access, current: CoreGame, request: object, game: Game, by: int | None
) -> int | None:
    """The seat an answer to request ``request`` is recorded for: the seat whose action the
    request is about. Whoever may undo that action directly answers (its seat's player, or
    the table's device); anyone else is refused. A request that is not open is left to the
    rules to refuse (with ``by``, the seat the sender acts for)."""
    found = next((r for r in current.undo_requests if r.seq == request), None)
    if found is None:
        return by
    if not may_undo(access, current, found.target, game):
        whose = current.seat_name(found.to)
        raise Forbidden(
            f"Request #{found.seq} asks {whose} to undo #{found.target}: only that seat's "
            "player answers it, or the host from the table's shared device."
        )
    return found.to


def undo_control(access: Access, current: CoreGame, seq: int, game: Game) -> str:
    """What the history offers ``access`` beside entry ``seq`` that is in effect:
    ``"undo"`` (theirs to undo), ``"ask"`` (another seat's: ask its player), ``"asked"``
    (a request about it is waiting) or ``""`` (nothing: a spectator, or the table's device
    asking no one)."""
    if not access.can_act:
        return ""
    if may_undo(access, current, seq, game):
        return "undo"
    action = current.entry(seq)
    if action is not None and _private_to_other(current, action, access.seat):
        return ""
    if any(request.target == seq for request in current.undo_requests):
        return "asked"
    return "ask" if access.seat is not None else ""


def undo_requests_for(current: CoreGame, access: Access) -> list[dict[str, Any]]:
    """The open requests to undo, each worded as ``access`` may read it: who asks (``by``),
    the entry (``target``), the seat asked (``to``; None: the table's device) and the line."""
    return [
        {
            "seq": request.seq,
            "by": request.by,
            "target": request.target,
            "to": request.to,
            "text": current.line(current.log[request.seq - 1], access.viewer),
        }
        for request in current.undo_requests
    ]


def finished(result: CoreGame) -> bool:
    """Whether the game is over, as its system decides (``System.over``: never a secret)."""
    return bool(result.system.over(result.state))


# --- creating, joining, watching ------------------------------------------------------------


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


# --- export and import ----------------------------------------------------------------------


def exports_whole(game: CoreGame, access: Access) -> bool:
    """Whether ``access`` exports the whole log (it holds every secret): the table's device
    at any time, everyone at the table once the game is over. Before that, a player, a
    seated host and a spectator export only what they may see."""
    return access.can_see and (access.is_table or finished(game))


def export_game(game: Game, access: Access) -> dict[str, Any]:
    """The game as JSON, as ``access`` may take it away.

    Whole (``"partial": false``): its setup, seats and every log entry, undo and redo
    included, which ``import_game`` replays to the identical game. Partial (``"partial":
    true``, with the sentence why): the state and the log exactly as the viewer sees them,
    with no setup and no payload they may not see, so it reveals nothing the page does
    not, and it cannot be imported."""
    require_see(access)
    current = derived(game)
    seats = list(game.seats.all())
    head: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "partial": False,
        "system": game.system,
        "name": game.name,
        "catalog_version": game.catalog_version,
        "seats": [{"name": s.name, "colour": s.colour} for s in seats],
        "version": current.version,
    }
    if exports_whole(current, access):
        return {**head, "setup": game.setup, "log": [a.to_json() for a in current.log]}
    names = {s.index: s.name for s in seats}
    return {
        **head,
        "partial": True,
        "partial_reason": _partial_reason(access, names),
        "exported_by": {"role": access.role.value, "seat": access.seat},
        "state": current.system.view(current.state, access.viewer),
        "log": [e for e in log_for(game, access) if e["seq"] <= current.version],
    }


def _partial_reason(access: Access, names: Mapping[int, str]) -> str:
    if access.seat is not None:
        who = f"{names.get(access.seat, 'seat')} (seat {access.seat})"
        left_out = "the other seats' secrets"
    else:
        who = "a spectator"
        left_out = "every seat's secrets"
    return (
        f"The game is still being played, so this export holds only what {who} may see: "
        f"{left_out}, the setup and every payload not theirs to see are left out. It cannot "
        "be imported, since a game is rebuilt by replaying its whole log. Everyone at the "
        "table can export the whole game once it is over, and the host can at any time "
        "from the table's shared device."
    )


def export_filename(game: Game, partial: bool) -> str:
    """A download name made of the game's name in plain letters and digits only, so no
    header or file system reads anything into it."""
    words = re.findall(r"[A-Za-z0-9]+", game.name)
    stem = "-".join(words)[:60].strip("-") or "game"
    return f"{stem}-partial.json" if partial else f"{stem}.json"


def _read_log(data: object) -> list[Action]:
    if not isinstance(data, list):
        raise InvalidInput({"log": ["The log must be a list of actions."]})
    problems: dict[str, list[str]] = {}
    log: list[Action] = []
    for index, entry in enumerate(data):
        path = f"log.{index}"
        if not isinstance(entry, Mapping):
            problems[path] = ["Each log entry is an object."]
            continue
        seq, type, by, payload = (entry.get(k) for k in ("seq", "type", "by", "payload"))
        if seq != index + 1 or isinstance(seq, bool):
            problems[f"{path}.seq"] = [f"Entry {index + 1} must carry seq {index + 1}."]
        if not isinstance(type, str) or not type:
            problems[f"{path}.type"] = ["Each entry needs its type."]
        if by is not None and (isinstance(by, bool) or not isinstance(by, int)):
            problems[f"{path}.by"] = ["'by' is a seat number or null."]
        if payload is not None and not isinstance(payload, Mapping):
            problems[f"{path}.payload"] = ["The payload must be an object."]
        at = entry.get("at")
        if at is not None and not isinstance(at, str):
            problems[f"{path}.at"] = ["'at' is a date and time or null."]
        if not problems:
            log.append(Action.from_json(entry))
    if problems:
        raise InvalidInput(problems)
    return log


def import_game(host: User, data: object) -> Game:
    """A new game, hosted by ``host``, from an ``export_game`` document: the same setup,
    seats and log, replayed to the identical state. Raises InvalidInput naming each bad
    field (``log.3.type``, ``setup.players.0.name``)."""
    if not isinstance(data, Mapping):
        raise InvalidInput({"body": ["A game export is a JSON object."]})
    if data.get("format") != EXPORT_FORMAT:
        raise InvalidInput({"format": [f"Not a game export (format must be {EXPORT_FORMAT!r})."]})
    if data.get("partial", False) is not False:
        raise InvalidInput(
            {
                "partial": [
                    "This is a partial export, made during the game by someone who may not "
                    "see every secret: it has no setup and hides some payloads, so it cannot "
                    "be replayed. Import an export of the whole game, taken once it is over "
                    "or from the table's shared device."
                ]
            }
        )
    seats = data.get("seats")
    colours = None
    if isinstance(seats, list) and all(isinstance(s, Mapping) for s in seats):
        colours = [s.get("colour") for s in seats]
    log = _read_log(data.get("log"))
    game = create_game(
        host=host,
        system=data.get("system"),
        name=data.get("name"),
        setup=data.get("setup"),
        colours=colours,
        log=log,
        new=False,
    )
    if isinstance(data.get("catalog_version"), str):
        game.catalog_version = str(data["catalog_version"])[:20]
        game.save(update_fields=["catalog_version"])
    return game


# --- reading --------------------------------------------------------------------------------


def secret_views(game: Game, access: Access, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The view for nobody and the view for ``seat``, for the table's device's
    hold-to-reveal: what differs between the two is exactly that seat's secrets, whatever
    the game. Raises Forbidden for anyone but the table's device (a player sees their own
    secrets on their page already) and InvalidInput naming ``seat`` when there is no such
    seat."""
    require_see(access)
    if not access.is_table:
        raise Forbidden(
            "Only the table's shared device (the host at no seat) shows a seat's secrets, "
            "while that seat's button is held."
        )
    seats = len(game.seats.all())
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise InvalidInput({"seat": [f"Seats are numbered 0 to {seats - 1}."]})
    current = derived(game)
    system = current.system
    return system.view(current.state, None), system.view(current.state, seat)


def seats_with_secrets(game: Game, access: Access) -> list[int]:
    """The seats holding a secret now (their view differs from the view for nobody), each
    offered a hold-to-reveal on the table's device; nobody else is offered any."""
    if not access.is_table:
        return []
    current = derived(game)
    system = current.system
    public = system.view(current.state, None)
    return [
        seat for seat in range(len(game.seats.all())) if system.view(current.state, seat) != public
    ]


def state_for(game: Game, access: Access) -> dict[str, Any]:
    """Everything a viewer's screen shows: the state as they may see it (no secret that
    is not theirs), the seats, the version, and what undo and redo would take back."""
    require_see(access)
    current = derived(game)
    view = current.system.view(current.state, access.viewer)
    return {
        "id": str(game.pk),
        "system": game.system,
        "name": game.name,
        "version": current.version,
        "role": access.role.value,
        "seat": access.seat,
        "seats": [
            {"index": s.index, "name": s.name, "colour": s.colour, "taken": s.user_id is not None}
            for s in game.seats.all()
        ],
        "next_undo": current.next_undo(),
        "next_redo": current.next_redo(),
        "finished": finished(current),
        "state": view,
        "legal_actions": legal_actions_for(current, access, len(game.seats.all())),
        "undo_requests": undo_requests_for(current, access),
        "refused": refused_for(current, access),
    }


def refused_for(current: CoreGame, access: Access) -> dict[str, Any] | None:
    """The entry the rules of this version refuse, when a stored game holds one (R210): its
    number, its history line as the viewer may read it, and why, said to that entry's own
    seat alone (the engine's reason may name what only they may see). None otherwise."""
    if current.broken is None:
        return None
    entry = current.log[current.broken.seq - 1]
    mine = entry.by is not None and entry.by == access.seat
    return {
        "seq": entry.seq,
        "text": current.line(entry, access.viewer),
        "reason": current.broken.reason if mine else "",
        "set_aside": len(current.log) - entry.seq + 1,
    }


def legal_actions_for(current: CoreGame, access: Access, seats: int) -> list[dict[str, Any]]:
    """What the viewer may do now, as the engine lists it: a seated player (or host) their
    seat's actions; the host at no seat (the table's shared device) every seat's as the
    table may take them (``table_actions``: nothing naming a face-down card), each naming its
    seat; a spectator nothing."""
    if not access.can_act:
        return []
    system = current.system
    if access.seat is not None:
        return [legal.to_json() for legal in system.legal_actions(current.state, access.seat)]
    # The table's device shows no seat's secret but during a hold-to-reveal (R53): it is
    # offered only what is listed alike from the state as nobody knows it, so nothing it
    # is offered names, or depends on, a card in someone's hand.
    hidden = system.conceal(current.state, None)
    public = {
        json.dumps(legal.to_json(), sort_keys=True)
        for seat in range(seats)
        for legal in system.table_actions(hidden, seat)
    }
    listed = [
        legal.to_json()
        for seat in range(seats)
        for legal in system.table_actions(current.state, seat)
    ]
    return [entry for entry in listed if json.dumps(entry, sort_keys=True) in public]


def shown_legal_actions(game: Game, access: Access) -> list[dict[str, Any]]:
    """The legal actions a page shows as controls: the viewer's (``legal_actions_for``,
    where the table's device is offered nothing naming a secret), as ``state_for`` lists
    them."""
    return legal_actions_for(derived(game), access, len(game.seats.all()))


def log_for(game: Game, access: Access, *, latest: int | None = None) -> list[dict[str, Any]]:
    """The log, newest last, each entry with a readable line, whether it is in effect (an
    undone action stays in the log, marked) and whether the table's shared device recorded
    it (``at_table``): ``by`` is the seat an action was taken for, not who tapped it. With
    ``latest``, only that many of the newest entries."""
    require_see(access)
    current = derived(game)
    effective = set(current.history.effective)
    names = {s.index: s.name for s in game.seats.all()}
    outcomes = request_outcomes(current.log)
    at_table = recorded_at_table(game)
    shown = current.log if latest is None else current.log[max(0, len(current.log) - latest) :]
    return [
        {
            **log_entry(current, action, access, names, effective, outcomes.get(action.seq)),
            "at_table": action.seq in at_table,
        }
        for action in shown
    ]


@dataclass(frozen=True, slots=True)
class LogCounts:
    """How long the log is: its entries, the actions among them (an undo, a redo or a
    request about one is an entry, not an action) and how many of those are undone."""

    entries: int
    recorded: int
    undone: int


def log_counts(game: Game, access: Access) -> LogCounts:
    """The log's counts, the same for every viewer who may see the game."""
    require_see(access)
    current = derived(game)
    effective = set(current.history.effective)
    actions = [a for a in current.log if a.type not in META_TYPES]
    undone = sum(1 for a in actions if a.seq not in effective)
    return LogCounts(entries=len(current.log), recorded=len(actions), undone=undone)


def recorded_at_table(game: Game) -> set[int]:
    """The entries the host recorded at no seat, on the table's shared device (for any
    seat, or for none). Once the host sits at a seat, an entry of that seat is theirs."""
    host_seat = next((s.index for s in game.seats.all() if s.user_id == game.host_id), None)
    rows = game.actions.filter(user_id=game.host_id).values_list("seq", "seat")
    return {seq for seq, seat in rows if host_seat is None or seat != host_seat}


def log_entry(
    current: CoreGame,
    action: Action,
    access: Access,
    names: Mapping[int, str],
    effective: Collection[int] | None = None,
    outcome: RequestOutcome | None = None,
) -> dict[str, Any]:
    """One log entry as ``access`` may see it: a secret payload not theirs is hidden (in a
    batch, that action's payload), and so is its line. ``outcome``: what became of a
    request to undo, when the caller worked them all out at once."""
    if effective is None:
        effective = set(current.history.effective)
    shown = current.payload_for(action, access.viewer)
    entry = action.to_json()
    entry["payload"] = dict(shown) if shown is not None else None
    return {
        **entry,
        "by_name": names.get(action.by) if action.by is not None else None,
        "text": current.line(action, access.viewer, outcome),
        "in_effect": action.seq in effective if action.type not in META_TYPES else None,
    }


def describe(current: CoreGame, action: Action, viewer: int | None = None) -> str:
    """The history line of ``action`` as ``viewer`` (a seat, or None) may read it."""
    return current.line(action, viewer)
