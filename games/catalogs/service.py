"""Importing and exporting whole catalogs as JSON (the format is described in docs/catalogs.md).

``import_catalog`` checks the whole file before it writes anything and raises one
``CatalogError`` with every problem; a clean file is written in one transaction, so a catalog
is never half-imported.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from django.db import IntegrityError, transaction

from games import registry

from ..models import Catalog
from .errors import CatalogError, CatalogProblem
from .reading import SLUG, Entry, Problems, one_of, plural

FORMAT = "referee-catalog"
FORMAT_VERSION = 1
HEADER_FIELDS = (
    "format",
    "format_version",
    "system",
    "slug",
    "name",
    "version",
    "description",
    "demo",
)
VERSION = re.compile(r"^[0-9A-Za-z][0-9A-Za-z.+-]*$")


def check_catalog(data: object) -> tuple[dict[str, Any], dict[str, Any]]:
    """Check a whole catalog file; return its header and its cleaned entries, or raise
    CatalogError with every problem found."""
    problems = Problems()
    if not isinstance(data, Mapping):
        problems.add("catalog", "", "a catalog file is one JSON object")
        raise CatalogError(problems.items)
    system_value = data.get("system")
    games = registry.catalog_games()
    game = games.get(system_value) if isinstance(system_value, str) else None
    sections = game.sections if game else ()
    header = Entry(problems, "catalog", data, HEADER_FIELDS + sections)
    file_format = header.raw("format")
    if file_format is not None and file_format != FORMAT:
        header.add("format", f'must be "{FORMAT}" (it is {file_format!r})')
    format_version = header.raw("format_version")
    if format_version is not None and format_version != FORMAT_VERSION:
        header.add("format_version", f"must be {FORMAT_VERSION} (it is {format_version!r})")
    if "system" in data and game is None:
        header.add("system", f"{system_value!r} is not one of {one_of(games)}")
    elif "system" not in data:
        header.add("system", f"is required: one of {one_of(games)}")
    cleaned_header = {
        "system": system_value if game else "",
        "slug": header.text(
            "slug", max_length=60, pattern=SLUG, pattern_help="like 'starter' or 'core-set'"
        ),
        "name": header.text("name"),
        "version": header.text(
            "version", max_length=20, pattern=VERSION, pattern_help='like "1.0" or "2025-1"'
        ),
        "description": header.text("description", default="", blank=True, max_length=4000),
        "demo": header.boolean("demo", default=False),
    }
    entries = game.check_catalog(data, problems) if game else {}
    if problems:
        raise CatalogError(problems.items)
    return cleaned_header, entries


def import_catalog(data: object, *, replace: bool = False) -> Catalog:
    """Import a catalog file (already parsed from JSON).

    A catalog is known by (system, slug, version). Importing one that exists is refused unless
    ``replace`` is true: then the existing catalog keeps its row (so what refers to it stays
    valid) and its entries are replaced by the file's.
    """
    header, entries = check_catalog(data)
    try:
        return _write(header, entries, replace=replace)
    except IntegrityError:
        # Only when another import of the same catalog won the race since the check above.
        raise CatalogError(
            [
                CatalogProblem(
                    "catalog",
                    "version",
                    "another import of this catalog version finished first; try again",
                )
            ]
        ) from None


def _write(header: dict[str, Any], entries: dict[str, Any], *, replace: bool) -> Catalog:
    game = registry.catalog_game(header["system"])
    with transaction.atomic():
        key = {k: header[k] for k in ("system", "slug", "version")}
        catalog = Catalog.objects.select_for_update().filter(**key).first()
        if catalog is not None and not replace:
            raise CatalogError(
                [
                    CatalogProblem(
                        "catalog",
                        "version",
                        f"{header['system']} catalog {header['slug']!r} version "
                        f"{header['version']!r} is already imported; import it with replace "
                        "(--replace) to overwrite it, or give the file a new version",
                    )
                ]
            )
        if catalog is None:
            catalog = Catalog.objects.create(**header)
        else:
            for field in ("name", "description", "demo"):
                setattr(catalog, field, header[field])
            catalog.save()
            game.clear_catalog(catalog)
        game.write_catalog(catalog, entries)
    return catalog


def export_catalog(catalog: Catalog) -> dict[str, Any]:
    """The catalog in the import format: ``import_catalog(export_catalog(c))`` gives it back."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "system": catalog.system,
        "slug": catalog.slug,
        "name": catalog.name,
        "version": catalog.version,
        "description": catalog.description,
        "demo": catalog.demo,
        **registry.catalog_game(catalog.system).export_catalog(catalog),
    }


def read_catalog_file(path: Path) -> object:
    """A catalog file's JSON, or CatalogError saying why it cannot be read."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        message = "no such file"
    except UnicodeDecodeError:
        message = "is not UTF-8 text"
    except json.JSONDecodeError as error:
        message = f"is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
    except OSError as error:
        message = f"cannot be read: {error.strerror}"
    raise CatalogError([CatalogProblem(str(path), "", message)])


def dump_catalog(data: Mapping[str, Any]) -> str:
    """The JSON text catalog files are written in: indented, non-ASCII kept readable."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def version_key(version: str) -> tuple[tuple[int, int | str], ...]:
    """Order versions the way people read them: "1.10" after "1.9"."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"[.+-]", version)
    )


def find_catalog(system: str, slug: str, version: str | None = None) -> Catalog:
    """One catalog; its newest version when ``version`` is None. Raises Catalog.DoesNotExist."""
    catalogs = Catalog.objects.filter(system=system, slug=slug)
    if version is not None:
        return catalogs.get(version=version)
    newest = max(catalogs, key=lambda c: version_key(c.version), default=None)
    if newest is None:
        raise Catalog.DoesNotExist(f"There is no {system} catalog {slug!r}.")
    return newest


def default_catalog(system: str) -> Catalog | None:
    """The catalog a list is checked against when the caller names none: the newest version
    of the catalog updated most recently for that system (the starter catalog on a fresh
    install), or None when the system has no catalog at all."""
    return pick_default(Catalog.objects.filter(system=system))


def pick_default(catalogs: Iterable[Catalog]) -> Catalog | None:
    """``default_catalog`` among one system's ``catalogs``, already read: for a caller that
    needs them all anyway (a builder page's catalog picker) and so reads them once."""
    catalogs = list(catalogs)
    if not catalogs:
        return None
    latest = max(catalogs, key=lambda c: c.updated)
    return max((c for c in catalogs if c.slug == latest.slug), key=lambda c: version_key(c.version))


def entry_counts(catalog: Catalog) -> str:
    """``2 factions, 22 units``: what a catalog holds."""
    game = registry.catalog_game(catalog.system)
    counts = game.counts(catalog)
    return ", ".join(plural(counts[key], noun) for key, noun in game.count_nouns.items())


def summary(catalog: Catalog) -> str:
    """``<system> catalog 'starter' version 1.0 (demonstration): 2 factions, 22 units``."""
    demo = " (demonstration)" if catalog.demo else ""
    return (
        f"{catalog.system} catalog {catalog.slug!r} version {catalog.version}{demo}: "
        + entry_counts(catalog)
    )
