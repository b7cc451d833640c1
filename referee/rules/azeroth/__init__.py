"""Azeroth at War rules engines: attack odds (combat), morale, magic and blast, and the
tracked game (system, legal, actions, words, state, setup)."""

from referee.rules.about import GameSystem

ABOUT = GameSystem(
    slug="azeroth",
    name="Azeroth at War",
    kind="miniatures",
    rulebook="azeroth-at-war.md",
    summary="Horde against Alliance skirmishes with single-model units, Heroes and Mana.",
)
