"""Lists for the batch tests, written against the starter catalogs."""

from __future__ import annotations

import io
import zipfile

from games.catalogs.service import import_catalog
from games.models import Catalog
from tests.games.conftest import starter

# A legal Fire deck: the Leader, the Gate and 50 main-deck cards of Fire and Neutral.
FIRE_IDS = [f"AZK-{n:03d}" for n in range(10, 22)]  # twelve Fire cards, four of each: 48
VALID_DECK = "\n".join(["1 AZK-001", "1 AZK-003", *(f"4 {card}" for card in FIRE_IDS), "2 AZK-030"])
# 48 cards in the main deck: one error, deck_size.
SHORT_DECK = "\n".join(["1 AZK-001", "1 AZK-003", *(f"4 {card}" for card in FIRE_IDS)])
# A Water card in a Fire deck and five copies of one card.
MIXED_DECK = "\n".join(
    ["1 AZK-001", "1 AZK-003", *(f"4 {card}" for card in FIRE_IDS[:-1]), "5 AZK-021", "1 AZK-035"]
)

VALID_DECK_JSON = {
    "format": "azuki-deck",
    "leader": "AZK-001",
    "gate": "AZK-003",
    "cards": [{"id": card, "count": 4} for card in FIRE_IDS] + [{"id": "AZK-030", "count": 2}],
}

HORDE_ARMY = """# Azeroth at War army: Skirmish, 500 points
# Faction: Horde
2 Orc Grunt
1 Wolf Rider
1 Orc Blademaster
"""


def zip_of(files: dict[str, bytes | str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content.encode() if isinstance(content, str) else content)
    return buffer.getvalue()


def load_catalogs() -> dict[str, Catalog]:
    """The three starter catalogs, imported into the test database."""
    return {system: import_catalog(starter(system)) for system in ("azeroth", "azuki", "azrah")}
