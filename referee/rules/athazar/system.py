"""The Deaths of Athazar table tracker, built on the tracker core.

Players hold real cards: the tracker keeps the rounds and their phases (pass, play, deal),
the token and the dealer, how many cards each player holds, every card played face up, the
deck and the played pile, and the end with its places and ties. A player may enter their own
hand on their own tablet: it is that seat's secret, it follows their plays, passes and
deals, and their legal actions then list each kill and disruption the hand allows.

This module wires the engine together: the setup (``setup``), the state (``state``), the
rules applied (``actions``), what is said of them (``words``) and what each seat may do now
(``legal``); and it decides what each viewer sees.

Sections cited are the rulebook's: "Players", "Characters" (Kill Cards 1-7, Effect cards
1-7) and "How to Play" 1-10; D1-D3 are RULINGS.md's and R160-R179 this project's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from referee.rules.athazar import ABOUT, actions, words
from referee.rules.athazar.actions import (
    ACTION_TYPES,
    HAND_TYPES,
    SECRET_FIELDS,
    aimed_at,
    keep_what_fits,
)
from referee.rules.athazar.cards import CHARACTERS, TOKENS, WARRIOR
from referee.rules.athazar.legal import WARRIORS, hand_view, helper, legal_actions
from referee.rules.athazar.setup import (
    LEFT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RIGHT,
    AthazarSetup,
    example_setup,
    setup_from_json,
    setup_to_json,
)
from referee.rules.athazar.state import OVER, PASS, PLAY, AthazarState, initial_state
from referee.rules.tracker import JSON, Action, IllegalAction, LegalAction, System

SHOWN_PLAYS = 40  # the latest plays the view lists


class AthazarSystem(System[AthazarSetup, AthazarState]):
    slug = ABOUT.slug
    name = ABOUT.name
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    action_types = ACTION_TYPES

    def setup_from_json(self, data: Mapping[str, JSON]) -> AthazarSetup:
        return setup_from_json(data)

    def setup_to_json(self, setup: AthazarSetup) -> dict[str, JSON]:
        return setup_to_json(setup)

    def seat_names(self, setup: AthazarSetup) -> tuple[str, ...]:
        return setup.players

    def example_setup(self) -> dict[str, JSON]:
        return example_setup()

    def initial_state(self, setup: AthazarSetup) -> AthazarState:
        return initial_state(setup)

    def apply(self, state: AthazarState, action: Action) -> AthazarState:
        return actions.apply(state, action)

    def replay_apply(self, state: AthazarState, action: Action) -> AthazarState:
        """As ``apply``; a hand edit it refuses, replayed after an undo or a redo changed
        what came before it, is kept as far as it still fits (R177). Plays never depend on
        a hand (R176), so whether an undo is allowed tells nobody what a hand holds (R50)."""
        try:
            return self.apply(state, action)
        except IllegalAction:
            if action.type not in HAND_TYPES:
                raise
        return keep_what_fits(state, action)

    def private_edit(self, action: Action) -> bool:
        """A hand entered is its seat's own note: nobody else is asked about it (R177)."""
        return action.type in HAND_TYPES

    # R179: what the table's shared device sends for a seat is checked as if no hand were
    # entered, so neither its answer nor its preview depends on one
    table_knows_secrets = False

    def table_actions(self, state: AthazarState, seat: int) -> tuple[LegalAction, ...]:
        """What the table's shared device may do for ``seat``: the seat's actions as if no
        hand were entered anywhere (a pass by how many cards, a kill or a disruption named
        by its cards), and never a hand edit, which is made on the player's own tablet
        (R179). Nothing listed names or depends on a hand."""
        listed = legal_actions(self.conceal(state, None), seat)
        return tuple(entry for entry in listed if entry.type not in HAND_TYPES)

    def commutes(self, seen: AthazarState, recorded: Action, pending: Action) -> bool:
        """What players do at the same moment (R178): passes of different players in the
        pass phase (How to Play 3), and an edit of one's own hand beside another player's
        action, unless that action is a Merchant's swap or a Sorcerer's gift aimed at the
        editor. Read from the two actions' types, seats and targets and the phase, never
        from a hand."""
        if recorded.by is None or pending.by is None or recorded.by == pending.by:
            return False
        if recorded.type == pending.type == "pass_cards":
            return seen.phase == PASS
        for edit, other in ((recorded, pending), (pending, recorded)):
            if edit.type in HAND_TYPES:
                return not aimed_at(other, edit.by)
        return False

    def conceal(self, state: AthazarState, viewer: int | None) -> AthazarState:
        """Every other seat's entered hand replaced by the same stand-in: none entered."""
        seats = tuple(
            seat if index == viewer else replace(seat, hand=None, check=False)
            for index, seat in enumerate(state.seats)
        )
        return replace(state, seats=seats)

    def visible_payload(
        self, action: Action, state: AthazarState, viewer: int | None
    ) -> Mapping[str, JSON] | None:
        """A seat's hand entries are its own; so are the cards it names in a pass or a
        Sorcerer's gift, which travel face down."""
        if action.by == viewer:
            return action.payload
        if action.type in HAND_TYPES:
            return None
        if action.type in ("pass_cards", "play_effect"):
            hidden = SECRET_FIELDS if action.type == "pass_cards" else {"given"}
            return {k: v for k, v in action.payload.items() if k not in hidden}
        return action.payload

    def describe(
        self, action: Action, setup: AthazarSetup | None = None, viewer: int | None = None
    ) -> str:
        return words.describe(action, setup, viewer)

    def describe_secret(self, action: Action, setup: AthazarSetup | None = None) -> str:
        return words.describe_secret(action, setup)

    def aftermath(self, seq: int, state: AthazarState) -> str:
        return words.aftermath(seq, state)

    def legal_actions(self, state: AthazarState, seat: int) -> tuple[LegalAction, ...]:
        return legal_actions(state, seat)

    def over(self, state: AthazarState) -> bool:
        """As the view for nobody says it (a winner, or the OVER phase), read straight from
        the state: every page and answer asks, and the view is the whole table."""
        return state.outcome.winner is not None or state.phase == OVER

    def view(self, state: AthazarState, viewer: int | None) -> dict[str, JSON]:
        """Everything at the table, and for a seated viewer their own hand as they entered
        it with the kill helper's list (``helper``): nobody else's."""
        active = state.active
        over = state.phase == OVER
        return {
            "round": state.round,
            "phase": state.phase,
            "active_seat": active,
            "dealer": state.dealer,
            "token": state.token,
            "order": list(state.order),
            "pass_direction": RIGHT if state.direction == 1 else LEFT,
            "deck": state.deck,
            "played": state.played,
            "reshuffles": len(state.reshuffles),
            "players": [
                {"name": seat.name, "cards": seat.count, "held": seat.held, "place": seat.place}
                for seat in state.seats
            ],
            "passed": [seat.passing is not None for seat in state.seats],
            "last_plays": [seat.last_play for seat in state.seats],
            "plays": [
                {"round": play.round, "seat": play.seat, "text": play.text}
                for play in reversed(state.plays[-SHOWN_PLAYS:])
            ],
            "hand": hand_view(state, viewer) if viewer is not None else None,
            # what the hand allows, worked out from it: shown beside the controls, and
            # never repeated when the table's device shows the hand (an explanation)
            "helper_explanation": helper(state, viewer) if viewer is not None else None,
            # the cards there are, for a hand editor: no secret, the same for everyone
            "characters": {
                "all": list(TOKENS),
                "named": [c for c in CHARACTERS if c != WARRIOR],
                "warriors": list(WARRIORS),
            },
            "card_names": list(TOKENS) if state.phase == PLAY else [],
            "places": [sorted(place) for place in state.places],
            "summary": _summary(state) if over else None,
            "over": over,
            "winner": state.outcome.winner,
            "reason": state.outcome.reason,
        }


def _summary(state: AthazarState) -> dict[str, JSON]:
    """The end: each place with its players, shared places marked as ties (How to Play 7
    and 9, R166, R173)."""
    return {
        "places": [
            {
                "place": number,
                "names": [state.seats[s].name for s in sorted(place)],
                "tie": len(place) > 1,
                "last_plays": [state.seats[s].last_play for s in sorted(place)],
            }
            for number, place in enumerate(state.places, start=1)
        ],
        "rounds": state.round,
    }


ATHAZAR = AthazarSystem()
