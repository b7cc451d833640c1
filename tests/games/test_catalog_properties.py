"""Properties of the catalog import/export (games/catalogs): any valid file round-trips."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.catalogs import export_catalog, import_catalog
from games.catalogs.azuki import RANGES, STATS
from games.models import Catalog
from referee.rules.azrah.cards import Position
from referee.rules.azuki.cards import CardType, Element

pytestmark = pytest.mark.django_db

NAMES = st.from_regex(r"[A-Z][a-z']{0,12}( [A-Z][a-z]{0,12}){0,2}", fullmatch=True)
# Any text a card may print: every character but NUL, which PostgreSQL cannot store.
TEXT = st.text(st.characters(exclude_characters="\x00"), max_size=60)
PROPERTY = settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])


def header(system: str) -> dict[str, Any]:
    return {
        "format": "referee-catalog",
        "format_version": 1,
        "system": system,
        "slug": "generated",
        "name": "Generated",
        "version": "1",
        "description": "",
        "demo": False,
    }


@st.composite
def azuki_card(draw: st.DrawFn, number: int) -> dict[str, Any]:
    card_type = draw(st.sampled_from(CardType))
    required, optional = STATS[card_type]
    stats: dict[str, int | None] = {}
    for stat, (low, high) in RANGES.items():
        value = st.integers(low, high)
        if stat in required:
            stats[stat] = draw(value)
        elif stat in optional:
            stats[stat] = draw(st.none() | value)
        else:
            stats[stat] = None
    return {
        "id": f"AZK-{number:03d}",
        "name": draw(NAMES),
        "type": card_type.value,
        "element": draw(st.sampled_from(Element)).value,
        **stats,
        "text": draw(TEXT),
    }


@st.composite
def azuki_file(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(0, 8))
    return header("azuki") | {"cards": [draw(azuki_card(n)) for n in range(count)]}


@st.composite
def ability(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "name": draw(NAMES),
        "mana": draw(st.integers(0, 10)),
        "gems": draw(st.integers(0, 3)),
        "text": draw(TEXT),
    }


@st.composite
def azrah_file(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(NAMES, min_size=1, max_size=6, unique_by=str.casefold))
    arrows = [draw(st.sets(st.sampled_from(Position), min_size=1)) for _ in names]
    guardians = [
        {
            "id": f"AZR-{n:03d}",
            "name": name,
            "kind": "guardian",
            "hit_points": draw(st.integers(1, 30)),
            # Exports list the arrows left, centre, right, so a file written so round-trips.
            "range_arrows": [p.value for p in Position if p in arrows[n]],
            "emergence": draw(st.none() | ability()),
            "abilities": draw(st.lists(ability(), max_size=3)),
            "base_form": None,
        }
        for n, name in enumerate(names)
    ]
    shared = [
        {
            "id": f"AZR-S{n}",
            "kind": draw(st.sampled_from(["curse", "item"])),
            "name": draw(NAMES),
            "creator": draw(st.sampled_from(names)),
            "text": draw(TEXT),
        }
        for n in range(draw(st.integers(0, 3)))
    ]
    return header("azrah") | {"guardians": guardians, "shared_cards": shared}


@PROPERTY
@given(data=azuki_file())
def test_any_valid_azuki_file_exports_exactly_as_it_was_imported(data: dict[str, Any]) -> None:
    Catalog.objects.all().delete()

    assert export_catalog(import_catalog(data)) == data


@PROPERTY
@given(data=azrah_file())
def test_any_valid_azrah_file_exports_exactly_as_it_was_imported(data: dict[str, Any]) -> None:
    Catalog.objects.all().delete()

    assert export_catalog(import_catalog(data)) == data
