"""The Azuki TCG tracker, rule by rule. Each test names the rulebook heading it checks
(``/shared/rules/azuki-tcg.md``) or the ruling (R140-R155)."""

from __future__ import annotations

import pytest

from referee.rules.azuki.state import MAIN, START
from referee.rules.azuki.system import AZUKI
from referee.rules.errors import InvalidInput
from referee.rules.tracker import IllegalAction
from tests.rules.tracker.azuki_game import (
    ACOLYTE,
    BLADE,
    BOLT,
    DAWN,
    DRAKE,
    DUSK,
    GIANT,
    GRUNT,
    HOUND,
    MYSTERY,
    PARRY,
    SHELL,
    SPRITE,
    TAPPER,
    WALL,
    AzukiGame,
    act,
    end_turn,
    last_entity,
    new_game,
    play,
    player,
    ramp,
    redo,
    setup,
    undo,
)


def refused(game: AzukiGame, type_: str, by: int | None, match: str, **payload: object) -> None:
    with pytest.raises(IllegalAction, match=match):
        act(game, type_, by, **payload)


def attack_ready(game: AzukiGame, who: object = GRUNT, ikz: int = 2) -> AzukiGame:
    """Ana (seat 0) with ``who`` in her Garden, on her next turn, without Cooldown."""
    game = ramp(game, ikz)
    game = play(game, who)  # type: ignore[arg-type]
    return end_turn(game, 2)


# --- Phases: Game Start; Untapping, Gaining IKZ and Drawing ---------------------------------


def test_game_start_each_player_draws_7_with_0_ikz_and_waits_for_the_mulligan() -> None:
    game = new_game(keep=False)
    for seat in (0, 1):
        assert (player(game, seat).hand, player(game, seat).deck) == (7, 43)
        assert player(game, seat).ikz == 0
        assert player(game, seat).leader.health == 20
    assert game.state.phase == "Game start"
    refused(game, "end_turn", 0, "keep their hand or mulligan")


def test_game_start_mulligan_is_once_recorded_and_keeps_the_counts_r143() -> None:
    game = new_game(keep=False)
    game = act(game, "mulligan", 1)
    assert player(game, 1).mulligan == "mulliganed"
    assert (player(game, 1).hand, player(game, 1).deck) == (7, 43)
    refused(game, "mulligan", 1, "decided already")
    game = act(game, "keep_hand", 0)
    assert game.state.phase == MAIN and game.state.turn == 1
    refused(game, "mulligan", 0, "start of the game only")
    assert "mulligans" in game.line(game.log[0], None)


def test_first_player_is_recorded_in_the_setup_r140() -> None:
    data = AZUKI.setup_to_json(setup(first_player=1))
    assert data["first_player"] == 1 and data["first_player_by"] == "coin"
    game = new_game(first_player=1)
    assert game.state.active == 1
    assert AZUKI.view(game.state, None)["first_seat"] == 1


def test_start_of_turn_first_player_does_not_draw_and_the_second_does() -> None:
    game = new_game()
    assert (player(game, 0).hand, player(game, 0).ikz) == (7, 1)
    game = end_turn(game)
    assert (player(game, 1).hand, player(game, 1).deck, player(game, 1).ikz) == (8, 42, 1)
    game = end_turn(game)
    assert (player(game, 0).hand, player(game, 0).ikz) == (8, 2)


def test_start_of_turn_ikz_stops_at_10() -> None:
    game = end_turn(new_game(), 24)
    assert player(game, 0).ikz == 10 and player(game, 0).ikz_pile == 0


def test_ikz_token_second_player_from_their_first_turn_never_expires_once_used() -> None:
    game = new_game()
    assert player(game, 0).token == "none"
    assert player(game, 1).token == "waiting"
    game = end_turn(game)
    assert player(game, 1).token == "ready"
    game = end_turn(game, 4)
    assert player(game, 1).token == "ready"  # never expires
    # Ben has 3 IKZ; the Giant costs 5: not even with the token
    refused(game, "play_entity", 1, "needs 4 IKZ", card=GIANT.id, zone="garden", use_token=True)
    game = act(game, "play_entity", 1, card=HOUND.id, zone="garden", use_token=True)
    assert player(game, 1).token == "used" and player(game, 1).ikz_tapped == 1
    game = end_turn(game, 2)
    refused(game, "play_entity", 1, "used already", card=GRUNT.id, zone="alley", use_token=True)


def test_ikz_token_is_not_the_first_players() -> None:
    game = new_game()
    refused(
        game,
        "play_entity",
        0,
        "only the player going second",
        card=GRUNT.id,
        zone="garden",
        use_token=True,
    )


# --- IKZ: paying costs ------------------------------------------------------------------------


def test_paying_taps_that_many_ikz_and_too_few_is_refused() -> None:
    game = ramp(new_game(), 2)
    game = play(game, HOUND)
    assert player(game, 0).ikz_tapped == 2 and player(game, 0).hand == 7
    refused(game, "play_entity", 0, "needs 1 IKZ", card=GRUNT.id, zone="alley")


def test_a_card_without_a_catalog_cost_has_its_cost_typed() -> None:
    game = ramp(new_game(), 2)
    refused(game, "play_entity", 0, "needs 'cost'", card=MYSTERY.id, zone="alley")
    game = play(game, MYSTERY, "alley", cost=2)
    assert player(game, 0).ikz_tapped == 2
    refused(game, "play_entity", 0, "leave 'cost' out", card=GRUNT.id, zone="alley", cost=0)


def test_untap_at_the_start_of_turn_untaps_the_active_players_cards() -> None:
    game = attack_ready(new_game())
    uid = last_entity(game, 0).uid
    game = act(game, "attack", 0, attacker=uid, target="leader")
    assert last_entity(game, 0).tapped
    game = act(fight(game, uid, "leader", attacking=False), "continue_combat", 0)
    assert game.state.combat is None
    game = end_turn(game)
    assert last_entity(game, 0).tapped  # Ben's turn untaps Ben's cards only
    game = end_turn(game)
    assert not last_entity(game, 0).tapped and player(game, 0).ikz_tapped == 0


def test_start_of_turn_effects_wait_for_the_active_players_order() -> None:
    game = ramp(new_game(), 2)
    game = play(game, DAWN, "alley")
    game = play(game, DAWN, "alley")
    game = end_turn(game)
    assert game.state.phase == MAIN  # Ben's turn: Ana's start-of-turn effects still listed
    game = end_turn(game)
    assert game.state.phase == START
    refused(game, "play_entity", 0, "Order the start-of-turn effects", card=GRUNT.id, zone="alley")
    effects = list(game.state.start_effects)
    assert effects == ["Ana's Dawn", "Ana's Dawn (2)"]
    refused(game, "order_effects", 0, "each once", order=effects[:1])
    game = act(game, "order_effects", 0, order=list(reversed(effects)))
    assert game.state.phase == MAIN and game.state.start_order == tuple(reversed(effects))


# --- Main Phase: spells, weapons, abilities ---------------------------------------------------


def test_effects_move_cards_between_deck_hand_and_discard() -> None:
    game = new_game()
    game = act(game, "discard", 1, seat=1, count=2)
    assert (player(game, 1).hand, player(game, 1).discard) == (5, 2)
    refused(game, "return_from_discard", 1, "holds 2 cards", seat=1, count=3)
    game = act(game, "return_from_discard", 1, seat=1, count=2)
    assert (player(game, 1).hand, player(game, 1).discard) == (7, 0)
    assert game.line(game.log[-1], 0) == "Ben: takes 2 back from the discard pile to the hand"


def test_a_history_line_names_the_player_drawing_only_when_someone_else_records_it() -> None:
    game = act(new_game(), "draw", 1, seat=1, count=1)
    assert game.line(game.log[-1], 0) == "Ben: draws 1"
    game = act(game, "draw", 0, seat=1, count=1)
    assert game.line(game.log[-1], 0) == "Ana: Ben draws 1"


def test_a_refusal_s_count_agrees_with_its_noun() -> None:
    """Issue 14 (wording): "holds 1 cards"."""
    game = act(new_game(), "discard", 1, seat=1, count=1)
    refused(game, "return_from_discard", 1, "pile holds 1 card\\.", seat=1, count=2)
    game = act(game, "discard", 1, seat=1, count=5)
    refused(game, "discard", 1, "Ben holds 1 card\\.", seat=1, count=2)


def test_main_spells_only_in_ones_own_main_phase() -> None:
    game = new_game()
    game = act(game, "play_spell", 0, card=BOLT.id)
    assert (player(game, 0).hand, player(game, 0).discard) == (6, 1)
    refused(game, "play_spell", 1, "Only Ana", card=BOLT.id)
    refused(game, "play_spell", 0, "\\[Response\\] spell", card=PARRY.id)


def test_response_spells_only_by_the_defender_in_the_response_window() -> None:
    game = attack_ready(new_game())
    uid = last_entity(game, 0).uid
    game = act(game, "attack", 0, attacker=uid, target="leader")
    refused(game, "play_spell", 1, "\\[Response\\] window", card=PARRY.id)
    game = act(game, "continue_combat", 0)
    assert game.state.combat is not None and game.state.combat.step == "response"
    refused(game, "play_spell", 0, "attacking player has no", card=PARRY.id)
    game = act(game, "play_spell", 1, card=PARRY.id)
    game = act(game, "play_spell", 1, card=PARRY.id)  # several responses
    assert game.state.combat is not None and game.state.combat.responses == 2
    assert player(game, 1).discard == 2


def test_weapons_go_on_the_leader_or_a_garden_entity_never_the_alley() -> None:
    game = ramp(new_game(), 4)
    game = play(game, GRUNT)
    garden = last_entity(game, 0).uid
    game = play(game, GRUNT, "alley")
    alley = last_entity(game, 0, "alley").uid
    refused(game, "play_weapon", 0, "never in the Alley", card=BLADE.id, bearer=alley)
    game = act(game, "play_weapon", 0, card=BLADE.id, bearer=garden)
    game = act(game, "play_weapon", 0, card=BLADE.id, bearer="leader")
    assert last_entity(game, 0).attack == 4
    assert player(game, 0).leader.attack == 2


def test_several_weapons_on_one_card_add_up_r153() -> None:
    game = ramp(new_game(), 2)
    game = act(game, "play_weapon", 0, card=BLADE.id, bearer="leader")
    game = act(game, "play_weapon", 0, card=BLADE.id, bearer="leader")
    assert player(game, 0).leader.attack == 4 and len(player(game, 0).leader.weapons) == 2


def test_on_play_abilities_only_as_the_card_is_played() -> None:
    game = ramp(new_game(), 3)
    game = play(game, SPRITE, "alley")
    uid = last_entity(game, 0, "alley").uid
    game = act(game, "use_ability", 0, source=uid)
    refused(game, "use_ability", 0, "only as it is played", source=uid)
    game = play(game, SPRITE, "alley")
    second = last_entity(game, 0, "alley").uid
    game = play(game, GRUNT, "alley")  # the next play: the chance has gone
    refused(game, "use_ability", 0, "only as it is played", source=second)


def test_once_per_turn_and_zone_only_abilities() -> None:
    game = ramp(new_game(), 2)
    game = play(game, ACOLYTE)
    garden = last_entity(game, 0).uid
    refused(game, "use_ability", 0, "only from the Alley", source=garden)
    game = play(game, ACOLYTE, "alley")
    alley = last_entity(game, 0, "alley").uid
    game = act(game, "use_ability", 0, source=alley)
    refused(game, "use_ability", 0, "Once per Turn", source=alley)
    game = end_turn(game, 2)
    game = act(game, "use_ability", 0, source=alley)  # a new turn


def test_cooldown_stops_tapping_for_abilities_r145() -> None:
    game = ramp(new_game(), 2)
    game = play(game, TAPPER)
    uid = last_entity(game, 0).uid
    refused(game, "use_ability", 0, "Cooldown", source=uid)
    game = play(game, TAPPER, "alley")
    alley = last_entity(game, 0, "alley").uid
    game = act(game, "use_ability", 0, source=alley)  # the Alley has no Cooldown
    assert last_entity(game, 0, "alley").tapped
    refused(game, "use_ability", 0, "is tapped", source=alley)


# --- The Field: Garden, Alley, replacing ------------------------------------------------------


def fill(game: AzukiGame, zone: str) -> AzukiGame:
    for _ in range(5):
        game = act(game, "draw", 0, seat=0, count=1)
        game = play(game, MYSTERY, zone, cost=0)
    return game


def test_a_full_garden_asks_which_entity_is_replaced_to_the_discard_r142() -> None:
    game = fill(ramp(new_game(), 1), "garden")
    assert len(player(game, 0).garden) == 5
    refused(game, "play_entity", 0, "Garden is full", card=GRUNT.id, zone="garden")
    old = player(game, 0).garden[2].uid
    discard = player(game, 0).discard
    game = play(game, GRUNT, "garden", replace=old)
    assert len(player(game, 0).garden) == 5
    assert player(game, 0).discard == discard + 1
    assert all(e.uid != old for e in player(game, 0).garden)
    refused(game, "play_entity", 0, "has room", card=MYSTERY.id, zone="alley", cost=0, replace=old)


def test_a_forced_entry_into_a_full_row_is_replaced_by_that_rows_owner_r142() -> None:
    game = fill(ramp(new_game(), 1), "garden")
    refused(
        game, "put_into_play", 1, "Ana picks the entity", seat=0, card=GRUNT.id, zone="garden",
        source="deck",
    )  # fmt: skip
    entries = [e for e in AZUKI.legal_actions(game.state, 1) if e.type == "put_into_play"]
    assert {e.payload["zone"] for e in entries if e.payload["seat"] == 0} == {"alley"}
    old = player(game, 0).garden[0].uid
    deck = player(game, 0).deck
    game = act(game, "put_into_play", 0, seat=0, card=GRUNT.id, zone="garden", source="deck",
               replace=old)  # fmt: skip
    assert player(game, 0).deck == deck - 1 and len(player(game, 0).garden) == 5
    assert last_entity(game, 0).entered_garden == game.state.turn  # Cooldown
    assert game.state.on_play is None  # put into play, not played
    assert "puts Grunt into Ana's Garden from the deck, replacing" in game.line(game.log[-1], 1)
    game = act(game, "put_into_play", 1, seat=0, card=GRUNT.id, zone="alley", source="hand")


def test_a_full_alley_replaces_too() -> None:
    game = fill(ramp(new_game(), 1), "alley")
    refused(game, "play_entity", 0, "Alley is full", card=GRUNT.id, zone="alley")
    old = player(game, 0).alley[0].uid
    game = play(game, GRUNT, "alley", replace=old)
    assert len(player(game, 0).alley) == 5


def test_swapping_full_rows_replaces_nothing() -> None:
    game = fill(fill(ramp(new_game(), 1), "garden"), "alley")
    front, back = player(game, 0).garden[0], player(game, 0).alley[0]
    game = act(game, "swap_rows", 0, seat=0, garden=front.uid, alley=back.uid)
    assert len(player(game, 0).garden) == len(player(game, 0).alley) == 5
    assert player(game, 0).garden[0].uid == back.uid and player(game, 0).discard == 0


# --- The Field: Gate; Playing Entities and Using Gates ----------------------------------------


def test_the_gate_portals_one_entity_per_turn_even_the_one_just_played() -> None:
    game = ramp(new_game(), 2)
    game = play(game, GRUNT, "alley")
    game = play(game, GRUNT, "alley")
    first, second = (e.uid for e in player(game, 0).alley)
    game = act(game, "portal", 0, entity=first)
    assert player(game, 0).gate_tapped and player(game, 0).garden[0].uid == first
    view = AZUKI.view(game.state, 1)
    assert "Gate Power 1" in view["last_portal"][0] and "Ash Gate" in view["last_portal"][1]
    assert view["players"][0]["gate"]["portaled"] == view["last_portal"]
    refused(game, "portal", 0, "one entity per turn", entity=second)
    refused(game, "attack", 0, "Cooldown", attacker=first, target="leader")
    game = end_turn(game, 2)
    game = act(game, "portal", 0, entity=second)


def test_cooldown_and_charge() -> None:
    game = ramp(new_game(), 3)
    game = play(game, GRUNT)
    grunt = last_entity(game, 0).uid
    refused(game, "attack", 0, "Cooldown", attacker=grunt, target="leader")
    game = play(game, HOUND)
    hound = last_entity(game, 0).uid
    game = act(game, "attack", 0, attacker=hound, target="leader")
    assert game.state.combat is not None


def test_defender_ignores_cooldown_and_taps_to_take_the_attack_r144() -> None:
    game = attack_ready(new_game())
    attacker = last_entity(game, 0).uid
    game = end_turn(game)
    game = act(game, "play_entity", 1, card=WALL.id, zone="garden")
    wall = last_entity(game, 1).uid
    game = end_turn(game)
    game = act(game, "attack", 0, attacker=attacker, target="leader")
    game = act(game, "continue_combat", 0)
    game = act(game, "continue_combat", 1)
    assert game.state.combat is not None and game.state.combat.step == "defender"
    game = act(game, "declare_defender", 1, defender=wall)
    assert last_entity(game, 1).tapped
    game = act(game, "resolve_damage", 0)
    assert player(game, 1).leader.health == 20
    assert last_entity(game, 1).damage == 2 and last_entity(game, 0).damage == 1


# --- Combat Mechanism -------------------------------------------------------------------------


def test_legal_attackers_and_targets() -> None:
    game = attack_ready(new_game())
    grunt = last_entity(game, 0).uid
    game = end_turn(game)
    game = act(game, "play_entity", 1, card=GRUNT.id, zone="garden")
    untapped = last_entity(game, 1).uid
    game = end_turn(game)
    refused(game, "attack", 0, "untapped", attacker=grunt, target=untapped)
    refused(game, "attack", 0, "only with a weapon", attacker="leader", target="leader")
    entry = next(e for e in AZUKI.legal_actions(game.state, 0) if e.type == "attack")
    assert entry.choices["target"].values == ("leader",)  # type: ignore[union-attr]
    game = act(game, "adjust_stats", 1, seat=1, target=untapped, attack=1)
    game = act(game, "attack", 0, attacker=grunt, target="leader")
    refused(game, "attack", 0, "attack is under way", attacker=grunt, target="leader")


def test_combat_steps_in_order_with_a_preview_before_damage() -> None:
    game = attack_ready(new_game(), DRAKE)
    drake = last_entity(game, 0).uid
    game = act(game, "attack", 0, attacker=drake, target="leader")
    assert game.state.combat is not None and game.state.combat.step == "when_attacking"
    assert game.line(game.log[-1], None) == f"Ana: attacks Ben's Leader with {drake}"
    game = act(game, "use_ability", 0, source=drake)  # [When Attacking]
    refused(game, "resolve_damage", 0, "The attack is at 1")
    refused(game, "continue_combat", 0, "not 'response'", step="response")  # a stale tap
    game = act(game, "continue_combat", 0, step="when_attacking")
    assert game.line(game.log[-1], None) == "Ana: no more When Attacking effects"
    refused(game, "continue_combat", 0, "Only Ben")
    game = act(game, "continue_combat", 1)
    game = act(game, "continue_combat", 1)  # no defender
    view = AZUKI.view(game.state, 1)
    preview = view["combat"]["preview"]
    assert preview["to_target"] == 3 and preview["leaders"] == [
        {"seat": 1, "before": 20, "after": 17}
    ]
    assert "has no Attack and deals nothing back" in " ".join(preview["lines"])
    assert player(game, 1).leader.health == 20  # nothing committed yet
    game = act(game, "resolve_damage", 0)
    assert player(game, 1).leader.health == 17 and last_entity(game, 0).damage == 0
    assert game.state.combat is not None and game.state.combat.step == "after_attacking"
    game = act(game, "continue_combat", 0)
    assert game.state.combat is None


def resolve(game: AzukiGame, seat: int) -> AzukiGame:
    """Resolve the damage as the board does: with the amounts the engine lists."""
    (listed,) = [a for a in AZUKI.legal_actions(game.state, seat) if a.type == "resolve_damage"]
    return act(game, "resolve_damage", seat, **listed.payload)


def test_after_attacking_shows_the_damage_as_it_was_dealt_not_again() -> None:
    """Step 6 reports what step 5 did: Health 20 -> 17 once, not 17 -> 14."""
    game = attack_ready(new_game(), DRAKE)
    drake = last_entity(game, 0).uid
    game = act(game, "attack", 0, attacker=drake, target="leader")
    for _ in range(3):
        game = act(game, "continue_combat", None)
    game = resolve(game, 0)
    combat = AZUKI.view(game.state, None)["combat"]
    assert combat["step"] == "after_attacking" and combat["preview"] is None
    dealt = combat["dealt"]
    assert dealt["leaders"] == [{"seat": 1, "before": 20, "after": 17}]
    words = " ".join(dealt["lines"])
    assert "20 → 17" in words and "17 → 14" not in words
    assert game.line(game.log[-1], None) == (
        f"Ana: resolves the combat damage: Ben's Leader takes 3, Ana's {drake} takes 0"
    )


def test_a_defender_that_survives_is_not_said_to_be_destroyed() -> None:
    game = attack_ready(new_game(), DRAKE)
    drake = last_entity(game, 0).uid
    game = end_turn(game)
    game = act(game, "play_entity", 1, card=WALL.id, zone="garden")  # 1 Attack, 4 Health
    wall = last_entity(game, 1).uid
    game = end_turn(game)
    game = act(game, "attack", 0, attacker=drake, target="leader")
    game = act(game, "continue_combat", 0)
    game = act(game, "continue_combat", 1)
    game = act(game, "declare_defender", 1, defender=wall)
    game = resolve(game, 0)
    assert last_entity(game, 1).damage == 3  # it took 3 of its 4 and stands
    dealt = AZUKI.view(game.state, None)["combat"]["dealt"]
    words = " ".join(dealt["lines"])
    assert "destroyed" not in words and dealt["destroyed"] == []
    assert f"Ben's {wall}: 3 damage of 4 Health, 1 left." in dealt["lines"]
    line = game.line(game.log[-1], None)
    assert line == f"Ana: resolves the combat damage: Ben's {wall} takes 3, Ana's {drake} takes 1"


def test_resolving_damage_that_changed_since_it_was_seen_is_refused() -> None:
    game = attack_ready(new_game(), DRAKE)
    drake = last_entity(game, 0).uid
    game = act(game, "attack", 0, attacker=drake, target="leader")
    for _ in range(3):
        game = act(game, "continue_combat", None)
    (listed,) = [a for a in AZUKI.legal_actions(game.state, 0) if a.type == "resolve_damage"]
    assert listed.payload == {
        "attacker": drake,
        "target": "leader",
        "to_target": 3,
        "to_attacker": 0,
    }
    game = act(game, "adjust_stats", 0, seat=0, target=drake, attack=1)
    refused(game, "resolve_damage", 0, "Look again", **listed.payload)


def fight(game: AzukiGame, attacker: str, target: str, attacking: bool = True) -> AzukiGame:
    """Ana's ``attacker`` attacks (unless already declared), every step to the damage."""
    if attacking:
        game = act(game, "attack", 0, attacker=attacker, target=target)
    for _ in range(3):
        game = act(game, "continue_combat", None)
    return act(game, "resolve_damage", 0)


def test_a_leader_with_a_weapon_attacking_an_entity_takes_permanent_damage() -> None:
    game = end_turn(new_game())
    game = act(game, "play_entity", 1, card=GRUNT.id, zone="garden")
    grunt = last_entity(game, 1).uid
    game = end_turn(game, 2)
    game = act(game, "attack", 1, attacker=grunt, target="leader")  # Ben's Grunt taps
    for _ in range(3):
        game = act(game, "continue_combat", None)
    game = act(game, "resolve_damage", 1)
    game = end_turn(act(game, "continue_combat", 1))
    assert player(game, 0).leader.health == 18 and last_entity(game, 1).tapped
    game = act(game, "play_weapon", 0, card=BLADE.id, bearer="leader")
    game = act(fight(game, "leader", grunt), "continue_combat", 0)
    assert player(game, 0).leader.health == 16  # the Grunt's 2 back, permanent
    assert not player(game, 1).garden  # the Blade's 2 destroys it
    game = end_turn(game, 2)
    assert player(game, 0).leader.health == 16


def test_entity_damage_resets_at_end_of_turn_but_leader_damage_stays() -> None:
    game = attack_ready(new_game())
    grunt = last_entity(game, 0).uid
    game = act(game, "deal_damage", 1, seat=0, target=grunt, amount=1)
    game = act(game, "deal_damage", 1, seat=0, target="leader", amount=4)
    game = end_turn(game)
    assert last_entity(game, 0).damage == 0
    assert player(game, 0).leader.health == 16
    assert "Ana's Grunt: 1 damage resets." in game.state.last_turn_end


def test_no_overheal_on_leaders_or_entities() -> None:
    game = new_game()
    refused(game, "heal", 0, "no overheal", seat=0, target="leader", amount=1)
    game = act(game, "deal_damage", 1, seat=0, target="leader", amount=2)
    game = act(game, "heal", 0, seat=0, target="leader", amount=5)
    assert player(game, 0).leader.health == 20
    game = play(game, GRUNT, "alley")
    uid = last_entity(game, 0, "alley").uid
    refused(game, "heal", 0, "no overheal", seat=0, target=uid, amount=1)
    game = act(game, "deal_damage", 1, seat=0, target=uid, amount=1)
    game = act(game, "heal", 0, seat=0, target=uid, amount=9)
    assert last_entity(game, 0, "alley").damage == 0


def test_carapace_subtracts_from_each_damage_and_stacks_r147() -> None:
    game = ramp(new_game(), 2)
    game = play(game, SHELL, "alley")
    uid = last_entity(game, 0, "alley").uid
    game = act(game, "deal_damage", 1, seat=0, target=uid, amount=2)
    assert last_entity(game, 0, "alley").damage == 1
    game = act(game, "adjust_stats", 0, seat=0, target=uid, carapace=1)
    assert last_entity(game, 0, "alley").carapace == 2
    game = act(game, "deal_damage", 1, seat=0, target=uid, amount=2)
    assert last_entity(game, 0, "alley").damage == 1


# --- End of Turn Phase ----------------------------------------------------------------------


def test_end_of_turn_resets_itemises_and_undoes_as_one_r151() -> None:
    game = ramp(new_game(), 3)
    game = play(game, GRUNT)
    uid = last_entity(game, 0).uid
    game = act(game, "play_weapon", 0, card=BLADE.id, bearer=uid)
    game = act(game, "adjust_stats", 0, seat=0, target=uid, attack=3)
    game = act(game, "adjust_stats", 0, seat=0, target=uid, health=1, lasting=True)
    game = act(game, "deal_damage", 1, seat=0, target=uid, amount=1)
    before = game.state
    game = end_turn(game)
    grunt = last_entity(game, 0)
    assert grunt.damage == 0 and grunt.weapons == () and grunt.attack == 2 and grunt.health == 3
    assert player(game, 0).discard == 1
    items = game.state.last_turn_end
    assert "Ana's Grunt: 1 damage resets." in items
    assert "Ana's Blade (Grunt) to the discard pile." in items
    assert "Ana's Grunt: this turn's stat changes end." in items
    assert items[-1].startswith("Ben's turn")
    assert undo(game).state == before
    assert redo(undo(game)).state == game.state


def test_end_of_turn_effects_are_ordered_by_the_active_player() -> None:
    game = ramp(new_game(), 2)
    game = play(game, DUSK, "alley")
    game = play(game, DUSK, "alley")
    refused(game, "end_turn", 0, "order of the end-of-turn effects")
    entry = next(e for e in AZUKI.legal_actions(game.state, 0) if e.type == "end_turn")
    game = act(game, "end_turn", 0, order=list(reversed(entry.payload["order"])))
    assert game.state.last_turn_end[0].startswith("End-of-turn effects, in order")


# --- Win Conditions -------------------------------------------------------------------------


def test_a_leader_at_0_health_loses() -> None:
    game = new_game()
    game = act(game, "deal_damage", 0, seat=1, target="leader", amount=20)
    assert game.state.outcome.winner == 0
    assert "Leader reached 0 Health" in game.state.outcome.reason
    refused(game, "end_turn", 0, "The game is over")
    assert AZUKI.legal_actions(game.state, 0) == ()


def test_drawing_from_an_empty_deck_loses_and_the_board_says_so_before() -> None:
    game = new_game(deck_size=9)  # 2 left after the opening 7
    game = end_turn(game)  # Ben draws 1: 1 left
    game = act(game, "draw", 1, seat=1, count=1)  # Ben's deck: 0
    assert any("Ben's deck is empty" in note for note in AZUKI.view(game.state, 0)["notes"])
    game = end_turn(game, 2)  # Ana's turn, then Ben's draw
    assert game.state.outcome.winner == 0
    assert "draw from an empty deck" in game.state.outcome.reason


def test_both_leaders_at_0_at_once_is_a_draw_r149() -> None:
    game = ramp(new_game(), 2)
    game = act(game, "adjust_stats", 0, seat=0, target="leader", attack=2, lasting=True)
    game = end_turn(game)
    game = act(game, "play_weapon", 1, card=BLADE.id, bearer="leader")
    game = act(game, "deal_damage", 1, seat=0, target="leader", amount=18)
    game = act(game, "deal_damage", 1, seat=1, target="leader", amount=18)
    game = act(game, "attack", 1, attacker="leader", target="leader")
    for _ in range(3):
        game = act(game, "continue_combat", None)
    game = act(game, "resolve_damage", 1)
    assert game.state.outcome.over and game.state.outcome.winners == frozenset({0, 1})
    assert AZUKI.over(game.state), "a draw is over: every seat may export the whole game"
    assert AZUKI.view(game.state, None)["over"] is True
    assert AZUKI.view(game.state, None)["winner"] is None


# --- Setup ------------------------------------------------------------------------------------


def test_the_example_setup_reads_back_and_holds_two_legal_50_card_decks() -> None:
    data = AZUKI.example_setup()
    parsed = AZUKI.setup_from_json(data)
    assert AZUKI.setup_to_json(parsed) == data
    assert [seat.deck_size for seat in parsed.players] == [50, 50]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"first_player": 2}, "first_player"),
        ({"first_player_by": "dice"}, "first_player_by"),
        ({"players": []}, "players"),
    ],
)
def test_a_bad_setup_names_the_field(change: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidInput) as error:
        AZUKI.setup_from_json({**AZUKI.example_setup(), **change})
    assert field in error.value.problems


def test_a_bad_card_or_deck_size_names_its_path_r150() -> None:
    data = AZUKI.example_setup()
    players = data["players"]
    players[0]["deck"] = players[0]["deck"][:1]  # 4 cards
    players[1]["leader"] = {**players[1]["leader"], "health": "\ud800"}
    players[1]["deck"][0] = {**players[1]["deck"][0], "count": "\uff14"}  # a fullwidth digit
    with pytest.raises(InvalidInput) as error:
        AZUKI.setup_from_json(data)
    problems = error.value.problems
    assert "8 to 50" in problems["players.0.deck"][0]
    assert "players.1.leader.health" in problems
    assert "players.1.deck.0.count" in problems


def test_a_new_game_setup_must_be_legal_but_for_the_deck_size_r150() -> None:
    """Deck Composition, Elements, K1-K3: the deck validator's rules, all but the 50."""
    data = AZUKI.example_setup()
    players = data["players"]
    players[0]["deck"][0]["count"] = 5  # a fifth copy
    players[0]["deck"][2]["count"] = 3  # still 50 cards
    players[0]["deck"][1] = {**players[0]["deck"][1], "element": "water"}
    players[1]["gate"] = {**players[1]["gate"], "element": "neutral"}
    parsed = AZUKI.setup_from_json(data)  # a stored game still reads and replays
    with pytest.raises(InvalidInput) as error:
        AZUKI.check_new_setup(parsed)
    problems = error.value.problems
    assert sorted(problems) == [
        "players.0.deck.0.count",
        "players.0.deck.1.element",
        "players.1.gate.element",
    ]
    assert "at most 4" in problems["players.0.deck.0.count"][0]
    small = AZUKI.example_setup()
    small["players"][0]["deck"] = small["players"][0]["deck"][:3]  # 12 cards: practice (R150)
    AZUKI.check_new_setup(AZUKI.setup_from_json(small))
    AZUKI.check_new_setup(AZUKI.setup_from_json(AZUKI.example_setup()))
