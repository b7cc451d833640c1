"""Abilities whose effect Referee reads from the card's text and applies itself (R154), Once
per Turn kept per seat (Card Effects), and stored games made before that still replaying.

Most tests play the demonstration decks, where both players lead with Ember Matriarch
("[Once/Turn] Pay 1 IKZ: give one Fire entity +1 attack until end of turn.")."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.azuki.cards import CardType, Element
from referee.rules.azuki.example import CARDS, EXAMPLE_SETUP
from referee.rules.azuki.legal import legal_actions
from referee.rules.azuki.setup import CardInfo, ability_effect
from referee.rules.azuki.state import LEADER, Entity
from referee.rules.azuki.system import AZUKI
from referee.rules.tracker import Action, IllegalAction, OneOf, game_apply, replay, start
from tests.rules.tracker.azuki_game import AzukiGame, act, end_turn, last_entity, player

SPRITE = CARDS["AZK-010"]  # [On Play] Deal 1 damage to a tapped entity.
HOUND = CARDS["AZK-011"]  # Fire, Charge
ACOLYTE = CARDS["AZK-013"]  # [In Alley Only Ability] [Once/Turn] Give your Leader +1 attack ...
DRAKE = CARDS["AZK-014"]  # [When Attacking] Deal 1 damage to the opponent's Leader.
TINKER = CARDS["AZK-030"]  # Neutral


def table() -> AzukiGame:
    """The demonstration game, both hands kept: Ana's turn 1, 1 IKZ."""
    game = start(AZUKI, EXAMPLE_SETUP)
    game = act(game, "keep_hand", 0)
    return act(game, "keep_hand", 1)


def to_ikz(game: AzukiGame, seat: int, ikz: int) -> AzukiGame:
    while game.state.active != seat or player(game, seat).ikz < ikz:
        game = end_turn(game)
    return game


def entity(game: AzukiGame, seat: int, uid: str) -> Entity:
    found = player(game, seat).find(uid)
    assert found is not None
    return found[1]


def leader_ability(game: AzukiGame, seat: int) -> list[Any]:
    return [
        a
        for a in legal_actions(game.state, seat)
        if a.type == "use_ability" and a.payload.get("source") == LEADER
    ]


def test_the_abilities_referee_reads_whole_r154() -> None:
    matriarch = ability_effect(CARDS["AZK-001"])
    assert matriarch is not None
    assert (matriarch.kind, matriarch.amount, matriarch.element) == ("attack", 1, Element.FIRE)
    assert matriarch.chosen
    acolyte = ability_effect(ACOLYTE)
    assert acolyte is not None and (acolyte.kind, acolyte.target) == ("attack", "own_leader")
    sprite = ability_effect(SPRITE)
    assert sprite is not None and (sprite.kind, sprite.amount, sprite.tapped) == ("damage", 1, True)
    drake = ability_effect(DRAKE)
    assert drake is not None and (drake.kind, drake.target) == ("damage", "their_leader")
    # Two effects in one sentence, or one the tracker cannot follow: the players record it.
    assert ability_effect(CARDS["AZK-041"]) is None
    assert ability_effect(CARDS["AZK-019"]) is None  # a spell: no ability (R146)


def test_the_leader_ability_is_not_offered_without_a_target_r154() -> None:
    game = table()
    assert leader_ability(game, 0) == []
    with pytest.raises(IllegalAction, match="no Fire entity in a Garden"):
        act(game, "use_ability", 0, source=LEADER)


def test_the_leader_ability_asks_for_its_target_and_applies_it_r154() -> None:
    game = to_ikz(table(), 0, 5)
    game = act(game, "play_entity", 0, card=HOUND.id, zone="garden")
    hound = last_entity(game, 0).uid
    game = act(game, "play_entity", 0, card=TINKER.id, zone="garden")  # Neutral: no target
    tinker = last_entity(game, 0).uid
    (offered,) = leader_ability(game, 0)
    assert offered.choices == {"target": OneOf((hound,))}
    assert offered.payload == {"source": LEADER, "target": hound}
    with pytest.raises(IllegalAction, match="the target") as error:
        act(game, "use_ability", 0, source=LEADER)
    assert error.value.field == "payload.target"
    with pytest.raises(IllegalAction, match="Fire"):
        act(game, "use_ability", 0, source=LEADER, target=tinker)
    before = player(game, 0).ikz_untapped
    game = act(game, "use_ability", 0, source=LEADER, target=hound)
    assert entity(game, 0, hound).attack == HOUND.attack + 1  # type: ignore[operator]
    assert player(game, 0).ikz_untapped == before - 1
    line = game.line(game.log[-1], None)
    assert "Ember Matriarch" in line and hound in line and "+1 Attack" in line
    game = end_turn(game)
    assert entity(game, 0, hound).attack == HOUND.attack


def test_an_opponents_fire_entity_in_the_garden_is_a_target_too_r154() -> None:
    game = to_ikz(table(), 1, 4)
    game = act(game, "play_entity", 1, card=HOUND.id, zone="garden")
    bens = last_entity(game, 1).uid
    game = act(game, "play_entity", 1, card=HOUND.id, zone="alley")
    alley = last_entity(game, 1, "alley").uid
    game = end_turn(game)
    (offered,) = leader_ability(game, 0)
    assert offered.choices["target"] == OneOf((bens,))  # never the Alley (The Field)
    with pytest.raises(IllegalAction):
        act(game, "use_ability", 0, source=LEADER, target=alley)


def test_damage_abilities_apply_with_carapace_and_a_fixed_leader_r154() -> None:
    game = to_ikz(table(), 0, 4)
    game = act(game, "play_entity", 0, card=DRAKE.id, zone="garden")
    drake = last_entity(game, 0).uid
    game = end_turn(game, 2)
    game = act(game, "attack", 0, attacker=drake, target=LEADER)
    (offered,) = [
        a for a in legal_actions(game.state, 0) if a.type == "use_ability" and not a.choices
    ]
    assert offered.payload == {"source": drake, "target": LEADER}
    game = act(game, "use_ability", 0, **offered.payload)
    assert player(game, 1).leader.health == 19


def test_the_sprites_on_play_needs_a_tapped_entity_r154() -> None:
    game = to_ikz(table(), 0, 1)
    game = act(game, "play_entity", 0, card=SPRITE.id, zone="garden")
    sprite = last_entity(game, 0).uid
    assert not [a for a in legal_actions(game.state, 0) if a.payload.get("source") == sprite]


def test_once_per_turn_is_per_seat_even_with_the_same_leader() -> None:
    game = to_ikz(table(), 0, 3)
    game = act(game, "play_entity", 0, card=HOUND.id, zone="garden")
    game = act(game, "use_ability", 0, source=LEADER, target=last_entity(game, 0).uid)
    view = AZUKI.view(game.state, None)
    assert view["players"][0]["leader"]["ability_used"] is True
    assert view["players"][1]["leader"]["ability_used"] is False
    assert leader_ability(game, 0) == []


def test_a_stored_game_that_used_the_ability_without_a_target_still_replays() -> None:
    """Before R154 the ability only cost its IKZ; the players recorded the effect."""
    game = to_ikz(table(), 0, 3)
    game = act(game, "play_entity", 0, card=HOUND.id, zone="garden")
    hound = last_entity(game, 0).uid
    old = Action(game.version + 1, "use_ability", 0, {"source": LEADER})
    effect = Action(game.version + 2, "adjust_stats", 0, {"seat": 0, "target": hound, "attack": 1})
    state = replay(AZUKI, game.setup, (*game.log, old, effect))
    found = state.players[0].find(hound)
    assert found is not None and found[1].attack == HOUND.attack + 1  # type: ignore[operator]
    assert state.players[0].ikz_untapped == player(game, 0).ikz_untapped - 1
    again = start(AZUKI, game.setup, (*game.log, old, effect))
    assert again.state == state
    game_apply(again, type="undo", payload={"target": old.seq})  # replays without it


def test_an_ability_referee_does_not_read_takes_no_target() -> None:
    tapper = CardInfo(
        "X-1", "Tapper", CardType.ENTITY, Element.FIRE, 1, 1, 1, 1, "Tap this entity: draw 1."
    )
    assert ability_effect(tapper) is None


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    """At the table: "Brand of Embers's ability"."""
    game = to_ikz(table(), 0, 3)
    game = act(game, "play_entity", 0, card=HOUND.id, zone="garden")
    game = act(game, "play_weapon", 0, card="AZK-023", bearer=LEADER)  # Brand of Embers
    labels = [a.label for a in legal_actions(game.state, 0) if a.type == "use_ability"]
    assert "Use Brand of Embers' ability" in labels
    assert not [label for label in labels if "s's" in label]
    words = " ".join(
        a.label for seat in (0, 1) for a in AZUKI.legal_actions(game.state, seat)
    ) + " ".join(game.line(entry, None) for entry in game.log)
    assert "s's " not in words
