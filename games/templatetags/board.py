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


TUCKED = {"use_ability"}  # an ability: its cost is folded behind its button


@register.filter
def tucks(kind: str) -> bool:
    """Whether a control of this type folds its fields behind its button on a card (an
    ability's Mana and Gems, 0 unless opened), so the card stays short on a phone."""
    return kind in TUCKED
