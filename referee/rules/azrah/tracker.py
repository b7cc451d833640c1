"""The AZRAH: War of Heralds table tracker, built on the tracker core.

Sections cited are the rulebook's headings: Game Setup, Mana and Celestial Gems, Dealing
Damage and Defeating Enemies, Moving and Escaping, Transformations Curses and Items,
Anatomy of a Turn (A Recovery, B Action, C End) and Important Keywords.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from referee.rules.azrah.cards import (
    MAX_TARGETS,
    Guardian,
    GuardianAbility,
    Party,
    Position,
    in_range,
)
from referee.rules.azrah.example import EXAMPLE_CARDS
from referee.rules.azrah.roster import BACK_ROW, CELESTIAL_GEMS, FRONT_ROW, MANA_CARDS
from referee.rules.checks import Problems, add_problem, check_whole
from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
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
from referee.rules.tracker import decide_first_player as decide_first_player  # Game Setup; R109

STARTING_HEALTH = 3
MAX_NAME = 120
MAX_HIT_POINTS = 99
MAX_AMOUNT = 99  # damage or healing at once
MAX_TURNS = 99  # a counted status
RECOVERY_MANA = 2
RECOVERY, ACTION, END = "Recovery", "Action", "End"
GAIN_GEM = "gain a Celestial Gem"  # the Recovery step skipped on the game's first turn (Z1)
PHASES = (
    Phase(RECOVERY, ("heal back row", "attach 2 Mana", GAIN_GEM)),
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
# what an ability's effect may do, recorded as part of resolving it
EFFECT_TYPES = (
    "deal_damage",
    "heal",
    "attach_mana",
    "attach_curse",
    "attach_item",
    "detach",
    "apply_status",
    "remove_status",
    "escape",
    "transform",
)
MAX_EFFECTS = 20
# what an effect recorded outside a resolution is (R115): an attached Curse's or Item's own
# effect, which the app does not model, or a correction of the board
CAUSES = {"card": "an attached card's effect", "correction": "a correction"}
OUTSIDE_TYPES = (*(t for t in EFFECT_TYPES if t not in ("attach_mana", "escape")),)
CAUSE_HELP = "card effect or correction"  # what it is, not being an ability's (R115)
# entries that can name only a Guardian in the front row, so face up when recorded (R52):
# their history lines name it to everyone
FACE_UP = frozenset(
    {"use_ability", "emerge", "escape", "attach_mana", "transform", "attach_curse", "attach_item"}
)
# what play waits for before anything else is done
SWAP, RESPOND, RESOLVE, EMERGE = "swap", "respond", "resolve", "emerge"


Handler = Callable[["AzrahState", Action], "AzrahState"]


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """A player's name, starting party (front left, centre, right; back two) and the
    total hit points of each of its Guardians (from the catalog)."""

    name: str
    front: tuple[str, str, str]
    back: tuple[str, str]
    hit_points: Mapping[str, int]
    cards: tuple[Guardian, ...] = ()  # the party's cards as printed, when the setup has them

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
    transformations: tuple[Guardian, ...] = ()  # the shared pile's Transformation cards


@dataclass(frozen=True, slots=True)
class Activation:
    """An ability activated and not yet resolved, on the stack (Activating and Resolving
    Abilities): whose, which Guardian's, the targets announced, and what its card says."""

    seat: int
    guardian: str
    ability: str
    emergence: bool = False
    targets: tuple[str, ...] = ()
    target_enemy: bool = False
    quick: bool = False
    text: str = ""


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
    cards: tuple[Guardian, ...] = ()

    def card(self, name: str) -> Guardian | None:
        """The Guardian card of ``name`` as printed, when the setup carries it."""
        return next((card for card in self.cards if card.name == name), None)

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
    transformations: tuple[Guardian, ...] = ()
    stack: tuple[Activation, ...] = ()  # activated, not yet resolved; newest last
    responder: int | None = None  # the seat that may answer the newest activation now
    emerging: tuple[tuple[int, str], ...] = ()  # entered at once (R101), emergence to come
    emerged: tuple[str, ...] = ()  # End-phase entrants whose emergence was activated
    left_end: tuple[str, ...] = ()  # active allies that left the front row this End phase

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
    table_knows_secrets = False  # R53: the table's device never learns a face-down card
    action_types = (
        ActionType(
            "attach_mana",
            "Attach Mana from the resource pile to a front-row ally (Recovery: two in all). "
            "An ability's Mana is recorded by resolving it; effect with a cause records Mana "
            "given otherwise (R115).",
            (
                PayloadField("guardian", "str", "the ally"),
                PayloadField("amount", "int", "Mana cards, default 1", False),
                PayloadField("effect", "bool", "given by an ability's effect", False),
                PayloadField("cause", "str", CAUSE_HELP, False),
            ),
        ),
        ActionType(
            "use_ability",
            "A front-row ally activates an ability its card prints, paying the printed cost "
            "from its attached Mana and the player's Gems; it goes on the stack.",
            (
                PayloadField("guardian", "str", "the ally"),
                PayloadField("ability", "str", "the ability's name, as printed", False),
                PayloadField("targets", "list[name]", "the front-row enemies targeted", False),
                PayloadField("mana", "int", "Mana in the cost (the printed one)", False),
                PayloadField("gems", "int", "Celestial Gems in the cost (the printed one)", False),
                PayloadField("quick", "bool", "a quick ability", False),
            ),
        ),
        ActionType(
            "no_response",
            "The player asked to answer the newest ability declines: the stack resolves.",
        ),
        ActionType(
            "resolve",
            "The newest ability on the stack resolves, with every effect it applies: "
            "several in effects, or one given flat (effect, seat, guardian and its fields).",
            (
                PayloadField(
                    "effects",
                    "json",
                    "each {type, payload}: deal_damage, heal, attach_mana, attach_curse, "
                    "attach_item, detach, apply_status, remove_status, escape, transform",
                    False,
                ),
                PayloadField("effect", "str", "one effect's type, its fields given flat", False),
                PayloadField("seat", "int", "the effect's Guardian's controller", False),
                PayloadField("guardian", "str", "the effect's Guardian", False),
                PayloadField("amount", "int", "damage or healing", False),
                PayloadField("status", "str", "frozen or immune", False),
                PayloadField("turns", "int", "turns the status lasts", False),
            ),
        ),
        ActionType(
            "emerge",
            "An ally that entered the front row activates its emergence ability.",
            (
                PayloadField("guardian", "str", "the ally"),
                PayloadField("targets", "list[name]", "the front-row enemies targeted", False),
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
                PayloadField("cause", "str", CAUSE_HELP, False),
            ),
        ),
        ActionType(
            "swap",
            "An escaping or defeated front-row Guardian changes places with a back-row one.",
            (
                PayloadField("guardian", "str", "the Guardian leaving the front row"),
                PayloadField("replacement", "str", "the back-row Guardian entering", False),
                PayloadField(
                    "place",
                    "int",
                    "the back-row card entering, by its place (1 or 2)",
                    False,
                ),
            ),
        ),
        ActionType(
            "order_emergence",
            "The order in which the allies that entered resolve their emergence abilities.",
            (PayloadField("order", "list[str]", "the entering allies, first to resolve first"),),
        ),
        ActionType(
            "deal_damage",
            "Deal damage to a Guardian outside an ability's resolution (R115); a front-row "
            "Guardian is defeated at its hit points.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("amount", "int", "damage"),
                PayloadField("cause", "str", CAUSE_HELP, False),
            ),
        ),
        ActionType(
            "heal",
            "Remove damage from a Guardian outside an ability's resolution (R115).",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("amount", "int", "damage healed"),
                PayloadField("cause", "str", CAUSE_HELP, False),
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
                PayloadField("hit_points", "int", "the Transformation's total hit points", False),
                PayloadField("cause", "str", CAUSE_HELP, False),
            ),
        ),
        ActionType(
            "attach_curse",
            "Attach a Curse card to a front-row Guardian.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("card", "str", "the Curse"),
                PayloadField("cause", "str", CAUSE_HELP, False),
            ),
        ),
        ActionType(
            "attach_item",
            "Attach an Item card to a front-row Guardian.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("card", "str", "the Item"),
                PayloadField("cause", "str", CAUSE_HELP, False),
            ),
        ),
        ActionType(
            "detach",
            "Return a Curse or Item from a Guardian to the shared pile.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("card", "str", "the Curse or Item"),
                PayloadField("cause", "str", CAUSE_HELP, False),
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
                PayloadField("cause", "str", CAUSE_HELP, False),
            ),
        ),
        ActionType(
            "remove_status",
            "End a Frozen or Immune status.",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("guardian", "str", "the Guardian"),
                PayloadField("status", "str", "frozen or immune"),
                PayloadField("cause", "str", CAUSE_HELP, False),
            ),
        ),
        ActionType("end_phase", "Finish the current phase; after End the next turn begins."),
    )

    def setup_from_json(self, data: Mapping[str, JSON]) -> AzrahSetup:
        """``{"first_player": 0 or 1, "players": [two {"name", "front": [3 names],
        "back": [2 names], "hit_points": {name: total}, "cards": [each one as printed]}],
        "transformations": [the shared pile's]}``. Cards are read when given; a new game
        must give each Guardian's (``check_new_setup``), a stored one may not (R114)."""
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
        transformations = _cards_json(problems, "transformations", data.get("transformations"))
        if problems:
            raise InvalidInput(problems)
        setup = AzrahSetup(
            (seats[0], seats[1]), first_player=int(first), transformations=transformations
        )
        try:
            self.initial_state(setup)
        except IllegalAction as error:
            raise InvalidInput({error.field or "players": [error.message]}) from None
        return setup

    def setup_to_json(self, setup: AzrahSetup) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "first_player": setup.first_player,
            "players": [
                {
                    "name": seat.name,
                    "front": list(seat.front),
                    "back": list(seat.back),
                    "hit_points": dict(seat.hit_points),
                    **({"cards": [card_to_json(c) for c in seat.cards]} if seat.cards else {}),
                }
                for seat in setup.players
            ],
        }
        if setup.transformations:
            data["transformations"] = [card_to_json(c) for c in setup.transformations]
        return data

    def seat_names(self, setup: AzrahSetup) -> tuple[str, ...]:
        return tuple(seat.name for seat in setup.players)

    def describe(
        self, action: Action, setup: AzrahSetup | None = None, viewer: int | None = None
    ) -> str:
        """A history line in words: "Ana: Ben's Bard takes 3 damage". A Guardian is named
        to ``viewer`` once it is face up (R52). An entry that can name only a front-row
        Guardian (its ability, emergence or escape, an ability's targets: ``FACE_UP``) was
        recorded while it was face up, so it names it to everyone. Elsewhere one that began
        in another player's back row is "one of Ben's Guardians" to them, as is a name the
        payload leaves out (None): without the state there is no telling whether it has
        been seen since; without the setup every Guardian of another player is."""
        p = action.payload
        names = self.seat_names(setup) if setup is not None else ("Seat 0", "Seat 1")

        def player(seat: object) -> str:
            index = _as_seat(seat)
            return names[index] if index is not None else "the host"

        who = player(action.by) if action.by is not None else "The table"
        owner = _as_seat(p.get("seat", action.by))

        def unnamed(seat: int | None, name: object, face_up: bool = False) -> bool:
            """Whether ``seat``'s ``name`` is not named to the viewer."""
            if seat is None or seat == viewer:
                return False
            if name is None:
                return True
            return not face_up and (setup is None or name in setup.players[seat].back)

        def shown(name: object, face_up: bool = False) -> str:
            if unnamed(owner, name, face_up):
                return f"one of {player(owner)}'s Guardians"
            return str(name)

        def entering(name: object) -> str:
            """A Guardian from the back row (only its controller may say which)."""
            return "a back-row Guardian" if owner is None else shown(name)

        # the Guardian a swap sends out is in the front row too (C.1)
        face_up = action.type in FACE_UP or action.type == "swap"
        guardian = shown(p.get("guardian"), face_up)
        hidden = unnamed(owner, p.get("guardian"), face_up)
        if "seat" in p and not hidden:
            guardian = f"{player(owner)}'s {guardian}"

        def of(noun: str) -> str:
            """``guardian``'s ``noun``: "Bard's emergence ability", or "the emergence
            ability of one of Ben's Guardians" (never "Guardians's")."""
            return f"the {noun} of {guardian}" if hidden else f"{guardian}'s {noun}"

        amount = p.get("amount", 1)
        enemy = 1 - owner if owner is not None else None
        targets = p.get("targets") if isinstance(p.get("targets"), list) else []
        aimed = ""
        if targets and enemy is not None and setup is not None:
            # a target is a front-row enemy (R100): face up when it was announced
            aimed = " on " + ", ".join(
                f"one of {player(enemy)}'s Guardians"
                if t is None and enemy != viewer
                else f"{player(enemy)}'s {t}"
                for t in targets
            )
        if action.type == "resolve":
            return f"{who}: " + self._resolution(action, setup, viewer)
        order: list[JSON] = p["order"] if isinstance(p.get("order"), list) else []
        lines = {
            "attach_mana": f"attaches Mana to {guardian}",
            "use_ability": f"{guardian} uses {p.get('ability') or 'an ability'}{aimed}"
            + (
                f" ({p.get('mana', 0)} Mana, {p.get('gems', 0)} Gems)"
                if p.get("mana") or p.get("gems")
                else ""
            ),
            "no_response": "no response",
            "emerge": f"{of('emergence ability')}{aimed}",
            "move": f"moves {p.get('left')} and {p.get('right')}",
            "escape": f"{guardian} escapes",
            "swap": f"swaps {guardian} for "
            + (
                entering(p.get("replacement"))
                if "replacement" in p
                else f"back-row card {p.get('place')}"
            ),
            "order_emergence": "orders emergence: " + ", ".join(entering(n) for n in order),
            "deal_damage": f"{guardian} takes {amount} damage",
            "heal": f"{guardian} heals {amount}",
            "transform": f"{guardian} transforms into {p.get('transformation')}",
            "attach_curse": f"attaches the Curse {p.get('card')} to {guardian}",
            "attach_item": f"attaches the Item {p.get('card')} to {guardian}",
            "detach": f"returns {p.get('card')} from {guardian}",
            "apply_status": f"{guardian} is {p.get('status')}"
            + (f" for {_turns(p.get('turns'))}" if p.get("turns") else ""),
            "remove_status": f"{guardian} is no longer {p.get('status')}",
            "end_phase": "ends the phase",
        }
        line = lines.get(action.type) or action.type.replace("_", " ")
        cause = p.get("cause")
        if isinstance(cause, str) and cause in CAUSES:
            line += f" ({CAUSES[cause]})"  # not an ability's: R115
        return f"{who}: {line}"

    def _resolution(self, action: Action, setup: AzrahSetup | None, viewer: int | None) -> str:
        """A resolution's line: the ability resolves, then each effect it applied."""
        p = action.payload
        effects: list[JSON] = p["effects"] if isinstance(p.get("effects"), list) else []
        if "effect" in p:
            flat = {k: v for k, v in p.items() if k not in ("effect", "effects")}
            effects = [{"type": p["effect"], "payload": flat}]
        parts = []
        for effect in effects:
            if not isinstance(effect, Mapping) or not isinstance(effect.get("payload"), Mapping):
                continue
            body = effect["payload"]
            assert isinstance(body, Mapping)
            line = self.describe(
                Action(action.seq, str(effect.get("type")), action.by, dict(body)), setup, viewer
            )
            parts.append(line.split(": ", 1)[-1])
        return "resolves the newest ability" + (": " + "; ".join(parts) if parts else "")

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
        if isinstance(p.get("targets"), list) and owner is not None:
            enemy = state.players[1 - owner]
            p["targets"] = [
                t if 1 - owner == viewer or not isinstance(t, str) or _face_up(enemy, t) else None
                for t in p["targets"]
            ]
        if action.type == "resolve" and isinstance(p.get("effects"), list):
            p["effects"] = [
                {
                    "type": e.get("type"),
                    "payload": self.visible_payload(
                        Action(action.seq, str(e.get("type")), action.by, e["payload"]),
                        state,
                        viewer,
                    ),
                }
                if isinstance(e, Mapping) and isinstance(e.get("payload"), Mapping)
                else e
                for e in p["effects"]
            ]
        return p

    def commutes(self, seen: AzrahState, recorded: Action, pending: Action) -> bool:
        """Two of the active player's End-phase swaps are made together (C.1, R116): sent
        from two devices (the seat's tablet naming the entering card, the table's device
        giving its back-row place, R111) against ``seen``, each is recorded whatever the
        other did when they send out different Guardians and bring in cards from different
        places. Only while ``seen`` has made none of the phase's two, nothing waits but a
        swap, and the player's health is above two: two entering Guardians defeated at once
        (R102) could then end the game in one order and not the other.

        Decided from the public part of ``seen``: the front row, who is leaving, the places
        given; a named entering card counts by the place it lies in, which its sender, the
        seat, knows, and which is public once that swap is recorded (the card is face up,
        the Guardian it replaced lies there). A name sent by anyone else for a face-down
        card never commutes, whatever the back row holds, so the answer tells them
        nothing."""
        if recorded.type != "swap" or pending.type != "swap":
            return False
        seat = seen.active
        if not end_swaps_open(seen) or seen.end_swaps != 0 or seen.stack:
            return False
        wait = waiting(seen)
        if wait is not None and (wait[0], wait[1]) != (seat, SWAP):
            return False
        if seen.players[seat].health.value <= 2:
            return False
        first = _swap_touches(seen, seat, recorded, recorded=True)
        second = _swap_touches(seen, seat, pending, recorded=False)
        if first is None or second is None:
            return False
        return first[0] != second[0] and first[1] != second[1]

    def legal_actions(self, state: AzrahState, seat: int) -> tuple[LegalAction, ...]:
        """Every action ``seat`` may take now (see ``referee.rules.azrah.legal``)."""
        from referee.rules.azrah.legal import legal_actions

        return legal_actions(state, seat)

    def table_actions(self, state: AzrahState, seat: int) -> tuple[LegalAction, ...]:
        """What the table's shared device may do for ``seat``: nothing that names a
        face-down Guardian; a swap picks the entering card by its back-row place (R53,
        R111)."""
        from referee.rules.azrah.legal import legal_actions

        return legal_actions(state, seat, table=True)

    def example_setup(self) -> dict[str, JSON]:
        """Two parties of the starter catalog's Guardians, each with its card as printed (as
        a game from saved rosters carries them), Ana playing first."""
        return {
            "first_player": 0,
            "players": [
                {
                    "name": name,
                    "front": list(front),
                    "back": list(back),
                    "hit_points": {g: EXAMPLE_HIT_POINTS[g] for g in (*front, *back)},
                    "cards": [copy.deepcopy(EXAMPLE_CARDS[g]) for g in (*front, *back)],
                }
                for name, front, back in EXAMPLE_PARTIES
            ],
        }

    def check_new_setup(self, setup: AzrahSetup) -> None:
        """A new game carries each party Guardian's card as printed, so every ability is
        checked against it (Anatomy of a Card). A game stored before setups carried cards is
        not new: it replays as recorded (R114)."""
        problems: Problems = {}
        for index, seat in enumerate(setup.players):
            carried = {card.name for card in seat.cards}
            for name in (*seat.front, *seat.back):
                if name not in carried:
                    add_problem(
                        problems,
                        f"players.{index}.cards",
                        f"{seat.name}'s setup carries no card for {name}: a new game needs "
                        "each Guardian's card as printed (Anatomy of a Card).",
                    )
        if problems:
            raise InvalidInput(problems)

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
        return _begin_turn(AzrahState(players, clock, transformations=setup.transformations))

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
        _gate(state, action)
        _check_cause(action)
        return _pass_over(handler(state, action))

    def view(self, state: AzrahState, viewer: int | None) -> dict[str, JSON]:
        """Everything but the face-down back row of the other player (R52)."""
        return {
            "turn": state.clock.turn,
            "round": state.clock.round,
            "active_seat": state.active,
            "phase": state.clock.phase.name,
            "checklist": _checklist(state),
            "moved": "move" in state.limits.used,
            "escaped": "escape" in state.limits.used,
            "recovery_mana": state.recovery_mana,
            "emergence_order": list(state.emergence_order),
            "notes": _notes(state),
            "winner": state.outcome.winner,
            "reason": state.outcome.reason,
            "players": [_player_view(state, seat, seat == viewer) for seat in (0, 1)],
            "stack": [_activation_view(state, a) for a in state.stack],
            "responder": state.responder if state.stack else None,
            "waiting": _waiting_view(state),
        }


def _swap_touches(
    seen: AzrahState, seat: int, action: Action, recorded: bool
) -> tuple[str, int] | None:
    """The Guardian an End-phase swap of ``seat``'s sends out and the back-row place of the
    card it brings in (1 or 2), as public knowledge gives them; None when it is not such a
    swap or the place is not known publicly (``commutes``)."""
    payload = action.payload
    player = seen.players[seat]
    name = payload.get("guardian")
    if action.by not in (seat, None) or not isinstance(name, str) or name not in player.front:
        return None
    if player.guardian(name).leaving is None or ("place" in payload) == ("replacement" in payload):
        return None
    place = payload.get("place")
    if "replacement" in payload:
        entering = payload.get("replacement")
        if not isinstance(entering, str) or entering not in player.back:
            return None
        known = recorded or action.by == seat or player.guardian(entering).revealed
        place = player.back.index(entering) + 1 if known else None
    if not isinstance(place, int) or isinstance(place, bool) or not 1 <= place <= len(player.back):
        return None
    return name, place


def _activation_view(state: AzrahState, activation: Activation) -> dict[str, JSON]:
    return {
        "seat": activation.seat,
        "player": state.players[activation.seat].name,
        "guardian": activation.guardian,
        "ability": activation.ability,
        "emergence": activation.emergence,
        "quick": activation.quick,
        "targets": list(activation.targets),
        "text": activation.text,
    }


def _waiting_view(state: AzrahState) -> dict[str, JSON] | None:
    """What play waits for, in words (every Guardian named in it is face up)."""
    wait = waiting(state)
    if wait is None:
        return None
    return {"seat": wait[0], "kind": wait[1], "guardian": wait[2], "text": _wait_words(state, wait)}


def _checklist(state: AzrahState) -> list[str]:
    """The phase's steps in words; on the game's very first turn the Celestial Gem step says
    it is skipped (A.3, Z1)."""
    skipped = f"{GAIN_GEM}: skipped on the game's first turn (Z1)"
    return [
        skipped if step == GAIN_GEM and state.clock.turn == 1 else step
        for step in state.clock.phase.checklist
    ]


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
    cards = tuple(card for card in player.cards if card.name not in hidden)
    return replace(player, back=back, guardians=guardians, cards=cards)


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
    cards = _cards_json(problems, f"{path}.cards", data.get("cards"), points)
    party = set(front) | set(back)
    for index, card in enumerate(cards):
        if card.name not in party:
            add_problem(
                problems, f"{path}.cards.{index}.name", f"{card.name!r} is not in the party."
            )
    if not isinstance(name, str) or len(front) != FRONT_ROW or len(back) != BACK_ROW:
        return None
    return SeatSetup(
        name.strip(), (front[0], front[1], front[2]), (back[0], back[1]), points, cards
    )


MAX_CARDS = 60
MAX_ABILITIES = 6
MAX_TEXT = 2000
MAX_COST = 10


def ability_to_json(ability: GuardianAbility) -> dict[str, JSON]:
    return {
        "name": ability.name,
        "mana": ability.mana,
        "gems": ability.gems,
        "quick": ability.quick,
        "target_enemy": ability.target_enemy,
        **({"targets": ability.targets} if ability.target_enemy else {}),
        "text": ability.text,
    }


def card_to_json(card: Guardian) -> dict[str, JSON]:
    """A card as the setup carries it (a Transformation names its base form and hit points;
    a party Guardian's hit points are the setup's)."""
    data: dict[str, JSON] = {
        "name": card.name,
        "range_arrows": [arrow.value for arrow in card.range_arrows],
        "emergence": ability_to_json(card.emergence) if card.emergence else None,
        "abilities": [ability_to_json(a) for a in card.abilities],
    }
    if card.base_form is not None:
        data["base_form"] = card.base_form
        data["hit_points"] = card.hit_points
    return data


def _ability_json(problems: Problems, path: str, data: object) -> GuardianAbility | None:
    if not isinstance(data, Mapping):
        add_problem(
            problems, path, "An ability is {name, mana, gems, quick, target_enemy, targets, text}."
        )
        return None
    name = data.get("name")
    ok = True
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        add_problem(problems, f"{path}.name", f"An ability's name is 1 to {MAX_NAME} characters.")
        ok = False
    costs = {}
    for key in ("mana", "gems"):
        costs[key] = data.get(key, 0)
        check_whole(problems, f"{path}.{key}", costs[key], 0, MAX_COST, f"The {key} cost")
        ok = ok and isinstance(costs[key], int) and not isinstance(costs[key], bool)
    flags = {}
    for key in ("quick", "target_enemy"):
        flags[key] = data.get(key, False)
        if not isinstance(flags[key], bool):
            add_problem(problems, f"{path}.{key}", f"'{key}' is true or false.")
            ok = False
    targets = data.get("targets", 1)
    check_whole(problems, f"{path}.targets", targets, 1, MAX_TARGETS, "The number of targets")
    if not isinstance(targets, int) or isinstance(targets, bool):
        ok = False
    elif targets != 1 and flags.get("target_enemy") is False:
        add_problem(
            problems,
            f"{path}.targets",
            'Only an ability that says "target enemy" announces targets (R112).',
        )
        ok = False
    text = data.get("text", "")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        add_problem(
            problems, f"{path}.text", f"An ability's text is at most {MAX_TEXT} characters."
        )
        ok = False
    if not ok or not isinstance(name, str) or not isinstance(text, str):
        return None
    return GuardianAbility(
        name.strip(),
        int(costs["mana"]),
        int(costs["gems"]),
        text,
        quick=bool(flags["quick"]),
        target_enemy=bool(flags["target_enemy"]),
        targets=int(targets),
    )


def _cards_json(
    problems: Problems, path: str, data: object, hit_points: Mapping[str, int] | None = None
) -> tuple[Guardian, ...]:
    """Cards as printed: for a party (``hit_points`` given, names from it) or the shared
    pile's Transformations (each naming its ``base_form`` and ``hit_points``)."""
    if data is None:
        return ()
    if not isinstance(data, list) or len(data) > MAX_CARDS:
        add_problem(problems, path, f"Cards are a list of at most {MAX_CARDS}.")
        return ()
    cards: list[Guardian] = []
    seen: set[str] = set()
    for index, item in enumerate(data):
        where = f"{path}.{index}"
        if not isinstance(item, Mapping):
            add_problem(problems, where, "A card is {name, range_arrows, emergence, abilities}.")
            continue
        name = item.get("name")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME or name in seen:
            add_problem(
                problems, f"{where}.name", "Each card has its own name, 1 to 120 characters."
            )
            continue
        seen.add(name)
        arrows_data = item.get("range_arrows")
        arrows: list[Position] = []
        if not isinstance(arrows_data, list) or not all(
            a in [p.value for p in Position] for a in arrows_data
        ):
            add_problem(problems, f"{where}.range_arrows", "Range arrows are left, centre, right.")
        else:
            arrows = [p for p in Position if p.value in arrows_data]
        emergence = None
        if item.get("emergence") is not None:
            emergence = _ability_json(problems, f"{where}.emergence", item.get("emergence"))
        abilities_data = item.get("abilities", [])
        abilities: list[GuardianAbility] = []
        if not isinstance(abilities_data, list) or len(abilities_data) > MAX_ABILITIES:
            add_problem(problems, f"{where}.abilities", f"At most {MAX_ABILITIES} abilities.")
        else:
            for i, ability_data in enumerate(abilities_data):
                ability = _ability_json(problems, f"{where}.abilities.{i}", ability_data)
                if ability is not None:
                    abilities.append(ability)
        base_form = None
        points = hit_points.get(name, 1) if hit_points is not None else 0
        if hit_points is None:
            base_form = item.get("base_form")
            if not isinstance(base_form, str) or not base_form.strip():
                add_problem(problems, f"{where}.base_form", "A Transformation names its base form.")
                base_form = None
            points = item.get("hit_points")  # type: ignore[assignment]
            check_whole(problems, f"{where}.hit_points", points, 1, MAX_HIT_POINTS, "Hit points")
            if not isinstance(points, int) or isinstance(points, bool):
                continue
        cards.append(
            Guardian(
                id=name,
                name=name,
                hit_points=points,
                range_arrows=tuple(arrows),
                emergence=emergence,
                abilities=tuple(abilities),
                base_form=base_form,
            )
        )
    return tuple(cards)


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
    return PlayerState(seat.name, seat.front, seat.back, tuple(guardians), cards=seat.cards)


def _guardian_view(state: AzrahState, seat: int, guardian: GuardianState) -> dict[str, JSON]:
    card = card_of(state, seat, guardian)
    player = state.players[seat]
    front = guardian.name in player.front
    return {
        "card": None
        if card is None
        else {
            "range_arrows": [arrow.value for arrow in card.range_arrows],
            "emergence": ability_to_json(card.emergence) if card.emergence else None,
            "abilities": [ability_to_json(a) for a in card.abilities],
        },
        "in_range": list(reachable(state, seat, guardian.name)) if front else [],
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


def _player_view(state: AzrahState, seat: int, own: bool) -> dict[str, JSON]:
    player = state.players[seat]
    back: list[JSON] = []
    for name in player.back:
        guardian = player.guardian(name)
        back.append(_guardian_view(state, seat, guardian) if own or guardian.revealed else None)
    return {
        "name": player.name,
        "health": player.health.value,
        "gems": player.gems.value,
        "mana_pool": player.mana_pool.value,
        "front": [_guardian_view(state, seat, player.guardian(name)) for name in player.front],
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
    amount = _amount(action.payload, 1)
    effect: bool = payload_value(action.payload, "effect", bool, False)
    if not effect:
        _require_active(state, action, "attach Mana")
    seat = state.active if action.by is None else action.by
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "hold Mana")
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
    return replace(_set_player(state, seat, player), recovery_mana=recovery_mana)


def _use_ability(state: AzrahState, action: Action) -> AzrahState:
    """An ally activates an ability its card prints, paying the printed cost from the Mana
    attached to it and the player's Gems; a "target enemy" ability announces front-row
    enemies its range arrows point to (Activating and Resolving Abilities, Range Arrows and
    Targeting Enemies, R100). With nothing to answer, only the active player activates, in
    the Action phase; an enemy's ability is answered only with a quick ability (R105). The
    ability goes on the stack and the opponent may answer it. An escaping ally cannot
    (Moving and Escaping). Only a game stored before setups carried cards has a Guardian
    without one; it replays with the name and cost the table gave (R114)."""
    wait = waiting(state)
    responding = wait is not None and wait[1] == RESPOND
    if responding and wait is not None and action.by is None:
        seat = wait[0]
    else:
        seat = state.active if action.by is None else action.by
    if not responding:
        _require_active(state, action, "activate an ability with nothing to answer")
        _require_phase(state, ACTION, "activate an ability with nothing to answer (R105)")
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "activate abilities")
    given_mana: int | None = payload_value(action.payload, "mana", int, None)
    given_gems: int | None = payload_value(action.payload, "gems", int, None)
    for cost, key in ((given_mana, "mana"), (given_gems, "gems")):
        if cost is not None and cost < 0:
            raise IllegalAction("A cost is never negative.", f"payload.{key}")
    quick: bool = payload_value(action.payload, "quick", bool, False)
    if guardian.leaving is not None:
        raise IllegalAction(
            f"{name} is escaping and cannot activate abilities (Moving and Escaping).",
            "payload.guardian",
        )
    card = card_of(state, seat, guardian)
    targets: tuple[str, ...] = ()
    target_enemy = False
    text = ""
    if card is not None:
        ability_name: str = payload_value(action.payload, "ability", str)
        ability = _ability_of(card, ability_name, emergence=False)
        if ability is None:
            printed = ", ".join(a.name for a in card.abilities) or "none"
            raise IllegalAction(
                f"{name} has no ability called {ability_name!r}; its card prints: {printed} "
                "(Anatomy of a Card).",
                "payload.ability",
            )
        for given, printed_cost, key, word in (
            (given_mana, ability.mana, "mana", "Mana"),
            (given_gems, ability.gems, "gems", "Celestial Gems"),
        ):
            if given is not None and given != printed_cost:
                raise IllegalAction(
                    f"{ability.name} costs {printed_cost} {word}, as its card prints, not "
                    f"{given} (Activating and Resolving Abilities).",
                    f"payload.{key}",
                )
        if quick and not ability.quick:
            raise IllegalAction(
                f"{ability.name} is not a quick ability (Activating and Resolving Abilities).",
                "payload.quick",
            )
        quick = ability.quick
        mana, gems = ability.mana, ability.gems
        targets = _announced(state, seat, name, ability, action.payload)
        target_enemy = ability.target_enemy
        text = ability.text
        shown = ability.name
    else:
        mana, gems = given_mana or 0, given_gems or 0
        raw_name = action.payload.get("ability")
        shown = raw_name if isinstance(raw_name, str) and raw_name.strip() else "an ability"
        if action.payload.get("targets"):
            raise IllegalAction(
                f"{name}'s card is not in this game's setup, so its range arrows are unknown.",
                "payload.targets",
            )
    if responding and not quick:
        raise IllegalAction(
            "Only a quick ability answers an enemy's ability (Activating and Resolving Abilities).",
            "payload.ability" if card is not None else "payload.quick",
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
    state = _set_player(state, seat, player)
    activation = Activation(
        seat, name, shown, targets=targets, target_enemy=target_enemy, quick=quick, text=text
    )
    return replace(state, stack=(*state.stack, activation), responder=1 - seat)


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
    """An escaping or defeated front-row Guardian changes places with a back-row one. One
    defeated or forced to escape leaves at once, before anything else is done (R101); one
    that chose to escape waits for the End phase, where the active player swaps up to two,
    all at the same time, so none that left this End phase comes back in it (C.1). A
    Guardian defeated this turn cannot re-enter (Dealing Damage and Defeating Enemies). An
    entering Guardian with damage at or above its hit points is defeated at once (R102)."""
    wait = waiting(state)
    if action.by is None and wait is not None and wait[1] == SWAP:
        seat = wait[0]
    else:
        seat = _seat(state, action, False)
    player = state.players[seat]
    name: str = payload_value(action.payload, "guardian", str)
    guardian = _front_guardian(state, seat, name, action.by, "be swapped out")
    if guardian.leaving is None:
        raise IllegalAction(
            f"{name} is neither escaping nor defeated, so it stays (Anatomy of a Turn C.1).",
            "payload.guardian",
        )
    replacement_name = _entering(player, action.payload)
    if "replacement" in action.payload and action.by != seat:
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
    in_end = seat == state.active and state.clock.phase.name == END
    if in_end and replacement_name in state.left_end:
        raise IllegalAction(
            f"{replacement_name} left the front row in this End phase: its swaps are made "
            "at the same time, so it cannot come back in them (Anatomy of a Turn C.1, R101).",
            "payload.replacement",
        )
    end_swaps = state.end_swaps
    at_once = guardian.leaving in (FORCED, DEFEATED)
    end_open = in_end and not state.emerged and not state.emergence_order
    if not at_once:
        if not in_end:
            raise IllegalAction(
                f"{name} escapes at the end of the turn: swap it in the End phase "
                "(Moving and Escaping).",
                "type",
            )
        if end_swaps >= 2:
            raise IllegalAction(
                "Up to two allies are swapped in the End phase (Anatomy of a Turn C.1).",
                "payload.guardian",
            )
        if not end_open:
            raise IllegalAction(
                "The End phase's swaps are made together, before any emergence ability "
                "(Anatomy of a Turn C.1, C.2).",
                "type",
            )
    counted = end_open and end_swaps < 2  # one of the End phase's simultaneous swaps (C.1)
    if counted:
        end_swaps += 1
    player, _ = _strip(player, guardian)
    leaving = replace(player.guardian(name), leaving=None)
    entering = replace(replacement, revealed=True)
    front = tuple(replacement_name if n == name else n for n in player.front)
    back = tuple(name if n == replacement_name else n for n in player.back)
    player = replace(player, front=(front[0], front[1], front[2]), back=back)
    player = player.with_guardian(leaving).with_guardian(entering)
    state = _set_player(state, seat, player)
    entered, emerging, left_end = state.entered, state.emerging, state.left_end
    # made together (C.1), so kept in an order that does not depend on which was sent
    # first: where each now lies, left to right
    if in_end:
        left_end = _by_place(player, (*left_end, name))
    if counted:
        entered = _by_place(player, (*entered, replacement_name))
    else:
        card = card_of(state, seat, entering)
        if card is not None and card.emergence is not None:
            emerging = (*emerging, (seat, replacement_name))
    state = replace(
        state, end_swaps=end_swaps, entered=entered, emerging=emerging, left_end=left_end
    )
    return _check_defeat(state, seat, state.players[seat], entering)


def _by_place(player: PlayerState, names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` in the order they lie now: the front row left to right, then the back row."""
    places = (*player.front, *player.back)
    return tuple(sorted(names, key=lambda n: places.index(n) if n in places else len(places)))


def _entering(player: PlayerState, payload: Mapping[str, JSON]) -> str:
    """The back-row Guardian a swap brings in: named (``replacement``), or picked by its
    place in the back row (``place``, 1 or 2 from the left), as the table's device does
    for a card it cannot see (R111). A place is refused the same way whatever the back row
    holds: its cards' places are public, their names are not."""
    if ("replacement" in payload) == ("place" in payload):
        raise IllegalAction(
            "Name the entering Guardian (replacement) or give its back-row place (place), "
            "not both.",
            "payload.replacement" if "replacement" in payload else "payload.place",
        )
    if "replacement" in payload:
        name: str = payload_value(payload, "replacement", str)
        return name
    place: int = payload_value(payload, "place", int)
    if not 1 <= place <= len(player.back):
        raise IllegalAction(
            f"A back-row place is 1 to {len(player.back)}, counted from the left (R111).",
            "payload.place",
        )
    return player.back[place - 1]


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
    """Damage accumulates; an Immune Guardian takes none (Important Keywords). A back-row
    Guardian, which only its controller's effects reach, is not defeated there (R107)."""
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
    acting = state.active if action.by is None else action.by
    if seat != acting:
        raise IllegalAction(
            f"{guardian.name} is {player.name}'s: an ability transforms an ally, never an "
            "enemy (Transformations, Curses and Items).",
            "payload.guardian",
        )
    name: str = payload_value(action.payload, "transformation", str)
    given: int | None = payload_value(action.payload, "hit_points", int, None)
    tied = [c for c in state.transformations if c.base_form == guardian.name]
    if tied:
        card = next((c for c in tied if c.name == name), None)
        if card is None:
            raise IllegalAction(
                f"{guardian.name} transforms only into {', '.join(c.name for c in tied)} "
                "(Transformations, Curses and Items).",
                "payload.transformation",
            )
        if given is not None and given != card.hit_points:
            raise IllegalAction(
                f"{card.name} has {card.hit_points} hit points, as its card prints.",
                "payload.hit_points",
            )
        given = card.hit_points
    if given is None:
        raise IllegalAction("The action needs 'hit_points'.", "payload.hit_points")
    hit_points = given
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
        return replace(state, clock=state.clock.next_phase(), end_swaps=0, entered=(), left_end=())
    escaping = [n for n in player.front if player.guardian(n).leaving == VOLUNTARY]
    if escaping and ready(state, state.active) and state.end_swaps < 2 and not state.emerged:
        raise IllegalAction(
            f"Swap {', '.join(escaping)} with a back-row ally first (Anatomy of a Turn C.1).",
            "type",
        )
    if len(state.entered) > 1 and not state.emergence_order:
        raise IllegalAction(
            "Choose the order of the emergence abilities of "
            f"{', '.join(state.entered)} first (Anatomy of a Turn C.2).",
            "type",
        )
    pending = end_emergences(state)
    if pending:
        raise IllegalAction(
            f"Activate {pending[0]}'s emergence ability first (Anatomy of a Turn C.2).", "type"
        )
    players = tuple(
        _next_turn_player(p, seat == state.active) for seat, p in enumerate(state.players)
    )
    state = replace(
        state,
        players=(players[0], players[1]),
        clock=state.clock.next_phase(),
        limits=state.limits.reset(),
        recovery_mana=0,
        end_swaps=0,
        entered=(),
        emergence_order=(),
        emerged=(),
        left_end=(),
    )
    return _begin_turn(state)


def _next_turn_player(player: PlayerState, active: bool) -> PlayerState:
    """The turn ends for ``player``. The active player's escaping allies that no back-row
    ally could replace lose their attached cards and Transformation, keep their damage and
    stay in the front row, no longer escaping (Moving and Escaping, R103); their counted
    statuses lose a turn, as only their controller's turns count (R104)."""
    guardians = []
    for g in player.guardians:
        if active and g.leaving == VOLUNTARY:
            returned = g.mana
            player = replace(player, mana_pool=player.mana_pool.add(returned))
            g = replace(g.stripped(), leaving=None)
        guardians.append(
            replace(
                g,
                used_ability=False,
                defeated_this_turn=False,
                statuses=g.statuses.tick() if active else g.statuses,
            )
        )
    return replace(player, guardians=tuple(guardians))


def card_of(state: AzrahState, seat: int, guardian: GuardianState) -> Guardian | None:
    """The card whose abilities and range arrows ``guardian`` has now: its Transformation's
    while transformed, else its own (Transformations, Curses and Items); None when the setup
    carries neither."""
    if guardian.transformation is not None:
        for card in state.transformations:
            if card.name == guardian.transformation and card.base_form == guardian.name:
                return card
        return None
    return state.players[seat].card(guardian.name)


def reachable(state: AzrahState, seat: int, name: str) -> tuple[str, ...]:
    """The front-row enemies the range arrows of ``seat``'s front-row ``name`` point to
    (Range Arrows and Targeting Enemies, R100)."""
    player = state.players[seat]
    card = card_of(state, seat, player.guardian(name))
    if card is None or name not in player.front:
        return ()
    enemy = state.players[1 - seat]
    return tuple(enemy.front[i] for i in in_range(card.range_arrows, player.front.index(name)))


def end_swaps_open(state: AzrahState) -> bool:
    """Whether the active player's End-phase swaps may still be made: fewer than two made,
    no emergence ordered or activated yet (C.1, C.2)."""
    return (
        state.clock.phase.name == END
        and state.end_swaps < 2
        and not state.emerged
        and not state.emergence_order
    )


def ready(state: AzrahState, seat: int) -> tuple[str, ...]:
    """``seat``'s back-row allies that may enter the front row now: none defeated this turn
    (Dealing Damage and Defeating Enemies), none that left it in this End phase (C.1: the
    swaps are simultaneous, R101)."""
    player = state.players[seat]
    left = state.left_end if seat == state.active else ()
    return tuple(
        n for n in player.back if not player.guardian(n).defeated_this_turn and n not in left
    )


def waiting(state: AzrahState) -> tuple[int, str, str] | None:
    """What play waits for before anything else is done, and whose it is: a defeated or
    forced-out Guardian leaving the front row (R101), an answer to the newest ability, the
    newest ability resolving (Activating and Resolving Abilities), an emergence ability of a
    Guardian that entered (R106)."""
    for seat in (state.active, 1 - state.active):
        player = state.players[seat]
        if not ready(state, seat):
            continue
        for name in player.front:
            if player.guardian(name).leaving in (FORCED, DEFEATED):
                return seat, SWAP, name
    if state.stack:
        if state.responder is not None:
            return state.responder, RESPOND, state.stack[-1].guardian
        return state.stack[-1].seat, RESOLVE, state.stack[-1].guardian
    emerging = pending_emerging(state)
    if emerging:
        seat, name = emerging[0]
        return seat, EMERGE, name
    return None


def _pass_over(state: AzrahState) -> AzrahState:
    """Allies that entered at once and whose emergence would now be activated, nothing
    resolving or leaving before it, but that cannot pay its printed cost, are passed over
    for good: their emergence does not activate (R113)."""
    wait = waiting(state)
    if not state.emerging or (wait is not None and wait[1] != EMERGE):
        return state
    kept = tuple(
        (seat, name)
        for seat, name in state.emerging
        if name not in state.players[seat].front or can_pay_emergence(state, seat, name)
    )
    return state if kept == state.emerging else replace(state, emerging=kept)


def pending_emerging(state: AzrahState) -> tuple[tuple[int, str], ...]:
    """The allies that entered at once and have yet to activate their emergence ability:
    one that has since left the front row, or is escaping, activates nothing (R106), nor
    one that cannot pay the ability's printed cost (R113)."""
    return tuple(
        (seat, name)
        for seat, name in state.emerging
        if name in state.players[seat].front
        and state.players[seat].guardian(name).leaving is None
        and can_pay_emergence(state, seat, name)
    )


def can_pay_emergence(state: AzrahState, seat: int, name: str) -> bool:
    """Whether ``seat``'s ``name`` can pay its emergence ability's printed cost now: Mana
    attached to it, the player's Celestial Gems. One that cannot is not activated (R113)."""
    player = state.players[seat]
    guardian = player.guardian(name)
    card = card_of(state, seat, guardian)
    if card is None or card.emergence is None:
        return True
    return card.emergence.mana <= guardian.mana and card.emergence.gems <= player.gems.value


def end_emergences(state: AzrahState) -> tuple[str, ...]:
    """The End phase's entrants whose emergence ability is still to be activated, in the
    order the player chose (C.2): empty while that order is still to be chosen."""
    if state.clock.phase.name != END or not state.entered:
        return ()
    if len(state.entered) > 1 and not state.emergence_order:
        return ()
    order = state.emergence_order or state.entered
    player = state.players[state.active]
    pending = []
    for name in order:
        if name in state.emerged or name not in player.front:
            continue
        if player.guardian(name).leaving is not None:
            continue  # an escaping Guardian activates no ability (Moving and Escaping)
        card = card_of(state, state.active, player.guardian(name))
        if card is None or card.emergence is None:
            continue
        if can_pay_emergence(state, state.active, name):
            pending.append(name)
    return tuple(pending)


def _wait_words(state: AzrahState, wait: tuple[int, str, str]) -> str:
    seat, kind, name = wait
    who = state.players[seat].name
    if kind == SWAP:
        return (
            f"{who}'s {name} leaves the front row first: {who} swaps it with a back-row ally (R101)"
        )
    if kind == RESPOND:
        return (
            f"{who} answers {name}'s ability first, with a quick ability or no response "
            "(Activating and Resolving Abilities)"
        )
    if kind == RESOLVE:
        ability = state.stack[-1].ability
        return (
            f"{name}'s {ability} resolves first, newest first (Activating and Resolving Abilities)"
        )
    return f"{who}'s {name} activates its emergence ability first (R106)"


ALLOWED_WHILE = {
    SWAP: ("swap",),
    RESPOND: ("use_ability", "no_response"),
    RESOLVE: ("resolve",),
    EMERGE: ("emerge",),
}


def _gate(state: AzrahState, action: Action) -> None:
    """Refuse what play is not waiting for: only the awaited seat acts, and only so."""
    wait = waiting(state)
    if wait is None:
        if action.type in ("no_response", "resolve"):
            raise IllegalAction(
                "No ability is waiting for an answer or to resolve (Activating and "
                "Resolving Abilities).",
                "type",
            )
        return
    seat, kind, _ = wait
    if action.by is not None and action.by != seat:
        raise IllegalAction(_wait_words(state, wait) + ".", "by")
    if action.type not in ALLOWED_WHILE[kind]:
        raise IllegalAction(_wait_words(state, wait) + ".", "type")
    if kind == SWAP:
        player = state.players[seat]
        leaving = [n for n in player.front if player.guardian(n).leaving in (FORCED, DEFEATED)]
        if seat == state.active and end_swaps_open(state):
            # the End phase's swaps are made together (C.1, R101): none waits for another
            leaving += [n for n in player.front if player.guardian(n).leaving == VOLUNTARY]
        if action.payload.get("guardian") not in leaving:
            raise IllegalAction(_wait_words(state, wait) + ".", "payload.guardian")


def _check_cause(action: Action) -> None:
    """An effect recorded outside a resolution may say what it is: an attached card's own
    effect or a correction (R115)."""
    cause = action.payload.get("cause")
    if cause is not None and (not isinstance(cause, str) or cause not in CAUSES):
        raise IllegalAction(
            "'cause' is card (an attached card's effect) or correction (R115).", "payload.cause"
        )


def _turns(turns: object) -> str:
    """ "1 turn", "2 turns": a status's length in a history line."""
    return f"{turns} turn" if turns == 1 else f"{turns} turns"


def _ability_of(card: Guardian, name: str, emergence: bool) -> GuardianAbility | None:
    if emergence:
        return card.emergence if card.emergence and card.emergence.name == name else None
    return next((a for a in card.abilities if a.name == name), None)


def _announced(
    state: AzrahState,
    seat: int,
    name: str,
    ability: GuardianAbility,
    payload: Mapping[str, JSON],
    emergence: bool = False,
) -> tuple[str, ...]:
    """The targets announced for ``ability``: front-row enemies its range arrows point to
    when it says "target enemy", at least one and no more than the card's number of targets,
    none otherwise (Range Arrows and Targeting Enemies, R100, R112)."""
    raw = payload.get("targets", [])
    if not ability.target_enemy:
        if raw:
            raise IllegalAction(
                f'{ability.name} does not say "target enemy": range arrows do not apply and '
                "no target is announced (Range Arrows and Targeting Enemies).",
                "payload.targets",
            )
        return ()
    in_reach = reachable(state, seat, name)
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise IllegalAction("'targets' must be a list of enemy names.", "payload.targets")
    if len(set(raw)) != len(raw):
        raise IllegalAction("A target is announced once.", "payload.targets")
    if not in_reach and not emergence:
        raise IllegalAction(
            f"None of {name}'s range arrows points to a front-row enemy, so {ability.name} "
            "has nothing to target (Range Arrows and Targeting Enemies, R100).",
            "payload.targets",
        )
    if not raw and in_reach:
        raise IllegalAction(
            f"Announce the enemy {ability.name} targets: "
            f"{', '.join(in_reach)} (Range Arrows and Targeting Enemies).",
            "payload.targets",
        )
    if len(raw) > ability.targets:
        most = "one enemy" if ability.targets == 1 else f"up to {ability.targets} enemies"
        raise IllegalAction(
            f"{ability.name} targets {most}, as its card prints; {len(raw)} were announced "
            "(Range Arrows and Targeting Enemies, R112).",
            "payload.targets",
        )
    for target in raw:
        if target not in in_reach:
            raise IllegalAction(
                f"{name}'s range arrows point only to {', '.join(in_reach) or 'nobody'}: an "
                'ability that says "target enemy" reaches only those (Range Arrows and '
                "Targeting Enemies, R100).",
                "payload.targets",
            )
    return tuple(raw)


def _no_response(state: AzrahState, action: Action) -> AzrahState:
    """The seat asked to answer declines: the window closes and the stack resolves, newest
    first (Activating and Resolving Abilities, R105)."""
    return replace(state, responder=None)


def _resolve(state: AzrahState, action: Action) -> AzrahState:
    """The newest ability resolves: every effect it applies (damage, healing, Mana, cards,
    statuses, a forced escape, a transformation) is recorded in this one entry, applied in
    order, all or nothing. A "target enemy" ability touches only the enemies announced (R100).
    It resolves even if its Guardian has since left or been defeated (FAQ)."""
    top = state.stack[-1]
    effects = action.payload.get("effects", [])
    if "effect" in action.payload:
        flat = {k: v for k, v in action.payload.items() if k not in ("effect", "effects")}
        effects = [{"type": action.payload["effect"], "payload": flat}]
    if not isinstance(effects, list) or len(effects) > MAX_EFFECTS:
        raise IllegalAction(
            f"'effects' is a list of at most {MAX_EFFECTS} effects.", "payload.effects"
        )
    state = replace(state, stack=state.stack[:-1])
    for index, effect in enumerate(effects):
        where = f"payload.effects.{index}"
        if not isinstance(effect, Mapping):
            raise IllegalAction("An effect is {type, payload}.", where)
        kind = effect.get("type")
        body = effect.get("payload", {})
        if kind not in EFFECT_TYPES:
            raise IllegalAction(f"An effect is one of: {', '.join(EFFECT_TYPES)}.", f"{where}.type")
        if not isinstance(body, Mapping):
            raise IllegalAction("An effect's payload is an object.", f"{where}.payload")
        body = dict(body)
        if "cause" in body:
            raise IllegalAction(
                f"Effect {index + 1} is {top.ability}'s: it is the ability's own, with no "
                "other cause (R110, R115).",
                f"{where}.payload.cause",
            )
        if kind == "attach_mana":
            body["effect"] = True
        if kind == "escape":
            body["forced"] = True
            body.setdefault("seat", top.seat)
        target_seat = body.get("seat", top.seat)
        if (
            top.target_enemy
            and target_seat == 1 - top.seat
            and body.get("guardian") not in top.targets
        ):
            raise IllegalAction(
                f"{top.ability} targets {', '.join(top.targets) or 'no enemy'}: its effect "
                "reaches no other enemy (Range Arrows and Targeting Enemies, R100).",
                f"{where}.payload.guardian",
            )
        try:
            state = _HANDLERS[str(kind)](state, Action(action.seq, str(kind), top.seat, body))
        except IllegalAction as error:
            field = (error.field or "").removeprefix("payload.")
            raise IllegalAction(
                f"Effect {index + 1}: {error.message}",
                f"{where}.payload.{field}" if field and field != "type" else where,
            ) from None
    return state


def _emerge(state: AzrahState, action: Action) -> AzrahState:
    """An ally that entered the front row activates its emergence ability, paying the cost
    its card prints, if any, as for any ability: Mana attached to it and the player's Gems;
    one that cannot pay is passed over (Activating and Resolving Abilities, R106, R113).
    Those that entered at once come first, then the End phase's in the order chosen (C.2).
    The opponent may answer it."""
    name: str = payload_value(action.payload, "guardian", str)
    wait = waiting(state)
    if wait is not None:
        seat = wait[0]
        mine = [n for s, n in pending_emerging(state) if s == seat]
        expected = name if name in mine else mine[0]
        emerging = tuple(e for e in pending_emerging(state) if e != (seat, expected))
        emerged = state.emerged
    else:
        pending = end_emergences(state)
        if not pending:
            raise IllegalAction(
                "No ally is waiting to activate an emergence ability (Activating and "
                "Resolving Abilities).",
                "payload.guardian",
            )
        _require_active(state, action, "activate emergence abilities")
        seat, expected = state.active, pending[0]
        emerging = state.emerging
        emerged = (*state.emerged, expected)
    if name != expected:
        raise IllegalAction(
            f"{expected}'s emergence ability comes next (Anatomy of a Turn C.2, R106).",
            "payload.guardian",
        )
    player = state.players[seat]
    card = card_of(state, seat, player.guardian(name))
    if card is None or card.emergence is None:
        raise IllegalAction(f"{name} has no emergence ability.", "payload.guardian")
    targets = _announced(state, seat, name, card.emergence, action.payload, emergence=True)
    cost = card.emergence
    guardian = player.guardian(name)
    if cost.mana > guardian.mana or cost.gems > player.gems.value:
        raise IllegalAction(
            f"{cost.name} costs {cost.mana} Mana and {cost.gems} Celestial Gems, as its card "
            f"prints; {name} has {guardian.mana} Mana attached and {player.name} "
            f"{player.gems.value} Gems, so it does not activate (R113).",
            "payload.guardian",
        )
    player = replace(
        player,
        gems=player.gems.spend(cost.gems, "Celestial Gems"),
        mana_pool=player.mana_pool.add(cost.mana),
    ).with_guardian(replace(guardian, mana=guardian.mana - cost.mana))
    state = _set_player(state, seat, player)
    activation = Activation(
        seat,
        name,
        card.emergence.name,
        emergence=True,
        targets=targets,
        target_enemy=card.emergence.target_enemy,
        text=card.emergence.text,
    )
    return replace(
        state,
        stack=(*state.stack, activation),
        responder=1 - seat,
        emerging=emerging,
        emerged=emerged,
    )


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
    "no_response": _no_response,
    "resolve": _resolve,
    "emerge": _emerge,
}

AZRAH = AzrahSystem()
