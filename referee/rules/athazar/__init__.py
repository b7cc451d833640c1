"""Deaths of Athazar: the cards, and the table tracker's engine (``system`` wires ``legal``,
``actions``, ``words``, ``state`` and ``setup``, each importing only those after it)."""

from referee.rules.about import GameSystem

ABOUT = GameSystem(
    slug="athazar",
    name="Deaths of Athazar",
    kind="card game",
    rulebook="deaths-of-athazar.md",
    summary="A shedding card game: kill and disrupt your way to an empty hand first.",
)
