"""``manage.py import_catalog FILE [--replace]``: import a catalog file (docs/catalogs.md).

The whole file is checked first; on any problem every one is printed, nothing is written and
the command exits non-zero.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.catalogs import CatalogError, import_catalog, read_catalog_file
from games.catalogs.service import summary

from ._catalogs import report


class Command(BaseCommand):
    help = "Import a catalog JSON file; every problem is reported and nothing half-imported."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="The catalog file (JSON).")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Replace the entries of a catalog already imported with this system, slug "
            "and version (without it, importing one again is refused).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            catalog = import_catalog(read_catalog_file(path), replace=options["replace"])
        except CatalogError as error:
            raise CommandError(report(self.stderr, str(path), error)) from error
        self.stdout.write(self.style.SUCCESS(f"Imported {summary(catalog)}."))
