"""``manage.py export_catalog SYSTEM SLUG [--version V] [--out FILE]``: write a catalog in the
import format (docs/catalogs.md); its newest version unless ``--version`` says which."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import registry
from games.catalogs import dump_catalog, export_catalog, find_catalog
from games.catalogs.service import summary
from games.models import Catalog


class Command(BaseCommand):
    help = "Export a catalog as JSON in the import format (to standard output or --out)."

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        # Our --version picks the catalog's version; it takes over Django's own --version.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "system", choices=list(registry.catalog_games()), help="The game system."
        )
        parser.add_argument("slug", help="The catalog's slug, e.g. starter.")
        parser.add_argument(
            "--version",
            dest="catalog_version",
            help="The catalog version (default: the newest).",
        )
        parser.add_argument("--out", type=Path, help="Write to this file instead of stdout.")

    def handle(self, *args: Any, **options: Any) -> None:
        system, slug = options["system"], options["slug"]
        try:
            catalog = find_catalog(system, slug, options["catalog_version"])
        except Catalog.DoesNotExist:
            raise CommandError(self._missing(system, slug, options["catalog_version"])) from None
        text = dump_catalog(export_catalog(catalog))
        out: Path | None = options["out"]
        if out is None:
            self.stdout.write(text, ending="")
            return
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"Cannot write {out}: {error.strerror}.") from error
        self.stdout.write(self.style.SUCCESS(f"Exported {summary(catalog)} to {out}."))

    @staticmethod
    def _missing(system: str, slug: str, version: str | None) -> str:
        versions = list(
            Catalog.objects.filter(system=system, slug=slug).values_list("version", flat=True)
        )
        if versions:
            return (
                f"The {system} catalog {slug!r} has no version {version!r} "
                f"(it has: {', '.join(versions)})."
            )
        slugs = sorted(set(Catalog.objects.filter(system=system).values_list("slug", flat=True)))
        known = f"it has: {', '.join(slugs)}" if slugs else "there is none yet"
        return f"There is no {system} catalog {slug!r} ({known})."
