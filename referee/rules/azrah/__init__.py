"""AZRAH: War of Heralds rules engines: roster validation and the table tracker."""

from referee.rules.about import GameSystem

ABOUT = GameSystem(
    slug="azrah",
    name="AZRAH: War of Heralds",
    kind="card game",
    rulebook="azrah-war-of-heralds.md",
    summary=(
        "Two Heralds field parties of Guardians in front and back rows, "
        "fuelled by Mana and Celestial Gems."
    ),
)
