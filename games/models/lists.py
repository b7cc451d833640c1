"""Saved lists (an army, a deck, a roster) and batch validation jobs."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models

from .catalog import Catalog, list_systems


def new_share_token() -> str:
    """An unguessable token for a read-only share link."""
    return secrets.token_urlsafe(18)


class SavedList(models.Model):
    """A list owned by its author. ``payload`` holds the list in the engine's own JSON form
    (``army_to_dict`` / ``deck_to_dict`` / ``roster_to_dict``), so it reads back losslessly.
    ``catalog_version`` records the version the list was last checked against, even if that
    catalog row is later replaced or removed. Anyone with ``share_token`` may read it; clearing
    the token revokes the link."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_lists"
    )
    system = models.CharField(max_length=20, choices=list_systems)
    name = models.CharField(max_length=120)
    catalog = models.ForeignKey(
        Catalog, null=True, blank=True, on_delete=models.SET_NULL, related_name="saved_lists"
    )
    catalog_version = models.CharField(max_length=20, blank=True)
    payload = models.JSONField()
    valid = models.BooleanField(null=True, help_text="The last check's verdict (None: never).")
    error_count = models.PositiveIntegerField(default=0)
    warning_count = models.PositiveIntegerField(default=0)
    share_token = models.CharField(max_length=40, unique=True, null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-updated",)

    def __str__(self) -> str:
        return f"{self.name} ({self.system})"


class BatchJob(models.Model):
    """Many lists checked together in a Celery task. ``done`` counts lists checked so far, for
    a progress bar; ``results`` holds one row per list once it is checked, in upload order:
    {"name", "valid", "errors", "warnings", "first_problem"}."""

    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="batch_jobs",
    )
    system = models.CharField(max_length=20, choices=list_systems)
    catalog = models.ForeignKey(
        Catalog, null=True, blank=True, on_delete=models.SET_NULL, related_name="batch_jobs"
    )
    catalog_version = models.CharField(max_length=20, blank=True)
    source_name = models.CharField(max_length=200, blank=True)
    options = models.JSONField(default=dict, blank=True)  # e.g. battle size, points limit
    lists = models.JSONField(default=list)  # the uploaded lists: [{"name", "format", "data"}]
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    results = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    # The worker checking the job writes the time with its progress; a running job whose
    # heartbeat stopped has lost its worker. ``attempt`` counts the runs: a worker writes only
    # while the job is still its run, so one that was given up for lost cannot overwrite another.
    # ``runs`` counts them since the job was last queued, so a batch that kills every worker
    # taking it is not handed from one to the next for ever.
    heartbeat = models.DateTimeField(null=True, blank=True)
    attempt = models.PositiveIntegerField(default=0)
    runs = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("-created",)

    def __str__(self) -> str:
        return f"{self.system} batch {self.id} ({self.status}, {self.done}/{self.total})"
