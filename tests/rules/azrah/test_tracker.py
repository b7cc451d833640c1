"""The AZRAH table tracker: every rule, applied, refused with a reason, undone and redone."""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee.rules.azrah.cards import Party
from referee.rules.azrah.setup import AzrahSetup, SeatSetup
from referee.rules.azrah.system import AZRAH
from referee.rules.errors import InvalidInput
from referee.rules.tracker import Action, IllegalAction, decide_first_player, replay, start
from tests.rules.tracker.azrah_game import (
    ANA,
    BEN,
    SETUP,
    act,
    guardian,
    new_game,
    pass_turn,
    player,
    recover,
    redo,
    undo,
)

# Setup --------------------------------------------------------------------------------


def test_it_starts_each_player_on_three_health_without_gems() -> None:
    game = new_game()
    for seat in (0, 1):
        assert player(game, seat).health.value == 3
        assert player(game, seat).gems.value == 0
        assert player(game, seat).mana_pool.value == 10
    assert guardian(game, 0, "Dragoon").hit_points == 4
    state = game.state
    assert (state.active, state.clock.turn, state.clock.phase.name) == (0, 1, "Recovery")


def test_the_first_player_comes_from_the_setup() -> None:
    assert new_game(first_player=1).state.active == 1


def test_the_coin_flip_winner_chooses_to_play_first_or_second() -> None:
    """Game Setup; R109: the flip's winner plays first, or chooses to play second, and then
    the other player goes first; a flip is 0 or 1."""
    assert decide_first_player(0) == 0
    assert decide_first_player(1) == 1
    assert decide_first_player(1, winner_plays_first=False) == 0
    with pytest.raises(IllegalAction, match="0 or 1"):
        decide_first_player(2)


def test_it_builds_a_seat_from_a_starting_party() -> None:
    party = Party(("Alchemist", "Dragoon", "Oracle"), ("Sentinel", "Warden"))
    assert SeatSetup.from_party("Ana", party, ANA.hit_points) == ANA
    with pytest.raises(IllegalAction, match="3 front-row and 2 back-row"):
        SeatSetup.from_party("Ana", Party(("Alchemist",), ()), ANA.hit_points)


def test_it_rejects_a_party_naming_a_guardian_twice() -> None:
    twice = SeatSetup("Ana", ("Alchemist", "Dragoon", "Oracle"), ("Oracle", "Warden"), {})
    with pytest.raises(IllegalAction, match="twice"):
        AZRAH.initial_state(AzrahSetup((twice, BEN)))


def test_it_rejects_a_guardian_without_hit_points() -> None:
    missing = SeatSetup(ANA.name, ANA.front, ANA.back, {"Alchemist": 3})
    with pytest.raises(IllegalAction, match="Dragoon needs its total hit points"):
        AZRAH.initial_state(AzrahSetup((missing, BEN)))


def test_it_rejects_a_first_player_who_is_not_seated() -> None:
    with pytest.raises(IllegalAction, match="seat 0 or seat 1"):
        AZRAH.initial_state(AzrahSetup((ANA, BEN), first_player=2))


def test_it_rejects_an_unknown_action_and_an_unknown_seat() -> None:
    with pytest.raises(IllegalAction, match="no action called 'fireball'"):
        act(new_game(), "fireball")
    with pytest.raises(IllegalAction, match="seats 0 and 1"):
        act(new_game(), "end_phase", 2)


# Recovery -----------------------------------------------------------------------------


def test_recovery_attaches_two_mana_to_front_row_allies_from_the_pile() -> None:
    game = act(new_game(), "attach_mana", 0, guardian="Dragoon")
    game = act(game, "attach_mana", 0, guardian="Oracle")
    assert guardian(game, 0, "Dragoon").mana == 1
    assert guardian(game, 0, "Oracle").mana == 1
    assert player(game, 0).mana_pool.value == 8
    with pytest.raises(IllegalAction, match=r"attaches 2 Mana; 2 already attached.*A\.2"):
        act(game, "attach_mana", 0, guardian="Dragoon")


def test_recovery_refuses_mana_on_a_back_row_ally() -> None:
    with pytest.raises(IllegalAction, match="Sentinel is in Ana's back row"):
        act(new_game(), "attach_mana", 0, guardian="Sentinel")


def test_recovery_cannot_end_before_its_mana_is_attached() -> None:
    game = act(new_game(), "attach_mana", 0, guardian="Dragoon")
    with pytest.raises(IllegalAction, match="Attach 1 more Mana"):
        act(game, "end_phase", 0)


def test_mana_outside_recovery_needs_an_ability_effect() -> None:
    game = recover(new_game())
    with pytest.raises(IllegalAction, match="only in the Recovery phase"):
        act(game, "attach_mana", 0, guardian="Dragoon")
    game = act(game, "attach_mana", 0, guardian="Dragoon", amount=3, effect=True)
    assert guardian(game, 0, "Dragoon").mana == 3
    assert player(game, 0).mana_pool.value == 5


def test_an_empty_pile_gives_no_mana() -> None:
    game = recover(new_game())
    game = act(game, "attach_mana", 0, guardian="Oracle", amount=8, effect=True)
    with pytest.raises(IllegalAction, match="Not enough Mana cards"):
        act(game, "attach_mana", 0, guardian="Oracle", effect=True)


def test_only_the_active_player_attaches_recovery_mana() -> None:
    with pytest.raises(IllegalAction, match="Only Ana, the active player"):
        act(new_game(), "attach_mana", 1, guardian="Bard")


def test_no_gem_on_the_first_turn_then_one_each_turn_up_to_three() -> None:
    game = new_game()
    assert player(game, 0).gems.value == 0  # Z1
    game = pass_turn(game)
    assert player(game, 1).gems.value == 1  # the second player's first turn gains one
    gems = []
    for _ in range(8):
        game = pass_turn(game)
        gems.append(player(game, 0).gems.value)
    assert gems == [1, 1, 2, 2, 3, 3, 3, 3]  # Z2


def test_recovery_heals_one_damage_on_each_back_row_ally() -> None:
    game = act(new_game(), "deal_damage", 1, seat=1, guardian="Mystic", amount=1)
    game = act(game, "deal_damage", 1, seat=1, guardian="Ranger", amount=2)
    game = pass_turn(game)
    assert guardian(game, 1, "Mystic").damage == 0
    assert guardian(game, 1, "Ranger").damage == 1


# Action -------------------------------------------------------------------------------


def test_an_ability_pays_with_mana_attached_to_that_ally_and_gems() -> None:
    game = recover(new_game(), "Dragoon", "Dragoon")
    game = act(game, "use_ability", 0, guardian="Dragoon", ability="Lunge", mana=2)
    assert guardian(game, 0, "Dragoon").mana == 0
    assert guardian(game, 0, "Dragoon").used_ability
    assert player(game, 0).mana_pool.value == 10


def test_an_ability_cannot_use_another_allys_mana() -> None:
    game = recover(new_game(), "Dragoon", "Dragoon")
    with pytest.raises(IllegalAction, match="Oracle has 0 Mana attached and the ability costs 1"):
        act(game, "use_ability", 0, guardian="Oracle", mana=1)


def test_an_ability_needs_the_gems_it_costs() -> None:
    game = recover(new_game())
    with pytest.raises(IllegalAction, match="Not enough Celestial Gems: 1 needed, 0 held"):
        act(game, "use_ability", 0, guardian="Dragoon", gems=1)
    game = recover(pass_turn(pass_turn(game)))
    game = act(game, "use_ability", 0, guardian="Dragoon", gems=1)
    assert player(game, 0).gems.value == 0


def test_a_normal_ability_waits_for_the_action_phase() -> None:
    with pytest.raises(IllegalAction, match="only in the Action phase"):
        act(new_game(), "use_ability", 0, guardian="Dragoon")


def test_the_opponent_uses_only_quick_abilities_in_answer() -> None:
    """Activating and Resolving Abilities; R105: with nothing to answer, only the active
    player activates, in the Action phase."""
    game = recover(new_game())
    with pytest.raises(IllegalAction, match="Only Ana, the active player"):
        act(game, "use_ability", 1, guardian="Bard")
    with pytest.raises(IllegalAction, match="Only Ana, the active player"):
        act(game, "use_ability", 1, guardian="Bard", quick=True)
    game = act(game, "use_ability", 0, guardian="Dragoon")
    with pytest.raises(IllegalAction, match="Only a quick ability answers"):
        act(game, "use_ability", 1, guardian="Bard")
    game = act(game, "use_ability", 1, guardian="Bard", quick=True)
    assert guardian(game, 1, "Bard").used_ability


def test_a_back_row_ally_cannot_use_abilities() -> None:
    with pytest.raises(IllegalAction, match="only front-row Guardians can activate"):
        act(recover(new_game()), "use_ability", 0, guardian="Warden")


def test_a_negative_cost_is_refused() -> None:
    with pytest.raises(IllegalAction, match="never negative"):
        act(recover(new_game()), "use_ability", 0, guardian="Dragoon", mana=-1)


def test_two_adjacent_allies_move_once_per_turn() -> None:
    game = act(recover(new_game()), "move", 0, left="centre", right="right")
    assert player(game, 0).front == ("Alchemist", "Oracle", "Dragoon")
    with pytest.raises(IllegalAction, match="already moved"):
        act(game, "move", 0, left="left", right="centre")
    game = pass_turn(pass_turn(game))
    game = act(recover(game), "move", 0, left="left", right="centre")
    assert player(game, 0).front == ("Oracle", "Alchemist", "Dragoon")


def test_it_refuses_to_move_allies_that_are_not_adjacent() -> None:
    with pytest.raises(IllegalAction, match="Only two adjacent allies"):
        act(recover(new_game()), "move", 0, left="left", right="right")
    with pytest.raises(IllegalAction, match="left, centre or right"):
        act(recover(new_game()), "move", 0, left="up", right="centre")


def test_a_frozen_ally_cannot_move_or_escape() -> None:
    game = act(new_game(), "apply_status", 1, seat=0, guardian="Dragoon", status="frozen")
    game = act(game, "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = recover(game)
    with pytest.raises(IllegalAction, match="Dragoon is Frozen and cannot move"):
        act(game, "move", 0, left="left", right="centre")
    with pytest.raises(IllegalAction, match="Dragoon is Frozen and cannot escape"):
        act(game, "escape", 0, guardian="Dragoon")


def test_an_injured_ally_that_used_no_ability_escapes_once_per_turn() -> None:
    game = act(new_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = act(game, "deal_damage", 1, seat=0, guardian="Oracle", amount=1)
    game = act(recover(game), "escape", 0, guardian="Dragoon")
    assert guardian(game, 0, "Dragoon").leaving == "voluntary"
    with pytest.raises(IllegalAction, match="already escaped this turn"):
        act(game, "escape", 0, guardian="Oracle")
    with pytest.raises(IllegalAction, match="Dragoon is already escaping"):
        act(game, "escape", 0, guardian="Dragoon")
    with pytest.raises(IllegalAction, match="escaping and cannot activate"):
        act(game, "use_ability", 0, guardian="Dragoon")


def test_an_uninjured_ally_cannot_escape() -> None:
    with pytest.raises(IllegalAction, match="Dragoon is uninjured"):
        act(recover(new_game()), "escape", 0, guardian="Dragoon")


def test_an_ally_that_used_an_ability_cannot_escape() -> None:
    game = act(new_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = act(recover(game), "use_ability", 0, guardian="Dragoon")
    game = act(act(game, "no_response", 1), "resolve", 0)
    with pytest.raises(IllegalAction, match="used an ability this turn"):
        act(game, "escape", 0, guardian="Dragoon")


def test_a_forced_escape_ignores_frozen_and_strips_attachments_at_once() -> None:
    game = recover(new_game(), "Dragoon", "Dragoon")
    game = act(game, "apply_status", 0, seat=1, guardian="Bard", status="frozen")
    game = act(game, "attach_item", 0, seat=0, guardian="Dragoon", card="Potion")
    game = act(game, "escape", 0, seat=1, guardian="Bard", forced=True)
    assert guardian(game, 1, "Bard").leaving == "forced"
    game = act(game, "swap", 1, guardian="Bard", replacement="Mystic")  # at once (R101)
    game = act(game, "escape", 0, seat=0, guardian="Dragoon", forced=True)
    dragoon = guardian(game, 0, "Dragoon")
    assert (dragoon.mana, dragoon.items, dragoon.leaving) == (0, (), "forced")
    assert player(game, 0).mana_pool.value == 10
    assert "escape" not in game.state.limits.used  # a forced escape is not the turn's escape


def test_a_guardian_forced_out_is_swapped_by_its_controller_at_once() -> None:
    game = act(recover(new_game()), "escape", 0, seat=1, guardian="Bard", forced=True)
    game = act(game, "swap", 1, guardian="Bard", replacement="Mystic")
    assert player(game, 1).front == ("Mystic", "Cleric", "Duelist")
    assert player(game, 1).back == ("Bard", "Ranger")


# End ----------------------------------------------------------------------------------


def test_an_escaping_ally_is_swapped_in_the_end_phase_keeping_its_damage() -> None:
    game = act(new_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = act(
        recover(game, "Dragoon", "Dragoon"),
        "transform",
        0,
        guardian="Dragoon",
        transformation="Wyrm Dragoon",
        hit_points=6,
    )
    game = act(game, "escape", 0, guardian="Dragoon")
    with pytest.raises(IllegalAction, match="swap it in the End phase"):
        act(game, "swap", 0, guardian="Dragoon", replacement="Warden")
    game = act(game, "end_phase", 0)
    with pytest.raises(IllegalAction, match="Swap Dragoon with a back-row ally first"):
        act(game, "end_phase", 0)
    game = act(game, "swap", 0, guardian="Dragoon", replacement="Warden")
    dragoon = guardian(game, 0, "Dragoon")
    assert player(game, 0).front == ("Alchemist", "Warden", "Oracle")
    assert (dragoon.damage, dragoon.mana, dragoon.transformation, dragoon.hit_points) == (
        1,
        0,
        None,
        4,
    )
    assert player(game, 0).mana_pool.value == 10
    assert game.state.entered == ("Warden",)
    game = act(game, "end_phase", 0)
    assert (game.state.active, game.state.clock.phase.name) == (1, "Recovery")
    assert guardian(game, 0, "Dragoon").leaving is None


def test_only_an_escaping_or_defeated_ally_is_swapped() -> None:
    game = act(recover(new_game()), "end_phase", 0)
    with pytest.raises(IllegalAction, match="neither escaping nor defeated"):
        act(game, "swap", 0, guardian="Oracle", replacement="Warden")


def test_a_swap_needs_a_back_row_replacement() -> None:
    game = act(recover(new_game()), "escape", 0, seat=0, guardian="Oracle", forced=True)
    with pytest.raises(IllegalAction, match="Bard is not in Ana's back row"):
        act(game, "swap", 0, guardian="Oracle", replacement="Bard")


def test_at_most_two_swaps_in_the_end_phase_and_their_emergence_order() -> None:
    game = act(
        act(recover(new_game()), "end_phase", 0),
        "escape",
        1,
        seat=0,
        guardian="Alchemist",
        forced=True,
    )
    game = act(game, "swap", 0, guardian="Alchemist", replacement="Sentinel")
    game = act(game, "escape", 1, seat=0, guardian="Dragoon", forced=True)
    game = act(game, "swap", 0, guardian="Dragoon", replacement="Warden")
    assert (game.state.end_swaps, game.state.entered) == (2, ("Sentinel", "Warden"))
    with pytest.raises(IllegalAction, match="order of the emergence abilities"):
        act(game, "end_phase", 0)
    with pytest.raises(IllegalAction, match="each ally that entered"):
        act(game, "order_emergence", 0, order=["Warden"])
    with pytest.raises(IllegalAction, match="list of Guardian names"):
        act(game, "order_emergence", 0, order="Warden")
    game = act(game, "order_emergence", 0, order=["Warden", "Sentinel"])
    assert game.state.emergence_order == ("Warden", "Sentinel")
    game = act(game, "end_phase", 0)
    assert game.state.active == 1 and game.state.emergence_order == ()


def test_emergence_order_waits_for_the_end_phase() -> None:
    with pytest.raises(IllegalAction, match="only in the End phase"):
        act(recover(new_game()), "order_emergence", 0, order=[])


# Damage and defeat --------------------------------------------------------------------


def test_damage_accumulates_and_heals() -> None:
    game = act(new_game(), "deal_damage", 0, seat=1, guardian="Duelist", amount=2)
    game = act(game, "deal_damage", 0, seat=1, guardian="Duelist", amount=1)
    assert guardian(game, 1, "Duelist").damage == 3
    game = act(game, "heal", 1, seat=1, guardian="Duelist", amount=5)
    assert guardian(game, 1, "Duelist").damage == 0
    with pytest.raises(IllegalAction, match="no damage to heal"):
        act(game, "heal", 1, seat=1, guardian="Duelist", amount=1)
    with pytest.raises(IllegalAction, match="at least 1"):
        act(game, "deal_damage", 0, seat=1, guardian="Duelist", amount=0)
    with pytest.raises(IllegalAction, match="whole number"):
        act(game, "deal_damage", 0, seat=1, guardian="Duelist", amount="2")
    with pytest.raises(IllegalAction, match="needs 'amount'"):
        act(game, "deal_damage", 0, seat=1, guardian="Duelist")
    with pytest.raises(IllegalAction, match="Ben has no face-up Guardian by that name"):
        act(game, "deal_damage", 0, seat=1, guardian="Dragoon", amount=1)


def test_an_immune_guardian_takes_no_damage() -> None:
    game = act(new_game(), "apply_status", 1, seat=1, guardian="Bard", status="immune")
    with pytest.raises(IllegalAction, match="Bard is Immune"):
        act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=1)
    game = act(game, "remove_status", 1, seat=1, guardian="Bard", status="immune")
    assert act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=1)


def test_a_defeated_guardian_loses_everything_escapes_and_costs_a_health() -> None:
    game = recover(pass_turn(new_game()), "Bard", "Bard")
    game = act(game, "attach_curse", 0, seat=1, guardian="Bard", card="Hex")
    game = act(game, "attach_item", 1, seat=1, guardian="Bard", card="Potion")
    game = act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=3)
    bard = guardian(game, 1, "Bard")
    assert (bard.damage, bard.mana, bard.curses, bard.items) == (0, 0, (), ())
    assert (bard.leaving, bard.defeated_this_turn) == ("defeated", True)
    assert player(game, 1).health.value == 2
    assert player(game, 1).mana_pool.value == 10
    with pytest.raises(IllegalAction, match="Ben swaps it with a back-row ally"):
        act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=1)


def test_a_back_row_guardian_is_never_defeated_by_damage() -> None:
    game = act(new_game(), "deal_damage", 0, seat=0, guardian="Warden", amount=9)
    assert guardian(game, 0, "Warden").damage == 9
    assert player(game, 0).health.value == 3


def test_a_guardian_defeated_this_turn_cannot_re_enter() -> None:
    game = act(recover(new_game()), "deal_damage", 1, seat=0, guardian="Oracle", amount=2)
    game = act(game, "swap", 0, guardian="Oracle", replacement="Warden")
    game = act(game, "deal_damage", 1, seat=0, guardian="Warden", amount=3)
    with pytest.raises(IllegalAction, match="Oracle was defeated this turn"):
        act(game, "swap", 0, guardian="Warden", replacement="Oracle")
    game = act(game, "swap", 0, guardian="Warden", replacement="Sentinel")
    assert player(game, 0).front == ("Alchemist", "Dragoon", "Sentinel")


def test_a_transformation_changes_hit_points_and_may_defeat() -> None:
    game = act(new_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=3)
    game = act(
        game,
        "transform",
        0,
        seat=0,
        guardian="Dragoon",
        transformation="Wyrm Dragoon",
        hit_points=6,
    )
    assert guardian(game, 0, "Dragoon").hit_points == 6
    game = act(game, "deal_damage", 1, seat=0, guardian="Dragoon", amount=2)
    assert guardian(game, 0, "Dragoon").damage == 5
    with pytest.raises(IllegalAction, match="at least 1 hit point"):
        act(game, "transform", 0, seat=0, guardian="Alchemist", transformation="X", hit_points=0)
    game = act(
        game, "transform", 0, seat=0, guardian="Dragoon", transformation="Whelp", hit_points=2
    )
    assert guardian(game, 0, "Dragoon").leaving == "defeated"
    assert guardian(game, 0, "Dragoon").hit_points == 4  # back to its base form


def test_curses_and_items_attach_to_front_row_guardians_and_detach() -> None:
    game = act(new_game(), "attach_curse", 0, seat=1, guardian="Cleric", card="Hex")
    game = act(game, "attach_item", 1, seat=1, guardian="Cleric", card="Potion")
    assert (guardian(game, 1, "Cleric").curses, guardian(game, 1, "Cleric").items) == (
        ("Hex",),
        ("Potion",),
    )
    game = act(
        act(game, "detach", 0, seat=1, guardian="Cleric", card="Hex"),
        "detach",
        0,
        seat=1,
        guardian="Cleric",
        card="Potion",
    )
    assert guardian(game, 1, "Cleric").curses == () == guardian(game, 1, "Cleric").items
    with pytest.raises(IllegalAction, match="no Hex attached"):
        act(game, "detach", 0, seat=1, guardian="Cleric", card="Hex")
    with pytest.raises(IllegalAction, match="Ben has no face-up Guardian by that name"):
        act(game, "attach_curse", 0, seat=1, guardian="Mystic", card="Hex")
    with pytest.raises(IllegalAction, match="back row"):
        act(game, "attach_curse", 1, seat=1, guardian="Mystic", card="Hex")


def test_statuses_expire_after_their_turns() -> None:
    """R104: a status counts its Guardian's controller's turns."""
    game = act(new_game(), "apply_status", 0, seat=1, guardian="Bard", status="immune", turns=2)
    for _ in range(3):  # Ana's turn, Ben's first, Ana's again
        game = pass_turn(game)
        assert guardian(game, 1, "Bard").statuses.has("immune")
    game = pass_turn(game)  # Ben's second turn ends
    assert not guardian(game, 1, "Bard").statuses.has("immune")
    with pytest.raises(IllegalAction, match="frozen or immune"):
        act(game, "apply_status", 0, seat=1, guardian="Bard", status="stunned")
    with pytest.raises(IllegalAction, match="Bard is not frozen"):
        act(game, "remove_status", 0, seat=1, guardian="Bard", status="frozen")
    with pytest.raises(IllegalAction, match="A seat is 0 or 1"):
        act(game, "apply_status", 0, seat=3, guardian="Bard", status="frozen")


def test_a_player_at_zero_health_loses_and_the_game_stops() -> None:
    game = recover(new_game())
    game = act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=3)
    game = act(game, "swap", 1, guardian="Bard", replacement="Mystic")
    game = act(game, "deal_damage", 0, seat=1, guardian="Cleric", amount=3)
    game = act(game, "swap", 1, guardian="Cleric", replacement="Ranger")
    game = act(game, "deal_damage", 0, seat=1, guardian="Mystic", amount=2)
    assert game.state.outcome.winner == 0
    assert "Ana reduced Ben's health to zero" in game.state.outcome.reason
    assert player(game, 1).health.value == 0
    with pytest.raises(IllegalAction, match="The game is over: Ana won"):
        act(game, "end_phase", 0)


def test_a_short_game_played_to_a_win() -> None:
    game = new_game(first_player=1)
    game = recover(game, "Duelist", "Duelist")
    game = act(game, "use_ability", 1, guardian="Duelist", ability="Riposte", mana=2)
    game = act(game, "no_response", 0)
    effect = {"type": "deal_damage", "payload": {"seat": 0, "guardian": "Oracle", "amount": 2}}
    game = act(game, "resolve", 1, effects=[effect])  # defeated
    game = act(game, "swap", 0, guardian="Oracle", replacement="Warden")  # at once (R101)
    game = act(game, "end_phase", 1)
    game = act(game, "end_phase", 1)
    assert player(game, 0).health.value == 2
    game = recover(game, "Alchemist", "Alchemist")  # Ana's first turn, the game's second
    assert player(game, 0).gems.value == 1  # turn 2 is not the game's first: Z1
    game = act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", mana=2)
    game = act(act(game, "no_response", 1), "resolve", 0)
    game = act(game, "deal_damage", 0, seat=1, guardian="Duelist", amount=4)
    game = act(game, "swap", 1, guardian="Duelist", replacement="Ranger")
    game = pass_turn(pass_turn(game))
    game = recover(game, "Dragoon", "Dragoon")
    game = act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=3)
    game = act(game, "swap", 1, guardian="Bard", replacement="Mystic")
    game = act(game, "deal_damage", 0, seat=1, guardian="Ranger", amount=3)
    assert game.state.outcome.winner == 0
    assert replay(AZRAH, game.setup, game.log) == game.state


# Views and replay ---------------------------------------------------------------------


def test_a_face_down_back_row_is_shown_only_to_its_controller() -> None:
    game = new_game()
    own = AZRAH.view(game.state, 0)["players"][0]["back"]
    assert [g["name"] for g in own] == ["Sentinel", "Warden"]
    assert AZRAH.view(game.state, 1)["players"][0]["back"] == [None, None]
    assert AZRAH.view(game.state, None)["players"][1]["back"] == [None, None]
    game = act(recover(game), "escape", 0, seat=0, guardian="Oracle", forced=True)
    game = act(game, "swap", 0, guardian="Oracle", replacement="Warden")
    back = AZRAH.view(game.state, 1)["players"][0]["back"]
    assert back[0] is None and back[1]["name"] == "Oracle"  # Oracle was seen face-up (R52)


def test_the_view_reports_the_phase_and_its_checklist() -> None:
    view = AZRAH.view(new_game().state, None)
    assert view["phase"] == "Recovery"
    assert "attach 2 Mana" in view["checklist"]
    assert view["players"][0]["front"][1]["name"] == "Dragoon"


def test_the_first_turns_checklist_says_its_gem_is_skipped_and_later_ones_do_not() -> None:
    """Z1: the Celestial Gem step is skipped only on the game's very first turn."""
    first = AZRAH.view(new_game().state, None)["checklist"]
    assert "gain a Celestial Gem" not in first
    assert [item for item in first if "Celestial Gem" in item] == [
        "gain a Celestial Gem: skipped on the game's first turn (Z1)"
    ]
    second = AZRAH.view(pass_turn(new_game()).state, None)
    assert second["turn"] == 2 and second["phase"] == "Recovery"
    assert "gain a Celestial Gem" in second["checklist"]
    assert not any("skipped" in item for item in second["checklist"])


def test_every_action_type_has_a_description() -> None:
    names = {t.name for t in AZRAH.action_types}
    assert len(names) == 18
    assert all(t.description for t in AZRAH.action_types)
    assert SETUP.players == (ANA, BEN)


def test_every_action_type_is_undone_and_redone_to_identical_states() -> None:
    base = recover(new_game(), "Dragoon", "Dragoon")
    base = act(base, "deal_damage", 1, seat=0, guardian="Oracle", amount=1)
    cases: list[tuple[str, dict[str, Any]]] = [
        ("attach_mana", {"guardian": "Oracle", "effect": True}),
        ("use_ability", {"guardian": "Dragoon", "mana": 1}),
        ("move", {"left": "left", "right": "centre"}),
        ("escape", {"guardian": "Oracle"}),
        ("deal_damage", {"seat": 1, "guardian": "Bard", "amount": 1}),
        ("heal", {"seat": 0, "guardian": "Oracle", "amount": 1}),
        ("transform", {"seat": 0, "guardian": "Dragoon", "transformation": "W", "hit_points": 6}),
        ("attach_curse", {"seat": 1, "guardian": "Bard", "card": "Hex"}),
        ("attach_item", {"seat": 0, "guardian": "Dragoon", "card": "Potion"}),
        ("apply_status", {"seat": 1, "guardian": "Bard", "status": "frozen", "turns": 1}),
        ("end_phase", {}),
    ]
    for type_, payload in cases:
        after = act(base, type_, 0, **payload)
        assert after.state != base.state, type_
        assert undo(after).state == base.state, type_
        assert redo(undo(after)).state == after.state, type_
        assert replay(AZRAH, after.setup, redo(undo(after)).log) == after.state, type_
    used = act(base, "use_ability", 0, guardian="Dragoon", mana=1)
    answered = act(used, "no_response", 1)
    for before, type_, by, payload in (
        (used, "no_response", 1, {}),
        (answered, "resolve", 0, {"effects": []}),
    ):
        after = act(before, type_, by, **payload)
        assert undo(after).state == before.state, type_
        assert redo(undo(after)).state == after.state, type_
    end = act(act(base, "end_phase", 0), "escape", 0, seat=0, guardian="Alchemist", forced=True)
    for type_, payload in (
        ("swap", {"guardian": "Alchemist", "replacement": "Sentinel"}),
        ("detach", {"seat": 0, "guardian": "Oracle", "card": "Hex"}),
        ("remove_status", {"seat": 0, "guardian": "Oracle", "status": "immune"}),
    ):
        start = end
        if type_ != "swap":
            start = act(end, "swap", 0, guardian="Alchemist", replacement="Sentinel")
        if type_ == "detach":
            start = act(start, "attach_curse", 1, seat=0, guardian="Oracle", card="Hex")
        if type_ == "remove_status":
            start = act(start, "apply_status", 1, seat=0, guardian="Oracle", status="immune")
        after = act(start, type_, 0, **payload)
        assert undo(after).state == start.state, type_
        assert redo(undo(after)).state == after.state, type_
    two = act(end, "swap", 0, guardian="Alchemist", replacement="Sentinel")
    two = act(two, "escape", 0, seat=0, guardian="Dragoon", forced=True)
    two = act(two, "swap", 0, guardian="Dragoon", replacement="Warden")
    after = act(two, "order_emergence", 0, order=["Warden", "Sentinel"])
    assert undo(after).state == two.state
    assert redo(undo(after)).state == after.state


def test_an_exported_log_reimports_to_the_identical_game() -> None:
    game = recover(new_game(), "Dragoon", "Oracle")
    game = act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=3)
    game = redo(undo(act(game, "swap", 1, guardian="Bard", replacement="Ranger")))
    exported = json.loads(json.dumps([action.to_json() for action in game.log]))
    imported = start(AZRAH, SETUP, [Action.from_json(data) for data in exported])
    assert imported.state == game.state
    assert imported.version == game.version == 7
    assert AZRAH.view(imported.state, 1) == AZRAH.view(game.state, 1)


def test_the_setup_travels_as_json_and_back() -> None:
    data = json.loads(json.dumps(AZRAH.setup_to_json(SETUP)))
    assert AZRAH.setup_from_json(data) == SETUP
    assert AZRAH.seat_names(SETUP) == ("Ana", "Ben")


def test_a_bad_setup_names_every_field() -> None:
    data = AZRAH.setup_to_json(SETUP)
    data["first_player"] = 2
    data["players"][0]["front"] = ["Alchemist", "Dragoon"]
    data["players"][1]["hit_points"]["Bard"] = 0
    with pytest.raises(InvalidInput) as caught:
        AZRAH.setup_from_json(data)
    assert set(caught.value.problems) == {
        "first_player",
        "players.0.front",
        "players.1.hit_points.Bard",
    }
    assert "exactly 3" in caught.value.problems["players.0.front"][0]


def test_a_setup_naming_a_guardian_twice_is_refused() -> None:
    data = AZRAH.setup_to_json(SETUP)
    data["players"][0]["back"] = ["Alchemist", "Warden"]
    with pytest.raises(InvalidInput) as caught:
        AZRAH.setup_from_json(data)
    assert "twice" in str(caught.value)


def test_a_setup_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(InvalidInput, match="object"):
        AZRAH.setup_from_json([])  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="two players"):
        AZRAH.setup_from_json({"players": []})


def test_history_lines_say_who_did_what_to_whom() -> None:
    damage = Action(1, "deal_damage", 0, {"seat": 1, "guardian": "Bard", "amount": 3})
    assert AZRAH.describe(damage, SETUP) == "Ana: Ben's Bard takes 3 damage"
    assert AZRAH.describe(Action(2, "end_phase"), SETUP) == "The table: ends the phase"
    swap = Action(3, "swap", 1, {"guardian": "Bard", "replacement": "Ranger"})
    assert AZRAH.describe(swap, SETUP, 1) == "Ben: swaps Bard for Ranger"
    assert AZRAH.describe(swap, SETUP) == "Ben: swaps Bard for one of Ben's Guardians"
    assert AZRAH.describe(damage, viewer=1) == "Seat 0: Seat 1's Bard takes 3 damage"
    assert AZRAH.describe(damage) == "Seat 0: one of Seat 1's Guardians takes 3 damage"
