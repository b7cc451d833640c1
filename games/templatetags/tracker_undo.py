"""Template tags of the table page's history and its requests to undo: what the viewer may
do about an entry, as ``games.tracker.access`` decides it. Presentation only."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game
from games.templatetags import history_line
from games.tracker import access as rights
from games.tracker.access import Access
from games.tracker.current import current_game

register = template.Library()
register.simple_tag(history_line.history_line, takes_context=True, name="history_line")


@register.simple_tag
def undo_control(game: Game, access: Access, seq: Any) -> str:
    """``{% undo_control game access entry.seq as control %}``: ``"undo"`` (the viewer
    undoes it, or answers a request about it), ``"ask"`` (another seat's: ask its player),
    ``"asked"`` (a request about it is waiting) or ``""``."""
    if not isinstance(seq, int):
        return ""
    return rights.undo_control(access, current_game(game), seq, game)


@register.filter
def seat_name(seats: list[dict[str, Any]], index: Any) -> str:
    """``{{ body.seats|seat_name:request.to }}``: the seat's name; the host for no seat."""
    for seat in seats:
        if seat.get("index") == index:
            return str(seat.get("name"))
    return "the host"
