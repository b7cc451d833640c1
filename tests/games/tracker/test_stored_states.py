"""A stored game opens without replaying its log, and still opens after the rules change.

- The latest state is stored with the version it stands at (``GameState``), so a game opens
  in a new process (an empty cache) without applying a single entry, however long it is.
- An undo replays from the nearest snapshot (``GameSnapshot``, every few entries), not from
  the setup.
- A stored state written under other rules is not used: the log is replayed instead. When
  the rules of this version refuse an entry in effect, the game opens just before it, says
  which entry and why, and plays on from there, setting it aside (R210). Never a 500."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import GameSnapshot, GameState
from games.registry import tracker
from games.tracker import snapshots
from games.tracker.apply import game_apply
from games.tracker.current import CACHE, current_game
from games.tracker.exchange import export_game
from games.tracker.selectors import log_for, state_for
from referee.rules.tracker import SET_ASIDE, IllegalAction
from tests.games.tracker.support import client_for, send
from tests.golden.support import FOLDER, open_game, read

LONG = "azuki-unfinished.json"


@contextmanager
def counted(slug: str) -> Iterator[list[str]]:
    """Every entry the game's engine applies, by type, while the block runs."""
    system = tracker(slug)
    calls: list[str] = []
    apply, replay_apply = system.apply, system.replay_apply

    def counting(real: Any) -> Any:
        def wrapped(state: Any, action: Any) -> Any:
            calls.append(action.type)
            return real(state, action)

        return wrapped

    system.apply = counting(apply)  # type: ignore[method-assign]
    system.replay_apply = counting(replay_apply)  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        del system.apply, system.replay_apply


@pytest.mark.django_db
def test_a_long_game_opens_in_a_new_process_without_applying_an_entry() -> None:
    document = read(FOLDER / LONG)
    opened = open_game(document)
    assert len(document["log"]) > 300
    with counted(document["system"]) as calls:
        CACHE.clear()
        body = state_for(opened.game, opened.access["table"])
    assert calls == []
    assert body["version"] == len(document["log"])
    assert GameState.objects.get(game=opened.game).version == len(document["log"])


@pytest.mark.django_db
def test_the_latest_state_is_stored_in_one_statement(django_assert_num_queries: Any) -> None:
    """Every action stores it: one insert that replaces the row, no row read and locked
    first. The row read back is the state stored last."""
    opened = open_game(read(FOLDER / LONG))
    current = current_game(opened.game)
    # versions that take no snapshot besides (one every snapshots.EVERY entries)
    later, earlier = [v for v in range(current.version, 0, -1) if v % snapshots.EVERY][:2]
    for version in (earlier, later):
        GameState.objects.filter(game=opened.game).delete()
        with django_assert_num_queries(1):  # none there: inserted
            snapshots.store(opened.game, replace(current, log=current.log[:version]))
        with django_assert_num_queries(1):  # there: replaced
            snapshots.store(opened.game, replace(current, log=current.log[:version]))
    assert GameState.objects.get(game=opened.game).version == later
    with django_assert_num_queries(1):
        snapshots.store(opened.game, replace(current, log=current.log[:earlier]))
    stored = snapshots.latest(opened.game, current.system)
    assert stored is not None and stored.version == earlier


@pytest.mark.django_db
def test_an_undo_replays_from_the_nearest_snapshot() -> None:
    document = read(FOLDER / LONG)
    opened = open_game(document)
    assert GameSnapshot.objects.filter(game=opened.game).count() == len(document["log"]) // 25
    current = current_game(opened.game)
    target = current.next_undo()
    assert target is not None
    with counted(document["system"]) as calls:
        CACHE.clear()
        game_apply(
            game=opened.game,
            user=opened.users["table"],
            type="undo",
            payload={"target": target},
            expected_version=current.version,
        )
    # replayed from the snapshot before the target, not the whole game
    assert 0 < len(calls) <= snapshots.EVERY * 2, len(calls)
    assert len(calls) < len(current.history.effective) / 4


@contextmanager
def tightened(slug: str, refused_type: str, reason: str) -> Iterator[None]:
    """The rules of a newer version refuse every ``refused_type`` action."""
    system = tracker(slug)
    apply, replay_apply = system.apply, system.replay_apply

    def refusing(real: Any) -> Any:
        def wrapped(state: Any, action: Any) -> Any:
            if action.type == refused_type:
                raise IllegalAction(reason, "type")
            return real(state, action)

        return wrapped

    system.apply = refusing(apply)  # type: ignore[method-assign]
    system.replay_apply = refusing(replay_apply)  # type: ignore[method-assign]
    try:
        yield
    finally:
        del system.apply, system.replay_apply


def _refusable(opened: Any, document: dict[str, Any], after: int) -> tuple[str, int]:
    """An action type never held in a batch, and the first entry of it in effect, the
    first such entry after ``after``: what tightened rules refuse in these tests."""
    effective = current_game(opened.game).history.effective
    batched = {
        part["type"]
        for entry in document["log"]
        if entry["type"] == "batch"
        for part in entry["payload"]["actions"]
    }
    log = document["log"]
    for seq in effective:
        kind = log[seq - 1]["type"]
        if seq > after and kind not in batched and kind != "batch":
            first = next(s for s in effective if log[s - 1]["type"] == kind)
            return kind, first
    raise AssertionError("no entry to refuse")


@pytest.mark.django_db
def test_a_stored_state_still_opens_after_a_rule_is_tightened() -> None:
    document = read(FOLDER / LONG)
    opened = open_game(document)
    before = state_for(opened.game, opened.access["seat0"])
    kind = document["log"][10]["type"]
    with tightened(document["system"], kind, "Newer rules refuse this."):
        CACHE.clear()
        after = state_for(opened.game, opened.access["seat0"])
    assert after == before
    assert after["refused"] is None


@pytest.mark.django_db
def test_a_game_the_rules_now_refuse_opens_before_the_entry_and_plays_on() -> None:
    document = read(FOLDER / LONG)
    opened = open_game(document)
    game, table = opened.game, opened.users["table"]
    kind, seq = _refusable(opened, document, 100)
    # a stored state of other rules is not read: the log is replayed under today's
    GameState.objects.filter(game=game).update(blob=b"written by another version")
    GameSnapshot.objects.filter(game=game).delete()
    with tightened(document["system"], kind, "Newer rules refuse this."):
        CACHE.clear()
        for role, access in opened.access.items():
            body = state_for(game, access)
            assert body["refused"]["seq"] == seq, role
            assert body["version"] == len(document["log"])
            mine = document["log"][seq - 1]["by"] == access.seat and access.seat is not None
            assert body["refused"]["reason"] == ("Newer rules refuse this." if mine else "")
        response = client_for(table).get(f"/games/{game.pk}/")
        assert response.status_code == 200
        page = response.content.decode()
        assert f"The rules of this version refuse #{seq}" in page
        assert "Export the whole recorded game" in page
        whole = export_game(game, opened.access["table"])
        assert len(whole["log"]) == len(document["log"])
        # the table plays on: the refused entry and every later one are set aside
        state = state_for(game, opened.access["table"])
        legal = next(a for a in state["legal_actions"] if a["type"] != kind)
        applied = game_apply(
            game=game,
            user=table,
            type=legal["type"],
            payload=legal["payload"],
            seat=legal["seat"],
            expected_version=state["version"],
        )
        log = applied.result.log
        assert log[len(document["log"])].type == SET_ASIDE
        assert log[len(document["log"])].payload["from"] == seq
        assert applied.result.history.effective[-1] == len(log)
        assert all(s < seq or s == len(log) for s in applied.result.history.effective)
        CACHE.clear()
        again = state_for(game, opened.access["seat1"])
        assert again["refused"] is None and again["version"] == len(log)
        lines = log_for(game, opened.access["seat1"])
        assert "set aside" in lines[len(document["log"])]["text"]


@pytest.mark.django_db
def test_the_api_opens_a_refused_game_with_the_entry_named() -> None:
    document = read(FOLDER / LONG)
    opened = open_game(document)
    kind, seq = _refusable(opened, document, 5)
    GameState.objects.filter(game=opened.game).delete()
    with tightened(document["system"], kind, "Newer rules refuse this."):
        CACHE.clear()
        response = send(
            client_for(opened.users["spectator"]), "get", f"/api/games/{opened.game.pk}/"
        )
    assert response.status_code == 200
    assert response.json()["refused"]["seq"] == seq


def test_a_stored_state_of_another_state_version_is_not_read(monkeypatch: Any) -> None:
    system = tracker("athazar")
    state = system.initial_state(system.setup_from_json(system.example_setup()))
    blob = snapshots.encode(system, state)
    assert snapshots.decode(system, blob) == state
    monkeypatch.setattr(type(system), "state_version", system.state_version + 1)
    assert snapshots.decode(system, blob) is None
    assert snapshots.decode(system, b"x" * 40) is None
    assert snapshots.decode(tracker("azuki"), blob) is None


def test_a_stored_state_missing_a_field_the_state_has_now_is_not_read() -> None:
    from dataclasses import dataclass

    @dataclass
    class Old:
        a: int

    value = Old(1)
    del value.a
    assert snapshots._whole(value) is False
    assert snapshots._whole((Old(2),)) is True


_ = User


@pytest.mark.django_db
def test_a_reader_whose_stored_state_cannot_be_written_still_reads(monkeypatch: Any) -> None:
    """Storing the state a read replayed is a cache write: when it fails (another reader
    stored it first), the read goes on."""
    from django.db import IntegrityError

    document = read(FOLDER / LONG)
    opened = open_game(document)
    GameState.objects.filter(game=opened.game).delete()

    def clash(*args: Any, **kwargs: Any) -> None:
        raise IntegrityError("duplicate key value violates unique constraint")

    monkeypatch.setattr(snapshots, "store", clash)
    CACHE.clear()
    body = state_for(opened.game, opened.access["seat1"])
    assert body["version"] == len(document["log"])
