"""What the Azeroth at War tracker says in words: each die of a roll named by whose it is
(the roll-offs of 3.3 and 5.1 are one die per player; a Morale test is two dice of the
model's owner, 10.1), the stage an entry ended, a secret Warlord's nomination (11) told to
the others without the Hero, and what the table's shared device recorded for no seat."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import Action, IllegalAction, LegalAction, Rolls, game_apply
from tests.profiles import examples
from tests.rules.azeroth.legal_play import listed, pick, play
from tests.rules.azeroth.tracker_game import AzerothGame, act, deployed, new_game, to_morale
from tests.rules.tracker.legal_play import randoms


def _entry(game: AzerothGame, seat: int, type_: str) -> LegalAction:
    (found,) = [a for a in AZEROTH.legal_actions(game.state, seat) if a.type == type_]
    return found


# Dice named by whose they are ---------------------------------------------------------------


def test_each_die_of_the_edge_roll_off_is_named_by_its_player() -> None:
    game = new_game()
    for seat in (0, 1):
        rolls = _entry(game, seat, "edge_roll_off").choices["rolls"]
        assert isinstance(rolls, Rolls)
        assert rolls.labels == ("Ana's die", "Ben's die")
        assert rolls.to_json() == {
            "dice": 2,
            "faces": [1, 2, 3, 4, 5, 6],
            "labels": ["Ana's die", "Ben's die"],
        }


def test_each_die_of_the_round_roll_off_is_named_by_its_player() -> None:
    game = to_morale(act(deployed(), "end_stage"))
    game = act(act(game, "end_stage"), "end_stage")  # round 2's Activation stage
    assert game.state.round == 2 and game.state.first is None
    rolls = _entry(game, 1, "round_roll_off").choices["rolls"]
    assert isinstance(rolls, Rolls) and rolls.labels == ("Ana's die", "Ben's die")


def _every_roll(data: st.DataObject) -> list[tuple[LegalAction, Rolls]]:
    game = new_game(data.draw(st.sampled_from(list(Scenario))))
    rng = randoms(data)
    found: list[tuple[LegalAction, Rolls]] = []
    for _ in range(data.draw(st.integers(0, 120))):
        options = listed(game)
        if not options:
            break
        found += [
            (legal, choice)
            for legal in options
            for choice in legal.choices.values()
            if isinstance(choice, Rolls)
        ]
        game = play(rng, game, pick(rng, options))
    return found


@settings(max_examples=examples(10))
@given(st.data())
def test_every_roll_of_several_dice_names_each_die_by_a_player(data: st.DataObject) -> None:
    for legal, rolls in _every_roll(data):
        if rolls.dice < 2:
            continue
        assert len(rolls.labels) == rolls.dice, legal.label
        assert all(label.startswith(("Ana's ", "Ben's ")) for label in rolls.labels)
        assert len(set(rolls.labels)) == rolls.dice
        assert legal.allows(legal.payload)


# The stage an entry ended --------------------------------------------------------------------


def test_ending_a_stage_names_the_stage_in_the_list_and_in_the_history() -> None:
    game = act(new_game(), "edge_roll_off", 0, rolls=[2, 5])
    end = _entry(game, 0, "end_stage")
    assert end.payload == {"stage": "Deployment"}
    game = game_apply(game, type="end_stage", by=0, payload=dict(end.payload))
    assert game.line(game.log[-1], None) == "Ana: ends the Deployment stage"
    end = _entry(game, 1, "end_stage")
    game = game_apply(game, type="end_stage", by=1, payload=dict(end.payload))
    assert game.line(game.log[-1], 0) == "Ben: ends the Mana stage"


def test_an_end_of_a_stage_that_is_already_over_is_refused_naming_the_stage() -> None:
    game = act(deployed(), "end_stage")  # now the Activation stage
    try:
        act(game, "end_stage", 0, stage="Mana")
    except IllegalAction as error:
        assert error.field == "payload.stage"
        assert "Mana" in error.message and "Activation" in error.message
    else:
        raise AssertionError("ending the Mana stage again was recorded")
    ended = act(deployed(), "end_stage", 0)  # a client that names no stage ends the one on
    assert ended.state.stage.value == "Activation"
    assert ended.line(ended.log[-1], None) == "Ana: ends the stage"


# A secret Warlord's nomination ---------------------------------------------------------------


def _nominated(hero: str) -> AzerothGame:
    game = act(new_game(Scenario.ASSASSINATION), "edge_roll_off", rolls=[2, 5])
    return act(game, "nominate_warlord", 1, model=hero)


def test_the_others_read_a_nomination_in_words_without_the_hero() -> None:
    lines = {
        viewer: {_nominated(hero).line(_nominated(hero).log[-1], viewer) for hero in HEROES}
        for viewer in (0, None)
    }
    assert lines == {
        0: {"Ben: nominates their Warlord (kept secret)"},
        None: {"Ben: nominates their Warlord (kept secret)"},
    }
    own = _nominated("paladin-1")
    assert own.line(own.log[-1], 1) == "Ben: nominates their Warlord (kept secret)"


HEROES = ("sorceress-1", "paladin-1")


# The table as a whole ------------------------------------------------------------------------


def _alike(game: AzerothGame) -> list[LegalAction]:
    """The entries every seat lists alike: the same action, whoever takes it."""

    def key(legal: LegalAction) -> str:
        body: dict[str, Any] = legal.to_json()
        del body["seat"], body["label"]
        return json.dumps(body, sort_keys=True)

    per_seat = [{key(a): a for a in AZEROTH.legal_actions(game.state, s)} for s in (0, 1)]
    return [legal for k, legal in per_seat[0].items() if k in per_seat[1]]


def test_the_table_as_a_whole_ends_a_stage_and_the_history_says_so() -> None:
    game = act(new_game(), "edge_roll_off", None, rolls=[2, 5])
    assert game.line(game.log[-1], None) == "The table: roll-off for the table edge: Ana 2, Ben 5"
    (end,) = [a for a in _alike(game) if a.type == "end_stage"]
    game = game_apply(game, type="end_stage", by=None, payload=dict(end.payload))
    assert game.line(game.log[-1], 1) == "The table: ends the Deployment stage"


@settings(max_examples=examples(10))
@given(st.data())
def test_what_every_seat_may_do_alike_applies_for_the_table_as_a_whole(
    data: st.DataObject,
) -> None:
    """Also to the state concealed for nobody, where the service tries it first."""
    game = new_game(data.draw(st.sampled_from(list(Scenario))))
    rng = randoms(data)
    for _ in range(data.draw(st.integers(0, 80))):
        options = listed(game)
        if not options:
            break
        for legal in _alike(game):
            game_apply(game, type=legal.type, by=None, payload=dict(legal.payload))
            known = AZEROTH.conceal(game.state, None)
            AZEROTH.apply(known, Action(game.version + 1, legal.type, None, legal.payload))
        game = play(rng, game, pick(rng, options))
