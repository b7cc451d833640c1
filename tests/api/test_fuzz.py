"""Whatever JSON is sent to a checking endpoint, the answer is documented: a 200 that matches
its result schema or the API's one 400 shape, never an exception.

One module for every endpoint that takes a body and answers from the rules engines. The
fuzzing calls each endpoint's response function with the decoded body, as its view does,
because the HTTP client adds nothing here but time: parsing raw bytes, the content types and
the status codes are tested over HTTP in each endpoint's own module.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import APIException
from rest_framework.renderers import JSONRenderer

from games.api.errors import exception_handler
from games.api.parsers import load_json
from games.systems.azeroth import api as army_api
from games.systems.azeroth import api_examples
from games.systems.azeroth.odds.responses import (
    attack_odds_response,
    blast_odds_response,
    morale_odds_response,
    spell_odds_response,
)
from games.systems.azrah import api as roster_api
from games.systems.azuki import api as deck_api
from tests.api.helpers import assert_bad_request, assert_matches_schema, json_values, mutated
from tests.api.test_attack_odds import FULL as ATTACK
from tests.api.test_morale_odds import FULL as MORALE
from tests.api.test_spell_odds import FULL as SPELL
from tests.profiles import examples

Body = dict[str, Any]


@dataclass(frozen=True)
class Endpoint:
    url: str
    respond: Callable[[Any], Body]
    result: str  # the schema component of its 200 answer
    seeds: tuple[Body, ...]  # documented, valid requests to mangle
    catalog: bool = False  # answers from the starter catalogs

    def __str__(self) -> str:
        return self.url


ENDPOINTS = [
    Endpoint(
        "/api/azeroth/attack-odds/",
        attack_odds_response,
        "AttackOddsResult",
        (ATTACK, api_examples.ATTACK_INTO_MELEE_REQUEST, api_examples.ATTACK_PLAN_REQUEST),
    ),
    Endpoint(
        "/api/azeroth/morale-odds/",
        morale_odds_response,
        "MoraleOddsResult",
        (MORALE | {"trigger": {"starting_wounds": 4, "wounds_lost_this_turn": 1}},),
    ),
    Endpoint("/api/azeroth/spell-odds/", spell_odds_response, "SpellOddsResult", (SPELL,)),
    Endpoint(
        "/api/azeroth/blast-odds/",
        blast_odds_response,
        "BlastOddsResult",
        (api_examples.BLAST_REQUEST,),
    ),
    Endpoint(
        "/api/azeroth/army-lists/validate/",
        army_api.army_validate_response,
        "ArmyValidateResult",
        (
            army_api.ARMY_REQUEST,
            army_api.ARMY_TEXT_REQUEST,
            {
                "battle_size": "skirmish",
                "faction": "horde",
                "units": [{"unit": "orc-grunt", "count": 4}, {"unit": "wolf-rider", "count": 1}],
                "composition": {"hero": {"min": 1, "max": 1}},
            },
        ),
        catalog=True,
    ),
    Endpoint(
        "/api/azuki/decks/validate/",
        deck_api.deck_validate_response,
        "DeckValidateResult",
        (deck_api.DECK_REQUEST,),
        catalog=True,
    ),
    Endpoint(
        "/api/azrah/rosters/validate/",
        roster_api.roster_validate_response,
        "RosterValidateResult",
        (roster_api.ROSTER_REQUEST,),
        catalog=True,
    ),
]

FUZZ = settings(
    max_examples=examples(120), suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(params=ENDPOINTS, ids=str)
def endpoint(request: pytest.FixtureRequest, db: None) -> Endpoint:
    chosen: Endpoint = request.param
    if chosen.catalog:
        call_command("load_starter_data", verbosity=0)
    return chosen


def answer(endpoint: Endpoint, body: Any) -> tuple[int, Any]:
    """What the endpoint's view answers: the response function's body with 200, or the
    API's error handler's answer to what it raised, rendered as the view's would be."""
    try:
        # The view's parser has read the body first, and refuses what it cannot store.
        clean = load_json(json.dumps(body).encode())
        status, data = 200, endpoint.respond(clean)
    except APIException as error:
        response = exception_handler(error, {})
        assert response is not None
        status, data = response.status_code, response.data
    return status, json.loads(JSONRenderer().render(data))


def assert_documented(endpoint: Endpoint, body: Any) -> None:
    status, data = answer(endpoint, body)
    if status == 200:
        assert_matches_schema(data, endpoint.result)
    else:
        assert status == 400, data
        assert_matches_schema(data, "BadRequest")
        assert data["errors"], data


@FUZZ
@given(data=st.data())
def test_it_never_fails_on_a_mangled_request(endpoint: Endpoint, data: st.DataObject) -> None:
    seed = data.draw(st.sampled_from(endpoint.seeds), label="seed")
    assert_documented(endpoint, data.draw(mutated(seed), label="body"))


def arbitrary(endpoint: Endpoint) -> st.SearchStrategy[Any]:
    """Any JSON at all, and objects of any values under the endpoint's own field names."""
    names = sorted({name for seed in endpoint.seeds for name in seed})
    return (
        json_values
        | st.dictionaries(st.text(max_size=12), json_values, max_size=6)
        | st.dictionaries(st.sampled_from(names), json_values)
    )


@FUZZ
@given(data=st.data())
def test_it_never_fails_on_arbitrary_json(endpoint: Endpoint, data: st.DataObject) -> None:
    assert_documented(endpoint, data.draw(arbitrary(endpoint), label="body"))


@pytest.mark.parametrize("body", [{"\ud800": 1}, "\udfff", {"text": "\ud800"}, ["\udc00"]])
def test_it_never_fails_on_lone_surrogates(endpoint: Endpoint, body: Any) -> None:
    assert_documented(endpoint, body)


def test_the_seeds_are_answered_200_so_the_mangling_starts_from_a_valid_request(
    endpoint: Endpoint,
) -> None:
    for seed in endpoint.seeds:
        status, data = answer(endpoint, seed)
        assert status == 200, data
        assert_matches_schema(data, endpoint.result)


def test_a_lone_surrogate_sent_over_http_is_a_400_naming_its_field(
    endpoint: Endpoint, client: Client
) -> None:
    raw = '{"rulings": {"\\ud800x": 1}, "name": "Thorn \\udfff"}'
    response = client.post(endpoint.url, raw, content_type="application/json")

    assert_bad_request(response.status_code, response.json(), "rulings.\\ud800x", "name")
    assert response.json()["errors"]["name"] == [
        "must not contain a lone surrogate (\\udfff): it is not a character"
    ]
