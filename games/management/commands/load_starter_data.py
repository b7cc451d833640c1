"""Load the starter catalogs shipped with the project (demonstration content, not official
cards), one per game with catalogs: the ``starter.json`` its package ships
(``games/systems/<slug>/starter.json``), or every ``*.json`` file of the folder ``--dir``.

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
from games.registry import starter_catalogs

from ._catalogs import report

ROOT = Path(__file__).resolve().parents[3]


class Command(BaseCommand):
    help = "Import every game's starter catalog (safe to run again)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dir",
            type=Path,
            default=None,
            help="Folder of catalog files to load instead (default: each game's starter.json).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        folder: Path | None = options["dir"]
        if folder is None:
            files = [(_shown(path), path) for path in starter_catalogs().values()]
            if not files:
                self.stdout.write("No starter data to load (no game ships a starter catalog).")
                return
        else:
            files = [(path.name, path) for path in sorted(folder.glob("*.json"))]
            if not files:
                self.stdout.write(f"No starter data to load (no *.json under {folder}).")
                return
        for name, path in files:
            try:
                self._load(name, path)
            except CatalogError as error:
                raise CommandError(report(self.stderr, str(path), error)) from error

    def _load(self, name: str, path: Path) -> None:
        data = read_catalog_file(path)
        header, _ = check_catalog(data)
        existing = Catalog.objects.filter(
            system=header["system"], slug=header["slug"], version=header["version"]
        ).first()
        if existing is not None and export_catalog(existing) == data:
            self.stdout.write(f"{name}: already loaded, unchanged ({summary(existing)}).")
            return
        catalog = import_catalog(data, replace=True)
        verb = "Replaced" if existing is not None else "Loaded"
        self.stdout.write(self.style.SUCCESS(f"{name}: {verb} {summary(catalog)}."))


def _shown(path: Path) -> str:
    """``path`` as the output names it: from the project's folder when it is in it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
