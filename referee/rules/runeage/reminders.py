"""What is in effect now and what waits for the next event phase, in words, for the players
it concerns: the board shows these reminders and decides nothing about them.

Three things outlast the moment an event card is drawn (Event Cards & the Event Phase):
an instant whose effect lasts during the next game round, which stays beside the objective
until that round is over (Instant Event Cards, R196); an enemy whose ability acts at the
start of the event phase, only once it was in play before the card is drawn (Enemy Event
Cards, R198); and an instant attacking Home Realms, which stays in front of the player who
battles it and moves on in play order (Conduct a Battle: Defend Against an Instant Card,
R192, R197). Besides, the instant just drawn is resolved for each player in play order
(R200), which the board reminds everyone of until the event phase ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.runeage.cards import INSTANT
from referee.rules.runeage.state import EVENT, RuneAgeState, event_card

NOW, NEXT = "now", "next"  # in effect this round / waiting for the next round's event phase
LASTING, ENEMY_EFFECT, ATTACK, EACH = "lasting", "enemy", "attack", "each"


@dataclass(frozen=True, slots=True)
class Reminder:
    """One reminder: ``when`` it applies (NOW or NEXT), the ``kind`` of card behind it, the
    ``event`` card's name, the words shown, the ``seats`` it concerns (``everyone`` when it
    concerns every player still in the game) and the rulebook ``section`` it comes from."""

    when: str
    kind: str
    event: str
    text: str
    seats: tuple[int, ...]
    everyone: bool
    section: str
    attrition: int = 0  # attrition die icons on the card (Attrition Die)

    @property
    def attrition_text(self) -> str:
        """What the card's attrition die icons mean, for a card a player may battle (an
        attacking instant, an enemy) whether or not it has any; for an instant no one
        battles, only when it shows some."""
        if self.kind in (ATTACK, ENEMY_EFFECT) or self.attrition:
            return attrition_words(self.attrition)
        return ""


def attrition_words(icons: int) -> str:
    """What ``icons`` attrition die icons on an event mean, in words (Anatomy of a Card 7;
    Attrition Die; Conduct a Battle, step 3)."""
    if icons < 1:
        return "No attrition die icon: a battle against it needs no attrition roll."
    times = {1: "once", 2: "twice"}.get(icons, f"{icons} times")
    return (
        f"Attrition die icon x{icons}: whoever battles it rolls the attrition die {times} "
        "after playing their cards, and destroys one of their participating units for each "
        "skull (Attrition Die)."
    )


def _effect(state: RuneAgeState, name: str) -> str:
    """The card's own text, as a sentence after the reminder's."""
    text = event_card(state, name).text
    return f" {text}" if text else ""


def _next_event_phase(state: RuneAgeState) -> int:
    """The round whose event phase comes next: this round's until its event phase begins."""
    return state.round + 1 if state.step == EVENT else state.round


def _in_play_order(state: RuneAgeState) -> list[Reminder]:
    """The instant drawn, resolved now: for each player it affects, in play order from the
    first player on, past those before the last player who took its damage (R200)."""
    if state.step != EVENT or state.drawn is None or state.combat is not None:
        return []
    event = event_card(state, state.drawn)
    if event.kind != INSTANT or event.attacks or event.next_round:
        return []
    later = tuple(s for s in state.standing() if s >= state.event_turn)
    if not later:
        return []
    order = ", then ".join(state.players[s].name for s in later)
    text = (
        f"{event.name} is resolved for each player it affects in play order: {order}. Record "
        f"its damage in that order.{_effect(state, event.name)}"
    )
    section = "Event Cards & the Event Phase"
    return [Reminder(NOW, EACH, event.name, text, state.standing(), True, section, event.attrition)]


def reminders(state: RuneAgeState) -> tuple[Reminder, ...]:
    """Every reminder due now, in a fixed order: lasting instants in the order they were
    drawn, enemies in the order they came into play (R198), the instant drawn and resolved
    in play order (R200), then the attacking instant."""
    if state.outcome.over:
        return ()
    everyone = state.standing()
    found: list[Reminder] = []
    for name, applies in state.lasting:
        effect = _effect(state, name)
        icons = event_card(state, name).attrition
        if applies <= state.round:
            text = (
                f"{name} is in effect during this round; it leaves play when this round's "
                f"event phase ends.{effect}"
            )
            found.append(
                Reminder(NOW, LASTING, name, text, everyone, True, "Instant Event Cards", icons)
            )
        else:
            text = f"{name} takes effect during the next round, round {applies}.{effect}"
            found.append(
                Reminder(NEXT, LASTING, name, text, everyone, True, "Instant Event Cards", icons)
            )
    for name, arrived in state.enemies:
        if not event_card(state, name).start_of_event_phase:
            continue
        icons = event_card(state, name).attrition
        effect = _effect(state, name)
        if state.step == EVENT and state.drawn is None and arrived < state.round:
            text = (
                f"{name} was in play at the start of this event phase: its effect applies "
                f"now, before the event is drawn.{effect}"
            )
            found.append(
                Reminder(NOW, ENEMY_EFFECT, name, text, everyone, True, "Enemy Event Cards", icons)
            )
            continue
        text = (
            f"At the start of the next event phase (round {_next_event_phase(state)}), "
            f"{name}'s effect applies."
        )
        if arrived == state.round and state.step == EVENT:
            text += " It came into play in this event phase, so it does not act in it."
        text += effect
        found.append(
            Reminder(NEXT, ENEMY_EFFECT, name, text, everyone, True, "Enemy Event Cards", icons)
        )
    found.extend(_in_play_order(state))
    combat = state.combat
    if combat is not None and combat.event and combat.attacker.seat is not None:
        name = combat.target_name
        event = event_card(state, name)
        defender = state.players[combat.attacker.seat].name
        strength = combat.base
        stop = " It stops once a player repels it." if event.until_repelled else ""
        section = "Conduct a Battle: Defend Against an Instant Card"
        text = (
            f"{name} (strength {strength}) is attacking {defender}'s Home Realm: {defender} "
            f"battles it now.{stop}"
        )
        found.append(
            Reminder(
                NOW, ATTACK, name, text, (combat.attacker.seat,), False, section, event.attrition
            )
        )
        before = defender
        for seat in state.attack_queue:
            waiting = state.players[seat].name
            if event.until_repelled:
                text = (
                    f"{name} attacks {waiting}'s Home Realm next unless {before} repels it first."
                )
            else:
                text = f"{name} attacks {waiting}'s Home Realm after {before}'s battle."
            found.append(
                Reminder(NOW, ATTACK, name, text, (seat,), False, section, event.attrition)
            )
            before = f"{before} or {waiting}" if event.until_repelled else waiting
    return tuple(found)
