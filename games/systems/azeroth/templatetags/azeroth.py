"""Azeroth at War's own filter for its pages (``{% load azeroth %}``): the D6 result a roll
needs. Presentation only: the roll comes from the engine."""

from __future__ import annotations

from django import template

from referee.rules.azeroth.profiles import RollTarget

register = template.Library()


@register.filter
def needs(roll: RollTarget | None) -> str:
    """The natural D6 result a roll needs: "4+", or the words for never and always."""
    if roll is None:
        return "\u2013"
    if roll.needed >= 7:
        return "never"
    if roll.needed <= 1:
        return "always"
    return f"{roll.needed}+"
