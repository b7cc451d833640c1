"""Properties of the Azeroth at War tracker: any run of legal actions replays to the same
state, undoing the last action gives back the state before it, the counters stay within
their bounds, and a secret Warlord never shows to anyone but its owner until it falls or
the game ends."""

from __future__ import annotations

import json
from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.state import AzerothState, Stage, next_seat
from referee.rules.azeroth.system import AZEROTH
from referee.rules.tracker import IllegalAction, replay
from tests.profiles import examples
from tests.rules.azeroth.tracker_game import AzerothGame, act, new_game, redo, undo
from tests.rules.tracker.legal_play import randoms

Step = tuple[str, int | None, dict[str, Any]]


# Undoing an action replays the whole log, so it is checked after a share of the steps.
UNDO_CHECKS = 0.25

KINDS = ("turn",) * 8 + ("effect",) * 2 + ("meta",)


def candidates(state: AzerothState, rng: Random, kind: str) -> list[Step]:
    """Actions worth trying in ``state``, of one kind: the table moving the game on, an
    effect on a model, or undo/redo. Most are legal, some are refused."""
    if kind == "meta":
        return [("undo", None, {}), ("redo", None, {})]
    dice = [rng.randint(1, 6) for _ in range(4)]
    if kind == "effect":
        return _effects(state, dice)
    return _turn(state, dice)


def _turn(state: AzerothState, dice: list[int]) -> list[Step]:
    steps: list[Step] = [("end_stage", None, {})]
    if state.stage is Stage.DEPLOYMENT:
        steps += [("edge_roll_off", None, {"rolls": dice[:2]})] * 3
        for seat, side in enumerate(state.sides):
            steps += [("nominate_warlord", seat, {"model": m.id}) for m in side.models]
    elif state.stage is Stage.ACTIVATION:
        steps += [("round_roll_off", None, {"rolls": dice[:2]})] * 2
        turn = next_seat(state)
        if turn is not None:
            steps += [
                ("activate", turn, {"model": m.id}) for m in state.sides[turn].to_activate
            ] * 3
        if state.current is not None:
            seat, model_id = state.current
            model = state.sides[seat].find(model_id)
            assert model is not None
            for ability in model.profile.abilities:
                steps.append(("use_ability", seat, {"model": model_id, "ability": ability.name}))
            steps.append(
                ("summon", seat, {"model": model_id, "name": "Wolf", "wounds": 2, "mana": 1})
            )
            for enemy in state.sides[1 - seat].models:
                steps.append(("taunt", seat, {"model": model_id, "target": enemy.id}))
        if state.pending is not None:
            answerer = 1 - state.pending.seat
            steps += [
                ("spell_block", answerer, {"model": "sorceress-1", "roll": dice[2]}),
                ("dispel", answerer, {"roll": dice[3]}),
                ("counterspell", answerer, {"roll": dice[3]}),
            ]
    elif state.stage is Stage.MORALE:
        steps.append(
            (
                "objectives",
                None,
                {
                    "seat_0_within_3": [d > 3 for d in dice[:3]],
                    "seat_1_within_3": [d % 2 == 0 for d in dice[:3]],
                },
            )
        )
        for seat, side in enumerate(state.sides):
            for m in side.models:
                target = {"seat": seat, "model": m.id}
                steps += [
                    ("morale_test", None, {**target, "rolls": dice[:2]}),
                    ("morale_test", None, {**target, "rolls": dice[2:]}),
                    ("leave_table", None, target),
                ]
    return steps


def _effects(state: AzerothState, dice: list[int]) -> list[Step]:
    steps: list[Step] = []
    for seat, side in enumerate(state.sides):
        for m in side.models:
            target = {"seat": seat, "model": m.id}
            steps += [
                ("damage", 1 - seat, {**target, "amount": 1 if dice[0] < 5 else dice[1]}),
                ("heal", seat, {**target, "amount": 1}),
                ("opportunity_attack", seat, {"model": m.id}),
                ("morale_facts", None, {**target, "fear_nearby": dice[2] > 3}),
                ("morale_facts", None, {**target, "command_aura": True}),
            ]
    return steps


def draw(rng: Random, game: AzerothGame) -> Step:
    kind = rng.choice(KINDS)
    options = candidates(game.state, rng, kind)
    if not options:
        options = candidates(game.state, rng, "turn")
    return rng.choice(options)


def step(game: AzerothGame, type_: str, by: int | None, payload: dict[str, Any]) -> AzerothGame:
    if type_ == "undo":
        return undo(game) if game.next_undo() is not None else game
    if type_ == "redo":
        return redo(game) if game.next_redo() is not None else game
    return act(game, type_, by, **payload)


def run(rng: Random, game: AzerothGame, steps: int) -> AzerothGame:
    for _ in range(steps):
        if game.state.over:
            break
        before = game
        type_, by, payload = draw(rng, game)
        try:
            game = step(game, type_, by, payload)
        except IllegalAction as error:
            assert error.message  # every refusal says why
            continue
        if type_ not in ("undo", "redo") and rng.random() < UNDO_CHECKS:
            assert undo(game).state == before.state
        check_bounds(game.state)
        check_secrets(game.state)
    return game


def check_bounds(state: AzerothState) -> None:
    for side in state.sides:
        assert 0 <= side.mana.value <= 10
        for m in side.models:
            assert 0 <= m.wounds_left <= m.profile.wounds
            assert (m.wounds_left == 0) == (m.status in ("destroyed", "fled")) or (
                m.status == "removed"
            )
    assert 0 <= state.round <= 6


def check_secrets(state: AzerothState) -> None:
    """Each viewer sees a Warlord only when it is theirs, it has fallen or the game is over.
    Without a Warlord nominated every viewer gets the same view, so one is checked."""
    nominated = any(side.warlord is not None for side in state.sides)
    for viewer in (0, 1, None) if nominated else (None,):
        view = AZEROTH.view(state, viewer)
        text = json.dumps(view)
        for seat, side in enumerate(state.sides):
            shown = view["sides"][seat]["warlord"]
            flagged = [m["id"] for m in view["sides"][seat]["models"] if m["warlord"]]
            if side.warlord is None:
                assert shown is None and not flagged
                continue
            fallen = not (side.find(side.warlord.value) or side.models[0]).in_play
            allowed = viewer == seat or fallen or state.over
            if allowed:
                assert shown == side.warlord.value and flagged == [shown]
            else:
                assert shown is None and not flagged
        assert ('"warlord": true' in text) == any(
            side.warlord is not None and (viewer == seat or state.over or side.warlord_revealed)
            for seat, side in enumerate(state.sides)
        )


@settings(max_examples=examples(80), deadline=None)
@given(st.data())
def test_any_run_of_legal_actions_replays_to_the_identical_state(data: st.DataObject) -> None:
    scenario = data.draw(st.sampled_from(list(Scenario)))
    game = run(randoms(data), new_game(scenario), data.draw(st.integers(0, 120)))
    replayed = replay(AZEROTH, game.setup, game.log)
    assert replayed == game.state
    for viewer in (0, 1, None):
        assert AZEROTH.view(replayed, viewer) == AZEROTH.view(game.state, viewer)


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_a_game_played_through_its_rounds_stays_within_bounds(data: st.DataObject) -> None:
    """Ending stages often, games reach later rounds and their end."""
    game = new_game(data.draw(st.sampled_from(list(Scenario))))
    game = act(game, "edge_roll_off", rolls=[1, 2])
    if game.state.scenario is Scenario.ASSASSINATION:
        game = act(game, "nominate_warlord", 0, model="warchief-1")
        game = act(
            game,
            "nominate_warlord",
            1,
            model=data.draw(st.sampled_from(["sorceress-1", "paladin-1"])),
        )
    game = act(game, "end_stage")
    game = run(randoms(data), game, data.draw(st.integers(50, 250)))
    assert replay(AZEROTH, game.setup, game.log) == game.state
    if game.state.over:
        view = AZEROTH.view(game.state, None)
        assert view["reason"]
        assert all(side["warlord"] is not None for side in view["sides"]) or (
            game.state.scenario is not Scenario.ASSASSINATION
        )


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_the_opponents_view_does_not_depend_on_a_secret_warlord(data: st.DataObject) -> None:
    """Two games that differ only in which Hero Ben nominated look the same to Ana and to a
    spectator while that Warlord stands and the game goes on."""
    games = []
    for warlord in ("sorceress-1", "paladin-1"):
        game = act(new_game(Scenario.ASSASSINATION), "edge_roll_off", rolls=[5, 2])
        game = act(game, "nominate_warlord", 0, model="warchief-1")
        games.append(act(act(game, "nominate_warlord", 1, model=warlord), "end_stage"))
    rng = randoms(data)
    for _ in range(data.draw(st.integers(0, 40))):
        type_, by, payload = draw(rng, games[0])
        if type_ in ("undo", "redo") or (
            type_ in ("damage", "leave_table") and payload.get("seat") == 1
        ):
            continue  # keep both Warlords standing
        try:
            games = [step(g, type_, by, payload) for g in games]
        except IllegalAction:
            continue
    if not games[0].state.over:
        for viewer in (0, None):
            assert AZEROTH.view(games[0].state, viewer) == AZEROTH.view(games[1].state, viewer)
