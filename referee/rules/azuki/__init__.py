"""Azuki TCG rules engines: deck validation and the table tracker."""

from referee.rules.about import GameSystem

ABOUT = GameSystem(
    slug="azuki",
    name="Azuki TCG",
    kind="card game",
    rulebook="azuki-tcg.md",
    summary="A trading card game: a Leader, a Gate and a 50-card main deck of one element.",
)
