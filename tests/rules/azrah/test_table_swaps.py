"""The table's shared device (the host at no seat) swaps a face-down Guardian in by its
back-row place (R53, R111): a game played on one tablet goes on past a defeat (R101) and an
End phase with an escaping ally (Anatomy of a Turn C.1), and nothing the table is offered
or refused depends on what the back rows hold."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azrah.state import waiting
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import Action, IllegalAction, OneOf, start
from tests.profiles import examples
from tests.rules.azrah.test_tracker_noninterference import other_setup
from tests.rules.tracker.azrah_game import (
    CARDED,
    SETUP,
    AzrahGame,
    act,
    carded_game,
    player,
    recover,
)
from tests.rules.tracker.legal_play import filled, randoms


def _table(game: AzrahGame, type_: str = "swap") -> list[tuple[int, dict[str, object]]]:
    """The table device's entries of ``type_`` for either seat: (seat, payload)."""
    return [
        (entry.seat, dict(entry.payload))
        for seat in (0, 1)
        for entry in AZRAH.table_actions(game.state, seat)
        if entry.type == type_
    ]


def _defeat_bard(game: AzrahGame) -> AzrahGame:
    """Ana's Action phase; an effect defeats Ben's Bard, which must leave at once (R101)."""
    game = recover(game, "Alchemist", "Oracle")
    return act(game, "deal_damage", None, seat=1, guardian="Bard", amount=3)


def test_a_shared_tablet_game_goes_on_after_a_defeat() -> None:
    """Dealing Damage and Defeating Enemies, R101: play waits for Ben's swap. The table
    device may not name his face-down back row (R53), so before R111 it had nothing to do
    and nobody else was at the table: the game stalled."""
    game = _defeat_bard(carded_game())
    assert waiting(game.state) == (1, "swap", "Bard")
    with pytest.raises(IllegalAction, match="Ben has no face-up Guardian by that name"):
        act(game, "swap", None, guardian="Bard", replacement="Ranger")
    listed = [e for s in (0, 1) for e in AZRAH.table_actions(game.state, s) if e.type == "swap"]
    assert [(e.seat, e.payload) for e in listed] == [(1, {"guardian": "Bard", "place": 1})]
    assert listed[0].choices == {"place": OneOf((1, 2))}
    assert listed[0].names == {
        "1": "Card 1",
        "2": "Card 2",
    }
    assert "Mystic" not in repr(listed) and "Ranger" not in repr(listed)
    game = act(game, "swap", None, guardian="Bard", place=2)
    assert player(game, 1).front == ("Ranger", "Cleric", "Duelist")
    assert player(game, 1).back == ("Mystic", "Bard")
    assert waiting(game.state) is None
    # Ranger is face up now: every view names it, as after a swap from Ben's own tablet.
    assert AZRAH.view(game.state, None)["players"][1]["front"][0]["name"] == "Ranger"
    assert AZRAH.view(game.state, 0)["players"][1]["back"][1]["name"] == "Bard"
    assert AZRAH.view(game.state, None)["players"][1]["back"][0] is None
    line = AZRAH.describe(game.log[-1], game.setup, None)
    assert line == "The table: swaps Bard for back-row card 2"
    game = act(game, "end_phase", None)
    assert game.state.clock.phase.name == "End"


def test_the_table_acting_for_the_seat_swaps_by_place_too() -> None:
    """The page posts the table's control for the seat it is listed for (by 1)."""
    game = act(_defeat_bard(carded_game()), "swap", 1, guardian="Bard", place=1)
    assert player(game, 1).front[0] == "Mystic"


def test_a_seated_player_still_swaps_by_name() -> None:
    game = _defeat_bard(carded_game())
    entries = [e for e in AZRAH.legal_actions(game.state, 1) if e.type == "swap"]
    assert [e.payload for e in entries] == [{"guardian": "Bard", "replacement": "Mystic"}]
    assert entries[0].choices == {"replacement": OneOf(("Mystic", "Ranger"))}
    assert player(act(game, "swap", 1, guardian="Bard", replacement="Ranger"), 1).front[0] == (
        "Ranger"
    )


def test_an_end_phase_swap_is_made_by_place_on_the_table() -> None:
    """Anatomy of a Turn C.1: the End phase waits for an escaping ally's swap while an ally
    can enter, so the table needs it as much as after a defeat."""
    game = act(carded_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = recover(game, "Dragoon", "Dragoon")
    game = act(act(game, "escape", None, guardian="Dragoon"), "end_phase", None)
    with pytest.raises(IllegalAction, match="Swap Dragoon with a back-row ally first"):
        act(game, "end_phase", None)
    assert _table(game) == [(0, {"guardian": "Dragoon", "place": 1})]
    game = act(game, "swap", None, guardian="Dragoon", place=2)
    assert player(game, 0).front == ("Alchemist", "Warden", "Oracle")
    # Dragoon left in this End phase and is face up: the place it now holds is named, and
    # it cannot come back in this phase (C.1, R101).
    assert _table(game) == []
    game = act(game, "emerge", None, guardian="Warden", targets=["Cleric"])
    game = act(act(game, "no_response", 1), "resolve", None, effects=[])
    game = act(game, "end_phase", None)
    assert game.state.active == 1


def test_a_face_up_back_row_card_is_named_by_the_table() -> None:
    game = act(carded_game(), "deal_damage", 1, seat=0, guardian="Dragoon", amount=1)
    game = recover(game, "Dragoon", "Dragoon")
    game = act(act(game, "escape", None, guardian="Dragoon"), "end_phase", None)
    game = act(game, "swap", None, guardian="Dragoon", place=1)  # Sentinel comes in
    game = act(game, "escape", 1, seat=0, guardian="Oracle", forced=True)
    entries = [e for e in AZRAH.table_actions(game.state, 0) if e.type == "swap"]
    # Dragoon left in this End phase, so only the face-down Warden may come in.
    assert [(e.payload, e.names) for e in entries] == [
        ({"guardian": "Oracle", "place": 2}, {"2": "Card 2"})
    ]
    with pytest.raises(IllegalAction, match="Dragoon left the front row in this End phase"):
        act(game, "swap", None, guardian="Oracle", place=1)


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"place": 0}, "payload.place"),
        ({"place": 3}, "payload.place"),
        ({"place": 10**18}, "payload.place"),
        ({"place": "1"}, "payload.place"),
        ({"place": True}, "payload.place"),
        ({"place": 1, "replacement": "Ranger"}, "payload.replacement"),
        ({}, "payload.place"),
    ],
)
def test_a_bad_place_is_refused_alike_whatever_the_back_row_holds(
    payload: dict[str, object], field: str
) -> None:
    """R111: places are public, names are not, so the refusal is the same for two back
    rows that differ in every way the other player cannot see."""
    other, _ = other_setup(1, CARDED)
    refusals = set()
    for setup in (CARDED, other):
        game = _defeat_bard(start(AZRAH, setup))
        with pytest.raises(IllegalAction) as caught:
            act(game, "swap", None, guardian="Bard", **payload)
        refusals.add((caught.value.message, caught.value.field))
    assert len(refusals) == 1
    assert refusals.pop()[1] == field


def test_the_table_is_offered_the_same_whatever_the_back_rows_hold() -> None:
    """R53: the table's entries (and the view it gets) name no face-down card."""
    for hidden in (0, 1):
        other, _ = other_setup(hidden, CARDED)
        a, b = _defeat_bard(carded_game()), _defeat_bard(start(AZRAH, other))
        for seat in (0, 1):
            assert AZRAH.table_actions(a.state, seat) == AZRAH.table_actions(b.state, seat)
            concealed = AZRAH.conceal(a.state, None)
            assert AZRAH.table_actions(concealed, seat) == AZRAH.table_actions(a.state, seat)
        assert AZRAH.view(a.state, None) == AZRAH.view(b.state, None)


@settings(max_examples=examples(40))
@given(st.data())
def test_a_game_on_the_table_alone_never_stalls(data: st.DataObject) -> None:
    """Played only through what the table's device is offered (each entry acting for its
    seat, as the page posts it): until the game is over there is always something to do;
    every entry applies, in the real game and as nobody knows it (how the service checks
    the table's actions, R53); the entries are the same in both (R111)."""
    base = data.draw(st.sampled_from([SETUP, CARDED]))
    game = start(AZRAH, base)
    rng = randoms(data)
    for _ in range(data.draw(st.integers(0, 60))):
        state = game.state
        entries = [e for seat in (0, 1) for e in AZRAH.table_actions(state, seat)]
        hidden = AZRAH.conceal(state, None)
        assert entries == [e for seat in (0, 1) for e in AZRAH.table_actions(hidden, seat)]
        if state.outcome.over:
            assert entries == []
            break
        assert entries, "the table has nothing to do: the game would stall"
        entry = data.draw(st.sampled_from(entries))
        payload = filled(rng, entry)
        AZRAH.apply(hidden, Action(1, entry.type, entry.seat, payload))
        game = act(game, entry.type, entry.seat, **payload)
