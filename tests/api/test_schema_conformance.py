"""The API does what its OpenAPI schema (/api/schema/) says, checked by Schemathesis.

Schemathesis reads the schema the app serves and, for every operation, sends requests built
from it, valid ones and invalid ones, straight to the WSGI app. Every built-in check judges
every answer: no 500; only documented status codes, content types and headers; bodies that
match their documented schema; requests the schema forbids refused; requests it allows not
refused; authentication that is declared enforced. Each operation runs anonymously and again
with an API token, whose account hosts the game and owns the shared list the schema's
examples name (anonymously, someone else does); the examples' catalogs and batch job are
there too, so those operations answer with real bodies. Everything is written to the test
database and rolled back after each operation; the run is derandomized, with a fixed number
of examples, so ``make test`` gives the same verdict every time; ``make fuzz`` explores with
random seeds.

One check is left out where it cannot apply, each named below with why: a body the schema
allows may still break a rule of the game or name something that does not exist (a friendly
model in a melee attack, a catalog never loaded, a wrong password), which JSON Schema cannot
say; there the API answers the documented 400 naming the field.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, settings
from schemathesis.config import OperationConfig, OperationsConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance

from games.api.batches import EXAMPLE_JOB_ID
from games.api.saved import EXAMPLE_LIST_ID, EXAMPLE_SHARE_TOKEN
from games.api.tracker.openapi import EXAMPLE_GAME_ID
from games.batches.service import run_batch, start_batch
from games.lists.service import save_list
from games.models import BatchJob, Catalog, Game, SavedList
from games.registry import trackers
from games.tracker.current import CACHE
from games.tracker.lifecycle import create_game
from tests import profiles
from tests.api.helpers import post_json
from tests.batches.samples import VALID_DECK, load_catalogs
from tests.lists.support import payload

EXAMPLES = 8
"""Examples per operation and generation mode, beside the schema's own examples and the
boundary cases Schemathesis derives from it: enough to meet each field's edges, few enough
that both runs of every operation take a couple of minutes on two cores."""

PLAIN = {"Accept-Encoding": "identity"}
"""The WSGI client hands Schemathesis the bytes as sent, and leaves a gzipped body (which the
site sends to any client that takes one) for it to read as text; an HTTP client unzips it."""

RULES_JUDGED: dict[str, str] = {
    "POST /api/auth/token/": "a well-formed name and password may be no account's",
    "POST /api/azeroth/attack-odds/": "the rules join fields (a friendly model only at range)",
    "POST /api/azeroth/morale-odds/": "the rules join fields (a trigger's own conditions)",
    "POST /api/azeroth/spell-odds/": "the rules join fields (a response the ability allows)",
    "POST /api/azeroth/blast-odds/": "a weapon tag may appear once in a profile",
    "POST /api/azeroth/army-lists/validate/": "a catalog named must be loaded; a text's header",
    "POST /api/azuki/decks/validate/": "a catalog named must be loaded; an inline card's fields",
    "POST /api/azrah/rosters/validate/": "a catalog named must be loaded",
    "POST /api/batches/": "the options a system has; a catalog named must be loaded",
    "GET /api/catalogs/{system}/{slug}/{version}/entries/": "a filter is one the game has",
    "POST /api/catalogs/import/": "a catalog file's entries are checked against each other",
    "POST /api/games/": "a setup or saved lists are judged by the game's rules",
    "POST /api/games/import/": "an export is replayed by the game's rules",
    "POST /api/games/join/": "a player link and a saved list must exist",
    "POST /api/lists/": "a list's catalog must be loaded",
    "PUT /api/lists/{id}/": "a list's catalog must be loaded",
    "PATCH /api/lists/{id}/": "a list's catalog must be loaded",
    "POST /api/games/{id}/actions/": "an action is judged by the game's rules",
    "POST /api/games/{id}/preview/": "an action is judged by the game's rules",
    "POST /api/games/{id}/undo/": "an action must be there to undo",
    "POST /api/games/{id}/redo/": "an action must be there to redo",
}
"""Operations whose well-formed requests the server may still refuse by a rule the schema
cannot state: ``positive_data_acceptance`` is left out for them, every other check kept."""

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
schema.config.generation.update(
    max_examples=profiles.examples(EXAMPLES),
    deterministic=not profiles.FUZZING,
    database="none",
)
# A body the schema forbids may also be too large to read at all (a text far past its
# maxLength, each character escaped): its documented 413 refuses it as surely as a 400.
rejection = schema.config.checks.negative_data_rejection
rejection.expected_statuses = [*rejection.expected_statuses, "413"]
# The coverage phase tries every body of a union against its edges: for a game's actions and
# previews, a few thousand bodies a run, each a minute's work the other operations are spared.
# Those two keep the examples phase (its id names the example game) and the fuzzing phase,
# bounded like every other operation's.
schema.config.operations = OperationsConfig(
    operations=[
        OperationConfig.from_dict(
            {
                "include-path-regex": r"^/api/games/\{id\}/(actions|preview)/$",
                "phases": {"coverage": {"enabled": False}},
            }
        )
    ]
)


def api_token(client: Client, username: str = "schema-user") -> str:
    """A token for a new account, asked for as a tool asks (POST /api/auth/token/)."""
    password = "a long enough password"
    User.objects.create_user(username, password=password)
    response = post_json(client, "/api/auth/token/", {"username": username, "password": password})
    assert response.status_code == 200, response.content
    token: str = response.json()["token"]
    return token


def example_game(host: User) -> Game:
    """The game the schema's examples name (an AZRAH game at its example setup, ``host`` at
    no seat: the table's device), so its operations answer with a real game too."""
    CACHE.clear()  # a game of the same id in an earlier, rolled back, test
    return create_game(
        host=host,
        system="azrah",
        name="Example",
        setup=trackers()["azrah"].example_setup(),
        pk=uuid.UUID(EXAMPLE_GAME_ID),
        join_token="example-player-link",  # create_game keeps the id of a game with one
    )


def example_batch() -> None:
    """The batch job the schema's examples name, checked: two decks, one of them legal."""
    if not Catalog.objects.exists():
        load_catalogs()
    lists = [
        {"name": "legal", "format": "text", "data": VALID_DECK},
        {"name": "short", "format": "text", "data": "1 AZK-001"},
    ]
    job = start_batch(system="azuki", lists=lists)
    BatchJob.objects.filter(pk=job.pk).update(id=uuid.UUID(EXAMPLE_JOB_ID))
    run_batch(EXAMPLE_JOB_ID)


def example_list(owner: User) -> None:
    """The saved list the schema's examples name (a legal deck), shared by the example link."""
    if not Catalog.objects.exists():
        load_catalogs()
    saved = save_list(owner=owner, system="azuki", name="Example", payload=payload("azuki"))
    SavedList.objects.filter(pk=saved.pk).update(
        id=uuid.UUID(EXAMPLE_LIST_ID), share_token=EXAMPLE_SHARE_TOKEN
    )


def examples_of(owner: User) -> None:
    example_game(owner)
    example_list(owner)


@pytest.fixture(autouse=True)
def one_connection() -> Iterator[None]:
    """The run calls the WSGI application itself, not through Django's test client, so it
    does what that client does: the end of a request does not close the database connection
    (on PostgreSQL that would close the test's own transaction under it). ``check`` lets go
    of the connection's closing before each call, since the test client, used by fixtures,
    hooks it up again after each of its requests; this puts it back at the end."""
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def someone_s_game(db: None) -> Game:
    """The examples' game and list, someone else's."""
    examples_of(User.objects.create_user("schema-host"))
    return Game.objects.get(pk=EXAMPLE_GAME_ID)


@pytest.fixture
def token(db: None, client: Client) -> str:
    """A token of the owner of the examples' game and list."""
    key = api_token(client)
    examples_of(User.objects.get(username="schema-user"))
    return key


def check(case: Any, headers: dict[str, str]) -> None:
    if case.operation.path.startswith("/api/catalogs/") and not Catalog.objects.exists():
        # the schema's examples name the starter catalogs: their details, searches and
        # exports are then real answers, checked against their documented shapes
        load_catalogs()
    if "{job_id}" in case.operation.path and not BatchJob.objects.filter(pk=EXAMPLE_JOB_ID):
        example_batch()
    excluded = [positive_data_acceptance] if case.operation.label in RULES_JUDGED else []
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    case.call_and_validate(headers=headers, excluded_checks=excluded)


@pytest.mark.django_db
@schema.parametrize()
# One game for all of an operation's examples, as it would be for one client.
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_anonymous_requests_get_what_the_schema_says(case: Any, someone_s_game: Game) -> None:
    check(case, PLAIN)


@pytest.mark.django_db
@schema.parametrize()
# One account and token for all of an operation's examples, as one client would use them.
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_requests_with_a_token_get_what_the_schema_says(case: Any, token: str) -> None:
    check(case, {**PLAIN, "Authorization": f"Token {token}"})


def test_every_operation_left_out_of_a_check_exists() -> None:
    labels = {
        f"{method.upper()} {path}"
        for path, operations in schema.raw_schema["paths"].items()
        for method in operations
    }
    assert set(RULES_JUDGED) <= labels
