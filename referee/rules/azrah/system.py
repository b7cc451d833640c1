"""The AZRAH: War of Heralds table tracker, built on the tracker core: the System that wires
the setup (``setup``), the state (``state``), how the game says things (``words``), the
actions (``actions``) and what each seat may do now (``legal``).

Sections cited are the rulebook's headings: Game Setup, Mana and Celestial Gems, Dealing
Damage and Defeating Enemies, Moving and Escaping, Transformations Curses and Items,
Anatomy of a Turn (A Recovery, B Action, C End) and Important Keywords.
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.rules.azrah import ABOUT, actions, example, legal, words
from referee.rules.azrah.setup import (
    AzrahSetup,
    check_cards_carried,
    player_names,
    read_setup,
    write_setup,
)
from referee.rules.azrah.state import AzrahState, concealed
from referee.rules.azrah.words import CAUSE_HELP
from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
    JSON,
    Action,
    ActionType,
    IllegalAction,
    LegalAction,
    PayloadField,
    System,
)


class AzrahSystem(System[AzrahSetup, AzrahState]):
    slug = ABOUT.slug
    name = ABOUT.name
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
        """The setup ``data`` describes (``read_setup``), whose parties must also make a
        starting state (Game Setup, R46)."""
        setup = read_setup(data)
        try:
            self.initial_state(setup)
        except IllegalAction as error:
            raise InvalidInput({error.field or "players": [error.message]}) from None
        return setup

    def setup_to_json(self, setup: AzrahSetup) -> dict[str, JSON]:
        return write_setup(setup)

    def seat_names(self, setup: AzrahSetup) -> tuple[str, ...]:
        return player_names(setup)

    def describe(
        self, action: Action, setup: AzrahSetup | None = None, viewer: int | None = None
    ) -> str:
        """A history line in words, each Guardian named as ``viewer`` may know it (R52)."""
        return words.describe(action, setup, viewer)

    def visible_payload(
        self, action: Action, state: AzrahState, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """The payload with each Guardian ``viewer`` may not see now named None (R52)."""
        return words.visible_payload(action, state, viewer)

    def commutes(self, seen: AzrahState, recorded: Action, pending: Action) -> bool:
        """Two End-phase swaps sent at once against ``seen`` are both recorded (C.1, R116)."""
        return actions.commutes(seen, recorded, pending)

    def legal_actions(self, state: AzrahState, seat: int) -> tuple[LegalAction, ...]:
        """Every action ``seat`` may take now (see ``referee.rules.azrah.legal``)."""
        return legal.legal_actions(state, seat)

    def table_actions(self, state: AzrahState, seat: int) -> tuple[LegalAction, ...]:
        """What the table's shared device may do for ``seat``: nothing that names a
        face-down Guardian; a swap picks the entering card by its back-row place (R53,
        R111)."""
        return legal.legal_actions(state, seat, table=True)

    def example_setup(self) -> dict[str, JSON]:
        """Two parties of the starter catalog's Guardians, each with its card as printed (as
        a game from saved rosters carries them), Ana playing first."""
        return example.example_setup()

    def check_new_setup(self, setup: AzrahSetup) -> None:
        """A new game carries each party Guardian's card as printed (Anatomy of a Card); a
        game stored before setups carried cards replays as recorded (R114)."""
        check_cards_carried(setup)

    def conceal(self, state: AzrahState, viewer: int | None) -> AzrahState:
        """Every other player's face-down back-row Guardians replaced by the same stand-in:
        what a preview for ``viewer`` is computed from."""
        return concealed(state, viewer)

    def initial_state(self, setup: AzrahSetup) -> AzrahState:
        """Health 3 each, the first player given (Game Setup); turn 1 begins."""
        return actions.initial_state(setup)

    def apply(self, state: AzrahState, action: Action) -> AzrahState:
        return actions.apply(state, action)

    def over(self, state: AzrahState) -> bool:
        """As the view for nobody says it (a winner), read straight from the state: every
        page and answer asks, and the view is the whole table."""
        return state.outcome.winner is not None

    def view(self, state: AzrahState, viewer: int | None) -> dict[str, JSON]:
        """Everything but the face-down back row of the other player (R52)."""
        return words.view(state, viewer)


AZRAH = AzrahSystem()
