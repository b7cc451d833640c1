"""The base class of a game system: its setup, its pure rules and what each viewer may see."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import ClassVar, Generic, TypeVar

from .actions import Action, ActionType
from .json_values import JSON
from .legal import LegalAction

State = TypeVar("State")
Setup = TypeVar("Setup")


class System(ABC, Generic[Setup, State]):
    """A game system: its setup, its pure rules and what each viewer may see.

    A setup travels as JSON (stored with the game, exported with its log), so each system
    reads and writes its own: ``setup_from_json(setup_to_json(setup)) == setup``.
    Every ``view`` holds at least ``winner`` (a seat or None) and ``reason``."""

    slug: str
    name: str
    action_types: tuple[ActionType, ...]
    seats: ClassVar[tuple[int, int]] = (2, 2)  # how many players: (fewest, most)
    # Raised when the same fields of the state come to mean something else: a stored state
    # of another version is then made again by replaying the log. (A field added or
    # removed is noticed without it.)
    state_version: ClassVar[int] = 1

    @abstractmethod
    def setup_from_json(self, data: Mapping[str, JSON]) -> Setup:
        """The setup ``data`` describes; raises InvalidInput naming each bad field."""

    @abstractmethod
    def setup_to_json(self, setup: Setup) -> dict[str, JSON]: ...

    def check_new_setup(self, setup: Setup) -> None:
        """Raises InvalidInput naming each field a setup must have to start a new game
        beyond what ``setup_from_json`` asks of a stored or imported one, which must still
        replay when it was made before a system asked for more. Nothing, unless a system
        says otherwise."""

    @abstractmethod
    def seat_names(self, setup: Setup) -> tuple[str, ...]:
        """The players' names, one per seat, in seat order."""

    @abstractmethod
    def initial_state(self, setup: Setup) -> State: ...

    def describe(
        self, action: Action, setup: Setup | None = None, viewer: int | None = None
    ) -> str:
        """A short line for the history list, as ``viewer`` (a seat, or None for a
        spectator) may read it: it names nothing that viewer may not see. Systems may say
        it better, with names from the ``setup`` when given."""
        details = ", ".join(f"{key} {value}" for key, value in action.payload.items())
        label = action.type.replace("_", " ")
        return f"{label} ({details})" if details else label

    def describe_secret(self, action: Action, setup: Setup | None = None) -> str:
        """The history line of an entry whose payload the viewer may not see
        (``visible_payload`` gave None): it may say who did what kind of thing, never
        anything read from the payload. Systems may say it better."""
        return f"{action.type.replace('_', ' ')} (secret)"

    def aftermath(self, seq: int, state: State) -> str:
        """What log entry ``seq`` led to that its payload does not say (a deck made again
        from the played cards), read from the current ``state``; said after its history
        line. Nothing, unless a system says otherwise; never a secret."""
        return ""

    def visible_payload(
        self, action: Action, state: State, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """The payload of a log entry as ``viewer`` may see it in the history, given the
        current state; None hides it (a secret nomination before it is revealed)."""
        return action.payload

    def action_type(self, name: str) -> ActionType | None:
        for action_type in self.action_types:
            if action_type.name == name:
                return action_type
        return None

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; raises IllegalAction when it is not allowed there."""

    @abstractmethod
    def view(self, state: State, viewer: int | None) -> dict[str, JSON]:
        """The state as ``viewer`` (a seat, or None for a spectator) may see it."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> tuple[LegalAction, ...]:
        """Every action ``seat`` may take now, each applying as listed (python-chess's
        ``legal_moves``). What is listed depends only on what ``seat`` may see."""

    # Whether the table's shared device, acting for a seat, knows that seat's secrets. When
    # not, what it sends is checked and previewed against the game as nobody knows it.
    table_knows_secrets: bool = True

    def table_actions(self, state: State, seat: int) -> tuple[LegalAction, ...]:
        """What the table's shared device (the host at no seat) may do for ``seat`` now: the
        seat's legal actions, less anything that names one of its secrets (the device shows
        no secret, R53). A game whose seats have no secrets lists the seat's own."""
        return self.legal_actions(state, seat)

    def conceal(self, state: State, viewer: int | None) -> State:
        """``state`` with every secret ``viewer`` may not see replaced by the same stand-in,
        whatever it was: what a preview for ``viewer`` is computed from, so that trying an
        action can tell nothing a viewer could not know. No secrets: the state itself."""
        return state

    def commutes(self, seen: State, recorded: Action, pending: Action) -> bool:
        """Whether ``pending``, chosen by a player looking at ``seen``, means the same after
        ``recorded``, an entry recorded since that they had not seen: the two commute, so
        ``pending`` is recorded as if sent now rather than refused as stale. Both are
        ordinary actions (a batch is asked part by part); undo, redo and requests never
        commute. True only where the rules make the two independent: actions of different
        seats in a step the rules play simultaneously, an edit of one's own private hand.
        Decided from the two actions' seats and types and the public part of ``seen``, never
        from a secret, so whether an action is merged tells nobody anything. Nothing
        commutes, unless a system says otherwise."""
        return False

    def private_edit(self, action: Action) -> bool:
        """Whether ``action`` only edits its own seat's private notes (a hand entered for
        oneself): it is nobody else's business, so no other seat is offered to ask to undo
        it, and the table's history need not list each tap. Nothing is, unless a system
        says otherwise."""
        return False

    def replay_apply(self, state: State, action: Action) -> State:
        """The state after ``action``, an entry already in the log, replayed after an undo or
        a redo changed what came before it (and in every replay). As ``apply``, with one
        difference a system may make: it must never refuse an entry for a reason only
        another seat may know (what a private hand holds), since whether an undo is allowed
        must not tell the undoer anything (R50). Such an entry is kept as far as it still
        fits. Wherever ``apply`` accepts, the same state."""
        return self.apply(state, action)

    def over(self, state: State) -> bool:
        """Whether the game is over: a winner, a draw or everyone losing. The one place it is
        decided for every game; who won and whether it is over are never secret. Read from
        the view for nobody, unless a system says otherwise."""
        view = self.view(state, None)
        return view.get("winner") is not None or bool(view.get("over"))

    @abstractmethod
    def example_setup(self) -> dict[str, JSON]:
        """A setup, as JSON, that ``setup_from_json`` accepts: for other tools to start a
        game without reading our code."""
