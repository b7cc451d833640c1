"""How Deaths of Athazar says things: the history's line for each action (the cards of a pass
or a gift named only to their own seat; a hand edit, to anyone else, only as a private
update), a kill in words, players named together, why the first place is who it is, and
what an entry led to that its payload does not say.

Sections cited are the rulebook's "How to Play" 7 and 10; R166 is this project's ruling.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules.athazar.cards import (
    DJINN,
    MERCHANT,
    PRINCE,
    PRINCESS,
    SORCERER,
    WISEMAN,
    Kill,
    a,
    value_words,
)
from referee.rules.athazar.setup import AthazarSetup
from referee.rules.athazar.state import AthazarState
from referee.rules.text import counted
from referee.rules.tracker import Action


def joined_names(state: AthazarState, seats: frozenset[int] | Sequence[int]) -> str:
    named = [state.seats[s].name for s in sorted(seats)]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def verdict(state: AthazarState, groups: list[frozenset[int]]) -> str:
    """Why the first place is who it is: the first to empty their hand, or of several who
    emptied theirs in the same round, the highest last play; equal values tie (How to Play
    7, R166)."""
    first = groups[0]
    if len(groups) == 1 and len(first) == 1:
        return f"{joined_names(state, first)} emptied their hand first (How to Play 7)."
    value = value_words(state.seats[min(first)].last_value or None)
    if len(first) > 1:
        return (
            f"{joined_names(state, first)} tie: they emptied their hands in the same round and "
            f"their last plays have the same value ({value}) (How to Play 7, R166)."
        )
    everyone = [s for group in groups for s in group]
    return (
        f"{joined_names(state, everyone)} emptied their hands in the same round; "
        f"{joined_names(state, first)}'s last play ({value}) is the highest (How to Play 7, R166)."
    )


def kill_words(kill: Kill) -> str:
    acting = f" (as {a(kill.role)})" if kill.killer.character == PRINCESS else ""
    victims = " and ".join(card.token for card in kill.victims)
    return f"{kill.killer.token}{acting} kills {victims}"


def describe(action: Action, setup: AthazarSetup | None = None, viewer: int | None = None) -> str:
    names = setup.players if setup is not None else ()

    def player(seat: object) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            return names[seat]
        return f"Seat {seat}"

    who = player(action.by) if action.by is not None else "The table"
    p = action.payload
    own = viewer is not None and viewer == action.by
    line = action.type.replace("_", " ")
    if action.type == "pass_cards":
        count = p.get("count")
        line = {
            0: "passes nothing (only Djinns)",
            2: "passes two cards (a Hunter and one more)",
        }.get(count if isinstance(count, int) else -1, "passes a card")
        named = [str(p[k]) for k in ("card", "second_card") if k in p]
        if own and named:
            line += f": {', '.join(named)}"
    elif action.type == "kill":
        acting = f" (as {a(str(p.get('as')))})" if p.get("as") else ""
        victims = " and ".join(str(p[k]) for k in ("victim", "second_victim") if k in p)
        line = f"{p.get('killer')}{acting} kills {victims}"
    elif action.type == "play_effect":
        card = str(p.get("card"))
        acting = str(p.get("as") or card)
        shown = f"{card} (as {a(acting)})" if p.get("as") else card
        if acting == MERCHANT:
            line = f"plays {shown}: swaps hands with {player(p.get('target'))}"
            keeps, theirs = p.get("keeps", 0), p.get("target_keeps", 0)
            kept = counted(keeps, DJINN) if isinstance(keeps, int) else f"{keeps} {DJINN}s"
            line += f", keeping {kept} to their {theirs}"
        elif acting == SORCERER:
            gift = f" {p.get('given')}" if own and p.get("given") else " a card"
            line = f"plays {shown}: gives{gift} to {player(p.get('target'))}"
        elif acting == WISEMAN:
            line = f"plays {shown}: takes a card from the deck"
        elif acting == PRINCE:
            line = f"plays {shown}: every other player takes a card"
        else:
            line = f"plays {shown}"
    elif action.type == "skip_turn":
        line = "does nothing this turn"
    elif action.type == "deal":
        line = "deals a card to every player"
    elif action.type == "add_card":
        line = f"enters {p.get('card')} in their hand"
    elif action.type == "drop_card":
        line = f"takes {p.get('card')} out of their hand"
    elif action.type == "enter_hand":
        cards = p.get("cards")
        listed = ", ".join(str(c) for c in cards) if isinstance(cards, list) else ""
        line = f"enters their hand: {listed}"
    elif action.type == "forget_hand":
        line = "stops tracking their hand"
    return f"{who}: {line}"


def describe_secret(action: Action, setup: AthazarSetup | None = None) -> str:
    names = setup.players if setup is not None else ()
    by = action.by
    who = names[by] if by is not None and 0 <= by < len(names) else "A player"
    return f"{who}: updates their private hand"


def aftermath(seq: int, state: AthazarState) -> str:
    """What an entry led to that its payload does not say: the deck made again from the
    played cards (How to Play 10)."""
    shuffled = [cards for at, cards in state.reshuffles if at == seq]
    if not shuffled:
        return ""
    return "; ".join(
        f"the deck ran out: {cards} played cards were shuffled into a new deck (How to Play 10)"
        for cards in shuffled
    )
