"""List validation over the API: what every list game's validation endpoint shares
(``common``); each game has its endpoint in its own package (``games/systems/<slug>/``).

Each ``*_response`` function takes a decoded JSON body and returns the answer body; the views
are thin wrappers around them, and the pages and batch jobs can call them too. The request
serializers check the *shape* (JSON types, ranges, unknown fields); the rules engines in
``referee.rules`` find every rules problem and return it in a Report, rendered here unchanged.
A list that breaks the rules is a 200 with ``valid: false``; a body that is not a list, a
catalog that does not exist or a shape the engine cannot read is a 400 naming each field.
"""

from .common import MAX_TEXT, ListProblemSerializer, problem_body, report_body

__all__ = [
    "MAX_TEXT",
    "ListProblemSerializer",
    "problem_body",
    "report_body",
]
