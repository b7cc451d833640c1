"""Template tags of the tracker's boards: the controls at a piece of the board, from the
engine's legal actions (``games.views.tracker_controls``). Presentation only."""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from games.views import tracker_controls
from games.views.tracker_controls import Control, Controls

register = template.Library()


@register.simple_tag
def controls_at(controls: Controls | None, *parts: object) -> list[Control]:
    """``{% controls_at controls "guardian" side.seat g.name as here %}``: the controls at
    that piece (none when the viewer may do nothing there)."""
    return controls.at(*parts) if controls else []


@register.filter
def of_type(controls: Sequence[Control], types: str) -> list[Control]:
    """The controls of these types (space-separated)."""
    return tracker_controls.of_type(controls, types)


@register.filter
def except_types(controls: Sequence[Control], types: str) -> list[Control]:
    """The controls of any other type."""
    return tracker_controls.except_types(controls, types)
