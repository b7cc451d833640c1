"""Load the starter catalogs shipped with the project (demonstration content, not official
cards), one per game: every ``*.json`` catalog file under ``games/catalogs/starter/``.

`make run` calls this after migrating, so a fresh checkout opens with something to build lists
from. Running it again is harmless: a catalog already loaded with the same content is left as
it is (its rows keep their ids), and one whose shipped file has changed is replaced in place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.catalogs import (
    CatalogError,
    check_catalog,
    export_catalog,
    import_catalog,
    read_catalog_file,
)
from games.catalogs.service import summary
from games.models import Catalog

from ._catalogs import report

STARTER_DIR = Path(__file__).resolve().parents[2] / "catalogs" / "starter"


class Command(BaseCommand):
    help = "Import every starter catalog under games/catalogs/starter/ (safe to run again)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dir",
            type=Path,
            default=STARTER_DIR,
            help="Folder of catalog files to load (default: games/catalogs/starter/).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        folder: Path = options["dir"]
        files = sorted(folder.glob("*.json")) if folder.is_dir() else []
        if not files:
            self.stdout.write(f"No starter data to load (no *.json under {folder}).")
            return
        for path in files:
            try:
                self._load(path)
            except CatalogError as error:
                raise CommandError(report(self.stderr, str(path), error)) from error

    def _load(self, path: Path) -> None:
        data = read_catalog_file(path)
        header, _ = check_catalog(data)
        existing = Catalog.objects.filter(
            system=header["system"], slug=header["slug"], version=header["version"]
        ).first()
        if existing is not None and export_catalog(existing) == data:
            self.stdout.write(f"{path.name}: already loaded, unchanged ({summary(existing)}).")
            return
        catalog = import_catalog(data, replace=True)
        verb = "Replaced" if existing is not None else "Loaded"
        self.stdout.write(self.style.SUCCESS(f"{path.name}: {verb} {summary(catalog)}."))
