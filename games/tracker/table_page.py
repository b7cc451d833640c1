"""What the table page (``/games/<id>/``) shows, built in one place: the live part every
viewer polls (the board with its controls, the history, the summary, the hold-to-reveal
buttons) and, around it on the whole page, the forms of every action type.

It is built from the game row (its seats loaded) and the game as it stands (``current``).
After an action that is what ``apply.game_apply`` answered, so nothing is read again; a page
opened or polled reads it once (``current.current_game``). Nothing here reads the request or
decides a rule: every number is the system's view and every control a legal action the
engine listed.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import QueryDict

from ..models.tracker import Game
from . import pages
from .access import Access
from .controls import Controls
from .current import CoreGame
from .http import POLL_TICKET_HEADER, etag
from .selectors import log_counts, log_for, seats_with_secrets, state_for

POLL_SECONDS = 1
"""How often, in seconds, the table page asks for its live part."""
HISTORY_SHOWN = 20
"""How many of the newest history entries the table page shows; the rest are a link away."""


def live_part(
    game: Game,
    current: CoreGame,
    access: Access,
    *,
    poll_ticket: str,
    error: dict[str, str] | None = None,
    notice: str = "",
    posted: QueryDict | None = None,
) -> dict[str, Any]:
    """Everything the live part shows ``access`` of the game as it stands. ``poll_ticket``
    goes with each poll (``http.poll_ticket``); ``error`` is a refusal, shown beside the
    control that sent it, and ``notice`` what was recorded while the viewer was choosing;
    with either, the form the viewer ``posted`` shows again what they had chosen."""
    body = state_for(game, access, current)
    view = body["state"]
    system = current.system
    entries = log_for(game, access, latest=HISTORY_SHOWN, current=current)
    unrecorded = posted if error or notice else None
    counts = log_counts(game, access, current)
    tag = etag(game, access)
    context: dict[str, Any] = {
        "game": game,
        "body": body,
        "view": view,
        "access": access,
        "system": system,
        "board_template": pages.board_template(game.system),
        "board_stylesheet": pages.board_stylesheet(game.system),
        "history": pages.history(entries, body["next_redo"], error),
        "history_live": True,
        "history_more": counts.entries - len(entries),
        "history_total": counts.entries,
        "undone": counts.undone,
        "recorded": counts.recorded,
        "error": error,
        # a form that was not recorded (refused, or the game moved on): its control and
        # panel show again what the player had chosen
        "posted": unrecorded,
        "notice": notice,
        "poll_headers": json.dumps({"If-None-Match": tag, POLL_TICKET_HEADER: poll_ticket}),
        "live_etag": tag,
        "poll_seconds": POLL_SECONDS,
        # as the API: everyone at the table may export. The table's device and, once the
        # game is over, everyone get the whole game; before that, the rest what they see
        "can_export": access.can_see,
        # the table's shared device acts for every seat; a seated host plays their own
        "is_host": access.is_table,
        "reveal_seats": [body["seats"][s] for s in seats_with_secrets(game, access, current)],
        "winner_name": _winner_name(body),
        # a view with a summary of its own (winner, why, totals) has its board show the
        # result, and it is not repeated above the board
        "board_summary": isinstance(view.get("summary"), dict),
    }
    active = view.get("active_seat")
    controls = Controls(
        body["legal_actions"],
        system,
        prefer=active if isinstance(active, int) else None,
        seats=len(body["seats"]),
        posted=(
            {name: unrecorded.getlist(name) for name in unrecorded}
            if unrecorded is not None
            else None
        ),
    )
    # the viewer's own side first on their tablet
    order = [seat["index"] for seat in body["seats"]]
    if access.seat in order:
        order.remove(access.seat)
        order.insert(0, access.seat)
    context["seat_order"] = order
    context["controls"] = controls
    forms = {f"form:{action_type.name}" for action_type in system.action_types}
    keys = {entry.key for entry in context["history"]} | controls.keys | forms
    if context["board_template"] == pages.GENERIC_BOARD:
        context["tree"] = pages.readable(view)
    # a refusal whose control is not on the page is shown above the board
    context["error_top"] = error["message"] if error and error.get("key") not in keys else None
    # after a stale action: whether the control that sent it is still there, as it was set
    context["kept"] = unrecorded is not None and unrecorded.get("control", "") in (
        controls.keys | forms
    )
    return context


def whole_page(
    game: Game,
    current: CoreGame,
    access: Access,
    *,
    poll_ticket: str,
    error: dict[str, str] | None = None,
    notice: str = "",
    posted: QueryDict | None = None,
) -> dict[str, Any]:
    """The live part (``live_part``) and, around it, a form for each of the system's action
    types, with every name on the board offered as a suggestion."""
    context = live_part(
        game, current, access, poll_ticket=poll_ticket, error=error, notice=notice, posted=posted
    )
    context["action_types"] = [
        {
            "name": a.name,
            "label": a.name.replace("_", " ").capitalize(),
            "description": a.description,
            "fields": a.fields,
        }
        for a in current.system.action_types
    ]
    context["names"] = sorted(_names_in_view(context["view"]))
    return context


def _winner_name(body: dict[str, Any]) -> str | None:
    winner = body["state"].get("winner")
    if isinstance(winner, int) and 0 <= winner < len(body["seats"]):
        return str(body["seats"][winner]["name"])
    return None


def _names_in_view(value: Any) -> set[str]:
    """Every name in the view (the Guardians, the models), for the forms' suggestions."""
    found: set[str] = set()
    if isinstance(value, dict):
        name = value.get("name")
        if isinstance(name, str):
            found.add(name)
        for item in value.values():
            found |= _names_in_view(item)
    elif isinstance(value, list):
        for item in value:
            found |= _names_in_view(item)
    return found
