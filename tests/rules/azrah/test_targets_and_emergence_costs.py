"""How many enemies an ability targets (Range Arrows and Targeting Enemies, R112) and the
printed cost of an emergence ability (Activating and Resolving Abilities, R106, R113)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from referee.rules.azrah.cards import Guardian, GuardianAbility
from referee.rules.azrah.setup import AzrahSetup
from referee.rules.azrah.state import waiting
from referee.rules.azrah.system import AZRAH
from referee.rules.errors import InvalidInput
from referee.rules.tracker import IllegalAction, SomeOf, start
from tests.rules.tracker.azrah_game import (
    CARDED,
    AzrahGame,
    act,
    carded_game,
    guardian,
    player,
    recover,
)


def _with_card(setup: AzrahSetup, seat: int, name: str, **changes: object) -> AzrahSetup:
    """``setup`` with ``seat``'s card ``name`` changed."""
    players = list(setup.players)
    cards = tuple(
        replace(card, **changes) if card.name == name else card  # type: ignore[arg-type]
        for card in players[seat].cards
    )
    players[seat] = replace(players[seat], cards=cards)
    return replace(setup, players=(players[0], players[1]))


def _card_of(setup: AzrahSetup, seat: int, name: str) -> Guardian:
    return next(card for card in setup.players[seat].cards if card.name == name)


def _lunge(targets: int) -> AzrahGame:
    """Ana's Dragoon (centre, arrows left and right: Ben's Bard and Duelist) with Lunge
    targeting up to ``targets`` enemies, 2 Mana on it, in Ana's Action phase."""
    card = _card_of(CARDED, 0, "Dragoon")
    lunge = replace(card.abilities[0], targets=targets)
    setup = _with_card(CARDED, 0, "Dragoon", abilities=(lunge,))
    return recover(start(AZRAH, setup), "Dragoon", "Dragoon")


# R112: the number of targets -------------------------------------------------------


def test_a_target_enemy_ability_announces_one_enemy() -> None:
    """Range Arrows and Targeting Enemies: "target enemy" is a single enemy, even when the
    range arrows reach two."""
    game = _lunge(1)
    with pytest.raises(IllegalAction, match="Lunge targets one enemy, as its card prints; 2") as e:
        act(
            game, "use_ability", 0, guardian="Dragoon", ability="Lunge", targets=["Bard", "Duelist"]
        )
    assert e.value.field == "payload.targets"
    (entry,) = [
        e
        for e in AZRAH.legal_actions(game.state, 0)
        if e.type == "use_ability" and e.payload.get("ability") == "Lunge"
    ]
    assert entry.choices["targets"] == SomeOf(("Bard", "Duelist"), 1, 1)
    game = act(game, "use_ability", 0, guardian="Dragoon", ability="Lunge", targets=["Duelist"])
    assert game.state.stack[-1].targets == ("Duelist",)


def test_an_ability_with_several_targets_announces_up_to_that_many_in_reach() -> None:
    """Range Arrows and Targeting Enemies, R112: an ability targeting any number of enemies
    (three) announces them, but only those its range arrows reach."""
    game = _lunge(3)
    (entry,) = [
        e
        for e in AZRAH.legal_actions(game.state, 0)
        if e.type == "use_ability" and e.payload.get("ability") == "Lunge"
    ]
    assert entry.choices["targets"] == SomeOf(("Bard", "Duelist"), 1, 2)
    with pytest.raises(IllegalAction, match="range arrows point only to Bard, Duelist"):
        act(
            game,
            "use_ability",
            0,
            guardian="Dragoon",
            ability="Lunge",
            targets=["Bard", "Cleric", "Duelist"],
        )
    game = act(
        game, "use_ability", 0, guardian="Dragoon", ability="Lunge", targets=["Bard", "Duelist"]
    )
    assert game.state.stack[-1].targets == ("Bard", "Duelist")
    two = _lunge(2)
    with pytest.raises(IllegalAction, match="up to 2 enemies"):
        act(
            two,
            "use_ability",
            0,
            guardian="Dragoon",
            ability="Lunge",
            targets=["Bard", "Duelist", "Cleric"],
        )


def test_an_emergence_targets_no_more_than_its_card_says() -> None:
    """R112 holds for emergence abilities too: Warden's Challenge says "target enemy"."""
    game = recover(carded_game(), "Alchemist", "Oracle")
    game = act(game, "escape", 1, seat=0, guardian="Dragoon", forced=True)
    game = act(game, "swap", 0, guardian="Dragoon", replacement="Warden")
    with pytest.raises(IllegalAction, match="Challenge targets one enemy"):
        act(game, "emerge", 0, guardian="Warden", targets=["Bard", "Cleric"])


def test_the_number_of_targets_travels_in_the_setup_and_is_checked() -> None:
    setup = _with_card(
        CARDED,
        0,
        "Dragoon",
        abilities=(replace(_card_of(CARDED, 0, "Dragoon").abilities[0], targets=3),),
    )
    data = json.loads(json.dumps(AZRAH.setup_to_json(setup)))
    assert data["players"][0]["cards"][1]["abilities"][0]["targets"] == 3
    assert AZRAH.setup_from_json(data) == setup
    data["players"][0]["cards"][1]["abilities"][0]["targets"] = 4
    data["players"][0]["cards"][2]["abilities"][0]["targets"] = 2  # Ward targets no enemy
    with pytest.raises(InvalidInput) as caught:
        AZRAH.setup_from_json(data)
    assert {
        "players.0.cards.1.abilities.0.targets",
        "players.0.cards.2.abilities.0.targets",
    } <= set(caught.value.problems)


# R113: an emergence ability's printed cost ---------------------------------------------


def _warden_costs(mana: int = 0, gems: int = 0) -> AzrahGame:
    """Ana's Warden's emergence (Challenge) printed with a cost; Ana in her Action phase."""
    printed = _card_of(CARDED, 0, "Warden").emergence
    assert printed is not None
    challenge = replace(printed, mana=mana, gems=gems)
    setup = _with_card(CARDED, 0, "Warden", emergence=challenge)
    return recover(start(AZRAH, setup), "Alchemist", "Oracle")


def _warden_enters(game: AzrahGame) -> AzrahGame:
    game = act(game, "escape", 1, seat=0, guardian="Dragoon", forced=True)
    return act(game, "swap", 0, guardian="Dragoon", replacement="Warden")


def test_an_emergence_pays_its_printed_gems() -> None:
    """Activating and Resolving Abilities: every activation cost is paid (R113)."""
    game = _warden_costs(gems=1)
    game = replace(
        game,
        state=replace(
            game.state,
            players=(
                replace(player(game, 0), gems=player(game, 0).gems.add(1)),
                player(game, 1),
            ),
        ),
    )
    game = _warden_enters(game)
    assert waiting(game.state) == (0, "emerge", "Warden")
    (entry,) = [e for e in AZRAH.legal_actions(game.state, 0) if e.type == "emerge"]
    assert entry.label == "Warden: Challenge (emergence, 1 Gem)"
    game = act(game, "emerge", 0, guardian="Warden", targets=["Cleric"])
    assert player(game, 0).gems.value == 0
    assert game.state.stack[-1].ability == "Challenge"


def test_an_emergence_whose_cost_cannot_be_paid_does_not_activate() -> None:
    """R113: Ana has no Gem on her first turn and Warden enters with no Mana, so its
    Challenge is passed over: play does not wait for it and the turn may end."""
    for cost in ({"gems": 1}, {"mana": 1}):
        game = _warden_enters(_warden_costs(**cost))
        assert waiting(game.state) is None
        assert game.state.emerging == ()
        assert [e for e in AZRAH.legal_actions(game.state, 0) if e.type == "emerge"] == []
        with pytest.raises(IllegalAction, match="No ally is waiting to activate"):
            act(game, "emerge", 0, guardian="Warden", targets=["Cleric"])
        game = act(act(game, "end_phase", 0), "end_phase", 0)
        assert game.state.active == 1
        assert guardian(game, 0, "Warden").mana == 0


def test_an_end_phase_entrant_that_cannot_pay_is_passed_over() -> None:
    """C.2 with R113: Warden swapped in at the End phase cannot pay 1 Gem, so the turn ends
    without its emergence."""
    game = act(_warden_costs(gems=1), "end_phase", 0)
    game = act(game, "escape", 1, seat=0, guardian="Oracle", forced=True)
    game = act(game, "swap", 0, guardian="Oracle", replacement="Warden")
    assert game.state.entered == ("Warden",)
    assert [e for e in AZRAH.legal_actions(game.state, 0) if e.type == "emerge"] == []
    game = act(game, "end_phase", 0)
    assert game.state.active == 1


def test_an_emergence_with_no_printed_cost_still_costs_nothing() -> None:
    """R106 as before: Warden's Challenge printed without a cost activates for free."""
    game = _warden_enters(_warden_costs())
    gems = player(game, 0).gems.value
    game = act(game, "emerge", 0, guardian="Warden", targets=["Cleric"])
    assert player(game, 0).gems.value == gems and guardian(game, 0, "Warden").mana == 0


def test_the_rulings_page_carries_r112_and_r113_with_their_sections() -> None:
    from referee.rules.azrah.rulings import PROJECT

    rulings = {r.code: r for r in PROJECT}
    assert "Range Arrows and Targeting Enemies" in rulings["R112"].section
    assert "Activating and Resolving Abilities" in rulings["R113"].section
    assert "R113" in rulings["R106"].text and "costs nothing" not in rulings["R106"].text


def test_an_ability_defaults_to_one_target() -> None:
    assert GuardianAbility("Strike", target_enemy=True).targets == 1
