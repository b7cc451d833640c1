"""The Rune Age table tracker, built on the tracker core: the action types and the System
wiring the engine's parts together. They live below it, each importing only those under it:
``legal`` (what each seat may do now), ``actions`` (the table laid out, each action
applied), ``words`` (the view, the setup checklist and history lines), ``state`` (the state
and what is looked up in it) and ``setup`` (the setup and its JSON); beside them ``cards``
(the cards as data), ``demo`` (the demonstration cards) and ``reminders``."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import ClassVar

from referee.rules.runeage import ABOUT
from referee.rules.runeage.actions import apply_action, initial_state
from referee.rules.runeage.cards import DRAGONLORDS
from referee.rules.runeage.demo import DEMO
from referee.rules.runeage.legal import legal_actions
from referee.rules.runeage.setup import RuneAgeSetup, build_setup, setup_from_json, setup_to_json
from referee.rules.runeage.state import ATTRITION_FACES, RuneAgeState
from referee.rules.runeage.words import history_line, table_view
from referee.rules.tracker import (
    JSON,
    Action,
    ActionType,
    LegalAction,
    PayloadField,
    System,
)


def _card_field(name: str, description: str = "the card") -> PayloadField:
    return PayloadField(name, "str", description)


ACTION_TYPES = (
    ActionType(
        "play_gold",
        "Play a gold card from hand to spend its gold now (Spend Gold action).",
        (PayloadField("value", "int", "gold card"),),
    ),
    ActionType(
        "exhaust",
        "Exhaust a stronghold, city or Reward for its influence (or a Reward's gold); the card "
        "is stronghold:<name>, city:<name> or reward:<name>.",
        (_card_field("card", "card to exhaust"),),
    ),
    ActionType(
        "buy",
        "Spend gold on a unit or stronghold of your Barracks, or your Monument.",
        (_card_field("card", "the card's name"),),
    ),
    ActionType(
        "acquire",
        "Spend influence on a neutral card or a gold card (1-gold, 2-gold, 3-gold).",
        (_card_field("card", "the card's name"),),
    ),
    ActionType(
        "keep",
        "Spend influence to keep cards in hand past the discard step (1 each).",
        (PayloadField("count", "int", "cards kept"),),
    ),
    ActionType(
        "card_action",
        "Use a card's Action ability (its effect is made at the table).",
        (_card_field("card", "the card's name"),),
    ),
    ActionType("use_rune_power", "Exhaust your dragon rune power (once per round, Runewars)."),
    ActionType(
        "choose_rune_power",
        "Choose which of two dragon rune powers stays active (Runewars).",
        (_card_field("keep", "the dragon rune power kept"),),
    ),
    ActionType(
        "gain_rune_power",
        "An event gives you a dragon rune power nobody holds (Runewars).",
        (_card_field("power", "the dragon rune power"),),
    ),
    ActionType(
        "attack",
        "Declare a combat's target: a battle or, against another player, a siege.",
        (
            _card_field(
                "target",
                "stronghold:<name>, city:<name>, enemy:<name>, objective or realm:<seat>",
            ),
        ),
    ),
    ActionType(
        "play_card",
        "Play a unit or tactic into the combat.",
        (_card_field("card", "the card"),),
    ),
    ActionType(
        "play_other",
        "Play a card the cards data lacks, typing its name and strength.",
        (
            PayloadField("name", "str", "name"),
            PayloadField("strength", "int", "strength"),
        ),
    ),
    ActionType("pass", "Stop playing cards in this combat."),
    ActionType(
        "roll_attrition",
        "Roll the attrition die once (one roll per icon on the event).",
        (
            PayloadField(
                "roll",
                "str",
                "what the die shows: blank, skull or two skulls",
                dice=1,
                faces=ATTRITION_FACES,
            ),
        ),
    ),
    ActionType(
        "destroy",
        "Destroy a participating unit (for attrition, or by an ability); the unit is named by "
        "its key in the combat (a1, d2 ...).",
        (
            PayloadField("side", "str", "attacker or defender"),
            _card_field("card", "the unit"),
        ),
    ),
    ActionType(
        "wound",
        "Wound a participating unit: it counts, and is destroyed at the end of combat; the unit "
        "is named by its key in the combat (a1, d2 ...).",
        (
            PayloadField("side", "str", "attacker or defender"),
            _card_field("card", "the unit"),
        ),
    ),
    ActionType(
        "adjust",
        "An ability changes your army's strength (or the target's, in a battle).",
        (
            PayloadField("side", "str", "attacker or defender"),
            PayloadField("amount", "int", "strength (minus: taken away)"),
        ),
    ),
    ActionType("resolve", "Resolve the combat: compare the totals and apply the result."),
    ActionType(
        "take_damage",
        "Place damage tokens on a Home Realm, as a card's or an event's text says. In Runewars "
        "a card eliminating another player makes the player whose turn it is the victor; an "
        "event's damage, or one's own card on one's own Home Realm, makes none (R199). The "
        "source is card (a card of the player whose turn it is, the default in a turn) or "
        "event (the only one in the event phase).",
        (
            PayloadField("seat", "int", "the player"),
            PayloadField("amount", "int", "damage, 1 to 40"),
            PayloadField(
                "source",
                "str",
                "where it comes from",
                False,
            ),
        ),
    ),
    ActionType("end_turn", "Discard the hand, draw up to five, and pass the turn on."),
    ActionType(
        "draw_event",
        "The first player draws the event: name the card drawn.",
        (
            PayloadField("event", "str", "the event card drawn"),
            PayloadField("strength", "int", "its strength, when the cards data lacks it", False),
        ),
    ),
    ActionType("end_event_phase", "Everyone draws up to five; the next round begins."),
)


class RuneAgeSystem(System[RuneAgeSetup, RuneAgeState]):
    """Rune Age. No step is played by several players at once (turns go in play order, the
    first player draws each event and it is resolved in play order, a siege's players
    alternate) and nothing tracked is private, so no entry commutes with another: an entry
    from a tablet that had not shown the latest one is refused (the default ``commutes``)."""

    slug = ABOUT.slug
    name = ABOUT.name
    action_types = ACTION_TYPES
    seats: ClassVar[tuple[int, int]] = (1, 4)

    def setup_from_json(self, data: Mapping[str, JSON]) -> RuneAgeSetup:
        """See ``referee.rules.runeage.setup``: scenario, players in play order (name, race,
        Runewars' rune power), neutral types, cities and the cards with their numbers."""
        return setup_from_json(data)

    def setup_to_json(self, setup: RuneAgeSetup) -> dict[str, JSON]:
        return setup_to_json(setup)

    def seat_names(self, setup: RuneAgeSetup) -> tuple[str, ...]:
        return tuple(player.name for player in setup.players)

    def initial_state(self, setup: RuneAgeSetup) -> RuneAgeState:
        return initial_state(setup)

    def apply(self, state: RuneAgeState, action: Action) -> RuneAgeState:
        return apply_action(state, action)

    def legal_actions(self, state: RuneAgeState, seat: int) -> tuple[LegalAction, ...]:
        return legal_actions(state, seat)

    def over(self, state: RuneAgeState) -> bool:
        """As the view for nobody says it (a winner, or an outcome that is over), read
        straight from the state: every page and answer asks, and the view is the whole
        table."""
        return state.outcome.winner is not None or state.outcome.over

    def view(self, state: RuneAgeState, viewer: int | None) -> dict[str, JSON]:
        """Everything: the tracker holds no secret (hands are not tracked)."""
        return table_view(state)

    def describe(
        self, action: Action, setup: RuneAgeSetup | None = None, viewer: int | None = None
    ) -> str:
        return history_line(action, setup)

    def aftermath(self, seq: int, state: RuneAgeState) -> str:
        """What entry ``seq`` led to that its payload does not say, kept by the engine when
        it applied the entry: who won a combat and what it was about, which unit was
        destroyed or wounded. Nothing in it is secret."""
        return "; ".join(text for at, text in state.notes if at == seq)

    def example_setup(self) -> dict[str, JSON]:
        """Three players of the demonstration cards in Resurgence of the Dragonlords."""
        return build_setup(
            DEMO,
            DRAGONLORDS,
            [("Ana", "Daqan Lords"), ("Ben", "Latari Elves"), ("Cleo", "Uthuk Y'llan")],
            Random("rune-age-example"),
        )


RUNE_AGE = RuneAgeSystem()

__all__ = ["ACTION_TYPES", "RUNE_AGE", "RuneAgeSystem"]
