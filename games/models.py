"""Stored things: catalogs, saved lists and tracked games."""
