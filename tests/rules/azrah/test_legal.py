"""AZRAH's legal actions: everything listed applies, everything just outside the list is
refused naming the field, games driven by the list end, and undo then redo changes nothing.
Each entry names the piece of the board it concerns, one the seat's view shows, and gives
its codes in words."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azrah.state import POSITIONS, STATUSES, AzrahState
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import IllegalAction, OneOf, game_apply, start
from tests.profiles import examples
from tests.rules.azrah.legal_play import listed, mutations, pick, play
from tests.rules.tracker.azrah_game import AzrahGame, act, carded_game, new_game, recover


def test_the_example_setup_starts_a_game() -> None:
    setup = AZRAH.setup_from_json(AZRAH.example_setup())
    assert AZRAH.setup_to_json(setup) == AZRAH.example_setup()
    state = start(AZRAH, setup).state
    assert AZRAH.legal_actions(state, 0) and AZRAH.legal_actions(state, 1)


def test_labels_are_words_not_codes() -> None:
    game = recover(new_game())
    game = act(game, "deal_damage", 0, seat=0, guardian="Oracle", amount=1)
    for seat in (0, 1):
        for entry in AZRAH.legal_actions(game.state, seat):
            assert "_" not in entry.label and entry.label[0].isupper()
    labels = {entry.label for entry in AZRAH.legal_actions(game.state, 0)}
    assert {
        "End the Action phase",
        "Oracle escapes",
        "Deal damage to Ben's Bard (card effect or correction)",
    } <= labels


def test_the_phase_is_ended_in_plain_words() -> None:
    game = act(new_game(), "attach_mana", 0, guardian="Oracle", amount=2)
    ends = []
    for _ in range(3):
        (entry,) = [e for e in AZRAH.legal_actions(game.state, 0) if e.type == "end_phase"]
        ends.append(entry.label)
        game = act(game, "end_phase", 0)
    assert ends == ["End the Recovery phase", "End the Action phase", "End the turn"]


def test_each_entry_says_where_on_the_board_it_belongs() -> None:
    game = recover(new_game())
    game = act(game, "deal_damage", 0, seat=0, guardian="Oracle", amount=1)
    game = act(game, "apply_status", 0, seat=1, guardian="Bard", status="frozen")
    at = {(e.type, e.label): e.at for e in AZRAH.legal_actions(game.state, 0)}
    outside = "(card effect or correction)"
    assert at["deal_damage", f"Deal damage to Ben's Bard {outside}"] == "guardian:1:Bard"
    assert at["heal", f"Heal Oracle {outside}"] == "guardian:0:Oracle"
    assert at["escape", "Oracle escapes"] == "guardian:0:Oracle"
    assert at["use_ability", "Oracle uses an ability"] == "guardian:0:Oracle"
    assert at["apply_status", f"Make Warden Immune {outside}"] == "guardian:0:Warden"  # back row
    assert at["move", "Move Alchemist and Dragoon (left and centre)"] == "side:0"
    assert at["end_phase", "End the Action phase"] == ""
    removal = next(e for e in AZRAH.legal_actions(game.state, 0) if e.type == "remove_status")
    assert (removal.label, removal.payload["status"]) == (
        f"Remove Frozen from Ben's Bard {outside}",
        "frozen",
    )
    assert removal.names["frozen"] == "Frozen"


def _pieces(state: AzrahState, seat: int) -> set[str]:
    """Every piece of the board ``seat``'s view shows: each Guardian it sees face up, its
    own side, and the stack of abilities while there is one."""
    view = AZRAH.view(state, seat)
    pieces = {f"side:{seat}"} | ({"stack"} if view["stack"] else set())
    for index, player in enumerate(view["players"]):
        for guardian in (*player["front"], *player["back"]):
            if guardian is not None:
                pieces.add(f"guardian:{index}:{guardian['name']}")
    return pieces


def _codes(value: Any) -> set[str]:
    codes = {*STATUSES, *(p.value for p in POSITIONS)}
    if isinstance(value, list):
        return {v for v in value if v in codes}
    return {value} & codes if isinstance(value, str) else set()


@settings(max_examples=examples(20))
@given(st.data())
def test_every_entry_concerns_a_piece_the_seats_view_shows(data: st.DataObject) -> None:
    game = _run(data, 60)
    for seat in (0, 1):
        shown = _pieces(game.state, seat)
        for entry in AZRAH.legal_actions(game.state, seat):
            if entry.type in ("end_phase", "order_emergence"):
                assert entry.at == "", entry
            else:
                assert entry.at in shown, (entry, shown)
            if entry.at.startswith("guardian:"):
                _, owner, name = entry.at.split(":", 2)
                assert name == entry.payload["guardian"]
                assert int(owner) == entry.payload.get("seat", seat)
            choices = [c.to_json() for c in entry.choices.values()]
            for value in (*entry.payload.values(), *choices):
                for code in _codes(value):
                    assert entry.names.get(code, "")[:1].isupper(), (entry, code)


def test_the_opponent_is_offered_only_the_front_row() -> None:
    state = new_game().state
    offered = {
        entry.payload.get("guardian")
        for entry in AZRAH.legal_actions(state, 1)
        if entry.payload.get("seat") == 0
    }
    assert offered == {"Alchemist", "Dragoon", "Oracle"}
    own = {e.payload.get("guardian") for e in AZRAH.legal_actions(state, 0)}
    assert {"Sentinel", "Warden"} <= own


def test_nothing_is_listed_once_the_game_is_over() -> None:
    game = new_game()
    for name, replacement in (("Bard", "Mystic"), ("Cleric", "Ranger"), ("Duelist", "")):
        game = act(game, "deal_damage", 0, seat=1, guardian=name, amount=9)
        if replacement:  # the defeated Guardian leaves at once (R101)
            game = act(game, "swap", 1, guardian=name, replacement=replacement)
    assert game.state.outcome.over
    assert AZRAH.legal_actions(game.state, 0) == () == AZRAH.legal_actions(game.state, 1)


def _start(data: st.DataObject) -> AzrahGame:
    """A new game, half the time with every Guardian's card (abilities, the stack)."""
    first = data.draw(st.sampled_from([0, 1]))
    return carded_game(first) if data.draw(st.booleans()) else new_game(first)


def _run(data: st.DataObject, steps: int) -> AzrahGame:
    game = _start(data)
    for _ in range(data.draw(st.integers(0, steps))):
        step = pick(data, game.state)
        if step is None:
            break
        game = play(game, step)
    return game


@settings(max_examples=examples(20))
@given(st.data())
def test_play_driven_by_the_list_never_meets_a_refusal(data: st.DataObject) -> None:
    game = _start(data)
    for _ in range(data.draw(st.integers(1, 50))):
        for seat in (0, 1):
            for entry in AZRAH.legal_actions(game.state, seat):
                assert entry.allows(entry.payload)
                play(game, (entry.type, seat, dict(entry.payload)))  # each applies as listed
        step = pick(data, game.state)
        if step is None:
            assert game.state.outcome.over
            break
        assert listed(game.state, *step)
        game = play(game, step)


@settings(max_examples=examples(40))
@given(st.data())
def test_actions_just_outside_the_list_are_refused_naming_the_field(
    data: st.DataObject,
) -> None:
    game = _run(data, 40)
    if game.state.outcome.over:
        return
    seat = data.draw(st.sampled_from([0, 1]))
    # while play waits for one seat (R101, R105, R106) the other is offered nothing
    entries = AZRAH.legal_actions(game.state, seat) or AZRAH.legal_actions(game.state, 1 - seat)
    for entry in data.draw(st.lists(st.sampled_from(entries), min_size=1, max_size=4)):
        for type_, by, payload in mutations(game.state, entry):
            if listed(game.state, type_, by, payload):
                play(game, (type_, by, payload))
                continue
            try:
                play(game, (type_, by, payload))
            except IllegalAction as error:
                assert error.field == "by" or (error.field or "").startswith("payload."), (
                    type_,
                    by,
                    payload,
                    error.message,
                    error.field,
                )
                if by not in (0, 1):
                    assert error.field == "by"
            else:
                raise AssertionError(f"unlisted action applied: {type_} by {by} {payload}")


@settings(max_examples=examples(30))
@given(st.data())
def test_games_driven_towards_the_end_reach_it(data: st.DataObject) -> None:
    game = _start(data)
    for _ in range(200):
        if game.state.outcome.over:
            break
        step = pick(data, game.state)
        assert step is not None
        if data.draw(st.integers(0, 3)) == 0:  # towards the end: damage the enemy front row
            seat = step[1] if step[1] is not None else 0
            blows = [
                e
                for e in AZRAH.legal_actions(game.state, seat)
                if e.type == "deal_damage" and e.payload["seat"] != seat
            ]
            if blows:
                blow = data.draw(st.sampled_from(blows))
                step = (blow.type, seat, {**blow.payload, "amount": 99})
        game = play(game, step)
    assert game.state.outcome.over
    assert game.state.outcome.winner in (0, 1)
    assert AZRAH.legal_actions(game.state, 0) == () == AZRAH.legal_actions(game.state, 1)


@settings(max_examples=examples(30))
@given(st.data())
def test_undo_then_redo_of_any_action_gives_back_the_same_state(data: st.DataObject) -> None:
    game = _run(data, 40)
    for _ in range(data.draw(st.integers(1, 5))):
        if not game.history.effective:
            return
        target: Any = data.draw(st.sampled_from(game.history.effective))
        try:
            undone = game_apply(game, type="undo", payload={"target": target})
        except IllegalAction as error:
            assert f"#{target}" in error.message and error.field == "payload.target"
            continue
        redone = game_apply(undone, type="redo", payload={"target": target})
        assert redone.state == game.state
        game = redone


# Effects outside a resolution (Dealing Damage and Defeating Enemies; Transformations, Curses
# and Items; R115) --------------------------------------------------------------------------

OUTSIDE = {
    "deal_damage",
    "heal",
    "transform",
    "attach_curse",
    "attach_item",
    "detach",
    "apply_status",
    "remove_status",
}


def test_effects_outside_a_resolution_are_offered_only_as_a_card_effect_or_correction() -> None:
    """An ability's damage, healing, Mana, cards and statuses are recorded by resolving it
    (R110); what is left is an attached Curse's or Item's own effect, which the app does not
    model, or a correction, and each entry says so and records which (R115)."""
    game = recover(carded_game(), "Alchemist", "Alchemist")
    game = act(game, "apply_status", 0, seat=1, guardian="Bard", status="frozen", cause="card")
    for seat in (0, 1):
        entries = AZRAH.legal_actions(game.state, seat)
        outside = [
            e
            for e in entries
            if e.type in OUTSIDE
            or (e.type == "escape" and e.payload.get("forced"))
            or (e.type == "attach_mana" and e.payload.get("effect"))
        ]
        assert outside, seat
        for entry in outside:
            assert entry.label.endswith("(card effect or correction)"), entry.label
            assert entry.payload["cause"] == "card"
            assert entry.choices["cause"] == OneOf(("card", "correction"))
            assert entry.names == {
                **entry.names,
                "card": "Attached card",
                "correction": "Correction",
            }
        assert all(e.type not in OUTSIDE or "cause" in e.payload for e in entries)


def test_the_history_says_an_effect_outside_a_resolution_is_a_card_effect_or_a_correction() -> None:
    """R115: the log says what the entry was, never as if an ability had done it."""
    game = recover(carded_game(), "Alchemist", "Alchemist")
    game = act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=2, cause="card")
    game = act(game, "heal", 0, seat=1, guardian="Bard", amount=1, cause="correction")
    lines = [AZRAH.describe(action, game.setup, 0) for action in game.log[-2:]]
    assert lines == [
        "Ana: Ben's Bard takes 2 damage (an attached card's effect)",
        "Ana: Ben's Bard heals 1 (a correction)",
    ]


def test_a_cause_is_a_card_effect_or_a_correction_and_no_abilitys_effect_has_one() -> None:
    game = recover(carded_game(), "Alchemist", "Alchemist")
    with pytest.raises(
        IllegalAction, match=r"is card .an attached card.s effect. or correction"
    ) as caught:
        act(game, "deal_damage", 0, seat=1, guardian="Bard", amount=1, cause="ability")
    assert caught.value.field == "payload.cause"
    game = act(game, "use_ability", 0, guardian="Alchemist", ability="Acid", targets=["Duelist"])
    game = act(game, "no_response", 1)
    effect = {"seat": 1, "guardian": "Duelist", "amount": 2, "cause": "card"}
    with pytest.raises(IllegalAction, match="the ability's own") as caught:
        act(game, "resolve", 0, effects=[{"type": "deal_damage", "payload": effect}])
    assert caught.value.field == "payload.effects.0.payload.cause"
