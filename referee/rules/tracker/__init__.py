"""The game-system-agnostic core of a game tracker: an append-only log replayed through a
system's pure rules engine. Engines import what they use from this package.

Its modules, each importing only those listed before it:
- ``json_values``: JSON values and how the wire compares them;
- ``refusals``: an illegal action, a stale version;
- ``actions``: the log's entries, the entry types every game has, action types and their
  payload fields;
- ``choices``: what a player may pick for a field of a legal action;
- ``legal``: a legal action and the ``Listing`` an engine gathers them in;
- ``system``: the ``System`` base class every game's engine subclasses;
- ``undo``: the log read through undo, redo and requests to undo (R50);
- ``batches``: the actions a batch entry holds;
- ``replaying``: the state a log leads to, and what rules tightened since refuse (R210);
- ``game``: a game and the one way it changes (``game_apply``), set-aside included;
- ``stale``: whether entries recorded since a sender looked change what they sent;
- ``kit``: counters, the clock of rounds, turns and phases, once-per-turn limits,
  statuses and secrets;
- ``outcome``: eliminations, places and how a game ended;
- ``first_player``: who plays first when a coin decides it (R109).

Beside them, ``rulings`` holds the rulings of every tracked game (R50 ...), as data.
"""

from .actions import (
    ANSWER_UNDO,
    BATCH,
    CORE_TYPES,
    MAX_BATCH,
    META_TYPES,
    REDO,
    REQUEST_UNDO,
    SET_ASIDE,
    UNDO,
    Action,
    ActionType,
    PayloadField,
    payload_value,
    roll_missing_dice,
)
from .choices import Amount, Choice, OneOf, Order, Rolls, SomeOf, Text
from .first_player import decide_first_player
from .game import Game, game_apply, start
from .json_values import JSON
from .kit import Clock, Counter, OncePerTurn, Phase, Secret, Statuses
from .legal import LegalAction, Listing
from .outcome import Outcome
from .refusals import IllegalAction, StaleVersion, check_version
from .replaying import replay
from .stale import stale_conflict
from .system import System
from .undo import DECLINED, LAPSED, OPEN, RequestOutcome, UndoRequest, history, request_outcomes

__all__ = [
    "ANSWER_UNDO",
    "BATCH",
    "CORE_TYPES",
    "DECLINED",
    "JSON",
    "LAPSED",
    "MAX_BATCH",
    "META_TYPES",
    "OPEN",
    "REDO",
    "REQUEST_UNDO",
    "SET_ASIDE",
    "UNDO",
    "Action",
    "ActionType",
    "Amount",
    "Choice",
    "Clock",
    "Counter",
    "Game",
    "IllegalAction",
    "LegalAction",
    "Listing",
    "OncePerTurn",
    "OneOf",
    "Order",
    "Outcome",
    "PayloadField",
    "Phase",
    "RequestOutcome",
    "Rolls",
    "Secret",
    "SomeOf",
    "StaleVersion",
    "Statuses",
    "System",
    "Text",
    "UndoRequest",
    "check_version",
    "decide_first_player",
    "game_apply",
    "history",
    "payload_value",
    "replay",
    "request_outcomes",
    "roll_missing_dice",
    "stale_conflict",
    "start",
]
