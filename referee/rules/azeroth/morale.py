"""Morale tests for Azeroth at War (9.1, 10; rulings A10, A11)."""

from __future__ import annotations

from .profiles import MoraleOdds, MoraleTest, MoraleTrigger, MustTest


def morale_odds(test: MoraleTest) -> MoraleOdds:
    raise NotImplementedError


def must_test(trigger: MoraleTrigger) -> MustTest:
    raise NotImplementedError
