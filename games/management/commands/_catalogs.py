"""What the catalog commands share: a one-line summary of a catalog and a readable report."""

from __future__ import annotations

from django.core.management.base import OutputWrapper

from games.catalogs import CatalogError
from games.catalogs.reading import plural
from games.models import Catalog


def summary(catalog: Catalog) -> str:
    """``azeroth catalog 'starter' version 1.0 (demonstration): 2 factions, 22 units``."""
    if catalog.system == "azeroth":
        counts = [
            plural(catalog.factions.count(), "faction"),
            plural(catalog.units.count(), "unit"),
        ]
    elif catalog.system == "azuki":
        counts = [plural(catalog.cards.count(), "card")]
    else:
        counts = [
            plural(catalog.guardians.count(), "Guardian"),
            plural(catalog.shared_cards.count(), "Curse and Item card"),
        ]
    demo = " (demonstration)" if catalog.demo else ""
    return (
        f"{catalog.system} catalog {catalog.slug!r} version {catalog.version}{demo}: "
        + ", ".join(counts)
    )


def report(stderr: OutputWrapper, source: str, error: CatalogError) -> str:
    """Write every problem, one a line, and return the one-line reason for CommandError."""
    stderr.write(f"{source}: {plural(len(error.problems), 'problem')}:")
    for problem in error.problems:
        stderr.write(f"  - {problem}")
    return f"{source} was not imported ({plural(len(error.problems), 'problem')}; see above)."
