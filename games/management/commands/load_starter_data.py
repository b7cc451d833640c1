"""Load the starter data shipped with the project (catalogs and the like), if there is any.

`make run` calls this after migrating, so a fresh checkout opens with whatever data the project
ships. Every ``*.json`` fixture under ``games/fixtures/starter/`` is loaded with ``loaddata``,
which updates rows by primary key, so running it again is harmless.
"""

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

STARTER_DIR = Path(settings.BASE_DIR) / "games" / "fixtures" / "starter"


class Command(BaseCommand):
    help = "Load every fixture under games/fixtures/starter/ (nothing to do when there is none)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dir",
            type=Path,
            default=STARTER_DIR,
            help="Folder of JSON fixtures to load (default: games/fixtures/starter/).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        folder: Path = options["dir"]
        fixtures = sorted(folder.glob("*.json")) if folder.is_dir() else []
        if not fixtures:
            self.stdout.write(f"No starter data to load (no *.json under {folder}).")
            return
        call_command("loaddata", *(str(path) for path in fixtures), verbosity=options["verbosity"])
        names = ", ".join(path.name for path in fixtures)
        self.stdout.write(self.style.SUCCESS(f"Loaded starter data: {names}"))
