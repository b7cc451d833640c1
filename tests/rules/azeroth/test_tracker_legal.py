"""The Azeroth at War tracker lists its legal actions (python-chess's legal_moves): games
played from that list alone never meet a refusal and reach their end, every listed action
and every allowed choice applies, what is just outside the list is refused naming the field,
undo then redo gives back the same state, and the example setup is accepted."""

from __future__ import annotations

import json
import re
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import (
    Action,
    IllegalAction,
    LegalAction,
    OneOf,
    SomeOf,
    game_apply,
    replay,
    start,
)
from tests.profiles import examples
from tests.rules.azeroth.legal_play import listed, outside, pick, play, wrong_type
from tests.rules.azeroth.tracker_game import (
    AzerothGame,
    act,
    activation,
    new_game,
    to_morale,
)
from tests.rules.tracker.legal_play import randoms

SEAT_BOUND = {
    "activate",
    "use_ability",
    "summon",
    "taunt",
    "nominate_warlord",
    "spell_block",
    "dispel",
    "counterspell",
    "opportunity_attack",
}


def labels(game: AzerothGame, seat: int) -> list[str]:
    return [a.label for a in AZEROTH.legal_actions(game.state, seat)]


# Examples -----------------------------------------------------------------------------------


def test_it_lists_the_edge_roll_off_and_a_choice_of_your_own_heroes_as_warlord() -> None:
    game = new_game(Scenario.ASSASSINATION)
    assert labels(game, 0) == ["Roll off for the table edge", "Nominate your Warlord in secret"]
    (roll, nominate) = AZEROTH.legal_actions(game.state, 1)
    assert roll.to_json()["choices"] == {
        "rolls": {"dice": 2, "faces": [1, 2, 3, 4, 5, 6], "labels": ["Ana's die", "Ben's die"]}
    }
    assert roll.at == ""
    assert nominate.at == "side:1"
    assert nominate.to_json()["choices"] == {"model": ["sorceress-1", "paladin-1"]}
    assert nominate.names == {"sorceress-1": "Sorceress", "paladin-1": "Paladin"}
    game = act(game, "nominate_warlord", 1, model="paladin-1")
    assert labels(game, 1)[1] == "Nominate another Warlord in secret"
    assert labels(game, 0)[1] == "Nominate your Warlord in secret"


def test_only_the_player_whose_turn_it_is_may_activate() -> None:
    game = activation()
    mine = [a for a in AZEROTH.legal_actions(game.state, 1) if a.type == "activate"]
    assert [a.label for a in mine] == [
        "Activate Sorceress",
        "Activate Paladin",
        "Activate Gryphon Rider",
        "Activate Skeleton",
        "Activate Footman 1",
        "Activate Footman 2",
    ]
    assert not [a for a in AZEROTH.legal_actions(game.state, 0) if a.type == "activate"]
    assert "End the Activation stage" not in labels(game, 1)


def test_the_activating_model_may_use_what_it_can_pay_for_and_the_enemy_may_answer() -> None:
    game = act(
        act(activation(), "activate", 1, model="footman-1"), "activate", 0, model="warchief-1"
    )
    ana = labels(game, 0)
    assert "Warchief uses Bloodlust (2 Mana)" in ana
    assert "Warchief uses Earthquake (3 Mana)" in ana
    assert not any("War Stomp" in label for label in ana)  # a Reaction, out of turn only
    assert "Sorceress reacts with" not in " ".join(labels(game, 1))
    game = act(game, "use_ability", 0, model="warchief-1", ability="Bloodlust")
    ben = labels(game, 1)
    assert "Sorceress tries a Spell Block against Bloodlust" in ben
    assert "Dispel Bloodlust (2 Mana)" in ben
    assert not any(label.startswith("Warchief uses") for label in labels(game, 0))


RAW = re.compile(r"_|\b[a-z]+-\d|^\d:\d$")
WORDS_IN_PAYLOAD = {"name", "ability", "stage"}  # a summons' name, an ability's, a stage's


def pieces(game: AzerothGame, seat: int) -> set[str]:
    """Every piece of the board the seat's view shows: the game, each side, each model."""
    shown = AZEROTH.view(game.state, seat)
    found = {""}
    for index, side in enumerate(shown["sides"]):
        found.add(f"side:{index}")
        found |= {f"model:{index}:{m['id']}" for m in side["models"]}
    return found


def ids_of(legal: LegalAction) -> set[str]:
    """The codes a board would have to show: string values of the payload and choices."""
    found = {
        value
        for key, value in legal.payload.items()
        if isinstance(value, str) and key not in WORDS_IN_PAYLOAD
    }
    for name, choice in legal.choices.items():
        if isinstance(choice, OneOf | SomeOf) and name not in WORDS_IN_PAYLOAD:
            found |= {value for value in choice.values if isinstance(value, str)}
        payload_list = legal.payload.get(name)
        if isinstance(payload_list, list):
            found |= {value for value in payload_list if isinstance(value, str)}
    return found


def check_words(game: AzerothGame) -> None:
    for seat in (0, 1):
        shown = pieces(game, seat)
        for legal in AZEROTH.legal_actions(game.state, seat):
            assert legal.at in shown, (legal.at, legal)
            assert not RAW.search(legal.label), legal.label
            missing = ids_of(legal) - set(legal.names)
            assert not missing, (legal.type, missing)
            for code, words in legal.names.items():
                assert words and words != code and not RAW.search(words), (code, words)


@settings(max_examples=examples(10))
@given(st.data())
def test_every_entry_is_at_a_piece_the_seat_sees_and_says_its_ids_in_words(
    data: st.DataObject,
) -> None:
    game = new_game(data.draw(st.sampled_from(list(Scenario))))
    rng = randoms(data)
    for _ in range(data.draw(st.integers(0, 150))):
        check_words(game)
        options = listed(game)
        if not options:
            break
        game = play(rng, game, pick(rng, options))


def test_a_models_actions_are_at_the_model_and_the_games_in_the_head() -> None:
    game = act(activation(), "activate", 1, model="footman-1")
    game = act(game, "activate", 0, model="warchief-1")
    game = act(game, "use_ability", 0, model="warchief-1", ability="Bloodlust")
    ats = {(a.type, a.at) for a in AZEROTH.legal_actions(game.state, 1)}
    assert ("spell_block", "") in ats and ("dispel", "") in ats and ("no_response", "") in ats
    assert ("damage", "model:0:warchief-1") in ats
    assert ("opportunity_attack", "model:1:paladin-1") in ats
    ana = {(a.type, a.at) for a in AZEROTH.legal_actions(game.state, 0)}
    assert ("end_activation", "model:0:warchief-1") in ana
    (dispel,) = [a for a in AZEROTH.legal_actions(game.state, 1) if a.type == "dispel"]
    assert dispel.names == {"sorceress-1": "Sorceress"}


def test_labels_speak_in_words_not_codes() -> None:
    game = to_morale(activation(Scenario.HOLD_THE_LINE))
    for seat in (0, 1):
        for label in labels(game, seat):
            assert "_" not in label and not re.search(r"[a-z]+-\d", label), label


def test_morale_facts_are_a_set_of_what_holds() -> None:
    game = activation()
    (facts,) = [
        a
        for a in AZEROTH.legal_actions(game.state, 0)
        if a.type == "morale_facts" and a.payload["model"] == "grunt-1"
    ]
    assert facts.to_json()["choices"]["facts"]["some_of"] == [
        "fear_nearby",
        "command_aura",
        "friendly_destroyed_within_6",
    ]
    game = act(game, "morale_facts", 0, seat=0, model="grunt-1", facts=["command_aura"])
    grunt = game.state.sides[0].find("grunt-1")
    assert grunt is not None and grunt.command_aura and not grunt.fear_nearby
    with pytest.raises(IllegalAction) as caught:
        act(game, "morale_facts", 0, seat=0, model="grunt-1", facts=["courage"])
    assert caught.value.field == "payload.facts"


def test_nothing_is_listed_once_the_game_is_over() -> None:
    game = activation()
    for model_id in ("sorceress-1", "paladin-1", "gryphon-1", "skeleton-1", "footman-1"):
        game = act(game, "damage", 0, seat=1, model=model_id, amount=9)
    assert not game.state.over
    game = act(game, "damage", 0, seat=1, model="footman-2", amount=9)
    assert game.state.over
    assert AZEROTH.legal_actions(game.state, 0) == ()
    assert AZEROTH.legal_actions(game.state, 1) == ()


def test_the_example_setup_is_accepted_and_starts_a_game() -> None:
    data = AZEROTH.example_setup()
    setup = AZEROTH.setup_from_json(json.loads(json.dumps(data)))
    assert AZEROTH.setup_to_json(setup) == data
    assert AZEROTH.seat_names(setup) == ("Ana", "Ben")
    game = start(AZEROTH, setup)
    assert AZEROTH.legal_actions(game.state, 0)
    assert AZEROTH.example_setup() is not data


# Properties ---------------------------------------------------------------------------------


def check_unlisted(rng: Random, game: AzerothGame) -> None:
    """One listed action changed just outside the list is refused, naming the field."""
    options = listed(game)
    legal = rng.choice(options)
    how = rng.choice(["outside", "type", "seat"])
    payload = dict(legal.payload)
    by = legal.seat
    if how == "outside" and legal.choices:
        name = rng.choice(sorted(legal.choices))
        payload[name] = outside(legal.choices[name])
    elif how == "type" and payload:
        name = rng.choice(sorted(payload))
        payload[name] = wrong_type(payload[name])
    elif how == "seat" and legal.type in SEAT_BOUND:
        by = 1 - legal.seat
        name = None
        if any(
            a.type == legal.type and a.allows(payload)
            for a in AZEROTH.legal_actions(game.state, by)
        ):
            return
    else:
        return
    with pytest.raises(IllegalAction) as caught:
        game_apply(game, type=legal.type, by=by, payload=payload)
    assert caught.value.message
    if name is not None:
        assert caught.value.field == f"payload.{name}", (legal, payload, caught.value.message)
    else:
        assert caught.value.field


def play_out(rng: Random, game: AzerothGame, limit: int = 1000) -> AzerothGame:
    for _ in range(limit):
        options = listed(game)
        if not options:
            break
        if rng.random() < 0.2:
            check_unlisted(rng, game)
        game = play(rng, game, pick(rng, options))
    return game


@settings(max_examples=examples(25), suppress_health_check=[HealthCheck.large_base_example])
@given(st.data())
def test_a_game_played_from_its_legal_actions_meets_no_refusal_and_ends(
    data: st.DataObject,
) -> None:
    game = play_out(randoms(data), new_game(data.draw(st.sampled_from(list(Scenario)))))
    assert game.state.over
    assert AZEROTH.view(game.state, None)["reason"]
    assert replay(AZEROTH, game.setup, game.log) == game.state


@settings(max_examples=examples(15))
@given(st.data())
def test_every_listed_action_applies_as_listed(data: st.DataObject) -> None:
    """Also to the state concealed for its seat, where the service tries it first."""
    game = new_game(data.draw(st.sampled_from(list(Scenario))))
    rng = randoms(data)
    for _ in range(data.draw(st.integers(0, 80))):
        options = listed(game)
        if not options:
            break
        for legal in options:
            game_apply(game, type=legal.type, by=legal.seat, payload=legal.payload)
            # as the service first tries it, on the state as that seat knows it
            known = AZEROTH.conceal(game.state, legal.seat)
            AZEROTH.apply(known, Action(game.version + 1, legal.type, legal.seat, legal.payload))
            assert json.loads(json.dumps(legal.to_json())) == legal.to_json()
        game = play(rng, game, pick(rng, options))


@settings(max_examples=examples(15))
@given(st.data())
def test_undo_then_redo_of_any_action_gives_back_the_same_state(data: st.DataObject) -> None:
    game = new_game(data.draw(st.sampled_from(list(Scenario))))
    rng = randoms(data)
    for _ in range(data.draw(st.integers(1, 60))):
        options = listed(game)
        if not options:
            break
        game = play(rng, game, pick(rng, options))
    target = data.draw(st.sampled_from(game.history.effective))
    try:
        undone = game_apply(game, type="undo", payload={"target": target})
    except IllegalAction as error:
        assert error.field == "payload.target"  # a later action needed it (R50)
        return
    redone = game_apply(undone, type="redo", payload={"target": target})
    assert redone.state == game.state
    assert replay(AZEROTH, redone.setup, redone.log) == game.state
