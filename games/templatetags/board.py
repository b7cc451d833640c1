"""Template tags of the tracker's boards: the controls at a piece of the board, from the
engine's legal actions (``games.tracker.controls``). Presentation only."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games.templatetags import control_form
from games.tracker import controls as tracker_controls
from games.tracker.controls import Control, Controls
from games.tracker.forms import posted_rows

register = template.Library()

HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
register.simple_tag(control_form.control, takes_context=True, name="control")
register.simple_tag(control_form.tap, takes_context=True, name="tap")


@register.simple_tag(takes_context=True)
def seat_colours(context: template.Context, seats: Iterable[Any]) -> str:
    """A ``<style>`` giving each seat's class (``seat-colour-<index>``) its colour as
    ``--seat``. The Content-Security-Policy lets no style attribute through, so the players'
    colours come as one style element bearing the response's nonce. A colour is always
    ``#rrggbb`` (the tracker refuses anything else); one that is not is left out."""
    request = context.get("request")
    nonce = getattr(request, "csp_nonce", "")
    rules = []
    for seat in seats:
        index = seat["index"] if isinstance(seat, Mapping) else seat.index
        colour = seat["colour"] if isinstance(seat, Mapping) else seat.colour
        if isinstance(index, int) and isinstance(colour, str) and HEX_COLOUR.fullmatch(colour):
            rules.append(f".seat-colour-{index} {{ --seat: {colour}; }}")
    # Each rule is built from a whole number and a checked #rrggbb: nothing else gets in.
    css = mark_safe("\n".join(rules))
    return format_html('<style nonce="{}">{}</style>', str(nonce), css)


@register.simple_tag
def controls_at(controls: Controls | None, *parts: object) -> list[Control]:
    """``{% controls_at controls "guardian" side.seat g.name as here %}``: the controls at
    that piece (none when the viewer may do nothing there)."""
    return controls.at(*parts) if controls else []


@register.simple_tag(takes_context=True)
def gathering(
    context: template.Context, controls: Sequence[Control], field: str = "effects"
) -> tracker_controls.Gathering:
    """``{% gathering stack_controls as panel %}``: the panel that gathers the listed
    one-effect controls into one action, its rows showing again what a refused post held."""
    posted = context.get("posted")
    kept = posted_rows(posted, field) if posted is not None else []
    return tracker_controls.gathering(controls, kept, field)


@register.simple_tag(takes_context=True)
def posted_value(context: template.Context, control: str, name: str) -> str:
    """``{% posted_value "form:kill" "p.killer" as killer %}``: what the player had set in
    that field of that form when the page sent it and it was not recorded (refused, or the
    game moved on), so the form shows it again; else nothing."""
    posted = context.get("posted")
    if posted is None or posted.get("control") != control:
        return ""
    return str(posted.get(name, ""))


@register.filter
def of_type(controls: Sequence[Control], types: str) -> list[Control]:
    """The controls of these types (space-separated)."""
    return tracker_controls.of_type(controls, types)


@register.filter
def except_types(controls: Sequence[Control], types: str) -> list[Control]:
    """The controls of any other type."""
    return tracker_controls.except_types(controls, types)


@register.filter
def outside(controls: Sequence[Control]) -> list[Control]:
    """The controls that record an effect outside an ability's resolution, each saying what
    it is (its payload's ``cause``: an attached card's effect or a correction, R115)."""
    return [c for c in controls if c.payload.get("cause") is not None]


TUCKED = {"use_ability"}  # an ability: its cost is folded behind its button


@register.filter
def tucks(kind: str) -> bool:
    """Whether a control of this type folds its fields behind its button on a card (an
    ability's Mana and Gems, 0 unless opened), so the card stays short on a phone."""
    return kind in TUCKED


SUMMARY_LEFT_OUT = ("name", "front", "back")


@dataclass(frozen=True)
class SummaryTable:
    """The end-of-game table: one column per field every player has as a plain number or
    short word, so each row lines up under the same headings."""

    columns: list[str]
    rows: list[tuple[str, list[Any]]]


def _plain(value: object) -> bool:
    return value is None or (isinstance(value, int | str) and len(str(value)) < 12)


@register.filter
def summary_table(players: Sequence[Mapping[str, Any]]) -> SummaryTable:
    """Players' plain numbers and short words (nothing yet is a dash). Names, lists,
    objects and long texts are left out, and so is a field any player lacks or holds as
    something else, so no row is shifted against the headings."""
    keys = [
        key
        for key in (players[0] if players else {})
        if key not in SUMMARY_LEFT_OUT
        and all(key in player and _plain(player[key]) for player in players)
    ]
    return SummaryTable(
        columns=[key.replace("_", " ").capitalize() for key in keys],
        rows=[
            (
                str(player.get("name", "")),
                ["—" if player[key] is None else player[key] for key in keys],
            )
            for player in players
        ],
    )


@register.filter
def padded(items: Iterable[Any] | None, length: int) -> list[Any]:
    """``items`` cut or padded with empty strings to ``length``: one place each, for a form
    with as many fields as there are places (a hand's cards, then the places not entered)."""
    listed = list(items or ())[: max(length, 0)]
    return listed + [""] * max(length - len(listed), 0)
