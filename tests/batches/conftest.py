"""The starter catalogs in the test database, for the batch tests."""

from __future__ import annotations

import pytest

from games.catalogs.service import import_catalog
from games.models import Catalog
from tests.games.conftest import starter


@pytest.fixture
def catalogs(db: None) -> dict[str, Catalog]:
    return {system: import_catalog(starter(system)) for system in ("azeroth", "azuki", "azrah")}
