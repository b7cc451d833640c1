"""The Azeroth at War odds as the API serves them: the functions live in
``games.odds.azeroth`` (the tasks call them too) and are importable from here as well."""

from __future__ import annotations

from games.odds.azeroth import (
    attack_from_data,
    attack_odds_body,
    attack_odds_response,
    blast_from_data,
    blast_odds_body,
    blast_odds_response,
    morale_from_data,
    morale_odds_body,
    morale_odds_response,
    spell_from_data,
    spell_odds_body,
    spell_odds_response,
)

__all__ = [
    "attack_from_data",
    "attack_odds_body",
    "attack_odds_response",
    "blast_from_data",
    "blast_odds_body",
    "blast_odds_response",
    "morale_from_data",
    "morale_odds_body",
    "morale_odds_response",
    "spell_from_data",
    "spell_odds_body",
    "spell_odds_response",
]
