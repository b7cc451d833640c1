"""Properties of the Azuki tracker, over random games played only through its legal actions:
they end with a winner, never break a zone limit, the IKZ cap, no-overheal or Cooldown, replay
identically after export and import, and undoing any action restores the state before it."""

from __future__ import annotations

import json
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.azuki.state import (
    ALLEY_SIZE,
    GARDEN_SIZE,
    LEADER,
    MAX_IKZ,
    AzukiState,
    entity_in_cooldown,
)
from referee.rules.azuki.system import AZUKI
from referee.rules.tracker import (
    Action,
    Amount,
    IllegalAction,
    LegalAction,
    OneOf,
    replay,
    start,
)
from tests.profiles import examples
from tests.rules.tracker.azuki_game import AzukiGame, act, new_game, undo
from tests.rules.tracker.legal_play import filled, randoms

EFFECTS = frozenset(
    {
        "deal_damage",
        "heal",
        "adjust_stats",
        "draw",
        "discard",
        "destroy",
        "return_to_hand",
        "return_from_discard",
        "put_into_play",
    }
)


def choose(rng: Random, state: AzukiState, effects: float) -> LegalAction:
    """A listed action of either seat: card effects with probability ``effects``, else the
    game's own moves (plays, attacks, combat steps, the end of the turn)."""
    entries = [*AZUKI.legal_actions(state, 0), *AZUKI.legal_actions(state, 1)]
    assert entries, "a game that is not over always offers something"
    moves = [e for e in entries if e.type not in EFFECTS and e.type != "swap_rows"]
    if moves and rng.random() >= effects:
        attacks = [e for e in moves if e.type in ("attack", "resolve_damage")]
        if attacks and rng.random() < 0.5:
            return rng.choice(attacks)
        return rng.choice(moves)
    return rng.choice(entries)


def check_invariants(state: AzukiState) -> None:
    for player in state.players:
        assert len(player.garden) <= GARDEN_SIZE and len(player.alley) <= ALLEY_SIZE
        assert 0 <= player.ikz_tapped <= player.ikz <= MAX_IKZ
        assert 0 <= player.leader.health <= player.leader.max_health  # no overheal
        assert min(player.deck, player.hand, player.discard) >= 0
        for entity in (*player.garden, *player.alley):
            assert 0 <= entity.damage < entity.health or entity.health == 0
        assert not any(e.weapons for e in player.alley)


def cooldown_respected(state: AzukiState, entry: LegalAction, payload: dict[str, object]) -> None:
    """An attacker listed is never one with Cooldown (Charge excepted)."""
    if entry.type == "attack" and payload["attacker"] != LEADER:
        found = state.players[entry.seat].find(str(payload["attacker"]))
        assert found is not None and found[0] == "garden"
        assert not entity_in_cooldown(state, found[1]) and not found[1].tapped


def play_out(
    rng: Random, game: AzukiGame, steps: int, effects: float, undo_every: float = 0.0
) -> AzukiGame:
    for _ in range(steps):
        if game.state.outcome.over:
            break
        entry = choose(rng, game.state, effects)
        payload = filled(rng, entry)
        cooldown_respected(game.state, entry, payload)
        before = game
        game = act(game, entry.type, entry.seat, **payload)  # a listed action always applies
        check_invariants(game.state)
        if rng.random() < undo_every:
            assert undo(game).state == before.state
    return game


@settings(max_examples=examples(30), deadline=None)
@given(st.data())
def test_random_legal_games_end_with_a_winner(data: st.DataObject) -> None:
    rng = randoms(data)
    game = new_game(first_player=data.draw(st.sampled_from([0, 1])), keep=False)
    game = play_out(rng, game, 4000, effects=0.05)
    assert game.state.outcome.over
    assert game.state.outcome.winners, "two Leaders at 0 at once is the only draw (R149)"


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_random_games_replay_identically_after_export_and_import(data: st.DataObject) -> None:
    rng = randoms(data)
    deck_size = data.draw(st.sampled_from([9, 20, 50]))
    game = new_game(deck_size=deck_size, keep=False)
    game = play_out(rng, game, data.draw(st.integers(0, 150)), effects=0.2, undo_every=0.15)
    exported = json.loads(
        json.dumps(
            {
                "setup": AZUKI.setup_to_json(game.setup),
                "log": [action.to_json() for action in game.log],
            }
        )
    )
    setup = AZUKI.setup_from_json(exported["setup"])
    log = [Action.from_json(entry) for entry in exported["log"]]
    again = start(AZUKI, setup, log)
    assert again.state == game.state
    assert replay(AZUKI, setup, log) == game.state
    for viewer in (0, 1, None):
        assert AZUKI.view(again.state, viewer) == AZUKI.view(game.state, viewer)


@settings(max_examples=examples(40), deadline=None)
@given(st.data())
def test_undo_of_any_action_restores_the_state_before_it(data: st.DataObject) -> None:
    rng = randoms(data)
    game = new_game(first_player=data.draw(st.sampled_from([0, 1])))
    game = play_out(rng, game, data.draw(st.integers(1, 60)), effects=0.3, undo_every=1.0)


@settings(max_examples=examples(30), deadline=None)
@given(st.data())
def test_every_viewer_sees_the_same_board_r141(data: st.DataObject) -> None:
    """Referee keeps no secret in Azuki: the view does not depend on who looks."""
    rng = randoms(data)
    game = play_out(rng, new_game(), data.draw(st.integers(0, 60)), effects=0.2)
    views = [AZUKI.view(game.state, viewer) for viewer in (0, 1, None)]
    assert views[0] == views[1] == views[2]
    assert AZUKI.conceal(game.state, 0) == game.state


def outside(entry: LegalAction, others: list[LegalAction]) -> list[tuple[str, object]]:
    """Values of the entry's choice fields that it does not offer: past an amount's ends,
    a name nobody has, and what other entries of its type offer there but it does not."""
    found: list[tuple[str, object]] = []
    for name, choice in entry.choices.items():
        if isinstance(choice, Amount):
            found += [(name, choice.min - 1), (name, choice.max + 1)]
        elif isinstance(choice, OneOf):
            found.append((name, "Nobody #0"))
            for other in others:
                offered = other.choices.get(name)
                if other.type == entry.type and isinstance(offered, OneOf):
                    found += [(name, v) for v in offered.values if not choice.allows(v)]
    return found


@settings(max_examples=examples(25), deadline=None)
@given(st.data())
def test_actions_just_outside_the_list_are_refused_with_a_reason(data: st.DataObject) -> None:
    rng = randoms(data)
    game = play_out(rng, new_game(), data.draw(st.integers(0, 80)), effects=0.2)
    for seat in (0, 1):
        entries = list(AZUKI.legal_actions(game.state, seat))
        for entry in rng.sample(entries, min(12, len(entries))):
            for name, value in outside(entry, entries)[:6]:
                payload = {**filled(rng, entry), name: value}
                if any(e.type == entry.type and e.allows(payload) for e in entries):
                    continue  # another entry offers it
                try:
                    act(game, entry.type, seat, **payload)
                except IllegalAction as error:
                    assert error.message
                else:
                    raise AssertionError(f"{entry.type} with {name}={value!r} was not refused")
