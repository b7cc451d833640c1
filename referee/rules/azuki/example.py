"""A made-up demonstration of two Azuki decks for the tracker's ``example_setup`` and the
tests: cards of the demonstration catalog (``games/systems/azuki/starter.json``), which are
invented for Referee and are no official card list."""

from __future__ import annotations

from referee.rules.azuki.cards import CardType, Element
from referee.rules.azuki.setup import AzukiSetup, CardInfo, DeckCard, SeatSetup


def _card(
    card_id: str,
    name: str,
    kind: str,
    element: str,
    ikz_cost: int | None,
    gate_power: int | None,
    attack: int | None,
    health: int | None,
    text: str,
) -> CardInfo:
    return CardInfo(
        card_id, name, CardType(kind), Element(element), ikz_cost, gate_power, attack, health, text
    )


CARDS: dict[str, CardInfo] = {
    "AZK-001": _card(
        "AZK-001",
        "Ember Matriarch",
        "leader",
        "fire",
        None,
        None,
        None,
        20,
        "[Once/Turn] Pay 1 IKZ: give one Fire entity +1 attack until end of turn.",
    ),
    "AZK-003": _card(
        "AZK-003",
        "Cinder Gate",
        "gate",
        "fire",
        None,
        None,
        None,
        None,
        "Deal damage equal to the portaled entity's Gate Power to an entity in the "
        "opponent's Garden.",
    ),
    "AZK-010": _card(
        "AZK-010",
        "Kindling Sprite",
        "entity",
        "fire",
        1,
        1,
        1,
        1,
        "[On Play] Deal 1 damage to a tapped entity.",
    ),
    "AZK-011": _card("AZK-011", "Ashen Hound", "entity", "fire", 2, 1, 2, 2, "Charge."),
    "AZK-012": _card("AZK-012", "Flamebrand Duelist", "entity", "fire", 2, 2, 2, 3, ""),
    "AZK-013": _card(
        "AZK-013",
        "Pyre Acolyte",
        "entity",
        "fire",
        3,
        2,
        2,
        3,
        "[In Alley Only Ability] [Once/Turn] Give your Leader +1 attack until end of turn.",
    ),
    "AZK-014": _card(
        "AZK-014",
        "Scorchscale Drake",
        "entity",
        "fire",
        4,
        3,
        4,
        4,
        "[When Attacking] Deal 1 damage to the opponent's Leader.",
    ),
    "AZK-015": _card("AZK-015", "Magma Colossus", "entity", "fire", 6, 4, 6, 7, "Defender."),
    "AZK-016": _card("AZK-016", "Emberguard Sentry", "entity", "fire", 3, 1, 1, 5, "Defender."),
    "AZK-017": _card(
        "AZK-017",
        "Cinderwake Ritualist",
        "entity",
        "fire",
        3,
        2,
        3,
        2,
        "[On Play] Deal 2 damage to an entity.",
    ),
    "AZK-018": _card(
        "AZK-018",
        "Blazing Phoenix",
        "entity",
        "fire",
        5,
        3,
        4,
        4,
        "When this is destroyed, return it to your hand.",
    ),
    "AZK-019": _card(
        "AZK-019",
        "Fireball",
        "spell",
        "fire",
        2,
        None,
        None,
        None,
        "[Main] Deal 3 damage to an entity.",
    ),
    "AZK-020": _card(
        "AZK-020",
        "Backdraft",
        "spell",
        "fire",
        1,
        None,
        None,
        None,
        "[Response] The attacking entity gets -2 attack until end of turn.",
    ),
    "AZK-021": _card(
        "AZK-021",
        "Inferno Rite",
        "spell",
        "fire",
        4,
        None,
        None,
        None,
        "[Main] Deal 2 damage to every entity in the opponent's Garden.",
    ),
    "AZK-022": _card(
        "AZK-022",
        "Kindle the Forge",
        "spell",
        "fire",
        1,
        None,
        None,
        None,
        "[Main] Draw 2 cards, then discard 1.",
    ),
    "AZK-023": _card(
        "AZK-023",
        "Brand of Embers",
        "weapon",
        "fire",
        1,
        None,
        2,
        None,
        "[On Play] The equipped card gets +2 attack.",
    ),
    "AZK-024": _card("AZK-024", "Magmaforged Axe", "weapon", "fire", 3, None, 4, None, ""),
    "AZK-030": _card(
        "AZK-030", "Wandering Tinker", "entity", "neutral", 2, 1, 1, 2, "[On Play] Draw 1 card."
    ),
    "AZK-031": _card("AZK-031", "Stone Golem", "entity", "neutral", 4, 2, 3, 5, ""),
    "AZK-032": _card(
        "AZK-032",
        "Second Wind",
        "spell",
        "neutral",
        2,
        None,
        None,
        None,
        "[Main] Restore 3 Health to your Leader.",
    ),
    "AZK-033": _card("AZK-033", "Traveller's Blade", "weapon", "neutral", 1, None, 1, None, ""),
    "AZK-041": _card(
        "AZK-041",
        "Cinderwake Ritualist",
        "entity",
        "fire",
        4,
        3,
        3,
        3,
        "[On Play] Deal 2 damage to an entity, then 1 damage to the opponent's Leader.",
    ),
}


def _deck(*lines: tuple[str, int]) -> tuple[DeckCard, ...]:
    return tuple(DeckCard(CARDS[card_id], count) for card_id, count in lines)


ANA = SeatSetup(
    "Ana",
    CARDS["AZK-001"],
    CARDS["AZK-003"],
    _deck(
        *(
            (card_id, 4)
            for card_id in (
                "AZK-010",
                "AZK-011",
                "AZK-012",
                "AZK-013",
                "AZK-014",
                "AZK-015",
                "AZK-016",
                "AZK-017",
                "AZK-019",
                "AZK-020",
                "AZK-023",
                "AZK-030",
            )
        ),
        ("AZK-031", 2),
    ),
)
BEN = SeatSetup(
    "Ben",
    CARDS["AZK-001"],
    CARDS["AZK-003"],
    _deck(
        *(
            (card_id, 4)
            for card_id in (
                "AZK-011",
                "AZK-012",
                "AZK-014",
                "AZK-016",
                "AZK-017",
                "AZK-018",
                "AZK-021",
                "AZK-022",
                "AZK-024",
                "AZK-031",
                "AZK-032",
                "AZK-033",
            )
        ),
        ("AZK-041", 2),
    ),
)
EXAMPLE_SETUP = AzukiSetup((ANA, BEN), first_player=0, first_player_by="coin")
