"""The AZRAH: War of Heralds table tracker, built on the tracker core.

Sections cited are the rulebook's headings: Game Setup, Mana and Celestial Gems, Dealing
Damage and Defeating Enemies, Moving and Escaping, Transformations Curses and Items,
Anatomy of a Turn (A Recovery, B Action, C End) and Important Keywords.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from referee.rules.azrah.cards import Party, Position
from referee.rules.azrah.roster import BACK_ROW, CELESTIAL_GEMS, FRONT_ROW, MANA_CARDS
from referee.rules.checks import Problems, add_problem, check_whole
from referee.rules.errors import InvalidInput
from referee.rules.tracker.core import (
    JSON,
    Action,
    ActionType,
    Clock,
    Counter,
    IllegalAction,
    LegalAction,
    OncePerTurn,
    Outcome,
    PayloadField,
    Phase,
    Statuses,
    System,
    payload_value,
)

STARTING_HEALTH = 3
MAX_NAME = 120
MAX_HIT_POINTS = 99
MAX_AMOUNT = 99  # damage or healing at once
MAX_TURNS = 99  # a counted status
RECOVERY_MANA = 2
RECOVERY, ACTION, END = "Recovery", "Action", "End"
PHASES = (
    Phase(RECOVERY, ("heal back row", "attach 2 Mana", "gain a Celestial Gem")),
    Phase(ACTION, ("use abilities", "move two adjacent allies", "escape an injured ally")),
    Phase(END, ("swap escaping or defeated allies", "order emergence abilities")),
)
FROZEN, IMMUNE = "frozen", "immune"
STATUSES = (FROZEN, IMMUNE)
POSITIONS = (Position.LEFT, Position.CENTRE, Position.RIGHT)
# example_setup: two parties of the starter catalog's Guardians (games/catalogs/starter)
EXAMPLE_HIT_POINTS = {
    "Aurelia, Dawn Warden": 4,
    "Nyx Lanternbearer": 3,
    "Solace the Mender": 3,
    "Ironbark Sentinel": 6,
    "Vesper Starcaller": 3,
    "Korrin Stormhand": 4,
    "Seraphine of the Veil": 3,
    "Thorne Wildcaller": 4,
    "Mirelle Tidewhisper": 3,
    "Oberon Ashheart": 5,
}
EXAMPLE_PARTIES = (
    (
        "Ana",
        ("Aurelia, Dawn Warden", "Nyx Lanternbearer", "Solace the Mender"),
        ("Ironbark Sentinel", "Vesper Starcaller"),
    ),
    (
        "Ben",
        ("Korrin Stormhand", "Seraphine of the Veil", "Thorne Wildcaller"),
        ("Mirelle Tidewhisper", "Oberon Ashheart"),
    ),
)
# why a front-row Guardian is leaving: its own choice, an effect, or defeat
VOLUNTARY, FORCED, DEFEATED = "voluntary", "forced", "defeated"


Handler = Callable[["AzrahState", Action], "AzrahState"]


def decide_first_player(rng_value: int, winner_plays_first: bool = True) -> int:
    """The seat that plays first, from a supplied coin flip (0 or 1 names the winner), who
    chooses to play first or second (Game Setup)."""
    if rng_value not in (0, 1):
        raise IllegalAction("A coin flip is 0 or 1.", "rng_value")
    return rng_value if winner_plays_first else 1 - rng_value


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """A player's name, starting party (front left, centre, right; back two) and the
    total hit points of each of its Guardians (from the catalog)."""

    name: str
    front: tuple[str, str, str]
    back: tuple[str, str]
    hit_points: Mapping[str, int]

    @classmethod
    def from_party(cls, name: str, party: Party, hit_points: Mapping[str, int]) -> SeatSetup:
        if len(party.front) != FRONT_ROW or len(party.back) != BACK_ROW:
            raise IllegalAction(
                f"{name}'s party needs {FRONT_ROW} front-row and {BACK_ROW} back-row "
                "Guardians (Game Setup, R46).",
                "party",
            )
        front = (party.front[0], party.front[1], party.front[2])
        return cls(name, front, (party.back[0], party.back[1]), hit_points)


@dataclass(frozen=True, slots=True)
class AzrahSetup:
    players: tuple[SeatSetup, SeatSetup]
    first_player: int = 0


@dataclass(frozen=True, slots=True)
class GuardianState:
    name: str
    base_hit_points: int
    damage: int = 0
    mana: int = 0
    curses: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    transformation: str | None = None
    transformed_hit_points: int | None = None
    statuses: Statuses = field(default_factory=Statuses)
    leaving: str | None = None  # VOLUNTARY, FORCED or DEFEATED while still in the front row
    defeated_this_turn: bool = False
    used_ability: bool = False
    revealed: bool = False  # has been face-up in the front row

    @property
    def hit_points(self) -> int:
        """A Transformation's hit points replace the base form's."""
        if self.transformed_hit_points is not None:
            return self.transformed_hit_points
        return self.base_hit_points

    @property
    def injured(self) -> bool:
        return self.damage > 0

    def stripped(self) -> GuardianState:
        """Without Mana, Curses, Items or Transformation (they go back where they came from)."""
        return replace(
            self,
            mana=0,
            curses=(),
            items=(),
            transformation=None,
            transformed_hit_points=None,
        )


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    front: tuple[str, str, str]
    back: tuple[str, ...]
    guardians: tuple[GuardianState, ...]
    health: Counter = field(default_factory=lambda: Counter(STARTING_HEALTH, 0, None))
    gems: Counter = field(default_factory=lambda: Counter(0, 0, CELESTIAL_GEMS))
    mana_pool: Counter = field(default_factory=lambda: Counter(MANA_CARDS, 0, MANA_CARDS))

    def guardian(self, name: str) -> GuardianState:
        for guardian in self.guardians:
            if guardian.name == name:
                return guardian
        raise IllegalAction(f"{self.name} has no Guardian called {name!r}.", "payload.guardian")

    def with_guardian(self, new: GuardianState) -> PlayerState:
        return replace(
            self,
            guardians=tuple(new if g.name == new.name else g for g in self.guardians),
        )

    def in_front(self, name: str) -> bool:
        return name in self.front


@dataclass(frozen=True, slots=True)
class AzrahState:
    players: tuple[PlayerState, PlayerState]
    clock: Clock
    limits: OncePerTurn = field(default_factory=OncePerTurn)
    recovery_mana: int = 0  # Mana attached in this Recovery phase
    end_swaps: int = 0  # swaps made in this End phase
    entered: tuple[str, ...] = ()  # allies that entered the active front row this End phase
    emergence_order: tuple[str, ...] = ()
    outcome: Outcome = field(default_factory=Outcome)

    @property
    def active(self) -> int:
        return self.clock.active_seat


def _amount(payload: Mapping[str, JSON], default: Any = ...) -> int:
    amount: int = payload_value(payload, "amount", int, default)
    if not 1 <= amount <= MAX_AMOUNT:
        raise IllegalAction(
            f"The amount must be at least 1 and at most {MAX_AMOUNT}.", "payload.amount"
        )
    return amount


def _seat(state: AzrahState, action: Action, payload_seat: bool) -> int:
    """The player whose Guardian the action concerns: ``payload.seat`` for effects that
    may touch either side, else the acting seat (or the active player for the host)."""
    if payload_seat and "seat" in action.payload:
        seat: int = payload_value(action.payload, "seat", int)
    else:
        seat = state.active if action.by is None else action.by
    if seat not in (0, 1):
        raise IllegalAction("A seat is 0 or 1.", "payload.seat")
    return seat


def _require_active(state: AzrahState, action: Action, what: str) -> None:
    if action.by is not None and action.by != state.active:
        raise IllegalAction(
            f"Only {state.players[state.active].name}, the active player, can {what} "
            "(Anatomy of a Turn).",
            "by",
        )


def _require_phase(state: AzrahState, phase: str, what: str) -> None:
    if state.clock.phase.name != phase:
        raise IllegalAction(
            f"You can {what} only in the {phase} phase; it is the "
            f"{state.clock.phase.name} phase (Anatomy of a Turn).",
            "type",
        )


def _face_up(player: PlayerState, name: str) -> bool:
    """Whether the opponent and spectators may see ``name``: it is in the front row, or
    it has been (R52)."""
    if name in player.front:
        return True
    return any(g.name == name and g.revealed for g in player.guardians)


def _named(
    state: AzrahState, seat: int, name: str, by: int | None, field: str = "payload.guardian"
) -> GuardianState:
    """``seat``'s Guardian called ``name``, as ``by`` may name it: to anyone but its
    controller (the host without a seat included) a face-down Guardian is refused exactly
    as a name nobody has, so a refusal never confirms a secret (R53)."""
    player = state.players[seat]
    if by != seat and not _face_up(player, name):
        raise IllegalAction(f"{player.name} has no face-up Guardian by that name.", field)
    for guardian in player.guardians:
        if guardian.name == name:
            return guardian
    raise IllegalAction(f"{player.name} has no Guardian called {name!r}.", field)


def _front_guardian(
    state: AzrahState, seat: int, name: str, by: int | None, what: str
) -> GuardianState:
    player = state.players[seat]
    guardian = _named(state, seat, name, by)
    if not player.in_front(name):
        raise IllegalAction(
            f"{name} is in {player.name}'s back row: only front-row Guardians can {what}.",
            "payload.guardian",
        )
    return guardian


class AzrahSystem(System[AzrahSetup, AzrahState]):
    slug = "azrah"
    name = "AZRAH: War of Heralds"
    action_types = (
        ActionType(
            "attach_mana",
            "Attach Mana from the resource pile to a front-row ally (Recovery: two in all; "
            "set effect for an ability that gives Mana).",
            (
                PayloadField("guardian", "str", "the ally"),
                PayloadField("amount", "int", "Mana cards, default 1", False),
                PayloadField("effect", "bool", "given by an ability's effect", False),
            ),
        ),
        ActionType(
            "use_ability",
            "A front-row ally activates an ability, paying its attached Mana and Gems.",
            (
                PayloadField("guardian", "str", "the ally"),
                PayloadField("ability", "str", "the ability's name", False),
                PayloadField("mana", "int", "Mana in the cost", False),
                PayloadField("gems", "int", "Celestial Gems in the cost", False),
                PayloadField("quick", "bool", "a quick ability used in response", False),
            ),
        ),
        ActionType(
            "move",
            "Once per turn, swap two adjacent front-row allies.",
            (
                PayloadField("left", "str", "a position: left, centre or right"),
                PayloadField("right", "str", "the adjacent position"),
            ),
        ),
        ActionType(
            "escape",
            "Once per turn an injured ally that used no ability escapes; forced by an effect "
            "at any time.",
            (
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("seat", "int", "its controller (forced escapes)", False),
                PayloadField("forced", "bool", "an ability's effect makes it escape", False),
            ),
        ),
        ActionType(
            "swap",
            "An escaping or defeated front-row Guardian changes places with a back-row one.",
            (
                PayloadField("guardian", "str", "the Guardian leaving the front row"),
                PayloadField("replacement", "str", "the back-row Guardian entering"),
            ),
        ),
        ActionType(
            "order_emergence",
            "The order in which the allies that entered resolve their emergence abilities.",
            (PayloadField("order", "list[str]", "the entering allies, first to resolve first"),),
        ),
        ActionType(
            "deal_damage",
            "Deal damage to a Guardian; a front-row Guardian is defeated at its hit points.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("amount", "int", "damage"),
            ),
        ),
        ActionType(
            "heal",
            "Remove damage from a Guardian.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("amount", "int", "damage healed"),
            ),
        ),
        ActionType(
            "transform",
            "Place a Transformation on a front-row Guardian (its hit points replace the "
            "base form's).",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the base form"),
                PayloadField("transformation", "str", "the Transformation's name"),
                PayloadField("hit_points", "int", "the Transformation's total hit points"),
            ),
        ),
        ActionType(
            "attach_curse",
            "Attach a Curse card to a front-row Guardian.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("card", "str", "the Curse"),
            ),
        ),
        ActionType(
            "attach_item",
            "Attach an Item card to a front-row Guardian.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("card", "str", "the Item"),
            ),
        ),
        ActionType(
            "detach",
            "Return a Curse or Item from a Guardian to the shared pile.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("card", "str", "the Curse or Item"),
            ),
        ),
        ActionType(
            "apply_status",
            "Make a Guardian Frozen or Immune, for a number of turns or until removed.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("status", "str", "frozen or immune"),
                PayloadField("turns", "int", "turns it lasts; none: until removed", False),
            ),
        ),
        ActionType(
            "remove_status",
            "End a Frozen or Immune status.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("status", "str", "frozen or immune"),
            ),
        ),
        ActionType("end_phase", "Finish the current phase; after End the next turn begins."),
    )

    def setup_from_json(self, data: Mapping[str, JSON]) -> AzrahSetup:
        """``{"first_player": 0 or 1, "players": [two {"name", "front": [3 names],
        "back": [2 names], "hit_points": {name: total}}]}``."""
        problems: Problems = {}
        if not isinstance(data, Mapping):
            raise InvalidInput({"setup": ["The setup must be an object."]})
        first = data.get("first_player", 0)
        if first not in (0, 1) or isinstance(first, bool):
            add_problem(problems, "first_player", "The first player is seat 0 or seat 1.")
        players = data.get("players")
        seats: list[SeatSetup] = []
        if not isinstance(players, list) or len(players) != 2:
            add_problem(problems, "players", "AZRAH needs exactly two players.")
        else:
            for index, player in enumerate(players):
                seat = _seat_setup(problems, f"players.{index}", player)
                if seat is not None:
                    seats.append(seat)
        if problems:
            raise InvalidInput(problems)
        setup = AzrahSetup((seats[0], seats[1]), first_player=int(first))
        try:
            self.initial_state(setup)
        except IllegalAction as error:
            raise InvalidInput({error.field or "players": [error.message]}) from None
        return setup

    def setup_to_json(self, setup: AzrahSetup) -> dict[str, JSON]:
        return {
            "first_player": setup.first_player,
            "players": [
                {
                    "name": seat.name,
                    "front": list(seat.front),
                    "back": list(seat.back),
                    "hit_points": dict(seat.hit_points),
                }
                for seat in setup.players
            ],
        }

    def seat_names(self, setup: AzrahSetup) -> tuple[str, ...]:
        return tuple(seat.name for seat in setup.players)

    def describe(
        self, action: Action, setup: AzrahSetup | None = None, viewer: int | None = None
    ) -> str:
        """A history line in words: "Ana: Ben's Bard takes 3 damage". A Guardian that began
        in another player's back row is not named to ``viewer`` (R52): without the state
        there is no telling whether it has been seen since, so it is "one of Ben's
        Guardians" to them; without the setup every Guardian of another player is."""
        p = action.payload
        names = self.seat_names(setup) if setup is not None else ("Seat 0", "Seat 1")

        def player(seat: object) -> str:
            index = _as_seat(seat)
            return names[index] if index is not None else "the host"

        who = player(action.by) if action.by is not None else "The table"
        owner = _as_seat(p.get("seat", action.by))

        def shown(name: object) -> str:
            hidden = (
                setup is None or name in setup.players[owner].back if owner is not None else False
            )
            if owner is not None and owner != viewer and hidden:
                return f"one of {player(owner)}'s Guardians"
            return str(name)

        def entering(name: object) -> str:
            """A Guardian from the back row (only its controller may say which)."""
            return "a back-row Guardian" if owner is None else shown(name)

        guardian = shown(p.get("guardian"))
        if "seat" in p and guardian == str(p.get("guardian")):
            guardian = f"{player(owner)}'s {guardian}"
        amount = p.get("amount", 1)
        order: list[JSON] = p["order"] if isinstance(p.get("order"), list) else []
        lines = {
            "attach_mana": f"attaches Mana to {guardian}",
            "use_ability": f"{guardian} uses {p.get('ability') or 'an ability'}"
            + (
                f" ({p.get('mana', 0)} Mana, {p.get('gems', 0)} Gems)"
                if p.get("mana") or p.get("gems")
                else ""
            ),
            "move": f"moves {p.get('left')} and {p.get('right')}",
            "escape": f"{guardian} escapes",
            "swap": f"swaps {guardian} for {entering(p.get('replacement'))}",
            "order_emergence": "orders emergence: " + ", ".join(entering(n) for n in order),
            "deal_damage": f"{guardian} takes {amount} damage",
            "heal": f"{guardian} heals {amount}",
            "transform": f"{guardian} transforms into {p.get('transformation')}",
            "attach_curse": f"attaches the Curse {p.get('card')} to {guardian}",
            "attach_item": f"attaches the Item {p.get('card')} to {guardian}",
            "detach": f"returns {p.get('card')} from {guardian}",
            "apply_status": f"{guardian} is {p.get('status')}"
            + (f" for {p.get('turns')} turns" if p.get("turns") else ""),
            "remove_status": f"{guardian} is no longer {p.get('status')}",
            "end_phase": "ends the phase",
        }
        line = lines.get(action.type)
        return f"{who}: {line}" if line else f"{who}: {action.type.replace('_', ' ')}"

    def visible_payload(
        self, action: Action, state: AzrahState, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """The payload with every Guardian ``viewer`` may not see now named None: one still
        face down in another player's back row (R52). An entering Guardian named by the
        host without a seat is always hidden, since whose it was is not recorded."""
        p = dict(action.payload)
        owner = _as_seat(p.get("seat", action.by))

        def shown(name: JSON) -> JSON:
            if owner is None or owner == viewer or not isinstance(name, str):
                return name
            return name if _face_up(state.players[owner], name) else None

        def entering(name: JSON) -> JSON:
            return None if owner is None else shown(name)

        if "guardian" in p:
            p["guardian"] = shown(p["guardian"])
        if action.type == "swap" and "replacement" in p:
            p["replacement"] = entering(p["replacement"])
        if action.type == "order_emergence" and isinstance(p.get("order"), list):
            p["order"] = [entering(name) for name in p["order"]]
        return p

    def legal_actions(self, state: AzrahState, seat: int) -> tuple[LegalAction, ...]:
        """Every action ``seat`` may take now (see ``referee.rules.azrah.legal``)."""
        from referee.rules.azrah.legal import legal_actions

        return legal_actions(state, seat)

    def example_setup(self) -> dict[str, JSON]:
        """Two parties of the starter catalog's Guardians, Ana playing first."""
        return {
            "first_player": 0,
            "players": [
                {
                    "name": name,
                    "front": list(front),
                    "back": list(back),
                    "hit_points": {g: EXAMPLE_HIT_POINTS[g] for g in (*front, *back)},
                }
                for name, front, back in EXAMPLE_PARTIES
            ],
        }

    def conceal(self, state: AzrahState, viewer: int | None) -> AzrahState:
        """Every other player's face-down back-row Guardians replaced by the same stand-in
        (named by its place in the back row, with 1 hit point, no damage and nothing on
        it): what a preview for ``viewer`` is computed from."""
        players = tuple(
            player if seat == viewer else _conceal_player(player)
            for seat, player in enumerate(state.players)
        )
        return replace(state, players=(players[0], players[1]))

    def initial_state(self, setup: AzrahSetup) -> AzrahState:
        """Health 3 each, the first player given (Game Setup); turn 1 begins."""
        if setup.first_player not in (0, 1):
            raise IllegalAction("The first player is seat 0 or seat 1.", "first_player")
        players = (_player(setup.players[0], 0), _player(setup.players[1], 1))
        clock = Clock(PHASES, seats=2, first_seat=setup.first_player)
        return _begin_turn(AzrahState(players, clock))

    def apply(self, state: AzrahState, action: Action) -> AzrahState:
        if state.outcome.over:
            raise IllegalAction(
                f"The game is over: {state.players[state.outcome.winner or 0].name} won.",
                "type",
            )
        if action.by is not None and action.by not in (0, 1):
            raise IllegalAction("Only seats 0 and 1 play AZRAH.", "by")
        handler = _HANDLERS.get(action.type)
        if handler is None:
            raise IllegalAction(f"AZRAH has no action called {action.type!r}.", "type")
        return handler(state, action)

    def view(self, state: AzrahState, viewer: int | None) -> dict[str, JSON]:
        """Everything but the face-down back row of the other player (R52)."""
        return {
            "turn": state.clock.turn,
            "round": state.clock.round,
            "active_seat": state.active,
            "phase": state.clock.phase.name,
            "checklist": list(state.clock.phase.checklist),
            "moved": "move" in state.limits.used,
            "escaped": "escape" in state.limits.used,
            "recovery_mana": state.recovery_mana,
            "emergence_order": list(state.emergence_order),
            "notes": _notes(state),
            "winner": state.outcome.winner,
            "reason": state.outcome.reason,
            "players": [
                _player_view(player, seat == viewer) for seat, player in enumerate(state.players)
            ],
        }


def _notes(state: AzrahState) -> list[str]:
    """What this turn has used up so far, in words, for the board's turn area."""
    notes = []
    if state.clock.phase.name == RECOVERY:
        notes.append(f"Mana attached this Recovery: {state.recovery_mana}.")
    if "move" in state.limits.used:
        notes.append("Allies moved this turn.")
    if "escape" in state.limits.used:
        notes.append("An ally escaped this turn.")
    if state.emergence_order:
        notes.append("Emergence order: " + ", ".join(state.emergence_order) + ".")
    return notes


def _as_seat(value: object) -> int | None:
    """``value`` when it is a seat of AZRAH (0 or 1), else None."""
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    return None


def _conceal_player(player: PlayerState) -> PlayerState:
    hidden = {
        name: f"Face-down Guardian {index}"
        for index, name in enumerate(player.back, start=1)
        if not player.guardian(name).revealed
    }
    if not hidden:
        return player
    guardians = tuple(
        GuardianState(hidden[g.name], 1) if g.name in hidden else g for g in player.guardians
    )
    back = tuple(hidden.get(name, name) for name in player.back)
    return replace(player, back=back, guardians=guardians)


def _names(problems: Problems, path: str, value: object, count: int, row: str) -> list[str]:
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME for name in value)
    ):
        add_problem(problems, path, f"The {row} row names exactly {count} Guardians.")
        return []
    return [name.strip() for name in value]


def _seat_setup(problems: Problems, path: str, data: object) -> SeatSetup | None:
    if not isinstance(data, Mapping):
        add_problem(problems, path, "Each player is an object with a name and a party.")
        return None
    name = data.get("name")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        add_problem(problems, f"{path}.name", f"A player's name is 1 to {MAX_NAME} characters.")
    front = _names(problems, f"{path}.front", data.get("front"), FRONT_ROW, "front")
    back = _names(problems, f"{path}.back", data.get("back"), BACK_ROW, "back")
    hit_points = data.get("hit_points")
    points: dict[str, int] = {}
    if not isinstance(hit_points, Mapping):
        add_problem(problems, f"{path}.hit_points", "Give each Guardian's total hit points.")
    else:
        for guardian in (*front, *back):
            check_whole(
                problems,
                f"{path}.hit_points.{guardian}",
                hit_points.get(guardian),
                1,
                MAX_HIT_POINTS,
                f"{guardian}'s hit points",
            )
            value = hit_points.get(guardian)
            if isinstance(value, int):
                points[guardian] = value
    if not isinstance(name, str) or len(front) != FRONT_ROW or len(back) != BACK_ROW:
        return None
    return SeatSetup(name.strip(), (front[0], front[1], front[2]), (back[0], back[1]), points)


def _player(seat: SeatSetup, index: int) -> PlayerState:
    names = (*seat.front, *seat.back)
    if len(seat.front) != FRONT_ROW or len(seat.back) != BACK_ROW:
        raise IllegalAction(
            f"{seat.name}'s party needs {FRONT_ROW} front and {BACK_ROW} back Guardians "
            "(Game Setup, R46).",
            f"players.{index}",
        )
    if len(set(names)) != len(names):
        raise IllegalAction(
            f"{seat.name}'s party names a Guardian twice (Game Setup, R46).", f"players.{index}"
        )
    guardians = []
    for name in names:
        hit_points = seat.hit_points.get(name)
        if not isinstance(hit_points, int) or hit_points < 1:
            raise IllegalAction(
                f"{seat.name}'s {name} needs its total hit points (at least 1).",
                f"players.{index}.hit_points",
            )
        guardians.append(GuardianState(name, hit_points, revealed=name in seat.front))
    return PlayerState(seat.name, seat.front, seat.back, tuple(guardians))


def _guardian_view(guardian: GuardianState) -> dict[str, JSON]:
    return {
        "name": guardian.name,
        "hit_points": guardian.hit_points,
        "damage": guardian.damage,
        "mana": guardian.mana,
        "curses": list(guardian.curses),
        "items": list(guardian.items),
        "transformation": guardian.transformation,
        "statuses": {s.name: s.remaining for s in guardian.statuses.items},
        "leaving": guardian.leaving,
        "used_ability": guardian.used_ability,
        "defeated_this_turn": guardian.defeated_this_turn,
    }


def _player_view(player: PlayerState, own: bool) -> dict[str, JSON]:
    back: list[JSON] = []
    for name in player.back:
        guardian = player.guardian(name)
        back.append(_guardian_view(guardian) if own or guardian.revealed else None)
    return {
        "name": player.name,
        "health": player.health.value,
        "gems": player.gems.value,
        "mana_pool": player.mana_pool.value,
        "front": [_guardian_view(player.guardian(name)) for name in player.front],
        "back": back,
    }


def _set_player(state: AzrahState, seat: int, player: PlayerState) -> AzrahState:
    players = (player, state.players[1]) if seat == 0 else (state.players[0], player)
    return replace(state, players=players)


def _begin_turn(state: AzrahState) -> AzrahState:
    """Recovery steps the app does itself: heal 1 on each back-row ally (A.1) and gain a
    Celestial Gem, skipped on the game's first turn (A.3, Z1) and lost at three (Z2)."""
    player = state.players[state.active]
    for name in player.back:
        guardian = player.guardian(name)
        player = player.with_guardian(replace(guardian, damage=max(0, guardian.damage - 1)))
    if state.clock.turn > 1:
        player = replace(player, gems=player.gems.add(1))
    return _set_player(state, state.active, player)


def _attach_mana(state: AzrahState, action: Action) -> AzrahState:
    """Mana is attached to front-row allies: two in the Recovery phase (A.2), more only by
    an ability's effect (Mana and Celestial Gems)."""
    _require_active(state, action, "attach Mana")
    amount = _amount(action.payload, 1)
    effect: bool = payload_value(action.payload, "effect", bool, False)
    player = state.players[state.active]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, state.active, name, action.by, "hold Mana")
    recovery_mana = state.recovery_mana
    if not effect:
        _require_phase(state, RECOVERY, "attach Mana (unless an ability gives it)")
        if recovery_mana + amount > RECOVERY_MANA:
            raise IllegalAction(
                f"The Recovery phase attaches {RECOVERY_MANA} Mana; {recovery_mana} already "
                f"attached (Anatomy of a Turn A.2).",
                "payload.amount",
            )
        recovery_mana += amount
    if amount > player.mana_pool.value:
        raise IllegalAction(
            f"Not enough Mana cards in the resource pile: {amount} needed, "
            f"{player.mana_pool.value} held.",
            "payload.amount",
        )
    pool = player.mana_pool.spend(amount, "Mana cards in the resource pile")
    player = replace(player, mana_pool=pool).with_guardian(
        replace(guardian, mana=guardian.mana + amount)
    )
    return replace(_set_player(state, state.active, player), recovery_mana=recovery_mana)


def _use_ability(state: AzrahState, action: Action) -> AzrahState:
    """Pay the cost from the Mana attached to this ally and the player's Gems (Activating
    and Resolving Abilities); an escaping ally cannot (Moving and Escaping)."""
    quick: bool = payload_value(action.payload, "quick", bool, False)
    if not quick:
        _require_active(state, action, "activate a normal ability")
        _require_phase(state, ACTION, "activate a normal ability")
    seat = state.active if action.by is None else action.by
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "activate abilities")
    mana: int = payload_value(action.payload, "mana", int, 0)
    gems: int = payload_value(action.payload, "gems", int, 0)
    for cost, key in ((mana, "mana"), (gems, "gems")):
        if cost < 0:
            raise IllegalAction("A cost is never negative.", f"payload.{key}")
    if guardian.leaving is not None:
        raise IllegalAction(
            f"{name} is escaping and cannot activate abilities (Moving and Escaping).",
            "payload.guardian",
        )
    if guardian.mana < mana:
        raise IllegalAction(
            f"{name} has {guardian.mana} Mana attached and the ability costs {mana}: only "
            "Mana attached to this Guardian can pay (Mana and Celestial Gems).",
            "payload.mana",
        )
    if gems > player.gems.value:
        raise IllegalAction(
            f"Not enough Celestial Gems: {gems} needed, {player.gems.value} held "
            "(Mana and Celestial Gems).",
            "payload.gems",
        )
    player = replace(
        player,
        gems=player.gems.spend(gems, "Celestial Gems"),
        mana_pool=player.mana_pool.add(mana),
    ).with_guardian(replace(guardian, mana=guardian.mana - mana, used_ability=True))
    return _set_player(state, seat, player)


def _move(state: AzrahState, action: Action) -> AzrahState:
    """Once per turn, two adjacent front-row allies change places; not a Frozen one
    (Anatomy of a Turn B.2, Important Keywords)."""
    _require_active(state, action, "move allies")
    _require_phase(state, ACTION, "move allies")
    left, right = (_position(action.payload, key) for key in ("left", "right"))
    if abs(left - right) != 1:
        raise IllegalAction(
            "Only two adjacent allies can move: left and centre, or centre and right "
            "(Moving and Escaping).",
            "payload.right",
        )
    player = state.players[state.active]
    for index in (left, right):
        if player.guardian(player.front[index]).statuses.has(FROZEN):
            raise IllegalAction(
                f"{player.front[index]} is Frozen and cannot move (Important Keywords).",
                "payload",
            )
    limits = state.limits.use(
        "move", "You have already moved two allies this turn (Anatomy of a Turn B.2)."
    )
    front = list(player.front)
    front[left], front[right] = front[right], front[left]
    player = replace(player, front=(front[0], front[1], front[2]))
    return replace(_set_player(state, state.active, player), limits=limits)


def _position(payload: Mapping[str, JSON], key: str) -> int:
    value = payload.get(key)
    for index, position in enumerate(POSITIONS):
        if value == position.value:
            return index
    raise IllegalAction(f"'{key}' must be left, centre or right.", f"payload.{key}")


def _escape(state: AzrahState, action: Action) -> AzrahState:
    """Once per turn an injured front-row ally that used no ability this turn escapes; a
    Frozen one cannot. An effect forces an escape at once, whatever stands in its way, and
    the Guardian loses its attached cards then (Moving and Escaping, FAQ)."""
    forced: bool = payload_value(action.payload, "forced", bool, False)
    seat = _seat(state, action, forced)
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "escape")
    if guardian.leaving is not None:
        raise IllegalAction(f"{name} is already escaping.", "payload.guardian")
    limits = state.limits
    if forced:
        player, _ = _strip(player, guardian)
        guardian = player.guardian(name)
        player = player.with_guardian(replace(guardian, leaving=FORCED))
        return replace(_set_player(state, seat, player), limits=limits)
    _require_active(state, action, "have an ally escape")
    _require_phase(state, ACTION, "have an ally escape")
    if not guardian.injured:
        raise IllegalAction(
            f"{name} is uninjured: only an injured ally can escape (Moving and Escaping).",
            "payload.guardian",
        )
    if guardian.used_ability:
        raise IllegalAction(
            f"{name} used an ability this turn and cannot escape too (Moving and Escaping).",
            "payload.guardian",
        )
    if guardian.statuses.has(FROZEN):
        raise IllegalAction(
            f"{name} is Frozen and cannot escape (Important Keywords).", "payload.guardian"
        )
    limits = limits.use("escape", "An ally has already escaped this turn (Anatomy of a Turn B.3).")
    player = player.with_guardian(replace(guardian, leaving=VOLUNTARY))
    return replace(_set_player(state, seat, player), limits=limits)


def _strip(player: PlayerState, guardian: GuardianState) -> tuple[PlayerState, int]:
    """Attached Mana back to the pile; Curses, Items and Transformation back to the shared
    pile (Transformations, Curses and Items)."""
    returned = guardian.mana
    player = replace(player, mana_pool=player.mana_pool.add(returned))
    return player.with_guardian(guardian.stripped()), returned


def _swap(state: AzrahState, action: Action) -> AzrahState:
    """An escaping or defeated front-row Guardian changes places with a back-row one. The
    active player swaps in the End phase, up to two (C.1); a Guardian defeated or forced to
    escape may be swapped out by its controller at once (R51). A Guardian defeated this
    turn cannot re-enter (Dealing Damage and Defeating Enemies)."""
    seat = _seat(state, action, False)
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    replacement_name: str = payload_value(action.payload, "replacement", str)
    guardian = _front_guardian(state, seat, name, action.by, "be swapped out")
    if guardian.leaving is None:
        raise IllegalAction(
            f"{name} is neither escaping nor defeated, so it stays (Anatomy of a Turn C.1).",
            "payload.guardian",
        )
    if action.by != seat:
        _named(state, seat, replacement_name, action.by, "payload.replacement")
    if replacement_name not in player.back:
        raise IllegalAction(
            f"{replacement_name} is not in {player.name}'s back row.", "payload.replacement"
        )
    replacement = player.guardian(replacement_name)
    if replacement.defeated_this_turn:
        raise IllegalAction(
            f"{replacement_name} was defeated this turn and cannot re-enter the front row "
            "until a later turn (Dealing Damage and Defeating Enemies).",
            "payload.replacement",
        )
    end_swaps = state.end_swaps
    in_end = seat == state.active and state.clock.phase.name == END
    if guardian.leaving == VOLUNTARY and not in_end:
        raise IllegalAction(
            f"{name} escapes at the end of the turn: swap it in the End phase "
            "(Moving and Escaping).",
            "type",
        )
    if in_end:
        if end_swaps >= 2:
            raise IllegalAction(
                "Up to two allies are swapped in the End phase (Anatomy of a Turn C.1).",
                "payload.guardian",
            )
        end_swaps += 1
    player, _ = _strip(player, guardian)
    leaving = replace(player.guardian(name), leaving=None)
    entering = replace(replacement, revealed=True)
    front = tuple(replacement_name if n == name else n for n in player.front)
    back = tuple(name if n == replacement_name else n for n in player.back)
    player = replace(player, front=(front[0], front[1], front[2]), back=back)
    player = player.with_guardian(leaving).with_guardian(entering)
    state = _set_player(state, seat, player)
    entered = state.entered
    if in_end:
        entered = (*entered, replacement_name)
    return replace(state, end_swaps=end_swaps, entered=entered)


def _order_emergence(state: AzrahState, action: Action) -> AzrahState:
    """The active player orders the emergence abilities of the allies that entered (C.2)."""
    _require_active(state, action, "order emergence abilities")
    _require_phase(state, END, "order emergence abilities")
    order = action.payload.get("order")
    if not isinstance(order, list) or not all(isinstance(n, str) for n in order):
        raise IllegalAction("'order' must be a list of Guardian names.", "payload.order")
    if sorted(order) != sorted(state.entered) or len(state.entered) < 2:
        raise IllegalAction(
            "The order must name each ally that entered the front row this End phase once "
            f"({', '.join(state.entered) or 'none yet'}), and is needed only for two or "
            "more (Anatomy of a Turn C.2).",
            "payload.order",
        )
    return replace(state, emergence_order=tuple(order))


def _target(state: AzrahState, action: Action) -> tuple[int, PlayerState, GuardianState]:
    """The Guardian an effect targets. An enemy must be in the front row (FAQ); a face-down
    one is refused as a name nobody has (R53)."""
    seat = _seat(state, action, True)
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _named(state, seat, name, action.by)
    if action.by is not None and action.by != seat and not player.in_front(name):
        raise IllegalAction(
            f"{name} is in {player.name}'s back row: only enemies in the front row can be "
            "targeted (Frequently Asked Questions).",
            "payload.guardian",
        )
    return seat, player, guardian


def _deal_damage(state: AzrahState, action: Action) -> AzrahState:
    """Damage accumulates; an Immune Guardian takes none (Important Keywords)."""
    seat, player, guardian = _target(state, action)
    amount = _amount(action.payload)
    if guardian.statuses.has(IMMUNE):
        raise IllegalAction(
            f"{guardian.name} is Immune and cannot be dealt damage (Important Keywords).",
            "payload.guardian",
        )
    if guardian.leaving == DEFEATED:
        raise IllegalAction(f"{guardian.name} is already defeated.", "payload.guardian")
    guardian = replace(guardian, damage=guardian.damage + amount)
    return _check_defeat(state, seat, player.with_guardian(guardian), guardian)


def _check_defeat(
    state: AzrahState, seat: int, player: PlayerState, guardian: GuardianState
) -> AzrahState:
    """A front-row Guardian with damage at or above its hit points is defeated: damage and
    attachments go, it escapes, and its controller loses 1 health; at 0 health that player
    loses (Dealing Damage and Defeating Enemies, How to Win)."""
    if not player.in_front(guardian.name) or guardian.damage < guardian.hit_points:
        return _set_player(state, seat, player)
    player, _ = _strip(player, guardian)
    defeated = replace(
        player.guardian(guardian.name), damage=0, leaving=DEFEATED, defeated_this_turn=True
    )
    player = replace(player.with_guardian(defeated), health=player.health.add(-1))
    state = _set_player(state, seat, player)
    if player.health.value == 0:
        winner = state.players[1 - seat].name
        outcome = state.outcome.eliminate(
            seat, 2, f"{winner} reduced {player.name}'s health to zero (How to Win)."
        )
        state = replace(state, outcome=outcome)
    return state


def _heal(state: AzrahState, action: Action) -> AzrahState:
    seat, player, guardian = _target(state, action)
    amount = _amount(action.payload)
    if not guardian.injured:
        raise IllegalAction(f"{guardian.name} has no damage to heal.", "payload.guardian")
    guardian = replace(guardian, damage=max(0, guardian.damage - amount))
    return _set_player(state, seat, player.with_guardian(guardian))


def _transform(state: AzrahState, action: Action) -> AzrahState:
    """A Transformation on a front-row Guardian replaces its hit points; it may be defeated
    at once if its damage reaches them (Transformations, Curses and Items)."""
    seat, player, guardian = _target(state, action)
    _front_guardian(state, seat, guardian.name, action.by, "transform")
    name: str = payload_value(action.payload, "transformation", str)
    hit_points: int = payload_value(action.payload, "hit_points", int)
    if not 1 <= hit_points <= MAX_HIT_POINTS:
        raise IllegalAction(
            f"A Transformation has at least 1 hit point and at most {MAX_HIT_POINTS}.",
            "payload.hit_points",
        )
    guardian = replace(guardian, transformation=name, transformed_hit_points=hit_points)
    return _check_defeat(state, seat, player.with_guardian(guardian), guardian)


def _attach(kind: str) -> Handler:
    def attach(state: AzrahState, action: Action) -> AzrahState:
        seat, player, guardian = _target(state, action)
        _front_guardian(state, seat, guardian.name, action.by, f"have a {kind} attached")
        card: str = payload_value(action.payload, "card", str)
        if kind == "Curse":
            guardian = replace(guardian, curses=(*guardian.curses, card))
        else:
            guardian = replace(guardian, items=(*guardian.items, card))
        return _set_player(state, seat, player.with_guardian(guardian))

    attach.__doc__ = f"Attach a {kind} to a front-row Guardian (Transformations, Curses and Items)."
    return attach


def _detach(state: AzrahState, action: Action) -> AzrahState:
    seat, player, guardian = _target(state, action)
    card: str = payload_value(action.payload, "card", str)
    if card in guardian.curses:
        curses = list(guardian.curses)
        curses.remove(card)
        guardian = replace(guardian, curses=tuple(curses))
    elif card in guardian.items:
        items = list(guardian.items)
        items.remove(card)
        guardian = replace(guardian, items=tuple(items))
    else:
        raise IllegalAction(f"{guardian.name} has no {card} attached.", "payload.card")
    return _set_player(state, seat, player.with_guardian(guardian))


def _status_name(action: Action) -> str:
    status: str = payload_value(action.payload, "status", str)
    if status not in STATUSES:
        raise IllegalAction("The status must be frozen or immune.", "payload.status")
    return status


def _apply_status(state: AzrahState, action: Action) -> AzrahState:
    seat, player, guardian = _target(state, action)
    status = _status_name(action)
    turns: int | None = payload_value(action.payload, "turns", int, None)
    if turns is not None and not 1 <= turns <= MAX_TURNS:
        raise IllegalAction(f"A status lasts 1 to {MAX_TURNS} turns.", "payload.turns")
    guardian = replace(guardian, statuses=guardian.statuses.add(status, turns))
    return _set_player(state, seat, player.with_guardian(guardian))


def _remove_status(state: AzrahState, action: Action) -> AzrahState:
    seat, player, guardian = _target(state, action)
    status = _status_name(action)
    if not guardian.statuses.has(status):
        raise IllegalAction(f"{guardian.name} is not {status}.", "payload.status")
    guardian = replace(guardian, statuses=guardian.statuses.remove(status))
    return _set_player(state, seat, player.with_guardian(guardian))


def _end_phase(state: AzrahState, action: Action) -> AzrahState:
    """Finish the phase. Recovery needs its two Mana attached (A.2) unless the pile is
    empty; the End phase needs each escaping ally swapped out while a back-row ally can
    enter and fewer than two swaps were made (C.1). Then the next turn begins: once-per-turn
    limits reset, counted statuses lose a turn, and the new active player recovers."""
    _require_active(state, action, "end the phase")
    phase = state.clock.phase.name
    player = state.players[state.active]
    if phase == RECOVERY:
        missing = RECOVERY_MANA - state.recovery_mana
        if missing > 0 and player.mana_pool.value > 0:
            raise IllegalAction(
                f"Attach {missing} more Mana to front-row allies first (Anatomy of a Turn A.2).",
                "type",
            )
        return replace(state, clock=state.clock.next_phase())
    if phase == ACTION:
        return replace(state, clock=state.clock.next_phase(), end_swaps=0, entered=())
    ready = [n for n in player.back if not player.guardian(n).defeated_this_turn]
    waiting = [n for n in player.front if player.guardian(n).leaving is not None]
    if waiting and ready and state.end_swaps < 2:
        raise IllegalAction(
            f"Swap {', '.join(waiting)} with a back-row ally first (Anatomy of a Turn C.1).",
            "type",
        )
    if len(state.entered) > 1 and not state.emergence_order:
        raise IllegalAction(
            "Choose the order of the emergence abilities of "
            f"{', '.join(state.entered)} first (Anatomy of a Turn C.2).",
            "type",
        )
    players = tuple(_next_turn_player(p) for p in state.players)
    state = replace(
        state,
        players=(players[0], players[1]),
        clock=state.clock.next_phase(),
        limits=state.limits.reset(),
        recovery_mana=0,
        end_swaps=0,
        entered=(),
        emergence_order=(),
    )
    return _begin_turn(state)


def _next_turn_player(player: PlayerState) -> PlayerState:
    guardians = tuple(
        replace(
            g,
            used_ability=False,
            defeated_this_turn=False,
            leaving=g.leaving if g.leaving != VOLUNTARY else None,
            statuses=g.statuses.tick(),
        )
        for g in player.guardians
    )
    return replace(player, guardians=guardians)


_HANDLERS: dict[str, Handler] = {
    "attach_mana": _attach_mana,
    "use_ability": _use_ability,
    "move": _move,
    "escape": _escape,
    "swap": _swap,
    "order_emergence": _order_emergence,
    "deal_damage": _deal_damage,
    "heal": _heal,
    "transform": _transform,
    "attach_curse": _attach("Curse"),
    "attach_item": _attach("Item"),
    "detach": _detach,
    "apply_status": _apply_status,
    "remove_status": _remove_status,
    "end_phase": _end_phase,
}

AZRAH = AzrahSystem()
