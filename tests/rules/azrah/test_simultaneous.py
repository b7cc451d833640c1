"""Simultaneous moves: the End phase's swaps are made together (Anatomy of a Turn C.1,
R101, R116), so two of them sent from two devices (the seat's own tablet, naming the entering
card, and the table's device, giving its back-row place, R111) against the same version
are both recorded when they touch different Guardians and places, in whichever order they
arrive, to the same state. Anything else sent against a stale version is named as the entry
that changed its meaning (``core.stale_conflict``)."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from referee.rules.azrah.state import ACTION, END, RECOVERY, AzrahState
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import (
    Action,
    IllegalAction,
    LegalAction,
    OneOf,
    game_apply,
    stale_conflict,
)
from tests.profiles import examples
from tests.rules.azrah.legal_play import Step, pick, play
from tests.rules.tracker.azrah_game import (
    AzrahGame,
    act,
    carded_game,
    new_game,
    recover,
)

Sent = tuple[int | None, dict[str, Any]]  # a swap: who sent it (None: the table), its payload


def _two_leaving(game: AzrahGame) -> AzrahGame:
    """Ana's End phase: her injured Oracle escaped in the Action phase, and an attached card
    makes her Dragoon escape too, before any swap."""
    game = recover(game)
    game = act(game, "deal_damage", 1, seat=0, guardian="Oracle", amount=1)
    game = act(game, "escape", 0, guardian="Oracle")
    game = act(game, "end_phase", 0)
    return act(game, "escape", 1, seat=0, guardian="Dragoon", forced=True, cause="card")


def swaps(state: AzrahState) -> list[Sent]:
    """Every End-phase swap the active seat's tablet or the table's device is offered now,
    each value of its choices."""
    seat = state.active
    sent: list[Sent] = []
    for by, entries in (
        (seat, AZRAH.legal_actions(state, seat)),
        (None, AZRAH.table_actions(state, seat)),
    ):
        for entry in entries:
            if entry.type == "swap":
                sent += [(by, payload) for payload in _every(entry)]
    return sent


def _every(entry: LegalAction) -> list[dict[str, Any]]:
    payloads = [dict(entry.payload)]
    for name, choice in entry.choices.items():
        assert isinstance(choice, OneOf)
        payloads = [{**p, name: value} for p in payloads for value in choice.values]
    return payloads


def record(game: AzrahGame, seen: AzrahGame, by: int | None, payload: dict[str, Any]) -> AzrahGame:
    """``payload`` sent by ``by`` against version ``seen``: recorded as if sent now when
    nothing since conflicts, as the service does."""
    conflict = stale_conflict(game, seen.state, seen.version, "swap", by, payload)
    assert conflict is None, (by, payload, conflict)
    return game_apply(game, type="swap", by=by, payload=payload)


def check_interleavings(seen: AzrahGame) -> int:
    """For each two swaps offered at ``seen``: when they commute, both are recorded in
    either order, to the same state; when not, the second is named stale. How many pairs
    commuted."""
    merged = 0
    offered = swaps(seen.state)
    for (by_a, a), (by_b, b) in permutations(offered, 2):
        first = game_apply(seen, type="swap", by=by_a, payload=a)
        recorded = first.log[-1]
        pending = Action(first.version + 1, "swap", by_b, b)
        if not AZRAH.commutes(seen.state, recorded, pending):
            assert stale_conflict(first, seen.state, seen.version, "swap", by_b, b) == recorded
            continue
        assert AZRAH.commutes(
            seen.state, Action(recorded.seq, "swap", by_b, b), replace_seq(recorded)
        )
        finals = []
        for order in (((by_a, a), (by_b, b)), ((by_b, b), (by_a, a))):
            game = seen
            for by, payload in order:
                game = record(game, seen, by, payload)
            assert game.version == seen.version + 2
            finals.append(game.state)
        assert finals[0] == finals[1], (a, b)
        merged += 1
    return merged


def replace_seq(action: Action) -> Action:
    return Action(action.seq + 1, action.type, action.by, dict(action.payload))


def test_an_escape_and_a_forced_escape_are_swapped_in_either_order() -> None:
    """C.1: the End phase's swaps are made together, so neither waits for the other."""
    game = _two_leaving(carded_game())
    for first, second in (("Oracle", "Dragoon"), ("Dragoon", "Oracle")):
        after = act(game, "swap", 0, guardian=first, replacement="Sentinel")
        after = act(after, "swap", 0, guardian=second, replacement="Warden")
        assert after.state.end_swaps == 2
        assert {"Sentinel", "Warden"} <= set(after.state.players[0].front)


def test_the_tablets_swap_and_the_tables_swap_against_one_version_are_both_recorded() -> None:
    seen = _two_leaving(carded_game())
    mine = (0, {"guardian": "Oracle", "replacement": "Warden"})  # Warden lies at place 2
    table = (None, {"guardian": "Dragoon", "place": 1})
    for order in ((mine, table), (table, mine)):
        game = seen
        for by, payload in order:
            game = record(game, seen, by, payload)
        assert game.state.players[0].front == ("Alchemist", "Sentinel", "Warden")
    assert check_interleavings(seen) > 0


def test_two_swaps_bringing_in_the_same_card_do_not_commute() -> None:
    seen = _two_leaving(carded_game())
    first = game_apply(
        seen, type="swap", by=0, payload={"guardian": "Oracle", "replacement": "Warden"}
    )
    again = {"guardian": "Dragoon", "place": 2}  # where Warden lay
    assert stale_conflict(first, seen.state, seen.version, "swap", None, again) == first.log[-1]
    same = {"guardian": "Oracle", "place": 1}  # the Guardian already swapped out
    assert stale_conflict(first, seen.state, seen.version, "swap", None, same) == first.log[-1]


def test_nothing_but_two_end_phase_swaps_commutes() -> None:
    seen = _two_leaving(carded_game())
    swap = Action(seen.version + 1, "swap", 0, {"guardian": "Oracle", "replacement": "Warden"})
    other = Action(seen.version + 2, "swap", None, {"guardian": "Dragoon", "place": 1})
    damage = Action(
        seen.version + 2, "deal_damage", 1, {"seat": 0, "guardian": "Alchemist", "amount": 1}
    )
    assert AZRAH.commutes(seen.state, swap, other)
    assert not AZRAH.commutes(seen.state, swap, damage)
    assert not AZRAH.commutes(seen.state, damage, swap)
    # not the End phase: a defeated or forced-out ally leaves at once, alone (R101)
    early = act(new_game(), "escape", 1, seat=0, guardian="Oracle", forced=True)
    at_once = Action(early.version + 1, "swap", 0, {"guardian": "Oracle", "place": 1})
    assert not AZRAH.commutes(early.state, at_once, at_once)
    assert not AZRAH.commutes(early.state, swap, other)


def _listed(state: AzrahState, type_: str) -> list[LegalAction]:
    return [e for seat in (0, 1) for e in AZRAH.legal_actions(state, seat) if e.type == type_]


def _step(data: st.DataObject, game: AzrahGame) -> AzrahGame | None:
    """One listed action: often ending the phase, so play reaches End phases; in an End
    phase whose swaps are open, now and then an ally of the active player forced out by an
    attached card's effect (listed too), so two leave together."""
    state = game.state
    forced = [
        e
        for e in _listed(state, "escape")
        if e.payload.get("forced") and e.payload.get("seat") == state.active
    ]
    open_end = state.clock.phase.name == END and state.end_swaps == 0 and bool(forced)
    if open_end and data.draw(st.booleans(), label="force an ally out"):
        entry = data.draw(st.sampled_from(forced))
        return game_apply(game, type="escape", by=entry.seat, payload=dict(entry.payload))
    mana = [e for e in _listed(state, "attach_mana") if not e.payload.get("effect")]
    if state.clock.phase.name == RECOVERY and mana and data.draw(st.integers(0, 3)):
        entry = data.draw(st.sampled_from(mana))
        return game_apply(game, type=entry.type, by=entry.seat, payload=dict(entry.payload))
    escaped = "escape" in state.limits.used
    if state.clock.phase.name == ACTION and not escaped and data.draw(st.integers(0, 3)):
        # an injured ally escapes of its own accord, to be swapped in the End phase
        mine = state.active
        escapes = [e for e in _listed(state, "escape") if not e.payload.get("forced")]
        hurt = [
            e
            for e in _listed(state, "deal_damage")
            if e.payload.get("seat") == mine and e.payload["guardian"] in state.players[mine].front
        ]
        injured = any(state.players[mine].guardian(n).injured for n in state.players[mine].front)
        if escapes or (hurt and not injured):
            entry = data.draw(st.sampled_from(escapes or hurt))
            payload = {**entry.payload, **({"amount": 1} if hurt and not escapes else {})}
            return game_apply(game, type=entry.type, by=entry.seat, payload=payload)
    ends = _listed(state, "end_phase")
    if ends and data.draw(st.integers(0, 2), label="end the phase") == 0:
        return game_apply(game, type="end_phase", by=ends[0].seat)
    step: Step | None = pick(data, state)
    return None if step is None else play(game, step)


@settings(max_examples=examples(30), deadline=None)
@given(st.data())
def test_every_end_phase_swap_step_merges_what_commutes(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from([carded_game, new_game]), label="cards")()
    for _ in range(data.draw(st.integers(0, 80), label="steps")):
        state = game.state
        if state.clock.phase.name == END and swaps(state):
            merged = check_interleavings(game)
            event(f"End-phase swap step, {'some' if merged else 'no'} pairs commute")
        try:
            after = _step(data, game)
        except IllegalAction as error:  # a listed action must apply as listed
            raise AssertionError(error.message) from None
        if after is None:
            break
        game = after
