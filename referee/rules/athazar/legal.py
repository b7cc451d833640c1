"""What each seat of a Deaths of Athazar game may do now, as python-chess lists legal moves.

With a hand entered, the kills and disruptions are exactly those its cards allow, each with
the rule that allows it and the cards it sheds (the kill helper); without one, the entries
name the characters a player may record, and the engine checks what they name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.athazar.cards import (
    ARCHER,
    ASSASSIN,
    BRAWLER,
    CHARACTERS,
    DJINN,
    HUNTER,
    MAGICIAN,
    MERCHANT,
    PLAYED_EFFECTS,
    PRINCE,
    PRINCESS,
    PRINCESS_KILLS,
    RENEGADE,
    SAILOR,
    SORCERER,
    TOKENS,
    WARRIOR,
    WARRIOR_VALUES,
    WISEMAN,
    Card,
    a,
    check_kill,
    parse,
    sort_key,
)
from referee.rules.athazar.state import DEAL, OVER, PASS, PLAY, AthazarState, SeatState
from referee.rules.tracker import JSON, Amount, IllegalAction, LegalAction, Listing, OneOf

EFFECT_RULES = {
    MERCHANT: "A Merchant swaps whole hands with another player; Djinns stay (Effect cards 3).",
    SORCERER: "A Sorcerer gives one of your cards to another player (Effect cards 5).",
    WISEMAN: "A Wiseman takes one card from the deck (Effect cards 6).",
    PRINCE: "A Prince makes every other player holding cards take one (Effect cards 7).",
}
EFFECT_SHEDS = {MERCHANT: 0, SORCERER: 2, WISEMAN: 0, PRINCE: 1}
EFFECT_OUTCOMES = {
    MERCHANT: "swaps hands: Djinns stay",
    SORCERER: "sheds 2: one played, one given",
    WISEMAN: "sheds 1 and takes 1 from the deck",
    PRINCE: "sheds 1",
}


@dataclass(frozen=True, slots=True)
class Option:
    """One play the helper lists: the legal action, the rule allowing it, how many cards it
    takes out of the hand (a Merchant's swap: 0, since it depends on the hands) and what it
    does to the hand in words."""

    action: LegalAction
    rule: str
    sheds: int
    outcome: str = ""

    @property
    def says(self) -> str:
        return self.outcome or f"sheds {self.sheds}"


def _cards(tokens: Sequence[str]) -> list[Card]:
    return [parse(token, "hand") for token in tokens]


def _valued(test: object = None) -> tuple[str, ...]:
    """Tokens of every card with a value, kept by ``test`` on the value."""
    found: list[str] = []
    for token in TOKENS:
        value = parse(token, "card").value
        if value is None:
            continue
        if callable(test) and not test(value):
            continue
        found.append(token)
    return tuple(found)


ODD = _valued(lambda v: v % 2 == 1)
EVEN = _valued(lambda v: v % 2 == 0)
ANY = _valued()
WARRIORS = tuple(f"{WARRIOR} {v}" for v in WARRIOR_VALUES)


def legal_actions(state: AthazarState, seat: int) -> tuple[LegalAction, ...]:
    if state.phase == OVER or not 0 <= seat < len(state.seats):
        return ()
    mine = state.seats[seat]
    listing = Listing(seat)
    if state.phase == PASS and state.in_play(seat) and mine.passing is None:
        _passes(mine, listing)
    if state.phase == PLAY and state.active == seat:
        listing.add("skip_turn", "Do nothing this turn", {}, at=f"play:{seat}")
        listing.entries += [option.action for option in options(state, seat)]
    if state.phase == DEAL and seat == state.dealer:
        listing.add("deal", "Deal a card to every player", {}, at="deal")
    _hand(mine, listing)
    return listing.actions()


def _hand(mine: SeatState, listing: Listing) -> None:
    """Entering one's own cards: the whole hand saved at once (one entry, R177), or one
    card added or taken out (for other tools: the page saves the whole hand)."""
    seat = listing.seat
    at = f"hand:{seat}"
    if mine.held > 0 or mine.hand is not None:
        listing.add(
            "enter_hand", "Save my hand", {"cards": list(mine.hand or ())}, at=f"hand-edit:{seat}"
        )
    if mine.unknown > 0:
        for character in CHARACTERS:
            if character == WARRIOR:
                listing.add(
                    "add_card", "Warrior", {"card": WARRIORS[0]}, {"card": OneOf(WARRIORS)}, at=at
                )
            else:
                listing.add("add_card", character, {"card": character}, at=at)
    if mine.hand:
        distinct = tuple(sorted(set(mine.hand), key=sort_key))
        listing.add(
            "drop_card",
            "Take out",
            {"card": distinct[0]},
            {"card": OneOf(distinct)},
            at=f"hand-drop:{seat}",
        )
    if mine.hand is not None:
        listing.add("forget_hand", "Forget my hand", {}, at=f"hand-drop:{seat}")


def _passes(mine: SeatState, listing: Listing) -> None:
    """One card; a Hunter (or a Princess acting as one, R168) and one more; none with only
    Djinns (How to Play 3, Effect cards 2 and 4)."""
    at = f"pass:{listing.seat}"
    if mine.count == 0:
        return
    if mine.hand is None:
        listing.add("pass_cards", "Pass a card", {"count": 1}, at=at)
        if mine.count >= 2:
            listing.add("pass_cards", "Pass a Hunter and one more card", {"count": 2}, at=at)
        listing.add("pass_cards", "Pass nothing: I hold only Djinns", {"count": 0}, at=at)
        return
    passable = sorted({t for t in mine.hand if t != DJINN}, key=sort_key)
    if passable:
        listing.add(
            "pass_cards",
            "Pass the card chosen",
            {"count": 1, "card": passable[0]},
            {"card": OneOf(tuple(passable))},
            at=at,
        )
    for carrier in (HUNTER, PRINCESS):
        if carrier in mine.hand:
            rest = list(mine.hand)
            rest.remove(carrier)
            others = sorted({t for t in rest if t != DJINN}, key=sort_key)
            if others:
                listing.add(
                    "pass_cards",
                    f"Pass the {carrier}{' as a Hunter' if carrier == PRINCESS else ''} "
                    "and the card chosen",
                    {"count": 2, "card": carrier, "second_card": others[0]},
                    {"second_card": OneOf(tuple(others))},
                    at=at,
                )
    if mine.unknown > 0:
        listing.add("pass_cards", "Pass a card not entered", {"count": 1}, at=at)
    if not passable and mine.unknown == 0:
        listing.add("pass_cards", "Pass nothing: I hold only Djinns", {"count": 0}, at=at)


def _targets(state: AthazarState, seat: int) -> list[int]:
    """The other players still holding cards (How to Play 8: no cards, immune)."""
    return [
        other
        for other, s in enumerate(state.seats)
        if other != seat and state.in_play(other) and s.count > 0
    ]


def options(state: AthazarState, seat: int) -> list[Option]:
    """Every kill and disruption ``seat`` may make on its turn (the kill helper's list)."""
    mine = state.seats[seat]
    if mine.hand is None:
        found = _named_kills(mine, seat) + _named_effects(state, mine, seat)
    else:
        found = _hand_kills(mine, seat) + _hand_effects(state, mine, seat)
    return [
        Option(
            LegalAction(
                o.action.type,
                o.action.label,
                seat,
                o.action.payload,
                o.action.choices,
                f"play:{seat}:{index}",
                o.action.names,
            ),
            o.rule,
            o.sheds,
            o.outcome,
        )
        for index, o in enumerate(found)
    ]


def _kill_action(
    seat: int,
    killer: str,
    victims: Sequence[str],
    role: str | None,
    choices: dict[str, OneOf] | None = None,
) -> LegalAction:
    payload: dict[str, JSON] = {"killer": killer, "victim": victims[0]}
    if len(victims) > 1:
        payload["second_victim"] = victims[1]
    if role is not None:
        payload["as"] = role
    acting = f" as {a(role)}" if role else ""
    if choices:
        label = f"{killer}{acting} kills"
    else:
        label = f"{killer}{acting} kills {' and '.join(victims)}"
    return LegalAction("kill", label, seat, payload, choices or {}, f"play:{seat}")


def _hand_kills(mine: SeatState, seat: int) -> list[Option]:
    """Each kill the cards entered allow, once (Kill Cards 1-7, D1, D3)."""
    hand = list(mine.hand or ())
    found: dict[str, Option] = {}
    for killer in sorted(set(hand), key=sort_key):
        rest = list(hand)
        rest.remove(killer)
        card = parse(killer, "hand")
        roles: Sequence[str | None] = PRINCESS_KILLS if card.character == PRINCESS else (None,)
        for role in roles:
            acting = role or card.character
            if acting == MAGICIAN:
                groups = _pairs(rest)
                candidates = groups
            else:
                candidates = [(v,) for v in sorted(set(rest), key=sort_key)]
            for victims in candidates:
                try:
                    kill = check_kill(card, tuple(_cards(victims)), role)
                except IllegalAction:
                    continue
                action = _kill_action(seat, killer, victims, role)
                found.setdefault(action.label, Option(action, kill.rule, len(kill.cards)))
    return list(found.values())


def _pairs(rest: Sequence[str]) -> list[tuple[str, ...]]:
    """Each set of two cards of one character among ``rest`` (Kill Cards 5, R165)."""
    pairs: set[tuple[str, ...]] = set()
    for i, first in enumerate(rest):
        for second in rest[i + 1 :]:
            if parse(first, "hand").character == parse(second, "hand").character:
                pairs.add(tuple(sorted((first, second), key=sort_key)))
    return sorted(pairs, key=lambda pair: tuple(sort_key(t) for t in pair))


def _named_kills(mine: SeatState, seat: int) -> list[Option]:
    """Kills recorded by naming the cards, when no hand is entered: for each killer, the
    victims its rule allows."""
    if mine.held < 2:
        return []
    found: list[Option] = []
    pairs: list[tuple[str, str | None]] = [(c, None) for c in (BRAWLER, RENEGADE, ASSASSIN, ARCHER)]
    pairs += [(PRINCESS, c) for c in (BRAWLER, RENEGADE, ASSASSIN, ARCHER)]
    for killer, role in pairs:
        victims = {BRAWLER: (SAILOR,), RENEGADE: ODD, ASSASSIN: ANY, ARCHER: EVEN}[role or killer]
        rule = check_kill(parse(killer, "k"), (parse(victims[0], "v"),), role).rule
        choices = {"victim": OneOf(victims)} if len(victims) > 1 else None
        found.append(Option(_kill_action(seat, killer, victims[:1], role, choices), rule, 2))
    for value in WARRIOR_VALUES[1:]:
        killer = f"{WARRIOR} {value}"
        lower = _valued(lambda v, top=value: v < top)
        rule = f"A Warrior kills values lower than its own, {value} (Kill Cards 6)."
        found.append(
            Option(_kill_action(seat, killer, lower[:1], None, {"victim": OneOf(lower)}), rule, 2)
        )
    if mine.held >= 3:
        for killer, role in ((MAGICIAN, None), (PRINCESS, MAGICIAN)):
            for character in CHARACTERS:
                rule = (
                    "A Magician discards itself with one set of matching characters (Kill Cards 5)."
                )
                if character == WARRIOR:
                    choices = {"victim": OneOf(WARRIORS), "second_victim": OneOf(WARRIORS)}
                    action = _kill_action(seat, killer, WARRIORS[:2], role, choices)
                    action = LegalAction(
                        action.type,
                        f"{killer}{' as a Magician' if role else ''} kills two Warriors",
                        seat,
                        action.payload,
                        action.choices,
                        action.at,
                    )
                else:
                    action = _kill_action(seat, killer, (character, character), role)
                found.append(Option(action, rule, 3))
    return found


def _effect_roles(card: str) -> Sequence[str]:
    if card == PRINCESS:
        return PLAYED_EFFECTS
    return (card,) if card in PLAYED_EFFECTS else ()


def _effect_action(
    seat: int,
    card: str,
    acting: str,
    payload: dict[str, JSON],
    choices: dict[str, OneOf | Amount],
    label: str,
) -> LegalAction:
    body: dict[str, JSON] = {"card": card, **payload}
    if card == PRINCESS:
        body["as"] = acting
    return LegalAction("play_effect", label, seat, body, choices, f"play:{seat}")


def _hand_effects(state: AthazarState, mine: SeatState, seat: int) -> list[Option]:
    hand = list(mine.hand or ())
    found: list[Option] = []
    for card in sorted(set(hand), key=sort_key):
        rest = list(hand)
        rest.remove(card)
        for acting in _effect_roles(card):
            found += _effect_options(state, mine, seat, card, acting, rest)
    return found


def _named_effects(state: AthazarState, mine: SeatState, seat: int) -> list[Option]:
    if mine.held < 1:
        return []
    found: list[Option] = []
    for card in (*PLAYED_EFFECTS, PRINCESS):
        for acting in _effect_roles(card):
            found += _effect_options(state, mine, seat, card, acting, None)
    return found


def _effect_options(
    state: AthazarState,
    mine: SeatState,
    seat: int,
    card: str,
    acting: str,
    rest: list[str] | None,
) -> list[Option]:
    """One disruption's entries; ``rest``: the other cards entered, None without a hand."""
    rule = EFFECT_RULES[acting]
    shown = f"{card} as {a(acting)}" if card == PRINCESS else card
    names = {str(t): state.seats[t].name for t in _targets(state, seat)}
    targets = tuple(_targets(state, seat))
    unknown = mine.unknown if rest is not None else mine.held - 1
    if acting in (WISEMAN, PRINCE):
        sheds = EFFECT_SHEDS[acting]
        words = "take a card" if acting == WISEMAN else "every other player takes a card"
        action = _effect_action(seat, card, acting, {}, {}, f"{shown}: {words}")
        return [Option(action, rule, sheds, EFFECT_OUTCOMES[acting])]
    if not targets:
        return []
    if acting == SORCERER:
        if mine.held < 2:
            return []
        found: list[Option] = []
        givable = sorted({t for t in (rest or []) if t != DJINN}, key=sort_key)
        if givable:
            action = _effect_action(
                seat,
                card,
                acting,
                {"target": targets[0], "given": givable[0]},
                {"target": OneOf(targets), "given": OneOf(tuple(givable))},
                f"{shown}: give",
            )
            found.append(Option(_named(action, names), rule, 2, EFFECT_OUTCOMES[acting]))
        if rest is None or unknown > 0:
            action = _effect_action(
                seat,
                card,
                acting,
                {"target": targets[0]},
                {"target": OneOf(targets)},
                f"{shown}: give a card{' not entered' if rest is not None else ''}",
            )
            found.append(Option(_named(action, names), rule, 2, EFFECT_OUTCOMES[acting]))
        return found
    # a Merchant: the Djinns kept stay with their holders (Effect cards 3 and 4)
    known = sum(1 for t in rest if t == DJINN) if rest is not None else 0
    low, high = known, min(known + unknown, mine.held - 2)
    if high < low:
        return []
    found = []
    for target in targets:
        other = state.seats[target]
        keeps: dict[str, OneOf | Amount] = {"target_keeps": Amount(0, other.count)}
        if high > low:
            keeps["keeps"] = Amount(low, high)
        action = _effect_action(
            seat,
            card,
            acting,
            {"target": target, "keeps": low, "target_keeps": 0},
            keeps,
            f"{shown}: swap hands with {other.name}",
        )
        found.append(Option(_named(action, names), rule, 0, EFFECT_OUTCOMES[acting]))
    return found


def _named(action: LegalAction, names: dict[str, str]) -> LegalAction:
    return LegalAction(
        action.type, action.label, action.seat, action.payload, action.choices, action.at, names
    )


def hand_view(state: AthazarState, viewer: int) -> dict[str, JSON] | None:
    """The viewer's own hand as they entered it (None: not entered): their secret."""
    if not 0 <= viewer < len(state.seats) or state.seats[viewer].hand is None:
        return None
    mine = state.seats[viewer]
    return {"cards": list(mine.hand or ()), "not_entered": mine.unknown, "check": mine.check}


def helper(state: AthazarState, viewer: int) -> dict[str, JSON] | None:
    """The kill helper for the viewer's own entered hand (None without one): on their turn,
    each kill and disruption with the rule allowing it and the cards it sheds, the most
    marked. Without a hand the board's form names a kill for the engine to check."""
    if not 0 <= viewer < len(state.seats) or state.seats[viewer].hand is None:
        return None
    turn = state.phase == PLAY and state.active == viewer
    found = options(state, viewer) if turn else []
    most = max((o.sheds for o in found), default=0)
    best_first = sorted(found, key=lambda o: -o.sheds)  # stable: the list's order otherwise
    plays: list[JSON] = [
        {
            "at": option.action.at,
            "type": option.action.type,
            "rule": option.rule,
            "sheds": option.sheds,
            "outcome": option.says,
            "most": most > 0 and option.sheds == most,
        }
        for option in best_first
    ]
    return {"seat": viewer, "turn": turn, "plays": plays}
