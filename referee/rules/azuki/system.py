"""The Azuki TCG table tracker, built on the tracker core: the System that wires its setup,
state, actions, legal actions and words together, and ``AZUKI``, the one instance.

The physical cards stay on the table. The tracker keeps what players forget or argue about:
each Leader's Health, IKZ and what is tapped, the Garden and the Alley with their limits,
damage that resets, Cooldown, weapons, counts of the deck, hand and discard pile, whose turn
and which combat step, and who won. It never knows which cards are in a hand or in what
order the deck lies: only how many.

Sections cited are the rulebook's headings (``/shared/rules/azuki-tcg.md``): Win Conditions,
The Field (Garden, Alley, Gate), Card Types, Phases (Game Start, Start of Turn Phase, Main
Phase, End of Turn Phase), Playing Entities and Using Gates, Combat Mechanism, Untapping
Gaining IKZ and Drawing, Card Effects, Stats; rulings R140-R155 (``referee.rules.rulings``).
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.rules.azuki import ABOUT
from referee.rules.azuki.actions import apply_action, replay_action
from referee.rules.azuki.example import EXAMPLE_SETUP
from referee.rules.azuki.legal import legal_actions
from referee.rules.azuki.setup import AzukiSetup, check_new_setup, setup_from_json, setup_to_json
from referee.rules.azuki.state import MULLIGAN, AzukiState, initial_state
from referee.rules.azuki.words import describe, state_view
from referee.rules.tracker import JSON, Action, ActionType, LegalAction, PayloadField, System


def _fields(*fields: PayloadField) -> tuple[PayloadField, ...]:
    return fields


_PAY_FIELDS = _fields(
    PayloadField("use_token", "bool", "pay 1 IKZ with the one-use IKZ token", False),
    PayloadField("cost", "int", "its IKZ cost (for a card the catalog gives none)", False),
)
_TARGET = _fields(
    PayloadField("seat", "int", "the card's controller"),
    PayloadField(
        "target", "str", "'leader' or an entity's id (its name and number: \"Ashen Hound #3\")"
    ),
)


class AzukiSystem(System[AzukiSetup, AzukiState]):
    slug = ABOUT.slug
    name = ABOUT.name
    action_types = (
        ActionType("keep_hand", "Keep the opening hand of 7 (Game Start)."),
        ActionType(
            "mulligan",
            "Once per game: the hand to the bottom of the deck, draw 7, shuffle (Game Start).",
        ),
        ActionType(
            "order_effects",
            "The active player orders the start-of-turn effects of both players.",
            (PayloadField("order", "list[str]", "the effects, first to resolve first"),),
        ),
        ActionType(
            "play_entity",
            "Play an entity from the hand into the Garden or the Alley, tapping IKZ for its cost.",
            (
                PayloadField("card", "str", "card"),
                PayloadField("zone", "str", "the row: garden or alley"),
                PayloadField("replace", "str", "the entity it replaces (the row is full)", False),
                *_PAY_FIELDS,
            ),
        ),
        ActionType(
            "play_spell",
            "Play a spell: a [Main] spell in one's own Main phase, a [Response] spell in the "
            "opponent's attack.",
            (PayloadField("card", "str", "card"), *_PAY_FIELDS),
        ),
        ActionType(
            "play_weapon",
            "Attach a weapon to the Leader or an entity in the Garden.",
            (
                PayloadField("card", "str", "card"),
                PayloadField("bearer", "str", "onto: the Leader or a Garden entity"),
                *_PAY_FIELDS,
            ),
        ),
        ActionType(
            "use_ability",
            "Use the ability of the Leader or an entity (its timing, zone and Once per Turn "
            "as its text says), paying its IKZ. Where Referee applies the effect itself, the "
            "target is an entity's id, or 'leader' for the Leader its text names (R154).",
            (
                PayloadField("source", "str", "the card whose ability it is"),
                PayloadField("target", "str", "the target", False),
                PayloadField("use_token", "bool", "pay 1 with the IKZ token", False),
            ),
        ),
        ActionType(
            "portal",
            "Tap the Gate to move an entity from the Alley to the Garden (once per turn).",
            (
                PayloadField("entity", "str", "the Alley entity to portal"),
                PayloadField(
                    "replace", "str", "the Garden entity it replaces (the Garden is full)", False
                ),
            ),
        ),
        ActionType(
            "attack",
            "Declare an attacker and its target (Combat Mechanism 1).",
            (
                PayloadField("attacker", "str", "the attacker: the Leader or a Garden entity"),
                PayloadField("target", "str", "target"),
            ),
        ),
        ActionType(
            "continue_combat",
            "Finish the current combat step: no more [When Attacking], no more [Response], "
            "no defender, or done [After Attacking].",
            (
                PayloadField(
                    "step", "str", "the step being finished (refused if it has passed)", False
                ),
            ),
        ),
        ActionType(
            "declare_defender",
            "The defending player's untapped Defender taps and becomes the target.",
            (PayloadField("defender", "str", "the Defender"),),
        ),
        ActionType(
            "resolve_damage",
            "Deal the combat damage as previewed (Combat Mechanism 5). The fields, as the "
            "legal action lists them, record who took how much; refused if it has changed.",
            (
                PayloadField("attacker", "str", "the attacker, as previewed", False),
                PayloadField("target", "str", "the target (or defender), as previewed", False),
                PayloadField("to_target", "int", "damage the target takes", False),
                PayloadField("to_attacker", "int", "damage the attacker takes", False),
            ),
        ),
        ActionType(
            "end_turn",
            "End the turn: end-of-turn effects in order, damage and stats reset, weapons to "
            "the discard; the next turn starts (draw, IKZ, untap).",
            (
                PayloadField(
                    "order", "list[str]", "the end-of-turn effects, first to resolve first", False
                ),
            ),
        ),
        ActionType(
            "deal_damage",
            "A card effect deals damage to a Leader or an entity (Carapace subtracts).",
            (*_TARGET, PayloadField("amount", "int", "damage")),
        ),
        ActionType(
            "heal",
            "A card effect restores Health or removes damage, never past the maximum.",
            (*_TARGET, PayloadField("amount", "int", "Health restored")),
        ),
        ActionType(
            "adjust_stats",
            "A card effect changes an entity's or Leader's Attack, Health or Carapace, until "
            "the end of the turn or lasting.",
            (
                *_TARGET,
                PayloadField("attack", "int", "Attack change", False),
                PayloadField("health", "int", "Health change", False),
                PayloadField("carapace", "int", "Carapace change", False),
                PayloadField("lasting", "bool", "lasting beyond this turn", False),
            ),
        ),
        ActionType(
            "draw",
            "A card effect makes a player draw (drawing from an empty deck loses).",
            (
                PayloadField("seat", "int", "the player"),
                PayloadField("count", "int", "cards"),
            ),
        ),
        ActionType(
            "discard",
            "A card effect discards cards from a player's hand.",
            (
                PayloadField("seat", "int", "the player"),
                PayloadField("count", "int", "cards"),
            ),
        ),
        ActionType(
            "return_from_discard",
            "A card effect returns cards from a player's discard pile to their hand.",
            (
                PayloadField("seat", "int", "the player"),
                PayloadField("count", "int", "cards"),
            ),
        ),
        ActionType(
            "destroy",
            "A card effect destroys an entity (to the discard pile, with its weapons).",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("entity", "str", "its id"),
            ),
        ),
        ActionType(
            "return_to_hand",
            "A card effect returns an entity to its owner's hand (its weapons to the discard).",
            (
                PayloadField("seat", "int", "its controller"),
                PayloadField("entity", "str", "its id"),
            ),
        ),
        ActionType(
            "put_into_play",
            "A card effect puts an entity of a player's deck list onto their field; when the "
            "row is full, that player picks the entity it replaces (R142).",
            (
                PayloadField("seat", "int", "the player whose field it enters"),
                PayloadField("card", "str", "card"),
                PayloadField("zone", "str", "the row: garden or alley"),
                PayloadField("source", "str", "where it comes from: hand, deck or discard"),
                PayloadField("replace", "str", "the entity it replaces (the row is full)", False),
            ),
        ),
        ActionType(
            "swap_rows",
            "A card effect swaps a Garden entity and an Alley entity (nothing is replaced).",
            (
                PayloadField("seat", "int", "their controller"),
                PayloadField("garden", "str", "the Garden entity"),
                PayloadField("alley", "str", "the Alley entity"),
            ),
        ),
    )

    # setup ----------------------------------------------------------------------------------

    def setup_from_json(self, data: Mapping[str, JSON]) -> AzukiSetup:
        return setup_from_json(data)

    def setup_to_json(self, setup: AzukiSetup) -> dict[str, JSON]:
        return setup_to_json(setup)

    def seat_names(self, setup: AzukiSetup) -> tuple[str, ...]:
        return tuple(seat.name for seat in setup.players)

    def example_setup(self) -> dict[str, JSON]:
        """Two decks of the demonstration catalog, Ana playing first."""
        return setup_to_json(EXAMPLE_SETUP)

    def initial_state(self, setup: AzukiSetup) -> AzukiState:
        return initial_state(setup)

    def check_new_setup(self, setup: AzukiSetup) -> None:
        check_new_setup(setup)

    # actions --------------------------------------------------------------------------------

    def apply(self, state: AzukiState, action: Action) -> AzukiState:
        return apply_action(state, action)

    def replay_apply(self, state: AzukiState, action: Action) -> AzukiState:
        return replay_action(state, action)

    def over(self, state: AzukiState) -> bool:
        """A win or a draw (Win Conditions, R149): both Leaders at 0 at once has no winner
        and is over all the same."""
        return state.outcome.over

    def commutes(self, seen: AzukiState, recorded: Action, pending: Action) -> bool:
        """Game Start is the one step the two players take at the same time (R155): each
        keeps or mulligans without waiting for the other, so one seat's decision recorded
        since the other looked changes nothing of theirs. Everything else is played in
        turn, so nothing else commutes."""
        decisions = ("keep_hand", "mulligan")
        return (
            seen.phase == MULLIGAN
            and recorded.type in decisions
            and pending.type in decisions
            and recorded.by is not None
            and pending.by is not None
            and recorded.by != pending.by
        )

    def legal_actions(self, state: AzukiState, seat: int) -> tuple[LegalAction, ...]:
        return legal_actions(state, seat)

    # words ----------------------------------------------------------------------------------

    def view(self, state: AzukiState, viewer: int | None) -> dict[str, JSON]:
        """The whole table: Referee holds no secret in Azuki (R141), so every viewer gets
        the same view."""
        return state_view(state)

    def describe(
        self, action: Action, setup: AzukiSetup | None = None, viewer: int | None = None
    ) -> str:
        return describe(action, setup)


AZUKI = AzukiSystem()
