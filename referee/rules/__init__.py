"""Pure rules engines, one package per game system. Nothing here imports Django.

Each system registers itself in ``SYSTEMS`` by slug; pages, the REST API, trackers and Celery
tasks look systems up here, so adding a game means adding a package and one line below.
"""

from __future__ import annotations

from .about import GameSystem

SYSTEMS: dict[str, GameSystem] = {
    system.slug: system
    for system in (
        GameSystem(
            slug="azeroth",
            name="Azeroth at War",
            kind="miniatures",
            rulebook="azeroth-at-war.md",
            summary="Horde against Alliance skirmishes with single-model units, Heroes and Mana.",
        ),
        GameSystem(
            slug="azrah",
            name="AZRAH: War of Heralds",
            kind="card game",
            rulebook="azrah-war-of-heralds.md",
            summary=(
                "Two Heralds field parties of Guardians in front and back rows, "
                "fuelled by Mana and Celestial Gems."
            ),
        ),
        GameSystem(
            slug="azuki",
            name="Azuki TCG",
            kind="card game",
            rulebook="azuki-tcg.md",
            summary="A trading card game: a Leader, a Gate and a 50-card main deck of one element.",
        ),
        GameSystem(
            slug="athazar",
            name="Deaths of Athazar",
            kind="card game",
            rulebook="deaths-of-athazar.md",
            summary="A shedding card game: kill and disrupt your way to an empty hand first.",
        ),
        GameSystem(
            slug="runeage",
            name="Rune Age",
            kind="card game",
            rulebook="rune-age.md",
            summary="A deck-building game of four races, cities, armies and dragon runes.",
        ),
    )
}
