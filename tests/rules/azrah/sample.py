"""A small AZRAH catalog for the roster tests (made-up cards, not official ones): seventeen
Guardians (one with a comma in its name), two Transformations, a Curse and an Item."""

from __future__ import annotations

from referee.rules.azrah.cards import Guardian, Party, Position, Roster, SharedCard

L, C, R = Position.LEFT, Position.CENTRE, Position.RIGHT

NAMES = (
    "Emberwing",
    "Tidewarden",
    "Stonehide",
    "Gale Dancer",
    "Nightbloom",
    "Sunspear",
    "Frostveil",
    "Thornback",
    "Ashcaller",
    "Moonwhisper",
    "Ironroot",
    "Starfall",
    "Duskfang",
    "Brightshield",
    "Voidweaver",
    "Cinderfox",
    "Aurelia, Dawn Warden",
)
GUARDIANS = tuple(
    Guardian(f"AZR-{n:03}", name, 3 + n % 3, (L, C, R)[: 1 + n % 3])
    for n, name in enumerate(NAMES, start=1)
)
TRANSFORMATIONS = (
    Guardian("AZR-101", "Emberwing Ascendant", 6, (L, C, R), base_form="Emberwing"),
    Guardian("AZR-102", "Tidewarden Leviathan", 7, (C,), base_form="Tidewarden"),
)
SHARED = (
    SharedCard("AZR-201", "Hexed Doll", "curse", "Nightbloom"),
    SharedCard("AZR-202", "Sunscroll", "item", "Sunspear"),
)
CARDS: tuple[Guardian | SharedCard, ...] = (*GUARDIANS, *TRANSFORMATIONS, *SHARED)
CATALOG: dict[str, Guardian | SharedCard] = {card.id: card for card in CARDS}

FIFTEEN = NAMES[:15]
LEGAL_PARTY = Party(
    front=("Emberwing", "Tidewarden", "Stonehide"), back=("Gale Dancer", "Nightbloom")
)


def roster(*guardians: str, **changes: object) -> Roster:
    """The legal roster of the first fifteen names (no party), with ``changes``."""
    return Roster(guardians=guardians or FIFTEEN, **changes)  # type: ignore[arg-type]
