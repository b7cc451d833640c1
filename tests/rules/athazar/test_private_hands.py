"""A hand entered is its player's private note (R176, R177, R179): saved as one entry that
nobody else is asked about, never the reason a play, an undo or a redo is refused, and never
named by what the table's shared device is offered."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from referee.rules.athazar.actions import HAND_TYPES
from referee.rules.athazar.state import AthazarState
from referee.rules.athazar.system import ATHAZAR
from referee.rules.tracker import Action, IllegalAction, game_apply
from tests.rules.athazar.athazar_game import AthazarGame, act, everyone_passes, new_game, with_hand

FULL = ["Sailor", "Renegade", "Assassin", "Hunter", "Merchant", "Wiseman", "Prince"]


def _with_hand(state: AthazarState, seat: int, hand: tuple[str, ...] | None) -> AthazarState:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], hand=hand)
    return replace(state, seats=tuple(seats))


# --- one entry, nobody else's business (finding: every tap was an entry) -----------------------


@pytest.mark.parametrize("kind", sorted(HAND_TYPES))
def test_a_hand_edit_is_a_private_edit(kind: str) -> None:
    assert ATHAZAR.private_edit(Action(1, kind, 0, {}))


@pytest.mark.parametrize("kind", ["pass_cards", "kill", "play_effect", "skip_turn", "deal"])
def test_a_play_is_not_a_private_edit(kind: str) -> None:
    assert not ATHAZAR.private_edit(Action(1, kind, 0, {}))


def test_the_whole_hand_is_saved_by_one_listed_action() -> None:
    game = act(new_game(3), "enter_hand", 1, cards=["Sailor", "Prince"])
    saves = [e for e in ATHAZAR.legal_actions(game.state, 1) if e.type == "enter_hand"]
    assert len(saves) == 1
    assert saves[0].payload == {"cards": ["Sailor", "Prince"]}
    view = ATHAZAR.view(game.state, 1)
    assert view["hand"]["cards"] == ["Sailor", "Prince"]
    assert view["players"][1]["held"] == 7  # the places of the hand editor
    # what a hand editor lists is no secret: a seat with no hand sees what nobody sees
    assert ATHAZAR.view(game.state, 0) == ATHAZAR.view(game.state, None)
    assert "Warrior 20" in view["characters"]["all"]


# --- the table's shared device names no hand (R179) -------------------------------------------


@pytest.mark.parametrize("phase", ["pass", "play"])
def test_the_table_device_is_offered_the_same_whatever_a_hand_holds(phase: str) -> None:
    game = new_game(3, dealer=2)
    if phase == "play":
        game = everyone_passes(game)
    plain = game.state
    for seat in range(3):
        held = plain.seats[seat].held
        for hand in (tuple(FULL[:held]), ("Djinn",) * held, ("Magician", "Sailor", "Sailor"), ()):
            entered = _with_hand(plain, seat, hand)
            for other in range(3):
                assert ATHAZAR.table_actions(entered, other) == ATHAZAR.table_actions(plain, other)
    listed = [e for s in range(3) for e in ATHAZAR.table_actions(plain, s)]
    assert listed and not [e for e in listed if e.type in HAND_TYPES]


def test_what_the_table_device_sends_for_a_seat_is_never_refused_for_its_hand() -> None:
    """Ana's note names all seven cards; the table passes "a card" for her and later names a
    kill she did not note: both are recorded, and her note keeps what fits (R176)."""
    game = act(new_game(3, dealer=2), "enter_hand", 0, cards=FULL)
    for entry in ATHAZAR.table_actions(game.state, 0):
        assert entry.type != "pass_cards" or "card" not in entry.payload
    game = act(game, "pass_cards", 0, count=1)
    assert game.state.seats[0].hand is not None and len(game.state.seats[0].hand) == 6
    game = act(act(game, "pass_cards", 1, count=1), "pass_cards", 2, count=1)
    game = act(game, "kill", 0, killer="Warrior 9", victim="Djinn")
    ana = game.state.seats[0]
    assert ana.count == 5 and ana.hand is not None and len(ana.hand) == 5
    assert ATHAZAR.view(game.state, 0)["hand"]["check"] is True


def test_a_kill_the_note_does_not_hold_takes_places_not_entered() -> None:
    game = with_hand(everyone_passes(new_game(2)), 1, "Sailor")
    game = act(game, "enter_hand", 1, cards=["Sailor"])
    game = replace(game, state=_counts(game.state, 1, 4))
    game = act(game, "kill", 1, killer="Assassin", victim="Prince")
    assert game.state.seats[1].hand == ("Sailor",) and game.state.seats[1].unknown == 1
    assert ATHAZAR.view(game.state, 1)["hand"]["check"] is False


def _counts(state: AthazarState, seat: int, count: int) -> AthazarState:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], count=count)
    return replace(state, seats=tuple(seats))


# --- an undo never depends on another seat's hand (R177) --------------------------------------


def scenario(cards: list[str]) -> AthazarGame:
    """Ana (seat 0) enters ``cards``; everyone passes; Ana enters a Renegade and does
    nothing; Ben plays a Prince (#7); Ana enters a Warrior 3 (#8)."""
    game = new_game(3, dealer=2)  # Cleo deals: Ana holds the token and plays first
    game = act(game, "enter_hand", 0, cards=cards)  # 1
    game = act(game, "pass_cards", 0, count=1, card="Sailor")  # 2
    game = act(game, "pass_cards", 1, count=1)  # 3
    game = act(game, "pass_cards", 2, count=1)  # 4
    game = act(game, "add_card", 0, card="Renegade")  # 5
    game = act(game, "skip_turn", 0)  # 6
    game = act(game, "play_effect", 1, card="Prince")  # 7
    return act(game, "add_card", 0, card="Warrior 3")  # 8


def _answer(game: AthazarGame, type_: str, by: int | None, payload: dict[str, Any]) -> Any:
    try:
        after = game_apply(game, type=type_, by=by, payload=payload)
    except IllegalAction as error:
        return ("refused", error.message, error.field)
    return ("applies", ATHAZAR.view(after.state, by), [after.line(e, by) for e in after.log])


def test_bens_undo_answers_alike_whether_ana_entered_her_whole_hand() -> None:
    whole, fewer = scenario(FULL), scenario(FULL[:-1])
    assert whole.state.seats[0].unknown == 0 and fewer.state.seats[0].unknown == 1
    answers = [_answer(g, "undo", 1, {"target": 7}) for g in (whole, fewer)]
    assert answers[0] == answers[1]
    assert answers[0][0] == "applies"
    undone = game_apply(whole, type="undo", by=1, payload={"target": 7})
    ana = undone.state.seats[0]
    assert ana.count == 7 and ana.hand is not None and "Warrior 3" not in ana.hand
    assert ATHAZAR.view(undone.state, 0)["hand"]["check"] is True
    redone = game_apply(undone, type="redo", by=1, payload={"target": 7})
    assert redone.state.seats[0].count == 8
    redone_fewer = game_apply(
        game_apply(fewer, type="undo", by=1, payload={"target": 7}),
        type="redo",
        by=1,
        payload={"target": 7},
    )
    assert ATHAZAR.view(redone.state, 1) == ATHAZAR.view(redone_fewer.state, 1)


def test_a_replayed_hand_keeps_what_still_fits() -> None:
    state = ATHAZAR.initial_state(new_game(2).setup)
    state = ATHAZAR.apply(state, Action(1, "enter_hand", 0, {"cards": FULL}))
    small = _counts(state, 0, 3)
    with pytest.raises(IllegalAction):
        ATHAZAR.apply(small, Action(2, "enter_hand", 0, {"cards": FULL}))
    kept = ATHAZAR.replay_apply(small, Action(2, "enter_hand", 0, {"cards": FULL}))
    assert kept.seats[0].hand == ("Renegade", "Assassin", "Sailor")  # the first three listed
    full = _counts(state, 0, 7)
    assert (
        ATHAZAR.replay_apply(full, Action(2, "add_card", 0, {"card": "Djinn"})).seats[0].hand
        == full.seats[0].hand
    )
    gone = ATHAZAR.replay_apply(full, Action(2, "drop_card", 0, {"card": "Djinn"}))
    assert gone.seats[0].hand == full.seats[0].hand
    none = ATHAZAR.initial_state(new_game(2).setup)
    assert ATHAZAR.replay_apply(none, Action(2, "forget_hand", 0, {})) == none


def test_replay_gives_apply_state_wherever_apply_accepts() -> None:
    game = act(new_game(3, dealer=2), "enter_hand", 0, cards=FULL[:3])
    state = game.state
    for action in (
        Action(2, "add_card", 0, {"card": "Djinn"}),
        Action(2, "drop_card", 0, {"card": "Sailor"}),
        Action(2, "enter_hand", 0, {"cards": ["Prince"]}),
        Action(2, "forget_hand", 0, {}),
        Action(2, "pass_cards", 0, {"count": 1, "card": "Hunter"}),
    ):
        assert ATHAZAR.replay_apply(state, action) == ATHAZAR.apply(state, action)


# --- words -------------------------------------------------------------------------------------


def test_a_princess_is_an_assassin_or_an_archer_and_djinns_are_counted() -> None:
    game = with_hand(everyone_passes(new_game(2)), 1, "Princess", "Sailor", "Prince")
    labels = [e.label for e in ATHAZAR.legal_actions(game.state, 1)]
    assert "Princess as an Assassin kills Sailor" in labels
    assert not [label for label in labels if " a A" in label]
    merchant = Action(9, "play_effect", 1, {"card": "Merchant", "target": 0, "keeps": 1})
    line = ATHAZAR.describe(merchant, game.setup, 0)
    assert "keeping 1 Djinn to their 0" in line
    kill = Action(9, "kill", 1, {"killer": "Princess", "victim": "Prince", "as": "Archer"})
    assert "(as an Archer)" in ATHAZAR.describe(kill, game.setup, 0)


def test_the_two_card_pass_reads_whole() -> None:
    game = with_hand(new_game(2), 0, "Hunter", "Sailor", "Prince")
    labels = [e.label for e in ATHAZAR.legal_actions(game.state, 0) if e.type == "pass_cards"]
    assert labels and not [label for label in labels if label.endswith(" and")]


def test_the_helper_says_a_wiseman_takes_a_card_from_the_deck() -> None:
    game = with_hand(everyone_passes(new_game(2)), 1, "Wiseman", "Merchant", "Sailor")
    plays = ATHAZAR.view(game.state, 1)["helper_explanation"]["plays"]
    said = {p["type"] + ":" + p["outcome"] for p in plays}
    wiseman = [p for p in plays if "Wiseman" in p["rule"]]
    assert wiseman and "deck" in wiseman[0]["outcome"] and "swap" not in wiseman[0]["outcome"]
    merchant = [p for p in plays if "Merchant" in p["rule"]]
    assert merchant and "swap" in merchant[0]["outcome"], said
