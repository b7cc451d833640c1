"""The tracker core's requests to undo another seat's action (R50 through its owner) and its
batches (several actions of one seat as one entry), on a toy two-seat game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.tracker import (
    BATCH,
    DECLINED,
    LAPSED,
    MAX_BATCH,
    OPEN,
    Action,
    ActionType,
    Game,
    IllegalAction,
    LegalAction,
    RequestOutcome,
    System,
    UndoRequest,
    game_apply,
    history,
    replay,
    request_outcomes,
    start,
)
from tests.profiles import examples


@dataclass(frozen=True)
class Purses:
    coins: tuple[int, int]
    secret: tuple[str | None, str | None] = (None, None)


class PurseSystem(System[None, Purses]):
    """Ann (seat 0) and Ben (seat 1) each keep a purse: ``gain`` adds coins (at most 9 at
    once), ``pay`` takes them or is refused, ``hide`` notes a word only its seat may see."""

    slug = "purses"
    name = "Purses"
    action_types = (
        ActionType("gain", "Add coins."),
        ActionType("pay", "Pay coins."),
        ActionType("hide", "Note a secret word."),
    )

    def setup_from_json(self, data: Mapping[str, Any]) -> None:
        return None

    def setup_to_json(self, setup: None) -> dict[str, Any]:
        return {}

    def seat_names(self, setup: None) -> tuple[str, ...]:
        return ("Ann", "Ben")

    def initial_state(self, setup: None) -> Purses:
        return Purses((0, 0))

    def apply(self, state: Purses, action: Action) -> Purses:
        seat = action.by if action.by is not None else 0
        coins = list(state.coins)
        if action.type == "hide":
            words = list(state.secret)
            words[seat] = str(action.payload["word"])
            return replace(state, secret=(words[0], words[1]))
        amount = int(action.payload["amount"])
        if action.type == "gain":
            if amount > 9:
                raise IllegalAction("At most 9 coins at once.", "payload.amount")
            coins[seat] += amount
        else:
            if coins[seat] < amount:
                raise IllegalAction(f"Only {coins[seat]} coins in the purse.", "payload.amount")
            coins[seat] -= amount
        return replace(state, coins=(coins[0], coins[1]))

    def describe(self, action: Action, setup: None = None, viewer: int | None = None) -> str:
        if action.type == "hide":
            return f"hide {action.payload['word']}"
        return f"{action.type} {action.payload['amount']}"

    def visible_payload(
        self, action: Action, state: Purses, viewer: int | None
    ) -> Mapping[str, Any] | None:
        if action.type == "hide" and viewer != action.by:
            return None
        return action.payload

    def view(self, state: Purses, viewer: int | None) -> dict[str, Any]:
        return {"winner": None, "reason": "", "coins": list(state.coins)}

    def legal_actions(self, state: Purses, seat: int) -> tuple[LegalAction, ...]:
        return ()

    def example_setup(self) -> dict[str, Any]:
        return {}


PURSES = PurseSystem()
ANN, BEN = 0, 1
PurseGame = Game[None, Purses]


def new() -> PurseGame:
    return start(PURSES, None)


def gain(game: PurseGame, by: int | None, amount: int) -> PurseGame:
    return game_apply(game, type="gain", by=by, payload={"amount": amount})


def pay(game: PurseGame, by: int | None, amount: int) -> PurseGame:
    return game_apply(game, type="pay", by=by, payload={"amount": amount})


def ask(game: PurseGame, by: int | None, target: int) -> PurseGame:
    return game_apply(game, type="request_undo", by=by, payload={"target": target})


def answer(game: PurseGame, by: int | None, request: int, accept: bool) -> PurseGame:
    return game_apply(
        game, type="answer_undo", by=by, payload={"request": request, "accept": accept}
    )


def batch(game: PurseGame, by: int | None, *actions: tuple[str, int]) -> PurseGame:
    items = [{"type": kind, "payload": {"amount": amount}} for kind, amount in actions]
    return game_apply(game, type=BATCH, by=by, payload={"actions": items})


def same_as_replay(game: PurseGame) -> None:
    assert replay(PURSES, None, game.log) == game.state
    assert history(game.log) == game.history
    assert start(PURSES, None, game.log) == game


# --- requests to undo -------------------------------------------------------------------------


def test_a_request_is_an_entry_that_changes_nothing_but_stays_open() -> None:
    game = ask(gain(new(), BEN, 3), ANN, 1)
    assert game.state.coins == (0, 3)
    assert game.undo_requests == (UndoRequest(seq=2, by=ANN, target=1, to=BEN),)
    assert game.history.effective == (1,)
    assert game.line(game.log[1], BEN) == "Ann asks to undo #1 (gain 3)"
    assert request_outcomes(game.log) == {2: RequestOutcome(OPEN)}
    same_as_replay(game)


def test_accepting_undoes_the_target_as_an_undo_does_and_it_can_be_redone() -> None:
    game = answer(ask(gain(gain(new(), BEN, 3), ANN, 2), ANN, 1), BEN, 3, True)
    assert game.state.coins == (2, 0)
    assert game.history.effective == (2,)
    assert game.undo_requests == ()
    assert game.next_redo() == 1
    assert game.line(game.log[3], ANN) == "Ben accepts: #1 is undone"
    assert game.line(game.log[2], ANN) == "Ann asks to undo #1 (gain 3): accepted in #4"
    same_as_replay(game)
    redone = game_apply(game, type="redo", payload={"target": 1})
    assert redone.state.coins == (2, 3)
    same_as_replay(redone)


def test_declining_changes_nothing_else_and_closes_the_request() -> None:
    asked = ask(gain(new(), BEN, 3), ANN, 1)
    game = answer(asked, BEN, 2, False)
    assert game.state == asked.state and game.history.effective == (1,)
    assert game.undo_requests == ()
    assert game.line(game.log[2], ANN) == "Ben declines: #1 stays"
    assert request_outcomes(game.log) == {2: RequestOutcome(DECLINED, 3)}
    same_as_replay(game)


def test_an_accepted_request_is_refused_like_an_undo_when_a_later_action_depends_on_it() -> None:
    game = ask(pay(gain(new(), BEN, 3), BEN, 2), ANN, 1)
    with pytest.raises(IllegalAction) as refused:
        answer(game, BEN, 3, True)
    assert refused.value.message == (
        "Undoing #1 would make #2 (pay 2) illegal: Only 0 coins in the purse. Undo #2 first (R50)."
    )
    with pytest.raises(IllegalAction) as direct:
        game_apply(game, type="undo", by=BEN, payload={"target": 1})
    assert direct.value.message == refused.value.message
    assert game.undo_requests  # still open: nothing was written


def test_a_refusal_quotes_the_engine_only_to_the_seat_whose_entry_breaks() -> None:
    # the host's coins (#1, by no seat) go to Ann's purse, and Ann pays with them (#2)
    game = ask(pay(gain(new(), None, 3), ANN, 2), BEN, 1)
    with pytest.raises(IllegalAction) as refused:
        answer(game, None, 3, True)
    assert refused.value.message == "Undoing #1 would make #2 (pay 2) illegal. Undo #2 first (R50)."
    assert refused.value.field == "payload.request"


@pytest.mark.parametrize(
    ("target", "by", "message"),
    [
        (1, BEN, "your own seat's: undo it directly"),
        (2, ANN, "#2 is not in effect, so there is nothing to ask to undo"),  # undone
        (3, ANN, "#3 is not in effect"),  # the undo entry itself
        (9, ANN, "#9 is not in effect"),
        (1, None, "comes from a seat; the host undoes directly"),
    ],
)
def test_a_request_is_refused_for_an_own_action_one_not_in_effect_or_from_no_seat(
    target: int, by: int | None, message: str
) -> None:
    game = game_apply(gain(gain(new(), BEN, 3), ANN, 1), type="undo", payload={"target": 2})
    game = gain(game, ANN, 1)
    # #1 Ben's gain, #2 Ann's (undone), #3 the undo, #4 Ann's gain
    with pytest.raises(IllegalAction, match=message):
        ask(game, by, target)


def test_a_second_request_for_the_same_action_is_refused_while_the_first_is_open() -> None:
    game = ask(gain(new(), BEN, 3), ANN, 1)
    with pytest.raises(IllegalAction, match=r"#2 already asks to undo #1: wait for the answer"):
        ask(game, ANN, 1)
    again = ask(answer(game, BEN, 2, False), ANN, 1)  # once answered, ask again
    assert [r.seq for r in again.undo_requests] == [4]


@pytest.mark.parametrize(
    ("request_", "by", "accept", "field", "message"),
    [
        (1, BEN, True, "payload.request", "#1 is not an open request to undo"),
        (2, ANN, True, "seat", "answered by the seat whose action #1 is"),
        (2, None, True, "seat", "answered by the seat whose action #1 is"),
        (2, BEN, "yes", "payload.accept", "accept is true or false"),
        ("2", BEN, True, "payload.request", "needs the number of the request"),
    ],
)
def test_an_answer_is_refused_unless_the_owner_answers_an_open_request(
    request_: Any, by: int | None, accept: Any, field: str, message: str
) -> None:
    game = ask(gain(new(), BEN, 3), ANN, 1)
    with pytest.raises(IllegalAction, match=message) as refused:
        game_apply(game, type="answer_undo", by=by, payload={"request": request_, "accept": accept})
    assert refused.value.field == field


def test_a_request_lapses_when_its_target_is_undone_directly() -> None:
    game = game_apply(ask(gain(new(), BEN, 3), ANN, 1), type="undo", by=BEN, payload={"target": 1})
    assert game.undo_requests == ()
    assert request_outcomes(game.log) == {2: RequestOutcome(LAPSED, 3)}
    assert game.line(game.log[1], ANN) == "Ann asks to undo #1 (gain 3): lapsed, #3 undid #1 first"
    with pytest.raises(IllegalAction, match="#2 is not an open request"):
        answer(game, BEN, 2, True)
    # redone, the action may be asked about again
    redone = game_apply(game, type="redo", payload={"target": 1})
    assert [r.target for r in ask(redone, ANN, 1).undo_requests] == [1]


def test_a_request_and_a_declined_one_keep_what_can_be_redone() -> None:
    game = game_apply(gain(gain(new(), BEN, 3), ANN, 1), type="undo", payload={"target": 2})
    game = answer(ask(game, ANN, 1), BEN, 4, False)
    assert game.next_redo() == 2
    assert outcome_of(game, 4) == RequestOutcome(DECLINED, 5)


def outcome_of(game: PurseGame, seq: int) -> RequestOutcome:
    return request_outcomes(game.log)[seq]


def test_the_host_answers_a_request_about_its_own_action() -> None:
    game = answer(ask(gain(new(), None, 3), BEN, 1), None, 2, True)
    assert game.state.coins == (0, 0)
    assert game.line(game.log[2], BEN) == "The host accepts: #1 is undone"
    assert game.line(game.log[1], None) == "Ben asks to undo #1 (gain 3): accepted in #3"


def test_a_request_line_hides_a_secret_target_from_those_who_may_not_see_it() -> None:
    game = game_apply(new(), type="hide", by=BEN, payload={"word": "owl"})
    game = ask(game, ANN, 1)
    assert game.line(game.log[1], ANN) == "Ann asks to undo #1 (hide (secret))"
    assert game.line(game.log[1], None) == "Ann asks to undo #1 (hide (secret))"
    assert game.line(game.log[1], BEN) == "Ann asks to undo #1 (hide owl)"


STEP = st.tuples(
    st.sampled_from(["gain", "pay", "ask", "yes", "no", "undo", "redo"]),
    st.sampled_from([ANN, BEN]),
    st.integers(1, 12),
)


@settings(max_examples=examples(150))
@given(st.lists(STEP, max_size=30))
def test_any_mix_of_requests_answers_undos_and_redos_replays_to_the_cached_game(
    steps: list[tuple[str, int, int]],
) -> None:
    game = new()
    for kind, seat, number in steps:
        payload: dict[str, Any]
        if kind in ("gain", "pay"):
            payload = {"amount": number % 5}
        elif kind in ("ask", "undo", "redo"):
            payload = {"target": number}
        else:
            payload = {"request": number, "accept": kind == "yes"}
        kind = {"ask": "request_undo", "yes": "answer_undo", "no": "answer_undo"}.get(kind, kind)
        try:
            game = game_apply(game, type=kind, by=seat, payload=payload)
        except IllegalAction:
            continue
        for request in game.undo_requests:
            assert request.target in game.history.effective
        assert {r.seq for r in game.undo_requests} == {
            seq for seq, outcome in request_outcomes(game.log).items() if outcome.status == OPEN
        }
    same_as_replay(game)


# --- batches ---------------------------------------------------------------------------------


def test_a_batch_is_one_entry_applying_its_actions_in_order() -> None:
    game = batch(new(), ANN, ("gain", 5), ("pay", 2), ("gain", 1))
    assert game.version == 1 and game.state.coins == (4, 0)
    assert game.line(game.log[0], BEN) == "gain 5; pay 2; gain 1"
    assert game.history.effective == (1,)
    same_as_replay(game)


def test_a_batch_is_all_or_nothing_and_names_the_refused_action() -> None:
    game = gain(new(), ANN, 1)
    with pytest.raises(IllegalAction) as refused:
        batch(game, ANN, ("gain", 2), ("pay", 7), ("gain", 1))
    assert refused.value.message == "Change 2 of 3 (pay 7): Only 3 coins in the purse."
    assert refused.value.field == "payload.actions.1.payload.amount"
    assert game.state.coins == (1, 0) and game.version == 1


def test_undo_and_redo_of_a_batch_take_back_and_restore_all_of_it() -> None:
    game = batch(gain(new(), BEN, 1), ANN, ("gain", 5), ("pay", 2))
    undone = game_apply(game, type="undo", payload={"target": 2})
    assert undone.state.coins == (0, 1)
    redone = game_apply(undone, type="redo", payload={"target": 2})
    assert redone.state.coins == (3, 1)
    same_as_replay(redone)


def test_an_undo_that_would_break_a_later_batch_names_the_batch() -> None:
    game = batch(gain(new(), ANN, 4), ANN, ("pay", 3), ("gain", 1))
    with pytest.raises(IllegalAction) as refused:
        game_apply(game, type="undo", by=ANN, payload={"target": 1})
    assert refused.value.message.startswith(
        "Undoing #1 would make #2 (pay 3; gain 1) illegal: Change 1 of 2 (pay 3): Only 0 coins"
    )


def test_a_batch_can_be_asked_about_and_its_request_reads_every_action() -> None:
    game = ask(batch(new(), BEN, ("gain", 2), ("gain", 3)), ANN, 1)
    assert game.line(game.log[1], ANN) == "Ann asks to undo #1 (gain 2; gain 3)"
    assert answer(game, BEN, 2, True).state.coins == (0, 0)


def test_a_batch_hides_a_secret_action_from_those_who_may_not_see_it() -> None:
    game = game_apply(
        new(),
        type=BATCH,
        by=BEN,
        payload={
            "actions": [
                {"type": "gain", "payload": {"amount": 2}},
                {"type": "hide", "payload": {"word": "owl"}},
            ]
        },
    )
    entry = game.log[0]
    assert game.line(entry, ANN) == "gain 2; hide (secret)"
    assert game.line(entry, BEN) == "gain 2; hide owl"
    assert game.payload_for(entry, ANN) == {
        "actions": [{"type": "gain", "payload": {"amount": 2}}, {"type": "hide", "payload": None}]
    }
    assert game.payload_for(entry, BEN) == {"actions": entry.payload["actions"]}


def _item(kind: Any = "gain", **payload: Any) -> dict[str, Any]:
    return {"type": kind, "payload": payload or {"amount": 1}}


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({}, "payload.actions", "lists its actions in 'actions'"),
        ({"actions": "gain"}, "payload.actions", "lists its actions in 'actions'"),
        ({"actions": []}, "payload.actions", f"1 to {MAX_BATCH} actions \\(got 0\\)"),
        (
            {"actions": [_item()] * (MAX_BATCH + 1)},
            "payload.actions",
            f"got {MAX_BATCH + 1}",
        ),
        ({"actions": [_item()], "seat": 1}, "payload.seat", "holds only 'actions'"),
        ({"actions": [_item(), 3]}, "payload.actions.1", "Change 2 of 2 must be an object"),
        (
            {"actions": [{**_item(), "by": 1}]},
            "payload.actions.0.by",
            "only 'type' and 'payload' \\(not by\\)",
        ),
        ({"actions": [_item("undo", target=1)]}, "payload.actions.0.type", "not 'undo'"),
        ({"actions": [_item(BATCH)]}, "payload.actions.0.type", "not 'batch'"),
        ({"actions": [_item("steal")]}, "payload.actions.0.type", "Purses has no action 'steal'"),
        ({"actions": [_item(7)]}, "payload.actions.0.type", "has no action 7"),
        (
            {"actions": [{"type": "gain", "payload": [1]}]},
            "payload.actions.0.payload",
            "payload must be an object",
        ),
    ],
)
def test_a_batch_of_the_wrong_shape_is_refused_naming_the_part(
    payload: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(IllegalAction, match=message) as refused:
        game_apply(gain(new(), ANN, 1), type=BATCH, by=ANN, payload=payload)
    assert refused.value.field == field


def test_a_batch_of_fifty_actions_is_accepted() -> None:
    game = batch(new(), ANN, *[("gain", 1)] * MAX_BATCH)
    assert game.state.coins == (MAX_BATCH, 0)


def test_a_request_and_its_answers_are_meta_entries_and_a_batch_is_not() -> None:
    game = answer(ask(batch(new(), BEN, ("gain", 1)), ANN, 1), BEN, 2, False)
    assert game.payload_for(game.log[1], ANN) == {"target": 1}
    assert game.payload_for(game.log[2], ANN) == {"request": 2, "accept": False}
    assert game.next_undo() == 1  # the batch; the request and the answer are not undoable
    assert outcome_of(game, 2) == RequestOutcome(DECLINED, 3)
