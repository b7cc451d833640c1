"""Exact attack odds for Azeroth at War (4.4-4.6, 5.2, 7; rulings A1-A9)."""

from __future__ import annotations

from .profiles import Attack, AttackOdds, AttackPlan


def validate_attack(attack: Attack) -> None:
    """Raise InvalidInput listing every out-of-range stat and contradictory toggle."""
    raise NotImplementedError


def attack_odds(attack: Attack) -> AttackOdds:
    """The exact damage distribution of one attack, with its explanation."""
    raise NotImplementedError


def plan_attack(attack: Attack, goal: float) -> AttackPlan:
    """The fewest dice, and the best single toggle, that reach P(kill) >= goal."""
    raise NotImplementedError
