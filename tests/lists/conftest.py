"""Fixtures for the saved-list service tests."""

from tests.lists.support import catalogs, other_user, owner

__all__ = ["catalogs", "other_user", "owner"]
