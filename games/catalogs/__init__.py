"""Game catalogs as data: the JSON import/export format (docs/catalogs.md), the starter
catalogs shipped under ``starter/``. Each game reads its catalog into what its rules engine
takes in its own package."""

from .errors import CatalogError, CatalogProblem
from .service import (
    FORMAT,
    FORMAT_VERSION,
    check_catalog,
    dump_catalog,
    export_catalog,
    find_catalog,
    import_catalog,
    read_catalog_file,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "CatalogError",
    "CatalogProblem",
    "check_catalog",
    "dump_catalog",
    "export_catalog",
    "find_catalog",
    "import_catalog",
    "read_catalog_file",
]
