"""What the catalog commands share: a readable report of a bad catalog file."""

from __future__ import annotations

from django.core.management.base import OutputWrapper

from games.catalogs import CatalogError
from games.catalogs.reading import plural


def report(stderr: OutputWrapper, source: str, error: CatalogError) -> str:
    """Write every problem, one a line, and return the one-line reason for CommandError."""
    stderr.write(f"{source}: {plural(len(error.problems), 'problem')}:")
    for problem in error.problems:
        stderr.write(f"  - {problem}")
    return f"{source} was not imported ({plural(len(error.problems), 'problem')}; see above)."
