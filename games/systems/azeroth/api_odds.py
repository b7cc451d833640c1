"""Azeroth at War's odds endpoints: one view per operation, each a thin wrapper around a
function of ``odds.responses`` that validates, calls the engine and renders the answer.

The odds endpoints are stateless calculations open to any tool (list builders, bots), so they
take no authentication and need no CSRF token.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import examples
from games.api.parsers import BoundedJSONParser
from games.api.serializers import error_responses
from referee.rules.azeroth import ABOUT

from . import api_examples
from .odds.responses import (
    attack_odds_response,
    blast_odds_response,
    morale_odds_response,
    spell_odds_response,
)
from .odds.serializers import (
    AttackOddsResultSerializer,
    AttackOddsSerializer,
    BlastOddsResultSerializer,
    BlastOddsSerializer,
    MoraleOddsResultSerializer,
    MoraleOddsSerializer,
    SpellOddsResultSerializer,
    SpellOddsSerializer,
)

AZEROTH = ABOUT.name  # the operations' tag


class OddsView(APIView):
    """Shared set-up of the odds endpoints: open, JSON in, size-capped."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = (BoundedJSONParser,)


class AttackOddsView(OddsView):
    @extend_schema(
        operation_id="azeroth_attack_odds",
        tags=[AZEROTH],
        summary="Odds of one attack",
        description=(
            "The exact damage distribution of one melee or ranged attack (rulebook 4.4-4.6, "
            "5.2 and 7; rulings A1-A9), with every modifier explained. Cleave's second model "
            "and the friendly struck when shooting into melee are answered when they apply; "
            "give 'goal' to also get the fewest dice and the best toggle that reach that "
            "P(kill). Probabilities are exact, never sampled."
        ),
        request=AttackOddsSerializer,
        responses={200: AttackOddsResultSerializer, **error_responses()},
        examples=[
            examples.request_example(
                "Charge", api_examples.ATTACK_REQUEST, "A Heavy Weapon charge into a shield wall"
            ),
            examples.request_example(
                "Plan", api_examples.ATTACK_PLAN_REQUEST, "The same charge, asking for 75% P(kill)"
            ),
            examples.EngineAnswer(
                "Plan answer",
                api_examples.ATTACK_PLAN_REQUEST,
                attack_odds_response,
                "The answer to the charge that asks for 75% P(kill)",
            ),
            examples.request_example(
                "Cleave", api_examples.ATTACK_CLEAVE_REQUEST, "Cleave with a second target"
            ),
            examples.request_example(
                "Into melee",
                api_examples.ATTACK_INTO_MELEE_REQUEST,
                "A Precision Shot into a melee with a friendly",
            ),
            examples.bad_request_example(
                api_examples.ATTACK_BAD_RESPONSE, "Too many dice, an unknown and a missing field"
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(attack_odds_response(request.data))


class MoraleOddsView(OddsView):
    @extend_schema(
        operation_id="azeroth_morale_odds",
        tags=[AZEROTH],
        summary="Odds of a Morale test",
        description=(
            "P(pass), P(waver) and P(rout) of one Morale test (10.2, 10.3; A10, A11), with a "
            "Command Aura reroll when it applies. Give 'trigger' to also learn whether the "
            "model must test this turn (10.1)."
        ),
        request=MoraleOddsSerializer,
        responses={200: MoraleOddsResultSerializer, **error_responses()},
        examples=[
            examples.request_example(
                "Elite under Fear", api_examples.MORALE_REQUEST, "An Elite near Fear in an aura"
            ),
            examples.request_example(
                "Must it test?", api_examples.MORALE_TRIGGER_REQUEST, "Half its wounds lost"
            ),
            examples.EngineAnswer(
                "Elite under Fear answer",
                api_examples.MORALE_REQUEST,
                morale_odds_response,
                "The answer for the Elite near Fear",
            ),
            examples.bad_request_example(
                api_examples.MORALE_BAD_RESPONSE, "An unknown tier and a string for a boolean"
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(morale_odds_response(request.data))


class SpellOddsView(OddsView):
    @extend_schema(
        operation_id="azeroth_spell_odds",
        tags=[AZEROTH],
        summary="Odds that an ability goes off",
        description=(
            "P(an ability takes effect) through Spell Block (8.6), then Dispel or Counterspell "
            "(8.5), with the Mana the caster pays and the distribution of Mana the defender "
            "spends (R8-R10)."
        ),
        request=SpellOddsSerializer,
        responses={200: SpellOddsResultSerializer, **error_responses()},
        examples=[
            examples.request_example(
                "Buff against a Hero",
                api_examples.SPELL_REQUEST,
                "A Buff facing Spell Block and Dispel",
            ),
            examples.EngineAnswer(
                "Buff answer", api_examples.SPELL_REQUEST, spell_odds_response, "The Buff's odds"
            ),
            examples.bad_request_example(api_examples.SPELL_BAD_RESPONSE, "Mana cost out of range"),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(spell_odds_response(request.data))


class BlastOddsView(OddsView):
    @extend_schema(
        operation_id="azeroth_blast_odds",
        tags=[AZEROTH],
        summary="Odds of a Blast",
        description=(
            "For each unit near the aim point: P(under the template) after scatter, then its "
            "wound, save and kill odds (8.4; R11-R13)."
        ),
        request=BlastOddsSerializer,
        responses={200: BlastOddsResultSerializer, **error_responses()},
        examples=[
            examples.request_example(
                "Large blast", api_examples.BLAST_REQUEST, "A large template among three units"
            ),
            examples.EngineAnswer(
                "Large blast answer",
                api_examples.BLAST_REQUEST,
                blast_odds_response,
                "The odds of each of the three units",
            ),
            examples.bad_request_example(
                api_examples.BLAST_BAD_RESPONSE, "A negative distance on the second target"
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(blast_odds_response(request.data))
