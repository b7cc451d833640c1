"""Saved lists: an army, a deck or a roster kept by its author, checked against a catalog,
exported as text or JSON and shared by a read-only link. ``service`` holds the functions the
pages, the REST API and the batch job call."""
