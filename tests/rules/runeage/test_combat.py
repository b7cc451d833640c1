"""Combat (Combat Action, Conduct a Battle, Conduct a Siege, Attrition Die, Destroying &
Wounding Units)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from referee.rules.runeage.actions import initial_state
from referee.rules.runeage.legal import legal_actions
from referee.rules.runeage.state import (
    ASSAULT,
    ATTRITION,
    ATTRITION_FACES,
    RESOLUTION,
    SKULLS,
    RuneAgeState,
)
from referee.rules.runeage.system import RUNE_AGE
from referee.rules.runeage.words import table_view
from referee.rules.tracker import IllegalAction
from tests.rules.runeage.game import end_turns, new_setup, owning_cards, step


def fresh(players: int = 3, scenario: str = "dragonlords") -> RuneAgeState:
    return initial_state(new_setup(scenario, players))


def resolve_siege(state: RuneAgeState) -> RuneAgeState:
    """Neither side has a Resolution ability: the attacker is done, then the defender, and
    the attacker resolves (Conduct a Siege, step 3)."""
    combat = state.combat
    assert combat is not None and combat.attacker.seat is not None
    attacker, defender = combat.attacker.seat, combat.defender.seat
    state = step(step(state, "pass", attacker), "pass", defender)
    return step(state, "resolve", attacker)


def city_of(state: RuneAgeState, strength: int) -> str:
    cards = state.setup.cards
    return next(
        c.name for c in cards.cities if c.name in state.central_cities and c.strength == strength
    )


def give_city(state: RuneAgeState, seat: int, name: str) -> RuneAgeState:
    players = list(state.players)
    players[seat] = replace(players[seat], cities=(*players[seat].cities, name))
    central = tuple(c for c in state.central_cities if c != name)
    return replace(state, players=tuple(players), central_cities=central)


def test_a_battle_totals_strength_as_cards_are_played_and_a_tie_secures_the_city() -> None:
    """Conduct a Battle, steps 2 and 4: the army wins ties; the city joins the play area."""
    state = fresh()
    name = city_of(state, 3)
    state = step(state, "attack", 0, target=f"city:{name}")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "play_card", 0, card="Levy Spearman")
    assert table_view(state)["combat"]["attack_total"] == 2
    assert table_view(state)["spending"]["strength_played"] == 2
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "pass", 0)
    assert state.combat is not None and state.combat.step == RESOLUTION
    state = step(state, "resolve", 0)
    assert name in state.players[0].cities and name not in state.central_cities
    state = step(state, "exhaust", 0, card=f"city:{name}")  # R191: it enters refreshed
    assert state.pool_kind == "influence"


def test_a_failed_battle_leaves_the_target_where_it_was() -> None:
    state = fresh()
    name = city_of(state, 3)
    state = step(state, "attack", 0, target=f"city:{name}")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(step(state, "pass", 0), "resolve", 0)
    assert name in state.central_cities and not state.players[0].cities


def test_each_target_is_attacked_once_per_round_by_each_player() -> None:
    """Combat Action: a player may attack each target only once per round."""
    state = fresh(2)
    name = city_of(state, 3)
    state = step(state, "attack", 0, target=f"city:{name}")
    state = step(step(state, "pass", 0), "resolve", 0)
    with pytest.raises(IllegalAction, match="once per round"):
        step(state, "attack", 0, target=f"city:{name}")
    targets = {a.payload["target"] for a in legal_actions(state, 0) if a.type == "attack"}
    assert f"city:{name}" not in targets
    state = end_turns(state, 1)
    state = step(state, "attack", 1, target=f"city:{name}")  # another player may
    state = step(step(state, "pass", 1), "resolve", 1)
    state = end_turns(state, 1)
    state = step(state, "draw_event", 0, event="Bountiful Harvest")
    state = step(state, "end_event_phase", 0)
    state = step(state, "attack", 0, target=f"city:{name}")  # a new round
    assert state.combat is not None


def test_a_stronghold_is_secured_with_strength() -> None:
    """Resources (Note): a stronghold may be secured for its 2 strength."""
    state = step(fresh(), "attack", 0, target="stronghold:Greyfen Tower")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(step(state, "pass", 0), "resolve", 0)
    assert state.players[0].strongholds == ("Greyfen Tower",)
    assert state.players[0].barracks["Greyfen Tower"] == 0


def test_another_players_strongholds_are_never_a_target() -> None:
    """Conduct a Siege (Note): strongholds cannot be besieged."""
    state = fresh()
    targets = {a.payload["target"] for a in legal_actions(state, 0) if a.type == "attack"}
    assert {t for t in targets if t.startswith("stronghold:")} == {
        "stronghold:Millbridge Watch",
        "stronghold:Greyfen Tower",
        "stronghold:Stonecross Fort",
    }
    with pytest.raises(IllegalAction, match="not a target"):
        step(state, "attack", 0, target="stronghold:Leafshade Post")


def test_the_attrition_die_is_rolled_once_per_icon_and_each_skull_destroys_a_unit() -> None:
    """Attrition Die; Conduct a Battle, step 3: Wyrm Brood has two icons. Destroyed units
    go back to the Barracks and count nothing."""
    state = fresh()
    state = replace(state, enemies=(("Wyrm Brood", 1),))
    state = step(state, "attack", 0, target="enemy:Wyrm Brood")
    for _ in range(3):
        state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "play_other", 0, name="Hired Ogre", strength=7)
    state = step(state, "pass", 0)
    assert state.combat is not None and state.combat.step == ATTRITION
    with pytest.raises(IllegalAction, match="shows one of"):
        step(state, "roll_attrition", 0, roll="three skulls")
    state = step(state, "roll_attrition", 0, roll="two skulls")
    with pytest.raises(IllegalAction, match="Destroy the units"):
        step(state, "roll_attrition", 0, roll="blank")
    state = step(state, "destroy", 0, side="attacker", card="a1")
    state = step(state, "destroy", 0, side="attacker", card="a2")
    state = step(state, "roll_attrition", 0, roll="blank")
    assert state.combat is not None and state.combat.step == RESOLUTION
    assert state.combat.attack_total == 8  # a tie with Wyrm Brood: the army wins
    assert state.players[0].owned["Levy Spearman"] == 1
    assert state.players[0].barracks["Levy Spearman"] == 7
    state = step(state, "resolve", 0)
    assert state.enemies == () and state.discard == ("Wyrm Brood",)


def test_skulls_beyond_the_participating_units_destroy_nothing_more() -> None:
    """Attrition Die: with no other participating unit, no unit is destroyed."""
    state = replace(fresh(), enemies=(("Marauding Wyvern", 1),))
    state = step(state, "attack", 0, target="enemy:Marauding Wyvern")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "pass", 0)
    state = step(state, "roll_attrition", 0, roll="two skulls")
    assert state.combat is not None and state.combat.skulls == 1
    state = step(state, "destroy", 0, side="attacker", card="a1")
    assert state.combat is not None and state.combat.step == RESOLUTION


def test_a_wounded_unit_counts_and_is_destroyed_at_the_end_of_combat() -> None:
    """Destroying & Wounding Units; Conduct a Battle, step 5."""
    state = step(fresh(), "attack", 0, target="stronghold:Greyfen Tower")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "wound", 0, side="attacker", card="a1")
    with pytest.raises(IllegalAction, match="wounded already"):
        step(state, "wound", 0, side="attacker", card="a1")
    state = step(step(state, "pass", 0), "resolve", 0)
    assert state.players[0].strongholds == ("Greyfen Tower",)  # 2 strength, wound and all
    assert state.players[0].owned["Levy Spearman"] == 2
    assert state.players[0].barracks["Levy Spearman"] == 6


def test_a_destroyed_neutral_unit_returns_to_its_central_pile() -> None:
    """Destroying & Wounding Units: a neutral unit's place of origin is the central area."""
    state = owning_cards(fresh(), 0, {"Demon": 1})
    state = step(state, "attack", 0, target="stronghold:Greyfen Tower")
    state = step(state, "play_card", 0, card="Demon")
    state = step(state, "destroy", 0, side="attacker", card="a1")
    assert state.neutral_piles["Demon"] == 5
    assert state.players[0].owned["Demon"] == 0


def test_a_player_plays_no_more_copies_than_they_own() -> None:
    """R184."""
    state = step(fresh(), "attack", 0, target="stronghold:Greyfen Tower")
    for _ in range(3):
        state = step(state, "play_card", 0, card="Levy Spearman")
    with pytest.raises(IllegalAction, match="owns no other Levy Spearman"):
        step(state, "play_card", 0, card="Levy Spearman")


def test_a_siege_alternates_and_the_city_adds_its_auto_defense() -> None:
    """Conduct a Siege, steps 2 and 3: both sides play one card at a time, attacker first,
    until both pass; a tie goes to the defender."""
    state = fresh()
    name = city_of(state, 3)  # auto-defense 1
    state = give_city(state, 1, name)
    state = step(state, "attack", 0, target=f"city:{name}")
    assert state.combat is not None and state.combat.kind == "siege"
    with pytest.raises(IllegalAction, match="wait for the other side"):
        step(state, "play_card", 1, card="Grove Scout")
    state = step(state, "play_card", 0, card="Levy Spearman")
    assert state.combat is not None and state.combat.to_play == 1
    state = step(state, "play_card", 1, card="Grove Scout")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "pass", 1)
    with pytest.raises(IllegalAction, match="You have passed"):
        step(state, "play_card", 1, card="Grove Scout")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "pass", 0)
    combat = state.combat
    assert combat is not None and (combat.attack_total, combat.defence_total) == (3, 2)
    state = resolve_siege(state)
    assert name in state.players[0].cities and name not in state.players[1].cities
    assert f"city:{name}" not in state.players[0].exhausted  # taken refreshed


def test_a_siege_tie_goes_to_the_defender() -> None:
    state = fresh()
    name = city_of(state, 3)
    state = give_city(state, 1, name)
    state = step(state, "attack", 0, target=f"city:{name}")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "pass", 1)
    state = step(state, "pass", 0)
    state = resolve_siege(state)
    assert name in state.players[1].cities


def test_a_city_taken_in_the_cataclysm_enters_exhausted() -> None:
    """The Cataclysm: Special Rules."""
    state = fresh(2, "cataclysm")
    name = city_of(state, 3)
    state = give_city(state, 1, name)
    state = step(state, "attack", 0, target=f"city:{name}")
    state = step(state, "play_other", 0, name="Siege Tower", strength=5)
    state = step(step(state, "pass", 1), "pass", 0)
    state = resolve_siege(state)
    assert f"city:{name}" in state.players[0].exhausted


def test_a_home_realm_takes_the_difference_as_damage() -> None:
    """Conduct a Siege: Siege a Home Realm."""
    state = step(fresh(), "attack", 0, target="realm:2")
    state = step(state, "play_other", 0, name="Warband", strength=7)
    state = step(state, "play_card", 2, card="Blood Runner")
    state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "pass", 2)
    state = step(state, "pass", 0)
    state = resolve_siege(state)
    assert state.players[2].damage == 8 - 1


def test_home_realms_cannot_be_attacked_in_the_monument() -> None:
    """The Monument: Special Rules."""
    state = fresh(2, "monument")
    targets = {a.payload["target"] for a in legal_actions(state, 0) if a.type == "attack"}
    assert "realm:1" not in targets
    with pytest.raises(IllegalAction):
        step(state, "attack", 0, target="realm:1")


def test_an_ability_changes_only_its_own_armys_strength() -> None:
    """R189."""
    state = step(fresh(), "attack", 0, target="realm:1")
    state = step(state, "adjust", 0, side="attacker", amount=3)
    with pytest.raises(IllegalAction, match="their own army"):
        step(state, "adjust", 0, side="defender", amount=-1)
    assert state.combat is not None and state.combat.step == ASSAULT
    assert state.combat.attack_total == 3


def test_nothing_else_happens_during_a_combat() -> None:
    state = step(fresh(), "attack", 0, target="realm:1")
    with pytest.raises(IllegalAction, match="Finish the combat"):
        step(state, "end_turn", 0)
    assert {a.type for a in legal_actions(state, 0)} >= {"play_card", "pass"}
    assert "end_turn" not in {a.type for a in legal_actions(state, 0)}


def _types(state: RuneAgeState, seat: int) -> list[str]:
    return [a.type for a in legal_actions(state, seat)]


def test_siege_resolution_abilities_go_attacker_first_then_defender() -> None:
    """Conduct a Siege, step 3 (and Abilities: Resolution): the attacker applies all of their
    Resolution abilities, then the defender all of theirs; only then is the siege resolved."""
    state = step(fresh(), "attack", 0, target="realm:1")
    state = step(state, "play_other", 0, name="Warband", strength=4)
    state = step(step(state, "pass", 1), "pass", 0)
    assert state.combat is not None and state.combat.step == RESOLUTION
    assert state.combat.to_play == 0
    assert _types(state, 0) == ["adjust", "pass"] and _types(state, 1) == []
    with pytest.raises(IllegalAction, match="attacker applies") as early:
        step(state, "adjust", 1, side="defender", amount=2)
    assert early.value.field == "by"
    with pytest.raises(IllegalAction, match="Resolution abilities first"):
        step(state, "resolve", 0)
    state = step(state, "adjust", 0, side="attacker", amount=1)
    state = step(state, "pass", 0)  # Ana is done: Ben's turn
    assert state.combat is not None and state.combat.to_play == 1
    assert _types(state, 0) == [] and _types(state, 1) == ["adjust", "pass"]
    with pytest.raises(IllegalAction, match="defender applies"):
        step(state, "adjust", 0, side="attacker", amount=1)
    with pytest.raises(IllegalAction, match="Resolution abilities first"):
        step(state, "resolve", 0)
    state = step(state, "adjust", 1, side="defender", amount=2)
    state = step(state, "pass", 1)
    assert _types(state, 0) == ["resolve"] and _types(state, 1) == []
    with pytest.raises(IllegalAction, match="done"):
        step(state, "adjust", 1, side="defender", amount=1)
    state = step(state, "resolve", 0)
    assert state.combat is None and state.players[1].damage == 5 - 2


def test_only_a_unit_is_destroyed_or_wounded_by_an_ability() -> None:
    """Destroying & Wounding Units: the terms are about units; a tactic is none (nor is the
    target card). Battle Cry is a tactic, Levy Spearman a unit, a typed card counts as one."""
    state = owning_cards(fresh(), 0, {"Battle Cry": 1})
    state = step(state, "attack", 0, target="realm:1")
    state = step(state, "play_card", 0, card="Battle Cry")  # a1
    state = step(state, "play_card", 1, card="Grove Scout")  # d2
    state = step(state, "play_card", 0, card="Levy Spearman")  # a3
    for kind in ("destroy", "wound"):
        with pytest.raises(IllegalAction, match="Battle Cry is a tactic") as refused:
            step(state, kind, 1, side="attacker", card="a1")
        assert refused.value.field == "payload.card"
        offered = [a for a in legal_actions(state, 1) if a.type == kind]
        assert offered and all("a1" not in a.choices["card"].to_json() for a in offered)
    state = step(state, "destroy", 1, side="attacker", card="a3")
    state = step(state, "wound", 1, side="defender", card="d2")
    assert state.combat is not None
    assert [c.name for c in state.combat.attacker.cards] == ["Battle Cry"]


def test_the_attrition_die_has_three_blank_faces_two_skulls_and_one_double() -> None:
    """R181: the die the app rolls for the table, and the faces the table may record, with
    the units each face destroys."""
    assert Counter(ATTRITION_FACES) == {"blank": 3, "skull": 2, "two skulls": 1}
    assert SKULLS == {"blank": 0, "skull": 1, "two skulls": 2}
    roll_type = RUNE_AGE.action_type("roll_attrition")
    assert roll_type is not None and roll_type.fields[0].faces == ATTRITION_FACES
    state = replace(fresh(), enemies=(("Wyrm Brood", 1),))
    state = step(state, "attack", 0, target="enemy:Wyrm Brood")
    for _ in range(3):
        state = step(state, "play_card", 0, card="Levy Spearman")
    state = step(state, "pass", 0)
    (roll,) = [a for a in legal_actions(state, 0) if a.type == "roll_attrition"]
    assert roll.choices["roll"].to_json() == {
        "dice": 1,
        "faces": ["blank", "skull", "two skulls"],
    }
    for face, skulls in (("skull", 1), ("two skulls", 2)):
        rolled = step(state, "roll_attrition", 0, roll=face)
        assert rolled.combat is not None and rolled.combat.skulls == skulls
