"""Fixtures shared by the catalog tests: fresh copies of the starter catalog files."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.registry import starter_catalog

_FILES = {
    name: json.loads(starter_catalog(name).read_text())
    for name in ("azeroth", "azuki", "azrah", "runeage")
}


def starter(system: str) -> dict[str, Any]:
    """A fresh, mutable copy of a starter catalog file."""
    return copy.deepcopy(_FILES[system])


@pytest.fixture
def azeroth_file() -> dict[str, Any]:
    return starter("azeroth")


@pytest.fixture
def azuki_file() -> dict[str, Any]:
    return starter("azuki")


@pytest.fixture
def azrah_file() -> dict[str, Any]:
    return starter("azrah")
