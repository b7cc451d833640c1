"""Spell odds for Azeroth at War: Spell Block, then Dispel or Counterspell (8.3, 8.5, 8.6)."""

from __future__ import annotations

from .profiles import SpellAttempt, SpellOdds


def spell_odds(attempt: SpellAttempt) -> SpellOdds:
    raise NotImplementedError
