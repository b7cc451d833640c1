"""How the tracked games' endpoints show in the OpenAPI schema: their tag, the game's id and
the watch token as parameters, and the error answers they share."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse

from ..serializers import BadRequestSerializer, DetailSerializer
from .answers import StaleSerializer

GAMES = "Game tracker"


def game_responses(*codes: int) -> dict[int, OpenApiResponse]:
    known = {
        400: OpenApiResponse(
            BadRequestSerializer,
            description="Bad input or an action the rules do not allow now; 'errors' names "
            "the field (payload.guardian, type, seat).",
        ),
        401: OpenApiResponse(DetailSerializer, description="Not signed in."),
        403: OpenApiResponse(
            DetailSerializer,
            description="Not allowed: an outsider, a spectator acting, or not the host.",
        ),
        404: OpenApiResponse(DetailSerializer, description="No such game."),
        409: OpenApiResponse(
            StaleSerializer, description="Stale version: nothing applied; the current state."
        ),
    }
    return {code: known[code] for code in codes}


EXAMPLE_GAME_ID = "0f5b6a52-9a3e-4c8e-b7d1-3a0c2e6f4d21"
GAME_ID = OpenApiParameter(
    "id",
    OpenApiTypes.UUID,
    OpenApiParameter.PATH,
    description="The game's id (GET /api/games/ lists yours).",
    examples=[OpenApiExample("A game", value=EXAMPLE_GAME_ID)],
)

WATCH_PARAMETER = OpenApiParameter(
    "watch",
    str,
    description="A watch-link token, for a spectator without an account.",
    required=False,
)
