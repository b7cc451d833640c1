"""The Azeroth at War table tracker, built on the tracker core.

Sections cited are azeroth-at-war.md's; A-rulings are RULINGS.md's and R-rulings the project's
own (referee.rules.rulings). The tracker keeps what the table would otherwise keep on paper:
Mana, wounds, who has activated, statuses, Taunts, summons, Morale tests and the score. It
rolls nothing: every die the table rolls arrives in an action's payload, so a log always
replays to the same game. The rules the table applies between the dice are ``table``'s;
this module calls them and keeps their explanations for the view.

The system is here; its parts live below it, each importing only those under it:
``legal`` (what each seat may do now), ``actions`` (one handler per action type),
``words`` (words for codes, history lines and the view), ``state`` (the state, what is read
from it, and concealing a secret Warlord) and ``setup`` (the armies and the setup's JSON);
``example`` holds a setup to start from.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace

from referee.rules.azeroth import ABOUT
from referee.rules.azeroth.actions import apply_action
from referee.rules.azeroth.example import EXAMPLE_SETUP
from referee.rules.azeroth.legal import legal_actions
from referee.rules.azeroth.setup import (
    SEATS,
    AzerothSetup,
    check_setup,
    setup_from_json,
    setup_to_json,
)
from referee.rules.azeroth.state import (
    AzerothState,
    ModelState,
    SideState,
    Stage,
    conceal,
)
from referee.rules.azeroth.words import history_line, table_view
from referee.rules.tracker import (
    JSON,
    Action,
    ActionType,
    LegalAction,
    PayloadField,
    System,
)

__all__ = ["AZEROTH", "AzerothSystem"]


ROLL_OFF_DICE = "the first player's D6, then the second's"

# --- The system ----------------------------------------------------------------------------


class AzerothSystem(System[AzerothSetup, AzerothState]):
    slug = ABOUT.slug
    name = ABOUT.name
    action_types = (
        ActionType(
            "edge_roll_off",
            "Each player rolls a D6; the higher chooses the table edge and the other places "
            "the first unit. A tie is rolled again (3.3, R63).",
            (PayloadField("rolls", "list[int]", ROLL_OFF_DICE, dice=2),),
        ),
        ActionType(
            "nominate_warlord",
            "Assassination: secretly name one of your Heroes as your Warlord (11).",
            (PayloadField("model", "str", "your Warlord, kept secret"),),
        ),
        ActionType(
            "round_roll_off",
            "From round 2, roll off: the higher activates first, a tie is rolled again "
            "(5.1, R123).",
            (PayloadField("rolls", "list[int]", ROLL_OFF_DICE, dice=2),),
        ),
        ActionType(
            "activate",
            "Activate one of your models: players alternate (5.1); Regeneration is applied "
            "first (4.6). The previous activation ends.",
            (PayloadField("model", "str", "the model's id"),),
        ),
        ActionType(
            "end_activation",
            "The activating model is done: its activation ends. Until the next model "
            "activates it may still declare Taunt and the enemy may still answer its ability "
            "(5.1, R71, R72, R74).",
            (PayloadField("model", "str", "the activating model"),),
        ),
        ActionType(
            "use_ability",
            "The activating model uses one ability from its card, paying its Mana (5.2, 8.2).",
            (
                PayloadField("model", "str", "the activating model"),
                PayloadField("ability", "str", "the ability's name on the card"),
            ),
        ),
        ActionType(
            "summon",
            "The activating Summon [X] model summons with an ability: it costs the ability's "
            "Mana, brings the units its card says and they last X rounds (4.6, R62, R69).",
            (
                PayloadField("model", "str", "the summoner"),
                PayloadField("name", "str", "the summoned unit's name"),
                PayloadField("count", "int", "how many units it brings (default 1)", False),
                PayloadField("wounds", "int", "its starting Wounds"),
                PayloadField("mana", "int", "the summoning ability's Mana cost"),
                PayloadField("tier", "str", "its tier (default Baseline)", False),
                PayloadField("points", "int", "its PTS, default 0", False),
                PayloadField("ability", "str", "the summoning ability's name", False),
                PayloadField(
                    "ability_type", "str", "the summoning ability's type (default Instant)", False
                ),
            ),
        ),
        ActionType(
            "spell_block",
            'A Spell Block model within 2" of the caster tries to block the pending ability: '
            "4+ on a D6, once per round (8.6).",
            (
                PayloadField("model", "str", "the Spell Block model"),
                PayloadField("roll", "int", "its D6", dice=1),
            ),
        ),
        ActionType(
            "dispel",
            "Spend 2 Mana to try to cancel the pending Buff or Debuff: 4+, +1 for a Magical "
            "Hero (8.5, R10).",
            (
                PayloadField("roll", "int", "the D6", dice=1),
                PayloadField("model", "str", "the Magical model rolling (default: a Hero)", False),
            ),
        ),
        ActionType(
            "counterspell",
            "Spend 3 Mana to try to cancel the pending Instant or Blast: 4+, +1 for a Magical "
            "Hero (8.5, R10).",
            (
                PayloadField("roll", "int", "the D6", dice=1),
                PayloadField("model", "str", "the Magical model rolling (default: a Hero)", False),
            ),
        ),
        ActionType(
            "no_response",
            "Let the enemy's pending ability go off: no Spell Block, Dispel or Counterspell "
            "is tried against it (8.5, 8.6, R75).",
        ),
        ActionType(
            "opportunity_attack",
            "Record a model's Opportunity Attack: one per model per round (6.5). Its damage "
            "is a damage action.",
            (PayloadField("model", "str", "the attacking model"),),
        ),
        ActionType(
            "taunt",
            'After its activation a Taunt model marks one enemy within 6": that model must '
            "charge or fight it on its next activation (4.6). Once per round.",
            (
                PayloadField("model", "str", "the Taunt model"),
                PayloadField("target", "str", "the enemy model taunted"),
            ),
        ),
        ActionType(
            "damage",
            "A model loses Wounds; at 0 it is destroyed (7.8). Name the friendly models "
            'within 6" of it, who must then test Morale (10.1).',
            (
                PayloadField("model", "str", "the model hit"),
                PayloadField("amount", "int", "Wounds lost"),
                PayloadField("seat", "int", "its side, when both have that id", False),
                PayloadField(
                    "within_6", "list[str]", 'its friends within 6" if it is destroyed', False
                ),
            ),
        ),
        ActionType(
            "heal",
            "A model recovers Wounds, never above its starting Wounds; never Undead or "
            "Mechanical (4.6).",
            (
                PayloadField("model", "str", "the model healed"),
                PayloadField("amount", "int", "Wounds recovered"),
                PayloadField("seat", "int", "its side, when both have that id", False),
            ),
        ),
        ActionType(
            "morale_facts",
            "What the table sees around a model for its Morale test: an enemy with Fear "
            'within 6", another Hero\'s Command Aura, a friend destroyed within 6" (10.1, 10.2): '
            '"facts" lists those that hold (left out, none), or each is given on its own.',
            (
                PayloadField("model", "str", "the model"),
                PayloadField("seat", "int", "its side, when both have that id", False),
                PayloadField("fear_nearby", "bool", 'an enemy with Fear within 6"', False),
                PayloadField("command_aura", "bool", "within another Hero's aura", False),
                PayloadField(
                    "friendly_destroyed_within_6", "bool", 'a friend destroyed within 6"', False
                ),
                PayloadField(
                    "facts",
                    "list[str]",
                    "what the table sees near it",
                    False,
                ),
            ),
        ),
        ActionType(
            "morale_test",
            "A model due a Morale test rolls 2D6: Waver, Rout or Rally follow (10.2, 10.3).",
            (
                PayloadField("model", "str", "the model testing"),
                PayloadField("rolls", "list[int]", "the two D6", dice=2),
                PayloadField(
                    "reroll", "list[int]", "a Command Aura reroll of a fail, at once", False
                ),
                PayloadField("seat", "int", "its side, when both have that id", False),
            ),
        ),
        ActionType(
            "morale_reroll",
            "A model under another Hero's Command Aura that failed this round's Morale test "
            "rerolls the 2D6 once; the reroll stands (9.1, 10.2, A10).",
            (
                PayloadField("model", "str", "the model rerolling"),
                PayloadField("rolls", "list[int]", "the two D6 of the reroll", dice=2),
                PayloadField("seat", "int", "its side, when both have that id", False),
            ),
        ),
        ActionType(
            "leave_table",
            "A routing model reaches its table edge and is removed from play, destroyed in "
            'every respect: name its friends within 6", who must then test Morale (10.3, R68).',
            (
                PayloadField("model", "str", "the routing model"),
                PayloadField("within_6", "list[str]", 'its friends within 6"', False),
                PayloadField("seat", "int", "its side, when both have that id", False),
            ),
        ),
        ActionType(
            "objectives",
            'Hold the Line: at the end of the round, which side has a unit within 3" of '
            'each objective (11): "within_3" lists the "<seat>:<objective>" pairs that hold '
            "(objectives from 1; left out, none), or a list per side says it objective by "
            "objective.",
            (
                PayloadField(
                    "within_3",
                    "list[str]",
                    'who has a unit within 3" of each objective',
                    False,
                ),
                PayloadField(
                    "seat_0_within_3",
                    "list[bool]",
                    'instead of within_3, per objective in order: seat 0 has a unit within 3"',
                    False,
                ),
                PayloadField(
                    "seat_1_within_3",
                    "list[bool]",
                    'instead of within_3, per objective in order: seat 1 has a unit within 3"',
                    False,
                ),
            ),
        ),
        ActionType(
            "end_stage",
            "Finish the stage: Deployment, then each round's Mana, Activation and Morale "
            "stages (5.1). The game ends after round 6.",
            (
                PayloadField(
                    "stage",
                    "str",
                    "the stage it ends (Deployment, Mana, Activation or Morale): refused when "
                    "another is on, so a stage is never ended twice by mistake",
                    required=False,
                ),
            ),
        ),
    )

    # -- setup --

    def setup_from_json(self, data: Mapping[str, JSON]) -> AzerothSetup:
        """See ``referee.rules.azeroth.setup.setup_from_json``: the battle size, the
        scenario and two sides with their models."""
        return setup_from_json(data)

    def setup_to_json(self, setup: AzerothSetup) -> dict[str, JSON]:
        return setup_to_json(setup)

    def seat_names(self, setup: AzerothSetup) -> tuple[str, ...]:
        return tuple(side.name for side in setup.sides)

    def initial_state(self, setup: AzerothSetup) -> AzerothState:
        """Both armies at full Wounds with empty Mana pools, ready to deploy (3.3)."""
        check_setup(setup)
        sides = tuple(
            SideState(side.name, tuple(ModelState(m, m.wounds) for m in side.models))
            for side in setup.sides
        )
        return AzerothState(setup.battle_size, setup.scenario, (sides[0], sides[1]))

    # -- actions --

    def apply(self, state: AzerothState, action: Action) -> AzerothState:
        return apply_action(state, action)

    def replay_apply(self, state: AzerothState, action: Action) -> AzerothState:
        """As ``apply``, but once a secret Warlord's fall has ended the replayed game, a
        later entry is kept with no effect, checked against the game as it goes on were no
        Hero a Warlord: an undo is refused only for what is refused whoever the Warlords
        are (R128, R50)."""
        if state.unended is not None:
            return replace(state, unended=self.replay_apply(state.unended, action))
        return self.apply(state, action)

    def commutes(self, seen: AzerothState, recorded: Action, pending: Action) -> bool:
        """In the Mana and Morale stages, which the players play at once, two entries of
        different seats commute when each is about one of its own seat's models and can
        destroy none: a Morale test or reroll, what is near a model for Morale, healing.
        Nothing else does (R127). Read from the stage, the seats and the models' owners,
        never from a Warlord."""
        if seen.over or seen.stage not in SIMULTANEOUS:
            return False
        if recorded.by is None or pending.by is None or recorded.by == pending.by:
            return False
        return _about_own_model(seen, recorded) and _about_own_model(seen, pending)

    def describe(
        self, action: Action, setup: AzerothSetup | None = None, viewer: int | None = None
    ) -> str:
        """A history line: "Ana: 3 damage to Orc Grunt 2". Names come from ``setup`` when
        given, else from the model ids. A Warlord's nomination never says which Hero."""
        return history_line(action, setup)

    def describe_secret(self, action: Action, setup: AzerothSetup | None = None) -> str:
        """A nomination the viewer may not see yet, said as its owner reads it: which Hero
        is never in a history line (11)."""
        return history_line(action, setup)

    def visible_payload(
        self, action: Action, state: AzerothState, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """A Warlord's nomination stays hidden in the history from all but its owner until
        that Warlord falls or the game ends (11); every other payload is open."""
        if action.type != "nominate_warlord":
            return action.payload
        owner = action.by
        if owner is None:
            model_id = action.payload.get("model")
            owners = [
                seat
                for seat in SEATS
                if isinstance(model_id, str) and state.sides[seat].find(model_id) is not None
            ]
            owner = owners[0] if len(owners) == 1 else None
        if viewer is not None and viewer == owner:
            return action.payload
        if state.over or (owner is not None and state.sides[owner].warlord_revealed):
            return action.payload
        return None

    def legal_actions(self, state: AzerothState, seat: int) -> tuple[LegalAction, ...]:
        """Every action ``seat`` may take now, each applying as listed; it reads nothing
        of the enemy's secret Warlord (11)."""
        return legal_actions(state, seat)

    def conceal(self, state: AzerothState, viewer: int | None) -> AzerothState:
        """Every secret Warlord ``viewer`` may not see replaced by one stand-in (11)."""
        return conceal(state, viewer)

    def example_setup(self) -> dict[str, JSON]:
        """Two small armies from the starter catalog, in an Assassination game."""
        return copy.deepcopy(EXAMPLE_SETUP)

    def over(self, state: AzerothState) -> bool:
        """As the view for nobody says it (a winner, or the OVER stage), read straight from
        the state: every page and answer asks, and the view is the whole table."""
        return state.outcome.winner is not None or state.over

    # -- view --

    def view(self, state: AzerothState, viewer: int | None) -> dict[str, JSON]:
        """Everything the table shows, as plain JSON; a Warlord only to its owner until it
        falls or the game ends (11)."""
        return table_view(state, viewer)


SIMULTANEOUS = frozenset({Stage.MANA, Stage.MORALE})
"""The stages both players play at the same time (5.1)."""
OWN_MODEL_ENTRIES = frozenset({"morale_test", "morale_reroll", "morale_facts", "heal"})
"""What a player records of one of their own models in a simultaneous stage that neither
destroys a model nor reads or changes anything of the other side's (R127)."""


def _about_own_model(state: AzerothState, action: Action) -> bool:
    """Whether ``action`` is one of ``OWN_MODEL_ENTRIES`` about a model of its own seat's
    side, as its payload names it: by ``seat``, or by an id only that side has."""
    if action.type not in OWN_MODEL_ENTRIES or action.by not in SEATS:
        return False
    model_id = action.payload.get("model")
    seat = action.payload.get("seat", action.by)
    if not isinstance(model_id, str) or seat != action.by or isinstance(seat, bool):
        return False
    owners = [s for s in SEATS if state.sides[s].find(model_id) is not None]
    return action.by in owners and ("seat" in action.payload or len(owners) == 1)


AZEROTH = AzerothSystem()
