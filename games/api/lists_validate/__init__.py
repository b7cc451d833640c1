"""List validation over the API: what every list game's validation endpoint shares
(``common``), and the Azuki decks and AZRAH rosters, one module each (a game moved to its own
package, ``games/systems/<slug>/``, has its endpoint there).

Each ``*_response`` function takes a decoded JSON body and returns the answer body; the views
are thin wrappers around them, and the pages and batch jobs can call them too. The request
serializers check the *shape* (JSON types, ranges, unknown fields); the rules engines in
``referee.rules`` find every rules problem and return it in a Report, rendered here unchanged.
A list that breaks the rules is a 200 with ``valid: false``; a body that is not a list, a
catalog that does not exist or a shape the engine cannot read is a 400 naming each field.
"""

from .common import MAX_TEXT, ListProblemSerializer, problem_body, report_body
from .deck import (
    DECK_BAD_REQUEST,
    DECK_BAD_RESPONSE,
    DECK_REQUEST,
    DECK_TEXT_REQUEST,
    DeckValidateView,
    deck_validate_response,
)
from .roster import (
    ROSTER_BAD_REQUEST,
    ROSTER_BAD_RESPONSE,
    ROSTER_REQUEST,
    ROSTER_TEXT_REQUEST,
    RosterValidateView,
    roster_validate_response,
)

__all__ = [
    "DECK_BAD_REQUEST",
    "DECK_BAD_RESPONSE",
    "DECK_REQUEST",
    "DECK_TEXT_REQUEST",
    "MAX_TEXT",
    "ROSTER_BAD_REQUEST",
    "ROSTER_BAD_RESPONSE",
    "ROSTER_REQUEST",
    "ROSTER_TEXT_REQUEST",
    "DeckValidateView",
    "ListProblemSerializer",
    "RosterValidateView",
    "deck_validate_response",
    "problem_body",
    "report_body",
    "roster_validate_response",
]
