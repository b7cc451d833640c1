"""Properties of the AZRAH tracker: any run of legal actions replays to the same state, and
undoing the last action gives back the state before it."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azrah.state import AzrahState
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import IllegalAction, replay
from tests.profiles import examples
from tests.rules.tracker.azrah_game import AzrahGame, act, carded_game, new_game, redo, undo

Step = tuple[str, int | None, dict[str, Any]]


KINDS = ("turn",) * 6 + ("effect",) * 3 + ("meta",)


def candidates(state: AzrahState, kind: str = "all") -> list[Step]:
    """Actions worth trying in ``state``, of one kind: the active player's own turn, an
    ability's effect, or undo/redo. Most are legal, some are refused."""
    if kind == "meta":
        return [("undo", None, {}), ("redo", None, {})]
    if kind == "effect":
        return _effects(state)
    if kind == "all":
        return [*_turn(state), *_effects(state), *candidates(state, "meta")]
    return _turn(state)


def _turn(state: AzrahState) -> list[Step]:
    """The active player's own business in the current phase."""
    me = state.active
    mine = state.players[me]
    steps: list[Step] = [("end_phase", me, {})] * 2
    phase = state.clock.phase.name
    if phase == "Recovery":
        steps += [("attach_mana", me, {"guardian": name}) for name in mine.front]
    elif phase == "Action":
        for name in mine.front:
            steps += [
                ("use_ability", me, {"guardian": name, "mana": 1}),
                ("use_ability", me, {"guardian": name, "gems": 1}),
                ("escape", me, {"guardian": name}),
            ]
        steps += [("move", me, {"left": "left", "right": "centre"})]
        steps += [("move", me, {"left": "right", "right": "centre"})]
    else:
        for name in mine.front:
            if mine.guardian(name).leaving is not None:
                for replacement in mine.back:
                    steps.append(("swap", me, {"guardian": name, "replacement": replacement}))
        if len(state.entered) > 1:
            steps.append(("order_emergence", me, {"order": list(reversed(state.entered))}))
    return steps


def _effects(state: AzrahState) -> list[Step]:
    me = state.active
    steps: list[Step] = [
        ("attach_mana", me, {"guardian": n, "effect": True}) for n in state.players[me].front
    ]
    for seat, player in enumerate(state.players):
        for name in player.front:
            if player.guardian(name).leaving in ("forced", "defeated"):
                for replacement in player.back:
                    steps.append(("swap", seat, {"guardian": name, "replacement": replacement}))
        for name in (*player.front, *player.back):
            target = {"seat": seat, "guardian": name}
            steps += [
                ("deal_damage", me, {**target, "amount": 1}),
                ("deal_damage", me, {**target, "amount": 3}),
                ("heal", me, {**target, "amount": 1}),
                ("apply_status", me, {**target, "status": "frozen", "turns": 1}),
                ("apply_status", me, {**target, "status": "immune", "turns": 2}),
                ("escape", me, {**target, "forced": True}),
                ("transform", me, {**target, "transformation": "T", "hit_points": 5}),
                ("attach_curse", me, {**target, "card": "Hex"}),
                ("detach", me, {**target, "card": "Hex"}),
            ]
    return steps


def draw(data: st.DataObject, game: AzrahGame) -> Step:
    kind = data.draw(st.sampled_from(KINDS))
    return data.draw(st.sampled_from(candidates(game.state, kind)))


def step(game: AzrahGame, type_: str, by: int | None, payload: dict[str, Any]) -> AzrahGame:
    if type_ == "undo":
        return undo(game) if game.next_undo() is not None else game
    if type_ == "redo":
        return redo(game) if game.next_redo() is not None else game
    return act(game, type_, by, **payload)


@settings(max_examples=examples(120), deadline=None)
@given(st.data())
def test_any_run_of_legal_actions_replays_to_the_identical_state(data: st.DataObject) -> None:
    first = data.draw(st.sampled_from([0, 1]))
    game = carded_game(first) if data.draw(st.booleans()) else new_game(first)
    for _ in range(data.draw(st.integers(0, 80))):
        if game.state.outcome.over:
            break
        before = game
        type_, by, payload = draw(data, game)
        try:
            game = step(game, type_, by, payload)
        except IllegalAction as error:
            assert error.message  # every refusal says why
            continue
        if type_ not in ("undo", "redo"):
            assert undo(game).state == before.state
    assert replay(AZRAH, game.setup, game.log) == game.state
    for viewer in (0, 1, None):
        assert AZRAH.view(replay(AZRAH, game.setup, game.log), viewer) == AZRAH.view(
            game.state, viewer
        )


@settings(max_examples=examples(60), deadline=None)
@given(st.data())
def test_health_and_gems_stay_within_their_bounds(data: st.DataObject) -> None:
    game = new_game()
    for _ in range(data.draw(st.integers(0, 80))):
        type_, by, payload = draw(data, game)
        try:
            game = step(game, type_, by, payload)
        except IllegalAction:
            continue
        for player in game.state.players:
            assert 0 <= player.health.value <= 3
            assert 0 <= player.gems.value <= 3
            attached = sum(g.mana for g in player.guardians)
            assert player.mana_pool.value + attached == 10  # Mana is never made or lost
            assert len(player.front) == 3 and len(player.back) == 2
        if game.state.outcome.over:
            break
