"""Twenty tablets posting to one game at once, on PostgreSQL.

Every request carries the version its sender last saw, as a tablet does. The game's row lock
(``select_for_update`` in ``apply.game_apply``) lets one writer in at a time; a writer that
saw an old version is refused with 409 and the current version, and tries again. In the end
every action was applied exactly once or refused, the log has no gap and no duplicate, and
the derived state is exactly what a fresh replay of the stored log gives.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client

from games.models import Game, GameAction
from games.registry import tracker
from games.tracker.current import CACHE, current_game, to_action
from games.tracker.lifecycle import create_game
from referee.rules.tracker import start as start_game
from tests.games.tracker.support import AZRAH_SETUP

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 20
ACTIONS_EACH = 5
GUARDIANS = ("Alchemist", "Dragoon", "Oracle")


def post(client: Client, game: Game, body: dict[str, Any]) -> Any:
    return client.post(
        f"/api/games/{game.pk}/actions/",
        json.dumps({"system": game.system, **body}),
        content_type="application/json",
    )


def test_twenty_threads_each_action_applied_exactly_once_or_refused() -> None:
    assert connection.vendor == "postgresql"
    host = User.objects.create_user("host")
    game = create_game(host=host, system="azrah", name="Crowded", setup=AZRAH_SETUP)
    applied: list[tuple[str, int]] = []  # the tag of every action answered 201
    refused = Counter[str]()
    lock = threading.Lock()
    start = threading.Barrier(THREADS)
    failures: list[str] = []

    def tablet(number: int) -> None:
        client = Client()
        client.force_login(host)
        version = 0
        try:
            start.wait()
            for k in range(ACTIONS_EACH):
                # The Guardian and the status's turns (1 to 99) identify the action in the log.
                tag = (GUARDIANS[number % 3], (number // 3) * ACTIONS_EACH + k + 1)
                body = {
                    "type": "apply_status",
                    "payload": {
                        "seat": 0,
                        "guardian": tag[0],
                        "status": "frozen",
                        "turns": tag[1],
                    },
                }
                while True:
                    response = post(client, game, {**body, "version": version})
                    if response.status_code == 201:
                        version = response.json()["game"]["version"]
                        with lock:
                            applied.append(tag)
                        break
                    if response.status_code == 409:
                        version = response.json()["game"]["version"]
                        with lock:
                            refused[str(number)] += 1
                        continue
                    failures.append(f"{number}: {response.status_code} {response.content!r}")
                    return
        finally:
            connection.close()

    threads = [threading.Thread(target=tablet, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures, failures
    assert len(applied) == THREADS * ACTIONS_EACH
    assert sum(refused.values()) > 0  # the writers really did collide

    game.refresh_from_db()
    rows = list(GameAction.objects.filter(game=game).order_by("seq"))
    assert game.version == len(rows) == THREADS * ACTIONS_EACH
    assert [row.seq for row in rows] == list(range(1, len(rows) + 1))  # no gap, no duplicate
    tags = [(row.payload["guardian"], row.payload["turns"]) for row in rows]
    assert sorted(tags) == sorted(applied)  # each applied exactly once; no refused one stored
    assert len(set(tags)) == len(tags)

    # the state the writers built up action by action (this process's cache) is exactly
    # what a fresh replay of the stored log gives
    system = tracker(game.system)
    fresh = start_game(system, system.setup_from_json(game.setup), [to_action(row) for row in rows])
    derived = current_game(game)
    assert CACHE.get(str(game.pk)) is derived
    assert derived.state == fresh.state
    assert derived.version == fresh.version
