"""The data bench/tracker.py plays on, made through the app's own services as a host and
their players would make it: one AZRAH game for the one-game run, and the tables of Azeroth
at War games for the tables runs, each tablet with the session cookie its browser would hold
after signing in and, where it needs one, its API token.

bench/tracker.py runs it in a process of its own, on the throwaway database it serves::

    manage.py shell -c "from bench.prepare import main; main()" < request.json

where the request is ``{"tables": [2, 3, 4, ...], "seats": [...], "opening": [...]}`` (see
``prepare``); the answer is one line of JSON on stdout. tests/test_bench_prepare.py runs
``prepare`` itself in the test database, so a change of the app that breaks the benchmark's
data fails a test rather than the benchmark.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.db import transaction

from games import registry
from games.models import Game
from games.tokens import make_token
from games.tracker.apply import game_apply
from games.tracker.current import to_action
from games.tracker.lifecycle import create_game, join, watch
from referee.rules.tracker import Action

ONE_GAME_SYSTEM = "azrah"
TABLES_SYSTEM = "azeroth"


def session_for(user: User) -> str:
    """The key of a session as signing in leaves it, for the browser's ``sessionid``."""
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    key: str = store.session_key
    return key


def one_game() -> dict[str, Any]:
    """The one-game run's AZRAH game, from the engine's own example setup (every Guardian
    with its card, as a new game needs), hosted by an account whose token posts for the
    first player; ``guardians`` are that player's front row, which the run's actions name."""
    setup = registry.tracker(ONE_GAME_SYSTEM).example_setup()
    host = User.objects.create_user("bench-host")
    game = create_game(host=host, system=ONE_GAME_SYSTEM, name="Bench", setup=setup)
    first = setup["players"]
    assert isinstance(first, list) and isinstance(first[0], dict)
    front = first[0]["front"]
    assert isinstance(front, list)
    return {
        "game": str(game.pk),
        "version": game.version,
        "token": make_token(host).key,
        "guardians": [str(name) for name in front],
    }


def play_opening(table: Game, host: User, opening: Sequence[Mapping[str, Any]]) -> list[Action]:
    """Play ``opening`` on ``table`` through the service, as the host; its log, to replay
    on the other tables."""
    for version, step in enumerate(opening):
        game_apply(
            game=table,
            user=host,
            type=step["type"],
            payload=step["payload"],
            expected_version=version,
            seat=step["seat"],
        )
        table.refresh_from_db()
    return [to_action(row) for row in table.actions.order_by("seq")]


def prepare(
    *,
    tables: Sequence[int],
    seats: Sequence[Mapping[str, Any]],
    opening: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The one-game run's game, and one Azeroth at War game per entry of ``tables`` (how
    many tablets sit at it), all in one transaction.

    ``seats`` says what each tablet of a table is, in the order tables fill: ``role``
    (player, host or spectator), ``seat`` (a player's), ``model`` (the model it damages and
    heals, or None when it only watches) and ``door`` (``page``: it polls the table page
    with its session; ``api``: the REST API with its token). ``opening`` is played on the
    first table through the service and replayed on the others, so every table starts at
    the same version. Each table's answer holds its game's id and version, a token of its
    host (to read the log) and its tablets: each with its session key, and its API token
    when it acts or polls through the API (else None)."""
    if any(not 2 <= size <= len(seats) for size in tables):
        raise ValueError(f"a table has 2 to {len(seats)} tablets")
    with transaction.atomic():
        prepared: dict[str, Any] = {**one_game(), "tables": []}
        setup = registry.tracker(TABLES_SYSTEM).example_setup()
        log: list[Action] | None = None
        for number, size in enumerate(tables):
            users = [User.objects.create_user(f"t{number}-{n}") for n in range(size)]
            host = next(
                (user for user, seat in zip(users, seats, strict=False) if seat["role"] == "host"),
                None,
            ) or User.objects.create_user(f"t{number}-host")
            table = create_game(
                host=host, system=TABLES_SYSTEM, name=f"Table {number}", setup=setup, log=log
            )
            if log is None:
                log = play_opening(table, host, opening)
                table.refresh_from_db()
            tablets = []
            for user, seat in zip(users, seats[:size], strict=True):
                if seat["role"] == "player":
                    join(table, user, table.join_token, seat["seat"])
                elif seat["role"] == "spectator":
                    watch(table, user, table.watch_token)
                needs_token = seat["model"] is not None or seat["door"] == "api"
                tablets.append(
                    {
                        **seat,
                        "session": session_for(user),
                        "token": make_token(user).key if needs_token else None,
                    }
                )
            prepared["tables"].append(
                {
                    "game": str(table.pk),
                    "version": table.version,
                    "host_token": make_token(host).key,
                    "tablets": tablets,
                }
            )
    return prepared


def main() -> None:
    """``prepare`` with the request read from stdin as JSON; the answer printed as one line
    of JSON."""
    request = json.load(sys.stdin)
    answer = prepare(tables=request["tables"], seats=request["seats"], opening=request["opening"])
    print(json.dumps(answer))
