"""Blast odds for Azeroth at War: scatter, template coverage, wound and save (8.4)."""

from __future__ import annotations

from .profiles import Blast, BlastOdds


def blast_odds(blast: Blast) -> BlastOdds:
    raise NotImplementedError
