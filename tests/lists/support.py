"""What the saved-list tests share: the starter catalogs, the people involved and a legal
and an illegal list of each game.

The roles: ``owner`` wrote the lists; ``other_user`` is signed in but owns none of them; an
anonymous visitor is Django's plain ``client``; a holder of the share link knows only the
token.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.catalogs import import_catalog
from games.models import Catalog
from games.registry import starter_catalog

PASSWORD = "table-top-42!"

# Standard battle, Horde: a Hero, 8 Baseline, one Mounted: 10 units, 685 points.
ARMY: dict[str, Any] = {
    "format": "azeroth-army",
    "battle_size": "standard",
    "points_limit": None,
    "faction": {"slug": "horde", "name": "Horde", "composition": {}},
    "composition": None,
    "units": [
        {"unit": "thrall-warchief", "count": 1},
        {"unit": "orc-grunt", "count": 6},
        {"unit": "troll-headhunter", "count": 2},
        {"unit": "wolf-rider", "count": 1},
    ],
}
# No Hero, and too few units for a standard battle (a warning).
ARMY_NO_HERO: dict[str, Any] = {
    "format": "azeroth-army",
    "battle_size": "standard",
    "units": [{"unit": "orc-grunt", "count": 4}],
}
# A Fire Leader and Gate and 50 Fire and Neutral cards.
DECK: dict[str, Any] = {
    "format": "azuki-deck",
    "leader": {"id": "AZK-001", "count": 1},
    "gate": {"id": "AZK-003", "count": 1},
    "cards": [
        *({"id": f"AZK-{n:03}", "count": 4} for n in range(10, 22)),
        {"id": "AZK-030", "count": 2},
    ],
}
# One card short of 50.
DECK_SHORT: dict[str, Any] = {
    **DECK,
    "cards": [*DECK["cards"][:-1], {"id": "AZK-030", "count": 1}],
}
ROSTER: dict[str, Any] = {
    "format": "azrah-roster",
    "guardians": [f"AZR-{n:03}" for n in range(1, 16)],
    "mana": 10,
    "gems": 3,
    "party": {"front": ["AZR-001", "AZR-002", "AZR-003"], "back": ["AZR-004", "AZR-005"]},
}
ROSTER_SHORT: dict[str, Any] = {**ROSTER, "guardians": ROSTER["guardians"][:14], "party": None}

LEGAL = {"azeroth": ARMY, "azuki": DECK, "azrah": ROSTER}
ILLEGAL = {"azeroth": ARMY_NO_HERO, "azuki": DECK_SHORT, "azrah": ROSTER_SHORT}


def payload(system: str, *, legal: bool = True) -> dict[str, Any]:
    """A fresh copy of a legal (or illegal) list of ``system``."""
    return copy.deepcopy((LEGAL if legal else ILLEGAL)[system])


def load_starter(system: str, version: str | None = None) -> Catalog:
    """Import a starter catalog, as another ``version`` of it when one is given."""
    data = json.loads(starter_catalog(system).read_text())
    if version is not None:
        data["version"] = version
    return import_catalog(data)


@pytest.fixture
def catalogs(db: None) -> dict[str, Catalog]:
    """The three starter catalogs, imported."""
    return {system: load_starter(system) for system in ("azeroth", "azuki", "azrah")}


@pytest.fixture
def owner(db: None) -> User:
    return User.objects.create_user("owner", password=PASSWORD)


@pytest.fixture
def other_user(db: None) -> User:
    return User.objects.create_user("rival", password=PASSWORD)
