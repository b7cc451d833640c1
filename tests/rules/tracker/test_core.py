"""The append-only log core: replay, undo/redo (R50), versions and building blocks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.tracker import (
    Action,
    ActionType,
    Amount,
    Clock,
    Counter,
    Game,
    IllegalAction,
    LegalAction,
    OncePerTurn,
    Outcome,
    Phase,
    Secret,
    StaleVersion,
    Statuses,
    System,
    check_version,
    game_apply,
    history,
    replay,
    start,
)


@dataclass(frozen=True)
class Tally:
    total: Counter
    hand: Secret[tuple[str, ...]]


class TallySystem(System[int, Tally]):
    """A toy system: ``add`` changes a total capped at 0..10; adding 99 is illegal;
    ``spend`` pays from the total or is refused."""

    slug = "tally"
    name = "Tally"
    action_types = (
        ActionType("add", "Add to the total."),
        ActionType("spend", "Pay from the total."),
    )

    def setup_from_json(self, data: Mapping[str, Any]) -> int:
        return int(data["start"])

    def setup_to_json(self, setup: int) -> dict[str, Any]:
        return {"start": setup}

    def seat_names(self, setup: int) -> tuple[str, ...]:
        return ("Solo",)

    def initial_state(self, setup: int) -> Tally:
        return Tally(Counter(setup, 0, 10), Secret(0, ("ace",)))

    def apply(self, state: Tally, action: Action) -> Tally:
        amount = action.payload["amount"]
        if action.type == "spend":
            return replace(state, total=state.total.spend(amount, "points"))
        if amount == 99:
            raise IllegalAction("99 is not allowed.")
        return replace(state, total=state.total.add(amount))

    def view(self, state: Tally, viewer: int | None) -> dict[str, Any]:
        return {"total": state.total.value, "hand": state.hand.shown(viewer)}

    def legal_actions(self, state: Tally, seat: int) -> tuple[LegalAction, ...]:
        held = state.total.value
        return (
            LegalAction("add", "Add", seat, {"amount": 1}, {"amount": Amount(1, 98)}),
            LegalAction("spend", "Spend", seat, {"amount": held}, {"amount": Amount(0, held)}),
        )

    def example_setup(self) -> dict[str, Any]:
        return {"start": 0}


SYSTEM = TallySystem()


def play(*amounts: int) -> Game[int, Tally]:
    game = start(SYSTEM, 0)
    for amount in amounts:
        game = game_apply(game, type="add", payload={"amount": amount})
    return game


def undo(game: Game[int, Tally]) -> Game[int, Tally]:
    return game_apply(game, type="undo", payload={"target": game.next_undo()})


def redo(game: Game[int, Tally]) -> Game[int, Tally]:
    return game_apply(game, type="redo", payload={"target": game.next_redo()})


def test_it_replays_a_log_to_the_cached_state() -> None:
    game = play(1, 2, 3)
    assert game.state.total.value == 6
    assert replay(SYSTEM, 0, game.log) == game.state
    assert game.version == 3


def test_it_undoes_the_latest_action_and_keeps_it_in_the_log() -> None:
    game = undo(play(1, 2))
    assert game.state.total.value == 1
    assert [a.type for a in game.log] == ["add", "add", "undo"]
    assert game.log[2].payload == {"target": 2}
    assert replay(SYSTEM, 0, game.log) == game.state


def test_it_undoes_several_actions_in_reverse_order_then_redoes_them() -> None:
    game = undo(undo(play(1, 2, 4)))
    assert game.state.total.value == 1
    assert game.next_redo() == 2
    game = redo(game)
    assert game.state.total.value == 3
    game = redo(game)
    assert game.state.total.value == 7
    assert game.next_redo() is None
    assert replay(SYSTEM, 0, game.log) == game.state


def test_it_undoes_a_redone_action_again() -> None:
    game = undo(redo(undo(play(1, 2))))
    assert game.state.total.value == 1
    assert game.next_redo() == 2


def test_a_new_action_clears_the_redo_chain() -> None:
    game = game_apply(undo(play(1, 2)), type="add", payload={"amount": 5})
    assert game.state.total.value == 6
    with pytest.raises(IllegalAction, match="nothing to redo"):
        game_apply(game, type="redo", payload={"target": 2})


def test_it_undoes_an_older_action_and_replays_the_rest_without_it() -> None:
    game = game_apply(play(1, 2, 4), type="undo", payload={"target": 1})
    assert game.state.total.value == 6
    assert game.history.effective == (2, 3)
    assert game.next_undo() == 3
    assert game.next_redo() == 1
    restored = redo(game)
    assert restored.history.effective == (1, 2, 3)
    assert restored.state == play(1, 2, 4).state


def test_it_refuses_an_undo_that_would_make_a_later_action_illegal() -> None:
    game = game_apply(play(5), type="spend", payload={"amount": 4})
    with pytest.raises(IllegalAction, match=r"Undoing #1 would make #2 \(spend \(amount 4\)\)"):
        game_apply(game, type="undo", payload={"target": 1})
    assert game_apply(undo(game), type="undo", payload={"target": 1}).state.total.value == 0


def test_it_rejects_an_undo_of_an_action_not_in_effect() -> None:
    game = undo(play(1, 2))
    with pytest.raises(IllegalAction, match=r"#2 is not in effect"):
        game_apply(game, type="undo", payload={"target": 2})


def test_it_rejects_an_undo_of_an_undo() -> None:
    game = undo(play(1, 2))
    with pytest.raises(IllegalAction, match="R50"):
        game_apply(game, type="undo", payload={"target": 3})


def test_it_rejects_undo_and_redo_with_nothing_to_take_back() -> None:
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game_apply(start(SYSTEM, 0), type="undo", payload={"target": 1})
    with pytest.raises(IllegalAction, match="nothing to redo"):
        game_apply(play(1), type="redo", payload={"target": 1})


def test_it_rejects_a_redo_of_anything_but_the_latest_undone_action() -> None:
    game = undo(undo(play(1, 2)))
    with pytest.raises(IllegalAction, match=r"latest undone action \(#1\)"):
        game_apply(game, type="redo", payload={"target": 2})


def test_it_rejects_an_undo_without_a_target() -> None:
    with pytest.raises(IllegalAction, match="needs the number"):
        game_apply(play(1), type="undo", payload={})
    with pytest.raises(IllegalAction, match="needs the number"):
        game_apply(play(1), type="undo", payload={"target": True})


def test_an_illegal_action_leaves_the_game_unchanged() -> None:
    game = play(1)
    with pytest.raises(IllegalAction, match="99"):
        game_apply(game, type="add", payload={"amount": 99})
    assert game.version == 1


def test_it_refuses_a_stale_version() -> None:
    game = play(1, 2)
    with pytest.raises(StaleVersion) as error:
        game_apply(game, type="add", payload={"amount": 1}, expected_version=1)
    assert (error.value.expected, error.value.actual) == (1, 2)
    assert "version 2" in error.value.message
    assert game_apply(game, type="add", payload={"amount": 1}, expected_version=2).version == 3
    check_version(3, 3)


def test_it_rejects_a_log_with_a_gap() -> None:
    log = (Action(1, "add", None, {"amount": 1}), Action(3, "add", None, {"amount": 1}))
    with pytest.raises(IllegalAction, match="gap"):
        history(log)


def test_an_exported_log_reimports_to_the_identical_state() -> None:
    game = redo(undo(play(3, 4)))
    exported = [action.to_json() for action in game.log]
    imported = [Action.from_json(data) for data in exported]
    assert tuple(imported) == game.log
    assert start(SYSTEM, 0, imported).state == game.state


@given(st.lists(st.one_of(st.integers(-3, 3), st.sampled_from(["undo", "redo"])), max_size=30))
def test_any_sequence_replays_to_the_cached_state(steps: list[int | str]) -> None:
    game = start(SYSTEM, 0)
    for step in steps:
        before = game
        if step == "undo":
            if game.next_undo() is None:
                continue
            game = undo(game)
        elif step == "redo":
            if game.next_redo() is None:
                continue
            game = redo(game)
        else:
            game = game_apply(game, type="add", payload={"amount": step})
            assert undo(game).state == before.state
        assert replay(SYSTEM, 0, game.log) == game.state


def test_a_counter_caps_gains_and_refuses_overspending() -> None:
    gems = Counter(2, 0, 3)
    assert gems.add(1).value == 3
    assert gems.add(1).add(1).value == 3
    assert gems.add(1).at_maximum
    assert gems.add(-5).value == 0
    assert gems.spend(2, "Celestial Gems").value == 0
    with pytest.raises(IllegalAction, match="Not enough Celestial Gems: 3 needed, 2 held"):
        gems.spend(3, "Celestial Gems")
    with pytest.raises(IllegalAction, match="negative"):
        gems.spend(-1)
    assert Counter(5, None, None).add(-9).value == -4


def test_a_clock_walks_phases_turns_and_rounds() -> None:
    clock = Clock((Phase("A", ("x", "y")), Phase("B")), seats=2, first_seat=1)
    assert (clock.turn, clock.round, clock.active_seat, clock.phase.name) == (1, 1, 1, "A")
    clock = clock.tick("x")
    assert clock.done == {"x"}
    with pytest.raises(IllegalAction, match="not a step of the A phase"):
        clock.tick("z")
    clock = clock.next_phase()
    assert (clock.phase.name, clock.done) == ("B", frozenset())
    clock = clock.next_phase()
    assert (clock.turn, clock.round, clock.active_seat, clock.phase.name) == (2, 1, 0, "A")
    clock = clock.next_turn()
    assert (clock.turn, clock.round, clock.active_seat) == (3, 2, 1)


def test_a_once_per_turn_limit_refuses_a_second_use_until_reset() -> None:
    limits = OncePerTurn().use("move", "once")
    with pytest.raises(IllegalAction, match="once"):
        limits.use("move", "once")
    assert limits.use("escape", "once").used == {"move", "escape"}
    assert limits.reset().use("move", "once").used == {"move"}


def test_statuses_expire_after_their_duration() -> None:
    statuses = Statuses().add("frozen", 2).add("immune")
    assert statuses.has("frozen") and statuses.has("immune")
    statuses = statuses.tick()
    assert statuses.has("frozen")
    statuses = statuses.tick()
    assert not statuses.has("frozen") and statuses.has("immune")
    assert not statuses.remove("immune").has("immune")
    assert Statuses().add("frozen", 1).add("frozen", 3).tick().tick().has("frozen")
    with pytest.raises(IllegalAction, match="at least one turn"):
        Statuses().add("frozen", 0)


def test_a_secret_is_shown_only_to_its_owner() -> None:
    game = play(1)
    assert SYSTEM.view(game.state, 0)["hand"] == ("ace",)
    assert SYSTEM.view(game.state, 1)["hand"] is None
    assert SYSTEM.view(game.state, None)["hand"] is None


def test_an_outcome_names_the_last_seat_standing() -> None:
    outcome = Outcome().eliminate(0, 3, "health")
    assert not outcome.over
    outcome = outcome.eliminate(2, 3, "health gone")
    assert (outcome.winner, outcome.reason, outcome.over) == (1, "health gone", True)
    # the last one out comes second
    assert [outcome.place_of(seat) for seat in (0, 1, 2)] == [3, 1, 2]


def test_an_outcome_holds_ties_shared_victories_and_everyone_losing() -> None:
    shared = Outcome.win([0, 2], 4, "the realm holds")
    assert shared.winners == {0, 2} and shared.winner is None
    assert [shared.place_of(seat) for seat in range(4)] == [1, 2, 1, 2]
    tie = Outcome.ranked([[3], [0, 1], [2]], "cards left")
    assert tie.to_json() == {
        "over": True,
        "winners": [3],
        "places": [[3], [0, 1], [2]],
        "eliminated": [],
        "everyone_lost": False,
        "reason": "cards left",
    }
    assert Outcome.draw(2, "six rounds").winners == {0, 1}
    lost = Outcome.everyone_loses("the dragon woke")
    assert lost.over and not lost.winners and lost.to_json()["everyone_lost"]
    assert lost.place_of(0) is None
    assert not Outcome().over and Outcome().to_json()["places"] == []


def test_a_legal_action_accepts_its_payload_and_any_allowed_choice() -> None:
    from referee.rules.tracker import Amount, LegalAction, OneOf, Order, Rolls, SomeOf

    legal = LegalAction(
        "strike",
        "Strike a Guardian",
        0,
        {"guardian": "Bard", "amount": 1, "rolls": [1, 1], "order": ["a", "b"], "keep": []},
        {
            "amount": Amount(1, 5),
            "rolls": Rolls(2),
            "order": Order(("a", "b")),
            "keep": SomeOf(("x", "y"), 0, 1),
        },
    )
    assert legal.allows(legal.payload)
    assert legal.allows(
        {"guardian": "Bard", "amount": 5, "rolls": [6, 2], "order": ["b", "a"], "keep": ["y"]}
    )
    refused = [
        {**legal.payload, "guardian": "Sage"},  # not a choice: fixed
        {**legal.payload, "amount": 6},
        {**legal.payload, "amount": True},  # a bool is no number on the wire
        {**legal.payload, "rolls": [7, 1]},
        {**legal.payload, "rolls": [1]},
        {**legal.payload, "order": ["a", "a"]},
        {**legal.payload, "keep": ["x", "y"]},
        {**legal.payload, "keep": ["z"]},
        {key: value for key, value in legal.payload.items() if key != "keep"},
        {**legal.payload, "extra": 1},
    ]
    assert not any(legal.allows(payload) for payload in refused)
    assert OneOf((1, 2)).allows(2) and not OneOf((1, 2)).allows(True)
    assert legal.to_json()["choices"] == {
        "amount": {"min": 1, "max": 5},
        "rolls": {"dice": 2, "faces": [1, 2, 3, 4, 5, 6]},
        "order": {"order": ["a", "b"]},
        "keep": {"some_of": ["x", "y"], "min": 0, "max": 1},
    }
    one_die = Rolls(1, ("skull", "blank"))
    assert one_die.allows("skull") and one_die.allows(["blank"]) and not one_die.allows("6")


def test_a_system_describes_an_action_and_finds_its_type() -> None:
    assert SYSTEM.describe(Action(1, "add", 0, {"amount": 3})) == "add (amount 3)"
    assert SYSTEM.describe(Action(1, "end_phase")) == "end phase"
    assert SYSTEM.action_type("add") is SYSTEM.action_types[0]
    assert SYSTEM.action_type("fly") is None


def test_the_app_rolls_only_the_dice_fields_left_out() -> None:
    from referee.rules.tracker import PayloadField, roll_missing_dice

    action_type = ActionType(
        "test",
        "A roll.",
        (
            PayloadField("model", "str", "who"),
            PayloadField("roll", "int", "one D6", dice=1),
            PayloadField("rolls", "list[int]", "two D6", dice=2),
        ),
    )
    faces = iter([6, 2, 3])
    rolled = roll_missing_dice(action_type, {"model": "a"}, lambda _: next(faces))
    assert rolled == {"model": "a", "roll": 6, "rolls": [2, 3]}
    kept = roll_missing_dice(action_type, {"roll": 1, "rolls": [4, 4]}, lambda _: 9)
    assert kept == {"roll": 1, "rolls": [4, 4]}


def test_a_die_other_than_a_d6_is_rolled_from_its_own_faces() -> None:
    from referee.rules.tracker import PayloadField, roll_missing_dice

    skulls = ("skull", "skull", "blank", "blank", "blank", "double skull")
    action_type = ActionType(
        "attrition", "A roll.", (PayloadField("face", "str", "the die", dice=1, faces=skulls),)
    )
    seen: list[tuple[object, ...]] = []

    def roll(faces: Sequence[object]) -> object:
        seen.append(tuple(faces))
        return faces[-1]

    assert roll_missing_dice(action_type, {}, roll) == {"face": "double skull"}
    assert seen == [skulls]
