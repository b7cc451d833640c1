"""A catalog: one versioned set of units or cards for one game system."""

from __future__ import annotations

from enum import StrEnum

from django.db import models

from games import registry


def enum_choices(enum: type[StrEnum]) -> list[tuple[str, str]]:
    """Model choices from an engine enum: the stored value and a readable label."""
    return [(member.value, member.name.replace("_", " ").capitalize()) for member in enum]


def catalog_systems() -> list[tuple[str, str]]:
    """Every game whose cards are catalog data (``games.listgames``), with its name."""

    return [(slug, game.name) for slug, game in registry.catalog_games().items()]


def list_systems() -> list[tuple[str, str]]:
    """The games whose lists are saved and batched (``games.listgames``), by slug."""

    return [(slug, slug) for slug in registry.list_games()]


class Catalog(models.Model):
    """A named, versioned catalog. A saved list records the version it was checked against,
    so a catalog is known by (system, slug, version) and a new version is a new row."""

    system = models.CharField(max_length=20, choices=catalog_systems)
    slug = models.SlugField(max_length=60)
    name = models.CharField(max_length=120)
    version = models.CharField(max_length=20, help_text='For example "1.0".')
    description = models.TextField(blank=True)
    demo = models.BooleanField(
        default=False,
        help_text="Made-up demonstration content, not official game material.",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("system", "slug", "version")
        constraints = (
            models.UniqueConstraint(
                fields=["system", "slug", "version"], name="catalog_unique_version"
            ),
        )

    def __str__(self) -> str:
        label = f"{self.name} {self.version}"
        if self.demo and "demonstration" not in self.name.lower():
            return f"{label} (demonstration)"
        return label
