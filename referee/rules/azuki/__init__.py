"""Azuki TCG rules engines: deck validation."""
