"""Rune Age: cards as data, the table tracker and its legal actions."""

from referee.rules.about import GameSystem

ABOUT = GameSystem(
    slug="runeage",
    name="Rune Age",
    kind="card game",
    rulebook="rune-age.md",
    summary="A deck-building game of four races, cities, armies and dragon runes.",
)
