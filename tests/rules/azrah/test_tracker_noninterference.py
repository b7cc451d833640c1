"""Noninterference: two games that differ only in one player's face-down back row (which
Guardians, their hit points, the damage and statuses on them) look the same to the other
player and to spectators: views, legal actions, refusals, history lines and payloads, and
previews computed from ``conceal`` (R52, R53)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azrah.cards import Guardian, GuardianAbility, Position
from referee.rules.azrah.setup import AzrahSetup, SeatSetup
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import Action, IllegalAction, game_apply, start
from tests.profiles import examples
from tests.rules.azrah.legal_play import Step, pick
from tests.rules.tracker.azrah_game import CARDED, SETUP, AzrahGame, act

OTHER_BACKS = {0: ("Herald", "Scout"), 1: ("Seer", "Tracker")}
OTHER_POINTS = {"Herald": 1, "Scout": 7, "Seer": 5, "Tracker": 1}


def _other_card(name: str, points: int) -> Guardian:
    """A back-row card unlike the one it replaces: other arrows, a quick target-enemy
    ability and an emergence."""
    strike = GuardianAbility("Ambush", 0, 0, "Deal 3 damage.", quick=True, target_enemy=True)
    return Guardian(name, name, points, (Position.RIGHT,), strike, (strike,))


def other_setup(hidden: int, base: AzrahSetup = SETUP) -> tuple[AzrahSetup, dict[str, str]]:
    """``base`` with ``hidden``'s back row replaced (and its cards, when it has some), and
    the renaming it makes."""
    seat = base.players[hidden]
    renamed = dict(zip(seat.back, OTHER_BACKS[hidden], strict=True))
    points = {n: seat.hit_points[n] for n in seat.front}
    points.update({renamed[n]: OTHER_POINTS[renamed[n]] for n in seat.back})
    cards = tuple(c for c in seat.cards if c.name in seat.front)
    if seat.cards:
        cards += tuple(_other_card(renamed[n], points[renamed[n]]) for n in seat.back)
    other = SeatSetup(seat.name, seat.front, OTHER_BACKS[hidden], points, cards)
    players = (other, base.players[1]) if hidden == 0 else (base.players[0], other)
    return replace(base, players=players), renamed


def rename(payload: dict[str, Any], renamed: dict[str, str]) -> dict[str, Any]:
    out = dict(payload)
    for key in ("guardian", "replacement"):
        if isinstance(out.get(key), str):
            out[key] = renamed.get(out[key], out[key])
    if isinstance(out.get("order"), list):
        out["order"] = [renamed.get(n, n) for n in out["order"]]
    return out


def reveals(game: AzrahGame, hidden: int, step: Step) -> bool:
    """Whether ``step`` turns one of ``hidden``'s face-down Guardians face up."""
    type_, by, payload = step
    if type_ != "swap" or by != hidden:
        return False
    return not game.state.players[hidden].guardian(payload["replacement"]).revealed


def outcome(game: AzrahGame, type_: str, by: int | None, payload: dict[str, Any]) -> Any:
    try:
        act(game, type_, by, **payload)
    except IllegalAction as error:
        return ("refused", error.message, error.field)
    return ("applies",)


def preview(state: Any, viewer: int | None, type_: str, by: int | None, payload: Any) -> Any:
    try:
        after = AZRAH.apply(AZRAH.conceal(state, viewer), Action(1, type_, by, payload))
    except IllegalAction as error:
        return ("refused", error.message, error.field)
    return AZRAH.view(after, viewer)


def probes(game: AzrahGame, other: int, hidden: int, names: list[str]) -> list[Step]:
    """Actions the other player or the host might try: everything the other player is
    offered, and every effect naming a face-down, a made-up or a front-row Guardian."""
    steps: list[Step] = [
        (e.type, e.seat, dict(e.payload)) for e in AZRAH.legal_actions(game.state, other)
    ]
    front = list(game.state.players[hidden].front)
    for name in [*names, "Nobody", *front]:
        at = {"seat": hidden, "guardian": name}
        for by in (other, None):
            steps += [
                ("deal_damage", by, {**at, "amount": 1}),
                ("heal", by, {**at, "amount": 1}),
                ("apply_status", by, {**at, "status": "immune"}),
                ("remove_status", by, {**at, "status": "frozen"}),
                ("transform", by, {**at, "transformation": "Wyrm", "hit_points": 2}),
                ("attach_curse", by, {**at, "card": "Hex"}),
                ("escape", by, {**at, "forced": True}),
                ("attach_mana", by, {"guardian": name, "effect": True}),
                ("use_ability", by, {"guardian": name, "quick": True}),
            ]
        for replacement in [*names, "Nobody"]:
            steps.append(("swap", None, {"guardian": name, "replacement": replacement}))
        for place in (0, 1, 2, 3):  # by its back-row place, as the table's device swaps (R111)
            steps.append(("swap", None, {"guardian": name, "place": place}))
            steps.append(("swap", other, {"guardian": name, "place": place}))
    return steps


@settings(max_examples=examples(30))
@given(st.data())
def test_a_face_down_back_row_makes_no_difference_to_the_others(data: st.DataObject) -> None:
    hidden = data.draw(st.sampled_from([0, 1]))
    other = 1 - hidden
    base = data.draw(st.sampled_from([SETUP, CARDED]))
    setup_b, renamed = other_setup(hidden, base)
    a, b = start(AZRAH, base), start(AZRAH, setup_b)
    for _ in range(data.draw(st.integers(0, 40))):
        step = pick(data, a.state)
        if step is None or reveals(a, hidden, step):
            break
        type_, by, payload = step
        a = act(a, type_, by, **payload)
        b = act(b, type_, by, **rename(payload, renamed))
        for viewer in (other, None):
            assert AZRAH.conceal(a.state, viewer) == AZRAH.conceal(b.state, viewer)
    assert a.state != b.state
    names = [*renamed, *renamed.values()]
    for viewer in (other, None):
        assert AZRAH.view(a.state, viewer) == AZRAH.view(b.state, viewer)
        for entry_a, entry_b in zip(a.log, b.log, strict=True):
            assert AZRAH.describe(entry_a, a.setup, viewer) == AZRAH.describe(
                entry_b, b.setup, viewer
            )
            assert AZRAH.visible_payload(entry_a, a.state, viewer) == AZRAH.visible_payload(
                entry_b, b.state, viewer
            )
    assert AZRAH.legal_actions(a.state, other) == AZRAH.legal_actions(b.state, other)
    for seat in (0, 1):  # the table's device, for either seat (R53, R111)
        assert AZRAH.table_actions(a.state, seat) == AZRAH.table_actions(b.state, seat)
    table_steps: list[Step] = [
        (e.type, None, dict(e.payload)) for e in AZRAH.table_actions(a.state, hidden)
    ]
    for type_, by, payload in [*probes(a, other, hidden, names), *table_steps]:
        assert outcome(a, type_, by, payload) == outcome(b, type_, by, payload), (type_, payload)
        for viewer in (other, None):
            assert preview(a.state, viewer, type_, by, payload) == preview(
                b.state, viewer, type_, by, payload
            ), (viewer, type_, by, payload)


def _answer(
    game: AzrahGame, type_: str, by: int | None, payload: dict[str, Any], viewer: Any
) -> Any:
    """What ``viewer`` gets from trying an undo, a redo or a request: the refusal, or the
    history as it then reads to them."""
    try:
        after = game_apply(game, type=type_, by=by, payload=payload)
    except IllegalAction as error:
        return ("refused", error.message, error.field)
    return ("applies", [after.line(entry, viewer) for entry in after.log])


def _meta_tries(game: AzrahGame, other: int) -> list[tuple[str, int | None, dict[str, Any]]]:
    """Every undo, redo and request to undo the other player or the host might send now,
    and an answer to each open request."""
    tries: list[tuple[str, int | None, dict[str, Any]]] = []
    for target in range(1, game.version + 2):
        for by in (other, None):
            tries.append(("undo", by, {"target": target}))
            tries.append(("redo", by, {"target": target}))
        tries.append(("request_undo", other, {"target": target}))
    for request in game.undo_requests:
        for accept in (True, False):
            tries.append(("answer_undo", other, {"request": request.seq, "accept": accept}))
    return tries


@settings(max_examples=examples(20), deadline=None)
@given(st.data())
def test_undo_redo_and_requests_answer_the_same_whatever_the_back_row(
    data: st.DataObject,
) -> None:
    """Undo, redo and undo requests are channels too (R50): the other player and the host
    get the same refusals, or the same history, whatever the face-down back row holds,
    after the hidden player's own undos, redos and requests among their moves."""
    hidden = data.draw(st.sampled_from([0, 1]))
    other = 1 - hidden
    base = data.draw(st.sampled_from([SETUP, CARDED]))
    setup_b, renamed = other_setup(hidden, base)
    a, b = start(AZRAH, base), start(AZRAH, setup_b)
    for _ in range(data.draw(st.integers(0, 30))):
        if a.version and data.draw(st.integers(0, 4)) == 0:
            type_, by, payload = data.draw(st.sampled_from(_meta_tries(a, hidden)))
            try:
                a = game_apply(a, type=type_, by=by, payload=payload)
            except IllegalAction:
                continue
            b = game_apply(b, type=type_, by=by, payload=payload)
            continue
        step = pick(data, a.state)
        if step is None or reveals(a, hidden, step):
            break
        type_, by, payload = step
        a = act(a, type_, by, **payload)
        b = act(b, type_, by, **rename(payload, renamed))
    for viewer in (other, None):
        for type_, by, payload in _meta_tries(a, other):
            if (by is None) != (viewer is None):
                continue  # the host sends the host's, a player their own
            assert _answer(a, type_, by, payload, viewer) == _answer(
                b, type_, by, payload, viewer
            ), (viewer, type_, payload)
