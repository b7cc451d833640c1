"""AZRAH abilities as the cards print them, the response stack, emergence, and the End
phase, defeat and escape rulings (issue sections 1 to 3). Each test cites the rulebook
section (azrah-war-of-heralds.md) or the ruling it checks."""

from __future__ import annotations

import json

import pytest

from referee.rules.azrah.state import waiting
from referee.rules.azrah.system import AZRAH
from referee.rules.errors import InvalidInput
from referee.rules.tracker import (
    IllegalAction,
    LegalAction,
    OneOf,
    SomeOf,
    replay,
    start,
)
from tests.rules.tracker.azrah_game import (
    CARDED,
    SETUP,
    AzrahGame,
    act,
    carded_game,
    guardian,
    pass_turn,
    player,
    recover,
    undo,
)


def _action(game: AzrahGame) -> AzrahGame:
    """Ana's first turn, in the Action phase, with 1 Mana on Alchemist and 1 on Oracle."""
    return recover(game, "Alchemist", "Oracle")


def _entries(game: AzrahGame, seat: int, type_: str) -> list[LegalAction]:
    return [e for e in AZRAH.legal_actions(game.state, seat) if e.type == type_]


def _damage(seat: int, name: str, amount: int) -> dict[str, object]:
    return {"type": "deal_damage", "payload": {"seat": seat, "guardian": name, "amount": amount}}


# 1. Abilities as printed (Anatomy of a Card; Activating and Resolving Abilities) --------


def test_only_an_ability_the_card_prints_is_activated() -> None:
    game = _action(carded_game())
    with pytest.raises(IllegalAction, match="no ability called 'Meteor Storm'") as caught:
        act(game, "use_ability", 0, guardian="Alchemist", ability="Meteor Storm", mana=0)
    assert caught.value.field == "payload.ability"
    with pytest.raises(IllegalAction, match="needs 'ability'"):
        act(game, "use_ability", 0, guardian="Alchemist")


def test_the_printed_cost_is_paid_and_no_other() -> None:
    game = _action(carded_game())
    with pytest.raises(IllegalAction, match="Acid costs 1 Mana, as its card prints, not 0"):
        act(
            game,
            "use_ability",
            0,
            guardian="Alchemist",
            ability="Acid",
            mana=0,
            targets=["Duelist"],
        )
    with pytest.raises(IllegalAction, match="Omen costs 0 Mana") as caught:
        act(game, "use_ability", 0, guardian="Oracle", ability="Omen", mana=1)
    assert caught.value.field == "payload.mana"
    with pytest.raises(IllegalAction, match="Not enough Celestial Gems: 1 needed, 0 held"):
        act(game, "use_ability", 0, guardian="Oracle", ability="Omen")
    game = act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"])
    assert guardian(game, 0, "Alchemist").mana == 0
    assert player(game, 0).mana_pool.value == 9  # one back to the pile, one still on Oracle
    with pytest.raises(IllegalAction, match="Dragoon has 0 Mana attached and the ability costs 2"):
        act(
            act(act(game, "no_response", 1), "resolve", 0),
            "use_ability",
            0,
            guardian="Dragoon",
            ability="Lunge",
            targets=["Bard"],
        )


def test_a_target_enemy_ability_reaches_only_what_its_range_arrows_point_to() -> None:
    """Range Arrows and Targeting Enemies, R100: Alchemist, on Ana's left, points straight
    across at Ben's right place (Duelist); Dragoon, in the centre, diagonally at both ends."""
    game = _action(carded_game())
    with pytest.raises(IllegalAction, match="range arrows point only to Duelist") as caught:
        act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Bard"])
    assert caught.value.field == "payload.targets"
    with pytest.raises(IllegalAction, match="Announce the enemy Acid targets: Duelist"):
        act(game, "use_ability", 0, guardian="Alchemist", ability="Acid")
    with pytest.raises(IllegalAction, match="range arrows point only to Duelist"):
        act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Mystic"])
    (acid,) = [e for e in _entries(game, 0, "use_ability") if e.payload["ability"] == "Acid"]
    assert acid.choices["targets"] == SomeOf(("Duelist",), 1, 1)
    after = act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"])
    assert after.state.stack[-1].targets == ("Duelist",)
    moved = act(game, "move", 0, left="left", right="centre")  # Alchemist now in the centre
    assert AZRAH.view(moved.state, 0)["players"][0]["front"][1]["in_range"] == ["Cleric"]
    (acid,) = [e for e in _entries(moved, 0, "use_ability") if e.payload["ability"] == "Acid"]
    assert acid.choices["targets"] == SomeOf(("Cleric",), 1, 1)


def test_an_ability_without_target_enemy_ignores_range_arrows() -> None:
    game = pass_turn(carded_game())
    game = recover(game, "Cleric", "Cleric")
    with pytest.raises(IllegalAction, match='Mend does not say "target enemy"'):
        act(game, "use_ability", 1, guardian="Cleric", ability="Mend", targets=["Dragoon"])
    game = act(game, "use_ability", 1, guardian="Cleric", ability="Mend")
    assert game.state.stack[-1].targets == ()


def test_answers_go_back_and_forth_and_resolve_newest_first() -> None:
    """Activating and Resolving Abilities: the opponent may answer with a quick ability,
    then the player may answer that, and once the one asked declines (R105) the abilities
    resolve in reverse order."""
    game = _action(carded_game())
    game = act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"])
    assert waiting(game.state) == (1, "respond", "Alchemist")
    labels = {e.label for e in AZRAH.legal_actions(game.state, 1)}
    assert labels == {"Bard: Dissonance", "No response to Alchemist's Acid"}
    assert AZRAH.legal_actions(game.state, 0) == ()
    with pytest.raises(IllegalAction, match="Ben answers Alchemist's ability first") as caught:
        act(game, "end_phase", 0)
    assert caught.value.field == "by"
    with pytest.raises(IllegalAction, match="Only a quick ability answers"):
        act(game, "use_ability", 1, guardian="Duelist", ability="Riposte", targets=["Alchemist"])
    game = act(game, "use_ability", 1, guardian="Bard", ability="Dissonance", targets=["Oracle"])
    assert waiting(game.state) == (0, "respond", "Bard")
    game = act(game, "use_ability", 0, guardian="Oracle", ability="Ward")
    assert [a.ability for a in game.state.stack] == ["Acid", "Dissonance", "Ward"]
    game = act(game, "no_response", 1)
    assert waiting(game.state) == (0, "resolve", "Oracle")
    with pytest.raises(IllegalAction, match="Oracle's Ward resolves first"):
        act(game, "resolve", 1)
    game = act(game, "resolve", 0)  # Ward: nothing to record
    assert waiting(game.state) == (1, "resolve", "Bard")
    game = act(game, "resolve", 1, effects=[_damage(0, "Oracle", 1)])
    game = act(game, "resolve", 0, effects=[_damage(1, "Duelist", 2)])
    assert game.state.stack == () and waiting(game.state) is None
    assert guardian(game, 0, "Oracle").damage == 1
    assert guardian(game, 1, "Duelist").damage == 2
    lines = [game.line(entry, 0) for entry in game.log[-3:]]
    assert lines == [
        "Ana: resolves the newest ability",
        "Ben: resolves the newest ability: Ana's Oracle takes 1 damage",
        "Ana: resolves the newest ability: Ben's Duelist takes 2 damage",
    ]
    assert replay(AZRAH, game.setup, game.log) == game.state


def test_a_resolution_records_every_effect_in_one_entry() -> None:
    game = _action(carded_game())
    game = act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"])
    game = act(game, "no_response", 1)
    with pytest.raises(
        IllegalAction, match="Acid targets Duelist: its effect reaches no other"
    ) as caught:
        act(game, "resolve", 0, effects=[_damage(1, "Bard", 2)])
    assert caught.value.field == "payload.effects.0.payload.guardian"
    with pytest.raises(IllegalAction, match="Effect 2: The amount must be at least 1") as caught:
        act(game, "resolve", 0, effects=[_damage(1, "Duelist", 2), _damage(1, "Duelist", 0)])
    assert caught.value.field == "payload.effects.1.payload.amount"
    with pytest.raises(IllegalAction, match="An effect is one of"):
        act(game, "resolve", 0, effects=[{"type": "end_phase", "payload": {}}])
    version = game.version
    status = {
        "type": "apply_status",
        "payload": {"seat": 1, "guardian": "Duelist", "status": "frozen", "turns": 1},
    }
    mana = {"type": "attach_mana", "payload": {"guardian": "Dragoon"}}
    game = act(game, "resolve", 0, effects=[_damage(1, "Duelist", 2), status, mana])
    assert game.version == version + 1
    duelist = guardian(game, 1, "Duelist")
    assert (duelist.damage, duelist.statuses.has("frozen")) == (2, True)
    assert guardian(game, 0, "Dragoon").mana == 1
    assert game.line(game.log[-1], 1) == (
        "Ana: resolves the newest ability: Ben's Duelist takes 2 damage; Ben's Duelist is "
        "frozen for 1 turn; attaches Mana to Dragoon"
    )
    assert undo(game).state.stack[-1].ability == "Acid"


def test_the_board_is_offered_one_effect_resolutions_for_the_targets_only() -> None:
    game = _action(carded_game())
    game = act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"])
    game = act(game, "no_response", 1)
    entries = _entries(game, 0, "resolve")
    enemies = {e.payload["guardian"] for e in entries if e.payload.get("seat") == 1}
    assert enemies == {"Duelist"}
    blow = next(
        e for e in entries if e.payload.get("effect") == "deal_damage" and e.payload["seat"] == 1
    )
    assert blow.label == "Resolve Acid: damage to Ben's Duelist"
    game = act(game, "resolve", 0, **{**blow.payload, "amount": 3})
    assert guardian(game, 1, "Duelist").damage == 3


def test_an_ability_resolves_even_if_its_guardian_was_defeated() -> None:
    """Frequently Asked Questions: the ability still resolves as usual."""
    game = _action(carded_game())
    game = act(game, "use_ability", 0, guardian="Oracle", ability="Ward")
    game = act(game, "use_ability", 1, guardian="Bard", ability="Dissonance", targets=["Oracle"])
    game = act(game, "no_response", 0)
    game = act(game, "resolve", 1, effects=[_damage(0, "Oracle", 2)])
    assert guardian(game, 0, "Oracle").leaving == "defeated"
    game = act(game, "swap", 0, guardian="Oracle", replacement="Sentinel")
    assert waiting(game.state) == (0, "resolve", "Oracle")  # Ward still resolves, first
    heal = {"type": "heal", "payload": {"seat": 0, "guardian": "Sentinel", "amount": 1}}
    with pytest.raises(IllegalAction, match="no damage to heal"):
        act(game, "resolve", 0, effects=[heal])
    game = act(game, "resolve", 0)
    assert game.state.stack == ()
    assert waiting(game.state) == (0, "emerge", "Sentinel")  # then the emergence (R106)


def test_quick_abilities_with_nothing_to_answer_wait_for_your_action_phase() -> None:
    """R105: a quick ability answers an enemy's, or is used in its controller's own Action
    phase like any other (Activating and Resolving Abilities)."""
    game = carded_game()
    with pytest.raises(IllegalAction, match="only in the Action phase"):
        act(game, "use_ability", 0, guardian="Oracle", ability="Ward")
    game = recover(game)
    with pytest.raises(IllegalAction, match="Only Ana, the active player"):
        act(game, "use_ability", 1, guardian="Bard", ability="Dissonance", targets=["Oracle"])
    assert not _entries(game, 1, "use_ability")
    game = act(game, "use_ability", 0, guardian="Oracle", ability="Ward")
    assert game.state.stack[-1].quick


def test_stack_and_abilities_show_on_the_view() -> None:
    game = _action(carded_game())
    view = AZRAH.view(game.state, 1)
    alchemist = view["players"][0]["front"][0]
    assert alchemist["card"]["abilities"][0] == {
        "name": "Acid",
        "mana": 1,
        "gems": 0,
        "quick": False,
        "target_enemy": True,
        "targets": 1,
        "text": "Deal 2 damage to a target enemy.",
    }
    assert alchemist["card"]["range_arrows"] == ["centre"]
    assert alchemist["in_range"] == ["Duelist"]
    assert view["players"][0]["back"] == [None, None]
    game = act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"])
    view = AZRAH.view(game.state, 1)
    assert view["stack"][0]["ability"] == "Acid" and view["stack"][0]["targets"] == ["Duelist"]
    assert view["responder"] == 1 and view["waiting"]["kind"] == "respond"


def test_a_setup_with_cards_travels_as_json_and_back() -> None:
    data = json.loads(json.dumps(AZRAH.setup_to_json(CARDED)))
    assert AZRAH.setup_from_json(data) == CARDED
    data["players"][0]["cards"][0]["abilities"][0]["mana"] = "²"
    data["players"][1]["cards"][0]["name"] = "Nobody"
    data["transformations"][0]["base_form"] = ""
    with pytest.raises(Exception) as caught:
        AZRAH.setup_from_json(data)
    problems = caught.value.problems  # type: ignore[attr-defined]
    assert {
        "players.0.cards.0.abilities.0.mana",
        "players.1.cards.0.name",
        "transformations.0.base_form",
    } <= set(problems)


# Emergence (Activating and Resolving Abilities; Anatomy of a Turn C.2; R106) ----------


def test_an_ally_entering_at_once_activates_its_emergence_and_may_be_answered() -> None:
    game = _action(carded_game())
    game = act(game, "escape", 1, seat=0, guardian="Dragoon", forced=True)
    game = act(game, "swap", 0, guardian="Dragoon", replacement="Warden")
    assert waiting(game.state) == (0, "emerge", "Warden")
    with pytest.raises(IllegalAction, match="Warden activates its emergence ability first"):
        act(game, "end_phase", 0)
    (entry,) = _entries(game, 0, "emerge")
    # Challenge says "target enemy": one of the three its arrows reach (R112)
    assert entry.choices["targets"] == SomeOf(("Bard", "Cleric", "Duelist"), 1, 1)
    game = act(game, "emerge", 0, guardian="Warden", targets=["Cleric"])
    assert game.state.stack[-1].emergence and waiting(game.state) == (1, "respond", "Warden")
    game = act(act(game, "no_response", 1), "resolve", 0, effects=[_damage(1, "Cleric", 1)])
    assert guardian(game, 1, "Cleric").damage == 1 and waiting(game.state) is None


def test_two_allies_entering_in_the_end_phase_emerge_in_the_order_chosen() -> None:
    game = act(_action(carded_game()), "end_phase", 0)
    game = act(game, "escape", 1, seat=0, guardian="Alchemist", forced=True)
    game = act(game, "swap", 0, guardian="Alchemist", replacement="Sentinel")
    game = act(game, "escape", 1, seat=0, guardian="Dragoon", forced=True)
    game = act(game, "swap", 0, guardian="Dragoon", replacement="Warden")
    assert _entries(game, 0, "emerge") == []  # the order comes first
    game = act(game, "order_emergence", 0, order=["Warden", "Sentinel"])
    with pytest.raises(IllegalAction, match="Warden's emergence ability comes next"):
        act(game, "emerge", 0, guardian="Sentinel")
    with pytest.raises(IllegalAction, match="Activate Warden's emergence ability first"):
        act(game, "end_phase", 0)
    game = act(game, "emerge", 0, guardian="Warden", targets=["Bard"])
    game = act(act(game, "no_response", 1), "resolve", 0)
    game = act(game, "emerge", 0, guardian="Sentinel")
    game = act(act(game, "no_response", 1), "resolve", 0)
    game = act(game, "end_phase", 0)
    assert game.state.active == 1


# 2. End phase, defeat and escape (Moving and Escaping; Dealing Damage and Defeating
# Enemies; Anatomy of a Turn C.1) ----------------------------------------------------


def test_end_phase_swaps_are_simultaneous() -> None:
    """C.1, R101: a Guardian swapped out in this End phase cannot come back in it, and the
    turn may end without that swap."""
    game = act(carded_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = act(recover(game), "escape", 0, guardian="Dragoon")
    game = act(game, "end_phase", 0)
    game = act(game, "swap", 0, guardian="Dragoon", replacement="Sentinel")
    game = act(game, "escape", 1, seat=0, guardian="Sentinel", forced=True)
    with pytest.raises(IllegalAction, match="Dragoon left the front row in this End phase"):
        act(game, "swap", 0, guardian="Sentinel", replacement="Dragoon")
    swap = _entries(game, 0, "swap")[0]
    assert swap.choices["replacement"] == OneOf(("Warden",))
    game = act(game, "swap", 0, guardian="Sentinel", replacement="Warden")
    assert player(game, 0).back == ("Dragoon", "Sentinel")


def test_the_turn_ends_without_a_swap_that_would_bring_back_a_guardian() -> None:
    game = act(carded_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = act(game, "deal_damage", 1, seat=0, guardian="Oracle", amount=2)  # defeated
    game = act(game, "swap", 0, guardian="Oracle", replacement="Sentinel")
    game = act(act(act(game, "emerge", 0, guardian="Sentinel"), "no_response", 1), "resolve", 0)
    game = act(recover(game, "Dragoon", "Dragoon"), "escape", 0, guardian="Dragoon")
    game = act(game, "end_phase", 0)
    game = act(game, "swap", 0, guardian="Dragoon", replacement="Warden")
    game = act(game, "escape", 1, seat=0, guardian="Warden", forced=True)
    # Oracle was defeated this turn and Dragoon left in this End phase: nobody can enter.
    assert waiting(game.state) is None
    assert not _entries(game, 0, "swap")
    game = act(game, "end_phase", 0)
    assert game.state.active == 1


def test_a_defeated_guardian_escapes_at_once_and_takes_no_mana() -> None:
    """Dealing Damage and Defeating Enemies: the defeated Guardian immediately escapes
    (R101, replacing R51)."""
    game = _action(carded_game())
    game = act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=3)
    assert waiting(game.state) == (1, "swap", "Bard")
    assert AZRAH.legal_actions(game.state, 0) == ()
    assert {e.type for e in AZRAH.legal_actions(game.state, 1)} == {"swap"}
    with pytest.raises(IllegalAction, match="Ben's Bard leaves the front row first"):
        act(game, "end_phase", 0)
    game = act(game, "swap", 1, guardian="Bard", replacement="Ranger")
    assert player(game, 1).front[0] == "Ranger" and "Bard" in player(game, 1).back


def test_the_table_device_swaps_for_the_seat_that_must_by_place() -> None:
    """R53: the table's device does not name the entering card; it gives its place (R111,
    tests/rules/azrah/test_table_swaps.py)."""
    game = _action(carded_game())
    game = act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=3)
    with pytest.raises(IllegalAction, match="Ben has no face-up Guardian by that name"):
        act(game, "swap", None, guardian="Bard", replacement="Ranger")  # R53: Ben's choice
    assert [e.seat for e in AZRAH.legal_actions(game.state, 1) if e.type == "swap"] == [1]
    game = act(game, "swap", None, guardian="Bard", place=2)
    assert player(game, 1).front[0] == "Ranger"


def test_a_guardian_defeated_in_recovery_cannot_be_swapped_back_in() -> None:
    game = act(carded_game(), "deal_damage", 1, seat=0, guardian="Oracle", amount=2)
    game = act(game, "swap", 0, guardian="Oracle", replacement="Sentinel")
    game = act(act(act(game, "emerge", 0, guardian="Sentinel"), "no_response", 1), "resolve", 0)
    game = act(game, "escape", 1, seat=0, guardian="Sentinel", forced=True)
    assert game.state.clock.phase.name == "Recovery"
    with pytest.raises(IllegalAction, match="Oracle was defeated this turn"):
        act(game, "swap", 0, guardian="Sentinel", replacement="Oracle")
    assert _entries(game, 0, "swap")[0].choices["replacement"] == OneOf(("Warden",))


def test_an_escaping_guardian_nobody_can_replace_loses_its_cards_and_stays() -> None:
    """Moving and Escaping, R103."""
    game = act(carded_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = recover(game, "Dragoon", "Dragoon")
    game = act(game, "attach_item", 0, seat=0, guardian="Dragoon", card="Potion")
    game = act(game, "escape", 0, guardian="Dragoon")
    for name, replacement in (("Oracle", "Sentinel"), ("Sentinel", "Warden")):
        game = act(game, "deal_damage", 1, seat=0, guardian=name, amount=9)
        game = act(game, "swap", 0, guardian=name, replacement=replacement)
        targets = {"targets": ["Cleric"]} if replacement == "Warden" else {}
        game = act(game, "emerge", 0, guardian=replacement, **targets)
        game = act(act(game, "no_response", 1), "resolve", 0)
    game = act(act(game, "end_phase", 0), "end_phase", 0)
    dragoon = guardian(game, 0, "Dragoon")
    assert (dragoon.mana, dragoon.items, dragoon.leaving, dragoon.damage) == (0, (), None, 1)
    assert "Dragoon" in player(game, 0).front
    assert player(game, 0).mana_pool.value == 10


def test_a_transformation_transforms_an_ally_only() -> None:
    """Transformations, Curses and Items: "transform an ally"; the card tied to the base
    form gives its hit points."""
    game = recover(carded_game(), "Dragoon", "Dragoon")
    with pytest.raises(IllegalAction, match="transforms an ally, never an enemy"):
        act(game, "transform", 1, seat=0, guardian="Dragoon", transformation="Wyrm Dragoon")
    with pytest.raises(IllegalAction, match="Dragoon transforms only into Wyrm Dragoon"):
        act(game, "transform", 0, seat=0, guardian="Dragoon", transformation="Whelp", hit_points=2)
    with pytest.raises(IllegalAction, match="Wyrm Dragoon has 6 hit points"):
        act(
            game,
            "transform",
            0,
            seat=0,
            guardian="Dragoon",
            transformation="Wyrm Dragoon",
            hit_points=9,
        )
    assert not [e for e in _entries(game, 1, "transform") if e.payload["seat"] == 0]
    game = act(game, "transform", 0, seat=0, guardian="Dragoon", transformation="Wyrm Dragoon")
    assert guardian(game, 0, "Dragoon").hit_points == 6
    flame = [e for e in _entries(game, 0, "use_ability") if e.payload["guardian"] == "Dragoon"]
    assert [e.payload["ability"] for e in flame] == ["Flame"]


# 3. Points the book leaves open ---------------------------------------------------------


def test_a_back_row_guardian_with_too_much_damage_is_defeated_on_entering() -> None:
    """R107 and R102: damage in the back row defeats nobody there; entering the front row
    with damage at or above its hit points, it is defeated at once."""
    game = act(carded_game(), "deal_damage", 0, seat=0, guardian="Warden", amount=3)
    assert player(game, 0).health.value == 3
    game = act(game, "escape", 1, seat=0, guardian="Oracle", forced=True)
    game = act(game, "swap", 0, guardian="Oracle", replacement="Warden")
    assert guardian(game, 0, "Warden").leaving == "defeated"
    assert player(game, 0).health.value == 2


def test_a_reverted_base_form_keeps_its_damage_and_is_not_defeated_as_it_leaves() -> None:
    """Transformations, Curses and Items; R102."""
    game = recover(carded_game())
    game = act(game, "transform", 0, seat=0, guardian="Dragoon", transformation="Wyrm Dragoon")
    game = act(game, "deal_damage", 1, seat=0, guardian="Dragoon", amount=5)
    game = act(game, "escape", 1, seat=0, guardian="Dragoon", forced=True)
    dragoon = guardian(game, 0, "Dragoon")
    assert (dragoon.transformation, dragoon.damage, dragoon.leaving) == (None, 5, "forced")
    assert player(game, 0).health.value == 3
    game = act(game, "swap", 0, guardian="Dragoon", replacement="Sentinel")
    assert guardian(game, 0, "Dragoon").damage == 5


def test_a_one_turn_frozen_lasts_through_its_controllers_next_turn() -> None:
    """Important Keywords (Frozen), R104: only the Guardian's controller's turns count."""
    game = act(carded_game(), "deal_damage", 0, seat=1, guardian="Bard", amount=1)
    game = act(game, "apply_status", 0, seat=1, guardian="Bard", status="frozen", turns=1)
    game = recover(pass_turn(game))
    with pytest.raises(IllegalAction, match="Bard is Frozen and cannot escape"):
        act(game, "escape", 1, guardian="Bard")
    game = pass_turn(pass_turn(game))
    assert not guardian(game, 1, "Bard").statuses.has("frozen")


def test_a_defeat_does_not_use_the_turns_escape() -> None:
    """Moving and Escaping; Anatomy of a Turn B.3; R108."""
    game = act(carded_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = act(recover(game), "deal_damage", 1, seat=0, guardian="Oracle", amount=2)
    game = act(game, "swap", 0, guardian="Oracle", replacement="Sentinel")
    game = act(act(act(game, "emerge", 0, guardian="Sentinel"), "no_response", 1), "resolve", 0)
    assert "escape" not in game.state.limits.used
    game = act(game, "escape", 0, guardian="Dragoon")
    assert guardian(game, 0, "Dragoon").leaving == "voluntary"


def test_an_entrant_forced_out_before_its_emergence_activates_nothing() -> None:
    """R106: the emergence waits for the stack; a Guardian gone by then activates nothing."""
    game = _action(carded_game())
    game = act(game, "use_ability", 0, guardian="Oracle", ability="Ward")
    game = act(game, "use_ability", 1, guardian="Bard", ability="Dissonance", targets=["Oracle"])
    game = act(game, "no_response", 0)
    game = act(game, "resolve", 1, effects=[_damage(0, "Oracle", 2)])
    game = act(game, "swap", 0, guardian="Oracle", replacement="Warden")
    assert waiting(game.state) == (0, "resolve", "Oracle")
    escape = {"type": "escape", "payload": {"seat": 0, "guardian": "Warden"}}
    game = act(game, "resolve", 0, effects=[escape])  # Ward's effect forces Warden out
    assert waiting(game.state) == (0, "swap", "Warden")
    game = act(game, "swap", 0, guardian="Warden", replacement="Sentinel")
    assert waiting(game.state) == (0, "emerge", "Sentinel")
    assert [e.payload["guardian"] for e in _entries(game, 0, "emerge")] == ["Sentinel"]


def test_the_published_example_refuses_an_ability_aurelias_card_does_not_print() -> None:
    """Anatomy of a Card; Activating and Resolving Abilities: the example setup carries each
    Guardian's card, so "Aurelia uses Meteor Storm, 0 Mana" is refused and nothing is paid or
    put on the stack; her printed Radiant Lance at 1 Mana is refused too (it costs 2)."""
    game = start(AZRAH, AZRAH.setup_from_json(AZRAH.example_setup()))
    game = recover(game, "Aurelia, Dawn Warden", "Aurelia, Dawn Warden")
    aurelia = "Aurelia, Dawn Warden"
    with pytest.raises(IllegalAction, match="no ability called 'Meteor Storm'"):
        act(game, "use_ability", 0, guardian=aurelia, ability="Meteor Storm", mana=0)
    with pytest.raises(IllegalAction, match="Radiant Lance costs 2 Mana, as its card prints"):
        act(game, "use_ability", 0, guardian=aurelia, ability="Radiant Lance", mana=1,
            targets=["Thorne Wildcaller"])  # fmt: skip
    used = act(game, "use_ability", 0, guardian=aurelia, ability="Radiant Lance",
               targets=["Thorne Wildcaller"])  # fmt: skip
    assert [a.ability for a in used.state.stack] == ["Radiant Lance"]
    assert guardian(used, 0, aurelia).mana == 0


def test_the_example_setup_carries_every_party_guardians_card() -> None:
    """Anatomy of a Card: each of the ten Guardians of the published example has its card."""
    setup = AZRAH.setup_from_json(AZRAH.example_setup())
    for seat in setup.players:
        assert {card.name for card in seat.cards} == {*seat.front, *seat.back}
    AZRAH.check_new_setup(setup)  # a new game may start from it


def test_a_new_game_needs_each_guardians_card_and_names_the_one_without() -> None:
    """Anatomy of a Card: a new game's setup carries each Guardian's card, so every ability
    is checked against it; the problem names the Guardian that has none."""
    data = AZRAH.example_setup()
    players = data["players"]
    assert isinstance(players, list) and isinstance(players[1], dict)
    cards = players[1]["cards"]
    assert isinstance(cards, list)
    players[1]["cards"] = [
        c for c in cards if isinstance(c, dict) and c["name"] != "Thorne Wildcaller"
    ]
    with pytest.raises(InvalidInput) as caught:
        AZRAH.check_new_setup(AZRAH.setup_from_json(data))
    assert caught.value.problems == {
        "players.1.cards": [
            "Ben's setup carries no card for Thorne Wildcaller: a new game needs each "
            "Guardian's card as printed (Anatomy of a Card)."
        ]
    }


def test_a_stored_game_without_cards_still_replays_as_recorded() -> None:
    """R114: a game stored before setups carried cards replays, its abilities as the table
    named them; only a new game must carry the cards."""
    cardless = AZRAH.setup_from_json(AZRAH.setup_to_json(SETUP))
    with pytest.raises(InvalidInput):
        AZRAH.check_new_setup(cardless)
    game = recover(start(AZRAH, cardless), "Alchemist", "Alchemist")
    used = act(game, "use_ability", 0, guardian="Alchemist", ability="Old Trick", mana=2)
    assert [a.ability for a in used.state.stack] == ["Old Trick"]
