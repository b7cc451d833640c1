"""A small Azuki catalog for the deck tests (made-up cards, not official ones).

A Fire and a Water Leader; a Fire, a Water and a Neutral Gate; ten Fire and five Neutral
main-deck cards; a Water and a Lightning card; and two cards that share the name "Ashen Squire"
under different IDs (K3: different cards).
"""

from __future__ import annotations

from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element

F, W, N = Element.FIRE, Element.WATER, Element.NEUTRAL

CARDS = (
    Card("AZK-001", "Blaze Empress", CardType.LEADER, F, health=20),
    Card("AZK-002", "Tide Regent", CardType.LEADER, W, health=20),
    Card("AZK-003", "Ember Gate", CardType.GATE, F),
    Card("AZK-004", "Tidal Gate", CardType.GATE, W),
    Card("AZK-005", "Wanderer's Gate", CardType.GATE, N),
    *(Card(f"AZK-{n:03}", f"Fire Card {n}", CardType.ENTITY, F, 2, 1, 2, 2) for n in range(10, 17)),
    Card("AZK-017", "Cinderwake Ritualist", CardType.ENTITY, F, 3, 2, 3, 2),
    Card("AZK-018", "Flame Lash", CardType.SPELL, F, ikz_cost=1),
    Card("AZK-019", "Molten Blade", CardType.WEAPON, F, ikz_cost=2, attack=2),
    *(
        Card(f"AZK-{n:03}", f"Neutral Card {n}", CardType.ENTITY, N, 1, 1, 1, 1)
        for n in range(20, 25)
    ),
    Card("AZK-030", "Tidecaller", CardType.ENTITY, W, 2, 1, 2, 3),
    Card("AZK-031", "Stormcaller", CardType.ENTITY, Element.LIGHTNING, 2, 1, 3, 1),
    Card("AZK-040", "Ashen Squire", CardType.ENTITY, F, 1, 1, 1, 2),
    Card("AZK-041", "Ashen Squire", CardType.ENTITY, N, 1, 1, 2, 1),
)
CATALOG: dict[str, Card] = {card.id: card for card in CARDS}

# 12 Fire/Neutral cards x 4, plus 2: exactly 50.
LEGAL_MAIN = (
    *(DeckLine(4, f"AZK-{n:03}") for n in (10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21)),
    DeckLine(2, "AZK-022"),
)


def deck(
    *cards: DeckLine,
    leader: str | None = "AZK-001",
    gate: str | None = "AZK-003",
) -> Deck:
    """A Fire deck with ``cards`` as its main deck (the legal 50 when none are given)."""
    return Deck(
        leader=DeckLine(1, leader) if leader is not None else None,
        gate=DeckLine(1, gate) if gate is not None else None,
        cards=cards or LEGAL_MAIN,
    )


LEGAL_TEXT = """\
Leader:
1 AZK-001 Blaze Empress
Gate:
1 AZK-003 Ember Gate
Main deck:
4 AZK-010 Fire Card 10
4 AZK-011 Fire Card 11
4 AZK-012 Fire Card 12
4 AZK-013 Fire Card 13
4 AZK-014 Fire Card 14
4 AZK-015 Fire Card 15
4 AZK-016 Fire Card 16
4 AZK-017 Cinderwake Ritualist
4 AZK-018 Flame Lash
4 AZK-019 Molten Blade
4 AZK-020 Neutral Card 20
4 AZK-021 Neutral Card 21
2 AZK-022 Neutral Card 22
"""
