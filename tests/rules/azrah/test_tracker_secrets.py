"""The AZRAH back row is face down (Game Setup, R52): refusals, history lines, history
payloads and previews tell the opponent and spectators nothing about it (R53)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from referee.rules.azrah.setup import AzrahSetup, SeatSetup
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import Action, IllegalAction, game_apply, start
from tests.rules.tracker.azrah_game import ANA, BEN, SETUP, act, new_game, recover

# Ben's back row swapped for two others, with other hit points: the same game to Ana.
OTHER_BEN = SeatSetup(
    "Ben",
    BEN.front,
    ("Seer", "Tracker"),
    {**{n: BEN.hit_points[n] for n in BEN.front}, "Seer": 5, "Tracker": 1},
)
OTHER_SETUP = AzrahSetup((ANA, OTHER_BEN), first_player=0)


def refusal(game: Any, type_: str, by: int | None, **payload: Any) -> tuple[str, str | None]:
    with pytest.raises(IllegalAction) as caught:
        act(game, type_, by, **payload)
    return caught.value.message, caught.value.field


TARGETED = [
    ("deal_damage", {"amount": 1}),
    ("heal", {"amount": 1}),
    ("transform", {"transformation": "Wyrm", "hit_points": 5}),
    ("attach_curse", {"card": "Hex"}),
    ("attach_item", {"card": "Potion"}),
    ("detach", {"card": "Hex"}),
    ("apply_status", {"status": "frozen", "turns": 1}),
    ("remove_status", {"status": "frozen"}),
    ("escape", {"forced": True}),
]


@pytest.mark.parametrize(("type_", "extra"), TARGETED)
@pytest.mark.parametrize("by", [0, None])
def test_a_hidden_guardian_is_refused_like_a_made_up_one(
    type_: str, extra: dict[str, Any], by: int | None
) -> None:
    game = recover(new_game())
    hidden = refusal(game, type_, by, seat=1, guardian="Mystic", **extra)
    made_up = refusal(game, type_, by, seat=1, guardian="Nobody", **extra)
    assert hidden == made_up
    assert "Mystic" not in hidden[0]


def test_the_host_without_a_seat_cannot_name_a_hidden_guardian() -> None:
    game = new_game()
    hidden = refusal(game, "attach_mana", None, guardian="Sentinel")
    assert hidden == refusal(game, "attach_mana", None, guardian="Nobody")


def test_the_owner_still_hears_where_their_guardian_is() -> None:
    message, _ = refusal(new_game(), "attach_mana", 0, guardian="Sentinel")
    assert "Sentinel is in Ana's back row" in message


def test_the_owner_may_damage_their_own_back_row() -> None:
    game = act(new_game(), "deal_damage", 1, seat=1, guardian="Mystic", amount=1)
    assert game.state.players[1].guardian("Mystic").damage == 1


def test_an_enemy_back_row_guardian_seen_before_cannot_be_targeted() -> None:
    game = act(recover(new_game()), "escape", 0, seat=0, guardian="Oracle", forced=True)
    game = act(game, "swap", 0, guardian="Oracle", replacement="Warden")
    message, field = refusal(game, "deal_damage", 1, seat=0, guardian="Oracle", amount=1)
    assert "back row" in message and field == "payload.guardian"


def test_history_lines_hide_back_row_names_from_the_opponent_and_spectators() -> None:
    damage = Action(1, "deal_damage", 1, {"seat": 1, "guardian": "Mystic", "amount": 1})
    assert AZRAH.describe(damage, SETUP, 1) == "Ben: Ben's Mystic takes 1 damage"
    for viewer in (0, None):
        line = AZRAH.describe(damage, SETUP, viewer)
        assert "Mystic" not in line
        other = Action(1, "deal_damage", 1, {"seat": 1, "guardian": "Seer", "amount": 1})
        assert AZRAH.describe(other, OTHER_SETUP, viewer) == line
    swap = Action(2, "swap", 1, {"guardian": "Bard", "replacement": "Ranger"})
    assert "Ranger" not in AZRAH.describe(swap, SETUP, 0)
    assert AZRAH.describe(swap, SETUP, 1) == "Ben: swaps Bard for Ranger"


def test_history_payloads_hide_back_row_names_until_they_are_seen() -> None:
    game = act(recover(new_game()), "deal_damage", 1, seat=1, guardian="Mystic", amount=1)
    action = game.log[-1]
    assert AZRAH.visible_payload(action, game.state, 1) == action.payload
    for viewer in (0, None):
        shown = AZRAH.visible_payload(action, game.state, viewer)
        assert shown is not None and "Mystic" not in shown.values()


def test_concealing_forgets_the_other_seats_back_row() -> None:
    a = start(AZRAH, SETUP).state
    b = start(AZRAH, OTHER_SETUP).state
    assert a != b
    for viewer in (0, None):
        assert AZRAH.conceal(a, viewer) == AZRAH.conceal(b, viewer)
    assert AZRAH.conceal(a, 1).players[1] == a.players[1]  # Ben's own back row stays
    assert AZRAH.conceal(a, 1) != AZRAH.conceal(b, 1)
    assert AZRAH.view(AZRAH.conceal(a, 0), 0) == AZRAH.view(a, 0)


def test_a_guardian_seen_face_up_is_not_concealed() -> None:
    game = act(recover(new_game()), "escape", 0, seat=0, guardian="Oracle", forced=True)
    game = act(game, "swap", 0, guardian="Oracle", replacement="Warden")
    concealed = AZRAH.conceal(game.state, 1).players[0]
    assert "Warden" in concealed.front and "Oracle" in concealed.back
    assert "Sentinel" not in concealed.back
    assert replace(game.state, players=(concealed, game.state.players[1])) == AZRAH.conceal(
        game.state, 1
    )


def test_a_refused_undo_does_not_name_the_opponents_face_down_guardian() -> None:
    game = act(new_game(), "deal_damage", 1, seat=1, guardian="Mystic", amount=1)
    game = act(game, "heal", 1, seat=1, guardian="Mystic", amount=1)
    with pytest.raises(IllegalAction) as caught:
        game_apply(game, type="undo", by=0, payload={"target": 1})
    assert "Mystic" not in caught.value.message
