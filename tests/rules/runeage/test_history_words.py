"""History lines of combat say what happened in words every viewer may read: who won a
combat and what it was about, and which unit was destroyed or wounded (Conduct a Battle,
Conduct a Siege, Attrition Die, Destroying & Wounding Units)."""

from __future__ import annotations

from referee.rules.runeage.system import RUNE_AGE
from tests.rules.runeage.game import RuneAgeGame, act, new_game


def last_line(game: RuneAgeGame, viewer: int | None = None) -> str:
    return game.line(game.log[-1], viewer)


def test_a_won_battle_names_the_winner_and_the_target() -> None:
    """Conduct a Battle, step 4: a tie goes to the army, which secures the city."""
    game = new_game("dragonlords", 3)
    city = next(c for c in game.state.setup.cards.cities if c.strength == 3)
    assert city.name in game.state.central_cities
    game = act(game, "attack", 0, target=f"city:{city.name}")
    for _ in range(3):
        game = act(game, "play_card", 0, card="Levy Spearman")
    game = act(act(game, "pass", 0), "resolve", 0)
    line = last_line(game)
    assert line.startswith("Ana: resolves the combat; ")
    assert f"Ana wins the battle against {city.name}, 3 to 3" in line
    assert f"Ana secures {city.name}" in line


def test_a_lost_battle_names_the_card_as_the_winner() -> None:
    game = new_game("dragonlords", 3)
    game = act(game, "attack", 0, target="stronghold:Greyfen Tower")
    game = act(act(game, "pass", 0), "resolve", 0)
    line = last_line(game)
    assert "Greyfen Tower wins the battle against Ana, 2 to 0" in line
    assert "Greyfen Tower stays in the Barracks" in line


def test_a_siege_of_a_home_realm_names_the_winner_and_the_damage() -> None:
    """Conduct a Siege, step 3: the defender's Home Realm takes the difference."""
    game = new_game("dragonlords", 3)
    game = act(game, "attack", 0, target="realm:2")
    game = act(game, "play_card", 0, card="Levy Spearman")
    game = act(game, "pass", 2)
    game = act(game, "play_card", 0, card="Levy Spearman")
    game = act(game, "pass", 0)
    game = act(act(game, "pass", 0), "pass", 2)
    game = act(game, "resolve", 0)
    line = last_line(game, 1)
    assert "Ana wins the siege of Cleo's Home Realm, 2 to 0" in line
    assert "Cleo's Home Realm takes 2 damage" in line


def test_a_repelled_siege_names_the_defender() -> None:
    """Conduct a Siege: a tie goes to the defender."""
    game = new_game("dragonlords", 3)
    game = act(game, "attack", 0, target="realm:1")
    game = act(act(game, "pass", 0), "pass", 1)
    game = act(act(game, "pass", 0), "pass", 1)
    game = act(game, "resolve", 0)
    assert "Ben wins the siege of Ben's Home Realm, 0 to 0: Ben repels it" in last_line(game)


def test_a_unit_destroyed_for_attrition_is_named() -> None:
    """Attrition Die: the player destroys a participating unit of their choice."""
    game = new_game("dragonlords", 3)
    game = act(game, "attack", 0, target="objective")
    game = act(game, "play_card", 0, card="Levy Spearman")
    game = act(game, "play_other", 0, name="Hired Ogre", strength=4)
    game = act(game, "pass", 0)
    game = act(game, "roll_attrition", 0, roll="skull")
    game = act(game, "destroy", 0, side="attacker", card="a2")
    line = last_line(game)
    assert line.startswith("Ana: destroys a unit of the attacker; ")
    assert "Ana's Hired Ogre is destroyed for attrition" in line
    game = act(game, "roll_attrition", 0, roll="skull")
    game = act(game, "destroy", 0, side="attacker", card="a1")
    line = last_line(game)
    assert "Ana's Levy Spearman is destroyed for attrition and goes back to the Barracks" in line


def test_a_unit_wounded_or_destroyed_by_an_ability_is_named() -> None:
    """Destroying & Wounding Units."""
    game = new_game("dragonlords", 3)
    game = act(game, "attack", 0, target="realm:1")
    game = act(game, "play_card", 0, card="Levy Spearman")
    game = act(game, "play_card", 1, card="Grove Scout")
    game = act(game, "wound", 1, side="attacker", card="a1")
    assert "Ana's Levy Spearman is wounded" in last_line(game)
    game = act(game, "destroy", 0, side="defender", card="d2")
    assert "Ben's Grove Scout is destroyed and goes back to the Barracks" in last_line(game)
    game = act(act(game, "pass", 0), "pass", 1)
    game = act(act(game, "pass", 0), "pass", 1)
    game = act(game, "resolve", 0)
    assert "Ana's Levy Spearman, wounded, is destroyed" in last_line(game)


def test_every_viewer_reads_the_same_combat_words() -> None:
    game = new_game("dragonlords", 3)
    game = act(game, "attack", 0, target="stronghold:Greyfen Tower")
    game = act(game, "play_card", 0, card="Levy Spearman")
    game = act(game, "destroy", 0, side="attacker", card="a1")
    game = act(act(game, "pass", 0), "resolve", 0)
    lines = {v: [game.line(e, v) for e in game.log] for v in (None, 0, 1, 2)}
    assert all(lines[v] == lines[None] for v in lines)
    assert RUNE_AGE.aftermath(game.log[-1].seq, game.state) in lines[None][-1]
