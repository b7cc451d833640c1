"""AZRAH: War of Heralds rules engines: roster validation."""
