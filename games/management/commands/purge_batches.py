"""Delete the anonymous batches older than BATCH_RETENTION_DAYS, as the daily Celery task does
(both call games.batches.service.purge_old_batches). For a site that runs no celery beat, run
it from cron."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from games.batches.service import purge_old_batches


class Command(BaseCommand):
    help = "Delete the anonymous batches older than BATCH_RETENTION_DAYS (30 unless set)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--dry-run", action="store_true", help="Say how many would go; delete nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        dry_run = bool(options["dry_run"])
        count = purge_old_batches(dry_run=dry_run)
        verb = "Would delete" if dry_run else "Deleted"
        noun = "batch" if count == 1 else "batches"
        days = settings.BATCH_RETENTION_DAYS
        self.stdout.write(f"{verb} {count} anonymous {noun} older than {days} days.")
