"""Formatting filters for the pages: percentages, signed modifiers and links from an
explanation's rule codes to the rulings page. Presentation only: no rule lives here."""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games import registry, rulings
from games.builders.importing import fix_value
from referee.rules.lists import Problem
from referee.rules.textlists import suggestion_fixes

register = template.Library()

_CODE = re.compile(r"^[A-Z]\d+$")
_SECTION = re.compile(r"^\d+(\.\d+)*$")


def format_percent(p: float) -> str:
    """A probability as a readable percentage: one decimal, with the ends spelled out so a
    near-certainty never reads as 100% nor a long shot as 0%."""
    if p <= 1e-12:
        return "0%"
    if p >= 1 - 1e-12:
        return "100%"
    if p < 0.001:
        return "<0.1%"
    if p > 0.999:
        return ">99.9%"
    return f"{p * 100:.1f}%"


@register.filter
def percent(value: float | None) -> str:
    return "\u2013" if value is None else format_percent(float(value))


@register.filter
def signed(value: int | float | None) -> str:
    """+1, -1 (written with a real minus sign) or \u00b10."""
    if value is None or value == 0:
        return "±0"
    return f"+{value}" if value > 0 else f"\u2212{abs(value)}"


@register.filter
def rule_links(rule: str) -> SafeString:
    """Turn "7.2.1, A7" into "§7.2.1, A7" with A7 linked to its ruling."""
    url = reverse("rulings")
    parts: list[SafeString] = []
    for raw in re.split(r"[,;]\s*", rule or ""):
        code = raw.strip()
        if not code:
            continue
        if _CODE.match(code) and code in rulings.by_code():
            parts.append(
                format_html(
                    '<a href="{}#{}" title="{}">{}</a>',
                    url,
                    code,
                    rulings.by_code()[code].title,
                    code,
                )
            )
        elif _SECTION.match(code):
            parts.append(format_html("§{}", code))
        else:
            parts.append(format_html("{}", code))
    return format_html_join(", ", "{}", ((part,) for part in parts))


@register.simple_tag
def import_fixes(problem: Problem, text: str) -> list[tuple[str, int, str]]:
    """Each "did you mean" of a line to fix as (the suggestion, its line, the value of the
    button that applies it): the engine says what the line would read."""
    return [(fix.suggestion, fix.number, fix_value(fix)) for fix in suggestion_fixes(text, problem)]


@register.simple_tag
def game_links() -> dict[str, Any]:
    """The header's links to the games' own pages (``Game.nav``) and the Build menu's list
    builders (``Game.build``), in the registry's order."""
    games = registry.games()
    build = [game.build for game in games if game.build is not None]
    return {
        "nav": [link for game in games for link in game.nav],
        "build": build,
        "build_names": [link.url_name for link in build],
    }
